"""The turns a roll gives on a ``track``: every distinct result, under every rule the block has."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, cast

from .rules import TrackRules, _Probe

if TYPE_CHECKING:  # pragma: no cover
    from ...state import Move, Position

__all__ = ["Turns"]



class Turns(TrackRules):
    """The turn generators of a ``track`` (see :class:`spielwerk.blocks.track.Track`)."""

    # -- counts in the mover's coordinates: 0 = waiting to enter, 1..N = path, N+1 = borne off -----
    def counts(self, st: "Position", p: int) -> tuple[list[int], list[int]]:
        N = self.N
        me = [0] * (N + 2)
        opp = [0] * (N + 2)  # the other players' checkers (the opponent's, with two)
        stacks = st.stacks
        path = self.paths[p]
        cp, enemy = self.code[p], self.t.enemy[p]
        for i, sq in enumerate(path):
            s = stacks[sq]
            if s:
                if s[-1] == cp:
                    me[i + 1] = len(s)
                elif enemy[s[-1]]:
                    opp[i + 1] = len(s)
        me[0] = len(stacks[self.bar[p]]) if self.bar[p] >= 0 else 0
        me[N + 1] = len(stacks[self.off[p]]) if self.bears_off else 0
        if self.out is not None:
            me.append(len(stacks[self.out[p]]))
            opp.append(0)
        return me, opp

    def numbers(self, st: "Position", dice: tuple[int, int]) -> tuple[list[int], int]:
        """The numbers a roll gives, in the order they must be played, and how many of them
        must be played as far as possible (the rest is optional)."""
        a, b = dice
        if self.one_die:
            return [a], 1
        if a != b:
            return ([min(a, b), max(a, b)] if self.order == "lower_first" else [a, b]), 2
        later = self.later_from and st.tally[st.to_move] >= self.later_from - 1
        top = self.later_play if later else self.double_play
        under = self.later_underneath if later else self.underneath
        if not under:
            return [a] * top, top
        return [a] * top + [7 - a] * under, top if self.underneath_optional else top + under

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
        """The distinct results of a roll under every rule this block has, each as the steps that
        reach it and the points the turn earns. A step is ``from * 64 + to`` in mover coordinates
        (so steps compare as (from, to) pairs); a result is told by an integer key kept up to date
        step by step: 5 bits per count of the mover's, then of the opponent's, then the points.

        With a ``probe`` (the step view, :meth:`step_choices`) only the turns that begin with the
        steps ``forced`` are walked, every order of the steps is tried, and each way's end is
        handed to the probe instead of being collected."""
        numbers, required = self.numbers(st, dice)
        a, b = dice
        waiting = me[0] > 0 or (self.OUT > 0 and me[self.OUT] > 0)
        if self.one_die:
            plans: list[tuple[int, ...]] = [(a,)]
        elif a != b:
            order = self.order_entering if waiting else self.order
            plans = [(min(a, b), max(a, b))] if order == "lower_first" else [(a, b), (b, a)]
        else:
            plans = [tuple(numbers)]
        search = _Search(self, st, me, opp, probe)
        #: result key -> [steps, numbers used (a won game uses all), points, allowed, first number,
        #: checkers on the own corner]
        found: dict[int, list[Any]] = {}
        rec = _searcher(self, st, search, me, opp, _leaf(self, search, me, found), forced, required)
        intact0 = bool(self.kept) and self._stands(me, self.kept) > 0
        for plan in plans:
            rec(plan, 0, (), 0, 0, 0, intact0)
        if probe is not None:
            return []
        if self.stop_short and self.corner:
            self._stop_short(me, opp, dice, found, search.have, intact0, search.key[0], search.weight)
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
        N = self.N
        me, pm, opp, po = self.pin_counts(st, st.to_move)
        total = sum(me) + sum(pm)
        a, b = dice
        plans = [(a, b), (b, a)] if a != b else [(a,) * self.double_play]
        ends_at = N if self.pin_ends else -1
        options = _pin_options(self, me, pm, opp, ends_at)
        #: result key -> [steps, numbers used, ended, first number]
        found: dict[int, list[Any]] = {}
        nforced = len(forced)
        top = nforced if probe is not None else -1  # the depth whose steps the step view ranks

        # a result is told by an integer kept up to date step by step: what changed from the start,
        # a field per count of ``me``, ``pm``, ``opp`` and ``po`` in turn, each wide enough for
        # every checker on the board
        L = len(me)
        bits = max(1, (total + sum(opp) + sum(po)).bit_length())
        W = [1 << (bits * j) for j in range(4 * L)]
        PM, OPP, PO = L, 2 * L, 3 * L

        def leaf(steps: tuple[int, ...], used: int, ended: bool, first: int, key: int) -> None:
            if probe is not None:
                probe.leaf(len(steps), used, first, 0, ended)
                return
            old = found.get(key)
            if old is None or used > old[1] or (used == old[1] and steps < old[0]):
                found[key] = [steps, used, ended, first]

        def rec(plan: tuple[int, ...], i: int, steps: tuple[int, ...], lowest: int, key: int) -> None:
            leaf(steps, i, False, plan[0], key)
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
                k = key - W[p] + W[t]
                freed = me[p] == 0 and po[p] == 1
                if freed:
                    po[p], opp[p] = 0, 1
                    k += W[OPP + p] - W[PO + p]
                if pin:
                    opp[t], po[t] = 0, 1
                    k += W[PO + t] - W[OPP + t]
                me[t] += 1
                step = steps + (p * 64 + t,)
                if (pin and t == ends_at) or me[N + 1] == total:
                    leaf(step, i + 1, True, plan[0], k)
                else:
                    rec(plan, i + 1, step, p if a == b and probe is None else 0, k)
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
            rec(plan, 0, (), 0, 0)
        return [] if probe is not None else self._pin_best(list(found.values()), len(plans[0]), dice)

    def _pin_best(self, results: list[list[Any]], most: int, dice: tuple[int, int]) -> list[tuple[int, ...]]:
        """The legal turns among the results of a pinning roll (``[steps, numbers used, ended,
        first number]``): the most numbers used, the higher number where only one can be played."""
        a, b = dice
        ended = [v for v in results if v[2]]
        rest = [v for v in results if not v[2]]
        if self.ending_turns == "full":  # a turn that ends the game counts as using every number
            for v in ended:
                v[1] = most
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
        low = lowest if lowest > 1 else 1
        last = N - n  # the last point whose step stays on the board
        out = [(p, p + n) for p in range(low, last + 1) if me[p] and opp[p + n] < block]
        if not outside:  # bearing off, from the points beyond
            home = self.home_start
            for p in range(low if low > last else last + 1, N + 1):
                if not me[p]:
                    continue
                if p + n == N + 1:
                    out.append((p, N + 1))
                else:  # a higher number bears off from the highest point only
                    for q in range(home, p):
                        if me[q]:
                            break
                    else:
                        out.append((p, N + 1))
        return out

    def turns(self, me: list[int], opp: list[int], dice: tuple[int, int],
              pairs: list[Any]) -> list[tuple[Any, ...]]:
        """The distinct results of a roll, each as the steps that reach it, a step ``from * 64 +
        to`` in mover coordinates written as ``pairs`` has it (its squares).

        The steps are played on the counts and taken back in place, and a result is told by an
        integer kept up to date step by step: what changed from the start, 5 bits per point of the
        mover's counts, then one bit per opposing checker hit. A turn's last step is not played:
        its result's key is only read off."""
        a, b = dice
        N = self.N
        home = self.home_start
        single = self._single
        #: result key -> (its steps, numbers used, the number played first)
        found: dict[int, tuple[tuple[Any, ...], int, int]] = {}
        outside = sum(me[:home])
        weight = self._weights_of[len(me)]
        hit_at = 5 * len(me)

        if a != b:
            high = a if a > b else b
            for x, y in ((a, b), (b, a)):
                for f1, t1 in single(me, opp, x, 0, outside):
                    k1 = weight[t1] - weight[f1]
                    hit = t1 <= N and opp[t1] == 1
                    if hit:
                        opp[t1] = 0
                        k1 += 1 << (hit_at + t1)
                    me[f1] -= 1
                    me[t1] += 1
                    first = pairs[f1 * 64 + t1]
                    seconds = single(me, opp, y, 0, outside - 1 if f1 < home <= t1 else outside)
                    for f2, t2 in seconds:
                        k = k1 + weight[t2] - weight[f2]
                        if t2 <= N and opp[t2] == 1:
                            k += 1 << (hit_at + t2)
                        if k not in found:
                            found[k] = ((first, pairs[f2 * 64 + t2]), 2, high)
                    if not seconds and k1 not in found:
                        found[k1] = ((first,), 1, x)
                    me[t1] -= 1
                    me[f1] += 1
                    if hit:
                        opp[t1] = 1
            if not found:
                found[0] = ((), 0, 0)
        else:
            def rec(left: int, steps: tuple[Any, ...], lowest: int, key: int, outside: int) -> None:
                options = single(me, opp, a, lowest, outside)
                if left == 1:  # the last number: its results are read off without playing it
                    for f, t in options:
                        k = key + weight[t] - weight[f]
                        if t <= N and opp[t] == 1:
                            k += 1 << (hit_at + t)
                        if k not in found:
                            found[k] = (steps + (pairs[f * 64 + t],), len(steps) + 1, a)
                else:
                    for f, t in options:
                        k = key + weight[t] - weight[f]
                        hit = t <= N and opp[t] == 1
                        if hit:
                            opp[t] = 0
                            k += 1 << (hit_at + t)
                        me[f] -= 1
                        me[t] += 1
                        rec(left - 1, steps + (pairs[f * 64 + t],), f, k, outside - 1 if f < home <= t else outside)
                        me[t] -= 1
                        me[f] += 1
                        if hit:
                            opp[t] = 1
                if not options and key not in found:
                    found[key] = (steps, len(steps), a)
            rec(self.double_play, (), 0, 0, outside)
        most = max([v[1] for v in found.values()])
        keep = [v for v in found.values() if v[1] == most]
        if self.maximize == "higher" and most == 1 and a != b:
            high = max(a, b)
            keep = [v for v in keep if v[2] == high] or keep
        return [v[0] for v in keep]

    def _legal(self, st: "Position") -> list["Move"]:
        """The legal moves in ``st`` (none once the game is over): this block's, the only block of
        a dice turn's phase."""
        out: list["Move"] = []
        if st.result is None:
            self.generate(st, out)
        return out


