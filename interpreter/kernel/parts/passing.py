"""``pass``: the player passes (a move that changes nothing on the board; its ``sets`` count)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model import NotKernel
from .common import no_square, one_move

if TYPE_CHECKING:  # pragma: no cover
    from ...game import Game
    from ..model import Plan
    from ..writer import Writer

__all__ = ["KEYS", "tables", "make", "moves", "squares"]

KEYS = {"sets", "notation", "description", "legal_if"}


def tables(game: "Game", block: Any, out: dict[str, list[int]], p: "Plan") -> int:
    if not block.voluntary:  # pragma: no cover - the engine's own pass is the plan's
        raise NotKernel("a `pass` of this shape")
    out["room"] = [1]
    return 1


def make(w: "Writer", p: "Plan", i: int) -> None:
    w.func(f"make{i}", [("long long", "x"), ("int", "p")], "int")
    w("return 0", 1)
    w("")
    w.func(f"unmake{i}", [("long long", "x"), ("int", "p"), ("int", "info")], "void")
    w("pass", 1)
    w("")


moves = one_move
squares = no_square
