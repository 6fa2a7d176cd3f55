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

    def top_owner(self, st: "Position", sq: int) -> int:
        """The player whose piece tops the stack on ``sq`` (0: empty, or a neutral piece)."""
        stack = st.stacks[sq]
        return self.t.code_owner[stack[-1]] if stack else 0

    def holds(self, st: "Position", player: int) -> int:
        """Whether the condition holds for ``player`` (a bool), or a number (``count``)."""
        raise NotImplementedError
