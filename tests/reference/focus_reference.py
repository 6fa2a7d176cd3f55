"""Independent, deliberately simple reference implementation of the rules of Focus.

Focus (Sid Sackson, also sold as Domination), two players.  Used only by tests, to
cross-check the real engine.  Written from the rule texts only: rules/NEW-GAMES.md
section 1 (Focus) and rules/NOTES.md section 0 (common conventions).  Clarity matters
more than speed: every move builds a fresh Position and legal moves are produced as
move texts.

Public API
----------
Position                      frozen dataclass (immutable, hashable, comparable):
    board   tuple of 52 strings, one per existing square in SQUARES order; each string
            is the stack bottom piece first, '1' = white piece, '2' = black piece,
            '' = empty square
    side    player to move, 1 (White) or 2 (Black)
    res     (White's reserve, Black's reserve)
    cap     (black pieces White has captured, white pieces Black has captured)
start()            -> Position            start position, White (player 1) to move
parse(text)        -> Position            read a position text; ValueError on bad text
text(pos)          -> str                 canonical position text
moves(pos)         -> dict[str, Position] every legal move (canonical text) -> position after
play(pos, move)    -> Position            apply a move text; ValueError if not legal
result(pos)        -> int | None          None while the game goes on, else the winner 1 / 2
perft(pos, depth)  -> int                 leaf count (depth 0 = 1; finished position = 0
                                          at depth >= 1)
SQUARES                                   the 52 square names, rank 8 to 1, files a to h

Board
-----
The 8x8 board without the three squares at each corner: a1 b1 a2, g1 h1 h2, a7 a8 b8,
g8 h8 h7 do not exist.  Ranks 1 and 8 have c..f (4 squares), ranks 2 and 7 have b..g
(6 squares), ranks 3..6 have a..h (8 squares): 52 squares.

Start: the central 6x6 (files b..g, ranks 2..7) holds single pieces; ranks 2, 4, 6 read
W W B B W W from b to g, ranks 3, 5, 7 read B B W W B B.  Reserves and captures are 0.

Position text
-------------
Ranks 8 down to 1 separated by '/'; each rank lists its existing squares only, left to
right (4, 6, 8, 8, 8, 8, 6, 4 cells), separated by ','.  A stack is its digits bottom
piece first ('1' white, '2' black), e.g. '112' = two white pieces under a black one
(a black stack of height 3).  An empty cell is 'x'; the writer merges n >= 2
consecutive empty cells of a rank into 'xn' (never 'x,x'); runs never cross a '/'.
Then one space and the trailer 'side resW resB capW capB'.  The start is

    x4/2,2,1,1,2,2/x,1,1,2,2,1,1,x/x,2,2,1,1,2,2,x/x,1,1,2,2,1,1,x/x,2,2,1,1,2,2,x/1,1,2,2,1,1/x4 1 0 0 0 0

The parser accepts any splitting of empty runs ('x,x', 'x2', 'x1,x'), upper case 'X',
and any whitespace between the board and the trailer fields.  It rejects: wrong number
of ranks or cells, characters other than 1/2 in a stack, stacks higher than 5, 'x0',
a side other than 1/2, negative or non-integer counts, and more than 18 pieces of one
colour in total (on board + own reserve + captured by the opponent).

Move texts
----------
'd4-d6'    the whole stack on d4 moves (its height is the distance, here 2)
'2d4-d6'   the top 2 pieces of a taller stack move (the count is written exactly when
           it is smaller than the stack's height; the distance always equals the count)
'*e5'      a drop of one piece from the mover's reserve onto e5
Squares are written lower case.  play() also accepts upper-case files ('D4-D6') and
the dashes U+2013 and U+2212 for '-' (NOTES 0), plus surrounding blanks; nothing else:
'1d4-d5' for a whole one-piece stack, or 'd4-d5' for the top piece of a taller stack,
are refused as not canonical.

Readings chosen where the rules leave a point open (each named)
--------------------------------------------------------------
R1 missing-square-path:  a move whose path (any square passed over or landed on) is
   outside the 8x8 or one of the 12 missing squares is illegal (the rules' choice).  On
   this board every orthogonal line meets missing squares only at its ends, so this is
   the same as "the path leaves the board"; the self-check verifies this.
R2 order-kept:  the moved top k pieces keep their order and go on top of the target.
R3 trim-target-only:  only the landing stack can exceed 5 and is trimmed; removed
   pieces are counted by their colour for the player who made the move (or drop): his
   own colour -> his reserve, the other colour -> his captures.  The source stack keeps
   its remaining pieces (and belongs to whoever is now on top of it).
R4 drop-anywhere:  a drop needs a reserve of at least 1, puts one piece of the mover's
   own colour on any of the 52 squares (empty, own or enemy stack), and is then trimmed
   as R3 (a drop onto a 5-stack removes its bottom piece).
R5 end:  the game ends only when the player to move has no legal move; he loses and the
   other player wins.  There is no pass, no repetition rule and no move limit.  Because
   every square has an orthogonal neighbour, this happens exactly when the player to move
   owns no stack and has an empty reserve.
R6 distinct-moves:  moves are counted by their texts; two different moves are two moves
   even if they were to give the same position (perft counts texts).
R7 parse-lenient-counts:  parse() does not demand that the pieces add up to exactly 18
   per colour (hand-built test positions may leave pieces out), only that they do not
   exceed 18.  Any side may be to move in a parsed position, even one with no moves.
"""

