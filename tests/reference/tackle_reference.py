"""Independent, deliberately simple reference implementation of the rules of Tackle.

Used only by tests, to cross-check the real engine.  Written only from the rule
texts: rules/NOTES.md (sections 0 and 1, which win where they differ) and the German
rule text of seed 000.  Clarity matters more than speed: every legal move is built
as a notation string together with the complete position it leads to.

Public functions
----------------
start(job, gold_anywhere=None) -> Position   empty board, opening, White to place
legal_moves(pos)               -> set[str]   canonical notation of every legal move
                                             (empty once the game is over)
play(pos, move)                -> Position   apply a move, ValueError if not legal
result(pos)                    -> str | None '1-0', '0-1', '1/2-1/2' or None
perft(pos, depth)              -> int        leaf count of the move tree
job_done(pos, colour)          -> bool       colour 'W' or 'B'
JOBS                           dict[str, list[str]]  the 17 job pictures
make(white, black, gold, ...)  -> Position   convenience constructor for tests
show(pos)                      -> str        a text diagram (rank 10 at the top)

Board and coordinates
---------------------
10x10, files a-j from the left, ranks 1-10 from the bottom (White's side).
Internally a square is (x, y), both 0-based: x 0 = file a, y 0 = rank 1.
Border = the 36 edge squares, court = b2-i9, core = d4-g7.

Game flow
---------
phase 'opening': White, Black, White, ... each places one stone on an empty border
  square that is not orthogonally adjacent to one of his own stones; only if no such
  square is left, on any empty border square.  Each player places (O cells of the
  job + 2) stones.
phase 'gold': Black places the gold stone on an empty core square, or on any empty
  court square when gold_anywhere is set (default: set for Turm3 only).
phase 'play': White moves first.  After every move: if no stone of either colour
  stands on the border, the gold stone is removed for good; then both jobs are
  checked (both done = draw, one done = that player wins).  A player without a
  legal move has exactly one move, 'pass'.

Moves in the play phase
-----------------------
single stone: orthogonally, any distance >= 1 over empty squares (stones and the
  gold stone block); from a corner also along the one diagonal into the board.
block: the rear stones (a straight row of own stones across the moving direction)
  plus the run of own stones directly ahead of each; the runs must be equally long
  (a filled rectangle), at least 2 stones, and the length in the moving direction
  (the power) must be >= the width (long axis; a square goes all 4 ways).
push: lane by lane, the run of enemy stones directly in front of the block must be
  shorter than the power; block and runs then move together d >= 1 squares, where in
  every lane the d squares after the front (after the pushed run) are empty and on
  the board.  Single stones never push.
worm: a block with nothing in front of it up to the edge in every lane (no pushing)
  leaves the board there: its front layer is lost, the other layers re-enter at the
  opposite edge, the rear layer on that edge's line, the others following in their
  order.  The re-entry squares must be empty BEFORE the move (see below).
After every move the mover's job and the opponent's job are both checked.

Notation (what this module writes)
----------------------------------
* squares are upper case: 'B1', 'J10'.
* a placement and the gold stone: just the square, 'E10'.
* a single stone: 'B1-B7'; a diagonal move from a corner: 'J10-B2'.
* a block move names its REAR stones (the layer at the back in the moving direction)
  and the squares those rear stones end on.  The moving stones are the rear stones
  plus, for each of them, the contiguous run of own stones directly ahead of it in
  the moving direction.
    - one rear stone (a block one stone wide): 'B1-B8'.
    - several rear stones sharing the number (a block moving north/south):
      the letters in ascending order followed by the number: 'GH2-GH7',
      'AB10-AB9', 'ABC1-ABC4'.
    - several rear stones sharing the letter (a block moving east/west): the
      letter followed by the ranks in ascending order.  The ranks are written one
      after the other without separator when every rank is a single digit
      ('F56-C56'); when a rank 10 is among them, ALL ranks of that side are
      separated by '/' ('C9/10-F9/10', 'A8/9/10-D8/9/10').  A block moving east or
      west keeps its ranks, so both sides of such a move always use the same form.
* a worm is written like a block move with the final squares of the rear stones:
  'C6-C10' (triple c4-c6 moving south, loses c4, ends on c9, c10).  The re-entry
  squares must be empty before the move: squares of the worming block itself do not
  count as empty, so the rear stone never ends where it started.
  ONE EXCEPTION (documented deviation from "no suffixes"): a worm of a block one
  stone wide can have exactly the same text as the single-stone move of its rear
  stone straight back to the opposite edge (triple c4-c6 worming south = 'C6-C10';
  the lone stone c6 moving north to c10 = 'C6-C10' as well, when c7-c10 are empty).
  Only in that case the worm is written with the suffix '(w)': 'C6-C10(w)', so that
  every legal move has its own text.  No other suffix is ever written.
* a pass: 'pass'.
play() accepts these texts in any letter case, the dashes '-', U+2013 and U+2212,
an optional block sign ('#', U+25A1, U+25A2) in front, and an optional '(w)' on any
worm.
"""

