"""Invariants of Tak under random play (hypothesis), and a cross-check with an independent reader.

``tests/reference/tak_reference.py`` is a slow Tak move generator written from NOTES.md alone,
without seeing the engine: on random positions both must list the same moves and results.
"""

from __future__ import annotations

from walking import random_walk

import tak_reference as ref
from hypothesis import given, settings
from hypothesis import strategies as st

import spielwerk

GAMES = {}


def game(size):
    if size not in GAMES:
        GAMES[size] = spielwerk.load("tak", size=size)
    return GAMES[size]


def random_state(size, seed, plies):
    return random_walk(game(size), seed, plies)


#: what to play, not yet played: drawing it costs nothing, and each test plays it (a strategy
#: that plays while it draws is as slow as the machine, which Hypothesis takes for a bad strategy)
positions = st.tuples(st.integers(3, 8), st.integers(0, 2**32), st.integers(0, 150))


def pieces_accounted(s):
    g = s.game
    for p in (1, 2):
        on_board = [0] * len(g.reserve_counts)
        for stack in s.stacks:
            for pc in stack:
                if (pc & 1) + 1 == p:
                    on_board[g.reserve_of_kind[pc >> 1]] += 1
        assert [a + b for a, b in zip(on_board, s.reserves[p])] == g.reserve_counts


@settings(max_examples=60, deadline=None)
@given(positions)
def test_pieces_are_conserved(recipe):
    s = random_state(*recipe)
    pieces_accounted(s)


@settings(max_examples=60, deadline=None)
@given(positions)
def test_apply_then_undo_restores_state_and_hash(recipe):
    s = random_state(*recipe)
    g = s.game
    before, h = s.key(), s.hash
    assert h == g.rehash(s)
    for move in s.legal_moves():
        info = g.apply(s, move)
        assert s.hash == g.rehash(s)
        pieces_accounted(s)
        g.undo(s, move, info)
        assert s.key() == before and s.hash == h


@settings(max_examples=60, deadline=None)
@given(positions)
def test_tps_round_trips(recipe):
    s = random_state(*recipe)
    text = s.text()
    back = s.game.parse_position(text)
    assert back.text() == text
    assert back.key() == s.key()
    assert back.hash == s.hash


@settings(max_examples=60, deadline=None)
@given(positions)
def test_move_text_round_trips_and_parsed_moves_equal_generated(recipe):
    s = random_state(*recipe)
    seen = set()
    for move in s.legal_moves():
        text = s.move_text(move)
        assert text not in seen
        seen.add(text)
        assert s.game.parse_move(s, text) == move


@settings(max_examples=80, deadline=None)
@given(positions)
def test_same_moves_and_results_as_the_independent_reference(recipe):
    s = random_state(*recipe)
    pos = ref.parse_tps(s.text())
    ours = {s.move_text(m) for m in s.legal_moves()}
    assert ours == ref.legal_moves(pos)
    out = s.outcome()
    assert (out.token if out else None) == ref.result(pos)
