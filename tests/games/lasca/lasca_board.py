"""Small helpers for the Lasca tests: positions from {square: column} and columns read back.

A column is written bottom first, each piece as its owner's digit with ``O`` for an officer
(``12O``: a white soldier under a black officer), as in the position text (NEW-GAMES.md 2).
"""

from __future__ import annotations

from typing import Any

import spielwerk

LASCA = spielwerk.load("lasca")
FILES = "abcdefg"
START = "2,2,2,2/2,2,2/2,2,2,2/x3/1,1,1,1/1,1,1/1,1,1,1 1"


def rank_squares(rank: int) -> list[str]:
    """The used squares of a rank (1..7) from the left: a, c, e, g on odd ranks, b, d, f on even."""
    return [f + str(rank) for i, f in enumerate(FILES) if i % 2 == (rank - 1) % 2]


USED = [sq for rank in range(1, 8) for sq in rank_squares(rank)]


def position_text(cells: dict[str, str], to_move: int = 1) -> str:
    """The position text of {square: column}, every empty square as its own ``x``."""
    unknown = set(cells) - set(USED)
    assert not unknown, f"not used squares: {unknown}"
    rows = [",".join(cells.get(sq, "x") for sq in rank_squares(rank)) for rank in range(7, 0, -1)]
    return "/".join(rows) + f" {to_move}"


def pos(cells: dict[str, str], to_move: int = 1) -> Any:
    return LASCA.parse_position(position_text(cells, to_move))


def moves(st: Any) -> set[str]:
    return {st.move_text(m) for m in st.legal_moves()}


def col(st: Any, sq: str) -> str:
    """The column on ``sq``, bottom first, as ``12O``; '' when the square is empty."""
    g = st.game
    out = []
    for pc in st.stacks[g.topology.parse_square(sq)]:
        out.append(str(g.code_owner[pc]) + ("O" if g.kind_names[pc >> 1] == "officer" else ""))
    return "".join(out)


def after(st: Any, text: str) -> Any:
    """A copy of ``st`` with the move ``text`` played."""
    nxt = st.copy()
    nxt.push_text(text)
    return nxt
