"""``shuffle``: the stacks on the squares of a region change places, in any order: one move for
each different arrangement. In a chance phase (``chance: true``) chance draws one, each as likely
(cubes set out at random on a player's corner); in any other phase the player chooses it (pieces
deployed as he likes)."""

from __future__ import annotations

from itertools import permutations
from math import factorial
from typing import TYPE_CHECKING, Any

from ..dsl.errors import InvalidMoveError
from ..ledger import restack
from ..moves import Move, field
from .base import Block, Checking, Compiling

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Position

__all__ = ["Shuffle", "ShuffleMove", "MOST_SQUARES"]

#: the most squares a shuffled region may have: 8! = 40320 arrangements
MOST_SQUARES = 8


class ShuffleMove(Move):
    """An arrangement: for each square of the region in order, the place in that order of the
    square whose stack comes to it."""

    __slots__ = ()
    fields = ("order",)
    order = field(1, "for each square of the region, the place of the square its stack comes from")


class Shuffle(Block):
    """A move is ``ShuffleMove((index, order))``."""

    name = "shuffle"
    schema_name = "shuffle"
    summary = "The stacks on a region's squares change places: one move for each arrangement."
    schema = {
        "type": "object",
        "description": (
            "`shuffle`: the stacks on the squares of `where` change places, one move for each different "
            "arrangement; in a chance phase chance draws one. See docs/reference/moves.md#shuffle."
        ),
        "additionalProperties": False,
        "properties": {
            "where": {
                "$ref": "#/$defs/regionRef",
                "description": (
                    f"The squares whose stacks change places (a region kept per player: the mover's half); "
                    f"at most {MOST_SQUARES}."
                ),
            },
        },
        "required": ["where"],
    }
    default_template = "shuffle{order}"
    field_kinds = {"order": "digits"}
    action_doc = "an order of the region's squares (n! of them for n squares)"

    @classmethod
    def check(cls, checker: Checking, path: tuple[Any, ...], params: dict[str, Any]) -> None:
        super().check(checker, path, params)
        checker.region(path + ("where",), params.get("where"))

    def __init__(self, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, index, params, path)
        topo = c.t.topology
        #: per player, the region's squares in order
        self.squares: list[list[int]] = [[]]
        for p in c.t.player_numbers:
            mask = c.t.player_region_mask(params["where"], p)
            self.squares.append([sq for sq in range(topo.size) if mask >> sq & 1])
            if len(self.squares[p]) > MOST_SQUARES:
                raise c.error(path + ("where",), f"{len(self.squares[p])} squares have "
                              f"{factorial(len(self.squares[p]))} arrangements: a shuffle takes at most "
                              f"{MOST_SQUARES} squares")
        #: per number of squares, every order
        self.orders = {n: list(permutations(range(n))) for n in {len(squares) for squares in self.squares[1:]}}

    def generate(self, st: "Position", out: list[Any]) -> None:
        squares = self.squares[st.to_move]
        stacks = [tuple(st.stacks[sq]) for sq in squares]
        if not any(stacks):
            return
        seen: set[tuple[Any, ...]] = set()
        index = self.index
        for order in self.orders[len(squares)]:
            arrangement = tuple(stacks[i] for i in order)
            if arrangement not in seen:
                seen.add(arrangement)
                out.append(ShuffleMove((index, order)))

    def apply(self, st: "Position", move: "Move") -> Any:
        squares = self.squares[st.to_move]
        before = [list(st.stacks[sq]) for sq in squares]
        for sq, i in zip(squares, move[1]):
            if before[i] != st.stacks[sq]:
                restack(st, sq, before[i])
        return before

    def undo(self, st: "Position", move: "Move", info: Any) -> None:
        for sq, stack in zip(self.squares[st.to_move], info):
            if st.stacks[sq] != stack:
                restack(st, sq, stack)

    def action_keys(self) -> list[Any]:
        return [(order,) for n in sorted(self.orders) for order in self.orders[n]]

    def action_parts(self, move: "Move") -> tuple[Any, ...]:
        return ((move[1],),)

    def part_text(self, st: "Position", key: Any) -> str:
        return _written(key[0])

    def fields(self, st: "Position", move: "Move") -> dict[str, Any]:
        return {"order": tuple(i + 1 for i in move[1])}

    def from_fields(self, st: "Position", fields: dict[str, Any]) -> "Move":
        order = tuple(i - 1 for i in fields.get("order") or ())
        n = len(self.squares[st.to_move])
        if sorted(order) != list(range(n)):
            raise InvalidMoveError(f"an order of the {n} squares of {self.params['where']} names each of 1 to {n} once")
        return ShuffleMove((self.index, order))

    def explain(self, st: "Position", move: "Move") -> str:
        squares = self.squares[st.to_move]
        stacks = [tuple(st.stacks[sq]) for sq in squares]
        if not any(stacks):
            return f"there is nothing on {self.params['where']} to shuffle"
        arrangement = tuple(stacks[i] for i in move[1])
        first = next(order for order in self.orders[len(squares)]
                     if tuple(stacks[i] for i in order) == arrangement)
        return f"the same arrangement is written {_written(first)}: alike pieces change places"


def _written(order: tuple[int, ...]) -> str:
    """An order as the default template writes it: ``shuffle213456``."""
    return "shuffle" + "".join(str(i + 1) for i in order)
