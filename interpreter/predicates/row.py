"""``row``: the player has ``length`` pieces in a row, each a step from the last in one direction
(on a board of points and lines, ``board.links``, along the lines drawn). Used in expressions as a
truth value (``mill(mover)``), and with ``forms(mill, square)`` for the rows through one square."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from .base import Predicate

if TYPE_CHECKING:  # pragma: no cover
    from ..blocks.base import Compiling
    from ..state import Position
    from ..topology import Board

__all__ = ["Row"]


class Row(Predicate):
    """Parameters: ``length`` (the pieces in the row), ``directions`` (default ``all``), ``pieces``
    (kinds that count; default all). Compiled to the bitmask of every row on the board, and the
    rows through each square."""

    name = "row"

    def __init__(self, c: "Compiling", params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, params, path)
        topo = cast("Board", c.t.topology)
        length = int(c.constant(path + ("length",), params["length"]))
        if length < 1:
            raise c.error(path + ("length",), "a row has at least one piece")
        try:
            dirs = topo.directions(params.get("directions", "all"))
        except ValueError as exc:
            raise c.error(path + ("directions",), str(exc)) from None
        self.codes = c.t.player_codes(params.get("pieces"))
        rows: set[int] = set()
        for sq in range(topo.size):
            if not topo.full_mask >> sq & 1:
                continue
            for d in dirs:
                ray = topo.ray(sq, d)
                if len(ray) >= length - 1:
                    rows.add(sum(1 << s for s in (sq, *ray[:length - 1])))
        #: every row as a bitmask, and by square the rows through it
        self.rows = sorted(rows)
        self.through_square: list[list[int]] = [[m for m in self.rows if m >> sq & 1] for sq in range(topo.size)]
        self.cells = length

    def _own(self, st: "Position", player: int) -> int:
        own = 0
        for code in self.codes[player]:
            own |= st.tops[code]
        return own

    def holds(self, st: "Position", player: int) -> bool:
        own = self._own(st, player)
        if own.bit_count() < self.cells:
            return False
        return any(own & m == m for m in self.rows)

    def through(self, st: "Position", sq: int) -> bool:
        """Whether the piece on ``sq`` stands in a row of its owner's."""
        player = self.top_owner(st, sq)
        if not player:
            return False
        own = self._own(st, player)
        return any(own & m == m for m in self.through_square[sq])
