"""Independent, deliberately simple reference implementation of Three Corners.

Written from the rules alone (the rule text of the three-player example game, restated
below), without reading the engine's source.  Used only by tests, to cross-check the
engine.  Clarity matters more than speed: a position is never changed in place, every
move is generated as its text, and the end of the game is decided right after each ply.
Standard library only.

The rules
---------
- Board of 5 files a-e and 5 ranks 1-5; a1 is bottom left.
- Players 1 (red), 2 (green), 3 (blue) move in that order, player 1 first.
- Start: red men on a1 b1, green men on e1 e2, blue men on a5 b5.
- A move: one of the mover's men steps one square in any of the 8 directions to a square
  that is empty or holds a man of another player; that man is taken (removed, and counted
  for the mover).  A man never steps onto a man of its own owner.
- After each ply, in this order: if the mover has taken 2 men or more in all, he wins.
  Otherwise, if 60 plies have been played, the game ends: the single player who has taken
  most men wins; a most shared by two or three players is a draw.
- A player without a move (no men left, or none can step) passes: the pass is his only
  move, a ply that changes nothing but the player to move, and it counts for the 60 plies.

Public functions
----------------
start()                  -> Position    the starting position, player 1 to move
legal_moves(pos)         -> list[str]   sorted texts ('a1-a2' or 'pass'); empty when over
play(pos, move)          -> Position    a new position; ValueError if the move is illegal
result(pos)              -> None | 1 | 2 | 3 | 'draw'
perft(pos, depth)        -> int         leaves at depth; a finished game gives 0 below it
"""

from __future__ import annotations

from dataclasses import dataclass

FILES = "abcde"
SIZE = 5
PLAYERS = (1, 2, 3)
WIN_CAPTURES = 2
PLY_LIMIT = 60

START_MEN = {
    1: ("a1", "b1"),
    2: ("e1", "e2"),
    3: ("a5", "b5"),
}

# The 8 steps (file step, rank step).
STEPS = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)]


def square_name(x, y):
    """Square name from 0-based file x and 0-based rank y."""
    return FILES[x] + str(y + 1)


def square_xy(name):
    """0-based (file, rank) of a square name such as 'c4'."""
    return FILES.index(name[0]), int(name[1:]) - 1


def on_board(x, y):
    return 0 <= x < SIZE and 0 <= y < SIZE


def next_player(player):
    return player % 3 + 1


@dataclass(frozen=True)
class Position:
    men: tuple           # men[i] is a frozenset of the squares of player i + 1
    to_move: int         # 1, 2 or 3
    ply: int             # plies played so far (passes included)
    taken: tuple         # taken[i]: men taken so far by player i + 1
    result: object = None  # None, 1, 2, 3 or 'draw'

    def men_of(self, player):
        return self.men[player - 1]

    def owner_at(self, square):
        for player in PLAYERS:
            if square in self.men_of(player):
                return player
        return None

    def board_text(self):
        """A picture, rank 5 on top; '.' empty, else the owner's number."""
        rows = []
        for y in reversed(range(SIZE)):
            row = ""
            for x in range(SIZE):
                owner = self.owner_at(square_name(x, y))
                row += "." if owner is None else str(owner)
            rows.append(row)
        return "\n".join(rows)


def start():
    return Position(
        men=tuple(frozenset(START_MEN[p]) for p in PLAYERS),
        to_move=1,
        ply=0,
        taken=(0, 0, 0),
        result=None,
    )


def make_position(men, to_move=1, ply=0, taken=(0, 0, 0)):
    """A position from {player: [squares]}; for hand-built tests."""
    return Position(
        men=tuple(frozenset(men.get(p, ())) for p in PLAYERS),
        to_move=to_move,
        ply=ply,
        taken=tuple(taken),
        result=None,
    )


def result(pos):
    return pos.result


def _steps(pos):
    """Every step of the mover's men, as texts 'from-to'."""
    player = pos.to_move
    own = pos.men_of(player)
    texts = []
    for square in own:
        x, y = square_xy(square)
        for dx, dy in STEPS:
            nx, ny = x + dx, y + dy
            if not on_board(nx, ny):
                continue
            target = square_name(nx, ny)
            if target in own:
                continue  # never onto a man of his own
            texts.append(square + "-" + target)
    return texts


def legal_moves(pos):
    if pos.result is not None:
        return []
    steps = _steps(pos)
    if not steps:
        return ["pass"]
    return sorted(steps)


def _decide(mover, ply, taken):
    """The result after a ply by mover: None while the game goes on."""
    if taken[mover - 1] >= WIN_CAPTURES:
        return mover
    if ply >= PLY_LIMIT:
        best = max(taken)
        leaders = [p for p in PLAYERS if taken[p - 1] == best]
        if len(leaders) == 1:
            return leaders[0]
        return "draw"
    return None


def play(pos, move):
    if move not in legal_moves(pos):
        raise ValueError(f"illegal move {move!r} in\n{pos.board_text()}\nplayer {pos.to_move}")
    mover = pos.to_move
    men = [set(s) for s in pos.men]
    taken = list(pos.taken)
    if move != "pass":
        frm, to = move.split("-")
        victim = pos.owner_at(to)
        if victim is not None:
            assert victim != mover
            men[victim - 1].discard(to)
            taken[mover - 1] += 1
        men[mover - 1].discard(frm)
        men[mover - 1].add(to)
    ply = pos.ply + 1
    taken = tuple(taken)
    return Position(
        men=tuple(frozenset(s) for s in men),
        to_move=next_player(mover),
        ply=ply,
        taken=taken,
        result=_decide(mover, ply, taken),
    )


def perft(pos, depth):
    if depth == 0:
        return 1
    if pos.result is not None:
        return 0
    return sum(perft(play(pos, m), depth - 1) for m in legal_moves(pos))
