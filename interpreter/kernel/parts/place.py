"""``place``: a piece from the player's reserve (or, ``owner: opponent``, the opponent's from
his) onto an empty square of ``where``; with the ``outflank`` effect that flips."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model import NotKernel, ended_rays, flatten
from .common import plain_squares

if TYPE_CHECKING:  # pragma: no cover
    from ...game import Game
    from ..model import Plan
    from ..writer import Writer

__all__ = ["KEYS", "tables", "make", "moves", "squares", "proposes", "count", "propose", "tallies", "tally", "outflank", "remove_groups", "fill", "bridge", "narrow", "who",
           "breathing"]

KEYS = {"pieces", "notation", "description", "legal_if", "where", "except", "owner", "sets", "effects", "from",
        "directions"}
squares = plain_squares


def tables(game: "Game", block: Any, out: dict[str, list[int]], p: "Plan") -> int:
    t = game.t
    if block.onto is not None or block.apart is not None or block.count != 1:
        raise NotKernel("a `place` of this shape")
    out["squares"] = list(block.squares)
    # a neutral piece comes from the mover's reserve (a wall from his supply), another from its owner's
    out["supply"] = [int(block.neutral)]
    # per player to move, the codes he may place (his own, or with `owner: opponent` the
    # opponent's, from the opponent's reserve)
    out["codes"] = [0] * (3 * len(block.kinds))
    for q in (1, 2):
        supplier = 0 if block.neutral else 3 - q if block.for_opponent else q
        for j, k in enumerate(block.kinds):
            out["codes"][q * len(block.kinds) + j] = t.code(k, supplier)
    if block.line_from is not None:  # along the lines from a square: per square its rays, each ended by -1
        lines = ended_rays(block.lines)
        out["lstart"], out["lines"] = flatten(lines)
        out["ok"] = [block.allowed >> sq & 1 for sq in range(t.topology.size)]
        return max((len(x) for x in lines), default=0) * len(block.kinds)
    return len(block.squares) * len(block.kinds)


def outflank(game: "Game", effect: Any, out: dict[str, list[int]]) -> None:
    """An ``outflank`` that flips (after a ``place``): the lines from each square (rays ended by
    -1), the most pieces a run may have (0: any), and per code whether it turns."""
    t = game.t
    out["flank_start"], out["flank"] = flatten(ended_rays(effect.lines[:t.topology.size]))
    out["flank_most"] = [effect.most]
    out["flank_turns"] = [int(bool(k)) for k in effect.kinds]


def remove_groups(game: "Game", effect: Any, out: dict[str, list[int]]) -> None:
    """A ``remove_groups`` (after a ``place``): the neighbours of each square, whose groups it
    removes (the opponent's or the mover's), per code whether it counts."""
    n = game.t.topology.size
    out["rg_start"], out["rg_near"] = flatten([[m for m in range(n) if effect.near[s] >> m & 1] for s in range(n)])
    out["rg_kinds"] = [int(bool(k)) for k in effect.kinds]
    out["rg_opponent"] = [int(effect.opponent)]


def bridge(game: "Game", effect: Any, out: dict[str, list[int]]) -> None:
    """A ``bridge`` (after a ``place``): per square its bridges, each its site and the square at
    its other end; per site the sites of the bridges that cross it; per player his link's code
    and per code whether it may stand at a bridge's other end."""
    n = game.t.topology.size
    nc = game.t.num_codes
    out["br_start"], out["br"] = flatten([[x for pair in (effect.at[s] if s < len(effect.at) else [])
                                           for x in pair] for s in range(n)])
    out["cr_start"], out["cr"] = flatten([[x for x in range(n) if s >= effect.first
                                           and effect.crosses[s - effect.first] >> x & 1] for s in range(n)])
    out["br_link"] = [effect.codes[q] if q < len(effect.codes) else 0 for q in range(3)]
    out["br_ends"] = [int(bool(effect.ends[q][c])) if 0 < q < len(effect.ends) else 0
                      for q in range(3) for c in range(nc)]


