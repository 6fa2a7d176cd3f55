"""``track``: checkers run along their owner's path by the numbers of the dice; a move is a whole
turn, and the legal moves of a roll are its distinct resulting positions."""

from __future__ import annotations

from typing import TYPE_CHECKING

import re
from typing import Any, cast

from ..dsl.errors import AmbiguousMoveError, InvalidMoveError, OptionError
from ..ledger import retop
from .base import Block, Compiling

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Move, Position
    from ..predicates.holds import Holds
    from ..topology import TrackTopology

__all__ = ["Track", "STOP"]

#: the step view's choice "end the turn here" (offered where stopping and going on are both legal)
STOP = None

#: the most a repeat count in a move text may say (``8/5(2)``, ``2 x 8 - 7``): a turn moves at
#: most this many checkers the same way
MAX_REPEAT = 16


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
        self.depth, self.required = depth, required
        self.cap = 2 * min(required, plan_length) + 1
        self.high = max(dice)
        self.prefer_high = prefer_high and dice[0] != dice[1]
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


class Track(Block):
    """Checkers run along their owner's path by the numbers of the dice (docs/reference/tracks.md).

    Parameters: ``pieces``, ``blocked_by`` (2), ``hit``, ``enter``, ``start``, ``corner``,
    ``bear_off``, ``maximize``, ``order`` and ``order_while_entering``; the phase's ``doubles`` and
    the game's ``scoring`` are read too.

    A move is ``(index, dice, steps)``, ``steps`` a tuple of ``(from square, to square)`` in the
    order played; an empty ``steps`` is the pass of a roll with nothing playable. In a game with
    ``scoring`` a move has a fourth item, the points the turn earns its player.

    Inside the generator a player's checkers are counted in his own coordinates: 0 is the bar,
    1..N his path, N+1 borne off and N+2 the second entering place (``out``), if any.
    """

    name = "track"
    stepwise = True
    default_template = "{steps}"
    field_kinds = {"steps": "steps"}

    def __init__(self, c: Compiling, index: int, params: dict[str, Any], path: tuple[Any, ...]) -> None:
        super().__init__(c, index, params, path)
        g = c
        self.require_stacking(c, "the checkers of a `track` pile up on its points and places")
        topo = cast("TrackTopology", c.t.topology)
        N = self.N = topo.points
        self.paths = topo.paths
        self.pos_of = topo.position
        kind = c.t.kind_index[params.get("pieces", c.t.kind_names)[0]]
        self.code = [0, kind * 2, kind * 2 + 1]
        #: opposing checkers that close a point: 1 (any), or 2 (a lone one is hit or pinned); more
        #: would let both players' checkers share a point, which no position text can say
        self.block = g.number(path + ("blocked_by",), params.get("blocked_by", 2), 1, 2)
        # -- the start point (its checkers must all leave before anything else moves) -------------
        start = params.get("start")
        self.start = int(start.get("point", 1)) if start is not None else 0
        self.clear_first = bool(start.get("clear_first", True)) if start is not None else False
        # -- hitting --------------------------------------------------------------------------------
        hit = params.get("hit") or {}
        #: ``pin``: a checker landing on a lone enemy checker sits on it; the pinned checker stays
        #: until the pinners leave, and its point is closed to its owner (no bar, no hitting)
        self.pin = hit.get("mode", "send") == "pin"
        #: pinning a checker on the opponent's start point ends the game at once
        self.pin_ends = self.pin and hit.get("ends_game_on") == "opponent_start"
        self.hit_to_start = hit.get("to", "bar") == "start"
        #: where a hit checker of each player goes: his bar, or the first point of his path
        if self.hit_to_start:
            home_point = self.start or 1
            self.hit_place = [-1, self.paths[1][home_point - 1], self.paths[2][home_point - 1]]
        elif self.pin:
            self.hit_place = [-1, -1, -1]
        else:
            self.hit_place = self._place(c, hit.get("to", "bar"), path + ("hit", "to"))
        #: the opponent's start point in the mover's coordinates (his hit checkers are counted there)
        self.opp_start = N + 1 - (self.start or 1) if self.hit_to_start else 0
        self.no_hit: list[set[int]] = [set(), set(), set()]
        for i, name in enumerate(hit.get("except_on", [])):
            try:
                sq = topo.parse_square(str(name))
            except ValueError as exc:
                raise c.error(path + ("hit", "except_on", i), str(exc)) from None
            for p in (1, 2):
                self.no_hit[p].add(self.pos_of[p][sq])
        # -- entering -------------------------------------------------------------------------------
        enters = params.get("enter") or ({} if not self.pin else [])
        enters = enters if isinstance(enters, list) else [enters]
        #: where hit checkers wait to enter (-1: there is no such place)
        self.bar = self._place(c, enters[0].get("from", "bar"), path + ("enter",)) if enters else [-1, -1, -1]
        if enters:  # checkers waiting in the first place always enter first, each number one checker
            where = path + ("enter", 0) if isinstance(params.get("enter"), list) else path + ("enter",)
            for key in ("continue", "all_before_moving"):
                if key in enters[0]:
                    raise c.error(where + (key,), f"`{key}` is read for a second entering place only: "
                                       "checkers in the first place enter before anything else moves")
        # a second entering place (such as `out`): checkers wait there until they come in
        second = enters[1] if len(enters) > 1 else None
        self.out = self._place(c, second["from"], path + ("enter", 1, "from")) if second else None
        self.out_name = str(second["from"]).lower() if second else ""
        self.OUT = N + 2 if second else -1
        self.out_all_first = bool(self._choice(c, second.get("all_before_moving", False))) if second else False
        self.out_continue = bool(self._choice(c, second.get("continue", True))) if second else True
        # -- bearing off ----------------------------------------------------------------------------
        bear = params.get("bear_off") or {}
        self.off = self._place(c, bear.get("to", "borne_off"), path + ("bear_off", "to"))
        # each place has one role: where hit checkers wait (the first entering place), where the
        # others wait to come in, where the borne off ones rest
        if self.out is not None and self.out == self.bar:
            raise c.error(path + ("enter", 1, "from"), "the second entering place must differ from the first")
        if not self.hit_to_start and not self.pin and self.hit_place != self.bar:
            raise c.error(path + ("hit", "to"), "a hit checker waits to enter again: `hit.to` must be the "
                               "first place of `enter` (or `start`)")
        if self.off in (self.bar, self.out):
            raise c.error(path + ("bear_off", "to"), "borne off checkers rest in a place of their own, "
                               "not one they enter from")
        self.home_start = N - N // 4 + 1
        self.bear_all_home = bear.get("requires", "all_home") == "all_home"
        #: a step that reaches this path position (or beyond) bears the checker off
        self.off_at = N if bear.get("at", "beyond") == "last_point" else N + 1
        self.overshoot = bear.get("overshoot", "highest")
        #: all of a player's checkers borne off while the game goes on return to his start point
        #: (games that go on from an earlier one); not a move
        self.recycle = bool(self._choice(c, bear.get("return_to_start", False)))
        self.recycle_to = self.start or 1
        # -- the corner -----------------------------------------------------------------------------
        corner = params.get("corner")
        self.corner = int(corner["point"]) if corner is not None else 0
        if corner is not None:
            self.first_take = g.number(path + ("corner", "first_take"), corner.get("first_take", 2), 1, 15)
            self.last_leave = g.number(path + ("corner", "last_leave"), corner.get("last_leave", 2), 1, 15)
            self.opp_corner = N + 1 - self.corner if corner.get("opponent_closed", True) else 0
            self.stop_short = bool(self._choice(c, corner.get("stop_short", True)))
            self.pass_through = bool(self._choice(c, corner.get("pass_through", True)))
        else:
            self.first_take = self.last_leave = 1
            self.opp_corner, self.stop_short, self.pass_through = 0, False, True
        # -- the dice -------------------------------------------------------------------------------
        #: a turn that ends the game: ``full`` counts it as using all its numbers; ``apart`` leaves it
        #: out when finding how many numbers the other turns must use
        self.ending_turns = self._choice(c, params.get("ending_turns", "full"), ("full", "apart"))
        if self.ending_turns != "full" and not self.pin:
            raise c.error(path + ("ending_turns",), "`ending_turns: apart` is read only with `hit: {mode: pin}`")
        self.maximize = self._choice(c, params.get("maximize", "higher"), ("higher", "dice"))
        self.order = self._choice(c, params.get("order", "any"), ("any", "lower_first"))
        self.order_entering = self._choice(c, params.get("order_while_entering", self.order), ("any", "lower_first"))
        i = next(i for i, ph in enumerate(c.data["phases"]) if any("track" in m for m in ph.get("moves", [])))
        doubles = c.data["phases"][i].get("doubles") or {}
        where = ("phases", i, "doubles")
        self.double_play = g.number(where + ("play",), doubles.get("play", 4), 1, 8)
        self.underneath = g.number(where + ("underneath",), doubles.get("underneath", 0), 0, 8)
        self.underneath_optional = bool(doubles.get("underneath_optional", False))
        later = doubles.get("later") or {}
        self.later_from = g.number(where + ("later", "from"), later.get("from", 2), 1, 100) if later else 0
        self.later_play = g.number(where + ("later", "play"), later.get("play", self.double_play), 1, 8)
        self.later_underneath = g.number(where + ("later", "underneath"), later.get("underneath", self.underneath), 0, 8)
        #: doubles are counted per player where what a double gives depends on how many came before
        self.count_doubles = bool(self.underneath or self.later_from)
        self.roll_again = bool(g.constant(("phases", "doubles", "roll_again"), doubles.get("roll_again", False)))
        # -- points during play -----------------------------------------------------------------------
        self._compile_awards(c, c.data.get("scoring"))
        #: the simple case: two numbers in any order, no waiting place besides the bar
        if self.pin and (self.start or self.corner or self.scoring or self.out is not None or self.recycle
                         or self.hit_to_start or any(self.no_hit) or self.order != "any"):
            raise c.error(path + ("hit", "mode"), "pinning does not combine with a start point, a corner, "
                               "points, a second entering place, hits sent to the start or `order`")
        self._simple = (not self.pin and self.out is None and self.order == "any" and not self.count_doubles
                        and not self.recycle
                        and not self.start and not self.corner and not self.scoring
                        and not self.hit_to_start and self.bear_all_home and self.off_at == N + 1
                        and self.overshoot == "highest" and not any(self.no_hit))
        #: same numbers may be played in order of their source points (a checker further back
        #: first); not where the order of the steps changes what a turn earns or allows
        self._prune = not (self.start or self.corner or self.scoring)
        #: the last position's hash and dice, and its moves: a text is read against the legal moves
        #: twice (finding the move, checking it), which for a roll with many results costs seconds
        self._cached: tuple[int, Any, list[Any]] = (0, None, [])
        #: the last position read from, and its legal moves by what they change (see from_fields)
        self._by_delta: tuple[Any, dict[tuple[tuple[int, int], ...], list["Move"]]] = (None, {})
        #: moves written with the board's point names, step by step in the order played
        self.names_mode = (c.data.get("notation") or {}).get("squares") == "track_names"
        #: mover coordinates (0 = bar, 1..N = path, N+1 = off, N+2 = out) to squares, per player
        self._square_map: list[list[int]] = [[]] + [
            [self._square(p, k) for k in range(N + (3 if self.out else 2))] for p in (1, 2)]
        #: a step ``from * 64 + to`` in mover coordinates -> its (from square, to square), per player
        self._step_squares: list[list[Any]] = [[]] + [
            [(sm[c >> 6], sm[c & 63]) if (c >> 6) < len(sm) and (c & 63) < len(sm) else None
             for c in range(64 * 64)] for sm in self._square_map[1:]]
        #: a square -> its position in each player's coordinates (0 bar, 1..N path, N+1 off, N+2 out)
        self._mover_pos: list[list[int]] = [[]] + [[0] * topo.size for _ in (1, 2)]
        for p in (1, 2):
            for k, sq in enumerate(self._square_map[p]):
                if sq >= 0:
                    self._mover_pos[p][sq] = k
        self._apart_cache: tuple[Any, tuple[int, bool]] = (None, (0, False))
        #: the weights of result keys for count lists of N + 2 and N + 3 entries
        self._weights_of = {n: self._weights(n) for n in (N + 2, N + 3)}

    def _place(self, c: Compiling, name: str, where: tuple[Any, ...]) -> list[int]:
        """The squares of a per-player place, by name; a located error if the board has none."""
        places = cast("TrackTopology", c.t.topology).places
        if name not in places:
            raise c.error(where, f"the board has no place {name!r} (places: "
                                       f"{', '.join(places) or 'none'})")
        return places[name]

    @staticmethod
    def _weights(n: int) -> list[int]:
        """The weight of each coordinate in a result key: 5 bits per count."""
        return [1 << (5 * i) for i in range(n)]

    def _choice(self, c: Compiling, value: Any, allowed: tuple[Any, ...] = (True, False)) -> Any:
        """A parameter's value: ``{option: NAME}`` (or a bare option name) gives the option's value,
        which must be one of ``allowed``."""
        options = c.options
        name = value["option"] if isinstance(value, dict) and "option" in value else \
            value if isinstance(value, str) and value in options else None
        if name is None:
            return value
        chosen = options[name]
        if chosen not in allowed:
            shown = ", ".join(str(a).lower() if isinstance(a, bool) else str(a) for a in allowed)
            if chosen == c.option_default(name):  # the file's own default
                raise c.error(("options", name, "default"), f"option {name!r} sets a track key "
                                           f"that takes {shown}, not {chosen!r}")
            raise OptionError(f"option {name}={chosen!r} sets a track key that takes {shown}")
        return chosen

    def _compile_awards(self, c: Compiling, scoring: Any) -> None:
        """The game's ``scoring`` awards, as points per hit and per checker borne off, and the
        point sets (``holds`` predicates of the mover) whose forming or keeping earns points."""
        self.scoring = scoring is not None
        self.hit_points = self.off_points = 0
        #: (positions, minimum, points) per award kind
        self.formed: list[tuple[list[int], int, int]] = []
        self.kept: list[tuple[list[int], int, int]] = []
        self.turn_end: list[tuple[list[int], int, int]] = []
        self.target = c.t.score_target if scoring is not None else None
        if scoring is None:
            return
        from ..dsl.expr import Call, Name
        for i, award in enumerate(scoring.get("awards", [])):
            where = ("scoring", "awards", i)
            pts = c.number(where + ("points",), award.get("points", 1), 0, 1000)
            if award.get("to", "mover") != "mover":
                raise c.error(where + ("to",), "`to: opponent` is not available: awards go "
                                           "to the mover")
            event = award["event"]
            if event == "hit":
                self.hit_points += pts
                continue
            if event == "bear_off":
                self.off_points += pts
                continue
            node = c.expression(where + ("when",), award["when"]) if "when" in award else None
            pred = c.predicates.get(node.name) if isinstance(node, Call) else None
            call = cast(Call, node)  # a predicate is found for a call only
            if (pred is None or not getattr(pred, "positions", None) or len(call.args) != 1
                    or not isinstance(call.args[0], Name) or call.args[0].name != "mover"):
                raise c.error(where + ("when",) if node is not None else where,
                                           f"a `{event}` award needs `when: NAME(mover)`, NAME a "
                                           "`holds` predicate with `points`")
            holds = cast("Holds", pred)  # a predicate with `positions`: a `holds`
            {"formed": self.formed, "kept": self.kept, "turn_end": self.turn_end}[event].append(
                (holds.positions, holds.min, pts))

    # -- counts in the mover's coordinates: 0 = waiting to enter, 1..N = path, N+1 = borne off -----
    def counts(self, st: "Position", p: int) -> tuple[list[int], list[int]]:
        N = self.N
        q = 3 - p
        me = [0] * (N + 2)
        opp = [0] * (N + 2)
        stacks = st.stacks
        path = self.paths[p]
        cp, cq = self.code[p], self.code[q]
        for i, sq in enumerate(path):
            s = stacks[sq]
            if s:
                if s[-1] == cp:
                    me[i + 1] = len(s)
                elif s[-1] == cq:
                    opp[i + 1] = len(s)
        me[0] = len(stacks[self.bar[p]]) if self.bar[p] >= 0 else 0
        me[N + 1] = len(stacks[self.off[p]])
        if self.out is not None:
            me.append(len(stacks[self.out[p]]))
            opp.append(0)
        return me, opp

    def numbers(self, st: "Position", dice: tuple[int, int]) -> tuple[list[int], int]:
        """The numbers a roll gives, in the order they must be played, and how many of them
        must be played as far as possible (the rest is optional)."""
        a, b = dice
        if a != b:
            return ([min(a, b), max(a, b)] if self.order == "lower_first" else [a, b]), 2
        later = self.later_from and st.tally[st.to_move] >= self.later_from - 1
        top = self.later_play if later else self.double_play
        under = self.later_underneath if later else self.underneath
        if not under:
            return [a] * top, top
        return [a] * top + [7 - a] * under, top if self.underneath_optional else top + under

    def again(self, move: tuple[Any, ...]) -> bool:
        """Whether the player rolls again after this move (a double, where the game says so)."""
        return self.roll_again and move[1][0] == move[1][1]

    @staticmethod
    def _stands(me: list[int], sets: list[tuple[list[int], int, int]]) -> int:
        """The points earned by the point sets of ``sets`` that ``me`` holds."""
        total = 0
        for positions, need, pts in sets:
            for k in positions:
                if me[k] < need:
                    break
            else:
                total += pts
        return total

    def general_turns(self, st: "Position", me: list[int], opp: list[int], dice: tuple[int, int],
                      forced: tuple[int, ...] = (), probe: "_Probe | None" = None
                      ) -> list[tuple[tuple[int, ...], int]]:
        """The distinct results of a roll under every rule this primitive has, each as the steps
        that reach it and the points the turn earns. A step is ``from * 64 + to`` in mover
        coordinates (so steps compare as (from, to) pairs); a result is told by an integer key
        kept up to date step by step: 5 bits per count of the mover's, then of the opponent's,
        then the points.

        With a ``probe`` (the step view, :meth:`step_choices`) only the turns that begin with the
        steps ``forced`` are walked, every order of the steps is tried, and each way's end is
        handed to the probe instead of being collected."""
        N = self.N
        OUT = self.OUT
        block = self.block
        numbers, required = self.numbers(st, dice)
        a, b = dice
        waiting = me[0] > 0 or (OUT > 0 and me[OUT] > 0)
        if a != b:
            order = self.order_entering if waiting else self.order
            lo, hi = min(a, b), max(a, b)
            plans: list[tuple[int, ...]] = [(lo, hi)] if order == "lower_first" else [(a, b), (b, a)]
        else:
            plans = [tuple(numbers)]
        S, C = self.start, self.corner
        no_hit = self.no_hit[st.to_move]
        opp_corner, opp_start = self.opp_corner, self.opp_start
        off_at, overshoot, all_home = self.off_at, self.overshoot, self.bear_all_home
        home = self.home_start
        hit_points, off_points = self.hit_points, self.off_points
        formed, kept, turn_end = self.formed, self.kept, self.turn_end
        stands = self._stands
        target = self.target
        have = st.score[st.to_move] if target is not None else 0
        corner_before = me[C] if C else 0
        corner_need = (self.first_take if corner_before == 0 else self.last_leave) if C else 0
        record_all = bool(C)
        #: steps of this turn that ended on the own corner while it was empty when the turn began
        landed = [0]
        strict = C and not self.pass_through and corner_before == 0
        prune = self._prune and probe is None
        nforced = len(forced)
        top = nforced if probe is not None else -1  # the depth whose steps the step view ranks
        recycle, back_to = self.recycle, self.recycle_to
        total = self.t.start_counts[st.to_move][self.code[st.to_move] >> 1] if recycle else 0
        fresh = [0] * len(me)  # checkers that came in this turn and may not go on
        #: result key -> [steps, numbers used (a won game uses all), points, allowed, first number,
        #: checkers on the own corner]
        found: dict[int, list[Any]] = {}
        width = 5 * len(me)
        weight = self._weights_of[len(me)]
        gain_shift = 2 * width
        # the step view needs no result keys
        key0 = 0 if probe is not None else (
            sum(c * w for c, w in zip(me, weight)) + (sum(c * w for c, w in zip(opp, weight)) << width))
        key = [key0]

        def can_land(t: int) -> bool:
            o = opp[t]
            return o < block and t != opp_corner and not (o and t in no_hit)

        def options(n: int, lowest: int, cont: int) -> list[tuple[int, int]]:
            if me[0]:
                return [(0, n)] if can_land(n) else []
            out: list[tuple[int, int]] = []
            if OUT > 0 and me[OUT]:
                if can_land(n):
                    out.append((OUT, n))
                if self.out_all_first:
                    return out
            if S and self.clear_first and me[S]:
                sources: Any = (S, cont) if cont and cont != S else (S,)
            else:
                sources = range(lowest if lowest > 1 else 1, N + 1)
            may_bear = -1  # not yet known: whether bearing off is allowed now
            for p in sources:
                if me[p] - fresh[p] <= 0:
                    continue
                t = p + n
                if t < off_at:
                    o = opp[t]
                    if o < block and t != opp_corner and not (o and t in no_hit):
                        out.append((p, t))
                    continue
                if may_bear < 0:
                    may_bear = not (all_home and (sum(me[0:home]) or (OUT > 0 and me[OUT])))
                if not may_bear:
                    break
                if t == off_at or overshoot == "any" or (overshoot == "highest" and not any(me[0:p])):
                    out.append((p, N + 1))
            return out

        def leaf(steps: tuple[int, ...], used: int, gain: int, intact: bool, won: bool,
                 first: int) -> None:
            if probe is not None:
                probe.leaf(len(steps), used, first, gain, False)
                return
            if not won:
                if intact:
                    gain += stands(me, kept)
                if turn_end:
                    gain += stands(me, turn_end)
            # a lone checker that used the empty own corner as a stepping stone (no pass_through)
            # broke the corner rule, even in a winning turn
            stepped = strict and landed[0] and me[C] == 0
            allowed = (won and not stepped) or not C or (me[C] == 0 and not stepped) or me[C] >= corner_need
            # a result reached both in a way the corner rule allows and in one it forbids is allowed
            k = (key[0] + (gain << gain_shift)) << 1 | allowed
            old = found.get(k)
            if old is None:
                found[k] = [steps, used, gain, allowed, first, me[C] if C else 0]
            elif used > old[1] or (used == old[1] and steps < old[0]):
                old[0], old[1], old[4] = steps, used, first

        def rec(plan: tuple[int, ...], i: int, steps: tuple[int, ...], lowest: int,
                cont: int, gain: int, intact: bool) -> None:
            won = target is not None and have + gain >= target
            if won:
                leaf(steps, len(plan), gain, intact, True, plan[0])
                return
            if i == len(plan):
                leaf(steps, i, gain, intact, False, plan[0] if plan else 0)
                return
            if record_all or i >= required:
                leaf(steps, i, gain, intact, False, plan[0])
            n = plan[i]
            if i and n != plan[i - 1]:
                lowest = 0  # a new number: any checker again
            opts = options(n, lowest if prune else 0, cont)
            if i < nforced:  # the step view: only the steps already chosen
                opts = [o for o in opts if o[0] * 64 + o[1] == forced[i]]
                if not opts:
                    return
            for frm, to in opts:
                if i == top and cast(_Probe, probe).begin(frm * 64 + to):
                    continue
                hit = to <= N and opp[to] == 1
                before = stands(me, formed) if formed else 0
                me[frm] -= 1
                me[to] += 1
                here = key[0]
                k = here + weight[to] - weight[frm]
                if hit:
                    opp[to] = 0
                    k -= weight[to] << width
                    if opp_start:
                        opp[opp_start] += 1
                        k += weight[opp_start] << width
                key[0] = k
                entered = frm == OUT and not self.out_continue
                if entered:
                    fresh[to] += 1
                earned = hit_points * hit + (off_points if to == N + 1 else 0)
                if formed:
                    after = stands(me, formed)
                    if after > before:
                        earned += after - before
                still = intact and (not kept or stands(me, kept) > 0)
                if strict and to == C:
                    landed[0] += 1
                # the last checker borne off, the game going on: all return to the start point
                recycled = (recycle and to == N + 1 and me[N + 1] == total
                            and not (target is not None and have + gain + earned >= target))
                if recycled:
                    me[N + 1] = 0
                    me[back_to] += total
                    key[0] = k + total * (weight[back_to] - weight[N + 1])
                rec(plan, i + 1, steps + (frm * 64 + to,), frm if frm not in (0, OUT) else 0,
                    to if frm == S and S and to <= N else 0, gain + earned, still)
                if recycled:
                    me[back_to] -= total
                    me[N + 1] = total
                if strict and to == C:
                    landed[0] -= 1
                key[0] = here
                if entered:
                    fresh[to] -= 1
                if hit:
                    opp[to] = 1
                    if opp_start:
                        opp[opp_start] -= 1
                me[to] -= 1
                me[frm] += 1
                if probe is not None and probe.settled:  # the step view has seen enough
                    if i > top:
                        break
                    probe.settled = False
            if not opts and not (record_all or i >= required):
                leaf(steps, i, gain, intact, False, plan[0])

        intact0 = bool(kept) and stands(me, kept) > 0
        for plan in plans:
            rec(plan, 0, (), 0, 0, 0, intact0)
        if probe is not None:
            return []
        if self.stop_short and C:
            self._stop_short(me, opp, dice, found, have, intact0, key0, weight)
        allowed = [v for v in found.values() if v[3]]
        if not allowed:  # the corner rule forbids every way, staying put too: the turn passes
            return [((), 0)]
        best = max(min(v[1], required) for v in allowed)
        keep = [v for v in allowed if min(v[1], required) == best]
        if self.maximize == "higher" and best == 1 and a != b:
            high = [v for v in keep if v[4] == max(a, b)]
            keep = high or keep
        return [(v[0], v[2]) for v in keep]

    def _stop_short(self, me: list[int], opp: list[int], dice: tuple[int, int],
                    found: dict[int, list[Any]], have: int, intact: bool, key: int,
                    weight: list[int]) -> None:
        """The own corner taken "by power": two checkers that could each reach the opponent's
        corner (but for its being closed) stop one point short, on the empty own corner - unless
        the start point is still occupied or the roll can take the own corner directly."""
        C, S = self.corner, self.start
        a, b = dice
        if me[C] or (S and me[S]) or opp[C + 1] >= self.block:
            return
        xa, xb = C + 1 - a, C + 1 - b
        if xa < 1 or xb < 1 or (me[xa] < 2 if a == b else not (me[xa] and me[xb])):
            return
        if any(v[3] and not (self.target is not None and have + v[2] >= self.target) and v[5] >= 2
               for v in found.values()):
            return
        gain = 0
        steps: tuple[int, ...] = ()
        still = intact
        for frm in (xa, xb):
            before = self._stands(me, self.formed)
            me[frm] -= 1
            me[C] += 1
            key += weight[C] - weight[frm]
            steps += (frm * 64 + C,)
            after = self._stands(me, self.formed)
            gain += max(0, after - before)
            still = still and (not self.kept or self._stands(me, self.kept) > 0)
            if self.target is not None and have + gain >= self.target:
                break
        won = self.target is not None and have + gain >= self.target
        if not won:
            gain += (self._stands(me, self.kept) if still else 0) + self._stands(me, self.turn_end)
        key = (key + (gain << (10 * len(me)))) << 1 | 1
        if key not in found:
            found[key] = [steps, 2, gain, True, a, me[C]]
        for step in steps:
            me[C] -= 1
            me[step >> 6] += 1

    # -- pinning (hit mode ``pin``) ----------------------------------------------------------------
    def pin_counts(self, st: "Position", p: int) -> tuple[list[int], list[int], list[int], list[int]]:
        """In ``p``'s coordinates: his free checkers, his pinned checkers, the opponent's free
        checkers and the opponent's pinned checkers on each point (index N+1: borne off)."""
        N = self.N
        me, pm, opp, po = ([0] * (N + 2) for _ in range(4))
        cp = self.code[p]
        stacks = st.stacks
        for i, sq in enumerate(self.paths[p]):
            s = stacks[sq]
            if not s:
                continue
            top = s[-1]
            pinned = 1 if s[0] != top else 0
            if top == cp:
                me[i + 1], po[i + 1] = len(s) - pinned, pinned
            else:
                opp[i + 1], pm[i + 1] = len(s) - pinned, pinned
        me[N + 1] = len(stacks[self.off[p]])
        return me, pm, opp, po

    def pin_turns(self, st: "Position", dice: tuple[int, int], forced: tuple[int, ...] = (),
                  probe: "_Probe | None" = None) -> list[tuple[int, ...]]:
        """The distinct results of a roll when checkers pin instead of hitting, each as its steps
        ``from * 64 + to`` in mover coordinates. A pin on the opponent's start point
        (``ends_game_on``) or the last checker borne off ends the game, and the turn, at once;
        ``ending_turns`` says how such turns count among the others. ``forced`` and ``probe``
        serve the step view, as in :meth:`general_turns`."""
        N, block, home = self.N, self.block, self.home_start
        me, pm, opp, po = self.pin_counts(st, st.to_move)
        total = sum(me) + sum(pm)
        a, b = dice
        plans = [(a, b), (b, a)] if a != b else [(a,) * self.double_play]
        off_at, overshoot, all_home = self.off_at, self.overshoot, self.bear_all_home
        ends_at = N if self.pin_ends else -1
        #: result -> [steps, numbers used, ended, first number]
        found: dict[tuple[int, ...], list[Any]] = {}

        def sources_ok(p: int) -> bool:  # bearing off from p: nothing of his stands higher
            return not any(me[1:p]) and not any(pm[1:p])

        def options(n: int, lowest: int) -> list[tuple[int, int]]:
            out = []
            may_bear = -1
            for p in range(1, N + 1):
                if not me[p]:
                    continue
                t = p + n
                if t <= N:
                    if pm[t] or opp[t] >= block:
                        continue
                    # any order of one number gives these results, except a step that ends the
                    # game after others: that step is offered out of order too
                    if p >= lowest or (t == ends_at and opp[t] == 1):
                        out.append((p, t))
                    continue
                if p < lowest:
                    continue
                if may_bear < 0:
                    may_bear = not (all_home and (sum(me[1:home]) or sum(pm[1:home])))
                if may_bear and (t == off_at or overshoot == "any" or (overshoot == "highest" and sources_ok(p))):
                    out.append((p, N + 1))
            return out

        nforced = len(forced)
        top = nforced if probe is not None else -1  # the depth whose steps the step view ranks

        def leaf(steps: tuple[int, ...], used: int, ended: bool, first: int) -> None:
            if probe is not None:
                probe.leaf(len(steps), used, first, 0, ended)
                return
            key = (*me, *pm, *opp, *po)
            old = found.get(key)
            if old is None or used > old[1] or (used == old[1] and steps < old[0]):
                found[key] = [steps, used, ended, first]

        def rec(plan: tuple[int, ...], i: int, steps: tuple[int, ...], lowest: int) -> None:
            leaf(steps, i, False, plan[0])
            if i == len(plan):
                return
            opts = options(plan[i], lowest)
            if i < nforced:  # the step view: only the steps already chosen
                opts = [o for o in opts if o[0] * 64 + o[1] == forced[i]]
            for p, t in opts:
                if i == top and cast(_Probe, probe).begin(p * 64 + t):
                    continue
                pin = t <= N and opp[t] == 1
                me[p] -= 1
                freed = me[p] == 0 and po[p] == 1
                if freed:
                    po[p], opp[p] = 0, 1
                if pin:
                    opp[t], po[t] = 0, 1
                me[t] += 1
                step = steps + (p * 64 + t,)
                if (pin and t == ends_at) or me[N + 1] == total:
                    leaf(step, i + 1, True, plan[0])
                else:
                    rec(plan, i + 1, step, p if a == b and probe is None else 0)
                me[t] -= 1
                if pin:
                    opp[t], po[t] = 1, 0
                if freed:
                    po[p], opp[p] = 1, 0
                me[p] += 1
                if probe is not None and probe.settled:  # the step view has seen enough
                    if i > top:
                        break
                    probe.settled = False

        for plan in plans:
            rec(plan, 0, (), 0)
        if probe is not None:
            return []
        results = list(found.values())
        ended = [v for v in results if v[2]]
        rest = [v for v in results if not v[2]]
        if self.ending_turns == "full":  # a turn that ends the game counts as using every number
            for v in ended:
                v[1] = len(plans[0])
            rest = results
            ended = []
        best = max(v[1] for v in rest)
        keep = [v for v in rest if v[1] == best]
        if self.maximize == "higher" and best == 1 and a != b:
            keep = [v for v in keep if v[3] == max(a, b)] or keep
        if best == 0 and ended:  # a number can be played (if only to end the game): no pass
            keep = []
        return [v[0] for v in keep + ended]

    def _single(self, me: list[int], opp: list[int], n: int, lowest: int, outside: int) -> list[tuple[int, int]]:
        """Every one-die step (from, to) in mover coordinates, from positions >= ``lowest``;
        ``outside`` counts the mover's checkers not yet in his home quarter."""
        N, block = self.N, self.block
        if me[0]:
            return [(0, n)] if opp[n] < block else []
        out = []
        home = self.home_start
        for p in range(lowest if lowest > 1 else 1, N + 1):
            if not me[p]:
                continue
            t = p + n
            if t <= N:
                if opp[t] < block:
                    out.append((p, t))
            elif not outside:
                if t == N + 1:
                    out.append((p, t))
                else:  # a higher number bears off from the highest point only
                    for q in range(home, p):
                        if me[q]:
                            break
                    else:
                        out.append((p, N + 1))
        return out

    def turns(self, me: list[int], opp: list[int], dice: tuple[int, int]) -> list[tuple[tuple[int, int], ...]]:
        """The distinct results of a roll, each as the steps (from, to) that reach it."""
        a, b = dice
        N = self.N
        home = self.home_start
        found: dict[int, tuple[tuple[int, int], ...]] = {}
        used_of: dict[int, tuple[int, int]] = {}
        outside = [sum(me[:home])]
        # the result told by an integer kept up to date step by step: what changed from the
        # start, 5 bits per point of the mover's counts, then one bit per opposing checker hit
        weight = self._weights_of[len(me)]
        hit_bit = [1 << (5 * len(me) + t) for t in range(len(me))]
        key = [0]

        def move(frm: int, to: int) -> bool:
            hit = to <= N and opp[to] == 1
            me[frm] -= 1
            me[to] += 1
            k = key[0] + weight[to] - weight[frm]
            if hit:
                opp[to] = 0
                k += hit_bit[to]
            key[0] = k
            if frm < home <= to:
                outside[0] -= 1
            return hit

        def back(frm: int, to: int, hit: bool) -> None:
            k = key[0] - weight[to] + weight[frm]
            if hit:
                opp[to] = 1
                k -= hit_bit[to]
            key[0] = k
            me[to] -= 1
            me[frm] += 1
            if frm < home <= to:
                outside[0] += 1

        def leaf(steps: tuple[tuple[int, int], ...], high: int) -> None:
            k = key[0]
            if k not in found:
                found[k] = steps
                used_of[k] = (len(steps), high)

        if a != b:
            for x, y in ((a, b), (b, a)):
                for s1 in self._single(me, opp, x, 0, outside[0]):
                    h1 = move(*s1)
                    seconds = self._single(me, opp, y, 0, outside[0])
                    for s2 in seconds:
                        h2 = move(*s2)
                        leaf((s1, s2), max(x, y))
                        back(s2[0], s2[1], h2)
                    if not seconds:
                        leaf((s1,), x)
                    back(s1[0], s1[1], h1)
            if not found:
                leaf((), 0)
        else:
            def rec(left: int, steps: tuple[tuple[int, int], ...], lowest: int) -> None:
                options = self._single(me, opp, a, lowest, outside[0]) if left else []
                for s1 in options:
                    h = move(*s1)
                    rec(left - 1, steps + (s1,), s1[0])
                    back(s1[0], s1[1], h)
                if not options:
                    leaf(steps, a)
            rec(self.double_play, (), 0)
        most = max(u for u, _ in used_of.values())
        keys = [k for k, (u, _) in used_of.items() if u == most]
        if self.maximize == "higher" and most == 1 and a != b:
            high = max(a, b)
            if any(used_of[k][1] == high for k in keys):
                keys = [k for k in keys if used_of[k][1] == high]
        return [found[k] for k in keys]

    def _square(self, p: int, pos: int) -> int:
        if pos == 0:
            return self.bar[p]
        if pos == self.N + 1:
            return self.off[p]
        if pos == self.N + 2:
            return cast("list[int]", self.out)[p]
        return self.paths[p][pos - 1]

    def generate(self, st: "Position", out: list[Any]) -> None:
        if st.dice is None:
            return
        if st.hash == self._cached[0] and st.dice == self._cached[1]:
            out.extend(self._cached[2])  # the same position asked again (reading a move's text)
            return
        start = len(out)
        self._generate(st, out)
        self._cached = (st.hash, st.dice, out[start:])

    def _legal(self, st: "Position") -> list["Move"]:
        """The legal moves in ``st`` (none once the game is over): this block's, the only block of
        a dice turn's phase."""
        out: list["Move"] = []
        if st.result is None:
            self.generate(st, out)
        return out

    def _generate(self, st: "Position", out: list[Any]) -> None:
        p = st.to_move
        index = self.index
        dice = cast("tuple[int, int]", st.dice)  # rolled: generate() returns before otherwise
        steps: tuple[Any, ...]  # coded steps, or (from, to) pairs
        if self.pin:
            pairs = self._step_squares[p]
            for steps in self.pin_turns(st, dice):
                out.append((index, dice, tuple([pairs[c] for c in steps])))
            return
        me, opp = self.counts(st, p)
        sm = self._square_map[p]
        if self._simple:
            for steps in self.turns(me, opp, dice):
                out.append((index, dice, tuple([(sm[a], sm[b]) for a, b in steps])))
        elif self.scoring:
            pairs = self._step_squares[p]
            for steps, gain in self.general_turns(st, me, opp, dice):
                out.append((index, dice, tuple([pairs[c] for c in steps]), gain))
        else:
            pairs = self._step_squares[p]
            for steps, _ in self.general_turns(st, me, opp, dice):
                out.append((index, dice, tuple([pairs[c] for c in steps])))

    # -- the step view: a turn made one step (one number of the dice) at a time -----------------------
    def _coded(self, p: int, steps: Any) -> tuple[int, ...]:
        """Steps (from square, to square) as ``from * 64 + to`` in ``p``'s coordinates."""
        pos = self._mover_pos[p]
        return tuple([pos[a] * 64 + pos[b] for a, b in steps])

    def _walk(self, st: "Position", forced: tuple[int, ...]) -> _Probe:
        """Follow the steps ``forced`` and rank every next step (see :class:`_Probe`)."""
        dice = cast("tuple[int, int]", st.dice)
        if self.pin:
            required = self.double_play if dice[0] == dice[1] else 2
            length = required
        else:
            numbers, required = self.numbers(st, dice)
            length = len(numbers)
        probe = _Probe(len(forced), required, length, dice, self.maximize == "higher", self.ending_turns == "apart")
        if self.pin:
            self.pin_turns(st, dice, forced, probe)
        else:
            me, opp = self.counts(st, st.to_move)
            self.general_turns(st, me, opp, dice, forced, probe)
        return probe

    def step_choices(self, st: "Position", done: Any = ()) -> list[Any]:
        """The step view of the turn in ``st`` (dice rolled): after the steps ``done`` (each a
        (from square, to square) pair, in the order chosen), the next steps that some legal turn
        takes, and :data:`STOP` where the turn may also end here. Empty when the turn is complete
        (:meth:`step_move` then gives it).

        Each next step is judged by looking ahead only until one way of finishing the turn uses
        the dice as the rules demand (both numbers, the higher one, the doubles owed); only where
        none can is the rest walked. Every order of the steps is offered, so the turns reached are
        exactly the legal moves' results.
        """
        if self.corner:  # the corner's rules judge whole turns (taking it by power): read the list
            return self._listed_steps(st, done)
        pairs = self._step_squares[st.to_move]
        probe = self._walk(st, self._coded(st.to_move, done))
        ranks = probe.ranks
        if self.ending_turns == "apart":
            best, ended = self._apart_best(st)
            dead_end = best <= 1 and ended  # a turn that ends the game beats playing nothing
            choices = [pairs[c] for c, (r, e) in ranks.items() if e or (r == best and not dead_end)]
            stop = probe.stop_ended or (probe.stop == best and not dead_end)
        else:
            best = max([probe.stop] + [r for r, _ in ranks.values()])
            choices = [pairs[c] for c, (r, _) in ranks.items() if r == best]
            stop = probe.stop == best
        if not choices:
            return []
        return choices + [STOP] if stop else choices

    def _apart_best(self, st: "Position") -> tuple[int, bool]:
        """The best rank among the turns that do not end the game, and whether some turn ends
        it, from the start of the turn (``ending_turns: apart``)."""
        key = (st.hash, st.dice)
        if self._apart_cache[0] != key:
            probe = self._walk(st, ())
            best = max([probe.stop] + [r for r, _ in probe.ranks.values()])
            ended = probe.stop_ended or any(e for _, e in probe.ranks.values())
            self._apart_cache = (key, (best, ended))
        return self._apart_cache[1]

    def _listed_steps(self, st: "Position", done: Any) -> list[Any]:
        """The step view read from the whole turns listed (each in the order it is listed)."""
        n = len(done)
        done = tuple(done)
        out: list[Any] = []
        stop = False
        for move in self._legal(st):
            steps = move[2]
            if steps[:n] == done:
                if len(steps) > n:
                    out.append(steps[n])
                else:
                    stop = True
        out = list(dict.fromkeys(out))
        if not out:
            return []
        return out + [STOP] if stop else out

    def step_move(self, st: "Position", done: Any) -> "Move":
        """The whole-turn move made of the steps ``done`` chosen in the step view."""
        steps = tuple(done)
        if self.corner:
            for move in self._legal(st):
                if move[2] == steps:
                    return move
            raise InvalidMoveError("these steps are no legal turn")
        move = (self.index, st.dice, steps)
        if self.scoring:
            move += (self._walk(st, self._coded(st.to_move, steps)).gain,)
        return move

    # -- play -------------------------------------------------------------------------------------
    def _move_one(self, st: "Position", a: int, b: int, code: int) -> None:
        g = self.t
        Z, zs, nc = g.zobrist, g.zobrist_stride, g.num_codes
        src, dst = st.stacks[a], st.stacks[b]
        src.pop()
        h = st.hash ^ Z[(a * zs + len(src)) * nc + code]
        old = dst[-1] if dst else -1
        h ^= Z[(b * zs + len(dst)) * nc + code]
        dst.append(code)
        st.hash = h
        retop(st, a, code)
        retop(st, b, old)

    def apply(self, st: "Position", move: "Move") -> Any:
        steps = move[2]
        p = st.to_move
        q = 3 - p
        code, enemy = self.code[p], self.code[q]
        hits = []
        back: list[int] = []  # steps after which the player's checkers went back to the start
        off = self.off[p]
        # a turn that wins ends the game: its last checker borne off stays off
        wins = self.recycle and len(move) > 3 and self.target is not None and st.score[p] + move[3] >= self.target
        for i, (a, b) in enumerate(steps):
            dst = st.stacks[b]
            if len(dst) == 1 and dst[-1] == enemy and not self.pin:
                self._move_one(st, b, self.hit_place[q], enemy)
                hits.append(b)
            else:
                hits.append(-1)
            self._move_one(st, a, b, code)
            if (self.recycle and b == off and len(st.stacks[off]) == self.t.start_counts[p][code >> 1]
                    and not (wins and i == len(steps) - 1)):
                self._recycle(st, off, self.paths[p][self.recycle_to - 1], code)
                back.append(i)
        g = self.t
        st.hash ^= g.dice_keys[cast("tuple[int, int]", st.dice)]
        old = cast("tuple[int, int]", st.dice)
        st.dice = None
        if self.count_doubles and old[0] == old[1]:  # doubles are counted per player
            st.hash ^= g.tally_key(p, st.tally[p]) ^ g.tally_key(p, st.tally[p] + 1)
            st.tally[p] += 1
        if len(move) > 3 and move[3]:  # the points the turn earns
            st.hash ^= g.score_key(p, st.score[p]) ^ g.score_key(p, st.score[p] + move[3])
            st.score[p] += move[3]
        cube_step = st.cube_step
        if cube_step:  # the next player's cube decision comes before his roll
            st.hash ^= g.cube_key((st.cube_value, st.cube_owner, cube_step)) ^ g.cube_key((st.cube_value, st.cube_owner, 0))
            st.cube_step = 0
        return (old, hits, cube_step, back)

    def undo(self, st: "Position", move: "Move", info: Any) -> None:
        steps = move[2]
        old, hits, cube_step, back = info
        g = self.t
        st.dice = old
        st.hash ^= g.dice_keys[old]
        if len(move) > 3 and move[3]:
            p = st.to_move
            st.hash ^= g.score_key(p, st.score[p]) ^ g.score_key(p, st.score[p] - move[3])
            st.score[p] -= move[3]
        if self.count_doubles and old[0] == old[1]:
            p = st.to_move
            st.hash ^= g.tally_key(p, st.tally[p]) ^ g.tally_key(p, st.tally[p] - 1)
            st.tally[p] -= 1
        if cube_step:
            st.hash ^= g.cube_key((st.cube_value, st.cube_owner, 0)) ^ g.cube_key((st.cube_value, st.cube_owner, cube_step))
            st.cube_step = cube_step
        p = st.to_move
        q = 3 - p
        code, enemy = self.code[p], self.code[q]
        for i in range(len(steps) - 1, -1, -1):
            a, b = steps[i]
            hit = hits[i]
            if back and back[-1] == i:  # the checkers that went back to the start come off again
                back = back[:-1]
                self._recycle(st, self.paths[p][self.recycle_to - 1], b, code)
            self._move_one(st, b, a, code)
            if hit >= 0:
                self._move_one(st, self.hit_place[q], b, enemy)

    def _recycle(self, st: "Position", src: int, dst: int, code: int) -> None:
        """Move every checker of ``src`` (all the player's) onto ``dst``."""
        for _ in range(len(st.stacks[src])):
            self._move_one(st, src, dst, code)

    # -- notation ---------------------------------------------------------------------------------
    def own_number(self, p: int, sq: int) -> str:
        """A square as the player calls it: his point numbers count down to 1; ``bar``, ``off``."""
        if sq == self.bar[p]:
            return "bar"
        if sq == self.off[p]:
            return "off"
        return str(self.N + 1 - self.pos_of[p][sq])

    action_doc = ("one step of a dice turn: the square a checker leaves x the square it reaches "
                  "(every ordered pair of the track's squares); a turn is one action per number played")
    multi_part = True

    def action_keys(self) -> list[Any]:
        n = self.t.topology.size
        return [(a, b) for a in range(n) for b in range(n) if a != b]

    def action_parts(self, move: "Move") -> tuple[Any, ...]:
        return tuple(move[2])

    def partial_move(self, st: "Position", parts: tuple[Any, ...], move: "Move | None") -> Any:
        return (self.index, st.dice, tuple(parts))

    def part_text(self, st: "Position", key: Any) -> str:
        p = st.to_move
        return f"{self.own_number(p, key[0])}/{self.own_number(p, key[1])}"

    def fields(self, st: "Position", move: "Move") -> dict[str, Any]:
        return {"steps": (st.to_move, move[2], self._hits(st, move))}

    def _hits(self, st: "Position", move: "Move") -> list[bool]:
        """Which steps of ``move`` hit, replayed on counts."""
        p = st.to_move
        if self.pin:  # a step onto a lone enemy checker pins it
            heights = {sq: [pc for pc in st.stacks[sq]] for step in move[2] for sq in step}
            enemy = self.code[3 - p]
            out = []
            for a, b in move[2]:
                out.append(heights[b] == [enemy])
                heights[a].pop()
                heights[b].append(self.code[p])
            return out
        me, opp = self.counts(st, p)
        out = []
        for a, b in move[2]:
            pa = 0 if a == self.bar[p] else self.pos_of[p][a]
            pb = self.N + 1 if b == self.off[p] else self.pos_of[p][b]
            hit = pb <= self.N and opp[pb] == 1
            if hit:
                opp[pb] = 0
            me[pa] -= 1
            me[pb] += 1
            out.append(hit)
        return out

    @staticmethod
    def _chains(moves: list[tuple[int, int, bool]]) -> list[list[tuple[int, bool]]]:
        """Steps (from, to, hit) in own numbers joined into chains: a part ending on a point joins
        a part starting there, in whatever order they were played (all checkers are alike)."""
        chains: list[list[tuple[int, bool]]] = [[(a, False), (b, hit)] for a, b, hit in moves]
        merged = True
        while merged:
            merged = False
            for i, x in enumerate(chains):
                for j, y in enumerate(chains):
                    if i != j and x[-1][0] == y[0][0] and x[-1][0] not in (0, 25, 26) and x[0][0] != 26:
                        chains[i] = x + y[1:]
                        del chains[j]
                        merged = True
                        break
                if merged:
                    break
        return chains

    def _point_text(self, n: int) -> str:
        """An own number as written: ``bar`` (25), ``off`` (0), the second entering place's name."""
        return "bar" if n == 25 else "off" if n == 0 else self.out_name if n == 26 else str(n)

    def _name(self, p: int, sq: int) -> str:
        """A square by the board's point name; ``bar``, ``off`` and ``out`` for the places."""
        own = self._own(p, sq)
        return self._point_text(own) if own in (0, 25, 26) else self.t.topology.name(sq)

    def format_steps(self, p: int, steps: tuple[tuple[int, int], ...], hits: list[bool]) -> str:
        """Canonical text: one part per checker movement, from the highest point down; a hit marked
        ``*`` (also at a point passed on the way), equal parts merged as ``8/5(2)``; ``pass``.
        With ``squares: track_names``: every step in the order played, ``1/5 5/10``."""
        if not steps:
            return "pass"
        if self.names_mode:
            return " ".join(f"{self._name(p, a)}/{self._name(p, b)}{'*' if hit else ''}"
                            for (a, b), hit in zip(steps, hits))
        own = [(self._own(p, a), self._own(p, b), hit) for (a, b), hit in zip(steps, hits)]
        parts = []
        for chain in self._chains(own):
            parts.append((chain[0][0], chain[-1][0], [n for n, _ in chain], [hit for _, hit in chain]))
        parts.sort(key=lambda x: (-x[0], -x[1], [-n for n in x[2]]))
        out: list[str] = []
        i = 0
        while i < len(parts):  # equal paths are one part with a count; passed points shown where hit
            j = i
            while j < len(parts) and parts[j][2] == parts[i][2]:
                j += 1
            path = parts[i][2]
            hits = [any(parts[k][3][m] for k in range(i, j)) for m in range(len(path))]
            shown = [(n, h) for m, (n, h) in enumerate(zip(path, hits)) if m in (0, len(path) - 1) or h]
            text = "/".join(self._point_text(n) + ("*" if h else "") for n, h in shown)
            out.append(text + (f"({j - i})" if j - i > 1 else ""))
            i = j
        return " ".join(out)

    def _own(self, p: int, sq: int) -> int:
        if self.out is not None and sq == self.out[p]:
            return 26
        if sq == self.bar[p]:
            return 25
        if sq == self.off[p]:
            return 0
        return self.N + 1 - self.pos_of[p][sq]

    def read_named(self, p: int, text: str) -> list[tuple[int, int]]:
        """Movements in own numbers from the board's point names: ``1 A - 7 A und 12 A - 9 - 3``,
        ``2 x 8 - 7`` (the seed's way); parts joined by ``und``, ``and`` or commas."""
        topo = self.t.topology
        moves: list[tuple[int, int]] = []
        for part in re.split(r",|\bund\b|\band\b", text):
            part = part.strip()
            if not part:
                continue
            times = 1
            m = re.match(r"^([0-9]+)\s*[x\u00d7]\s*(.*)$", part)
            if m:
                times, part = int(m.group(1)[:3]), m.group(2)
                if not 1 <= times <= MAX_REPEAT or len(m.group(1)) > 2:
                    raise InvalidMoveError(f"cannot read the repeat count in {part!r}: 1 to {MAX_REPEAT}")
            names = [n.replace(" ", "") for n in re.split(r"\s*-\s*", part)]
            try:
                own = [self._own(p, topo.parse_square(n)) for n in names]
            except ValueError as exc:
                raise InvalidMoveError(str(exc)) from None
            if len(own) < 2:
                raise InvalidMoveError(f"{part!r} needs a from and a to point")
            for _ in range(times):
                moves.extend(zip(own, own[1:]))
        return moves

    @staticmethod
    def _read_chains(text: str, point: Any, example: str) -> tuple[list[tuple[int, int]], set[int]]:
        """Movements (from, to) and the points marked ``*`` as hit, from parts separated by spaces
        or commas; a part is a chain of points joined by ``/`` (``13/7/4``), maybe with a repeat
        count (``8/5(2)``). ``point`` reads one point (a text without its ``*``) as a number."""
        moves: list[tuple[int, int]] = []
        starred: set[int] = set()
        for token in text.replace(",", " ").split():
            times = 1
            if token.endswith(")") and "(" in token:
                token, _, n = token[:-1].rpartition("(")
                if not (n.isascii() and n.isdigit() and 1 <= int(n[:3]) <= MAX_REPEAT and len(n) <= 2):
                    raise InvalidMoveError(f"cannot read the repeat count in {token!r}: 1 to {MAX_REPEAT}")
                times = int(n)
            points = []
            for part in token.split("/"):
                n = point(part.rstrip("*"))
                if part.endswith("*"):
                    starred.add(n)
                points.append(n)
            if len(points) < 2:
                raise InvalidMoveError(f"{token!r} needs a from and a to point, as in {example}")
            for _ in range(times):
                moves.extend(zip(points, points[1:]))
        return moves, starred

    def read_named_steps(self, p: int, text: str) -> tuple[list[tuple[int, int]], set[int]]:
        """Steps (from, to) in own numbers and the points marked as hit, from point names:
        ``1/5 5/10``, chains ``1/5/10``, repeats ``1/7(2)``, ``-`` for ``/``, commas for spaces."""
        topo = self.t.topology

        def point(part: str) -> int:
            low = part.lower()
            if low in ("bar", "off") or (low == self.out_name and self.out is not None):
                return {"bar": 25, "off": 0, self.out_name: 26}[low]
            try:
                n = self._own(p, topo.parse_square(part))
            except ValueError:
                n = -1
            if not 1 <= n <= self.N:
                raise InvalidMoveError(f"{part!r} is not a point of this board")
            return n
        return self._read_chains(re.sub(r"\s*[/-]\s*", "/", text), point, "1/5")

    def read_steps(self, text: str) -> tuple[list[tuple[int, int]], set[int]]:
        """Movements (from, to) in own numbers and the points marked as hit, from any spelling."""
        def point(part: str) -> int:
            part = part.lower()
            if part in ("bar", "b", "25"):
                return 25
            if part == self.out_name and self.out is not None:
                return 26
            if part in ("off", "o", "0"):
                return 0
            if part.isascii() and part.isdigit() and len(part) <= 3 and 1 <= int(part) <= self.N:
                return int(part)
            raise InvalidMoveError(f"{part!r} is not a point (1-{self.N}, bar or off)")
        return self._read_chains(text, point, "13/7")

    @staticmethod
    def _delta(steps: Any) -> tuple[tuple[int, int], ...]:
        """How many checkers each square gains (or loses) by ``steps`` of (from, to) squares."""
        change: dict[int, int] = {}
        for a, b in steps:
            change[a] = change.get(a, 0) - 1
            change[b] = change.get(b, 0) + 1
        return tuple(sorted((sq, n) for sq, n in change.items() if n))

    def from_fields(self, st: "Position", fields: dict[str, Any]) -> "Move":
        """The legal move the text names (compared by checker movements, hits breaking ties)."""
        text = fields["steps"].strip()
        legal = self._legal(st)
        if text.lower() in ("pass", "cannot move", "-", ""):
            for move in legal:
                if not move[2]:
                    return move
            raise InvalidMoveError("the roll can be played: a pass is not allowed")
        p = st.to_move
        if self.names_mode:
            moves, starred = self.read_named_steps(p, text)
            in_order = [m for m in legal if [(self._own(p, a), self._own(p, b)) for a, b in m[2]] == moves]
            if in_order:  # the steps as played name one move exactly
                return in_order[0]
        elif "/" in text:
            moves, starred = self.read_steps(text)
        else:
            moves, starred = self.read_named(p, text), set()
        # a result is told by where checkers left and arrived (points passed on the way cancel)
        want = self._delta([(self._square_own(p, a), self._square_own(p, b)) for a, b in moves])
        if self._by_delta[0] != (st.hash, st.dice):
            index: dict[tuple[tuple[int, int], ...], list["Move"]] = {}
            for move in legal:
                index.setdefault(self._delta(move[2]), []).append(move)
            self._by_delta = ((st.hash, st.dice), index)
        found = list(self._by_delta[1].get(want, ()))
        if len(found) > 1:  # the same start and end by different points: the stars tell them apart
            hit_sets = []
            for move in found:
                hits = {self._own(p, b) for (a, b), h in zip(move[2], self._hits(st, move)) if h}
                hit_sets.append(hits)
            narrowed = [m for m, h in zip(found, hit_sets) if h == starred]
            found = narrowed or found
            if len(found) > 1 and self.names_mode:
                raise AmbiguousMoveError(f"{text!r} can be played in orders that score differently: "
                                         "write the steps in the order played")
        if found:
            return found[0]
        # not legal: build the move as written, for a reason
        steps = []
        for a, b in moves:
            steps.append((self._square_own(p, a), self._square_own(p, b)))
        return (self.index, st.dice, tuple(steps))

    def _square_own(self, p: int, n: int) -> int:
        if n == 26 and self.out is not None:
            return self.out[p]
        if n == 25:
            return self.bar[p]
        if n == 0:
            return self.off[p]
        return self.paths[p][self.N - n]

    def position_problem(self, st: "Position") -> str | None:
        """A point holds one player's checkers, or with pinning one pinned checker under the
        other's; a player's places (bar, borne off, out) hold only his checkers."""
        g = self.t
        owner = g.code_owner
        for sq in self.paths[1]:
            s = st.stacks[sq]
            owners = [owner[pc] for pc in s]
            if len(set(owners)) > 1 and not (self.pin and owners.count(owners[0]) == 1):
                kind = "one pinned checker under the other's" if self.pin else "one player's checkers"
                return f"point {g.topology.name(sq)} holds both players' checkers; a point holds {kind}"
        for name, squares in cast("TrackTopology", g.topology).places.items():
            for p in (1, 2):
                if squares[1] != squares[2] and any(owner[pc] != p for pc in st.stacks[squares[p]]):
                    return f"{g.topology.name(squares[p])} holds checkers of the other player"
        for p in (1, 2):  # checkers never leave a race: every one is somewhere
            have = sum(1 for s in st.stacks for pc in s if owner[pc] == p)
            total = sum(g.start_counts[p])
            if have != total:
                return f"player {p} has {have} checkers; the game has {total} each"
        return None

    def explain(self, st: "Position", move: "Move") -> str:
        if st.dice is None:
            return "roll the dice first"
        return f"not a legal way to play {st.dice[0]}-{st.dice[1]} in this position"
