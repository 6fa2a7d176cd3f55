"""Independent, deliberately simple reference implementation of the rules of Tak.

Used only by tests, to cross-check the real engine.  Written from the rule texts
(rules/NOTES.md sections 0 and 2, the German rule text of seed 002) and the public
PTN / TPS formats.  Clarity matters more than speed here: positions are copied on
every move and legal moves are produced as PTN strings.

Public functions
----------------
start(size, komi=0)          -> Position   empty board, player 1 to move, move 1
parse_tps(text, komi=0)      -> Position   read a TPS string
to_tps(pos)                  -> str        canonical TPS string
legal_moves(pos)             -> set[str]   canonical PTN of every legal move
play(pos, ptn)               -> Position   apply a move (any PTN spelling), ValueError if bad
result(pos)                  -> str | None 'R-0', '0-R', 'F-0', '0-F', '1/2-1/2' or None
perft(pos, depth)            -> int        leaf count of the move tree
reserves(pos, player)        -> (stones, capstones) still in hand
flat_count(pos, player)      -> int        flats on top of stacks

Conventions
-----------
Squares are (file, rank), both 0-based: file 0 is 'a', rank 0 is '1' (bottom row).
A stack is a tuple of pieces from bottom to top; a piece is a tuple (owner, kind) with
owner 1 or 2 and kind 'F' (flat), 'S' (wall / standing stone) or 'C' (capstone).
"""

import re

# Pieces per player for each board size: (stones, capstones).
PIECES = {3: (10, 0), 4: (15, 0), 5: (21, 1), 6: (30, 1), 7: (40, 2), 8: (50, 2)}

FILES = "abcdefgh"

# Direction symbol -> (file step, rank step).
DIRECTIONS = {"+": (0, 1), "-": (0, -1), ">": (1, 0), "<": (-1, 0)}


class Position:
    """A Tak position.

    size        board size n (3..8)
    board       dict mapping (file, rank) -> stack (tuple of (owner, kind), bottom first);
                every square of the board is a key, an empty square maps to ()
    to_move     1 or 2
    move_number full-move number as in TPS (starts at 1, grows after player 2 moves)
    komi        half flats added to player 2 in a flat count
    """

    def __init__(self, size, board, to_move, move_number, komi=0):
        self.size = size
        self.board = board
        self.to_move = to_move
        self.move_number = move_number
        self.komi = komi

    def copy(self):
        return Position(self.size, dict(self.board), self.to_move, self.move_number, self.komi)

    def __eq__(self, other):
        if not isinstance(other, Position):
            return NotImplemented
        return (self.size == other.size and self.board == other.board
                and self.to_move == other.to_move
                and self.move_number == other.move_number
                and self.komi == other.komi)

    def __hash__(self):
        return hash((to_tps(self), self.komi))

    def __repr__(self):
        return "Position(%r, komi=%r)" % (to_tps(self), self.komi)


# ---------------------------------------------------------------------------
# Small helpers


def square_name(square):
    file, rank = square
    return FILES[file] + str(rank + 1)


def all_squares(size):
    """Every square, ordered by rank then file (a1, b1, ..., a2, ...)."""
    result = []
    for rank in range(size):
        for file in range(size):
            result.append((file, rank))
    return result


def on_board(size, square):
    file, rank = square
    return 0 <= file < size and 0 <= rank < size


def top(pos, square):
    """Top piece of the stack on a square, or None when it is empty."""
    stack = pos.board[square]
    if stack:
        return stack[-1]
    return None


def reserves(pos, player):
    """(stones, capstones) that player still has in hand, derived from the board."""
    max_stones, max_caps = PIECES[pos.size]
    stones_used = 0
    caps_used = 0
    for stack in pos.board.values():
        for owner, kind in stack:
            if owner != player:
                continue
            if kind == "C":
                caps_used += 1
            else:
                stones_used += 1
    return max_stones - stones_used, max_caps - caps_used


def flat_count(pos, player):
    """Number of stacks topped by a flat of player (walls and capstones do not count)."""
    count = 0
    for square in all_squares(pos.size):
        piece = top(pos, square)
        if piece is not None and piece == (player, "F"):
            count += 1
    return count


