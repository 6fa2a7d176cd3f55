"""``step`` (a ``move`` of one square in a player's own directions): onto empty squares, and
capturing an enemy piece where the block says so."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model import flatten
from .common import one_piece_make, one_piece_tables, own_counts, own_find, own_found, own_pieces, padded, plain_squares

if TYPE_CHECKING:  # pragma: no cover
    from ...game import Game
    from ..model import Plan
    from ..writer import Writer

__all__ = ["KEYS", "tables", "make", "moves", "squares", "proposes", "count", "propose"]

KEYS = {"pieces", "directions", "distance", "to", "onto", "capture", "notation", "description", "legal_if", "sets"}
make = one_piece_make
squares = plain_squares


def tables(game: "Game", block: Any, out: dict[str, list[int]], p: "Plan") -> int:
    n = one_piece_tables(game, block, out)
    out["start"], out["to"] = flatten([block.targets[q][sq] for q in (1, 2) for sq in range(n)])
    out["cnt"] = [b - a for a, b in zip(out["start"], out["start"][1:])]  # how many: what a draw proposes
    out["flags"] = [int(block.capture), int(not block.only_capture)]
    return n * max((len(x) for q in (1, 2) for x in block.targets[q]), default=0)


def plain_tables(w: "Writer", p: "Plan", i: int) -> None:
    """Plain Python: per player and square the squares a step reaches, as a list (``B{i}_tol``)."""
    w.rows(f"B{i}_tol", p.blocks[i].tables["start"], p.blocks[i].tables["to"])


def moves(w: "Writer", p: "Plan", i: int) -> None:
    n, nc1 = p.squares, p.codes + 1
    capture, empty_ok = p.blocks[i].tables["flags"]
    own_pieces(w, p, i)
    w(f"mv = {w.big(i * p.slot)} + (c - 1) * {(n + 1) * n} + s * {n}", 2)
    if w.typed:
        w(f"for e in range(B{i}_start[(p - 1) * {n} + s], B{i}_start[(p - 1) * {n} + s + 1]):", 2)
        w(f"t = B{i}_to[e]", 3)
    else:  # plain Python: the row of squares read as a list
        w(f"for t in B{i}_tol[(p - 1) * {n} + s]:", 2)
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


def proposes(p: "Plan", i: int) -> bool:
    """A step can be drawn without its list (see :func:`count`)."""
    return True


def count(w: "Writer", p: "Plan", i: int) -> None:
    """The body of ``count{i}(p)``: the squares the mover's pieces would reach, empty or not."""
    own_counts(w, p, i, f"B{i}_cnt[(p - 1) * {p.squares} + s]", padded(p, i))


def propose(w: "Writer", p: "Plan", i: int) -> None:
    """The body of ``propose{i}(p, r)``: the ``r``-th step :func:`count` counts, where the
    square it reaches takes it (empty, or an enemy to capture where the block captures), else -1."""
    n, nc1 = p.squares, p.codes + 1
    capture, empty_ok = p.blocks[i].tables["flags"]
    own_find(w, p, i, f"B{i}_start", padded(p, i))
    w(f"t = B{i}_to[e]", 2)
    w("x = b[t]", 2)
    takes = f"ENEMY[p * {nc1} + x]" if capture else "0"
    w(f"if ({takes}) if x else {int(empty_ok)}:", 2)
    w(f"return {w.big(i * p.slot)} + (c - 1) * {(n + 1) * n} + s * {n} + t", 3)
    w("return -1", 2)
    own_found(w, padded(p, i))
