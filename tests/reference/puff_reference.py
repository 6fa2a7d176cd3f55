"""Independent, deliberately simple reference implementation of the rules of Puff.

Used only by tests, to cross-check the real engine.  Written only from the rule texts:
rules/NOTES.md sections 0, 5 and 7 (which win) and the Puff part of the German rule text
of seed 001 (plus the Backgammon rules it refers to).  Clarity matters more than speed:
positions are copied on every step, a turn is searched number by number, and every
single step is generated again from scratch.  Standard library only.

Public API
----------
Position                      frozen, hashable dataclass (fields below)
start(first='W')      -> Position   all 30 checkers off the board, ``first`` to roll
opening()             -> list[(Position, Fraction)]   the roll-off: who starts, exactly
rolls(pos)            -> list[((hi, lo), Fraction)]   the 21 chance outcomes of the next
                                    roll (empty once the game is over)
legal_turns(pos, dice)-> set[Turn]  the distinct results of rolling ``dice``: one
                                    Turn(text, position) per distinct resulting position;
                                    ``text`` is a canonical step text (see Notation)
play(pos, dice, text) -> Position   apply a turn given as text; ValueError if illegal
result(pos)           -> str|None   '1-0' (White bore off all 15), '0-1' (Black), None
make(white, black, to_move='W', waiting=(0, 0), doubles=(0, 0)) -> Position
                                    hand-build a position; white/black map point names
                                    to checker counts; borne-off checkers are implied
show(pos)             -> str        a human readable dump
progress(player, point) -> int      1..24, how far along its own track a point is
point_at(player, progress) -> str   the inverse

``dice`` may be given in either order, (2, 5) or (5, 2); rolls() yields (high, low).
Turn is a NamedTuple (text, position).  ``python puff_reference.py`` runs the self
check (hand-built cases for every rule sentence plus three seeded random games, about
half a minute) and prints the turn counts quoted in reports (about a minute more).
Later doubles are slow: up to 8 steps give tens of thousands of distinct results in a
middle game and take seconds each.

Position fields
---------------
points   tuple of 24 ints in the order of POINTS = 1, 2, .., 12, 1A, 2A, .., 12A
         (the seed's physical point names); +k = k White checkers, -k = k Black ones.
waiting  (White, Black): checkers off the board that still have to be entered, both the
         ones never entered yet and the ones that were hit ("on the bar").
doubles  (White, Black): doubles this player has rolled so far in this game.
to_move  'W' or 'B': the player who rolls next.
Borne-off checkers are not stored: off = 15 - checkers on the board - waiting.

Board and direction
-------------------
White's first quarter is 1-6; White moves 1 -> 12 -> 12A -> 1A, so 1A-6A is White's last
quarter and a White checker leaves the board beyond 1A.  Black's first quarter is 1A-6A;
Black moves 1A -> 12A -> 12 -> 1, his last quarter is 6-1.  ``progress`` counts a point
along the mover's own track: White 1 = 1, 12 = 12, 12A = 13, 1A = 24; Black 1A = 1,
12A = 12, 12 = 13, 1 = 24.  Entering with the number n puts a checker on the point with
progress n; a move with n goes from progress p to p + n; 25 and more is off.

Notation
--------
A step is ``FROM-TO`` with the physical point names, ``bar`` for the source of an
entering checker (never entered, or hit earlier) and ``off`` for a checker borne off;
a ``*`` after the target marks a hit:  ``bar-4``, ``12A-9*``, ``3A-off``.  A turn is its
steps in the order played, separated by one space: ``bar-2 bar-4``.  A turn without any
step (roll lost) is ``pass``.  The canonical text of a result is the smallest step
sequence reaching it, steps compared by (number used, source progress, target progress).
play() also accepts: upper or lower case, the dashes '-', U+2013, U+2212 and '/', commas
as separators, chains ``12A-9-3`` (= ``12A-9 9-3``), a repeat suffix ``(2)``, ``""`` or
``-`` for pass, and the steps of a turn in any order, as long as some order of exactly
those steps is a legal turn.  A '*' that is written must be a hit; a missing '*' is fine.

Rules as implemented (R = rule sentence of NOTES section 7 / 5; READING = our reading
where the texts leave a question open)
--------------------------------------------------------------------------------------
R  All checkers start off the board (waiting = 15 each).
R  Both roll two dice, the higher total starts, with a fresh roll (NOTES' choice): the
   roll-off is only a draw for the first player; opening() gives 1/2 each.
   READING: equal totals are rolled again (as in the Backgammon roll-off); a double in the
   roll-off is not played and is not counted as one of the player's doubles.
R  Entering: each number puts one checker on the point with that number in the own first
   quarter, never further (no continued moves); a point held by 2+ opponent checkers is
   blocked; a lone opponent checker there is hit.
R  A hit checker leaves the board (bar) and must enter again before anything else.
   READING: "never entered" and "hit" checkers behave identically (both enter with one
   number on the own first quarter, both stop all moving), so one count ``waiting``.
R  Only when all 15 are in may checkers move on: while waiting > 0 every step enters.
R  Numbers left after the last entry may be played.  READING: they are then ordinary
   moves under the ordinary obligations (not a free option) and may move any checker,
   the one just entered too (the seed: once all are in, continued moves are allowed).
R  Doubles count the faces underneath (7 - n): a player's first double (doubles == 0
   before the roll) gives n, n, 7-n, 7-n; from his second on, n x4 and 7-n x4.  Counted
   per player per game (NOTES' choice).  After every double the same player rolls again.
   READING: every double rolled counts, also one that could not be played at all.
R  Moving (no checker waiting at the start of the turn), two different numbers lo < hi:
   lo must be played first; if lo cannot be played at all, the whole roll is lost (even
   if hi could be); if after every possible lo no hi can follow, only lo is played.
   READING: if some lo-then-hi sequence exists, both must be played (the Backgammon duty
   to use both numbers, NOTES section 5), so a lo that leaves hi unplayable is illegal.
R  Doubles (all phases): the top numbers n come first and as many of them as possible
   must be played; the bottom numbers 7-n may follow only if all top numbers were played,
   and they are optional: any count from none to all of them may be played.
   READING: this top/bottom order also governs doubles while entering (the bottom numbers
   are the Puff bonus; the top numbers behave as a Backgammon double: as many as
   possible).
   READING (entering turn, non-double): when a checker waits at the start of the turn,
   the Backgammon rules apply (the seed: "das Wiedereinsetzen geschieht genau wie bei
   Backgammon"; NOTES 5): the two numbers in either order, both if at all possible,
   otherwise the higher one if it can be used alone, otherwise the lower.  The Puff
   "lower first" rule is read as a rule for moving (the seed's section "Ziehen": "Sobald
   alle Steine im Brett sind ...").  With one checker waiting this allows both "enter lo,
   move hi" and "enter hi, move lo".
R  Bearing off as in Backgammon once all 15 (those not yet borne off) stand in the own
   last quarter: a number bears off from the point with exactly that distance; a higher
   number only from the highest occupied point (no own checker further from home).
   Bearing off is never forced while a move inside is legal.  The condition is checked
   before each single step, so a first number may bring the last checker home and the
   next one bear off.
R  The first to bear off all 15 wins; the game (and the turn) ends at once.  A turn that
   ends the game counts as using all its numbers.
   READING: no gammon, backgammon or doubling cube in Puff; result() is just who won.
   READING: a player with a closed first quarter still rolls every turn (so his doubles
   count and give him another roll); the seed's Backgammon remark that he "need not
   roll" is a convenience that changes nothing there, and here we keep the plain rule.
"""

