"""``place``: put a piece from a reserve on an empty square."""

from __future__ import annotations

from typing import Any

from .base import Primitive, retop

__all__ = ["Place"]


class Place(Primitive):
    """Parameters: ``pieces`` (kinds that may be placed), ``owner`` (``mover`` or ``opponent``: whose
    piece, taken from that player's reserve), ``where`` (``empty`` or a region: empty squares in it).

    A move is ``(index, square, code)``.
    """

    name = "place"
    default_template = "{piece}{to}"
    field_kinds = {"piece": "piece", "to": "square"}

    def __init__(self, game, index, params, path):
        super().__init__(game, index, params, path)
        g = game
        self.kinds = [g.kind_index[k] for k in params.get("pieces", list(g.kind_index))]
        self.for_opponent = params.get("owner", "mover") == "opponent"
        where = params.get("where", "empty")
        mask = g.topology.full_mask if where == "empty" else g.region_mask(where)
        self.squares = tuple(sq for sq in range(g.topology.size) if mask >> sq & 1)
        n = g.topology.size
        # prebuilt move tuples: table[code][sq]
        self.table = [[(index, sq, code) for sq in range(n)] for code in range(g.num_codes)]
        self.reserve_of = g.reserve_of_kind
        self.zobrist = g.zobrist
        self.zstride = g.zobrist_stride

    def supplier(self, st) -> int:
        return 3 - st.to_move if self.for_opponent else st.to_move

    def generate(self, st, out: list[Any]) -> None:
        p = self.supplier(st)
        reserves = st.reserves[p]
        stacks = st.stacks
        free = None
        for kind in self.kinds:
            r = self.reserve_of[kind]
            if r < 0 or reserves[r] <= 0:
                continue
            if free is None:
                free = [sq for sq in self.squares if not stacks[sq]]
                if not free:
                    return
            row = self.table[kind * 2 + p - 1]
            out.extend([row[sq] for sq in free])

    def apply(self, st, move):
        _, sq, code = move
        s = st.stacks[sq]
        st.hash ^= self.zobrist[(sq * self.zstride + len(s)) * self.game.num_codes + code]
        s.append(code)
        retop(st, sq, -1)
        st.reserves[(code & 1) + 1][self.reserve_of[code >> 1]] -= 1
        return None

    def undo(self, st, move, info) -> None:
        _, sq, code = move
        s = st.stacks[sq]
        s.pop()
        st.hash ^= self.zobrist[(sq * self.zstride + len(s)) * self.game.num_codes + code]
        retop(st, sq, code)
        st.reserves[(code & 1) + 1][self.reserve_of[code >> 1]] += 1

    def fields(self, st, move):
        return {"piece": self.game.kind_names[move[2] >> 1], "to": move[1]}

    def from_fields(self, st, fields):
        kind = self.game.kind_index[fields["piece"]]
        return (self.index, fields["to"], kind * 2 + self.supplier(st) - 1)

    def explain(self, st, move) -> str:
        _, sq, code = move
        g = self.game
        kind = code >> 1
        if kind not in self.kinds:
            allowed = ", ".join(g.kind_names[k] for k in self.kinds)
            return f"only {allowed} may be placed now"
        if st.stacks[sq]:
            return f"{g.topology.name(sq)} is not empty"
        if sq not in self.squares:
            return f"{g.topology.name(sq)} is not a square a piece may be placed on"
        r = self.reserve_of[kind]
        if r < 0 or st.reserves[self.supplier(st)][r] <= 0:
            return f"no {g.kind_names[kind]} left in reserve"
        return super().explain(st, move)
