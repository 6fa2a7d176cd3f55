"""The source of a game's kernel: its plan written out as one module of flat integer arrays and
loops, with the moves as ints.

:func:`source` writes a :class:`~.plan.Plan` out twice from one template: as plain Python (the
kernel every install can run) and as typed Cython (``typed=True``, built where a C compiler is
present). Every line of the template is either common to both or marked for one of them, so the two
are the same program. This module writes what every kernel has (the board, the counters the
predicates keep, the dispatch of a move to its block, the end rules, the entry points); each
block's own lines come from its module in :mod:`.parts`.

Nothing of the game file reaches the text but integers: the tables, the conditions (written from
their syntax tree by :mod:`.conditions`, whose names are looked up, never copied) and the counts.
"""

from __future__ import annotations

from . import growing, stepping
from .parts import PARTS, jump, place, then
from .model import TEMPLATE, Layers, NotKernel, Plan, flatten
from .plan import plan
from .ends import write_ends
from .writer import Writer

__all__ = ["NotKernel", "Plan", "plan", "source", "HISTORY"]

#: the most boards a kernel's history holds (the loaded position's and those played since)
HISTORY = 16384


def source(p: Plan, typed: bool) -> str:
    """The kernel module of plan ``p``: typed Cython, or plain Python."""
    if p.race is not None:
        from .race import race_source
        return race_source(p, typed)
    w = Writer(typed)
    n = p.squares
    r = max(1, p.reserves)
    bound = p.bound
    hh = max(1, p.height)
    # the stack of what moves take back needs: removed pieces, counters' old values
    undo = 64 * (n * (hh + 2) + 4 * len(p.counters) + 16)
    w.head("the kernel of one game", TEMPLATE, wide=bool(p.zobrist))
    w(f"BOUND = {bound}")
    w(f"SLOT = {p.slot}")
    w("PATTERNS = (" + "".join("(" + "".join(f"{d}, " for d in drops) + "), " for drops in p.patterns) + ")")
    # the same, as C arrays: each pattern's length and parts (``width`` a pattern)
    width = max((len(x) for x in p.patterns), default=1)
    w.table("PATLEN", [len(x) for x in p.patterns])
    w.table("PATS", [x[j] if j < len(x) else 0 for x in p.patterns for j in range(width)])
    w.table("CODE_RES", p.code_reserve)
    w.table("OWNER", p.code_owner)
    w.table("ENEMY", p.enemy)
    for name, values in sorted(p.extra.items()):
        w.table(name, values)
    w.array("b", n)  # per square its top: 0 empty, else the code of the top piece + 1
    w.array("RES", 3 * r)
    w.array("S", 1)  # S[0]: the playable squares taken
    w.array("TC", p.codes)  # per code, the squares it tops
    w.array("OUT", 4)  # what ``decide`` found: the winner (0 a draw), the value, the two scores
    w.array("CNT", max(1, len(p.counters)))  # the counters, slot by slot
    w.array("U", undo)
    w.array("UP", 1)
    w.array("JX", n)  # squares jumped in the chain being listed
    w.array("JU", hh)  # the jumper lifted while its chains are listed
    w.array("OWN", n)  # the mover's squares, while a jump block lists its chains
    w.array("LV", n)  # squares a chain being listed has landed on
    w.array("FL", 1)  # the pieces the move just made flipped (``move_flips``)
    w.array("FP", 1)  # the pieces the move's effects put down (``move_placed``)
    w.array("LTF", 2)  # while a turn's next part is listed: the squares of the part before (to, from)
    w.array("OVER", 1)  # 1 once a position had more moves than a list of moves holds
    w.array("PLY", 1)  # the ply of the position the end rules read
    # a search's nodes so far, the most it may visit (0: no limit), 1 once it stopped there, the
    # value of having no move for players 1 and 2 (:func:`_search`)
    w.both("cdef long long SRCH[5]", "SRCH = [0] * 5")
    w.array("PO", 2)  # a random game's last player to move (or the one without a move) and its plies
    if p.dice:
        w.array("DIE", 1)  # the number rolled for the move to make (0: not rolled yet)
        w.array("FIRST", 1)  # the number rolled in the loaded position (random games play it first)
    if p.zobrist:  # the board's hash (HB) and the hashes of the boards so far, the last the current one
        w.table64("ZOB", p.zobrist)
        w.both("cdef unsigned long long HB = 0", "HB = 0")
        w.both(f"cdef unsigned long long HIST[{HISTORY}]", f"HIST = [0] * {HISTORY}")
        w.array("NH", 1)
    if p.repetition:  # the positions' hashes so far (the engine's), each as often as it came
        w.table64("TURNK", p.turn_keys)
        w.both("cdef unsigned long long OFFC = 0", "OFFC = 0")
        w.both(f"cdef unsigned long long RH[{HISTORY}]", f"RH = [0] * {HISTORY}")
        w.array("NRH", 1)
    if any(b.kind == "sow" for b in p.blocks):  # a sowing: the squares it passes, the pieces lifted
        w.array("SKP", n)
        w.array("SWB", max(1, p.height) * 2)
    if any("rg_near" in b.tables or "fill_squares" in b.tables or b.sweep is not None for b in p.blocks):
        w.array("RM", n)  # the squares a `remove_groups` empties, or a `fill` fills
    for i, blk in enumerate(p.blocks):
        if place.narrow(p, i):  # the groups a placement's `remove_groups` starts from; whether all breathed
            w.array("RGQ", n + 1)
            w.array(f"RGS{i}", 1)
    if p.around is not None:  # ``surrounded``: per square the squares around it (-1: none)
        starts, flat = flatten([x or [] for x in p.around])
        w.table("SRS", starts)
        w.table("SR", flat)
        w.table("SRK", [0 if x is None else 1 for x in p.around])
    if p.near is not None:  # neighbours as groups count them
        starts, flat = flatten(p.near)
        w.table("GNS", starts)
        w.table("GN", flat)
    if p.lift:  # stacks lifted while a region turns: their pieces, bottom first, and their heights
        w.array("LB", p.lift * max(1, p.height))
        w.array("LH", p.lift)
    if p.stacking:
        w.array("H", n)  # per square the height of its stack, and the stack, bottom first
        w.array("SK", n * p.height)
    # per owner (0 neutral, 1, 2) the squares his pieces top, PL[q * N + i] for i < PN[q], and per
    # square its place in its owner's list
    w.array("PL", 3 * n)
    w.array("PN", 3)
    w.array("PI", n)
    for k, row in enumerate(p.rows):
        starts, flat = flatten(row.through)
        w.table(f"RT{k}S", starts)
        w.table(f"RT{k}", flat)
        if not w.typed:  # plain Python: per owner and square the counters of his rows through it
            nr = len(row.rows)
            lists = [[q * nr + r for r in flat[starts[sq]:starts[sq + 1]]] for q in range(3) for sq in range(n)]
            w.rows(f"RT{k}L", *flatten(lists))
        w.table(f"RP{k}", row.player_of)
        w.array(f"RN{k}", 3 * len(row.rows))
        w.array(f"RF{k}", 3)
    for k, reach in enumerate(p.reaches):
        w.table(f"CP{k}", reach.player_of)
        w.array(f"RC{k}", 3)
    for k, (player_of, squares) in enumerate(p.holds):
        w.table(f"HP{k}", player_of)
        w.table(f"HN{k}", squares)
        w.array(f"HC{k}", 3)
    for k, link in enumerate(p.links):
        starts, flat = flatten(link.near)
        w.table(f"LN{k}S", starts)
        w.table(f"LN{k}", flat)
        w.table(f"LK{k}", link.ok)
        w.table(f"LR{k}", link.regions)
        if link.gates is not None:  # per neighbour the site its link stands on; per player his link
            w.table(f"LG{k}", [g for row in link.gates for g in row])
            w.table(f"LL{k}", link.links or [0, 0, 0])
    for k, layers in _counted_layers(p):  # per player and pair, the pieces on each layer
        w.table(f"LY{k}", layers.layer)
        w.table(f"LYN{k}", layers.need)
        w.table(f"LYQ{k}", layers.linker)
        w.array(f"LYC{k}", 3 * layers.pairs * (n + 1))
        w.array(f"LYF{k}", 3 * layers.pairs)
    for k, (near, border) in enumerate(p.encloses):
        starts, flat = flatten(near)
        w.table(f"EN{k}S", starts)
        w.table(f"EN{k}", flat)
        w.table(f"EB{k}", border)
    w.table("PLAYABLE", [p.full >> s & 1 for s in range(n)])
    for k, near in enumerate(p.groupings):
        starts, flat = flatten(near)
        w.table(f"GR{k}S", starts)
        w.table(f"GR{k}", flat)
    growing.tables(w, p)
    if p.links or p.encloses or p.groupings or p.near is not None or any("rg_near" in b.tables for b in p.blocks):
        w.array("VIS", n)  # the squares a flood reached, by the number of the flood
        w.array("STK", n)
        w.array("MARK", 1)
    for i, blk in enumerate(p.blocks):
        for name, values in blk.tables.items():
            if name != "room":  # read when the plan is made, not while playing
                w.table(f"B{i}_{name}", values)
        rows = getattr(PARTS[blk.kind], "plain_tables", None)
        if rows is not None and not w.typed:  # a part's tables shaped for plain Python's loops
            rows(w, p, i)
    w.both("cdef unsigned long long rs = 1", "rs = 1")
    w("")
    _helpers(w, p)
    _changes(w, p)
    _moves_of_blocks(w, p)
    if any(blk.again is not None for blk in p.blocks):
        _again(w, p)
    _generate(w, p)
    write_ends(w, p)
    _entries(w, p, bound)
    return "\n".join(w.lines) + "\n"


