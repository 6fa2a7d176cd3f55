"""Independent, deliberately simple reference implementation of the rules of Lasca.

Lasca (Emanuel Lasker, 1911).  Used only by tests, to cross-check the real engine.
Written from the rule texts only: rules/NEW-GAMES.md section 2 (Lasca) and rules/NOTES.md
section 0 (common conventions).  Clarity matters more than speed: every move builds a
fresh Position, legal moves are produced as move texts, nothing is cached except the
(tiny) board geometry.  Pure Python 3.11 standard library.

Public API
----------
Position(board, to_move)     immutable, hashable by content
    board    tuple of 25 columns, one per used square in SQUARES order (a1, c1, e1, g1,
             b2, d2, f2, a3, ... g7); a column is a tuple of pieces, bottom first, and an
             empty square is the empty tuple.  A piece is one of '1', '1O', '2', '2O'
             (owner digit, 'O' when that piece is an officer).
    to_move  1 (White) or 2 (Black)
start()                  -> Position            the start position, White to move
parse(text)              -> Position            read a position text; ValueError on bad text
text(pos)                -> str                 the canonical position text
moves(pos)               -> dict[str, Position] legal move text -> position after it;
                                                empty when the game is over
play(pos, move_text)     -> Position            apply a move; ValueError if not legal
result(pos)              -> int | None          None while the game goes on, else the winner
perft(pos, depth)        -> int                 leaf count; depth 0 is 1; a finished position
                                                counts 0 at depth >= 1
Helpers: SQUARES, column_at(pos, square), commander(column), is_officer(column).

Board
-----
7x7, files a..g from the left, ranks 1..7 from the bottom (as seen by White).  Only the 25
squares whose file and rank have the same parity are used.  White (player 1) starts with
11 soldiers on the used squares of ranks 1-3, Black (player 2) with 11 on ranks 5-7; rank
4 is empty; White moves first.  White's forward is towards rank 7, Black's towards rank 1.

Position text
-------------
Ranks 7 down to 1 separated by '/'; each rank lists only its used squares from left to
right (4 cells on odd ranks: a, c, e, g; 3 on even ranks: b, d, f), cells separated by
','.  An empty cell is 'x'; a run of n >= 2 consecutive empty cells within one rank is
'xn'.  A column is its pieces bottom first, each piece its owner's digit followed by 'O'
if it is an officer ('12O1': white soldier at the bottom, black officer, white soldier
on top).  Then one space and the player to move.  Start:
    2,2,2,2/2,2,2/2,2,2,2/x3/1,1,1,1/1,1,1/1,1,1,1 1
The writer merges every maximal run of empty cells of a rank into one 'xn' (n >= 2) or
'x' (n = 1).  The parser accepts any splitting of empty runs ('x,x', 'x2,x', 'x1' for one
empty cell) as long as every run stays inside its rank; it is strict otherwise: lower-case
'x', upper-case 'O', digits 1/2 only, exactly one space before the player, no
surrounding blanks other than a trailing newline/blank which is stripped.  It does not
check piece counts (any number of pieces of either side is accepted).

Move text
---------
A step: 'c3-d4'.  A capture chain: the start square, then each landing square in order,
each preceded by 'x': 'c3xe5xc7'.  Canonical texts are lower case.  play() also accepts
upper case (squares and 'X'), the dashes U+2013 and U+2212 for '-', and surrounding blanks.

Rules as implemented (NEW-GAMES.md 2)
-------------------------------------
* A column belongs to the owner of its top piece (its commander) and moves as a whole.  It
  is a soldier or an officer after its commander; every piece keeps its own rank.
* Step: a soldier column one square diagonally forward, an officer column one square
  diagonally in any direction, to an empty square.
* Capture (compulsory: if any capture exists for the player to move, only captures are
  legal): jump diagonally over an adjacent column commanded by the opponent (forward only
  for a soldier, any direction for an officer) to the empty square right behind it.  The
  capturer takes only the top piece of the jumped column and puts it at the bottom of its
  own column; the rest of the jumped column stays and is now commanded by its new top.
* After a jump the same column must keep jumping while it can; every complete chain is a
  separate move (no majority rule).  A chain is complete when no further jump is possible,
  or when it ends by promotion.
* A soldier commander that reaches the far rank (White: rank 7, Black: rank 1) becomes an
  officer (its top piece turns over); this ends the move, also in the middle of a chain.
* A captured officer keeps its rank; when it becomes a commander again, the column is an
  officer.
* The player to move with no legal move loses (result() is then the other player).

Readings chosen where the text leaves a point open (each named)
---------------------------------------------------------------
R1 no-double-jump (the rules' own choice): a column may not be jumped twice in one chain.
   The jumped column never moves during the chain, so this is tracked as "a square once
   jumped over may not be jumped over again in the same chain".
R2 immediate-capture: each jump takes effect at once (the top piece goes under the capturer
   and the jumped column is reduced before the next jump is looked for).  Consequences: the
   jumped column's new commander decides nothing more in this chain (R1 forbids jumping it
   again), and a square whose whole column was taken (a single piece) is empty from then on
   and may be landed on later in the same chain.
R3 start-square-empty (stated in the rules): the moving column has left its start square,
   which is empty during the chain and may be landed on again.
R4 chain-direction: during a chain the capturer's commander never changes (captured pieces
   go to the bottom), so a soldier column keeps jumping forward only and an officer column
   in all four directions, except that promotion ends the chain at once (the new officer
   does not continue).
R5 promotion-only-by-arrival: only the moving column can be promoted, and only when it
   ends a step or a jump on the far rank with a soldier commander.  A soldier that becomes
   a commander on its far rank because the piece above it was captured is NOT promoted
   (it did not "reach" the rank); it stays a soldier (and can then never move).  In play
   this cannot happen (a column on the edge of the board has no square behind it and is
   never jumped), so it only matters for parsed positions, which may hold a soldier
   commander on its own far rank: it is kept as a soldier, never promoted later.  An
   officer arriving on the far rank changes nothing and an officer column's chain goes on.
R6 no-draw: the rules give no draw or repetition rule, so none is implemented; the game
   only ends when the player to move has no legal move.  The position holds no move
   counter or history: board and player to move are the whole state.
R7 move-names: a chain is named by its start and landing squares only; this is unambiguous
   because the jumped square of a jump is the midpoint of its start and landing square.
"""

