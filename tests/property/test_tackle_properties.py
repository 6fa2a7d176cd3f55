"""Invariants of Tackle under random play from random openings (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import spielwerk

JOBS = ["Quadrat", "Turm3", "Block9", "Fuenf", "Kreuz"]
GAMES = {job: spielwerk.load("tackle", job=job) for job in JOBS}


def walk(job, seed, plies):
    """Random play from the start; returns the state and the moves played with what they did."""
    g = GAMES[job]
    s = g.initial()
    rng = random.Random(seed)
    history = []
    for _ in range(plies):
        moves = s.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        history.append((s.copy(), move))
        s.push(move)
    return s, history


#: what to play, not yet played: drawing it costs nothing, and each test plays it (a strategy
#: that plays while it draws is as slow as the machine, which Hypothesis takes for a bad strategy)
walks = st.tuples(st.sampled_from(JOBS), st.integers(0, 2**32), st.integers(0, 120))


def stones(s, player):
    return sum(1 for stack in s.stacks for pc in stack if s.game.code_owner[pc] == player)


def gold_squares(s):
    gold = s.game.kind_index["gold"]
    return [sq for sq, stack in enumerate(s.stacks) if stack and stack[-1] >> 1 == gold]


@settings(max_examples=60, deadline=None)
@given(walks)
def test_never_two_pieces_on_a_square_and_the_gold_stone_never_moves(recipe):
    s, history = walk(*recipe)
    assert all(len(stack) <= 1 for stack in s.stacks)
    seen_gold = None
    removed = False
    for before, _ in history + [(s, None)]:
        gold = gold_squares(before)
        assert len(gold) <= 1
        if gold:
            assert not removed, "the gold stone came back"
            assert seen_gold in (None, gold[0]), "the gold stone moved"
            seen_gold = gold[0]
        elif seen_gold is not None:
            removed = True


@settings(max_examples=60, deadline=None)
@given(walks)
def test_stones_leave_the_board_only_by_worms(recipe):
    s, history = walk(*recipe)
    g = s.game
    block = next(p for p in g.primitives if p.name == "block")
    lost = [0, 0, 0]
    for before, move in history:
        if move[0] == block.index and move[-1] == 0:  # a worm loses its front layer
            lanes = move[3] if move[5] < 2 else move[4]
            lost[before.to_move] += lanes
    n = g.reserve_counts[0]
    for p in (1, 2):
        placed = n - s.reserves[p][0]
        assert stones(s, p) == placed - lost[p]


@settings(max_examples=40, deadline=None)
@given(walks)
def test_apply_undo_restores_and_notation_round_trips(recipe):
    s, _ = walk(*recipe)
    g = s.game
    key, h = s.key(), s.hash
    assert h == g.rehash(s)
    seen = set()
    for move in s.legal_moves():
        text = g.format_move(s, move)
        assert text not in seen
        seen.add(text)
        assert g.parse_move(s, text) == move
        info = g.apply(s, move)
        assert s.hash == g.rehash(s)
        g.undo(s, move, info)
        assert s.key() == key and s.hash == h


@settings(max_examples=60, deadline=None)
@given(walks)
def test_position_text_round_trips(recipe):
    s, _ = walk(*recipe)
    back = s.game.parse_position(s.text())
    assert back.text() == s.text()
    assert [list(x) for x in back.stacks] == [list(x) for x in s.stacks]
    assert back.hash == s.hash and back.phase == s.phase and back.to_move == s.to_move
