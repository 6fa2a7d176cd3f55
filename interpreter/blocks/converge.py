"""``converge``: several own pieces or stacks move at once, from different directions, onto one
enemy piece or stack (a capture by convergence)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from itertools import combinations
from typing import Any, cast

from ..dsl.errors import InvalidMoveError
from ..ledger import clear, lift, put
from ..moves import Move, field
from .base import Block, Checking, Compiling

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Move, Position
    from ..topology import Board

__all__ = ["Converge", "ConvergeMove"]



class ConvergeMove(Move):
    """A capture by convergence (``converge``): the target square, and the movers' squares, sorted."""

    __slots__ = ()
    fields = ("target", "movers")
    target = field(1, "the square of the enemy stack captured")
    movers = field(2, "the squares of the pieces that move onto it, sorted")


class Converge(Block):
    """Parameters: ``pieces``, ``min_movers`` (2), ``max_movers`` (no limit), ``directions`` (all),
    ``margin`` (the mover's pieces minus the opponent's in the new stack, exactly; 1),
    ``max_height`` (5), ``frozen_height`` (stacks of this height never move nor are captured).

    A stack belongs to the owner of its top piece; the movers' stacks are put on top of the target
    in board order, so the mover owns the result. Each mover is the nearest piece in its direction:
    nothing is jumped. A move is ``(index, target, movers)`` with ``movers`` a sorted tuple.
    """

    name = "converge"
    #: the block's entry in the schema's ``$defs``, its keys, and its line in the list of blocks
    schema_name = "converge"
    summary = "Several own pieces or stacks move at once onto one enemy stack."
    schema = {
        "type": "object",
        "description": (
            "`converge`: a capture by convergence. Several own pieces or whole own stacks move at once, each "
            "in a straight line over empty points from a different direction, onto one enemy piece or stack. "
            "Implemented. See docs/reference/moves.md."
        ),
        "additionalProperties": False,
        "properties": {
            "pieces": {
                "$ref": "#/$defs/pieceList",
                "description": "The kinds of piece that take part.",
            },
            "min_movers": {
                "type": "integer",
                "description": "Fewest moving pieces or stacks.",
                "minimum": 1,
                "default": 2,
            },
            "max_movers": {
                "type": "integer",
                "description": "Most moving pieces or stacks; absent = no limit.",
                "minimum": 1,
            },
            "directions": {
                "$ref": "#/$defs/directions",
                "description": "Directions the movers may come from.",
                "default": "all",
            },
            "distance": {
                "description": (
                    "`any` (default): any distance over empty points. Other values are refused by `validate`:"
                    " not available."
                ),
                "anyOf": [
                    {
                        "const": "any",
                    },
                    {
                        "$ref": "#/$defs/intExpression",
                    },
                ],
                "default": "any",
            },
            "different_directions": {
                "type": "boolean",
                "description": (
                    "True (default): no two movers travel in the same direction. `false` is refused by "
                    "`validate`: not available."
                ),
                "default": True,
            },
            "margin": {
                "$ref": "#/$defs/intExpression",
                "description": (
                    "After the capture the mover must have exactly this many pieces more than the opponent in"
                    " the new stack."
                ),
                "default": 1,
            },
            "max_height": {
                "$ref": "#/$defs/intExpression",
                "description": "The new stack may not be higher than this.",
                "default": 5,
            },
            "frozen_height": {
                "$ref": "#/$defs/intExpression",
                "description": (
                    "Stacks of this height never move and are never captured; absent = none."
                ),
            },
        },
        "required": ["pieces"],
    }
    default_template = "{movers}-{to}"
    field_kinds = {"movers": "squarelist", "to": "square"}

    @classmethod
    def check(cls, checker: Checking, path: tuple[Any, ...], params: dict[str, Any]) -> None:
        super().check(checker, path, params)
        if params.get("distance", "any") != "any":
            checker.refuse(path + ("distance",), params["distance"], "movers come from any distance")
        if params.get("different_directions") is False:
            checker.refuse(path + ("different_directions",), False, "movers always come from different directions")

    def __init__(self, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, index, params, path)
        self.require_stacking(c, f"a {path[-1]} block builds stacks")
        topo = cast("Board", c.t.topology)
        kinds = {c.t.kind_index[k] for k in params.get("pieces", c.t.kind_names)}
        self.kinds = kinds
        dirs = topo.directions(params.get("directions", "all"))
        self.rays = [[topo.ray(sq, d) for d in dirs] for sq in range(topo.size)]
        self.min_movers = c.number(path + ("min_movers",), params.get("min_movers", 2), 1, 12)
        self.max_movers = c.number(path + ("max_movers",), params.get("max_movers", len(dirs)), 1, 12)
        self.margin = c.number(path + ("margin",), params.get("margin", 1), -100, 100)
        self.max_height = c.number(path + ("max_height",), params.get("max_height", 5), 1, 1000)
        frozen = params.get("frozen_height")
        self.frozen = c.number(path + ("frozen_height",), frozen, 1, 1000) if frozen is not None else -1
        self.owner = c.t.code_owner

    def _counts(self, stack: list[int], p: int) -> tuple[int, int]:
        mine = sum(1 for pc in stack if self.owner[pc] == p)
        return mine, len(stack) - mine

    def generate(self, st: "Position", out: list[Any]) -> None:
        p = st.to_move
        enemy = self.t.enemy[p]
        stacks = st.stacks
        owner = self.owner
        frozen = self.frozen
        targets = 0
        for code, bits in enumerate(st.tops):
            if enemy[code] and self.t.code_kind[code] in self.kinds:
                targets |= bits
        index = self.index
        while targets:
            low = targets & -targets
            sq = low.bit_length() - 1
            targets ^= low
            target = stacks[sq]
            if len(target) == frozen:
                continue
            movers = []
            for ray in self.rays[sq]:
                for t in ray:
                    s = stacks[t]
                    if s:
                        if owner[s[-1]] == p and len(s) != frozen and self.t.code_kind[s[-1]] in self.kinds:
                            movers.append(t)
                        break
            if len(movers) < self.min_movers:
                continue
            tm, to = self._counts(target, p)
            counts = [self._counts(stacks[m], p) for m in movers]
            for k in range(self.min_movers, min(self.max_movers, len(movers)) + 1):
                for pick in combinations(range(len(movers)), k):
                    mine = tm + sum(counts[i][0] for i in pick)
                    theirs = to + sum(counts[i][1] for i in pick)
                    if mine - theirs == self.margin and mine + theirs <= self.max_height:
                        out.append(ConvergeMove((index, sq, tuple(sorted(movers[i] for i in pick)))))

    def apply(self, st: "Position", move: "Move") -> Any:
        _, sq, movers = move
        lifted = [clear(st, m) for m in movers]
        for chunk in lifted:
            put(st, sq, chunk)
        return lifted

    def undo(self, st: "Position", move: "Move", lifted: Any) -> None:
        _, sq, movers = move
        for m, chunk in zip(reversed(movers), reversed(lifted)):
            put(st, m, lift(st, sq, len(chunk)))

    action_doc = ("a target square x the set of directions its movers come from (each mover is "
                  "the nearest piece that way), as a bit mask")

    def action_keys(self) -> list[Any]:
        full = self.t.topology.full_mask
        keys = []
        for sq, rays in enumerate(self.rays):
            if not full >> sq & 1:
                continue
            open_dirs = sum(1 << d for d, ray in enumerate(rays) if ray)
            for mask in range(1, 1 << len(rays)):
                if mask & open_dirs == mask and self.min_movers <= bin(mask).count("1") <= self.max_movers:
                    keys.append((sq, mask))
        return keys

    def action_parts(self, move: "Move") -> tuple[Any, ...]:
        _, sq, movers = move
        rays = self.rays[sq]
        mask = 0
        for m in movers:
            mask |= next(1 << d for d, ray in enumerate(rays) if m in ray)
        return ((sq, mask),)

    def fields(self, st: "Position", move: "Move") -> dict[str, Any]:
        return {"movers": list(move[2]), "to": move[1]}

    def to_square(self, move: "Move") -> int:
        return int(move[1])

    def from_fields(self, st: "Position", fields: dict[str, Any]) -> "Move":
        movers = tuple(sorted(set(fields["movers"])))
        if len(movers) != len(fields["movers"]):
            raise InvalidMoveError("a mover is named twice")
        return ConvergeMove((self.index, fields["to"], movers))

    def explain(self, st: "Position", move: "Move") -> str:
        _, sq, movers = move
        g = self.t
        name = g.topology.name
        p = st.to_move
        target = st.stacks[sq]
        if not target or not g.enemy[p][target[-1]]:
            return f"{name(sq)} holds no enemy piece or stack"
        if len(target) == self.frozen:
            return f"the stack on {name(sq)} is complete and can no longer be captured"
        if len(movers) < self.min_movers:
            return f"a capture needs at least {self.min_movers} movers"
        seen = set()
        for m in movers:
            s = st.stacks[m]
            if not s or self.owner[s[-1]] != p:
                return f"{name(m)} holds no piece or stack of the player to move"
            if len(s) == self.frozen:
                return f"the stack on {name(m)} is complete and can no longer move"
            for d, ray in enumerate(self.rays[sq]):
                if m in ray:
                    if any(st.stacks[t] for t in ray[:ray.index(m)]):
                        return f"the way from {name(m)} to {name(sq)} is not free"
                    if d in seen:
                        return "two movers come from the same direction"
                    seen.add(d)
                    break
            else:
                return f"{name(m)} is not on a straight line to {name(sq)}"
        mine = sum(self._counts(st.stacks[m], p)[0] for m in movers) + self._counts(target, p)[0]
        total = sum(len(st.stacks[m]) for m in movers) + len(target)
        if total > self.max_height:
            return f"the new stack would have {total} pieces, more than {self.max_height}"
        return (f"afterwards the mover must have exactly {self.margin} piece(s) more than the opponent "
                f"in the stack, not {2 * mine - total}")
