"""``count``: how many of the player's pieces (or stacks he owns) there are, optionally of a height
or in a region. Used in expressions as a number: ``five_stacks(mover) >= 3``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Predicate

if TYPE_CHECKING:  # pragma: no cover
    from ..blocks.base import Compiling
    from ..state import Move, Position

__all__ = ["Count"]


class Count(Predicate):
    """Parameters: ``pieces`` (kinds counted; default all), ``region`` (default ``all``),
    ``stacks`` (true: count stacks the player owns, by their top piece), ``height`` (only stacks of
    this height). Without ``stacks``, the player's pieces are counted in the stacks he tops."""

    name = "count"

    def __init__(self, c: "Compiling", params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, params, path)
        self.codes = c.t.player_codes(params.get("pieces"))
        self.mask = c.t.region_mask(params.get("region", "all"))
        self.stacks = bool(params.get("stacks", False))
        height = params.get("height")
        self.height = int(c.constant(path + ("height",), height)) if height is not None else None

    def holds(self, st: "Position", player: int) -> int:  # a number, not only a truth value
        mask = 0
        for c in self.codes[player]:
            mask |= st.tops[c]
        mask &= self.mask
        if self.height is None and self.stacks:
            return mask.bit_count()
        n = 0
        stacks = st.stacks
        codes = self.codes[player]
        while mask:
            low = mask & -mask
            mask ^= low
            s = stacks[low.bit_length() - 1]
            if self.height is not None and len(s) != self.height:
                continue
            n += 1 if self.stacks else sum(1 for pc in s if pc in codes)
        return n