def has_road(pos, player):
    """True if player has a road: a chain of orthogonally connected squares topped by
    own flats or capstones linking the bottom and top edges or the left and right edges."""
    n = pos.size

    def counts(square):
        piece = top(pos, square)
        return piece is not None and piece[0] == player and piece[1] in ("F", "C")

    def connected(starts, is_goal):
        seen = set()
        todo = [sq for sq in starts if counts(sq)]
        seen.update(todo)
        while todo:
            square = todo.pop()
            if is_goal(square):
                return True
            for df, dr in DIRECTIONS.values():
                nxt = (square[0] + df, square[1] + dr)
                if on_board(n, nxt) and nxt not in seen and counts(nxt):
                    seen.add(nxt)
                    todo.append(nxt)
        return False

    # Bottom edge (rank 1) to top edge (rank n).
    if connected([(f, 0) for f in range(n)], lambda sq: sq[1] == n - 1):
        return True
    # Left edge (file a) to right edge (last file).
    if connected([(0, r) for r in range(n)], lambda sq: sq[0] == n - 1):
        return True
    return False


# ---------------------------------------------------------------------------
# Creating positions and TPS


def start(size, komi=0):
    if size not in PIECES:
        raise ValueError("board size must be 3..8, not %r" % (size,))
    board = {}
    for square in all_squares(size):
        board[square] = ()
    return Position(size, board, 1, 1, komi)


def _parse_stack(text):
    """'121S' -> ((1,'F'), (2,'F'), (1,'S'))"""
    match = re.fullmatch(r"([12]+)([SC]?)", text)
    if not match:
        raise ValueError("bad TPS stack %r" % (text,))
    digits, last_kind = match.group(1), match.group(2)
    pieces = []
    for digit in digits:
        pieces.append((int(digit), "F"))
    if last_kind:
        owner = pieces[-1][0]
        pieces[-1] = (owner, last_kind)
    return tuple(pieces)


def parse_tps(text, komi=0):
    """Read a TPS string such as 'x5/x5/x5/x5/x5 1 1'."""
    if not isinstance(text, str):
        raise ValueError("TPS must be a string")
    parts = text.strip().split()
    if len(parts) != 3:
        raise ValueError("TPS needs board, side to move and move number: %r" % (text,))
    board_text, side_text, number_text = parts
    if side_text not in ("1", "2"):
        raise ValueError("side to move must be 1 or 2, not %r" % (side_text,))
    if not number_text.isdigit() or int(number_text) < 1:
        raise ValueError("move number must be a positive integer, not %r" % (number_text,))

    rows = board_text.split("/")
    size = len(rows)
    if size not in PIECES:
        raise ValueError("board size must be 3..8, got %d rows" % size)

    board = {}
    for row_index, row_text in enumerate(rows):
        rank = size - 1 - row_index  # first row is the top rank
        cells = []
        for cell in row_text.split(","):
            empty = re.fullmatch(r"x([1-8]?)", cell)
            if empty:
                run = int(empty.group(1)) if empty.group(1) else 1
                cells.extend([()] * run)
            else:
                cells.append(_parse_stack(cell))
        if len(cells) != size:
            raise ValueError("row %r has %d squares, expected %d" % (row_text, len(cells), size))
        for file, stack in enumerate(cells):
            board[(file, rank)] = stack

    pos = Position(size, board, int(side_text), int(number_text), komi)
    for player in (1, 2):
        stones, caps = reserves(pos, player)
        if stones < 0 or caps < 0:
            raise ValueError("player %d has too many pieces on the board" % player)
    return pos


def _stack_text(stack):
    text = "".join(str(owner) for owner, kind in stack)
    kind = stack[-1][1]
    if kind != "F":
        text += kind
    return text


def to_tps(pos):
    n = pos.size
    rows = []
    for rank in range(n - 1, -1, -1):
        cells = []
        empty_run = 0
        for file in range(n):
            stack = pos.board[(file, rank)]
            if not stack:
                empty_run += 1
                continue
            if empty_run:
                cells.append("x" if empty_run == 1 else "x%d" % empty_run)
                empty_run = 0
            cells.append(_stack_text(stack))
        if empty_run:
            cells.append("x" if empty_run == 1 else "x%d" % empty_run)
        rows.append(",".join(cells))
    return "%s %d %d" % ("/".join(rows), pos.to_move, pos.move_number)


# ---------------------------------------------------------------------------
# Game end


