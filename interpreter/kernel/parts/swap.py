"""``swap``: the players change sides (the pie rule): every piece goes to the square ``squares``
says and changes owner, and the reserves and the counters kept per player change hands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model import NotKernel
from .common import no_square, one_move

if TYPE_CHECKING:  # pragma: no cover
    from ...game import Game
    from ..model import Plan
    from ..writer import Writer

__all__ = ["KEYS", "tables", "make", "moves", "squares"]

KEYS = {"squares", "notation", "description", "legal_if", "sets"}


def tables(game: "Game", block: Any, out: dict[str, list[int]], p: "Plan") -> int:
    """Per square where its piece goes, per code the code it becomes, the first slots of the
    counters kept per player. The part is 0."""
    t = game.t
    if t.stacking:
        raise NotKernel("a `swap` on a board of stacks")
    out["where"] = list(block.where)
    out["flip"] = list(block.flip)
    out["paired"] = list(block.paired)
    out["room"] = [1]
    return 1


def _exchange(w: "Writer", p: "Plan", i: int) -> None:
    """The reserves and the counters kept per player change hands (its own inverse)."""
    r = max(1, p.reserves)
    for slot in range(p.reserves):
        w(f"x = RES[{r} + {slot}]", 1)
        w(f"RES[{r} + {slot}] = RES[{2 * r} + {slot}]", 1)
        w(f"RES[{2 * r} + {slot}] = x", 1)
    for first in p.blocks[i].tables["paired"]:
        w(f"x = CNT[{first}]", 1)
        w(f"CNT[{first}] = CNT[{first + 1}]", 1)
        w(f"CNT[{first + 1}] = x", 1)


def make(w: "Writer", p: "Plan", i: int) -> None:
    """Every piece taken off (its square and code on ``U``), then put on its new square as the
    other player's; the number of pieces on ``U``."""
    n = p.squares
    w.func(f"make{i}", [("long long", "x"), ("int", "p")], "int")
    w.local("int s, m, got, base")
    w("got = 0", 1)
    w(f"for s in range({n}):", 1)
    w("if b[s]:", 2)
    w("U[UP[0]] = s", 3)
    w("U[UP[0] + 1] = pop(s)", 3)
    w("UP[0] += 2", 3)
    w("got += 1", 3)
    w("base = UP[0] - 2 * got", 1)
    w("for m in range(got):", 1)
    w(f"push(B{i}_where[U[base + 2 * m]], B{i}_flip[U[base + 2 * m + 1]])", 2)
    w("U[UP[0]] = got", 1)
    w("UP[0] += 1", 1)
    _exchange(w, p, i)
    w("return 0", 1)
    w("")
    w.func(f"unmake{i}", [("long long", "x"), ("int", "p"), ("int", "info")], "void")
    w.local("int m, got, base")
    _exchange(w, p, i)
    w("UP[0] -= 1", 1)
    w("got = U[UP[0]]", 1)
    w("base = UP[0] - 2 * got", 1)
    w("for m in range(got):", 1)
    w(f"pop(B{i}_where[U[base + 2 * m]])", 2)
    w("for m in range(got):", 1)
    w("push(U[base + 2 * m], U[base + 2 * m + 1])", 2)
    w("UP[0] = base", 1)
    w("")


moves = one_move
squares = no_square
