"""Tric-Trac against an independent reading of the rules (``tests/reference/tric_trac_reference.py``,
written from NOTES.md alone): the same distinct results (board, points, who rolls next) and the
same canonical texts for every roll, on positions reached by random play and on random positions;
the same opening chances and perft counts; the same winners and values."""

from __future__ import annotations

import dataclasses
import random

import pytest
import tric_trac_reference as ref
from hypothesis import given, settings
from hypothesis import strategies as st
from walking import random_walk

import spielwerk

GAME = spielwerk.load("trictrac")
TRACK = next(p for p in GAME.primitives if p.name == "track")


def to_ref(s):
    """The reference's position for a state (before its roll: the player to move rolls next)."""
    board = [0] * 24
    for sq in range(GAME.topology.points):
        stack = s.stacks[sq]
        if stack:
            board[sq] = len(stack) if GAME.code_owner[stack[-1]] == 1 else -len(stack)
    off = tuple(len(s.stacks[TRACK.off[p]]) for p in (1, 2))
    turn = None if s.outcome() is not None else s.to_move - 1
    return ref.Position(tuple(board), off, (s.score[1], s.score[2]), turn, None)


def ours(s):
    """{resulting reference position: our text} for the roll in ``s``."""
    out = {}
    for move in s.legal_moves():
        text = s.move_text(move)
        s.push(move)
        out[to_ref(s)] = text
        s.pop()
    return out


def theirs(s):
    before = s.copy()
    before.pop()
    # the roll decides who plays (the opening's roll may hand the first turn to player 2)
    pos = dataclasses.replace(to_ref(before), turn=s.to_move - 1)
    return {t.position: t.text for t in ref.legal_turns(pos, s.dice)}


def test_the_start_agrees():
    assert dataclasses.replace(to_ref(GAME.initial()), turn=None) == ref.start()


def test_the_opening_chances_agree():
    mine = {(m[3] - 1, (m[1], m[2])): p for m, p in GAME.initial().chance_outcomes()}
    assert mine == {(r.player, r.dice): r.prob for r in ref.rolls(ref.start())}


@pytest.mark.parametrize("player", [1, 2])
def test_every_first_roll_has_the_same_results_and_texts(player):
    for a in range(1, 7):
        for b in range(1, a + 1):
            s = GAME.initial()
            s.push((GAME.roll_index, a, b, player))
            assert ours(s) == theirs(s)


def test_perft_agrees():
    start = GAME.initial()
    assert [GAME.perft(start, d) for d in (1, 2)] == [ref.perft(ref.start(), d) for d in (1, 2)]


@pytest.mark.slow  # about 5 s for both
def test_perft_depth_3_agrees():
    assert GAME.perft(GAME.initial(), 3) == ref.perft(ref.start(), 3) == 121_600


def walk(seed, plies):
    return random_walk(GAME, seed, plies)


@settings(max_examples=250, deadline=None)
@given(st.tuples(st.integers(0, 2**32), st.integers(0, 120)))
def test_same_results_and_texts_as_the_reference_in_played_games(recipe):
    s = walk(*recipe)
    if s.outcome() is None and s.dice is not None:
        assert ours(s) == theirs(s)


def random_position(seed):
    """A position the rules allow, but built at random: each player's checkers on his start
    point, on points of his own, and borne off; points below the target; any roll."""
    rng = random.Random(seed)
    stacks = [[] for _ in range(GAME.topology.size)]
    taken = set()
    for p in (1, 2):
        code = TRACK.code[p]
        path = TRACK.paths[p]
        left = 15
        start = rng.choice([0, 0, rng.randint(1, 15)])
        stacks[path[0]] += [code] * start
        left -= start
        off = rng.randint(0, min(left, 8)) if rng.random() < 0.4 else 0
        stacks[TRACK.off[p]] += [code] * off
        left -= off
        # the path between the start and the last point, not the opponent's corner
        places = [k for k in range(2, 24) if k != 13 and path[k - 1] not in taken]
        bridge = rng.random() < 0.3
        while left:
            k = rng.choice([k for k in range(7, 13)] if bridge and left > 3 else places)
            if path[k - 1] in taken and not (stacks[path[k - 1]] and stacks[path[k - 1]][-1] == code):
                continue
            n = rng.randint(1, left)
            if k == 12 and len(stacks[path[11]]) + n == 1:
                n = min(2, left) if left >= 2 else 0
                if not n:
                    k = rng.choice([x for x in places if x != 12])
                    n = 1
                    if path[k - 1] in taken and not (stacks[path[k - 1]] and stacks[path[k - 1]][-1] == code):
                        continue
            stacks[path[k - 1]] += [code] * n
            taken.add(path[k - 1])
            left -= n
    s = GAME.state_from_board(stacks, 10, rng.choice([1, 2]))
    s.score = [0, rng.randint(0, 11), rng.randint(0, 11)]
    s.hash = GAME.rehash(s)
    s.push(GAME.roll(rng.randint(1, 6), rng.randint(1, 6)))
    return s


def legal_for_the_reference(s):
    """The reference refuses impossible positions (a lone checker in the own corner)."""
    for p in (1, 2):
        me, _ = TRACK.counts(s, p)
        if me[12] == 1 or me[24] or me[13]:
            return False
    return True


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32))
def test_same_results_and_texts_as_the_reference_on_random_positions(seed):
    s = random_position(seed)
    if legal_for_the_reference(s):
        assert ours(s) == theirs(s)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_random_games_end_with_the_same_winner_and_value(seed):
    s = random_walk(GAME, seed, 5000)
    out = s.outcome()
    assert out is not None
    winner, score, value = ref.result(to_ref(s))
    assert (out.winner, out.value, (s.score[1], s.score[2])) == (winner + 1, value, score)
