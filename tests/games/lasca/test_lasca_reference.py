"""Lasca against an independent reading of the rules (``tests/reference/lasca_reference.py``,
written from NEW-GAMES.md section 2 alone): perft counts, and on many positions the map
{move text: position text after it} and the result."""

from __future__ import annotations

import random

import lasca_reference as ref
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from lasca_board import LASCA, START
from walking import check_moves_round_trip, random_walk

# the reference's own middle-game positions (its author's figures for perft 1, 2, 3)
MIDGAME = [
    ("x,2,2,x/22,x,2/x,12,2,21/x,1,x/x,21,x2/1,1,x/x,112O,112O,1 2", [3, 7, 32]),
    ("2,x,2,2/2,2,21/2,21,x2/x2,2/1,1,x,12/1,11112O,x/1,x3 2", [5, 7, 16]),
    ("2,x3/2,x2/2,x2,2221O/x,2,x/1,122,x,112/x,1,1/1,1,x,112O 2", [3, 10, 24]),
]


def engine_map(s):
    """{move text: position text after it} of an engine state."""
    out = {}
    for m in s.legal_moves():
        text = s.move_text(m)
        s.push(m)
        out[text] = s.text()
        s.pop()
    return out


def reference_map(p):
    return {text: ref.text(q) for text, q in ref.moves(p).items()}


def assert_same(s):
    """The engine's state and the reference agree on the text, the moves and the result."""
    text = s.text()
    p = ref.parse(text)
    assert ref.text(p) == text
    assert engine_map(s) == reference_map(p), text
    out = s.outcome()
    assert (out.winner if out else None) == ref.result(p), text


# -- perft --------------------------------------------------------------------------------------------


def test_the_start_position_is_the_references():
    assert LASCA.initial().text() == ref.text(ref.start()) == START


def test_perft_from_the_start_to_depth_8_equals_the_references():
    counts = [LASCA.perft(LASCA.initial(), d) for d in range(1, 9)]
    assert counts == [ref.perft(ref.start(), d) for d in range(1, 9)]
    assert counts == [6, 6, 18, 54, 116, 324, 846, 2148]


@pytest.mark.slow
def test_perft_from_the_start_to_depth_12_equals_the_references():
    counts = [LASCA.perft(LASCA.initial(), d) for d in (9, 10, 11, 12)]
    assert counts == [ref.perft(ref.start(), d) for d in (9, 10, 11, 12)]
    assert counts == [5692, 13898, 37124, 97440]


@pytest.mark.parametrize("text,figures", MIDGAME)
def test_perft_from_the_references_middle_games_to_depth_5(text, figures):
    s = LASCA.parse_position(text)
    assert s.text() == text
    counts = [LASCA.perft(s, d) for d in range(1, 6)]
    assert counts[:3] == figures
    assert counts == [ref.perft(ref.parse(text), d) for d in range(1, 6)]


@pytest.mark.slow
@pytest.mark.parametrize("text,figures", MIDGAME)
def test_perft_from_the_references_middle_games_to_depth_8(text, figures):
    s = LASCA.parse_position(text)
    assert [LASCA.perft(s, d) for d in (6, 7, 8)] == [ref.perft(ref.parse(text), d) for d in (6, 7, 8)]


def middle_game(seed):
    """The first position from ply 12 on of a seeded random game with a column two high or more,
    an officer commanding, and a capture for the side to move (None if the game ends first)."""
    rng = random.Random(seed)
    s = LASCA.initial()
    while True:
        moves = s.legal_moves()
        if not moves:
            return None
        if s.ply >= 12 and any("x" in s.move_text(m) for m in moves):
            stacks = [x for x in s.stacks if x]
            if any(len(x) >= 2 for x in stacks) and any(LASCA.kind_names[x[-1] >> 1] == "officer" for x in stacks):
                return s
        s.push(rng.choice(moves))


