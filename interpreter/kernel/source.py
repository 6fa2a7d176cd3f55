"""The source of a game's kernel: its compiled tables written out as one module of flat integer
arrays and loops, with the moves as ints.

:func:`plan` reads a compiled :class:`~spielwerk.game.Game` and either returns the
:class:`Plan` of its kernel or raises :class:`NotKernel` saying which part of the game the kernel
cannot yet play. :func:`source` writes a plan out twice from one template: as plain Python (the
kernel every install can run) and as typed Cython (``typed=True``, built where a C compiler is
present). Every line of the template is either common to both or marked for one of them, so the two
are the same program.

Nothing of the game file reaches the text but integers: the tables, the conditions (compiled here
from their syntax tree, whose names are looked up, never copied) and the counts. A name that is
not understood ends the plan; it is never written into the source.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..dsl.expr import Call, Const, IfElse, Name, Node, Op, parse_expr

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["NotKernel", "Plan", "plan", "source"]

#: the template's version: part of every kernel's cache key
TEMPLATE = 1


class NotKernel(Exception):
    """The game uses a part the kernel does not play yet (the message says which)."""


#: the keys of a block's entry the kernel understands, per block class name; any other key (a
#: promotion, effects, a ``then``) leaves the game to the engine
_KEYS = {
    "step": {"pieces", "directions", "distance", "to", "onto", "capture", "notation", "description", "legal_if"},
    "slide": {"pieces", "directions", "distance", "to", "notation", "description", "legal_if", "extra"},
    "place": {"pieces", "notation", "description", "legal_if", "where", "except"},
}


@dataclass
class Row:
    """A ``row`` predicate: its rows (square lists), the rows through each square, and per piece
    code the player whose rows it counts for (0: none)."""

    length: int
    rows: list[list[int]]
    through: list[list[int]]
    player_of: list[int]


@dataclass
class Reach:
    """A ``reach`` predicate: per code and square, the player it counts for (0: none)."""

    player_of: list[int]


@dataclass
class Link:
    """A ``connection`` predicate: per player and cell whether it may be in a chain, the
    neighbours of each square, per player and square the regions it lies in (bits), and the items
    of ``between`` as (the bits of their regions, how many one chain must touch)."""

    ok: list[int]
    near: list[list[int]]
    regions: list[int]
    items: list[tuple[int, int]]


@dataclass
class BlockPlan:
    """One block of the phase: its class (``step``, ``slide``, ``place``), the engine's block index,
    the tables it reads, and its ``legal_if`` as kernel code (None: none)."""

    kind: str
    index: int
    tables: dict[str, list[int]]
    legal: str | None
    bound: int


@dataclass
class Plan:
    """What a kernel is made of (see :func:`source`)."""

    squares: int
    codes: int
    reserves: int
    playable: int
    blocks: list[BlockPlan]
    rows: list[Row]
    reaches: list[Reach]
    links: list[Link]
    #: the end rules' conditions as kernel code, in order
    ends: list[str]
    #: ``lose`` or ``draw``: the end of a player without a move
    no_moves: str
    #: per code: the reserve its kind is taken from (-1: none); per code, its owner
    code_reserve: list[int]
    code_owner: list[int]
    #: per player (1, 2) x cell (0 empty, else code + 1): 1 where the cell holds an enemy piece
    enemy: list[int]
    #: tables the conditions read (``file``, ``rank``, ``offset``), by name
    extra: dict[str, list[int]] = field(default_factory=dict)


def plan(game: "Game") -> Plan:
    """The kernel plan of ``game``, or :class:`NotKernel` with the first reason it has none."""
    t, rules = game.t, game.rules
    if t.num_players != 2:
        raise NotKernel(f"{t.num_players} players (the kernel plays two)")
    if t.roll_index >= 0 or game.dice is not None:
        raise NotKernel("dice")
    if len(game.phases) != 1:
        raise NotKernel("more than one phase")
    if not game._plain:
        raise NotKernel("effects, repetition or turns that pass on by a rule")
    if t.stacking:
        raise NotKernel("stacks (the kernel plays one piece a square)")
    if rules.prefer_if or rules.again or rules.block_effects or rules.effects:
        raise NotKernel("`prefer_if`, `again` or effects")
    if game.no_moves not in ("lose", "draw"):
        raise NotKernel(f"no_moves: {game.no_moves}")
    if rules.series is not None or "scoring" in game.spec.data:
        raise NotKernel("points (`scoring`)")
    phase = game.phases[0]
    if phase.plies is not None or phase.chance or phase.until is not None or phase.first is not None:
        raise NotKernel("a phase that ends or begins by a rule")
    if phase.whens is not None or phase.compulsory or phase.prefer:
        raise NotKernel("`when`, compulsory moves or preferences in the phase")
    if "legal_if" in game.spec.data["phases"][0]:
        raise NotKernel("a phase's `legal_if`")
    n = t.topology.size
    reserves = max((len(r) for r in game.initial().reserves), default=0)
    enemy = [0] * (3 * (t.num_codes + 1))
    for p in (1, 2):
        for code in range(t.num_codes):
            enemy[p * (t.num_codes + 1) + code + 1] = int(bool(t.enemy[p][code]))
    out = Plan(n, t.num_codes, reserves, t.topology.full_mask.bit_count(), [], [], [], [], [], game.no_moves,
               list(t.reserve_of_kind[t.code_kind[c]] for c in range(t.num_codes)),
               list(t.code_owner), enemy)
    if len(phase.blocks) * t.num_codes * (n + 1) * n >= 1 << 31:
        raise NotKernel("a board too large for moves as 32-bit ints")
    conditions = _Conditions(game, out)
    for block in phase.blocks:
        out.blocks.append(_block(game, block, conditions))
    for i, rule in enumerate(game.end_rules):
        if rule.score is not None or rule.value is not None:
            raise NotKernel(f"end rule {i + 1} has a score or a value")
        if rule.winner not in ("mover", "opponent", None, "draw") and not isinstance(rule.winner, int):
            raise NotKernel(f"end rule {i + 1}: winner {rule.winner!r}")
        text = game.spec.data["end"][i]["when"]
        out.ends.append(conditions.truth(parse_expr(text)))
    return out


def _block(game: "Game", block: Any, conditions: "_Conditions") -> BlockPlan:
    t = game.t
    n, codes = t.topology.size, t.num_codes
    kind = type(block).__name__.lower()
    if kind not in _KEYS:
        raise NotKernel(f"a `{block.name}` block of this shape")
    extra = set(block.params) - _KEYS[kind]
    if extra:
        raise NotKernel(f"`{sorted(extra)[0]}` on a `{block.name}` block")
    text = block.params.get("legal_if")
    legal = conditions.truth(parse_expr(text)) if text is not None else None
    tables: dict[str, list[int]] = {}
    if kind == "place":
        if block.onto is not None or block.line_from is not None or block.apart is not None \
                or block.count != 1 or block.for_opponent or block.neutral:
            raise NotKernel("a `place` of this shape")
        tables["squares"] = list(block.squares)
        tables["codes"] = [0] * (3 * len(block.kinds))
        for p in (1, 2):
            for j, k in enumerate(block.kinds):
                tables["codes"][p * len(block.kinds) + j] = t.code(k, p)
        bound = len(block.squares) * len(block.kinds)
    else:
        mine = [0] * (3 * (codes + 1))
        for p in (1, 2):
            for code in block.codes[p]:
                mine[p * (codes + 1) + code + 1] = 1
        tables["mine"] = mine
        if kind == "step":
            start, flat = _flatten([block.targets[p][sq] for p in (1, 2) for sq in range(n)])
            tables["start"], tables["to"] = start, flat
            tables["flags"] = [int(block.capture), int(not block.only_capture)]
            bound = n * max((len(x) for p in (1, 2) for x in block.targets[p]), default=0)
        else:
            # per player and square, the rays one after the other, each ended by -1
            lines: list[list[int]] = []
            for p in (1, 2):
                for sq in range(n):
                    seq: list[int] = []
                    for ray in block.rays[p][sq]:
                        seq.extend(ray)
                        seq.append(-1)
                    lines.append(seq)
            start, flat = _flatten(lines)
            tables["start"], tables["rays"] = start, flat
            tables["flags"] = [0 if block.exact is None else 1]
            bound = n * max((sum(len(r) for r in block.rays[p][sq]) for p in (1, 2) for sq in range(n)), default=0)
    return BlockPlan(kind, block.index, tables, legal, max(bound, 1))


def _flatten(lists: list[list[int]]) -> tuple[list[int], list[int]]:
    """Lists as one flat list and where each begins (one more entry: the end)."""
    start, flat = [0], []
    for x in lists:
        flat.extend(x)
        start.append(len(flat))
    return start, flat


class _Conditions:
    """Conditions as kernel code: an expression's syntax tree written out in the names the template
    defines (``mover``, ``to_``, ``frm_``, the cells ``b``, the predicates' counters)."""

    def __init__(self, game: "Game", out: Plan) -> None:
        self.game = game
        self.out = out
        self.rows: dict[str, int] = {}
        self.reaches: dict[str, int] = {}
        self.links: dict[str, int] = {}

    def truth(self, node: Node) -> str:
        code, kind = self.code(node)
        return code if kind == "bool" else f"({code} != 0)"

    def number(self, node: Node) -> str:
        code, kind = self.code(node)
        return f"(1 if {code} else 0)" if kind == "bool" else code

    def code(self, node: Node) -> tuple[str, str]:
        """The node as (kernel code, ``bool`` or ``int``)."""
        if isinstance(node, Const):
            if isinstance(node.value, bool):
                return ("1" if node.value else "0"), "int"
            if isinstance(node.value, int):
                return str(int(node.value)), "int"
            raise NotKernel("a text in a condition")
        if isinstance(node, Name):
            return self.name(node.name)
        if isinstance(node, Op):
            return self.op(node)
        if isinstance(node, IfElse):
            return f"({self.number(node.then)} if {self.truth(node.cond)} else {self.number(node.other)})", "int"
        if isinstance(node, Call):
            return self.call(node)
        raise NotKernel("a condition of this form")

    def name(self, name: str) -> tuple[str, str]:
        constants = self.game.constants
        if name in constants:
            value = constants[name]
            if isinstance(value, bool) or isinstance(value, int):
                return str(int(value)), "int"
            raise NotKernel(f"the constant {name!r} in a condition")
        words = {"mover": ("mover", "int"), "opponent": ("(3 - mover)", "int"), "to": ("to_", "int"),
                 "from": ("frm_", "int"), "board_full": (f"(S[0] == {self.out.playable})", "bool")}
        if name in words:
            return words[name]
        raise NotKernel(f"`{name}` in a condition")

    def op(self, node: Op) -> tuple[str, str]:
        op, args = node.op, node.args
        if op in ("and", "or"):
            return "(" + f" {op} ".join(self.truth(a) for a in args) + ")", "bool"
        if op == "not":
            return f"(not {self.truth(args[0])})", "bool"
        if op == "neg":
            return f"(-{self.number(args[0])})", "int"
        if op in ("==", "!=", "<", "<=", ">", ">="):
            return f"({self.number(args[0])} {op} {self.number(args[1])})", "bool"
        if op in ("+", "-", "*"):
            return f"({self.number(args[0])} {op} {self.number(args[1])})", "int"
        raise NotKernel(f"the operator {op!r} in a condition")

    def call(self, node: Call) -> tuple[str, str]:
        from ..predicates.connection import Connection as ConnectionPredicate
        from ..predicates.reach import Reach as ReachPredicate
        from ..predicates.row import Row as RowPredicate
        from ..topology import SquareTopology
        game, t = self.game, self.game.t
        name, args = node.name, node.args
        predicate = game.predicates.get(name)
        if predicate is not None:
            if len(args) != 1:
                raise NotKernel(f"`{name}` with {len(args)} arguments")
            who = self.number(args[0])
            if isinstance(predicate, RowPredicate):
                k = self._row(name, predicate)
                return f"(RF{k}[{who}] > 0)", "bool"
            if isinstance(predicate, ReachPredicate):
                k = self._reach(name, predicate)
                return f"(RC{k}[{who}] > 0)", "bool"
            if isinstance(predicate, ConnectionPredicate):
                k = self._link(name, predicate)
                return f"linked{k}({who})", "bool"
            raise NotKernel(f"a `{predicate.name}` predicate")
        if name in ("file", "rank", "offset") and not isinstance(t.topology, SquareTopology):
            raise NotKernel(f"`{name}` on this board")
        topo: Any = t.topology
        if name in ("file", "rank") and len(args) == 1:
            table = f"T_{name}"
            if table not in self.out.extra:
                at = 1 if name == "rank" else 0
                self.out.extra[table] = [topo.file_rank(s)[at] for s in range(topo.size)]
            return f"{table}[sq_at({self.number(args[0])})]", "int"
        if name == "offset" and len(args) == 3:
            df, dr = (self._constant(a) for a in args[1:])
            table = f"T_off_{df + 64}_{dr + 64}"
            if table not in self.out.extra:
                width, height, full = topo.width, topo.height, topo.full_mask
                cells = []
                for s in range(topo.size):
                    f, r = s % width + df, s // width + dr
                    m = r * width + f
                    cells.append(m if 0 <= f < width and 0 <= r < height and full >> m & 1 else -1)
                self.out.extra[table] = cells
            return f"off_at({table}, {self.number(args[0])})", "int"
        if name == "height" and len(args) == 1:
            return f"height_at({self.number(args[0])})", "int"
        if name == "owner" and len(args) == 1:
            return f"owner_at({self.number(args[0])})", "int"
        raise NotKernel(f"`{name}(...)` in a condition")

    def _constant(self, node: Node) -> int:
        if isinstance(node, Const) and isinstance(node.value, int) and not isinstance(node.value, bool):
            value = node.value
        elif isinstance(node, Op) and node.op == "neg" and isinstance(node.args[0], Const) \
                and isinstance(node.args[0].value, int):
            value = -node.args[0].value
        else:
            raise NotKernel("`offset` by a number known only while playing")
        if not -64 < value < 64:
            raise NotKernel("`offset` too far")
        return int(value)

    def _row(self, name: str, predicate: Any) -> int:
        if name not in self.rows:
            t = self.game.t
            rows = [[s for s in range(t.topology.size) if m >> s & 1] for m in predicate.rows]
            through = [[i for i, r in enumerate(rows) if s in r] for s in range(t.topology.size)]
            player_of = [0] * t.num_codes
            for p in (1, 2):
                for code in predicate.codes[p]:
                    player_of[code] = p
            self.rows[name] = len(self.out.rows)
            self.out.rows.append(Row(predicate.cells, rows, through, player_of))
        return self.rows[name]

    def _link(self, name: str, predicate: Any) -> int:
        if name in self.links:
            return self.links[name]
        from ..topology import SquareTopology
        t = self.game.t
        params = predicate.params
        if "through" in params:
            raise NotKernel("a `connection` through links")
        topo: Any = t.topology
        n, nc1 = topo.size, t.num_codes + 1
        adjacency = params.get("adjacency") or ("orthogonal" if isinstance(topo, SquareTopology) else "all")
        masks = topo.neighbour_masks(topo.directions(adjacency))
        near = [[m for m in range(n) if masks[s] >> m & 1] for s in range(n)]
        ok = [0] * (3 * nc1)
        for p in (1, 2):
            for code in predicate.codes[p]:
                ok[p * nc1 + code + 1] = 1
        names: list[str] = []
        items = []
        for item in params["between"]:
            regions, need = (item["regions"], int(item["at_least"])) if isinstance(item, dict) else (item, len(item))
            bits = 0
            for r in regions:
                if r not in names:
                    names.append(r)
                bits |= 1 << names.index(r)
            items.append((bits, need))
        if len(names) > 30:
            raise NotKernel("a `connection` between more than 30 regions")
        regions = [0] * (3 * n)
        for p in (1, 2):
            for i, r in enumerate(names):
                mask = t.player_region_mask(r, p)
                for sq in range(n):
                    if mask >> sq & 1:
                        regions[p * n + sq] |= 1 << i
        self.links[name] = len(self.out.links)
        self.out.links.append(Link(ok, near, regions, items))
        return self.links[name]

    def _reach(self, name: str, predicate: Any) -> int:
        if name not in self.reaches:
            t = self.game.t
            n = t.topology.size
            player_of = [0] * (t.num_codes * n)
            for p in (1, 2):
                code, mask = predicate.codes[p], predicate.masks[p]
                for s in range(n):
                    if mask >> s & 1:
                        player_of[code * n + s] = p
            self.reaches[name] = len(self.out.reaches)
            self.out.reaches.append(Reach(player_of))
        return self.reaches[name]


# -- the template ---------------------------------------------------------------------------------
class _Writer:
    """Lines of the kernel for one mode: a line given as (typed, plain) is written in its mode's
    form; None leaves it out of that mode."""

    def __init__(self, typed: bool) -> None:
        self.typed = typed
        self.lines: list[str] = []

    def __call__(self, line: str, indent: int = 0) -> None:
        self.lines.append("    " * indent + line)

    def both(self, typed: str | None, plain: str | None, indent: int = 0) -> None:
        line = typed if self.typed else plain
        if line is not None:
            self(line, indent)

    def table(self, name: str, values: list[int]) -> None:
        """A constant table: a C array filled at import (typed), a list (plain)."""
        text = ", ".join(str(int(v)) for v in values) or "0"
        if self.typed:
            self(f"cdef int {name}[{max(1, len(values))}]")
            self(f"_fill({name}, ({text},))")
        else:
            self(f"{name} = [{text}]")

    def array(self, name: str, size: int) -> None:
        """A changing array of ints, zero at first."""
        if self.typed:
            self(f"cdef int {name}[{max(1, size)}]")
        else:
            self(f"{name} = [0] * {max(1, size)}")

    def func(self, name: str, args: list[tuple[str, str]], ret: str, inline: bool = True) -> None:
        """A function's first line: a C function (typed; ``ret`` its C type), a def (plain)."""
        if self.typed:
            params = ", ".join(f"{ctype} {arg}" for ctype, arg in args)
            head = "cdef inline" if inline else "cdef"
            self(f"{head} {ret} {name}({params}) noexcept:")
        else:
            self(f"def {name}({', '.join(arg for _, arg in args)}):")

    def local(self, decl: str, indent: int = 1) -> None:
        """A typed local (``cdef int i, j``); nothing in plain Python."""
        if self.typed:
            self(f"cdef {decl}", indent)


def source(p: Plan, typed: bool) -> str:
    """The kernel module of plan ``p``: typed Cython, or plain Python."""
    w = _Writer(typed)
    n, nc = p.squares, p.codes
    nf = n + 1
    r = max(1, p.reserves)
    bound = sum(b.bound for b in p.blocks) + 1
    w(f"# the kernel of one game (spielwerk kernel template {TEMPLATE}); written by spielwerk.kernel")
    w("# every number below comes from the game's compiled tables")
    if typed:
        w("# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False")
        w("cdef void _fill(int* a, tuple values):")
        w("cdef Py_ssize_t i", 1)
        w("for i in range(len(values)):", 1)
        w("a[i] = values[i]", 2)
    w(f"BOUND = {bound}")
    w.table("CODE_RES", p.code_reserve)
    w.table("OWNER", p.code_owner)
    w.table("ENEMY", p.enemy)
    for name, values in sorted(p.extra.items()):
        w.table(name, values)
    w.array("b", n)
    w.array("RES", 3 * r)
    w.array("S", 1)  # S[0]: the playable squares taken
    # per owner (0 neutral, 1, 2) the squares of his pieces, PL[q * N + i] for i < PN[q], and per
    # square its place in its owner's list
    w.array("PL", 3 * n)
    w.array("PN", 3)
    w.array("PI", n)
    for k, row in enumerate(p.rows):
        starts, flat = _flatten(row.through)
        w.table(f"RT{k}S", starts)
        w.table(f"RT{k}", flat)
        w.table(f"RP{k}", row.player_of)
        w.array(f"RN{k}", 3 * len(row.rows))
        w.array(f"RF{k}", 3)
    for k, reach in enumerate(p.reaches):
        w.table(f"CP{k}", reach.player_of)
        w.array(f"RC{k}", 3)
    for k, link in enumerate(p.links):
        starts, flat = _flatten(link.near)
        w.table(f"LN{k}S", starts)
        w.table(f"LN{k}", flat)
        w.table(f"LK{k}", link.ok)
        w.table(f"LR{k}", link.regions)
    if p.links:
        w.array("VIS", n)  # the squares a flood reached, by the number of the flood
        w.array("STK", n)
        w.array("MARK", 1)
    for i, blk in enumerate(p.blocks):
        for name, values in blk.tables.items():
            w.table(f"B{i}_{name}", values)
    w.both("cdef unsigned long long rs = 1", "rs = 1")
    w("")
    _helpers(w, p)
    _changes(w, p)
    _generate(w, p)
    _ends(w, p)
    _entries(w, p, bound)
    return "\n".join(w.lines) + "\n"


def _helpers(w: _Writer, p: Plan) -> None:
    n = p.squares
    w.func("sq_at", [("int", "s")], "int")
    w(f"return s if s >= 0 else {n - 1}", 1)
    w.func("height_at", [("int", "s")], "int")
    w("return 1 if s >= 0 and b[s] != 0 else 0", 1)
    w.func("owner_at", [("int", "s")], "int")
    w("if s < 0 or b[s] == 0:", 1)
    w("return 0", 2)
    w("return OWNER[b[s] - 1]", 1)
    w.func("off_at", [("int*", "table"), ("int", "s")], "int")
    w("return table[s] if s >= 0 else -1", 1)
    w.func("bits", [("int", "x")], "int")
    w.local("int c")
    w("c = 0", 1)
    w("while x:", 1)
    w("x &= x - 1", 2)
    w("c += 1", 2)
    w("return c", 1)
    nc1 = p.codes + 1
    for k, link in enumerate(p.links):
        # the player's groups, each flooded once; a group touching enough regions of an item links
        w.func(f"linked{k}", [("int", "q")], "bint")
        w.local("int i, s, t, u, e, top, mark, touched, c")
        w("MARK[0] += 1", 1)
        w("if MARK[0] >= 1073741824:", 1)  # a fresh count before it could wrap
        w(f"for i in range({n}):", 2)
        w("VIS[i] = 0", 3)
        w("MARK[0] = 1", 2)
        w("mark = MARK[0]", 1)
        w("for i in range(PN[q]):", 1)
        w(f"s = PL[q * {n} + i]", 2)
        w(f"if VIS[s] == mark or not LK{k}[q * {nc1} + b[s]]:", 2)
        w("continue", 3)
        w("VIS[s] = mark", 2)
        w("STK[0] = s", 2)
        w("top = 1", 2)
        w("touched = 0", 2)
        w("while top:", 2)
        w("top -= 1", 3)
        w("t = STK[top]", 3)
        w(f"touched |= LR{k}[q * {n} + t]", 3)
        w(f"for e in range(LN{k}S[t], LN{k}S[t + 1]):", 3)
        w(f"u = LN{k}[e]", 4)
        w("c = b[u]", 4)
        w(f"if c and VIS[u] != mark and LK{k}[q * {nc1} + c]:", 4)
        w("VIS[u] = mark", 5)
        w("STK[top] = u", 5)
        w("top += 1", 5)
        for bits, need in link.items:
            w(f"if bits(touched & {bits}) >= {need}:", 2)
            w("return 1", 3)
        w("return 0", 1)
        w("")
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


def _changes(w: _Writer, p: Plan) -> None:
    """``put`` and ``lift``: a cell changes, and every counter that reads it with it."""
    n = p.squares
    for name, sign in (("put", 1), ("lift", -1)):
        w.func(name, [("int", "s"), ("int", "code")], "void")
        w.local("int i, q, j, c")
        w("b[s] = code + 1" if sign > 0 else "b[s] = 0", 1)
        w(f"S[0] += {sign}", 1)
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
        for k, row in enumerate(p.rows):
            w(f"q = RP{k}[code]", 1)
            w("if q:", 1)
            w(f"for i in range(RT{k}S[s], RT{k}S[s + 1]):", 2)
            w(f"j = q * {len(row.rows)} + RT{k}[i]", 3)
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
        for k, _ in enumerate(p.reaches):
            w(f"q = CP{k}[code * {n} + s]", 1)
            w("if q:", 1)
            w(f"RC{k}[q] += {sign}", 2)
        w("")
    r = max(1, p.reserves)
    nf = n + 1
    # a move: ((block * NC + code) * NF + from) * N + to, from N for a piece put on the board
    w.func("make", [("int", "mv"), ("int", "p")], "int")
    w.local("int to_, frm_, code, cap, res")
    w(f"to_ = mv % {n}", 1)
    w(f"frm_ = (mv // {n}) % {nf}", 1)
    w(f"code = (mv // {n * nf}) % {p.codes}", 1)
    w(f"if frm_ == {n}:", 1)
    w("put(to_, code)", 2)
    w("res = CODE_RES[code]", 2)
    w("if res >= 0:", 2)
    w(f"RES[p * {r} + res] -= 1", 3)
    w("return 0", 2)
    w("cap = b[to_]", 1)
    w("if cap:", 1)
    w("lift(to_, cap - 1)", 2)
    w("lift(frm_, code)", 1)
    w("put(to_, code)", 1)
    w("return cap", 1)
    w("")
    w.func("unmake", [("int", "mv"), ("int", "p"), ("int", "cap")], "void")
    w.local("int to_, frm_, code, res")
    w(f"to_ = mv % {n}", 1)
    w(f"frm_ = (mv // {n}) % {nf}", 1)
    w(f"code = (mv // {n * nf}) % {p.codes}", 1)
    w("lift(to_, code)", 1)
    w(f"if frm_ == {n}:", 1)
    w("res = CODE_RES[code]", 2)
    w("if res >= 0:", 2)
    w(f"RES[p * {r} + res] += 1", 3)
    w("return", 2)
    w("put(frm_, code)", 1)
    w("if cap:", 1)
    w("put(to_, cap - 1)", 2)
    w("")


def _generate(w: _Writer, p: Plan) -> None:
    """``gen(p, out)``: the legal moves of player ``p`` into ``out``, their number returned."""
    n, nc = p.squares, p.codes
    nf, nc1 = n + 1, nc + 1
    r = max(1, p.reserves)
    for i, blk in enumerate(p.blocks):
        if blk.legal is None:
            continue
        w.func(f"legal{i}", [("int", "mover"), ("int", "to_"), ("int", "frm_")], "bint")
        w(f"return {blk.legal}", 1)
        w("")
    w.func("gen", [("int", "p"), ("int*", "out")], "int", inline=False)
    w.local("int k, first, j, s, t, c, e, code, mv, cap, x")
    w("k = 0", 1)
    for i, blk in enumerate(p.blocks):
        base = i * nc * nf * n
        w("first = k", 1)
        if blk.kind == "place":
            kinds = len(blk.tables["codes"]) // 3
            w(f"for j in range({kinds}):", 1)
            w(f"code = B{i}_codes[p * {kinds} + j]", 2)
            w("x = CODE_RES[code]", 2)
            w(f"if x >= 0 and RES[p * {r} + x] < 1:", 2)
            w("continue", 3)
            w(f"for e in range({len(blk.tables['squares'])}):", 2)
            w(f"s = B{i}_squares[e]", 3)
            w("if b[s] == 0:", 3)
            w(f"out[k] = {base} + (code * {nf} + {n}) * {n} + s", 4)
            w("k += 1", 4)
        elif blk.kind == "step":
            capture, empty_ok = blk.tables["flags"]
            w("for x in range(PN[p]):", 1)
            w(f"s = PL[p * {n} + x]", 2)
            w("c = b[s]", 2)
            w(f"if not B{i}_mine[p * {nc1} + c]:", 2)
            w("continue", 3)
            w(f"mv = {base} + (c - 1) * {nf * n} + s * {n}", 2)
            w(f"for e in range(B{i}_start[(p - 1) * {n} + s], B{i}_start[(p - 1) * {n} + s + 1]):", 2)
            w(f"t = B{i}_to[e]", 3)
            w("c = b[t]", 3)
            w("if c:", 3)
            if capture:
                w(f"if ENEMY[p * {nc1} + c]:", 4)
                w("out[k] = mv + t", 5)
                w("k += 1", 5)
            else:
                w("pass", 4)
            if empty_ok:
                w("else:", 3)
                w("out[k] = mv + t", 4)
                w("k += 1", 4)
        else:  # slide: rays ended by -1, empty squares only
            exact = blk.tables["flags"][0]
            w("for x in range(PN[p]):", 1)
            w(f"s = PL[p * {n} + x]", 2)
            w("c = b[s]", 2)
            w(f"if not B{i}_mine[p * {nc1} + c]:", 2)
            w("continue", 3)
            w(f"mv = {base} + (c - 1) * {nf * n} + s * {n}", 2)
            w(f"e = B{i}_start[(p - 1) * {n} + s]", 2)
            w(f"j = B{i}_start[(p - 1) * {n} + s + 1]", 2)
            w("while e < j:", 2)
            w(f"t = B{i}_rays[e]", 3)
            w("e += 1", 3)
            w("if t < 0:", 3)
            if exact:
                w("out[k] = mv + B{0}_rays[e - 2]".format(i), 4)
                w("k += 1", 4)
            w("continue", 4)
            w("if b[t]:", 3)
            w(f"while B{i}_rays[e] >= 0:", 4)
            w("e += 1", 5)
            w("e += 1", 4)
            w("continue", 4)
            if not exact:
                w("out[k] = mv + t", 3)
                w("k += 1", 3)
        if blk.legal is not None:
            w("j = first", 1)
            w("for e in range(first, k):", 1)
            w("mv = out[e]", 2)
            w("cap = make(mv, p)", 2)
            w(f"t = mv % {n}", 2)
            w(f"s = (mv // {n}) % {nf}", 2)
            w(f"x = legal{i}(p, t, -1 if s == {n} else s)", 2)
            w("unmake(mv, p, cap)", 2)
            w("if x:", 2)
            w("out[j] = mv", 3)
            w("j += 1", 3)
            w("k = j", 1)
    w("return k", 1)
    w("")


def _ends(w: _Writer, p: Plan) -> None:
    """``ended(mover, mv)``: the first end rule that holds after ``mover`` played ``mv``, or -1."""
    n, nf = p.squares, p.squares + 1
    w.func("ended", [("int", "mover"), ("int", "mv")], "int")
    w.local("int to_, frm_")
    w(f"to_ = mv % {n}", 1)
    w(f"frm_ = (mv // {n}) % {nf}", 1)
    w(f"if frm_ == {n}:", 1)
    w("frm_ = -1", 2)
    for i, cond in enumerate(p.ends):
        w(f"if {cond}:", 1)
        w(f"return {i}", 2)
    w("return -1", 1)
    w("")


def _entries(w: _Writer, p: Plan, bound: int) -> None:
    """What Python calls: ``load``, ``moves``, ``perft``, ``playouts``."""
    n = p.squares
    r = max(1, p.reserves)
    clear = [f"RN{k}" for k, _ in enumerate(p.rows)] + [f"RF{k}" for k, _ in enumerate(p.rows)] \
        + [f"RC{k}" for k, _ in enumerate(p.reaches)]
    sizes = {f"RN{k}": 3 * len(row.rows) for k, row in enumerate(p.rows)}
    w("def load(cells, reserves):")
    w('"""Set the position: per square 0 (empty) or a piece code + 1; per player the reserves."""', 1)
    w.local("int i, s")
    w(f"for s in range({n}):", 1)
    w("b[s] = 0", 2)
    w("PN[0] = PN[1] = PN[2] = 0", 1)
    for name in clear:
        w(f"for i in range({max(1, sizes.get(name, 3))}):", 1)
        w(f"{name}[i] = 0", 2)
    w("S[0] = 0", 1)
    w(f"for i in range({3 * r}):", 1)
    w("RES[i] = reserves[i]", 2)
    w(f"for s in range({n}):", 1)
    w("if cells[s]:", 2)
    w("put(s, cells[s] - 1)", 3)
    w("")
    w.func("perft_", [("int", "p"), ("int", "depth")], "long long", inline=False)
    w.local(f"int buf[{bound}]")
    w.local("int k, i, mv, cap")
    w.local("long long total")
    if not w.typed:
        w(f"buf = [0] * {bound}", 1)
    w("k = gen(p, buf)", 1)
    w("if depth == 1:", 1)
    w("return k", 2)
    w("total = 0", 1)
    w("for i in range(k):", 1)
    w("mv = buf[i]", 2)
    w("cap = make(mv, p)", 2)
    w("if ended(p, mv) < 0:", 2)
    w("total += perft_(3 - p, depth - 1)", 3)
    w("unmake(mv, p, cap)", 2)
    w("return total", 1)
    w("")
    w("def perft(p, depth):")
    w('"""The leaves of the move tree of the loaded position, ``p`` to move, to ``depth`` >= 1."""', 1)
    w("return perft_(p, depth)", 1)
    w("")
    w("def moves(p):")
    w('"""The legal moves of the loaded position, as ints."""', 1)
    w.local(f"int buf[{bound}]")
    w.local("int k, i")
    if not w.typed:
        w(f"buf = [0] * {bound}", 1)
    w("k = gen(p, buf)", 1)
    w("return [buf[i] for i in range(k)]", 1)
    w("")
    w("def end_after(mover, mv):")
    w('"""The end rule that holds after ``mover`` played ``mv`` (played already), or -1."""', 1)
    w("return ended(mover, mv)", 1)
    w("")
    w("def play(mv, p):")
    w('"""Play ``mv`` for ``p`` on the loaded position; what taking it back needs."""', 1)
    w("return make(mv, p)", 1)
    w("")
    w("def playouts(cells, reserves, p0, games, seed, max_plies):")
    w('"""Random games from a position: per game (end rule, or -1 a player without a move, -2', 1)
    w('unfinished), the last player to move (or the one without a move), plies; one flat list."""', 1)
    w.local(f"int buf[{bound}]")
    w.local("int g, k, p, mv, rule, plies, limit, e")
    w("global rs", 1)
    if not w.typed:
        w(f"buf = [0] * {bound}", 1)
    w("results = []", 1)
    w.both("rs = (<unsigned long long>seed * 2 + 1) ^ 0x9E3779B97F4A7C15ULL",
           "rs = ((seed * 2 + 1) ^ 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF", 1)
    w("limit = max_plies", 1)
    w("for g in range(games):", 1)
    w("load(cells, reserves)", 2)
    w("p = p0", 2)
    w("plies = 0", 2)
    w("rule = -2", 2)
    w("while plies < limit:", 2)
    w("k = gen(p, buf)", 3)
    w("if k == 0:", 3)
    w("rule = -1", 4)
    w("break", 4)
    w("mv = buf[rnd(k)]", 3)
    w("make(mv, p)", 3)
    w("plies += 1", 3)
    w("e = ended(p, mv)", 3)
    w("if e >= 0:", 3)
    w("rule = e", 4)
    w("break", 4)
    w("p = 3 - p", 3)
    w("results.append(rule)", 2)
    w("results.append(p)", 2)
    w("results.append(plies)", 2)
    w("return results", 1)