def _bridge(w: "Writer", p: "Plan", i: int) -> None:
    """After the piece is placed on ``to_``: a link of the mover's on each empty bridge from it
    whose other end holds his piece of the kinds and which no taken bridge crosses, one after the
    other; each site goes on ``U``, then their number; ``FP[0]`` counts them (``move_placed``)."""
    nc = p.codes
    w.local("int e1, site, other, got1, e2, crossed")
    w("got1 = 0", 1)
    w(f"for e1 in range(B{i}_br_start[to_], B{i}_br_start[to_ + 1], 2):", 1)
    w(f"site = B{i}_br[e1]", 2)
    w(f"other = B{i}_br[e1 + 1]", 2)
    w(f"if b[site] or not b[other] or not B{i}_br_ends[p * {nc} + b[other] - 1]:", 2)
    w("continue", 3)
    w("crossed = 0", 2)
    w(f"for e2 in range(B{i}_cr_start[site], B{i}_cr_start[site + 1]):", 2)
    w(f"if b[B{i}_cr[e2]]:", 3)
    w("crossed = 1", 4)
    w("break", 4)
    w("if crossed:", 2)
    w("continue", 3)
    w(f"push(site, B{i}_br_link[p])", 2)
    w("U[UP[0]] = site", 2)
    w("UP[0] += 1", 2)
    w("got1 += 1", 2)
    w("U[UP[0]] = got1", 1)
    w("UP[0] += 1", 1)
    w("FP[0] += got1", 1)


def fill(game: "Game", effect: Any, out: dict[str, list[int]]) -> None:
    """A ``fill`` (after a ``place``): per mover the code of the piece that goes down, and the
    squares of its region in order."""
    n = game.t.topology.size
    out["fill_codes"] = list(effect.codes) + [0] * (3 - len(effect.codes))
    out["fill_squares"] = [s for s in range(n) if effect.region >> s & 1]


def _fill(w: "Writer", p: "Plan", i: int) -> None:
    """After the piece is placed: a piece goes on every empty square of the region where the
    condition holds (all looked at first); each square goes on ``U``, then their number;
    ``FP[0]`` counts them (``move_placed``)."""
    squares = p.blocks[i].tables["fill_squares"]
    w.local("int e1, s1, got1")
    w("got1 = 0", 1)
    w(f"for e1 in range({len(squares)}):", 1)
    w(f"s1 = B{i}_fill_squares[e1]", 2)
    w(f"if b[s1] == 0 and fillw{i}(p, to_, -1, s1):", 2)
    w("RM[got1] = s1", 3)
    w("got1 += 1", 3)
    w("for e1 in range(got1):", 1)
    w(f"push(RM[e1], B{i}_fill_codes[p])", 2)
    w("U[UP[0]] = RM[e1]", 2)
    w("UP[0] += 1", 2)
    w("U[UP[0]] = got1", 1)
    w("UP[0] += 1", 1)
    w("FP[0] += got1", 1)


def _group_flood(w: "Writer", p: "Plan", i: int, indent: int) -> None:
    """From ``s0``, a group of ``q``'s not yet marked: its squares appended to ``RM`` (``got`` of
    them), ``free`` set where one of them touches an empty square."""
    w("VIS[s0] = mark", indent)
    w("STK[0] = s0", indent)
    w("top = 1", indent)
    w("free = 0", indent)
    w("while top:", indent)
    w("top -= 1", indent + 1)
    w("t0 = STK[top]", indent + 1)
    w("RM[got] = t0", indent + 1)
    w("got += 1", indent + 1)
    w(f"for e0 in range(B{i}_rg_start[t0], B{i}_rg_start[t0 + 1]):", indent + 1)
    w(f"u0 = B{i}_rg_near[e0]", indent + 2)
    w("if b[u0] == 0:", indent + 2)
    w("if PLAYABLE[u0]:", indent + 3)
    w("free = 1", indent + 4)
    w(f"elif VIS[u0] != mark and OWNER[b[u0] - 1] == q and B{i}_rg_kinds[b[u0] - 1]:", indent + 2)
    w("VIS[u0] = mark", indent + 3)
    w("STK[top] = u0", indent + 3)
    w("top += 1", indent + 3)


