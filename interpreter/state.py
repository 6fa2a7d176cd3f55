"""Positions: flat lists and ints, a Zobrist hash kept up to date move by move.

A board holds one stack per square (bottom to top); a piece is an int code
``kind * num_players + (owner - 1)``. ``tops[code]`` is the bitmask of squares whose top piece is
``code``; ``occupied`` the bitmask of non-empty squares.

:class:`Position` is what the engine's blocks, effects and rules read and change (through
:mod:`spielwerk.ledger`); the public :class:`spielwerk.State`, which adds the python-chess style
methods, is a position of a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from .moves import Move

if TYPE_CHECKING:  # pragma: no cover
    from .outcome import Outcome

__all__ = ["Position", "Move"]

_P = TypeVar("_P", bound="Position")



class Position:
    """The arrays of a position of a compiled game, with the moves that led to it."""

    __slots__ = ("game", "t", "stacks", "tops", "occupied", "reserves", "ply", "to_move", "phase", "hash",
                 "result", "stack", "seen", "orient", "dice", "cube_value", "cube_owner",
                 "cube_step", "tally", "score", "captures", "counters", "boards", "turn", "memo", "known")

    def __init__(self, game: Any) -> None:
        #: the game this is a position of (a :class:`spielwerk.game.Game`)
        self.game = game
        #: the game's compiled tables (what the blocks and the ledger read)
        self.t = t = game.t
        n = t.topology.size
        self.stacks: list[list[int]] = [[] for _ in range(n)]
        self.tops: list[int] = [0] * t.num_codes
        self.occupied = 0
        players = t.num_players
        self.reserves: list[list[int]] = [[], *(list(t.reserve_counts) for _ in range(players))]
        self.ply = 0
        self.to_move = 1
        self.phase = 0
        self.hash = 0
        self.result: "Outcome | None" = None
        self.stack: list[tuple[Any, Any]] = []
        #: how often each position hash has occurred (kept only by games with a repetition rule)
        self.seen: dict[int, int] = {}
        #: per square, the orientation code of an oriented piece standing there (dice), else 0
        self.orient: list[int] = [0] * n
        #: the dice rolled for the player to move (games with dice), None before the roll
        self.dice: tuple[int, int] | None = None
        #: the doubling cube: its value, its owner (0 centred), and the step of the cube decision
        self.cube_value, self.cube_owner, self.cube_step = 1, 0, 0
        #: [opening decided, doubles rolled by player 1, by player 2, ...] (dice games that count them)
        self.tally: list[int] = [0] * (players + 1)
        #: [unused, points of player 1, of player 2, ...] (games with ``scoring``)
        self.score: list[int] = [0] * (players + 1)
        #: [unused, pieces player 1 has put out of the game, player 2's, ...]
        self.captures: list[int] = [0] * (players + 1)
        #: the game's counters (``counters`` in the game file), slot by slot
        self.counters: list[int] = list(t.counter_start)
        #: the boards (pieces only) of the positions since this state began, the last the current
        #: one's, as hashes (kept where a rule reads them: ``board_repeats``, ``board_was``)
        self.boards: list[int] = []
        #: the parts chosen so far of a move of several actions (see :mod:`spielwerk.learning.actions`)
        self.turn: tuple[Any, ...] = ()
        #: what an outer layer remembers of this position (the learning interface keeps its legal
        #: actions here); the engine never reads it, copies carry it, pickles drop it
        self.memo: Any = None
        #: the legal moves :meth:`Game.outcome` listed here, handed to the next
        #: :meth:`Game.legal_moves` of this position (``apply`` and ``undo`` drop them)
        self.known: list[Any] | None = None

    def copy(self: _P) -> _P:
        """An independent copy (the move stack is copied too), of the same class."""
        other = self.__class__.__new__(self.__class__)
        other.game = self.game
        other.t = self.t
        other.stacks = list(map(list, self.stacks))
        other.tops = self.tops.copy()
        other.occupied = self.occupied
        other.reserves = list(map(list, self.reserves))
        other.ply = self.ply
        other.to_move = self.to_move
        other.phase = self.phase
        other.hash = self.hash
        other.result = self.result
        other.stack = self.stack.copy()
        other.seen = self.seen.copy()
        other.orient = self.orient.copy()
        other.dice = self.dice
        other.cube_value, other.cube_owner, other.cube_step = self.cube_value, self.cube_owner, self.cube_step
        other.tally = self.tally.copy()
        other.score = self.score.copy()
        other.captures = self.captures.copy()
        other.counters = self.counters.copy()
        other.boards = self.boards.copy()
        other.turn = self.turn
        other.memo = self.memo
        other.known = None
        return other

    def key(self) -> tuple[Any, ...]:
        """Everything that defines the position, for equality (not the move stack)."""
        return (tuple(tuple(s) for s in self.stacks), tuple(map(tuple, self.reserves)), self.ply,
                self.to_move, self.phase, self.result, tuple(self.orient), self.dice,
                self.cube_value, self.cube_owner, self.cube_step, tuple(self.tally), tuple(self.score),
                tuple(self.captures), tuple(self.counters), self.turn)

    def __hash__(self) -> int:
        return self.hash

    def __getstate__(self) -> Any:
        """Pickled without the remembered legal actions (they are worked out again) and without the
        tables (the game pickles as its spec and options, and brings them back)."""
        return None, {name: getattr(self, name) for name in Position.__slots__ if name not in ("memo", "t", "known")}

    def __setstate__(self, state: Any) -> None:
        for name, value in state[1].items():
            setattr(self, name, value)
        self.t = self.game.t
        self.memo = None
        self.known = None
