"""``carry``: lift pieces off the top of a stack, move in a line, drop some on every square passed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from math import comb
from typing import Any, Iterator, cast

from ..dsl.errors import InvalidMoveError
from ..ledger import lift, put, recode_top
from ..moves import SpreadMove
from .base import Block, Compiling

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Move, Position
    from ..topology import Board

__all__ = ["Carry", "compositions", "count_compositions", "read_drops"]


def compositions(total: int, max_parts: int) -> list[tuple[int, ...]]:
    """All ways to write ``total`` as an ordered sum of 1 to ``max_parts`` positive parts: by the
    number of parts, then the larger first parts first. The work is that of the list itself."""
    out: list[tuple[int, ...]] = []
    for parts in range(1, min(total, max_parts) + 1):
        out.extend(_exact_parts(total, parts))
    return out


def _exact_parts(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """The compositions of ``total`` into exactly ``parts`` parts, the larger first parts first."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total - parts + 1, 0, -1):
        for rest in _exact_parts(total - first, parts - 1):
            yield (first,) + rest


def count_compositions(total: int, max_parts: int) -> int:
    """How many :func:`compositions` ``total`` has into at most ``max_parts`` parts (worked out,
    not listed: there are 2 ** (total - 1) with parts enough)."""
    return sum(comb(total - 1, parts - 1) for parts in range(1, min(total, max_parts) + 1))


def read_drops(count: int | None, drops: tuple[int, ...] | None) -> tuple[int, ...]:
    """The pieces dropped on each square of a spread move, from the count and drops written (either
    may be left out: one drop of the count, or a count of one)."""
    if drops is None:
        drops = (count if count is not None else 1,)
    if count is None:
        count = sum(drops)
    if 0 in drops:
        raise InvalidMoveError("every square passed needs at least one piece dropped")
    if sum(drops) != count:
        raise InvalidMoveError(f"the drops {''.join(map(str, drops))} do not add up to the count {count}")
    return tuple(drops)