from dataclasses import dataclass
from typing import Optional

FILES = "abcdefghij"
SIZE = 10

# Job pictures exactly as in NOTES.md section 1, rows from top to bottom.
# 'O' own stone, 'x' no own stone, '.' anything.
JOBS = {
    "Turm3": ["OOO"],
    "Treppe3": ["..O",
                ".O.",
                "O.."],
    "Turm4": ["OOOO"],
    "Treppe4": ["...O",
                "..O.",
                ".O..",
                "O..."],
    "Quadrat": ["OO",
                "OO"],
    "Bluete": [".O.",
               "OxO",
               ".O."],
    "Turm5": ["OOOOO"],
    "Treppe5": ["....O",
                "...O.",
                "..O..",
                ".O...",
                "O...."],
    "Fuenf": ["OxO",
              "xOx",
              "OxO"],
    "Fisch": [".OO",
              ".OO",
              "O.."],
    "Turm6": ["OOOOOO"],
    "Block6": ["OOO",
               "OOO"],
    "Kreuz": [".O.",
              "OOO",
              ".O.",
              ".O."],
    "Vogel": ["...O",
              ".OO.",
              ".OO.",
              "O..."],
    "Block8": ["OOOO",
               "OOOO"],
    "Brunnen": ["OOO",
                "OxO",
                "OOO"],
    "Block9": ["OOO",
               "OOO",
               "OOO"],
}

JOB_ALIASES = {"Blüte": "Bluete", "Fünf": "Fuenf"}

NORTH, SOUTH, EAST, WEST = (0, 1), (0, -1), (1, 0), (-1, 0)
ORTHOGONAL = [NORTH, SOUTH, EAST, WEST]
CORNERS = {(0, 0): (1, 1), (9, 0): (-1, 1), (0, 9): (1, -1), (9, 9): (-1, -1)}


# ---------------------------------------------------------------------------
# Squares
# ---------------------------------------------------------------------------

def on_board(s):
    return 0 <= s[0] < SIZE and 0 <= s[1] < SIZE


def is_border(s):
    return on_board(s) and (s[0] in (0, SIZE - 1) or s[1] in (0, SIZE - 1))


def in_court(s):
    return 1 <= s[0] <= 8 and 1 <= s[1] <= 8


def in_core(s):
    return 3 <= s[0] <= 6 and 3 <= s[1] <= 6


def name(s):
    """(x, y) -> lower-case square name, e.g. (4, 9) -> 'e10'."""
    return FILES[s[0]] + str(s[1] + 1)


def coords(text):
    """Lower- or upper-case square name -> (x, y)."""
    text = text.strip().lower()
    if len(text) < 2 or text[0] not in FILES or not text[1:].isdigit():
        raise ValueError("bad square %r" % text)
    x, y = FILES.index(text[0]), int(text[1:]) - 1
    if not 0 <= y < SIZE:
        raise ValueError("bad square %r" % text)
    return (x, y)


def step(s, d, n=1):
    return (s[0] + n * d[0], s[1] + n * d[1])


