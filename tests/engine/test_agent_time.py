"""Agents given a time per move stop when it runs out and still answer: budgets that would take
hours (10**9 iterations, depth 60, 10**6 playouts a move) end after a tenth of a second of
search. Nothing here is timed: without the clock the tests would not end."""

from __future__ import annotations

import random

import pytest

import spielwerk
from spielwerk.agents import AlphaBetaAgent, GreedyAgent, MCTSAgent, make_agent, parse_agent


@pytest.fixture(scope="module")
def middle_game():
    game = spielwerk.load("tak", size=6)
    st = game.initial()
    rng = random.Random(5)
    for _ in range(14):
        st.push(rng.choice(st.legal_moves()))
    return st


@pytest.mark.parametrize("agent", [
    MCTSAgent(1, iterations=10**9, time=0.1),
    AlphaBetaAgent(1, depth=60, time=0.1),
    AlphaBetaAgent(1, depth=60, time=0.1, playouts=10**6),  # a leaf alone would take hours
    GreedyAgent(1, playouts=10**6, time=0.1),
], ids=repr)
def test_a_timed_agent_answers_with_a_legal_move(agent, middle_game):
    moves = middle_game.legal_moves()
    assert agent.choose(middle_game, moves) in moves
    assert middle_game.legal_moves() == moves  # the position is as it was


def test_greedy_takes_a_time_by_name():
    assert parse_agent("greedy:playouts=2:time=1.5") == ("greedy", {"playouts": 2, "time": 1.5})
    assert repr(make_agent("greedy:time=2", 0)) == "greedy:playouts=4:time=2"


def test_greedy_judges_every_move_without_a_time(middle_game):
    """Untimed, greedy is what it was: the same seed, the same move."""
    moves = middle_game.legal_moves()
    a = GreedyAgent(3, playouts=1, plies=20).choose(middle_game, moves)
    b = GreedyAgent(3, playouts=1, plies=20, time=1000).choose(middle_game, moves)
    assert a == b
