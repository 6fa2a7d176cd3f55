"""``step``: a piece moves exactly one square, optionally capturing an enemy piece there."""

from __future__ import annotations

from typing import TYPE_CHECKING

from typing import Any, cast

from ..ledger import topped
from ..moves import SquareMove
from .base import Block, Compiling
from .parts import TopFromTo

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Move, Position
    from ..topology import Board

__all__ = ["Step"]


class Step(TopFromTo, Block):
    """Parameters: ``pieces``, ``directions`` (default orthogonal), ``capture`` (may land on an enemy
    piece, which is removed). A move is ``(index, from, to)``."""

    lands_only = True

    name = "step"
    default_template = "{from}-{to}"
    field_kinds = {"from": "square", "to": "square"}

    def __init__(self, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, index, params, path)
        topo = cast("Board", c.t.topology)
        self.codes = c.t.player_codes(params.get("pieces"))
        word = params.get("directions", "orthogonal")
        #: per player (1..n; 0 unused), per square: the squares one step on (``forward`` and the
        #: other relative words are the player's own)
        self.targets: list[list[list[int]]] = [[]]
        #: per player, per square: the squares a step could come from (``could_take``)
        self.into: list[list[int]] = [[]]
        for player in c.t.player_numbers:
            dirs = topo.directions(word, player)
            targets = [[t for t in (topo.step(sq, d) for d in dirs) if t >= 0] for sq in range(topo.size)]
            into = [0] * topo.size
            for a, ends in enumerate(targets):
                for b in ends:
                    into[b] |= 1 << a
            self.targets.append(targets)
            self.into.append(into)
        capture = params.get("capture", False)
        self.capture = bool(capture)
        #: the step must take an enemy piece (a ``move`` with ``to: enemy``, ``onto: capture``)
        self.only_capture = capture == "only"
        self.table = [[SquareMove((index, a, b)) for b in range(topo.size)] for a in range(topo.size)]

    def could_take(self, player: int, square: int, code: int) -> int | None:
        return self.into[player][square] if self.capture and self.t.enemy[player][code] else 0

    def generate(self, st: "Position", out: list[Any]) -> None:
        p = st.to_move
        mine = topped(st, self.codes[p])
        enemy = self.t.enemy[p]
        stacks = st.stacks
        capture = self.capture
        empty_ok = not self.only_capture
        targets = self.targets[p]
        while mine:
            low = mine & -mine
            sq = low.bit_length() - 1
            mine ^= low
            row = self.table[sq]
            for t in targets[sq]:
                s = stacks[t]
                if s:
                    if capture and enemy[s[-1]]:
                        out.append(row[t])
                elif empty_ok:
                    out.append(row[t])

    def takes_off(self) -> bool:
        return self.capture

    action_doc = "a from square x a neighbour in the block's directions"

    def action_keys(self) -> list[Any]:
        full = self.t.topology.full_mask
        keys: dict[tuple[int, int], None] = {}  # every player's steps, the first player's first
        for targets in self.targets[1:]:
            keys.update(((a, b), None) for a in range(len(targets)) if full >> a & 1 for b in targets[a])
        return list(keys)

    def explain(self, st: "Position", move: "Move") -> str:
        _, a, b = move
        name = self.t.topology.name
        s = st.stacks[a]
        if not s or s[-1] not in self.codes[st.to_move]:
            return f"{name(a)} holds no piece of the player to move that steps"
        if b not in self.targets[st.to_move][a]:
            return f"{name(b)} is not one step from {name(a)}"
        t = st.stacks[b]
        if t and self.t.code_owner[t[-1]] == st.to_move:
            return f"{name(b)} holds an own piece"
        if not t and self.only_capture:
            return f"{name(b)} is empty: this move takes an enemy piece"
        return super().explain(st, move)
