"""``fly``: a piece goes from its square to any square where ``to`` holds, whatever lies between
(a man with three left on the board flies to any empty point)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..ledger import topped
from ..moves import SquareMove
from .base import Block, Checking, Compiling
from .parts import LANDING_WORDS, Landing, TopFromTo

if TYPE_CHECKING:  # pragma: no cover
    from ..moves import Move
    from ..state import Position

__all__ = ["Fly"]


class Fly(TopFromTo, Block):
    """A move is ``SquareMove((index, from, to))``: the piece on ``from`` goes to ``to``, taking an
    enemy piece there away."""

    lands_only = True

    name = "fly"
    schema_name = "fly"
    summary = "A piece goes to any square, whatever lies between."
    schema = {
        "type": "object",
        "description": (
            "`fly`: a piece goes from its square to any square where `to` holds (default `empty`), whatever "
            "lies between. See docs/reference/moves.md#fly."
        ),
        "additionalProperties": False,
        "properties": {
            "pieces": {
                "$ref": "#/$defs/pieceList",
                "description": "The kinds that fly (default: every kind).",
            },
            "to": {
                "$ref": "#/$defs/landing",
                "description": "Where it may land (default `empty`); an enemy piece there is taken away.",
            },
        },
    }
    default_template = "{from}-{to}"
    field_kinds = {"from": "square", "to": "square"}
    action_doc = "a from square x a to square"

    @classmethod
    def check(cls, checker: Checking, path: tuple[Any, ...], params: dict[str, Any]) -> None:
        super().check(checker, path, params)
        if "to" in params:
            checker.landing(path + ("to",), params["to"], LANDING_WORDS, {"from", "to"})

    def __init__(self, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, index, params, path)
        topo = c.t.topology
        self.codes = c.t.player_codes(params.get("pieces"))
        self.landing = Landing(c, params.get("to", "empty"), path + ("to",))
        self.squares = [sq for sq in range(topo.size) if topo.full_mask >> sq & 1]
        self.table = [[SquareMove((index, a, b)) for b in range(topo.size)] for a in range(topo.size)]

    def generate(self, st: "Position", out: list[Any]) -> None:
        p = st.to_move
        stacks = st.stacks
        land = self.landing
        ok = land.ok[p]
        mine = topped(st, self.codes[p])
        if not mine:
            return
        targets = [b for b in self.squares if ok[stacks[b][-1] + 1 if stacks[b] else 0]]
        while mine:
            low = mine & -mine
            a = low.bit_length() - 1
            mine ^= low
            row = self.table[a]
            for b in targets:
                if b != a and (land.simple or land.allows(st, p, a, b, 1)):
                    out.append(row[b])

    def explain(self, st: "Position", move: "Move") -> str:
        _, a, b = move
        name = self.t.topology.name
        s = st.stacks[a]
        if not s or s[-1] not in self.codes[st.to_move]:
            return f"{name(a)} holds no piece of the player to move that flies"
        return f"the piece may not land on {name(b)}"

    def action_keys(self) -> list[Any]:
        return [(a, b) for a in self.squares for b in self.squares if a != b]
