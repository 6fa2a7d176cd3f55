"""``leap``: a piece jumps to the square a fixed offset away, whatever stands between (a knight),
or, with ``leg``, unless the square next to it on the way is taken (a horse that can be hobbled).

docs/reference/adding-a-block.md builds this block step by step, as an example of the block
contract (:mod:`spielwerk.blocks.base`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..ledger import capture_at, move_top, topped, uncapture_at
from ..moves import SquareMove
from .base import Block, Checking, Compiling
from .parts import LANDING_WORDS, FromTo, Landing

if TYPE_CHECKING:  # pragma: no cover
    from ..moves import Move
    from ..state import Position

__all__ = ["Leap"]


class Leap(FromTo, Block):
    """A move is ``SquareMove((index, from, to))``: the piece on ``from`` lands on ``to``, taking
    an enemy piece there away."""

    name = "leap"
    schema_name = "leap"
    summary = "A piece jumps to the square a fixed offset away (a knight), blocked or not."
    lands_only = True
    schema = {
        "type": "object",
        "description": (
            "`leap`: a piece jumps to the square a fixed offset away, whatever stands between; with `leg`, "
            "only if the square next to it on the way is empty. See docs/reference/moves.md."
        ),
        "additionalProperties": False,
        "properties": {
            "pieces": {
                "$ref": "#/$defs/pieceList",
                "description": "The kinds that leap (default: every kind).",
            },
            "offsets": {
                "type": "array",
                "description": (
                    "The jumps as [files, ranks] pairs, seen from the player who moves first: [1, 2] is one "
                    "file right and two ranks up. Every mirror image and turn of each pair is added unless "
                    "`symmetric` is false (then the second player's are turned round)."
                ),
                "items": {
                    "type": "array",
                    "items": {
                        "type": "integer",
                    },
                    "minItems": 2,
                    "maxItems": 2,
                },
                "minItems": 1,
            },
            "symmetric": {
                "type": "boolean",
                "description": (
                    "True (default): every mirror image and quarter turn of an offset is one too."
                ),
                "default": True,
            },
            "leg": {
                "type": "boolean",
                "description": (
                    "True: the leap is blocked by a piece on its first square: one step along the offset's "
                    "longer side (diagonally where both sides are equal). Default false."
                ),
                "default": False,
            },
            "to": {
                "$ref": "#/$defs/landing",
                "description": (
                    "Where the leap may end (default `not_own`); an enemy piece there is taken away."
                ),
            },
            "compulsory": {
                "type": "boolean",
                "description": "Its moves, where there are any, are the only legal ones.",
            },
        },
        "required": ["offsets"],
    }
    default_template = "{from}-{to}"
    field_kinds = {"from": "square", "to": "square"}
    action_doc = "a from square x a square one of the offsets reaches"

    @classmethod
    def check(cls, checker: Checking, path: tuple[Any, ...], params: dict[str, Any]) -> None:
        super().check(checker, path, params)
        if "to" in params:
            checker.landing(path + ("to",), params["to"], LANDING_WORDS, {"from", "to"})
        for i, (df, dr) in enumerate(params.get("offsets", [])):
            if df == dr == 0:
                checker.fail(path + ("offsets", i), "a leap of [0, 0] goes nowhere")

    def __init__(self, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, index, params, path)
        topo = c.t.topology
        width = getattr(topo, "width", 0)
        turn = getattr(topo, "turn", None)  # square boards turn a step for each player
        if turn is None:
            raise c.error(path, "a leap's offsets count files and ranks: it needs a square board")
        self.codes = c.t.player_codes(params.get("pieces"))
        self.landing = Landing(c, params.get("to", "not_own"), path + ("to",))
        offsets = _offsets(params["offsets"], bool(params.get("symmetric", True)))
        #: per player and square: (target, leg square or -1) for every leap that stays on the board
        self.jumps: list[list[list[tuple[int, int]]]] = [[]]
        for p in c.t.player_numbers:
            # offsets given as player 1 sees them: each player's turned to the way he faces
            try:
                turned = offsets if params.get("symmetric", True) else [turn(df, dr, p) for df, dr in offsets]
            except ValueError as exc:
                raise c.error(path + ("symmetric",), str(exc)) from None
            self.jumps.append([[hop for df, dr in turned
                                if (hop := _hop(topo, width, sq, df, dr, bool(params.get("leg"))))]
                               for sq in range(topo.size)])
        self.table = [[SquareMove((index, a, b)) for b in range(topo.size)] for a in range(topo.size)]
        #: per player and square: the squares a leap could come from (``could_take``)
        self.into = [[0] * topo.size for _ in range(c.t.num_players + 1)]
        for p in c.t.player_numbers:
            for a, hops in enumerate(self.jumps[p]):
                for b, _ in hops:
                    self.into[p][b] |= 1 << a

    def could_take(self, player: int, square: int, code: int) -> int | None:
        return self.into[player][square] if self.landing.ok[player][code + 1] else 0

    def generate(self, st: "Position", out: list[Any]) -> None:
        p = st.to_move
        stacks = st.stacks
        ok, land = self.landing.ok[p], self.landing
        mine = topped(st, self.codes[p])
        jumps = self.jumps[p]
        while mine:
            low = mine & -mine
            a = low.bit_length() - 1
            mine ^= low
            row = self.table[a]
            for b, leg in jumps[a]:
                if leg >= 0 and stacks[leg]:
                    continue
                s = stacks[b]
                if ok[s[-1] + 1 if s else 0] and (land.simple or land.allows(st, p, a, b, 1)):
                    out.append(row[b])

    def apply(self, st: "Position", move: "Move") -> Any:
        _, a, b = move
        gone = capture_at(st, b)
        move_top(st, a, b)
        return gone

    def undo(self, st: "Position", move: "Move", gone: Any) -> None:
        _, a, b = move
        move_top(st, b, a)
        uncapture_at(st, b, gone)

    def explain(self, st: "Position", move: "Move") -> str:
        _, a, b = move
        name = self.t.topology.name
        s = st.stacks[a]
        if not s or s[-1] not in self.codes[st.to_move]:
            return f"{name(a)} holds no piece of the player to move that leaps"
        hops = dict(self.jumps[st.to_move][a])
        if b not in hops:
            return f"{name(b)} is not a leap away from {name(a)}"
        if hops[b] >= 0 and st.stacks[hops[b]]:
            return f"the leap is blocked on {name(hops[b])}"
        return f"the leap may not end on {name(b)}"

    def action_keys(self) -> list[Any]:
        return sorted({(a, b) for per_player in self.jumps[1:] for a, hops in enumerate(per_player) for b, _ in hops})


def _offsets(given: list[list[int]], symmetric: bool) -> list[tuple[int, int]]:
    """The offsets, with every mirror image and quarter turn where ``symmetric``, each once, in order."""
    out: list[tuple[int, int]] = []
    for df, dr in given:
        images = [(df, dr)]
        if symmetric:
            images = [(x * sx, y * sy) for x, y in ((df, dr), (dr, df)) for sx in (1, -1) for sy in (1, -1)]
        for image in images:
            if image not in out:
                out.append(image)
    return out


def _hop(topo: Any, width: int, sq: int, df: int, dr: int, leg: bool) -> tuple[int, int] | None:
    """(the square ``df``, ``dr`` away from ``sq``, its leg square or -1), or None off the board."""
    f, r = sq % width, sq // width
    target = _square(topo, width, f + df, r + dr)
    if target < 0:
        return None
    if not leg:
        return target, -1
    sf, sr = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
    first = (sf, sr) if abs(df) == abs(dr) else (sf, 0) if abs(df) > abs(dr) else (0, sr)
    return target, _square(topo, width, f + first[0], r + first[1])


def _square(topo: Any, width: int, f: int, r: int) -> int:
    """The square at file ``f``, rank ``r``, or -1 where there is none."""
    if not (0 <= f < width and 0 <= r < topo.height):
        return -1
    sq = r * width + f
    return sq if topo.exists(sq) else -1