def narrow(p: "Plan", i: int) -> bool:
    """Whether block ``i``'s ``remove_groups`` may look at the groups by the placed square alone
    while its moves are tried (see :func:`breathing`): nothing before it changes another square."""
    return "rg_near" in p.blocks[i].tables and "flank" not in p.blocks[i].tables


def who(p: "Plan", i: int, mover: str) -> str:
    """The player whose groups block ``i``'s ``remove_groups`` removes, ``mover`` moving."""
    return f"3 - {mover}" if p.blocks[i].tables["rg_opponent"][0] else mover


def breathing(w: "Writer", p: "Plan", i: int) -> None:
    """``breathes{i}(q)``: ``q + 1`` where every group of ``q``'s touches an empty square, else 0.

    Placing a piece takes a liberty only from the groups beside it, and taking groups off only
    frees squares; so where every group of the player's breathes before a placement, the groups
    that do not breathe after it are among those beside the placed square. While a block's moves
    are tried (read for ``legal_if``), ``RGS{i}[0]`` holds this for the position they are tried
    from, and the effect floods only from the placed square and its neighbours."""
    n = p.squares
    w.func(f"breathes{i}", [("int", "q")], "int", inline=False)
    w.local("int x0, s0, t0, u0, e0, top, mark, free, got")
    w.flood_start(n, "x0")
    w(f"for x0 in range(PN[q]):", 1)
    w(f"s0 = PL[q * {n} + x0]", 2)
    w(f"if VIS[s0] == mark or not B{i}_rg_kinds[b[s0] - 1]:", 2)
    w("continue", 3)
    w("got = 0", 2)
    _group_flood(w, p, i, 2)
    w("if not free:", 2)
    w("return 0", 3)
    w("return q + 1", 1)
    w("")


def _remove_groups(w: "Writer", p: "Plan", i: int) -> None:
    """After the piece is placed: every group of the player's (the opponent's, or the mover's),
    of the kinds, that touches no empty square leaves the board; each removed square and its code
    go on ``U``, then their number. Where ``RGS{i}`` says every group of the player's breathed
    before (see :func:`breathing`), only the groups beside the placed square are looked at."""
    n = p.squares
    w.local("int q, x0, s0, t0, u0, e0, top, mark, free, got, m, first0, ns")
    w(f"q = {who(p, i, 'OWNER[code]')}", 1)
    w.flood_start(n, "x0")
    w("got = 0", 1)  # the squares to empty, gathered first (emptying changes the lists walked)
    if narrow(p, i):
        w(f"if RGS{i}[0] == q + 1:", 1)
        w("RGQ[0] = to_", 2)
        w("ns = 1", 2)
        w(f"for e0 in range(B{i}_rg_start[to_], B{i}_rg_start[to_ + 1]):", 2)
        w(f"RGQ[ns] = B{i}_rg_near[e0]", 3)
        w("ns += 1", 3)
        w("else:", 1)
        w("ns = PN[q]", 2)
        w("for x0 in range(ns):", 2)
        w(f"RGQ[x0] = PL[q * {n} + x0]", 3)
        w("for x0 in range(ns):", 1)
        w("s0 = RGQ[x0]", 2)
        w(f"if b[s0] == 0 or OWNER[b[s0] - 1] != q or VIS[s0] == mark or not B{i}_rg_kinds[b[s0] - 1]:", 2)
    else:
        w("for x0 in range(PN[q]):", 1)
        w(f"s0 = PL[q * {n} + x0]", 2)
        w(f"if VIS[s0] == mark or not B{i}_rg_kinds[b[s0] - 1]:", 2)
    w("continue", 3)
    w("first0 = got", 2)
    _group_flood(w, p, i, 2)
    w("if free:", 2)  # it breathes: it stays
    w("got = first0", 3)
    w("for m in range(got):", 1)
    w("s0 = RM[m]", 2)
    w("while height_of(s0):", 2)
    w("U[UP[0]] = s0", 3)
    w("U[UP[0] + 1] = pop(s0)", 3)
    w("UP[0] += 2", 3)
    w("U[UP[0]] = got", 1)
    w("U[UP[0] + 1] = UP[0] - first_up", 1)
    w("UP[0] += 2", 1)


