"""Independent, deliberately simple reference implementation of the rules of DVONN.

Used only by tests, to cross-check the real engine.  Written from the rule texts only
(rules/NEW-GAMES.md section 3, DVONN by Kris Burm, and rules/NOTES.md section 0).
Clarity matters more than speed: every move builds a fresh Position, legal moves are
produced as move texts, and nothing is cached between calls except the board geometry.

Public API
----------
Position(board, to_move, ply)   immutable, hashable (a frozen dataclass)
    board    tuple of 49 stack strings in the order of points(); '' is an empty point,
             otherwise digits bottom piece first: '1' white, '2' black, '0' DVONN piece
    to_move  1 (White) or 2 (Black)
    ply      moves played so far, passes included (placement phase = plies 0..48)
start()                    -> Position   empty board, White to place, ply 0
parse(text)                -> Position   read a position text; ValueError on bad text
text(pos)                  -> str        canonical position text
moves(pos)                 -> dict[str, Position]  move text -> position after it;
                                         {} once the game is over
play(pos, move_text)       -> Position   apply a move; ValueError if not legal
result(pos)                -> None while the game goes on, else
                              (winner 1 / 2 / None for a draw, White's score, Black's score)
perft(pos, depth)          -> int        leaf count (depth 0 = 1; a finished game counts 0
                                         at depth >= 1)
points()                   -> list[str]  the 49 point names, rank 1 first, files a.. within
neighbours(point)          -> set[str]   adjacent points
line(point, direction)     -> list[str]  points on a straight line from point (exclusive)
scores(pos)                -> (int, int) pieces in the stacks White / Black control now
stack_at(pos, point)       -> str        the stack on a point ('' when empty)
random_position(seed, n)   -> Position   random placement + n random movement moves
                                         (for reports; deterministic for a given seed)

Position text
-------------
Ranks 5 down to 1 separated by '/'; within a rank the points from the lowest file letter to
the highest (rank 5: c5..k5, rank 4: b4..k4, rank 3: a3..k3, rank 2: a2..j2, rank 1: a1..i1),
cells separated by ','.  A cell is 'x' (one empty point), 'xN' (N empty points; the writer
uses it for runs of N >= 2 and merges runs; the parser accepts any splitting, including
'x1') or a stack of digits, bottom piece first ('102' = white at the bottom, a DVONN piece,
black on top).  Then one space, the player to move ('1' / '2'), one space, the ply.
Start: 'x9/x10/x11/x10/x9 1 0'.  The parser accepts upper-case 'X' and surrounding or
repeated white space between the three fields.

Move text
---------
Placement: the point, e.g. 'e3'.  Stack move: 'from-to', e.g. 'e3-g3'.  Pass: 'pass'.
Canonical texts are lower case.  play() also accepts upper case, spaces, and the dashes
U+2013 / U+2212 in place of '-'.

Coordinate system
-----------------
Each point gets axial coordinates (f, r): f = file index (a = 0 .. k = 10), r = rank (1..5).
Valid points: rank 1 f 0..8 (a..i), rank 2 f 0..9 (a..j), rank 3 f 0..10 (a..k),
rank 4 f 1..10 (b..k), rank 5 f 2..10 (c..k).
Drawn with horizontal, centred rows of equilateral triangles, point (f, r) sits at
    x = 2f - (r - 1) - 8   (half point widths; 0 on the centre line),   y = r - 1,
so a file (constant f) is a straight line going from lower right to upper left.
The six neighbour directions (df, dr) are
    (+1, 0) right     (-1, 0) left
    (0, +1) up-left   (+1, +1) up-right
    (-1, -1) down-left (0, -1) down-right
e.g. a1 -> b1, a2, b2; f3 (the centre) -> e3, g3, f4, g4, e2, f2.  A straight line is the
repeated addition of one direction.  _self_check() re-derives the neighbours and lines from
the picture of centred rows alone (x, y as above, computed from the row lengths 9, 10, 11,
10, 9 and the position in the row) and confirms both agree.

Readings chosen where the rules leave a point open (each named)
----------------------------------------------------------------
R1 side to move:  fixed by the ply.  Placement (plies 0..48): even ply White, odd Black.
   Movement (ply >= 49): odd ply White, even Black (White moves at ply 49, right after
   placing the 49th piece at ply 48; passes are plies, so play strictly alternates).
   parse() rejects a text whose player to move disagrees with its ply.
R2 what is placed:  plies 0, 1, 2 place a DVONN piece (White, Black, White); from ply 3 the
   mover places a piece of his own colour (Black at odd plies 3..47, White at even 4..48).
R3 parse() checks consistency: in the placement phase the board must hold exactly `ply`
   single pieces: min(ply, 3) DVONN pieces, (ply - 2) // 2 black and (ply - 3) // 2 white
   (for ply >= 3).  In the movement phase it must hold exactly 3 DVONN pieces (they are
   never removed: a DVONN piece is always connected to itself) and at most 23 of each
   colour; stacks of any height are allowed; connectivity is NOT checked.
R4 surrounded:  a stack is surrounded when all six neighbour points exist on the board and
   are occupied; a surrounded stack cannot move whatever its height.  Edge points (fewer than
   six neighbours) are never surrounded, even with every neighbour occupied.
R5 destination:  exactly `height` points away in one of the six directions, on the board
   and occupied by any stack: own, enemy, or DVONN-topped.  The points passed over do not
   matter.  (The board is convex, so the passed-over points are all on the board.)
R6 what moves:  the whole stack, whatever lies below its top (DVONN pieces included), as
   long as its top piece is the mover's.  Stacks topped by a DVONN piece never move.
R7 removal:  after every stack move (never in the placement phase, nothing changes on a
   pass) every stack with no path of occupied neighbouring points to a point whose stack
   contains a DVONN piece (anywhere in it) is removed.
R8 pass and end:  in the movement phase, if the player to move has a stack move he must make
   one.  If he has none but the opponent has one, his only move is 'pass' (ply + 1, other
   player to move).  If neither has a stack move, the game is over: moves() is {} and
   result() gives the scores.  The placement phase never ends the game.
R9 scores:  a player's score is the total number of pieces (of any kind: white, black and
   DVONN pieces) in the stacks whose top piece is his; DVONN-topped stacks count for
   nobody.  Higher score wins; equal scores are a draw (winner None).
R10 move order in moves(): placements in points() order; stack moves by source in points()
   order, then by direction in the order listed above; only the dict's keys matter.
"""

