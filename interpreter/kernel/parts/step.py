"""``step`` (a ``move`` of one square in a player's own directions): onto empty squares, and
capturing an enemy piece where the block says so."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model import flatten
from .common import one_piece_make, one_piece_tables, own_pieces, plain_squares

if TYPE_CHECKING:  # pragma: no cover
    from ...game import Game
    from ..model import Plan
    from ..writer import Writer

__all__ = ["KEYS", "tables", "make", "moves", "squares"]

KEYS = {"pieces", "directions", "distance", "to", "onto", "capture", "notation", "description", "legal_if", "sets"}
make = one_piece_make
squares = plain_squares


def tables(game: "Game", block: Any, out: dict[str, list[int]], p: "Plan") -> int:
    n = one_piece_tables(game, block, out)
    out["start"], out["to"] = flatten([block.targets[q][sq] for q in (1, 2) for sq in range(n)])
    out["flags"] = [int(block.capture), int(not block.only_capture)]
    return n * max((len(x) for q in (1, 2) for x in block.targets[q]), default=0)


def moves(w: "Writer", p: "Plan", i: int) -> None:
    n, nc1 = p.squares, p.codes + 1
    capture, empty_ok = p.blocks[i].tables["flags"]
    own_pieces(w, p, i)
    w(f"mv = {w.big(i * p.slot)} + (c - 1) * {(n + 1) * n} + s * {n}", 2)
    w(f"for e in range(B{i}_start[(p - 1) * {n} + s], B{i}_start[(p - 1) * {n} + s + 1]):", 2)
    w(f"t = B{i}_to[e]", 3)
    w("c = b[t]", 3)
    w("if c:", 3)
    if capture:
        w(f"if ENEMY[p * {nc1} + c]:", 4)
        w("out[k] = mv + t", 5)
        w("k += 1", 5)
    else:
        w("pass", 4)
    if empty_ok:
        w("else:", 3)
        w("out[k] = mv + t", 4)
        w("k += 1", 4)
