"""``step``: a piece moves exactly one square, optionally capturing an enemy piece there."""

from __future__ import annotations

from typing import TYPE_CHECKING

from typing import Any, cast

from .base import Primitive, retop, topped

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game
    from ..state import Move, State
    from ..topology import Board

__all__ = ["Step", "capture_at", "uncapture_at"]


def capture_at(st: "State", sq: int, zobrist: list[int], zstride: int, nc: int, orient_keys: list[int]) -> list[int]:
    """Remove every piece on ``sq`` (a capture), the enemy pieces among them counted as captured
    by the player to move; return them for :func:`uncapture_at`."""
    s = st.stacks[sq]
    if not s:
        return []
    old = s[-1]
    h = st.hash
    if orient_keys and st.game.oriented[old >> 1]:
        h ^= orient_keys[sq * 64 + st.orient[sq]]
    for height, pc in enumerate(s):
        h ^= zobrist[(sq * zstride + height) * nc + pc]
    gone = list(s) + [st.orient[sq]]
    s.clear()
    st.orient[sq] = 0
    st.hash = h
    retop(st, sq, old)
    _count_captured(st, gone, 1)
    return gone


def _count_captured(st: "State", gone: list[int], sign: int) -> None:
    """Add (``sign`` 1) or take back (-1) the enemy pieces of ``gone`` (pieces, then the top's
    orientation) to the captures of the player to move."""
    g, mover = st.game, st.to_move
    owner = g.code_owner
    g.add_captures(st, mover, sign * sum(1 for pc in gone[:-1] if owner[pc] != mover))


def uncapture_at(st: "State", sq: int, gone: list[int], zobrist: list[int], zstride: int, nc: int,
                 orient_keys: list[int]) -> None:
    if not gone:
        return
    *pieces, orient = gone
    s = st.stacks[sq]
    old = s[-1] if s else -1
    h = st.hash
    for height, pc in enumerate(pieces):
        s.append(pc)
        h ^= zobrist[(sq * zstride + height) * nc + pc]
    st.orient[sq] = orient
    if orient_keys and st.game.oriented[pieces[-1] >> 1]:
        h ^= orient_keys[sq * 64 + orient]
    st.hash = h
    _count_captured(st, gone, -1)
    retop(st, sq, old)


class Step(Primitive):
    """Parameters: ``pieces``, ``directions`` (default orthogonal), ``capture`` (may land on an enemy
    piece, which is removed). A move is ``(index, from, to)``."""

    name = "step"
    default_template = "{from}-{to}"
    field_kinds = {"from": "square", "to": "square"}

    def __init__(self, game: "Game", index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(game, index, params, path)
        g = game
        topo = cast("Board", g.topology)
        self.codes = g.player_codes(params.get("pieces"))
        dirs = topo.directions(params.get("directions", "orthogonal"))
        self.targets = [[t for t in (topo.step(sq, d) for d in dirs) if t >= 0] for sq in range(topo.size)]
        self.capture = bool(params.get("capture", False))
        self.table = [[(index, a, b) for b in range(topo.size)] for a in range(topo.size)]

    def generate(self, st: "State", out: list[Any]) -> None:
        p = st.to_move
        mine = topped(st, self.codes[p])
        owner = self.game.code_owner
        stacks = st.stacks
        capture = self.capture
        while mine:
            low = mine & -mine
            sq = low.bit_length() - 1
            mine ^= low
            row = self.table[sq]
            for t in self.targets[sq]:
                s = stacks[t]
                if not s or (capture and owner[s[-1]] == 3 - p):
                    out.append(row[t])

    def apply(self, st: "State", move: "Move") -> Any:
        _, a, b = move
        g = self.game
        gone = capture_at(st, b, g.zobrist, g.zobrist_stride, g.num_codes, g.orient_keys)
        src, dst = st.stacks[a], st.stacks[b]
        code = src.pop()
        zs, nc, Z = g.zobrist_stride, g.num_codes, g.zobrist
        st.hash ^= Z[(a * zs + len(src)) * nc + code] ^ Z[(b * zs + len(dst)) * nc + code]
        old = dst[-1] if dst else -1
        dst.append(code)
        if g.oriented[code >> 1]:  # a die keeps its faces when it steps (it does not tip)
            o = st.orient[a]
            st.hash ^= g.orient_keys[a * 64 + o] ^ g.orient_keys[b * 64 + o]
            st.orient[b], st.orient[a] = o, 0
        retop(st, a, code)
        retop(st, b, old)
        return gone

    def undo(self, st: "State", move: "Move", gone: Any) -> None:
        _, a, b = move
        g = self.game
        src, dst = st.stacks[a], st.stacks[b]
        code = dst.pop()
        zs, nc, Z = g.zobrist_stride, g.num_codes, g.zobrist
        st.hash ^= Z[(a * zs + len(src)) * nc + code] ^ Z[(b * zs + len(dst)) * nc + code]
        if g.oriented[code >> 1]:
            o = st.orient[b]
            st.hash ^= g.orient_keys[a * 64 + o] ^ g.orient_keys[b * 64 + o]
            st.orient[a], st.orient[b] = o, 0
        old = src[-1] if src else -1
        src.append(code)
        retop(st, b, code)
        retop(st, a, old)
        uncapture_at(st, b, gone, Z, zs, nc, g.orient_keys)

    action_doc = "a from square x a neighbour in the block's directions"

    def action_keys(self) -> list[Any]:
        full = self.game.topology.full_mask
        return [(a, b) for a in range(len(self.targets)) if full >> a & 1 for b in self.targets[a]]

    def action_parts(self, move: "Move") -> tuple[Any, ...]:
        return ((move[1], move[2]),)

    def fields(self, st: "State", move: "Move") -> dict[str, Any]:
        return {"from": move[1], "to": move[2]}

    def from_fields(self, st: "State", fields: dict[str, Any]) -> "Move":
        return (self.index, fields["from"], fields["to"])

    def explain(self, st: "State", move: "Move") -> str:
        _, a, b = move
        name = self.game.topology.name
        s = st.stacks[a]
        if not s or s[-1] not in self.codes[st.to_move]:
            return f"{name(a)} holds no piece of the player to move that steps"
        if b not in self.targets[a]:
            return f"{name(b)} is not one step from {name(a)}"
        t = st.stacks[b]
        if t and self.game.code_owner[t[-1]] == st.to_move:
            return f"{name(b)} holds an own piece"
        return super().explain(st, move)
