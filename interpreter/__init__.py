"""Spielwerk: board-game rules as YAML, compiled to fast move generators.

The README shows the API at work; every example there is run by the tests.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Any

from .dsl.errors import (AmbiguousMoveError, IllegalMoveError, InvalidMoveError, InvalidPositionError,
                         InvalidRecordError, MoveError, OptionError, SpecError, SpecErrors, SpielwerkError)
from .dsl.loader import bundled_games, resolve_game_path
from .dsl.spec import Spec, load_spec
from .game import Game, Outcome
from .state import State

__all__ = [
    "load", "load_spec_for", "bundled_games", "Game", "State", "Outcome", "Spec",
    "SpielwerkError", "SpecError", "SpecErrors", "OptionError", "MoveError", "InvalidMoveError",
    "IllegalMoveError", "AmbiguousMoveError", "InvalidPositionError", "InvalidRecordError",
]

__version__ = "0.1.0"


@lru_cache(maxsize=32)
def _cached_spec(path: str, version: tuple[int, int]) -> Spec:
    return load_spec(path)


def _spec(path: str) -> Spec:
    """The checked spec of a file, read again when the file has changed."""
    try:
        info = os.stat(path)
        version = (info.st_mtime_ns, info.st_size)
    except OSError:
        version = (0, 0)
    return _cached_spec(path, version)


def load_spec_for(game: str) -> Spec:
    """The checked spec of a bundled game name or a YAML file path."""
    try:
        path = resolve_game_path(game)
    except FileNotFoundError:
        names = ", ".join(bundled_games())
        raise SpielwerkError(f"no game {game!r}: not a bundled game ({names}) nor a file") from None
    return _spec(path)


def load(game: str, **options: Any) -> Game:
    """Compile a game: a bundled name (see :func:`bundled_games`) or a path to a YAML file, with option values.

    Options are keyword-only and may be given as text (``size="6"``), as on the command line.
    """
    return Game(load_spec_for(game), options)