from dataclasses import dataclass

WHITE = 1
BLACK = 2
FILES = 'abcdefg'
SIZE = 7

# Used squares, in index order: rank 1 first, within a rank from the left.
SQUARES = tuple(FILES[f] + str(r + 1)
                for r in range(SIZE) for f in range(SIZE) if f % 2 == r % 2)
INDEX = {sq: i for i, sq in enumerate(SQUARES)}
DIAGONALS = ((1, 1), (-1, 1), (1, -1), (-1, -1))   # (file step, rank step)


def _coords(sq):
    return FILES.index(sq[0]), int(sq[1:]) - 1


def _square(f, r):
    """Square name for file/rank indices, or None when off the board."""
    if 0 <= f < SIZE and 0 <= r < SIZE:
        return FILES[f] + str(r + 1)
    return None


def _forward(player):
    return 1 if player == WHITE else -1


def _far_rank(player):
    return SIZE - 1 if player == WHITE else 0


# ---------------------------------------------------------------------------
# Position
# ---------------------------------------------------------------------------

_PIECES = ('1', '1O', '2', '2O')


@dataclass(frozen=True)
class Position:
    board: tuple      # 25 columns (tuples of pieces, bottom first), SQUARES order
    to_move: int = WHITE

    def __post_init__(self):
        board = tuple(tuple(col) for col in self.board)
        if len(board) != len(SQUARES):
            raise ValueError('board must have %d columns' % len(SQUARES))
        for col in board:
            for piece in col:
                if piece not in _PIECES:
                    raise ValueError('bad piece %r' % (piece,))
        if self.to_move not in (WHITE, BLACK):
            raise ValueError('to_move must be 1 or 2')
        object.__setattr__(self, 'board', board)


def column_at(pos, sq):
    return pos.board[INDEX[sq]]


def owner(piece):
    return int(piece[0])