import random
from collections import deque
from dataclasses import dataclass

WHITE = 1
BLACK = 2
DVONN = '0'
PIECE = {WHITE: '1', BLACK: '2'}

FILES = 'abcdefghijk'
# rank -> (first file index, last file index)
RANK_FILES = {1: (0, 8), 2: (0, 9), 3: (0, 10), 4: (1, 10), 5: (2, 10)}
DIRECTIONS = [(1, 0), (-1, 0), (0, 1), (1, 1), (-1, -1), (0, -1)]

PLACEMENT_PLIES = 49        # plies 0..48 place pieces
DVONN_PIECES = 3
PIECES_PER_COLOUR = 23


# ---------------------------------------------------------------------------
# Board geometry
# ---------------------------------------------------------------------------

def _build_points():
    names = []
    coords = {}
    for r in range(1, 6):
        lo, hi = RANK_FILES[r]
        for f in range(lo, hi + 1):
            name = FILES[f] + str(r)
            names.append(name)
            coords[name] = (f, r)
    return names, coords


_POINTS, _COORDS = _build_points()
_NAME_AT = {fr: name for name, fr in _COORDS.items()}
_INDEX = {name: i for i, name in enumerate(_POINTS)}


def points():
    return list(_POINTS)


def _step(point, direction, distance=1):
    """The point `distance` steps from `point` in `direction`, or None if off the board."""
    f, r = _COORDS[point]
    df, dr = direction
    return _NAME_AT.get((f + df * distance, r + dr * distance))


def line(point, direction):
    out = []
    p = _step(point, direction)
    while p is not None:
        out.append(p)
        p = _step(p, direction)
    return out


def neighbours(point):
    if point not in _COORDS:
        raise ValueError('no such point %r' % (point,))
    return {q for q in (_step(point, d) for d in DIRECTIONS) if q is not None}


# index-based tables used by the move generator
_NEIGHBOURS_I = [sorted(_INDEX[q] for q in neighbours(p)) for p in _POINTS]


# ---------------------------------------------------------------------------
# Position
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Position:
    board: tuple            # 49 stack strings, points() order
    to_move: int
    ply: int


