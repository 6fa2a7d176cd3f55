"""``slide``: one piece moves in a straight line over empty squares."""

from __future__ import annotations

from typing import TYPE_CHECKING

from typing import Any, cast

from ..ledger import move_top, topped
from ..moves import SquareMove
from .base import Block, Compiling
from .parts import FromTo

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Move, Position
    from ..topology import Board

__all__ = ["Slide"]


class Slide(FromTo, Block):
    """Parameters: ``pieces`` (kinds that slide), ``directions``, ``distance`` (``any``, or a number
    of squares: exactly that many), ``extra`` (a list of ``{from: region, directions: ...}``: more
    directions for a piece standing in that region, e.g. diagonals from the corners).

    Every square passed and the end square must be empty. A move is ``(index, from, to)``.
    """

    lands_only = True

    name = "slide"
    default_template = "{from}-{to}"
    field_kinds = {"from": "square", "to": "square"}

    def __init__(self, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, index, params, path)
        t = c.t
        topo = cast("Board", t.topology)
        self.codes = t.player_codes(params.get("pieces"))
        distance = params.get("distance", "any")
        self.exact = None if distance == "any" else c.number(path + ("distance",), distance, 1, 100)
        #: per player (1..n; 0 unused), per square: the lines a piece there slides along
        #: (``forward`` and the other relative words are the player's own)
        self.rays: list[list[list[tuple[int, ...]]]] = [[]]
        for player in t.player_numbers:
            base = topo.directions(params.get("directions", "orthogonal"), player)
            extra = [(t.region_mask(e["from"]), topo.directions(e["directions"], player))
                     for e in params.get("extra", [])]
            per_square = []
            for sq in range(topo.size):
                dirs = list(base)
                for mask, more in extra:
                    if mask >> sq & 1:
                        dirs += [d for d in more if d not in dirs]
                rays = [topo.ray(sq, d) for d in dirs]
                if self.exact is not None:
                    rays = [r[:self.exact] for r in rays if len(r) >= self.exact]
                per_square.append([r for r in rays if r])
            self.rays.append(per_square)
        self.table = [[SquareMove((index, a, b)) for b in range(topo.size)] for a in range(topo.size)]

    def could_take(self, player: int, square: int, code: int) -> int | None:
        return 0  # it ends on an empty square

    def generate(self, st: "Position", out: list[Any]) -> None:
        stacks = st.stacks
        mine = topped(st, self.codes[st.to_move])
        exact = self.exact
        rays = self.rays[st.to_move]
        while mine:
            low = mine & -mine
            sq = low.bit_length() - 1
            mine ^= low
            row = self.table[sq]
            for ray in rays[sq]:
                if exact is None:
                    for t in ray:
                        if stacks[t]:
                            break
                        out.append(row[t])
                else:
                    for t in ray:
                        if stacks[t]:
                            break
                    else:
                        out.append(row[ray[-1]])

    def apply(self, st: "Position", move: "Move") -> Any:
        move_top(st, move[1], move[2])
        return None

    def undo(self, st: "Position", move: "Move", info: Any) -> None:
        move_top(st, move[2], move[1])

    def takes_off(self) -> bool:
        return False  # a piece slides to an empty square

    action_doc = "a from square x a square on one of its lines (every pair the block's directions join)"

    def action_keys(self) -> list[Any]:
        full = self.t.topology.full_mask
        keys: dict[tuple[int, int], None] = {}  # every player's moves, the first player's first
        for rays in self.rays[1:]:
            keys.update(((a, b), None) for a in range(len(rays)) if full >> a & 1
                        for b in sorted({t for ray in rays[a] for t in ray}))
        return list(keys)

    def explain(self, st: "Position", move: "Move") -> str:
        _, a, b = move
        name = self.t.topology.name
        stack = st.stacks[a]
        if not stack:
            return f"there is no piece on {name(a)}"
        if stack[-1] not in self.codes[st.to_move]:
            return f"the piece on {name(a)} does not belong to the player to move"
        for ray in self.rays[st.to_move][a]:
            if b in ray:
                blocked = next((t for t in ray[:ray.index(b) + 1] if st.stacks[t]), None)
                if blocked == b:
                    return f"{name(b)} is taken: this move ends on an empty square"
                if blocked is not None:
                    return f"{name(blocked)} is in the way"
                break
        else:
            return f"{name(b)} is not in a straight line the piece on {name(a)} may move along"
        return super().explain(st, move)
