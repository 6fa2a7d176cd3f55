"""``take``: the player takes a piece of his choice off the board (a removal after a line is
closed, say), with conditions on the square: which may be taken (``where``) and which only when
nothing else may (``avoid``). What is taken goes out of the game or back to its owner's reserve."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..ledger import add_captures, lift, put, return_to_reserves, topped
from ..moves import Move, field
from .base import Block, Checking, Compiling, reads_the_part_before

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Position

__all__ = ["Take", "TakeMove"]


class TakeMove(Move):
    """A piece (or a stack) taken off the board: the square."""

    __slots__ = ()
    fields = ("square",)
    square = field(1, "the square it is taken from")


class Take(Block):
    """A move is ``TakeMove((index, square))``."""

    name = "take"
    schema_name = "take"
    summary = "The player takes a piece of his choice off the board."
    schema = {
        "type": "object",
        "description": (
            "`take`: the player takes a piece of his choice off the board: one of `pieces`, of `owner`, on a "
            "square where `where` holds; squares where `avoid` holds only when no other will do. See "
            "docs/reference/moves.md#take."
        ),
        "additionalProperties": False,
        "properties": {
            "pieces": {
                "$ref": "#/$defs/pieceList",
                "description": "The kinds that may be taken, by the top piece (default: every kind).",
            },
            "owner": {
                "description": "Whose pieces: `opponent` (default), `mover` or `any`.",
                "enum": ["opponent", "mover", "any"],
                "default": "opponent",
            },
            "take": {
                "description": "`top` (default): the top piece; `stack`: the whole stack.",
                "enum": ["top", "stack"],
                "default": "top",
            },
            "where": {
                "$ref": "#/$defs/condition",
                "description": "Only squares where this holds (`square` is the square), e.g. `height(square) == 1`.",
            },
            "avoid": {
                "$ref": "#/$defs/condition",
                "description": (
                    "Squares where this holds may be chosen only when every other candidate holds it too, e.g. "
                    "`forms(mill, square)`: not a piece of a mill unless all are."
                ),
            },
            "removed": {
                "description": (
                    "Where the taken pieces go: `out` (default: out of the game, counted as the mover's "
                    "captures) or `reserve` (back to their owners' reserves)."
                ),
                "enum": ["out", "reserve"],
                "default": "out",
            },
        },
    }
    default_template = "x{square}"
    field_kinds = {"square": "square"}
    action_doc = "the square taken from"

    @classmethod
    def check(cls, checker: Checking, path: tuple[Any, ...], params: dict[str, Any]) -> None:
        super().check(checker, path, params)
        for key in ("where", "avoid"):
            if key in params:
                checker.expression(path + (key,), params[key], {"square", "from", "to"})
                reads_the_part_before(checker, path + (key,), params[key], {"from", "to"})

    def __init__(self, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, index, params, path)
        t = c.t
        codes = t.player_codes(params.get("pieces"))
        owner = params.get("owner", "opponent")
        #: per player to move: the codes whose squares may be taken
        self.codes = [[], *([code for q in t.player_numbers for code in codes[q]
                              if owner == "any" or (q == p) == (owner != "opponent")] for p in t.player_numbers)]
        self.whole = params.get("take", "top") == "stack"
        self.to_reserve = params.get("removed", "out") == "reserve"
        self.where: Callable[[Any], Any] | None = \
            c.condition(path + ("where",), params["where"]) if "where" in params else None
        self.avoid: Callable[[Any], Any] | None = \
            c.condition(path + ("avoid",), params["avoid"]) if "avoid" in params else None
        self.moves = [TakeMove((index, sq)) for sq in range(t.topology.size)]

    def generate(self, st: "Position", out: list[Any]) -> None:
        p = st.to_move
        bits = topped(st, self.codes[p])
        if not bits:
            return
        squares = []
        while bits:
            low = bits & -bits
            bits ^= low
            squares.append(low.bit_length() - 1)
        cond = self.cond
        frm, to = cond.ctx.frm, cond.ctx.to  # a later part of a turn reads the part before it
        if self.where is not None:
            squares = [sq for sq in squares if self.where(cond.square_context(st, p, frm, to, 0, sq))]
        if self.avoid is not None:
            free = [sq for sq in squares if not self.avoid(cond.square_context(st, p, frm, to, 0, sq))]
            if free:
                squares = free
        out.extend(self.moves[sq] for sq in squares)

    def apply(self, st: "Position", move: "Move") -> Any:
        sq = move[1]
        taken = lift(st, sq, len(st.stacks[sq]) if self.whole else 1)
        self._count(st, taken, 1)
        return taken

    def undo(self, st: "Position", move: "Move", info: Any) -> None:
        self._count(st, info, -1)
        put(st, move[1], info)

    def _count(self, st: "Position", taken: list[int], sign: int) -> None:
        if self.to_reserve:
            return_to_reserves(st, taken, sign)
        else:
            p = st.to_move
            owner = self.t.code_owner
            add_captures(st, p, sign * sum(1 for pc in taken if owner[pc] != p))

    def from_square(self, move: "Move") -> int:
        return int(move[1])

    def to_square(self, move: "Move") -> int:
        return int(move[1])

    def action_keys(self) -> list[Any]:
        return [(sq,) for sq in range(self.t.topology.size)]

    def action_parts(self, move: "Move") -> tuple[Any, ...]:
        return ((move[1],),)

    def part_text(self, st: "Position", key: Any) -> str:
        return "x" + self.t.topology.name(key[0])

    def fields(self, st: "Position", move: "Move") -> dict[str, Any]:
        return {"square": move[1]}

    def from_fields(self, st: "Position", fields: dict[str, Any]) -> "Move":
        return self.moves[int(fields["square"])]

    def explain(self, st: "Position", move: "Move") -> str:
        name = self.t.topology.name(move[1])
        if not st.stacks[move[1]]:
            return f"there is nothing on {name} to take"
        return f"the piece on {name} may not be taken here"
