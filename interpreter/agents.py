"""Agents that choose moves, and playouts driven by them."""

from __future__ import annotations

import random
from typing import Any, Protocol

from .game import Outcome
from .state import State

__all__ = ["Agent", "RandomAgent", "playout"]


class Agent(Protocol):
    """Anything that picks one of the legal moves of a state."""

    def choose(self, state: State, moves: list[Any]) -> Any: ...


class RandomAgent:
    """Picks a legal move uniformly at random (seedable)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, moves: list[Any]) -> Any:
        return moves[self.rng.randrange(len(moves))]


def playout(state: State, agents: tuple[Agent, Agent] | Agent, max_plies: int = 10_000) -> Outcome | None:
    """Play from ``state`` (in place, without keeping undo information) until the game ends.

    Returns the outcome, or None when ``max_plies`` ran out first.
    """
    game = state.game
    pair = agents if isinstance(agents, tuple) else (agents, agents)
    legal, apply = game.legal_moves, game.apply
    for _ in range(max_plies):
        moves = legal(state)
        if not moves:
            return game.outcome(state)
        apply(state, pair[state.to_move - 1].choose(state, moves))
    return None
