"""The contract of predicates."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game
    from ..state import State

__all__ = ["Predicate"]


class Predicate:
    """A board condition about one player; ``holds(state, player)`` answers it."""

    name = ""

    def __init__(self, game: "Game", params: dict[str, Any], path: tuple[Any, ...]) -> None:
        self.game = game
        self.params = params
        self.path = path

    def holds(self, st: "State", player: int) -> int:
        """Whether the condition holds for ``player`` (a bool), or a number (``count``)."""
        raise NotImplementedError
