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
    "step": {"pieces", "directions", "distance", "to", "onto", "capture", "notation", "description", "legal_if",
             "sets"},
    "slide": {"pieces", "directions", "distance", "to", "notation", "description", "legal_if", "extra", "sets"},
    "place": {"pieces", "notation", "description", "legal_if", "where", "except", "owner", "sets", "effects"},
    "jump": {"take", "directions", "over", "jumped", "chain", "compulsory", "promote", "sets", "pieces",
             "notation", "description", "legal_if", "revisit"},
    "move": {"take", "directions", "distance", "promote", "sets", "pieces", "notation", "description",
             "legal_if"},
    "carry": {"take", "limit", "directions", "drop", "to", "blocked_by", "flatten", "notation", "description",
              "legal_if"},
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
    #: ``sets``: the counters the move sets, as (slot code, value code)
    sets: list[tuple[str, str]] = field(default_factory=list)
    #: a compulsory block (``compulsory: true``): where it has moves, only compulsory moves are legal
    compulsory: bool = False


@dataclass
class End:
    """An end rule as kernel code: its condition, who wins (``mover``, ``opponent``, a player's
    number or 0 for a draw), and its ``score`` and ``value`` (None: none)."""

    when: str
    winner: str
    score: str | None
    value: str | None


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
    #: the end rules, in order
    ends: list[End]
    #: ``lose`` or ``draw``: the end of a player without a move
    no_moves: str
    #: per code: the reserve its kind is taken from (-1: none); per code, its owner
    code_reserve: list[int]
    code_owner: list[int]
    #: per player (1, 2) x cell (0 empty, else code + 1): 1 where the cell holds an enemy piece
    enemy: list[int]
    #: tables the conditions read (``file``, ``rank``, ``offset``), by name
    extra: dict[str, list[int]] = field(default_factory=dict)
    #: pieces stand in stacks (``height`` at most)
    stacking: bool = False
    height: int = 1
    #: the phases: the ply each ends at, and the plan's blocks it offers (their numbers)
    phases: list[tuple[int, list[int]]] = field(default_factory=list)
    #: the drops of carrying moves, every one the carrying blocks can make
    patterns: list[tuple[int, ...]] = field(default_factory=list)
    #: the room each block has in a move's int (a move is block number x slot + its own part)
    slot: int = 1
    #: ``holds`` predicates: per code and square the player it counts for, each player's number of squares
    holds: list[tuple[list[int], list[int]]] = field(default_factory=list)
    #: a player without a move passes (``no_moves: pass``)
    passing: bool = False
    #: a condition asks for a player's moves (``can_move``, ``mobility``)
    asks: bool = False
    #: the counters' start values, slot by slot, and by name (slot, kept per player)
    counters: list[int] = field(default_factory=list)
    counter_slots: dict[str, tuple[int, bool]] = field(default_factory=dict)


def plan(game: "Game") -> Plan:
    """The kernel plan of ``game``, or :class:`NotKernel` with the first reason it has none."""
    t, rules = game.t, game.rules
    if t.num_players != 2:
        raise NotKernel(f"{t.num_players} players (the kernel plays two)")
    if t.roll_index >= 0 or game.dice is not None:
        raise NotKernel("dice")
    from ..effects import SetCounters
    if rules.effects or game.repetition or rules.track_boards or rules.trim is not None or game._roll_again:
        raise NotKernel("effects, repetition or turns that pass on by a rule")
    from ..effects import Outflank
    for number, (before, after) in rules.block_effects.items():
        if any(not isinstance(e, SetCounters) or e.when is not None for e in after):
            raise NotKernel("effects")
        if any(not isinstance(e, Outflank) or e.when is not None or getattr(e, "keep_if", None) is not None
               or not e.flip or t.stacking or game.blocks[number].name != "place" for e in before) or len(before) > 1:
            raise NotKernel("effects")
    if t.stacking and t.max_stack:
        raise NotKernel("a stack limit")
    if rules.prefer_if or rules.again:
        raise NotKernel("`prefer_if` or `again`")
    if game.no_moves not in ("lose", "draw", "pass"):
        raise NotKernel(f"no_moves: {game.no_moves}")
    if rules.series is not None or "scoring" in game.spec.data:
        raise NotKernel("points (`scoring`)")
    for i, phase in enumerate(game.phases):
        if phase.chance or phase.until is not None or phase.first is not None \
                or (phase.plies is None and i < len(game.phases) - 1):
            raise NotKernel("a phase that ends or begins by a rule")
        if phase.whens is not None or phase.prefer:
            raise NotKernel("`when` or preferences in a phase")
        if "legal_if" in game.spec.data["phases"][i]:
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
    out.stacking, out.height = t.stacking, t.max_height
    out.passing = game.no_moves == "pass"
    out.counters, out.counter_slots = list(t.counter_start), dict(t.counter_slots)
    conditions = _Conditions(game, out)
    for phase, end in zip(game.phases, t.phase_end):
        numbers = []
        for block in phase.blocks:
            numbers.append(len(out.blocks))
            made = _block(game, block, conditions)
            made.compulsory = bool(phase.compulsory) and block in phase.compulsory
            flank = (rules.block_effects.get(block.index) or ([], []))[0]
            if flank:
                _outflank(game, flank[0], made.tables)
            out.blocks.append(made)
        out.phases.append((min(end, 1 << 30), numbers))
    out.slot = max([t.num_codes * (n + 1) * n] + [b.tables.get("room", [0])[0] for b in out.blocks])
    if len(out.blocks) * out.slot >= 1 << 62:
        raise NotKernel("a board too large for moves as 64-bit ints")
    ends = game.spec.data.get("end", [])
    for i, rule in enumerate(game.end_rules):
        if rule.winner not in ("mover", "opponent", None, "draw") and not isinstance(rule.winner, int):
            raise NotKernel(f"end rule {i + 1}: winner {rule.winner!r}")
        winner = rule.winner if rule.winner in ("mover", "opponent") else str(rule.winner or 0)
        if winner == "draw":
            winner = "0"
        decl = ends[i]
        out.ends.append(End(conditions.truth(parse_expr(decl["when"])), winner,
                            conditions.number(parse_expr(decl["score"]), "score") if "score" in decl else None,
                            conditions.number(parse_expr(decl["value"]), "value") if "value" in decl else None))
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
    legal = conditions.truth(parse_expr(text), "legal") if text is not None else None
    sets = [conditions.counter_set(key, value) for key, value in (block.params.get("sets") or {}).items()]
    tables: dict[str, list[int]] = {}
    if t.stacking and kind in ("step", "slide"):
        raise NotKernel(f"a `{block.name}` of one piece on a board of stacks")
    if kind == "place":
        if block.onto is not None or block.line_from is not None or block.apart is not None \
                or block.count != 1 or block.neutral:
            raise NotKernel("a `place` of this shape")
        tables["squares"] = list(block.squares)
        # per player to move, the codes he may place (his own, or with `owner: opponent` the
        # opponent's, from the opponent's reserve)
        tables["codes"] = [0] * (3 * len(block.kinds))
        for p in (1, 2):
            supplier = 3 - p if block.for_opponent else p
            for j, k in enumerate(block.kinds):
                tables["codes"][p * len(block.kinds) + j] = t.code(k, supplier)
        bound = len(block.squares) * len(block.kinds)
    elif kind == "carry":
        bound = _carry(game, block, tables, conditions.out)
    elif kind == "jump":
        bound = _jump(game, block, tables)
    elif kind == "move":
        bound = _line_step(game, block, tables)
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
    return BlockPlan(kind, block.index, tables, legal, max(bound, 1), sets)


