"""``swap``: the players change sides (the pie rule): every piece on the board changes owner, and
with it the reserves, the captures and the counters kept per player, so the player who swaps goes
on with what his opponent built. ``squares`` may turn the board over too, for games whose two sides are not alike."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..ledger import add_captures, change_reserve, restack, set_counter
from ..moves import Move
from .base import Block, Checking, Compiling

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Position

__all__ = ["Swap", "SwapMove"]


class SwapMove(Move):
    """The players change sides."""

    __slots__ = ()
    fields = ()


class Swap(Block):
    """A move is ``SwapMove((index,))``."""

    name = "swap"
    schema_name = "swap"
    summary = "The players change sides (the pie rule)."
    schema = {
        "type": "object",
        "description": (
            "`swap`: instead of moving, the player takes over his opponent's side: every piece on the board "
            "changes owner, and the reserves and captures change hands; offered `when` its condition holds "
            "(the pie rule: `when: ply == 1`). See docs/reference/moves.md#swap."
        ),
        "additionalProperties": False,
        "properties": {
            "squares": {
                "description": (
                    "Where the pieces stand after the swap: `same` (default), `mirrored` (reflected in the "
                    "diagonal from a1: file and rank change places, so a square board's sides change too), "
                    "`turned` (a quarter turn: the first file becomes the first rank read backwards, as "
                    "TwixT's swap)."
                ),
                "enum": ["same", "mirrored", "turned"],
                "default": "same",
            },
        },
    }
    default_template = "swap"
    field_kinds: dict[str, str] = {}
    action_doc = "swap"

    @classmethod
    def check(cls, checker: Checking, path: tuple[Any, ...], params: dict[str, Any]) -> None:
        return None

    def __init__(self, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, index, params, path)
        t = c.t
        if t.num_players != 2:
            raise c.error(path, f"a swap trades the two players' sides: this game has {t.num_players} players")
        topo = t.topology
        owner = t.code_owner
        #: code -> the code of the same kind owned by the other player (a neutral piece stays)
        self.flip = [code ^ 1 if owner[code] else code for code in range(t.num_codes)]
        size = topo.size
        self.where = list(range(size))
        how = params.get("squares", "same")
        if how != "same":
            width = getattr(topo, "width", 0)
            if not hasattr(topo, "turn") or hasattr(topo, "cells_wide") or width != getattr(topo, "height", 0):
                raise c.error(path + ("squares",), f"`{how}` turns a square board over: the board must be "
                              "square, as wide as high")
            cells = width * width

            def moved(sq: int) -> int:
                f, r = sq % width, sq // width
                return f * width + r if how == "mirrored" else f * width + width - 1 - r

            self.where = [moved(sq) for sq in range(cells)]
            ends = getattr(topo, "ends", [])
            if ends:  # a board's bridges go where their ends go
                site_of = {pair: cells + i for i, pair in enumerate(ends)}
                self.where += [site_of[tuple(sorted((moved(a), moved(b))))] for a, b in ends]
        self.move = SwapMove((index,))
        #: the first slots of the counters kept per player (player 1's, player 2's the next)
        self.paired = [slot for slot, per_player in t.counter_slots.values() if per_player]

    def generate(self, st: "Position", out: list[Any]) -> None:
        out.append(self.move)

    def apply(self, st: "Position", move: "Move") -> Any:
        before = [list(s) for s in st.stacks]
        flip, where = self.flip, self.where
        for sq, stack in enumerate(before):
            target = where[sq]
            new = [flip[pc] for pc in stack]
            if new != st.stacks[target]:
                restack(st, target, new)
        self._exchange(st, self.paired)
        return before

    def undo(self, st: "Position", move: "Move", info: Any) -> None:
        self._exchange(st, self.paired)
        for sq, stack in enumerate(info):
            if st.stacks[sq] != stack:
                restack(st, sq, stack)

    @staticmethod
    def _exchange(st: "Position", paired: list[int]) -> None:
        """The reserves, the captures and the counters per player change hands (its own inverse)."""
        for slot in paired:
            one, two = st.counters[slot], st.counters[slot + 1]
            if one != two:
                set_counter(st, slot, two)
                set_counter(st, slot + 1, one)
        for r in range(len(st.reserves[1])):
            one, two = st.reserves[1][r], st.reserves[2][r]
            if one != two:
                change_reserve(st, 1, r, two - one)
                change_reserve(st, 2, r, one - two)
        one, two = st.captures[1], st.captures[2]
        if one != two:
            add_captures(st, 1, two - one)
            add_captures(st, 2, one - two)

    def action_keys(self) -> list[Any]:
        return [()]

    def action_parts(self, move: "Move") -> tuple[Any, ...]:
        return ((),)

    def fields(self, st: "Position", move: "Move") -> dict[str, Any]:
        return {}

    def from_fields(self, st: "Position", fields: dict[str, Any]) -> "Move":
        return self.move