def start():
    return Position(board=('',) * 49, to_move=WHITE, ply=0)


def other(player):
    return BLACK if player == WHITE else WHITE


def placement_phase(pos):
    return pos.ply < PLACEMENT_PLIES


def side_for_ply(ply):
    """Reading R1."""
    if ply < PLACEMENT_PLIES:
        return WHITE if ply % 2 == 0 else BLACK
    return WHITE if ply % 2 == 1 else BLACK


def stack_at(pos, point):
    return pos.board[_INDEX[point]]


# ---------------------------------------------------------------------------
# Texts
# ---------------------------------------------------------------------------

def text(pos):
    ranks = []
    for r in range(5, 0, -1):
        lo, hi = RANK_FILES[r]
        cells = []
        run = 0
        for f in range(lo, hi + 1):
            st = pos.board[_INDEX[FILES[f] + str(r)]]
            if st == '':
                run += 1
                continue
            if run:
                cells.append('x' if run == 1 else 'x%d' % run)
                run = 0
            cells.append(st)
        if run:
            cells.append('x' if run == 1 else 'x%d' % run)
        ranks.append(','.join(cells))
    return '%s %d %d' % ('/'.join(ranks), pos.to_move, pos.ply)


def _check_consistency(board, to_move, ply):
    """Readings R1 and R3."""
    if to_move != side_for_ply(ply):
        raise ValueError('player %d cannot be to move at ply %d' % (to_move, ply))
    allp = ''.join(board)
    n_dvonn, n_white, n_black = allp.count('0'), allp.count('1'), allp.count('2')
    if ply < PLACEMENT_PLIES:
        if any(len(st) > 1 for st in board):
            raise ValueError('stacks cannot exist in the placement phase')
        want_dvonn = min(ply, DVONN_PIECES)
        want_black = (ply - 2) // 2 if ply >= 3 else 0
        want_white = (ply - 3) // 2 if ply >= 3 else 0
        if (n_dvonn, n_white, n_black) != (want_dvonn, want_white, want_black):
            raise ValueError('at ply %d the board must hold %d DVONN, %d white, %d black '
                             'pieces, not %d, %d, %d'
                             % (ply, want_dvonn, want_white, want_black,
                                n_dvonn, n_white, n_black))
    else:
        if n_dvonn != DVONN_PIECES:
            raise ValueError('the movement phase needs exactly 3 DVONN pieces')
        if n_white > PIECES_PER_COLOUR or n_black > PIECES_PER_COLOUR:
            raise ValueError('more than 23 pieces of one colour')


def parse(text_):
    if not isinstance(text_, str):
        raise ValueError('position text must be a string')
    fields = text_.split()
    if len(fields) != 3:
        raise ValueError('position text needs board, player and ply: %r' % (text_,))
    board_s, mover_s, ply_s = fields
    if mover_s not in ('1', '2'):
        raise ValueError('player to move must be 1 or 2, not %r' % (mover_s,))
    if not ply_s.isdigit():
        raise ValueError('bad ply %r' % (ply_s,))
    to_move, ply = int(mover_s), int(ply_s)
    rank_texts = board_s.split('/')
    if len(rank_texts) != 5:
        raise ValueError('need 5 ranks separated by "/", got %d' % len(rank_texts))
    board = [''] * 49
    for rank_text, r in zip(rank_texts, range(5, 0, -1)):
        lo, hi = RANK_FILES[r]
        cells = []
        for cell in rank_text.split(','):
            c = cell.lower()
            if c == 'x':
                cells.append('')
            elif c.startswith('x'):
                if not c[1:].isdigit() or int(c[1:]) < 1:
                    raise ValueError('bad empty run %r' % (cell,))
                cells.extend([''] * int(c[1:]))
            elif c and all(ch in '012' for ch in c):
                cells.append(c)
            else:
                raise ValueError('bad cell %r in rank %d' % (cell, r))
        if len(cells) != hi - lo + 1:
            raise ValueError('rank %d needs %d points, got %d' % (r, hi - lo + 1, len(cells)))
        for f, st in zip(range(lo, hi + 1), cells):
            board[_INDEX[FILES[f] + str(r)]] = st
    board = tuple(board)
    _check_consistency(board, to_move, ply)
    return Position(board=board, to_move=to_move, ply=ply)


# ---------------------------------------------------------------------------
# Move generation
# ---------------------------------------------------------------------------