def result(pos):
    """Result of a finished position, or None while the game goes on.

    Roads first: if both players have one, the player who made the last move (the one
    not to move now) wins.  Then the flat ending: a player without pieces in hand, or
    no empty square left, ends the game on the flat count (komi in half flats to 2)."""
    road1 = has_road(pos, 1)
    road2 = has_road(pos, 2)
    if road1 and road2:
        mover = 3 - pos.to_move
        return "R-0" if mover == 1 else "0-R"
    if road1:
        return "R-0"
    if road2:
        return "0-R"

    out_of_pieces = False
    for player in (1, 2):
        stones, caps = reserves(pos, player)
        if stones == 0 and caps == 0:
            out_of_pieces = True
    board_full = all(pos.board[sq] for sq in all_squares(pos.size))
    if out_of_pieces or board_full:
        score1 = 2 * flat_count(pos, 1)
        score2 = 2 * flat_count(pos, 2) + pos.komi
        if score1 > score2:
            return "F-0"
        if score2 > score1:
            return "0-F"
        return "1/2-1/2"
    return None


# ---------------------------------------------------------------------------
# Move generation
#
# Internally a move is a dict:
#   {'type': 'place', 'square': sq, 'kind': 'F'|'S'|'C', 'owner': 1|2}
#   {'type': 'move', 'square': sq, 'dir': '+'|'-'|'>'|'<', 'drops': (d1, d2, ...),
#    'flatten': bool}


def _compositions(total):
    """All ways to write total as an ordered sum of positive integers."""
    if total == 0:
        return [()]
    result_list = []
    for first in range(1, total + 1):
        for rest in _compositions(total - first):
            result_list.append((first,) + rest)
    return result_list


def _check_spread(pos, square, direction, drops):
    """Check a stack move.  Returns (ok, flattens)."""
    n = pos.size
    stack = pos.board[square]
    count = sum(drops)
    if not stack or stack[-1][0] != pos.to_move:
        return False, False
    if count < 1 or count > n or count > len(stack):
        return False, False
    if any(d < 1 for d in drops):
        return False, False
    carried = stack[len(stack) - count:]
    moving_top = carried[-1]  # the piece that will be dropped last
    df, dr = DIRECTIONS[direction]
    current = square
    flattens = False
    for index, drop in enumerate(drops):
        current = (current[0] + df, current[1] + dr)
        if not on_board(n, current):
            return False, False
        target = top(pos, current)
        if target is None or target[1] == "F":
            continue
        if target[1] == "C":
            return False, False
        # target is a wall: only a lone capstone as the very last drop may go there
        is_last = index == len(drops) - 1
        if is_last and drop == 1 and moving_top[1] == "C":
            flattens = True
        else:
            return False, False
    return True, flattens


def _generate(pos):
    """All legal moves as internal dicts (empty list when the game is over)."""
    if result(pos) is not None:
        return []
    n = pos.size
    me = pos.to_move
    moves = []
    empties = [sq for sq in all_squares(n) if not pos.board[sq]]

    if pos.move_number == 1:
        # Opening: place one flat of the opponent's colour, nothing else.
        opponent = 3 - me
        stones, _ = reserves(pos, opponent)
        if stones > 0:
            for sq in empties:
                moves.append({"type": "place", "square": sq, "kind": "F", "owner": opponent})
        return moves

    stones, caps = reserves(pos, me)
    for sq in empties:
        if stones > 0:
            moves.append({"type": "place", "square": sq, "kind": "F", "owner": me})
            moves.append({"type": "place", "square": sq, "kind": "S", "owner": me})
        if caps > 0:
            moves.append({"type": "place", "square": sq, "kind": "C", "owner": me})

    for sq in all_squares(n):
        stack = pos.board[sq]
        if not stack or stack[-1][0] != me:
            continue
        for direction in DIRECTIONS:
            for count in range(1, min(len(stack), n) + 1):
                for drops in _compositions(count):
                    ok, flattens = _check_spread(pos, sq, direction, drops)
                    if ok:
                        moves.append({"type": "move", "square": sq, "dir": direction,
                                      "drops": drops, "flatten": flattens})
    return moves


def _ptn(move):
    """Canonical PTN text of an internal move."""
    if move["type"] == "place":
        prefix = "" if move["kind"] == "F" else move["kind"]
        return prefix + square_name(move["square"])
    drops = move["drops"]
    count = sum(drops)
    text = ""
    if count != 1:
        text += str(count)
    text += square_name(move["square"]) + move["dir"]
    if len(drops) > 1:
        text += "".join(str(d) for d in drops)
    if move["flatten"]:
        text += "*"
    return text


def legal_moves(pos):
    """Set of canonical PTN strings of all legal moves (empty when the game is over)."""
    return set(_ptn(move) for move in _generate(pos))


