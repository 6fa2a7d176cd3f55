"""Plakoto against an independent reading of the rules (``tests/reference/plakoto_reference.py``,
written from NEW-GAMES.md section 4 alone): the same start, opening chances and perft counts; the
same positions after every legal turn of every roll in middle-game positions and in the positions
of played games; the same winners and values at the end.

The engine's position text and the reference's are the same format (canonical on both sides), so
the results are compared as sets of texts. The reference reads ``ending_turns: apart``; for
``full`` the turn rule is derived here, from the reference's single steps (``_steps``) and results,
with an ending turn counted as using every number."""

from __future__ import annotations

import random

import plakoto_reference as ref
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from walking import random_walk

import spielwerk
from spielwerk.agents import sample_chance

GAME = spielwerk.load("plakoto")
FULL = spielwerk.load("plakoto", ending_turns="full")
ROLLS = [(a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)]

assert ref.PASS_BESIDE_ENDING is False  # the reference's reading switch stays at its default


def full_turns(pos: ref.Position, roll: tuple[int, int]) -> set[str]:
    """The reference's rules with ``ending_turns: full``: every ordering of the numbers, every
    prefix; a turn that ends the game counts as using all the numbers; the most numbers, else the
    larger; the pass only when no number can be played."""
    hi, lo = max(roll), min(roll)
    if ref.result(pos) is not None:
        return set()
    player = pos.to_move
    numbers = [hi] * 4 if hi == lo else [hi, lo]
    seqs: list[tuple[tuple[int, ...], ref.Position, bool]] = []

    def walk(here, used, left):
        ended = ref.result(here) is not None
        seqs.append((tuple(used), here, ended))
        if ended:
            return
        for n in sorted(set(left)):
            rest = list(left)
            rest.remove(n)
            for there in ref._steps(here, player, n):
                walk(there, used + [n], rest)

    walk(pos, [], numbers)
    counted = [(len(numbers) if ended else len(used), used, q) for used, q, ended in seqs]
    most = max(c for c, _, _ in counted)
    best = [(used, q) for c, used, q in counted if c == most]
    if most == 1 and hi != lo and any(used == (hi,) for used, _ in best):
        best = [(used, q) for used, q in best if used == (hi,)]
    return {ref.text(ref._finish(q, player, pos.ply)) for _, q in best}


def reference_turns(game, pos: ref.Position, roll: tuple[int, int]) -> set[str]:
    return ref.turns(pos, roll) if game is GAME else full_turns(pos, roll)


def ours(s) -> set[str]:
    """The position texts after every legal turn of the roll in ``s``."""
    out = set()
    for move in s.legal_moves():
        s.push(move)
        out.add(s.text())
        s.pop()
    assert len(out) == len(s.legal_moves())          # distinct turns are distinct positions
    return out


def ours_for(game, text: str, roll: tuple[int, int]) -> set[str]:
    s = game.parse_position(text)
    s.push(game.roll(*roll))
    return ours(s)


def before_roll(s):
    """A copy of ``s`` without its dice."""
    b = s.copy()
    while b.dice is not None:
        b.pop()
    return b


def result_of(s):
    out = s.outcome()
    return None if out is None else (out.winner, out.value)


# -- the start, the opening, perft -------------------------------------------------------------------

def test_the_start_agrees():
    assert GAME.initial().text() == ref.text(ref.start())
    assert ref.parse(GAME.initial().text()) == ref.start()


def test_the_opening_chances_agree():
    ours_ = {m[1:]: p for m, p in GAME.initial().chance_outcomes()}
    assert ours_ == dict(ref.chance(ref.start()))


@pytest.mark.parametrize("starter", [1, 2])
@pytest.mark.parametrize("game", [GAME, FULL], ids=["apart", "full"])
def test_every_opening_roll_agrees(game, starter):
    for hi, lo, _ in (r for r, _ in ref.chance(ref.start()) if r[2] == starter):
        s = game.initial()
        s.push((game.roll_index, hi, lo, starter))
        assert ours(s) == ref.turns(ref.start(), (hi, lo, starter))


@pytest.mark.parametrize("depth", [1, 2])
def test_perft_agrees(depth):
    assert GAME.perft(GAME.initial(), depth) == ref.perft(ref.start(), depth) == {1: 60, 2: 3540}[depth]
    assert FULL.perft(FULL.initial(), depth) == GAME.perft(GAME.initial(), depth)


@pytest.mark.slow  # about 13 s for the engine, more for the reference
def test_perft_depth_3_agrees():
    assert GAME.perft(GAME.initial(), 3) == 694_008
    assert ref.perft(ref.start(), 3) == 694_008