def _surrounded(board, i):
    """Reading R4: six neighbours, all occupied."""
    nb = _NEIGHBOURS_I[i]
    return len(nb) == 6 and all(board[j] for j in nb)


def _stack_moves(board, player):
    """List of (from point, to point) for every stack move of `player` (readings R4-R6)."""
    out = []
    own = PIECE[player]
    for i, st in enumerate(board):
        if not st or st[-1] != own or _surrounded(board, i):
            continue
        src = _POINTS[i]
        for d in DIRECTIONS:
            dst = _step(src, d, len(st))
            if dst is not None and board[_INDEX[dst]]:
                out.append((src, dst))
    return out


def _remove_disconnected(board):
    """Reading R7: keep only stacks connected to a stack holding a DVONN piece."""
    seen = set(i for i, st in enumerate(board) if DVONN in st)
    todo = deque(seen)
    while todo:
        i = todo.popleft()
        for j in _NEIGHBOURS_I[i]:
            if board[j] and j not in seen:
                seen.add(j)
                todo.append(j)
    return tuple(st if i in seen else '' for i, st in enumerate(board))


def _after_placement(pos, point):
    piece = DVONN if pos.ply < DVONN_PIECES else PIECE[pos.to_move]      # reading R2
    board = list(pos.board)
    board[_INDEX[point]] = piece
    return Position(tuple(board), side_for_ply(pos.ply + 1), pos.ply + 1)


def _after_stack_move(pos, src, dst):
    board = list(pos.board)
    i, j = _INDEX[src], _INDEX[dst]
    board[j] = board[j] + board[i]
    board[i] = ''
    return Position(_remove_disconnected(tuple(board)), side_for_ply(pos.ply + 1), pos.ply + 1)


def _after_pass(pos):
    return Position(pos.board, side_for_ply(pos.ply + 1), pos.ply + 1)


def _move_texts(pos):
    """Canonical move texts, without building the positions after them."""
    if placement_phase(pos):
        return [p for p in _POINTS if not pos.board[_INDEX[p]]]
    mine = _stack_moves(pos.board, pos.to_move)
    if mine:
        return ['%s-%s' % m for m in mine]
    if _stack_moves(pos.board, other(pos.to_move)):
        return ['pass']                                     # reading R8
    return []


def _apply(pos, move):
    """Apply a canonical move text already known to be legal."""
    if move == 'pass':
        return _after_pass(pos)
    if '-' in move:
        src, dst = move.split('-')
        return _after_stack_move(pos, src, dst)
    return _after_placement(pos, move)


def moves(pos):
    return {m: _apply(pos, m) for m in _move_texts(pos)}


def normalize(move):
    if not isinstance(move, str):
        raise ValueError('move must be a string')
    return (move.strip().lower().replace('\u2013', '-').replace('\u2212', '-')
            .replace(' ', ''))


def play(pos, move_text):
    m = normalize(move_text)
    if m not in _move_texts(pos):
        raise ValueError('illegal move %r in %s' % (move_text, text(pos)))
    return _apply(pos, m)


def scores(pos):
    """Reading R9: (White's score, Black's score)."""
    w = sum(len(st) for st in pos.board if st and st[-1] == '1')
    b = sum(len(st) for st in pos.board if st and st[-1] == '2')
    return w, b


def result(pos):
    if placement_phase(pos):
        return None
    if _stack_moves(pos.board, WHITE) or _stack_moves(pos.board, BLACK):
        return None
    w, b = scores(pos)
    winner = WHITE if w > b else BLACK if b > w else None
    return (winner, w, b)


def perft(pos, depth):
    if depth == 0:
        return 1
    ms = _move_texts(pos)
    if depth == 1:
        return len(ms)
    return sum(perft(_apply(pos, m), depth - 1) for m in ms)


def random_position(seed, movement_moves):
    """Random placement, then up to `movement_moves` random movement-phase moves."""
    rng = random.Random(seed)
    pos = start()
    while placement_phase(pos):
        pos = _apply(pos, rng.choice(_move_texts(pos)))
    for _ in range(movement_moves):
        ms = _move_texts(pos)
        if not ms:
            break
        pos = _apply(pos, rng.choice(ms))
    return pos


# ---------------------------------------------------------------------------
# Self-check: geometry re-derived from the picture, and hand-worked rule facts
# ---------------------------------------------------------------------------

