"""``connection``: a chain of the player's pieces (tops of stacks) linking two regions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..topology import flood
from .base import Predicate

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game
    from ..state import Move, State
    from ..topology import Board, SquareTopology

__all__ = ["Connection"]


class Connection(Predicate):
    """Parameters: ``pieces`` (kinds whose squares may form the chain: the top piece counts on a
    stack), ``between`` (pairs of regions; any pair linked makes the predicate true).

    Chains follow orthogonal steps, flooded bit-parallel over bitmasks.
    """

    name = "connection"

    def __init__(self, game: "Game", params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(game, params, path)
        kinds = [game.kind_index[k] for k in params["pieces"]]
        self.codes = [[], [k * 2 for k in kinds], [k * 2 + 1 for k in kinds]]
        self.pairs = [(game.region_mask(a), game.region_mask(b)) for a, b in params["between"]]
        topo = cast("Board", game.topology)
        if hasattr(topo, "grow_orthogonal"):
            self.grow = topo.grow_orthogonal
        else:  # any other board: flood through the neighbours in the given directions
            near = topo.neighbour_masks(topo.directions(params.get("adjacency", "all")))
            self.grow = lambda seed, within: flood(seed, within, near)
        # the shortest chain linking any pair: a cheap first test
        self.min_squares = (min(self._distance(a, b) for a, b in self.pairs)
                            if hasattr(game.topology, "grow_step") else 1)

    def _distance(self, a: int, b: int) -> int:
        topo = cast("SquareTopology", self.game.topology)  # only boards that grow by steps
        reached, squares = a, 1
        while not reached & b:
            grown = topo.grow_step(reached)
            if grown == reached:
                return topo.size + 1
            reached, squares = grown, squares + 1
        return squares

    def holds(self, st: "State", player: int) -> bool:
        tops = st.tops
        mask = 0
        for c in self.codes[player]:
            mask |= tops[c]
        if mask.bit_count() < self.min_squares:
            return False
        for a, b in self.pairs:
            seed = mask & a
            if seed and mask & b and self.grow(seed, mask) & b:
                return True
        return False