ALL_SQUARES = [(x, y) for y in range(SIZE) for x in range(SIZE)]
BORDER = [s for s in ALL_SQUARES if is_border(s)]
COURT = [s for s in ALL_SQUARES if in_court(s)]
CORE = [s for s in ALL_SQUARES if in_core(s)]
assert len(BORDER) == 36 and len(COURT) == 64 and len(CORE) == 16


# ---------------------------------------------------------------------------
# Position
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Position:
    white: frozenset          # frozenset[str]: lower-case square names of White's stones
    black: frozenset          # frozenset[str]: lower-case square names of Black's stones
    gold: Optional[str]       # square name of the gold stone, or None
    to_move: str              # 'W' or 'B'
    phase: str                # 'opening', 'gold' or 'play'
    to_place: tuple           # (int, int): White's and Black's stones still to place
    job: str                  # a key of JOBS
    gold_anywhere: bool       # gold stone may go on any empty court square


def _job_name(job):
    job = JOB_ALIASES.get(job, job)
    if job not in JOBS:
        raise ValueError("unknown job %r" % job)
    return job


def start(job, gold_anywhere=None):
    """Empty board, opening phase, White to place.

    gold_anywhere=None means the job's default: True (court) for Turm3, False (core)
    for every other job.  Pass True or False to force the choice.
    """
    job = _job_name(job)
    if gold_anywhere is None:
        gold_anywhere = (job == "Turm3")
    n = sum(row.count("O") for row in JOBS[job]) + 2
    return Position(frozenset(), frozenset(), None, "W", "opening", (n, n), job,
                    bool(gold_anywhere))


def make(white, black, gold=None, to_move="W", job="Quadrat", phase="play",
         to_place=(0, 0), gold_anywhere=None):
    """Build a position from square lists in any letter case (for tests)."""
    job = _job_name(job)
    if gold_anywhere is None:
        gold_anywhere = (job == "Turm3")
    w = frozenset(name(coords(s)) for s in white)
    b = frozenset(name(coords(s)) for s in black)
    g = name(coords(gold)) if gold else None
    if w & b or (g is not None and g in (w | b)):
        raise ValueError("two things on one square")
    return Position(w, b, g, to_move, phase, tuple(to_place), job, bool(gold_anywhere))


def _sets(pos):
    white = {coords(s) for s in pos.white}
    black = {coords(s) for s in pos.black}
    gold = coords(pos.gold) if pos.gold else None
    return white, black, gold


def show(pos):
    """Text diagram: W white, B black, G gold, '.' empty; rank 10 at the top."""
    white, black, gold = _sets(pos)
    lines = []
    for y in range(SIZE - 1, -1, -1):
        row = []
        for x in range(SIZE):
            s = (x, y)
            row.append("W" if s in white else "B" if s in black else
                       "G" if s == gold else ".")
        lines.append("%2d %s" % (y + 1, " ".join(row)))
    lines.append("   " + " ".join(FILES))
    lines.append("%s to move, phase %s, job %s" % (pos.to_move, pos.phase, pos.job))
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Jobs
# ---------------------------------------------------------------------------

def _rotations(picture):
    """The picture rotated by 0, 90, 180 and 270 degrees (no mirror images).

    Returns a list of (o_cells, x_cells), each a list of (dx, dy) offsets.  Picture
    row r, column c becomes the offset (c, -r): columns go right, rows go down.
    """
    o_cells = []
    x_cells = []
    for r, row in enumerate(picture):
        for c, ch in enumerate(row):
            if ch == "O":
                o_cells.append((c, -r))
            elif ch == "x":
                x_cells.append((c, -r))
            elif ch != ".":
                raise ValueError("bad job cell %r" % ch)
    result = []
    for _ in range(4):
        result.append((list(o_cells), list(x_cells)))
        # rotate by 90 degrees: (dx, dy) -> (-dy, dx)
        o_cells = [(-dy, dx) for dx, dy in o_cells]
        x_cells = [(-dy, dx) for dx, dy in x_cells]
    return result


