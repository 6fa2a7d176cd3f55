"""DVONN against an independent reading of the rules (``tests/reference/dvonn_reference.py``, written
from NEW-GAMES.md section 3 alone): perft counts, and on many random positions of every phase the
map {move text: position text after it} and the result (winner and both scores)."""

from __future__ import annotations

import random

import pytest
from dvonn_board import G, text
from hypothesis import given, settings
from hypothesis import strategies as st

import dvonn_reference as ref

START_PERFT = [49, 2352, 110_544]

#: movement-phase positions with their perft counts to depth 3; the first is the one the reference's
#: author reported, the others are the reference's random_position(seed, n)
MOVEMENT = [
    ("x3,212,x5/x,1,x2,2,x2,0,x2/1,21,x,11112,12,2,21,x,212,122,x/1,22,2,2,12,x5/x,1,1,x,01,x2,11112,02121 1 75",
     [20, 493, 6398]),
    ("2,1,x4,1,x2/x,2,211,x4,1,x2/x,21,x2,11,22,11,12,x3/21,2,112,1,x2,02021,x,11,x/2,2,2,22,x,1,2022,1,2 1 69",
     [29, 680, 13715]),
    ("0,x3,12,1,1,22122,1/211,122,x2,21,x,2,2,1,1/1,12212,111,222,0,x2,2,121,1,0/2,x6,2,2,x/x6,2,x2 1 71",
     [23, 483, 9551]),
    ("x,1,x,2,x2,2,1,x/x2,0111,1,121,x,0,1,21,2/x2,2,2,1,x,1,1,2,221,x/x,11,2212,1,x2,222,1212,2,x/2,x,1,22,"
     "x,0,x,1,1 1 67", [38, 874, 28672]),
    ("x4,0,x2,2,1/x,12,x5,21,111,12/1,2,x4,2,2,22,x2/x,202,12,x2,22,2,x,01111,121/1121,12,x,112,2,x2,11,x 1 73",
     [11, 258, 1892]),
]
RANDOM_POSITION_ARGS = {MOVEMENT[1][0]: (3, 20), MOVEMENT[2][0]: (9, 22), MOVEMENT[3][0]: (6, 18),
                        MOVEMENT[4][0]: (12, 24)}


def after_map(s) -> dict[str, str]:
    """Every legal move's text and the position text after it."""
    out = {}
    for m in s.legal_moves():
        t = s.move_text(m)
        s.push(m)
        out[t] = s.text()
        s.pop()
    return out


def ref_after_map(p) -> dict[str, str]:
    return {t: ref.text(q) for t, q in ref.moves(p).items()}


def result(s):
    out = s.outcome()
    return None if out is None else (out.winner, *out.scores)


def agree(s, p=None) -> None:
    p = ref.parse(s.text()) if p is None else p
    assert s.text() == ref.text(p)
    assert after_map(s) == ref_after_map(p)
    assert result(s) == ref.result(p)


# -- perft ------------------------------------------------------------------------------------------

def test_perft_from_the_start_to_depth_3():
    s = G.initial()
    assert [G.perft(s, d) for d in (1, 2, 3)] == START_PERFT == [ref.perft(ref.start(), d) for d in (1, 2, 3)]


@pytest.mark.parametrize("position,counts", MOVEMENT, ids=["reported", "seed3", "seed9", "seed6", "seed12"])
def test_perft_from_movement_positions_to_depth_3(position, counts):
    s = G.parse_position(position)
    assert G.phases[s.phase].name == "movement"
    assert [G.perft(s, d) for d in (1, 2, 3)] == counts
    assert [ref.perft(ref.parse(position), d) for d in (1, 2, 3)] == counts


def test_the_movement_positions_are_the_references_random_positions():
    for position, (seed, n) in RANDOM_POSITION_ARGS.items():
        assert ref.text(ref.random_position(seed, n)) == position


def test_perft_divide_agrees_move_by_move():
    position = MOVEMENT[0][0]
    s = G.parse_position(position)
    p = ref.parse(position)
    ours = {}
    for m in s.legal_moves():
        t = s.move_text(m)
        s.push(m)
        ours[t] = G.perft(s, 2)
        s.pop()
    assert ours == {t: ref.perft(q, 2) for t, q in ref.moves(p).items()}


@pytest.mark.slow
def test_perft_from_the_start_to_depth_4():
    s = G.initial()
    assert G.perft(s, 4) == ref.perft(ref.start(), 4)