class Carry(Block):
    """Parameters: ``from: controlled`` (stacks whose top is the mover's), ``limit`` (most pieces
    carried), ``directions``, ``blocked_by`` (pieces nothing may land on), ``flatten`` (``piece``
    moving ``alone`` as the last drop may land on ``target``, which becomes ``becomes``).

    A move is ``(index, square, direction_index, drops)``; ``drops`` is a tuple, bottom pieces first.
    """

    name = "carry"
    default_template = "{count}{from}{direction}{drops}{flatten}"
    field_kinds = {"count": "int", "from": "square", "direction": "direction", "drops": "digits",
                   "top": "piece", "flatten": "flag"}

    def __init__(self, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, index, params, path)
        t = c.t
        self.require_stacking(c, f"a {path[-1]} block builds stacks")
        topo = cast("Board", t.topology)
        self.limit = c.number(path + ("take", "max"), params.get("limit", 1000), 1, 1000)
        self.dir_names = topo.directions(params.get("directions", "orthogonal"))
        self.rays = [[topo.ray(sq, d) for d in self.dir_names] for sq in range(topo.size)]
        self.max_ray = max((len(r) for rays in self.rays for r in rays), default=0)
        codes = range(t.num_codes)
        # nothing lands on these; by default the pieces declared `blocks: true`
        default = [k for k in t.kind_names if c.piece_decl(k).get("blocks")]
        blocked = {t.kind_index[k] for k in params.get("blocked_by", default)}
        self.blocker = [t.code_kind[code] in blocked for code in codes]
        flat = params.get("flatten") or {}
        self.flattener = [bool(flat) and t.code_kind[code] == t.kind_index[flat["piece"]] for code in codes]
        self.flattenable = [bool(flat) and t.code_kind[code] == t.kind_index[flat["target"]] for code in codes]
        becomes = t.kind_index[flat["becomes"]] if flat else 0
        self.becomes = [t.code(becomes, t.code_owner[code]) for code in codes]
        self.unbecomes = [t.code(t.kind_index[flat["target"]], t.code_owner[code]) if flat else code for code in codes]
        self.alone = bool(flat.get("alone", True)) if flat else True
        # stacks the mover controls: his own piece on top (a neutral top belongs to nobody)
        self.owner_codes = t.player_codes()
        nd, L, R = len(self.dir_names), self.limit_cap(), self.max_ray
        self._dims = (nd, L + 1, R + 2)
        self._plain: list[list[tuple[Any, ...]] | None] = [None] * (topo.size * nd * (L + 1) * (R + 2))
        self._flat: list[list[tuple[Any, ...]] | None] = [None] * (topo.size * nd * (L + 1) * (R + 2))

    def limit_cap(self) -> int:
        return min(self.limit, self.t.max_height)

    # -- generation ---------------------------------------------------------------------------------
    def _moves(self, sq: int, d: int, maxc: int, n: int, flatten: bool) -> list[tuple[Any, ...]]:
        nd, l1, r2 = self._dims
        key = ((sq * nd + d) * l1 + maxc) * r2 + n
        cache = self._flat if flatten else self._plain
        got = cache[key]
        if got is None:
            size = sum(count_compositions(c - 1, n) if flatten and n else count_compositions(c, n)
                       for c in range(1, maxc + 1))
            if size > self.t.move_limit:  # a tall stack carried far: more than the bound by itself
                raise self.too_many()
            got = []
            for c in range(1, maxc + 1):
                if not flatten:
                    got.extend(SpreadMove((self.index, sq, d, seq)) for seq in compositions(c, n))
                elif n == 0:
                    if c == 1:
                        got.append(SpreadMove((self.index, sq, d, (1,))))
                else:
                    got.extend(SpreadMove((self.index, sq, d, seq + (1,))) for seq in compositions(c - 1, n)
                               if len(seq) == n)
            cache[key] = got
        return got

    def generate(self, st: "Position", out: list[Any]) -> None:
        stacks = st.stacks
        tops = st.tops
        mine = 0
        for c in self.owner_codes[st.to_move]:
            mine |= tops[c]
        limit = self.limit
        blocker = self.blocker
        flattener = self.flattener
        flattenable = self.flattenable
        moves = self._moves
        plain = self._plain  # the lists of moves made so far, read here without a call
        nd, l1, r2 = self._dims
        rays = self.rays
        while mine:
            low = mine & -mine
            sq = low.bit_length() - 1
            mine ^= low
            stack = stacks[sq]
            h = len(stack)
            maxc = h if h < limit else limit
            can_flatten = flattener[stack[-1]]
            for d, ray in enumerate(rays[sq]):
                n = 0
                stop = -1
                for t in ray:
                    s = stacks[t]
                    if s and blocker[s[-1]]:
                        stop = s[-1]
                        break
                    n += 1
                if n:
                    made = plain[((sq * nd + d) * l1 + maxc) * r2 + n]
                    out.extend(made if made is not None else moves(sq, d, maxc, n, False))
                if can_flatten and stop >= 0 and flattenable[stop]:
                    out.extend(moves(sq, d, maxc, n, True))
            if len(out) > self.t.move_limit:
                raise self.too_many()

    # -- play ---------------------------------------------------------------------------------------
    def apply(self, st: "Position", move: "Move") -> Any:
        _, sq, d, drops = move
        carried = lift(st, sq, sum(drops))
        ray = self.rays[sq][d]
        last = len(drops) - 1
        k = 0
        flattened = False
        for i, n in enumerate(drops):
            t = ray[i]
            ts = st.stacks[t]
            if i == last and ts and self.flattenable[ts[-1]]:
                recode_top(st, t, self.becomes[ts[-1]])
                flattened = True
            put(st, t, carried[k:k + n])
            k += n
        return flattened

    def undo(self, st: "Position", move: "Move", flattened: Any) -> None:
        _, sq, d, drops = move
        ray = self.rays[sq][d]
        chunks = []
        for i in range(len(drops) - 1, -1, -1):
            t = ray[i]
            chunks.append(lift(st, t, drops[i]))
            if i == len(drops) - 1 and flattened:
                recode_top(st, t, self.unbecomes[st.stacks[t][-1]])
        put(st, sq, [pc for chunk in reversed(chunks) for pc in chunk])

    # -- notation -----------------------------------------------------------------------------------
    def _flattens(self, st: "Position", move: "Move") -> bool:
        _, sq, d, drops = move
        ray = self.rays[sq][d]
        if len(drops) > len(ray):
            return False
        t = st.stacks[ray[len(drops) - 1]]
        return bool(t) and self.flattenable[t[-1]]

    def takes_off(self) -> bool:
        return any(self.flattenable)  # flattening turns a piece into another kind

    action_doc = ("a from square x a direction x the drops (pieces left on each square, an ordered "
                  "sum of at most the carry limit with no more parts than squares that way)")

    def action_keys(self) -> list[Any]:
        full = self.t.topology.full_mask
        keys = []
        for sq, rays in enumerate(self.rays):
            if full >> sq & 1:
                for d, ray in enumerate(rays):
                    for c in range(1, self.limit_cap() + 1):
                        keys += [(sq, d, drops) for drops in compositions(c, len(ray))]
        return keys

    def action_parts(self, move: "Move") -> tuple[Any, ...]:
        return ((move[1], move[2], move[3]),)

    def from_square(self, move: "Move") -> int:
        return int(move[1])

    def to_square(self, move: "Move") -> int:
        _, sq, d, drops = move
        return int(self.rays[sq][d][len(drops) - 1])

    def fields(self, st: "Position", move: "Move") -> dict[str, Any]:
        _, sq, d, drops = move
        top = self.t.code_kind[st.stacks[sq][-1]] if st.stacks[sq] else 0
        return {"count": sum(drops), "from": sq, "direction": self.dir_names[d], "drops": drops,
                "top": self.t.kind_names[top], "flatten": self._flattens(st, move)}

    def from_fields(self, st: "Position", fields: dict[str, Any]) -> "Move":
        drops = read_drops(fields.get("count"), fields.get("drops"))
        d = self.dir_names.index(fields["direction"])
        return SpreadMove((self.index, fields["from"], d, tuple(drops)))

    def explain(self, st: "Position", move: "Move") -> str:
        _, sq, d, drops = move
        g = self.t
        name = g.topology.name(sq)
        stack = st.stacks[sq]
        count = sum(drops)
        if not stack:
            return f"there is no piece on {name}"
        if g.code_owner[stack[-1]] != st.to_move:
            return f"the stack on {name} is not controlled by the player to move"
        if count > len(stack):
            return f"cannot carry {count} pieces from a stack of {len(stack)} on {name}"
        if count > self.limit:
            return f"cannot carry more than {self.limit} pieces"
        ray = self.rays[sq][d]
        if len(drops) > len(ray):
            return f"the move from {name} runs off the board"
        for i, t in enumerate(ray[:len(drops)]):
            ts = st.stacks[t]
            if ts and self.blocker[ts[-1]]:
                last_alone = i == len(drops) - 1 and drops[-1] == 1
                if self.flattenable[ts[-1]] and self.flattener[stack[-1]] and last_alone:
                    continue
                return f"{g.topology.name(t)} holds a {g.kind_names[g.code_kind[ts[-1]]]} that blocks the move"
        return super().explain(st, move)