def make(w: "Writer", p: "Plan", i: int) -> None:
    """The part is ``(code * NF + N) * N + to``; the reserve the piece comes from is its owner's."""
    n = p.squares
    nf = n + 1
    r = max(1, p.reserves)
    flank = "flank" in p.blocks[i].tables
    groups = "rg_near" in p.blocks[i].tables
    filling = "fill_squares" in p.blocks[i].tables
    bridging = "br" in p.blocks[i].tables
    w.func(f"make{i}", [("long long", "x"), ("int", "p")], "int")
    w.local("int to_, code, res, first_up")
    w(f"to_ = x % {n}", 1)
    w(f"code = x // {n * nf}", 1)
    w("first_up = UP[0]", 1)
    w("push(to_, code)", 1)
    w("res = CODE_RES[code]", 1)
    w("if res >= 0:", 1)
    w(f"RES[{_supplier(p, i)} * {r} + res] -= 1", 2)
    if flank:
        _flank(w, p, i)
    if groups:
        _remove_groups(w, p, i)
    if filling:
        _fill(w, p, i)
    if bridging:
        _bridge(w, p, i)
    w("return 0", 1)
    w("")
    w.func(f"unmake{i}", [("long long", "x"), ("int", "p"), ("int", "cap")], "void")
    w.local("int to_, code, res")
    w(f"to_ = x % {n}", 1)
    w(f"code = x // {n * nf}", 1)
    if filling or bridging:  # the pieces a `fill` or a `bridge` put down taken off again
        w.local("int got1, m1")
        w("UP[0] -= 1", 1)
        w("got1 = U[UP[0]]", 1)
        w("for m1 in range(got1):", 1)
        w("UP[0] -= 1", 2)
        w("pop(U[UP[0]])", 2)
    if groups:  # the removed pieces back, the last first
        w.local("int got, m, sq")
        w("UP[0] -= 2", 1)
        w("got = U[UP[0] + 1]", 1)
        w("for m in range(got // 2):", 1)
        w("UP[0] -= 2", 2)
        w("push(U[UP[0]], U[UP[0] + 1])", 2)
    if flank:  # the flipped pieces turned back (their squares and codes on U)
        w.local("int m, got, sq")
        w("UP[0] -= 1", 1)
        w("got = U[UP[0]]", 1)
        w("for m in range(got):", 1)
        w("UP[0] -= 2", 2)
        w("sq = U[UP[0]]", 2)
        w("pop(sq)", 2)
        w("push(sq, U[UP[0] + 1])", 2)
    w("pop(to_)", 1)
    w("res = CODE_RES[code]", 1)
    w("if res >= 0:", 1)
    w(f"RES[{_supplier(p, i)} * {r} + res] += 1", 2)
    w("")


def _supplier(p: "Plan", i: int) -> str:
    """Whose reserve block ``i``'s piece comes from: the mover's for a neutral piece, else its owner's."""
    return "p" if p.blocks[i].tables["supply"][0] else "OWNER[code]"