@pytest.mark.slow
@pytest.mark.parametrize("position,counts", MOVEMENT, ids=["reported", "seed3", "seed9", "seed6", "seed12"])
def test_perft_from_movement_positions_to_depth_4(position, counts):
    assert G.perft(G.parse_position(position), 4) == ref.perft(ref.parse(position), 4)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(20))
def test_perft_from_the_first_movement_position_to_depth_3(seed):
    p = ref.random_position(100 + seed, 0)
    assert G.perft(G.parse_position(ref.text(p)), 3) == ref.perft(p, 3)


# -- the hand-built positions of the rule tests -------------------------------------------------------

HAND = [
    ({"b3": "0", "c3": "0", "d3": "11", "e3": "2", "f3": "2", "g3": "0"}, 1),
    ({"f3": "11", "d3": "0", "h3": "2", "h4": "1", "f5": "1", "e4": "2", "h5": "20", "d1": "102", "f1": "2",
      "e1": "1"}, 1),
    ({"e3": "2", "g3": "2", "f4": "2", "g4": "2", "e2": "2", "f2": "2", "f3": "11", "h3": "0", "d3": "0",
      "f1": "0", "e1": "1", "d1": "2"}, 1),
    ({"c3": "10", "d3": "2", "e3": "0", "f3": "0", "g3": "1"}, 1),
    ({"c3": "10", "d3": "2", "e3": "0", "f3": "0", "g3": "1"}, 2),
    ({"d3": "0", "e3": "2", "f3": "1", "g4": "2", "h5": "1", "f2": "2", "f1": "2", "a1": "0", "k5": "0"}, 1),
    ({"a1": "0", "b1": "2", "c1": "1", "d1": "2", "e1": "1", "f1": "2", "g1": "1", "h1": "2", "i1": "2",
      "i2": "1", "g3": "2", "k5": "0", "k3": "0"}, 1),
    ({"c3": "20001", "d3": "2", "e3": "1", "k5": "2"}, 1),
    ({"a1": "0", "c5": "0", "k3": "0", "b1": "12", "d5": "21", "j3": "1"}, 2),
    ({"a1": "0", "c5": "0", "k3": "0", "b1": "12", "d5": "21", "j3": "2"}, 2),
    ({"a1": "0", "c5": "0", "k3": "0", "b1": "12", "d5": "21"}, 2),
    ({"a1": "0", "c5": "0", "k3": "0", "b1": "12", "d5": "212"}, 1),
    ({"a1": "0", "c5": "0", "k3": "210", "b1": "12", "d5": "21"}, 2),
    ({"a1": "0", "c5": "0", "k3": "0221", "f1": "2", "h1": "1"}, 2),
]


@pytest.mark.parametrize("cells,to_move", HAND)
def test_hand_built_positions_agree(cells, to_move):
    agree(G.parse_position(text(cells, to_move)))


# -- random positions: every phase, through to the end --------------------------------------------------

def walk(seed: int, plies: int):
    """The engine's state and the reference's position after the same random moves."""
    rng = random.Random(seed)
    s = G.initial()
    p = ref.start()
    for _ in range(plies):
        legal = sorted(s.move_text(m) for m in s.legal_moves())
        if not legal:
            break
        t = rng.choice(legal)
        s.push_text(t)
        p = ref.play(p, t)
    return s, p


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 110))
def test_random_positions_agree(seed, plies):
    s, p = walk(seed, plies)
    agree(s, p)


@pytest.mark.parametrize("seed", range(30))
def test_the_references_random_positions_agree(seed):
    p = ref.random_position(seed, seed * 3 % 50)
    agree(G.parse_position(ref.text(p)), p)


def play_along(seed: int) -> int:
    """A whole random game, both implementations compared at every ply; returns its length."""
    rng = random.Random(seed)
    s, p = G.initial(), ref.start()
    while True:
        ours, theirs = after_map(s), ref_after_map(p)
        assert ours == theirs, (s.text(), set(ours) ^ set(theirs))
        assert result(s) == ref.result(p)
        if not ours:
            assert s.outcome() is not None
            return s.ply
        t = rng.choice(sorted(ours))
        s.push_text(t)
        p = ref.play(p, t)
        assert s.text() == ours[t] == ref.text(p)


@pytest.mark.parametrize("seed", range(10))
def test_whole_random_games_agree_at_every_ply(seed):
    assert play_along(seed) > 49


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10, 210))
def test_many_whole_random_games_agree_at_every_ply(seed):
    assert play_along(seed) > 49