def _carry(game: "Game", block: Any, tables: dict[str, list[int]], out: Plan) -> int:
    """The tables of a ``carry`` block: its rays, and by the most pieces carried and the squares
    free the drops it may make (numbers into the plan's patterns); the room its moves need."""
    from ..blocks.carry import compositions
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
    tables["plain_start"], tables["plain"] = _flatten(plain)
    tables["flat_start"], tables["flat"] = _flatten(flat)
    tables["shape"] = [nd, limit, reach]
    tables["room"] = [n * nd * 4096]
    if len(out.patterns) > 4096:
        raise NotKernel("a carry of more than 4096 ways to drop")
    most = max((len(x) for x in plain), default=0) + max((len(x) for x in flat), default=0)
    return n * nd * most


def _directions(block: Any, t: Any) -> list[str]:
    """Every direction name a block's per-kind rays use, in a fixed order."""
    names: list[str] = []
    for per_kind in block.rays[1:]:
        for squares in per_kind:
            for lines in squares:
                for name, _ in lines:
                    if name not in names:
                        names.append(name)
    return names


def _kind_steps(block: Any, t: Any, names: list[str], at: int) -> list[int]:
    """Per square and direction (of ``names``): the square ``at`` steps along the ray (0 the next
    one), or -1. A direction's ray from a square is the same for every player and kind."""
    n, kinds = t.topology.size, len(t.kind_names)
    out = [-2] * (n * len(names))
    for p in (1, 2):
        for kind in range(kinds):
            for sq in range(n):
                for name, ray in block.rays[p][kind][sq]:
                    here = ray[at] if len(ray) > at else -1
                    slot = sq * len(names) + names.index(name)
                    if out[slot] not in (-2, here):
                        raise NotKernel("directions whose lines differ by player or kind")
                    out[slot] = here
    return [-1 if x == -2 else x for x in out]


def _kind_directions(block: Any, t: Any, names: list[str]) -> list[int]:
    """Per player, kind and direction (of ``names``): 1 where the kind moves that way."""
    kinds = len(t.kind_names)
    out = [0] * (3 * kinds * len(names))
    for p in (1, 2):
        for kind in range(kinds):
            for squares in block.rays[p][kind]:
                for name, _ in squares:
                    out[(p * kinds + kind) * len(names) + names.index(name)] = 1
    return out


def _promotion(block: Any, t: Any, tables: dict[str, list[int]]) -> None:
    """A block's ``promote``: per code the code it becomes (-1: none), per player and square
    whether it promotes there."""
    n = t.topology.size
    promotion = block.promotion
    tables["becomes"] = list(promotion.becomes) if promotion is not None else [-1] * t.num_codes
    tables["crown"] = [0] * (3 * n)
    if promotion is not None:
        for p in (1, 2):
            for sq in range(n):
                tables["crown"][p * n + sq] = promotion.region[p] >> sq & 1


def _mine(block: Any, t: Any) -> list[int]:
    """Per player and cell: 1 where the block moves the stack that cell tops."""
    nc1 = t.num_codes + 1
    mine = [0] * (3 * nc1)
    for p in (1, 2):
        for code in block.codes[p]:
            mine[p * nc1 + code + 1] = 1
    return mine


