"""``place``: put a piece from a reserve on an empty square, or on top of a stack (``onto``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from typing import Any, Callable, cast

from ..ledger import change_reserve, lift, put, retop
from ..moves import Move, field
from .base import Block, Checking, Compiling, reads_the_part_before
from .parts import Landing

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Move, Position
    from ..topology import Board

__all__ = ["Place", "PlaceMove"]



class PlaceMove(Move):
    """A piece put on a square (``place``): the square, and the piece's code."""

    __slots__ = ()
    fields = ("to_square", "piece")
    to_square = field(1, "the square the piece goes on")
    piece = field(2, "the piece's code (see Tables.code)")


class Place(Block):
    """Parameters: ``pieces`` (kinds that may be placed), ``owner`` (``mover``, ``opponent``: whose
    piece, taken from that player's reserve; ``neutral``: a piece of nobody's), ``where`` (``empty``,
    a region, or an expression naming a region: empty squares in it), ``not_adjacent_to_own``
    (``orthogonal`` or ``all``: not next to a piece of the same owner) with ``fallback: true`` (when
    no square satisfies that, any square of ``where`` will do), ``onto`` (``empty``, the default;
    ``any``, ``occupied``, ``own``, ``enemy``: the piece may also go on top of such a stack).

    A kind that belongs to no reserve has an unlimited supply. A move is ``(index, square, code)``.
    """

    name = "place"
    #: the block's entry in the schema's ``$defs``, its keys, and its line in the list of blocks
    schema_name = "place"
    summary = "Put a piece from a reserve on an empty square. Implemented."
    schema = {
        "type": "object",
        "description": (
            "`place`: put a piece from a reserve on an empty square, or with `onto` on top of a stack. A kind"
            " that belongs to no reserve has an unlimited supply. See docs/reference/moves.md."
        ),
        "additionalProperties": False,
        "properties": {
            "pieces": {
                "$ref": "#/$defs/pieceList",
                "description": (
                    "The kinds the player may choose from (default: every kind); each is taken from the "
                    "reserve that supplies it (a piece in no reserve is unlimited)."
                ),
            },
            "owner": {
                "description": (
                    "Whose piece is placed: `mover` (default), `opponent` (a first turn on which each player "
                    "places the other's piece, taken from the opponent's reserve) or `neutral`."
                ),
                "enum": ["mover", "opponent", "neutral"],
                "default": "mover",
            },
            "where": {
                "$ref": "#/$defs/regionRef",
                "description": (
                    "Squares allowed for the placement; the target must also be empty. `empty` (default) = "
                    "any empty square; otherwise a region, or an expression naming one (e.g. the choice "
                    "option `gold_area`)."
                ),
                "default": "empty",
            },
            "except": {
                "$ref": "#/$defs/regionRef",
                "description": (
                    "Squares taken out of `where`: a region, or an option or expression naming one (for "
                    "example not the centre on the very first move)."
                ),
            },
            "not_adjacent_to_own": {
                "description": (
                    "Forbid squares next to a piece of the placing player in these directions (an opening "
                    "that spreads the pieces: `orthogonal`). Absent: no such rule."
                ),
                "anyOf": [
                    {
                        "$ref": "#/$defs/directions",
                    },
                    {
                        "const": "none",
                    },
                ],
            },
            "from": {
            "$ref": "#/$defs/intExpression",
            "description": (
                "The piece goes on an empty square in line with this square (reached over empty squares, "
                "along `directions`): an expression such as `to`, the square the part of the turn before "
                "ended on (an arrow shot from where a piece stopped)."
            ),
        },
        "directions": {
            "$ref": "#/$defs/directions",
            "description": "With `from`: the lines looked along (default `all`).",
            "default": "all",
        },
        "fallback": {
                "type": "boolean",
                "description": (
                    "True: when no square satisfies `not_adjacent_to_own`, any empty square of `where` will "
                    "do (where a large group cannot be spread)."
                ),
                "default": False,
            },
            "reserve": {
                "$ref": "#/$defs/identifier",
                "description": (
                    "Take the piece from this reserve only (default: the reserve that supplies the piece)."
                ),
            },
            "count": {
                "$ref": "#/$defs/intExpression",
                "description": (
                    "How many pieces go on the square at once, as one column: a number or an expression of "
                    "the position (`reserve(mover)`: every piece left). Default 1; more needs `stacking`."
                ),
            },
            "onto": {
                "description": (
                    "Where the piece may go: `empty` (default) or also on top of stacks: `any`, `occupied`, "
                    "`own`, `enemy` (Focus: drops on any square, `any`)."
                ),
                "enum": ["empty", "any", "occupied", "own", "enemy", "not_own"],
                "default": "empty",
            },
        },
    }
    default_template = "{piece}{to}"
    field_kinds = {"piece": "piece", "to": "square"}

    @classmethod
    def check(cls, checker: Checking, path: tuple[Any, ...], params: dict[str, Any]) -> None:
        super().check(checker, path, params)
        declared = checker.data.get("pieces", {})
        neutral = {k for k, v in declared.items() if v.get("neutral")}
        kinds = params.get("pieces", list(declared))
        wrong = [k for k in kinds if k in declared and (k in neutral) != (params.get("owner") == "neutral")]
        if wrong:
            checker.fail(path + ("owner",) if "owner" in params else path + ("pieces",),
                         f"{', '.join(wrong)}: `owner: neutral` places the pieces declared `neutral: true`, "
                         "and only those")
        where = params.get("where")
        if isinstance(where, str) and where != "empty" and where not in checker.regions \
                and where not in checker.data.get("options", {}):  # else a region, or an option naming one
            checker.expression(path + ("where",), where)
        if "reserve" in params:
            checker.refuse(path + ("reserve",), params["reserve"], "a piece comes from the reserve its kind belongs to")
        if "from" in params:
            checker.expression(path + ("from",), params["from"], {"from", "to"})
            reads_the_part_before(checker, path + ("from",), params["from"], {"from", "to"})
        if params.get("onto", "empty") != "empty" and not checker.stacking:
            checker.fail(checker.own(path + ("onto",), ("board", "stacking")), "a piece placed on top of another builds a stack: the board needs "
                         "`stacking: true` (or leave `onto` out: empty squares only)")

    def __init__(self, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, index, params, path)
        t = c.t
        self.kinds = [t.kind_index[k] for k in params.get("pieces", list(t.kind_index))]
        owner = params.get("owner", "mover")
        self.for_opponent = owner == "opponent"
        self.neutral = owner == "neutral"
        where = params.get("where", "empty")
        if where != "empty":
            where = c.constant(path + ("where",), where)
        mask = t.topology.full_mask if where == "empty" else t.region_mask(where)
        if params.get("except"):
            mask &= ~t.region_mask(c.constant(path + ("except",), params["except"]))
        self.squares = tuple(sq for sq in range(t.topology.size) if mask >> sq & 1)
        self.allowed = mask
        n = t.topology.size
        apart = params.get("not_adjacent_to_own")
        #: per player, per square: the neighbours an own piece may not stand on
        self.apart: list[list[int]] | None = None
        if apart and apart != "none":
            topo = cast("Board", t.topology)
            self.apart = [[]]
            for p in t.player_numbers:
                try:
                    steps = topo.directions(apart, p)
                except ValueError as exc:
                    raise c.error(path + ("not_adjacent_to_own",), str(exc)) from None
                self.apart.append([sum(1 << t for t in (topo.step(sq, d) for d in steps) if t >= 0)
                                   for sq in range(n)])
        self.fallback = bool(params.get("fallback", False))
        onto = params.get("onto", "empty")
        #: None: empty squares only (the fast case); else which stacks a piece may go on top of
        self.onto = None if onto == "empty" else Landing(c, onto, path + ("onto",))
        count = params.get("count", 1)
        #: how many pieces go down at once (an int, or a function of the state)
        self.count = c.move_number(path + ("count",), count)
        if count != 1 and not t.stacking:
            raise c.error(path + ("count",), "pieces placed together stand as a column: the board needs "
                          "`stacking: true`")
        #: ``from`` and ``directions``: the piece is placed on an empty square in line with the square
        #: ``from`` names (read in the position at hand: a later part of a turn reads the part before),
        #: over empty squares only; the lines from every square, per direction
        self.line_from = c.condition(path + ("from",), params["from"]) if "from" in params else None
        self.lines: list[list[tuple[int, ...]]] = []
        if self.line_from is not None:
            topo = cast("Board", t.topology)
            try:
                dirs = topo.directions(params.get("directions", "all"))
            except ValueError as exc:
                raise c.error(path + ("directions",), str(exc)) from None
            self.lines = [[r for r in (topo.ray(sq, d) for d in dirs) if r] for sq in range(n)]
        # prebuilt move tuples: table[code][sq]
        self.table = [[PlaceMove((index, sq, code)) for sq in range(n)] for code in range(t.num_codes)]
        self.reserve_of = t.reserve_of_kind
        #: per code, its kind's reserve (-1: none)
        self.code_reserve = [t.reserve_of_kind[t.code_kind[code]] for code in range(t.num_codes)]
        #: per player who supplies the piece: (its kind's reserve, the moves by square) per kind
        self.rows = [[], *([(self.reserve_of[kind], self.table[t.code(kind, 0 if self.neutral else p)])
                            for kind in self.kinds] for p in t.player_numbers)]

    def supplier(self, st: "Position") -> int:
        return self.t.next_player[st.to_move] if self.for_opponent else st.to_move

    def _free(self, st: "Position") -> list[int]:
        stacks = st.stacks
        if self.line_from is not None:
            return self._in_line(st)
        if self.onto is not None:
            ok = self.onto.ok[st.to_move]
            free = [sq for sq in self.squares if ok[stacks[sq][-1] + 1 if stacks[sq] else 0]]
        else:
            free = [sq for sq in self.squares if not stacks[sq]]
        if self.apart is None or not free:
            return free
        t = self.t
        own = 0
        for code in range(t.num_codes):
            if t.code_owner[code] == st.to_move:
                own |= st.tops[code]
        apart = self.apart[st.to_move]
        spaced = [sq for sq in free if not own & apart[sq]]
        return spaced if spaced or not self.fallback else free

    def _in_line(self, st: "Position") -> list[int]:
        """The empty squares of ``where`` along the lines from the square ``from`` names, up to the
        first piece on each."""
        origin = cast(Callable[[Any], Any], self.line_from)(self.cond.ctx)
        if not isinstance(origin, int) or not 0 <= origin < len(self.lines):
            return []
        stacks = st.stacks
        allowed = self.allowed
        free = []
        for ray in self.lines[origin]:
            for sq in ray:
                if stacks[sq]:
                    break
                if allowed >> sq & 1:
                    free.append(sq)
        return free

    def _count(self, st: "Position") -> int:
        n = self.count
        return int(n(st, 0, 0)) if callable(n) else int(n)

    def generate(self, st: "Position", out: list[Any]) -> None:
        p = self.supplier(st)
        reserves = st.reserves[p]
        free = None
        n = self._count(st) if self.count != 1 else 1
        if n < 1:
            return
        for r, row in self.rows[p]:
            if r >= 0 and reserves[r] < n:
                continue
            if free is None:
                free = self._free(st)
                if not free:
                    return
            out.extend([row[sq] for sq in free])

    def apply(self, st: "Position", move: "Move") -> Any:
        _, sq, code = move
        if self.count != 1:
            n = self._count(st)
            put(st, sq, [code] * n)
        else:
            n = 1
            t = self.t
            s = st.stacks[sq]
            old = s[-1] if s else -1
            st.hash ^= t.zobrist[(sq * t.zobrist_stride + len(s)) * t.num_codes + code]
            s.append(code)
            retop(st, sq, old)
        r = self.code_reserve[code]
        if r >= 0:
            change_reserve(st, self.supplier(st), r, -n)
        return n

    def undo(self, st: "Position", move: "Move", info: Any) -> None:
        _, sq, code = move
        if info != 1:
            lift(st, sq, info)
        else:
            t = self.t
            s = st.stacks[sq]
            s.pop()
            st.hash ^= t.zobrist[(sq * t.zobrist_stride + len(s)) * t.num_codes + code]
            retop(st, sq, code)
        r = self.code_reserve[code]
        if r >= 0:
            change_reserve(st, self.supplier(st), r, info)

    def takes_off(self) -> bool:
        return False  # a piece placed stays

    action_doc = "a kind the block places x a square it may go on (kinds in the block's order, squares in board order)"

    def action_keys(self) -> list[Any]:
        return [(sq, kind) for kind in self.kinds for sq in self.squares]

    def action_parts(self, move: "Move") -> tuple[Any, ...]:
        return ((move[1], self.t.code_kind[move[2]]),)

    def fields(self, st: "Position", move: "Move") -> dict[str, Any]:
        return {"piece": self.t.kind_names[self.t.code_kind[move[2]]], "to": move[1]}

    def part_text(self, st: "Position", key: Any) -> str:
        sq, kind = key
        return f"{self.t.kind_names[kind]} {self.t.topology.names[sq]}"

    def to_square(self, move: "Move") -> int:
        return int(move[1])

    def from_fields(self, st: "Position", fields: dict[str, Any]) -> "Move":
        piece = fields.get("piece")
        kind = self.t.kind_index[piece] if piece else self.kinds[0]
        return PlaceMove((self.index, fields["to"], self.t.code(kind, 0 if self.neutral else self.supplier(st))))

    def explain(self, st: "Position", move: "Move") -> str:
        _, sq, code = move
        g = self.t
        kind = self.t.code_kind[code]
        if kind not in self.kinds:
            allowed = ", ".join(g.kind_names[k] for k in self.kinds)
            return f"only {allowed} may be placed now"
        if st.stacks[sq] and self.onto is None:
            return f"{g.topology.name(sq)} is not empty"
        if self.onto is not None and sq not in self._free(st):
            return f"a piece may not be put on the stack on {g.topology.name(sq)}"
        if sq not in self.squares:
            return f"{g.topology.name(sq)} is not a square a piece may be placed on"
        r = self.reserve_of[kind]
        if r >= 0 and st.reserves[self.supplier(st)][r] <= 0:
            return f"no {g.kind_names[kind]} left in reserve"
        if self.apart is not None and sq not in self._free(st):
            return f"{g.topology.name(sq)} is next to a piece of the same player"
        return super().explain(st, move)
