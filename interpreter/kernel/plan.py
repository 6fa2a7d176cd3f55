"""A kernel's plan: what of a compiled game its kernel is made of.

:func:`plan` reads a compiled :class:`~spielwerk.game.Game` and either returns the :class:`Plan`
of its kernel (the board's tables, each block's tables from the engine block's own, the
conditions written as kernel code) or raises :class:`NotKernel` saying which part of the game the
kernel does not play yet. Each block's part of the plan is made by its module in
:mod:`.parts`; the conditions by :class:`.conditions.Conditions`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..dsl.expr import parse_expr

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game
    from .conditions import Conditions

__all__ = ["NotKernel", "Plan", "BlockPlan", "End", "Row", "Reach", "Link", "plan", "flatten", "directions",
           "kind_steps", "kind_directions", "promotion", "TEMPLATE"]

#: the template's version: part of every kernel's cache key
TEMPLATE = 1


class NotKernel(Exception):
    """The game uses a part the kernel does not play yet (the message says which)."""


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
    #: the room of a list of moves (the most a position's moves may be)
    bound: int = 1
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
    from .conditions import Conditions
    from .parts.place import outflank
    conditions = Conditions(game, out)
    for phase, end in zip(game.phases, t.phase_end):
        numbers = []
        for block in phase.blocks:
            numbers.append(len(out.blocks))
            made = _block(game, block, conditions)
            made.compulsory = bool(phase.compulsory) and block in phase.compulsory
            flank = (rules.block_effects.get(block.index) or ([], []))[0]
            if flank:
                outflank(game, flank[0], made.tables)
            out.blocks.append(made)
        out.phases.append((min(end, 1 << 30), numbers))
    out.slot = max([t.num_codes * (n + 1) * n] + [b.tables.get("room", [0])[0] for b in out.blocks])
    out.bound = max(sum(out.blocks[i].bound for i in numbers) for _, numbers in out.phases) + 1
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


def _block(game: "Game", block: Any, conditions: "Conditions") -> BlockPlan:
    """A block's part of the plan, made by its module in :mod:`.parts`."""
    from .parts import PARTS
    kind = type(block).__name__.lower()
    part = PARTS.get(kind)
    if part is None:
        raise NotKernel(f"a `{block.name}` block of this shape")
    extra = set(block.params) - part.KEYS
    if extra:
        raise NotKernel(f"`{sorted(extra)[0]}` on a `{block.name}` block")
    text = block.params.get("legal_if")
    legal = conditions.truth(parse_expr(text), "legal") if text is not None else None
    sets = [conditions.counter_set(key, value) for key, value in (block.params.get("sets") or {}).items()]
    tables: dict[str, list[int]] = {}
    bound = part.tables(game, block, tables, conditions.out)
    return BlockPlan(kind, block.index, tables, legal, max(bound, 1), sets)


def directions(block: Any, t: Any) -> list[str]:
    """Every direction name a block's per-kind rays use, in a fixed order."""
    names: list[str] = []
    for per_kind in block.rays[1:]:
        for squares in per_kind:
            for lines in squares:
                for name, _ in lines:
                    if name not in names:
                        names.append(name)
    return names


def kind_steps(block: Any, t: Any, names: list[str], at: int) -> list[int]:
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


def kind_directions(block: Any, t: Any, names: list[str]) -> list[int]:
    """Per player, kind and direction (of ``names``): 1 where the kind moves that way."""
    kinds = len(t.kind_names)
    out = [0] * (3 * kinds * len(names))
    for p in (1, 2):
        for kind in range(kinds):
            for squares in block.rays[p][kind]:
                for name, _ in squares:
                    out[(p * kinds + kind) * len(names) + names.index(name)] = 1
    return out


def promotion(block: Any, t: Any, tables: dict[str, list[int]]) -> None:
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


def flatten(lists: list[list[int]]) -> tuple[list[int], list[int]]:
    """Lists as one flat list and where each begins (one more entry: the end)."""
    start, flat = [0], []
    for x in lists:
        flat.extend(x)
        start.append(len(flat))
    return start, flat