from dataclasses import dataclass

FILES = 'abcdefgh'
MAX_HEIGHT = 5
PIECES_PER_PLAYER = 18
WHITE, BLACK = 1, 2
DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0))      # up, down, right, left

MISSING = frozenset(['a1', 'b1', 'a2', 'g1', 'h1', 'h2', 'a7', 'a8', 'b8', 'g8', 'h8', 'h7'])


# ---------------------------------------------------------------------------
# Board geometry
# ---------------------------------------------------------------------------

def _name(f, r):
    """Square name for 0-based file f and 0-based rank r (no existence check)."""
    return FILES[f] + str(r + 1)


def _exists(f, r):
    return 0 <= f < 8 and 0 <= r < 8 and _name(f, r) not in MISSING


# Squares in text order: rank 8 down to rank 1, within a rank from file a to file h.
RANKS = []                # RANKS[i] = list of square names of rank 8 - i
for _r in range(7, -1, -1):
    RANKS.append([_name(_f, _r) for _f in range(8) if _exists(_f, _r)])
SQUARES = tuple(sq for rank in RANKS for sq in rank)
INDEX = {sq: i for i, sq in enumerate(SQUARES)}
RANK_LENGTHS = [len(rank) for rank in RANKS]


def _coords(sq):
    return FILES.index(sq[0]), int(sq[1:]) - 1


def _path(sq, direction, distance):
    """Squares passed over and landed on, moving `distance` steps from sq; None if any
    of them does not exist (reading R1)."""
    f, r = _coords(sq)
    df, dr = direction
    out = []
    for step in range(1, distance + 1):
        nf, nr = f + df * step, r + dr * step
        if not _exists(nf, nr):
            return None
        out.append(_name(nf, nr))
    return out


# ---------------------------------------------------------------------------
# Position
# ---------------------------------------------------------------------------

@dataclass(frozen=True, order=True)
class Position:
    board: tuple          # 52 strings, SQUARES order, bottom piece first
    side: int             # 1 or 2
    res: tuple            # (reserve of White, reserve of Black)
    cap: tuple            # (black pieces captured by White, white pieces captured by Black)

    def stack(self, sq):
        return self.board[INDEX[sq]]


def other(player):
    return BLACK if player == WHITE else WHITE


