"""``captured``: the player has lost pieces of a kind (compared with the start)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Predicate

if TYPE_CHECKING:  # pragma: no cover
    from ..blocks.base import Compiling
    from ..state import Move, Position

__all__ = ["Captured"]


class Captured(Predicate):
    """Parameters: ``piece``, ``count`` (how many must be lost; default 1)."""

    name = "captured"

    def __init__(self, c: "Compiling", params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, params, path)
        self.kind = c.t.kind_index[params["piece"]]
        count = params.get("count", 1)
        self.count = int(c.constant(path + ("count",), count)) if not isinstance(count, int) else count

    def holds(self, st: "Position", player: int) -> bool:
        code = self.t.code(self.kind, player)
        if self.t.stacking:
            on_board = sum(1 for s in st.stacks for pc in s if pc == code)
        else:
            on_board = st.tops[code].bit_count()
        return self.t.start_counts[player][self.kind] - on_board >= self.count
