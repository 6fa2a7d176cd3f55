"""``then``: a turn of several parts, each a move of its own block (``move`` and then ``place``
an arrow from where it stopped; ``place`` and then ``rotate`` a quarter of the board).

Each entry of the turn is a block of the plan of its own, made by its module as any block is;
this part lists the whole turns as the engine's ``Sequence`` does: an entry's moves in the
position the parts before it left (``to`` and ``from`` read the last part's squares), its
``legal_if`` read after it is played, the entries that may follow it (each with its ``when``), and
the turn ending after it where none of them has a move or ``then_optional`` says so.

A turn's number is read entry by entry: the entry's part of a move times ``tail``, plus 0 where
the turn ends after it, else 1 + the next entry's place among those that may follow + their
number times the rest's number (see :class:`~spielwerk.kernel.model.TurnNode`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ...dsl.expr import parse_expr
from ..model import BlockPlan, NotKernel, TurnNode

if TYPE_CHECKING:  # pragma: no cover
    from ...game import Game
    from ..conditions import Conditions
    from ..model import Plan
    from ..writer import Writer

__all__ = ["KEYS", "turn_plan", "tables", "make", "moves", "squares", "walkers", "pickable", "pickers", "CAP"]

KEYS: set[str] = set()
#: the most turns a position's list holds (more: the position is left to the engine, as overflowing
#: chains of jumps are); a turn's parts multiply, so their bounds' product may be far too many
CAP = 16384
#: the first moves a random turn draws by rejection before it counts every first move's turns
TRIES = 4


def turn_plan(game: "Game", block: Any, conditions: "Conditions", entry_block: Callable[[Any], int]) -> BlockPlan:
    """The plan of a turn of several parts (an engine ``Sequence``): its entries' blocks added to the
    plan (``entry_block`` makes each and gives its number), the entries as :class:`TurnNode`."""
    p = conditions.out
    nodes: list[TurnNode] = []
    seen: set[int] = set()

    def node(part: Any, top: bool) -> int:
        if id(part) in seen:
            raise NotKernel("a turn whose entries come round again")
        seen.add(id(part))
        if part.effects or part.again is not None:
            raise NotKernel("effects, `sets` or `again` on an entry of a turn of several parts")
        params = part.block.params
        number = entry_block(part.block)
        made = p.blocks[number]
        when = None if top or "when" not in params else conditions.truth(parse_expr(str(params["when"])))
        k = len(nodes)
        nodes.append(TurnNode(number, when, made.legal, part.optional, [], _room(p, made)))
        nodes[k].then = [node(nxt, False) for nxt in part.then]
        return k

    node(block.first, True)
    # the rooms, from the last entries up: a part's number times its tail, plus what follows
    for k in range(len(nodes) - 1, -1, -1):
        nd = nodes[k]
        nd.tail = 1 + len(nd.then) * max((nodes[c].room * nodes[c].tail for c in nd.then), default=0)
    room = nodes[0].room * nodes[0].tail
    made_plan = BlockPlan("then", block.index, {"room": [room]}, None, min(CAP, _bound(p, nodes, 0)))
    made_plan.turn = nodes
    return made_plan


def _room(p: "Plan", made: BlockPlan) -> int:
    """The room of a block's part of a move (as the plan counts it)."""
    return int(made.tables["room"][0]) if "room" in made.tables else p.codes * (p.squares + 1) * p.squares


def _bound(p: "Plan", nodes: list[TurnNode], k: int) -> int:
    """The most turns from entry ``k`` on: its moves, each once, and each with the turns after it."""
    nd = nodes[k]
    after = sum(_bound(p, nodes, c) for c in nd.then)
    return p.blocks[nd.block].bound * max(1, after)


def tables(game: "Game", block: Any, out: dict[str, list[int]], p: "Plan") -> int:  # pragma: no cover
    raise NotKernel("a turn of several parts is planned by turn_plan")