def owner(stack):
    """The player whose piece is on top, or None for an empty square."""
    return int(stack[-1]) if stack else None


def start():
    rows = {
        'A': '112211',    # ranks 2, 4, 6, files b..g
        'B': '221122',    # ranks 3, 5, 7
    }
    cells = {}
    for r in range(2, 8):
        pattern = rows['A'] if r % 2 == 0 else rows['B']
        for i, f in enumerate('bcdefg'):
            cells[f + str(r)] = pattern[i]
    board = tuple(cells.get(sq, '') for sq in SQUARES)
    return Position(board, WHITE, (0, 0), (0, 0))


# ---------------------------------------------------------------------------
# Position text
# ---------------------------------------------------------------------------

def text(pos):
    ranks = []
    for rank in RANKS:
        cells = []
        empty = 0
        for sq in rank:
            st = pos.stack(sq)
            if st == '':
                empty += 1
                continue
            if empty:
                cells.append('x' if empty == 1 else 'x%d' % empty)
                empty = 0
            cells.append(st)
        if empty:
            cells.append('x' if empty == 1 else 'x%d' % empty)
        ranks.append(','.join(cells))
    trailer = '%d %d %d %d %d' % (pos.side, pos.res[0], pos.res[1], pos.cap[0], pos.cap[1])
    return '/'.join(ranks) + ' ' + trailer


def _count(token, what):
    if not token.isdigit() or not token.isascii():
        raise ValueError('bad %s %r' % (what, token))
    return int(token)


def parse(s):
    if not isinstance(s, str):
        raise ValueError('position text must be a string')
    fields = s.split()
    if len(fields) != 6:
        raise ValueError('position text needs a board and 5 trailer fields: %r' % (s,))
    board_text, side_t, rw_t, rb_t, cw_t, cb_t = fields
    rank_texts = board_text.split('/')
    if len(rank_texts) != 8:
        raise ValueError('need 8 ranks, got %d' % len(rank_texts))
    board = []
    for i, rt in enumerate(rank_texts):
        cells = []
        for cell in rt.split(','):
            c = cell.lower()
            if c.startswith('x'):
                n = 1 if c == 'x' else _count(c[1:], 'empty run')
                if n < 1:
                    raise ValueError('bad empty run %r' % (cell,))
                cells.extend([''] * n)
            else:
                if not c or any(ch not in '12' for ch in c):
                    raise ValueError('bad cell %r' % (cell,))
                if len(c) > MAX_HEIGHT:
                    raise ValueError('stack %r higher than %d' % (cell, MAX_HEIGHT))
                cells.append(c)
        if len(cells) != RANK_LENGTHS[i]:
            raise ValueError('rank %d needs %d cells, got %d'
                             % (8 - i, RANK_LENGTHS[i], len(cells)))
        board.extend(cells)
    side = _count(side_t, 'side')
    if side not in (WHITE, BLACK):
        raise ValueError('side must be 1 or 2')
    res = (_count(rw_t, 'reserve'), _count(rb_t, 'reserve'))
    cap = (_count(cw_t, 'capture count'), _count(cb_t, 'capture count'))
    whites = sum(st.count('1') for st in board) + res[0] + cap[1]
    blacks = sum(st.count('2') for st in board) + res[1] + cap[0]
    if whites > PIECES_PER_PLAYER or blacks > PIECES_PER_PLAYER:
        raise ValueError('more than %d pieces of one colour' % PIECES_PER_PLAYER)
    return Position(tuple(board), side, res, cap)


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------

def _land(pos, board, target, pieces):
    """Put `pieces` (bottom first) on top of target in the list `board`, trim to the
    height limit, and return the new (res, cap) tuples, booked for pos.side (R3/R4)."""
    mover = pos.side
    res = list(pos.res)
    cap = list(pos.cap)
    st = board[INDEX[target]] + pieces
    if len(st) > MAX_HEIGHT:
        removed, st = st[:len(st) - MAX_HEIGHT], st[len(st) - MAX_HEIGHT:]
        for piece in removed:
            if int(piece) == mover:
                res[mover - 1] += 1
            else:
                cap[mover - 1] += 1
    board[INDEX[target]] = st
    return tuple(res), tuple(cap)


