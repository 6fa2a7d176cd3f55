"""The contract of predicates."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ..blocks.base import Compiling
    from ..state import Position

__all__ = ["Predicate"]


class Predicate:
    """A board condition about one player; ``holds(state, player)`` answers it."""

    name = ""

    def __init__(self, c: "Compiling", params: dict[str, Any], path: tuple[Any, ...]) -> None:
        self.t = c.t
        self.params = params
        self.path = path

    def holds(self, st: "Position", player: int) -> int:
        """Whether the condition holds for ``player`` (a bool), or a number (``count``)."""
        raise NotImplementedError