def _jump(game: "Game", block: Any, tables: dict[str, list[int]]) -> int:
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
    names = _directions(block, t)
    tables["over"] = [0] * (3 * (t.num_codes + 1))
    for p in (1, 2):
        for cell in range(t.num_codes + 1):
            tables["over"][p * (t.num_codes + 1) + cell] = int(bool(cell) and bool(block.over.ok[p][cell]))
    tables["mine"] = _mine(block, t)
    tables["mid"] = _kind_steps(block, t, names, 0)
    tables["land"] = _kind_steps(block, t, names, 1)
    tables["ways"] = _kind_directions(block, t, names)
    _promotion(block, t, tables)
    hops = min(t.total_pieces, n) + 1
    nd = max(1, len(names))
    tables["shape"] = [nd, hops, int(block.whole), int(block.mode == "take_top"), int(block.chain),
                       int(block.promotion is not None and block.promotion.chain == "ends")]
    # the jumped piece stays (``jumped: keep``); the chain may stop after any jump; no square landed on twice
    tables["more"] = [int(block.mode == "keep"), int(block.may_stop), int(not block.revisit)]
    tables["room"] = [nd ** (hops - 1) * hops * n]
    tables["kind"] = list(t.code_kind)
    return 4 * n * nd  # chains are few; the moves of a position are bounded by the buffer's growth


def _line_step(game: "Game", block: Any, tables: dict[str, list[int]]) -> int:
    """The tables of a general ``move`` of one square onto an empty one, in per-kind directions,
    taking the top piece or the whole stack, with promotion."""
    t = game.t
    landing = block.landing
    if block.spread or block.distance != 1 or block.screens or block.from_region is not None \
            or block.from_condition is not None or block.under or block.captures or block.returns \
            or any(block.flattener) or block.k_min != block.k_max or not landing.simple \
            or not landing.ok[1][0] or any(landing.ok[p][c] for p in (1, 2) for c in range(1, t.num_codes + 1)):
        raise NotKernel("a `move` of this shape")
    if block.k_min not in (1, "height") and not callable(block.k_min):
        raise NotKernel("a `move` of this shape")
    names = _directions(block, t)
    tables["mine"] = _mine(block, t)
    tables["to"] = _kind_steps(block, t, names, 0)
    tables["ways"] = _kind_directions(block, t, names)
    tables["kind"] = list(t.code_kind)
    _promotion(block, t, tables)
    tables["shape"] = [max(1, len(names)), int(block.whole)]
    n = t.topology.size
    return n * max(1, len(names))


def _outflank(game: "Game", effect: Any, tables: dict[str, list[int]]) -> None:
    """An ``outflank`` that flips (after a ``place``): the lines from each square (rays ended by
    -1), the most pieces a run may have (0: any), and per code whether it turns."""
    t = game.t
    lines = []
    for sq in range(t.topology.size):
        seq: list[int] = []
        for ray in effect.lines[sq]:
            seq.extend(ray)
            seq.append(-1)
        lines.append(seq)
    tables["flank_start"], tables["flank"] = _flatten(lines)
    tables["flank_most"] = [effect.most]
    tables["flank_turns"] = [int(bool(k)) for k in effect.kinds]


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
        self.holds: dict[str, int] = {}
        #: what is being written: a condition (``when``), or an end rule's ``score`` (which reads
        #: ``player``) or ``value`` (which reads ``winner``)
        self.context = "when"

    def truth(self, node: Node, context: str | None = None) -> str:
        if context is not None:
            self.context = context
            try:
                return self.truth(node)
            finally:
                self.context = "when"
        code, kind = self.code(node)
        return code if kind == "bool" else f"({code} != 0)"

    def number(self, node: Node, context: str | None = None) -> str:
        if context is not None:
            self.context = context
            try:
                return self.number(node)
            finally:
                self.context = "when"
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

    def counter_set(self, key: str, value: Any) -> tuple[str, str]:
        """A ``sets`` entry: the counter's slot and its new value, as kernel code."""
        from ..dsl.spec import counter_target
        target = counter_target(str(key))
        if target is None or target[0] not in self.out.counter_slots:
            raise NotKernel(f"the counter {key!r}")
        first, _ = self.out.counter_slots[target[0]]
        who = target[1]
        slot = str(first) if who is None else str(first + int(who) - 1) if who in ("1", "2") \
            else f"({first} + 2 - mover)" if who == "opponent" else f"({first} + mover - 1)"
        return slot, self.number(parse_expr(value) if isinstance(value, str) else Const(value))

    def name(self, name: str) -> tuple[str, str]:
        slots = self.out.counter_slots
        if name in slots and not slots[name][1]:
            return f"CNT[{slots[name][0]}]", "int"
        constants = self.game.constants
        if name in constants:
            value = constants[name]
            if isinstance(value, bool) or isinstance(value, int):
                return str(int(value)), "int"
            raise NotKernel(f"the constant {name!r} in a condition")
        words = {"move_flips": ("FL[0]", "int"),
                 "mover": ("mover", "int"), "opponent": ("(3 - mover)", "int"), "to": ("to_", "int"),
                 "from": ("frm_", "int"), "board_full": (f"(S[0] == {self.out.playable})", "bool")}
        if name in words:
            return words[name]
        if name == "player" and self.context == "score" or name == "winner" and self.context == "value":
            return name, "int"
        if name == "ply" and self.context != "legal":  # the plies played, this move's included
            return "PLY[0]", "int"
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
        from ..predicates.holds import Holds as HoldsPredicate
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
            if isinstance(predicate, HoldsPredicate):
                k = self._holds(name, predicate)
                return f"(HC{k}[{who}] == HN{k}[{who}])", "bool"
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
        if name == "reserve" and len(args) in (1, 2):
            r = max(1, self.out.reserves)
            who = self.number(args[0])
            if len(args) == 2:
                slot = t.reserve_names.index(self._word(args[1], t.reserve_names))
                return f"RES[({who}) * {r} + {slot}]", "int"
            return "(" + " + ".join(f"RES[({who}) * {r} + {i}]" for i in range(r)) + ")", "int"
        if name in ("can_move", "mobility") and len(args) == 1:
            self.out.asks = True
            who = self.number(args[0])
            return (f"(moves_of({who}) > 0)", "bool") if name == "can_move" else (f"moves_of({who})", "int")
        if name == "count" and len(args) >= 2:
            if t.stacking:
                raise NotKernel("`count` on a board of stacks")
            who = self.number(args[0])
            kinds = [t.kind_index[self._word(a, t.kind_names)] for a in args[1:]]
            return "(" + " + ".join(f"TC[{k * 2} + ({who}) - 1]" for k in kinds) + ")", "int"
        if name == "top_count" and len(args) >= 2:
            who = self.number(args[0])
            kinds = [t.kind_index[self._word(a, t.kind_names)] for a in args[1:]]
            return "(" + " + ".join(f"TC[{k * 2} + ({who}) - 1]" for k in kinds) + ")", "int"
        if name == "owner" and len(args) == 1:
            return f"owner_at({self.number(args[0])})", "int"
        raise NotKernel(f"`{name}(...)` in a condition")

    def _word(self, node: Node, words: list[str]) -> str:
        """A name of the game's (a kind, a reserve) written as a word or quoted."""
        word = node.name if isinstance(node, Name) else node.value if isinstance(node, Const) else None
        if not isinstance(word, str) or word not in words:
            raise NotKernel("a name the kernel does not know in a condition")
        return word

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

    def _holds(self, name: str, predicate: Any) -> int:
        """``holds`` (on a board without stacks, at least one piece a square): per code and square
        the player whose squares it is on (0: none), and how many squares each player's are."""
        if name not in self.holds:
            t = self.game.t
            if t.stacking or predicate.min != 1:
                raise NotKernel("a `holds` of stacks")
            n = t.topology.size
            player_of = [0] * (t.num_codes * n)
            for code in range(t.num_codes):
                q = t.code_owner[code]
                if q in (1, 2):
                    for sq in predicate.squares[q]:
                        player_of[code * n + sq] = q
            self.holds[name] = len(self.out.holds)
            self.out.holds.append((player_of, [0, len(predicate.squares[1]), len(predicate.squares[2])]))
        return self.holds[name]

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

    def big(self, value: int) -> str:
        """An integer constant that may not fit a C int (a move's number)."""
        return f"{value}LL" if self.typed and not -2 ** 31 < value < 2 ** 31 else str(value)

    def local(self, decl: str, indent: int = 1) -> None:
        """A typed local (``cdef int i, j``; each array on a line of its own); nothing in plain
        Python."""
        if self.typed:
            if "," not in decl:
                self(f"cdef {decl}", indent)
                return
            ctype, names = decl.split(" ", 1) if not decl.startswith("long long") else ("long long", decl[10:])
            parts = [x.strip() for x in names.split(",")]
            plain = [x for x in parts if "[" not in x]
            if plain:
                self(f"cdef {ctype} {', '.join(plain)}", indent)
            for x in parts:
                if "[" in x:
                    self(f"cdef {ctype} {x}", indent)