class _Search:
    """What one walk of a roll's turns (:meth:`Turns.general_turns`) keeps besides the counts."""

    __slots__ = ("probe", "have", "strict", "corner_need", "landed", "fresh", "total", "key", "weight", "width")

    def __init__(self, track: Turns, st: "Position", me: list[int], opp: list[int], probe: "_Probe | None") -> None:
        C = track.corner
        self.probe = probe
        self.have = st.score[st.to_move] if track.target is not None else 0
        corner_before = me[C] if C else 0
        #: checkers the own corner needs when the turn ends (to take it, to leave it)
        self.corner_need = (track.first_take if corner_before == 0 else track.last_leave) if C else 0
        #: a lone checker may not use the empty own corner as a stepping stone
        self.strict = bool(C and not track.pass_through and corner_before == 0)
        #: steps of this turn that ended on the own corner while it was empty when the turn began
        self.landed = [0]
        self.fresh = [0] * len(me)  # checkers that came in this turn and may not go on
        self.total = track.t.start_counts[st.to_move][track.t.code_kind[track.code[st.to_move]]] if track.recycle else 0
        self.width = 5 * len(me)
        self.weight = track._weights_of[len(me)]
        # the step view needs no result keys
        self.key = [0 if probe is not None else (sum(c * w for c, w in zip(me, self.weight))
                                                 + (sum(c * w for c, w in zip(opp, self.weight)) << self.width))]