# -- middle-game positions, every roll -----------------------------------------------------------------

POSITIONS = {
    # two pins in the middle game (reached by the reference's seeded game 11), Black to move
    "pins-11": "222222222,1,x4,21,x4,2,111,21,x,1,22,2,x,1,x,11,x,11111,x2 2 20",
    # three pins, one of them of a White checker on White's 23-point (seed 12)
    "pins-12": "22222,x2,1,2,1,222,2,2,21,x2,2,1,x7,12,21,111111111,x2 1 20",
    # White bearing off with his checkers on 3 and 4 pinned in his home board (seed 2)
    "bear-off-pinned": "111111,11,21111,21,11,x14,2,x,22222,2,222222,x2 1 86",
    # White's mother alone on his 24-point and Black to move: many rolls pin it (seed 1)
    "mother": "2222,111,x,11,2,2,x2,1,22,11,x3,1,x,12,12,21,2,1,1222,x,1,x2 2 43",
    # White's last three checkers, one of them pinning a Black checker: he may win with a double
    "bear-off-pinning": "x,21,x,1,1,x14,222,x4,111111111111,22222222222 1 20",
    # a White checker pinned outside the home board: no bearing off at all
    "pinned-outside": "x,21,x,11,1,x14,222,x,12,x2,1111111111,2222222222 1 20",
    # the last race: three White checkers on his 1-point, Black has borne off none
    "race": "111,x20,2,2,2222222222222,111111111111,x 1 100",
}


@pytest.mark.parametrize("game", [GAME, FULL], ids=["apart", "full"])
@pytest.mark.parametrize("name", POSITIONS)
def test_every_roll_agrees_in_middle_game_positions(name, game):
    text = POSITIONS[name]
    pos = ref.parse(text)
    assert game.parse_position(text).text() == text
    for roll in ROLLS:
        assert ours_for(game, text, roll) == reference_turns(game, pos, roll), roll


def test_the_positions_cover_pins_the_mother_and_endings():
    ends = {name: sum(1 for roll in ROLLS for t in ref.turns(ref.parse(text), roll)
                      if ref.result(ref.parse(t)) is not None) for name, text in POSITIONS.items()}
    assert ends["mother"] > 0 and ends["bear-off-pinning"] > 0 and ends["race"] > 0
    assert ends["pinned-outside"] == 0
    for name in ("pins-11", "pins-12", "bear-off-pinned", "bear-off-pinning"):
        assert ref._pinned(ref.parse(POSITIONS[name]))


# -- positions of played games ----------------------------------------------------------------------

def every_roll_agrees(game, s) -> None:
    """All 21 rolls of the position of ``s`` (its own roll taken back) agree."""
    b = before_roll(s)
    text = b.text()
    pos = ref.parse(text)
    assert ref.result(pos) == result_of(b)
    if ref.result(pos) is None:
        for roll in ROLLS:
            assert ours_for(game, text, roll) == reference_turns(game, pos, roll), (text, roll)


@settings(max_examples=50, deadline=None, derandomize=True)
@given(st.integers(0, 2**32), st.integers(1, 160))
def test_every_roll_agrees_in_positions_of_played_games_apart(seed, plies):
    every_roll_agrees(GAME, random_walk(GAME, seed, plies))


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.integers(0, 2**32), st.integers(1, 160))
def test_every_roll_agrees_in_positions_of_played_games_full(seed, plies):
    every_roll_agrees(FULL, random_walk(FULL, seed, plies))


def play_through(game, seed: int):
    """A seeded random game to its end, checking each turn's roll against the reference; returns
    the final state."""
    rng = random.Random(seed)
    s = game.initial()
    while s.outcome() is None:
        while s.is_chance():
            s.push(sample_chance(game, s, rng))
        b = before_roll(s)
        pos = ref.parse(b.text())
        assert ref.result(pos) is None
        roll = (s.dice[0], s.dice[1], s.to_move if b.ply == 0 else 0)
        want = ref.turns(pos, roll) if game is GAME or b.ply == 0 else full_turns(pos, s.dice)
        assert ours(s) == want, (b.text(), s.dice)
        s.push(rng.choice(s.legal_moves()))
    out = s.outcome()
    assert ref.result(ref.parse(s.text())) == (out.winner, out.value)
    assert s.legal_moves() == [] and s.chance_outcomes() == []
    assert (out.result, out.value) in {("mother", 2), ("race", 1), ("race", 2)}
    return s