def commander(col):
    """Owner of the top piece of a non-empty column."""
    return owner(col[-1])


def is_officer(col):
    """A column is an officer when its top piece is an officer."""
    return col[-1].endswith('O')


def start():
    board = []
    for sq in SQUARES:
        rank = int(sq[1:])
        if rank <= 3:
            board.append(('1',))
        elif rank >= 5:
            board.append(('2',))
        else:
            board.append(())
    return Position(tuple(board), WHITE)


def other(player):
    return BLACK if player == WHITE else WHITE


# ---------------------------------------------------------------------------
# Position text
# ---------------------------------------------------------------------------

def _rank_squares(rank):
    """Used squares of a rank (1..7) from the left."""
    return [sq for sq in SQUARES if int(sq[1:]) == rank]


def _column_text(col):
    return ''.join(col)


def _parse_column(cell):
    pieces = []
    i = 0
    while i < len(cell):
        ch = cell[i]
        if ch not in '12':
            raise ValueError('bad column %r' % (cell,))
        if i + 1 < len(cell) and cell[i + 1] == 'O':
            pieces.append(ch + 'O')
            i += 2
        else:
            pieces.append(ch)
            i += 1
    if not pieces:
        raise ValueError('empty column text')
    return tuple(pieces)


def text(pos):
    ranks = []
    for rank in range(SIZE, 0, -1):
        cells = []
        run = 0
        for sq in _rank_squares(rank):
            col = column_at(pos, sq)
            if not col:
                run += 1
                continue
            if run:
                cells.append('x' if run == 1 else 'x%d' % run)
                run = 0
            cells.append(_column_text(col))
        if run:
            cells.append('x' if run == 1 else 'x%d' % run)
        ranks.append(','.join(cells))
    return '/'.join(ranks) + ' ' + str(pos.to_move)


def parse(txt):
    if not isinstance(txt, str):
        raise ValueError('position text must be a string')
    txt = txt.rstrip()
    parts = txt.split(' ')
    if len(parts) != 2:
        raise ValueError('expected "<board> <player>"')
    board_txt, player_txt = parts
    if player_txt not in ('1', '2'):
        raise ValueError('player to move must be 1 or 2')
    rank_txts = board_txt.split('/')
    if len(rank_txts) != SIZE:
        raise ValueError('expected %d ranks' % SIZE)
    board = {}
    for rank, rank_txt in zip(range(SIZE, 0, -1), rank_txts):
        squares = _rank_squares(rank)
        cols = []
        for cell in rank_txt.split(','):
            if cell.startswith('x'):
                n_txt = cell[1:]
                if n_txt == '':
                    n = 1
                elif n_txt.isdigit() and n_txt[0] != '0':
                    n = int(n_txt)
                else:
                    raise ValueError('bad empty run %r' % (cell,))
                cols.extend([()] * n)
            else:
                cols.append(_parse_column(cell))
        if len(cols) != len(squares):
            raise ValueError('rank %d has %d cells, expected %d'
                             % (rank, len(cols), len(squares)))
        for sq, col in zip(squares, cols):
            board[sq] = col
    return Position(tuple(board[sq] for sq in SQUARES), int(player_txt))


# ---------------------------------------------------------------------------
# Move generation
# ---------------------------------------------------------------------------

def _directions(col):
    """Diagonal directions a column may move or jump in."""
    if is_officer(col):
        return DIAGONALS
    fwd = _forward(commander(col))
    return tuple(d for d in DIAGONALS if d[1] == fwd)


def _promote_if_arrived(col, sq):
    """Return (column, promoted?) after the column arrived on sq (reading R5)."""
    player = commander(col)
    if not is_officer(col) and _coords(sq)[1] == _far_rank(player):
        return col[:-1] + (str(player) + 'O',), True
    return col, False


