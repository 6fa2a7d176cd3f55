"""Board topologies compiled to flat tables: square indices, neighbour steps, rays, regions as bitmasks.

Squares are numbered ``rank * width + file`` from the bottom-left corner (``a1`` = 0) as seen by
player 1. Directions are computed from the shape, never listed in a game file.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence, Union, cast

__all__ = ["BoardKeyError", "SquareTopology", "HexTopology", "TrackTopology", "DIRECTION_SETS", "make_topology", "flood"]

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
#: directions relative to the player: (player 1's, player 2's); player 1 sits at the bottom
_SQUARE_RELATIVE = {
    "forward": (("north",), ("south",)),
    "backward": (("south",), ("north",)),
    "sideways": (("east", "west"), ("west", "east")),
    "forward_diagonal": (("northeast", "northwest"), ("southwest", "southeast")),
    "backward_diagonal": (("southeast", "southwest"), ("northwest", "northeast")),
}
#: the compass clockwise from north: the words relative to a player facing another way than north
#: turn by as many eighths
_COMPASS = ("north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest")


def facing_relative(facing: Sequence[str]) -> dict[str, tuple[tuple[str, ...], ...]]:
    """The words relative to a player (``forward``, ...) on a square board, per player, for players
    who face the compass directions ``facing`` (player 1 first; the table above is
    ``facing_relative(["north", "south"])``)."""
    turns = [_COMPASS.index(f) for f in facing]
    return {word: tuple(tuple(_COMPASS[(_COMPASS.index(d) + k) % 8] for d in per[0]) for k in turns)
            for word, per in _SQUARE_RELATIVE.items()}


_HEX_RELATIVE = {
    "forward": (("northeast", "northwest"), ("southwest", "southeast")),
    "backward": (("southeast", "southwest"), ("northwest", "northeast")),
    "sideways": (("east", "west"), ("west", "east")),
}


class BoardKeyError(ValueError):
    """A mistake in one of ``board``'s keys: ``where`` is the key's path inside ``board``."""

    def __init__(self, message: str, *where: Any) -> None:
        super().__init__(message)
        self.where = where


def _resolve(which: "str | list[str]", player: int, sets: Mapping[str, Sequence[str]],
             relative: Mapping[str, Sequence[Sequence[str]]], steps: Mapping[str, Any]) -> list[str]:
    """Direction names for ``which`` (a word or a list of words; a list is the union, in order)
    as seen by ``player``; ``ValueError`` names the words this board knows."""
    words = [which] if isinstance(which, str) else list(which)
    out: list[str] = []
    for w in words:
        if w in sets:
            found = sets[w]
        elif w in relative:
            if player > len(relative[w]):
                raise ValueError(f"{w!r} is relative to a player: with more than two players give each player's "
                                 "`facing` (board.facing, on a square board)")
            found = relative[w][player - 1]
        elif w in steps:
            found = (w,)
        else:
            known = [*sets, *relative, *steps]
            hint = difflib.get_close_matches(str(w), known, n=1)
            tip = f" (did you mean {hint[0]!r}?)" if hint else ""
            raise ValueError(f"no direction {w!r} on this board{tip}; known: {', '.join(known)}")
        out.extend(d for d in found if d not in out)
    return out

_SQUARE_RE = re.compile(r"^([a-zA-Z])(\d{1,2})$")


class _Board:
    """What square and hex boards share: names, rays built from ``step``, region masks."""

    names: list[str]
    regions: dict[str, int]
    size: int

    def name(self, sq: int) -> str:
        return self.names[sq]

    def square_pattern(self) -> str:
        """A regular expression (no groups) matching one square name."""
        return r"[a-zA-Z]\d{1,2}"

    def step(self, sq: int, direction: str) -> int:  # pragma: no cover - both boards define it
        raise NotImplementedError

    def ray(self, sq: int, direction: str) -> tuple[int, ...]:
        """The squares from ``sq`` (exclusive) to the edge in ``direction`` (computed once)."""
        cache: dict[tuple[int, str], tuple[int, ...]] = self.__dict__.setdefault("_rays", {})
        got = cache.get((sq, direction))
        if got is None:
            out = []
            t = self.step(sq, direction)
            while t >= 0:
                out.append(t)
                t = self.step(t, direction)
            got = cache[(sq, direction)] = tuple(out)
        return got

    def region_mask(self, name: str) -> int:
        return self.regions[name]

    def neighbour_masks(self, directions: list[str]) -> list[int]:
        """For each square, the bitmask of its neighbours in ``directions``."""
        return [sum(1 << t for t in (self.step(sq, d) for d in directions) if t >= 0) for sq in range(self.size)]


def flood(seed: int, within: int, near: list[int]) -> int:
    """The squares of ``within`` reached from ``seed`` (itself within) step by step through the
    neighbour masks ``near``."""
    seed &= within
    frontier = seed
    while frontier:
        low = frontier & -frontier
        frontier ^= low
        new = near[low.bit_length() - 1] & within & ~seed
        seed |= new
        frontier |= new
    return seed


@dataclass
class SquareTopology(_Board):
    """A rectangular grid of ``width`` x ``height`` squares, of which those in ``missing`` (a
    bitmask) do not exist: nothing stands there, no path crosses them, no text names them."""

    width: int
    height: int
    missing: int = 0
    #: direction name -> (file step, rank step): the compass directions and the board's own
    steps: dict[str, tuple[int, int]] = field(default_factory=lambda: dict(_SQUARE_STEPS))
    #: set name -> the direction names it stands for
    sets: dict[str, tuple[str, ...]] = field(default_factory=lambda: dict(DIRECTION_SETS))
    #: ``board.links``: chains of squares in straight lines; where given, a step goes only along
    #: them, to the next square of a chain (a board of points and lines drawn on a grid)
    links: tuple[tuple[int, ...], ...] = ()
    #: ``board.facing``: per player, the compass direction he faces (``forward``)
    facing: tuple[str, ...] = ("north", "south")
    size: int = field(init=False)
    names: list[str] = field(init=False)
    full_mask: int = field(init=False)
    regions: dict[str, int] = field(init=False)

    def __post_init__(self) -> None:
        w, h = self.width, self.height
        self.size = w * h
        self.names = [f"{chr(ord('a') + sq % w)}{sq // w + 1}" for sq in range(self.size)]
        self.full_mask = ((1 << self.size) - 1) & ~self.missing
        self._index = {name: sq for sq, name in enumerate(self.names) if self.full_mask >> sq & 1}
        col: Callable[[int], int] = lambda f: sum(1 << (r * w + f) for r in range(h))  # noqa: E731
        row: Callable[[int], int] = lambda r: sum(1 << (r * w + f) for f in range(w))  # noqa: E731
        self.not_first_file = self.full_mask & ~col(0)
        self.not_last_file = self.full_mask & ~col(w - 1)
        corners = (1 << 0) | (1 << (w - 1)) | (1 << (w * (h - 1))) | (1 << (w * h - 1))
        cf = {(w - 1) // 2, w // 2}
        cr = {(h - 1) // 2, h // 2}
        center = sum(1 << (r * w + f) for r in cr for f in cf)
        regions = {
            "north": row(h - 1), "south": row(0), "west": col(0), "east": col(w - 1),
            "border": row(0) | row(h - 1) | col(0) | col(w - 1), "corners": corners, "center": center,
            "all": self.full_mask,
        }
        self.regions = {name: mask & self.full_mask for name, mask in regions.items()}
        self._linked: list[dict[str, int]] | None = None
        if self.links:
            self._linked = [{} for _ in range(self.size)]
            for chain in self.links:
                for a, b in zip(chain, chain[1:]):
                    self._linked[a][self._compass(a, b)] = b
                    self._linked[b][self._compass(b, a)] = a

    def _compass(self, a: int, b: int) -> str:
        """The compass direction from ``a`` to ``b`` along a straight line (``ValueError`` if none)."""
        w = self.width
        dx, dy = b % w - a % w, b // w - a // w
        if dx and dy and abs(dx) != abs(dy):
            raise ValueError(f"the link {self.names[a]}-{self.names[b]} is not a straight line of the grid")
        unit = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
        return next(name for name, step in _SQUARE_STEPS.items() if step == unit)

    def _near(self) -> list[int]:
        """Per square, its orthogonal neighbours along the links (computed once)."""
        near: list[int] | None = self.__dict__.get("_near_masks")
        if near is None:
            near = self.__dict__["_near_masks"] = self.neighbour_masks(list(DIRECTION_SETS["orthogonal"]))
        return near

    def exists(self, sq: int) -> bool:
        return bool(self.full_mask >> sq & 1)

    def file_rank(self, sq: int) -> tuple[int, int]:
        """The square's file and rank, from 1 (``file()`` and ``rank()`` in expressions)."""
        return sq % self.width + 1, sq // self.width + 1

    def enclosure(self, sq: int) -> int:
        """The squares that close ``sq`` in (``surrounded``): its eight neighbours, or -1 where
        one of them is off the board."""
        near = [n for n in (self.step(sq, d) for d in DIRECTION_SETS["all"]) if n >= 0]
        return sum(1 << n for n in near) if len(near) == len(DIRECTION_SETS["all"]) else -1

    def opposite(self, sq: int) -> int:
        """``sq`` turned round the board's centre (player 2's copy of a setup), or -1 if missing."""
        t = self.size - 1 - sq
        return t if self.exists(t) else -1

    # -- names ---------------------------------------------------------------------------------
    def rows(self) -> list[list[int]]:
        """The squares rank by rank, bottom rank first, each from the left."""
        w, full = self.width, self.full_mask
        return [[sq for sq in range(r * w, r * w + w) if full >> sq & 1] for r in range(self.height)]

    def row_label(self, i: int) -> str:
        return str(i + 1)

    def reading_order(self, sq: int) -> tuple[int, int]:
        """Sort key of board order as a diagram is read: the top rank first, then from the left."""
        return (-(sq // self.width), sq % self.width)

    def column_labels(self) -> list[str]:
        return [chr(ord("a") + f) for f in range(self.width)]

    def parse_square(self, text: str) -> int:
        """Square index of ``a1``/``A1``; ``ValueError`` if it is not on the board."""
        sq = self._index.get(text.lower())
        if sq is None:
            raise ValueError(f"{text!r} is not a square of this {self.width}x{self.height} board")
        return sq

    # -- directions ------------------------------------------------------------------------------
    def turn(self, df: int, dr: int, player: int) -> tuple[int, int]:
        """A step of ``df`` files and ``dr`` ranks as player 1 sees it (facing north), as ``player``
        takes it, facing his own way (``board.facing``)."""
        if player > len(self.facing):
            raise ValueError("a step seen by the first player is turned for the others by the way each "
                             "faces: with more than two players give `board.facing`")
        facing = self.facing[player - 1]
        return {"north": (df, dr), "east": (dr, -df), "south": (-df, -dr), "west": (-dr, df)}[facing]

    def directions(self, which: str | list[str], player: int = 1) -> list[str]:
        """The compass directions ``which`` names (a set such as ``orthogonal``, a compass word, a
        word relative to ``player`` such as ``forward``, or a list of these)."""
        relative = _SQUARE_RELATIVE if self.facing == ("north", "south") else facing_relative(self.facing)
        return _resolve(which, player, self.sets, relative, self.steps)

    def step(self, sq: int, direction: str) -> int:
        """The neighbour of ``sq`` in ``direction``, or -1 off the board (with ``links``: the next
        square of a chain along that direction)."""
        if self._linked is not None:
            if direction not in self.steps:
                raise KeyError(direction)
            return self._linked[sq].get(direction, -1)
        df, dr = self.steps[direction]
        f, r = sq % self.width + df, sq // self.width + dr
        if 0 <= f < self.width and 0 <= r < self.height:
            t = r * self.width + f
            return t if self.full_mask >> t & 1 else -1
        return -1

    def grow_step(self, seed: int) -> int:
        """``seed`` plus every square one orthogonal step from it."""
        if self._linked is not None:
            near = self._near()
            grown = seed
            bits = seed
            while bits:
                low = bits & -bits
                bits ^= low
                grown |= near[low.bit_length() - 1]
            return grown
        w = self.width
        return (seed | (seed << w) | (seed >> w) | ((seed << 1) & self.not_first_file)
                | ((seed >> 1) & self.not_last_file)) & self.full_mask

    def grow_orthogonal(self, seed: int, within: int) -> int:
        """Flood ``seed`` through ``within`` by orthogonal steps (bit-parallel)."""
        if self._linked is not None:
            return flood(seed, within, self._near())
        w = self.width
        nf, nl = self.not_first_file, self.not_last_file
        seed &= within
        while True:
            grown = (seed | (seed << w) | (seed >> w) | ((seed << 1) & nf) | ((seed >> 1) & nl)) & within
            if grown == seed:
                return seed
            seed = grown


#: the six hex directions as (doubled x step, rank step)
_HEX_STEPS = {
    "east": (2, 0), "west": (-2, 0), "northeast": (1, 1), "northwest": (-1, 1),
    "southeast": (1, -1), "southwest": (-1, -1),
}
_HEX_SETS = {"all": tuple(_HEX_STEPS), "orthogonal": tuple(_HEX_STEPS)}


class HexTopology(_Board):
    """A hex board of ranks of points (``ranks: [4, 5, 6, 7, 6, 5, 4]``), named rank letter + number.

    Each rank is centred: point n of a rank of length L sits at x = 2(n-1) - (L-1) in half steps.
    Neighbours are the points one step away in the six directions, which gives NOTES' rule:
    towards a longer rank n touches n and n+1, towards a shorter one n-1 and n.
    """

    def __init__(self, ranks: list[int], names: str = "rank_letters") -> None:
        self.ranks = list(ranks)
        self.height = len(ranks)
        self.width = max(ranks)
        #: ``rank_letters``: rank letter + point number within the rank (``d4``); ``file_letters``:
        #: the letter of the slanted line running up to the left (the file) + the rank number;
        #: ``point_letters``: the point's place within its rank as a letter + the rank number
        self.naming = names
        self.names: list[str] = []
        self.coords: list[tuple[int, int]] = []
        self._rows: list[list[int]] = []
        for r, length in enumerate(ranks):
            row = []
            for n in range(1, length + 1):
                row.append(len(self.names))
                self.names.append(f"{chr(ord('a') + r)}{n}")
                self.coords.append((2 * (n - 1) - (length - 1), r))
            self._rows.append(row)
        if names == "file_letters":
            low = min(x + y for x, y in self.coords)
            self.names = [f"{chr(ord('a') + (x + y - low) // 2)}{y + 1}" for x, y in self.coords]
        elif names == "point_letters":  # the point's place in its rank as a letter, then the rank
            self.names = [f"{chr(ord('a') + n)}{r + 1}" for r, row in enumerate(self._rows) for n in range(len(row))]
        self.size = len(self.names)
        self._index = {name: sq for sq, name in enumerate(self.names)}
        self._at = {xy: sq for sq, xy in enumerate(self.coords)}
        self.full_mask = (1 << self.size) - 1
        border = sum(1 << sq for sq in range(self.size)
                     if sum(self.step(sq, d) >= 0 for d in _HEX_STEPS) < 6)
        middle = self._rows[len(ranks) // 2]
        center = 1 << middle[len(middle) // 2]
        first, last = self._rows[0], self._rows[-1]
        self.regions = {
            "south": sum(1 << sq for sq in first), "north": sum(1 << sq for sq in last),
            "border": border, "center": center, "all": self.full_mask,
            "corners": sum(1 << sq for sq in range(self.size)
                           if sum(self.step(sq, d) >= 0 for d in _HEX_STEPS) == 3),
        }

    def rows(self) -> list[list[int]]:
        return [list(r) for r in self._rows]

    def opposite(self, sq: int) -> int:
        """``sq`` turned round the board's centre (player 2's copy of a setup), or -1 if missing."""
        x, y = self.coords[sq]
        return self._at.get((-x, self.height - 1 - y), -1)

    def row_label(self, i: int) -> str:
        return chr(ord("a") + i) if self.naming == "rank_letters" else str(i + 1)

    def reading_order(self, sq: int) -> tuple[int, int]:
        """Sort key of board order as a diagram is read: the top rank first, then from the left."""
        x, y = self.coords[sq]
        return (-y, x)

    def column_labels(self) -> list[str]:
        return []

    def parse_square(self, text: str) -> int:
        sq = self._index.get(text.lower())
        if sq is None:
            raise ValueError(f"{text!r} is not a point of this hex board")
        return sq

    def directions(self, which: str | list[str], player: int = 1) -> list[str]:
        """The hex directions ``which`` names, as seen by ``player`` (see the square board's)."""
        return _resolve(which, player, _HEX_SETS, _HEX_RELATIVE, _HEX_STEPS)

    def step(self, sq: int, direction: str) -> int:
        dx, dy = _HEX_STEPS[direction]
        x, y = self.coords[sq]
        return self._at.get((x + dx, y + dy), -1)


#: the corners of a cell, by their compass names, as steps on the grid of sites
_CORNERS = {"ne": (1, 1), "nw": (-1, 1), "se": (1, -1), "sw": (-1, -1)}
_SIDES = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}


@dataclass
class SidesTopology(SquareTopology):
    """A square board of ``cells_wide`` x ``cells_high`` cells whose sides, and the vertices where
    sides meet, are sites too (``board.sides``, ``board.vertices``): the walls between cells, the
    lines of Dots and Boxes. The sites lie on a grid twice as fine, ``2 w + 1`` x ``2 h + 1``: a
    cell at odd file and rank, a side between two cells, a vertex where four meet. A compass step
    goes to the next site (a cell's east neighbour is its east side; two steps reach the next
    cell). ``inner`` leaves out the sites on the board's edge; ``all`` keeps them.

    Names: a cell ``c3``; a side by a cell it bounds and its compass letter, ``c3n`` (the north
    side of c3, which is also ``c4s``); a vertex by a cell and its corner, ``c3ne`` (= ``d4sw``).
    A site is written with the first of those names: a cell's north or east side or corner where
    it has one, else the west or south one on the board's edge.
    """

    cells_wide: int = 1
    cells_high: int = 1

    def __post_init__(self) -> None:
        super().__post_init__()
        fw, fh = self.width, self.height
        w, h = self.cells_wide, self.cells_high

        def cell(i: int, j: int) -> str:
            return f"{chr(ord('a') + i)}{j + 1}"

        names: list[str] = []
        aliases: dict[str, int] = {}
        suffix_of = {(0, 0): "", **{v: k for k, v in (*_SIDES.items(), *_CORNERS.items())}}
        rank = {"": 0, "n": 1, "e": 1, "ne": 1, "nw": 2, "se": 2, "s": 3, "w": 3, "sw": 4}
        for sq in range(self.size):
            x, y = sq % fw, sq // fw
            found = []  # every name of the site: (cell, suffix) for each of the (at most four) cells it bounds
            for i in {(x - 1) // 2, x // 2} & set(range(w)):
                for j in {(y - 1) // 2, y // 2} & set(range(h)):
                    found.append((cell(i, j), suffix_of[(x - (2 * i + 1), y - (2 * j + 1))]))
            # the canonical name: the cell's own, or the side or corner north or east of a cell
            found.sort(key=lambda f: rank[f[1]])
            names.append(found[0][0] + found[0][1])
            if self.full_mask >> sq & 1:
                for c, suffix in found:
                    aliases[c + suffix] = sq
        self.names = names
        self._index = aliases
        xs = [sq % fw for sq in range(self.size)]
        ys = [sq // fw for sq in range(self.size)]
        kind = [(xs[sq] % 2) + (ys[sq] % 2) for sq in range(self.size)]  # 2 cell, 1 side, 0 vertex
        full = self.full_mask
        cells = sum(1 << sq for sq in range(self.size) if kind[sq] == 2)
        sides = sum(1 << sq for sq in range(self.size) if kind[sq] == 1) & full
        vertices = sum(1 << sq for sq in range(self.size) if kind[sq] == 0) & full

        def cells_where(test: Callable[[int, int], bool]) -> int:
            return sum(1 << ((2 * j + 1) * fw + 2 * i + 1) for i in range(w) for j in range(h) if test(i, j))

        cf, cr = {(w - 1) // 2, w // 2}, {(h - 1) // 2, h // 2}
        self.regions = {
            "cells": cells, "sides": sides, "vertices": vertices,
            "north": cells_where(lambda i, j: j == h - 1), "south": cells_where(lambda i, j: j == 0),
            "west": cells_where(lambda i, j: i == 0), "east": cells_where(lambda i, j: i == w - 1),
            "border": cells_where(lambda i, j: i in (0, w - 1) or j in (0, h - 1)),
            "corners": cells_where(lambda i, j: i in (0, w - 1) and j in (0, h - 1)),
            "center": cells_where(lambda i, j: i in cf and j in cr),
            "all": full,
        }

    def file_rank(self, sq: int) -> tuple[int, int]:
        """The file and rank of the cell a site is named by (a side or vertex on the west or south
        edge: 0 there)."""
        return (sq % self.width + 1) // 2, (sq // self.width + 1) // 2

    def enclosure(self, sq: int) -> int:
        """A cell is closed in by its sides (those the board has); a side or vertex by its
        neighbouring sites."""
        return sum(1 << n for n in (self.step(sq, d) for d in DIRECTION_SETS["orthogonal"]) if n >= 0)

    def rows(self) -> list[list[int]]:
        """The rows of sites, bottom first, each from the left; a row with no site (the edge's
        sides where only inner ones are sites) is left out."""
        return [row for row in super().rows() if row]

    def square_pattern(self) -> str:
        return r"[a-zA-Z]\d{1,2}(?:ne|nw|se|sw|n|e|s|w)?"

    def column_labels(self) -> list[str]:
        return [chr(ord("a") + x // 2) if x % 2 else "" for x in range(self.width)]

    def row_label(self, i: int) -> str:
        return str(i // 2 + 1) if i % 2 else ""

    def parse_square(self, text: str) -> int:
        sq = self._index.get(text.lower())
        if sq is None:
            raise ValueError(f"{text!r} is not a cell, side or vertex of this {self.cells_wide}x{self.cells_high} board")
        return sq


@dataclass
class BridgesTopology(SquareTopology):
    """A square board whose bridges are sites too (``board.bridges``): one between every two
    squares a given offset apart (a knight's move for TwixT), where a link may stand. The bridges
    come after the squares, named by their two ends (``c3d5``, also ``d5c3``); a bridge crosses
    another where their straight lines meet at a point that is neither's end."""

    offsets: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        super().__post_init__()
        w, h = self.width, self.height
        cells = w * h
        pairs: list[tuple[int, int]] = []
        seen = set()
        images = {(sx * a, sy * b) for df, dr in self.offsets for a, b in ((df, dr), (dr, df))
                  for sx in (1, -1) for sy in (1, -1)}
        for sq in range(cells):
            if not self.full_mask >> sq & 1:
                continue
            for df, dr in sorted(images):
                f, r = sq % w + df, sq // w + dr
                other = r * w + f
                if 0 <= f < w and 0 <= r < h and self.full_mask >> other & 1 and (min(sq, other), max(sq, other)) not in seen:
                    seen.add((min(sq, other), max(sq, other)))
                    pairs.append((min(sq, other), max(sq, other)))
        #: per bridge (index 0..), its two squares; and the squares' bridges: (bridge site, other end)
        self.ends = pairs
        self.cells = cells
        self.at: list[list[tuple[int, int]]] = [[] for _ in range(cells)]
        for i, (a, b) in enumerate(pairs):
            self.at[a].append((cells + i, b))
            self.at[b].append((cells + i, a))
        names = list(self.names)
        index = dict(self._index)
        for i, (a, b) in enumerate(pairs):
            names.append(names[a] + names[b])
            index[names[a] + names[b]] = cells + i
            index[names[b] + names[a]] = cells + i
        self.names, self._index = names, index
        self.size = cells + len(pairs)
        bridges = ((1 << len(pairs)) - 1) << cells
        self.full_mask |= bridges
        self.regions = dict(self.regions, bridges=bridges, all=self.full_mask)

        def point(sq: int) -> tuple[int, int]:
            return sq % w, sq // w

        # two bridges can cross only where their boxes meet: each bridge is filed under the unit
        # squares its box covers, one more on each side, and compared with those filed beside it
        filed: dict[tuple[int, int], list[int]] = {}
        for i, (a, b) in enumerate(pairs):
            (x0, y0), (x1, y1) = point(a), point(b)
            for ux in range(min(x0, x1) - 1, max(x0, x1) + 1):
                for uy in range(min(y0, y1) - 1, max(y0, y1) + 1):
                    filed.setdefault((ux, uy), []).append(i)
        #: per bridge site, the bridge sites it crosses (a bitmask)
        self.crosses = [0] * len(pairs)
        for near in filed.values():
            for n, i in enumerate(near):
                a, b = pairs[i]
                for j in near[n + 1:]:
                    c, d = pairs[j]
                    if not {a, b} & {c, d} and _segments_cross(point(a), point(b), point(c), point(d)):
                        self.crosses[i] |= 1 << (cells + j)
                        self.crosses[j] |= 1 << (cells + i)

    def step(self, sq: int, direction: str) -> int:
        return -1 if sq >= self.cells else super().step(sq, direction)

    def rows(self) -> list[list[int]]:
        """The squares rank by rank, then the bridges, a row for those of each rank (by the rank of
        their first square)."""
        by_rank: list[list[int]] = [[] for _ in range(self.height)]
        for i, (a, _) in enumerate(self.ends):
            by_rank[a // self.width].append(self.cells + i)
        return [*super().rows(), *(row for row in by_rank if row)]

    def row_label(self, i: int) -> str:
        return "bridges" if i >= self.height else super().row_label(i)

    def file_rank(self, sq: int) -> tuple[int, int]:
        return super().file_rank(self.ends[sq - self.cells][0] if sq >= self.cells else sq)

    def enclosure(self, sq: int) -> int:
        return -1 if sq >= self.cells else super().enclosure(sq)

    def square_pattern(self) -> str:
        return r"[a-zA-Z]\d{1,2}(?:[a-zA-Z]\d{1,2})?"


def _segments_cross(p: tuple[int, int], q: tuple[int, int], r: tuple[int, int], s: tuple[int, int]) -> bool:
    """Whether the segments pq and rs cross at a point inside both (they share no end)."""
    def side(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> int:
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (v > 0) - (v < 0)
    d1, d2, d3, d4 = side(p, q, r), side(p, q, s), side(r, s, p), side(r, s, q)
    return d1 * d2 < 0 and d3 * d4 < 0


def sides_board(board: dict[str, Any], width: int, height: int, steps: dict[str, tuple[int, int]],
                sets: dict[str, tuple[str, ...]], facing: tuple[str, ...]) -> SidesTopology:
    """The board of ``board.sides`` and ``board.vertices`` (each ``inner`` or ``all``)."""
    if board.get("missing") or board.get("squares", "all") != "all" or board.get("links"):
        raise BoardKeyError("a board with sides has every cell: `missing`, `squares` and `links` do not go "
                            "with `sides`", "sides")
    fw, fh = 2 * width + 1, 2 * height + 1
    if fw > 99 or fh > 99:
        raise BoardKeyError("a board with sides has at most 49 x 49 cells", "sides")
    sides, vertices = board.get("sides"), board.get("vertices")
    missing = 0
    for sq in range(fw * fh):
        x, y = sq % fw, sq // fw
        edge = x in (0, fw - 1) or y in (0, fh - 1)
        kind = (x % 2) + (y % 2)
        if (kind == 1 and edge and sides != "all") or (kind == 0 and (vertices is None or (edge and vertices != "all"))):
            missing |= 1 << sq
    return SidesTopology(fw, fh, missing, steps, sets, (), facing, width, height)


def make_topology(board: dict[str, Any], width: int, height: int) -> "Topology":
    """The topology a game file's ``board`` describes."""
    shape = board.get("shape", "square")
    if shape == "hex":
        return HexTopology(board["ranks"], board.get("names", "rank_letters"))
    if shape == "track":
        return TrackTopology(int(board.get("points", 24)), board.get("point_names"),
                             board.get("travel", ["backward", "forward"]), board.get("places"),
                             board.get("paths"), int(board.get("players", 2)))
    if not 1 <= width <= 26 or not 1 <= height <= 99:
        raise ValueError(f"a square board has 1 to 26 files (a-z) and 1 to 99 ranks, not {width}x{height}")
    steps, sets = own_directions(board.get("directions") or {})
    missing = missing_squares(board, width, height)
    links = linked_squares(board.get("links") or [], width, height, missing)
    facing = tuple(board.get("facing") or ("north", "south"))
    if board.get("sides"):
        return sides_board(board, width, height, steps, sets, facing)
    if board.get("bridges"):
        offsets = tuple(tuple(o) for o in board["bridges"].get("offsets", []))
        if missing or links:
            raise BoardKeyError("a board with bridges has every square: `missing`, `squares` and `links` do "
                                "not go with `bridges`", "bridges")
        return BridgesTopology(width, height, missing, steps, sets, links, facing, cast(Any, offsets))
    return SquareTopology(width, height, missing, steps, sets, links, facing)


def linked_squares(chains: list[str], width: int, height: int, missing: int) -> tuple[tuple[int, ...], ...]:
    """``board.links``: each chain (``a1-d1-g1``) as its squares; ``ValueError`` names a square that
    is not on the board."""
    full = SquareTopology(width, height, missing)
    out = []
    seen: dict[tuple[int, str], int] = {}  # (square, direction) -> its neighbour there
    for i, chain in enumerate(chains):
        try:
            squares = tuple(full.parse_square(name.strip()) for name in str(chain).split("-"))
            if len(squares) < 2:
                raise ValueError(f"the link {chain!r} names one square: a link joins two or more")
            for a, b in zip(squares, squares[1:]):
                for x, y in ((a, b), (b, a)):  # a square has one neighbour a direction
                    d = full._compass(x, y)
                    if seen.setdefault((x, d), y) != y:
                        raise ValueError(f"{full.names[x]} is linked {d} to {full.names[seen[(x, d)]]} and to "
                                         f"{full.names[y]}: a square has one neighbour in each direction")
        except ValueError as exc:
            raise BoardKeyError(str(exc), "links", i) from None
        out.append(squares)
    return tuple(out)


def own_directions(spec: dict[str, Any]) -> tuple[dict[str, tuple[int, int]], dict[str, tuple[str, ...]]]:
    """A square board's steps and direction sets with the board's own (``board.directions``: a
    name -> ``[file step, rank step]``, or a name -> a list of direction names, a set).
    ``ValueError`` names a clash with a built-in word or an unknown name in a set."""
    steps = dict(_SQUARE_STEPS)
    sets = dict(DIRECTION_SETS)
    builtin = {*steps, *sets, *_SQUARE_RELATIVE}
    for name, value in spec.items():
        if name in builtin:
            raise BoardKeyError(f"the direction {name!r} is built in; give the board's own another name",
                                "directions", name)
        if all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            if len(value) != 2 or value == [0, 0]:
                raise BoardKeyError(f"the direction {name!r} is a step [files, ranks], not {value!r}",
                                    "directions", name)
            steps[name] = (int(value[0]), int(value[1]))
    for name, value in spec.items():
        if name in steps:
            continue
        out: list[str] = []
        for word in value:
            if word in steps:
                found: tuple[str, ...] = (word,)
            elif word in sets:
                found = sets[word]
            else:
                raise BoardKeyError(f"the direction set {name!r} names {word!r}, which is no step nor set "
                                    "of this board (sets name the steps and sets above them)", "directions", name)
            out += [d for d in found if d not in out]
        sets[name] = tuple(out)
    return steps, sets


def missing_squares(board: dict[str, Any], width: int, height: int) -> int:
    """The bitmask of the squares a square board leaves out: ``squares: dark`` keeps the squares
    whose file and rank have the same parity (a1, c1, b2, ...), ``light`` the others; ``missing``
    lists squares and rectangles (``a1-b2``) that do not exist. ``ValueError`` names a bad item."""
    full = SquareTopology(width, height)
    mask = 0
    keep = board.get("squares", "all")
    if keep != "all":
        parity = 0 if keep == "dark" else 1
        mask |= sum(1 << sq for sq in range(full.size) if (sq % width + sq // width) % 2 != parity)
    for item in board.get("missing", []):
        ends = [full.parse_square(t.strip()) for t in str(item).split("-", 1)]
        files, ranks = [sq % width for sq in ends], [sq // width for sq in ends]
        f0, f1, r0, r1 = min(files), max(files), min(ranks), max(ranks)
        mask |= sum(1 << (r * width + f) for r in range(r0, r1 + 1) for f in range(f0, f1 + 1))
    return mask


class TrackTopology:
    """The points of a race track plus per-player places such as the bar.

    Squares 0..points-1 are the points in ``point_names`` order; then each place has one square per
    player (``places[name][player]``, named ``NAME1``, ``NAME2``, ...). Each player's path runs along
    the points in his direction of travel, or along the points his entry of ``paths`` lists; path
    position 1 is his first point. ``travel`` and ``paths`` have one entry per player who plays.
    """

    def __init__(self, points: int, point_names: list[str] | None, travel: list[str],
                 places: dict[str, dict[str, Any]] | None, paths: list[list[str]] | None = None,
                 players: int = 2) -> None:
        self.points = points
        self.point_names = [str(n) for n in (point_names or range(1, points + 1))]
        self.names = list(self.point_names)
        self.places: dict[str, list[int]] = {}
        for name, spec in (places or {}).items():
            if (spec or {}).get("per_player", True):
                self.places[name] = [-1, *range(len(self.names), len(self.names) + players)]
                self.names += [f"{name}{p}" for p in range(1, players + 1)]
            else:
                self.places[name] = [-1, *[len(self.names)] * players]
                self.names.append(name)
        self.size = len(self.names)
        self.width, self.height = points, 1
        order = list(range(points))
        self.paths: list[list[int]] = [[]] + [order if t == "forward" else order[::-1] for t in travel]
        if paths is not None:
            self.paths = [[]] + [self._path(i, items) for i, items in enumerate(paths)]
            if len({len(path) for path in self.paths[1:]}) > 1:
                raise BoardKeyError("the paths must be as long: they have "
                                    f"{', '.join(str(len(path)) for path in self.paths[1:])} points", "paths")
        #: position along each player's path of every point square (1-based), 0 elsewhere
        self.position = [[0] * self.size] + [[0] * self.size for _ in range(players)]
        for p in range(1, players + 1):
            for i, sq in enumerate(self.paths[p]):
                self.position[p][sq] = i + 1
        self._index = {n.lower(): sq for sq, n in enumerate(self.names)}
        self.full_mask = (1 << self.size) - 1
        self.regions = {"all": (1 << points) - 1}

    def name(self, sq: int) -> str:
        return self.names[sq]

    def _point(self, text: str, where: tuple[Any, ...]) -> int:
        """A point by its name (not a place), for a path."""
        sq = {n.lower(): i for i, n in enumerate(self.point_names)}.get(text.strip().lower())
        if sq is None:
            raise BoardKeyError(f"{text!r} is not a point of this track", *where)
        return sq

    def _path(self, player: int, items: list[str]) -> list[int]:
        """One player's path from its items: a point's name, or ``FIRST..LAST``, the points from
        FIRST to LAST in ``point_names`` order (against it where LAST comes first)."""
        path: list[int] = []
        for i, item in enumerate(items):
            where = ("paths", player, i)
            text = str(item)
            if ".." in text:
                first, _, last = text.partition("..")
                a, b = self._point(first, where), self._point(last, where)
                path += list(range(a, b + 1)) if a <= b else list(range(a, b - 1, -1))
            else:
                path.append(self._point(text, where))
        twice = [self.point_names[sq] for sq in dict.fromkeys(path) if path.count(sq) > 1]
        if twice:
            raise BoardKeyError(f"player {player + 1}'s path passes {', '.join(twice)} twice: a path "
                                "lists each point once", "paths", player)
        return path

    def parse_square(self, text: str) -> int:
        sq = self._index.get(text.lower())
        if sq is None:
            raise ValueError(f"{text!r} is not a point of this track")
        return sq

    def square_pattern(self) -> str:
        return r"\w+"

    def rows(self) -> list[list[int]]:
        return [list(range(self.size))]

    def row_label(self, i: int) -> str:
        return ""

    def column_labels(self) -> list[str]:
        return []

    def reading_order(self, sq: int) -> tuple[int, int]:
        return (0, sq)

    def directions(self, which: str | list[str], player: int = 1) -> list[str]:
        return []

    def region_mask(self, name: str) -> int:
        return self.regions[name]


#: the boards with directions (rays, steps), and every topology a game can have
Board = Union[SquareTopology, HexTopology]
Topology = Union[SquareTopology, HexTopology, TrackTopology]
