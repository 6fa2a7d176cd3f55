"""The contract every move primitive follows, and the board bookkeeping they share."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game
    from ..state import State

__all__ = ["Primitive", "retop", "topped"]


def topped(st: "State", codes: list[int]) -> int:
    """The bitmask of squares whose top piece has one of ``codes``."""
    tops = st.tops
    mask = 0
    for c in codes:
        mask |= tops[c]
    return mask


def retop(st: "State", sq: int, old: int) -> None:
    """Update ``tops`` and ``occupied`` after the stack on ``sq`` changed; ``old`` was its top (-1 empty)."""
    s = st.stacks[sq]
    new = s[-1] if s else -1
    if new == old:
        return
    bit = 1 << sq
    if old >= 0:
        st.tops[old] ^= bit
    else:
        st.occupied |= bit
    if new >= 0:
        st.tops[new] ^= bit
    else:
        st.occupied ^= bit


class Primitive:
    """A kind of move. A move is a tuple whose first item is the primitive's index in the game.

    Subclasses implement ``generate`` (append legal moves), ``apply`` (returns what ``undo`` needs),
    ``undo``, and for notation ``fields`` (a move as named values) and ``from_fields`` (the reverse).
    """

    #: the primitive's key in game files
    name = ""
    #: the notation template used when the game file declares none
    default_template = ""
    #: field name -> kind (square, piece, int, direction, digits, flag) for notation templates
    field_kinds: dict[str, str] = {}

    def __init__(self, game: "Game", index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        self.game = game
        self.index = index
        self.params = params
        self.path = path

    def require_stacking(self, why: str) -> None:
        """Refuse this block on a board without ``stacking`` (``why``: what piles up)."""
        if not self.game.stacking:
            raise self.game.spec.error(("board", "stacking"), f"{why}: the board needs `stacking: true`")

    def generate(self, st: "State", out: list[Any]) -> None:
        raise NotImplementedError

    def apply(self, st: "State", move: tuple[Any, ...]) -> Any:
        raise NotImplementedError

    def undo(self, st: "State", move: tuple[Any, ...], info: Any) -> None:
        raise NotImplementedError

    def fields(self, st: "State", move: tuple[Any, ...]) -> dict[str, Any]:
        raise NotImplementedError

    def from_fields(self, st: "State", fields: dict[str, Any]) -> tuple[Any, ...]:
        raise NotImplementedError

    # -- action ids (see :mod:`spielwerk.actions`) --------------------------------------------------
    #: what one action of this block names, for docs/reference/actions.md and ``games --actions``
    action_doc = ""
    #: a move of this block may take several actions, one per part (a hop of a chain, a die's step)
    multi_part = False

    def action_keys(self) -> list[Any]:
        """Every action key this block can produce on this board, in a fixed order: the order of
        its action ids. A key is a small tuple that does not depend on who moves."""
        raise NotImplementedError

    def action_parts(self, move: tuple[Any, ...]) -> tuple[Any, ...]:
        """The keys of the actions that make ``move``, in the order they are chosen (one for
        most blocks)."""
        raise NotImplementedError

    def partial_move(self, st: "State", parts: tuple[Any, ...], move: tuple[Any, ...] | None) -> Any:
        """A move that plays only the first ``parts`` of a move of several parts (``move``, a
        legal move beginning with them, where one is known), for showing a turn in progress;
        None where the block has no such move."""
        return None

    def part_text(self, st: "State", key: Any) -> str:
        """One part of a move of several parts as text (a hop, a step)."""
        return "-".join(self.game.topology.names[sq] for sq in key)

    def position_problem(self, st: "State") -> str | None:
        """Why a position read from a text cannot occur in a game with this primitive, or None."""
        return None

    def explain(self, st: "State", move: tuple[Any, ...]) -> str:
        """Why ``move`` (well-formed, not generated) is illegal in ``st``."""
        return "not a legal move in this position"