def _helpers(w: Writer, p: Plan) -> None:
    """The functions the blocks and the conditions read: squares and owners, the floods and the
    earlier positions they ask about, the blocks' conditions, the generator."""
    n = p.squares
    w.func("sq_at", [("int", "s")], "int")
    w(f"return s if s >= 0 else {n - 1}", 1)
    w.func("height_at", [("int", "s")], "int")
    if p.stacking:
        w("return H[s] if s >= 0 else 0", 1)
    else:
        w("return 1 if s >= 0 and b[s] != 0 else 0", 1)
    w.func("owner_at", [("int", "s")], "int")
    w("if s < 0 or b[s] == 0:", 1)
    w("return 0", 2)
    w("return OWNER[b[s] - 1]", 1)
    if "T_value" in p.extra:  # ``value`` and ``worth``: the values of the kinds
        w.func("value_at", [("int", "s")], "int")
        w("return T_value[b[s] - 1] if s >= 0 and b[s] else 0", 1)
        w.func("worth_of", [("int", "q"), ("int", "lo"), ("int", "hi")], "int")
        w.local("int c, cnt")
        w("cnt = 0", 1)
        w(f"for c in range({p.codes}):", 1)
        w("if OWNER[c] == q and lo <= T_value[c] <= hi:", 2)
        w("cnt += TC[c]", 3)
        w("return cnt", 1)
    w.func("off_at", [("int*", "table"), ("int", "s")], "int")
    w("return table[s] if s >= 0 else -1", 1)
    if p.grid is not None:  # ``offset`` by numbers known only in play: files and ranks on the grid
        width, height = p.grid
        w.func("off_rt", [("int", "s"), ("int", "df"), ("int", "dr")], "int")
        w.local("int f, r")
        w("if s < 0:", 1)
        w("return -1", 2)
        w(f"f = s % {width} + df", 1)
        w(f"r = s // {width} + dr", 1)
        w(f"if f < 0 or f >= {width} or r < 0 or r >= {height} or not PLAYABLE[r * {width} + f]:", 1)
        w("return -1", 2)
        w(f"return r * {width} + f", 1)
    w.func("bits", [("int", "x")], "int")
    w.local("int c")
    w("c = 0", 1)
    w("while x:", 1)
    w("x &= x - 1", 2)
    w("c += 1", 2)
    w("return c", 1)
    _links_and_enclosures(w, p)
    _earlier_positions(w, p)
    if p.near is not None:
        _group_questions(w, p)
    _piece_questions(w, p)
    _block_conditions(w, p)
    w.rnd()


def _counted_layers(p: Plan) -> list[tuple[int, Layers]]:
    """The ``connection`` questions whose layers are counted as tops change (see
    :class:`.model.Layers`): those that have them and are not kept whole as pieces come."""
    kept = growing.kept_links(p)
    return [(k, link.layers) for k, link in enumerate(p.links) if link.layers is not None and k not in kept]


def _links_and_enclosures(w: Writer, p: Plan) -> None:
    """``linked{k}(q)``: whether q's groups link a `connection`'s regions; ``enclosed{k}(q)``."""
    n = p.squares
    nc1 = p.codes + 1
    growing.functions(w, p)
    kept_links, kept_enclosures = growing.kept_links(p), growing.kept_enclosures(p)
    for k, link in enumerate(p.links):
        if k in kept_links:  # kept as pieces come
            w.func(f"linked{k}", [("int", "q")], "bint")
            w(f"return US{k}[q] > 0", 1)
            w("")
            continue
        # the player's groups, each flooded once; a group touching enough regions of an item links
        w.func(f"linked{k}", [("int", "q")], "bint")
        w.local("int i, s, t, u, e, top, mark, touched, c")
        if link.layers is not None:  # no chain while a layer has none of his links
            pairs = link.layers.pairs
            complete = " or ".join(f"LYF{k}[q * {pairs} + {j}] == LYN{k}[q * {pairs} + {j}]" for j in range(pairs))
            w(f"if not ({complete}):", 1)
            w("return 0", 2)
        w.flood_start(n)
        w("for i in range(PN[q]):", 1)
        w(f"s = PL[q * {n} + i]", 2)
        w(f"if VIS[s] == mark or not LK{k}[q * {nc1} + b[s]]:", 2)
        w("continue", 3)
        w("VIS[s] = mark", 2)
        w("STK[0] = s", 2)
        w("top = 1", 2)
        w("touched = 0", 2)
        gate = f" and b[LG{k}[e]] == LL{k}[q]" if link.gates is not None else ""
        w.flood(f"LN{k}S", f"LN{k}", f"c and VIS[u] != mark and LK{k}[q * {nc1} + c]{gate}", 2,
                f"touched |= LR{k}[q * {n} + t]")
        for mask, need in link.items:
            w(f"if bits(touched & {mask}) >= {need}:", 2)
            w("return 1", 3)
        w("return 0", 1)
        w("")
    for k, _ in enumerate(p.encloses):
        if k in kept_enclosures:
            w.func(f"enclosed{k}", [("int", "q")], "int")
            w(f"return EC{k}[q]", 1)
            w("")
            continue
        # ``enclosed(q)``: flood the squares not q's from the border; count those never reached,
        # and q's pieces off the border with no reached neighbour
        w.func(f"enclosed{k}", [("int", "q")], "int")
        w.local("int i, s, t, u, e, top, mark, c, cnt, seen")
        growing.border_flood(w, n, k)
        w("cnt = 0", 1)
        w(f"for s in range({n}):", 1)
        w("if not PLAYABLE[s]:", 2)
        w("continue", 3)
        w("c = b[s]", 2)
        w("if c == 0 or OWNER[c - 1] != q:", 2)
        w("if VIS[s] != mark:", 3)
        w("cnt += 1", 4)
        w(f"elif not EB{k}[s]:", 2)
        w("seen = 0", 3)
        w(f"for e in range(EN{k}S[s], EN{k}S[s + 1]):", 3)
        w(f"if VIS[EN{k}[e]] == mark:", 4)
        w("seen = 1", 5)
        w("break", 5)
        w("if not seen:", 3)
        w("cnt += 1", 4)
        w("return cnt", 1)
        w("")


def _earlier_positions(w: Writer, p: Plan) -> None:
    """``reps()``: how often the position has come; ``repeats()`` and ``was(n)``: earlier boards."""
    def count_last(name: str, hashes: str, count: str, upto: str) -> None:
        """``name()``: the first ``upto`` of the ``count`` hashes that equal the last one."""
        w.func(name, [], "int")
        w.local("int i, c")
        w("c = 0", 1)
        w(f"for i in range({upto}):", 1)
        w(f"if {hashes}[i] == {hashes}[{count} - 1]:", 2)
        w("c += 1", 3)
        w("return c", 1)
        w("")
    if p.repetition:
        count_last("reps", "RH", "NRH[0]", "NRH[0]")  # how often the position now has come
    if p.zobrist:
        count_last("repeats", "HIST", "NH[0]", "NH[0] - 1")  # ``board_repeats``: the earlier boards that are this one
        w.func("was", [("int", "back")], "int")  # ``board_was(n)``: the board of n plies before is this one
        w("if back <= 0 or back >= NH[0]:", 1)
        w("return 0", 2)
        w("return 1 if HIST[NH[0] - 1 - back] == HIST[NH[0] - 1] else 0", 1)
        w("")