def _job_done_on(own, job):
    """Is the job figure present among the squares `own`?

    A placement counts when every O cell holds an own stone and lies in the court
    (b2-i9), and no x cell holds an own stone.  x cells are checked wherever they
    fall on the board, border squares included (an own stone on a border x cell
    spoils the placement); an x cell that falls off the board holds no stone and is
    therefore satisfied.  (In the 17 pictures every x cell lies between O cells, so
    with all O cells in the court the x cells are in the court as well.)
    """
    for o_cells, x_cells in _rotations(JOBS[job]):
        ox0, oy0 = o_cells[0]
        # Any placement puts its first O cell on some own stone.
        for s in own:
            ax, ay = s[0] - ox0, s[1] - oy0
            ok = True
            for dx, dy in o_cells:
                t = (ax + dx, ay + dy)
                if t not in own or not in_court(t):
                    ok = False
                    break
            if not ok:
                continue
            for dx, dy in x_cells:
                if (ax + dx, ay + dy) in own:
                    ok = False
                    break
            if ok:
                return True
    return False


def job_done(pos, colour):
    """Does `colour` ('W' or 'B'; 'white'/'black' accepted) have the job on the board?"""
    white, black, _ = _sets(pos)
    c = colour.strip().upper()[:1]
    if c == "W":
        return _job_done_on(white, pos.job)
    if c == "B":
        return _job_done_on(black, pos.job)
    raise ValueError("bad colour %r" % colour)


def result(pos):
    """'1-0', '0-1', '1/2-1/2' or None.

    Jobs only count in the play phase (in the opening all stones are on the border,
    so no job can be done there anyway).  Every play-phase position is reached after
    a move, so a position with a done job is a finished game.
    """
    if pos.phase != "play":
        return None
    w = job_done(pos, "W")
    b = job_done(pos, "B")
    if w and b:
        return "1/2-1/2"
    if w:
        return "1-0"
    if b:
        return "0-1"
    return None


# ---------------------------------------------------------------------------
# Notation helpers
# ---------------------------------------------------------------------------

def _text(squares):
    """Canonical text of a group of rear stones (or their final squares)."""
    squares = sorted(squares)
    if len(squares) == 1:
        return name(squares[0]).upper()
    xs = sorted({s[0] for s in squares})
    ys = sorted({s[1] for s in squares})
    if len(ys) == 1:                       # shared number: letters, then the number
        return "".join(FILES[x] for x in xs).upper() + str(ys[0] + 1)
    if len(xs) == 1:                       # shared letter: letter, then the ranks
        ranks = [str(y + 1) for y in ys]
        sep = "/" if any(len(r) > 1 for r in ranks) else ""
        return FILES[xs[0]].upper() + sep.join(ranks)
    raise AssertionError("rear stones neither share a letter nor a number")


def _move_text(src, dst):
    return _text(src) + "-" + _text(dst)


# ---------------------------------------------------------------------------
# Move generation
# ---------------------------------------------------------------------------

def _after_move(pos, new_own, new_opp):
    """Position after a play-phase move by pos.to_move."""
    if pos.to_move == "W":
        white, black = new_own, new_opp
    else:
        white, black = new_opp, new_own
    gold = pos.gold
    if not any(is_border(s) for s in white) and not any(is_border(s) for s in black):
        gold = None                        # no stone on the border: gold leaves for good
    return Position(frozenset(name(s) for s in white), frozenset(name(s) for s in black),
                    gold, "B" if pos.to_move == "W" else "W", "play", pos.to_place,
                    pos.job, pos.gold_anywhere)


