"""Attangle against an independent reading of the rules (``tests/reference/attangle_reference.py``,
written from NOTES.md alone). Moves are compared as (set of movers, target): the reference writes
movers in another order than our canonical text."""

from __future__ import annotations

from walking import random_walk

import attangle_reference as ref
from hypothesis import given, settings
from hypothesis import strategies as st

import spielwerk

GAMES = {"hex": spielwerk.load("attangle"), "square": spielwerk.load("attangle-square")}


def key(text):
    if "-" not in text:
        return text
    movers, target = text.split("-")
    return (frozenset(m.strip() for m in movers.split(",")), target)


def to_ref(s, variant):
    g = s.game
    stacks = {}
    for sq, stack in enumerate(s.stacks):
        if stack:
            white = sum(1 for pc in stack if pc & 1 == 0)
            stacks[g.topology.name(sq)] = (white, len(stack) - white)
    return ref.Position(stacks, "W" if s.to_move == 1 else "B", s.ply, variant)


def test_perft_agrees_in_both_variants():
    for variant, g in GAMES.items():
        assert [g.perft(g.initial(), d) for d in (1, 2, 3)] == [ref.perft(ref.start(variant), d) for d in (1, 2, 3)]


def test_perft_depth_4_with_the_first_captures_matches_the_reference_figure():
    g = GAMES["hex"]
    assert g.perft(g.initial(), 4) == 1_542_240


def walk(variant, seed, plies):
    g = GAMES[variant]
    conv = next(p.index for p in g.primitives if p.name == "converge")

    def capture_loving(rng, s, moves):
        caps = [m for m in moves if m[0] == conv]
        return rng.choice(caps) if caps and rng.random() < 0.6 else rng.choice(moves)
    return variant, random_walk(g, seed, plies, capture_loving)


@settings(max_examples=150, deadline=None)
@given(st.tuples(st.sampled_from(["hex", "square"]), st.integers(0, 2**32), st.integers(0, 90)))
def test_same_moves_and_results_as_the_reference(recipe):
    variant, s = walk(*recipe)
    p = to_ref(s, variant)
    assert {key(s.move_text(m)) for m in s.legal_moves()} == {key(t) for t in ref.legal_moves(p)}
    out = s.outcome()
    assert (out.token if out else None) == ref.result(p)


def test_the_recorded_full_game_is_legal_and_won_for_the_reference_too():
    import os
    from spielwerk.notation.record import parse_records
    path = os.path.join(os.path.dirname(__file__), "..", "..", "data", "attangle-game.txt")
    with open(path, encoding="utf-8") as fh:
        (rec,) = parse_records(fh.read())
    p = ref.start("hex")
    for mv in rec.moves:
        p = ref.play(p, mv.text)
    assert ref.result(p) == "0-1"