MIDDLE_SEEDS = [seed for seed in range(40) if middle_game(seed) is not None][:8]


def test_there_are_eight_seeded_middle_games():
    assert len(MIDDLE_SEEDS) == 8


@pytest.mark.parametrize("seed", MIDDLE_SEEDS)
def test_perft_from_seeded_middle_games_to_depth_4(seed):
    s = middle_game(seed)
    text = s.text()
    fresh = LASCA.parse_position(text)
    counts = [LASCA.perft(fresh, d) for d in range(1, 5)]
    assert counts == [ref.perft(ref.parse(text), d) for d in range(1, 5)], text
    assert counts == [LASCA.perft(s, d) for d in range(1, 5)]   # walked or parsed: the same


def test_perft_counts_a_finished_position_as_zero():
    s = LASCA.parse_position("x4/x3/x4/x3/x4/2,x2/x4 1")
    assert [LASCA.perft(s, d) for d in (0, 1, 2)] == [1, 0, 0] == [ref.perft(ref.parse(s.text()), d)
                                                                   for d in (0, 1, 2)]


# -- moves and results on many positions --------------------------------------------------------------


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.integers(0, 2**32), st.integers(0, 160))
def test_positions_of_random_games_have_the_references_moves_and_result(seed, plies):
    assert_same(random_walk(LASCA, seed, plies))


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, derandomize=True)
@given(st.integers(0, 2**32), st.integers(0, 250))
def test_positions_of_many_random_games_have_the_references_moves_and_result(seed, plies):
    assert_same(random_walk(LASCA, seed, plies))


PIECE = st.sampled_from(["1", "2", "1O", "2O"])
COLUMN = st.one_of(st.just(""), st.just(""), st.lists(PIECE, min_size=1, max_size=4).map("".join))


def board_text(columns, to_move):
    cells = []
    i = 0
    rows = []
    for rank in range(7, 0, -1):
        n = 4 if rank % 2 else 3
        cells = [c or "x" for c in columns[i:i + n]]
        i += n
        rows.append(",".join(cells))
    return "/".join(rows) + f" {to_move}"


def fits(columns):
    """At most the 11 pieces each player has (the engine refuses more)."""
    text = "".join(columns)
    return text.count("1") <= 11 and text.count("2") <= 11


def check_arbitrary(columns, to_move):
    assume(fits(columns))
    s = LASCA.parse_position(board_text(columns, to_move))
    assert ref.parse(s.text()) == ref.parse(board_text(columns, to_move))
    check_moves_round_trip(s)     # hash = rehash, texts read back, apply/undo restore
    assert_same(s)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.lists(COLUMN, min_size=25, max_size=25), st.sampled_from([1, 2]))
def test_arbitrary_positions_have_the_references_moves_and_result(columns, to_move):
    # any columns anywhere: tall mixed columns, officers deep inside, soldiers on their far rank
    check_arbitrary(columns, to_move)


@pytest.mark.slow
@settings(max_examples=5000, deadline=None, derandomize=True)
@given(st.lists(COLUMN, min_size=25, max_size=25), st.sampled_from([1, 2]))
def test_many_arbitrary_positions_have_the_references_moves_and_result(columns, to_move):
    check_arbitrary(columns, to_move)


def test_seeded_dense_positions_with_long_chains_have_the_references_moves():
    # officers among many single enemy pieces: chains of four jumps and more, round trips
    rng = random.Random(2024)
    longest = 0
    for _ in range(300):
        cells = ["2" if rng.random() < 0.45 else "" for _ in range(25)]
        for k in rng.sample(range(25), 2):
            cells[k] = rng.choice(["1O", "1", "21O"])
        if not fits(cells):
            continue
        s = LASCA.parse_position(board_text(cells, 1))
        assert_same(s)
        longest = max([longest] + [LASCA.format_move(s, m).count("x") for m in s.legal_moves()])
    assert longest >= 4