def _chains(board, sq, col, jumped, path, out):
    """Extend a capture chain.  board: dict square -> column WITHOUT the moving column
    (its start square is empty, R3); sq: where the moving column now stands; col: the
    moving column; jumped: squares already jumped over (R1); path: squares so far.
    Appends (move text, final board dict) for every complete chain."""
    player = commander(col)
    f, r = _coords(sq)
    extended = False
    for df, dr in _directions(col):
        over = _square(f + df, r + dr)
        land = _square(f + 2 * df, r + 2 * dr)
        if over is None or land is None or over not in INDEX or land not in INDEX:
            continue
        victim = board[over]
        if not victim or commander(victim) == player or over in jumped:
            continue
        if board[land]:
            continue
        # the jump: top of the victim goes to the bottom of the capturer (R2: at once)
        new_board = dict(board)
        new_board[over] = victim[:-1]
        new_col = (victim[-1],) + col
        new_col, promoted = _promote_if_arrived(new_col, land)
        new_path = path + [land]
        extended = True
        if promoted:                              # promotion ends the chain
            final = dict(new_board)
            final[land] = new_col
            out.append(('x'.join(new_path), final))
        else:
            _chains(new_board, land, new_col, jumped | {over}, new_path, out)
    if not extended and len(path) > 1:
        final = dict(board)
        final[sq] = col
        out.append(('x'.join(path), final))


def _captures(pos):
    board = dict(zip(SQUARES, pos.board))
    out = []
    for sq in SQUARES:
        col = board[sq]
        if col and commander(col) == pos.to_move:
            without = dict(board)
            without[sq] = ()
            _chains(without, sq, col, frozenset(), [sq], out)
    return out


def _steps(pos):
    board = dict(zip(SQUARES, pos.board))
    out = []
    for sq in SQUARES:
        col = board[sq]
        if not col or commander(col) != pos.to_move:
            continue
        f, r = _coords(sq)
        for df, dr in _directions(col):
            to = _square(f + df, r + dr)
            if to is None or to not in INDEX or board[to]:
                continue
            new_board = dict(board)
            new_board[sq] = ()
            new_board[to], _ = _promote_if_arrived(col, to)
            out.append((sq + '-' + to, new_board))
    return out


def moves(pos):
    found = _captures(pos) or _steps(pos)          # capturing is compulsory
    result_moves = {}
    for mtext, board in found:
        after = Position(tuple(board[sq] for sq in SQUARES), other(pos.to_move))
        assert mtext not in result_moves or result_moves[mtext] == after, mtext
        result_moves[mtext] = after
    return result_moves


def result(pos):
    if moves(pos):
        return None
    return other(pos.to_move)


def normalize(move_text):
    m = move_text.strip().lower().replace('\u2013', '-').replace('\u2212', '-')
    return m


def play(pos, move_text):
    if not isinstance(move_text, str):
        raise ValueError('move must be a string')
    legal = moves(pos)
    m = normalize(move_text)
    if m not in legal:
        raise ValueError('illegal move %r' % (move_text,))
    return legal[m]


def perft(pos, depth):
    if depth == 0:
        return 1
    legal = moves(pos)
    if depth == 1:
        return len(legal)
    return sum(perft(after, depth - 1) for after in legal.values())


# ---------------------------------------------------------------------------
# Self-check: hand-worked facts
# ---------------------------------------------------------------------------

def _pos(cells, to_move=WHITE):
    """Build a position from {square: column text}."""
    board = tuple(_parse_column(cells[sq]) if sq in cells else () for sq in SQUARES)
    return Position(board, to_move)


def _col(pos, sq):
    return _column_text(column_at(pos, sq))


MIDGAME = (
    ('x,2,2,x/22,x,2/x,12,2,21/x,1,x/x,21,x2/1,1,x/x,112O,112O,1 2', [3, 7, 32]),
    ('2,x,2,2/2,2,21/2,21,x2/x2,2/1,1,x,12/1,11112O,x/1,x3 2', [5, 7, 16]),
    ('2,x3/2,x2/2,x2,2221O/x,2,x/1,122,x,112/x,1,1/1,1,x,112O 2', [3, 10, 24]),
)


