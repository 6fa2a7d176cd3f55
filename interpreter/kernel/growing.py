"""Connections and enclosures kept up to date as pieces come, in games where pieces only come.

Where every move of a game puts pieces onto empty squares and nothing else (``place`` without
effects, ``pass``, turns of such parts), a piece leaves a square only when its move is taken back,
the last one first. A kernel of such a game keeps, instead of flooding the board at each question:

* per ``connection`` (one without ``through`` links) a union-find of each player's groups, each
  group's root holding the regions it touches; per player the number of groups that link enough
  regions. ``linked`` reads that number. A piece joins the groups beside it (the smaller under
  the larger, no path halving, so a union is taken back by resetting one parent).
* per ``enclosed`` question (neighbours that go both ways) per player the squares not his that a
  path of squares not his joins to the border (``reached``), and his enclosed count.

A piece of player q on a square s changes only q's tables: s leaves q's reached squares. The
others stay reached when the squares not q's around s hang together among themselves (and, where
s lies on the border, one of them does too): every path through s goes round it. Then the count
changes only at s and at q's pieces beside s, which may have had s as their one reached
neighbour. Where the squares around s do not hang together, the board is flooded as
``enclosed`` does and the squares no longer reached are written down. Each change is logged,
so taking a piece back (``pop``, the last piece first) restores the tables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .model import Plan, flatten

if TYPE_CHECKING:  # pragma: no cover
    from .writer import Writer

__all__ = ["grows", "kept_links", "kept_enclosures", "keeps", "tables", "functions", "border_flood"]

#: the effects of a block that put down or take off pieces other than the move's own
_EFFECTS = ("flank", "rg_near", "fill_squares", "br")


def grows(p: Plan) -> bool:
    """Whether every move of the plan puts pieces onto empty squares and does nothing else to the
    board."""
    return not p.stacking and all(
        b.kind in ("place", "pass", "then") and not any(e in b.tables for e in _EFFECTS)
        and b.gather is None and b.sweep is None and b.keep is None for b in p.blocks)


def kept_links(p: Plan) -> list[int]:
    """The ``connection`` questions kept as pieces come (those without ``through`` links)."""
    return [k for k, link in enumerate(p.links) if link.gates is None] if p.grows else []


def kept_enclosures(p: Plan) -> list[int]:
    """The ``enclosed`` questions kept as pieces come: those whose neighbours go both ways."""
    if not p.grows:
        return []
    out = []
    for k, (near, _) in enumerate(p.encloses):
        sets = [set(x) for x in near]
        if all(s in sets[u] for s, x in enumerate(near) for u in x) and max(map(len, near), default=0) <= 30:
            out.append(k)
    return out


def keeps(p: Plan) -> bool:
    """Whether the plan keeps some question as pieces come (its ``push`` and ``pop`` then call
    ``grow_on`` and ``grow_off``, and a loaded position ``grow_init``)."""
    return bool(kept_links(p) or kept_enclosures(p))


def tables(w: "Writer", p: Plan) -> None:
    """The tables and arrays of the kept questions."""
    n = p.squares
    if not keeps(p):
        return
    w.array("GROW", 1)  # 1 while the tables are kept (0 while a position is loaded)
    for k in kept_links(p):
        most = max(map(len, p.links[k].near), default=0)
        w.array(f"UP{k}", n)  # per square of a counting piece: its parent, its group's size and regions
        w.array(f"UZ{k}", n)
        w.array(f"UM{k}", n)
        w.array(f"US{k}", 3)  # per player: his groups that link
        w.array(f"UL{k}", n * (1 + 3 * most) + 8)  # the unions of each piece, to take back
        w.array(f"ULP{k}", 1)
    for k in kept_enclosures(p):
        near = p.encloses[k][0]
        # per neighbour of a square: which of that square's other neighbours are its neighbours too
        w.table(f"EJ{k}", [sum(1 << j for j, v in enumerate(x) if v in near[u]) for x in near for u in x])
        w.array(f"ER{k}", 3 * n)  # per player and square: a square not his that a path joins to the border
        w.array(f"EC{k}", 3)  # per player: his enclosed count
        w.array(f"EL{k}", 5 * n + 8)  # the changes, to take back
        w.array(f"ELP{k}", 1)


def functions(w: "Writer", p: Plan) -> None:
    """``grow_on(s, code)`` and ``grow_off(s, code)`` (a piece came onto s, or goes off it again),
    ``grow_init()`` (the tables of the loaded position), and per question what they call."""
    links, encs = kept_links(p), kept_enclosures(p)
    if not (links or encs):
        return
    n, nc1 = p.squares, p.codes + 1
    for k in links:
        items = " or ".join(f"bits(m & {mask}) >= {need}" for mask, need in p.links[k].items) or "0"
        w.func(f"usat{k}", [("int", "m")], "int")  # a group touching the regions m links
        w(f"return 1 if ({items}) else 0", 1)
        w("")
        w.func(f"uon{k}", [("int", "s"), ("int", "q")], "void")
        w.local("int e, u, c, x, r, child, unions, top")
        w(f"UP{k}[s] = s", 1)
        w(f"UZ{k}[s] = 1", 1)
        w(f"UM{k}[s] = LR{k}[q * {n} + s]", 1)
        w(f"US{k}[q] += usat{k}(UM{k}[s])", 1)
        w("r = s", 1)
        w("unions = 0", 1)
        w(f"top = ULP{k}[0]", 1)
        w(f"for e in range(LN{k}S[s], LN{k}S[s + 1]):", 1)
        w(f"u = LN{k}[e]", 2)
        w("c = b[u]", 2)
        w(f"if c == 0 or not LK{k}[q * {nc1} + c]:", 2)
        w("continue", 3)
        w("x = u", 2)
        w(f"while UP{k}[x] != x:", 2)
        w(f"x = UP{k}[x]", 3)
        w("if x == r:", 2)
        w("continue", 3)
        w(f"if UZ{k}[x] > UZ{k}[r]:", 2)  # the smaller group goes under the larger
        w("child = r", 3)
        w("r = x", 3)
        w("else:", 2)
        w("child = x", 3)
        w(f"UL{k}[top] = child", 2)
        w(f"UL{k}[top + 1] = r", 2)
        w(f"UL{k}[top + 2] = UM{k}[r]", 2)
        w("top += 3", 2)
        w("unions += 1", 2)
        w(f"US{k}[q] -= usat{k}(UM{k}[child]) + usat{k}(UM{k}[r])", 2)
        w(f"UP{k}[child] = r", 2)
        w(f"UZ{k}[r] += UZ{k}[child]", 2)
        w(f"UM{k}[r] |= UM{k}[child]", 2)
        w(f"US{k}[q] += usat{k}(UM{k}[r])", 2)
        w(f"UL{k}[top] = unions", 1)
        w(f"ULP{k}[0] = top + 1", 1)
        w("")
        w.func(f"uoff{k}", [("int", "s"), ("int", "q")], "void")
        w.local("int j, unions, top, child, r")
        w(f"top = ULP{k}[0] - 1", 1)
        w(f"unions = UL{k}[top]", 1)
        w("for j in range(unions):", 1)
        w("top -= 3", 2)
        w(f"child = UL{k}[top]", 2)
        w(f"r = UL{k}[top + 1]", 2)
        w(f"US{k}[q] -= usat{k}(UM{k}[r])", 2)
        w(f"UM{k}[r] = UL{k}[top + 2]", 2)
        w(f"UZ{k}[r] -= UZ{k}[child]", 2)
        w(f"UP{k}[child] = child", 2)
        w(f"US{k}[q] += usat{k}(UM{k}[child]) + usat{k}(UM{k}[r])", 2)
        w(f"US{k}[q] -= usat{k}(UM{k}[s])", 1)
        w(f"ULP{k}[0] = top", 1)
        w("")
    for k in encs:
        _enclosure(w, p, k)
    # a piece came onto s (each question takes it in), or goes off again (each lets it go, the
    # last question first)
    for name, sign in (("grow_on", "on"), ("grow_off", "off")):
        w.func(name, [("int", "s"), ("int", "code")], "void")
        w.local("int q")
        w("q = OWNER[code]", 1)
        w("if q == 0:", 1)
        w("return", 2)
        calls = [(f"LK{k}[q * {nc1} + code + 1]", f"u{sign}{k}(s, q)") for k in links] \
            + [(None, f"e{sign}{k}(s, q)") for k in encs]
        for test, call in (calls if sign == "on" else reversed(calls)):
            if test is None:
                w(call, 1)
            else:
                w(f"if {test}:", 1)
                w(call, 2)
        w("")
    # the tables of a position just loaded: its pieces joined, the board flooded for each player
    w.func("grow_init", [], "void", inline=False)
    w.local("int s, q")
    for k in links:
        w(f"ULP{k}[0] = 0", 1)
        w(f"US{k}[1] = US{k}[2] = 0", 1)
    for k in encs:
        w(f"ELP{k}[0] = 0", 1)
    if links:  # the pieces joined one by one, each to those before it (the others kept aside in STK)
        w(f"for s in range({n}):", 1)
        w("STK[s] = b[s]", 2)
        w("b[s] = 0", 2)
        w(f"for s in range({n}):", 1)
        w("b[s] = STK[s]", 2)
        w("if b[s]:", 2)
        w("q = OWNER[b[s] - 1]", 3)
        for k in links:
            w(f"if q and LK{k}[q * {nc1} + b[s]]:", 3)
            w(f"uon{k}(s, q)", 4)
        for k in links:
            w(f"ULP{k}[0] = 0", 1)
    for k in encs:
        w("for q in range(1, 3):", 1)
        w(f"EC{k}[q] = efill{k}(q, 0)", 2)
        w(f"ELP{k}[0] = 0", 1)
    w("GROW[0] = 1", 1)
    w("")


def border_flood(w: "Writer", n: int, k: int) -> None:
    """The squares not q's that a path of squares not q's joins to the border, marked in ``VIS``
    with ``mark`` (``enclosed`` question ``k``'s neighbours)."""
    w.flood_start(n)
    w("top = 0", 1)
    w(f"for s in range({n}):", 1)
    w(f"if EB{k}[s] and PLAYABLE[s] and (b[s] == 0 or OWNER[b[s] - 1] != q):", 2)
    w("VIS[s] = mark", 3)
    w("STK[top] = s", 3)
    w("top += 1", 3)
    w.flood(f"EN{k}S", f"EN{k}", "VIS[u] != mark and (c == 0 or OWNER[c - 1] != q)", 1)


def _enclosure(w: "Writer", p: Plan, k: int) -> None:
    """``efill{k}(q, log)``: the board flooded for q, his reached squares and enclosed count
    written (the squares no longer reached logged where ``log``); ``eon{k}`` and ``eoff{k}``."""
    n = p.squares
    w.func(f"efill{k}", [("int", "q"), ("int", "log")], "int", inline=False)
    w.local("int i, s, t, u, e, top, mark, c, cnt, seen, now")
    border_flood(w, n, k)
    w("cnt = 0", 1)
    w(f"for s in range({n}):", 1)
    w("c = b[s]", 2)
    w("if c == 0 or OWNER[c - 1] != q:", 2)
    w("now = 1 if VIS[s] == mark else 0", 3)
    w("if PLAYABLE[s] and not now:", 3)
    w("cnt += 1", 4)
    w("else:", 2)
    w("now = 0", 3)
    w(f"if PLAYABLE[s] and not EB{k}[s]:", 3)
    w("seen = 0", 4)
    w(f"for e in range(EN{k}S[s], EN{k}S[s + 1]):", 4)
    w(f"if VIS[EN{k}[e]] == mark:", 5)
    w("seen = 1", 6)
    w("break", 6)
    w("if not seen:", 4)
    w("cnt += 1", 5)
    w(f"if log and ER{k}[q * {n} + s] and not now:", 2)
    w(f"EL{k}[ELP{k}[0]] = s", 3)
    w(f"ELP{k}[0] += 1", 3)
    w(f"ER{k}[q * {n} + s] = now", 2)
    w("return cnt", 1)
    w("")
    w.func(f"ereach{k}", [("int", "s"), ("int", "q")], "int")  # a neighbour of s is reached
    w.local("int e")
    w(f"for e in range(EN{k}S[s], EN{k}S[s + 1]):", 1)
    w(f"if ER{k}[q * {n} + EN{k}[e]]:", 2)
    w("return 1", 3)
    w("return 0", 1)
    w("")
    w.func(f"eon{k}", [("int", "s"), ("int", "q")], "void", inline=False)
    w.local("int e, j, u, c, t, first, om, grow, reach, ok, d, old, top")
    w(f"top = ELP{k}[0]", 1)
    w(f"if not ER{k}[q * {n} + s]:", 1)  # s lay enclosed: nothing changes
    w(f"EL{k}[top] = 0", 2)
    w(f"ELP{k}[0] = top + 1", 2)
    w("return", 2)
    # the squares around s not q's (bits of their places among s's neighbours), and whether they
    # hang together among themselves
    w(f"first = EN{k}S[s]", 1)
    w("om = 0", 1)
    w(f"for e in range(first, EN{k}S[s + 1]):", 1)
    w(f"c = b[EN{k}[e]]", 2)
    w("if c == 0 or OWNER[c - 1] != q:", 2)
    w("om |= 1 << (e - first)", 3)
    w("ok = 1", 1)
    w("if om:", 1)
    w("reach = om & -om", 2)
    w("while True:", 2)
    w("grow = reach", 3)
    w(f"for e in range(first, EN{k}S[s + 1]):", 3)
    w("if (reach >> (e - first)) & 1:", 4)
    w(f"grow |= EJ{k}[e]", 5)
    w("grow &= om", 3)
    w("if grow == reach:", 3)
    w("break", 4)
    w("reach = grow", 3)
    w("if reach != om:", 2)
    w("ok = 0", 3)
    w(f"elif EB{k}[s] and PLAYABLE[s]:", 2)  # s was a way to the border: one around it must be too
    w("ok = 0", 3)
    w(f"for e in range(first, EN{k}S[s + 1]):", 3)
    w(f"u = EN{k}[e]", 4)
    w(f"if (om >> (e - first)) & 1 and EB{k}[u] and PLAYABLE[u]:", 4)
    w("ok = 1", 5)
    w("break", 5)
    w("if ok:", 1)
    w(f"ER{k}[q * {n} + s] = 0", 2)
    # s itself is not enclosed now: it has a reached neighbour, or it had none and was not reached
    w("d = 0", 2)
    w(f"for e in range(first, EN{k}S[s + 1]):", 2)  # q's pieces that had s as a reached neighbour
    w(f"t = EN{k}[e]", 3)
    w("c = b[t]", 3)
    w(f"if c and OWNER[c - 1] == q and PLAYABLE[t] and not EB{k}[t] and not ereach{k}(t, q):", 3)
    w("d += 1", 4)
    w(f"EC{k}[q] += d", 2)
    w(f"EL{k}[top] = d", 2)
    w(f"EL{k}[top + 1] = 1", 2)
    w(f"ELP{k}[0] = top + 2", 2)
    w("return", 2)
    w(f"old = EC{k}[q]", 1)  # the board flooded; the squares no longer reached logged
    w(f"EC{k}[q] = efill{k}(q, 1)", 1)
    w(f"j = ELP{k}[0]", 1)
    w(f"EL{k}[j] = old", 1)
    w(f"EL{k}[j + 1] = j - top", 1)
    w(f"EL{k}[j + 2] = 2", 1)
    w(f"ELP{k}[0] = j + 3", 1)
    w("")
    w.func(f"eoff{k}", [("int", "s"), ("int", "q")], "void")
    w.local("int top, kind, moved, i")
    w(f"top = ELP{k}[0] - 1", 1)
    w(f"kind = EL{k}[top]", 1)
    w("if kind == 1:", 1)
    w("top -= 1", 2)
    w(f"EC{k}[q] -= EL{k}[top]", 2)
    w(f"ER{k}[q * {n} + s] = 1", 2)
    w("elif kind == 2:", 1)
    w("top -= 2", 2)
    w(f"EC{k}[q] = EL{k}[top]", 2)
    w(f"moved = EL{k}[top + 1]", 2)
    w("for i in range(moved):", 2)
    w("top -= 1", 3)
    w(f"ER{k}[q * {n} + EL{k}[top]] = 1", 3)
    w(f"ELP{k}[0] = top", 1)
    w("")
