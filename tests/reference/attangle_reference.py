"""Independent, deliberately simple reference implementation of the rules of Attangle.

Used only by tests, to cross-check the real engine.  Written from the rule texts only
(rules/NOTES.md sections 0 and 3, which win, and the German rule text of seed 003,
Attangle 2006 rules by Dieter Stein).  Clarity matters more than speed: every move
builds a fresh Position, legal moves are produced as move strings, and nothing is
cached between calls except the (tiny) board geometry.

Public API
----------
Position(stacks, to_move, ply, variant)   immutable, hashable by content
    stacks   dict point -> (white pieces, black pieces); empty points are absent
    to_move  'W' or 'B'
    ply      number of moves already made (0 before the first move)
    variant  'hex' (37 points, 3 five-stacks win) or 'square' (8x8, 5 five-stacks win)
start(variant='hex')        -> Position   empty board, White to move, ply 0
legal_moves(pos)            -> set[str]   canonical move texts; empty once the game is over
play(pos, move)             -> Position   apply a move (lenient spelling), ValueError if illegal
result(pos)                 -> '1-0' | '0-1' | None
perft(pos, depth)           -> int        leaf count; finished games count only at depth 0
points(variant)             -> list[str]  all points in board order
neighbours(point, variant)  -> set[str]   adjacent points
ray(point, direction, variant) -> list[str]  points on a straight line from point (exclusive)
directions(variant)         -> list of direction vectors (see below)
owner(stack)                -> 'W' | 'B'  majority owner of a (white, black) stack
five_stacks(pos, player)    -> int        number of five-stacks the player owns

Move text
---------
Placement: the point, e.g. ``e1``.  Capture: the movers' points, comma-separated without
spaces, in board order (rank letter first, then number), then ``-`` and the target, e.g.
``c5,f5-e6``.  ``play`` also accepts upper case, spaces, the dashes U+2013 / U+2212 and the
movers in any order.

Geometry (how the straight lines are derived)
---------------------------------------------
Hex board: ranks a..g (index r = 0..6) have 4,5,6,7,6,5,4 points, numbered 1.. from the
left.  The board is drawn as a regular hexagon of equilateral triangles, each rank centred
on the vertical axis.  Point (rank r, number n) in a rank of length L gets the integer
coordinates (X, Y) = (2n - (L + 1), r): X is twice the horizontal offset from the centre
line (so that half steps stay integers), Y the rank.  Two points are neighbours when they
differ by one of the six unit vectors (+-2, 0), (+-1, +-1) in these coordinates; a straight
line is repeated addition of one such vector.  This is pure geometry, and
``_self_check()`` confirms it reproduces NOTES' index rule for neighbours (same rank n+-1;
towards a longer rank n and n+1; towards a shorter rank n-1 and n).  Consequence across
rank d, e.g. moving up (towards g):
    up-right (+1,+1): a1 b2 c3 d4 e4 f4 g4  -- number +1 per step below d, unchanged above
    up-left  (-1,+1): a4 b4 c4 d4 e3 f2 g1  -- number unchanged below d, -1 per step above
Square board: files a..h = X 0..7, ranks 1..8 = Y 0..7, the eight king-move vectors.
"""

from dataclasses import dataclass

WHITE = 'W'
BLACK = 'B'
VARIANTS = ('hex', 'square')

HEX_RANK_LENGTHS = [4, 5, 6, 7, 6, 5, 4]          # ranks a..g
HEX_DIRECTIONS = [(2, 0), (-2, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)]
SQUARE_DIRECTIONS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]

FIVE_STACKS_TO_WIN = {'hex': 3, 'square': 5}
FIRST_MOVE_FORBIDDEN = {'hex': {'d4'}, 'square': {'d4', 'e4', 'd5', 'e5'}}


# ---------------------------------------------------------------------------
# Board geometry
# ---------------------------------------------------------------------------

def _hex_coordinates():
    """Map point name -> (X, Y) for the hex board, as described in the module docstring."""
    coords = {}
    for r, length in enumerate(HEX_RANK_LENGTHS):
        letter = 'abcdefg'[r]
        for n in range(1, length + 1):
            coords[letter + str(n)] = (2 * n - (length + 1), r)
    return coords


def _square_coordinates():
    coords = {}
    for f in range(8):
        for r in range(8):
            coords['abcdefgh'[f] + str(r + 1)] = (f, r)
    return coords


_COORDS = {'hex': _hex_coordinates(), 'square': _square_coordinates()}
_NAMES = {v: {xy: name for name, xy in c.items()} for v, c in _COORDS.items()}


def _check_variant(variant):
    if variant not in VARIANTS:
        raise ValueError('unknown variant %r' % (variant,))


