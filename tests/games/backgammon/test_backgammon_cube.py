"""The doubling cube (NOTES.md section 5): an option; doubling before the roll by the cube's owner
or from the centre, not before the opening roll; take or drop; its effect on the score."""

from __future__ import annotations

import random

import pytest

import spielwerk
from spielwerk.agents import sample_chance

MONEY = spielwerk.load("backgammon", money=True)
PLAIN = spielwerk.load("backgammon")


def after_opening(game=MONEY, seed=0):
    st = game.initial()
    st.push(st.chance_outcomes()[seed][0])
    st.push(st.legal_moves()[0])
    return st


def texts(st):
    return [st.move_text(m) for m in st.legal_moves()]


def test_without_the_option_there_is_no_cube():
    st = after_opening(PLAIN)
    assert st.is_chance() and st.legal_moves() == []


def test_no_double_before_the_opening_roll():
    st = MONEY.initial()
    assert st.is_chance() and st.legal_moves() == []


def test_double_before_the_roll_then_take_or_drop():
    st = after_opening()
    assert texts(st) == ["roll", "double"] and not st.is_chance()
    doubler = st.to_move
    st.push_text("double")
    assert st.to_move == 3 - doubler and texts(st) == ["take", "drop"]
    st.push_text("take")
    assert (st.cube_value, st.cube_owner, st.to_move) == (2, 3 - doubler, doubler)
    assert st.is_chance()


def test_a_drop_ends_the_game_at_the_stakes_before_the_double():
    st = after_opening()
    doubler = st.to_move
    st.push_text("double")
    st.push_text("drop")
    out = st.outcome()
    assert out.winner == doubler and out.value == 1 and out.result == "drop"


def test_only_the_owner_may_double_again():
    st = after_opening()
    st.push_text("double")
    st.push_text("take")
    rng = random.Random(1)
    st.push(sample_chance(MONEY, st, rng))
    st.push(st.legal_moves()[0])          # the doubler plays; now the taker, who owns the cube
    assert texts(st) == ["roll", "double"]
    st.push_text("roll")
    st.push(sample_chance(MONEY, st, rng))
    st.push(st.legal_moves()[0])          # back to the first doubler: he no longer owns the cube
    assert st.is_chance() and texts(st) == []


def test_the_cube_multiplies_the_result():
    st = after_opening()
    st.push_text("double")
    st.push_text("take")
    rng = random.Random(3)
    while st.outcome() is None:
        if st.is_chance():
            st.push(sample_chance(MONEY, st, rng))
            continue
        moves = st.legal_moves()
        rolls = [m for m in moves if MONEY.format_move(st, m) == "roll"]
        st.push(rolls[0] if rolls else rng.choice(moves))
    out = st.outcome()
    assert out.value % st.cube_value == 0 and out.value // st.cube_value in (1, 2, 3)


def test_cube_states_hash_and_undo():
    st = after_opening()
    key, h = st.key(), st.hash
    for text in ("double", "take"):
        st.push_text(text)
        assert st.hash == MONEY.rehash(st)
    st.pop()
    st.pop()
    assert st.key() == key and st.hash == h


@pytest.mark.parametrize("word", ["double", "Doubles => 2", "doubles"])
def test_cube_words_are_read_in_record_spellings(word):
    st = after_opening()
    assert MONEY.format_move(st, MONEY.parse_move(st, word)) == "double"
