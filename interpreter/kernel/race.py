"""The race kernel: a game whose turn rolls two dice and moves checkers along a ``track``.

A dice race's kernel keeps other things than a board's: per player the checkers on each position
of his own path (0 waiting on the bar, 1..N the path, N+1 borne off), the dice of the turn and
whether the opening roll is still to come. A move is a whole turn: its steps ``from * 64 + to``
(mover positions), twelve bits each after three bits that count them. Chance is the kernel's:
perft sums every roll (the opening roll's too), and a random game rolls its own dice.

The turns of a roll are the engine's (``track``, docs/reference/tracks.md): every distinct result,
found in the engine's order, the steps that first reached a result kept with it, the most numbers
used, the higher where only one can be. A result is told exactly by the mover's counts (packed in
words of 30 bits) and the blots hit. A random turn is drawn among the results (``by_turn``), or
step by step as the engine's step view offers the next steps (``by_step``: every next step that
some way of using the dice as the rules demand begins with).

:func:`race_plan` reads the game; a rule of the block beyond these (a second entering place, an
order of the numbers, points, corners, the cube) leaves the game to the engine, saying which.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..dsl.expr import parse_expr
from .model import TEMPLATE, End, NotKernel, Plan, Race
from .writer import Writer

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["race_plan", "race_source", "RESULTS"]

#: the most distinct results of one roll a kernel lists (more: the engine lists that position)
RESULTS = 8192
#: the slots of the table that finds a result among those listed (a power of two)
SLOTS = 16384


def race_plan(game: "Game", plan: Plan) -> Plan:
    """Fill ``plan`` for a dice race (``plan.race``), or raise :class:`NotKernel` with the first rule
    the kernel does not play."""
    from ..blocks.track import Track
    t = game.t
    if len(game.phases) != 1 or len(game.phases[0].blocks) != 1 or not isinstance(game.phases[0].blocks[0], Track):
        raise NotKernel("dice with blocks other than one `track`")
    block: Any = game.phases[0].blocks[0]
    if set(block.params) & {"legal_if", "sets"}:
        raise NotKernel(f"`{sorted(set(block.params) & {'legal_if', 'sets'})[0]}` on a `track` block")
    if t.counter_start:
        raise NotKernel("counters in a dice race")
    dice = game.dice
    if dice is None or dice.count != 2 or dice.numbers is not None or dice.weigh is not None:
        raise NotKernel("dice other than two plain dice")
    if dice.cube is not None:
        raise NotKernel("the doubling cube")
    opening = dice.opening
    if opening is not None and (opening.get("starter_plays") != "opening_roll" or int(opening.get("dice", 1)) != 1):
        raise NotKernel("an opening roll other than one die each")
    for rule, what in ((block.pin, "pinning"), (block.out is not None, "a second entering place"),
                       (block.order != "any", "`order`"), (block.count_doubles, "doubles that grow"),
                       (block.one_die, "one die"), (block.capacity <= 1000, "`capacity`"),
                       (not block.bears_off, "`bear_off: false`"), (not block.bar_first, "`enter.first: false`"),
                       (block.enter_on[0] is not None or block.enter_at[0], "`enter.on` or `enter.at`"),
                       (block.recycle, "`return_to_start`"), (block.start, "a start point"),
                       (block.corner, "a corner"), (block.scoring, "points"), (block.hit_to_start, "hits sent to the start"),
                       (not block.bear_all_home, "bearing off before all are home"),
                       (block.off_at != block.N + 1, "bearing off from the last point"),
                       (block.overshoot != "highest", f"`overshoot: {block.overshoot}`"),
                       (any(block.no_hit), "`hit.except_on`"), (block.roll_again, "rolling again"),
                       (block.double_play > 4, "a double of more than four numbers"),
                       (dice.faces > block.N, "dice with more faces than the path has points")):
        if rule:
            raise NotKernel(f"a `track` with {what}")
    N = block.N
    L = N + 2
    squares = [-1] * (3 * L)
    mirror = [0] * (3 * L)
    for p in (1, 2):
        q = 3 - p
        for i in range(L):
            squares[p * L + i] = block._square(p, i)
        for i in range(1, N + 1):
            mirror[p * L + i] = block._mover_pos[q][block.paths[p][i - 1]]
    kind = t.code_kind[block.code[1]]
    most = max(sum(count for (_, code, count, _) in game.rules.setup if t.code_owner[code] == p and t.code_kind[code] == kind)
               for p in (1, 2))
    plan.race = Race(N, block.block, block.home_start, block.double_play, block.maximize == "higher", dice.faces,
                     opening is not None, mirror, squares, max(1, most.bit_length()), block.index,
                     {name: places for name, places in block.t.topology.places.items()})
    plan.bound = RESULTS
    return plan


def ends(game: "Game", plan: Plan, conditions: Any) -> None:
    """The end rules as race kernel code (the conditions read ``C``, the counts)."""
    ends = game.spec.data.get("end", [])
    for i, rule in enumerate(game.end_rules):
        if rule.winner not in ("mover", "opponent", None, "draw") and not isinstance(rule.winner, int):
            raise NotKernel(f"end rule {i + 1}: winner {rule.winner!r}")
        decl = ends[i]
        if "score" in decl:
            raise NotKernel("an end rule's `score` in a dice race")
        winner = rule.winner if rule.winner in ("mover", "opponent") else str(rule.winner or 0)
        plan.ends.append(End(conditions.truth(parse_expr(decl["when"])), "0" if winner == "draw" else winner, None,
                             conditions.number(parse_expr(decl["value"]), "value") if "value" in decl else None))


def race_source(p: Plan, typed: bool) -> str:
    """The race kernel module of plan ``p`` (``p.race`` set): typed Cython, or plain Python."""
    r = p.race
    assert r is not None
    w = Writer(typed)
    N, L = r.N, r.N + 2
    per = 30 // r.bits  # count fields in a word of a result's key
    words = (L + per - 1) // per
    K = words + (N + 1 + 29) // 30  # the counts' words, then the blots hit (one bit a point)
    top = (1 << r.bits) - 1
    w(f"# the race kernel of one game (spielwerk kernel template {TEMPLATE}); written by spielwerk.kernel")
    w("# every number below comes from the game's compiled tables")
    if typed:
        w("# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False")
        w("cdef void _fill(int* a, tuple values):")
        w("cdef Py_ssize_t i", 1)
        w("for i in range(len(values)):", 1)
        w("a[i] = values[i]", 2)
    w(f"BOUND = {RESULTS}")
    w.table("MIR", r.mirror)  # per player and own position: the other player's position of that point
    w.table("SQ", r.squares)  # per player and own position: its square
    w.table("OWNER", p.code_owner)
    w.table("KW", [i // per for i in range(L)])  # per position: the word of its count in a key
    w.table("KV", [1 << (r.bits * (i % per)) for i in range(L)])  # and one checker's worth there
    w.table("HW", [words + i // 30 for i in range(N + 1)])  # per point: the word of its hit bit
    w.table("HV", [1 << (i % 30) for i in range(N + 1)])
    w.array("C", 3 * L)  # per player and own position: his checkers there
    w.array("ME", L)  # while listing a roll's turns: the mover's counts, the opponent's on his points
    w.array("OP", L)
    w.array("DI", 2)  # the dice of the turn (0: to be rolled)
    w.array("OPN", 1)  # 1 while the opening roll is to come
    w.array("KY", K)  # the key of the result being reached
    w.array("FK", RESULTS * K)  # per result found: its key, numbers used, first number, its slot
    w.array("FU", RESULTS)
    w.array("FF", RESULTS)
    w.array("FS", RESULTS)
    w.array("FN", 1)
    w.both(f"cdef long long FM[{RESULTS}]", f"FM = [0] * {RESULTS}")  # per result: its move
    w.array("HT", SLOTS)  # slot -> result + 1 (0: free)
    w.array("OF", 8 * 64)  # per step of a way: the steps one number allows (from, to)
    w.array("OT", 8 * 64)
    w.array("RK", 4096)  # the step view: per next step its best rank (-2 not seen), in order seen
    w.array("CL", 4096)
    w.array("FC", 8)  # the steps chosen so far
    w.array("V", 8)  # NF, CN, STOP, SET, CUR, CAP, REQ, PH (the step view's walk) - as one array
    w.array("OUT", 4)
    w.array("OVER", 1)
    w.array("PLY", 1)
    w.both("cdef unsigned long long rs = 1", "rs = 1")
    w("")
    for_all = "for _j in range(4096):"
    w(for_all)
    w("RK[_j] = -2", 1)  # no next step seen yet
    _basics(w, r, top, K)
    _turns(w, r, K)
    _steps(w, r)
    _play(w, r)
    _race_ends(w, p)
    _race_entries(w, r, K)
    return "\n".join(w.lines) + "\n"


def _basics(w: Writer, r: Race, top: int, K: int) -> None:
    N, L, HOME = r.N, r.N + 2, r.home
    w.func("rnd", [("int", "k")], "int")
    w("global rs", 1)
    w.local("unsigned long long x")
    w("x = rs", 1)
    w("x ^= x >> 12", 1)
    w.both("x ^= x << 25", "x = (x ^ (x << 25)) & 0xFFFFFFFFFFFFFFFF", 1)
    w("x ^= x >> 27", 1)
    w("rs = x", 1)
    w.both("return <int>(((x * 2685821657736338717ULL) >> 33) % <unsigned long long>k)",
           "return (((x * 2685821657736338717) & 0xFFFFFFFFFFFFFFFF) >> 33) % k", 1)
    w("")
    w.func("onp", [("int", "q"), ("int", "lo"), ("int", "hi")], "int")  # ``on_path``
    w.local("int i, c")
    w("c = 0", 1)
    w(f"for i in range(max(lo, 1), min(hi, {N}) + 1):", 1)
    w(f"c += C[q * {L} + i]", 2)
    w("return c", 1)
    w("")
    # the mover's counts and the opponent's on his points; the key of the start; his checkers
    # outside his home quarter
    w.func("fill", [("int", "p")], "int")
    w.local("int i, q, outside")
    w("q = 3 - p", 1)
    w(f"for i in range({L}):", 1)
    w(f"ME[i] = C[p * {L} + i]", 2)
    w("OP[i] = 0", 2)
    w(f"for i in range(1, {N + 1}):", 1)
    w(f"OP[i] = C[q * {L} + MIR[p * {L} + i]]", 2)
    w(f"for i in range({K}):", 1)
    w("KY[i] = 0", 2)
    w(f"for i in range({L}):", 1)
    w("KY[KW[i]] += ME[i] * KV[i]", 2)
    w("outside = 0", 1)
    w(f"for i in range({HOME}):", 1)
    w("outside += ME[i]", 2)
    w("return outside", 1)
    w("")
    # the steps one number n allows at step ``lvl`` of a way, from positions >= lowest
    w.func("single", [("int", "lvl"), ("int", "n"), ("int", "lowest"), ("int", "outside")], "int")
    w.local("int c, s, t, u, base, ok")
    w("base = lvl * 64", 1)
    w("c = 0", 1)
    w("if ME[0]:", 1)
    w(f"if OP[n] < {r.block}:", 2)
    w("OF[base] = 0", 3)
    w("OT[base] = n", 3)
    w("return 1", 3)
    w("return 0", 2)
    w(f"for s in range(lowest if lowest > 1 else 1, {N + 1}):", 1)
    w("if ME[s] == 0:", 2)
    w("continue", 3)
    w("t = s + n", 2)
    w(f"if t <= {N}:", 2)
    w(f"if OP[t] < {r.block}:", 3)
    w("OF[base + c] = s", 4)
    w("OT[base + c] = t", 4)
    w("c += 1", 4)
    w("elif outside == 0:", 2)
    w("ok = 1", 3)
    w(f"if t > {N + 1}:", 3)  # a higher number bears off from the highest point only
    w(f"for u in range({HOME}, s):", 4)
    w("if ME[u]:", 5)
    w("ok = 0", 6)
    w("break", 6)
    w("if ok:", 3)
    w("OF[base + c] = s", 4)
    w(f"OT[base + c] = {N + 1}", 4)
    w("c += 1", 4)
    w("return c", 1)
    w("")
    w.func("step", [("int", "f"), ("int", "t")], "int")  # one step on the counts; 1 if it hit
    w("ME[f] -= 1", 1)
    w("ME[t] += 1", 1)
    w("KY[KW[f]] -= KV[f]", 1)
    w("KY[KW[t]] += KV[t]", 1)
    w(f"if t <= {N} and OP[t] == 1:", 1)
    w("OP[t] = 0", 2)
    w("KY[HW[t]] += HV[t]", 2)
    w("return 1", 2)
    w("return 0", 1)
    w("")
    w.func("unstep", [("int", "f"), ("int", "t"), ("int", "hit")], "void")
    w("if hit:", 1)
    w("OP[t] = 1", 2)
    w("KY[HW[t]] -= HV[t]", 2)
    w("KY[KW[t]] -= KV[t]", 1)
    w("KY[KW[f]] += KV[f]", 1)
    w("ME[t] -= 1", 1)
    w("ME[f] += 1", 1)
    w("")
    w.func("too_many", [], "int")  # a count the keys cannot hold (a position read from a text)
    w.local("int i")
    w(f"for i in range({3 * L}):", 1)
    w(f"if C[i] > {top}:", 2)
    w("return 1", 3)
    w("return 0", 1)
    w("")


def _turns(w: Writer, r: Race, K: int) -> None:
    """``turns(p, out)``: the distinct results of the roll ``DI`` for ``p``, as the engine lists them."""
    w.func("insert", [("long long", "mv"), ("int", "used"), ("int", "first")], "void")
    w.local("int h, j, slot, k, same")
    w("h = 0", 1)
    w(f"for j in range({K}):", 1)
    w("h = (h * 31 + KY[j]) & 1048575", 2)
    w(f"slot = h & {SLOTS - 1}", 1)
    w("while HT[slot]:", 1)
    w("k = HT[slot] - 1", 2)
    w("same = 1", 2)
    w(f"for j in range({K}):", 2)
    w(f"if FK[k * {K} + j] != KY[j]:", 3)
    w("same = 0", 4)
    w("break", 4)
    w("if same:", 2)
    w("return", 3)  # the first way to a result is kept
    w(f"slot = (slot + 1) & {SLOTS - 1}", 2)
    w("k = FN[0]", 1)
    w(f"if k >= {RESULTS}:", 1)
    w("OVER[0] = 1", 2)
    w("return", 2)
    w("FN[0] = k + 1", 1)
    w("HT[slot] = k + 1", 1)
    w("FS[k] = slot", 1)
    w(f"for j in range({K}):", 1)
    w(f"FK[k * {K} + j] = KY[j]", 2)
    w("FM[k] = mv", 1)
    w("FU[k] = used", 1)
    w("FF[k] = first", 1)
    w("")
    # the ways of a double: every number the same, each step from a position at or above the last
    w.func("dbl", [("int", "left"), ("int", "lvl"), ("long long", "mv"), ("int", "lowest"), ("int", "outside")],
           "void", inline=False)
    w.local("int a, c, e, f, t, h, o2")
    w.local("long long code")
    w("a = DI[0]", 1)
    w("c = single(lvl, a, lowest, outside)", 1)
    w("for e in range(c):", 1)
    w("f = OF[lvl * 64 + e]", 2)
    w("t = OT[lvl * 64 + e]", 2)
    w("code = f * 64 + t", 2)
    w("h = step(f, t)", 2)
    w("if left == 1:", 2)
    w("insert(mv + (code << (3 + 12 * lvl)) + lvl + 1, lvl + 1, a)", 3)
    w("else:", 2)
    w(f"o2 = outside - 1 if f < {r.home} and t >= {r.home} else outside", 3)
    w("dbl(left - 1, lvl + 1, mv + (code << (3 + 12 * lvl)), f, o2)", 3)
    w("unstep(f, t, h)", 2)
    w("if c == 0:", 1)
    w("insert(mv + lvl, lvl, a)", 2)
    w("")
    w.func("turns", [("int", "p"), ("long long*", "out")], "int", inline=False)
    w.local("int a, b, o, x, y, c1, c2, e1, e2, f1, t1, f2, t2, h1, h2, outside, o2, k, most, high, keep, j")
    w.local("long long m1")
    w("a = DI[0]", 1)
    w("b = DI[1]", 1)
    w("FN[0] = 0", 1)
    w("outside = fill(p)", 1)
    w("high = a if a > b else b", 1)
    w("if a != b:", 1)
    w("for o in range(2):", 2)
    w("x = a if o == 0 else b", 3)
    w("y = b if o == 0 else a", 3)
    w("c1 = single(0, x, 0, outside)", 3)
    w("for e1 in range(c1):", 3)
    w("f1 = OF[e1]", 4)
    w("t1 = OT[e1]", 4)
    w("h1 = step(f1, t1)", 4)
    w("m1 = (f1 * 64 + t1) << 3", 4)
    w(f"o2 = outside - 1 if f1 < {r.home} and t1 >= {r.home} else outside", 4)
    w("c2 = single(1, y, 0, o2)", 4)
    w("for e2 in range(c2):", 4)
    w("f2 = OF[64 + e2]", 5)
    w("t2 = OT[64 + e2]", 5)
    w("h2 = step(f2, t2)", 5)
    w("insert(m1 + ((f2 * 64 + t2) << 15) + 2, 2, high)", 5)
    w("unstep(f2, t2, h2)", 5)
    w("if c2 == 0:", 4)
    w("insert(m1 + 1, 1, x)", 5)
    w("unstep(f1, t1, h1)", 4)
    w("if FN[0] == 0:", 2)
    w("insert(0, 0, 0)", 3)
    w("else:", 1)
    w(f"dbl({r.doubles}, 0, 0, 0, outside)", 2)
    w("most = 0", 1)
    w("for j in range(FN[0]):", 1)
    w("if FU[j] > most:", 2)
    w("most = FU[j]", 3)
    w("keep = 0", 1)  # where only one number can be played: the higher, if some result uses it
    if r.prefer_high:
        w("if most == 1 and a != b:", 1)
        w("for j in range(FN[0]):", 2)
        w("if FU[j] == 1 and FF[j] == high:", 3)
        w("keep = high", 4)
    w("k = 0", 1)
    w("for j in range(FN[0]):", 1)
    w("HT[FS[j]] = 0", 2)
    w("if FU[j] == most and (keep == 0 or FF[j] == keep):", 2)
    w("out[k] = FM[j]", 3)
    w("k += 1", 3)
    w("return k", 1)
    w("")


def _steps(w: Writer, r: Race) -> None:
    """The step view: ``walk()`` ranks the next steps after the steps chosen (``FC``, ``V[0]`` of
    them), as the engine's step view does; ``step_turn(p)`` draws a turn one step at a time."""
    # V: 0 NF (steps chosen), 1 CN (next steps seen), 2 the rank of stopping, 3 settled, 4 the
    # step being looked beyond, 5 the best rank there is, 6 numbers required, 7 the higher preferred
    w.func("pleaf", [("int", "n"), ("int", "used"), ("int", "first")], "void")
    w.local("int m, rk")
    w("if n < V[0]:", 1)
    w("return", 2)
    w("m = used if used < V[6] else V[6]", 1)
    w("rk = 2 * m + (0 if V[7] and m == 1 and first != (DI[0] if DI[0] > DI[1] else DI[1]) else 1)", 1)
    w("if n == V[0]:", 1)
    w("if rk > V[2]:", 2)
    w("V[2] = rk", 3)
    w("elif rk > RK[V[4]]:", 1)
    w("RK[V[4]] = rk", 2)
    w("if rk == V[5]:", 2)
    w("V[3] = 1", 3)
    w("")
    w.func("prec", [("int", "i"), ("int", "plen"), ("int", "x"), ("int", "y"), ("int", "outside")], "void",
           inline=False)
    w.local("int n, c, e, f, t, h, code, o2, found")
    w("if i == plen:", 1)
    w("pleaf(i, i, x)", 2)
    w("return", 2)
    w("n = x if i == 0 else y", 1)
    w("c = single(i, n, 0, outside)", 1)
    w("if i < V[0]:", 1)  # only the step already chosen
    w("found = 0", 2)
    w("for e in range(c):", 2)
    w("if OF[i * 64 + e] * 64 + OT[i * 64 + e] == FC[i]:", 3)
    w("found = 1", 4)
    w("break", 4)
    w("if not found:", 2)
    w("return", 3)
    w("f = FC[i] >> 6", 2)
    w("t = FC[i] & 63", 2)
    w("h = step(f, t)", 2)
    w(f"prec(i + 1, plen, x, y, outside - 1 if f < {r.home} and t >= {r.home} else outside)", 2)
    w("unstep(f, t, h)", 2)
    w("return", 2)
    w("for e in range(c):", 1)
    w("f = OF[i * 64 + e]", 2)
    w("t = OT[i * 64 + e]", 2)
    w("code = f * 64 + t", 2)
    w("if i == V[0]:", 2)
    w("if RK[code] == -2:", 3)
    w("RK[code] = -1", 4)
    w("CL[V[1]] = code", 4)
    w("V[1] += 1", 4)
    w("elif RK[code] == V[5]:", 3)
    w("continue", 4)
    w("V[4] = code", 3)
    w("h = step(f, t)", 2)
    w(f"o2 = outside - 1 if f < {r.home} and t >= {r.home} else outside", 2)
    w("prec(i + 1, plen, x, y, o2)", 2)
    w("unstep(f, t, h)", 2)
    w("if V[3]:", 2)  # a way beyond this step reached the best rank: enough
    w("if i > V[0]:", 3)
    w("return", 4)
    w("V[3] = 0", 3)
    w("if c == 0:", 1)
    w("pleaf(i, i, x)", 2)
    w("")
    w.func("walk", [("int", "p")], "void", inline=False)
    w.local("int a, b, j, outside, plen")
    w("a = DI[0]", 1)
    w("b = DI[1]", 1)
    w("for j in range(V[1]):", 1)
    w("RK[CL[j]] = -2", 2)
    w("V[1] = 0", 1)
    w("V[2] = -1", 1)
    w("V[3] = 0", 1)
    w(f"plen = 2 if a != b else {r.doubles}", 1)
    w("V[6] = plen", 1)
    w("V[5] = 2 * plen + 1", 1)
    w(f"V[7] = {1 if r.prefer_high else 0} if a != b else 0", 1)
    w("outside = fill(p)", 1)
    w("if a != b:", 1)
    w("prec(0, 2, a, b, outside)", 2)
    w("prec(0, 2, b, a, outside)", 2)
    w("else:", 1)
    w(f"prec(0, {r.doubles}, a, a, outside)", 2)
    w("")
    w.func("step_turn", [("int", "p")], "long long", inline=False)
    w.local("int plen, best, j, n, pick, code, stop")
    w.local("long long mv")
    w("V[0] = 0", 1)
    w(f"plen = 2 if DI[0] != DI[1] else {r.doubles}", 1)
    w("while V[0] < plen:", 1)
    w("walk(p)", 2)
    w("best = V[2]", 2)
    w("for j in range(V[1]):", 2)
    w("if RK[CL[j]] > best:", 3)
    w("best = RK[CL[j]]", 4)
    w("n = 0", 2)
    w("for j in range(V[1]):", 2)
    w("if RK[CL[j]] == best:", 3)
    w("n += 1", 4)
    w("if n == 0:", 2)
    w("break", 3)
    w("stop = 1 if V[2] == best else 0", 2)
    w("pick = rnd(n + stop)", 2)
    w("if pick == n:", 2)  # stopping here
    w("break", 3)
    w("for j in range(V[1]):", 2)
    w("if RK[CL[j]] == best:", 3)
    w("if pick == 0:", 4)
    w("code = CL[j]", 5)
    w("break", 5)
    w("pick -= 1", 4)
    w("FC[V[0]] = code", 2)
    w("V[0] += 1", 2)
    w("mv = V[0]", 1)
    w("for j in range(V[0]):", 1)
    w("mv += (<long long>FC[j]) << (3 + 12 * j)" if w.typed else "mv += FC[j] << (3 + 12 * j)", 2)
    w("return mv", 1)
    w("")