from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple
import re

CHECKERS = 15
POINTS = tuple(str(k) for k in range(1, 13)) + tuple(f"{k}A" for k in range(1, 13))
INDEX = {name: i for i, name in enumerate(POINTS)}
BAR = "bar"
OFF = "off"
PLAYERS = ("W", "B")


def other(player):
    return "B" if player == "W" else "W"


def _side(player):
    """0 for White, 1 for Black (index into the per-player pairs)."""
    return PLAYERS.index(player)


# ---------------------------------------------------------------------------
# Geometry
# ---------------------------------------------------------------------------

def progress(player, point):
    """Position of a physical point along ``player``'s track: 1 (first point of the first
    quarter) .. 24 (last point of the last quarter)."""
    return _PROGRESS[player, point]


def _progress_of(player, point):
    upper = point.endswith("A")
    k = int(point[:-1]) if upper else int(point)
    if player == "W":
        return 25 - k if upper else k
    return k if upper else 25 - k


_PROGRESS = {(pl, p): _progress_of(pl, p) for pl in PLAYERS for p in POINTS}


def point_at(player, prog):
    """The physical point name with the given progress (1..24) for ``player``."""
    assert 1 <= prog <= 24
    if player == "W":
        return str(prog) if prog <= 12 else f"{25 - prog}A"
    return f"{prog}A" if prog <= 12 else str(25 - prog)


# ---------------------------------------------------------------------------
# Position
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Position:
    points: tuple    # 24 signed counts in POINTS order: + White, - Black
    waiting: tuple   # (White, Black) checkers still to enter (never entered or hit)
    doubles: tuple   # (White, Black) doubles rolled so far in this game
    to_move: str     # 'W' or 'B'

    def count(self, player, point):
        """Checkers of ``player`` on the physical point ``point``."""
        v = self.points[INDEX[point]]
        if player == "W":
            return v if v > 0 else 0
        return -v if v < 0 else 0

    def on_board(self, player):
        if player == "W":
            return sum(v for v in self.points if v > 0)
        return -sum(v for v in self.points if v < 0)

    def off(self, player):
        """Checkers of ``player`` already borne off."""
        return CHECKERS - self.on_board(player) - self.waiting[_side(player)]


class Step(NamedTuple):
    number: int      # the number of the roll this step uses
    source: str      # point name or 'bar'
    target: str      # point name or 'off'
    hit: bool        # a lone opponent checker on target was hit


class Turn(NamedTuple):
    text: str            # canonical step text of this result
    position: Position   # the position after the turn


def start(first="W"):
    """The starting position: every checker off the board, ``first`` to make the first
    (fresh) roll.  No double counted yet."""
    return Position((0,) * 24, (CHECKERS, CHECKERS), (0, 0), first)