def _piece_questions(w: Writer, p: Plan) -> None:
    """``surr``, ``groups{k}``, ``forms{k}``, ``in_region`` and ``total_of``: questions about the
    pieces on squares and regions."""
    n = p.squares
    if p.around is not None:
        w.func("surr", [("int", "s")], "bint")  # every square around ``s`` holds a piece
        w.local("int e")
        w(f"if s < 0 or s >= {n} or not SRK[s]:", 1)
        w("return 0", 2)
        w("for e in range(SRS[s], SRS[s + 1]):", 1)
        w("if b[SR[e]] == 0:", 2)
        w("return 0", 3)
        w("return 1", 1)
        w("")
    for k, _ in enumerate(p.groupings):
        # ``groups(q)``: q's pieces joined through neighbours, each group flooded once
        w.func(f"groups{k}", [("int", "q")], "int")
        w.local("int i, s, t, u, e, top, mark, c, cnt")
        w.flood_start(n)
        w("cnt = 0", 1)
        w("for i in range(PN[q]):", 1)
        w(f"s = PL[q * {n} + i]", 2)
        w("if VIS[s] == mark:", 2)
        w("continue", 3)
        w("cnt += 1", 2)
        w("VIS[s] = mark", 2)
        w("STK[0] = s", 2)
        w("top = 1", 2)
        w.flood(f"GR{k}S", f"GR{k}", "c and VIS[u] != mark and OWNER[c - 1] == q", 2)
        w("return cnt", 1)
        w("")
    for k, row in enumerate(p.rows):
        # ``forms(row, s)``: the piece on s stands in a row of its owner's
        w.func(f"forms{k}", [("int", "s")], "bint")
        w.local("int q, i")
        w(f"if s < 0 or s >= {n} or b[s] == 0:", 1)
        w("return 0", 2)
        w(f"q = RP{k}[b[s] - 1]", 1)
        w("if q == 0:", 1)
        w("return 0", 2)
        w(f"for i in range(RT{k}S[s], RT{k}S[s + 1]):", 1)
        w(f"if RN{k}[q * {len(row.rows)} + RT{k}[i]] == {row.length}:", 2)
        w("return 1", 3)
        w("return 0", 1)
        w("")
    # ``square_of``: the lowest square topped by a piece of ``q``'s whose code the table marks (-1: none)
    w.func("sq_of", [("int", "q"), ("int*", "table")], "int")
    w.local("int i, s, low")
    w("low = -1", 1)
    w("for i in range(PN[q]):", 1)
    w(f"s = PL[q * {n} + i]", 2)
    w("if table[b[s] - 1] and (low < 0 or s < low):", 2)
    w("low = s", 3)
    w("return low", 1)
    w("")
    w.func("in_region", [("int*", "table"), ("int", "base"), ("int", "s")], "int")  # ``inside``
    w(f"return table[base + s] if 0 <= s < {n} else 0", 1)
    w("")
    w.func("total_of", [("int*", "table"), ("int", "base")], "int")  # ``total``: the pieces on a region
    w.local("int s, c")
    w("c = 0", 1)
    w(f"for s in range({n}):", 1)
    w("if table[base + s]:", 2)
    w("c += height_of(s)", 3)
    w("return c", 1)
    w("")


#: the arguments of a block's condition functions: the mover, the move's (or the part before's)
#: squares, the square looked at
_ON_SQUARE = ("mover", "to_", "frm_", "sq_")


def _condition(w: Writer, name: str, code: str, args: tuple[str, ...], ret: str = "bint") -> None:
    """A function ``name`` that returns the condition ``code``, reading ``args``; of ``mover``,
    ``to_`` and ``frm_`` those it is not given are -1 (none)."""
    w.func(name, [("int", a) for a in args], ret)
    unset = [a for a in ("to_", "frm_") if a not in args]
    if unset:
        w.local("int " + ", ".join(unset))
        for a in unset:
            w(f"{a} = -1", 1)
    w(f"return {code}", 1)
    w("")


def _block_conditions(w: Writer, p: Plan) -> None:
    """The functions of the blocks' conditions: a `take`'s squares (which may be taken, which only
    when all are so), the phase's `when` for a block, the squares a `sweep` goes on over, what
    keeps an effect, the squares a `sow` passes, where a `fill` puts a piece."""
    for i, blk in enumerate(p.blocks):
        for key, fn in (("take_where", "takew"), ("take_avoid", "takea")):
            code = getattr(blk, key)
            if code is not None:
                _condition(w, f"{fn}{i}", code, _ON_SQUARE)
        if blk.when is not None:
            _condition(w, f"when{i}", blk.when, ("mover",))
        if blk.sweep is not None:
            _condition(w, f"sweeps{i}", blk.sweep[2], _ON_SQUARE)
        if blk.keep is not None:
            _condition(w, f"keep{i}", blk.keep, ("mover", "to_", "frm_"))
        if blk.skip is not None:
            _condition(w, f"skip{i}", f"1 if {blk.skip} else 0", ("mover", "frm_", "sq_"), "int")
    for i, blk in enumerate(p.blocks):
        if blk.fill_where is not None:
            _condition(w, f"fillw{i}", blk.fill_where, _ON_SQUARE)


def _group_questions(w: Writer, p: Plan) -> None:
    """``libs(s)``: the empty squares next to the group on ``s`` (``liberties``); ``area(q)``: q's
    pieces and the empty regions whose neighbours hold q's pieces and no other player's;
    ``path{k}(s, mover)``: a way from ``s`` to the goal (``reachable``)."""
    n = p.squares
    for k, (goal, passes) in enumerate(p.paths):
        # the goal of the owner of the piece on s (of the mover where there is none, or it is
        # nobody's); a way through empty squares and squares topped by the codes ``passes`` marks
        w.func(f"path{k}", [("int", "s0"), ("int", "mover")], "bint")
        w.local("int i, t, u, e, top, mark, q, c")
        w("if s0 < 0:", 1)
        w("return 0", 2)
        w("q = mover", 1)
        w("if b[s0] and OWNER[b[s0] - 1]:", 1)
        w("q = OWNER[b[s0] - 1]", 2)
        w(f"if {goal}[q * {n} + s0]:", 1)
        w("return 1", 2)
        # flooded from s0 itself (not in the goal, and its neighbours are the way's first squares)
        w.flood_start(n)
        w("VIS[s0] = mark", 1)
        w("STK[0] = s0", 1)
        w("top = 1", 1)
        admits = f"VIS[u] != mark and ((c == 0 and PLAYABLE[u]) or (c != 0 and {passes}[c - 1]))"
        w.flood("GNS", "GN", admits, 1, visit=f"if {goal}[q * {n} + t]: return 1")
        w("return 0", 1)
        w("")
    w.func("libs", [("int", "s0")], "int")
    w.local("int i, t, u, e, top, mark, q, c, cnt")
    w("if s0 < 0 or b[s0] == 0:", 1)
    w("return 0", 2)
    w.flood_start(n)
    w("q = OWNER[b[s0] - 1]", 1)
    w("VIS[s0] = mark", 1)
    w("STK[0] = s0", 1)
    w("top = 1", 1)
    w("cnt = 0", 1)
    w("while top:", 1)
    w("top -= 1", 2)
    w("t = STK[top]", 2)
    w("for e in range(GNS[t], GNS[t + 1]):", 2)
    w("u = GN[e]", 3)
    w("if VIS[u] >= mark:", 3)
    w("continue", 4)
    w("c = b[u]", 3)
    w("if c == 0:", 3)
    w("if PLAYABLE[u]:", 4)  # a liberty, counted once
    w("VIS[u] = mark + 1", 5)
    w("cnt += 1", 5)
    w("elif OWNER[c - 1] == q:", 3)
    w("VIS[u] = mark", 4)
    w("STK[top] = u", 4)
    w("top += 1", 4)
    w("return cnt", 1)
    w("")
    w.func("area", [("int", "q")], "int")
    w.local("int i, s, t, u, e, top, mark, c, cnt, size, mine, theirs")
    w.flood_start(n)
    w("cnt = 0", 1)
    w(f"for s in range({n}):", 1)
    w("c = b[s]", 2)
    w("if c:", 2)
    w("if OWNER[c - 1] == q:", 3)
    w("cnt += 1", 4)
    w("continue", 3)
    w("if not PLAYABLE[s] or VIS[s] == mark:", 2)
    w("continue", 3)
    w("VIS[s] = mark", 2)  # an empty region, flooded: its size and whose pieces border it
    w("STK[0] = s", 2)
    w("top = 1", 2)
    w("size = 0", 2)
    w("mine = 0", 2)
    w("theirs = 0", 2)
    w("while top:", 2)
    w("top -= 1", 3)
    w("t = STK[top]", 3)
    w("size += 1", 3)
    w("for e in range(GNS[t], GNS[t + 1]):", 3)
    w("u = GN[e]", 4)
    w("c = b[u]", 4)
    w("if c:", 4)
    w("if OWNER[c - 1] == q:", 5)
    w("mine = 1", 6)
    w("elif OWNER[c - 1]:", 5)
    w("theirs = 1", 6)
    w("elif PLAYABLE[u] and VIS[u] != mark:", 4)
    w("VIS[u] = mark", 5)
    w("STK[top] = u", 5)
    w("top += 1", 5)
    w("if mine and not theirs:", 2)
    w("cnt += size", 3)
    w("return cnt", 1)
    w("")


