"""Tric-Trac: a deliberately simple and slow reference implementation.

Written only from the project's rules notes (sections 0, 5 and 6 of
``shared/rules/NOTES.md``) and the German rule text of seed 001 (its Tric-Trac
part), for cross-checking a fast engine.  Standard library only; the module is
standalone (no imports from the project).  Run it as a script to execute its
self-checks and print the figures::

    python3 tests/reference/tric_trac_reference.py

Board and names
---------------
The 24 physical points carry the seed's names ``1`` .. ``12`` and ``1A`` ..
``12A``.  White starts with all 15 checkers on ``1`` and moves
``1 -> 12 -> 12A -> 1A``; Black starts with all 15 on ``1A`` and moves
``1A -> 12A -> 12 -> 1``.  Internally each player counts his own *track index*
0..23 (0 = own start point, 11 = own corner, 12 = the opponent's corner,
23 = the last point, which is the opponent's start point).  ``Position.board``
is indexed by White's track index (0 = ``1``, 11 = ``12``, 12 = ``12A``,
23 = ``1A``); positive numbers are White checkers, negative ones Black.

API
---
``WHITE = 0``, ``BLACK = 1``.

``Position``
    Frozen (hashable) dataclass: ``board`` (24 signed counts, see above),
    ``off`` (checkers borne off, White/Black), ``score`` (points, White/Black),
    ``turn`` (player to roll or to move; ``None`` before the opening roll and
    once the game is over) and ``dice`` (``(high, low)`` while a decision is
    due, else ``None``).
``start()``
    The initial position (nobody has rolled yet).
``make_position(white, black, off=(0, 0), score=(0, 0), turn=WHITE, dice=None)``
    Hand-built position; ``white``/``black`` map point names to counts.
``rolls(pos)``
    The chance outcomes as a list of ``Roll(player, dice, prob)`` with exact
    ``Fraction`` probabilities (summing to 1).  Before the opening the list
    holds the 40 possible (starting player, starting roll) pairs; otherwise
    the 21 rolls of ``pos.turn``.  Returns ``None`` when a decision is due
    (``pos.dice`` is set) and ``[]`` when the game is over.
``roll(pos, player, dice)``
    The position after that chance outcome: ``turn=player``, ``dice`` set.
``legal_turns(pos, dice=None) -> set[Turn]``
    The distinct results of playing a roll, as ``Turn(text, position)``.
    ``dice`` may be omitted when ``pos.dice`` is set; if ``pos.dice`` is None
    the roll is played by ``pos.turn``.  ``text`` is the canonical text of the
    steps (see *Notation*), ``position`` the resulting position (next player
    to roll, ``dice=None``).  Two step sequences giving the same resulting
    ``Position`` (board, off, score, next player) are one turn.
``play(pos, dice, text)``
    The position after playing ``text`` (canonical or any other legal order
    of the steps; see *Notation*).  ``dice`` may be ``None`` when
    ``pos.dice`` is set.  Raises ``ValueError`` if illegal.
``result(pos)``
    ``None`` while the game runs, else ``(winner, (white_points,
    black_points), value)``.
``perft(pos, depth)``
    Counts paths over ``depth`` turns: every chance outcome (unweighted) times
    every distinct legal turn; a finished game counts 1.
``turn_counts_from_start(player=WHITE)``
    ``{dice: number of distinct turns}`` for the 21 rolls from the start.
``mirror(pos)``
    Swap colours (White's track index j <-> Black's track index j); used by
    the self-checks.
``describe(pos)``, ``point_name(i)``, ``parse_point(name)``,
``bridge_stands(board, player)``
    Small helpers (a readable dump; physical index <-> seed name).

Notation
--------
One step per number, ``from/to`` in physical point names, ``*`` after a step
that hits, ``off`` as the destination of a checker borne off, steps separated
by one space, e.g. ``1/5 5/10``, ``8/12 10/12``, ``3/5*``, ``4A/off``.  A turn
in which nothing can be played is ``pass``.  The canonical text of a result is
the step sequence (among all legal sequences giving that result) whose list of
``(from, to)`` pairs, in the mover's own track indices with ``off`` = 24, is
lexicographically smallest (i.e. the checker further back moves first; a
continued move is written as two steps, ``1/5 5/10``).  ``play`` also accepts
upper/lower case, the dashes ``-``, U+2013 and U+2212 instead of ``/``, an
omitted ``*``, chains ``1/5/10``, ``8/12(2)`` and steps in another legal order
or as an unordered set when that identifies one result.

Readings chosen where the rules leave a question open
------------------------------------------------------
R1  Opening: each player rolls two dice; equal totals are rolled again; the
    higher total starts and plays his own two dice.  The loser's dice are
    not used.  An opening double is treated like any double (the starter rolls
    again afterwards).  1-1 can never open (the other total is at least 2).
R2  A *turn* is the play of one roll (two numbers).  After a double the same
    player has another turn (rolls again), also when the double could not be
    played at all.  There is no limit on consecutive doubles.
R3  "Use both numbers if possible": among all legal ways to play, only those
    using the most numbers are legal; a way that wins mid-turn counts as
    using both.  If only one number can be used, every way to use either
    number is legal (no higher-die rule); the other number is lost.
R4  Numbers are never added: a continued move is two separate steps and its
    intermediate point must be a legal landing point (not closed by 2+
    opponents, not the opponent's corner); a lone opponent checker there is
    hit.
R5  Start point rule (also covers re-entering hit checkers): before each
    step, if the mover still has checkers on his start point, the step must
    either move a checker off the start point, or continue the checker moved
    off the start point by the immediately preceding step of this turn.  As
    soon as the start point is empty (also between the two steps of a turn),
    any checker may move.
R6  Own corner (White 12, Black 12A): enforced as a state rule - at the end
    of every turn the own corner must not hold exactly one checker.  Hence it
    is first taken by two checkers in the same turn, later checkers may join
    or leave singly, and the last two leave in the same turn.  Mid-turn a
    single checker may stand there (e.g. the first of the two arriving, or a
    checker passing through the empty corner with a continued move and
    leaving it again in the same turn - allowed).  After the corner has been
    emptied it is retaken like the first time (by two together).  A game won
    mid-turn is not checked.
R7  Opponent's corner: no step may end there, ever (even when empty).
R8  Corner "by power": allowed when (a) the own corner is empty, (b) the own
    start point is empty (otherwise R5 forbids both steps), (c) the
    opponent's corner is not held by 2+ opponent checkers (only the
    corner-closure rule is ignored in "would let reach"), (d) two different
    checkers stand one number short of the opponent's corner each (for a
    double: two checkers on that point), and (e) no ordinary legal way to play
    this roll ends with the own corner occupied ("can take the own corner
    directly").  Then both checkers move one point less, onto the own corner
    (written ``10/12 11/12`` for White 3-2).  It is optional, but it is a way
    of using both numbers for R3.
R9  Bearing off: a number that brings a checker to the last point of its
    track (White 1A, Black 1) or beyond takes it off; any checker, at any
    time, never blocked by the opponent checkers standing on that point (the
    checker does not land there).  No extra condition: the start point rule
    R5 already makes bearing off impossible while the own start point is
    occupied (no checker that may move can get that far).  Consequently no
    checker ever lands on 1 or 1A and nothing is ever hit there.
R10 Points: +1 per hit, +1 per checker borne off, +2 whenever a step turns
    the great bridge (own corner and the five points before it on the own
    side: White 7-12, Black 7A-12A, each with 2+) from not standing into
    standing; +2 at the end of a turn if the bridge stood at its start and
    after each of its steps (so a bridge broken and rebuilt within one turn
    scores 2 for the rebuilding only).  The end-of-turn bonus is also given
    for a turn with no move ("pass").
R11 A player reaching 12+ points wins at once, even after the first step;
    the rest of the roll is not played and no end-of-turn bonus is added.
    ``value``: loser 0 points x4, 1-2 x3, 3-6 x2, else x1.  Scores above 12
    are kept (only relevant for a series, which is not modelled).
R12 Terminal positions have ``turn=None`` and ``dice=None``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple, Optional

__all__ = [
    "WHITE", "BLACK", "Position", "Roll", "Turn", "start", "make_position",
    "rolls", "roll", "legal_turns", "play", "result", "perft",
    "turn_counts_from_start", "mirror", "point_name", "parse_point",
    "describe", "bridge_stands",
]

WHITE, BLACK = 0, 1
START = 0          # own start point (track index)
OWN_CORNER = 11    # "Hucke": White 12, Black 12A
OPP_CORNER = 12    # the opponent's Hucke
LAST = 23          # last point of the track (the opponent's start point)
OFF = 24           # destination index used for "borne off"
BRIDGE_POINTS = (6, 7, 8, 9, 10, 11)   # own corner and the five before it
WIN_POINTS = 12
ALL_DICE = [(a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)]  # 21


# --------------------------------------------------------------------------
# points and names

def phys(player: int, j: int) -> int:
    """Physical index (White's track index) of ``player``'s track index j."""
    return j if player == WHITE else 23 - j


def point_name(i: int) -> str:
    """Seed name of physical index i (0 -> '1', 11 -> '12', 12 -> '12A', 23 -> '1A')."""
    if not 0 <= i <= 23:
        raise ValueError(i)
    return str(i + 1) if i < 12 else "%dA" % (24 - i)


def parse_point(text: str) -> int:
    """Physical index of a seed point name ('7', '7A', '7a', ' 12A ')."""
    s = text.strip().upper().replace(" ", "")
    if s.endswith("A"):
        k = int(s[:-1])
        if not 1 <= k <= 12:
            raise ValueError(text)
        return 24 - k
    k = int(s)
    if not 1 <= k <= 12:
        raise ValueError(text)
    return k - 1


# --------------------------------------------------------------------------
# position

@dataclass(frozen=True)
class Position:
    board: tuple = (15,) + (0,) * 22 + (-15,)
    off: tuple = (0, 0)
    score: tuple = (0, 0)
    turn: Optional[int] = None
    dice: Optional[tuple] = None

    def count(self, player: int, j: int) -> int:
        """Checkers of ``player`` on his own track index j."""
        return own_count(self.board, player, j)


class Roll(NamedTuple):
    player: int
    dice: tuple
    prob: Fraction


class Turn(NamedTuple):
    text: str
    position: Position


def own_count(board, player: int, j: int) -> int:
    v = board[phys(player, j)]
    if player == WHITE:
        return v if v > 0 else 0
    return -v if v < 0 else 0


def opp_count(board, player: int, j: int) -> int:
    """Opponent checkers on the point that is ``player``'s track index j."""
    return own_count(board, 1 - player, 23 - j)


def _add(board: list, player: int, j: int, n: int) -> None:
    board[phys(player, j)] += n if player == WHITE else -n


def bridge_stands(board, player: int) -> bool:
    return all(own_count(board, player, j) >= 2 for j in BRIDGE_POINTS)


def start() -> Position:
    return Position()


def make_position(white: dict, black: dict, off=(0, 0), score=(0, 0),
                  turn: Optional[int] = WHITE, dice=None) -> Position:
    """Hand-built position.  ``white``/``black``: {point name: count}."""
    board = [0] * 24
    for player, stones in ((WHITE, white), (BLACK, black)):
        for name, n in stones.items():
            i = parse_point(name)
            if n < 0 or board[i] != 0 and n > 0:
                raise ValueError("bad or shared point %s" % name)
            board[i] = n if player == WHITE else -n
    for player in (WHITE, BLACK):
        on = sum(own_count(board, player, j) for j in range(24))
        if on + off[player] > 15:
            raise ValueError("more than 15 checkers")
        if own_count(board, player, OWN_CORNER) == 1:
            raise ValueError("a lone checker on its own corner (never occurs)")
        if own_count(board, player, LAST) != 0:
            raise ValueError("a checker on its own last point (never occurs)")
        if own_count(board, player, OPP_CORNER) != 0:
            raise ValueError("a checker on the opponent's corner (never occurs)")
    if dice is not None:
        dice = (max(dice), min(dice))
    return Position(tuple(board), tuple(off), tuple(score), turn, dice)


def mirror(pos: Position) -> Position:
    """Swap the colours: White's track index j <-> Black's track index j."""
    board = tuple(-pos.board[23 - i] for i in range(24))
    turn = None if pos.turn is None else 1 - pos.turn
    return Position(board, (pos.off[1], pos.off[0]),
                    (pos.score[1], pos.score[0]), turn, pos.dice)


def describe(pos: Position) -> str:
    parts = []
    for player, tag in ((WHITE, "W"), (BLACK, "B")):
        stones = ["%sx%d" % (point_name(phys(player, j)), own_count(pos.board, player, j))
                  for j in range(24) if own_count(pos.board, player, j)]
        parts.append("%s[%s]" % (tag, " ".join(stones)))
    parts.append("off %d-%d" % pos.off)
    parts.append("score %d-%d" % pos.score)
    parts.append("turn %s" % {None: "-", WHITE: "W", BLACK: "B"}[pos.turn])
    parts.append("dice %s" % ("-" if pos.dice is None else "%d%d" % pos.dice))
    return " ".join(parts)


# --------------------------------------------------------------------------
# result and chance

def _value(loser_points: int) -> int:
    if loser_points == 0:
        return 4
    if loser_points <= 2:
        return 3
    if loser_points <= 6:
        return 2
    return 1


def result(pos: Position):
    for player in (WHITE, BLACK):
        if pos.score[player] >= WIN_POINTS:
            return (player, pos.score, _value(pos.score[1 - player]))
    return None


def rolls(pos: Position):
    if result(pos) is not None:
        return []
    if pos.dice is not None:
        return None
    if pos.turn is not None:
        return [Roll(pos.turn, d, Fraction(1 if d[0] == d[1] else 2, 36))
                for d in ALL_DICE]
    # Opening: both roll two dice, ties are rolled again (R1).
    weight = {}
    total_weight = 0
    for w1 in range(1, 7):
        for w2 in range(1, 7):
            for b1 in range(1, 7):
                for b2 in range(1, 7):
                    if w1 + w2 == b1 + b2:
                        continue
                    total_weight += 1
                    if w1 + w2 > b1 + b2:
                        key = (WHITE, (max(w1, w2), min(w1, w2)))
                    else:
                        key = (BLACK, (max(b1, b2), min(b1, b2)))
                    weight[key] = weight.get(key, 0) + 1
    out = []
    for player in (WHITE, BLACK):
        for d in ALL_DICE:
            if (player, d) in weight:
                out.append(Roll(player, d, Fraction(weight[(player, d)], total_weight)))
    return out


def roll(pos: Position, player: int, dice) -> Position:
    if result(pos) is not None:
        raise ValueError("game over")
    if pos.dice is not None:
        raise ValueError("a decision is due")
    if pos.turn is not None and player != pos.turn:
        raise ValueError("not this player's roll")
    a, b = dice
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise ValueError(dice)
    return Position(pos.board, pos.off, pos.score, player, (max(a, b), min(a, b)))


# --------------------------------------------------------------------------
# move generation

class _Step(NamedTuple):
    src: int      # mover's track index
    dst: int      # mover's track index, OFF (24) when borne off
    die: int
    hit: bool


class _Line(NamedTuple):
    steps: tuple
    board: tuple
    off: tuple
    score: tuple
    intact: bool   # bridge stood at the start of the turn and after every step
    won: bool


def _apply_step(line: _Line, player: int, src: int, dst: int, die: int) -> _Line:
    """Apply one step (legality already checked); scoring of R10/R11."""
    board = list(line.board)
    off = list(line.off)
    score = list(line.score)
    before = bridge_stands(board, player)
    _add(board, player, src, -1)
    hit = False
    if dst == OFF:
        off[player] += 1
        score[player] += 1
    else:
        if opp_count(board, player, dst) == 1:
            hit = True
            _add(board, 1 - player, 23 - dst, -1)
            _add(board, 1 - player, START, +1)     # back to its start point
            score[player] += 1
        _add(board, player, dst, +1)
    after = bridge_stands(board, player)
    if after and not before:
        score[player] += 2
    won = score[player] >= WIN_POINTS
    return _Line(line.steps + (_Step(src, dst, die, hit),), tuple(board),
                 tuple(off), tuple(score), line.intact and after, won)


def _all_lines(pos: Position, player: int, dice) -> list:
    """Every sequence of legal steps (prefixes included), before the
    turn-level rules (corner state, use-both-numbers)."""
    lines = []
    first = _Line((), pos.board, pos.off, pos.score,
                  bridge_stands(pos.board, player), False)

    def extend(line: _Line, remaining: tuple, cont: Optional[int]) -> None:
        lines.append(line)
        if line.won or not remaining:
            return
        for die in sorted(set(remaining)):
            rest = list(remaining)
            rest.remove(die)
            rest = tuple(rest)
            start_occupied = own_count(line.board, player, START) > 0
            for src in range(0, LAST):
                if own_count(line.board, player, src) == 0:
                    continue
                if start_occupied and src != START and src != cont:
                    continue                                   # R5
                dst = src + die
                if dst >= LAST:
                    dst = OFF                                  # R9
                else:
                    if dst == OPP_CORNER:
                        continue                               # R7
                    if opp_count(line.board, player, dst) >= 2:
                        continue                               # closed point
                new = _apply_step(line, player, src, dst, die)
                new_cont = dst if (src == START and dst != OFF) else None
                extend(new, rest, new_cont)

    extend(first, tuple(dice), None)
    return lines


def _power_lines(pos: Position, player: int, dice, ordinary: list) -> list:
    """The corner taken "by power" (R8), as a list with 0 or 1 line."""
    board = pos.board
    a, b = dice
    if own_count(board, player, OWN_CORNER) != 0:
        return []
    if own_count(board, player, START) != 0:
        return []
    if opp_count(board, player, OPP_CORNER) >= 2:
        return []
    xa, xb = OPP_CORNER - a, OPP_CORNER - b
    if a == b:
        if own_count(board, player, xa) < 2:
            return []
    elif own_count(board, player, xa) < 1 or own_count(board, player, xb) < 1:
        return []
    for line in ordinary:
        if not line.won and own_count(line.board, player, OWN_CORNER) >= 2:
            return []                   # the roll takes the own corner directly
    line = _Line((), pos.board, pos.off, pos.score,
                 bridge_stands(pos.board, player), False)
    line = _apply_step(line, player, xa, OWN_CORNER, a)
    if not line.won:
        line = _apply_step(line, player, xb, OWN_CORNER, b)
    return [line]


def _step_text(player: int, step: _Step) -> str:
    dst = "off" if step.dst == OFF else point_name(phys(player, step.dst))
    return "%s/%s%s" % (point_name(phys(player, step.src)), dst, "*" if step.hit else "")


def _line_text(player: int, line: _Line) -> str:
    if not line.steps:
        return "pass"
    return " ".join(_step_text(player, s) for s in line.steps)


def _finish(pos: Position, player: int, dice, line: _Line) -> Position:
    """Resulting position of a complete legal line (end-of-turn bonus R10)."""
    score = list(line.score)
    won = line.won
    if not won and line.intact:
        score[player] += 2
        won = score[player] >= WIN_POINTS
    if won:
        turn = None
    elif dice[0] == dice[1]:
        turn = player                 # doubles: the same player rolls again
    else:
        turn = 1 - player
    return Position(line.board, line.off, tuple(score), turn, None)


def _legal_lines(pos: Position, dice=None):
    """(player, dice, [(line, resulting position)]) for all legal ways."""
    if result(pos) is not None:
        raise ValueError("game over")
    if dice is None:
        dice = pos.dice
    if dice is None:
        raise ValueError("no dice")
    dice = (max(dice), min(dice))
    if pos.dice is not None and pos.dice != dice:
        raise ValueError("position holds other dice")
    player = pos.turn
    if player is None:
        raise ValueError("opening: use roll(pos, player, dice) first")
    ordinary = _all_lines(pos, player, dice)
    candidates = []
    for line in ordinary + _power_lines(pos, player, dice, ordinary):
        if not line.won and own_count(line.board, player, OWN_CORNER) == 1:
            continue                                           # R6
        candidates.append(line)
    most = max(2 if l.won else len(l.steps) for l in candidates)   # R3
    legal = [l for l in candidates if (2 if l.won else len(l.steps)) == most]
    return player, dice, [(l, _finish(pos, player, dice, l)) for l in legal]


def legal_turns(pos: Position, dice=None) -> set:
    player, dice, lines = _legal_lines(pos, dice)
    best = {}
    for line, after in lines:
        key = tuple((s.src, s.dst) for s in line.steps)
        if after not in best or key < best[after][0]:
            best[after] = (key, _line_text(player, line))
    return {Turn(text, after) for after, (key, text) in best.items()}


# --------------------------------------------------------------------------
# playing a text

def _normal_steps(player: int, text: str) -> list:
    """Parse a move text into a list of (src, dst) in the mover's track indices."""
    t = text.strip()
    for dash in ("\u2013", "\u2212", "-"):
        t = t.replace(dash, "/")
    t = t.replace("*", "").replace(",", " ")
    if t.lower() in ("pass", "", "(no play)"):
        return []
    out = []
    for token in t.split():
        times = 1
        if token.endswith(")") and "(" in token:
            token, n = token[:-1].split("(")
            times = int(n)
        names = [x for x in token.split("/") if x]
        if len(names) < 2:
            raise ValueError("bad step %r" % token)
        idx = []
        for name in names:
            if name.lower() == "off":
                idx.append(OFF)
            else:
                i = parse_point(name)
                idx.append(i if player == WHITE else 23 - i)
        for _ in range(times):
            for k in range(len(idx) - 1):
                out.append((idx[k], idx[k + 1]))
    return out


def play(pos: Position, dice, text: str) -> Position:
    player, dice, lines = _legal_lines(pos, dice)
    wanted = _normal_steps(player, text)
    for line, after in lines:
        if [(s.src, s.dst) for s in line.steps] == wanted:
            return after
    found = {after for line, after in lines
             if sorted((s.src, s.dst) for s in line.steps) == sorted(wanted)}
    if len(found) == 1:
        return found.pop()
    if found:
        raise ValueError("ambiguous move %r" % text)
    raise ValueError("illegal move %r" % text)


# --------------------------------------------------------------------------
# counting

def perft(pos: Position, depth: int) -> int:
    if depth == 0 or result(pos) is not None:
        return 1
    if pos.dice is None:
        return sum(perft(roll(pos, r.player, r.dice), depth) for r in rolls(pos))
    return sum(perft(t.position, depth - 1) for t in legal_turns(pos))


def turn_counts_from_start(player: int = WHITE) -> dict:
    pos = Position(turn=player)
    return {d: len(legal_turns(pos, d)) for d in ALL_DICE}


# --------------------------------------------------------------------------
# self-checks (hand-built positions, one group per rule sentence)

def _texts(pos, dice=None) -> set:
    return {t.text for t in legal_turns(pos, dice)}


def _by_text(pos, dice=None) -> dict:
    return {t.text: t.position for t in legal_turns(pos, dice)}


def _self_test() -> None:
    W, B = WHITE, BLACK

    def line_results(pos, dice, steps):
        """Results of the legal lines whose (from, to) steps (names) are ``steps``."""
        player, _, lines = _legal_lines(pos, dice)
        want = _normal_steps(player, steps)
        return {after for line, after in lines
                if [(s.src, s.dst) for s in line.steps] == want}

    # --- names
    assert [point_name(i) for i in (0, 11, 12, 23)] == ["1", "12", "12A", "1A"]
    assert all(parse_point(point_name(i)) == i for i in range(24))
    assert parse_point("7a") == parse_point("7A") == 17

    # --- two dice; the higher total starts and plays that roll (opening)
    s = start()
    assert s.count(W, START) == 15 and s.count(B, START) == 15
    assert s.board[0] == 15 and s.board[23] == -15 and s.turn is None
    op = rolls(s)
    assert sum(r.prob for r in op) == 1 and len(op) == 40
    probs = {(r.player, r.dice): r.prob for r in op}
    assert (W, (1, 1)) not in probs and (B, (1, 1)) not in probs
    # P(White opens with 6-6) = (1/36 * 35/36) / (1 - P(equal totals)), P = 146/1296
    assert probs[(W, (6, 6))] == Fraction(35, 1150) == Fraction(7, 230)
    assert probs[(W, (2, 1))] == Fraction(2, 1150)        # Black must throw 1-1
    assert all(probs[(W, d)] == probs[(B, d)] for d in ALL_DICE if (W, d) in probs)
    assert sum(p for (pl, d), p in probs.items() if pl == W) == Fraction(1, 2)
    assert rolls(roll(s, B, (4, 5))) is None
    assert roll(s, B, (4, 5)).dice == (5, 4)
    # the seed's example: White 5/4 from the start: on 5 and 6, or one on 10
    assert _texts(roll(s, W, (5, 4))) == {"1/5 1/6", "1/5 5/10"}
    assert _texts(roll(s, B, (5, 4))) == {"1A/5A 1A/6A", "1A/5A 5A/10A"}
    r = play(roll(s, W, (5, 4)), None, "1/6 6/10")
    assert r == play(roll(s, W, (5, 4)), None, "1/5/10") and r.turn == B
    assert r.count(W, 9) == 1 and r.count(W, START) == 14 and r.dice is None
    nr = rolls(Position(turn=B))
    assert len(nr) == 21 and sum(x.prob for x in nr) == 1
    assert all(x.player == B for x in nr)

    # --- doubles: played once (two numbers), then the same player rolls again
    t = _by_text(Position(turn=W), (3, 3))
    assert set(t) == {"1/4 1/4", "1/4 4/7"}
    assert all(q.turn == W for q in t.values())
    assert all(q.turn == B for q in _by_text(Position(turn=W), (3, 2)).values())
    assert _texts(Position(turn=W), (6, 6)) == {"1/7 1/7"}   # 7+6 = 12A: closed

    # --- both numbers if possible, in any order
    p = make_position({"2": 1}, {"6": 2, "1A": 13}, turn=W)    # 4 first is closed
    assert _texts(p, (5, 4)) == {"2/7 7/11"}
    p = make_position({"2": 1}, {"7": 2, "1A": 13}, turn=W)    # 5 first is closed
    assert _texts(p, (5, 4)) == {"2/6 6/11"}
    p = make_position({"2": 1, "5": 1}, {"1A": 15}, turn=W)    # 5+4+5 = 11A
    assert _texts(p, (5, 4)) == {"2/6 5/10", "2/7 5/9", "2/6 6/11", "5/9 9/11A"}

    # --- only one number usable: the other is lost; no higher-die rule
    p = make_position({"2": 1}, {"11": 2, "1A": 13}, turn=W)   # 6+5, 7+4 -> 11 closed
    assert _texts(p, (5, 4)) == {"2/6", "2/7"}
    p = make_position({"2": 1}, {"7": 2, "11": 2, "1A": 11}, turn=W)
    assert _texts(p, (5, 4)) == {"2/6"}                       # the higher one is lost
    p = make_position({"2": 1}, {"6": 2, "7": 2, "1A": 11}, turn=W)
    t = _by_text(p, (5, 4))
    assert set(t) == {"pass"} and t["pass"].turn == B and t["pass"].board == p.board
    t = _by_text(p, (4, 4))
    assert set(t) == {"pass"} and t["pass"].turn == W         # a double: again

    # --- all 15 leave the start point before any other checker moves again
    p = make_position({"1": 3, "5": 2, "8": 2}, {"1A": 15}, turn=W)
    assert _texts(p, (3, 2)) == {"1/3 1/4", "1/3 3/6"}
    # the start empties with the first step: the second number is free
    p = make_position({"1": 1, "5": 2, "8": 2}, {"1A": 15}, turn=W)
    texts = _texts(p, (3, 2))
    assert {"1/3 5/8", "1/4 8/10", "1/3 3/6", "1/3 8/11", "1/4 5/7"} <= texts
    assert "5/7 8/11" not in texts and "5/7 5/8" not in texts and len(texts) == 5
    # no start move possible: nothing else may move
    p = make_position({"1": 2, "5": 2}, {"4": 2, "3": 2, "1A": 11}, turn=W)
    assert _texts(p, (3, 2)) == {"pass"}
    # the second number may only continue the checker that just left the start
    p = make_position({"1": 2, "5": 2}, {"4": 2, "1A": 13}, turn=W)
    assert _texts(p, (3, 2)) == {"1/3 3/6"}

    # --- 2+ checkers close a point; a lone checker is hit and goes to its start
    p = make_position({"3": 2}, {"6": 2, "5": 1, "1A": 12}, turn=W)
    t = _by_text(p, (3, 2))
    assert set(t) == {"3/5* 5/8"}
    q = t["3/5* 5/8"]
    assert q.count(B, START) == 13 and q.score == (1, 0) and q.turn == B
    # the hit checker must re-enter before anything else (then the rest is free)
    p = make_position({"3A": 1, "9A": 2}, {"1A": 1, "4A": 2, "8": 2}, turn=B)
    assert _texts(p, (2, 1)) == {"1A/3A* 3A/4A", "1A/3A* 4A/5A", "1A/3A* 8/7",
                                 "1A/2A 2A/4A", "1A/2A 4A/6A", "1A/2A 8/6"}
    q = play(p, (2, 1), "1A/3A* 8/7")
    assert q.count(W, START) == 1 and q.score == (0, 1)
    p = make_position({"3A": 1, "9A": 2, "1": 1}, {"4A": 2, "8": 2, "1A": 1}, turn=W)
    # White re-enters first; then free (7/12 and 6/12 would leave a lone corner)
    assert _texts(p, (6, 5)) == {"1/6 3A/off", "1/7 3A/off", "1/6 9A/3A"}

    # --- own corner: first taken only by two checkers in the same turn
    p = make_position({"8": 1, "10": 1, "3": 2}, {"1A": 15}, turn=W)   # seed: 4/2
    assert "8/12 10/12" in _texts(p, (4, 2))
    p = make_position({"10": 1, "3": 2}, {"1A": 15}, turn=W)
    texts = _texts(p, (4, 2))
    assert "3/7 10/12" not in texts and "3/5 3/7" in texts
    assert all(q.count(W, OWN_CORNER) != 1 for q in
               (tt.position for tt in legal_turns(p, (4, 2))))
    # a single checker passing through the empty corner (R6); 11A is closed
    p = make_position({"10": 1, "3": 2}, {"11A": 2, "1A": 13}, turn=W)
    assert "10/12 12/9A" in _texts(p, (4, 2))
    # afterwards any number, singly
    p = make_position({"12": 3, "10": 1, "3": 2}, {"1A": 15}, turn=W)
    texts = _texts(p, (2, 1))
    assert "3/4 10/12" in texts and "3/4 12/11A" in texts
    assert "3/5 12/12A" not in texts                          # 12A is closed
    p = make_position({"12": 2, "10": 1, "3": 2}, {"1A": 15}, turn=W)
    assert "3/4 10/12" in _texts(p, (2, 1))
    # its last two checkers leave together in one turn
    p = make_position({"12": 2, "3": 2}, {"1A": 15}, turn=W)
    texts = _texts(p, (3, 2))
    assert "12/11A 12/10A" in texts
    assert "3/6 12/11A" not in texts and "3/5 12/10A" not in texts
    assert "12/11A 11A/8A" not in texts and "3/5 3/6" in texts
    p = make_position({"12": 3, "3": 2}, {"1A": 15}, turn=W)    # two of three: no
    texts = _texts(p, (3, 2))
    assert "12/11A 12/10A" not in texts and "3/5 12/10A" in texts

    # --- the opponent's corner is closed: no move ends there, even when empty
    p = make_position({"9": 1, "3": 2}, {"1A": 15}, turn=W)     # 9+4 = 12A
    texts = _texts(p, (4, 3))
    assert all("12A" not in x for x in texts) and "9/12 12/9A" in texts
    p = make_position({"8": 1, "3": 2}, {"1A": 15}, turn=W)     # 8+5 = 12A
    texts = _texts(p, (5, 1))
    assert all("12A" not in x for x in texts) and "8/9 9/11A" in texts
    assert mirror(p).count(B, 7) == 1
    assert all("/12 " not in x + " " for x in _texts(mirror(p), (5, 1)))

    # --- the own corner "by power"
    p = make_position({"10": 1, "11": 1, "3": 2}, {"1A": 15}, turn=W)
    t = _by_text(p, (3, 2))
    assert "10/12 11/12" in t and t["10/12 11/12"].count(W, OWN_CORNER) == 2
    assert t["10/12 11/12"].count(W, 9) == 0 and t["10/12 11/12"].count(W, 10) == 0
    assert "3/5 3/6" in t                                       # optional
    p = make_position({"10": 2, "4": 2}, {"1A": 15}, turn=W)    # a double
    assert "10/12 10/12" in _texts(p, (3, 3))
    # not when the same roll can take the own corner directly (9/12 10/12)
    p = make_position({"10": 1, "11": 1, "9": 1, "8": 1}, {"1A": 15}, turn=W)
    texts = _texts(p, (3, 2))
    assert "9/12 10/12" in texts and "10/12 11/12" not in texts
    p = make_position({"10": 1, "11": 1, "12": 2}, {"1A": 15}, turn=W)   # occupied
    assert "10/12 11/12" not in _texts(p, (3, 2))
    p = make_position({"10": 1, "3": 2}, {"1A": 15}, turn=W)    # only one checker
    assert all(q.count(W, OWN_CORNER) == 0 for q in
               (tt.position for tt in legal_turns(p, (3, 2))))
    p = make_position({"10": 1, "11": 1, "1": 1}, {"1A": 14}, turn=W)    # start
    assert "10/12 11/12" not in _texts(p, (3, 2))
    p = make_position({"10": 1, "11": 1}, {"12A": 2, "1A": 13}, turn=W)  # 12A held
    assert "10/12 11/12" not in _texts(p, (3, 2))
    # the only way to use both numbers: then it is the only legal turn (R3/R8)
    p = make_position({"10": 1, "11": 1}, {"1A": 11, "11A": 2, "10A": 2},
                      off=(13, 0), turn=W)
    assert _texts(p, (3, 2)) == {"10/12 11/12"}
    # Black: 10A+3 and 11A+2 would reach 12
    q = mirror(make_position({"10": 1, "11": 1, "3": 2}, {"1A": 15}, turn=W))
    assert "10A/12A 11A/12A" in _texts(q, (3, 2))

    # --- bearing off at any time; exact or beyond; never blocked; 1 point
    p = make_position({"3A": 1, "6A": 1, "9": 2}, {"1A": 15}, turn=W)
    t = _by_text(p, (6, 2))
    assert "6A/off 3A/off" in t                    # 3A exact with 2, 6A beyond
    assert t["6A/off 3A/off"].off == (2, 0) and t["6A/off 3A/off"].score == (2, 0)
    assert {"9/11 6A/off", "9/10A 3A/off", "6A/4A 4A/off"} <= set(t)
    assert t["6A/off 3A/off"].count(B, START) == 15          # 1A untouched
    assert len(t) == 9
    p = make_position({"1": 15}, {"2": 1}, turn=B)
    t = _by_text(p, (1, 1))
    assert set(t) == {"2/off"} and t["2/off"].board[0] == 15
    assert t["2/off"].off == (0, 1) and t["2/off"].score == (0, 1)

    # --- points: hit 1, off 1 (above); great bridge 2 when formed, 2 each later turn
    bridge = {"7": 2, "8": 2, "9": 2, "10": 2, "11": 2, "12": 2}
    p = make_position(dict(bridge, **{"11": 3, "3": 1}), {"1A": 15}, turn=W)
    assert play(p, (2, 1), "3/4 4/6").score == (2, 0)           # still stands
    assert play(p, (2, 1), "11/12 10/12").score == (0, 0)       # 10 left alone
    p = make_position(dict(bridge, **{"11": 1, "10": 3, "3": 1}), {"1A": 15}, turn=W)
    assert not bridge_stands(p.board, W)
    assert play(p, (2, 1), "10/11 3/5").score == (2, 0)         # formed: 2 once
    p = make_position(dict(bridge, **{"11": 1, "10": 3, "3": 1}), {"1A": 15},
                      score=(10, 3), turn=W)
    t = _by_text(p, (2, 1))
    assert result(t["10/11"]) == (W, (12, 3), 2)          # won by forming it
    p = make_position(dict(bridge, **{"6": 1}), {"1A": 15}, turn=W)
    broken_rebuilt = line_results(p, (5, 1), "11/12 6/11")
    kept = line_results(p, (5, 1), "6/11 11/12")
    assert broken_rebuilt == kept and {q.score for q in kept} == {(2, 0)}
    p = make_position(bridge, {"11A": 2, "10A": 2, "9A": 2, "8A": 2, "7A": 2, "6A": 2,
                               "12A": 3}, turn=W)
    t = _by_text(p, (6, 6))                                     # all closed
    assert set(t) == {"pass"} and t["pass"].score == (2, 0) and t["pass"].turn == W
    q = mirror(make_position(dict(bridge, **{"3": 1}), {"1A": 14}, turn=W))
    assert bridge_stands(q.board, B) and not bridge_stands(q.board, W)
    assert q.count(B, 2) == 1 and q.turn == B
    assert play(q, (2, 1), "3A/4A 4A/6A").score == (0, 2)

    # --- 12 points win at once, even mid-turn; the value of a win
    p = make_position({"3A": 1, "5": 2}, {"1A": 15}, score=(11, 0), off=(12, 0), turn=W)
    t = _by_text(p, (3, 2))
    assert set(t) == {"3A/off", "5/7 3A/off", "5/8 3A/off", "5/7 5/8", "5/7 7/10"}
    assert t["3A/off"].turn is None and result(t["3A/off"]) == (W, (12, 0), 4)
    assert t["3A/off"].count(W, 4) == 2 and rolls(t["3A/off"]) == []
    assert result(t["5/7 5/8"]) is None and t["5/7 5/8"].turn == B
    p = make_position({"3": 1, "4": 2}, {"5": 1, "1A": 14}, score=(11, 1), turn=W)
    t = _by_text(p, (2, 1))
    assert result(t["3/5*"]) == (W, (12, 1), 3) and result(t["4/5*"]) == (W, (12, 1), 3)
    assert not any(x.startswith(("3/5* ", "4/5* ")) for x in t)
    for loser, val in ((0, 4), (1, 3), (2, 3), (3, 2), (6, 2), (7, 1), (11, 1)):
        assert result(Position(score=(12, loser))) == (W, (12, loser), val)
        assert result(Position(score=(loser, 13))) == (B, (loser, 13), val)
    assert result(start()) is None

    # --- play(): orders and notations
    p = roll(start(), W, (5, 4))
    assert play(p, None, "1/6 1/5") == play(p, None, "1/5 1/6")
    assert play(p, None, "1-5 5\u201310") == play(p, None, "1/5/10")
    assert play(p, None, "1/6 6/10") == play(p, None, "1/5 5/10")
    for bad in ("1/10", "1/5", "1/5 1/5", "1/7 1/6"):
        try:
            play(p, None, bad)
        except ValueError:
            continue
        raise AssertionError("accepted %r" % bad)
    p = make_position({"10": 1, "8": 1, "3": 2}, {"1A": 15}, turn=W, dice=(4, 2))
    assert play(p, None, "10/12 8/12").count(W, OWN_CORNER) == 2
    p = make_position({"1": 2}, {"1A": 15}, turn=W, dice=(3, 3))
    assert play(p, None, "1/4(2)").count(W, 3) == 2
    assert play(p, None, "1/4 1/4") == play(p, None, "1/4(2)")

    # --- colour symmetry, play() round trips and invariants in random games
    import random
    rng = random.Random(1)
    for game in range(40):
        pos = start()
        for ply in range(300):
            if result(pos) is not None:
                break
            if pos.dice is None:
                x = Fraction(rng.randrange(1 << 30), 1 << 30)
                acc = Fraction(0)
                for rr in rolls(pos):
                    acc += rr.prob
                    if x < acc:
                        break
                pos = roll(pos, rr.player, rr.dice)
            turns = legal_turns(pos)
            if ply % 5 == 0:
                flipped = {tt.text: tt.position for tt in legal_turns(mirror(pos))}
                assert len(flipped) == len(turns)
                for tt in turns:
                    ft = " ".join(_flip_text(x) for x in tt.text.split())
                    assert flipped[ft] == mirror(tt.position), (tt.text, ft)
            for tt in turns:
                assert play(pos, None, tt.text) == tt.position
                _check_invariants(tt.position)
            pos = sorted(turns)[rng.randrange(len(turns))].position
    print("self-checks passed")


def _flip_text(token: str) -> str:
    if token == "pass":
        return token
    out = []
    for part in token.split("/"):
        star = part.endswith("*")
        name = part.rstrip("*")
        if name != "off":
            name = name[:-1] if name.endswith("A") else name + "A"
        out.append(name + ("*" if star else ""))
    return "/".join(out)


def _check_invariants(pos: Position) -> None:
    for player in (WHITE, BLACK):
        on = sum(own_count(pos.board, player, j) for j in range(24))
        assert on + pos.off[player] == 15
        assert own_count(pos.board, player, LAST) == 0
        assert own_count(pos.board, player, OPP_CORNER) == 0
        if result(pos) is None:
            assert own_count(pos.board, player, OWN_CORNER) != 1
    assert result(pos) is not None or max(pos.score) < WIN_POINTS


def _figures() -> None:
    counts = turn_counts_from_start(WHITE)
    assert counts == turn_counts_from_start(BLACK)
    print("distinct turns from the start (White to move):")
    print("  " + " ".join("%d%d:%d" % (d[0], d[1], n) for d, n in counts.items()))
    print("  total over the 21 rolls: %d" % sum(counts.values()))
    for depth in (1, 2, 3):
        print("perft(start(), %d) = %d" % (depth, perft(start(), depth)))


if __name__ == "__main__":
    _self_test()
    _figures()
