"""Random play for tests: positions reached from the start by uniformly random moves."""

from __future__ import annotations

import random
from typing import Any, Callable

from spielwerk.agents import sample_chance


def random_walk(game: Any, seed: int, plies: int,
                choose: Callable[[random.Random, Any, list[Any]], Any] | None = None) -> Any:
    """Play up to ``plies`` moves from the start (``choose(rng, state, moves)`` picks one; default
    uniformly), rolling the dice in between. A walk that stops before a roll rolls, so the state
    returned is always one where a player decides (or the game is over)."""
    rng = random.Random(seed)
    s = game.initial()
    for _ in range(plies):
        while s.is_chance():  # an opening that only decides the starter is followed by his roll
            s.push(sample_chance(game, s, rng))
        moves = s.legal_moves()
        if not moves:
            break
        s.push(choose(rng, s, moves) if choose else rng.choice(moves))
    while s.is_chance():
        s.push(sample_chance(game, s, rng))
    return s