def _changes(w: Writer, p: Plan) -> None:
    """``top_on`` and ``top_off``: a square's top changes, and every counter that reads it with
    it; ``push`` and ``pop`` (a piece onto or off a square, which on a board without stacks is
    the square's one piece)."""
    n = p.squares
    for name, sign in (("top_on", 1), ("top_off", -1)):
        w.func(name, [("int", "s"), ("int", "code")], "void")
        w.local("int i, q, j, c")
        if p.zobrist and not p.stacking:
            w("global HB", 1)
            w(f"HB ^= ZOB[s * {p.stride * p.codes} + code]", 1)
        w("b[s] = code + 1" if sign > 0 else "b[s] = 0", 1)
        w(f"S[0] += {sign}", 1)
        w(f"TC[code] += {sign}", 1)
        w("q = OWNER[code]", 1)
        if sign > 0:
            w("i = PN[q]", 1)
            w(f"PL[q * {n} + i] = s", 1)
            w("PI[s] = i", 1)
            w("PN[q] = i + 1", 1)
        else:
            w("i = PN[q] - 1", 1)
            w(f"j = PL[q * {n} + i]", 1)
            w(f"PL[q * {n} + PI[s]] = j", 1)
            w("PI[j] = PI[s]", 1)
            w("PN[q] = i", 1)
        if growing.keeps(p):
            w("if GROW[0]:", 1)
            w("grow_on(s, code)" if sign > 0 else "grow_off(s, code)", 2)
        for k, row in enumerate(p.rows):
            w(f"q = RP{k}[code]", 1)
            w("if q:", 1)
            if w.typed:
                w(f"for i in range(RT{k}S[s], RT{k}S[s + 1]):", 2)
                w(f"j = q * {len(row.rows)} + RT{k}[i]", 3)
            else:
                w(f"for j in RT{k}L[q * {n} + s]:", 2)
            if sign > 0:
                w(f"c = RN{k}[j] + 1", 3)
                w(f"RN{k}[j] = c", 3)
                w(f"if c == {row.length}:", 3)
                w(f"RF{k}[q] += 1", 4)
            else:
                w(f"c = RN{k}[j]", 3)
                w(f"if c == {row.length}:", 3)
                w(f"RF{k}[q] -= 1", 4)
                w(f"RN{k}[j] = c - 1", 3)
        for k, layers in _counted_layers(p):
            w(f"q = LYQ{k}[code]", 1)
            w("if q:", 1)
            w(f"for j in range(q * {layers.pairs}, q * {layers.pairs} + {layers.pairs}):", 2)
            w(f"c = LY{k}[j * {n} + s]", 3)
            w("if c:", 3)
            w(f"i = j * {n + 1} + c", 4)
            if sign > 0:
                w(f"LYC{k}[i] += 1", 4)
                w(f"if LYC{k}[i] == 1:", 4)
                w(f"LYF{k}[j] += 1", 5)
            else:
                w(f"LYC{k}[i] -= 1", 4)
                w(f"if LYC{k}[i] == 0:", 4)
                w(f"LYF{k}[j] -= 1", 5)
        for k, _ in enumerate(p.reaches):
            w(f"q = CP{k}[code * {n} + s]", 1)
            w("if q:", 1)
            w(f"RC{k}[q] += {sign}", 2)
        for k, _ in enumerate(p.holds):
            w(f"q = HP{k}[code * {n} + s]", 1)
            w("if q:", 1)
            w(f"HC{k}[q] += {sign}", 2)
        w("")
    hh = p.height
    if not p.stacking and not w.typed:  # plain Python: a piece onto a square is its new top, no call between
        w("push = top_on")
        w("")
    else:
        w.func("push", [("int", "s"), ("int", "code")], "void")
        if p.stacking and p.zobrist:
            w("global HB", 1)
            w(f"HB ^= ZOB[(s * {p.stride} + H[s]) * {p.codes} + code]", 1)
        if p.stacking:  # a piece on one of its own code leaves the top, and all that reads it, as it was
            w(f"SK[s * {hh} + H[s]] = code", 1)
            w("H[s] += 1", 1)
            w("if b[s] == code + 1:", 1)
            w("return", 2)
            w("if b[s]:", 1)
            w("top_off(s, b[s] - 1)", 2)
        w("top_on(s, code)", 1)
        w("")
    w.func("pop", [("int", "s")], "int")
    w.local("int code")
    if p.stacking:
        if p.zobrist:
            w("global HB", 1)
        w("H[s] -= 1", 1)
        w(f"code = SK[s * {hh} + H[s]]", 1)
        if p.zobrist:
            w(f"HB ^= ZOB[(s * {p.stride} + H[s]) * {p.codes} + code]", 1)
        w("if H[s]:", 1)
        w(f"if SK[s * {hh} + H[s] - 1] != code:", 2)
        w("top_off(s, code)", 3)
        w(f"top_on(s, SK[s * {hh} + H[s] - 1])", 3)
        w("else:", 1)
        w("top_off(s, code)", 2)
    else:
        w("code = b[s] - 1", 1)
        w("top_off(s, code)", 1)
    w("return code", 1)
    w("")
    w.func("height_of", [("int", "s")], "int")
    w("return H[s]" if p.stacking else "return 1 if b[s] else 0", 1)
    w("")


def _moves_of_blocks(w: Writer, p: Plan) -> None:
    """Per block ``make{i}(x, p)`` and ``unmake{i}(x, p, info)`` (``x`` the block's part of the
    move); ``to_of``, ``from_of``; ``make`` and ``unmake``, which also set and restore the
    counters the block ``sets`` (their old values kept on the stack ``U``)."""
    n = p.squares
    nf = n + 1
    for i, blk in enumerate(p.blocks):
        PARTS[blk.kind].make(w, p, i)
    slot = w.big(p.slot)
    for name in ("to_of", "from_of"):
        w.func(name, [("long long", "mv")], "int")
        w.local("int k, d, sq, kind, j, nh, cur")
        w.local("long long x, mq")
        w(f"k = <int>(mv // {slot})" if w.typed else f"k = mv // {slot}", 1)
        w(f"x = mv % {slot}", 1)
        for i, blk in enumerate(p.blocks):
            w(f"if k == {i}:", 1)
            if not PARTS[blk.kind].squares(w, p, i, name):
                w.lines.pop()  # read plainly below
        w(f"if k == {len(p.blocks)}:", 1)  # a pass
        w("return -1", 2)
        if name == "to_of":
            w(f"return <int>(x % {n})" if w.typed else f"return x % {n}", 1)
        else:
            w(f"sq = <int>((x // {n}) % {nf})" if w.typed else f"sq = (x // {n}) % {nf}", 1)
            w(f"return -1 if sq == {n} else sq", 1)
        w("")
    for i, blk in enumerate(p.blocks):
        if not blk.sets:
            continue
        w.func(f"sets{i}", [("int", "mover"), ("long long", "mv")], "void")
        w.local("int to_, frm_, j")
        w.local(f"int values[{len(blk.sets)}]")
        if not w.typed:
            w(f"values = [0] * {len(blk.sets)}", 1)
        w("to_ = to_of(mv)", 1)
        w("frm_ = from_of(mv)", 1)
        for j, (_, value) in enumerate(blk.sets):  # every value before any is set
            w(f"values[{j}] = {value}", 1)
        for j, (slot_code, _) in enumerate(blk.sets):
            w(f"U[UP[0]] = CNT[{slot_code}]", 1)
            w("UP[0] += 1", 1)
            w(f"CNT[{slot_code}] = values[{j}]", 1)
        w("")
        w.func(f"unsets{i}", [("int", "mover")], "void")
        for j, (slot_code, _) in reversed(list(enumerate(blk.sets))):
            w("UP[0] -= 1", 1)
            w(f"CNT[{slot_code}] = U[UP[0]]", 1)
        w("")
    w.func("make", [("long long", "mv"), ("int", "p")], "int")
    w.local("int k, info")
    w(f"k = <int>(mv // {slot})" if w.typed else f"k = mv // {slot}", 1)
    w("info = 0", 1)
    w("FL[0] = 0", 1)
    w("FP[0] = 0", 1)
    for i, blk in enumerate(p.blocks):
        w(f"{'if' if i == 0 else 'elif'} k == {i}:", 1)
        w(f"info = make{i}(mv % {slot}, p)", 2)
        if blk.sets:
            w(f"sets{i}(p, mv)", 2)
    if p.zobrist:  # the board after the move joins the history
        w(f"if NH[0] < {HISTORY}:", 1)
        w("HIST[NH[0]] = HB", 2)
        w("else:", 1)
        w("OVER[0] = 1", 2)
        w("NH[0] += 1", 1)
    if p.repetition:  # and the position, the other player to move
        w(f"if NRH[0] < {HISTORY}:", 1)
        w("RH[NRH[0]] = HB ^ TURNK[3 - p] ^ OFFC", 2)
        w("else:", 1)
        w("OVER[0] = 1", 2)
        w("NRH[0] += 1", 1)
    w("return info", 1)
    w("")
    w.func("unmake", [("long long", "mv"), ("int", "p"), ("int", "info")], "void")
    w.local("int k")
    if p.zobrist:
        w("NH[0] -= 1", 1)
    if p.repetition:
        w("NRH[0] -= 1", 1)
    w(f"k = <int>(mv // {slot})" if w.typed else f"k = mv // {slot}", 1)
    for i, blk in enumerate(p.blocks):
        w(f"{'if' if i == 0 else 'elif'} k == {i}:", 1)
        if blk.sets:
            w(f"unsets{i}(p)", 2)
        w(f"unmake{i}(mv % {slot}, p, info)", 2)
    if not p.blocks:
        w("pass", 1)
    w("")


def _again(w: Writer, p: Plan) -> None:
    """``again_of(p, mv)``: whether ``p`` moves again after ``mv`` (a block's ``again``, read in
    the position after it)."""
    w.func("again_of", [("int", "mover"), ("long long", "mv")], "int")
    w.local("int k, to_, frm_")
    slot = w.big(p.slot)
    w(f"k = <int>(mv // {slot})" if w.typed else f"k = mv // {slot}", 1)
    for i, blk in enumerate(p.blocks):
        if blk.again is not None:
            w(f"if k == {i}:", 1)
            w("to_ = to_of(mv)", 2)
            w("frm_ = from_of(mv)", 2)
            w(f"return 1 if {blk.again} else 0", 2)
    w("return 0", 1)
    w("")


