"""``reach``: one of the player's pieces of a kind stands on a square or region."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Predicate

if TYPE_CHECKING:  # pragma: no cover
    from ..blocks.base import Compiling
    from ..state import Move, Position

__all__ = ["Reach"]


class Reach(Predicate):
    """Parameters: ``piece``, ``square`` (a square or region; a per-player region is read with
    ``side``: ``own`` (default) or ``opponent`` - e.g. the opponent's king square)."""

    name = "reach"

    def __init__(self, c: "Compiling", params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, params, path)
        kind = c.t.kind_index[params["piece"]]
        self.codes = [0, *(c.t.code(kind, p) for p in c.t.player_numbers)]
        region = params["square"]
        if region in c.t.topology.regions or region in c.t.regions:
            halves = c.t.player_region_masks(region)[1:]
        else:
            try:
                mask = 1 << c.t.topology.parse_square(str(region))
            except ValueError:
                raise c.error(path + ("square",), f"{region!r} is neither a square of this board "
                                      "nor a region") from None
            halves = [mask for _ in c.t.player_numbers]
        # the opponent's part: that of the player who moves next
        side = c.t.next_player if params.get("side", "own") == "opponent" else list(range(len(halves) + 1))
        self.masks = [0, *(halves[side[p] - 1] for p in c.t.player_numbers)]

    def holds(self, st: "Position", player: int) -> bool:
        return bool(st.tops[self.codes[player]] & self.masks[player])