def opening():
    """The roll-off: both players roll two dice, the higher total starts (then rolls
    afresh); equal totals roll again.  Returns [(start('W'), p), (start('B'), q)] with
    exact probabilities, found by counting all 36 x 36 roll pairs."""
    totals = [a + b for a in range(1, 7) for b in range(1, 7)]
    white_higher = sum(1 for t in totals for u in totals if t > u)
    black_higher = sum(1 for t in totals for u in totals if t < u)
    decided = white_higher + black_higher
    return [(start("W"), Fraction(white_higher, decided)),
            (start("B"), Fraction(black_higher, decided))]


def make(white, black, to_move="W", waiting=(0, 0), doubles=(0, 0)):
    """Hand-build a position.  ``white`` and ``black`` map point names ('5', '3A', ...)
    to checker counts; ``waiting`` are checkers still to enter; the rest of each
    player's 15 checkers count as borne off."""
    points = [0] * 24
    for name, n in white.items():
        points[INDEX[_point_name(name)]] += n
    for name, n in black.items():
        i = INDEX[_point_name(name)]
        if points[i] > 0 and n > 0:
            raise ValueError(f"point {name} holds both colours")
        points[i] -= n
    pos = Position(tuple(points), tuple(waiting), tuple(doubles), to_move)
    for player in PLAYERS:
        if pos.off(player) < 0:
            raise ValueError(f"{player} has more than {CHECKERS} checkers")
    return pos


def result(pos):
    if pos.off("W") == CHECKERS:
        return "1-0"
    if pos.off("B") == CHECKERS:
        return "0-1"
    return None


def show(pos):
    lines = []
    for player in PLAYERS:
        where = " ".join(f"{p}:{pos.count(player, p)}" for p in POINTS if pos.count(player, p))
        s = _side(player)
        lines.append(f"{player}: {where or '-'} | waiting {pos.waiting[s]} off {pos.off(player)}"
                     f" doubles {pos.doubles[s]}")
    lines.append(f"to move: {pos.to_move}   result: {result(pos)}")
    return "\n".join(lines)


def rolls(pos):
    """Chance outcomes of the next roll: 15 non-doubles at 1/18, 6 doubles at 1/36.
    Empty when the game is over."""
    if result(pos) is not None:
        return []
    out = []
    for hi in range(6, 0, -1):
        for lo in range(hi, 0, -1):
            out.append(((hi, lo), Fraction(1 if hi == lo else 2, 36)))
    return out


# ---------------------------------------------------------------------------
# Single steps
# ---------------------------------------------------------------------------

def _finished(pos):
    return result(pos) is not None


def _all_home(pos, player):
    """All checkers of ``player`` not yet borne off stand in his last quarter."""
    if pos.waiting[_side(player)] > 0:
        return False
    return all(progress(player, p) >= 19 for p in POINTS if pos.count(player, p))


def _apply_step(pos, number, source, target):
    """Carry out one step (assumed legal) and return (Step, new position)."""
    me = pos.to_move
    opp = other(me)
    sign = 1 if me == "W" else -1
    points = list(pos.points)
    waiting = list(pos.waiting)
    if source == BAR:
        waiting[_side(me)] -= 1
    else:
        points[INDEX[source]] -= sign
    hit = False
    if target != OFF:
        if pos.count(opp, target) == 1:
            hit = True
            points[INDEX[target]] = 0
            waiting[_side(opp)] += 1
        points[INDEX[target]] += sign
    new = Position(tuple(points), tuple(waiting), pos.doubles, pos.to_move)
    return Step(number, source, target, hit), new


def _steps(pos, number):
    """Every legal single step of the side to move using ``number``:
    a list of (Step, new position), one per distinct source point."""
    me = pos.to_move
    opp = other(me)
    if _finished(pos):
        return []
    if pos.waiting[_side(me)] > 0:
        # Entering: exactly onto the point `number` of the own first quarter.
        target = point_at(me, number)
        if pos.count(opp, target) >= 2:
            return []
        return [_apply_step(pos, number, BAR, target)]
    out = []
    home = _all_home(pos, me)
    own = [p for p in POINTS if pos.count(me, p)]
    for source in sorted(own, key=lambda p: progress(me, p)):
        p = progress(me, source)
        q = p + number
        if q <= 24:
            target = point_at(me, q)
            if pos.count(opp, target) >= 2:
                continue
            out.append(_apply_step(pos, number, source, target))
        elif home:
            further = any(progress(me, x) < p for x in own)
            if q == 25 or not further:
                out.append(_apply_step(pos, number, source, OFF))
    return out


# ---------------------------------------------------------------------------
# Whole turns
# ---------------------------------------------------------------------------

def _step_key(step, player):
    src = 0 if step.source == BAR else progress(player, step.source)
    dst = 25 if step.target == OFF else progress(player, step.target)
    return (step.number, src, dst)


def _keep(table, pos, key, steps):
    """Remember ``steps`` (sort key ``key``) as the way to ``pos`` if it is the smallest
    so far.  ``table`` maps position -> (key, steps)."""
    old = table.get(pos)
    if old is None or key < old[0]:
        table[pos] = (key, steps)


