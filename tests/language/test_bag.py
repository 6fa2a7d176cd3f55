"""A draw from a bag every turn (docs/reference/turns.md#a-draw-from-a-bag-weight): one die whose
numbers weigh what counters say is left, the weights read in each position, perft and the agents'
draws by them, and what is refused or reported."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from spielwerk.agents import sample_chance
from spielwerk.dsl.errors import SpecError

from game_files import game_from

BAG = """
game: bag
players: [first, second]
board: {shape: square, width: 3, height: 3}
pieces:
  stone: {letter: S}
counters:
  reds: {start: 3}
  blues: {start: 1}
phases:
  - name: play
    dice: {count: 1, faces: [1, 2], weight: "reds if die == 1 else blues"}
    moves:
      - place:
          pieces: [stone]
          sets: {reds: "reds - 1 if die == 1 else reds", blues: "blues - 1 if die == 2 else blues"}
end:
  - {when: "reds + blues == 0", winner: draw}
"""


def odds(st) -> dict[int, Fraction]:
    return {move[1]: p for move, p in st.chance_outcomes()}


def test_each_number_is_as_likely_as_what_is_left_of_it(tmp_path):
    g = game_from(tmp_path, BAG)
    st = g.initial()
    assert odds(st) == {1: Fraction(3, 4), 2: Fraction(1, 4)}
    st.roll(1)
    st.push(st.legal_moves()[0])
    assert st.counters == [2, 1] and odds(st) == {1: Fraction(2, 3), 2: Fraction(1, 3)}
    st.roll(2)
    st.push(st.legal_moves()[0])
    assert odds(st) == {1: Fraction(1)}  # the blue tile is gone: it is never drawn again


def test_perft_draws_only_what_is_left(tmp_path):
    g = game_from(tmp_path, BAG)
    # four draws, three red and one blue in some order (four orders), each with a stone placed
    assert g.perft(g.initial(), 4) == 4 * 9 * 8 * 7 * 6


def test_the_agents_draw_by_the_weights(tmp_path):
    g = game_from(tmp_path, BAG)
    rng = random.Random(3)
    st = g.initial()
    drawn = Counter(sample_chance(g, st, rng)[1] for _ in range(4000))
    assert 0.70 < drawn[1] / 4000 < 0.80  # three in four
    st.roll(2)
    st.push(st.legal_moves()[0])
    assert {sample_chance(g, st, rng)[1] for _ in range(200)} == {1}


def test_a_weight_needs_one_die(tmp_path):
    with pytest.raises(SpecError, match="one die"):
        game_from(tmp_path, BAG.replace("dice: {count: 1, faces: [1, 2],", "dice: {count: 2, faces: 6,"))


def test_a_weight_below_zero_is_reported_and_counts_as_nothing(tmp_path):
    import spielwerk
    g = game_from(tmp_path, BAG.replace('weight: "reds if die == 1 else blues"', 'weight: "reds if die == 1 else -1"'))
    with pytest.warns(spielwerk.SpielwerkWarning, match="whole number of at least 0"):
        assert odds(g.initial()) == {1: Fraction(1)}


def test_the_learning_interface_gives_the_chance_ids_with_their_weights(tmp_path):
    g = game_from(tmp_path, BAG)
    st = g.initial()
    assert sorted(p for _, p in st.chance_actions()) == [0.25, 0.75]