def moves(w: "Writer", p: "Plan", i: int) -> None:
    n = p.squares
    r = max(1, p.reserves)
    tb = p.blocks[i].tables
    kinds = len(tb["codes"]) // 3
    w(f"for j in range({kinds}):", 1)
    w(f"code = B{i}_codes[p * {kinds} + j]", 2)
    w("x = CODE_RES[code]", 2)
    w(f"if x >= 0 and RES[{_supplier(p, i)} * {r} + x] < 1:", 2)
    w("continue", 3)
    origin = p.blocks[i].origin
    if origin is not None:  # the empty squares along the lines from the square ``origin`` names
        w(f"h = {origin}", 2)
        w(f"if h < 0 or h >= {n}:", 2)
        w("continue", 3)
        w(f"e = B{i}_lstart[h]", 2)
        w(f"stop = B{i}_lstart[h + 1]", 2)
        w("while e < stop:", 2)
        w(f"s = B{i}_lines[e]", 3)
        w("e += 1", 3)
        w("if s < 0:", 3)
        w("continue", 4)
        w("if b[s]:", 3)  # a piece ends the line
        w(f"while B{i}_lines[e] >= 0:", 4)
        w("e += 1", 5)
        w("continue", 4)
        w(f"if B{i}_ok[s]:", 3)
        w(f"out[k] = {w.big(i * p.slot)} + (code * {n + 1} + {n}) * {n} + s", 4)
        w("k += 1", 4)
        return
    if not w.typed:  # plain Python: the empty squares listed by one comprehension, copied at once
        w(f"mv = {w.big(i * p.slot)} + (code * {n + 1} + {n}) * {n}", 2)
        w(f"got = [mv + s for s in B{i}_squares if not b[s]]", 2)
        w("out[k:k + len(got)] = got", 2)
        w("k += len(got)", 2)
        return
    w(f"for e in range({len(tb['squares'])}):", 2)
    w(f"s = B{i}_squares[e]", 3)
    w("if b[s] == 0:", 3)
    w(f"out[k] = {w.big(i * p.slot)} + (code * {n + 1} + {n}) * {n} + s", 4)
    w("k += 1", 4)


def _flank(w: "Writer", p: "Plan", i: int) -> None:
    """After a piece is placed on ``to_``: along each line from it, a run of turning enemy pieces
    (at most ``most``) closed by one of the mover's turns to the mover; each flipped square and
    its old code go on ``U``, then their number; ``FL[0]`` counts them."""
    most = p.blocks[i].tables["flank_most"][0]
    w.local("int e, stop, run, sq, top, got, m, q")
    w("q = OWNER[code]", 1)
    w("got = 0", 1)
    w(f"e = B{i}_flank_start[to_]", 1)
    w(f"stop = B{i}_flank_start[to_ + 1]", 1)
    w("while e < stop:", 1)
    w("run = 0", 2)
    w(f"while B{i}_flank[e + run] >= 0:", 2)
    w(f"sq = B{i}_flank[e + run]", 3)
    w("top = b[sq]", 3)
    w("if not top:", 3)
    w("run = -1", 4)
    w("break", 4)
    w("if OWNER[top - 1] == q:", 3)
    w("break", 4)
    w(f"if not OWNER[top - 1] or not B{i}_flank_turns[top - 1]:", 3)
    w("run = -1", 4)
    w("break", 4)
    w("run += 1", 3)
    w(f"if run > 0 and B{i}_flank[e + run] >= 0" + (f" and run <= {most}" if most else "") + ":", 2)
    w("for m in range(run):", 3)
    w(f"sq = B{i}_flank[e + m]", 4)
    w("top = pop(sq)", 4)
    w("U[UP[0]] = sq", 4)
    w("U[UP[0] + 1] = top", 4)
    w("UP[0] += 2", 4)
    w("push(sq, (top & ~1) | (q - 1))", 4)
    w("got += 1", 4)
    w(f"while B{i}_flank[e] >= 0:", 2)  # on to the next line
    w("e += 1", 3)
    w("e += 1", 2)
    w("U[UP[0]] = got", 1)
    w("UP[0] += 1", 1)
    w("FL[0] = got", 1)


def proposes(p: "Plan", i: int) -> bool:
    """A placement on any empty square of its squares can be drawn without its list (one along
    the lines from a square cannot)."""
    return p.blocks[i].origin is None


