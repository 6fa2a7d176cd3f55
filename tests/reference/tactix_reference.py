"""Independent, deliberately simple reference implementation of the rules of Tactix.

Used only by tests, to cross-check the real engine.  Written from the rule texts
(rules/NOTES.md sections 0 and 4, which win, and the German rule text of seed 004).
Clarity matters more than speed: positions are copied on every move, every move is
generated as its canonical text, and every die is tipped one square at a time with
3D vectors.  Standard library only.

Public functions
----------------
start(centre=False)      -> Position   the starting position, White to move
legal_moves(pos)         -> set[str]   canonical text of every legal move (empty if over)
play(pos, move)          -> Position   apply a move (any accepted spelling), ValueError if illegal
result(pos)              -> str | None '1-0', '0-1' or None while the game goes on
perft(pos, depth)        -> int        leaf count of the move tree (finished games count
                                       only at depth 0)
tip(top, north, d)       -> (top, north)  one tipping step, d in 'north' 'south' 'east' 'west'
east_face(top, north)    -> int        the face pointing east (towards file i)

Conventions
-----------
Squares are written 'a1' .. 'i9': files a-i from White's left, ranks 1-9 from White's
side.  ``Position.pieces`` maps a square to ('W'|'B', 'K') for a king or to
('W'|'B', top, north) for a die, where ``north`` is the face pointing to rank 9.

3D frame used for the dice: x points east (towards file i), y points north (towards
rank 9), z points up.

Move text: straight ``b1-b3``; with a turn, the turning square is named in the middle:
``b1-b2-c2``.  A king move is ``e1-e2``.  Parsers accept upper case and the dashes
'-', U+2013 and U+2212.
"""

from dataclasses import dataclass, field

FILES = "abcdefghi"
SIZE = 9

# Compass direction -> (file step, rank step).
DIRECTIONS = {
    "north": (0, 1),
    "south": (0, -1),
    "east": (1, 0),
    "west": (-1, 0),
}

KING_SQUARE = {"W": "e1", "B": "e9"}
CENTRE = "e5"
START_TOPS = [5, 1, 2, 6, "K", 6, 2, 1, 5]


def other(player):
    return "B" if player == "W" else "W"


# ---------------------------------------------------------------------------
# Dice as 3D vectors
# ---------------------------------------------------------------------------
#
# An orientation is a tuple of 7 entries; entry f (1..6) is the unit vector (x, y, z)
# in which face f points.  Entry 0 is unused.

UP = (0, 0, 1)
NORTH = (0, 1, 0)
EAST = (1, 0, 0)


def _neg(v):
    return (-v[0], -v[1], -v[2])


def _add(*vs):
    return tuple(sum(c) for c in zip(*vs))


def _scale(k, v):
    return (k * v[0], k * v[1], k * v[2])


def _dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cross(a, b):
    return (
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    )


def _canonical_orientation():
    """1 on top, 2 towards the viewer (who stands south, looking north), 3 on the
    viewer's right (east).  Opposite faces sum to 7."""
    faces = [None] * 7
    faces[1] = UP
    faces[2] = _neg(NORTH)
    faces[3] = EAST
    for f in (1, 2, 3):
        faces[7 - f] = _neg(faces[f])
    return tuple(faces)


def _rotate_tip(v, d):
    """Where the vector v points after the die rolls over its edge in horizontal
    direction d: up goes to d, d goes down, down goes to -d, -d goes up; the axis
    of the roll (perpendicular to d and up) stays."""
    a = _dot(v, d)      # component along d
    c = _dot(v, UP)     # component along up
    rest = _add(v, _scale(-a, d), _scale(-c, UP))
    return _add(rest, _scale(c, d), _scale(-a, UP))


def _tip_orientation(orient, direction):
    dx, dy = DIRECTIONS[direction]
    d = (dx, dy, 0)
    return (None,) + tuple(_rotate_tip(orient[f], d) for f in range(1, 7))


def _is_right_handed(orient):
    # 1 x 2 must give 3 for a die with 1 up, 2 south, 3 east: up x south = east.
    return _cross(orient[1], orient[2]) == orient[3]