def _after_step(pos, sq, k, target):
    """Position after moving the top k pieces of sq to target."""
    board = list(pos.board)
    st = board[INDEX[sq]]
    moving = st[len(st) - k:]
    board[INDEX[sq]] = st[:len(st) - k]
    res, cap = _land(pos, board, target, moving)
    return Position(tuple(board), other(pos.side), res, cap)


def _after_drop(pos, target):
    board = list(pos.board)
    res = list(pos.res)
    res[pos.side - 1] -= 1
    pos_taken = Position(pos.board, pos.side, tuple(res), pos.cap)
    res2, cap2 = _land(pos_taken, board, target, str(pos.side))
    return Position(tuple(board), other(pos.side), res2, cap2)


def _step_text(sq, k, height, target):
    prefix = '' if k == height else str(k)
    return '%s%s-%s' % (prefix, sq, target)


def moves(pos):
    out = {}
    for sq in SQUARES:
        st = pos.stack(sq)
        if owner(st) != pos.side:
            continue
        h = len(st)
        for k in range(1, h + 1):
            for d in DIRECTIONS:
                path = _path(sq, d, k)
                if path is None:
                    continue
                target = path[-1]
                out[_step_text(sq, k, h, target)] = _after_step(pos, sq, k, target)
    if pos.res[pos.side - 1] > 0:
        for sq in SQUARES:
            out['*' + sq] = _after_drop(pos, sq)
    return out


def _normalize(move):
    if not isinstance(move, str):
        raise ValueError('move must be a string')
    return move.strip().lower().replace('\u2013', '-').replace('\u2212', '-')


def play(pos, move):
    m = moves(pos)
    key = _normalize(move)
    if key not in m:
        raise ValueError('illegal move %r' % (move,))
    return m[key]


def result(pos):
    if moves(pos):
        return None
    return other(pos.side)


def perft(pos, depth):
    if depth == 0:
        return 1
    m = moves(pos)
    if depth == 1:
        return len(m)
    return sum(perft(child, depth - 1) for child in m.values())


# ---------------------------------------------------------------------------
# Self-check: hand-worked facts
# ---------------------------------------------------------------------------

def _pos(cells, side=1, res=(0, 0), cap=(0, 0)):
    """Build a position from a dict square -> stack string."""
    board = tuple(cells.get(sq, '') for sq in SQUARES)
    return Position(board, side, res, cap)


