"""Building blocks the general move primitives share, each compiled once from its YAML key.

* :func:`compile_rays` - ``directions`` (a set, a list, or per piece kind) and ``extra``: for each
  player, kind and square, the straight lines a piece may follow, each as (direction name, squares).
* :class:`Landing` - ``to``: which squares a move may end on (empty, own, enemy, occupied, any, a
  region, a condition).
* :class:`Promotion` - ``promote``: a piece that ends its move in a region becomes another kind.

Stack surgery (lifting, putting, clearing, with the hash kept up to date) is :mod:`spielwerk.ledger`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, cast

from ..dsl.spec import MOVE_VARIABLES
from ..ledger import capture_at, move_top, uncapture_at
from ..moves import SquareMove

if TYPE_CHECKING:  # pragma: no cover
    from ..moves import Move
    from ..state import Position
    from ..topology import Board
    from .base import Checking, Compiling

__all__ = ["compile_rays", "Landing", "Promotion", "source_codes", "check_lines", "FromTo", "TopFromTo", "LANDING_WORDS",
           "SCHEMA_DEFS"]

#: the words ``to`` accepts, besides regions and conditions
LANDING_WORDS = ("empty", "occupied", "own", "enemy", "neutral", "any", "not_own")


class FromTo:
    """What the blocks whose moves take a piece from one square to another (:class:`SquareMove`)
    share: a move's template fields (``from``, ``to``), read back, and its one action."""

    index: int

    def action_parts(self, move: "Move") -> tuple[Any, ...]:
        return ((move[1], move[2]),)

    def from_square(self, move: "Move") -> int:
        return int(move[1])

    def to_square(self, move: "Move") -> int:
        return int(move[2])

    def fields(self, st: "Position", move: "Move") -> dict[str, Any]:
        return {"from": move[1], "to": move[2]}

    def from_fields(self, st: "Position", fields: dict[str, Any]) -> "Move":
        return SquareMove((self.index, fields["from"], fields["to"]))


class TopFromTo(FromTo):
    """:class:`FromTo` for the blocks whose move carries the top piece of ``from`` to ``to``,
    capturing what stands there (step, fly; leap writes the same out whole, as the example of
    docs/reference/adding-a-block.md)."""

    def apply(self, st: "Position", move: "Move") -> Any:
        _, a, b = move
        gone = capture_at(st, b)
        move_top(st, a, b)  # a die keeps its faces (it does not tip)
        return gone

    def undo(self, st: "Position", move: "Move", gone: Any) -> None:
        _, a, b = move
        move_top(st, b, a)
        uncapture_at(st, b, gone)


def check_lines(checker: "Checking", path: tuple[Any, ...], params: dict[str, Any]) -> None:
    """The keys of the blocks that move along lines: where a move may end or pass (``to``,
    ``over``), directions per piece kind, and promotion."""
    for key in ("to", "over"):
        if key in params:
            checker.landing(path + (key,), params[key], LANDING_WORDS, set(MOVE_VARIABLES))
    directions = params.get("directions")
    if isinstance(directions, dict):
        for kind in directions:
            checker.piece(path + ("directions", kind), kind)
    promote = params.get("promote")
    if isinstance(promote, dict):
        checker.pieces_at(path + ("promote", "pieces"), promote.get("pieces"))
        checker.piece(path + ("promote", "to"), promote.get("to"))
        checker.region(path + ("promote", "region"), promote.get("region"))


def source_codes(c: "Compiling", params: dict[str, Any]) -> list[list[int]]:
    """Per player (1..n), the piece codes a move may start from: the top piece of the stack is of
    one of ``pieces`` (never a ``fixed`` one) and belongs to the player (``owner: mover``, the
    default) or to the opponent (``owner: opponent``)."""
    kinds = [k for k in params.get("pieces", c.t.kind_names) if not c.piece_decl(k).get("fixed")]
    codes = c.t.player_codes(kinds)
    if params.get("owner", "mover") == "opponent":
        return [[], codes[2], codes[1]]
    return codes