def _self_check():
    # geometry
    assert len(SQUARES) == 25
    assert SQUARES[:7] == ('a1', 'c1', 'e1', 'g1', 'b2', 'd2', 'f2')

    # start position and its text
    s = start()
    start_text = '2,2,2,2/2,2,2/2,2,2,2/x3/1,1,1,1/1,1,1/1,1,1,1 1'
    assert text(s) == start_text
    assert parse(start_text) == s and hash(parse(start_text)) == hash(s)
    assert sum(len(c) for c in s.board) == 22
    assert result(s) is None

    # start moves: the four rank-3 soldiers step onto b4, d4, f4
    assert set(moves(s)) == {'a3-b4', 'c3-b4', 'c3-d4', 'e3-d4', 'e3-f4', 'g3-f4'}
    after = play(s, 'C3-D4')
    assert text(after) == '2,2,2,2/2,2,2/2,2,2,2/x,1,x/1,x,1,1/1,1,1/1,1,1,1 2'
    assert play(s, 'c3\u2013d4') == after and play(s, ' c3\u2212d4 ') == after
    assert set(moves(after)) == {'e5xc3'}      # compulsory: the steps a5-b4, ... are out
    assert _col(play(after, 'e5xc3'), 'c3') == '12'

    # texts: any splitting of empty runs is accepted, the writer merges
    p = parse('x,x,x,x/x2,x/x4/x3/x1,x3/x3/2,x,x2 2')
    assert text(p) == 'x4/x3/x4/x3/x4/x3/2,x3 2'
    assert parse('12O1,x3/x3/x4/x3/x4/x3/x4 1').board[INDEX['a7']] == ('1', '2O', '1')
    for bad in ['', start_text[:-2], start_text + ' 1', start_text.replace(' 1', ' 3'),
                'x4/x3/x4/x3/x4/x3/x5 1', 'x4/x3/x4/x3/x4/x3/x3 1',
                'x4/x3/x4/x3/x4/x3 1', 'x4/x3/x4/x3/x4/x3/x4/x3 1',
                'x4/x3/x4/x3/x4/x3/3,x3 1', 'x4/x3/x4/x3/x4/x3/O1,x3 1',
                'x4/x3/x4/x3/x4/x3/x0,x4 1', 'x4/x3/x4/x3/x4/x3/,x3 1',
                'x4/x3/x4/x3/x4/x3/1o,x3 1', 'x4/x3/x4/x3/x4/x3/x2,x3 1']:
        try:
            parse(bad)
        except ValueError:
            pass
        else:
            raise AssertionError('accepted bad text %r' % bad)
    try:
        play(s, 'c3-c4')
    except ValueError:
        pass
    else:
        raise AssertionError('illegal move accepted')

    # a capture takes only the top piece and puts it at the bottom of the capturer;
    # capturing is compulsory (a1-b2 and c3-b4 would be steps)
    p = _pos({'c3': '1', 'a1': '1', 'd4': '12'})
    assert set(moves(p)) == {'c3xe5'}
    q = play(p, 'c3xe5')
    assert _col(q, 'c3') == '' and _col(q, 'd4') == '1' and _col(q, 'e5') == '21'
    assert q.to_move == BLACK and result(q) == WHITE  # Black has no column left: loses
    assert text(q) == 'x4/x3/x2,21,x/x,1,x/x4/x3/1,x3 2'

    # a chain, and chains are chosen freely (no rule of the most captures)
    p = _pos({'a1': '1', 'b2': '2', 'd4': '2', 'e1': '1', 'f2': '2'})
    assert set(moves(p)) == {'a1xc3xe5', 'e1xg3'}
    q = play(p, 'a1xc3xe5')
    assert _col(q, 'e5') == '221' and _col(q, 'b2') == '' and _col(q, 'd4') == ''

    # a chain must go on while it can: 'a1xc3' alone is not a move
    try:
        play(p, 'a1xc3')
    except ValueError:
        pass
    else:
        raise AssertionError('incomplete chain accepted')

    # no column is jumped twice in one chain (R1): the officer at c3 takes the top of
    # the tall column d4 and may not jump it back to its (empty) start square c3
    p = _pos({'c3': '1O', 'd4': '22'})
    assert set(moves(p)) == {'c3xe5'}
    q = play(p, 'c3xe5')
    assert _col(q, 'd4') == '2' and _col(q, 'e5') == '21O'

    # landing again on the start square of a chain (R3): round trip of an officer
    p = _pos({'c3': '1O', 'd4': '2', 'f4': '2O', 'f2': '2', 'd2': '2'})
    assert set(moves(p)) == {'c3xe5xg3xe1xc3', 'c3xe1xg3xe5xc3'}
    q = play(p, 'c3xe5xg3xe1xc3')
    assert _col(q, 'c3') == '222O21O'
    assert all(_col(q, sq) == '' for sq in SQUARES if sq != 'c3')
    assert result(q) == WHITE

    # promotion ends the move, even in a chain: the soldier reaching e7 would, as an
    # officer, go on over f6; an officer column does go on
    p = _pos({'c5': '1', 'd6': '2', 'f6': '2', 'a1': '2'})
    assert set(moves(p)) == {'c5xe7'}
    q = play(p, 'c5xe7')
    assert _col(q, 'e7') == '21O' and _col(q, 'f6') == '2'
    p2 = _pos({'c5': '1O', 'd6': '2', 'f6': '2', 'a1': '2'})
    assert set(moves(p2)) == {'c5xe7xg5'}
    # promotion by a step; Black promotes on rank 1
    p = _pos({'b6': '21', 'c1': '2'}, WHITE)
    q = play(p, 'b6-a7')
    assert _col(q, 'a7') == '21O'
    assert 'c1-b2' not in moves(q) and moves(q) == {}    # black soldier on rank 1: stuck
    p = _pos({'b2': '2', 'g7': '1'}, BLACK)
    assert _col(play(p, 'b2-c1'), 'c1') == '2O'
    # a black officer jumps backwards (towards rank 7) as well, in a chain
    p = _pos({'e5': '2O', 'd6': '1', 'b6': '1'}, BLACK)
    assert set(moves(p)) == {'e5xc7xa5'}

    # a captured officer keeps its rank and commands again later
    p = _pos({'c3': '1', 'a1': '1', 'd4': '2O', 'f6': '2', 'g7': '2'})
    assert set(moves(p)) == {'c3xe5'}
    p = play(p, 'c3xe5')
    assert _col(p, 'e5') == '2O1'
    assert set(moves(p)) == {'f6xd4'}
    p = play(p, 'f6xd4')
    assert _col(p, 'e5') == '2O' and _col(p, 'd4') == '12'
    p = play(p, 'a1-b2')
    m = moves(p)
    assert {'e5-f6', 'e5-d6', 'e5-f4'} <= set(m)           # backwards: officer
    assert set(m) == {'e5-f6', 'e5-d6', 'e5-f4', 'd4-c3', 'd4-e3', 'g7-f6'}

    # a player without moves loses; a column of one's own blocks as well
    p = _pos({'a1': '1', 'b2': '2', 'c3': '2', 'g7': '2'})
    assert moves(p) == {} and result(p) == BLACK and perft(p, 1) == 0
    assert perft(p, 0) == 1
    p = _pos({'a1': '1', 'b2': '1', 'a3': '2', 'c3': '2', 'd4': '2'})
    assert moves(p) == {} and result(p) == BLACK
    # no jump off the board: b2 cannot take a1 (nothing behind it)
    p = _pos({'a1': '1', 'b2': '2', 'c3': '2'}, BLACK)
    assert set(moves(p)) == {'b2-c1', 'c3-d2'}
    p = _pos({'g7': '2'})                                # no column at all
    assert result(p) == BLACK

    # middle-game positions from random play (seeds 2, 3, 6 of random.Random choosing
    # among the sorted move texts; the first position from ply 12 on with a column of
    # height 2+, an officer commander and a capture for the side to move): perft 1, 2, 3
    for pos_text, counts in MIDGAME:
        mid = parse(pos_text)
        assert text(mid) == pos_text
        assert [perft(mid, d) for d in (1, 2, 3)] == counts, pos_text

    # every legal move's result round-trips through the text
    for pos in (s, after):
        for nxt in moves(pos).values():
            assert parse(text(nxt)) == nxt
    return True


if __name__ == '__main__':
    import time
    _self_check()
    print('self-check passed')
    for depth in range(1, 6):
        t = time.time()
        n = perft(start(), depth)
        print('perft', depth, n, '%.2fs' % (time.time() - t))
