"""TwixT (games/gallery/twixt.yaml) against OpenSpiel's ``twixt`` (pyspiel 2.0.2, 8x8): perft from
the start and from the middle positions of OpenSpiel's random games, and (where pyspiel is
installed) random games side by side; then one test for each rule.

OpenSpiel writes a peg as the player's letter and its hole, ``xe5``; our text is the hole, ``e5``
(OpenSpiel's rows are our ranks, its columns our files). The second player's answer on the first
peg's own hole is the swap: our ``swap``. The data in ``tests/data/openspiel/twixt.*.tsv``: perft
counts (one action is one turn) and the lines to the middle positions.
"""

from __future__ import annotations

import functools
import random

import pytest

import spielwerk

from openspiel_gallery import perft_and_lines

PERFT, LINES = perft_and_lines("twixt")


@functools.lru_cache(maxsize=None)
def _game():
    return spielwerk.load("twixt")


def ours(st, text: str) -> str:
    """OpenSpiel's action string as our move text in ``st``."""
    hole = text[1:]
    if st.ply == 1 and [st.game.topology.name(sq) for sq, s in enumerate(st.stacks) if s] == [hole]:
        return "swap"
    return hole


def replayed(position: str):
    st = _game().initial()
    for text in LINES.get(position, []):
        st.push_text(ours(st, text))
    return st


QUICK = {"start": 2, "t1": 2, "t6": 2, "t12": 2, "t20": 3}


@pytest.mark.parametrize("position", list(QUICK))
def test_perft_is_openspiels(position):
    st = replayed(position)
    depths = range(1, QUICK[position] + 1)
    assert [st.game.perft(st, d) for d in depths] == [PERFT[position][d] for d in depths]


@pytest.mark.slow
@pytest.mark.parametrize("position", list(QUICK))
def test_deeper_perft_is_openspiels(position):
    st = replayed(position)
    assert st.game.perft(st, 3) == PERFT[position][3]


@pytest.mark.parametrize("seed", [1, 2, 3, pytest.param(4, marks=pytest.mark.slow),
                                  pytest.param(5, marks=pytest.mark.slow)])
def test_random_games_side_by_side(seed):
    """Where pyspiel is installed: a seeded random game in both engines, the same moves at every
    turn and the same end (a chain, or a draw when the holes run out)."""
    pyspiel = pytest.importorskip("pyspiel")
    theirs = pyspiel.load_game("twixt", {"ansi_color_output": False}).new_initial_state()
    st = _game().initial()
    rng = random.Random(seed)
    while not theirs.is_terminal():
        assert st.outcome() is None and st.current_player() == theirs.current_player() + 1
        actions = {ours(st, theirs.action_to_string(a)): a for a in theirs.legal_actions()}
        assert sorted(actions) == sorted(st.move_text(m) for m in st.legal_moves())
        text = rng.choice(sorted(actions))
        theirs.apply_action(actions[text])
        st.push_text(text)
    returns = theirs.returns()
    winner = None if returns[0] == returns[1] else 1 if returns[0] > returns[1] else 2
    assert st.outcome() is not None and st.outcome().winner == winner


# -- the rules, one test each ---------------------------------------------------------------------------

def links(st) -> set[str]:
    g = st.game
    first = g.topology.cells
    return {g.topology.name(sq) for sq in range(first, g.topology.size) if st.stacks[sq]}


def test_a_player_never_places_on_the_others_border_lines_nor_in_a_corner():
    st = _game().initial()
    first = {st.move_text(m) for m in st.legal_moves()}
    assert len(first) == 48 and not {h for h in first if h[0] in "ah"}
    st.push_text("e5")
    second = {st.move_text(m) for m in st.legal_moves()}
    assert "swap" in second and not {h for h in second if h[1:] in ("1", "8")}


def test_a_peg_is_linked_to_own_pegs_a_knights_move_away():
    st = _game().initial()
    for hole in ("e5", "b2", "d3"):
        st.push_text(hole)
    assert links(st) == {"d3e5"}
    assert st.stacks[st.game.topology.parse_square("e5d3")]  # a link is named by either end first


def test_a_link_that_would_cross_another_is_not_made():
    st = _game().initial()
    for hole in ("d4", "d5", "e6", "e3"):  # x links d4-e6; o's e3 and d5 would cross it
        st.push_text(hole)
    assert links(st) == {"d4e6"}


def test_the_swap_takes_the_first_peg_over_turned_a_quarter_round():
    st = _game().initial()
    st.push_text("c5")
    st.push_text("swap")
    g = st.game
    pegs = {g.topology.name(sq): g.code_owner[s[-1]] for sq, s in enumerate(st.stacks) if s}
    assert pegs == {"d3": 2} and st.to_move == 1


def test_the_swap_is_offered_only_on_a_hole_the_second_player_may_use():
    st = _game().initial()
    st.push_text("c1")  # the first player's own border line
    assert "swap" not in {st.move_text(m) for m in st.legal_moves()}


def test_a_chain_of_links_from_border_to_border_wins():
    st = _game().initial()
    # x links c1, d3, e5, f7 and then d8: rank 1 to rank 8; o plays far from them
    for x, o in (("c1", "a4"), ("d3", "a6"), ("e5", "h4"), ("f7", "h6")):
        st.push_text(x)
        st.push_text(o)
    assert st.outcome() is None
    st.push_text("d8")
    assert links(st) >= {"c1d3", "d3e5", "e5f7", "f7d8"}
    assert st.outcome().winner == 1 and st.outcome().result == "joined"


def test_pegs_side_by_side_without_links_join_nothing():
    st = _game().initial()
    for x, o in (("d1", "a4"), ("d2", "a6"), ("d3", "h4"), ("d4", "h6"), ("d5", "b4"), ("d6", "b6"),
                 ("d7", "g4")):
        st.push_text(x)
        st.push_text(o)
    st.push_text("d8")
    assert st.outcome() is None  # a column of pegs: no two a knight's move apart, no link