def _next_player(p: Plan) -> str:
    """Kernel code: who moves after ``p`` played ``mv`` (``p`` again where a block's ``again``
    says so, else the other player)."""
    return "p if again_of(p, mv) else 3 - p" if any(blk.again is not None for blk in p.blocks) else "3 - p"


def _generate(w: Writer, p: Plan) -> None:
    """``gen(p, ply, out)``: the legal moves of player ``p`` into ``out``, their number returned;
    one function per phase. Where a phase has compulsory blocks with moves, only those."""
    for i, blk in enumerate(p.blocks):
        if blk.lands is not None:  # where a move may end besides by `to`'s words
            w.func(f"lands{i}", [("int", "mover"), ("int", "to_"), ("int", "frm_")], "bint")
            w(f"return {blk.lands}", 1)
            w("")
        if blk.from_ok is not None:  # where a move may begin
            w.func(f"fromok{i}", [("int", "mover"), ("int", "frm_")], "bint")
            w.local("int to_")
            w("to_ = -1", 1)
            w(f"return {blk.from_ok}", 1)
            w("")
    for i, blk in enumerate(p.blocks):
        if blk.kind == "jump":
            jump.chains(w, p, i)
    for i, blk in enumerate(p.blocks):
        if blk.kind == "then":
            then.walkers(w, p, i)
            if then.pickable(p, i):
                then.pickers(w, p, i)
        if blk.legal is None:
            continue
        if blk.kind == "place" and place.narrow(p, i):
            place.breathing(w, p, i)
        w.func(f"legal{i}", [("int", "mover"), ("int", "to_"), ("int", "frm_")], "bint")
        w(f"return {blk.legal}", 1)
        w("")
        # whether `legal_if` holds after ``mv``: the move made, asked, taken back (one function,
        # which the lists and the draws call: the make and unmake written out once a block)
        w.func(f"holds{i}", [("int", "p"), ("long long", "mv")], "bint", inline=False)
        w.local("int cap, x")
        w("cap = make(mv, p)", 1)
        w(f"x = legal{i}(p, to_of(mv), from_of(mv))", 1)
        w("unmake(mv, p, cap)", 1)
        w("return x", 1)
        w("")
    for _, numbers in p.phases:
        for i in numbers:
            # ``list{i}(p, out, k)``: the moves of block ``i`` as its part lists them, after the ``k``
            # in ``out`` (a function of its own: the lists, the draws and ``attacked`` call it)
            w.func(f"list{i}", [("int", "p"), ("long long*", "out"), ("int", "k")], "int", inline=False)
            w.local("int first, j, s, t, c, e, code, cap, x, d, h, maxc, free, stop, ray, top, kind")
            w.local("long long mv")
            w("first = k", 1)
            PARTS[p.blocks[i].kind].moves(w, p, i)
            w("return k", 1)
            w("")
    for ph, (_, numbers) in enumerate(p.phases):
        w.func(f"gen{ph}", [("int", "p"), ("long long*", "out")], "int", inline=False)
        w.local("int k, first, j, s, t, c, e, code, cap, x, d, h, maxc, free, stop, ray, top, kind")
        w.local("long long mv")
        w("k = 0", 1)
        w("LTF[0] = LTF[1] = -1", 1)
        forced = [i for i in numbers if p.blocks[i].compulsory]
        for i in forced:
            _block_moves(w, p, i)
        if forced:
            w("if k:", 1)
            w("return k", 2)
        for i in numbers:
            if i not in forced:
                _block_moves(w, p, i)
        w("return k", 1)
        w("")
    if p.attacks:  # ``attacked(sq, q)``: a move of q's, as its blocks list them, ends on sq's piece
        (_, numbers), = p.phases
        w.func("raw", [("int", "p"), ("long long*", "out")], "int", inline=False)
        w.local("int k, first, j, s, t, c, e, code, cap, x, d, h, maxc, free, stop, ray, top, kind")
        w.local("long long mv")
        w("k = 0", 1)
        w("LTF[0] = LTF[1] = -1", 1)
        for i in numbers:
            _block_moves(w, p, i, legal=False, whens=False)
        w("return k", 1)
        w("")
        w.func("att", [("int", "sq"), ("int", "q")], "bint", inline=False)
        w.local(f"long long tmp[{p.bound}]")
        w.local("int k, e")
        if not w.typed:
            w(f"tmp = [0] * {p.bound}", 1)
        w(f"if sq < 0 or sq >= {p.squares} or b[sq] == 0 or OWNER[b[sq] - 1] == q:", 1)
        w("return 0", 2)
        w("k = raw(q, tmp)", 1)
        w("for e in range(k):", 1)
        w("if to_of(tmp[e]) == sq:", 2)
        w("return 1", 3)
        w("return 0", 1)
        w("")
    w.func("gen_at", [("int", "p"), ("int", "ply"), ("long long*", "out")], "int", inline=False)
    for ph, (end, _) in enumerate(p.phases[:-1]):
        w(f"if ply < {end}:", 1)
        w(f"return gen{ph}(p, out)", 2)
    w(f"return gen{len(p.phases) - 1}(p, out)", 1)
    w("")
    bound = p.bound
    w.func("gen", [("int", "p"), ("int", "ply"), ("long long*", "out")], "int", inline=False)
    w.local("int k")
    w("PLY[0] = ply", 1)  # what a phase's `when` reads as `ply`
    w("k = gen_at(p, ply, out)" if len(p.phases) > 1 else "k = gen0(p, out)", 1)
    if p.passing:  # a player without a move passes
        w("if k == 0:", 1)
        w(f"out[0] = {w.big(len(p.blocks) * p.slot)}", 2)
        w("k = 1", 2)
    w("return k", 1)
    w("")
    # a phase with a `legal_if` and no compulsory block: a move drawn among those listed before
    # `legal_if` is asked, then asked of it alone; one it does not hold for is struck out and
    # another drawn. Every legal move is as likely as the others, and most draws ask once.
    lazy = [ph for ph, (_, numbers) in enumerate(p.phases)
            if any(p.blocks[i].legal is not None for i in numbers) and not any(p.blocks[i].compulsory for i in numbers)]
    for ph in lazy:
        numbers = p.phases[ph][1]
        w.func(f"drawl{ph}", [("int", "p"), ("long long*", "out")], "long long", inline=False)
        w.local("int k, first, j, s, t, c, e, code, cap, x, d, h, maxc, free, stop, ray, top, kind")
        w.local("long long mv")
        w("k = 0", 1)
        w("LTF[0] = LTF[1] = -1", 1)
        for i in numbers:
            _block_moves(w, p, i, legal=False)
        w("while k:", 1)
        w("e = rnd(k)", 2)
        w("mv = out[e]", 2)
        w("x = 1", 2)
        w(f"j = <int>(mv // {w.big(p.slot)})" if w.typed else f"j = mv // {p.slot}", 2)
        for i in numbers:
            if p.blocks[i].legal is not None:
                w(f"if j == {i}:", 2)
                w(f"x = holds{i}(p, mv)", 3)
        w("if x:", 2)
        w("return mv", 3)
        w("k -= 1", 2)
        w("out[e] = out[k]", 2)
        w("return -1", 1)
        w("")
    proposed = _proposals(w, p, lazy)
    _tallies(w, p)
    # ``draw(p, ply, out)``: a random legal move (-1: none), drawn among the list; a phase whose
    # one block is a turn of several parts that can be drawn without a list draws it so, one
    # with a `legal_if` asks it of the moves drawn only, and one whose blocks propose moves
    # draws those first
    w.func("draw", [("int", "p"), ("int", "ply"), ("long long*", "out")], "long long", inline=False)
    w.local("int k")
    w.local("long long mv")
    w("PLY[0] = ply", 1)
    for ph in proposed:
        w(f"if {_in_phase(p, ph)}:", 1)
        w(f"mv = prop{ph}(p)", 2)
        w("if mv >= 0:", 2)
        w("return mv", 3)
    for ph, (end, numbers) in enumerate(p.phases):
        picked = len(numbers) == 1 and p.blocks[numbers[0]].kind == "then" and then.pickable(p, numbers[0])
        if picked or ph in lazy:
            w(f"if {_in_phase(p, ph)}:", 1)
            w(f"mv = pick{numbers[0]}(p)" if picked else f"mv = drawl{ph}(p, out)", 2)
            if p.passing:
                w("if mv < 0:", 2)
                w(f"mv = {w.big(len(p.blocks) * p.slot)}", 3)
            w("return mv", 2)
    w("k = gen(p, ply, out)", 1)
    w("if k == 0:", 1)
    w("return -1", 2)
    w("return out[rnd(k)]", 1)
    w("")
    if p.asks:
        # how many moves a player would have (a pass not counted) in the position the end rules read
        w.func("moves_of", [("int", "q")], "int", inline=False)
        w.local(f"long long tmp[{bound}]")
        if not w.typed:
            w(f"tmp = [0] * {bound}", 1)
        w("return gen_at(q, PLY[0], tmp)", 1)
        w("")