def walkers(w: "Writer", p: "Plan", i: int) -> None:
    """``turn{i}_{k}(p, mul, add, res, kr, to_, frm_)``: the turns from entry ``k`` on, appended to
    ``res`` (``kr`` of them so far) as ``add + mul *`` their number from here; ``to_`` and ``frm_``
    are the squares of the part before. Returns the new ``kr``."""
    from . import PARTS
    nodes = p.blocks[i].turn
    assert nodes is not None
    bound = p.blocks[i].bound
    slot = w.big(p.slot)
    for k in range(len(nodes) - 1, -1, -1):
        nd = nodes[k]
        blk = p.blocks[nd.block]
        w.func(f"turn{i}_{k}", [("int", "p"), ("long long", "mul"), ("long long", "add"), ("long long*", "res"),
                                ("int", "kr"), ("int", "to_"), ("int", "frm_")], "int", inline=False)
        w.local(f"long long out[{blk.bound}]")
        w.local("int k, first, j, s, t, c, e, code, cap, x, d, h, maxc, free, stop, ray, top, kind")
        w.local("int q1, nq, info, before, pto, pfrm")
        w.local("long long mv, mq, xq, val")
        if not w.typed:
            w(f"out = [0] * {blk.bound}", 1)
        w("k = 0", 1)
        w("first = 0", 1)
        w("LTF[0] = to_", 1)  # what the entry's conditions read of the part before
        w("LTF[1] = frm_", 1)
        PARTS[blk.kind].moves(w, p, nd.block)
        w("nq = k", 1)
        w("for q1 in range(nq):", 1)
        w("mq = out[q1]", 2)
        w(f"xq = mq - {w.big(nd.block * p.slot)}", 2)  # the block's own part of its move
        w(f"val = add + mul * (xq * {w.big(nd.tail)})", 2)
        if nd.legal is None and not nd.then:  # the last entry: each of its moves ends a turn, unplayed
            _emit(w, bound, 2)
            w("continue", 2)
            w("return kr", 1)
            w("")
            continue
        w(f"info = make{nd.block}(xq, p)", 2)
        w("pto = to_of(mq)", 2)
        w("pfrm = from_of(mq)", 2)
        w("to_ = pto", 2)  # what this part's `legal_if` and the next entries' `when` read
        w("frm_ = pfrm", 2)
        w(f"if {nd.legal if nd.legal is not None else '1'}:", 2)
        w("before = kr", 3)
        m = len(nd.then)
        for j, c in enumerate(nd.then):
            cond = nodes[c].when
            indent = 3
            if cond is not None:
                w(f"if {cond}:", 3)
                indent = 4
            w(f"kr = turn{i}_{c}(p, mul * {w.big(m)}, add + mul * (xq * {w.big(nd.tail)} + {1 + j}), res, kr, "
              "to_, frm_)", indent)
        w("if kr == before" + (" or 1" if nd.optional else "") + ":", 3)
        _emit(w, bound, 4)
        w(f"unmake{nd.block}(xq, p, info)", 2)
        w("return kr", 1)
        w("")


def _emit(w: "Writer", bound: int, indent: int) -> None:
    """``val`` appended to ``res``, or the overflow said (the list is full)."""
    w(f"if kr < {bound}:", indent)
    w("res[kr] = val", indent + 1)
    w("kr += 1", indent + 1)
    w("else:", indent)
    w("OVER[0] = 1", indent + 1)


def moves(w: "Writer", p: "Plan", i: int) -> None:
    """The whole turns: the first entry's walk, into ``out`` after the ``k`` moves there."""
    w(f"k = turn{i}_0(p, 1, {w.big(i * p.slot)}, out, k, -1, -1)", 1)


def _decode(w: "Writer", p: "Plan", i: int, indent: int, body: Callable[[int, int], None]) -> None:
    """Read a turn's number ``x`` entry by entry: for each entry ``body(node, indent)`` is written
    with ``mq`` its block's move; ``x`` holds what is left of the number (0: the turn ends)."""
    nodes = p.blocks[i].turn
    assert nodes is not None
    slot = w.big(p.slot)

    def walk(k: int, depth: int) -> None:
        nd = nodes[k]
        w(f"mq = {w.big(nd.block)} * {slot} + x // {w.big(nd.tail)}", depth)
        w(f"x = x % {w.big(nd.tail)}", depth)
        body(k, depth)
        if not nd.then:
            return
        w("if x:", depth)
        m = len(nd.then)
        w(f"j = <int>((x - 1) % {m})" if w.typed else f"j = (x - 1) % {m}", depth + 1)
        w(f"x = (x - 1) // {m}", depth + 1)
        for j, c in enumerate(nd.then):
            w(f"{'if' if j == 0 else 'elif'} j == {j}:", depth + 1)
            walk(c, depth + 2)

    walk(0, indent)


