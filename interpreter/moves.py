"""Moves are values: small immutable, hashable tuples with their parts named.

A move is a :class:`Move`: the index of the block that makes it (``move.block``), then the block's
own fields, each named by the block's move type (``StepMove(block=0, from_square=12,
to_square=20)``). Being tuples, moves are cheap to compare, hash and pickle, and equal the plain
tuple of their items. Their text is the game's notation (``state.move_text(move)``); their
integer form, for learning programs, is their action id (``game.move_to_action(move)``).

Each block declares its move type next to it; the types the engine adds (rolls, the cube, the
pass) are here.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, ClassVar

__all__ = ["Move", "field", "RollMove", "CubeMove", "PassMove", "SquareMove", "LineMove", "SpreadMove"]


def field(i: int, doc: str) -> Any:
    """The ``i``-th item of a move (1 is the first after the block index) as a named property."""
    return property(itemgetter(i), doc=doc)


class Move(tuple[Any, ...]):
    """A move (see the module docstring). Build one from its items: ``StepMove((0, 12, 20))``."""

    __slots__ = ()
    #: the names of the items after the block index
    fields: ClassVar[tuple[str, ...]] = ()

    @property
    def block(self) -> int:
        """The index of the block that makes this move (``game.blocks[move.block]``)."""
        return int(self[0])

    def named(self) -> dict[str, Any]:
        """The move's fields by name."""
        return dict(zip(self.fields, self[1:]))

    def __repr__(self) -> str:
        parts = [f"block={self[0]!r}"] + [f"{name}={value!r}" for name, value in zip(self.fields, self[1:])]
        return f"{type(self).__name__}({', '.join(parts)})"


class RollMove(Move):
    """A roll of the dice: the higher die, the lower (0 with one die), and the player an opening
    roll makes start (0 for any other roll)."""

    __slots__ = ()
    fields = ("high", "low", "starter")
    high = field(1, "the higher die (0: an opening roll that only decides who starts)")
    low = field(2, "the lower die (0 with one die)")
    starter = field(3, "the player an opening roll makes start, or 0")


class CubeMove(Move):
    """A decision on the doubling cube: 0 roll (no double), 1 double, 2 take, 3 drop."""

    __slots__ = ()
    fields = ("action",)
    action = field(1, "0 roll (no double), 1 double, 2 take, 3 drop")


class PassMove(Move):
    """The pass of a player who has no other move."""

    __slots__ = ()


class SquareMove(Move):
    """A piece from one square to another (the ``step`` and ``slide`` shapes of ``move``)."""

    __slots__ = ()
    fields = ("from_square", "to_square")
    from_square = field(1, "the square the piece leaves")
    to_square = field(2, "the square it ends on")


class LineMove(Move):
    """``count`` pieces off the top of a stack, along a line to another square (``move``)."""

    __slots__ = ()
    fields = ("from_square", "to_square", "count")
    from_square = field(1, "the square the pieces leave")
    to_square = field(2, "the square they end on")
    count = field(3, "how many pieces move, off the top")


class SpreadMove(Move):
    """Pieces carried off a stack along a line, some left on every square passed (``drop:
    spread``): the direction's number among the block's directions, and the pieces left on each
    square, the bottom ones first."""

    __slots__ = ()
    fields = ("from_square", "direction", "drops")
    from_square = field(1, "the square the pieces leave")
    direction = field(2, "the direction's number among the block's directions")
    drops = field(3, "the pieces left on each square passed, in order")