def compile_rays(c: "Compiling", params: dict[str, Any], path: tuple[Any, ...],
                 default: Any = "orthogonal") -> list[list[list[list[tuple[str, tuple[int, ...]]]]]]:
    """``rays[player][kind][square]``: the lines a piece of ``kind`` owned by ``player`` may follow
    from ``square``, as (direction name, squares from the next one to the edge). ``directions`` is a
    direction word or list (the same for every kind), or a mapping kind -> directions; kinds it
    does not name do not move. ``extra`` adds directions for pieces standing in a region."""
    t = c.t
    topo = cast("Board", t.topology)
    kinds = range(len(t.kind_names))
    spec = params.get("directions", default)
    extra = params.get("extra", [])

    def names(which: Any, player: int, where: tuple[Any, ...]) -> list[str]:
        try:
            return topo.directions(which, player)
        except ValueError as exc:
            raise c.error(where, str(exc)) from None

    out: list[Any] = [[]]
    for player in t.player_numbers:
        per_kind: list[list[list[tuple[str, tuple[int, ...]]]]] = []
        for kind in kinds:
            name = t.kind_names[kind]
            if isinstance(spec, dict):
                if name not in spec:
                    per_kind.append([[] for _ in range(topo.size)])
                    continue
                base = names(spec[name], player, path + ("directions", name))
            else:
                base = names(spec, player, path + ("directions",))
            more = [(t.player_region_mask(e["from"], player), names(e["directions"], player,
                                                                       path + ("extra", i, "directions")))
                    for i, e in enumerate(extra)]
            squares: list[list[tuple[str, tuple[int, ...]]]] = []
            for sq in range(topo.size):
                dirs = list(base)
                for mask, add in more:
                    if mask >> sq & 1:
                        dirs += [d for d in add if d not in dirs]
                lines = [(d, topo.ray(sq, d)) for d in dirs]
                squares.append([(d, ray) for d, ray in lines if ray])
            per_kind.append(squares)
        out.append(per_kind)
    return out


class Landing:
    """Where a move may end: ``to`` is one word of :data:`LANDING_WORDS`, a region (any square of
    it), a condition (an expression of ``from``, ``to``, ``k`` and ``height``), or a list of these,
    any of which will do. ``blocked`` pieces are checked by the moves themselves."""

    def __init__(self, c: "Compiling", spec: Any, path: tuple[Any, ...], default: str = "empty") -> None:
        self.cond = c.cond
        t = c.t
        words = spec if isinstance(spec, list) else [spec if spec is not None else default]
        self.empty = self.own = self.enemy = self.neutral = False
        #: alternatives besides the words: (region mask per player, None) or (None, condition)
        self.alternatives: list[tuple[list[int] | None, Callable[[Any], Any] | None]] = []
        for i, word in enumerate(words):
            where = path + (i,) if isinstance(spec, list) else path
            if word == "empty":
                self.empty = True
            elif word == "occupied":
                self.own = self.enemy = self.neutral = True
            elif word == "own":
                self.own = True
            elif word == "enemy":
                self.enemy = True
            elif word == "neutral":
                self.neutral = True
            elif word == "any":
                self.empty = self.own = self.enemy = self.neutral = True
            elif word == "not_own":
                self.empty = self.enemy = self.neutral = True
            elif isinstance(word, str) and t.is_region(word):
                self.alternatives.append((t.player_region_masks(word), None))
            else:
                self.alternatives.append((None, c.condition(where, word)))
        #: only the owner of the top piece matters (no region, no condition)
        self.simple = not self.alternatives
        owner = t.code_owner
        #: by the words: may a move of ``player`` end on a square topped by ``code`` (-1 empty)
        self.by_words: list[list[bool]] = [[]] + [
            [self.empty] + [self._by_owner(owner[code], p) for code in range(t.num_codes)] for p in t.player_numbers]
        #: a first test: ``ok[player][code + 1]`` is false only where nothing can allow the square
        self.ok = self.by_words if self.simple else [[], *([True] * (t.num_codes + 1) for _ in t.player_numbers)]
        #: some square holding a piece may be landed on
        self.occupied = self.own or self.enemy or self.neutral or bool(self.alternatives)

    def _by_owner(self, owner: int, player: int) -> bool:
        if owner == 0:
            return self.neutral
        return self.own if owner == player else self.enemy

    def allows(self, st: "Position", player: int, frm: int, to: int, k: int, height: int | None = None) -> bool:
        """Whether the move of ``k`` pieces from ``frm`` (a stack of ``height``, default the one
        standing there) may end on ``to`` - by the owner of the top piece there, a region or a
        condition; not the path."""
        s = st.stacks[to]
        if self.by_words[player][s[-1] + 1 if s else 0]:
            return True
        for masks, condition in self.alternatives:
            if masks is not None and masks[player] >> to & 1:
                return True
            if condition is not None:
                ctx = self.cond.square_context(st, player, frm, to, k)
                if height is not None:
                    ctx.height = height
                if condition(ctx):
                    return True
        return False