def board_order_key(point):
    """Sort key: letter first, then the number as an integer."""
    return (point[0], int(point[1:]))


def points(variant='hex'):
    _check_variant(variant)
    return sorted(_COORDS[variant], key=board_order_key)


def directions(variant='hex'):
    _check_variant(variant)
    return list(HEX_DIRECTIONS if variant == 'hex' else SQUARE_DIRECTIONS)


def ray(point, direction, variant='hex'):
    """Points met walking from `point` (excluded) in `direction` until the board edge."""
    _check_variant(variant)
    x, y = _COORDS[variant][point]
    dx, dy = direction
    out = []
    while True:
        x, y = x + dx, y + dy
        name = _NAMES[variant].get((x, y))
        if name is None:
            return out
        out.append(name)


def neighbours(point, variant='hex'):
    result_set = set()
    for d in directions(variant):
        line = ray(point, d, variant)
        if line:
            result_set.add(line[0])
    return result_set


# ---------------------------------------------------------------------------
# Position
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Position:
    stacks: dict
    to_move: str = WHITE
    ply: int = 0
    variant: str = 'hex'

    def __post_init__(self):
        _check_variant(self.variant)
        if self.to_move not in (WHITE, BLACK):
            raise ValueError('to_move must be W or B')
        if not isinstance(self.ply, int) or self.ply < 0:
            raise ValueError('ply must be a non-negative int')
        clean = {}
        for p, st in dict(self.stacks).items():
            if p not in _COORDS[self.variant]:
                raise ValueError('no such point %r on the %s board' % (p, self.variant))
            w, b = st
            w, b = int(w), int(b)
            if w < 0 or b < 0 or w + b not in (1, 3, 5):
                raise ValueError('bad stack %r on %s (height must be 1, 3 or 5)' % (st, p))
            clean[p] = (w, b)
        object.__setattr__(self, 'stacks', clean)

    def __hash__(self):
        return hash((frozenset(self.stacks.items()), self.to_move, self.ply, self.variant))


def start(variant='hex'):
    _check_variant(variant)
    return Position(stacks={}, to_move=WHITE, ply=0, variant=variant)


def other(player):
    return BLACK if player == WHITE else WHITE


def owner(stack):
    w, b = stack
    return WHITE if w > b else BLACK


def height(stack):
    return stack[0] + stack[1]


def mine_theirs(stack, player):
    """(pieces of player, pieces of the opponent) in a stack."""
    w, b = stack
    return (w, b) if player == WHITE else (b, w)


def five_stacks(pos, player):
    return sum(1 for st in pos.stacks.values() if height(st) == 5 and owner(st) == player)


def _winner(pos):
    """The player owning enough five-stacks, or None.  Only the last mover can get there;
    if a hand-built position gives both enough, the player who just moved is preferred."""
    need = FIVE_STACKS_TO_WIN[pos.variant]
    for player in (other(pos.to_move), pos.to_move):
        if five_stacks(pos, player) >= need:
            return player
    return None


# ---------------------------------------------------------------------------
# Move generation
# ---------------------------------------------------------------------------

def _subsets(items):
    """All subsets of a list (as lists), by bit masks."""
    out = []
    for mask in range(1 << len(items)):
        out.append([items[i] for i in range(len(items)) if mask >> i & 1])
    return out


def _capture_text(movers, target):
    return ','.join(sorted(movers, key=board_order_key)) + '-' + target


def _candidate_movers(pos, target):
    """For each direction, the nearest occupied point seen from the target, if it is a
    stack of the player to move that may move (height 1 or 3).  Nothing can be jumped,
    so at most one mover per direction, and movers always come from different directions."""
    player = pos.to_move
    found = []
    for d in directions(pos.variant):
        for p in ray(target, d, pos.variant):
            if p in pos.stacks:
                st = pos.stacks[p]
                if owner(st) == player and height(st) < 5:
                    found.append(p)
                break                      # the first piece on the line blocks the rest
    return found


def _captures(pos):
    """dict move text -> (list of movers, target)."""
    player = pos.to_move
    out = {}
    for target, tst in pos.stacks.items():
        if owner(tst) == player or height(tst) == 5:
            continue                       # only enemy stacks; five-stacks are never captured
        candidates = _candidate_movers(pos, target)
        for movers in _subsets(candidates):
            if len(movers) < 2:
                continue
            mine, theirs = mine_theirs(tst, player)
            for m in movers:
                a, b = mine_theirs(pos.stacks[m], player)
                mine += a
                theirs += b
            if mine == theirs + 1 and mine + theirs <= 5:
                out[_capture_text(movers, target)] = (movers, target)
    return out


