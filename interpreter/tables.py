"""The compiled tables of a game: flat facts about its pieces, board, reserves, dice and hashing.

The compile stage (:mod:`spielwerk.compile`) fills one :class:`Tables` per game and option values
and freezes it; from then on the blocks, the predicates, the notation and the states read it and
nothing writes it. A state reaches its tables as ``st.t``.

Pieces are int codes ``kind * num_players + (owner - 1)`` (a neutral piece's is ``kind * num_players``;
``code_kind[code]`` reads the kind back). Squares are
ints, regions bitmasks over them. Hash keys are 64-bit ints: one per (square, height, code), one
for the side to move, per phase and per roll, and keys made on demand for the small counters
(the cube, the tallies, the scores, the captures, the reserves), the same in every process.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

if TYPE_CHECKING:  # pragma: no cover
    from .orientation import DieModel
    from .topology import Topology

__all__ = ["Tables", "TableFacts", "counter_key", "union"]


def union(masks: Iterable[int]) -> int:
    """The union of bitmasks of squares."""
    out = 0
    for mask in masks:
        out |= mask
    return out


def counter_key(kind: int, index: int, value: int) -> int:
    """A 64-bit hash key for a small counter's value, the same in every process and for every
    game object (a splitmix64 of the three numbers), so hashes can be compared and stored."""
    z = (0x5E1E1 * 0x9E3779B97F4A7C15 + (kind << 48 | (index & 0xFFFF) << 32 | (value & 0xFFFFFFFF))) \
        & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31)


class Tables:
    """The compiled facts of one game with fixed options (see the module docstring)."""

    __slots__ = (
        # the game
        "name", "title", "players", "num_players", "next_player", "options",
        # pieces
        "kind_names", "kind_index", "num_codes", "neutral", "code_owner", "code_kind", "enemy", "oriented", "die", "value",
        # the board
        "topology", "stacking", "max_stack", "overflow", "regions", "player_regions",
        # reserves and the pieces a game can have
        "reserve_names", "reserve_counts", "reserve_of_kind", "total_pieces", "max_height",
        "unlimited_supply", "start_counts",
        # phases, dice and the cube
        "phase_names", "phase_end", "roll_index", "dice_count", "faces", "opening", "cube_index",
        "score_target",
        # counters (memory besides the board)
        "counter_slots", "counter_start",
        # the most legal moves one position may have (``limits.moves``)
        "move_limit",
        # hashing
        "zobrist", "zobrist_stride", "side_key", "turn_keys", "orient_keys", "phase_keys", "dice_keys",
        "hash_reserves", "hash_captures", "_keys", "_frozen",
    )

    name: str
    title: str
    #: the names of the players who play, in turn order (player 1 first), and how many they are
    players: list[str]
    num_players: int
    #: per player (index 1..n), the player who moves after him; index 0 is 0
    next_player: list[int]
    options: dict[str, Any]
    #: the piece kinds in the order of the game file; ``kind_index[name]`` is a kind's number
    kind_names: list[str]
    kind_index: dict[str, int]
    #: how many piece codes there are (one per kind and player)
    num_codes: int
    #: per kind: it belongs to nobody
    neutral: list[bool]
    #: per code: its owner (1..n), or 0 for a neutral piece; and its kind
    code_owner: list[int]
    code_kind: list[int]
    #: per player (index 1..n) and code: the piece belongs to another player (not to nobody)
    enemy: list[list[bool]]
    #: per kind: its orientation is kept (a die), and the die's model, or None
    oriented: list[bool]
    die: "DieModel | None"
    #: per code: what capturing the piece is worth (``value`` of its kind, default 1)
    value: list[int]
    topology: "Topology"
    stacking: bool
    #: the highest a stack may be after a move (0: no limit), and where the overflow goes
    max_stack: int
    overflow: tuple[str, str]
    #: the regions the game file declares (both halves of a per-player one), and the halves
    regions: dict[str, int]
    player_regions: dict[str, tuple[int, ...]]
    reserve_names: list[str]
    reserve_counts: list[int]
    #: per kind: its reserve's number, or -1 (an unlimited supply)
    reserve_of_kind: list[int]
    #: every piece the game can have (an upper bound where some supply is unlimited), the highest
    #: a stack can be, and whether some kind can be placed without end
    total_pieces: int
    max_height: int
    unlimited_supply: bool
    #: per player (index 1, 2; 0 for nobody's) and kind, the pieces the setup puts on the board
    start_counts: list[list[int]]
    phase_names: list[str]
    #: the ply at which each phase ends (a very large number where it does not end by plies)
    phase_end: list[int]
    #: the index of the roll among the game's blocks (-1: no dice), how many dice, their faces,
    #: the opening roll's rule, the cube's index (-1: none)
    roll_index: int
    dice_count: int
    faces: int
    opening: dict[str, Any] | None
    cube_index: int
    score_target: int | None
    #: per counter, its first slot in ``st.counters`` and whether it is kept per player (two slots:
    #: player 1's, then player 2's); and each slot's value at the start
    counter_slots: dict[str, tuple[int, bool]]
    counter_start: list[int]
    #: the most legal moves one position may have (``limits.moves``): a block that would make more
    #: raises :class:`~spielwerk.dsl.errors.MoveLimitError`
    move_limit: int
    #: Zobrist keys: ``zobrist[(sq * zobrist_stride + height) * num_codes + code]``
    zobrist: list[int]
    zobrist_stride: int
    side_key: int
    #: per player (index 1..n), the key of his being to move: 0 for player 1, ``side_key`` for
    #: player 2 (so that two-player hashes flip one key), drawn for the others
    turn_keys: list[int]
    #: per square and orientation code: ``orient_keys[sq * 64 + code]`` (games with dice pieces)
    orient_keys: list[int]
    phase_keys: list[int]
    dice_keys: dict[tuple[int, int], int]
    #: reserves change other than by placing, so the hash covers them; the captures are part of
    #: the position (a rule reads them, or the position text writes them)
    hash_reserves: bool
    hash_captures: bool
    _keys: dict[tuple[int, int, int], int]
    _frozen: bool

    def __init__(self, **values: Any) -> None:
        object.__setattr__(self, "_frozen", False)
        object.__setattr__(self, "_keys", {})
        for name, value in values.items():
            setattr(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        if self._frozen:
            raise AttributeError(f"the compiled tables are frozen: {name} cannot change")
        object.__setattr__(self, name, value)

    def freeze(self) -> None:
        """No attribute changes from now on (the compile stage calls this when it is done)."""
        object.__setattr__(self, "_frozen", True)

    # -- pieces and regions ---------------------------------------------------------------------
    def code(self, kind: int, owner: int) -> int:
        """The code of a piece of kind number ``kind`` owned by ``owner`` (0: a neutral piece)."""
        return kind * self.num_players + (owner - 1 if owner else 0)

    @property
    def player_numbers(self) -> range:
        """The players' numbers, 1 to n."""
        return range(1, self.num_players + 1)

    def player_codes(self, kinds: Iterable[str] | None = None) -> list[list[int]]:
        """Per player (index 1..n), the codes of his pieces of the given kind names (all kinds
        when None); index 0 is empty. Neutral pieces belong to nobody."""
        wanted = set(range(len(self.kind_names))) if kinds is None else {self.kind_index[k] for k in kinds}
        return [[], *([c for c in range(self.num_codes) if self.code_kind[c] in wanted and self.code_owner[c] == p]
                      for p in self.player_numbers)]

    def region_mask(self, name: str) -> int:
        """The squares of a region (declared, or one the board has built in) as a bitmask."""
        if name in self.regions:
            return self.regions[name]
        return self.topology.region_mask(name)

    def player_region_mask(self, name: str, player: int) -> int:
        """A per-player region's part for ``player``; other regions are the same for every player."""
        if name in self.player_regions:
            return self.player_regions[name][player - 1]
        return self.region_mask(name)

    def player_region_masks(self, name: str) -> list[int]:
        """:meth:`player_region_mask` for every player, indexed by player number (index 0: no squares)."""
        return [0, *(self.player_region_mask(name, p) for p in self.player_numbers)]

    def is_region(self, name: Any) -> bool:
        """Whether ``name`` names a region (declared, per player or built in) of this board."""
        return isinstance(name, str) and (name in self.regions or name in self.topology.regions)

    # -- hash keys of the small counters ----------------------------------------------------------
    def _key(self, kind: int, index: int, value: int) -> int:
        """``counter_key`` remembered (hashing asks for the same few keys all the time)."""
        keys = self._keys
        got = keys.get((kind, index, value))
        if got is None:
            got = keys[(kind, index, value)] = counter_key(kind, index, value)
        return got

    def cube_key(self, cube: tuple[Any, ...]) -> int:
        """The hash key of a cube state (value, owner, step); the start state hashes as 0."""
        value, owner, step = cube[:3]
        return 0 if (value, owner, step) == (1, 0, 0) else self._key(1, owner * 4 + step, value)

    def tally_key(self, index: int, value: int) -> int:
        """The hash key of ``tally[index] == value`` (0 for the start value 0)."""
        return self._key(2, index, value) if value else 0

    def score_key(self, player: int, value: int) -> int:
        """The hash key of ``score[player] == value`` (0 for no points)."""
        return self._key(3, player, value) if value else 0

    def captures_key(self, player: int, value: int) -> int:
        """The hash key of ``captures[player] == value`` (0 for none)."""
        return self._key(4, player, value) if value else 0

    def counter_key(self, slot: int, value: int) -> int:
        """The hash key of ``counters[slot] == value`` (0 for the value 0)."""
        return self._key(6, slot, value) if value else 0

    def reserve_key(self, player: int, reserve: int, value: int) -> int:
        """The hash key of a reserve's count (games whose reserves are hashed)."""
        return self._key(5, player * 64 + reserve, value)


