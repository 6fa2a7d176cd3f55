"""What several of the kernel's blocks write or read alike."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model import NotKernel

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Plan
    from ..writer import Writer

__all__ = ["own_pieces", "mine", "one_piece_tables", "one_piece_make", "plain_squares"]


def own_pieces(w: "Writer", p: "Plan", i: int) -> None:
    """The loop over the squares the player's pieces top, ``s`` each and ``c`` its cell, skipping
    those block ``i`` does not move (the body follows at depth 2)."""
    w("for x in range(PN[p]):", 1)
    w(f"s = PL[p * {p.squares} + x]", 2)
    w("c = b[s]", 2)
    w(f"if not B{i}_mine[p * {p.codes + 1} + c]:", 2)
    w("continue", 3)


def mine(codes: list[list[int]], num_codes: int) -> list[int]:
    """Per player and cell: 1 where a block moves the stack that cell tops (``codes[p]``)."""
    out = [0] * (3 * (num_codes + 1))
    for p in (1, 2):
        for code in codes[p]:
            out[p * (num_codes + 1) + code + 1] = 1
    return out


def one_piece_tables(game: Any, block: Any, out: dict[str, list[int]]) -> int:
    """What a block moving one piece (``step``, ``slide``) needs first: a board without stacks,
    and the pieces it moves (``mine``); the board's size."""
    t = game.t
    if t.stacking:
        raise NotKernel(f"a `{block.name}` of one piece on a board of stacks")
    out["mine"] = mine(block.codes, t.num_codes)
    return int(t.topology.size)


def one_piece_make(w: "Writer", p: "Plan", i: int) -> None:
    """``make{i}`` and ``unmake{i}`` of a piece that goes from one square to another, taking what
    stands there (``step``, ``slide``): the part is ``(code * NF + from) * N + to``; the info is
    the cell taken (0: none)."""
    n = p.squares
    nf = n + 1
    w.func(f"make{i}", [("long long", "x"), ("int", "p")], "int")
    w.local("int to_, frm_, code, cap")
    w(f"to_ = x % {n}", 1)
    w(f"frm_ = (x // {n}) % {nf}", 1)
    w(f"code = x // {n * nf}", 1)
    w("cap = b[to_]", 1)
    w("if cap:", 1)
    w("top_off(to_, cap - 1)", 2)
    w("top_off(frm_, code)", 1)
    w("top_on(to_, code)", 1)
    w("return cap", 1)
    w("")
    w.func(f"unmake{i}", [("long long", "x"), ("int", "p"), ("int", "cap")], "void")
    w.local("int to_, frm_, code")
    w(f"to_ = x % {n}", 1)
    w(f"frm_ = (x // {n}) % {nf}", 1)
    w(f"code = x // {n * nf}", 1)
    w("top_off(to_, code)", 1)
    w("top_on(frm_, code)", 1)
    w("if cap:", 1)
    w("top_on(to_, cap - 1)", 2)
    w("")


def plain_squares(w: "Writer", p: "Plan", i: int, name: str) -> bool:
    """A move read plainly: ``to_of`` and ``from_of`` need nothing of their own."""
    return False