def _placements(pos):
    out = []
    for p in points(pos.variant):
        if p in pos.stacks:
            continue
        if pos.ply == 0 and p in FIRST_MOVE_FORBIDDEN[pos.variant]:
            continue
        out.append(p)
    return out


def legal_moves(pos):
    if _winner(pos) is not None:
        return set()
    return set(_placements(pos)) | set(_captures(pos))


def result(pos):
    w = _winner(pos)
    if w is not None:
        return '1-0' if w == WHITE else '0-1'
    if not legal_moves(pos):
        # the player to move has no legal move and loses (NOTES' choice)
        return '0-1' if pos.to_move == WHITE else '1-0'
    return None


# ---------------------------------------------------------------------------
# Playing moves
# ---------------------------------------------------------------------------

def normalize(move):
    """Canonical spelling of a move text, or ValueError if it cannot be read at all."""
    if not isinstance(move, str):
        raise ValueError('move must be a string')
    s = move.strip().lower().replace('\u2013', '-').replace('\u2212', '-').replace(' ', '')
    if '-' not in s:
        return s
    if s.count('-') != 1:
        raise ValueError('bad move %r' % (move,))
    left, target = s.split('-')
    movers = [m for m in left.split(',')]
    if not target or any(not m for m in movers):
        raise ValueError('bad move %r' % (move,))
    for p in movers + [target]:
        if len(p) < 2 or not p[0].isalpha() or not p[1:].isdigit():
            raise ValueError('bad point %r in move %r' % (p, move))
    if len(set(movers)) != len(movers):
        raise ValueError('repeated mover in %r' % (move,))
    return _capture_text(movers, target)


def _apply(pos, move):
    """Apply a canonical move text already known to be legal."""
    stacks = dict(pos.stacks)
    if '-' not in move:
        stacks[move] = (1, 0) if pos.to_move == WHITE else (0, 1)
    else:
        left, target = move.split('-')
        w, b = stacks[target]
        for m in left.split(','):
            mw, mb = stacks.pop(m)
            w += mw
            b += mb
        stacks[target] = (w, b)
    return Position(stacks=stacks, to_move=other(pos.to_move), ply=pos.ply + 1,
                    variant=pos.variant)


def play(pos, move):
    canon = normalize(move)
    if canon not in legal_moves(pos):
        raise ValueError('illegal move %r' % (move,))
    return _apply(pos, canon)


def perft(pos, depth):
    if depth == 0:
        return 1
    total = 0
    for m in legal_moves(pos):
        total += perft(_apply(pos, m), depth - 1)
    return total


# ---------------------------------------------------------------------------
# Self-check of the geometry against the index rule written in NOTES
# ---------------------------------------------------------------------------

def _notes_hex_neighbours(point):
    """Neighbours straight from the NOTES text, by index arithmetic only."""
    letters = 'abcdefg'
    r, n = letters.index(point[0]), int(point[1:])
    cand = [(r, n - 1), (r, n + 1)]
    for r2 in (r - 1, r + 1):
        if not 0 <= r2 < 7:
            continue
        if HEX_RANK_LENGTHS[r2] > HEX_RANK_LENGTHS[r]:      # towards the longer rank
            cand += [(r2, n), (r2, n + 1)]
        else:                                               # towards the shorter rank
            cand += [(r2, n - 1), (r2, n)]
    return {letters[a] + str(b) for a, b in cand if 1 <= b <= HEX_RANK_LENGTHS[a]}


def _self_check():
    assert len(points('hex')) == 37 and len(points('square')) == 64
    for p in points('hex'):
        assert neighbours(p, 'hex') == _notes_hex_neighbours(p), p
    assert len(neighbours('d4', 'hex')) == 6
    assert ray('a1', (1, 1), 'hex') == ['b2', 'c3', 'd4', 'e4', 'f4', 'g4']
    assert ray('a4', (-1, 1), 'hex') == ['b4', 'c4', 'd4', 'e3', 'f2', 'g1']
    assert ray('d1', (2, 0), 'hex') == ['d2', 'd3', 'd4', 'd5', 'd6', 'd7']
    # every straight line read backwards is again a straight line
    for v in VARIANTS:
        for p in points(v):
            for d in directions(v):
                line = ray(p, d, v)
                if line:
                    back = ray(line[-1], (-d[0], -d[1]), v)
                    assert back[:len(line)] == list(reversed(line[:-1])) + [p]
    return True


if __name__ == '__main__':
    import time
    _self_check()
    for v in VARIANTS:
        for depth in (1, 2, 3):
            t = time.time()
            n = perft(start(v), depth)
            print(v, depth, n, '%.2fs' % (time.time() - t))