def _all_orientations():
    """Every orientation reachable by tipping the canonical die (breadth first)."""
    first = _canonical_orientation()
    seen = {first}
    todo = [first]
    while todo:
        o = todo.pop()
        for direction in DIRECTIONS:
            n = _tip_orientation(o, direction)
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


_ORIENTATIONS = _all_orientations()
assert len(_ORIENTATIONS) == 24
assert all(_is_right_handed(o) for o in _ORIENTATIONS)


def _face_at(orient, vector):
    for f in range(1, 7):
        if orient[f] == vector:
            return f
    raise AssertionError("no face points that way")


def orientation(top, north):
    """The unique orientation with face ``top`` up and face ``north`` to the north."""
    matches = [
        o for o in _ORIENTATIONS if o[top] == UP and o[north] == NORTH
    ] if (1 <= top <= 6 and 1 <= north <= 6) else []
    if len(matches) != 1:
        raise ValueError(f"no die has top {top} and north {north}")
    return matches[0]


def tip(top, north, direction):
    """Tip a die (top, north) one square in ``direction``; returns (top, north)."""
    o = _tip_orientation(orientation(top, north), direction)
    return _face_at(o, UP), _face_at(o, NORTH)


def east_face(top, north):
    return _face_at(orientation(top, north), EAST)


def face_towards(top, north, direction):
    """The face pointing in a compass direction, or 'up' / 'down'."""
    o = orientation(top, north)
    if direction == "up":
        return _face_at(o, UP)
    if direction == "down":
        return _face_at(o, _neg(UP))
    dx, dy = DIRECTIONS[direction]
    return _face_at(o, (dx, dy, 0))


# ---------------------------------------------------------------------------
# Squares
# ---------------------------------------------------------------------------

def square_name(x, y):
    """0-based file x, 0-based rank y -> 'a1'."""
    return f"{FILES[x]}{y + 1}"


def square_xy(name):
    name = name.strip().lower()
    if len(name) != 2 or name[0] not in FILES or name[1] not in "123456789":
        raise ValueError(f"bad square {name!r}")
    return FILES.index(name[0]), int(name[1]) - 1


def _on_board(x, y):
    return 0 <= x < SIZE and 0 <= y < SIZE


# ---------------------------------------------------------------------------
# Position
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Position:
    pieces: dict = field(default_factory=dict)
    to_move: str = "W"
    centre: bool = False

    def __hash__(self):
        return hash((frozenset(self.pieces.items()), self.to_move, self.centre))

    def __eq__(self, other_pos):
        if not isinstance(other_pos, Position):
            return NotImplemented
        return (
            self.pieces == other_pos.pieces
            and self.to_move == other_pos.to_move
            and self.centre == other_pos.centre
        )


def start(centre=False):
    pieces = {}
    for player, rank, north in (("W", 0, 4), ("B", 8, 3)):
        # Owner's side: White's is south, Black's is north.  The 3 faces the owner,
        # the 4 faces the opponent.
        for x, top in enumerate(START_TOPS):
            sq = square_name(x, rank)
            if top == "K":
                pieces[sq] = (player, "K")
            else:
                orientation(top, north)  # checks that the die exists
                pieces[sq] = (player, top, north)
    return Position(pieces=pieces, to_move="W", centre=centre)


def _king_square_of(pos, player):
    for sq, piece in pos.pieces.items():
        if piece[0] == player and piece[1] == "K":
            return sq
    return None


def _winner_by_board(pos):
    """Winner from the board alone (king captured, king square, centre), or None."""
    for player in ("W", "B"):
        if _king_square_of(pos, player) is None:
            return other(player)
    for player in ("W", "B"):
        if _king_square_of(pos, player) == KING_SQUARE[other(player)]:
            return player
    if pos.centre:
        for player in ("W", "B"):
            if _king_square_of(pos, player) == CENTRE:
                return player
    return None


def _score(winner):
    return "1-0" if winner == "W" else "0-1"


# ---------------------------------------------------------------------------
# Move generation
# ---------------------------------------------------------------------------

def _perpendicular(direction):
    if direction in ("north", "south"):
        return ("east", "west")
    return ("north", "south")