class _StepWalk:
    """The walk of the step view through one turn (a block without points, corner or return to
    the start), kept while the turn's steps are chosen one after the other.

    The steps already chosen are played once on its own counts, and the plans of numbers they
    fit are remembered, so that ranking the next steps walks only what lies beyond them. Every
    plan that the chosen steps fit reaches the same counts (the same steps played), so one copy
    of the counts serves them all; they differ only in the numbers left. The ranking visits the
    ways in the order a walk from the turn's start would (the plans in their order), so the
    probe sees the same ends in the same order.
    """

    __slots__ = ("track", "required", "length", "plans", "alive", "me", "opp", "fresh", "start_me", "start_opp",
                 "done", "cont", "options", "stays", "prefer_high", "apart", "offered", "offered_at", "probe",
                 "deeper", "start_fresh")

    def __init__(self, track: Turns, player: int) -> None:
        """A walk of ``player``'s turns (its lists and its steps' rules kept from turn to turn);
        :meth:`start` sets the turn."""
        size = track.N + (3 if track.out is not None else 2)
        self.track = track
        self.me, self.opp = [0] * size, [0] * size
        self.fresh = [0] * size  # checkers that came in this turn and may not go on
        self.start_fresh = [0] * size
        self.options = _options(track, player, self.me, self.opp, self.fresh)
        self.stays = track.OUT if not track.out_continue else -2  # where an entering checker stops for the turn
        self.prefer_high = track.maximize == "higher"
        self.apart = track.ending_turns == "apart"
        self.required, self.length = 0, 0
        self.plans: list[tuple[int, ...]] = []
        self.start_me: list[int] = []
        self.start_opp: list[int] = []
        #: the steps played on the counts, the plans they fit, and the checker that left the start
        #: point and may go on
        self.done: tuple[int, ...] = ()
        self.alive = self.plans
        self.cont = 0
        #: the next steps each plan offered at the last ranking, and after how many steps played
        #: (-1: none since they changed)
        self.offered: list[tuple[tuple[int, ...], list[tuple[int, int]]]] = []
        self.offered_at = -1
        #: the probe of the walks, set anew for each (what it gathered is read before the next)
        self.probe = _Probe(0, 0, 0, (1, 1), False, False)
        self.deeper = self._deeper()

    def start(self, st: "Position", me: list[int], opp: list[int], dice: tuple[int, int]) -> None:
        """Begin the turn in ``st`` with the dice ``dice``, ``me`` and ``opp`` its counts (kept)."""
        track = self.track
        numbers, required = track.numbers(st, dice)
        a, b = dice
        OUT = track.OUT
        if track.one_die:
            plans: list[tuple[int, ...]] = [(a,)]
        elif a != b:
            order = track.order_entering if me[0] > 0 or (OUT > 0 and me[OUT] > 0) else track.order
            plans = [(min(a, b), max(a, b))] if order == "lower_first" else [(a, b), (b, a)]
        else:
            plans = [tuple(numbers)]
        self.required, self.length, self.plans = required, len(numbers), plans
        #: the turn's start, to begin again from where other steps are asked
        self.start_me, self.start_opp = me, opp
        self._restart()

    def _restart(self) -> None:
        """Back to the turn's start: no step played."""
        self.me[:] = self.start_me
        self.opp[:] = self.start_opp
        self.fresh[:] = self.start_fresh
        self.done, self.alive, self.cont = (), self.plans, 0
        self.offered_at = -1

    def follow(self, forced: tuple[int, ...]) -> None:
        """Have the steps ``forced`` (``from * 64 + to``) played, the first ones possibly already."""
        done = self.done
        n = len(done)
        if len(forced) < n or forced[:n] != done:
            self._restart()
            n = 0
        for code in forced[n:]:
            self._play(code)

    def _play(self, code: int) -> None:
        """Play the next chosen step, keeping the plans whose next number allows it."""
        alive = self.alive
        d = len(self.done)
        self.done += (code,)
        if not alive:  # no plan fits the steps before: none fits these
            return
        frm, to = code >> 6, code & 63
        step = (frm, to)
        if self.offered_at == d:  # the plans' next steps are known from the ranking just made
            fit = [plan for plan, opts in self.offered if step in opts]
        else:
            options, cont = self.options, self.cont
            fit = [plan for plan in alive if d < len(plan) and step in options(plan[d], 0, cont)]
        self.offered_at = -1
        self.alive = fit
        if not fit:
            return
        track = self.track
        me, opp = self.me, self.opp
        if to <= track.N and opp[to] == 1:
            opp[to] = 0
            if track.opp_start:
                opp[track.opp_start] += 1
        me[frm] -= 1
        me[to] += 1
        if frm == self.stays:
            self.fresh[to] += 1
        S = track.start
        self.cont = to if frm == S and S and to <= track.N else 0

    def walk(self, forced: tuple[int, ...], dice: tuple[int, int]) -> "_Probe":
        """Follow the steps ``forced`` and rank every next step: the probe that saw the ways (the
        walk's own, valid until its next walk)."""
        if forced != self.done:
            self.follow(forced)
        probe = self.probe
        probe.reset(len(forced), self.required, self.length, dice, self.prefer_high, self.apart)
        self.rank(probe)
        return probe

    def _deeper(self) -> Callable[[tuple[int, ...], int, int], None]:
        """The walk beyond a ranked step, until a way reaches the best rank there is (on the walk's
        own counts and probe, so made once)."""
        track, probe = self.track, self.probe
        me, opp, fresh, options = self.me, self.opp, self.fresh, self.options
        N, S, opp_start, stays = track.N, track.start, track.opp_start, self.stays
        leaf = probe.leaf

        def deeper(plan: tuple[int, ...], i: int, cont: int) -> None:
            last = len(plan) - 1
            if i > last:
                leaf(i, i, plan[0], 0, False)
                return
            first, required = plan[0], probe.required
            if i >= required:
                leaf(i, i, first, 0, False)
                if probe.settled:  # the best end there is: nothing beyond can rank higher
                    return
            if i == last or (i + 1 >= required and probe.rank_of(i + 1, first) == probe.cap):
                # the last number, or any step reaches the best rank there is: one step will do
                if options(plan[i], 0, cont, True):
                    leaf(i + 1, i + 1, first, 0, False)
                elif i < required:
                    leaf(i, i, first, 0, False)
                return
            n = plan[i]
            opts = options(n, 0, cont, True)  # the first step, the only one walked where it reaches the best
            if not opts:
                if i < required:
                    leaf(i, i, first, 0, False)
                return
            for k in (0, 1):
                if k:  # the first step was not enough: the others (each is the first of no other list)
                    opts = options(n, 0, cont)[1:]
                for frm, to in opts:
                    hit = to <= N and opp[to] == 1
                    me[frm] -= 1
                    me[to] += 1
                    if hit:
                        opp[to] = 0
                        if opp_start:
                            opp[opp_start] += 1
                    if frm == stays:
                        fresh[to] += 1
                    deeper(plan, i + 1, to if frm == S and S and to <= N else 0)
                    if frm == stays:
                        fresh[to] -= 1
                    if hit:
                        opp[to] = 1
                        if opp_start:
                            opp[opp_start] -= 1
                    me[to] -= 1
                    me[frm] += 1
                    if probe.settled:  # the step view has seen enough
                        return
        return deeper

    def rank(self, probe: "_Probe") -> None:
        """Hand ``probe`` (the walk's) every way beyond the steps played, as
        :meth:`Turns.general_turns` would: the same ends in the same order, only fewer lists of
        steps made (where any one step will do, only the first is looked for until it proves not
        to be enough; with one number left, each step's rank is read at once)."""
        track = self.track
        me, opp, fresh, options, required = self.me, self.opp, self.fresh, self.options, self.required
        N, S, opp_start, stays = track.N, track.start, track.opp_start, self.stays
        i = len(self.done)  # the depth whose steps are ranked
        leaf, begin, ranks, deeper = probe.leaf, probe.begin, probe.ranks, self.deeper
        cont = self.cont
        #: per plan walked, the next steps it offers (to play the step chosen without asking again)
        offered: list[tuple[tuple[int, ...], list[tuple[int, int]]]] = []
        for plan in self.alive:
            left = len(plan) - i  # the numbers left to play
            if not left:
                leaf(i, i, plan[0], 0, False)
                offered.append((plan, []))
                continue
            first = plan[0]
            if i >= required:
                leaf(i, i, first, 0, False)
            opts = options(plan[i], 0, cont)
            offered.append((plan, opts))
            if left == 1:  # the last number: each step's way ends right after it, all alike
                r = probe.rank_of(i + 1, first)
                for frm, to in opts:
                    entry = ranks.get(frm * 64 + to)
                    if entry is None:
                        ranks[frm * 64 + to] = [r, False]
                    elif entry[0] < r:
                        entry[0] = r
            elif left == 2:  # one number after this one: each step's way is judged at once
                cap, nxt = probe.cap, plan[i + 1]
                #: the ranks of ending after the step, and after the last number too (as leaves give them)
                r_stop, r_all = probe.rank_of(i + 1, first), probe.rank_of(i + 2, first)
                may_stop = i + 1 >= required
                for frm, to in opts:
                    code = frm * 64 + to
                    entry = ranks.get(code)
                    if entry is None:
                        entry = ranks[code] = [-1, False]
                    elif entry[0] == cap:
                        continue
                    if may_stop:
                        if r_stop > entry[0]:
                            entry[0] = r_stop
                        if r_stop == cap:  # the best end there is
                            continue
                    hit = to <= N and opp[to] == 1
                    me[frm] -= 1
                    me[to] += 1
                    if hit:
                        opp[to] = 0
                        if opp_start:
                            opp[opp_start] += 1
                    if frm == stays:
                        fresh[to] += 1
                    if options(nxt, 0, to if frm == S and S and to <= N else 0, True):
                        if r_all > entry[0]:
                            entry[0] = r_all
                    elif not may_stop and r_stop > entry[0]:
                        entry[0] = r_stop
                    if frm == stays:
                        fresh[to] -= 1
                    if hit:
                        opp[to] = 1
                        if opp_start:
                            opp[opp_start] -= 1
                    me[to] -= 1
                    me[frm] += 1
            elif i + 1 >= required and probe.rank_of(i + 1, first) == probe.cap:
                # each step reaches the best rank there is by itself: nothing beyond it is walked
                cap = probe.cap
                for frm, to in opts:
                    entry = ranks.get(frm * 64 + to)
                    if entry is None:
                        ranks[frm * 64 + to] = [cap, False]
                    else:
                        entry[0] = cap
            else:
                for frm, to in opts:
                    if begin(frm * 64 + to):
                        continue
                    hit = to <= N and opp[to] == 1
                    me[frm] -= 1
                    me[to] += 1
                    if hit:
                        opp[to] = 0
                        if opp_start:
                            opp[opp_start] += 1
                    if frm == stays:
                        fresh[to] += 1
                    deeper(plan, i + 1, to if frm == S and S and to <= N else 0)
                    if frm == stays:
                        fresh[to] -= 1
                    if hit:
                        opp[to] = 1
                        if opp_start:
                            opp[opp_start] -= 1
                    me[to] -= 1
                    me[frm] += 1
                    probe.settled = False
            if not opts and i < required:
                leaf(i, i, first, 0, False)
        self.offered, self.offered_at = offered, i