def _opening_moves(pos):
    white, black, _ = _sets(pos)
    own = white if pos.to_move == "W" else black
    occupied = white | black
    empty_border = [s for s in BORDER if s not in occupied]
    allowed = [s for s in empty_border
               if not any(step(s, d) in own for d in ORTHOGONAL)]
    if not allowed:
        allowed = empty_border
    moves = {}
    wl, bl = pos.to_place
    for s in allowed:
        if pos.to_move == "W":
            new_white, new_black = white | {s}, black
            wl2, bl2 = wl - 1, bl
        else:
            new_white, new_black = white, black | {s}
            wl2, bl2 = wl, bl - 1
        other = "B" if pos.to_move == "W" else "W"
        left = {"W": wl2, "B": bl2}
        if left[other] > 0:
            nxt, phase = other, "opening"
        elif left[pos.to_move] > 0:
            nxt, phase = pos.to_move, "opening"
        else:
            nxt, phase = "B", "gold"       # Black places the gold stone
        moves[name(s).upper()] = Position(
            frozenset(name(t) for t in new_white), frozenset(name(t) for t in new_black),
            None, nxt, phase, (wl2, bl2), pos.job, pos.gold_anywhere)
    return moves


def _gold_moves(pos):
    white, black, _ = _sets(pos)
    occupied = white | black
    area = COURT if pos.gold_anywhere else CORE
    moves = {}
    for s in area:
        if s not in occupied:
            moves[name(s).upper()] = Position(pos.white, pos.black, name(s), "W", "play",
                                              pos.to_place, pos.job, pos.gold_anywhere)
    return moves


def _play_move_list(pos):
    """All play-phase moves as a list of (text, is_worm, new_own, new_opp)."""
    white, black, gold = _sets(pos)
    own = white if pos.to_move == "W" else black
    opp = black if pos.to_move == "W" else white
    occupied = own | opp | ({gold} if gold else set())

    def free(s):
        return on_board(s) and s not in occupied

    found = []

    # --- single stones -----------------------------------------------------
    for s in own:
        directions = [d for d in ORTHOGONAL if step(s, d) not in own]
        # (with an own stone directly ahead the move is a block move, see below)
        if s in CORNERS:
            directions.append(CORNERS[s])          # the one diagonal into the board
        for d in directions:
            t = step(s, d)
            while free(t):
                found.append((_move_text([s], [t]), False,
                              (own - {s}) | {t}, set(opp)))
                t = step(t, d)

    # --- blocks ------------------------------------------------------------
    for d in ORTHOGONAL:
        across = (1, 0) if d[0] == 0 else (0, 1)   # direction along the rear layer
        for s in own:
            width = 0
            while True:
                width += 1
                rear = [step(s, across, i) for i in range(width)]
                if not all(r in own for r in rear):
                    break
                # run of own stones from each rear stone in direction d (rear included)
                runs = []
                for r in rear:
                    n = 0
                    while step(r, d, n) in own:
                        n += 1
                    runs.append(n)
                if len(set(runs)) != 1:
                    continue                       # not a rectangle
                length = runs[0]                   # = power in direction d
                if length < 2 or length < width:
                    continue                       # a single stone, or not the long axis
                block = [step(r, d, j) for r in rear for j in range(length)]
                fronts = [step(r, d, length) for r in rear]

                # lane by lane: enemy run directly in front, then free squares
                pushed_runs = []
                free_counts = []
                legal = True
                for f in fronts:
                    k = 0
                    while step(f, d, k) in opp:
                        k += 1
                    if k >= length:
                        legal = False              # too strong to push: no move this way
                        break
                    pushed_runs.append([step(f, d, i) for i in range(k)])
                    e = 0
                    while free(step(f, d, k + e)):
                        e += 1
                    free_counts.append(e)
                if not legal:
                    continue
                pushed = [p for run in pushed_runs for p in run]

                # ordinary block move (with or without pushing), any distance
                for dist in range(1, min(free_counts) + 1):
                    new_own = (own - set(block)) | {step(b, d, dist) for b in block}
                    new_opp = (opp - set(pushed)) | {step(p, d, dist) for p in pushed}
                    found.append((_move_text(rear, [step(r, d, dist) for r in rear]),
                                  False, new_own, new_opp))

                # worm: nothing to push and free squares up to the edge in every lane
                if pushed:
                    continue
                if not all(not on_board(step(f, d, e))
                           for f, e in zip(fronts, free_counts)):
                    continue
                # Layer j counts from the rear (j = 0) to the front (j = length-1).
                # The front layer is lost; layer j re-enters at distance j from the
                # opposite edge, so the rear layer ends on that edge's first line.
                re_entry = {}
                for r in rear:
                    for j in range(length - 1):
                        src = step(r, d, j)
                        if d[0] != 0:
                            x = j if d[0] > 0 else SIZE - 1 - j
                            dst = (x, src[1])
                        else:
                            y = j if d[1] > 0 else SIZE - 1 - j
                            dst = (src[0], y)
                        re_entry[src] = dst
                # The re-entry squares must be empty at the start of the move; a
                # square still held by the block itself does NOT count as empty.
                # (So a block touching the opposite edge can never worm; in
                # particular no "worm in place" that only drops the front layer,
                # e.g. c1-c3 north back onto c1, c2.  This reading also keeps the
                # texts of all worms distinct from each other.)
                if any(t in occupied for t in re_entry.values()):
                    continue
                new_own = (own - set(block)) | set(re_entry.values())
                found.append((_move_text(rear, [re_entry[r] for r in rear]), True,
                              new_own, set(opp)))
    return found