def source(p: Plan, typed: bool) -> str:
    """The kernel module of plan ``p``: typed Cython, or plain Python."""
    w = _Writer(typed)
    n = p.squares
    r = max(1, p.reserves)
    bound = max(sum(p.blocks[i].bound for i in numbers) for _, numbers in p.phases) + 1
    hh = max(1, p.height)
    # the stack of what moves take back needs: removed pieces, counters' old values
    undo = 64 * (n * (hh + 2) + 4 * len(p.counters) + 16)
    w(f"# the kernel of one game (spielwerk kernel template {TEMPLATE}); written by spielwerk.kernel")
    w("# every number below comes from the game's compiled tables")
    if typed:
        w("# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False")
        w("cdef void _fill(int* a, tuple values):")
        w("cdef Py_ssize_t i", 1)
        w("for i in range(len(values)):", 1)
        w("a[i] = values[i]", 2)
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
    w.array("PLY", 1)  # the ply of the position the end rules read
    if p.stacking:
        w.array("H", n)  # per square the height of its stack, and the stack, bottom first
        w.array("SK", n * p.height)
    # per owner (0 neutral, 1, 2) the squares his pieces top, PL[q * N + i] for i < PN[q], and per
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
    for k, (player_of, squares) in enumerate(p.holds):
        w.table(f"HP{k}", player_of)
        w.table(f"HN{k}", squares)
        w.array(f"HC{k}", 3)
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
            if name != "room":  # read when the plan is made, not while playing
                w.table(f"B{i}_{name}", values)
    w.both("cdef unsigned long long rs = 1", "rs = 1")
    w("")
    _helpers(w, p)
    _changes(w, p)
    _moves_of_blocks(w, p)
    _generate(w, p)
    _ends(w, p)
    _entries(w, p, bound)
    return "\n".join(w.lines) + "\n"