def make(w: "Writer", p: "Plan", i: int) -> None:
    """``make{i}`` plays the turn's parts one after the other, each part's info kept on ``U``;
    returns how many parts were played. ``unmake{i}`` reads the parts again and takes them back
    in the other order."""
    nodes = p.blocks[i].turn
    assert nodes is not None
    depth = _depth(nodes, 0)
    w.func(f"make{i}", [("long long", "x"), ("int", "p")], "int")
    w.local("long long mq")
    w.local("int j, n")
    w("n = 0", 1)

    def play(k: int, indent: int) -> None:
        w("U[UP[0]] = make(mq, p)", indent)
        w("UP[0] += 1", indent)
        w("n += 1", indent)
    _decode(w, p, i, 1, play)
    w("return n", 1)
    w("")
    w.func(f"unmake{i}", [("long long", "x"), ("int", "p"), ("int", "n")], "void")
    w.local("long long mq")
    w.local(f"long long parts[{depth}]")
    w.local("int j, m")
    if not w.typed:
        w(f"parts = [0] * {depth}", 1)
    w("m = 0", 1)

    def remember(k: int, indent: int) -> None:
        w("parts[m] = mq", indent)
        w("m += 1", indent)
    _decode(w, p, i, 1, remember)
    w("for j in range(n - 1, -1, -1):", 1)
    w("UP[0] -= 1", 2)
    w("unmake(parts[j], p, U[UP[0]])", 2)
    w("")


def _depth(nodes: list[TurnNode], k: int) -> int:
    return 1 + max((_depth(nodes, c) for c in nodes[k].then), default=0)


def squares(w: "Writer", p: "Plan", i: int, name: str) -> bool:
    """A turn starts where its first part starts and ends where its last part ends."""
    if name == "from_of":
        nodes = p.blocks[i].turn
        assert nodes is not None
        w(f"return from_of({w.big(nodes[0].block)} * {w.big(p.slot)} + x // {w.big(nodes[0].tail)})", 2)
        return True
    def last(k: int, indent: int) -> None:
        w("sq = to_of(mq)", indent)
    _decode(w, p, i, 2, last)
    w("return sq", 2)
    return True


def pickable(p: "Plan", i: int) -> bool:
    """Whether a random turn of block ``i`` can be drawn without listing every turn: the first
    entry's moves, each followed by one of the last entries (no `legal_if` of theirs, no further
    entry), or by nothing."""
    nodes = p.blocks[i].turn
    assert nodes is not None
    root = nodes[0]
    return bool(root.then) and all(not nodes[c].then and nodes[c].legal is None for c in root.then)