def _play(w: Writer, r: Race) -> None:
    """``make(mv, p)`` plays a turn on the counts (which steps hit, as bits, returned) and
    ``unmake`` takes it back."""
    N, L = r.N, r.N + 2
    w.func("make", [("long long", "mv"), ("int", "p")], "int")
    w.local("int n, j, f, t, u, q, info, code")
    w("q = 3 - p", 1)
    w("n = <int>(mv & 7)" if w.typed else "n = mv & 7", 1)
    w("info = 0", 1)
    w("for j in range(n):", 1)
    w("code = <int>((mv >> (3 + 12 * j)) & 4095)" if w.typed else "code = (mv >> (3 + 12 * j)) & 4095", 2)
    w("f = code >> 6", 2)
    w("t = code & 63", 2)
    w(f"C[p * {L} + f] -= 1", 2)
    w(f"if t <= {N}:", 2)
    w(f"u = MIR[p * {L} + t]", 3)
    w(f"if C[q * {L} + u] == 1:", 3)
    w(f"C[q * {L} + u] = 0", 4)
    w(f"C[q * {L}] += 1", 4)
    w("info |= 1 << j", 4)
    w(f"C[p * {L} + t] += 1", 2)
    w("return info", 1)
    w("")
    w.func("unmake", [("long long", "mv"), ("int", "p"), ("int", "info")], "void")
    w.local("int n, j, f, t, q, code")
    w("q = 3 - p", 1)
    w("n = <int>(mv & 7)" if w.typed else "n = mv & 7", 1)
    w("for j in range(n - 1, -1, -1):", 1)
    w("code = <int>((mv >> (3 + 12 * j)) & 4095)" if w.typed else "code = (mv >> (3 + 12 * j)) & 4095", 2)
    w("f = code >> 6", 2)
    w("t = code & 63", 2)
    w(f"C[p * {L} + t] -= 1", 2)
    w("if (info >> j) & 1:", 2)
    w(f"C[q * {L}] -= 1", 3)
    w(f"C[q * {L} + MIR[p * {L} + t]] = 1", 3)
    w(f"C[p * {L} + f] += 1", 2)
    w("")