def _follow(pos, plan):
    """All ways to play the numbers of ``plan`` one after the other, one step each.
    Returns {position after the last number: (key, smallest step tuple)}.  A line in
    which the game ends early stops there and counts as complete."""
    player = pos.to_move
    layer = {pos: ((), ())}
    for number in plan:
        nxt = {}
        for here, (key, steps) in layer.items():
            if _finished(here):
                _keep(nxt, here, key, steps)
                continue
            for step, there in _steps(here, number):
                _keep(nxt, there, key + (_step_key(step, player),), steps + (step,))
        layer = nxt
    return layer


def _dice(dice):
    a, b = dice
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise ValueError(f"bad dice {dice!r}")
    return max(a, b), min(a, b)


def _plans(pos, dice):
    """The orders of numbers that a legal turn may use, after applying the obligations.
    Each plan is a tuple of numbers played in that order; a turn is legal when it plays
    one plan completely (or until the game ends)."""
    hi, lo = _dice(dice)
    me = _side(pos.to_move)
    if hi != lo:
        if pos.waiting[me] == 0:
            # Moving: the lower number first.
            if _follow(pos, (lo, hi)):
                return [(lo, hi)]
            if _follow(pos, (lo,)):
                return [(lo,)]          # only the lower can be played: higher is lost
            return [()]                 # the lower cannot be played: roll lost
        # Entering turn: Backgammon rules (either order, both if possible, else higher).
        if _follow(pos, (lo, hi)) or _follow(pos, (hi, lo)):
            return [(lo, hi), (hi, lo)]
        if _follow(pos, (hi,)):
            return [(hi,)]
        if _follow(pos, (lo,)):
            return [(lo,)]
        return [()]
    n = hi
    under = 7 - n
    k = 2 if pos.doubles[me] == 0 else 4
    tops = k
    while tops > 0 and not _follow(pos, (n,) * tops):
        tops -= 1
    if tops < k:
        return [(n,) * tops]            # tops not all played: no bottom numbers
    return [(n,) * k + (under,) * j for j in range(k + 1)]


def _end_turn(pos, dice):
    """Book-keeping after a turn: a double is counted and its player rolls again;
    otherwise the opponent rolls next."""
    hi, lo = _dice(dice)
    if hi == lo:
        doubles = list(pos.doubles)
        doubles[_side(pos.to_move)] += 1
        return Position(pos.points, pos.waiting, tuple(doubles), pos.to_move)
    return Position(pos.points, pos.waiting, pos.doubles, other(pos.to_move))


def _text(steps):
    if not steps:
        return "pass"
    return " ".join(f"{s.source}-{s.target}{'*' if s.hit else ''}" for s in steps)


def legal_turns(pos, dice):
    """The distinct results of rolling ``dice`` in ``pos``: a set of Turn(text, position),
    one per distinct position after the turn.  Empty if the game is over."""
    if _finished(pos):
        return set()
    finals = {}
    for plan in _plans(pos, dice):
        for there, (key, steps) in _follow(pos, plan).items():
            _keep(finals, there, key, steps)
    return {Turn(_text(steps), _end_turn(there, dice)) for there, (_, steps) in finals.items()}


# ---------------------------------------------------------------------------
# Parsing and play()
# ---------------------------------------------------------------------------

def _point_name(token):
    t = token.strip().upper().replace(" ", "")
    if t == "BAR":
        return BAR
    if t == "OFF":
        return OFF
    m = re.fullmatch(r"(\d{1,2})(A?)", t)
    if not m or not 1 <= int(m.group(1)) <= 12:
        raise ValueError(f"bad point {token!r}")
    return str(int(m.group(1))) + m.group(2)


def _parse(text):
    """Turn text -> list of (source, target, hit) where hit is True or None (unstated)."""
    t = text.strip()
    for dash in ("\u2013", "\u2212", "/"):
        t = t.replace(dash, "-")
    if t.lower() in ("", "-", "pass"):
        return []
    out = []
    for token in re.split(r"[\s,]+", t):
        if not token:
            continue
        repeat = 1
        m = re.fullmatch(r"(.*)\((\d)\)", token)
        if m:
            token, repeat = m.group(1), int(m.group(2))
        parts = token.split("-")
        if len(parts) < 2:
            raise ValueError(f"bad step {token!r}")
        names = []
        marks = []
        for part in parts:
            marks.append(True if part.endswith("*") else None)
            names.append(_point_name(part.rstrip("*")))
        if marks[0]:
            raise ValueError(f"bad hit mark in {token!r}")
        for _ in range(repeat):
            for i in range(len(names) - 1):
                out.append((names[i], names[i + 1], marks[i + 1]))
    return out


def _match(pos, plan, i, remaining):
    """Try to play the parsed steps ``remaining`` (in some order) as plan[i:].
    Returns the position after the turn, or None."""
    if not remaining:
        return pos if (i == len(plan) or _finished(pos)) else None
    if i == len(plan) or _finished(pos):
        return None
    options = _steps(pos, plan[i])
    tried = set()
    for j, (src, dst, hit) in enumerate(remaining):
        if (src, dst, hit) in tried:
            continue
        tried.add((src, dst, hit))
        for step, there in options:
            if step.source == src and step.target == dst and (hit is None or hit == step.hit):
                done = _match(there, plan, i + 1, remaining[:j] + remaining[j + 1:])
                if done is not None:
                    return done
    return None


