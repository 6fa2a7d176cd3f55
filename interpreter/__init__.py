"""Spielwerk: board-game rules as YAML, compiled to fast move generators.

The README shows the API at work; every example there is run by the tests. The names below are
imported on first use, so ``spielwerk --version`` and ``--help`` start at once.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .version import __version__

#: each public name and the module that defines it
_WHERE = {
    "load": "api", "load_spec_for": "api", "bundled_games": "dsl.loader", "Game": "game", "Outcome": "game",
    "State": "game", "Move": "moves", "Spec": "dsl.spec", "load_spec": "api",
    **{name: "dsl.errors" for name in (
        "SpielwerkError", "SpecError", "SpecErrors", "OptionError", "MoveError", "InvalidMoveError",
        "IllegalMoveError", "AmbiguousMoveError", "InvalidPositionError", "InvalidRecordError",
        "MoveLimitError", "SpielwerkWarning")},
}

__all__ = ["__version__", "native_status", *_WHERE]

if TYPE_CHECKING:  # what the names are, for type checkers and editors
    from .api import load, load_spec, load_spec_for
    from .dsl.errors import (AmbiguousMoveError, IllegalMoveError, InvalidMoveError, InvalidPositionError,
                             InvalidRecordError, MoveError, MoveLimitError, OptionError, SpecError, SpecErrors,
                             SpielwerkError, SpielwerkWarning)
    from .dsl.loader import bundled_games
    from .dsl.spec import Spec
    from .game import Game, Outcome
    from .game import State
    from .moves import Move


#: the outer ring's parts the core's classes borrow from (see :mod:`spielwerk.ring`)
_RING = {"actions": "learning.actions", "observation": "learning.observation", "pictures": "svg"}


def _load_ring(part: str) -> Any:
    return import_module(f".{_RING[part]}", __name__)


def _wire() -> None:
    from .ring import set_loader
    set_loader(_load_ring)


_wire()


def _native() -> None:
    from .native import activate
    activate()  # the compiled engine where ``spielwerk build`` made one for this version


_native()


def native_status() -> str:
    """Which engine runs: ``native (...)`` (compiled by ``spielwerk build``) or ``pure Python (...)``."""
    from .native import status
    return status()


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'spielwerk' has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))
