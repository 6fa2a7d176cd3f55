"""``connection``: a chain of the player's pieces (tops of stacks) linking two regions, or
touching each region of a longer list."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, cast

from ..topology import BridgesTopology, SquareTopology, flood
from .base import Predicate

if TYPE_CHECKING:  # pragma: no cover
    from ..blocks.base import Compiling
    from ..state import Move, Position
    from ..topology import Board

__all__ = ["Connection"]


class Connection(Predicate):
    """Parameters: ``pieces`` (kinds whose squares may form the chain: the top piece counts on a
    stack), ``between`` (items of regions, two or more; any item one chain touches makes the
    predicate true: a list, every region of it (a pair is linked, three sides of a triangle are
    joined), or ``{regions, at_least}``, that many of them (two corners, three edges); a
    per-player region is read for the player asked about), ``adjacency`` (the directions that join
    a chain: orthogonal on a square board by default, all on another), ``through`` (instead of
    neighbours, two pieces are joined where a bridge between them holds the player's piece of
    this kind: TwixT's links; needs ``board.bridges``).

    Chains are flooded bit-parallel over bitmasks.
    """

    name = "connection"

    def __init__(self, c: "Compiling", params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, params, path)
        kinds = [c.t.kind_index[k] for k in params["pieces"]]
        t = c.t
        self.codes = [[], *([t.code(k, p) for k in kinds] for p in t.player_numbers)]
        # each item of `between`: the regions, and how many of them one chain must touch
        items = [(list(item["regions"]), int(item["at_least"])) if isinstance(item, dict) else (list(item), len(item))
                 for item in params["between"]]
        # per player (index 1..n): a per-player region is read for the player asked about
        #: the pairs of regions to link
        self.pairs: list[list[tuple[int, int]]] = [[]] + [
            [(t.player_region_mask(ends[0], p), t.player_region_mask(ends[1], p)) for ends, need in items
             if len(ends) == need == 2] for p in t.player_numbers]
        #: the other items: one chain must touch ``need`` of the regions (each of them, or some)
        self.lists: list[list[tuple[list[int], int]]] = [[]] + [
            [([t.player_region_mask(r, p) for r in ends], need) for ends, need in items
             if not len(ends) == need == 2] for p in t.player_numbers]
        topo = cast("Board", t.topology)
        #: with ``through``: per player, the code of his link; the board's bridges at each square
        self.link_codes: list[int] = []
        self.at: list[list[tuple[int, int]]] = []
        if "through" in params:
            if not isinstance(topo, BridgesTopology):
                raise c.error(path + ("through",), "a chain through links needs the board's `bridges`")
            link = t.kind_index[params["through"]]
            self.link_codes = [0, *(t.code(link, p) for p in t.player_numbers)]
            self.at = topo.at
        adjacency = params.get("adjacency")
        if adjacency in (None, "orthogonal") and isinstance(topo, SquareTopology):
            self.grow = topo.grow_orthogonal
            step = topo.grow_step
        else:  # any other board or neighbourhood: flood through the neighbours in the given directions
            try:
                near = topo.neighbour_masks(topo.directions(adjacency or "all"))
            except ValueError as exc:
                raise c.error(path + ("adjacency",), str(exc)) from None
            self.grow = lambda seed, within: flood(seed, within, near)

            def step(seed: int) -> int:
                """One step of a chain: a set of squares and their neighbours (for the tables below)."""
                grown = seed
                for sq in range(topo.size):
                    if seed >> sq & 1:
                        grown |= near[sq]
                return grown
        #: per player and pair, the squares at each distance from its first region up to the nearest
        #: square of the second: a chain between them has a square in every one of these layers
        self.layers: list[list[list[int]]] = [[]] + [[self._layers(a, b, step) for a, b in self.pairs[p]]
                                                     for p in t.player_numbers]
        #: per player, the fewest squares a chain linking any pair needs: the first, cheapest test
        self.min_squares: list[int] = [0] + [
            1 if self.lists[p] else min((len(layers) for layers in self.layers[p] if layers), default=topo.size + 1)
            for p in t.player_numbers]

    @staticmethod
    def _layers(a: int, b: int, step: Callable[[int], int]) -> list[int]:
        """The layers of squares at distance 0, 1, ... from ``a`` until one meets ``b`` (none when
        ``b`` cannot be reached)."""
        layers, reached = [a], a
        while not reached & b:
            grown = step(reached)
            if grown == reached:
                return []
            layers.append(grown & ~reached)
            reached = grown
        return layers

    def _bridged(self, st: "Position", player: int) -> Callable[[int, int], int]:
        """The flood of a chain joined by the player's links on the board's bridges."""
        links = st.tops[self.link_codes[player]]
        at = self.at

        def grow(seed: int, within: int) -> int:
            reached = frontier = seed & within
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                for site, other in at[low.bit_length() - 1]:
                    if links >> site & 1 and within >> other & 1 and not reached >> other & 1:
                        reached |= 1 << other
                        frontier |= 1 << other
            return reached
        return grow

    def _through(self, st: "Position", player: int, mask: int) -> bool:
        grow = self._bridged(st, player)
        for a, b in self.pairs[player]:
            if mask & a and mask & b and grow(mask & a, mask) & b:
                return True
        for regions, need in self.lists[player]:
            rest = mask
            while rest:
                group = grow(rest & -rest, mask)
                if sum(1 for r in regions if group & r) >= need:
                    return True
                rest &= ~group
        return False

    def holds(self, st: "Position", player: int) -> bool:
        tops = st.tops
        mask = 0
        for c in self.codes[player]:
            mask |= tops[c]
        if self.link_codes:
            return self._through(st, player, mask)
        if mask.bit_count() < self.min_squares[player]:
            return False
        for (a, b), layers in zip(self.pairs[player], self.layers[player]):
            if not layers:
                continue
            for layer in layers:  # a square at every distance from a, or no chain
                if not mask & layer:
                    break
            else:
                if mask & b and self.grow(mask & a, mask) & b:
                    return True
        for regions, need in self.lists[player]:
            rest = mask
            while rest:  # each group
                group = self.grow(rest & -rest, mask)
                if sum(1 for r in regions if group & r) >= need:
                    return True
                rest &= ~group
        return False

    def progress(self, st: "Position", player: int) -> float:
        """How near the player is to a chain: the largest share of the distance layers between
        a pair of regions that one of his groups of linked squares touches; 1.0 for a chain."""
        tops = st.tops
        mask = 0
        for c in self.codes[player]:
            mask |= tops[c]
        best = 0.0
        for (a, b), layers in zip(self.pairs[player], self.layers[player]):
            if not layers:
                continue
            rest = mask
            while rest:
                group = self.grow(rest & -rest, mask)
                rest &= ~group
                touched = sum(1 for layer in layers if group & layer)
                if group & a and group & b:
                    return 1.0
                best = max(best, touched / len(layers))
        for regions, need in self.lists[player]:  # the share of the regions one group touches
            rest = mask
            while rest:
                group = self.grow(rest & -rest, mask)
                rest &= ~group
                best = max(best, min(1.0, sum(1 for r in regions if group & r) / need))
        return best