def play(pos, dice, text):
    """Play the turn written in ``text`` with ``dice``; returns the position after it.
    Raises ValueError if the text is no legal turn for this roll."""
    if _finished(pos):
        raise ValueError("the game is over")
    steps = tuple(_parse(text))
    for plan in _plans(pos, dice):
        there = _match(pos, plan, 0, steps)
        if there is not None:
            return _end_turn(there, dice)
    raise ValueError(f"illegal turn {text!r} for roll {dice!r}")


# ---------------------------------------------------------------------------
# Self check (python puff_reference.py): hand-built cases for every rule sentence,
# then seeded random games checking invariants, play() round trips, colour symmetry
# and a brute-force re-derivation of the turn rules.
# ---------------------------------------------------------------------------

def _texts(pos, dice):
    return sorted(t.text for t in legal_turns(pos, dice))


def _only(pos, dice):
    turns = legal_turns(pos, dice)
    assert len(turns) == 1, sorted(t.text for t in turns)
    return next(iter(turns))


def _rejects(pos, dice, text):
    try:
        play(pos, dice, text)
    except ValueError:
        return True
    return False


def _mirror_name(name):
    if name in (BAR, OFF):
        return name
    return name[:-1] if name.endswith("A") else name + "A"


def _mirror(pos):
    """The same position with the colours exchanged (k <-> kA)."""
    points = [0] * 24
    for name in POINTS:
        points[INDEX[_mirror_name(name)]] = -pos.points[INDEX[name]]
    return Position(tuple(points), pos.waiting[::-1], pos.doubles[::-1], other(pos.to_move))


def _mirror_text(text):
    if text == "pass":
        return text
    out = []
    for step in text.split():
        hit = step.endswith("*")
        a, b = step.rstrip("*").split("-")
        out.append(f"{_mirror_name(a)}-{_mirror_name(b)}{'*' if hit else ''}")
    return " ".join(out)


def _brute_turns(pos, dice):
    """The set of positions after a legal turn, derived differently: list every sequence
    of single steps using the roll's numbers in any order (stopping anywhere), then keep
    the ones the rule sentences allow.  Exponential; for small cases only."""
    hi, lo = _dice(dice)
    me = _side(pos.to_move)
    if hi == lo:
        k = 2 if pos.doubles[me] == 0 else 4
        numbers = [hi] * k + [7 - hi] * k
    else:
        numbers = [lo, hi]
    seqs = []   # (numbers used, final position)

    def walk(here, used, left):
        seqs.append((tuple(used), here))
        if _finished(here):
            return
        for n in sorted(set(left)):
            rest = list(left)
            rest.remove(n)
            for _, there in _steps(here, n):
                walk(there, used + [n], rest)

    walk(pos, [], numbers)

    def complete(u, q, plan):   # u plays plan fully, or a prefix of it that won the game
        return u == plan or (_finished(q) and plan[:len(u)] == u)

    if hi != lo:
        if pos.waiting[me] == 0:
            groups = [[(lo, hi)], [(lo,)]]
        else:
            groups = [[(lo, hi), (hi, lo)], [(hi,)], [(lo,)]]
    else:
        n, k = hi, numbers.count(hi)
        tops = max(k if _finished(q) else len(u) for u, q in seqs if all(x == n for x in u))
        if tops < k:
            groups = [[(n,) * tops]]
        else:
            groups = [[(n,) * k + (7 - n,) * j for j in range(k + 1)]]
    for plans in groups:
        found = {q for u, q in seqs if any(complete(u, q, p) for p in plans)}
        if found:
            return {_end_turn(q, dice) for q in found}
    return {_end_turn(pos, dice)}


