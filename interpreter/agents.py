"""Agents that choose moves, and playouts driven by them."""

from __future__ import annotations

import random
from typing import Any, Protocol

from .game import Outcome
from .state import State

__all__ = ["Agent", "RandomAgent", "playout", "sample_chance"]


class Agent(Protocol):
    """Anything that picks one of the legal moves of a state."""

    def choose(self, state: State, moves: list[Any]) -> Any: ...


class RandomAgent:
    """Picks a legal move uniformly at random (seedable)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, moves: list[Any]) -> Any:
        return moves[self.rng.randrange(len(moves))]


_CUMULATIVE: dict[tuple[Any, ...], tuple[list[Any], list[float]]] = {}


def sample_chance(game: Any, state: State, rng: random.Random) -> Any:
    """A chance outcome (a roll) drawn with its probability."""
    outcomes = game.chance_outcomes(state)
    key = (id(game), outcomes[0][0], len(outcomes))
    table = _CUMULATIVE.get(key)
    if table is None:
        total, weights = 0.0, []
        for _, p in outcomes:
            total += float(p)
            weights.append(total)
        table = _CUMULATIVE[key] = ([m for m, _ in outcomes], weights)
    moves, weights = table
    x = rng.random() * weights[-1]
    for move, w in zip(moves, weights):
        if x < w:
            return move
    return moves[-1]


def playout(state: State, agents: tuple[Agent, Agent] | Agent, max_plies: int = 10_000,
            rng: random.Random | None = None) -> Outcome | None:
    """Play from ``state`` (in place, without keeping undo information) until the game ends; dice
    are rolled with ``rng``.

    Returns the outcome, or None when ``max_plies`` ran out first.
    """
    game = state.game
    pair = agents if isinstance(agents, tuple) else (agents, agents)
    legal, apply = game.legal_moves, game.apply
    rng = rng or random.Random()
    for _ in range(max_plies):
        if game.roll_index >= 0 and game.is_chance(state):
            apply(state, sample_chance(game, state, rng))
            continue
        moves = legal(state)
        if not moves:
            return game.outcome(state)
        apply(state, pair[state.to_move - 1].choose(state, moves))
    return None
