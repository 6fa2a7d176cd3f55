"""Game states: flat lists and ints, a Zobrist hash kept up to date move by move.

A board holds one stack per square (bottom to top); a piece is an int code
``kind_index * 2 + (owner - 1)``. ``tops[code]`` is the bitmask of squares whose top piece is
``code``; ``occupied`` the bitmask of non-empty squares.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from .ring import lend

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game, Outcome

__all__ = ["State", "Move"]

#: A move: a tuple whose first item is the index of the primitive that makes it, then that
#: primitive's fields (squares, counts, steps). Moves are plain tuples, cheap to make in the
#: generators' loops, hashable and comparable; :meth:`State.move_text` gives the text form and
#: :meth:`State.push_text` reads it.
Move = tuple[Any, ...]


class State:
    """A position of a compiled game, with the moves that led to it (for :meth:`pop`).

    Use it like a python-chess ``Board``: ``legal_moves()``, ``push(move)``, ``pop()``,
    ``push_text("a1")``, ``outcome()``, ``text()``.
    """

    __slots__ = ("game", "stacks", "tops", "occupied", "reserves", "ply", "to_move", "phase", "hash",
                 "result", "stack", "seen", "orient", "dice", "cube_value", "cube_owner",
                 "cube_step", "tally", "score", "captures", "turn", "memo")

    def __init__(self, game: "Game") -> None:
        self.game = game
        n = game.topology.size
        self.stacks: list[list[int]] = [[] for _ in range(n)]
        self.tops: list[int] = [0] * game.num_codes
        self.occupied = 0
        self.reserves: list[list[int]] = [[], list(game.reserve_counts), list(game.reserve_counts)]
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
        #: [opening decided, doubles rolled by player 1, by player 2] (dice games that count them)
        self.tally: list[int] = [0, 0, 0]
        #: [unused, points of player 1, points of player 2] (games with ``scoring``)
        self.score: list[int] = [0, 0, 0]
        #: [unused, pieces player 1 has put out of the game, player 2's]
        self.captures: list[int] = [0, 0, 0]
        #: the parts chosen so far of a move of several actions (see :mod:`spielwerk.learning.actions`)
        self.turn: tuple[Any, ...] = ()
        #: what an outer layer remembers of this position (the learning interface keeps its legal
        #: actions here); the engine never reads it, copies carry it, pickles drop it
        self.memo: Any = None

    # -- python-chess style conveniences -------------------------------------------------------------
    def legal_moves(self) -> list[Any]:
        """Every legal move of the player to move (empty when the game is over)."""
        return self.game.legal_moves(self)

    def push(self, move: Any) -> None:
        """Play ``move`` (not checked: use :meth:`push_text` or check ``in legal_moves()``). A roll
        of the dice is refused where no roll is due (a cube decision comes first: see :meth:`roll`)."""
        game = self.game
        if move[0] == game.roll_index and not game.is_chance(self):
            from .dsl.errors import IllegalMoveError
            why = ("a cube decision comes first (roll, meaning no double, or double)" if self.dice is None
                   and self.result is None else "the dice are not to be rolled now")
            raise IllegalMoveError(why, "roll")
        if self.turn:
            self.turn = ()
        self.stack.append((move, game.apply(self, move)))

    def roll(self, a: int, b: int = 0) -> None:
        """Roll the dice ``a``-``b`` (one die: ``a``) for the player on roll. Where he may double
        first, rolling means he does not: the cube's ``roll`` decision is played before the dice,
        as a player would say it at the table."""
        game = self.game
        dice = game.roll(a, b)
        cube = game.cube
        if self.result is None and self.dice is None and cube is not None and not game.is_chance(self):
            from .primitives.cube import ROLL
            if self.cube_step == 0:
                self.push((cube.index, ROLL))
        self.push(dice)

    def turn_steps(self, done: Any = ()) -> list[Any]:
        """The step view: the next choices of the turn after the choices ``done`` (see
        :meth:`Game.turn_steps`)."""
        return self.game.turn_steps(self, done)

    def pop(self) -> Any:
        """Take back the last move and return it."""
        move, undo = self.stack.pop()
        self.turn = ()
        self.game.undo(self, move, undo)
        return move

    def undo_turn(self, players: Any) -> None:
        """Take back moves until one of ``players`` is to choose again where he last chose, with
        the dice he had then (no new roll); back to where the game began if none of them chose."""
        game = self.game
        while self.stack:
            move = self.pop()
            if move[0] != game.roll_index and self.to_move in players and not game.is_chance(self):
                return

    def push_text(self, text: str) -> Any:
        """Parse ``text`` in the game's notation, check it is legal, play it, return the move."""
        move = self.game.parse_move(self, text)
        self.push(move)
        return move

    def move_text(self, move: Any) -> str:
        """``move`` in the game's notation (before it is played)."""
        return self.game.format_move(self, move)

    def record(self, tags: dict[str, str] | None = None) -> str:
        """The game played so far (the moves pushed, from where it began) as a record in the
        game's notation, which ``spielwerk replay`` reads back; ``tags`` adds tags such as
        ``{"Event": "..."}``."""
        from .notation.writer import record_text
        over = None if self.game.is_chance(self) else self.game.outcome(self)
        return record_text(self.game, [move for move, _ in self.stack], over, self.root(), tags)

    def root(self) -> "State":
        """A copy of the position before the first move on the move stack (where the game began,
        or the position it was read from)."""
        start = self.copy()
        while start.stack:
            start.pop()
        return start

    def outcome(self) -> "Outcome | None":
        """How the game ended, or None while it goes on."""
        return self.game.outcome(self)

    def is_chance(self) -> bool:
        """True when the dice must be rolled before anybody moves."""
        return self.game.is_chance(self)

    def chance_outcomes(self) -> list[tuple[Any, Any]]:
        """The rolls possible now, each with its exact probability (a ``Fraction``)."""
        return self.game.chance_outcomes(self)

    def is_over(self) -> bool:
        return self.game.outcome(self) is not None

    def text(self) -> str:
        """The position in the game's position notation."""
        return self.game.position_text(self)

    def copy(self) -> "State":
        """An independent copy (the move stack is copied too)."""
        other = State.__new__(State)
        other.game = self.game
        other.stacks = [list(s) for s in self.stacks]
        other.tops = list(self.tops)
        other.occupied = self.occupied
        other.reserves = [list(r) for r in self.reserves]
        other.ply = self.ply
        other.to_move = self.to_move
        other.phase = self.phase
        other.hash = self.hash
        other.result = self.result
        other.stack = list(self.stack)
        other.seen = dict(self.seen)
        other.orient = list(self.orient)
        other.dice = self.dice
        other.cube_value, other.cube_owner, other.cube_step = self.cube_value, self.cube_owner, self.cube_step
        other.tally = list(self.tally)
        other.score = list(self.score)
        other.captures = list(self.captures)
        other.turn = self.turn
        other.memo = self.memo
        return other

    def key(self) -> tuple[Any, ...]:
        """Everything that defines the position, for equality (not the move stack)."""
        return (tuple(tuple(s) for s in self.stacks), tuple(map(tuple, self.reserves)), self.ply,
                self.to_move, self.phase, self.result, tuple(self.orient), self.dice,
                self.cube_value, self.cube_owner, self.cube_step, tuple(self.tally), tuple(self.score),
                tuple(self.captures), self.turn)

    def __getstate__(self) -> Any:
        """Pickled without the remembered legal actions (they are worked out again)."""
        return None, {name: getattr(self, name) for name in State.__slots__ if name != "memo"}

    def __setstate__(self, state: Any) -> None:
        for name, value in state[1].items():
            setattr(self, name, value)
        self.memo = None

    # -- actions: integer ids for learning programs (see :mod:`spielwerk.learning.actions`) -------------------
    def current_player(self) -> int:
        """The player to decide (1 or 2), 0 when the dice are to be rolled, -1 once the game is over."""
        game = self.game
        if game.is_chance(self):
            return 0
        if self.result is not None:
            return -1
        if self.turn or lend("actions").menu(self).ids or game.outcome(self) is None:
            return self.to_move
        return -1

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player() == -1

    def legal_actions(self) -> list[int]:
        """The ids of the legal actions, ascending; at a chance node the ids of the possible rolls."""
        return list(lend("actions").legal_actions(self))

    def legal_action_mask(self) -> list[bool]:
        """One flag per action id of the game: True where the action is legal (all False at a
        chance node and once the game is over)."""
        return list(lend("actions").legal_action_mask(self))

    def chance_actions(self) -> list[tuple[int, float]]:
        """At a chance node, each possible roll's id with its probability."""
        return list(lend("actions").chance_actions(self))

    def apply_action(self, action: int) -> None:
        """Play the action with id ``action`` (a roll's id at a chance node). A part of a move of
        several parts (a die's step, a hop) is kept in :attr:`turn` until the move is complete."""
        lend("actions").apply_action(self, action)

    def action_text(self, action: int) -> str:
        """The action ``action`` in words (the move's notation, a step ``13/7``, ``stop``, a roll)."""
        return str(lend("actions").action_text(self, action))

    def returns(self) -> tuple[float, float]:
        """What the game paid players 1 and 2 (the winner +value, the loser -value; 0 otherwise)."""
        return cast("tuple[float, float]", lend("actions").returns(self))

    def observation(self, player: int | None = None, out: Any = None) -> Any:
        """The position as a NumPy vector from ``player``'s view (default: who decides or rolls
        now); the layout is :func:`spielwerk.learning.observation.layout`. ``out`` (a float32 array of
        that length) is filled in place instead of a new array. Needs ``spielwerk[rl]``."""
        return lend("observation").observation(self, player, out)

    def observation_text(self, player: int | None = None) -> str:
        """:meth:`observation` as text, segment by segment, for debugging."""
        return str(lend("observation").observation_text(self, player))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, State) and other.key() == self.key()
                and (other.game is self.game or (other.game.options == self.game.options
                                                 and other.game.spec.data == self.game.spec.data)))

    def __hash__(self) -> int:
        return self.hash

    def __repr__(self) -> str:
        return f"<State {self.game.name} {self.text()!r}>"

    def svg(self, *, size: int = 480, arrows: bool = False) -> str:
        """The position as an SVG picture (see :mod:`spielwerk.svg`)."""
        return str(lend("pictures").board_svg(self, size=size, arrows=arrows))

    def _repr_svg_(self) -> str:
        """Jupyter shows a state as its picture."""
        return self.svg()

    def __str__(self) -> str:
        return self.game.render(self)