def _options(track: Turns, player: int, me: list[int], opp: list[int],
             fresh: list[int]) -> Callable[..., list[tuple[int, int]]]:
    """The steps (from, to) one number ``n`` allows, from sources at or above ``lowest`` (``cont``:
    a checker that left the start point and may go on)."""
    N, OUT, block, S = track.N, track.OUT, track.block, track.start
    no_hit, opp_corner = track.no_hit[player], track.opp_corner
    off_at, overshoot, all_home, home = track.off_at, track.overshoot, track.bear_all_home, track.home_start
    out_all_first, clear_first, bar_first = track.out_all_first, track.clear_first, track.bar_first
    capacity, bears = track.capacity, track.bears_off
    (bar_on, out_on), (bar_at, out_at) = track.enter_on, track.enter_at

    def can_land(t: int) -> bool:
        o = opp[t]
        return o < block and t != opp_corner and not (o and t in no_hit) and me[t] < capacity

    #: only a closed point stops a step (no closed corner, no safe points, no capacity)
    plain = opp_corner <= 0 and not no_hit and capacity > 1000
    #: and every checker on the path may move (none stays where it entered: ``fresh`` is all 0)
    lean = plain and track.out_continue

    def options(n: int, lowest: int, cont: int, one: bool = False) -> list[tuple[int, int]]:
        """``one``: any one of the steps will do (empty only where there is none)."""
        out: list[tuple[int, int]] = []
        if me[0]:
            t = bar_at or n
            if (bar_on is None or n in bar_on) and can_land(t):
                out.append((0, t))
            if bar_first or (one and out):
                return out
        if OUT > 0 and me[OUT]:
            t = out_at or n
            if (out_on is None or n in out_on) and can_land(t):
                out.append((OUT, t))
            if out_all_first or (one and out):
                return out
        if S and clear_first and me[S]:
            sources: Any = (S, cont) if cont and cont != S else (S,)
        else:
            # the steps that stay on the path (each from a lower position than any step off it)
            lo, last = lowest if lowest > 1 else 1, off_at - 1 - n
            if one:
                if lean:
                    for p in range(lo, last + 1):
                        if me[p] and opp[p + n] < block:
                            return [(p, p + n)]
                else:
                    for p in range(lo, last + 1):
                        if me[p] > fresh[p] and (opp[p + n] < block if plain else can_land(p + n)):
                            return [(p, p + n)]
            elif lean:
                out += [(p, p + n) for p in range(lo, last + 1) if me[p] and opp[p + n] < block]
            elif plain:
                out += [(p, p + n) for p in range(lo, last + 1) if me[p] > fresh[p] and opp[p + n] < block]
            else:
                out += [(p, p + n) for p in range(lo, last + 1) if me[p] > fresh[p] and can_land(p + n)]
            sources = range(last + 1 if last >= lo else lo, N + 1)
        may_bear = -1  # not yet known: whether bearing off is allowed now
        for p in sources:
            if me[p] - fresh[p] <= 0:
                continue
            t = p + n
            if t < off_at:
                o = opp[t]
                if o < block and t != opp_corner and not (o and t in no_hit) and me[t] < capacity:
                    out.append((p, t))
                    if one:
                        return out
                continue
            if not bears:  # past the last point: no further checker can move either
                break
            if may_bear < 0:
                may_bear = not (all_home and (sum(me[0:home]) > 0 or (OUT > 0 and me[OUT] > 0)))
            if not may_bear:
                break
            if t == off_at or overshoot == "any" or (overshoot == "highest" and not any(me[0:p])):
                out.append((p, N + 1))
                if one:
                    return out
        return out
    return options