def _race_ends(w: Writer, p: Plan) -> None:
    w.func("ended", [("int", "mover")], "int")
    for i, end in enumerate(p.ends):
        w(f"if {end.when}:", 1)
        w(f"return {i}", 2)
    w("return -1", 1)
    w("")
    w.func("decide", [("int", "rule"), ("int", "mover")], "void")
    w.local("int winner")
    w("winner = 0", 1)
    w("OUT[1] = OUT[2] = OUT[3] = 0", 1)
    for i, end in enumerate(p.ends):
        w(f"if rule == {i}:", 1)
        w("winner = " + {"mover": "mover", "opponent": "3 - mover"}.get(end.winner, end.winner), 2)
        if end.value is not None:
            w("if winner:", 2)
            w(f"OUT[1] = {end.value}", 3)
    w("OUT[0] = winner", 1)
    w("")


def _race_entries(w: Writer, r: Race, K: int) -> None:
    """What Python calls: ``load``, ``dice``, ``moves``, ``perft``, ``play``, ``end_after``,
    ``playouts``."""
    N, L, F = r.N, r.N + 2, r.faces
    w("def load(stacks, reserves, counters):")
    w('"""Set the position from its stacks (per square its piece codes, bottom first)."""', 1)
    w.local("int i, p, s, c")
    w("OVER[0] = 0", 1)
    w("for p in range(1, 3):", 1)
    w(f"for i in range({L}):", 2)
    w(f"s = SQ[p * {L} + i]", 3)
    w("c = 0", 3)
    w("if s >= 0:", 3)
    w("for code in stacks[s]:", 4)
    w("if OWNER[code] == p:", 5)
    w("c += 1", 6)
    w(f"C[p * {L} + i] = c", 3)
    w("if too_many():", 1)
    w("OVER[0] = 1", 2)
    w("")
    w("def dice(a, b, opening):")
    w('"""The dice of the turn (0, 0: to be rolled) and whether the opening roll is to come."""', 1)
    w("DI[0] = a", 1)
    w("DI[1] = b", 1)
    w("OPN[0] = 1 if opening else 0", 1)
    w("")
    w.func("roll", [("int", "p")], "int")  # chance: the dice of a turn (the opening roll: who starts)
    w.local("int a, b")
    w("a = 1 + rnd(" + str(F) + ")", 1)
    w("b = 1 + rnd(" + str(F) + ")", 1)
    w("if OPN[0]:", 1)
    w("while a == b:", 2)
    w(f"a = 1 + rnd({F})", 3)
    w(f"b = 1 + rnd({F})", 3)
    w("p = 1 if a > b else 2", 2)
    w("OPN[0] = 0", 2)
    w("DI[0] = a if a > b else b", 1)
    w("DI[1] = b if a > b else a", 1)
    w("return p", 1)
    w("")
    # perft: a roll is expanded (every roll once, with its own count) and is not a ply
    w.func("perft_", [("int", "p"), ("int", "depth")], "long long", inline=False)
    w.local(f"long long buf[{RESULTS}]" if w.typed else "int unused")
    w.local("long long mv")
    w.local("int k, i, cap, a, b, hi, lo")
    w.local("long long total")
    w("total = 0", 1)
    w("if DI[0] == 0:", 1)
    w("if OPN[0]:", 2)
    w("OPN[0] = 0", 3)
    w(f"for a in range(1, {F + 1}):", 3)
    w(f"for b in range(1, {F + 1}):", 4)
    w("if a != b:", 5)
    w("DI[0] = a if a > b else b", 6)
    w("DI[1] = b if a > b else a", 6)
    w("total += perft_(1 if a > b else 2, depth)", 6)
    w("OPN[0] = 1", 3)
    w("else:", 2)
    w(f"for hi in range({F}, 0, -1):", 3)
    w("for lo in range(hi, 0, -1):", 4)
    w("DI[0] = hi", 5)
    w("DI[1] = lo", 5)
    w("total += perft_(p, depth)", 5)
    w("DI[0] = DI[1] = 0", 2)
    w("return total", 2)
    if not w.typed:
        w(f"buf = [0] * {RESULTS}", 1)
    w("k = turns(p, buf)", 1)
    w("if depth == 1:", 1)
    w("return k", 2)
    w("a = DI[0]", 1)
    w("b = DI[1]", 1)
    w("for i in range(k):", 1)
    w("mv = buf[i]", 2)
    w("cap = make(mv, p)", 2)
    w("if ended(p) < 0:", 2)
    w("DI[0] = DI[1] = 0", 3)
    w("total += perft_(3 - p, depth - 1)", 3)
    w("DI[0] = a", 3)
    w("DI[1] = b", 3)
    w("unmake(mv, p, cap)", 2)
    w("return total", 1)
    w("")
    w("def perft(p, ply, depth):")
    w('"""The leaves of the move tree of the loaded position to ``depth`` >= 1 (rolls expanded)."""', 1)
    w("if OVER[0]:", 1)
    w("raise OverflowError('a position the kernel cannot hold')", 2)
    w("total = perft_(p, depth)", 1)
    w("if OVER[0]:", 1)
    w("raise OverflowError('a roll with more results than the kernel lists')", 2)
    w("return total", 1)
    w("")
    w("def moves(p, ply):")
    w('"""The legal turns of the loaded position (dice rolled), as ints."""', 1)
    w.local(f"long long buf[{RESULTS}]" if w.typed else "int unused")
    w.local("int k, i")
    if not w.typed:
        w(f"buf = [0] * {RESULTS}", 1)
    w("if OVER[0]:", 1)
    w("raise OverflowError('a position the kernel cannot hold')", 2)
    w("k = turns(p, buf)", 1)
    w("if OVER[0]:", 1)
    w("raise OverflowError('a roll with more results than the kernel lists')", 2)
    w("return [buf[i] for i in range(k)]", 1)
    w("")
    w("def steps(p, done):")
    w('"""The step view of the loaded position (dice rolled): after the steps ``done`` (codes', 1)
    w('``from * 64 + to``), the next steps some legal turn takes, and -1 where it may end here."""', 1)
    w.local("int j, best, plen")
    w("V[0] = len(done)", 1)
    w("for j in range(V[0]):", 1)
    w("FC[j] = done[j]", 2)
    w(f"plen = 2 if DI[0] != DI[1] else {r.doubles}", 1)
    w("if V[0] >= plen:", 1)
    w("return []", 2)
    w("walk(p)", 1)
    w("best = V[2]", 1)
    w("for j in range(V[1]):", 1)
    w("if RK[CL[j]] > best:", 2)
    w("best = RK[CL[j]]", 3)
    w("out = [CL[j] for j in range(V[1]) if RK[CL[j]] == best]", 1)
    w("if out and V[2] == best:", 1)
    w("out.append(-1)", 2)
    w("return out", 1)
    w("")
    w("def play(mv, p):")
    w('"""Play the turn ``mv`` for ``p`` on the loaded position; what taking it back needs."""', 1)
    w("return make(mv, p)", 1)
    w("")
    w("def end_after(mover, mv, ply):")
    w('"""After ``mover`` played ``mv``: the end rule that holds (-1: none), the winner, the value', 1)
    w('and the two scores."""', 1)
    w.local("int rule")
    w("PLY[0] = ply", 1)
    w("rule = ended(mover)", 1)
    w("if rule < 0:", 1)
    w("return [-1, 0, 0, 0, 0]", 2)
    w("decide(rule, mover)", 1)
    w("return [rule, OUT[0], OUT[1], OUT[2], OUT[3]]", 1)
    w("")
    w("def playouts(stacks, reserves, counters, p0, ply0, games, seed, max_plies, d0=0, d1=0, opening=0, by_step=0):")
    w('"""Random games from a position (dice ``d0``, ``d1``; 0: to be rolled): per game the end', 1)
    w('rule (-2 unfinished), the last player to move, the turns played, the winner, the value and', 1)
    w('the two scores; one flat list. Each turn is drawn among its results, or step by step."""', 1)
    w.local(f"long long buf[{RESULTS}]" if w.typed else "int unused")
    w.local("long long mv")
    w.local("int g, k, p, rule, plies, limit, e, steps")
    w("global rs", 1)
    if not w.typed:
        w(f"buf = [0] * {RESULTS}", 1)
    w("results = []", 1)
    w.both("rs = (<unsigned long long>seed * 2 + 1) ^ 0x9E3779B97F4A7C15ULL",
           "rs = ((seed * 2 + 1) ^ 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF", 1)
    w("limit = max_plies", 1)
    w("steps = 1 if by_step else 0", 1)
    w("for g in range(games):", 1)
    w("load(stacks, reserves, counters)", 2)
    w("if OVER[0]:", 2)
    w("raise OverflowError('a position the kernel cannot hold')", 3)
    w("dice(d0, d1, opening)", 2)
    w("p = p0", 2)
    w("plies = 0", 2)
    w("rule = -2", 2)
    w("OUT[0] = OUT[1] = OUT[2] = OUT[3] = 0", 2)
    w("while plies < limit:", 2)
    w("if DI[0] == 0:", 3)
    w("p = roll(p)", 4)
    w("if steps:", 3)
    w("mv = step_turn(p)", 4)
    w("else:", 3)
    w("k = turns(p, buf)", 4)
    w("mv = buf[rnd(k)]", 4)
    w("make(mv, p)", 3)
    w("DI[0] = DI[1] = 0", 3)
    w("plies += 1", 3)
    w("PLY[0] = ply0 + plies", 3)
    w("e = ended(p)", 3)
    w("if e >= 0:", 3)
    w("rule = e", 4)
    w("decide(rule, p)", 4)
    w("break", 4)
    w("p = 3 - p", 3)
    w("results.extend((rule, p, plies, OUT[0], OUT[1], OUT[2], OUT[3]))", 2)
    w("if OVER[0]:", 1)
    w("raise OverflowError('a roll with more results than the kernel lists')", 2)
    w("return results", 1)