# seeds chosen so that both readings see the three ways a game ends: the mother (2), a race won
# against a player with none borne off (2) and a race against one with some off (1)
GAME_SEEDS = {"apart": [0, 3, 23], "full": [0, 3, 23]}


@pytest.mark.parametrize("game", [GAME, FULL], ids=["apart", "full"])
def test_played_games_agree_turn_by_turn_and_end_alike(game):
    name = "apart" if game is GAME else "full"
    kinds = set()
    for seed in GAME_SEEDS[name]:
        out = play_through(game, seed).outcome()
        kinds.add((out.result, out.value))
    assert kinds == {("mother", 2), ("race", 1), ("race", 2)}


@pytest.mark.slow
@pytest.mark.parametrize("game", [GAME, FULL], ids=["apart", "full"])
def test_many_played_games_agree_turn_by_turn_and_end_alike(game):
    for seed in range(100, 160):
        play_through(game, seed)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(0, 2**32), st.integers(1, 300))
def test_every_roll_agrees_in_many_positions_of_played_games(seed, plies):
    game = GAME if seed % 2 else FULL
    every_roll_agrees(game, random_walk(game, seed, plies))


def random_position(seed: int) -> str | None:
    """A position built at random (not reached by play): free stacks and pinned checkers anywhere,
    most of them in the home boards, the rest borne off. None when the reference refuses it or the
    game is over there."""
    rng = random.Random(seed)
    cells = [""] * 24
    left = {1: 15 - rng.choice([0, 0, rng.randint(0, 14)]), 2: 15 - rng.choice([0, 0, rng.randint(0, 14)])}
    homely = rng.random() < 0.6
    order = list(range(24))
    rng.shuffle(order)
    for i in order:
        if rng.random() < 0.35:
            continue
        p = rng.choice((1, 2))
        home = i < 6 if p == 1 else i >= 18
        if (homely and not home and rng.random() < 0.8) or not left[p]:
            continue
        if rng.random() < 0.3 and left[3 - p]:                       # a checker of the other pinned
            m = rng.randint(1, min(3, left[p]))
            cells[i] = str(3 - p) + str(p) * m
            left[p] -= m
            left[3 - p] -= 1
        else:
            m = rng.randint(1, min(4, left[p]))
            cells[i] = str(p) * m
            left[p] -= m
    off = tuple(15 - sum(c.count(d) for c in cells) for d in "12")
    pos = ref.Position(tuple(cells), off, rng.choice((1, 2)), rng.randint(1, 90))
    try:
        pos = ref.parse(ref.text(pos))
    except ValueError:
        return None
    return None if ref.result(pos) is not None else ref.text(pos)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.integers(0, 2**32))
def test_every_roll_agrees_on_random_positions(seed):
    text = random_position(seed)
    if text is None:
        return
    pos = ref.parse(text)
    for game in (GAME, FULL):
        assert game.parse_position(text).outcome() is None
        for roll in ROLLS:
            assert ours_for(game, text, roll) == reference_turns(game, pos, roll), (text, roll)


# -- perft from middle-game positions: every roll, then every turn, and again ---------------------

#: the reference's perft(1) and perft(2) from these positions, as it counted them (it lists whole
#: turns slowly: 45 s for the four); ``test_the_reference_s_perft_counts_are_those_written_here``
#: counts them again in the slow run
REFERENCE_PERFT = {"pins-11": [246, 368568], "pins-12": [549, 514892], "bear-off-pinned": [164, 9742],
                   "mother": [1113, 609184]}


@pytest.mark.parametrize("name", list(REFERENCE_PERFT))
def test_perft_from_middle_game_positions_agrees(name):
    text = POSITIONS[name]
    assert [GAME.perft(GAME.parse_position(text), d) for d in (1, 2)] == REFERENCE_PERFT[name]


@pytest.mark.slow
@pytest.mark.parametrize("name", list(REFERENCE_PERFT))
def test_the_reference_s_perft_counts_are_those_written_here(name):
    assert [ref.perft(ref.parse(POSITIONS[name]), d) for d in (1, 2)] == REFERENCE_PERFT[name]


@pytest.mark.slow  # the reference lists whole turns slowly: the positions with fewer checkers
@pytest.mark.parametrize("name", ["bear-off-pinned", "bear-off-pinning", "race"])
def test_perft_depth_3_from_middle_game_positions_agrees(name):
    text = POSITIONS[name]
    assert GAME.perft(GAME.parse_position(text), 3) == ref.perft(ref.parse(text), 3)