def _in_phase(p: Plan, ph: int) -> str:
    """Kernel code: whether ``ply`` falls in phase ``ph`` (the last phase: every ply after the others)."""
    cond = f"ply < {p.phases[ph][0]}" if ph < len(p.phases) - 1 else "1"
    lower = f"ply >= {p.phases[ph - 1][0]} and " if ph else ""
    return f"{lower}{cond}"


def _counts_itself(p: Plan, i: int) -> bool:
    """Whether block ``i``'s part counts its moves without listing them (``tally``)."""
    part = PARTS[p.blocks[i].kind]
    return hasattr(part, "tally") and bool(part.tallies(p, i))


def _tallied(p: Plan) -> list[int]:
    """The phases whose moves perft counts at its last ply without listing them all: those with
    a block whose part can count its moves (``tally``: a placement's kinds times the empty
    squares) and no `legal_if` or compulsory block."""
    return [ph for ph, (_, numbers) in enumerate(p.phases)
            if any(_counts_itself(p, i) for i in numbers)
            and not any(p.blocks[i].legal is not None or p.blocks[i].compulsory for i in numbers)]


def _tallies(w: Writer, p: Plan) -> None:
    """``tally{ph}(p)``: how many moves ``p`` has in a phase of :func:`_tallied`, each block's
    counted by its ``tally{i}`` where its part has one, else listed into the scratch list ``TB``
    and counted."""
    phases = _tallied(p)
    if not phases:
        return
    w.both(f"cdef long long TB[{p.bound}]", f"TB = [0] * {p.bound}")
    for ph in phases:
        numbers = p.phases[ph][1]
        for i in numbers:
            if _counts_itself(p, i):
                w.func(f"tally{i}_", [("int", "p")], "int", inline=False)
                w.local("int k, c, x, s, j, code")
                PARTS[p.blocks[i].kind].tally(w, p, i)
                w("")
        w.func(f"tally{ph}", [("int", "p")], "int", inline=False)
        w.local("int k")
        w("k = 0", 1)
        for i in numbers:
            count = f"tally{i}_(p)" if _counts_itself(p, i) else f"list{i}(p, TB, 0)"
            if p.blocks[i].when is not None:
                w(f"if when{i}(p):", 1)
                w(f"k += {count}", 2)
            else:
                w(f"k += {count}", 1)
        w("return k", 1)
        w("")


#: how many moves a draw proposes before it lists the moves instead (see :func:`_proposals`)
PROPOSALS = 8


def _proposals(w: Writer, p: Plan, lazy: list[int]) -> list[int]:
    """The phases whose moves are drawn by proposal, and for them ``count{i}``, ``propose{i}`` of
    each block and ``prop{ph}``. In such a phase every block's part can count a set of candidate
    moves that holds each of its legal moves once (``count{i}(p)``: a stack's carries as if no
    ray were blocked, a placement's kinds times its squares) and tell the ``r``-th candidate's
    move where it is legal (``propose{i}(p, r)``, else -1). ``prop{ph}`` draws a candidate
    uniformly and returns it where it is legal, up to ``PROPOSALS`` times; -1 then, and the draw
    lists the moves. Every legal move is as likely as the others at each try, and so in all, and
    a draw reads a few squares where a list reads every piece's every ray. A block with a
    ``legal_if`` or a compulsory block keeps its phase to the list."""
    out: list[int] = []
    for ph, (_, numbers) in enumerate(p.phases):
        parts = [PARTS[p.blocks[i].kind] for i in numbers]
        if ph in lazy or not numbers or any(
                not hasattr(part, "proposes") or not part.proposes(p, i) or p.blocks[i].legal is not None
                or p.blocks[i].compulsory for part, i in zip(parts, numbers)):
            continue
        out.append(ph)
        for part, i in zip(parts, numbers):
            if not w.typed:
                w(f"PC{i} = [[], []]")  # what count{i} found for propose{i}, where it keeps it
            w.func(f"count{i}", [("int", "p")], "int", inline=False)
            w.local("int k, c, x, s, j, code")
            part.count(w, p, i)
            w("")
            w.func(f"propose{i}", [("int", "p"), ("int", "r")], "long long", inline=False)
            w.local("int x, s, c, e, t, j, d, maxc, pat, last, ray, top, code")
            part.propose(w, p, i)
            w("")
        w.func(f"prop{ph}", [("int", "p")], "long long", inline=False)
        w.local(f"int n, r, tries, {', '.join(f'c{i}' for i in numbers)}")
        w.local("long long mv")
        for i in numbers:
            when = p.blocks[i].when
            w(f"c{i} = count{i}(p) if when{i}(p) else 0" if when is not None else f"c{i} = count{i}(p)", 1)
        w(f"n = {' + '.join(f'c{i}' for i in numbers)}", 1)
        w("if n == 0:", 1)
        w("return -1", 2)
        w(f"for tries in range({PROPOSALS}):", 1)
        w("r = rnd(n)", 2)
        before = ""  # the candidates of the blocks before this one
        for k, i in enumerate(numbers):
            at = f"r{before}"
            if len(numbers) == 1:
                w(f"mv = propose{i}(p, r)", 2)
                break
            if k < len(numbers) - 1:
                w(f"{'if' if k == 0 else 'elif'} {at} < c{i}:", 2)
            else:
                w("else:", 2)
            w(f"mv = propose{i}(p, {at})", 3)
            before += f" - c{i}"
        w("if mv >= 0:", 2)
        w("return mv", 3)
        w("return -1", 1)
        w("")
    return out


#: a won game's value in a search (the agents' ``WIN``); a win further away is worth one less a ply
WIN = 1_000_000


def _search(w: Writer, p: Plan, bound: int) -> None:
    """``child(mv, p, ply, depth, alpha, beta, limit, none1, none2)``: negamax with alpha-beta over
    the kernel's moves, the value for ``p`` of playing ``mv`` in the loaded position, looked at to
    ``depth`` plies in all (what :class:`spielwerk.agents.AlphaBetaAgent` asks of each move at its
    root). A finished game is worth ``WIN`` to its winner (0 a draw), one less for every ply it is
    away; a position at the depth, 0; a player without a move, ``none1`` or ``none2``. It stops
    once it has visited ``limit`` positions (0: never): its value is then not to be read. Returns
    the value, the positions visited and whether it stopped."""
    if not w.typed:
        w("SB = []")  # the search's lists of moves, one a depth
    w.func("search_", [("int", "p"), ("int", "ply"), ("int", "depth"), ("long long", "alpha"),
                       ("long long", "beta")], "long long", inline=False)
    w.local(f"long long buf[{bound}]")
    w.local("long long mv, v, best")
    w.local("int k, i")
    if not w.typed:
        w.pooled("SB", bound, "(depth if depth > 0 else 0)")
    w("SRCH[0] += 1", 1)
    w("if SRCH[1] and SRCH[0] > SRCH[1]:", 1)
    w("SRCH[2] = 1", 2)
    w("return 0", 2)
    if p.passing:  # a player without a move passes: a position at the depth is even
        w("if depth <= 0:", 1)
        w("return 0", 2)
    w("k = gen(p, ply, buf)", 1)
    w("if k == 0:", 1)  # a player without a move: the game is over, at the depth too
    w("return SRCH[2 + p]", 2)
    w("if depth <= 0:", 1)
    w("return 0", 2)
    w(f"best = {-4 * WIN}", 1)
    w("for i in range(k):", 1)
    w("mv = buf[i]", 2)
    w("v = child_(mv, p, ply, depth, alpha, beta)", 2)
    w("if SRCH[2]:", 2)
    w("return 0", 3)
    w("if v > best:", 2)
    w("best = v", 3)
    w("if best > alpha:", 2)
    w("alpha = best", 3)
    w("if alpha >= beta:", 2)
    w("break", 3)
    w(f"if best >= {WIN // 2}:", 1)
    w("best -= 1", 2)
    w(f"elif best <= {-WIN // 2}:", 1)
    w("best += 1", 2)
    w("return best", 1)
    w("")
    w.func("child_", [("long long", "mv"), ("int", "p"), ("int", "ply"), ("int", "depth"), ("long long", "alpha"),
                      ("long long", "beta")], "long long", inline=False)
    w.local("long long v")
    w.local("int cap, e, q")
    w("cap = make(mv, p)", 1)
    w("PLY[0] = ply + 1", 1)
    w("e = ended(p, mv)", 1)
    w("if e >= 0:", 1)
    w("decide(e, p)", 2)
    w(f"v = {WIN} if OUT[0] == p else ({-WIN} if OUT[0] else 0)", 2)
    w("else:", 1)
    w(f"q = {_next_player(p)}", 2)
    w("if q == p:", 2)
    w("v = search_(p, ply + 1, depth - 1, alpha, beta)", 3)
    w("else:", 2)
    w("v = -search_(q, ply + 1, depth - 1, -beta, -alpha)", 3)
    w("unmake(mv, p, cap)", 1)
    w("return v", 1)
    w("")
    w("def child(mv, p, ply, depth, alpha, beta, limit, none1, none2):")
    w('"""The value for ``p`` of ``mv`` in the loaded position, searched to ``depth`` plies in all;', 1)
    w('the positions visited; whether the search stopped at ``limit`` of them (see the writer)."""', 1)
    w.local("long long v")
    w("SRCH[0] = 0", 1)
    w("SRCH[1] = limit", 1)
    w("SRCH[2] = 0", 1)
    w("SRCH[3] = none1", 1)
    w("SRCH[4] = none2", 1)
    w("v = child_(mv, p, ply, depth, alpha, beta)", 1)
    w("if OVER[0]:", 1)
    w("raise OverflowError('a position has more moves than the kernel lists')", 2)
    w("return (v, SRCH[0], SRCH[2])", 1)
    w("")


