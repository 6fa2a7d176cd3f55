"""Helpers shared by the Focus tests: hand-built positions from a few stacks, and reading stacks back.

The board layout here is written out by hand from NEW-GAMES.md section 1 (not taken from the
engine), so the position texts the tests build do not depend on the engine's own idea of the board.
"""

from __future__ import annotations

import random
from typing import Any

import spielwerk

GAME = spielwerk.load("focus")

FILES = "abcdefgh"
#: the 12 squares that do not exist: three at each corner
MISSING = ("a1", "b1", "a2", "g1", "h1", "h2", "a7", "a8", "b8", "g8", "h8", "h7")
#: the existing squares of each rank, rank 8 first (the order of the position text)
RANKS = [[f + str(r) for f in FILES if f + str(r) not in MISSING] for r in range(8, 0, -1)]
SQUARES = [sq for rank in RANKS for sq in rank]
EMPTY = "x4/x6/x8/x8/x8/x8/x6/x4"
PIECES_PER_PLAYER = 18


def position(cells: dict[str, str] | None = None, side: int = 1, res: tuple[int, int] = (0, 0),
             cap: tuple[int, int] = (0, 0)) -> str:
    """The position text of a board holding ``cells`` (square -> stack digits, bottom piece first),
    with the trailer ``side resW resB capW capB``; empty cells written one ``x`` each (the
    engine reads any splitting of empty runs)."""
    cells = dict(cells or {})
    unknown = set(cells) - set(SQUARES)
    assert not unknown, unknown
    board = "/".join(",".join(cells.get(sq) or "x" for sq in rank) for rank in RANKS)
    return f"{board} {side} {res[0]} {res[1]} {cap[0]} {cap[1]}"


def state(cells: dict[str, str] | None = None, side: int = 1, res: tuple[int, int] = (0, 0),
          cap: tuple[int, int] = (0, 0)) -> Any:
    return GAME.parse_position(position(cells, side, res, cap))


def sq(name: str) -> int:
    return GAME.topology.parse_square(name)


def stack(st: Any, name: str) -> str:
    """The stack on ``name`` as owner digits, bottom piece first ('' when empty)."""
    return "".join(str(GAME.code_owner[pc]) for pc in st.stacks[sq(name)])


def moves(st: Any) -> set[str]:
    return {st.move_text(m) for m in st.legal_moves()}


def reserve(st: Any, player: int) -> int:
    return sum(st.reserves[player])


def pieces_of(st: Any, player: int) -> int:
    """Player's pieces on the board, in his reserve, and put out of the game by the opponent."""
    on_board = sum(1 for s in st.stacks for pc in s if GAME.code_owner[pc] == player)
    return on_board + reserve(st, player) + st.captures[3 - player]


def owned(st: Any, player: int) -> int:
    """How many stacks have a piece of ``player`` on top."""
    return sum(1 for s in st.stacks if s and GAME.code_owner[s[-1]] == player)


def greedy_choice(rng: random.Random, st: Any, legal: list[Any]) -> Any:
    """A random player that likes to capture and to cover enemy stacks (so that games end in about a
    hundred plies; uniformly random play almost never ends): 30% of the time a uniform choice,
    else a random one among the moves that score best (captures, own stacks minus twice the
    opponent's)."""
    if rng.random() < 0.3:
        return rng.choice(legal)
    g = st.game
    p = st.to_move
    best: list[Any] = []
    top = None
    for m in legal:
        before = st.captures[p]
        info = g.apply(st, m)
        score = 10 * (st.captures[p] - before) + owned(st, p) - 2 * owned(st, 3 - p)
        g.undo(st, m, info)
        if top is None or score > top:
            top, best = score, [m]
        elif score == top:
            best.append(m)
    return rng.choice(best)


def random_position(rng: random.Random) -> str:
    """An arbitrary legal-looking position text: random stacks of height 1 to 5 on random squares,
    a colour bias so that one player often owns nothing, reserves and captures within the 18
    pieces each player has, either side to move."""
    bias = rng.choice([0.5, 0.5, 0.2, 0.8, 0.05, 0.95])
    left = {1: PIECES_PER_PLAYER, 2: PIECES_PER_PLAYER}
    cells = {}
    for name in rng.sample(SQUARES, rng.randint(0, 16)):
        digits = ""
        for _ in range(rng.choice([1, 1, 2, 3, 4, 5, 5])):
            colour = 1 if rng.random() < bias else 2
            if left[colour] == 0:
                colour = 3 - colour
            if left[colour] == 0:
                break
            left[colour] -= 1
            digits += str(colour)
        if digits:
            cells[name] = digits
    res = [0, 0]
    cap = [0, 0]
    for p in (1, 2):
        if rng.random() < 0.6:
            res[p - 1] = rng.randint(0, min(3, left[p]))
            left[p] -= res[p - 1]
        cap[2 - p] = rng.randint(0, left[p])  # p's pieces the opponent put out of the game
    return position(cells, rng.choice([1, 2]), (res[0], res[1]), (cap[0], cap[1]))
