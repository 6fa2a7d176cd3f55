"""Board topologies compiled to flat tables: square indices, neighbour steps, rays, regions as bitmasks.

Squares are numbered ``rank * width + file`` from the bottom-left corner (``a1`` = 0) as seen by
player 1. Directions are computed from the shape, never listed in a game file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["SquareTopology", "DIRECTION_SETS"]

#: Direction names and their (file, rank) steps on square boards.
_SQUARE_STEPS = {
    "north": (0, 1), "south": (0, -1), "east": (1, 0), "west": (-1, 0),
    "northeast": (1, 1), "northwest": (-1, 1), "southeast": (1, -1), "southwest": (-1, -1),
}
DIRECTION_SETS = {
    "orthogonal": ("north", "south", "east", "west"),
    "diagonal": ("northeast", "northwest", "southeast", "southwest"),
    "all": ("north", "south", "east", "west", "northeast", "northwest", "southeast", "southwest"),
}

_SQUARE_RE = re.compile(r"^([a-zA-Z])(\d{1,2})$")


@dataclass
class SquareTopology:
    """A rectangular grid of ``width`` x ``height`` squares."""

    width: int
    height: int
    size: int = field(init=False)
    names: list[str] = field(init=False)
    full_mask: int = field(init=False)
    regions: dict[str, int] = field(init=False)

    def __post_init__(self) -> None:
        w, h = self.width, self.height
        self.size = w * h
        self.names = [f"{chr(ord('a') + sq % w)}{sq // w + 1}" for sq in range(self.size)]
        self._index = {name: sq for sq, name in enumerate(self.names)}
        self.full_mask = (1 << self.size) - 1
        col = lambda f: sum(1 << (r * w + f) for r in range(h))  # noqa: E731
        row = lambda r: sum(1 << (r * w + f) for f in range(w))  # noqa: E731
        self.not_first_file = self.full_mask & ~col(0)
        self.not_last_file = self.full_mask & ~col(w - 1)
        corners = (1 << 0) | (1 << (w - 1)) | (1 << (w * (h - 1))) | (1 << (w * h - 1))
        self.regions = {
            "north": row(h - 1), "south": row(0), "west": col(0), "east": col(w - 1),
            "border": row(0) | row(h - 1) | col(0) | col(w - 1), "corners": corners, "all": self.full_mask,
        }

    # -- names ---------------------------------------------------------------------------------
    def name(self, sq: int) -> str:
        return self.names[sq]

    def parse_square(self, text: str) -> int:
        """Square index of ``a1``/``A1``; ``ValueError`` if it is not on the board."""
        sq = self._index.get(text.lower())
        if sq is None:
            raise ValueError(f"{text!r} is not a square of this {self.width}x{self.height} board")
        return sq

    def square_pattern(self) -> str:
        """A regular expression (no groups) matching one square name."""
        return r"[a-zA-Z]\d{1,2}"

    # -- directions ------------------------------------------------------------------------------
    def directions(self, which: str | list[str]) -> list[str]:
        if isinstance(which, str):
            return list(DIRECTION_SETS.get(which, (which,)))
        out: list[str] = []
        for w in which:
            out.extend(self.directions(w))
        return out

    def step(self, sq: int, direction: str) -> int:
        """The neighbour of ``sq`` in ``direction``, or -1 off the board."""
        df, dr = _SQUARE_STEPS[direction]
        f, r = sq % self.width + df, sq // self.width + dr
        if 0 <= f < self.width and 0 <= r < self.height:
            return r * self.width + f
        return -1

    def ray(self, sq: int, direction: str) -> tuple[int, ...]:
        """The squares from ``sq`` (exclusive) to the edge in ``direction``."""
        out = []
        t = self.step(sq, direction)
        while t >= 0:
            out.append(t)
            t = self.step(t, direction)
        return tuple(out)

    def region_mask(self, name: str) -> int:
        return self.regions[name]

    def grow_step(self, seed: int) -> int:
        """``seed`` plus every square one orthogonal step from it."""
        w = self.width
        return (seed | (seed << w) | (seed >> w) | ((seed << 1) & self.not_first_file)
                | ((seed >> 1) & self.not_last_file)) & self.full_mask

    def grow_orthogonal(self, seed: int, within: int) -> int:
        """Flood ``seed`` through ``within`` by orthogonal steps (bit-parallel)."""
        w = self.width
        nf, nl = self.not_first_file, self.not_last_file
        seed &= within
        while True:
            grown = (seed | (seed << w) | (seed >> w) | ((seed << 1) & nf) | ((seed >> 1) & nl)) & within
            if grown == seed:
                return seed
            seed = grown
