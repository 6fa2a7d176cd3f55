"""What the parts of the ``track`` block share: its compiled rules, and the step view's STOP.

The block is one class made of three parts, each a file of this package: the turns a roll gives
(:mod:`.turns`), the step view of a turn (:mod:`.steps`) and the texts of its moves (:mod:`.texts`);
:mod:`spielwerk.blocks.track` compiles the keys and plays the moves. They all read the rules
compiled once, declared here.
"""

from __future__ import annotations

from typing import Any

from ...moves import Move, field
from ..base import Block

__all__ = ["TrackRules", "TrackMove", "ScoredTrackMove", "STOP", "MAX_REPEAT"]

#: the step view's choice "end the turn here" (offered where stopping and going on are both legal)
STOP = None

#: the most a repeat count in a move text may say (``8/5(2)``, ``2 x 8 - 7``): a turn moves at
#: most this many checkers the same way
MAX_REPEAT = 16


class TrackMove(Move):
    """A whole dice turn (``track``): the dice, and the steps (from square, to square) in the order
    played; no steps: the roll could not be played."""

    __slots__ = ()
    fields = ("dice", "steps")
    dice = field(1, "the dice rolled, the higher first")
    steps = field(2, "the steps (from square, to square) in the order played")


class ScoredTrackMove(Move):
    """A whole dice turn of a game played for points: also the points it earns its player."""

    __slots__ = ()
    fields = ("dice", "steps", "gain")
    dice = field(1, "the dice rolled, the higher first")
    steps = field(2, "the steps (from square, to square) in the order played")
    gain = field(3, "the points the turn earns")


class TrackRules(Block):
    """The compiled rules of a ``track`` (set by :class:`spielwerk.blocks.track.Track`'s compile step).

    Inside the generator a player's checkers are counted in his own coordinates: 0 is the bar,
    1..N his path, N+1 borne off and N+2 the second entering place (``out``), if any.
    """

    N: int
    OUT: int
    _apart_cache: Any
    _by_delta: Any
    _cached: Any
    _walk_counts: tuple[int, int, list[int], list[int]]
    _turn_walks: list[Any]
    _keeps_walk: bool
    _turn_key: Any
    _mover_pos: Any
    _prune: Any
    _simple: Any
    _square_map: Any
    _step_squares: Any
    _weights_of: Any
    bar: list[int]
    bar_first: bool
    bar_name: str
    bear_all_home: bool
    bears_off: bool
    capacity: int
    block: int
    clear_first: bool
    code: list[int]
    corner: int
    count_doubles: bool
    double_play: int
    ending_turns: str
    enter_at: list[int]
    enter_on: list[frozenset[int] | None]
    first_take: int
    formed: list[tuple[list[int], int, int]]
    hit_place: list[int]
    hit_points: int
    hit_to_start: bool
    home_start: int
    kept: list[tuple[list[int], int, int]]
    last_leave: int
    later_from: int
    later_play: int
    later_underneath: int
    maximize: str
    names_mode: bool
    no_hit: list[set[int]]
    off: list[int]
    off_at: int
    off_points: int
    one_die: bool
    own_paths: bool
    opp_corner: int
    opp_start: int
    order: str
    order_entering: str
    out: list[int] | None
    out_all_first: bool
    out_continue: bool
    out_name: str
    overshoot: str
    pass_through: bool
    paths: list[list[int]]
    pin: bool
    pin_ends: bool
    pos_of: list[list[int]]
    recycle: bool
    recycle_to: int
    roll_again: bool
    scoring: bool
    start: int
    stop_short: bool
    target: int | None
    turn_end: list[tuple[list[int], int, int]]
    underneath: int
    underneath_optional: bool


class _Probe:
    """What one walk of the step view gathers (see :meth:`Track.step_choices`).

    A way through the turn ends in a leaf; its rank says how well it obeys the rules for using
    the dice: ``2 * numbers used (at most those required) + 1``, less one where only one number
    is used, the dice differ, the higher must be preferred and this way did not use it. The turns
    listed as legal are exactly the ends of the best rank (a turn that ends the game counts as
    using every number, or, with ``ending_turns: apart``, is legal whatever its rank).

    The walk follows the steps already chosen (``depth`` of them), then ranks each next step by
    the best end beyond it, leaving a step's ways as soon as one reaches the best rank there can
    be (``cap``): that is the look-ahead "only as far as needed".
    """

    __slots__ = ("depth", "cap", "required", "high", "prefer_high", "apart", "ranks", "current", "settled",
                 "stop", "stop_ended", "gain")

    def __init__(self, depth: int, required: int, plan_length: int, dice: tuple[int, int],
                 prefer_high: bool, apart: bool) -> None:
        self.reset(depth, required, plan_length, dice, prefer_high, apart)

    def reset(self, depth: int, required: int, plan_length: int, dice: tuple[int, int],
              prefer_high: bool, apart: bool) -> None:
        """Set the probe for a new walk (as made anew)."""
        self.depth, self.required = depth, required
        self.cap = 2 * (required if required < plan_length else plan_length) + 1
        a, b = dice
        self.high = a if a > b else b
        self.prefer_high = prefer_high and a != b
        self.apart = apart
        #: next step -> [best rank beyond it (-1: none), whether a way beyond it ends the game]
        self.ranks: dict[int, list[Any]] = {}
        self.current: list[Any] = [-1, False]
        #: the current next step has reached ``cap``: its other ways need not be walked
        self.settled = False
        #: stopping after the chosen steps: its rank (-1: not a leaf), whether it ends the game,
        #: the points the turn earns
        self.stop, self.stop_ended, self.gain = -1, False, 0

    def begin(self, step: int) -> bool:
        """Start walking the ways beyond the next step ``step``; True if it is settled already."""
        entry = self.ranks.get(step)
        if entry is None:
            entry = self.ranks[step] = [-1, False]
        elif entry[0] == self.cap:
            return True
        self.current = entry
        return False

    def rank_of(self, used: int, first: int) -> int:
        """The rank of a way that ends, not ending the game, having used ``used`` numbers, the
        first of them ``first`` (as :meth:`leaf` ranks it)."""
        m = used if used < self.required else self.required
        return 2 * m + (0 if self.prefer_high and m == 1 and first != self.high else 1)

    def leaf(self, n: int, used: int, first: int, gain: int, ended: bool) -> None:
        if n < self.depth:  # an end of the steps already chosen, not of what is looked at
            return
        if ended:
            if n == self.depth:
                self.stop_ended = True
            else:
                self.current[1] = True
            if self.apart:
                return
            used = self.required
        m = used if used < self.required else self.required
        r = 2 * m + (0 if self.prefer_high and m == 1 and first != self.high else 1)
        if n == self.depth:
            if r > self.stop:
                self.stop, self.gain = r, gain
        elif r > self.current[0]:
            self.current[0] = r
            if r == self.cap:
                self.settled = True
