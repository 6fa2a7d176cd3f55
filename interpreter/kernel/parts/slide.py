"""``slide`` (a ``move`` along lines in a player's own directions): over empty squares to an
empty one, any distance or exactly ``distance``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model import ended_rays, flatten
from .common import one_piece_make, one_piece_tables, own_pieces, plain_squares

if TYPE_CHECKING:  # pragma: no cover
    from ...game import Game
    from ..model import Plan
    from ..writer import Writer

__all__ = ["KEYS", "tables", "make", "moves", "squares"]

KEYS = {"pieces", "directions", "distance", "to", "notation", "description", "legal_if", "extra", "sets"}
make = one_piece_make
squares = plain_squares


def tables(game: "Game", block: Any, out: dict[str, list[int]], p: "Plan") -> int:
    n = one_piece_tables(game, block, out)
    # per player and square, the rays one after the other, each ended by -1
    out["start"], out["rays"] = flatten(ended_rays(block.rays[1][:n]) + ended_rays(block.rays[2][:n]))
    out["flags"] = [0 if block.exact is None else 1]
    return n * max((sum(len(r) for r in block.rays[q][sq]) for q in (1, 2) for sq in range(n)), default=0)


def moves(w: "Writer", p: "Plan", i: int) -> None:
    n = p.squares
    exact = p.blocks[i].tables["flags"][0]
    own_pieces(w, p, i)
    w(f"mv = {w.big(i * p.slot)} + (c - 1) * {(n + 1) * n} + s * {n}", 2)
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