def _leaf(track: Turns, search: _Search, me: list[int], found: dict[int, list[Any]]
          ) -> Callable[[tuple[int, ...], int, int, bool, bool, int], None]:
    """What a way through the turn's steps leaves: a result, kept if new or better (more numbers
    used, or the same with steps first in order); in the step view, handed to the probe."""
    probe, stands, kept, turn_end = search.probe, track._stands, track.kept, track.turn_end
    C, strict, landed, corner_need, key = track.corner, search.strict, search.landed, search.corner_need, search.key
    gain_shift = 2 * search.width

    def leaf(steps: tuple[int, ...], used: int, gain: int, intact: bool, won: bool, first: int) -> None:
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
    return leaf


def _searcher(track: Turns, st: "Position", search: _Search, me: list[int], opp: list[int],
              leaf: Callable[..., None], forced: tuple[int, ...], required: int) -> Callable[..., None]:
    """The walk through a plan of numbers, step by step, each step played on the counts and taken
    back (see :meth:`Turns.general_turns`)."""
    N, OUT, S, C = track.N, track.OUT, track.start, track.corner
    probe, key, weight, width, fresh, landed = search.probe, search.key, search.weight, search.width, \
        search.fresh, search.landed
    options = _options(track, st.to_move, me, opp, fresh)
    stands, formed, kept, target, have = track._stands, track.formed, track.kept, track.target, search.have
    hit_points, off_points, opp_start, strict = track.hit_points, track.off_points, track.opp_start, search.strict
    record_all, prune, nforced = bool(C), track._prune and probe is None, len(forced)
    top = nforced if probe is not None else -1  # the depth whose steps the step view ranks
    recycle, back_to, total, out_continue = track.recycle, track.recycle_to, search.total, track.out_continue

    def rec(plan: tuple[int, ...], i: int, steps: tuple[int, ...], lowest: int, cont: int, gain: int,
            intact: bool) -> None:
        if target is not None and have + gain >= target:  # won
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
            if i == top and cast("_Probe", probe).begin(frm * 64 + to):
                continue
            hit = to <= N and opp[to] == 1
            before = stands(me, formed) if formed else 0
            me[frm] -= 1
            me[to] += 1
            here = key[0]
            key[0] = here + weight[to] - weight[frm] - (_hit(opp, to, opp_start, weight, width) if hit else 0)
            entered = frm == OUT and not out_continue
            if entered:
                fresh[to] += 1
            earned = hit_points * hit + (off_points if to == N + 1 else 0)
            if formed:
                earned += max(0, stands(me, formed) - before)
            still = intact and (not kept or stands(me, kept) > 0)
            if strict and to == C:
                landed[0] += 1
            # the last checker borne off, the game going on: all return to the start point
            recycled = (recycle and to == N + 1 and me[N + 1] == total
                        and not (target is not None and have + gain + earned >= target))
            if recycled:
                key[0] += _recycle(me, N + 1, back_to, total, weight)
            rec(plan, i + 1, steps + (frm * 64 + to,), frm if frm not in (0, OUT) else 0,
                to if frm == S and S and to <= N else 0, gain + earned, still)
            if recycled:
                _recycle(me, back_to, N + 1, total, weight)
            if strict and to == C:
                landed[0] -= 1
            key[0] = here
            if entered:
                fresh[to] -= 1
            if hit:
                _unhit(opp, to, opp_start)
            me[to] -= 1
            me[frm] += 1
            if probe is not None and probe.settled:  # the step view has seen enough
                if i > top:
                    break
                probe.settled = False
        if not opts and not (record_all or i >= required):
            leaf(steps, i, gain, intact, False, plan[0])
    return rec