def _helpers(w: _Writer, p: Plan) -> None:
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
        for mask, need in link.items:
            w(f"if bits(touched & {mask}) >= {need}:", 2)
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
    """``top_on`` and ``top_off``: a square's top changes, and every counter that reads it with
    it; ``push`` and ``pop`` (a piece onto or off a square, which on a board without stacks is
    the square's one piece)."""
    n = p.squares
    for name, sign in (("top_on", 1), ("top_off", -1)):
        w.func(name, [("int", "s"), ("int", "code")], "void")
        w.local("int i, q, j, c")
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
        for k, _ in enumerate(p.holds):
            w(f"q = HP{k}[code * {n} + s]", 1)
            w("if q:", 1)
            w(f"HC{k}[q] += {sign}", 2)
        w("")
    hh = p.height
    w.func("push", [("int", "s"), ("int", "code")], "void")
    if p.stacking:
        w("if b[s]:", 1)
        w("top_off(s, b[s] - 1)", 2)
        w(f"SK[s * {hh} + H[s]] = code", 1)
        w("H[s] += 1", 1)
    w("top_on(s, code)", 1)
    w("")
    w.func("pop", [("int", "s")], "int")
    w.local("int code")
    if p.stacking:
        w("H[s] -= 1", 1)
        w(f"code = SK[s * {hh} + H[s]]", 1)
        w("top_off(s, code)", 1)
        w("if H[s]:", 1)
        w(f"top_on(s, SK[s * {hh} + H[s] - 1])", 2)
    else:
        w("code = b[s] - 1", 1)
        w("top_off(s, code)", 1)
    w("return code", 1)
    w("")
    w.func("height_of", [("int", "s")], "int")
    w("return H[s]" if p.stacking else "return 1 if b[s] else 0", 1)
    w("")


def _moves_of_blocks(w: _Writer, p: Plan) -> None:
    """Per block ``make{i}(x, p)`` and ``unmake{i}(x, p, info)`` (``x`` the block's part of the
    move); ``to_of``, ``from_of``; ``make`` and ``unmake``, which also set and restore the
    counters the block ``sets`` (their old values kept on the stack ``U``)."""
    n = p.squares
    nf = n + 1
    r = max(1, p.reserves)
    for i, blk in enumerate(p.blocks):
        if blk.kind == "carry":
            _carry_changes(w, p, i)
        elif blk.kind == "jump":
            _jump_changes(w, p, i)
        elif blk.kind == "move":
            _line_changes(w, p, i)
        else:  # place, step, slide: (code * NF + from) * N + to, from N for a piece put on the board
            w.func(f"make{i}", [("long long", "x"), ("int", "p")], "int")
            w.local("int to_, frm_, code, cap, res")
            w(f"to_ = x % {n}", 1)
            w(f"frm_ = (x // {n}) % {nf}", 1)
            w(f"code = x // {n * nf}", 1)
            if blk.kind == "place":
                w("push(to_, code)", 1)
                w("res = CODE_RES[code]", 1)
                w("if res >= 0:", 1)
                w(f"RES[OWNER[code] * {r} + res] -= 1", 2)
                if "flank" in blk.tables:
                    _flank(w, p, i)
                w("return 0", 1)
            else:
                w("cap = b[to_]", 1)
                w("if cap:", 1)
                w("top_off(to_, cap - 1)", 2)
                w("top_off(frm_, code)", 1)
                w("top_on(to_, code)", 1)
                w("return cap", 1)
            w("")
            w.func(f"unmake{i}", [("long long", "x"), ("int", "p"), ("int", "cap")], "void")
            w.local("int to_, frm_, code, res")
            w(f"to_ = x % {n}", 1)
            w(f"frm_ = (x // {n}) % {nf}", 1)
            w(f"code = x // {n * nf}", 1)
            if blk.kind == "place":
                if "flank" in blk.tables:  # the flipped pieces turned back (their squares and codes on U)
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
                w(f"RES[OWNER[code] * {r} + res] += 1", 2)
            else:
                w("top_off(to_, code)", 1)
                w("top_on(frm_, code)", 1)
                w("if cap:", 1)
                w("top_on(to_, cap - 1)", 2)
            w("")
    slot = w.big(p.slot)
    for name in ("to_of", "from_of"):
        w.func(name, [("long long", "mv")], "int")
        w.local("int k, d, sq, kind, j, nh, cur")
        w.local("long long x")
        w(f"k = <int>(mv // {slot})" if w.typed else f"k = mv // {slot}", 1)
        w(f"x = mv % {slot}", 1)
        for i, blk in enumerate(p.blocks):
            if blk.kind == "carry":
                nd, _, reach = blk.tables["shape"]
                w(f"if k == {i}:", 1)
                w(f"sq = <int>(x // 4096) // {nd}" if w.typed else f"sq = (x // 4096) // {nd}", 2)
                if name == "from_of":
                    w("return sq", 2)
                else:
                    w(f"d = <int>(x // 4096) % {nd}" if w.typed else f"d = (x // 4096) % {nd}", 2)
                    w(f"return B{i}_rays[(sq * {nd} + d) * {reach} + PATLEN[x % 4096] - 1]", 2)
            elif blk.kind == "jump":
                w(f"if k == {i}:", 1)
                w(f"return jump_end{i}(x)" if name == "to_of" else f"return <int>(x % {n})" if w.typed
                  else f"return x % {n}", 2)
            elif blk.kind == "move":
                w(f"if k == {i}:", 1)
                w(f"return <int>(x % {n})" if w.typed and name == "to_of" else f"return x % {n}" if name == "to_of"
                  else (f"return <int>((x // {n}) % {n})" if w.typed else f"return (x // {n}) % {n}"), 2)
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
    for i, blk in enumerate(p.blocks):
        w(f"{'if' if i == 0 else 'elif'} k == {i}:", 1)
        w(f"info = make{i}(mv % {slot}, p)", 2)
        if blk.sets:
            w(f"sets{i}(p, mv)", 2)
    w("return info", 1)
    w("")
    w.func("unmake", [("long long", "mv"), ("int", "p"), ("int", "info")], "void")
    w.local("int k")
    w(f"k = <int>(mv // {slot})" if w.typed else f"k = mv // {slot}", 1)
    for i, blk in enumerate(p.blocks):
        w(f"{'if' if i == 0 else 'elif'} k == {i}:", 1)
        if blk.sets:
            w(f"unsets{i}(p)", 2)
        w(f"unmake{i}(mv % {slot}, p, info)", 2)
    if not p.blocks:
        w("pass", 1)
    w("")


