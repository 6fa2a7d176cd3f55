"""``rotate``: a square region of the board turns a quarter turn, everything on it moving with it
(a quadrant of the board turned after a placement)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..ledger import restack
from ..moves import Move, field
from .base import Block, Checking, Compiling

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Position

__all__ = ["Rotate", "RotateMove"]

#: a turn's sign in the notation: + clockwise, - counter-clockwise, = a half turn
_SIGN = {1: "+", -1: "-", 2: "="}
_TURN = {v: k for k, v in _SIGN.items()}


class RotateMove(Move):
    """A region turned: its number among the block's regions, and the turn (1 clockwise, -1
    counter-clockwise, 2 a half turn)."""

    __slots__ = ()
    fields = ("region", "turn")
    region = field(1, "the region's number among the block's `regions`")
    turn = field(2, "1 a quarter turn clockwise, -1 counter-clockwise, 2 a half turn")


class Rotate(Block):
    """A move is ``RotateMove((index, region, turn))``."""

    name = "rotate"
    schema_name = "rotate"
    summary = "A square region of the board turns, with everything on it."
    schema = {
        "type": "object",
        "description": (
            "`rotate`: one of the `regions` (each a square block of squares) turns by one of the `turns`, "
            "every stack on it moving with it. See docs/reference/moves.md."
        ),
        "additionalProperties": False,
        "properties": {
            "regions": {
                "type": "array",
                "description": "The regions that may turn, each a square block of squares (a region name or a range `a1-c3`).",
                "items": {"$ref": "#/$defs/regionItem"},
                "minItems": 1,
            },
            "turns": {
                "type": "array",
                "description": "The turns allowed: 1 a quarter turn clockwise, -1 counter-clockwise, 2 a half turn. Default [1, -1].",
                "items": {"enum": [1, -1, 2]},
                "minItems": 1,
                "default": [1, -1],
            },
        },
        "required": ["regions"],
    }
    default_template = "{region}{turn}"
    field_kinds = {"region": "int", "turn": "direction"}
    action_doc = "a region x a turn"

    @classmethod
    def check(cls, checker: Checking, path: tuple[Any, ...], params: dict[str, Any]) -> None:
        return None

    def __init__(self, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, index, params, path)
        t = c.t
        topo = t.topology
        if topo.__class__.__name__ != "SquareTopology":
            raise c.error(path, "a region turns on a square board")
        width = getattr(topo, "width", 0)
        self.turns = [int(x) for x in params.get("turns", [1, -1])]
        #: the turns as the notation names them (respelled by `notation.fields.turn`)
        self.dir_names = [_SIGN[turn] for turn in self.turns]
        #: per region: the permutations of its squares, by turn: ``maps[r][turn][i]`` is where the
        #: stack of the region's i-th square goes
        self.squares: list[list[int]] = []
        self.maps: list[dict[int, list[int]]] = []
        for i, item in enumerate(params["regions"]):
            squares = _square_block(c, path + ("regions", i), item, width)
            self.squares.append(squares)
            self.maps.append({turn: _turned(squares, width, turn) for turn in self.turns})
        self.moves = [[RotateMove((index, r, turn)) for turn in self.turns] for r in range(len(self.squares))]

    def generate(self, st: "Position", out: list[Any]) -> None:
        for row in self.moves:
            out.extend(row)

    def apply(self, st: "Position", move: "Move") -> Any:
        _, r, turn = move
        squares, to = self.squares[r], self.maps[r][turn]
        stacks = [list(st.stacks[sq]) for sq in squares]
        for stack, target in zip(stacks, to):
            restack(st, target, stack)
        return None

    def undo(self, st: "Position", move: "Move", info: Any) -> None:
        _, r, turn = move
        squares, to = self.squares[r], self.maps[r][turn]
        stacks = [list(st.stacks[target]) for target in to]
        for stack, sq in zip(stacks, squares):
            restack(st, sq, stack)

    def fields(self, st: "Position", move: "Move") -> dict[str, Any]:
        return {"region": move[1] + 1, "turn": _SIGN[move[2]]}

    def from_fields(self, st: "Position", fields: dict[str, Any]) -> "Move":
        from ..dsl.errors import InvalidMoveError
        region = int(fields["region"]) - 1
        turn = _TURN.get(str(fields["turn"]))
        if not 0 <= region < len(self.squares) or turn not in self.turns:
            raise InvalidMoveError(f"no region {region + 1} turning {fields['turn']!r} here")
        return RotateMove((self.index, region, turn))

    def action_keys(self) -> list[Any]:
        return [(r, turn) for r in range(len(self.squares)) for turn in self.turns]

    def action_parts(self, move: "Move") -> tuple[Any, ...]:
        return ((move[1], move[2]),)

    def part_text(self, st: "Position", key: Any) -> str:
        return f"region {key[0] + 1} {_SIGN[key[1]]}"


def _square_block(c: Compiling, path: tuple[Any, ...], item: Any, width: int) -> list[int]:
    """The squares of a region that turns, rank by rank from its lower-left corner; a located
    error where they do not fill a square block."""
    mask = c.t.region_mask(item) if c.t.is_region(item) else _range_mask(c, path, str(item), width)
    squares = [sq for sq in range(c.t.topology.size) if mask >> sq & 1]
    files = sorted({sq % width for sq in squares})
    ranks = sorted({sq // width for sq in squares})
    n = len(files)
    if not squares or len(ranks) != n or len(squares) != n * n or files != list(range(files[0], files[0] + n)) \
            or ranks != list(range(ranks[0], ranks[0] + n)):
        raise c.error(path, f"{item!r} is not a square block of squares, so it cannot turn")
    return squares


def _range_mask(c: Compiling, path: tuple[Any, ...], text: str, width: int) -> int:
    """The squares of ``a1-c3`` (a rectangle between two corners)."""
    topo = c.t.topology
    try:
        a, b = (topo.parse_square(s) for s in text.split("-", 1))
    except ValueError as exc:
        raise c.error(path, f"{text!r}: {exc}") from None
    mask = 0
    for r in range(min(a, b) // width, max(a, b) // width + 1):
        for f in range(min(a % width, b % width), max(a % width, b % width) + 1):
            mask |= 1 << (r * width + f)
    return mask


def _turned(squares: list[int], width: int, turn: int) -> list[int]:
    """Where each square of a square block goes when the block turns (1 clockwise, seen with the
    first rank at the bottom)."""
    f0, r0 = min(sq % width for sq in squares), min(sq // width for sq in squares)
    n = max(sq % width for sq in squares) - f0 + 1
    out = []
    for sq in squares:
        x, y = sq % width - f0, sq // width - r0
        for _ in range(turn % 4):
            x, y = y, n - 1 - x  # a quarter turn clockwise
        out.append((r0 + y) * width + f0 + x)
    return out
