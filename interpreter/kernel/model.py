"""What a kernel is made of: the plan's parts (the board's tables, each block's, the end rules),
and the tables every block reads alike. The bottom of the kernel package: it imports none of it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["NotKernel", "Plan", "BlockPlan", "TurnNode", "End", "Row", "Reach", "Link", "Layers", "Race", "flatten", "directions",
           "kind_steps", "kind_directions", "promotion", "ended_rays", "TEMPLATE"]

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
    #: ``through`` links: per square, for each of its neighbours the square that must hold the
    #: player's link (``gates``), and per player his link's cell (code + 1); None: neighbours join
    gates: list[list[int]] | None = None
    links: list[int] | None = None
    #: the layers a chain must cross (see :func:`layers`; None: not counted)
    layers: "Layers | None" = None


@dataclass
class Layers:
    """What a ``connection`` needs before its groups are flooded, kept as tops change: a chain
    that joins region A to region B has a square at every distance from A up to B's (each step
    goes one layer on at most), so while one of those layers holds none of the player's links,
    no group of his joins that pair. ``pairs`` pairs of regions, every pair two of an item's;
    per player, pair and square its layer + 1 (0: none of the pair's), flattened as
    ``(q * pairs + pair) * n + s``; per player and pair how many layers a chain crosses (more
    than the squares: the pair's regions do not meet); per code the player it is a link of."""

    pairs: int
    layer: list[int]
    need: list[int]
    linker: list[int]


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
    #: a turn of several parts (``then``): its entries, the first one first (None: not such a block)
    turn: list["TurnNode"] | None = None
    #: a ``place`` along lines from a square (``from``): that square as kernel code
    origin: str | None = None
    #: a ``fill`` after the move: its condition on each square (reading ``sq_``) as kernel code
    fill_where: str | None = None
    #: ``again``: the player moves again where this holds after the move (kernel code)
    again: str | None = None
    #: a ``move``'s exact ``distance`` as kernel code (``maxc``: the pieces on the line)
    distance: str | None = None
    #: a ``sow``'s ``skip`` (reading ``sq_``, ``frm_``: the square sown from), as kernel code
    skip: str | None = None
    #: a ``gather`` after the move: its condition, the squares gathered from, the square gathered to
    gather: tuple[str, list[str], str] | None = None
    #: a ``sweep`` after the move: its condition, its first square, the condition on each square
    #: (reading ``sq_``), the square swept to; per square the one after it on its path
    sweep: tuple[str, str, str, str] | None = None
    #: an effect's ``keep_if``: where it fails on what the effect left, the effect is taken back
    keep: str | None = None
    #: a ``take``'s ``where`` and ``avoid`` (reading ``sq_``, and the part before's ``to_``, ``frm_``)
    take_where: str | None = None
    take_avoid: str | None = None
    #: the phase's ``when`` for the block (its moves are offered only where it holds), as kernel code
    when: str | None = None
    #: the regions and conditions of a block's ``to`` (reading ``mover``, ``to_``, ``frm_``), as
    #: kernel code; its words are the table ``land``
    lands: str | None = None
    #: a block's ``from`` (reading ``mover``, ``frm_``), as kernel code
    from_ok: str | None = None


@dataclass
class TurnNode:
    """One entry of a turn of several parts: the plan's block that makes its moves, its ``when``
    and ``legal_if`` as kernel code (None: none), whether the turn may end after it though a next
    entry has a move (``then_optional``), the entries that may follow (their numbers), the room of
    its block's part of a move, and ``tail``: the room of what follows it in a turn's number (a
    turn's number is the entry's part times ``tail`` plus 0 where the turn ends there, else 1 +
    the next entry's place + the number of entries times the rest's number)."""

    block: int
    when: str | None
    legal: str | None
    optional: bool
    then: list[int]
    room: int
    tail: int = 1


@dataclass
class Race:
    """A dice race (:mod:`.race`): the length ``N`` of each player's path, the opposing checkers
    that close a point, the first position of the home quarter, the numbers a double plays,
    whether the higher number is played where only one can be, the dice's faces, whether an
    opening roll decides who starts; per player and own position (0 the bar, 1..N the path, N+1
    borne off) the other player's position of that point and its square; the bits of a count in a
    result's key; the engine block's index; the board's places by name (per player a square)."""

    N: int
    block: int
    home: int
    doubles: int
    prefer_high: bool
    faces: int
    opening: bool
    mirror: list[int]
    squares: list[int]
    bits: int
    index: int
    places: dict[str, list[int]]
    #: the block's turns are the simple ones the kernel lists (else they are left to the engine, and
    #: the kernel plays the step view only)
    simple: bool = True
    #: a second entering place (``out``): its position (N + 2; -1 none), whether its checkers all
    #: come in before anything moves, whether one that came in may go on in the same turn
    out: int = -1
    out_all_first: bool = False
    out_continue: bool = True
    #: ``order: lower_first``, and ``order_while_entering``
    lower_first: bool = False
    lower_first_entering: bool = False
    #: the phase's ``doubles``: the numbers underneath, whether they are optional, from which of
    #: his doubles a player's doubles give ``later_play`` and ``later_underneath`` instead
    underneath: int = 0
    underneath_optional: bool = False
    later_from: int = 0
    later_play: int = 4
    later_underneath: int = 0
    count_doubles: bool = False
    #: a double gives its player another roll
    roll_again: bool = False
    #: one die a turn (a turn is one step): the most own checkers a point holds (0: no limit),
    #: the numbers that bring a waiting checker in (bits; 0: every one), the position it comes in
    #: on (0: the number's), whether waiting checkers come in before anything else moves, whether
    #: checkers are borne off; the block's ``prefer_if`` (kernel code reading ``mover``, ``MV``: the
    #: step's own path positions, from and to) and ``again`` (read after the turn)
    one_die: bool = False
    capacity: int = 0
    enter_on: int = 0
    enter_at: int = 0
    bar_first: bool = True
    prefer: list[str] = field(default_factory=list)
    again: str | None = None
    #: the opening roll decides only who starts, who then rolls afresh
    fresh_opening: bool = False


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
    #: a condition asks whether a player's move would take a piece (``attacked``)
    attacks: bool = False
    #: the counters' start values, slot by slot, and by name (slot, kept per player)
    counters: list[int] = field(default_factory=list)
    counter_slots: dict[str, tuple[int, bool]] = field(default_factory=dict)
    #: a dice race's tables (its kernel is written by :mod:`.race`), else None
    race: Race | None = None
    #: the most stacks a block lifts at once (``rotate``: a region's squares)
    lift: int = 0
    #: the playable squares, as bits
    full: int = 0
    #: conditions read earlier boards (``board_repeats``, ``board_was``): the board's hash keys (the
    #: engine's, per square, height and code: ``(sq * stride + height) * codes + code``), kept up
    #: to date, and a history of the boards' hashes; empty: none
    zobrist: list[int] = field(default_factory=list)
    stride: int = 1
    #: ``repetition``: the times a position may come (0: no such rule), the hash keys of the
    #: player to move (1, 2)
    repetition: int = 0
    turn_keys: list[int] = field(default_factory=list)
    #: the neighbours of each square as groups count them (``liberties``, ``area``), or None
    near: list[list[int]] | None = None
    #: ``groups`` questions: per question its neighbours of each square
    groupings: list[list[list[int]]] = field(default_factory=list)
    #: ``reachable`` questions: per question its goal table (per player) and the codes a path
    #: passes (one per code)
    paths: list[tuple[str, str]] = field(default_factory=list)
    #: the board's width and height where ``offset`` moves by numbers known only in play (else None)
    grid: tuple[int, int] | None = None
    #: the faces of the die rolled before each move (0: no die)
    dice: int = 0
    #: the plies of the chance phases the game begins with, which the engine plays (0: none)
    openers: int = 0
    #: where those phases are one `shuffle` each on a board without stacks, the kernel's random
    #: games play them too: per phase its last ply + 1 and per player the region's squares
    shuffles: list[tuple[int, list[list[int]]]] = field(default_factory=list)
    #: who moves first after them (the next phase's ``first``; 0: the turn goes on)
    first: int = 0
    #: ``surrounded``: per square the squares around it (None: not every way has one)
    around: list[list[int] | None] | None = None
    #: ``enclosed`` questions: per question its neighbours of each square (lists) and per square
    #: whether it lies on the border
    encloses: list[tuple[list[list[int]], list[int]]] = field(default_factory=list)
    #: every move puts pieces onto empty squares and does nothing else to the board: the kernel
    #: keeps its connections and enclosures as pieces come (:mod:`.growing`)
    grows: bool = False


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


def ended_rays(rays_per_square: list[list[Any]]) -> list[list[int]]:
    """Per square its rays one after the other, each ended by -1."""
    out = []
    for rays in rays_per_square:
        seq: list[int] = []
        for ray in rays:
            seq.extend(ray)
            seq.append(-1)
        out.append(seq)
    return out


def flatten(lists: list[list[int]]) -> tuple[list[int], list[int]]:
    """Lists as one flat list and where each begins (one more entry: the end)."""
    start, flat = [0], []
    for x in lists:
        flat.extend(x)
        start.append(len(flat))
    return start, flat