def _flank(w: _Writer, p: Plan, i: int) -> None:
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


def _line_changes(w: _Writer, p: Plan, i: int) -> None:
    """A general ``move`` of one square: part ``from * N + to``; the top piece or the whole stack
    goes, and is promoted where it lands in the promotion's region. Returns the code before the
    promotion + 1 (0: none)."""
    n = p.squares
    nd, whole = p.blocks[i].tables["shape"]
    hh = max(1, p.height)
    w.func(f"make{i}", [("long long", "x"), ("int", "p")], "int")
    w.local(f"int a, t, c, j, top, new, unit[{hh}]")
    if not w.typed:
        w(f"unit = [0] * {hh}", 1)
    w(f"a = <int>((x // {n}) % {n})" if w.typed else f"a = (x // {n}) % {n}", 1)
    w(f"t = <int>(x % {n})" if w.typed else f"t = x % {n}", 1)
    w("c = height_of(a)" if whole else "c = 1", 1)
    w("for j in range(c):", 1)
    w("unit[c - 1 - j] = pop(a)", 2)
    w("for j in range(c):", 1)
    w("push(t, unit[j])", 2)
    w("top = unit[c - 1]", 1)
    w(f"new = B{i}_becomes[top]", 1)
    w(f"if new >= 0 and B{i}_crown[p * {n} + t]:", 1)
    w("pop(t)", 2)
    w("push(t, new)", 2)
    w("return top + 1", 2)
    w("return 0", 1)
    w("")
    w.func(f"unmake{i}", [("long long", "x"), ("int", "p"), ("int", "info")], "void")
    w.local(f"int a, t, c, j, unit[{hh}]")
    if not w.typed:
        w(f"unit = [0] * {hh}", 1)
    w(f"a = <int>((x // {n}) % {n})" if w.typed else f"a = (x // {n}) % {n}", 1)
    w(f"t = <int>(x % {n})" if w.typed else f"t = x % {n}", 1)
    w("if info:", 1)
    w("pop(t)", 2)
    w("push(t, info - 1)", 2)
    w("c = height_of(t)" if whole else "c = 1", 1)
    w("for j in range(c):", 1)
    w("unit[c - 1 - j] = pop(t)", 2)
    w("for j in range(c):", 1)
    w("push(a, unit[j])", 2)
    w("")


def _jump_changes(w: _Writer, p: Plan, i: int) -> None:
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


def _jump_moves(w: _Writer, p: Plan, i: int) -> None:
    """``chains{i}``: the chains of jumps from ``cur`` (recursive), appended to ``out`` from
    ``k``; the new count returned. The jumper is off the board (``unit`` kept by the caller), and
    each jump is made on the board while the chains after it are listed."""
    n = p.squares
    tb = p.blocks[i].tables
    nd, hops, whole, take_top, chain, ends = tb["shape"]
    kinds = max(tb["kind"]) + 1 if tb["kind"] else 1
    nc1 = p.codes + 1
    base = w.big(i * p.slot)
    keep, may_stop, new_squares = tb["more"]
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
        w(f"out[k] = {chain_move}", 2)
        w("k += 1", 2)
    if chain:
        w(f"if not m and nh + 1 < {hops}:", 2)
        w(f"k = chains{i}(p, a, t, top, kind, nh + 1, ds + d * pw, pw * {nd}, out, k)", 3)
    if not may_stop:
        w("if k == before:", 2)  # the chain ends here
        w(f"out[k] = {chain_move}", 3)
        w("k += 1", 3)
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


def _carry_changes(w: _Writer, p: Plan, i: int) -> None:
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


def _generate(w: _Writer, p: Plan) -> None:
    """``gen(p, ply, out)``: the legal moves of player ``p`` into ``out``, their number returned;
    one function per phase. Where a phase has compulsory blocks with moves, only those."""
    for i, blk in enumerate(p.blocks):
        if blk.kind == "jump":
            _jump_moves(w, p, i)
        if blk.legal is None:
            continue
        w.func(f"legal{i}", [("int", "mover"), ("int", "to_"), ("int", "frm_")], "bint")
        w(f"return {blk.legal}", 1)
        w("")
    for ph, (_, numbers) in enumerate(p.phases):
        w.func(f"gen{ph}", [("int", "p"), ("long long*", "out")], "int", inline=False)
        w.local("int k, first, j, s, t, c, e, code, cap, x, d, h, maxc, free, stop, ray, top, kind")
        w.local("long long mv")
        w("k = 0", 1)
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
    w.func("gen_at", [("int", "p"), ("int", "ply"), ("long long*", "out")], "int", inline=False)
    for ph, (end, _) in enumerate(p.phases[:-1]):
        w(f"if ply < {end}:", 1)
        w(f"return gen{ph}(p, out)", 2)
    w(f"return gen{len(p.phases) - 1}(p, out)", 1)
    w("")
    bound = max(sum(p.blocks[i].bound for i in numbers) for _, numbers in p.phases) + 1
    w.func("gen", [("int", "p"), ("int", "ply"), ("long long*", "out")], "int", inline=False)
    w.local("int k")
    w("k = gen_at(p, ply, out)", 1)
    if p.passing:  # a player without a move passes
        w("if k == 0:", 1)
        w(f"out[0] = {w.big(len(p.blocks) * p.slot)}", 2)
        w("k = 1", 2)
    w("return k", 1)
    w("")
    if p.asks:
        # how many moves a player would have (a pass not counted) in the position the end rules read
        w.func("moves_of", [("int", "q")], "int", inline=False)
        w.local(f"long long tmp[{bound}]")
        if not w.typed:
            w(f"tmp = [0] * {bound}", 1)
        w("return gen_at(q, PLY[0], tmp)", 1)
        w("")


