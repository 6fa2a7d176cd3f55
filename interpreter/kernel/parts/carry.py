"""A stack carried along a line and spread, a part of it left on every square passed (``move`` with
``drop: spread``): ``blocked_by``, ``flatten``. The drops are numbered patterns shared by the
plan, a move's part ``(square * directions + direction) * 4096 + pattern``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model import NotKernel, flatten
from .common import own_counts, own_pick, own_pieces

if TYPE_CHECKING:  # pragma: no cover
    from ...game import Game
    from ..model import Plan
    from ..writer import Writer

__all__ = ["KEYS", "tables", "make", "moves", "squares", "proposes", "count", "propose"]

KEYS = {"take", "limit", "directions", "drop", "to", "blocked_by", "flatten", "notation", "description", "legal_if",
        "sets"}


def tables(game: "Game", block: Any, tables: dict[str, list[int]], out: "Plan") -> int:
    """The tables of a ``carry`` block: its rays, and by the most pieces carried and the squares
    free the drops it may make (numbers into the plan's patterns); the room its moves need."""
    from ...blocks.carry import compositions
    t = game.t
    n, nd = t.topology.size, len(block.dir_names)
    limit = min(block.limit, t.max_height)
    reach = max(1, block.max_ray)
    tables["rays"] = [(list(block.rays[sq][d]) + [-1] * reach)[i] for sq in range(n) for d in range(nd) for i in range(reach)]
    tables["raylen"] = [len(block.rays[sq][d]) for sq in range(n) for d in range(nd)]
    tables["mine"] = [0] * (3 * (t.num_codes + 1))
    for p in (1, 2):
        for code in block.owner_codes[p]:
            tables["mine"][p * (t.num_codes + 1) + code + 1] = 1
    tables["blocker"] = [0] + [int(x) for x in block.blocker]
    tables["flattener"] = [0] + [int(x) for x in block.flattener]
    tables["flattenable"] = [0] + [int(x) for x in block.flattenable]
    tables["becomes"] = list(block.becomes)
    tables["unbecomes"] = list(block.unbecomes)

    def number(drops: tuple[int, ...]) -> int:
        if drops not in out.patterns:
            out.patterns.append(drops)
        return out.patterns.index(drops)
    plain: list[list[int]] = []
    flat: list[list[int]] = []
    for maxc in range(limit + 1):
        for free in range(reach + 1):
            plain.append([number(d) for c in range(1, maxc + 1) for d in compositions(c, free)] if free else [])
            if free == 0:
                flat.append([number((1,))] if maxc >= 1 else [])
            else:
                flat.append([number(d + (1,)) for c in range(1, maxc + 1) for d in compositions(c - 1, free)
                             if len(d) == free])
    tables["plain_start"], tables["plain"] = flatten(plain)
    # per square and most carried: the carries its rays would give if none were blocked (each
    # carry the stack may make is one of these, once: what a draw proposes from)
    tables["tot"] = [sum(len(plain[maxc * (reach + 1) + len(block.rays[sq][d])]) for d in range(nd))
                     for sq in range(n) for maxc in range(limit + 1)]
    tables["flat_start"], tables["flat"] = flatten(flat)
    tables["shape"] = [nd, limit, reach]
    tables["room"] = [n * nd * 4096]
    if len(out.patterns) > 4096:
        raise NotKernel("a carry of more than 4096 ways to drop")
    most = max((len(x) for x in plain), default=0) + max((len(x) for x in flat), default=0)
    return n * nd * most


def make(w: "Writer", p: "Plan", i: int) -> None:
    """A carrying move of block ``i``, its part ``(sq * directions + d) * 4096 + pattern``: the
    top pieces lifted, one part of the drops left on each square along the ray, the last landing
    on a piece it flattens where it may."""
    nd, limit, reach = p.blocks[i].tables["shape"]
    width = max((len(x) for x in p.patterns), default=1)
    for name, undo in ((f"make{i}", False), (f"unmake{i}", True)):
        w.func(name, [("long long", "x"), ("int", "p")] + ([("int", "flat")] if undo else []),
               "void" if undo else "int")
        w.local(f"int sq, d, pat, c, j, k, t, m, last, carried[{max(1, limit)}]")
        if not undo:
            w.local("int flat")
        if not w.typed:
            w(f"carried = [0] * {max(1, limit)}", 1)
        w("pat = <int>(x % 4096)" if w.typed else "pat = x % 4096", 1)
        w(f"d = <int>((x // 4096) % {nd})" if w.typed else f"d = (x // 4096) % {nd}", 1)
        w(f"sq = <int>((x // 4096) // {nd})" if w.typed else f"sq = (x // 4096) // {nd}", 1)
        w("last = PATLEN[pat] - 1", 1)
        w("c = 0", 1)
        w("for j in range(last + 1):", 1)
        w(f"c += PATS[pat * {width} + j]", 2)
        if not undo:
            w("for j in range(c):", 1)  # lifted top first, kept bottom first
            w("carried[c - 1 - j] = pop(sq)", 2)
            w("flat = 0", 1)
            w("k = 0", 1)
            w("for j in range(last + 1):", 1)
            w(f"t = B{i}_rays[(sq * {nd} + d) * {reach} + j]", 2)
            w(f"if j == last and b[t] and B{i}_flattenable[b[t]]:", 2)
            w(f"push(t, B{i}_becomes[pop(t)])", 3)
            w("flat = 1", 3)
            w(f"for m in range(PATS[pat * {width} + j]):", 2)
            w("push(t, carried[k])", 3)
            w("k += 1", 3)
            w("return flat", 1)
        else:
            w("k = c", 1)
            w("for j in range(last, -1, -1):", 1)
            w(f"t = B{i}_rays[(sq * {nd} + d) * {reach} + j]", 2)
            w(f"for m in range(PATS[pat * {width} + j]):", 2)
            w("k -= 1", 3)
            w("carried[k] = pop(t)", 3)
            w("if flat and j == last:", 2)
            w(f"push(t, B{i}_unbecomes[pop(t)])", 3)
            w("for j in range(c):", 1)
            w("push(sq, carried[j])", 2)
        w("")


def plain_tables(w: "Writer", p: "Plan", i: int) -> None:
    """Plain Python: each ray as a list of its squares (``B{i}_rayl``, by square and direction);
    the moves of a square, direction, most carried and squares free, plain (``B{i}_rowp``) and
    flattening (``B{i}_rowf``); and per square and most carried the carries a draw proposes
    (``B{i}_cands``); each row made the first time it is asked for and kept."""
    tables = p.blocks[i].tables
    nd, limit, reach = tables["shape"]
    rays, raylen = tables["rays"], tables["raylen"]
    rows = [rays[j * reach:j * reach + raylen[j]] for j in range(p.squares * nd)]
    w(f"B{i}_rayl = [{', '.join('[' + ', '.join(map(str, r)) + ']' for r in rows)}]")
    size = p.squares * nd * (limit + 1) * (reach + 1)
    w(f"B{i}_rowp = [None] * {size}")
    w(f"B{i}_rowf = [None] * {size}")
    w(f"B{i}_cands = [None] * {p.squares * (limit + 1)}")  # per square and most carried: what a draw proposes


def moves(w: "Writer", p: "Plan", i: int) -> None:
    nd, limit, reach = p.blocks[i].tables["shape"]
    own_pieces(w, p, i)
    if not w.typed:
        _plain_moves(w, p, i)
        return
    w("h = H[s]", 2)
    w(f"maxc = h if h < {limit} else {limit}", 2)
    w(f"for d in range({nd}):", 2)
    w(f"ray = (s * {nd} + d) * {reach}", 3)
    w("free = 0", 3)
    w("stop = 0", 3)
    w(f"for e in range(B{i}_raylen[s * {nd} + d]):", 3)
    w(f"top = b[B{i}_rays[ray + e]]", 4)
    w(f"if top and B{i}_blocker[top]:", 4)
    w("stop = top", 5)
    w("break", 5)
    w("free += 1", 4)
    w(f"mv = {w.big(i * p.slot)} + (s * {nd} + d) * 4096", 3)
    w("if free:", 3)
    w(f"t = maxc * {reach + 1} + free", 4)
    w(f"for e in range(B{i}_plain_start[t], B{i}_plain_start[t + 1]):", 4)
    w(f"out[k] = mv + B{i}_plain[e]", 5)
    w("k += 1", 5)
    w(f"if stop and B{i}_flattener[c] and B{i}_flattenable[stop]:", 3)
    w(f"t = maxc * {reach + 1} + free", 4)
    w(f"for e in range(B{i}_flat_start[t], B{i}_flat_start[t + 1]):", 4)
    w(f"out[k] = mv + B{i}_flat[e]", 5)
    w("k += 1", 5)


def _plain_moves(w: "Writer", p: "Plan", i: int) -> None:
    """The carries of the stack on ``s`` in plain Python: each ray read as a list, each row of
    moves copied into ``out`` by one slice (a row is made from the drops the first time)."""
    nd, limit, reach = p.blocks[i].tables["shape"]
    per = (limit + 1) * (reach + 1)
    w("h = H[s]", 2)
    w(f"t = (h if h < {limit} else {limit}) * {reach + 1}", 2)  # the row of the most carried
    w(f"for d in range(s * {nd}, s * {nd} + {nd}):", 2)
    w("free = 0", 3)
    w("stop = 0", 3)
    w(f"for e in B{i}_rayl[d]:", 3)
    w("top = b[e]", 4)
    w(f"if top and B{i}_blocker[top]:", 4)
    w("stop = top", 5)
    w("break", 5)
    w("free += 1", 4)
    for kind, cond in (("plain", "free"), ("flat", f"stop and B{i}_flattener[c] and B{i}_flattenable[stop]")):
        row = f"B{i}_row{kind[0]}"
        w(f"if {cond}:", 3)
        w(f"j = d * {per} + t + free", 4)
        w(f"got = {row}[j]", 4)
        w("if got is None:", 4)
        w(f"mv = {i * p.slot} + d * 4096", 5)
        w(f"got = {row}[j] = [mv + y for y in B{i}_{kind}[B{i}_{kind}_start[t + free]:B{i}_{kind}_start[t + free + 1]]]",
          5)
        w("out[k:k + len(got)] = got", 4)
        w("k += len(got)", 4)


def squares(w: "Writer", p: "Plan", i: int, name: str) -> bool:
    """The part is ``(sq * directions + d) * 4096 + pattern``: a move ends where its last drop
    lands."""
    nd, _, reach = p.blocks[i].tables["shape"]
    w(f"sq = <int>(x // 4096) // {nd}" if w.typed else f"sq = (x // 4096) // {nd}", 2)
    if name == "from_of":
        w("return sq", 2)
    else:
        w(f"d = <int>(x // 4096) % {nd}" if w.typed else f"d = (x // 4096) % {nd}", 2)
        w(f"return B{i}_rays[(sq * {nd} + d) * {reach} + PATLEN[x % 4096] - 1]", 2)
    return True


def proposes(p: "Plan", i: int) -> bool:
    """A carry can be drawn without its list (see :func:`count`)."""
    return True


def count(w: "Writer", p: "Plan", i: int) -> None:
    """The body of ``count{i}(p)``: how many carries the mover's stacks would have if no ray were
    blocked. Each legal carry is one of them: a plain one drops over no more squares than are
    free, and a flattening one over the free squares and the blocker's."""
    limit = p.blocks[i].tables["shape"][1]
    own_counts(w, p, i, f"B{i}_tot[s * {limit + 1} + (H[s] if H[s] < {limit} else {limit})]")


def propose(w: "Writer", p: "Plan", i: int) -> None:
    """The body of ``propose{i}(p, r)``: the ``r``-th of the carries :func:`count` counts, where
    it is legal, else -1: its squares scanned up to its last drop; a blocker there makes it
    illegal unless it is the last square, the last drop is one piece, and the stack's top may
    flatten it."""
    nd, limit, reach = p.blocks[i].tables["shape"]
    width = max((len(x) for x in p.patterns), default=1)
    if w.typed:
        own_pieces(w, p, i)
        w("maxc = H[s] if H[s] < {0} else {0}".format(limit), 2)
        w(f"t = B{i}_tot[s * {limit + 1} + maxc]", 2)
        w("if r >= t:", 2)
        w("r -= t", 3)
        w("continue", 3)
    else:  # the stack found by bisection, the candidate read from its row (made the first time)
        own_pick(w, p, i)
        w("j = s * {0} + (H[s] if H[s] < {1} else {1})".format(limit + 1, limit), 1)
        w(f"got = B{i}_cands[j]", 1)
        w("if got is None:", 1)
        w(f"maxc = (j % {limit + 1}) * {reach + 1}", 2)
        w(f"got = B{i}_cands[j] = [{i * p.slot} + d * 4096 + y for d in range(s * {nd}, s * {nd} + {nd}) "
          f"for y in B{i}_plain[B{i}_plain_start[maxc + B{i}_raylen[d]]:B{i}_plain_start[maxc + B{i}_raylen[d] + 1]]]", 2)
        w("mv = got[r]", 1)
        w("pat = mv % 4096", 1)
        w("last = PATLEN[pat] - 1", 1)
        w(f"ray = B{i}_rayl[(mv - {i * p.slot}) // 4096]", 1)
        w("for e in range(last + 1):", 1)
        w("top = b[ray[e]]", 2)
        w(f"if top and B{i}_blocker[top]:", 2)
        w(f"if not (e == last and PATS[pat * {width} + last] == 1 and B{i}_flattener[c] "
          f"and B{i}_flattenable[top]):", 3)
        w("return -1", 4)
        w("break", 3)
        w("return mv", 1)
        return
    w(f"for d in range({nd}):", 2)
    w(f"j = maxc * {reach + 1} + B{i}_raylen[s * {nd} + d]", 3)
    w(f"t = B{i}_plain_start[j + 1] - B{i}_plain_start[j]", 3)
    w("if r >= t:", 3)
    w("r -= t", 4)
    w("continue", 4)
    w(f"pat = B{i}_plain[B{i}_plain_start[j] + r]", 3)
    w("last = PATLEN[pat] - 1", 3)
    w(f"ray = (s * {nd} + d) * {reach}", 3)
    w("for e in range(last + 1):", 3)
    w(f"top = b[B{i}_rays[ray + e]]", 4)
    w(f"if top and B{i}_blocker[top]:", 4)
    w(f"if not (e == last and PATS[pat * {width} + last] == 1 and B{i}_flattener[c] "
      f"and B{i}_flattenable[top]):", 5)
    w("return -1", 6)
    w("break", 5)
    w(f"return {w.big(i * p.slot)} + (s * {nd} + d) * 4096 + pat", 3)
    w("return -1", 1)