def _kinds(w: "Writer", p: "Plan", i: int) -> None:
    """The loop over the kinds the mover may place now (``code`` each: one left in his reserve
    where the kind has one); the body follows at depth 2."""
    r = max(1, p.reserves)
    kinds = len(p.blocks[i].tables["codes"]) // 3
    w(f"for j in range({kinds}):", 1)
    w(f"code = B{i}_codes[p * {kinds} + j]", 2)
    w("x = CODE_RES[code]", 2)
    w(f"if x >= 0 and RES[{_supplier(p, i)} * {r} + x] < 1:", 2)
    w("continue", 3)


def _kinds_now(w: "Writer", p: "Plan", i: int) -> None:
    """``k``: how many kinds the mover may place now (every kind, where none comes from a reserve)."""
    if _unlimited(p, i):
        w(f"k = {len(p.blocks[i].tables['codes']) // 3}", 1)
        return
    w("k = 0", 1)
    _kinds(w, p, i)
    w("k += 1", 2)


def _unlimited(p: "Plan", i: int) -> bool:
    """Whether no kind the block places comes from a reserve (every kind may always be placed)."""
    codes = p.blocks[i].tables["codes"]
    return all(p.code_reserve[code] < 0 for code in codes[len(codes) // 3:])  # the players' kinds


def count(w: "Writer", p: "Plan", i: int) -> None:
    """The body of ``count{i}(p)``: the kinds the mover may place times the block's squares,
    empty or not (a placement is legal where its square is empty)."""
    many = len(p.blocks[i].tables["squares"])
    if _unlimited(p, i):
        w(f"return {len(p.blocks[i].tables['codes']) // 3 * many}", 1)
        return
    _kinds_now(w, p, i)
    w(f"return k * {many}", 1)


def propose(w: "Writer", p: "Plan", i: int) -> None:
    """The body of ``propose{i}(p, r)``: the ``r``-th of the placements :func:`count` counts
    (kind by kind, square by square), where its square is empty, else -1."""
    n = p.squares
    many = len(p.blocks[i].tables["squares"])
    if _unlimited(p, i):  # the kind and the square read off the number
        kinds = len(p.blocks[i].tables["codes"]) // 3
        w(f"s = B{i}_squares[r % {many}]", 1)
        w("if b[s]:", 1)
        w("return -1", 2)
        w(f"code = B{i}_codes[p * {kinds} + r // {many}]", 1)
        w(f"return {w.big(i * p.slot)} + (code * {n + 1} + {n}) * {n} + s", 1)
        return
    _kinds(w, p, i)
    w(f"if r >= {many}:", 2)
    w(f"r -= {many}", 3)
    w("continue", 3)
    w(f"s = B{i}_squares[r]", 2)
    w("if b[s]:", 2)
    w("return -1", 3)
    w(f"return {w.big(i * p.slot)} + (code * {n + 1} + {n}) * {n} + s", 2)
    w("return -1", 1)


def tallies(p: "Plan", i: int) -> bool:
    """Perft can count the block's placements without listing them (see :func:`tally`)."""
    return p.blocks[i].origin is None


def tally(w: "Writer", p: "Plan", i: int) -> None:
    """The body of ``tally{i}_(p)``: how many placements the mover has, the kinds he may place
    times the empty squares among the block's (on the whole board: the squares less those
    occupied, ``S[0]``)."""
    squares = p.blocks[i].tables["squares"]
    whole = sorted(squares) == list(range(p.squares))
    _kinds_now(w, p, i)
    if whole:
        w(f"return k * ({p.squares} - S[0])", 1)
    elif not w.typed:
        w(f"return k * len([s for s in B{i}_squares if not b[s]])", 1)
    else:
        w("c = 0", 1)
        w(f"for x in range({len(squares)}):", 1)
        w(f"if not b[B{i}_squares[x]]:", 2)
        w("c += 1", 3)
        w("return k * c", 1)
