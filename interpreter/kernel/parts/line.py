"""A general ``move`` of one square onto an empty one, in per-kind directions (say a man's and a
king's), taking the top piece or the whole stack (``take: stack``), with promotion."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model import NotKernel, directions, flatten, kind_directions, kind_steps, promotion
from .common import mine, own_pieces

if TYPE_CHECKING:  # pragma: no cover
    from ...game import Game
    from ..model import Plan
    from ..writer import Writer

__all__ = ["KEYS", "tables", "plain_tables", "make", "moves", "squares"]

KEYS = {"take", "directions", "distance", "promote", "sets", "pieces", "notation", "description", "legal_if"}


def tables(game: "Game", block: Any, tables: dict[str, list[int]], p: "Plan") -> int:
    """The tables of a general ``move`` of one square onto an empty one, in per-kind directions,
    taking the top piece or the whole stack, with promotion."""
    t = game.t
    landing = block.landing
    if block.spread or block.distance != 1 or block.screens or block.from_region is not None \
            or block.from_condition is not None or block.under or block.captures or block.returns \
            or any(block.flattener) or block.k_min != block.k_max or not landing.simple \
            or not landing.ok[1][0] or any(landing.ok[p][c] for p in (1, 2) for c in range(1, t.num_codes + 1)):
        raise NotKernel("a `move` of this shape")
    if block.k_min not in (1, "height") and not callable(block.k_min):
        raise NotKernel("a `move` of this shape")
    names = directions(block, t)
    tables["mine"] = mine(block.codes, t.num_codes)
    tables["to"] = kind_steps(block, t, names, 0)
    tables["ways"] = kind_directions(block, t, names)
    tables["kind"] = list(t.code_kind)
    promotion(block, t, tables)
    tables["shape"] = [max(1, len(names)), int(block.whole)]
    n = t.topology.size
    return n * max(1, len(names))


def make(w: "Writer", p: "Plan", i: int) -> None:
    """A general ``move`` of one square: part ``from * N + to``; the top piece or the whole stack
    goes, and is promoted where it lands in the promotion's region. Returns the code before the
    promotion + 1 (0: none)."""
    n = p.squares
    nd, whole = p.blocks[i].tables["shape"]
    hh = max(1, p.height)
    w.func(f"make{i}", [("long long", "x"), ("int", "p")], "int")
    w.local(f"int a, t, c, j, top, new, unit[{hh}]")
    if not w.typed:
        w(f"unit = [0] * {hh}", 1)
    w(f"a = <int>((x // {n}) % {n})" if w.typed else f"a = (x // {n}) % {n}", 1)
    w(f"t = <int>(x % {n})" if w.typed else f"t = x % {n}", 1)
    w("c = height_of(a)" if whole else "c = 1", 1)
    w("for j in range(c):", 1)
    w("unit[c - 1 - j] = pop(a)", 2)
    w("for j in range(c):", 1)
    w("push(t, unit[j])", 2)
    w("top = unit[c - 1]", 1)
    w(f"new = B{i}_becomes[top]", 1)
    w(f"if new >= 0 and B{i}_crown[p * {n} + t]:", 1)
    w("pop(t)", 2)
    w("push(t, new)", 2)
    w("return top + 1", 2)
    w("return 0", 1)
    w("")
    w.func(f"unmake{i}", [("long long", "x"), ("int", "p"), ("int", "info")], "void")
    w.local(f"int a, t, c, j, unit[{hh}]")
    if not w.typed:
        w(f"unit = [0] * {hh}", 1)
    w(f"a = <int>((x // {n}) % {n})" if w.typed else f"a = (x // {n}) % {n}", 1)
    w(f"t = <int>(x % {n})" if w.typed else f"t = x % {n}", 1)
    w("if info:", 1)
    w("pop(t)", 2)
    w("push(t, info - 1)", 2)
    w("c = height_of(t)" if whole else "c = 1", 1)
    w("for j in range(c):", 1)
    w("unit[c - 1 - j] = pop(t)", 2)
    w("for j in range(c):", 1)
    w("push(a, unit[j])", 2)
    w("")


def plain_tables(w: "Writer", p: "Plan", i: int) -> None:
    """Plain Python: per player, kind and square the squares its ways reach, as a list
    (``B{i}_tol``)."""
    tb = p.blocks[i].tables
    n, nd = p.squares, tb["shape"][0]
    kinds = max(tb["kind"]) + 1
    rows = [[tb["to"][sq * nd + d] for d in range(nd)
             if tb["ways"][(q * kinds + kind) * nd + d] and tb["to"][sq * nd + d] >= 0]
            for q in range(3) for kind in range(kinds) for sq in range(n)]
    w(f"B{i}_tol = [{', '.join(map(str, rows))}]")


def moves(w: "Writer", p: "Plan", i: int) -> None:
    n = p.squares
    nd, _ = p.blocks[i].tables["shape"]
    kinds = max(p.blocks[i].tables["kind"]) + 1
    own_pieces(w, p, i)
    if not w.typed:  # plain Python: the squares the piece's ways reach, read as a list
        w(f"mv = {w.big(i * p.slot)} + s * {n}", 2)
        w(f"for t in B{i}_tol[(p * {kinds} + B{i}_kind[c - 1]) * {n} + s]:", 2)
        w("if not b[t]:", 3)
        w("out[k] = mv + t", 4)
        w("k += 1", 4)
        return
    w(f"kind = B{i}_kind[c - 1]", 2)
    w(f"for d in range({nd}):", 2)
    w(f"if not B{i}_ways[(p * {kinds} + kind) * {nd} + d]:", 3)
    w("continue", 4)
    w(f"t = B{i}_to[s * {nd} + d]", 3)
    w("if t >= 0 and not b[t]:", 3)
    w(f"out[k] = {w.big(i * p.slot)} + s * {n} + t", 4)
    w("k += 1", 4)


def squares(w: "Writer", p: "Plan", i: int, name: str) -> bool:
    """The part is ``from * N + to``."""
    n = p.squares
    if name == "to_of":
        w(f"return <int>(x % {n})" if w.typed else f"return x % {n}", 2)
    else:
        w(f"return <int>((x // {n}) % {n})" if w.typed else f"return (x // {n}) % {n}", 2)
    return True
