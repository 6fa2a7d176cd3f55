"""Kalah (games/gallery/kalah.yaml) against OpenSpiel's ``mancala`` (pyspiel 2.0.2): perft from
the start and from positions of OpenSpiel's own random games, each sowing one move (a sowing that
ends in the mover's store gives him the next move, as OpenSpiel's next action).

OpenSpiel numbers the pits 1-6 (the first player's, left to right) and 8-13 (the second's, right
to left, 8 beside 6), with the stores 7 and 0; the game file lays them on an 8x2 grid: b1-g1, h1,
then g2 back to b2, and a2.
"""

from __future__ import annotations

import pytest

import spielwerk

PITS = {**{i: f"{'bcdefg'[i - 1]}1" for i in range(1, 7)}, **{i: f"{'gfedcb'[i - 8]}2" for i in range(8, 14)}}

POSITIONS = {
    "t6": "4 13 1 11 3 8",
    "t12": "1 9 2 6 9 4 13 3 12 6 11 5",
    "t20": "5 12 4 9 10 2 4 13 2 12 13 8 12 6 8 3 9 1 11 1",
}
PERFT = {
    "start": [6, 35, 185, 942, 4690, 23233, 114430, 563055],
    "t6": [5, 26, 126, 610, 2995, 14331, 68792, 324901],
    "t12": [6, 31, 145, 711, 3189, 14797, 66861, 305585],
    "t20": [5, 27, 123, 586, 2604, 11630, 51621, 225860],
}


def state(name: str):
    g = spielwerk.load("kalah")
    st = g.initial()
    for pit in POSITIONS.get(name, "").split():
        st.push_text(PITS[int(pit)])
    return g, st


@pytest.mark.parametrize("name", list(PERFT))
def test_perft_is_openspiels(name):
    g, st = state(name)
    assert [g.perft(st, d) for d in range(1, 6)] == PERFT[name][:5]


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PERFT))
def test_deep_perft_is_openspiels(name):
    g, st = state(name)
    assert g.perft(st, 8) == PERFT[name][7]


def test_a_last_seed_in_the_store_gives_another_turn():
    g, st = state("start")
    st.push_text("d1")  # four seeds: e1, f1, g1 and the store h1
    assert st.to_move == 1
    assert len(st.stacks[g.topology.parse_square("h1")]) == 1
    st.push_text("b1")
    assert st.to_move == 2


def test_a_last_seed_in_an_empty_own_pit_takes_the_pit_opposite():
    g = spielwerk.load("kalah")
    # South: one seed on b1, c1 empty; North: three on c2, across from c1
    st = g.parse_position("x2,0S0S0S,x4/0S,x6 1 1")
    st.push_text("b1")
    h1 = g.topology.parse_square("h1")
    assert len(st.stacks[h1]) == 4 and not st.stacks[g.topology.parse_square("c1")]
    assert st.outcome() is not None  # South's side is empty now: the game is over


def test_the_game_ends_when_a_side_is_empty_and_seeds_left_count_for_their_owner():
    g = spielwerk.load("kalah")
    st = g.parse_position("x2,0S,x4/x5,0S,x 1 1")
    assert st.legal_moves()  # North has c2, South g1
    st.push_text("g1")  # the last seed goes into South's store: South's side is empty
    o = st.outcome()
    assert o is not None and o.scores == (1, 1)
