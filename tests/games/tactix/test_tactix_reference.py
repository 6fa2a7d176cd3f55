"""Tactix against an independent reading of the rules (``tests/reference/tactix_reference.py``,
written from NOTES.md alone): perft, and on random positions the same moves and results."""

from __future__ import annotations

from walking import random_walk

import tactix_reference as ref
from hypothesis import given, settings
from hypothesis import strategies as st

import spielwerk

GAMES = {False: spielwerk.load("tactix"), True: spielwerk.load("tactix", centre=True)}


def to_ref(s):
    g = s.game
    pieces = {}
    for sq, stack in enumerate(s.stacks):
        if stack:
            colour = "W" if g.code_owner[stack[-1]] == 1 else "B"
            if g.oriented[stack[-1] >> 1]:
                pieces[g.topology.name(sq)] = (colour, s.orient[sq] >> 3, s.orient[sq] & 7)
            else:
                pieces[g.topology.name(sq)] = (colour, "K")
    return ref.Position(pieces, "W" if s.to_move == 1 else "B", g.options["centre"])


def test_perft_agrees():
    g = GAMES[False]
    assert [g.perft(g.initial(), d) for d in (1, 2)] == [ref.perft(ref.start(), d) for d in (1, 2)]
    assert g.perft(g.initial(), 3) == 50759  # the reference's figure (7 s there)


def test_the_start_is_the_same():
    g = GAMES[False]
    assert to_ref(g.initial()) == ref.start()


def walk(centre, seed, plies):
    return random_walk(GAMES[centre], seed, plies)


#: what to play, not yet played: drawing it costs nothing, and each test plays it (a strategy
#: that plays while it draws is as slow as the machine, which Hypothesis takes for a bad strategy)
walks = st.tuples(st.booleans(), st.integers(0, 2**32), st.integers(0, 60))


@settings(max_examples=150, deadline=None)
@given(walks)
def test_same_moves_and_results_as_the_reference(recipe):
    s = walk(*recipe)
    p = to_ref(s)
    assert {s.move_text(m) for m in s.legal_moves()} == ref.legal_moves(p)
    out = s.outcome()
    assert (out.token if out else None) == ref.result(p)


@settings(max_examples=60, deadline=None)
@given(walks)
def test_apply_undo_round_trips_and_pieces_are_conserved(recipe):
    s = walk(*recipe)
    g = s.game
    key, h = s.key(), s.hash
    assert h == g.rehash(s)
    assert g.parse_position(s.text()).text() == s.text()
    before = sum(len(x) for x in s.stacks)
    for m in s.legal_moves():
        text = s.move_text(m)
        assert g.parse_move(s, text) == m
        target = s.stacks[m[-1]]
        captures = 1 if target else 0
        info = g.apply(s, m)
        assert s.hash == g.rehash(s)
        assert sum(len(x) for x in s.stacks) == before - captures
        g.undo(s, m, info)
        assert s.key() == key and s.hash == h
