"""``leap``: a piece jumps a fixed offset away, whatever stands between (a knight), or, with
``leg``, unless the first square on the way is taken (Xiangqi's horse and elephant); it may end
where ``to`` allows, taking an enemy piece there."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model import flatten
from .common import landing_table, lands, one_piece_make, one_piece_tables, own_pieces, plain_squares

if TYPE_CHECKING:  # pragma: no cover
    from ...game import Game
    from ..model import Plan
    from ..writer import Writer

__all__ = ["KEYS", "tables", "make", "moves", "squares"]

KEYS = {"pieces", "offsets", "symmetric", "leg", "to", "notation", "description", "legal_if", "sets"}
make = one_piece_make
squares = plain_squares


def tables(game: "Game", block: Any, out: dict[str, list[int]], p: "Plan") -> int:
    """Per player and square its leaps, each its target and its leg's square (-1: none); per
    player and cell whether a leap may end there by ``to``'s words. The part is
    ``(code * (N + 1) + from) * N + to``."""
    n = one_piece_tables(game, block, out)
    hops = [[x for hop in block.jumps[q][sq] for x in hop] for q in (1, 2) for sq in range(n)]
    out["start"], out["hops"] = flatten(hops)
    landing_table(game, block.landing, out)
    return n * max((len(x) // 2 for x in hops), default=1)


def moves(w: "Writer", p: "Plan", i: int) -> None:
    n = p.squares
    own_pieces(w, p, i)
    w(f"mv = {w.big(i * p.slot)} + (c - 1) * {(n + 1) * n} + s * {n}", 2)
    w(f"e = B{i}_start[(p - 1) * {n} + s]", 2)
    w(f"stop = B{i}_start[(p - 1) * {n} + s + 1]", 2)
    w("while e < stop:", 2)
    w(f"t = B{i}_hops[e]", 3)
    w(f"j = B{i}_hops[e + 1]", 3)
    w("e += 2", 3)
    w("if j >= 0 and b[j]:", 3)  # the leg is taken
    w("continue", 4)
    w(f"if {lands(p, i, 'b[t]', 't', 's')}:", 3)
    w("out[k] = mv + t", 4)
    w("k += 1", 4)
