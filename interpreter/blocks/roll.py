"""The roll of the dice: a chance move the engine adds to every game with ``dice``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..dsl.errors import InvalidMoveError
from .base import Block

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Move, Position

__all__ = ["Roll"]


class Roll(Block):
    """The chance move that sets the dice (added by the engine for games with ``dice``).

    A move is ``(index, die1, die2, starter)``; ``starter`` (1 or 2) is set by an opening roll, which
    also decides who moves first; 0 otherwise.
    """

    name = "roll"
    default_template = "roll"
    field_kinds: dict[str, str] = {}

    def generate(self, st: "Position", out: list["Move"]) -> None:
        return None

    def takes_off(self) -> bool:
        return False  # the dice touch no piece

    def apply(self, st: "Position", move: "Move") -> Any:
        _, a, b, starter = move
        g = self.t
        old = (st.dice, st.to_move, st.tally[0], st.cube_step)
        h = st.hash
        if st.cube_step:  # the cube decision is behind: once rolled, every position is alike
            h ^= g.cube_key((st.cube_value, st.cube_owner, st.cube_step)) ^ g.cube_key((st.cube_value, st.cube_owner, 0))
            st.cube_step = 0
        if starter:  # an opening roll: it decides who starts
            if not a:  # and nothing more: ``tally[0]`` says so until the fresh roll and the first move
                h ^= g.tally_key(0, st.tally[0]) ^ g.tally_key(0, 1)
                st.tally[0] = 1
            if starter != st.to_move:
                h ^= g.turn_keys[st.to_move] ^ g.turn_keys[starter]
                st.to_move = starter
        if a:  # a == 0: the opening only decided who starts; he then rolls afresh
            if st.dice is not None:
                h ^= g.dice_keys[st.dice]
            st.dice = (a, b)
            h ^= g.dice_keys[st.dice]
        st.hash = h
        return old

    def undo(self, st: "Position", move: "Move", info: Any) -> None:
        g = self.t
        dice, to_move, decided, cube_step = info
        h = st.hash
        if cube_step:
            h ^= g.cube_key((st.cube_value, st.cube_owner, 0)) ^ g.cube_key((st.cube_value, st.cube_owner, cube_step))
            st.cube_step = cube_step
        if move[1]:
            h ^= g.dice_keys[cast("tuple[int, int]", st.dice)]
            if dice is not None:
                h ^= g.dice_keys[dice]
        if decided != st.tally[0]:
            h ^= g.tally_key(0, st.tally[0]) ^ g.tally_key(0, decided)
        if to_move != st.to_move:
            h ^= g.turn_keys[st.to_move] ^ g.turn_keys[to_move]
        st.dice, st.to_move, st.tally[0], st.hash = dice, to_move, decided, h

    def fields(self, st: "Position", move: "Move") -> dict[str, Any]:
        return {}

    def from_fields(self, st: "Position", fields: dict[str, Any]) -> "Move":
        raise InvalidMoveError("a roll is not written as a move")