def _block_moves(w: _Writer, p: Plan, i: int) -> None:
    """The moves of block ``i`` appended to ``out`` (``k`` of them so far)."""
    n, nc = p.squares, p.codes
    nf, nc1 = n + 1, nc + 1
    r = max(1, p.reserves)
    blk = p.blocks[i]
    base = w.big(i * p.slot)
    w("first = k", 1)
    if blk.kind == "place":
        kinds = len(blk.tables["codes"]) // 3
        w(f"for j in range({kinds}):", 1)
        w(f"code = B{i}_codes[p * {kinds} + j]", 2)
        w("x = CODE_RES[code]", 2)
        w(f"if x >= 0 and RES[OWNER[code] * {r} + x] < 1:", 2)
        w("continue", 3)
        w(f"for e in range({len(blk.tables['squares'])}):", 2)
        w(f"s = B{i}_squares[e]", 3)
        w("if b[s] == 0:", 3)
        w(f"out[k] = {base} + (code * {nf} + {n}) * {n} + s", 4)
        w("k += 1", 4)
    elif blk.kind == "jump":
        tb = blk.tables
        nd, hops, whole, take_top, _, _ = tb["shape"]
        hh = max(1, p.height)
        # the mover's squares first (lifting a jumper reorders his list of squares)
        w("h = PN[p]", 1)
        w("for x in range(h):", 1)
        w(f"OWN[x] = PL[p * {n} + x]", 2)
        w("for x in range(h):", 1)
        w("s = OWN[x]", 2)
        w("c = b[s]", 2)
        w(f"if not B{i}_mine[p * {nc1} + c]:", 2)
        w("continue", 3)
        # lift the jumper, list its chains, set it down again
        w("d = height_of(s)" if whole else "d = 1", 2)
        w("for e in range(d):", 2)
        w(f"JU[{hh} - 1 - e] = pop(s)", 3)  # kept top first at the end of JU
        w(f"k = chains{i}(p, s, s, c - 1, B{i}_kind[c - 1], 0, 0, 1, out, k)", 2)
        w("for e in range(d):", 2)
        w(f"push(s, JU[{hh} - d + e])", 3)
        del nd, hops, take_top
    elif blk.kind == "move":
        nd, _ = blk.tables["shape"]
        kinds = max(blk.tables["kind"]) + 1 if blk.tables["kind"] else 1
        w("for x in range(PN[p]):", 1)
        w(f"s = PL[p * {n} + x]", 2)
        w("c = b[s]", 2)
        w(f"if not B{i}_mine[p * {nc1} + c]:", 2)
        w("continue", 3)
        w(f"kind = B{i}_kind[c - 1]", 2)
        w(f"for d in range({nd}):", 2)
        w(f"if not B{i}_ways[(p * {kinds} + kind) * {nd} + d]:", 3)
        w("continue", 4)
        w(f"t = B{i}_to[s * {nd} + d]", 3)
        w("if t >= 0 and not b[t]:", 3)
        w(f"out[k] = {base} + s * {n} + t", 4)
        w("k += 1", 4)
    elif blk.kind == "carry":
        nd, limit, reach = blk.tables["shape"]
        w("for x in range(PN[p]):", 1)
        w(f"s = PL[p * {n} + x]", 2)
        w("c = b[s]", 2)
        w(f"if not B{i}_mine[p * {nc1} + c]:", 2)
        w("continue", 3)
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
        w(f"mv = {base} + (s * {nd} + d) * 4096", 3)
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
            w(f"out[k] = mv + B{i}_rays[e - 2]", 4)
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
        w("t = to_of(mv)", 2)
        w("s = from_of(mv)", 2)
        w(f"x = legal{i}(p, t, s)", 2)
        w("unmake(mv, p, cap)", 2)
        w("if x:", 2)
        w("out[j] = mv", 3)
        w("j += 1", 3)
        w("k = j", 1)


def _ends(w: _Writer, p: Plan) -> None:
    """``ended(mover, mv)``: the first end rule that holds after ``mover`` played ``mv``, or -1;
    ``decide(rule, mover)``: its winner, value and scores into ``OUT``."""
    w.func("ended", [("int", "mover"), ("long long", "mv")], "int")
    w.local("int to_, frm_")
    w("to_ = to_of(mv)", 1)
    w("frm_ = from_of(mv)", 1)
    for i, end in enumerate(p.ends):
        w(f"if {end.when}:", 1)
        w(f"return {i}", 2)
    w("return -1", 1)
    w("")
    w.func("decide", [("int", "rule"), ("int", "mover")], "void")
    w.local("int winner, player, one, two")
    w("winner = 0", 1)
    w("OUT[1] = OUT[2] = OUT[3] = 0", 1)
    for i, end in enumerate(p.ends):
        w(f"if rule == {i}:", 1)
        if end.score is not None:
            w("player = 1", 2)
            w(f"one = {end.score}", 2)
            w("player = 2", 2)
            w(f"two = {end.score}", 2)
            w("OUT[2] = one", 2)
            w("OUT[3] = two", 2)
            w("winner = 1 if one > two else 2 if two > one else 0", 2)
        else:
            w("winner = " + {"mover": "mover", "opponent": "3 - mover"}.get(end.winner, end.winner), 2)
        if end.value is not None:
            w("if winner:", 2)
            w(f"OUT[1] = {end.value}", 3)
    w("OUT[0] = winner", 1)
    w("")


