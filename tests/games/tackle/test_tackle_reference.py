"""Tackle against an independent reading of the rules.

``tests/reference/tackle_reference.py`` was written from NOTES.md and the seed alone, without
seeing the engine. Both must agree on perft counts and, move by move, on the positions each legal
move leads to (compared as positions, since the reference writes a worm's ``(w)`` only where its
text would otherwise collide with a single move's).
"""

from __future__ import annotations

from collections import Counter

import pytest
import tackle_reference as ref
from hypothesis import given, settings
from walking import random_walk
from hypothesis import strategies as st
from tackle_board import game, position

MID1 = dict(white=["c3", "d3", "e3", "f7", "f8", "a10"], black=["c4", "d4", "e6", "h6", "h7", "j1"], gold="e5")
MID2_MOVES = "A1 E10 C1 G10 E1 J8 G1 J6 I1 J4 A3 J2 E5 A1-A2 J2-F2 C1-C4 J4-G4".split()

def to_ref(s):
    g = s.game
    own = lambda p: [g.topology.name(sq) for sq, x in enumerate(s.stacks) if x and g.code_owner[x[-1]] == p]  # noqa
    gold = [g.topology.name(sq) for sq, x in enumerate(s.stacks) if x and g.code_owner[x[-1]] == 0]
    phase = g.phases[s.phase].name
    n = g.reserve_counts[0]
    return ref.make(own(1), own(2), gold[0] if gold else None, "W" if s.to_move == 1 else "B",
                    job=g.options["job"], phase=phase,
                    to_place=(s.reserves[1][0], s.reserves[2][0]) if phase == "opening" else (0, 0),
                    gold_anywhere=g.options["gold_area"] == "court") if n else None

def board_of_ref(p):
    return (frozenset(p.white), frozenset(p.black), p.gold)

def board_of(s):
    g = s.game
    own = lambda p: frozenset(g.topology.name(sq) for sq, x in enumerate(s.stacks) if x and g.code_owner[x[-1]] == p)  # noqa
    gold = [g.topology.name(sq) for sq, x in enumerate(s.stacks) if x and g.code_owner[x[-1]] == 0]
    return (own(1), own(2), gold[0] if gold else None)

def successors(s):
    out = []
    for m in s.legal_moves():
        info = s.game.apply(s, m)
        out.append(board_of(s))
        s.game.undo(s, m, info)
    return Counter(out)

def ref_successors(p):
    return Counter(board_of_ref(ref.play(p, m)) for m in ref.legal_moves(p))

def mid2():
    s = game().initial()
    for t in MID2_MOVES:
        s.push_text(t)
    return s

def test_perft_from_the_start_agrees():
    g = game()
    assert [g.perft(g.initial(), d) for d in (1, 2, 3)] == [ref.perft(ref.start("Quadrat"), d) for d in (1, 2, 3)]

@pytest.mark.parametrize("which", ["mid1", "mid2"])
def test_perft_after_an_opening_agrees(which):
    s = position(game(), **MID1) if which == "mid1" else mid2()
    p = to_ref(s)
    assert [s.game.perft(s, d) for d in (1, 2)] == [ref.perft(p, d) for d in (1, 2)]

@pytest.mark.parametrize("which,counts", [("mid1", [86, 7440, 608051]), ("mid2", [68, 5046, 340784])])
def test_perft_depth_3_after_an_opening_matches_the_reference_figures(which, counts):
    s = position(game(), **MID1) if which == "mid1" else mid2()
    assert [s.game.perft(s, d) for d in (1, 2, 3)] == counts

def random_state(job, seed, plies):
    return random_walk(game(job), seed, plies)

@settings(max_examples=80, deadline=None)
@given(st.tuples(st.sampled_from(["Quadrat", "Turm3", "Block9", "Bluete", "Treppe4"]),
                 st.integers(0, 2**32), st.integers(0, 90)))
def test_each_move_leads_where_the_reference_says(recipe):
    s = random_state(*recipe)
    p = to_ref(s)
    assert successors(s) == ref_successors(p)
    out = s.outcome()
    assert (out.token if out else None) == ref.result(p) or out.result == "repetition"


@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(st.tuples(st.sampled_from(["Quadrat", "Turm3", "Block9", "Bluete", "Treppe4"]),
                 st.integers(0, 2**32), st.integers(0, 90)))
def test_each_move_leads_where_the_reference_says_in_many_positions(recipe):
    test_each_move_leads_where_the_reference_says.hypothesis.inner_test(recipe)
