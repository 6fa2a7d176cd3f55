"""spielwerk.learning.values for n players: the most a player can win (return_bound) and the
player counts a game file seats (player_range), which the adapters scale and declare by."""

from __future__ import annotations

import random

import pytest

import spielwerk
from spielwerk.agents import sample_chance
from spielwerk.learning.values import player_range, return_bound, value_bound


@pytest.mark.parametrize(("name", "options", "bound"), [
    ("tak", {"size": 5}, 47.0), ("backgammon", {}, 3.0), ("chinese-checkers", {"players": 2}, 1.0),
    ("chinese-checkers", {"players": 3}, 2.0), ("chinese-checkers", {"players": 6}, 5.0),
    ("maedn", {"players": 4}, 3.0)])
def test_the_winner_is_paid_by_each_of_the_others(name, options, bound):
    game = spielwerk.load(name, **options)
    assert return_bound(game) == bound == (len(game.players) - 1) * value_bound(game)[0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_scaled_returns_of_finished_games_lie_within_minus_one_and_one(players):
    game = spielwerk.load("maedn", players=players)
    rng = random.Random(players)
    st = game.initial()
    while not st.is_terminal():
        if st.current_player() == 0:
            st.push(sample_chance(game, st, rng))
        else:
            st.apply_action(rng.choice(st.legal_actions()))
    scaled = sorted(r / return_bound(game) for r in st.returns())
    assert scaled[-1] == 1.0 and scaled[0] == -1 / (players - 1) and sum(st.returns()) == 0


@pytest.mark.parametrize(("name", "counts"), [("chinese-checkers", (2, 6)), ("maedn", (2, 4)), ("tak", (2, 2)),
                                              ("backgammon", (2, 2))])
def test_the_player_counts_come_from_the_seating(name, counts):
    assert player_range(spielwerk.load(name).spec.data) == counts


def test_a_file_without_players_or_seating_is_taken_for_two():
    assert player_range({}) == (2, 2)
    assert player_range({"players": ["a", "b", "c"]}) == (3, 3)
    seating = {"by": "n", "values": {2: ["a", "c"], 3: ["a", "b", "c"]}}
    assert player_range({"players": ["a", "b", "c"], "seating": seating}) == (2, 3)
