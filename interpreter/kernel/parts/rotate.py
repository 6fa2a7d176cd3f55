"""``rotate``: a square region of the board turns, every stack on it moving with it (Pentago's
quarter of the board turned after a placement)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model import flatten

if TYPE_CHECKING:  # pragma: no cover
    from ...game import Game
    from ..model import Plan
    from ..writer import Writer

__all__ = ["KEYS", "tables", "make", "moves", "squares"]

KEYS = {"regions", "turns", "notation", "description", "legal_if", "sets"}


def tables(game: "Game", block: Any, out: dict[str, list[int]], p: "Plan") -> int:
    """Per region its squares; per region and turn where each of them goes. The part of a move is
    ``region * turns + the turn's place``."""
    turns = len(block.turns)
    out["start"], out["squares"] = flatten(block.squares)
    out["maps"] = [sq for r, squares in enumerate(block.squares) for turn in block.turns
                   for sq in block.maps[r][turn]]
    out["shape"] = [turns, max(len(squares) for squares in block.squares)]
    out["room"] = [len(block.squares) * turns]
    p.lift = max(p.lift, max(len(squares) for squares in block.squares))
    return len(block.squares) * turns


def _lift_and_put(w: "Writer", p: "Plan", i: int, back: bool) -> None:
    """Every stack of the region lifted (onto ``LB``, bottom first, its height on ``LH``), then
    put down where the turn takes it (``back``: where it came from)."""
    hh = max(1, p.height)
    turns = p.blocks[i].tables["shape"][0]
    w("r = <int>(x // " + str(turns) + ")" if w.typed else f"r = x // {turns}", 1)
    w(f"base = B{i}_start[r]", 1)
    w(f"cnt = B{i}_start[r + 1] - base", 1)
    w(f"m = base * {turns} + <int>(x % {turns}) * cnt" if w.typed else f"m = base * {turns} + (x % {turns}) * cnt", 1)
    lift, put = (f"B{i}_maps[m + e]", f"B{i}_squares[base + e]") if back else \
        (f"B{i}_squares[base + e]", f"B{i}_maps[m + e]")
    w("for e in range(cnt):", 1)
    w(f"s = {lift}", 2)
    w("h = height_of(s)", 2)
    w("LH[e] = h", 2)
    w("for j in range(h - 1, -1, -1):", 2)
    w(f"LB[e * {hh} + j] = pop(s)", 3)
    w("for e in range(cnt):", 1)
    w(f"s = {put}", 2)
    w("for j in range(LH[e]):", 2)
    w(f"push(s, LB[e * {hh} + j])", 3)


def make(w: "Writer", p: "Plan", i: int) -> None:
    w.func(f"make{i}", [("long long", "x"), ("int", "p")], "int")
    w.local("int r, base, cnt, m, e, s, h, j")
    _lift_and_put(w, p, i, False)
    w("return 0", 1)
    w("")
    w.func(f"unmake{i}", [("long long", "x"), ("int", "p"), ("int", "info")], "void")
    w.local("int r, base, cnt, m, e, s, h, j")
    _lift_and_put(w, p, i, True)
    w("")


def moves(w: "Writer", p: "Plan", i: int) -> None:
    rooms = p.blocks[i].tables["room"][0]
    w(f"for e in range({rooms}):", 1)
    w(f"out[k] = {w.big(i * p.slot)} + e", 2)
    w("k += 1", 2)


def squares(w: "Writer", p: "Plan", i: int, name: str) -> bool:
    """A turned region has no square of its own (the engine's -1)."""
    w("return -1", 2)
    return True