class Promotion:
    """``promote: {pieces, to, region, chain}``: a moving piece (the top of what moves) of one of
    ``pieces`` that ends its move in ``region`` (a region, or a per-player one such as the far
    rank) becomes a ``to``. ``chain`` says what promotion does to a chain of jumps: ``ends`` (the
    chain stops there), ``continues`` (it goes on with the new kind's moves) or ``at_end`` (only a
    chain that ends in the region promotes)."""

    def __init__(self, c: "Compiling", spec: dict[str, Any], path: tuple[Any, ...]) -> None:
        t = c.t
        names = spec.get("pieces", t.kind_names)
        kinds = {t.kind_index[k] for k in ([names] if isinstance(names, str) else names)}
        to = t.kind_index[spec["to"]]
        self.chain = spec.get("chain", "ends")
        self.region = t.player_region_masks(spec["region"])
        #: code -> promoted code, or -1
        self.becomes = [t.code(to, t.code_owner[code]) if t.code_kind[code] in kinds else -1
                        for code in range(t.num_codes)]

    def target(self, code: int, player: int, sq: int) -> int:
        """The code the top piece ``code`` becomes on ``sq`` for ``player``, or -1."""
        new = self.becomes[code]
        return new if new >= 0 and self.region[player] >> sq & 1 else -1


#: the schema definitions the moving blocks share: where a move may land (``to``, ``over``) and promotion
SCHEMA_DEFS: dict[str, Any] = {
    "landing": {
        "description": (
            "Which squares qualify (by the top piece there): `empty`, `occupied`, `own`, `enemy`, `neutral`, "
            "`any`, `not_own`; a region; a condition (an expression of `from`, `to`, `k`, `height`); or a "
            "list of these (any of them will do). See docs/reference/moves.md."
        ),
        "anyOf": [
            {
                "enum": list(LANDING_WORDS),
            },
            {
                "$ref": "#/$defs/condition",
            },
            {
                "type": "array",
                "items": {
                    "anyOf": [
                        {
                            "enum": list(LANDING_WORDS),
                        },
                        {
                            "$ref": "#/$defs/condition",
                        },
                    ],
                    "description": "One alternative.",
                },
                "minItems": 1,
                "uniqueItems": True,
            },
        ],
    },
    "promotion": {
        "type": "object",
        "description": (
            "Promotion: a moving piece of one of `pieces` (the top of what moves) that ends its move in "
            "`region` becomes a `to`. A per-player region (`{per_player: [north, south]}`) gives each player "
            "his far rank. See docs/reference/captures.md."
        ),
        "additionalProperties": False,
        "properties": {
            "pieces": {
                "anyOf": [
                    {
                        "$ref": "#/$defs/pieceName",
                    },
                    {
                        "$ref": "#/$defs/pieceList",
                    },
                ],
                "description": "The kinds that promote (default: every kind).",
            },
            "to": {
                "$ref": "#/$defs/pieceName",
                "description": "The kind they become (same owner).",
            },
            "region": {
                "$ref": "#/$defs/regionRef",
                "description": "Where they promote.",
            },
            "chain": {
                "description": (
                    "In a chain of jumps: `ends` (default: promotion ends the chain), `continues` (the chain "
                    "goes on with the new kind's moves), `at_end` (only a chain that ends in the region "
                    "promotes; passing through does not)."
                ),
                "enum": ["ends", "continues", "at_end"],
                "default": "ends",
            },
            "description": {
                "type": "string",
                "description": "Free text for readers of the file; the engine ignores it.",
            },
        },
        "required": ["to", "region"],
    },
}
