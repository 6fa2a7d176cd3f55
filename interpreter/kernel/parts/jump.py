"""``jump``: chains of jumps over a piece right beside onto the square right behind, in per-kind
directions; the jumped piece removed, its top taken under the jumper, or left; chains that
go on while they can, or may stop after any jump; promotion. A move's part is ``(directions *
HOPS + hops) * N + from``, the direction of each jump a digit, the first the lowest."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model import NotKernel, directions, flatten, kind_directions, kind_steps, promotion
from .common import mine

if TYPE_CHECKING:  # pragma: no cover
    from ...game import Game
    from ..model import Plan
    from ..writer import Writer

__all__ = ["KEYS", "tables", "plain_tables", "make", "moves", "squares", "ROOM"]

#: the room of a move's int the chains of a jump may fill (with the other blocks' moves beside)
ROOM = 1 << 62

KEYS = {"take", "directions", "over", "jumped", "chain", "compulsory", "promote", "sets", "pieces", "notation",
        "description", "legal_if", "revisit"}


def tables(game: "Game", block: Any, tables: dict[str, list[int]], p: "Plan") -> int:
    """The tables of a ``jump``: the square jumped and the landing per player, kind, square and
    direction; what may be jumped; promotion. Chains of single jumps (no flying, landing right
    behind), the jumped piece removed or its top taken under the jumper, at once."""
    t = game.t
    if any(block.fly) or any(x != 1 for x in block.land) or block.hop_if is not None \
            or block.rejump or not block.now or block.distinct_captures or not block.over.simple:
        raise NotKernel("a `jump` of this shape")
    if block.promotion is not None and block.promotion.chain == "continues":
        raise NotKernel("a promotion that goes on jumping")
    n = t.topology.size
    names = directions(block, t)
    tables["over"] = [0] * (3 * (t.num_codes + 1))
    for q in (1, 2):
        for cell in range(t.num_codes + 1):
            tables["over"][q * (t.num_codes + 1) + cell] = int(bool(cell) and bool(block.over.ok[q][cell]))
    tables["mine"] = mine(block.codes, t.num_codes)
    tables["mid"] = kind_steps(block, t, names, 0)
    tables["land"] = kind_steps(block, t, names, 1)
    tables["ways"] = kind_directions(block, t, names)
    promotion(block, t, tables)
    hops = min(t.total_pieces, n) + 1
    nd = max(1, len(names))
    # a chain's jumps are digits of a move's int: as many as fit in 64 bits with the blocks beside
    # (a longer chain is said, OVER, and the engine lists that position)
    capped = 0
    while hops > 2 and nd ** (hops - 1) * hops * n * (len(game.blocks) + 2) >= ROOM:
        hops -= 1
        capped = 1
    tables["shape"] = [nd, hops, int(block.whole), int(block.mode == "take_top"), int(block.chain),
                       int(block.promotion is not None and block.promotion.chain == "ends")]
    # the jumped piece stays (``jumped: keep``); the chain may stop after any jump; no square landed on twice
    tables["more"] = [int(block.mode == "keep"), int(block.may_stop), int(not block.revisit), capped]
    tables["room"] = [nd ** (hops - 1) * hops * n]
    tables["kind"] = list(t.code_kind)
    # chains can be many: a buffer of this many, and a chain past it is said (OVER), never written
    return max(4 * n * nd, 4096)


def plain_tables(w: "Writer", p: "Plan", i: int) -> None:
    """Plain Python: per player, kind and square the first jumps its ways offer, as pairs (the
    square jumped, the square landed on) in a list (``B{i}_firsts``), which the look for a first
    jump reads by ``for j, t in row``."""
    tb = p.blocks[i].tables
    n, nd = p.squares, tb["shape"][0]
    kinds = max(tb["kind"]) + 1 if tb["kind"] else 1
    rows = []
    for q in range(3):
        for kind in range(kinds):
            for sq in range(n):
                pairs = [(tb["mid"][sq * nd + d], tb["land"][sq * nd + d]) for d in range(nd)
                         if tb["ways"][(q * kinds + kind) * nd + d]]
                rows.append("[" + ", ".join(f"({j}, {t})" for j, t in pairs if j >= 0 and t >= 0) + "]")
    w(f"B{i}_firsts = [{', '.join(rows)}]")


def make(w: "Writer", p: "Plan", i: int) -> None:
    """A chain of jumps, part ``(directions * HOPS + hops) * N + from`` with the directions as
    digits (the first jump's lowest): the jumper (its top piece or its stack) lifted, each jumped
    square emptied (its pieces kept on ``U``) or its top taken under the jumper, the jumper set
    down at the end and promoted there. ``jump_end`` is the square a chain ends on."""
    n = p.squares
    tb = p.blocks[i].tables
    nd, hops, whole, take_top, _, _ = tb["shape"]
    kinds = max(tb["kind"]) + 1 if tb["kind"] else 1
    hh = max(1, p.height) + hops
    w.func(f"jump_end{i}", [("long long", "x")], "int")
    w.local("int a, nh, j, cur, d")
    w.local("long long ds")
    w(f"a = <int>(x % {n})" if w.typed else f"a = x % {n}", 1)
    w(f"nh = <int>((x // {n}) % {hops})" if w.typed else f"nh = (x // {n}) % {hops}", 1)
    w(f"ds = x // {n * hops}", 1)
    w("cur = a", 1)
    w("for j in range(nh):", 1)
    w(f"d = <int>(ds % {nd})" if w.typed else f"d = ds % {nd}", 2)
    w(f"ds = ds // {nd}", 2)
    w(f"cur = B{i}_land[cur * {nd} + d]", 2)
    w("return cur", 1)
    w("")
    w.func(f"make{i}", [("long long", "x"), ("int", "p")], "int")
    w.local(f"int a, nh, j, m, cur, kind, d, top, mid, c, got, new, unit[{hh}]")
    w.local("long long ds")
    if not w.typed:
        w(f"unit = [0] * {hh}", 1)
    w(f"a = <int>(x % {n})" if w.typed else f"a = x % {n}", 1)
    w(f"nh = <int>((x // {n}) % {hops})" if w.typed else f"nh = (x // {n}) % {hops}", 1)
    w(f"ds = x // {n * hops}", 1)
    w("c = height_of(a)" if whole else "c = 1", 1)
    w("for j in range(c):", 1)
    w("unit[c - 1 - j] = pop(a)", 2)
    w("top = unit[c - 1]", 1)
    w(f"kind = B{i}_kind[top]", 1)
    w("cur = a", 1)
    w("for j in range(nh):", 1)
    w(f"d = <int>(ds % {nd})" if w.typed else f"d = ds % {nd}", 2)
    w(f"ds = ds // {nd}", 2)
    w(f"mid = B{i}_mid[cur * {nd} + d]", 2)
    if take_top:
        w("for m in range(c, 0, -1):", 2)  # the taken piece goes under the jumper
        w("unit[m] = unit[m - 1]", 3)
        w("unit[0] = pop(mid)", 2)
        w("c += 1", 2)
    elif tb["more"][0]:
        pass
    else:
        w("got = 0", 2)
        w("while height_of(mid):", 2)
        w("U[UP[0]] = pop(mid)", 3)
        w("UP[0] += 1", 3)
        w("got += 1", 3)
        w("U[UP[0]] = got", 2)
        w("UP[0] += 1", 2)
    w(f"cur = B{i}_land[cur * {nd} + d]", 2)
    w("for j in range(c):", 1)
    w("push(cur, unit[j])", 2)
    w(f"new = B{i}_becomes[top]", 1)
    w(f"if new >= 0 and B{i}_crown[p * {n} + cur]:", 1)
    w("pop(cur)", 2)
    w("push(cur, new)", 2)
    w("return top + 1", 2)
    w("return 0", 1)
    w("")
    w.func(f"unmake{i}", [("long long", "x"), ("int", "p"), ("int", "info")], "void")
    w.local(f"int a, nh, j, m, cur, d, top, mid, c, got, last, unit[{hh}], mids[{hops}]")
    w.local("long long ds")
    if not w.typed:
        w(f"unit = [0] * {hh}", 1)
        w(f"mids = [0] * {hops}", 1)
    w(f"a = <int>(x % {n})" if w.typed else f"a = x % {n}", 1)
    w(f"nh = <int>((x // {n}) % {hops})" if w.typed else f"nh = (x // {n}) % {hops}", 1)
    w(f"ds = x // {n * hops}", 1)
    w("cur = a", 1)
    w("top = info - 1 if info else -1", 1)
    # the end square first: the promotion undone, then the squares of the chain walked again
    w(f"last = jump_end{i}(x)", 1)
    w("if info:", 1)
    w("pop(last)", 2)
    w("push(last, top)", 2)
    w("c = height_of(last)", 1)
    w("for j in range(c):", 1)
    w("unit[c - 1 - j] = pop(last)", 2)
    w("for j in range(nh):", 1)
    w(f"d = <int>(ds % {nd})" if w.typed else f"d = ds % {nd}", 2)
    w(f"ds = ds // {nd}", 2)
    w(f"mids[j] = B{i}_mid[cur * {nd} + d]", 2)
    w(f"cur = B{i}_land[cur * {nd} + d]", 2)
    w("for j in range(nh - 1, -1, -1):", 1)
    w("mid = mids[j]", 2)
    if tb["more"][0]:
        w("pass", 2)
    elif take_top:
        w("push(mid, unit[0])", 2)
        w("c -= 1", 2)
        w("for m in range(c):", 2)
        w("unit[m] = unit[m + 1]", 3)
    else:
        w("UP[0] -= 1", 2)
        w("got = U[UP[0]]", 2)
        w("for m in range(got):", 2)
        w("UP[0] -= 1", 3)
        w("push(mid, U[UP[0]])", 3)
    w("for j in range(c):", 1)
    w("push(a, unit[j])", 2)
    w("")


def chains(w: "Writer", p: "Plan", i: int) -> None:
    """``chains{i}``: the chains of jumps from ``cur`` (recursive), appended to ``out`` from
    ``k``; the new count returned. The jumper is off the board (``unit`` kept by the caller), and
    each jump is made on the board while the chains after it are listed."""
    n = p.squares
    tb = p.blocks[i].tables
    nd, hops, whole, take_top, chain, ends = tb["shape"]
    kinds = max(tb["kind"]) + 1 if tb["kind"] else 1
    nc1 = p.codes + 1
    base = w.big(i * p.slot)
    keep, may_stop, new_squares, capped = tb["more"]
    w.func(f"chains{i}", [("int", "p"), ("int", "a"), ("int", "cur"), ("int", "top"), ("int", "kind"),
                         ("int", "nh"), ("long long", "ds"), ("long long", "pw"), ("long long*", "out"),
                         ("int", "k")], "int", inline=False)
    w.local("int d, mid, t, before, got, m, cell")
    chain_move = f"{base} + ((ds + d * pw) * {hops} + nh + 1) * {n} + a"
    w(f"for d in range({nd}):", 1)
    w(f"if not B{i}_ways[(p * {kinds} + kind) * {nd} + d]:", 2)
    w("continue", 3)
    w(f"mid = B{i}_mid[cur * {nd} + d]", 2)
    w(f"t = B{i}_land[cur * {nd} + d]", 2)
    w("if mid < 0 or t < 0 or b[t] or JX[mid]:", 2)
    w("continue", 3)
    if new_squares:  # every landing on a square the chain has not been on
        w("if t == a or LV[t]:", 2)
        w("continue", 3)
    w("cell = b[mid]", 2)
    w(f"if not B{i}_over[p * {nc1} + cell]:", 2)
    w("continue", 3)
    # the jump, made on the board
    w("JX[mid] = 1", 2)
    if new_squares:
        w("LV[t] = 1", 2)
    if take_top:
        w("got = pop(mid)", 2)
    elif not keep:
        w("got = 0", 2)
        w("while height_of(mid):", 2)
        w("U[UP[0]] = pop(mid)", 3)
        w("UP[0] += 1", 3)
        w("got += 1", 3)
    w("before = k", 2)
    w(f"m = 1 if B{i}_becomes[top] >= 0 and B{i}_crown[p * {n} + t] else 0" if ends else "m = 0", 2)
    if may_stop:  # every jump of a chain may be its last
        _emit(w, p, chain_move, 2)
    if chain:
        w(f"if not m and nh + 1 < {hops}:", 2)
        w(f"k = chains{i}(p, a, t, top, kind, nh + 1, ds + d * pw, pw * {nd}, out, k)", 3)
        if capped:  # a chain as long as a move's int holds may go on: the engine lists this position
            w("elif not m:", 2)
            w("OVER[0] = 1", 3)
    if not may_stop:
        w("if k == before:", 2)  # the chain ends here
        _emit(w, p, chain_move, 3)
    if take_top:
        w("push(mid, got)", 2)
    elif not keep:
        w("for m in range(got):", 2)
        w("UP[0] -= 1", 3)
        w("push(mid, U[UP[0]])", 3)
    if new_squares:
        w("LV[t] = 0", 2)
    w("JX[mid] = 0", 2)
    w("return k", 1)
    w("")


def _emit(w: "Writer", p: "Plan", move: str, indent: int) -> None:
    """The chain ``move`` appended to ``out``; more chains than the list holds are said
    (``OVER``), never written past it."""
    w(f"if k < {p.bound - 1}:", indent)
    w(f"out[k] = {move}", indent + 1)
    w("k += 1", indent + 1)
    w("else:", indent)
    w("OVER[0] = 1", indent + 1)


def moves(w: "Writer", p: "Plan", i: int) -> None:
    """From each of the mover's squares (listed first: lifting a jumper reorders his list), the
    jumper lifted, its chains listed, the jumper set down again."""
    n = p.squares
    whole = p.blocks[i].tables["shape"][2]
    hh = max(1, p.height)
    tb = p.blocks[i].tables
    nd = tb["shape"][0]
    kinds = max(tb["kind"]) + 1 if tb["kind"] else 1
    m = p.codes + 1
    if w.typed:
        w("h = PN[p]", 1)
        w("for x in range(h):", 1)
        w(f"OWN[x] = PL[p * {n} + x]", 2)
        w("for x in range(h):", 1)
        w("s = OWN[x]", 2)
    else:  # plain Python: the squares copied by one slice (lifting a jumper reorders the list)
        w(f"for s in PL[p * {n}:p * {n} + PN[p]]:", 1)
    w("c = b[s]", 2)
    w(f"if not B{i}_mine[p * {m} + c]:", 2)
    w("continue", 3)
    # a square from which no first jump can be made (an enemy beside it, the square beyond it
    # empty) is passed by, its jumper never lifted: the first jump's own tests, asked once
    if w.typed:
        w(f"kind = B{i}_kind[c - 1]", 2)
        w("e = 0", 2)
        w(f"for d in range({nd}):", 2)
        w(f"if B{i}_ways[(p * {kinds} + kind) * {nd} + d]:", 3)
        w(f"j = B{i}_mid[s * {nd} + d]", 4)
        w(f"t = B{i}_land[s * {nd} + d]", 4)
        w(f"if j >= 0 and t >= 0 and not b[t] and B{i}_over[p * {m} + b[j]]:", 4)
        w("e = 1", 5)
        w("break", 5)
        w("if not e:", 2)
        w("continue", 3)
    else:  # the first jumps of the square's piece, read as a list of pairs
        w(f"for j, t in B{i}_firsts[(p * {kinds} + B{i}_kind[c - 1]) * {n} + s]:", 2)
        w(f"if not b[t] and B{i}_over[p * {m} + b[j]]:", 3)
        w("break", 4)
        w("else:", 2)
        w("continue", 3)
    w("d = height_of(s)" if whole else "d = 1", 2)
    w("for e in range(d):", 2)
    w(f"JU[{hh} - 1 - e] = pop(s)", 3)  # kept top first at the end of JU
    w(f"k = chains{i}(p, s, s, c - 1, B{i}_kind[c - 1], 0, 0, 1, out, k)", 2)
    w("for e in range(d):", 2)
    w(f"push(s, JU[{hh} - d + e])", 3)


def squares(w: "Writer", p: "Plan", i: int, name: str) -> bool:
    """The part is ``(directions * HOPS + hops) * N + from``."""
    n = p.squares
    if name == "to_of":
        w(f"return jump_end{i}(x)", 2)
    else:
        w(f"return <int>(x % {n})" if w.typed else f"return x % {n}", 2)
    return True