def _apply(pos, move):
    new = pos.copy()
    if move["type"] == "place":
        new.board[move["square"]] = ((move["owner"], move["kind"]),)
    else:
        square = move["square"]
        stack = new.board[square]
        count = sum(move["drops"])
        carried = list(stack[len(stack) - count:])
        new.board[square] = stack[:len(stack) - count]
        df, dr = DIRECTIONS[move["dir"]]
        current = square
        for drop in move["drops"]:
            current = (current[0] + df, current[1] + dr)
            target_stack = list(new.board[current])
            if target_stack and target_stack[-1][1] == "S":
                # only reached by a capstone flattening a wall
                owner = target_stack[-1][0]
                target_stack[-1] = (owner, "F")
            target_stack.extend(carried[:drop])
            carried = carried[drop:]
            new.board[current] = tuple(target_stack)
    if pos.to_move == 2:
        new.move_number += 1
    new.to_move = 3 - pos.to_move
    return new


# ---------------------------------------------------------------------------
# PTN parsing

_PLACE_RE = re.compile(r"([FSC]?)([a-hA-H])([1-8])")
_SPREAD_RE = re.compile(r"([1-8]?)([a-hA-H])([1-8])([-+<>])([1-8]*)([FSC]?)")

_DIRECTION_ALIASES = {
    "\u2013": "-",  # en dash
    "\u2212": "-",  # minus sign
    "\u2190": "<",  # left arrow
    "\u2192": ">",  # right arrow
    "\u2191": "+",  # up arrow
    "\u2193": "-",  # down arrow
}


def _parse_ptn(pos, text):
    """Turn a PTN move into an internal move dict for pos (checked for legality)."""
    if not isinstance(text, str):
        raise ValueError("a move must be a string")
    body = text.strip()
    for alias, symbol in _DIRECTION_ALIASES.items():
        body = body.replace(alias, symbol)
    # Trailing marks: tak / tinue ' " , judgement ! ? , and the flattening star *.
    star = False
    while body and body[-1] in "'\"!?*":
        if body[-1] == "*":
            star = True
        body = body[:-1]
    if not body:
        raise ValueError("empty move %r" % (text,))

    n = pos.size
    match = _PLACE_RE.fullmatch(body)
    if match:
        kind = match.group(1) or "F"
        square = (FILES.index(match.group(2).lower()), int(match.group(3)) - 1)
        if not on_board(n, square):
            raise ValueError("square off the board in %r" % (text,))
        if star:
            raise ValueError("a placement cannot flatten a wall: %r" % (text,))
        if pos.move_number == 1:
            owner = 3 - pos.to_move
        else:
            owner = pos.to_move
        move = {"type": "place", "square": square, "kind": kind, "owner": owner}
    else:
        match = _SPREAD_RE.fullmatch(body)
        if not match:
            raise ValueError("malformed PTN move %r" % (text,))
        count = int(match.group(1)) if match.group(1) else 1
        square = (FILES.index(match.group(2).lower()), int(match.group(3)) - 1)
        direction = match.group(4)
        if match.group(5):
            drops = tuple(int(c) for c in match.group(5))
        else:
            drops = (count,)
        if sum(drops) != count or any(d < 1 for d in drops):
            raise ValueError("drops do not add up to the count in %r" % (text,))
        if not on_board(n, square):
            raise ValueError("square off the board in %r" % (text,))
        ok, flattens = _check_spread(pos, square, direction, drops)
        move = {"type": "move", "square": square, "dir": direction,
                "drops": drops, "flatten": flattens}
        if ok and star and not flattens:
            raise ValueError("%r is marked '*' but flattens no wall" % (text,))
        stated_kind = match.group(6)
        if ok and stated_kind:
            # Old PTN may name the kind of the piece that ends on top; check it.
            last_piece = pos.board[square][-1]
            if last_piece[1] != stated_kind:
                raise ValueError("%r names %s but the moving top piece is %s"
                                 % (text, stated_kind, last_piece[1]))

    legal = _generate(pos)
    if move not in legal:
        raise ValueError("illegal move %r in %s" % (text, to_tps(pos)))
    return move


def play(pos, ptn):
    """Return the position after the PTN move ptn; ValueError if malformed or illegal."""
    return _apply(pos, _parse_ptn(pos, ptn))


def canonical(pos, ptn):
    """Canonical PTN spelling of a legal move given in any spelling."""
    return _ptn(_parse_ptn(pos, ptn))


# ---------------------------------------------------------------------------
# Perft


def perft(pos, depth):
    """Number of leaves of the legal move tree of the given depth.

    A finished position has no children, so below depth 0 it contributes nothing."""
    if depth == 0:
        return 1
    total = 0
    for move in _generate(pos):
        total += perft(_apply(pos, move), depth - 1)
    return total
