"""``sow``: the player lifts every piece from one of his squares and drops them one by one on the
next squares of a path that goes round and round (seeds sown counter-clockwise round a mancala
board), passing the squares where ``skip`` holds, and the square sown from too with ``origin:
skip``. What follows a move reads ``to``, the last square sown (a capture, another turn)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..ledger import lift, put
from ..tables import union
from ..moves import Move, field
from .base import Block, Checking, Compiling

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Position

__all__ = ["Sow", "SowMove"]


class SowMove(Move):
    """A sowing: the square the pieces are lifted from, and the last square sown."""

    __slots__ = ()
    fields = ("from_square", "to_square")
    from_square = field(1, "the square sown from")
    to_square = field(2, "the last square sown")


class Sow(Block):
    """A move is ``SowMove((index, from, last))``."""

    name = "sow"
    schema_name = "sow"
    summary = "Pieces lifted from one square are dropped one by one along a path that goes round."
    schema = {
        "type": "object",
        "description": (
            "`sow`: the player lifts every piece from one of the `from` squares and drops them one by one on "
            "the next squares of `path`, round and round, passing the squares where `skip` holds. See "
            "docs/reference/moves.md#sow."
        ),
        "additionalProperties": False,
        "properties": {
            "pieces": {
                "$ref": "#/$defs/pieceList",
                "description": "The kinds sown, by the top piece of the square (default: every kind).",
            },
            "from": {
                "$ref": "#/$defs/regionRef",
                "description": "The squares sown from (a region kept per player: the mover's half).",
            },
            "path": {
                "type": "array",
                "description": "The squares in sowing order; after the last comes the first again.",
                "items": {"type": "string", "minLength": 2},
                "minItems": 2,
                "uniqueItems": True,
            },
            "skip": {
                "$ref": "#/$defs/condition",
                "description": (
                    "Squares passed without a drop: a condition on `square` (`inside(square, stores, "
                    "opponent)`: the opponent's store)."
                ),
            },
            "origin": {
                "description": "`sow` (default): the square sown from gets a piece when the path comes round "
                               "again; `skip`: it is passed.",
                "enum": ["sow", "skip"],
                "default": "sow",
            },
        },
        "required": ["from", "path"],
    }
    default_template = "{from}"
    field_kinds = {"from": "square"}
    action_doc = "the square sown from"

    @classmethod
    def check(cls, checker: Checking, path: tuple[Any, ...], params: dict[str, Any]) -> None:
        super().check(checker, path, params)
        checker.region(path + ("from",), params.get("from"))
        if "skip" in params:
            checker.expression(path + ("skip",), params["skip"], {"square"})

    def __init__(self, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, index, params, path)
        t = c.t
        topo = t.topology
        try:
            self.path_squares = [topo.parse_square(str(name)) for name in params["path"]]
        except ValueError as exc:
            raise c.error(path + ("path",), str(exc)) from None
        where = {sq: i for i, sq in enumerate(self.path_squares)}
        #: per player, the squares sown from (bitmask)
        self.sources = t.player_region_masks(params["from"])
        #: the squares some player sows from
        self.any_source = union(self.sources)
        outside = [topo.name(sq) for sq in range(topo.size)
                   if self.any_source >> sq & 1 and sq not in where]
        if outside:
            raise c.error(path + ("from",), f"{', '.join(outside)} not on the path: a sowing starts on it")
        self.next = [-1] * topo.size
        for i, sq in enumerate(self.path_squares):
            self.next[sq] = self.path_squares[(i + 1) % len(self.path_squares)]
        self.skip: Callable[[Any], Any] | None = \
            c.condition(path + ("skip",), params["skip"]) if "skip" in params else None
        self.skip_origin = params.get("origin", "sow") == "skip"
        self.codes = [set(codes) for codes in t.player_codes(params.get("pieces"))]
        neutral = {code for code in range(t.num_codes) if not t.code_owner[code]
                   and t.kind_names[t.code_kind[code]] in params.get("pieces", t.kind_names)}
        for codes in self.codes[1:]:
            codes |= neutral

    def generate(self, st: "Position", out: list[Any]) -> None:
        p = st.to_move
        stacks = st.stacks
        codes = self.codes[p]
        bits = self.sources[p] & st.occupied
        while bits:
            low = bits & -bits
            bits ^= low
            sq = low.bit_length() - 1
            if stacks[sq][-1] in codes:
                drops = self._drops(st, sq, len(stacks[sq]))
                if drops:  # a sowing needs a square to sow on
                    out.append(SowMove((self.index, sq, drops[-1])))

    def _drops(self, st: "Position", origin: int, n: int) -> list[int]:
        """The squares the ``n`` pieces lifted from ``origin`` are dropped on, in order."""
        skipped = [False] * len(self.next)
        if self.skip is not None:
            ctx = self.cond.square_context(st, st.to_move, origin, -1, n)
            for sq in self.path_squares:
                ctx.square = sq
                skipped[sq] = bool(self.skip(ctx))
        if self.skip_origin:
            skipped[origin] = True
        if all(skipped[sq] for sq in self.path_squares):
            return []
        out: list[int] = []
        sq = origin
        while len(out) < n:
            sq = self.next[sq]
            if not skipped[sq]:
                out.append(sq)
        return out

    def apply(self, st: "Position", move: "Move") -> Any:
        origin = move[1]
        lifted = lift(st, origin, len(st.stacks[origin]))
        drops = self._drops(st, origin, len(lifted))
        for pc, sq in zip(lifted, drops):
            put(st, sq, [pc])
        return lifted, drops

    def undo(self, st: "Position", move: "Move", info: Any) -> None:
        lifted, drops = info
        for sq in reversed(drops):
            lift(st, sq, 1)
        put(st, move[1], lifted)

    def from_square(self, move: "Move") -> int:
        return int(move[1])

    def to_square(self, move: "Move") -> int:
        return int(move[2])

    def action_keys(self) -> list[Any]:
        return [(sq,) for sq in range(self.t.topology.size) if self.any_source >> sq & 1]

    def action_parts(self, move: "Move") -> tuple[Any, ...]:
        return ((move[1],),)

    def part_text(self, st: "Position", key: Any) -> str:
        return self.t.topology.name(key[0])

    def fields(self, st: "Position", move: "Move") -> dict[str, Any]:
        return {"from": move[1]}

    def from_fields(self, st: "Position", fields: dict[str, Any]) -> "Move":
        sq = int(fields["from"])
        drops = self._drops(st, sq, len(st.stacks[sq]))
        return SowMove((self.index, sq, drops[-1] if drops else sq))

    def explain(self, st: "Position", move: "Move") -> str:
        name = self.t.topology.name(move[1])
        if not self.sources[st.to_move] >> move[1] & 1:
            return f"{name} is not a square the player sows from"
        return f"there is nothing to sow on {name}"
