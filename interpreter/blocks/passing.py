"""The pass: the only move of a player who has no other, in games whose ``no_moves`` is ``pass``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..moves import PassMove
from .base import Block

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Move, Position

__all__ = ["Pass"]


class Pass(Block):
    """Added by the engine (not written in game files). A move is ``(index,)``."""

    name = "pass"
    default_template = "pass"
    field_kinds: dict[str, str] = {}

    def generate(self, st: "Position", out: list["Move"]) -> None:  # offered by Game.legal_moves when nothing else is legal
        return None

    def apply(self, st: "Position", move: "Move") -> Any:
        return None

    def undo(self, st: "Position", move: "Move", info: Any) -> None:
        return None

    def takes_off(self) -> bool:
        return False  # nothing changes

    action_doc = "pass (offered only when nothing else is legal)"

    def action_keys(self) -> list[Any]:
        return [()]

    def action_parts(self, move: "Move") -> tuple[Any, ...]:
        return ((),)

    def fields(self, st: "Position", move: "Move") -> dict[str, Any]:
        return {}

    def from_fields(self, st: "Position", fields: dict[str, Any]) -> "Move":
        return PassMove((self.index,))