def _reseed(w: Writer, p: Plan) -> None:
    """The generator started from ``seed``, and what the draws learnt from earlier draws forgotten:
    the same seed draws the same moves whatever was drawn before."""
    w.both("rs = (<unsigned long long>seed * 2 + 1) ^ 0x9E3779B97F4A7C15ULL",
           "rs = ((seed * 2 + 1) ^ 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF", 1)
    for i, blk in enumerate(p.blocks):
        if blk.kind == "then" and then.pickable(p, i):
            w(f"PK{i}[0] = PK{i}[1] = 0", 1)


def _block_moves(w: Writer, p: Plan, i: int, legal: bool = True, whens: bool = True) -> None:
    """The moves of block ``i`` appended to ``out`` (``k`` of them so far); those its
    ``legal_if`` holds for only, unless ``legal`` is False; none where its phase's ``when`` does
    not hold, unless ``whens`` is False."""
    n, nc = p.squares, p.codes
    nf, nc1 = n + 1, nc + 1
    r = max(1, p.reserves)
    blk = p.blocks[i]
    base = w.big(i * p.slot)
    w("first = k", 1)
    if blk.when is not None and whens:  # offered only where the phase's `when` holds (it reads no move)
        w(f"if when{i}(p):", 1)
        w(f"k = list{i}(p, out, k)", 2)
    else:
        w(f"k = list{i}(p, out, k)", 1)
    if blk.legal is not None and legal:
        narrow = blk.kind == "place" and place.narrow(p, i)
        if narrow:  # whether every group breathes, asked once for all the moves tried (restored after)
            w(f"c = RGS{i}[0]", 1)
            w(f"RGS{i}[0] = breathes{i}({place.who(p, i, 'p')})", 1)
        w("j = first", 1)
        w("for e in range(first, k):", 1)
        w("mv = out[e]", 2)
        w(f"if holds{i}(p, mv):", 2)
        w("out[j] = mv", 3)
        w("j += 1", 3)
        w("k = j", 1)
        if narrow:
            w(f"RGS{i}[0] = c", 1)


def _entries(w: Writer, p: Plan, bound: int) -> None:
    """What Python calls: ``load``, ``moves``, ``perft``, ``play``, ``end_after``, ``playouts``."""
    n = p.squares
    r = max(1, p.reserves)
    clear = [(f"RN{k}", 3 * len(row.rows)) for k, row in enumerate(p.rows)] \
        + [(f"RF{k}", 3) for k, _ in enumerate(p.rows)] + [(f"RC{k}", 3) for k, _ in enumerate(p.reaches)] \
        + [(f"HC{k}", 3) for k, _ in enumerate(p.holds)] \
        + [(f"LYC{k}", 3 * layers.pairs * (n + 1)) for k, layers in _counted_layers(p)] \
        + [(f"LYF{k}", 3 * layers.pairs) for k, layers in _counted_layers(p)] \
        + [("TC", p.codes)]
    _chance_entries(w, p)
    # an empty board before a position's pieces are pushed, and what is kept of them after
    kept = growing.keeps(p)
    w.func("begin_load", [], "void", inline=False)
    w.local("int i, s")
    if p.zobrist:
        w("global HB", 1)
        w("HB = 0", 1)
    w("UP[0] = 0", 1)
    w("OVER[0] = 0", 1)
    w.zero(["b", "H"] if p.stacking else ["b"], n, "s")
    w("PN[0] = PN[1] = PN[2] = 0", 1)
    for name, size in clear:
        w.zero([name], max(1, size))
    w("S[0] = 0", 1)
    if kept:
        w("GROW[0] = 0", 1)
    w("")
    w.func("end_load", [], "void", inline=False)
    w("grow_init()" if kept else "pass", 1)
    w("")
    w("def load(stacks, reserves, counters, boards=None, seen=None, offc=0, current=0):")
    w('"""Set the position: per square its stack of piece codes, bottom first; per player his', 1)
    w('reserves; the counters; the hashes of the boards so far (the last the current one); the', 1)
    w('positions seen (hash: times), what a position\'s hash holds besides the board and the turn,', 1)
    w('and the current position\'s hash."""', 1)
    w.local("int i, s")
    w("begin_load()", 1)
    w(f"for i in range({len(p.counters)}):", 1)
    w("CNT[i] = counters[i]", 2)
    w(f"for i in range({3 * r}):", 1)
    w("RES[i] = reserves[i]", 2)
    w(f"for s in range({n}):", 1)
    w("for code in stacks[s]:", 2)
    w("push(s, code)", 3)
    w("end_load()", 1)
    if p.repetition:  # the positions seen, the current one last
        w("global OFFC", 1)
        w("OFFC = offc", 1)
        w("NRH[0] = 0", 1)
        w("for key, times in (seen or {}).items():", 1)
        w("for i in range(times - 1 if key == current else times):", 2)
        w(f"if NRH[0] < {HISTORY // 2}:", 3)
        w("RH[NRH[0]] = key", 4)
        w("NRH[0] += 1", 4)
        w("else:", 3)
        w("OVER[0] = 1", 4)
        w("RH[NRH[0]] = current", 1)
        w("NRH[0] += 1", 1)
    if p.zobrist:
        w("NH[0] = 0", 1)
        w("if boards:", 1)
        w(f"if len(boards) > {HISTORY // 2}:", 2)
        w("OVER[0] = 1", 3)
        w("return", 3)
        w("for i in range(len(boards)):", 2)
        w("HIST[i] = boards[i]", 3)
        w("NH[0] = len(boards)", 2)
        w("else:", 1)
        w("HIST[0] = HB", 2)
        w("NH[0] = 1", 2)
    w("")
    if p.repetition:
        w("def position_hash():")
        w('"""The hash of the position now (the engine\'s, as repetition counts it)."""', 1)
        w("return RH[NRH[0] - 1]", 1)
        w("")
    if p.zobrist:
        w("def board_hash():")
        w('"""The hash of the loaded board (the engine\'s ``board_hash``)."""', 1)
        w("return HB", 1)
        w("")
    if not w.typed:
        w("PB = []")  # perft's lists of moves, one a depth
    w.func("perft_", [("int", "p"), ("int", "ply"), ("int", "depth")], "long long", inline=False)
    w.local(f"long long buf[{bound}]")
    w.local("long long mv")
    w.local("int k, i, cap, rolled")
    w.local("long long total")
    if not w.typed:
        w.pooled("PB", bound, "depth")
    if p.dice:  # the die not rolled yet: every number, none a ply (as the engine's perft)
        w("if DIE[0] == 0:", 1)
        w("total = 0", 2)
        w(f"for i in range(1, {p.dice + 1}):", 2)
        w("DIE[0] = i", 3)
        w("total += perft_(p, ply, depth)", 3)
        w("DIE[0] = 0", 2)
        w("return total", 2)
    for ph in _tallied(p):  # the last ply counted without listing its moves
        w(f"if depth == 1 and {_in_phase(p, ph)}:", 1)
        w("PLY[0] = ply", 2)
        w(f"k = tally{ph}(p)", 2)
        if p.passing:  # a player without a move passes
            w("return k if k else 1", 2)
        else:
            w("return k", 2)
    w("k = gen(p, ply, buf)", 1)
    w("if depth == 1:", 1)
    w("return k", 2)
    w("total = 0", 1)
    w("for i in range(k):", 1)
    w("mv = buf[i]", 2)
    w("cap = make(mv, p)", 2)
    w("PLY[0] = ply + 1", 2)
    w("if ended(p, mv) < 0:", 2)
    if p.dice:  # the next move rolls again
        w("rolled = DIE[0]", 3)
        w("DIE[0] = 0", 3)
    w(f"total += perft_({_next_player(p)}, ply + 1, depth - 1)", 3)
    if p.dice:
        w("DIE[0] = rolled", 3)
    w("unmake(mv, p, cap)", 2)
    w("return total", 1)
    w("")
    w("def perft(p, ply, depth):")
    w('"""The leaves of the move tree of the loaded position, ``p`` to move at ``ply``, to ``depth`` >= 1."""', 1)
    w("total = perft_(p, ply, depth)", 1)
    w("if OVER[0]:", 1)
    w("raise OverflowError('a position has more moves than the kernel lists')", 2)
    w("return total", 1)
    w("")
    if not p.dice:
        _search(w, p, bound)
    w("def moves(p, ply):")
    w('"""The legal moves of the loaded position, as ints."""', 1)
    w.local(f"long long buf[{bound}]")
    w.local("int k, i")
    if not w.typed:
        w(f"buf = [0] * {bound}", 1)
    w("k = gen(p, ply, buf)", 1)
    w("if OVER[0]:", 1)
    w("raise OverflowError('a position has more moves than the kernel lists')", 2)
    w("return [buf[i] for i in range(k)]", 1)
    w("")
    w("def sample(p, ply, times, seed):")
    w('"""``times`` random legal moves of the loaded position, drawn as random games draw them."""', 1)
    w.local(f"long long buf[{bound}]")
    w.local("int i")
    w("global rs", 1)
    if not w.typed:
        w(f"buf = [0] * {bound}", 1)
    _reseed(w, p)
    w("return [draw(p, ply, buf) for i in range(times)]", 1)
    w("")
    w("def play(mv, p):")
    w('"""Play ``mv`` for ``p`` on the loaded position; what taking it back needs."""', 1)
    w("return make(mv, p)", 1)
    w("")
    w("def take_back(mv, p, info):")
    w('"""Take back ``mv``, which ``p`` played with :func:`play` (``info``: what it returned)."""', 1)
    w("unmake(mv, p, info)", 1)
    w("")
    w("def cells():")
    w('"""What the loaded position is: per square its stack of codes, bottom first; the reserves;', 1)
    w('the counters."""', 1)
    if p.stacking:
        w(f"return ([[SK[s * {max(1, p.height)} + j] for j in range(H[s])] for s in range({n})], "
          f"[RES[i] for i in range({3 * r})], [CNT[i] for i in range({max(1, len(p.counters))})])", 1)
    else:
        w(f"return ([[b[s] - 1] if b[s] else [] for s in range({n})], "
          f"[RES[i] for i in range({3 * r})], [CNT[i] for i in range({max(1, len(p.counters))})])", 1)
    w("")
    w("def end_after(mover, mv, ply):")
    w('"""After ``mover`` played ``mv``: the end rule that holds (-1: none), the winner (0: a', 1)
    w('draw), the value and the two scores."""', 1)
    w.local("int rule")
    w("PLY[0] = ply", 1)
    w("rule = ended(mover, mv)", 1)
    w("if rule < 0:", 1)
    w("return [-1, 0, 0, 0, 0]", 2)
    w("decide(rule, mover)", 1)
    w("return [rule, OUT[0], OUT[1], OUT[2], OUT[3]]", 1)
    w("")
    _playouts(w, p, bound)
    if stepping.why_not(p) is None:
        stepping.write(w, p, bound)