def _self_check():
    W, B = "W", "B"
    # -- geometry: the seed's names and both directions
    assert [point_at(W, k) for k in (1, 6, 12, 13, 19, 24)] == ["1", "6", "12", "12A", "6A", "1A"]
    assert [point_at(B, k) for k in (1, 6, 12, 13, 19, 24)] == ["1A", "6A", "12A", "12", "6", "1"]
    for pl in PLAYERS:
        assert all(progress(pl, point_at(pl, k)) == k for k in range(1, 25))

    # -- all checkers start off the board
    s = start()
    assert s.waiting == (15, 15) and s.points == (0,) * 24 and s.doubles == (0, 0)
    assert s.off(W) == s.off(B) == 0 and result(s) is None

    # -- roll-off: the higher total starts with a fresh roll; equal totals roll again
    assert [(x.to_move, p) for x, p in opening()] == [(W, Fraction(1, 2)), (B, Fraction(1, 2))]
    assert all(x == start(x.to_move) for x, _ in opening())      # nothing counted yet
    assert len(rolls(s)) == 21 and sum(p for _, p in rolls(s)) == 1

    # -- entering: each number puts one checker on that point of the own first quarter
    t = _only(s, (4, 2))
    assert t.text == "bar-2 bar-4"
    assert t.position == make({"2": 1, "4": 1}, {}, B, waiting=(13, 15))
    t = _only(start(B), (4, 2))
    assert t.text == "bar-2A bar-4A"
    assert t.position == make({}, {"2A": 1, "4A": 1}, W, waiting=(15, 13))
    assert play(s, (2, 4), "bar/4 BAR-2") == play(s, (4, 2), "bar\u20132, bar\u22124")
    # no continued moves while entering
    assert _rejects(s, (4, 2), "bar-2-6") and _rejects(s, (4, 2), "bar-6")
    # blocked by an opponent point, hitting a lone checker
    p = make({"1A": 5}, {"3": 2, "5": 1, "12": 12}, W, waiting=(10, 0))
    assert _texts(p, (5, 3)) == ["bar-5*"]           # 3 blocked: the higher alone
    t = _only(p, (5, 1))
    assert t.text == "bar-1 bar-5*" and t.position.waiting == (8, 1)
    assert t.position.count(W, "5") == 1 and t.position.count(B, "5") == 0
    assert _texts(p, (3, 2)) == ["bar-2"]            # higher blocked: the lower alone
    assert _rejects(p, (5, 3), "bar-3") and _rejects(p, (5, 3), "bar-5 bar-3")
    p = make({"1A": 5}, {"3": 2, "4": 2, "12": 11}, W, waiting=(10, 0))
    t = _only(p, (4, 3))
    assert t.text == "pass" and t.position == Position(p.points, p.waiting, p.doubles, B)
    # Black enters on 1A..6A and hits there too
    p = make({"2A": 1, "12": 14}, {"12A": 5}, B, waiting=(0, 10))
    assert _texts(p, (2, 1)) == ["bar-1A bar-2A*"]

    # -- a hit checker goes to the bar and must enter again first
    p = make({"1A": 14}, {"12": 13, "12A": 1}, B, waiting=(1, 1))
    assert _texts(p, (2, 1)) == ["bar-2A 12-11", "bar-2A 12A-12", "bar-2A 2A-3A"]
    assert _rejects(p, (2, 1), "12-11 12-10")
    p = make({"2A": 1, "1A": 5}, {"12": 14}, B, waiting=(0, 1))   # White bearing off
    assert _texts(p, (6, 2)) == ["bar-2A* 12-6", "bar-2A* 2A-8A", "bar-6A 12-10", "bar-6A 6A-8A"]
    hit = play(p, (6, 2), "bar-2A* 12-6")
    assert hit.waiting == (1, 0) and hit.count(B, "2A") == 1 and hit.count(W, "2A") == 0
    # White must now enter and bring that checker home before bearing off again
    for dice, _ in rolls(hit):
        for turn in legal_turns(hit, dice):
            assert "off" not in turn.text and turn.text.startswith(("bar-", "pass"))

    # -- only when all 15 are in may checkers move on
    p = make({"3": 13}, {}, W, waiting=(2, 15))
    assert _texts(p, (6, 1)) == ["bar-1 bar-6"]
    # numbers left after the last entry are played (any checker, the new one too)
    p = make({"3": 14}, {}, W, waiting=(1, 15))
    assert _texts(p, (5, 2)) == ["bar-2 2-7", "bar-2 3-8", "bar-5 3-5"]
    assert play(p, (5, 2), "bar-5 5-7") == play(p, (5, 2), "bar-2 2-7")   # same result
    # whichever number enters, the other cannot move: the higher one enters
    p = make({"1A": 14}, {"7": 2, "4": 2, "12A": 11}, W, waiting=(1, 0))
    assert _texts(p, (5, 2)) == ["bar-5"]
    # the higher cannot enter, after the lower nothing moves: the lower alone
    p = make({"1A": 14}, {"7": 2, "5": 2, "12A": 11}, W, waiting=(1, 0))
    assert _texts(p, (5, 2)) == ["bar-2"]

    # -- doubles also count the faces underneath; the first double: n, n, 7-n, 7-n
    assert _texts(s, (3, 3)) == ["bar-3 bar-3", "bar-3 bar-3 bar-4", "bar-3 bar-3 bar-4 bar-4"]
    assert _texts(s, (6, 6)) == ["bar-6 bar-6", "bar-6 bar-6 bar-1", "bar-6 bar-6 bar-1 bar-1"]
    # from the second double on: n four times and 7-n four times
    s1 = Position(s.points, s.waiting, (1, 0), W)
    assert _texts(s1, (3, 3)) == ["bar-3 bar-3 bar-3 bar-3" + " bar-4" * j for j in range(5)]
    # counted per player: Black's first double stays n, n, 7-n, 7-n
    assert len(legal_turns(Position(s.points, s.waiting, (3, 0), B), (6, 6))) == 3
    assert len(legal_turns(Position(s.points, s.waiting, (0, 1), B), (6, 6))) == 5
    # after every double the same player rolls again; the double is counted
    for t in legal_turns(s, (3, 3)):
        assert t.position.to_move == W and t.position.doubles == (1, 0)
    for t in legal_turns(s, (4, 3)):
        assert t.position.to_move == B and t.position.doubles == (0, 0)
    # a double that cannot be played is counted as well (and bottoms need all tops)
    p = make({"1": 1, "1A": 14}, {"3": 2, "12": 13}, W)
    t = _only(p, (2, 2))
    assert t.text == "pass" and t.position.to_move == W and t.position.doubles == (1, 0)
    assert t.position.points == p.points

    # an entering turn with a double: the first top enters, the second top must move,
    # the bottoms are optional (checked against the brute-force derivation as well)
    p = make({"3": 14}, {"12A": 15}, W, waiting=(1, 0))
    got = _texts(p, (2, 2))
    assert all(x.startswith("bar-2 ") and len(x.split()) >= 2 for x in got)
    assert {"bar-2 2-4", "bar-2 3-5", "bar-2 2-4 4-9 9-11A", "bar-2 3-5 3-8 3-8"} <= set(got)
    assert "bar-2 3-5 3-8 8-12A" not in got                  # Black holds 12A
    assert _brute_turns(p, (2, 2)) == {t.position for t in legal_turns(p, (2, 2))}
    assert len(got) == 16      # by hand: after 2-4: 1 + 2 + 3; after 3-5: 1 + 3 + 6

    # -- moving: the lower number must be played first
    p = make({"1": 1, "5": 1, "1A": 13}, {"6": 2, "12": 13}, W)
    assert _texts(p, (4, 1)) == ["1-2 5-9"]          # not "5-9 9-10" (higher first)
    assert _rejects(p, (4, 1), "5-9 9-10")
    assert play(p, (4, 1), "5-9 1-2") == _only(p, (4, 1)).position   # text order is free
    # if the lower cannot be played, the roll is lost (1-3-4 would need the higher first)
    p = make({"1": 1, "1A": 14}, {"2": 2, "12": 13}, W)
    assert _texts(p, (2, 1)) == ["pass"] and _rejects(p, (2, 1), "1-3 3-4")
    # the seed's examples, seen from a White checker on 1: 5/4 with 5 and 6 blocked is
    # lost; 6/3 with 7 blocked goes 1-4-10
    p = make({"1": 1, "1A": 14}, {"5": 2, "6": 2, "12": 11}, W)
    assert _texts(p, (5, 4)) == ["pass"]
    p = make({"1": 1, "1A": 14}, {"7": 2, "12": 13}, W)
    assert _texts(p, (6, 3)) == ["1-4 4-10"]
    # if only the lower can be played, the higher is lost
    p = make({"1": 1, "1A": 14}, {"4": 2, "12": 13}, W)
    assert _texts(p, (2, 1)) == ["1-2"]
    p = make({"1": 1, "1A": 14}, {"7": 2, "12": 13}, W)
    assert _texts(p, (6, 5)) == ["1-6"]              # 6-12 is blocked by Black's 12
    # both must be played when some lower-first order allows it
    p = make({"1": 1, "2": 1, "1A": 13}, {"4": 2, "5": 2, "12": 11}, W)
    assert _texts(p, (2, 1)) == ["2-3 1-3"] and _rejects(p, (2, 1), "1-2")
    # Black moves the other way
    p = make({"12A": 15}, {"1A": 1, "12": 14}, B)
    assert _texts(p, (3, 1)) == ["12-11 11-8", "12-11 12-9", "12-11 1A-4A", "1A-2A 12-9",
                                 "1A-2A 2A-5A"]
    # hitting while moving
    p = make({"1": 1, "3": 1, "1A": 13}, {"4": 1, "12": 14}, W)
    assert _texts(p, (3, 2)) == ["1-3 3-6", "3-5 1-4*", "3-5 5-8"]
    q = play(p, (3, 2), "3-5 1-4*")
    assert q.waiting == (0, 1) and q.count(W, "4") == 1 and q.count(B, "4") == 0

    # -- doubles while moving: tops first and as far as possible, bottoms optional
    p = make({"1": 1, "1A": 14}, {"5": 2, "12": 13}, W, doubles=(1, 0))
    assert _texts(p, (2, 2)) == ["1-3"]              # one top only: no bottoms (1-3-8)
    p = make({"1": 1, "1A": 14}, {"3": 2, "12": 13}, W, doubles=(1, 0))
    assert _texts(p, (2, 2)) == ["pass"]             # 1-6 with a bottom 5 not allowed
    p = make({"1": 1, "1A": 14}, {"12": 15}, W)
    assert _texts(p, (1, 1)) == ["1-2 2-3", "1-2 2-3 3-9", "1-2 2-3 3-9 9-10A"]
    # a later double run home: bearing off becomes legal during the bottom numbers
    p = make({"1": 1, "1A": 14}, {"2": 15}, W, doubles=(1, 0))
    got = _texts(p, (2, 2))
    assert len(got) == 5 and "1-3 3-5 5-7 7-9 9-11A 11A-6A 6A-1A 1A-off" in got
    assert _rejects(p, (2, 2), "1-3 3-5 5-7 9-11A")  # a bottom before the last top
    # a later double with two movable checkers, against the brute-force derivation
    p = make({"1": 1, "5": 1, "1A": 13}, {"8": 2, "12": 13}, W, doubles=(1, 0))
    turns = legal_turns(p, (3, 3))
    assert _brute_turns(p, (3, 3)) == {t.position for t in turns}
    assert all(len(t.text.split()) >= 4 for t in turns)   # all four tops always fit

    # -- bearing off once all 15 are in the last quarter
    p = make({"7A": 1, "1A": 14}, {"12": 15}, W)
    assert _texts(p, (2, 1)) == ["7A-6A 6A-4A"]      # first home, then not from 1A
    p = make({"5A": 1, "1A": 14}, {"12": 15}, W)
    assert _texts(p, (5, 1)) == ["1A-off 5A-off", "5A-4A 4A-off"]
    # a higher number only from the highest point
    p = make({"6A": 1, "3A": 1, "1A": 13}, {"12": 15}, W)
    assert _texts(p, (5, 4)) == ["6A-2A 3A-off"]
    p = make({"12": 15}, {"3": 1, "1": 14}, B)
    assert _texts(p, (6, 5)) == ["3-off 1-off"]
    # bearing off is not forced: above, the 1 may go 5A-4A instead of the exact 1A-off;
    # here the 2 may go 3A-1A (then the 3 cannot bear off: 5A is the highest point)
    p = make({"5A": 1, "3A": 1}, {"12": 15}, W)
    assert _texts(p, (3, 2)) == ["3A-1A 5A-2A", "5A-3A 3A-off"]

    # -- the first to bear off all wins; the turn ends at once
    p = make({"1A": 1}, {"12": 15}, W)
    t = _only(p, (2, 1))
    assert t.text == "1A-off" and result(t.position) == "1-0"
    assert legal_turns(t.position, (3, 1)) == set() and rolls(t.position) == []
    t = _only(make({"1A": 1}, {"12": 15}, W, doubles=(1, 0)), (6, 6))
    assert t.text == "1A-off" and result(t.position) == "1-0"
    t = _only(make({"12": 15}, {"2": 2}, B), (3, 2))
    assert t.text == "2-off 2-off" and result(t.position) == "0-1"

    # -- notation: chains, repeats, case, hit marks
    p = make({"1": 2, "1A": 13}, {"12": 15}, W, doubles=(1, 0))
    a = play(p, (3, 3), "1-4-7(2)")
    assert a == play(p, (3, 3), "1-4 1-4 4-7 4-7")
    p = make({"1": 1, "1A": 14}, {"4": 1, "12": 14}, W)
    assert _texts(p, (2, 1)) == ["1-2 2-4*"]
    assert play(p, (2, 1), "1-2 2-4*") == play(p, (2, 1), "1-2-4") == play(p, (1, 2), "1-2,2-4")
    assert _rejects(p, (2, 1), "1-2* 2-4") and _rejects(p, (2, 1), "1-3 3-4")

    _random_games(3, seed=7)
    print("puff_reference self check: ok")


