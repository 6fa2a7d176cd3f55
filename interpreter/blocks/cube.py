"""The doubling cube: before his roll a player may double the stakes; the opponent takes (and owns
the cube) or drops (and loses at the stakes before the double)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..outcome import DEFAULT_RESULTS, Outcome
from ..moves import CubeMove
from .base import Block, Compiling

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Move, Position

__all__ = ["Cube", "ROLL", "DOUBLE", "TAKE", "DROP"]

ROLL, DOUBLE, TAKE, DROP = 0, 1, 2, 3
_WORDS = {ROLL: "roll", DOUBLE: "double", TAKE: "take", DROP: "drop"}
_READ = {"roll": ROLL, "no double": ROLL, "double": DOUBLE, "doubles": DOUBLE, "take": TAKE,
         "takes": TAKE, "accept": TAKE, "drop": DROP, "drops": DROP, "pass": DROP, "passes": DROP}


class Cube(Block):
    """Added by the engine for a phase with ``cube``. A move is ``(index, action)``: roll (no
    double), double, take or drop. State: ``cube_value``, ``cube_owner`` (0 centred), and
    ``cube_step`` (0 the roller may double, 1 a double is offered, 2 decided: roll the dice)."""

    name = "cube"
    #: the block's entry in the schema's ``$defs``, its keys, and its line in the list of blocks
    schema_name = "cube"
    schema = {
        "type": "object",
        "description": (
            "The doubling cube (a money game): before his roll, the player who owns the cube, or either "
            "player while it is centred, may double; the opponent takes or passes. Its value is the name "
            "`cube` in expressions. See docs/reference/turns.md."
        ),
        "additionalProperties": False,
        "properties": {
            "enabled": {
                "$ref": "#/$defs/condition",
                "description": (
                    "Whether the cube is in play: `true`, `false` or an expression computed once from the "
                    "options, e.g. the name of a bool option `money`."
                ),
                "default": False,
            },
            "after_opening": {
                "type": "boolean",
                "description": (
                    "True (default): no double before the opening roll has been played."
                ),
                "default": True,
            },
            "max": {
                "type": "integer",
                "description": "Highest cube value.",
                "minimum": 2,
                "default": 64,
            },
            "pass_result": {
                "type": "string",
                "description": (
                    "Refused by `validate`: not available; a dropped double always ends the game with the "
                    "result `drop` (its tokens from `notation.results.drop`), won by the doubler and worth "
                    "the cube's value before the double."
                ),
                "default": "pass",
            },
            "description": {
                "type": "string",
                "description": "Free text.",
            },
        },
    }
    default_template = "{action}"
    field_kinds = {"action": "word"}

    def __init__(self, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, index, params, path)
        if c.t.num_players != 2:
            raise c.error(path, f"the doubling cube passes between two players, not {c.t.num_players}")
        self.max = c.number(path + ("max",), params.get("max", 64), 2, 1 << 15)
        if self.max & (self.max - 1):
            raise c.error(path + ("max",), f"the cube doubles from 1: its highest value is a power "
                          f"of two such as 64, not {self.max}")
        self.after_opening = bool(params.get("after_opening", True))
        #: the move that declines to double (the roller rolls)
        self.no_double = CubeMove((index, ROLL))
        self._moves = [CubeMove((index, action)) for action in (ROLL, DOUBLE, TAKE, DROP)]
        results = (c.data.get("notation") or {}).get("results", {})
        #: the result tokens of a dropped double (winner 1, winner 2)
        self.drop_tokens = tuple(results.get("drop", DEFAULT_RESULTS))

    def may_double(self, st: "Position") -> bool:
        if st.cube_value >= self.max or st.cube_owner not in (0, st.to_move):
            return False
        return not (self.after_opening and st.ply == 0)

    def generate(self, st: "Position", out: list["Move"]) -> None:
        if st.cube_step == 0 and self.may_double(st):
            out.append(self._moves[ROLL])
            out.append(self._moves[DOUBLE])
        elif st.cube_step == 1:
            out.append(self._moves[TAKE])
            out.append(self._moves[DROP])

    def apply(self, st: "Position", move: "Move") -> Any:
        action = move[1]
        old = (st.cube_value, st.cube_owner, st.cube_step, st.to_move, st.result)
        g = self.t
        if action == ROLL:
            st.cube_step = 2
        elif action == DOUBLE:
            st.cube_step = 1
            st.to_move ^= 3
            st.hash ^= g.side_key
        elif action == TAKE:
            st.cube_value *= 2
            st.cube_owner = st.to_move
            st.cube_step = 2
            st.to_move ^= 3
            st.hash ^= g.side_key
        else:  # drop: the doubler wins at the stakes before the double
            st.result = self.drop_outcome(3 - st.to_move, st.cube_value)
        st.hash ^= g.cube_key(old) ^ g.cube_key((st.cube_value, st.cube_owner, st.cube_step))
        return old

    def drop_outcome(self, winner: int, value: int) -> Outcome:
        """The end of a game by a dropped double: ``winner`` wins ``value`` (the stakes before it)."""
        return Outcome(winner, "drop", self.drop_tokens[winner - 1], None, value)

    def undo(self, st: "Position", move: "Move", old: Any) -> None:
        g = self.t
        st.hash ^= g.cube_key((st.cube_value, st.cube_owner, st.cube_step)) ^ g.cube_key(old)
        if st.to_move != old[3]:
            st.hash ^= g.side_key
        st.cube_value, st.cube_owner, st.cube_step, st.to_move, st.result = old

    def takes_off(self) -> bool:
        return False  # the cube touches no piece

    action_doc = "the cube decision: roll (no double), double, take, drop"

    def action_keys(self) -> list[Any]:
        return [(ROLL,), (DOUBLE,), (TAKE,), (DROP,)]

    def action_parts(self, move: "Move") -> tuple[Any, ...]:
        return ((move[1],),)

    def fields(self, st: "Position", move: "Move") -> dict[str, Any]:
        return {"action": _WORDS[move[1]]}

    def from_fields(self, st: "Position", fields: dict[str, Any]) -> "Move":
        from ..dsl.errors import InvalidMoveError
        word = fields["action"].strip().lower()
        word = word.split("=>")[0].strip()
        if word not in _READ:
            raise InvalidMoveError(f"{fields['action']!r} is not a cube action (double, take, drop)")
        return self._moves[_READ[word]]

    def explain(self, st: "Position", move: "Move") -> str:
        if move[1] in (TAKE, DROP):
            return "no double has been offered"
        if st.cube_step == 2 or st.dice is not None:
            return "the cube is turned only before the roll"
        return "the player to move may not double now (the opponent owns the cube, or it is at its limit)"