def _chance_entries(w: Writer, p: Plan) -> None:
    """``shuffle{j}(p)`` for the chance phases a game begins with, and ``roll(d)`` for a die."""
    for j, (_, squares) in enumerate(p.shuffles):
        # ``shuffle{j}(p)``: the pieces on p's squares of the region set out again, every
        # arrangement as likely (a random order of the squares' cells)
        most = max(len(x) for x in squares)
        starts = [0]
        for x in squares:
            starts.append(starts[-1] + len(x))
        w.table(f"SHS{j}", starts)
        w.table(f"SH{j}", [sq for x in squares for sq in x])
        w.func(f"shuffle{j}", [("int", "p")], "void", inline=False)
        w.local(f"int i, m, r, c, first, cells[{max(1, most)}]")
        if not w.typed:
            w(f"cells = [0] * {max(1, most)}", 1)
        w(f"first = SHS{j}[p]", 1)
        w(f"m = SHS{j}[p + 1] - first", 1)
        w("for i in range(m):", 1)
        w(f"cells[i] = b[SH{j}[first + i]]", 2)
        w("if cells[i]:", 2)
        w(f"pop(SH{j}[first + i])", 3)
        w("for i in range(m - 1, 0, -1):", 1)  # Fisher-Yates
        w("r = rnd(i + 1)", 2)
        w("c = cells[i]", 2)
        w("cells[i] = cells[r]", 2)
        w("cells[r] = c", 2)
        w("for i in range(m):", 1)
        w("if cells[i]:", 2)
        w(f"push(SH{j}[first + i], cells[i] - 1)", 3)
        w("")
    if p.dice:
        w("def roll(d):")
        w('"""The number rolled for the loaded position\'s move (0: to be rolled); random games', 1)
        w('from it play it first."""', 1)
        w("DIE[0] = d", 1)
        w("FIRST[0] = d", 1)
        w("")


def _playouts(w: Writer, p: Plan, bound: int) -> None:
    """``playouts``: random games from a position, each move drawn as ``draw`` draws it;
    ``playout``: one from the loaded position; ``step``: one move played on (what a tree search
    walking the kernel's moves needs)."""
    # ``play_out(p, ply0, limit, buf)``: one random game from the loaded position, ``p`` to move at
    # ``ply0``: its end rule (-1 a player without a move, -2 unfinished), and in ``PO`` the last
    # player to move (or the one without a move) and the plies
    w.func("play_out", [("int", "p"), ("int", "ply0"), ("int", "limit"), ("long long*", "buf")], "int", inline=False)
    w.local("long long mv")
    w.local("int plies, rule, e")
    w("plies = 0", 1)
    w("rule = -2", 1)
    w("OUT[0] = OUT[1] = OUT[2] = OUT[3] = 0", 1)
    w("while plies < limit:", 1)
    if p.shuffles:  # the chance phases the game begins with: each ply sets the player's pieces out
        for j, (end, _) in enumerate(p.shuffles):
            w(f"if ply0 + plies < {end}:", 2)
            w(f"shuffle{j}(p)", 3)
            w("plies += 1", 3)
            w("p = 3 - p", 3)
            if p.first and j == len(p.shuffles) - 1:  # the next phase says who begins it
                w(f"if ply0 + plies == {end}:", 3)
                w(f"p = {p.first}", 4)
            w("continue", 3)
    if p.dice:  # the die for this move: the loaded one first, where it was rolled
        w("if plies or FIRST[0] == 0:", 2)
        w(f"DIE[0] = rnd({p.dice}) + 1", 3)
        w("else:", 2)
        w("DIE[0] = FIRST[0]", 3)
    w("mv = draw(p, ply0 + plies, buf)", 2)
    w("if mv < 0:", 2)
    w("rule = -1", 3)
    w("break", 3)
    w("UP[0] = 0", 2)  # nothing is taken back in a playout
    w("make(mv, p)", 2)
    w("plies += 1", 2)
    w("PLY[0] = ply0 + plies", 2)
    w("e = ended(p, mv)", 2)
    w("if e >= 0:", 2)
    w("rule = e", 3)
    w("decide(rule, p)", 3)
    w("break", 3)
    w(f"p = {_next_player(p)}", 2)
    if p.shuffles:  # the plies that set the pieces out are chance's, not counted as the players' moves
        w(f"plies -= min({p.openers}, ply0 + plies) - min({p.openers}, ply0)", 1)
    w("PO[0] = p", 1)
    w("PO[1] = plies", 1)
    w("return rule", 1)
    w("")
    w("def playouts(stacks, reserves, counters, p0, ply0, games, seed, max_plies, boards=None, seen=None, "
      "offc=0, current=0):")
    w('"""Random games from a position: per game the end rule (-1 a player without a move, -2', 1)
    w('unfinished), the last player to move (or the one without a move), the plies, the winner', 1)
    w('(0 a draw), the value and the two scores; one flat list."""', 1)
    w.local(f"long long buf[{bound}]")
    w.local("int g, rule")
    w("global rs", 1)
    if not w.typed:
        w(f"buf = [0] * {bound}", 1)
    w("results = []", 1)
    _reseed(w, p)
    w("for g in range(games):", 1)
    w("load(stacks, reserves, counters, boards, seen, offc, current)", 2)
    w("rule = play_out(p0, ply0, max_plies, buf)", 2)
    w("results.extend((rule, PO[0], PO[1], OUT[0], OUT[1], OUT[2], OUT[3]))", 2)
    w("if OVER[0]:", 1)
    w("raise OverflowError('a position has more moves than the kernel lists')", 2)
    w("return results", 1)
    w("")
    w("def playout(p, ply, seed, max_plies):")
    w('"""One random game from the loaded position, ``p`` to move at ``ply`` (it is not taken back):', 1)
    w('as :func:`playouts` gives each."""', 1)
    w.local(f"long long buf[{bound}]")
    w.local("int rule")
    w("global rs", 1)
    if not w.typed:
        w(f"buf = [0] * {bound}", 1)
    _reseed(w, p)
    w("rule = play_out(p, ply, max_plies, buf)", 1)
    w("if OVER[0]:", 1)
    w("raise OverflowError('a position has more moves than the kernel lists')", 2)
    w("return (rule, PO[0], PO[1], OUT[0], OUT[1], OUT[2], OUT[3])", 1)
    w("")
    if not p.dice:
        w("def step(mv, p, ply):")
        w('"""Play ``mv`` for ``p`` at ``ply`` on the loaded position (it stays played): what taking it', 1)
        w('back needs, the end rule that holds (-1: none), the winner (0: a draw), the value, the', 1)
        w('two scores, and the player to move next."""', 1)
        w.local("int info, e")
        w("info = make(mv, p)", 1)
        w("PLY[0] = ply + 1", 1)
        w("e = ended(p, mv)", 1)
        w("if e >= 0:", 1)
        w("decide(e, p)", 2)
        w("return (info, e, OUT[0], OUT[1], OUT[2], OUT[3], 0)", 2)
        w(f"return (info, -1, 0, 0, 0, 0, {_next_player(p)})", 1)
