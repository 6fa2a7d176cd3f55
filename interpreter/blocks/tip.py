"""``tip``: a die rolls over its edges square by square, as far as its top face shows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from typing import Any, Iterator, cast

from ..ledger import capture_at, move_top, set_orientation, topped, uncapture_at
from ..moves import Move, field
from .base import Block, Checking, Compiling

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Move, Position
    from ..orientation import DieModel
    from ..topology import Board

__all__ = ["Tip", "TipMove"]

_DIRS = ("north", "south", "east", "west")
_PERPENDICULAR = {0: (2, 3), 1: (2, 3), 2: (0, 1), 3: (0, 1)}



class TipMove(Move):
    """A die tipped along a route (``tip``): the square it leaves, the square where it turns (-1:
    straight on), the square it ends on."""

    __slots__ = ()
    fields = ("from_square", "turn", "to_square")
    from_square = field(1, "the square the die leaves")
    turn = field(2, "the square where it turns, or -1")
    to_square = field(3, "the square it ends on")


class Tip(Block):
    """Parameters: ``pieces`` (kinds with ``orientation: die``), ``turns`` (0 or 1 right-angle
    turns), ``capture`` (the last square may hold an enemy piece, which is removed).

    The die moves exactly its top face's number of squares, every square but the last empty, never
    back along its path. A move is its route: ``(index, from, turn, to)``, ``turn`` -1 when straight.
    """

    name = "tip"
    #: the block's entry in the schema's ``$defs``, its keys, and its line in the list of blocks
    schema_name = "tip"
    summary = "A die tips over square by square along a route with at most one turn."
    schema = {
        "type": "object",
        "description": (
            "`tip`: a die's move. A die tips over an edge at every step, moving exactly its top face's number"
            " of squares orthogonally, with at most `turns` right-angle turns and never back along its path. "
            "Every square passed must be empty; the last may hold an enemy piece, which is captured. A move "
            "is its route. Implemented (square boards). See docs/reference/moves.md."
        ),
        "additionalProperties": False,
        "properties": {
            "pieces": {
                "$ref": "#/$defs/pieceList",
                "description": "The kinds of piece that tip (they need `orientation: die`).",
            },
            "distance": {
                "description": (
                    "`top` (default): the number on the top face at the start of the move. Other values are "
                    "refused by `validate`: not available."
                ),
                "anyOf": [
                    {
                        "const": "top",
                    },
                    {
                        "$ref": "#/$defs/intExpression",
                    },
                ],
                "default": "top",
            },
            "directions": {
                "$ref": "#/$defs/directions",
                "description": (
                    "`orthogonal` (default): a die tips north, south, east or west. Other values are refused "
                    "by `validate`: not available."
                ),
                "default": "orthogonal",
            },
            "turns": {
                "description": (
                    "Most 90-degree turns in one move: 0 (straight only) or 1 (default)."
                ),
                "enum": [0, 1],
                "default": 1,
            },
            "capture": {
                "type": "boolean",
                "description": (
                    "True (default): the last square may hold an enemy piece, which is removed."
                ),
                "default": True,
            },
        },
        "required": ["pieces"],
    }
    default_template = "{from}-{turn}{to}"
    field_kinds = {"from": "square", "turn": "waypoint", "to": "square"}

    @classmethod
    def check(cls, checker: Checking, path: tuple[Any, ...], params: dict[str, Any]) -> None:
        super().check(checker, path, params)
        if params.get("distance", "top") != "top":
            checker.refuse(path + ("distance",), params["distance"], "a die moves its top face's number")
        if params.get("directions", "orthogonal") != "orthogonal":
            checker.refuse(path + ("directions",), params["directions"], "a die tips north, south, east or west")

    def __init__(self, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, index, params, path)
        topo = cast("Board", c.t.topology)
        self.codes = c.t.player_codes(params.get("pieces"))
        self.turns = int(params.get("turns", 1))
        self.capture = bool(params.get("capture", True))
        self.rays = [[topo.ray(sq, d) for d in _DIRS] for sq in range(topo.size)]
        self.die = cast("DieModel", c.t.die)  # a game with a `tip` has dice
        self.tip = {code: [self.die.tipped[code][d] for d in _DIRS] for code in self.die.codes}
        # routes[sq * 8 + n]: (move tuples, masks of the squares passed before the end, ends)
        self._route_cache: list[list[tuple[tuple[Any, ...], int, int]] | None] = [None] * (topo.size * 8)
        #: the orientation after following a route: (start code, route key) -> end code
        self._end_orient: dict[tuple[int, int, int, int], int] = {}

    def _routes(self, sq: int, n: int) -> Iterator[tuple[int, int, tuple[int, ...], tuple[int, ...]]]:
        """(turn square or -1, end, [directions of each step]) of every route of ``n`` squares."""
        rays = self.rays
        for d in range(4):
            ray = rays[sq][d]
            if len(ray) >= n:
                yield -1, ray[n - 1], ray[:n], (d,) * n
            if self.turns < 1:
                continue
            for k in range(1, min(n, len(ray) + 1)):
                corner = ray[k - 1]
                for e in _PERPENDICULAR[d]:
                    rest = rays[corner][e]
                    if len(rest) >= n - k:
                        yield corner, rest[n - k - 1], ray[:k] + rest[:n - k], (d,) * k + (e,) * (n - k)

    def _compiled(self, sq: int, n: int) -> list[tuple[tuple[Any, ...], int, int]]:
        key = sq * 8 + n
        got = self._route_cache[key]
        if got is None:
            got = []
            for turn, end, path, _ in self._routes(sq, n):
                passed = 0
                for t in path[:-1]:
                    passed |= 1 << t
                got.append((TipMove((self.index, sq, turn, end)), passed, end))
            self._route_cache[key] = got
        return got

    def generate(self, st: "Position", out: list[Any]) -> None:
        p = st.to_move
        mine = topped(st, self.codes[p])
        # squares a die may end on: empty, or (capturing) holding an enemy piece
        occupied = st.occupied
        allowed = self.t.topology.full_mask & ~occupied
        if self.capture:
            for code, bits in enumerate(st.tops):
                if self.t.enemy[p][code]:
                    allowed |= bits
        orient = st.orient
        compiled = self._compiled
        while mine:
            low = mine & -mine
            sq = low.bit_length() - 1
            mine ^= low
            for move, passed, end in compiled(sq, orient[sq] >> 3):
                if not occupied & passed and allowed >> end & 1:
                    out.append(move)

    def _path(self, st: "Position", move: "Move") -> Any:
        _, sq, turn, end = move
        n = st.orient[sq] >> 3
        for t, e, path, dirs in self._routes(sq, n):
            if t == turn and e == end:
                return path, dirs
        return None, None

    def apply(self, st: "Position", move: "Move") -> Any:
        _, a, turn, b = move
        gone = capture_at(st, b)
        start = st.orient[a]
        key = (start, a, turn, b)
        end = self._end_orient.get(key)
        if end is None:
            _, dirs = self._path(st, move)
            end = start
            for d in dirs:
                end = self.tip[end][d]
            self._end_orient[key] = end
        move_top(st, a, b)
        set_orientation(st, b, end)
        return (gone, start)

    def undo(self, st: "Position", move: "Move", info: Any) -> None:
        _, a, turn, b = move
        gone, start = info
        set_orientation(st, b, start)
        move_top(st, b, a)
        uncapture_at(st, b, gone)

    action_doc = ("a route: from square x the square where it turns (or none) x the last square, "
                  "every route of 1 to 7 squares on this board")

    def action_keys(self) -> list[Any]:
        full = self.t.topology.full_mask
        keys: dict[Any, None] = {}
        for sq in range(self.t.topology.size):
            if full >> sq & 1:
                for n in range(1, 8):
                    for turn, end, _, _ in self._routes(sq, n):
                        keys[(sq, turn, end)] = None
        return list(keys)

    def action_parts(self, move: "Move") -> tuple[Any, ...]:
        return ((move[1], move[2], move[3]),)

    def from_square(self, move: "Move") -> int:
        return int(move[1])

    def to_square(self, move: "Move") -> int:
        return int(move[3])

    def fields(self, st: "Position", move: "Move") -> dict[str, Any]:
        return {"from": move[1], "turn": move[2], "to": move[3]}

    def from_fields(self, st: "Position", fields: dict[str, Any]) -> "Move":
        turn = fields.get("turn")
        return TipMove((self.index, fields["from"], -1 if turn is None else turn, fields["to"]))

    def explain(self, st: "Position", move: "Move") -> str:
        _, a, turn, b = move
        name = self.t.topology.name
        s = st.stacks[a]
        if not s or s[-1] not in self.codes[st.to_move]:
            return f"{name(a)} holds no die of the player to move"
        n = st.orient[a] >> 3
        path, _ = self._path(st, move)
        if path is None:
            return f"no route of exactly {n} square(s) from {name(a)} to {name(b)}" + (
                f" turning on {name(turn)}" if turn >= 0 else " in a straight line")
        blocked = [t for t in path[:-1] if st.stacks[t]]
        if blocked:
            return f"{name(blocked[0])} is in the way"
        t = st.stacks[b]
        if t and self.t.code_owner[t[-1]] == st.to_move:
            return f"{name(b)} holds an own piece"
        return super().explain(st, move)
