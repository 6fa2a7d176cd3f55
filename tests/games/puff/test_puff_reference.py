"""Puff against an independent reading of the rules (``tests/reference/puff_reference.py``,
written from NOTES.md alone): the same distinct results for every roll, on positions reached by
random play, and the same winner."""

from __future__ import annotations

import random

import puff_reference as ref
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from walking import random_walk

import spielwerk

GAME = spielwerk.load("puff")
TRACK = next(p for p in GAME.primitives if p.name == "track")


def to_ref(s):
    """The reference's position for a state before its roll (the player to move rolls next)."""
    topo = GAME.topology
    points = [0] * 24
    for sq in range(topo.points):
        stack = s.stacks[sq]
        if stack:
            sign = 1 if GAME.code_owner[stack[-1]] == 1 else -1
            points[ref.INDEX[topo.name(sq)]] = sign * len(stack)
    waiting = tuple(len(s.stacks[TRACK.out[p]]) + len(s.stacks[TRACK.bar[p]]) for p in (1, 2))
    return ref.Position(tuple(points), waiting, (s.tally[1], s.tally[2]), "W" if s.to_move == 1 else "B")


def results(s):
    """Our distinct results of the roll in ``s``, as reference positions."""
    out = set()
    for move in s.legal_moves():
        s.push(move)
        out.add(to_ref(s))
        s.pop()
    return out


def reference_results(s):
    before = s.copy()
    while before.dice is not None:
        before.pop()
    return {turn.position for turn in ref.legal_turns(to_ref(before), s.dice)}


def test_the_start_and_the_opening_agree():
    assert to_ref(GAME.initial()) == ref.start("W")
    ours = sorted(p for _, p in GAME.initial().chance_outcomes())
    assert ours == sorted(p for _, p in ref.opening())


def reference_perft(pos, depth):
    """Leaves of the reference's move tree: every roll of every turn expanded once."""
    if depth == 0 or ref.result(pos) is not None:
        return 1
    return sum(reference_perft(turn.position, depth - 1)
               for dice, _ in ref.rolls(pos) for turn in ref.legal_turns(pos, dice))


@pytest.mark.parametrize("depth", [1, 2, pytest.param(3, marks=pytest.mark.slow)])  # 3: 554,822, ~12 s
def test_perft_agrees(depth):
    assert GAME.perft(GAME.initial(), depth) == sum(reference_perft(ref.start(first), depth) for first in "WB")


@pytest.mark.parametrize("roll", [(a, b) for a in range(1, 7) for b in range(1, a + 1)])
def test_every_first_roll_agrees(roll):
    s = GAME.initial()
    s.push(s.chance_outcomes()[0][0])
    s.push(GAME.roll(*roll))
    assert results(s) == reference_results(s)


def random_position(seed):
    """A random position with its roll: each player's 15 checkers spread over points of his
    own (one colour per point), the bar, the checkers still out and those borne off; each with
    zero to three doubles so far. A later double on a full board has tens of thousands of results
    (seconds in the reference), so those rolls come only with few checkers left on the board."""
    rng = random.Random(seed)
    topo = GAME.topology
    stacks = [[] for _ in range(topo.size)]
    free = list(range(topo.points))
    rng.shuffle(free)
    for p in (1, 2):
        code = TRACK.code[p]
        left = 15
        out = rng.choice([0, 0, 0, rng.randint(0, 15)])
        bar = rng.choice([0, 0, rng.randint(0, 3)])
        out, bar = min(out, left), min(bar, left - min(out, left))
        left -= out + bar
        off = rng.randint(0, left) if not out and rng.random() < 0.4 else 0
        left -= off
        home_only = not out and not bar and rng.random() < 0.5  # a bear-off position
        for _ in range(rng.randint(1, 6) if left else 0):
            choices = [sq for sq in free if not home_only or TRACK.pos_of[p][sq] >= TRACK.home_start]
            if not choices:
                break
            sq = choices[0]
            free.remove(sq)
            n = left if rng.random() < 0.3 else rng.randint(1, left)
            stacks[sq] = [code] * n
            left -= n
            if not left:
                break
        if left:  # what did not find a point waits out, or is borne off
            stacks[TRACK.out[p]].extend([code] * left) if out or not off else None
            stacks[TRACK.off[p]].extend([code] * left) if not (out or not off) else None
        stacks[TRACK.out[p]] += [code] * out
        stacks[TRACK.bar[p]] += [code] * bar
        stacks[TRACK.off[p]] += [code] * off
    to_move = rng.choice([1, 2])
    s = GAME.state_from_board(stacks, 10, to_move)
    a, b = rng.randint(1, 6), rng.randint(1, 6)
    on_board = sum(len(stacks[sq]) for sq in TRACK.paths[to_move] if stacks[sq]
                   and GAME.code_owner[stacks[sq][-1]] == to_move)
    later = a == b and (on_board <= 4 or rng.random() < 0.1 and on_board <= 8)
    s.tally = [1, rng.randint(0, 3), rng.randint(0, 3)]
    if a == b and not later:
        s.tally[to_move] = 0
    s.hash = GAME.rehash(s)
    if s.result is None:  # a finished position (every checker of one player off) takes no roll
        s.push(GAME.roll(a, b))
    return s


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 2**32))
def test_same_results_as_the_reference_on_random_positions(seed):
    s = random_position(seed)
    if all(len(s.stacks[TRACK.off[p]]) < 15 for p in (1, 2)):
        assert results(s) == reference_results(s)


def walk(seed, plies):
    return random_walk(GAME, seed, plies, by_step=True)  # turns die by die: no roll's every result listed


@settings(max_examples=8, deadline=None)  # the slow run plays 60 longer ones
@given(st.tuples(st.integers(0, 2**32), st.integers(0, 40)))
def test_same_results_as_the_reference_in_played_games(recipe):
    s = walk(*recipe)
    if s.outcome() is None and s.dice is not None:
        assert results(s) == reference_results(s)


@pytest.mark.slow  # later doubles in the middle game: tens of thousands of results each
@settings(max_examples=60, deadline=None)
@given(st.tuples(st.integers(0, 2**32), st.integers(0, 250)))
def test_same_results_as_the_reference_in_long_games(recipe):
    s = walk(*recipe)
    if s.outcome() is None and s.dice is not None:
        assert results(s) == reference_results(s)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_random_games_end_alike(seed):
    s = random_walk(GAME, seed, 2000, choose=lambda rng, s, moves: min(moves, key=lambda m: -len(m[2])))
    out = s.outcome()
    expected = ref.result(to_ref(s))
    assert (out.token if out else None) == expected
