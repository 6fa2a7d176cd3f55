"""``pattern``: a picture of cells (``O`` own piece, ``x`` no own piece, ``.`` anything) found on
the board in any allowed rotation (and mirror image, if allowed)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence


from ..dsl.spec import picture_problem
from .base import Predicate

if TYPE_CHECKING:  # pragma: no cover
    from ..blocks.base import Compiling
    from ..state import Move, Position

__all__ = ["Pattern", "picture_problem"]


def _cells(rows: list[str], ch: str) -> list[tuple[int, int]]:
    """(file offset, rank offset) of ``ch`` cells; the first row is the top."""
    h = len(rows)
    return [(x, h - 1 - y) for y, row in enumerate(rows) for x, c in enumerate(row) if c == ch]


def _rotate(cells: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    return [(y, -x) for x, y in cells]


def _normal(o: Sequence[tuple[int, int]], x: Sequence[tuple[int, int]]) -> tuple[tuple[tuple[int, int], ...], ...]:
    fx = min(a for a, _ in o)
    fy = min(b for _, b in o)
    return (tuple(sorted((a - fx, b - fy) for a, b in o)), tuple(sorted((a - fx, b - fy) for a, b in x)))


class Pattern(Predicate):
    """Parameters: ``picture`` (rows) or ``pictures`` (name -> rows or ``{rows, mirror, rotations}``)
    with ``by`` (the option naming the picture), ``pieces`` (kinds that count as own pieces),
    ``rotations`` (1, 2 or 4), ``mirror`` (bool), ``within`` (region every ``O`` cell must lie in;
    default the whole board).

    ``x`` cells that fall off the board are satisfied. Compiled to (O mask, x mask) pairs for every
    placement, indexed by their lowest O square.
    """

    name = "pattern"

    def __init__(self, c: "Compiling", params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, params, path)
        topo = c.t.topology
        if topo.__class__.__name__ != "SquareTopology":
            raise c.error(path, "a picture is laid on the rows and files of a square board")
        mirror = bool(params.get("mirror", False))
        rotations = int(params.get("rotations", 4))
        if "pictures" in params:
            choice = c.options.get(params["by"])
            pictures = params["pictures"]
            if choice not in pictures:
                raise c.error(path + ("pictures",), f"no picture {choice!r} (pictures: {', '.join(pictures)})")
            rows = pictures[choice]
            if isinstance(rows, dict):
                mirror = bool(rows.get("mirror", mirror))
                rotations = int(rows.get("rotations", rotations))
                rows = rows["rows"]
            where = path + ("pictures", choice)
        else:
            rows, where = params["picture"], path + ("picture",)
        problem = picture_problem(rows)
        if problem:
            raise c.error(where, problem)
        self.rows = rows
        self.codes = c.t.player_codes(params.get("pieces"))
        within = c.t.region_mask(params["within"]) if "within" in params else topo.full_mask
        o, x = _cells(rows, "O"), _cells(rows, "x")
        self.cells = len(o)
        shapes = set()
        oo: Sequence[tuple[int, int]]
        xx: Sequence[tuple[int, int]]
        for flip in ([False, True] if mirror else [False]):
            oo, xx = ([(-a, b) for a, b in o], [(-a, b) for a, b in x]) if flip else (o, x)
            for _ in range(rotations):
                shapes.add(_normal(oo, xx))
                oo, xx = _rotate(oo), _rotate(xx)
        W, H = topo.width, topo.height
        by_anchor: list[list[tuple[int, int]]] = [[] for _ in range(topo.size)]
        for oo, xx in shapes:
            for fy in range(H):
                for fx in range(W):
                    om = 0
                    for a, b in oo:
                        if not (0 <= fx + a < W and 0 <= fy + b < H):
                            break
                        om |= 1 << ((fy + b) * W + fx + a)
                    else:
                        if om & within != om:
                            continue
                        xm = 0
                        for a, b in xx:
                            if 0 <= fx + a < W and 0 <= fy + b < H:
                                xm |= 1 << ((fy + b) * W + fx + a)
                        anchor = (om & -om).bit_length() - 1
                        by_anchor[anchor].append((om, xm))
        self.by_anchor = by_anchor
        self.within = within
        #: the placements by every square they cover (for :meth:`through`), made when first asked
        self._by_square: list[list[tuple[int, int]]] | None = None

    def holds(self, st: "Position", player: int) -> bool:
        own = 0
        for c in self.codes[player]:
            own |= st.tops[c]
        bits = own & self.within
        if bits.bit_count() < self.cells:
            return False
        by_anchor = self.by_anchor
        while bits:
            low = bits & -bits
            bits ^= low
            for om, xm in by_anchor[low.bit_length() - 1]:
                if own & om == om and not own & xm:
                    return True
        return False

    def through(self, st: "Position", sq: int) -> bool:
        """Whether the owner of the piece on ``sq`` holds the picture with a placement that covers
        ``sq`` (the piece is part of a line, say)."""
        player = self.top_owner(st, sq)
        if not player:
            return False
        if self._by_square is None:
            by_square: list[list[tuple[int, int]]] = [[] for _ in self.by_anchor]
            for placements in self.by_anchor:
                for om, xm in placements:
                    bits = om
                    while bits:
                        low = bits & -bits
                        bits ^= low
                        by_square[low.bit_length() - 1].append((om, xm))
            self._by_square = by_square
        own = 0
        for c in self.codes[player]:
            own |= st.tops[c]
        return any(own & om == om and not own & xm for om, xm in self._by_square[sq])

    def progress(self, st: "Position", player: int) -> float:
        """How near the player is to the picture: the largest share of its ``O`` cells that he
        holds in a placement still open to him (no piece of his on an ``x`` cell, no other piece
        on an ``O`` cell); 1.0 when it holds."""
        own = 0
        for c in self.codes[player]:
            own |= st.tops[c]
        others = st.occupied & ~own
        best = 0
        for placements in self.by_anchor:
            for om, xm in placements:
                if not own & xm and not others & om:
                    n = (own & om).bit_count()
                    if n > best:
                        best = n
        return best / self.cells
