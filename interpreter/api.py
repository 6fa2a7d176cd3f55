"""Loading games by name or path: :func:`load`, :func:`load_spec_for` (re-exported by the package)."""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Any

from .dsl.errors import SpielwerkError
from .dsl.loader import bundled_games, gallery_games, resolve_game_path
from .blocks import BLOCKS
from .dsl.spec import Spec
from .dsl.spec import load_spec as _load_spec
from .game import Game

__all__ = ["load", "load_spec", "load_spec_for"]


def load_spec(path: str) -> Spec:
    """Read, merge, validate and check a game file, its move blocks' keys included; raise
    ``SpecErrors`` listing every problem."""
    return _load_spec(path, blocks=BLOCKS)


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
        gallery = ", ".join(gallery_games())
        raise SpielwerkError(f"no game {game!r}: not a bundled game ({names}), a gallery game ({gallery}) "
                             "nor a file") from None
    return _spec(path)


def load(game: str, **options: Any) -> Game:
    """Compile a game: a bundled name (see :func:`bundled_games`) or a path to a YAML file, with option values.

    Options are keyword-only and may be given as text (``size="6"``), as on the command line.
    """
    return Game(load_spec_for(game), options)