class TableFacts:
    """The tables' facts read on the object that holds them as ``t`` (a game: ``game.topology``
    is ``game.t.topology``)."""

    t: Tables

    def region_mask(self, name: str) -> int:
        """The squares of a region as a bitmask (see :meth:`Tables.region_mask`)."""
        return self.t.region_mask(name)

    def player_region_mask(self, name: str, player: int) -> int:
        """A per-player region's half (see :meth:`Tables.player_region_mask`)."""
        return self.t.player_region_mask(name, player)

    def player_codes(self, kinds: Iterable[str] | None = None) -> list[list[int]]:
        """Per player, the codes of his pieces of the given kinds (see :meth:`Tables.player_codes`)."""
        return self.t.player_codes(kinds)

    @property
    def topology(self) -> "Topology":
        """The board."""
        return self.t.topology

    @property
    def code_owner(self) -> list[int]:
        """Per piece code: its owner (1, 2; 0 for a neutral piece)."""
        return self.t.code_owner

    @property
    def kind_names(self) -> list[str]:
        """The piece kinds in the order of the game file."""
        return self.t.kind_names

    @property
    def kind_index(self) -> dict[str, int]:
        """A piece kind's number."""
        return self.t.kind_index

    @property
    def num_codes(self) -> int:
        """How many piece codes there are."""
        return self.t.num_codes

    @property
    def neutral(self) -> list[bool]:
        """Per kind: it belongs to nobody."""
        return self.t.neutral

    @property
    def oriented(self) -> list[bool]:
        """Per kind: its orientation is kept (a die)."""
        return self.t.oriented

    @property
    def die(self) -> "DieModel | None":
        """The model of the dice pieces, or None."""
        return self.t.die

    @property
    def stacking(self) -> bool:
        """Pieces may stack."""
        return self.t.stacking

    @property
    def max_stack(self) -> int:
        """The height limit of a stack after a move (0: none)."""
        return self.t.max_stack

    @property
    def max_height(self) -> int:
        """The highest a stack can be."""
        return self.t.max_height

    @property
    def total_pieces(self) -> int:
        """Every piece the game can have."""
        return self.t.total_pieces

    @property
    def unlimited_supply(self) -> bool:
        """Some kind can be placed without end."""
        return self.t.unlimited_supply

    @property
    def reserve_names(self) -> list[str]:
        """The reserves, in the order of the game file."""
        return self.t.reserve_names

    @property
    def reserve_counts(self) -> list[int]:
        """Each reserve's pieces at the start, per player."""
        return self.t.reserve_counts

    @property
    def reserve_of_kind(self) -> list[int]:
        """Per kind: its reserve (-1: none)."""
        return self.t.reserve_of_kind

    @property
    def start_counts(self) -> list[list[int]]:
        """Per player and kind, the pieces the setup puts on the board."""
        return self.t.start_counts

    @property
    def roll_index(self) -> int:
        """The index of the dice's roll block (-1: no dice)."""
        return self.t.roll_index

    @property
    def dice_count(self) -> int:
        """How many dice are rolled."""
        return self.t.dice_count

    @property
    def faces(self) -> int:
        """The faces of a die."""
        return self.t.faces

    @property
    def dice_keys(self) -> dict[tuple[int, int], int]:
        """The hash key of each roll."""
        return self.t.dice_keys

    @property
    def opening(self) -> "dict[str, Any] | None":
        """The opening roll's rule."""
        return self.t.opening

    @property
    def cube_index(self) -> int:
        """The index of the doubling cube's block (-1: none)."""
        return self.t.cube_index

    @property
    def score_target(self) -> int | None:
        """The points that win."""
        return self.t.score_target

    @property
    def phase_end(self) -> list[int]:
        """The ply each phase ends at."""
        return self.t.phase_end

    @property
    def hash_captures(self) -> bool:
        """The captures are part of the position."""
        return self.t.hash_captures

    @property
    def hash_reserves(self) -> bool:
        """The reserves are part of the hash."""
        return self.t.hash_reserves