def _routes(steps):
    """Every route of exactly ``steps`` squares from (x, y): a list of
    (list of directions, one per step, turning step index or None)."""
    routes = []
    for d1 in DIRECTIONS:
        routes.append(([d1] * steps, None))
        for d2 in _perpendicular(d1):
            for k in range(1, steps):
                routes.append(([d1] * k + [d2] * (steps - k), k))
    return routes


def _die_moves(pos, sq, piece):
    """Yield (text, target square, new piece) for every route of the die on sq."""
    player, top, north = piece
    x0, y0 = square_xy(sq)
    for dirs, turn in _routes(top):
        x, y = x0, y0
        t, n = top, north
        path = []
        ok = True
        for d in dirs:
            dx, dy = DIRECTIONS[d]
            x, y = x + dx, y + dy
            if not _on_board(x, y):
                ok = False
                break
            t, n = tip(t, n, d)
            path.append(square_name(x, y))
        if not ok:
            continue
        # Every square passed (all but the last) must be empty.
        if any(p in pos.pieces for p in path[:-1]):
            continue
        target = path[-1]
        occupant = pos.pieces.get(target)
        if occupant is not None and occupant[0] == player:
            continue
        if turn is None:
            text = f"{sq}-{target}"
        else:
            text = f"{sq}-{path[turn - 1]}-{target}"
        yield text, target, (player, t, n)


def _king_moves(pos, sq, piece):
    player = piece[0]
    x0, y0 = square_xy(sq)
    for d in DIRECTIONS:
        dx, dy = DIRECTIONS[d]
        x, y = x0 + dx, y0 + dy
        if not _on_board(x, y):
            continue
        target = square_name(x, y)
        occupant = pos.pieces.get(target)
        if occupant is not None and occupant[0] == player:
            continue
        yield f"{sq}-{target}", target, piece


def _all_moves(pos):
    """dict: move text -> position after it (ignores whether the game is over)."""
    moves = {}
    for sq, piece in sorted(pos.pieces.items()):
        if piece[0] != pos.to_move:
            continue
        gen = _king_moves if piece[1] == "K" else _die_moves
        for text, target, new_piece in gen(pos, sq, piece):
            if text in moves:
                raise AssertionError(f"duplicate move text {text}")
            pieces = dict(pos.pieces)
            del pieces[sq]
            pieces[target] = new_piece  # a capture simply replaces the enemy piece
            moves[text] = Position(
                pieces=pieces, to_move=other(pos.to_move), centre=pos.centre
            )
    return moves


def legal_moves(pos):
    if _winner_by_board(pos) is not None:
        return set()
    return set(_all_moves(pos))


def normalize_move(text):
    """Canonical spelling of a move text: lower case, ASCII dashes, no blanks."""
    t = text.strip().lower()
    for dash in ("\u2013", "\u2212"):
        t = t.replace(dash, "-")
    t = "".join(t.split())
    parts = t.split("-")
    for p in parts:
        square_xy(p)  # raises ValueError on a bad square
    if len(parts) not in (2, 3):
        raise ValueError(f"bad move {text!r}")
    return "-".join(parts)


def play(pos, move):
    try:
        text = normalize_move(move)
    except ValueError:
        raise ValueError(f"illegal move {move!r}") from None
    if _winner_by_board(pos) is not None:
        raise ValueError(f"game is over, {move!r} is illegal")
    moves = _all_moves(pos)
    if text not in moves:
        raise ValueError(f"illegal move {move!r}")
    return moves[text]


def result(pos):
    winner = _winner_by_board(pos)
    if winner is not None:
        return _score(winner)
    if not _all_moves(pos):
        # A player with no legal move loses.
        return _score(other(pos.to_move))
    return None


def perft(pos, depth):
    if depth == 0:
        return 1
    if _winner_by_board(pos) is not None:
        return 0
    total = 0
    for after in _all_moves(pos).values():
        total += perft(after, depth - 1)
    return total


if __name__ == "__main__":
    import time

    p = start()
    print("start moves:", len(legal_moves(p)))
    for depth in range(1, 4):
        t0 = time.perf_counter()
        n = perft(p, depth)
        print(f"perft({depth}) = {n}  ({time.perf_counter() - t0:.2f} s)")
