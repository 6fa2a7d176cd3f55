"""``jump``: capture by jumping over a piece to the square behind it, alone or in chains.

What jumps (``pieces``, ``owner``, ``take``), which way (``directions``, per piece kind), what may
be jumped (``over``), how far (``flying``: the jumped piece may stand at any distance along an
empty line, and ``land: any``: the jumper may land on any empty square beyond it), what happens to
the jumped piece (``jumped``: removed, its top taken under the jumper, or left), chains (``chain``,
``rejump``, ``removal``), and promotion (``promote``, with ``chain: ends | continues | at_end``).
``compulsory`` and ``prefer`` are read by the game: see docs/reference/captures.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from typing import Any, cast

from ..dsl.errors import AmbiguousMoveError, InvalidMoveError
from ..ledger import add_captures, clear, lift, put, recode_top, topped
from ..moves import Move, field
from .base import Block, Checking, Compiling
from .parts import Landing, Promotion, check_lines, compile_rays, source_codes

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Move, Position

__all__ = ["Jump", "JumpMove", "CHAIN_VARIABLES"]

#: what a jump's ``hop_if`` reads: the jump's squares and the chain so far
CHAIN_VARIABLES = ("from", "to", "over", "hops", "last_over", "reverses", "crowned")



class JumpMove(Move):
    """A capture by jumping (``jump``): the square it starts from, the squares landed on and the
    squares jumped over, in the order of the chain."""

    __slots__ = ()
    fields = ("from_square", "landings", "jumped")
    from_square = field(1, "the square the jumper starts from")
    landings = field(2, "the squares it lands on, in order")
    jumped = field(3, "the squares it jumps over, in order")


class Jump(Block):
    """A move is ``(index, from, landings, jumped)``: the squares landed on and the squares jumped
    over, in the order of the chain."""

    name = "jump"
    #: the block's entry in the schema's ``$defs``, its keys, and its line in the list of blocks
    schema_name = "jump"
    summary = "Capture by jumping over a piece, alone or in chains."
    schema = {
        "type": "object",
        "description": (
            "`jump`: capture by jumping over a piece to the square behind it, alone or in chains (draughts, "
            "Lasca). A move is the chain of landings. docs/reference/captures.md."
        ),
        "additionalProperties": False,
        "properties": {
            "pieces": {
                "$ref": "#/$defs/pieceList",
                "description": "The kinds that jump, by the top piece (default: every kind).",
            },
            "owner": {
                "description": "Whose pieces jump: `mover` (default) or `opponent`.",
                "enum": ["mover", "opponent"],
                "default": "mover",
            },
            "take": {
                "description": (
                    "What jumps: `stack` (default: the whole column) or `top` (the top piece)."
                ),
                "enum": ["stack", "top"],
                "default": "stack",
            },
            "directions": {
                "$ref": "#/$defs/directionsByKind",
                "description": "Directions of the jumps (default `diagonal`).",
                "default": "diagonal",
            },
            "over": {
                "$ref": "#/$defs/landing",
                "description": "What may be jumped (default `enemy`), judged by its top piece.",
                "default": "enemy",
            },
            "flying": {
                "description": (
                    "True: the jumped piece may stand at any distance along an empty line (a flying king). "
                    "False (default): it is the next square. A mapping piece kind -> true/false says it per "
                    "kind (`{king: true}`): a man crowned during a chain goes on with the king's jump."
                ),
                "anyOf": [
                    {"type": "boolean"},
                    {"type": "object", "additionalProperties": {"type": "boolean"}, "minProperties": 1},
                ],
                "default": False,
            },
            "land": {
                "description": (
                    "`1` (default): the jumper lands right behind the jumped piece; `any`: on any empty "
                    "square beyond it, up to the next piece; `continuing`: like `any`, but where the chain can "
                    "go on from some of those squares, only on those. A mapping piece kind -> one of these says "
                    "it per kind."
                ),
                "anyOf": [
                    {"enum": [1, "any", "continuing"]},
                    {"type": "object", "additionalProperties": {"enum": [1, "any", "continuing"]},
                     "minProperties": 1},
                ],
                "default": 1,
            },
            "jumped": {
                "description": (
                    "What happens to the jumped piece: `remove` (default: its whole stack leaves the game, "
                    "counted for the mover), `take_top` (only its top piece is taken and put under the "
                    "jumper's column; Lasca), `keep` (nothing)."
                ),
                "enum": ["remove", "take_top", "keep"],
                "default": "remove",
            },
            "chain": {
                "description": (
                    "True (default): after a jump the same piece must go on jumping while it can; a move is a"
                    " whole chain. False: one jump. `optional`: it may go on, or stop after any jump."
                ),
                "enum": [True, False, "optional"],
                "default": True,
            },
            "hop_if": {
                "$ref": "#/$defs/condition",
                "description": (
                    "A condition on each jump of a chain, before it is made: `from`, `over` and `to` are its "
                    "squares, `hops` the jumps made before it, `last_over` the square the jump before it "
                    "jumped (-1 at the first), `reverses` whether it goes back the way the jump before it "
                    "came, `crowned` whether the jumper was crowned on the way. E.g. `not reverses`."
                ),
            },
            "rejump": {
                "type": "boolean",
                "description": (
                    "True: a square may be jumped over twice in one chain. False (default): never twice."
                ),
                "default": False,
            },
            "revisit": {
                "type": "boolean",
                "description": (
                    "True (default): a chain may land again on a square it has landed on before, or on the "
                    "square it started from. False: every landing of a chain is on a new square (chains that "
                    "leave the jumped pieces standing, `jumped: keep`, then end)."
                ),
                "default": True,
            },
            "removal": {
                "description": (
                    "When jumped pieces leave (or, with `take_top`, lose their top piece): `now` (default: at "
                    "each jump, so their squares are free for the rest of the chain) or `end` (when the chain "
                    "is over; until then they stand and block)."
                ),
                "enum": ["now", "end"],
                "default": "now",
            },
            "distinct": {
                "description": (
                    "Which chains are different moves: `path` (default: chains that land on different "
                    "squares) or `captures` (chains from the same square to the same square jumping the same "
                    "pieces are one move, whatever the order; international draughts)."
                ),
                "enum": ["path", "captures"],
                "default": "path",
            },
            "compulsory": {
                "type": "boolean",
                "description": (
                    "True: when this primitive has a move, only the compulsory primitives' moves of the phase"
                    " are legal (capturing is compulsory)."
                ),
                "default": False,
            },
            "prefer": {
                "description": (
                    "Among compulsory moves: `any` (default: free choice), `most` (only those jumping the "
                    "most pieces), `value` (only those capturing the most value, each piece's `value`), "
                    "`capturer` (only those made by the most valuable piece); a list of these is read in "
                    "order, a later one deciding between moves the earlier ones leave equal "
                    "(`[value, capturer]`: the most value, and of equal values the king's capture)."
                ),
                "anyOf": [
                    {"enum": ["any", "most", "value", "capturer"]},
                    {"type": "array", "items": {"enum": ["most", "value", "capturer"]}, "minItems": 1,
                     "uniqueItems": True},
                ],
                "default": "any",
            },
            "promote": {
                "$ref": "#/$defs/promotion",
                "description": (
                    "Promotion at the end of a jump or of the chain (see its `chain` key)."
                ),
            },
        },
    }
    default_template = "{from}x{path}"
    field_kinds = {"from": "square", "to": "square", "path": "squareseq", "count": "int"}

    @classmethod
    def check(cls, checker: Checking, path: tuple[Any, ...], params: dict[str, Any]) -> None:
        super().check(checker, path, params)
        check_lines(checker, path, params)
        for key in ("flying", "land"):
            if isinstance(params.get(key), dict):
                for kind in params[key]:
                    checker.piece(path + (key, kind), kind)
        if "hop_if" in params:
            checker.expression(path + ("hop_if",), params["hop_if"], set(CHAIN_VARIABLES))
        jumped = params.get("jumped", "remove")
        if jumped == "take_top" and not checker.stacking:
            checker.fail(checker.own(path + ("jumped",), ("board", "stacking")), "`jumped: take_top` puts the "
                         "jumped piece under the jumper, which builds a stack: the board needs `stacking: true` "
                         "(or the jump `jumped: remove`)")
        if jumped == "keep" and params.get("chain", True) and params.get("revisit", True):
            checker.warn(path + ("jumped",), "`jumped: keep` with chains: the jumped pieces stay, so chains may "
                         "cross the same pieces in every order and land on the same squares again, and their "
                         "number can grow exponentially with the pieces; `revisit: false` makes every landing "
                         "a new square, `chain: false` makes a move one jump")

    def __init__(self, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, index, params, path)
        self.codes = source_codes(c, params)
        self.rays = compile_rays(c, params, path, default="diagonal")
        self.whole = params.get("take", "stack") == "stack"
        self.over = Landing(c, params.get("over", "enemy"), path + ("over",))
        kinds = c.t.kind_names
        #: per piece kind: whether it flies, and where it lands (1, ``any``, ``continuing``)
        self.fly = _per_kind(params.get("flying", False), kinds, False)
        self.land = _per_kind(params.get("land", 1), kinds, 1)
        self.mode = params.get("jumped", "remove")
        self.chain = params.get("chain", True) is not False
        #: ``chain: optional``: a chain may stop after any jump
        self.may_stop = params.get("chain") == "optional"
        self.hop_if = c.condition(path + ("hop_if",), params["hop_if"]) if "hop_if" in params else None
        #: direction name -> the opposite one (for ``reverses``)
        self.opposite = _opposites(c.t.topology, self.rays)
        self.rejump = bool(params.get("rejump", False))
        self._tried = 0
        #: a chain may land on a square it has been on before (``revisit``)
        self.revisit = bool(params.get("revisit", True))
        if self.rejump and self.mode != "take_top":
            raise c.error(path + ("rejump",), "a piece jumped again and again would make a chain "
                               "without end: `rejump` needs `jumped: take_top` (each jump takes a piece)")
        #: jumped pieces leave (or lose their top piece) at once (``now``) or when the chain is over
        #: (``end``: until then they stand, block and cannot be jumped again)
        self.now = params.get("removal", "now") == "now"
        if self.rejump and not self.now:
            raise c.error(path + ("rejump",), "a column jumped again must have lost its top piece already: "
                          "`rejump` needs `removal: now`")
        #: ``distinct: captures``: chains with the same start, end and pieces jumped are one move
        self.distinct_captures = params.get("distinct", "path") == "captures"
        promote = params.get("promote")
        self.promotion = Promotion(c, promote, path + ("promote",)) if promote else None
        self.value = c.t.value

    # -- generation ---------------------------------------------------------------------------------
    def generate(self, st: "Position", out: list[Any]) -> None:
        p = st.to_move
        stacks = st.stacks
        mine = topped(st, self.codes[p])
        #: the jumps tried in this position: a search through long chains costs its jumps, so it
        #: stops at the bound on the moves of a position as one through many short chains does
        self._tried = 0
        while mine:
            low = mine & -mine
            a = low.bit_length() - 1
            mine ^= low
            k = len(stacks[a]) if self.whole else 1
            if not self._targets(st, p, a, stacks[a][-1], (), k):
                continue  # nothing to jump from here (the first jump never needs its own square)
            unit = lift(st, a, k)
            start = len(out)
            try:
                self._chains(st, p, a, a, unit, [], [], out)
            finally:
                put(st, a, unit)
            if self.distinct_captures:
                self._dedupe(out, start)

    @staticmethod
    def _dedupe(out: list[Any], start: int) -> None:
        """Keep one of the chains from ``out[start:]`` that share their start, end and the set of
        pieces jumped (they differ only in the order of the jumps)."""
        seen = set()
        keep = []
        for m in out[start:]:
            key = (m[2][-1], frozenset(m[3]))
            if key not in seen:
                seen.add(key)
                keep.append(m)
        out[start:] = keep

    def _targets(self, st: "Position", p: int, cur: int, top: int, jumped: Any, height: int,
                 last: str = "", crowned: bool = False) -> list[tuple[str, int, int]]:
        """The single jumps from ``cur`` for a jumper of ``height`` pieces topped by ``top``:
        (direction, square jumped, landing). ``last`` is the direction of the jump before (a chain
        going on), ``crowned`` whether the jumper was crowned on the way (for ``hop_if``)."""
        stacks = st.stacks
        over = self.over
        kind = self.t.code_kind[top]
        flying = self.fly[kind]
        land_any = self.land[kind] != 1
        hop_if = self.hop_if
        out = []
        for d, ray in self.rays[p][kind][cur]:
            i = 0
            if flying:
                while i < len(ray) and not stacks[ray[i]]:
                    i += 1
            if i >= len(ray) - 1:
                continue
            mid = ray[i]
            ms = stacks[mid]
            if not ms or (mid in jumped and not self.rejump) or not over.ok[p][ms[-1] + 1]:
                continue
            if not over.simple and not over.allows(st, p, cur, mid, height, height):
                continue
            for t in ray[i + 1:]:
                if stacks[t]:
                    break
                if hop_if is None or self._hop_ok(st, p, cur, mid, t, jumped, d, last, crowned):
                    out.append((d, mid, t))
                if not land_any:
                    break
        return out

    def _hop_ok(self, st: "Position", p: int, cur: int, mid: int, t: int, jumped: Any, d: str, last: str,
                crowned: bool) -> bool:
        ctx = self.cond.square_context(st, p, cur, t, 1)
        ctx.over, ctx.hops, ctx.crowned = mid, len(jumped), crowned
        ctx.last_over = jumped[-1] if jumped else -1
        ctx.reverses = bool(last) and self.opposite.get(last) == d
        return bool(cast(Any, self.hop_if)(ctx))

    def _chains(self, st: "Position", p: int, a: int, cur: int, unit: list[int], landings: list[int],
                jumped: list[int], out: list[Any], last: str = "", first: int = -1) -> bool:
        """Append the chains that go on from ``cur`` (the jumps so far: ``landings``, ``jumped``,
        the last in direction ``last``; ``first``: the jumper's top piece when the chain began);
        whether there was a jump to make."""
        top = unit[-1]
        if first < 0:
            first = top
        targets = self._targets(st, p, cur, top, jumped, len(unit), last, top != first)
        if not targets:
            return False
        continuing = self.land[self.t.code_kind[top]] == "continuing"
        promotion = self.promotion
        limit = self.t.move_limit
        made = False
        group, goes = -1, False
        stops: list[int] = []  # with `continuing`: the landings of one jumped piece
        for d, mid, t in targets:
            if not self.revisit and (t == a or t in landings):
                continue  # every landing on a new square
            made = True
            self._tried += 1
            if self._tried > limit:
                raise self.too_many("jumps tried for the moves of one position")
            if continuing and mid != group:
                _drop(out, stops, goes)
                group, stops, goes = mid, [], False
            landings.append(t)
            jumped.append(mid)
            undo = self._take(st, p, mid, unit) if self.now else None
            try:
                promoted = promotion.target(top, p, t) if promotion is not None else -1
                if promoted >= 0 and cast("Promotion", promotion).chain == "continues":
                    unit[-1] = promoted
                went_on = False
                if not self.chain or (promoted >= 0 and cast("Promotion", promotion).chain == "ends"):
                    out.append(JumpMove((self.index, a, tuple(landings), tuple(jumped))))
                else:
                    if self.may_stop:
                        out.append(JumpMove((self.index, a, tuple(landings), tuple(jumped))))
                    went_on = self._chains(st, p, a, t, unit, landings, jumped, out, d, first)
                    if not went_on and not self.may_stop:  # nothing more to jump: the chain ends here
                        out.append(JumpMove((self.index, a, tuple(landings), tuple(jumped))))
                        stops.append(len(out) - 1)
                goes = goes or went_on
                if len(out) > limit:  # chains can multiply without end: stop at the bound
                    raise self.too_many()
            finally:  # the position as it was, also when the bound stops the search
                unit[-1] = top
                if undo is not None:
                    self._untake(st, p, mid, unit, undo)
                landings.pop()
                jumped.pop()
        if continuing:
            _drop(out, stops, goes)
        return made

    # -- the jumped piece ---------------------------------------------------------------------------
    def _take(self, st: "Position", p: int, mid: int, unit: list[int]) -> Any:
        """What the jump does to the square jumped over; return what :meth:`_untake` needs."""
        if self.mode == "remove":
            gone = clear(st, mid)
            add_captures(st, p, sum(1 for pc in gone if self.t.code_owner[pc] != p))
            return gone
        if self.mode == "take_top":
            taken = lift(st, mid, 1)
            unit.insert(0, taken[0])
            return taken
        return None

    def _untake(self, st: "Position", p: int, mid: int, unit: list[int], undo: Any) -> None:
        if self.mode == "remove":
            put(st, mid, undo)
            add_captures(st, p, -sum(1 for pc in undo if self.t.code_owner[pc] != p))
        elif self.mode == "take_top":
            put(st, mid, [unit.pop(0)])

    def _promotes(self, top: int, p: int, landings: tuple[int, ...]) -> int:
        """The code the jumper's top becomes at the end of the chain, or -1."""
        if self.promotion is None:
            return -1
        if self.promotion.chain == "continues":
            return next((new for t in landings if (new := self.promotion.target(top, p, t)) >= 0), -1)
        return self.promotion.target(top, p, landings[-1])

    # -- play ---------------------------------------------------------------------------------------
    def apply(self, st: "Position", move: "Move") -> Any:
        _, a, landings, jumped = move
        p = st.to_move
        k = len(st.stacks[a]) if self.whole else 1
        unit = lift(st, a, k)
        top = unit[-1]
        taken = [self._take(st, p, mid, unit) for mid in jumped]
        end = landings[-1]
        put(st, end, unit)
        new = self._promotes(top, p, landings)
        if new >= 0:
            recode_top(st, end, new)
        return (k, taken, top if new >= 0 else -1)

    def undo(self, st: "Position", move: "Move", info: Any) -> None:
        _, a, landings, jumped = move
        p = st.to_move
        k, taken, top = info
        end = landings[-1]
        if top >= 0:
            recode_top(st, end, top)
        unit = lift(st, end, len(st.stacks[end]))
        for mid, undo in zip(reversed(jumped), reversed(taken)):
            if undo is not None:
                self._untake(st, p, mid, unit, undo)
        put(st, a, unit)

    def weight(self, st: "Position", move: "Move", prefer: str) -> int:
        """How much the move captures: pieces jumped (``most``) or their value (``value``); or the
        value of the piece that jumps (``capturer``)."""
        if prefer == "most":
            return len(move[3])
        if prefer == "capturer":
            return self.value[st.stacks[move[1]][-1]]
        return sum(self.value[st.stacks[mid][-1]] for mid in move[3])

    # -- notation -----------------------------------------------------------------------------------
    def takes_off(self) -> bool:
        return self.mode == "remove" or self.promotion is not None

    action_doc = "one hop of a chain: the square it leaves x the square it lands on (a chain is one action per hop)"
    multi_part = True

    def action_keys(self) -> list[Any]:
        size = self.t.topology.size
        ends: list[set[int]] = [set() for _ in range(size)]
        for per_kind in self.rays[1:]:
            for per_square in per_kind:
                for a, rays in enumerate(per_square):
                    for _, ray in rays:
                        ends[a].update(ray)
        return [(a, b) for a in range(size) for b in sorted(ends[a])]

    def action_parts(self, move: "Move") -> tuple[Any, ...]:
        _, a, landings, _ = move
        return tuple(zip((a,) + landings[:-1], landings))

    def partial_move(self, st: "Position", parts: tuple[Any, ...], move: "Move | None") -> Any:
        if move is None:
            return None
        k = len(parts)
        return JumpMove((self.index, move[1], move[2][:k], move[3][:k]))

    def from_square(self, move: "Move") -> int:
        return int(move[1])

    def to_square(self, move: "Move") -> int:
        return int(move[2][-1])

    def fields(self, st: "Position", move: "Move") -> dict[str, Any]:
        _, a, landings, jumped = move
        return {"from": a, "to": landings[-1], "path": list(landings), "count": len(jumped)}

    def _mine(self, st: "Position") -> list["Move"]:
        out: list["Move"] = []
        self.generate(st, out)
        return out

    def from_fields(self, st: "Position", fields: dict[str, Any]) -> "Move":
        a = fields["from"]
        path = fields.get("path") or ([fields["to"]] if fields.get("to") is not None else [])
        if not path:
            raise InvalidMoveError("a capture names at least the square it ends on")
        moves = [m for m in self._mine(st) if m[1] == a]
        same = [m for m in moves if list(m[2]) == list(path)]
        if same:
            return same[0]
        if len(path) == 1:  # only the end square written: the one chain that ends there
            ends = [m for m in moves if m[2][-1] == path[0]]
            if len(ends) > 1:
                g = self.t
                raise AmbiguousMoveError(f"{len(ends)} captures from {g.topology.name(a)} end on "
                                         f"{g.topology.name(path[0])}: name the squares landed on")
            if ends:
                return ends[0]
        return JumpMove((self.index, a, tuple(path), ()))

    def explain(self, st: "Position", move: "Move") -> str:
        name = self.t.topology.name
        a = move[1]
        s = st.stacks[a]
        if not s:
            return f"there is no piece on {name(a)}"
        if s[-1] not in self.codes[st.to_move]:
            return f"the piece on {name(a)} cannot jump for the player to move"
        chains = [m for m in self._mine(st) if m[1] == a]
        if not chains:
            return f"the piece on {name(a)} has nothing to jump"
        given = list(move[2])
        for m in chains:
            if list(m[2][:len(given)]) == given:
                return "the capture is not complete: the chain must go on jumping while it can"
        return f"the piece on {name(a)} cannot jump {'x'.join(name(t) for t in given)}"


def _per_kind(value: Any, kinds: list[str], default: Any) -> list[Any]:
    """A key given for every kind alike, or as a mapping kind -> value (kinds left out: ``default``),
    as a list by kind index."""
    if isinstance(value, dict):
        return [value.get(k, default) for k in kinds]
    return [value] * len(kinds)


def _opposites(topo: Any, rays: Any) -> dict[str, str]:
    """Each direction the jumps follow -> the one that goes straight back (for ``reverses``)."""
    names = {d for per_player in rays[1:] for per_kind in per_player for per_square in per_kind for d, _ in per_square}
    out: dict[str, str] = {}
    step = getattr(topo, "step", None)
    if step is None:
        return out
    for d in names:
        for sq in range(topo.size):
            n = step(sq, d)
            if n < 0:
                continue
            back = next((e for e in names if step(n, e) == sq), None)
            if back is not None:
                out[d] = back
                break
    return out


def _drop(out: list[Any], stops: list[int], goes: bool) -> None:
    """``land: continuing``: where a chain could go on from a landing behind the piece just jumped,
    the chains that stopped behind it (at ``stops`` in ``out``) are not moves."""
    if goes:
        for i in reversed(stops):
            del out[i]
