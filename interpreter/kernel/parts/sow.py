"""``sow``: every piece lifted from one of the player's squares is dropped one by one on the next
squares of a path that goes round, passing the squares where ``skip`` holds; with the ``gather``
effect after it (the seeds of squares named by conditions go onto another)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model import NotKernel

if TYPE_CHECKING:  # pragma: no cover
    from ...game import Game
    from ..model import Plan
    from ..writer import Writer

__all__ = ["KEYS", "tables", "make", "moves", "squares"]

KEYS = {"pieces", "from", "path", "skip", "origin", "notation", "description", "legal_if", "sets", "effects"}


def tables(game: "Game", block: Any, out: dict[str, list[int]], p: "Plan") -> int:
    """Per player and square whether he sows from it; the square after each on the path (-1: off
    it); per player and cell (0 empty, else code + 1) whether its top is sown; the path. A move's
    part is ``from * N + the last square sown``."""
    t = game.t
    n = t.topology.size
    if not t.stacking:  # pragma: no cover - the engine's sow needs stacks
        raise NotKernel("a `sow` on a board without stacks")
    out["src"] = [block.sources[q] >> s & 1 if q else 0 for q in range(3) for s in range(n)]
    out["next"] = list(block.next)
    out["path"] = list(block.path_squares)
    out["codes"] = [int(q > 0 and c > 0 and (c - 1) in block.codes[q]) for q in range(3) for c in range(t.num_codes + 1)]
    out["room"] = [n * n]
    out["origin"] = [int(block.skip_origin)]
    return bin(block.any_source).count("1")


def _skips(w: "Writer", p: "Plan", i: int, indent: int) -> None:
    """``SKP[sq]`` for every square of the path (the condition read with ``square`` bound to it and
    ``from`` the square sown from, ``s``); ``stop``: 1 where every square is passed."""
    tb = p.blocks[i].tables
    skip = p.blocks[i].skip
    w("stop = 1", indent)
    w(f"for e in range({len(tb['path'])}):", indent)
    w(f"t = B{i}_path[e]", indent + 1)
    w(f"SKP[t] = skip{i}(p, s, t)" if skip is not None else "SKP[t] = 0", indent + 1)
    if tb["origin"][0]:
        w("if t == s:", indent + 1)
        w("SKP[t] = 1", indent + 2)
    w("if not SKP[t]:", indent + 1)
    w("stop = 0", indent + 2)


def moves(w: "Writer", p: "Plan", i: int) -> None:
    n = p.squares
    nc1 = p.codes + 1
    w(f"for s in range({n}):", 1)
    w(f"if not B{i}_src[p * {n} + s] or not B{i}_codes[p * {nc1} + b[s]]:", 2)
    w("continue", 3)
    w("h = height_of(s)", 2)
    _skips(w, p, i, 2)
    w("if stop:", 2)  # a sowing needs a square to sow on
    w("continue", 3)
    w("t = s", 2)
    w("c = 0", 2)
    w("while c < h:", 2)
    w(f"t = B{i}_next[t]", 3)
    w("if not SKP[t]:", 3)
    w("c += 1", 4)
    w(f"out[k] = {w.big(i * p.slot)} + s * {n} + t", 2)
    w("k += 1", 2)


def make(w: "Writer", p: "Plan", i: int) -> None:
    """The pieces lifted (bottom first onto ``SWB``), the path's skips read with the square sown
    from empty, each piece dropped in turn; the squares sown go on ``U``, then their number. A
    ``gather`` follows."""
    n = p.squares
    hh = max(1, p.height)
    w.func(f"make{i}", [("long long", "x"), ("int", "p")], "int")
    w.local("int s, h, j, t, e, stop, to_, frm_, mover, sq")
    w("mover = p", 1)
    w(f"s = <int>(x // {n})" if w.typed else f"s = x // {n}", 1)
    w("h = height_of(s)", 1)
    w("for j in range(h - 1, -1, -1):", 1)
    w("SWB[j] = pop(s)", 2)
    _skips(w, p, i, 1)
    w("t = s", 1)
    w("for j in range(h):", 1)
    w(f"t = B{i}_next[t]", 2)
    w("while SKP[t]:", 2)
    w(f"t = B{i}_next[t]", 3)
    w("push(t, SWB[j])", 2)
    w("U[UP[0]] = t", 2)
    w("UP[0] += 1", 2)
    w("U[UP[0]] = h", 1)
    w("UP[0] += 1", 1)
    if p.blocks[i].gather is not None or p.blocks[i].sweep is not None:
        w("to_ = t", 1)
        w("frm_ = s", 1)
        (_gather if p.blocks[i].gather is not None else _sweep)(w, p, i)
        if p.blocks[i].keep is not None:  # the effect taken back where its `keep_if` fails
            w(f"if not keep{i}(mover, to_, frm_):", 1)
            _ungather(w, 2)
            w("U[UP[0]] = 0", 2)
            w("UP[0] += 1", 2)
    w("return 0", 1)
    w("")
    w.func(f"unmake{i}", [("long long", "x"), ("int", "p"), ("int", "info")], "void")
    w.local("int s, h, j, m, g, sq, c")
    w(f"s = <int>(x // {n})" if w.typed else f"s = x // {n}", 1)
    if p.blocks[i].gather is not None or p.blocks[i].sweep is not None:
        _ungather(w, 1)
    w("UP[0] -= 1", 1)
    w("h = U[UP[0]]", 1)
    w("for j in range(h - 1, -1, -1):", 1)  # the sown pieces back, the last first, onto the square sown from
    w("UP[0] -= 1", 2)
    w("SWB[j] = pop(U[UP[0]])", 2)
    w("for j in range(h):", 1)
    w("push(s, SWB[j])", 2)
    w("")
    assert hh > 0


def _ungather(w: "Writer", indent: int) -> None:
    """The gathered (or swept) pieces back where they were, the last source first (their record
    taken off ``U``)."""
    w("UP[0] -= 1", indent)
    w("g = U[UP[0]]", indent)
    w("for m in range(g):", indent)
    w("UP[0] -= 3", indent + 1)
    w("sq = U[UP[0]]", indent + 1)
    w("c = U[UP[0] + 1]", indent + 1)
    w("for j in range(c - 1, -1, -1):", indent + 1)
    w("SWB[j] = pop(U[UP[0] + 2])", indent + 2)
    w("for j in range(c):", indent + 1)
    w("push(sq, SWB[j])", indent + 2)


def _sweep(w: "Writer", p: "Plan", i: int) -> None:
    """From the first square along the sweep's path while its condition holds on each (read before
    any is emptied), not at the target, not round again: the pieces go onto the target; recorded on
    ``U`` as a gather's."""
    n = p.squares
    sweep = p.blocks[i].sweep
    assert sweep is not None
    when, first, _, target = sweep
    w.local("int tg, g, src, c, m, f0, cnt0, q0")
    w("g = 0", 1)
    w("cnt0 = 0", 1)
    w(f"tg = {target}", 1)
    w(f"f0 = {first}", 1)
    w(f"if ({when}) and 0 <= tg < {n} and 0 <= f0 < {n} and B{i}_after[f0] >= 0:", 1)
    w("src = f0", 2)
    w(f"while src != tg and sweeps{i}(mover, to_, frm_, src):", 2)
    w("RM[cnt0] = src", 3)
    w("cnt0 += 1", 3)
    w(f"src = B{i}_after[src]", 3)
    w("if src == f0:", 3)
    w("break", 4)
    w("for q0 in range(cnt0):", 2)
    w("src = RM[q0]", 3)
    w("if height_of(src) > 0:", 3)
    _onto_target(w, 4)
    w("U[UP[0]] = g", 1)
    w("UP[0] += 1", 1)


