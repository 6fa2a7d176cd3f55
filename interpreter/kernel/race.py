"""The race kernel: a game whose turn rolls two dice (or one) and moves checkers along a ``track``.

A dice race's kernel keeps other things than a board's: per player the checkers on each position
of his own path (0 waiting on the bar, 1..N the path, N+1 borne off, N+2 a second entering
place), the dice of the turn, each player's doubles so far and whether the opening roll is still
to come. A move is a whole turn: its steps ``from * 64 + to``
(mover positions), twelve bits each after three bits that count them. Chance is the kernel's:
perft sums every roll (the opening roll's too), and a random game rolls its own dice.

The turns of a simple roll (two numbers, or a double's four, no second entering place, no order
of the numbers) are the engine's (``track``, docs/reference/tracks.md): every distinct result,
found in the engine's order, the steps that first reached a result kept with it, the most numbers
used, the higher where only one can be; other turns (up to eight numbers) are listed by the
engine, and the kernel plays their step view. A result is told exactly by the mover's counts
(packed in words of 30 bits) and the blots hit. A random turn is drawn among the results (``by_turn``), or
step by step as the engine's step view offers the next steps (``by_step``: every next step that
some way of using the dice as the rules demand begins with).

With one die a turn is one step: the steps of the number (a waiting checker coming in on the
numbers and at the point the block names, a point's capacity), narrowed by the block's
``prefer_if`` in order; the block's ``again`` gives the player another roll.

:func:`race_plan` reads the game; a rule of the block beyond these (pinning, points, corners,
the cube, ...) leaves the game to the engine, saying which.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..dsl.expr import parse_expr
from .model import TEMPLATE, End, NotKernel, Plan, Race
from .ends import write_ends
from .stepping import why_not, write_race
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
    one = bool(block.one_die)
    if dice is None or dice.count != (1 if one else 2) or dice.numbers is not None or dice.weigh is not None:
        raise NotKernel("dice other than two plain dice, or one")
    if dice.cube is not None:
        raise NotKernel("the doubling cube")
    opening = dice.opening
    fresh = opening is not None and opening.get("starter_plays") == "fresh_roll"
    if opening is not None and (one or not fresh and (opening.get("starter_plays") != "opening_roll"
                                                      or int(opening.get("dice", 1)) != 1)):
        raise NotKernel("an opening roll other than one die each")
    if game.rules.prefer_if and (not one or set(game.rules.prefer_if) != {block.index}):
        raise NotKernel("`prefer_if` with two dice")
    if game.rules.again and (not one or set(game.rules.again) != {block.index}):
        raise NotKernel("`again` with two dice")
    # one die: a turn is one step; the rules of a point's capacity and of coming in are read
    for rule, what in ((block.pin, "pinning"),
                       (not one and block.capacity <= 1000, "`capacity` with two dice"),
                       (not block.bears_off and not one, "`bear_off: false` with two dice"),
                       (block.bears_off and one, "bearing off with one die"),
                       (not one and not block.bar_first, "`enter.first: false` with two dice"),
                       (not one and (any(on is not None for on in block.enter_on) or any(block.enter_at)),
                        "`enter.on` or `enter.at` with two dice"),
                       (block.out is not None and one, "a second entering place with one die"),
                       (block.recycle, "`return_to_start`"), (block.start, "a start point"),
                       (block.corner, "a corner"), (block.scoring, "points"), (block.hit_to_start, "hits sent to the start"),
                       (not block.bear_all_home, "bearing off before all are home"),
                       (block.off_at != block.N + 1, "bearing off from the last point"),
                       (block.overshoot != "highest", f"`overshoot: {block.overshoot}`"),
                       (any(block.no_hit), "`hit.except_on`"),
                       ((block.underneath or block.later_underneath) and dice.faces != 6,
                        "the numbers underneath a die of other than six faces"),
                       (dice.faces > block.N, "dice with more faces than the path has points")):
        if rule:
            raise NotKernel(f"a `track` with {what}")
    N = block.N
    L = N + 3 if block.out is not None else N + 2
    squares = [-1] * (3 * L)
    mirror = [0] * (3 * L)
    for p in (1, 2):
        q = 3 - p
        for i in range(L):
            squares[p * L + i] = block._square(p, i)
        for i in range(1, N + 1):
            sq = block.paths[p][i - 1]
            if sq in block.paths[q]:
                mirror[p * L + i] = block._mover_pos[q][sq]
            elif block.bears_off:
                raise NotKernel("points on one player's path only, with bearing off")
            else:  # a point of p's own (a goal field): the other player's borne off count, always 0
                mirror[p * L + i] = N + 1
    kind = t.code_kind[block.code[1]]
    most = max(sum(count for (_, code, count, _) in game.rules.setup if t.code_owner[code] == p and t.code_kind[code] == kind)
               for p in (1, 2))
    plan.race = race = Race(N, block.block, block.home_start, block.double_play, block.maximize == "higher",
                            dice.faces, opening is not None, mirror, squares, max(1, most.bit_length()), block.index,
                            {name: places for name, places in block.t.topology.places.items()})
    race.simple = bool(block._simple) and block.double_play <= 4
    race.out = block.OUT
    race.out_all_first, race.out_continue = block.out_all_first, block.out_continue
    race.lower_first = block.order == "lower_first"
    race.lower_first_entering = block.order_entering == "lower_first"
    race.underneath, race.underneath_optional = block.underneath, block.underneath_optional
    race.later_from, race.later_play, race.later_underneath = block.later_from, block.later_play, block.later_underneath
    race.count_doubles, race.roll_again, race.fresh_opening = block.count_doubles, block.roll_again, fresh
    if one:
        race.one_die, race.simple = True, True
        race.capacity = block.capacity if block.capacity <= 1000 else 0
        on = block.enter_on[0]
        race.enter_on = sum(1 << n for n in on) if on is not None else 0
        race.enter_at, race.bar_first = block.enter_at[0], bool(block.bar_first)
    plan.bound = RESULTS
    return plan


def race_conditions(game: "Game", plan: Plan, conditions: Any) -> None:
    """The block's ``prefer_if`` and ``again`` as race kernel code (one die)."""
    race = plan.race
    assert race is not None
    block: Any = game.phases[0].blocks[0]
    prefer = block.params.get("prefer_if")
    if prefer is not None:
        race.prefer = [conditions.truth(parse_expr(str(x))) for x in (prefer if isinstance(prefer, list) else [prefer])]
    if "again" in block.params:
        race.again = conditions.truth(parse_expr(str(block.params["again"])))


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
    N, L = r.N, len(r.squares) // 3
    per = 30 // r.bits  # count fields in a word of a result's key
    words = (L + per - 1) // per
    K = words + (N + 1 + 29) // 30  # the counts' words, then the blots hit (one bit a point)
    top = (1 << r.bits) - 1
    w.head("the race kernel of one game", TEMPLATE)
    w(f"BOUND = {RESULTS}")
    w.table("MIR", r.mirror)  # per player and own position: the other player's position of that point
    w.table("SQ", r.squares)  # per player and own position: its square
    w.table("OWNER", p.code_owner)
    w.table("KW", [i // per for i in range(L)])  # per position: the word of its count in a key
    w.table("KV", [1 << (r.bits * (i % per)) for i in range(L)])  # and one checker's worth there
    w.table("HW", [words + i // 30 for i in range(N + 1)])  # per point: the word of its hit bit
    w.table("HV", [1 << (i % 30) for i in range(N + 1)])
    w.array("C", 3 * L)  # per player and own position: his checkers there
    w.array("ME", L)  # while a roll is walked: the mover's counts, the opponent's on his points
    w.array("OP", L)
    w.array("FR", L)  # checkers that came in this turn and may not go on
    w.array("DI", 2)  # the dice of the turn (0: to be rolled)
    w.array("OPN", 1)  # 1 while the opening roll is to come
    w.array("TLY", 3)  # per player the doubles he rolled (where doubles grow)
    w.array("PLANS", 16)  # the roll's plans (the numbers in the order they are played): two at most
    w.array("RP", 3)  # the plans, their length, the numbers that must be played
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
    w.array("NX", 4097)  # the next steps of the step view (``nexts``)
    w.array("V", 8)  # NF, CN, STOP, SET, CUR, CAP, REQ, PH (the step view's walk)
    w.array("OUT", 4)
    w.array("OVER", 1)
    if r.one_die:
        w.array("MV", 2)  # a step's squares on the mover's own path while a preference reads it (0: a place)
        w.array("PF", RESULTS)  # per turn listed: whether the preference read holds after it
    w.array("PLY", 1)
    w.both("cdef unsigned long long rs = 1", "rs = 1")
    w("for _j in range(4096):")
    w("RK[_j] = -2", 1)  # no next step seen yet
    w("")
    _basics(w, r, K)
    _step_lists(w, r)
    _steps_on_counts(w, r, top)
    if r.one_die:
        _one_die(w, r)
    else:
        _turns(w, r, K)
    _steps(w, r)
    _play(w, r)
    write_ends(w, p, with_move=False)
    _race_entries(w, r)
    if why_not(p) is None:
        write_race(w, p, RESULTS)
    return "\n".join(w.lines) + "\n"


def _add(w: Writer, frm: str, to: str, indent: int) -> None:
    """The step ``frm`` -> ``to`` added to the steps of a number (``OF``, ``OT`` at ``base``)."""
    w(f"OF[base + c] = {frm}", indent)
    w(f"OT[base + c] = {to}", indent)
    w("c += 1", indent)


def _basics(w: Writer, r: Race, K: int) -> None:
    """The generator, ``on_path``, a turn's counts filled (``fill``) and its roll's plans (``setplan``)."""
    N, L, HOME, OUT = r.N, len(r.squares) // 3, r.home, r.out
    w.rnd()
    w.func("onp", [("int", "q"), ("int", "lo"), ("int", "hi")], "int")  # ``on_path``
    w.local("int i, c")
    w("c = 0", 1)
    w(f"for i in range(max(lo, 1), min(hi, {N}) + 1):", 1)
    w(f"c += C[q * {L} + i]", 2)
    w("return c", 1)
    w("")
    # the mover's counts and the opponent's on his points; the key of the start; his checkers
    # outside his home quarter (waiting ones too)
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
    if OUT >= 0:
        w(f"outside += ME[{OUT}]", 1)
    w("return outside", 1)
    w("")
    # the roll's plans: the numbers in the order they are played, how many must be played
    w.func("setplan", [("int", "p")], "void")
    w.local("int a, b, i, top, under, lower")
    w("a = DI[0]", 1)
    w("b = DI[1]", 1)
    w("if a != b:", 1)
    waiting = "ME[0] > 0" + (f" or ME[{OUT}] > 0" if OUT >= 0 else "")
    w(f"lower = {int(r.lower_first_entering)} if ({waiting}) else {int(r.lower_first)}", 2)
    w("RP[1] = 2", 2)
    w("RP[2] = 2", 2)
    w("if lower:", 2)
    w("RP[0] = 1", 3)
    w("PLANS[0] = b if b < a else a", 3)
    w("PLANS[1] = a if b < a else b", 3)
    w("else:", 2)
    w("RP[0] = 2", 3)
    w("PLANS[0] = a", 3)
    w("PLANS[1] = b", 3)
    w("PLANS[8] = b", 3)
    w("PLANS[9] = a", 3)
    w("return", 2)
    if r.later_from:
        w(f"if TLY[p] >= {r.later_from - 1}:", 1)
        w(f"top = {r.later_play}", 2)
        w(f"under = {r.later_underneath}", 2)
        w("else:", 1)
        w(f"top = {r.doubles}", 2)
        w(f"under = {r.underneath}", 2)
    else:
        w(f"top = {r.doubles}", 1)
        w(f"under = {r.underneath}", 1)
    w("for i in range(top):", 1)
    w("PLANS[i] = a", 2)
    w("for i in range(under):", 1)
    w("PLANS[top + i] = 7 - a", 2)
    w("RP[0] = 1", 1)
    w("RP[1] = top + under", 1)
    w(f"RP[2] = top if ({int(r.underneath_optional)} or under == 0) else top + under", 1)
    w("")


def _step_lists(w: Writer, r: Race) -> None:
    """``single`` and ``opts``: the steps one number allows at a step of a way."""
    N, HOME, OUT = r.N, r.home, r.out
    # the steps one number n allows at step ``lvl`` of a way, from positions >= lowest, as the
    # engine lists them for a simple turn (bearing off among the others, by position)
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
    _add(w, "s", "t", 4)
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
    # the same steps as any turn's rules list them: entering first, then the steps along the path,
    # then bearing off; checkers that came in this turn and may not go on (``FR``) left out
    w.func("opts", [("int", "lvl"), ("int", "n"), ("int", "lowest")], "int")
    w.local("int c, s, t, u, base, ok, may, lo, last, start")
    w("base = lvl * 64", 1)
    w("c = 0", 1)
    w("if ME[0]:", 1)
    w(f"if OP[n] < {r.block}:", 2)
    w("OF[base] = 0", 3)
    w("OT[base] = n", 3)
    w("c = 1", 3)
    w("return c", 2)
    if OUT >= 0:
        w(f"if ME[{OUT}]:", 1)
        w(f"if OP[n] < {r.block}:", 2)
        w(f"OF[base] = {OUT}", 3)
        w("OT[base] = n", 3)
        w("c = 1", 3)
        if r.out_all_first:
            w("return c", 2)
    w("lo = lowest if lowest > 1 else 1", 1)
    w(f"last = {N} - n", 1)
    w("for s in range(lo, last + 1):", 1)
    w(f"if ME[s] > FR[s] and OP[s + n] < {r.block}:", 2)
    w("OF[base + c] = s", 3)
    w("OT[base + c] = s + n", 3)
    w("c += 1", 3)
    w("start = last + 1 if last >= lo else lo", 1)
    w("may = -1", 1)
    w(f"for s in range(start, {N + 1}):", 1)
    w("if ME[s] - FR[s] <= 0:", 2)
    w("continue", 3)
    w("t = s + n", 2)
    w(f"if t <= {N}:", 2)
    w(f"if OP[t] < {r.block}:", 3)
    _add(w, "s", "t", 4)
    w("continue", 3)
    w("if may < 0:", 2)
    w("may = 1", 3)
    w(f"for u in range({HOME}):", 3)
    w("if ME[u]:", 4)
    w("may = 0", 5)
    if OUT >= 0:
        w(f"if ME[{OUT}]:", 3)
        w("may = 0", 4)
    w("if not may:", 2)
    w("break", 3)
    w("ok = 1", 2)
    w(f"if t > {N + 1}:", 2)
    w("for u in range(s):", 3)
    w("if ME[u]:", 4)
    w("ok = 0", 5)
    w("break", 5)
    w("if ok:", 2)
    w("OF[base + c] = s", 3)
    w(f"OT[base + c] = {N + 1}", 3)
    w("c += 1", 3)
    w("return c", 1)
    w("")


def _steps_on_counts(w: Writer, r: Race, top: int) -> None:
    """``step`` and ``unstep`` on the counts (a hit kept in the key), and ``too_many``: a count the
    keys cannot hold."""
    N, L = r.N, len(r.squares) // 3
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


def _one_die(w: Writer, r: Race) -> None:
    """``turns(p, out)`` with one die: a turn is one step (or none), as the engine lists them, then
    narrowed by the preferences in order (each keeps the turns it holds after, where any does)."""
    N = r.N
    w.func("onestep", [("int", "n")], "int")  # the steps of the number n (OF, OT from 0)
    w.local("int c, s, t, base")
    w("c = 0", 1)
    w("base = 0", 1)
    room = f" and ME[t] < {r.capacity}" if r.capacity else ""
    w("if ME[0]:", 1)
    w(f"t = {r.enter_at}" if r.enter_at else "t = n", 2)
    may = f"({r.enter_on} >> n) & 1 and " if r.enter_on else ""
    w(f"if {may}OP[t] < {r.block}{room}:", 2)
    _add(w, "0", "t", 3)
    if r.bar_first:
        w("return c", 2)
    w(f"for s in range(1, {N} - n + 1):", 1)
    w("t = s + n", 2)
    w(f"if ME[s] and OP[t] < {r.block}{room}:", 2)
    _add(w, "s", "t", 3)
    w("return c", 1)
    w("")
    for j, cond in enumerate(r.prefer):
        w.func(f"pref{j}", [("int", "mover")], "bint")
        w(f"return {cond}", 1)
        w("")
    w.func("turns", [("int", "p"), ("long long*", "out")], "int", inline=False)
    w.local("int c, e, k, x, kept, code, info")
    w.local("long long mv")
    w("fill(p)", 1)
    w("c = onestep(DI[0])", 1)
    w("for e in range(c):", 1)
    w("out[e] = ((OF[e] * 64 + OT[e]) << 3) + 1", 2)
    w("k = c", 1)
    for j, _ in enumerate(r.prefer):
        w("if k > 1:", 1)
        w("kept = 0", 2)
        w("for e in range(k):", 2)
        w("mv = out[e]", 3)
        w("code = <int>((mv >> 3) & 4095)" if w.typed else "code = (mv >> 3) & 4095", 3)
        w(f"MV[0] = code >> 6 if (code >> 6) <= {N} else 0", 3)
        w(f"MV[1] = code & 63 if (code & 63) <= {N} else 0", 3)
        w("info = make(mv, p)", 3)
        w(f"PF[e] = 1 if pref{j}(p) else 0", 3)
        w("unmake(mv, p, info)", 3)
        w("kept += PF[e]", 3)
        w("if kept:", 2)
        w("x = 0", 3)
        w("for e in range(k):", 3)
        w("if PF[e]:", 4)
        w("out[x] = out[e]", 5)
        w("x += 1", 5)
        w("k = x", 3)
    w("if k == 0:", 1)  # no step: the turn is played without one
    w("out[0] = 0", 2)
    w("k = 1", 2)
    w("return k", 1)
    w("")


def _turns(w: Writer, r: Race, K: int) -> None:
    """``turns(p, out)``: the distinct results of the roll ``DI`` for ``p``, as the engine lists
    them; for turns other than the simple ones the engine lists them (``OVER`` is set)."""
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
    if not r.simple:  # these turns are listed by the engine
        w("OVER[0] = 1", 1)
        w("return 0", 1)
        w("")
        return
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


def _deeper(w: Writer, stays: int, indent: int) -> None:
    """The step ``f`` -> ``t`` played on the counts, the ways beyond it walked (a checker that
    entered from ``stays`` may not go on this turn), the step taken back."""
    w("h = step(f, t)", indent)
    w(f"if f == {stays}:", indent)
    w("FR[t] += 1", indent + 1)
    w("prec(i + 1, pl)", indent)
    w(f"if f == {stays}:", indent)
    w("FR[t] -= 1", indent + 1)
    w("unstep(f, t, h)", indent)


def _steps(w: Writer, r: Race) -> None:
    """The step view: ``walk(p)`` ranks the next steps after the steps chosen (``FC``, ``V[0]`` of
    them), as the engine's step view does (``fill`` and ``setplan`` done); ``nexts(p)`` lists
    those of the best rank; ``step_turn(p)`` draws a turn one step at a time among them."""
    # V: 0 NF (steps chosen), 1 CN (next steps seen), 2 the rank of stopping, 3 settled, 4 the
    # step being looked beyond, 5 the best rank there is, 6 numbers required, 7 the higher preferred
    stays = r.out if (r.out >= 0 and not r.out_continue) else -2  # where an entering checker stops
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
    w.func("prec", [("int", "i"), ("int", "pl")], "void", inline=False)
    w.local("int n, c, e, f, t, h, code, found, first")
    w("first = PLANS[pl]", 1)
    w("if i == RP[1]:", 1)
    w("pleaf(i, i, first)", 2)
    w("return", 2)
    w("if i >= RP[2]:", 1)  # the numbers left are optional: the turn may end here
    w("pleaf(i, i, first)", 2)
    w("if V[3] and i > V[0]:", 2)
    w("return", 3)
    w("n = PLANS[pl + i]", 1)
    w("c = opts(i, n, 0)", 1)
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
    _deeper(w, stays, 2)
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
    _deeper(w, stays, 2)
    w("if V[3]:", 2)  # a way beyond this step reached the best rank: enough
    w("if i > V[0]:", 3)
    w("return", 4)
    w("V[3] = 0", 3)
    w("if c == 0 and i < RP[2]:", 1)
    w("pleaf(i, i, first)", 2)
    w("")
    w.func("walk", [("int", "p")], "void", inline=False)
    w.local("int j, plen")
    w("for j in range(V[1]):", 1)
    w("RK[CL[j]] = -2", 2)
    w("V[1] = 0", 1)
    w("V[2] = -1", 1)
    w("V[3] = 0", 1)
    w("plen = RP[1]", 1)
    w("V[6] = RP[2]", 1)
    w("V[5] = 2 * (RP[2] if RP[2] < plen else plen) + 1", 1)
    w(f"V[7] = {1 if r.prefer_high else 0} if DI[0] != DI[1] else 0", 1)
    w("prec(0, 0)", 1)
    w("if RP[0] == 2:", 1)
    w("prec(0, 8)", 2)
    w("")
    # the next steps after the steps chosen (``FC``, ``V[0]`` of them), those of the best rank, into
    # ``NX``, and -1 where the turn may end here; how many (0: the turn is over)
    w.func("nexts", [("int", "p")], "int", inline=False)
    w.local("int j, best, c")
    w("fill(p)", 1)
    w("setplan(p)", 1)
    w("if V[0] >= RP[1]:", 1)
    w("return 0", 2)
    w("walk(p)", 1)
    w("best = V[2]", 1)
    w("for j in range(V[1]):", 1)
    w("if RK[CL[j]] > best:", 2)
    w("best = RK[CL[j]]", 3)
    w("c = 0", 1)
    w("for j in range(V[1]):", 1)
    w("if RK[CL[j]] == best:", 2)
    w("NX[c] = CL[j]", 3)
    w("c += 1", 3)
    w("if c and V[2] == best:", 1)
    w("NX[c] = -1", 2)
    w("c += 1", 2)
    w("return c", 1)
    w("")
    w.func("step_turn", [("int", "p")], "void", inline=False)  # each step drawn among the next ones
    w.local("int c, pick")
    w("V[0] = 0", 1)
    w("while True:", 1)
    w("c = nexts(p)", 2)
    w("if c == 0:", 2)
    w("break", 3)
    w("pick = rnd(c)", 2)
    w("if NX[pick] < 0:", 2)  # stopping here
    w("break", 3)
    w("FC[V[0]] = NX[pick]", 2)
    w("V[0] += 1", 2)
    w("")


def _play(w: Writer, r: Race) -> None:
    """``make(mv, p)`` plays a turn on the counts (which steps hit, as bits, returned) and
    ``unmake`` takes it back; ``make_fc(p)`` plays the steps chosen in the step view."""
    N, L = r.N, len(r.squares) // 3
    w.func("one", [("int", "p"), ("int", "f"), ("int", "t")], "int")  # one step; 1 if it hit
    w.local("int q, u, hit")
    w("q = 3 - p", 1)
    w("hit = 0", 1)
    w(f"C[p * {L} + f] -= 1", 1)
    w(f"if t <= {N}:", 1)
    w(f"u = MIR[p * {L} + t]", 2)
    w(f"if C[q * {L} + u] == 1:", 2)
    w(f"C[q * {L} + u] = 0", 3)
    w(f"C[q * {L}] += 1", 3)
    w("hit = 1", 3)
    w(f"C[p * {L} + t] += 1", 1)
    w("return hit", 1)
    w("")
    w.func("make", [("long long", "mv"), ("int", "p")], "int")
    w.local("int n, j, info, code")
    w("n = <int>(mv & 7)" if w.typed else "n = mv & 7", 1)
    w("info = 0", 1)
    w("for j in range(n):", 1)
    w("code = <int>((mv >> (3 + 12 * j)) & 4095)" if w.typed else "code = (mv >> (3 + 12 * j)) & 4095", 2)
    w("if one(p, code >> 6, code & 63):", 2)
    w("info |= 1 << j", 3)
    if r.count_doubles:
        w("if DI[0] == DI[1]:", 1)
        w("TLY[p] += 1", 2)
    w("return info", 1)
    w("")
    w.func("make_fc", [("int", "p")], "void")
    w.local("int j")
    w("for j in range(V[0]):", 1)
    w("one(p, FC[j] >> 6, FC[j] & 63)", 2)
    if r.count_doubles:
        w("if DI[0] == DI[1]:", 1)
        w("TLY[p] += 1", 2)
    w("")
    w.func("unmake", [("long long", "mv"), ("int", "p"), ("int", "info")], "void")
    w.local("int n, j, f, t, q, code")
    w("q = 3 - p", 1)
    if r.count_doubles:
        w("if DI[0] == DI[1]:", 1)
        w("TLY[p] -= 1", 2)
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


def _race_entries(w: Writer, r: Race) -> None:
    """What Python calls: ``load``, ``dice``, ``moves``, ``steps``, ``perft``, ``play``,
    ``end_after``, ``playouts``."""
    L = len(r.squares) // 3
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
    w("def dice(a, b, opening, one=0, two=0):")
    w('"""The dice of the turn (0, 0: to be rolled), whether the opening roll is to come, and each', 1)
    w('player\'s doubles so far."""', 1)
    w("DI[0] = a", 1)
    w("DI[1] = b", 1)
    w("OPN[0] = 1 if opening else 0", 1)
    w("TLY[1] = one", 1)
    w("TLY[2] = two", 1)
    w("")
    _race_chance(w, r)
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
    w.local("int j, c")
    w("V[0] = len(done)", 1)
    w("for j in range(V[0]):", 1)
    w("FC[j] = done[j]", 2)
    w("c = nexts(p)", 1)
    w("return [NX[j] for j in range(c)]", 1)
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
    _race_playouts(w, r)


def _race_chance(w: Writer, r: Race) -> None:
    """``again_(mover)``, ``roll(p)`` (chance: the dice of a turn) and ``perft_`` (every roll
    expanded)."""
    F = r.faces
    # read after a turn, before its dice are put away: the same player rolls again (a double, or
    # the block's `again`)
    w.func("again_", [("int", "mover")], "int")
    w(f"return 1 if ({r.again if r.again is not None else 'DI[0] == DI[1]' if r.roll_again else '0'}) else 0", 1)
    w("")
    w.func("roll", [("int", "p")], "int")  # chance: the dice of a turn (the opening roll: who starts)
    w.local("int a, b")
    if r.fresh_opening:
        w("if OPN[0]:", 1)  # the opening decides who starts; he rolls afresh
        w("p = 1 + rnd(2)", 2)
        w("OPN[0] = 0", 2)
    if r.one_die:
        w(f"DI[0] = 1 + rnd({F})", 1)
        w("DI[1] = 0", 1)
        w("return p", 1)
        w("")
    w(f"a = 1 + rnd({F})", 1)
    w(f"b = 1 + rnd({F})", 1)
    if not r.fresh_opening:
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
    w.local("int k, i, cap, a, b, hi, lo, twice")
    w.local("long long total")
    w("total = 0", 1)
    w("if DI[0] == 0:", 1)
    w("if OPN[0]:", 2)
    w("OPN[0] = 0", 3)
    if r.fresh_opening:
        w("total = perft_(1, depth) + perft_(2, depth)", 3)
    else:
        w(f"for a in range(1, {F + 1}):", 3)
        w(f"for b in range(1, {F + 1}):", 4)
        w("if a != b:", 5)
        w("DI[0] = a if a > b else b", 6)
        w("DI[1] = b if a > b else a", 6)
        w("total += perft_(1 if a > b else 2, depth)", 6)
    w("OPN[0] = 1", 3)
    w("else:", 2)
    if r.one_die:
        w(f"for hi in range({F}, 0, -1):", 3)
        w("DI[0] = hi", 4)
        w("DI[1] = 0", 4)
        w("total += perft_(p, depth)", 4)
    else:
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
    w("twice = again_(p)", 3)
    w("DI[0] = DI[1] = 0", 3)
    w("total += perft_(p if twice else 3 - p, depth - 1)", 3)
    w("DI[0] = a", 3)
    w("DI[1] = b", 3)
    w("unmake(mv, p, cap)", 2)
    w("return total", 1)
    w("")


def _race_playouts(w: Writer, r: Race) -> None:
    """``playouts``: random games, each turn drawn among its results or step by step."""
    w("def playouts(stacks, reserves, counters, p0, ply0, games, seed, max_plies, d0=0, d1=0, opening=0, "
      "by_step=0, one=0, two=0):")
    w('"""Random games from a position (dice ``d0``, ``d1``; 0: to be rolled; the players\' doubles so', 1)
    w('far ``one`` and ``two``): per game the end rule (-2 unfinished), the last player to move, the', 1)
    w('turns played, the winner, the value and the two scores; one flat list. Each turn is drawn', 1)
    w('among its results, or step by step."""', 1)
    w.local(f"long long buf[{RESULTS}]" if w.typed else "int unused")
    w.local("long long mv")
    w.local("int g, k, p, rule, plies, limit, e, steps, twice")
    w("global rs", 1)
    if not w.typed:
        w(f"buf = [0] * {RESULTS}", 1)
    w("results = []", 1)
    w.both("rs = (<unsigned long long>seed * 2 + 1) ^ 0x9E3779B97F4A7C15ULL",
           "rs = ((seed * 2 + 1) ^ 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF", 1)
    w("limit = max_plies", 1)
    w("steps = 0" if r.one_die else "steps = 1 if by_step else 0", 1)  # one die: a turn is one step
    w("for g in range(games):", 1)
    w("load(stacks, reserves, counters)", 2)
    w("if OVER[0]:", 2)
    w("raise OverflowError('a position the kernel cannot hold')", 3)
    w("dice(d0, d1, opening, one, two)", 2)
    w("p = p0", 2)
    w("plies = 0", 2)
    w("rule = -2", 2)
    w("OUT[0] = OUT[1] = OUT[2] = OUT[3] = 0", 2)
    w("while plies < limit:", 2)
    w("if DI[0] == 0:", 3)
    w("p = roll(p)", 4)
    w("if steps:", 3)
    w("step_turn(p)", 4)
    w("make_fc(p)", 4)
    w("else:", 3)
    w("k = turns(p, buf)", 4)
    w("if OVER[0]:", 4)
    w("raise OverflowError('a roll with more results than the kernel lists')", 5)
    w("mv = buf[rnd(k)]", 4)
    w("make(mv, p)", 4)
    w("twice = again_(p)", 3)
    w("DI[0] = DI[1] = 0", 3)
    w("plies += 1", 3)
    w("PLY[0] = ply0 + plies", 3)
    w("e = ended(p)", 3)
    w("if e >= 0:", 3)
    w("rule = e", 4)
    w("decide(rule, p)", 4)
    w("break", 4)
    w("if not twice:", 3)
    w("p = 3 - p", 4)
    w("results.extend((rule, p, plies, OUT[0], OUT[1], OUT[2], OUT[3]))", 2)
    w("return results", 1)