def _entries(w: _Writer, p: Plan, bound: int) -> None:
    """What Python calls: ``load``, ``moves``, ``perft``, ``play``, ``end_after``, ``playouts``."""
    n = p.squares
    r = max(1, p.reserves)
    clear = [(f"RN{k}", 3 * len(row.rows)) for k, row in enumerate(p.rows)] \
        + [(f"RF{k}", 3) for k, _ in enumerate(p.rows)] + [(f"RC{k}", 3) for k, _ in enumerate(p.reaches)] \
        + [(f"HC{k}", 3) for k, _ in enumerate(p.holds)] \
        + [("TC", p.codes)]
    w("def load(stacks, reserves, counters):")
    w('"""Set the position: per square its stack of piece codes, bottom first; per player his', 1)
    w('reserves; the counters."""', 1)
    w.local("int i, s")
    w("UP[0] = 0", 1)
    w(f"for i in range({len(p.counters)}):", 1)
    w("CNT[i] = counters[i]", 2)
    w(f"for s in range({n}):", 1)
    w("b[s] = 0", 2)
    if p.stacking:
        w("H[s] = 0", 2)
    w("PN[0] = PN[1] = PN[2] = 0", 1)
    for name, size in clear:
        w(f"for i in range({max(1, size)}):", 1)
        w(f"{name}[i] = 0", 2)
    w("S[0] = 0", 1)
    w(f"for i in range({3 * r}):", 1)
    w("RES[i] = reserves[i]", 2)
    w(f"for s in range({n}):", 1)
    w("for code in stacks[s]:", 2)
    w("push(s, code)", 3)
    w("")
    w.func("perft_", [("int", "p"), ("int", "ply"), ("int", "depth")], "long long", inline=False)
    w.local(f"long long buf[{bound}]")
    w.local("long long mv")
    w.local("int k, i, cap")
    w.local("long long total")
    if not w.typed:
        w(f"buf = [0] * {bound}", 1)
    w("k = gen(p, ply, buf)", 1)
    w("if depth == 1:", 1)
    w("return k", 2)
    w("total = 0", 1)
    w("for i in range(k):", 1)
    w("mv = buf[i]", 2)
    w("cap = make(mv, p)", 2)
    w("PLY[0] = ply + 1", 2)
    w("if ended(p, mv) < 0:", 2)
    w("total += perft_(3 - p, ply + 1, depth - 1)", 3)
    w("unmake(mv, p, cap)", 2)
    w("return total", 1)
    w("")
    w("def perft(p, ply, depth):")
    w('"""The leaves of the move tree of the loaded position, ``p`` to move at ``ply``, to ``depth`` >= 1."""', 1)
    w("return perft_(p, ply, depth)", 1)
    w("")
    w("def moves(p, ply):")
    w('"""The legal moves of the loaded position, as ints."""', 1)
    w.local(f"long long buf[{bound}]")
    w.local("int k, i")
    if not w.typed:
        w(f"buf = [0] * {bound}", 1)
    w("k = gen(p, ply, buf)", 1)
    w("return [buf[i] for i in range(k)]", 1)
    w("")
    w("def play(mv, p):")
    w('"""Play ``mv`` for ``p`` on the loaded position; what taking it back needs."""', 1)
    w("return make(mv, p)", 1)
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
    w("def playouts(stacks, reserves, counters, p0, ply0, games, seed, max_plies):")
    w('"""Random games from a position: per game the end rule (-1 a player without a move, -2', 1)
    w('unfinished), the last player to move (or the one without a move), the plies, the winner', 1)
    w('(0 a draw), the value and the two scores; one flat list."""', 1)
    w.local(f"long long buf[{bound}]")
    w.local("long long mv")
    w.local("int g, k, p, rule, plies, limit, e")
    w("global rs", 1)
    if not w.typed:
        w(f"buf = [0] * {bound}", 1)
    w("results = []", 1)
    w.both("rs = (<unsigned long long>seed * 2 + 1) ^ 0x9E3779B97F4A7C15ULL",
           "rs = ((seed * 2 + 1) ^ 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF", 1)
    w("limit = max_plies", 1)
    w("for g in range(games):", 1)
    w("load(stacks, reserves, counters)", 2)
    w("p = p0", 2)
    w("plies = 0", 2)
    w("rule = -2", 2)
    w("OUT[0] = OUT[1] = OUT[2] = OUT[3] = 0", 2)
    w("while plies < limit:", 2)
    w("k = gen(p, ply0 + plies, buf)", 3)
    w("if k == 0:", 3)
    w("rule = -1", 4)
    w("break", 4)
    w("mv = buf[rnd(k)]", 3)
    w("UP[0] = 0", 3)  # nothing is taken back in a playout
    w("make(mv, p)", 3)
    w("plies += 1", 3)
    w("PLY[0] = ply0 + plies", 3)
    w("e = ended(p, mv)", 3)
    w("if e >= 0:", 3)
    w("rule = e", 4)
    w("decide(rule, p)", 4)
    w("break", 4)
    w("p = 3 - p", 3)
    w("results.extend((rule, p, plies, OUT[0], OUT[1], OUT[2], OUT[3]))", 2)
    w("return results", 1)