def _onto_target(w: "Writer", indent: int) -> None:
    """The pieces of ``src`` onto ``tg``, bottom first; ``src``, their count and ``tg`` go on
    ``U`` (``g`` counts the squares so moved)."""
    w("c = height_of(src)", indent)
    w("for m in range(c - 1, -1, -1):", indent)
    w("SWB[m] = pop(src)", indent + 1)
    w("for m in range(c):", indent)
    w("push(tg, SWB[m])", indent + 1)
    w("U[UP[0]] = src", indent)
    w("U[UP[0] + 1] = c", indent)
    w("U[UP[0] + 2] = tg", indent)
    w("UP[0] += 3", indent)
    w("g += 1", indent)


def _gather(w: "Writer", p: "Plan", i: int) -> None:
    """Where the gather's condition holds: the pieces of each source square (distinct, not the
    target, on the board) go onto the target, bottom first; per source its square, its count and
    the target go on ``U``, then how many sources."""
    n = p.squares
    g = p.blocks[i].gather
    assert g is not None
    when, sources, target = g
    w.local("int tg, g, src, c, m, dup")
    w("g = 0", 1)
    w(f"tg = {target}", 1)
    w(f"if ({when}) and tg >= 0 and tg < {n}:", 1)
    for k, source in enumerate(sources):
        w(f"src = {source}", 2)
        # a square named twice is gathered once: it is empty the second time
        w(f"if src >= 0 and src < {n} and src != tg and height_of(src) > 0:", 2)
        _onto_target(w, 3)
    w("U[UP[0]] = g", 1)
    w("UP[0] += 1", 1)


def squares(w: "Writer", p: "Plan", i: int, name: str) -> bool:
    """A sowing starts on the square sown from and ends on the last square sown (the plain reading)."""
    return False