def _hit(opp: list[int], to: int, opp_start: int, weight: list[int], width: int) -> int:
    """A lone enemy checker on ``to`` is hit: off the point, onto his start point where hits go
    there. Returns what the result key loses."""
    opp[to] = 0
    lost = weight[to] << width
    if opp_start:
        opp[opp_start] += 1
        lost -= weight[opp_start] << width
    return lost


def _unhit(opp: list[int], to: int, opp_start: int) -> None:
    """Take back :func:`_hit`."""
    opp[to] = 1
    if opp_start:
        opp[opp_start] -= 1


def _recycle(me: list[int], src: int, dst: int, total: int, weight: list[int]) -> int:
    """All ``total`` checkers of ``src`` go to ``dst``; returns what the result key gains."""
    me[src] -= total
    me[dst] += total
    return total * (weight[dst] - weight[src])


def _pin_options(track: Turns, me: list[int], pm: list[int], opp: list[int],
                 ends_at: int) -> Callable[[int, int], list[tuple[int, int]]]:
    """The steps (from, to) one number ``n`` allows in a pinning game, from sources at or above
    ``lowest`` (``pm``: the mover's pinned checkers; a point of his pinned checker is closed)."""
    N, block, home = track.N, track.block, track.home_start
    off_at, overshoot, all_home = track.off_at, track.overshoot, track.bear_all_home

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
                may_bear = not (all_home and (sum(me[1:home]) > 0 or sum(pm[1:home]) > 0))
            if may_bear and (t == off_at or overshoot == "any" or (overshoot == "highest" and sources_ok(p))):
                out.append((p, N + 1))
        return out
    return options
