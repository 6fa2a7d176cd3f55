"""Building DVONN positions for tests: stacks by point name, and reading them back.

A stack is written as in the position text: owners' digits from the bottom up, ``1`` a white
piece, ``2`` a black piece, ``0`` a DVONN piece (``"021"``: a DVONN piece at the bottom, then a
black and a white piece; White controls it).
"""

from __future__ import annotations

import random

from game_files import board_text
import spielwerk

G = spielwerk.load("dvonn")
TOPO = G.topology
POINTS = [TOPO.name(sq) for sq in range(TOPO.size)]
#: White moves at odd plies from 49 on (she placed the 49th piece at ply 48 and moves first)
WHITE_PLY, BLACK_PLY = 51, 52


def text(cells: dict[str, str], to_move: int = 1, ply: int | None = None) -> str:
    """The position text of ``cells`` (point name -> stack), ranks 5 down to 1."""
    if ply is None:
        ply = WHITE_PLY if to_move == 1 else BLACK_PLY
    rows = [[TOPO.name(sq) for sq in row] for row in reversed(TOPO.rows())]
    return board_text(cells, rows) + f" {to_move} {ply}"


def position(cells: dict[str, str], to_move: int = 1, ply: int | None = None):
    """A state with the given stacks; by default in the movement phase."""
    return G.parse_position(text(cells, to_move, ply))


def moves(st) -> set[str]:
    return {st.move_text(m) for m in st.legal_moves()}


def stack(st, point: str) -> str:
    """The stack on ``point`` as owners' digits, bottom first ('' when empty)."""
    return "".join(str(G.code_owner[pc]) for pc in st.stacks[TOPO.parse_square(point)])


def board(st) -> dict[str, str]:
    """Every occupied point and its stack."""
    return {p: stack(st, p) for p in POINTS if stack(st, p)}


def neighbours(point: str) -> set[str]:
    sq = TOPO.parse_square(point)
    return {TOPO.name(t) for t in (TOPO.step(sq, d) for d in TOPO.directions("all")) if t >= 0}


def random_game(seed: int, plies: int | None = None):
    """Play uniformly random moves from the start (to the end, or for ``plies`` plies)."""
    rng = random.Random(seed)
    st = G.initial()
    while plies is None or st.ply < plies:
        legal = st.legal_moves()
        if not legal:
            break
        st.push(rng.choice(legal))
    return st
