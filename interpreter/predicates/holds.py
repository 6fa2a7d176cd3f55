"""``holds``: the player has at least ``min`` pieces on every one of a set of points (a block of
points such as a bridge or a prime)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Predicate

if TYPE_CHECKING:  # pragma: no cover
    from ..blocks.base import Compiling
    from ..state import Move, Position

__all__ = ["Holds"]


class Holds(Predicate):
    """Parameters: ``points`` (positions along the player's own path, 1 = his first point; track
    boards) or ``region`` (a region's squares, any board), and ``min`` (default 2).

    ``squares[player]`` lists the squares checked for each player; ``positions`` keeps the path
    positions too, so a move generator can answer the question on its own counts.
    """

    name = "holds"

    def __init__(self, c: "Compiling", params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, params, path)
        topo = c.t.topology
        self.min = int(params.get("min", 2))
        self.positions: list[int] = []
        if "points" in params:
            paths = getattr(topo, "paths", None)
            if paths is None:
                raise c.error(path + ("points",), "`points` counts along a player's path: "
                                      "it needs a track board (use `region` on other boards)")
            n = len(paths[1])
            bad = [k for k in params["points"] if not 1 <= k <= n]
            if bad:
                raise c.error(path + ("points",), f"points {bad} are not on a path of {n} points")
            self.positions = [int(k) for k in params["points"]]
            self.squares = [[], *([paths[p][k - 1] for k in self.positions] for p in c.t.player_numbers)]
        else:
            masks = c.t.player_region_masks(params["region"])[1:]
            self.squares = [[], *([sq for sq in range(topo.size) if m >> sq & 1] for m in masks)]
        self.owner = c.t.code_owner

    def holds(self, st: "Position", player: int) -> bool:
        stacks, need, owner = st.stacks, self.min, self.owner
        for sq in self.squares[player]:
            s = stacks[sq]
            if len(s) < need or owner[s[-1]] != player:
                return False
        return True
