"""``fly``: a piece of the player's onto any square ``to`` allows (empty by default), wherever it
stands (Nine Men's Morris' men when three are left)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model import NotKernel
from .common import mine, one_piece_make, own_pieces

if TYPE_CHECKING:  # pragma: no cover
    from ...game import Game
    from ..model import Plan
    from ..writer import Writer

__all__ = ["KEYS", "tables", "make", "moves", "squares"]

KEYS = {"pieces", "to", "notation", "description", "legal_if", "sets"}
make = one_piece_make


def tables(game: "Game", block: Any, out: dict[str, list[int]], p: "Plan") -> int:
    """The squares it may land on, per player the pieces it moves, per player and cell whether it
    may end there. The part is ``(code * (N + 1) + from) * N + to``."""
    t = game.t
    landing = block.landing
    if t.stacking or not landing.simple or landing.occupied:
        raise NotKernel("a `fly` of this shape")
    out["squares"] = list(block.squares)
    out["mine"] = mine(block.codes, t.num_codes)
    n = t.topology.size
    return n * len(block.squares)


def moves(w: "Writer", p: "Plan", i: int) -> None:
    n = p.squares
    count = len(p.blocks[i].tables["squares"])
    own_pieces(w, p, i)
    w(f"for e in range({count}):", 2)
    w(f"t = B{i}_squares[e]", 3)
    w("if t != s and b[t] == 0:", 3)
    w(f"out[k] = {w.big(i * p.slot)} + (c - 1) * {(n + 1) * n} + s * {n} + t", 4)
    w("k += 1", 4)


def squares(w: "Writer", p: "Plan", i: int, name: str) -> bool:
    """The plain reading."""
    return False