def _self_check():
    # geometry
    assert len(SQUARES) == 52 and RANK_LENGTHS == [4, 6, 8, 8, 8, 8, 6, 4]
    assert not any(sq in MISSING for sq in SQUARES)
    # R1 has no effect of its own: every orthogonal line, once it has met a missing
    # square or the edge, never comes back onto the board.
    for f in range(8):
        for r in range(8):
            for df, dr in DIRECTIONS:
                left = False
                for step in range(1, 8):
                    e = _exists(f + df * step, r + dr * step)
                    if not e:
                        left = True
                    elif left and _exists(f, r):
                        raise AssertionError('line re-enters the board')

    # start text and round trip
    s = start()
    st_text = ('x4/2,2,1,1,2,2/x,1,1,2,2,1,1,x/x,2,2,1,1,2,2,x/x,1,1,2,2,1,1,x/'
               'x,2,2,1,1,2,2,x/1,1,2,2,1,1/x4 1 0 0 0 0')
    assert text(s) == st_text, text(s)
    assert parse(st_text) == s
    assert parse(st_text.replace('x4', 'x,x,x,x')) == s
    assert parse(st_text.replace('x4', 'x2,x,x')) == s
    assert sum(st.count('1') for st in s.board) == 18
    assert sum(st.count('2') for st in s.board) == 18
    # 18 singles x 4 directions, minus 2 for each of b2 and g2 (b1/a2, g1/h2 missing)
    m = moves(s)
    assert len(m) == 68, len(m)
    assert 'b2-b1' not in m and 'b2-a2' not in m and 'b2-b3' in m and 'c2-c1' in m
    assert result(s) is None
    for bad in ('x4/2,2,1,1,2,2 1 0 0 0 0', st_text.replace(' 1 0 0', ' 3 0 0'),
                st_text.replace('x4/2,2', 'x4/3,2'), st_text.replace('x4 1', 'x3 1'),
                st_text.replace('x4/2,2', 'x4/111111,2'), st_text.replace(' 0 0 0 0', ' 0 0 0'),
                st_text.replace('x4/2,2', 'x0,x4/2,2'), st_text.replace(' 1 0 0 0 0', ' 1 1 0 0 0')):
        try:
            parse(bad)
        except ValueError:
            pass
        else:
            raise AssertionError('accepted bad text %r' % bad)

    # play and texts, upper case accepted
    p = play(s, 'C2-C1')
    assert p == play(s, 'c2-c1') and p.side == 2
    assert p.stack('c1') == '1' and p.stack('c2') == ''
    p = play(s, 'd3-d2')                    # white single onto a black single
    assert p.stack('d2') == '21'
    for bad in ('1c2-c3', 'c2-c4', 'd2-d3', '*d4', 'c2c3', ''):
        try:
            play(s, bad)
        except ValueError:
            pass
        else:
            raise AssertionError('accepted illegal move %r' % bad)

    # partial moves: count prefix only when not the whole stack; distance = count
    p = _pos({'d4': '21211', 'f8': '2'})     # white 5-stack on d4
    m = moves(p)
    assert 'd4-d5' not in m and '1d4-d5' in m and '2d4-d6' in m and '4d4-d8' in m
    assert '3d4-g4' in m and '4d4-h4' in m and '4d4-a4' not in m
    assert not any(k.startswith('d4') for k in m)   # the whole 5-stack leaves the board
    q = m['2d4-d6']
    assert q.stack('d4') == '212' and q.stack('d6') == '11' and q.side == 2

    # trimming with reserve and capture bookkeeping:
    # White moves the top 3 of e3 ('1121' bottom first... top three '121') onto a
    # 4-stack at e6 '2212'; result '2212'+'121' = 7 pieces, bottom 2 ('2','2') removed
    # -> both black -> White captures 2.
    p = _pos({'e3': '2121', 'e6': '2212'}, side=1, res=(0, 0), cap=(0, 0))
    q = play(p, '3e3-e6')
    assert q.stack('e3') == '2' and q.stack('e6') == '12121', q.stack('e6')
    assert q.cap == (2, 0) and q.res == (0, 0)
    # same, but the bottom of the target is white: one to the reserve, one captured
    p = _pos({'e3': '2121', 'e6': '1212'}, side=1, res=(0, 0), cap=(0, 0))
    q = play(p, '3e3-e6')
    assert q.stack('e6') == '12121' and q.res == (1, 0) and q.cap == (1, 0)
    assert text(q) == 'x4/x6/x4,12121,x3/x8/x8/x4,2,x3/x6/x4 2 1 0 1 0', text(q)
    assert parse(text(q)) == q
    # Black does it: a removed black piece is Black's reserve, white ones his captures
    p = _pos({'c5': '22', 'c3': '11112'}, side=2)
    q = play(p, 'c5-c3')
    assert q.stack('c3') == '11222' and q.cap == (0, 2) and q.res == (0, 0)
    p = _pos({'c5': '22', 'c3': '22112'}, side=2, res=(0, 3))
    q = play(p, 'c5-c3')
    assert q.stack('c3') == '11222' and q.res == (0, 5) and q.cap == (0, 0)

    # drop onto a 5-stack: the bottom piece goes
    p = _pos({'e5': '21112', 'a3': '1'}, side=1, res=(2, 0), cap=(0, 0))
    m = moves(p)
    assert sum(1 for k in m if k.startswith('*')) == 52
    q = play(p, '*E5')
    assert q.stack('e5') == '11121' and q.res == (1, 0) and q.cap == (1, 0)
    q = play(p, '*e4')
    assert q.stack('e4') == '1' and q.res == (1, 0)
    p = _pos({'e5': '12122'}, side=1, res=(1, 0))
    q = play(p, '*e5')
    assert q.stack('e5') == '21221' and q.res == (1, 0) and q.cap == (0, 0)
    assert text(q) == 'x4/x6/x8/x4,21221,x3/x8/x8/x6/x4 2 1 0 0 0'
    # no reserve, no drop
    assert not any(k.startswith('*') for k in moves(_pos({'e5': '1'})))

    # paths crossing a missing square are refused
    p = _pos({'b3': '111', 'c2': '11', 'a3': '1', 'b2': '1'}, side=1)
    m = moves(p)
    assert 'b3-b6' in m and '1b3-a3' in m and '2b3-b5' in m
    assert '2b3-b1' not in m and '1b3-b2' in m          # b1 missing
    assert 'c2-a2' not in m and 'c2-c4' in m and 'c2-e2' in m   # a2 missing
    assert '1c2-c1' in m and '1c2-b2' in m
    assert 'a3-a2' not in m and 'a3-a4' in m and 'b2-b1' not in m and 'b2-a2' not in m
    assert len([k for k in m if k.startswith('a3') or k.startswith('b2')]) == 4
    assert 'f8-h8' not in moves(_pos({'f8': '11'}))
    assert 'f8-f6' in moves(_pos({'f8': '11'}))

    # a player without moves loses
    p = _pos({'d4': '12', 'e5': '2'}, side=1, res=(0, 0), cap=(0, 5))
    assert moves(p) == {} and result(p) == 2 and perft(p, 1) == 0 and perft(p, 0) == 1
    p = _pos({'d4': '12', 'e5': '2'}, side=1, res=(1, 0), cap=(0, 5))
    assert len(moves(p)) == 52 and result(p) is None
    # Black's last own-topped stack gets covered: after White's move Black has nothing
    p = _pos({'d4': '2', 'd5': '1'}, side=1, res=(0, 0), cap=(0, 0))
    q = play(p, 'd5-d4')
    assert q.stack('d4') == '21' and result(q) == 1 and moves(q) == {}
    return True


def _random_position(seed, min_plies=30):
    """Random play from the start (fixed seed) until the position is a 'middle game':
    at least min_plies played, some stack of height >= 3, a reserve for the player to
    move (so drops are among the moves) and at least one capture."""
    import random
    rng = random.Random(seed)
    pos = start()
    ply = 0
    while True:
        m = moves(pos)
        if not m:
            return pos, ply
        if (ply >= min_plies and max(len(st) for st in pos.board) >= 3
                and pos.res[pos.side - 1] > 0 and sum(pos.cap) > 0):
            return pos, ply
        pos = m[rng.choice(sorted(m))]
        ply += 1


if __name__ == '__main__':
    import sys
    import time
    _self_check()
    print('self-check ok')
    for depth in (1, 2, 3):
        t = time.time()
        n = perft(start(), depth)
        print('perft(start, %d) = %d  %.2fs' % (depth, n, time.time() - t))
    if '--random' in sys.argv:
        for seed in (1, 2, 3):
            pos, ply = _random_position(seed)
            print('seed %d after %d plies: %s' % (seed, ply, text(pos)))
            for depth in (1, 2, 3):
                t = time.time()
                n = perft(pos, depth)
                print('  perft %d = %d  %.2fs' % (depth, n, time.time() - t))