def _picture_xy():
    """(x, y) of every point from centred horizontal rows alone: the i-th point from the left
    of a row of length L sits at x = 2i - (L - 1); its name is the rank's first file + i."""
    xy = {}
    first = {1: 'a', 2: 'a', 3: 'a', 4: 'b', 5: 'c'}
    lengths = {1: 9, 2: 10, 3: 11, 4: 10, 5: 9}
    for r in range(1, 6):
        for i in range(lengths[r]):
            name = chr(ord(first[r]) + i) + str(r)
            xy[name] = (2 * i - (lengths[r] - 1), r - 1)
    return xy


def _from(cells, to_move, ply):
    """Position from a dict point -> stack (test helper; goes through the text round trip)."""
    board = tuple(cells.get(p, '') for p in _POINTS)
    pos = Position(board, to_move, ply)
    again = parse(text(pos))
    assert again == pos
    return pos


def _raises(fn, *args):
    try:
        fn(*args)
    except ValueError:
        return True
    return False


def _self_check():
    # -- geometry ----------------------------------------------------------
    assert len(points()) == 49 and len(set(points())) == 49
    xy = _picture_xy()
    assert set(xy) == set(_POINTS)
    at = {v: k for k, v in xy.items()}
    for p in _POINTS:
        x, y = xy[p]
        pic = {at[(x + dx, y + dy)] for dx, dy in ((2, 0), (-2, 0), (1, 1), (-1, 1), (1, -1),
                                                   (-1, -1)) if (x + dx, y + dy) in at}
        assert neighbours(p) == pic, p
        for d in DIRECTIONS:       # a straight line keeps the same (dx, dy) step in the picture
            ln = [p] + line(p, d)
            steps = {(xy[b][0] - xy[a][0], xy[b][1] - xy[a][1]) for a, b in zip(ln, ln[1:])}
            assert len(steps) <= 1, (p, d)
    assert neighbours('a1') == {'b1', 'a2', 'b2'}                  # corner
    assert neighbours('i1') == {'h1', 'i2', 'j2'}                  # corner
    assert neighbours('c5') == {'d5', 'b4', 'c4'}                  # corner
    assert neighbours('k5') == {'j5', 'j4', 'k4'}                  # corner
    assert neighbours('a3') == {'b3', 'a2', 'b4'}                  # left corner
    assert neighbours('k3') == {'j3', 'j2', 'k4'}                  # right corner
    assert neighbours('e1') == {'d1', 'f1', 'e2', 'f2'}            # edge
    assert neighbours('a2') == {'a1', 'b2', 'a3', 'b3'}            # edge
    assert neighbours('f5') == {'e5', 'g5', 'e4', 'f4'}            # edge
    assert neighbours('f3') == {'e3', 'g3', 'f4', 'g4', 'e2', 'f2'}  # centre
    assert neighbours('d4') == {'c4', 'e4', 'd5', 'e5', 'c3', 'd3'}
    assert neighbours('c2') == {'b2', 'd2', 'c3', 'd3', 'b1', 'c1'}
    assert line('a1', (1, 1)) == ['b2', 'c3', 'd4', 'e5']
    assert line('a3', (1, 0)) == ['b3', 'c3', 'd3', 'e3', 'f3', 'g3', 'h3', 'i3', 'j3', 'k3']
    assert line('i1', (0, 1)) == ['i2', 'i3', 'i4', 'i5']
    assert line('k5', (-1, -1)) == ['j4', 'i3', 'h2', 'g1']
    assert sum(len(neighbours(p)) < 6 for p in _POINTS) == 24      # edge points

    # -- texts ---------------------------------------------------------------
    s = start()
    assert text(s) == 'x9/x10/x11/x10/x9 1 0'
    assert parse('x9/x10/x11/x10/x9 1 0') == s
    assert parse(' x4,x5/x,x9/X11/x3,x3,x4/x2,x1,x6  1  0 ') == s
    assert hash(parse(text(s))) == hash(s)
    for bad in ('', 'x9/x10/x11/x10/x9 1', 'x9/x10/x11/x10/x9 2 0', 'x9/x10/x11/x10 1 0',
                'x9/x10/x11/x10/x8 1 0', 'x9/x10/x11/x10/x10 1 0', 'x9/x10/x11/x10/x9 3 0',
                'x9/x10/x11/x10/x9 1 -1', 'x9/x10/x11/x10/x9 1 a', 'x9/x10/x11/x10/3,x8 2 1',
                'x9/x10/x11/x10/x0,x9 1 0', 'x9/x10/x11/x10/,x9 1 0',
                'x9/x10/x11/x10/1,x8 2 1'):      # last: a white piece where a DVONN belongs
        assert _raises(parse, bad), bad

    # -- placement phase -----------------------------------------------------
    assert len(moves(s)) == 49 and set(moves(s)) == set(points())
    p1 = play(s, 'e3')                        # ply 0: White places a DVONN piece
    assert stack_at(p1, 'e3') == '0' and p1.to_move == BLACK and p1.ply == 1
    p2 = play(p1, 'f3')                       # ply 1: Black places a DVONN piece
    assert stack_at(p2, 'f3') == '0' and p2.to_move == WHITE
    p3 = play(p2, 'G3')                       # ply 2: White places the third DVONN piece
    assert stack_at(p3, 'g3') == '0' and p3.to_move == BLACK and p3.ply == 3
    assert _raises(play, p3, 'e3')            # occupied point
    assert _raises(play, p3, 'e3-f3')         # no stack moves while placing
    assert _raises(play, p3, 'pass')
    p4 = play(p3, 'a1')                       # ply 3: Black places his first own piece
    assert stack_at(p4, 'a1') == '2' and p4.to_move == WHITE and p4.ply == 4
    p5 = play(p4, 'b1')                       # ply 4: White places her first own piece
    assert stack_at(p5, 'b1') == '1' and p5.to_move == BLACK
    assert text(p5) == 'x9/x10/x4,0,0,0,x4/x10/2,1,x7 2 5'
    pos = p5
    while pos.ply < 48:
        pos = play(pos, next(iter(moves(pos))))
    assert pos.to_move == WHITE and len(moves(pos)) == 1
    last = next(iter(moves(pos)))
    full = play(pos, last)                    # ply 48: White places the 49th piece
    assert stack_at(full, last) == '1'
    assert full.ply == 49 and full.to_move == WHITE     # White moves first: twice in a row
    allp = ''.join(full.board)
    assert (allp.count('0'), allp.count('1'), allp.count('2')) == (3, 23, 23)
    assert result(pos) is None and result(full) is None
    # On the full board only edge pieces can move (everything else is surrounded), each one
    # step to any neighbour; nothing gets disconnected on a full board.
    want = sorted('%s-%s' % (p, q) for p in _POINTS if stack_at(full, p) == '1'
                  and len(neighbours(p)) < 6 for q in neighbours(p))
    assert sorted(moves(full)) == want and want
    for m, after in moves(full).items():
        src, dst = m.split('-')
        assert stack_at(after, src) == '' and stack_at(after, dst) == stack_at(full, dst) + '1'
        assert after.to_move == BLACK and after.ply == 50

    # -- a move is exactly the stack's height, never onto an empty point --------
    a = _from({'b3': '0', 'c3': '0', 'd3': '11', 'e3': '2', 'f3': '2', 'g3': '0'}, WHITE, 51)
    assert text(a) == 'x9/x10/x,0,0,11,2,2,0,x4/x10/x9 1 51'
    assert set(moves(a)) == {'d3-b3', 'd3-f3'}
    assert _raises(play, a, 'd3-e3') and _raises(play, a, 'd3-g3')   # 1 and 3 steps
    assert _raises(play, a, 'd3-d5') and _raises(play, a, 'd3-b1')   # 2 steps, empty point
    assert _raises(play, a, 'pass')
    b = play(a, 'd3\u2013f3')
    assert stack_at(b, 'f3') == '211' and stack_at(b, 'd3') == '' and stack_at(b, 'e3') == '2'
    assert b.to_move == BLACK and b.ply == 52
    # Black: e3 (height 1) and f3 is now White's; e3 -> d3 is empty now, e3 -> f3 fine
    assert set(moves(b)) == {'e3-f3'}
    c = play(b, 'e3-f3')                      # e3 gone: b3, c3 still hold DVONN pieces
    assert stack_at(c, 'f3') == '2112' and stack_at(c, 'b3') == '0'

    # -- surrounded stacks cannot move; edge stacks can --------------------------
    ring = {q: '2' for q in neighbours('f3')}
    ring.update({'f3': '11', 'h3': '0', 'd3': '0', 'f1': '0', 'e1': '1', 'd1': '2'})
    sur = _from(ring, WHITE, 51)
    assert not any(m.startswith('f3-') for m in moves(sur))          # height 2, h3/d3 occupied
    assert set(moves(sur)) == {'e1-d1', 'e1-f1', 'e1-e2', 'e1-f2'}   # edge: never surrounded
    ring.pop('g4')
    free = _from(ring, WHITE, 51)
    assert {'f3-h3', 'f3-d3', 'f3-f1'} <= set(moves(free))           # one neighbour empty

    # -- a DVONN-topped stack belongs to nobody --------------------------------
    dv = _from({'c3': '10', 'd3': '2', 'e3': '0', 'f3': '0', 'g3': '1'}, WHITE, 51)
    assert set(moves(dv)) == {'g3-f3'}                 # c3 (top DVONN) does not move
    assert scores(dv) == (1, 1)

    # -- removal, pass, end of game with scores --------------------------------
    r0 = _from({'a3': '0', 'b3': '0', 'c3': '0', 'd3': '1', 'e3': '2', 'f3': '1'}, WHITE, 49)
    assert set(moves(r0)) == {'d3-c3', 'd3-e3', 'f3-e3'}
    r1 = play(r0, 'd3-c3')                    # e3 and f3 lose their link to the DVONN pieces
    assert text(r1) == 'x9/x10/0,0,01,x8/x10/x9 2 50'
    assert result(r1) is None
    assert set(moves(r1)) == {'pass'}         # Black has nothing left, White can still move
    assert _raises(play, r1, 'c3-a3')
    r2 = play(r1, 'pass')
    assert r2.board == r1.board and r2.to_move == WHITE and r2.ply == 51
    assert set(moves(r2)) == {'c3-a3'}
    r3 = play(r2, 'c3-a3')
    assert text(r3) == 'x9/x10/001,0,x9/x10/x9 2 52'
    assert moves(r3) == {} and perft(r3, 1) == 0 and perft(r3, 0) == 1
    assert result(r3) == (WHITE, 3, 0)        # the DVONN pieces under White's top count
    assert _raises(play, r3, 'pass')
    # no removal without a disconnection (d3-c3 above was a move onto a DVONN piece)
    k = play(r0, 'f3-e3')
    assert stack_at(k, 'e3') == '21' and stack_at(k, 'd3') == '1'
    # draw and Black win
    assert result(_from({'a3': '0', 'b3': '0', 'e1': '0', 'c3': '12', 'd3': '21'},
                        BLACK, 60)) is None     # c3-a3 and d3-b3 are still possible
    assert result(_from({'a1': '0', 'c1': '0', 'e1': '0', 'b1': '12', 'd1': '21'},
                        BLACK, 60)) is None     # height 2 from b1 reaches d1
    assert result(_from({'a1': '0', 'b1': '12', 'c1': '0', 'h1': '1', 'i1': '0'},
                        BLACK, 60)) is None     # h1-i1
    end = _from({'a1': '0', 'c5': '0', 'k3': '0', 'b1': '12', 'd5': '21', 'j3': '2'}, BLACK, 60)
    # b1 (height 2) reaches only the empty d1, b3, d3; j3 (height 1) reaches k3
    assert set(moves(end)) == {'j3-k3'} and result(end) is None
    drawn = _from({'a1': '0', 'c5': '0', 'k3': '0', 'b1': '12', 'd5': '21'}, BLACK, 60)
    # b1 '12' (height 2) reaches d1, b3, d3: all empty (left and downwards are off the board).
    # d5 '21' (height 2) reaches f5, d3, b3: all empty.  Neither player can move: 2 - 2.
    assert moves(drawn) == {} and result(drawn) == (None, 2, 2)
    black_win = _from({'a1': '0', 'c5': '0', 'k3': '0', 'b1': '12', 'd5': '212'}, WHITE, 61)
    assert moves(black_win) == {} and result(black_win) == (BLACK, 0, 5)
    return True


if __name__ == '__main__':
    import time
    _self_check()
    print('self-check passed')
    for depth in (1, 2, 3):
        t = time.time()
        n = perft(start(), depth)
        print('start perft', depth, n, '%.2fs' % (time.time() - t))