def _play_moves(pos):
    """text -> (Position, is_worm) for every play-phase move (without 'pass')."""
    by_text = {}
    for text, is_worm, new_own, new_opp in _play_move_list(pos):
        by_text.setdefault(text, []).append((is_worm, new_own, new_opp))
    moves = {}
    for text, entries in by_text.items():
        if len(entries) == 1:
            is_worm, new_own, new_opp = entries[0]
            moves[text] = (_after_move(pos, new_own, new_opp), is_worm)
            continue
        # The only possible clash: a one-wide worm and the single-stone move of its
        # rear stone to the opposite edge.  The worm then gets the suffix '(w)'.
        worms = [e for e in entries if e[0]]
        others = [e for e in entries if not e[0]]
        if len(entries) != 2 or len(worms) != 1:
            raise AssertionError("unexpected notation clash %s: %r" % (text, entries))
        moves[text] = (_after_move(pos, others[0][1], others[0][2]), False)
        moves[text + "(w)"] = (_after_move(pos, worms[0][1], worms[0][2]), True)
    return moves


def _all_moves(pos):
    """text -> (Position, is_worm) for every legal move of pos."""
    if pos.phase == "opening":
        return {t: (p, False) for t, p in _opening_moves(pos).items()}
    if pos.phase == "gold":
        return {t: (p, False) for t, p in _gold_moves(pos).items()}
    if pos.phase != "play":
        raise ValueError("bad phase %r" % pos.phase)
    if result(pos) is not None:
        return {}
    moves = _play_moves(pos)
    if not moves:
        other = "B" if pos.to_move == "W" else "W"
        moves = {"pass": (Position(pos.white, pos.black, pos.gold, other, "play",
                                   pos.to_place, pos.job, pos.gold_anywhere), False)}
    return moves


# ---------------------------------------------------------------------------
# Public interface
# ---------------------------------------------------------------------------

def legal_moves(pos):
    """Canonical texts of all legal moves (empty once the game is over)."""
    return set(_all_moves(pos))


def _normalise(move):
    text = move.strip()
    for dash in ("\u2013", "\u2212"):
        text = text.replace(dash, "-")
    for sign in ("#", "\u25a1", "\u25a2"):
        if text.startswith(sign):
            text = text[len(sign):].strip()
    text = text.replace(" ", "")
    if text.lower() == "pass":
        return "pass"
    return text.upper()


def play(pos, move):
    """Apply `move` (canonical text, see the module docstring); ValueError if illegal."""
    moves = _all_moves(pos)
    text = _normalise(move)
    if text in moves:
        return moves[text][0]
    if text.endswith("(W)"):
        base = text[:-3]
        if base + "(w)" in moves:
            return moves[base + "(w)"][0]
        if base in moves and moves[base][1]:
            return moves[base][0]
    raise ValueError("illegal move %r" % move)


def perft(pos, depth):
    """Number of leaves of the move tree of the given depth.

    A finished game counts 1 at depth 0 and 0 deeper down; 'pass' is a move.
    """
    if depth == 0:
        return 1
    moves = _all_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(child, depth - 1) for child, _ in moves.values())
