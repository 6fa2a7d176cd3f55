"""The pass: a move that changes nothing on the board. A game file lists it among a phase's moves
(``pass: {}``: a player may pass, perhaps ``when`` some condition holds); the engine adds one where
``no_moves: pass`` lets a player without another move pass."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..moves import PassMove
from .base import Block, Checking, Compiling

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Move, Position

__all__ = ["Pass"]


class Pass(Block):
    """A move is ``PassMove((index,))``. ``voluntary``: listed by a game file (always offered);
    else added by the engine for ``no_moves: pass`` (offered by the game only when nothing else is
    legal)."""

    name = "pass"
    schema_name = "pass"
    summary = "The player passes: nothing changes on the board."
    schema = {
        "type": "object",
        "description": (
            "`pass`: the player may pass instead of moving (offered only `when` its condition holds). Also "
            "see `no_moves: pass`, where a player passes only when he has no other move."
        ),
        "additionalProperties": False,
        "properties": {},
    }
    default_template = "pass"
    field_kinds: dict[str, str] = {}

    def __init__(self, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, index, params, path)
        self.voluntary = path[0] == "phases"
        self.move = PassMove((index,))

    @classmethod
    def check(cls, checker: Checking, path: tuple[Any, ...], params: dict[str, Any]) -> None:
        return None

    def generate(self, st: "Position", out: list["Move"]) -> None:
        if self.voluntary:
            out.append(self.move)

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
        return self.move