def _random_games(games, seed):
    import random
    rng = random.Random(seed)
    lengths = []
    for _ in range(games):
        pos = start(rng.choice(PLAYERS))
        turns = 0
        while result(pos) is None:
            turns += 1
            assert turns < 5000
            outcomes = rolls(pos)
            dice = rng.choices([d for d, _ in outcomes], [float(p) for _, p in outcomes])[0]
            choices = sorted(legal_turns(pos, dice), key=lambda t: t.text)
            assert choices
            small = len(choices) <= 300
            for t in (choices if small else rng.sample(choices, 10)):
                q = t.position
                for pl in PLAYERS:
                    assert q.off(pl) >= 0 and q.waiting[_side(pl)] >= 0
                assert play(pos, dice, t.text) == q
            if small:
                # colour symmetry
                mirrored = {(_mirror_text(t.text), _mirror(t.position)) for t in choices}
                assert mirrored == {(t.text, t.position) for t in legal_turns(_mirror(pos), dice)}
                # the brute-force derivation agrees (not for the long later doubles)
                if dice[0] != dice[1] or pos.doubles[_side(pos.to_move)] == 0:
                    assert _brute_turns(pos, dice) == {t.position for t in choices}
            pos = rng.choice(choices).position
        lengths.append(turns)
    return lengths


def _figures():
    """Print the numbers of distinct turns quoted in reports."""
    s = start()
    print("distinct turns from the start, White to roll (no double yet / one already):")
    for dice, prob in rolls(s):
        first = legal_turns(s, dice)
        later = legal_turns(Position(s.points, s.waiting, (1, 0), "W"), dice)
        print(f"  {dice[0]}/{dice[1]} p={prob}: {len(first)} / {len(later)}")
    mid = make({"3": 2, "5": 3, "8": 2, "12": 3, "3A": 2, "8A": 3},
               {"2A": 2, "4A": 3, "7A": 3, "11": 2, "6": 3, "2": 2}, "W")
    print("a middle game position, White to roll (no double yet / one already):")
    print(show(mid))
    for dice, prob in rolls(mid):
        first = legal_turns(mid, dice)
        later = legal_turns(Position(mid.points, mid.waiting, (1, 0), "W"), dice)
        print(f"  {dice[0]}/{dice[1]}: {len(first)} / {len(later)}")


if __name__ == "__main__":
    _self_check()
    _figures()