def pickers(w: "Writer", p: "Plan", i: int) -> None:
    """``pick{i}(p)``: a turn of block ``i`` drawn uniformly among all its turns, without listing
    them: per first move the number of turns that follow it is counted (the moves of each last
    entry whose `when` holds, and the turn ending after it where none has a move or it is
    optional), one is drawn, and only that one is made. The same turns as the list, in the same
    order. -1: no turn."""
    from . import PARTS
    nodes = p.blocks[i].turn
    assert nodes is not None
    root = nodes[0]
    m = len(root.then)
    rblk = p.blocks[root.block]
    base = w.big(i * p.slot)
    for j, c in enumerate(root.then):  # per last entry: its moves counted, and the r-th of them
        blk = p.blocks[nodes[c].block]
        for name, ret in ((f"count{i}_{c}", "int"), (f"nth{i}_{c}", "long long")):
            args = [("int", "p"), ("int", "to_"), ("int", "frm_")] + ([("int", "r")] if ret != "int" else [])
            w.func(name, args, ret, inline=False)
            w.local(f"long long out[{blk.bound}]")
            w.local("int k, first, j, s, t, c, e, code, cap, x, d, h, maxc, free, stop, ray, top, kind")
            w.local("long long mv")
            if not w.typed:
                w(f"out = [0] * {blk.bound}", 1)
            w("k = 0", 1)
            w("first = 0", 1)
            w("LTF[0] = to_", 1)
            w("LTF[1] = frm_", 1)
            PARTS[blk.kind].moves(w, p, nodes[c].block)
            w("return k" if ret == "int" else f"return out[r] - {w.big(nodes[c].block * p.slot)}", 1)
            w("")
    # a turn drawn by rejection first: a first move drawn uniformly, kept with the chance of its
    # turns over ``most`` (the most turns a first move can have); a turn is then drawn as likely
    # as any. After ``TRIES`` rejections, or where rejections have been the rule lately (counted in
    # ``PK{i}``: draws tried and kept, halved now and then), every first move's turns are counted.
    most = sum(p.blocks[nodes[c].block].bound for c in root.then) + 1
    w.array(f"PK{i}", 2)
    w.func(f"pick{i}", [("int", "p")], "long long", inline=False)
    w.local(f"long long out[{rblk.bound}]")
    w.local(f"int cnt[{rblk.bound * (m + 1)}]")
    w.local("int k, first, j, s, t, c, e, code, cap, x, d, h, maxc, free, stop, ray, top, kind")
    w.local("int q1, nq, info, to_, frm_, sub, total, r, jj, a")
    w.local("long long mv, mq, xq, val")
    if not w.typed:
        w(f"out = [0] * {rblk.bound}", 1)
        w(f"cnt = [0] * {rblk.bound * (m + 1)}", 1)
    w("k = 0", 1)
    w("first = 0", 1)
    w("LTF[0] = LTF[1] = -1", 1)
    PARTS[rblk.kind].moves(w, p, root.block)
    w("nq = k", 1)
    w("if nq == 0:", 1)
    w("return -1", 2)

    def counted(indent: int) -> None:  # the turns after first move ``q1`` counted into ``cnt``, ``sub``
        w("mq = out[q1]", indent)
        w(f"xq = mq - {w.big(root.block * p.slot)}", indent)
        w(f"info = make{root.block}(xq, p)", indent)
        w("to_ = to_of(mq)", indent)
        w("frm_ = from_of(mq)", indent)
        w("sub = 0", indent)
        w(f"for jj in range({m + 1}):", indent)
        w(f"cnt[q1 * {m + 1} + jj] = 0", indent + 1)
        w(f"if {root.legal if root.legal is not None else '1'}:", indent)
        for j, c in enumerate(root.then):
            cond = nodes[c].when
            w(f"cnt[q1 * {m + 1} + {j}] = count{i}_{c}(p, to_, frm_)" + (f" if {cond} else 0" if cond else ""),
              indent + 1)
            w(f"sub += cnt[q1 * {m + 1} + {j}]", indent + 1)
        w("if sub == 0" + (" or 1" if root.optional else "") + ":", indent + 1)  # the turn may end after it
        w(f"cnt[q1 * {m + 1} + {m}] = 1", indent + 2)
        w("sub += 1", indent + 2)
        w(f"unmake{root.block}(xq, p, info)", indent)

    def chosen(indent: int) -> None:  # turn ``r`` of those after first move ``q1`` (``r`` < ``sub``)
        w(f"for jj in range({m + 1}):", indent)
        w(f"c = cnt[q1 * {m + 1} + jj]", indent + 1)
        w("if r >= c:", indent + 1)
        w("r -= c", indent + 2)
        w("continue", indent + 2)
        w("mq = out[q1]", indent + 1)
        w(f"xq = mq - {w.big(root.block * p.slot)}", indent + 1)
        w(f"val = {base} + xq * {w.big(root.tail)}", indent + 1)
        w(f"if jj == {m}:", indent + 1)  # the turn ending after the first move
        w("return val", indent + 2)
        w(f"info = make{root.block}(xq, p)", indent + 1)
        w("to_ = to_of(mq)", indent + 1)
        w("frm_ = from_of(mq)", indent + 1)
        for j, c in enumerate(root.then):
            w(f"{'if' if j == 0 else 'elif'} jj == {j}:", indent + 1)
            w(f"val += {1 + j} + {m} * nth{i}_{c}(p, to_, frm_, r)", indent + 2)
        w(f"unmake{root.block}(xq, p, info)", indent + 1)
        w("return val", indent + 1)

    w(f"if PK{i}[0] < 32 or PK{i}[1] * 16 >= PK{i}[0]:", 1)
    w(f"if PK{i}[0] >= 1024:", 2)
    w(f"PK{i}[0] >>= 1", 3)
    w(f"PK{i}[1] >>= 1", 3)
    w(f"for a in range({TRIES}):", 2)
    w(f"PK{i}[0] += 1", 3)
    w("q1 = rnd(nq)", 3)
    counted(3)
    w(f"r = rnd({most})", 3)
    w("if r < sub:", 3)
    w(f"PK{i}[1] += 1", 4)
    chosen(4)
    w("else:", 1)
    w(f"PK{i}[0] -= 1", 2)  # lately rejected: tried again once in a while
    w("total = 0", 1)
    w("for q1 in range(nq):", 1)
    counted(2)
    w("total += sub", 2)
    w("if total == 0:", 1)
    w("return -1", 2)
    w("r = rnd(total)", 1)
    w("for q1 in range(nq):", 1)
    w("sub = 0", 2)
    w(f"for jj in range({m + 1}):", 2)
    w(f"sub += cnt[q1 * {m + 1} + jj]", 3)
    w("if r >= sub:", 2)
    w("r -= sub", 3)
    w("continue", 3)
    chosen(2)
    w("return -1", 1)
    w("")
