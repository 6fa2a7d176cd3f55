"""``slide`` (a ``move`` along lines in a player's own directions): over empty squares to an
empty one, any distance or exactly ``distance``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model import ended_rays, flatten
from .common import one_piece_make, one_piece_tables, own_counts, own_find, own_found, own_pieces, padded, plain_squares

if TYPE_CHECKING:  # pragma: no cover
    from ...game import Game
    from ..model import Plan
    from ..writer import Writer

__all__ = ["KEYS", "tables", "make", "moves", "squares", "proposes", "count", "propose"]

KEYS = {"pieces", "directions", "distance", "to", "notation", "description", "legal_if", "extra", "sets"}
make = one_piece_make
squares = plain_squares


def tables(game: "Game", block: Any, out: dict[str, list[int]], p: "Plan") -> int:
    n = one_piece_tables(game, block, out)
    # per player and square, the rays one after the other, each ended by -1
    out["start"], out["rays"] = flatten(ended_rays(block.rays[1][:n]) + ended_rays(block.rays[2][:n]))
    out["flags"] = [0 if block.exact is None else 1]
    # what a draw proposes from: per player and square, each square a slide could end on (where
    # nothing were in the way), as its place in ``rays`` and the place of its ray's first square
    ends: list[list[int]] = []
    firsts: list[list[int]] = []
    starts, rays = out["start"], out["rays"]
    for j in range(len(starts) - 1):
        ends.append([])
        firsts.append([])
        first = starts[j]
        for e in range(starts[j], starts[j + 1]):
            if rays[e] < 0:
                if block.exact is not None and e > first:
                    ends[-1].append(e - 1)
                    firsts[-1].append(first)
                first = e + 1
            elif block.exact is None:
                ends[-1].append(e)
                firsts[-1].append(first)
    out["cand_start"], out["cand"] = flatten(ends)
    out["cand_first"] = flatten(firsts)[1]
    out["cnt"] = [b - a for a, b in zip(out["cand_start"], out["cand_start"][1:])]
    return n * max((sum(len(r) for r in block.rays[q][sq]) for q in (1, 2) for sq in range(n)), default=0)


def plain_tables(w: "Writer", p: "Plan", i: int) -> None:
    """Plain Python: per player and square its rays, each a list of squares (``B{i}_rayl``)."""
    starts, flat = p.blocks[i].tables["start"], p.blocks[i].tables["rays"]
    rows = []
    for j in range(len(starts) - 1):
        rays: list[list[int]] = [[]]
        for sq in flat[starts[j]:starts[j + 1]]:
            if sq < 0:
                rays.append([])
            else:
                rays[-1].append(sq)
        rows.append("[" + ", ".join(str(ray) for ray in rays[:-1]) + "]")
    w(f"B{i}_rayl = [{', '.join(rows)}]")


def moves(w: "Writer", p: "Plan", i: int) -> None:
    n = p.squares
    exact = p.blocks[i].tables["flags"][0]
    own_pieces(w, p, i)
    w(f"mv = {w.big(i * p.slot)} + (c - 1) * {(n + 1) * n} + s * {n}", 2)
    if not w.typed:  # plain Python: each ray read as a list, the squares up to the first piece
        w(f"for ray in B{i}_rayl[(p - 1) * {n} + s]:", 2)
        w("for t in ray:", 3)
        w("if b[t]:", 4)
        w("break", 5)
        if not exact:
            w("out[k] = mv + t", 4)
            w("k += 1", 4)
        else:
            w("else:", 3)  # nothing in the way: the ray's last square
            w("out[k] = mv + ray[-1]", 4)
            w("k += 1", 4)
        return
    w(f"e = B{i}_start[(p - 1) * {n} + s]", 2)
    w(f"j = B{i}_start[(p - 1) * {n} + s + 1]", 2)
    w("while e < j:", 2)
    w(f"t = B{i}_rays[e]", 3)
    w("e += 1", 3)
    w("if t < 0:", 3)  # the end of a ray, nothing in the way
    if exact:
        w(f"out[k] = mv + B{i}_rays[e - 2]", 4)
        w("k += 1", 4)
    w("continue", 4)
    w("if b[t]:", 3)  # blocked: on to the next ray
    w(f"while B{i}_rays[e] >= 0:", 4)
    w("e += 1", 5)
    w("e += 1", 4)
    w("continue", 4)
    if not exact:
        w("out[k] = mv + t", 3)
        w("k += 1", 3)


def proposes(p: "Plan", i: int) -> bool:
    """A slide can be drawn without its list (see :func:`count`)."""
    return True


def count(w: "Writer", p: "Plan", i: int) -> None:
    """The body of ``count{i}(p)``: the squares the mover's pieces could slide to were nothing in
    the way (with an exact distance, the end of each ray)."""
    own_counts(w, p, i, f"B{i}_cnt[(p - 1) * {p.squares} + s]", padded(p, i))


def propose(w: "Writer", p: "Plan", i: int) -> None:
    """The body of ``propose{i}(p, r)``: the ``r``-th slide :func:`count` counts, where every
    square of its ray up to its end is empty, else -1."""
    n = p.squares
    own_find(w, p, i, f"B{i}_cand_start", padded(p, i))
    w(f"for j in range(B{i}_cand_first[e], B{i}_cand[e] + 1):", 2)
    w(f"if b[B{i}_rays[j]]:", 3)
    w("return -1", 4)
    w(f"return {w.big(i * p.slot)} + (c - 1) * {(n + 1) * n} + s * {n} + B{i}_rays[B{i}_cand[e]]", 2)
    own_found(w, padded(p, i))
