"""The step view of a ``track`` turn: one number of the dice at a time (docs/reference/tracks.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ...dsl.errors import InvalidMoveError
from .rules import STOP, ScoredTrackMove, TrackMove, _Probe
from .turns import Turns, _StepWalk

if TYPE_CHECKING:  # pragma: no cover
    from ...state import Move, Position

__all__ = ["StepView"]



class StepView(Turns):
    """The step view of a ``track`` (see :meth:`spielwerk.game.Game.turn_steps`)."""

    # -- the step view: a turn made one step (one number of the dice) at a time -----------------------
    def _coded(self, p: int, steps: Any) -> tuple[int, ...]:
        """Steps (from square, to square) as ``from * 64 + to`` in ``p``'s coordinates."""
        pos = self._mover_pos[p]
        return tuple([pos[a] * 64 + pos[b] for a, b in steps])

    def _turn_length(self, st: "Position") -> int:
        """How many steps the longest way through the turn in ``st`` has: the numbers to play."""
        dice = cast("tuple[int, int]", st.dice)
        if self.pin:
            return self.double_play if dice[0] == dice[1] else 2
        return len(self.numbers(st, dice)[0])

    def _step_walk(self, st: "Position") -> _StepWalk | None:
        """The walk of the turn in ``st`` kept across its steps (see :class:`_StepWalk`), or None
        where the turn is walked otherwise (pins, points, corner, return to the start)."""
        if not self._keeps_walk:
            return None
        p = st.to_move
        walk: _StepWalk | None = self._turn_walks[p]
        if walk is None:
            walk = self._turn_walks[p] = _StepWalk(self, p)
        key = (st.hash, p, st.dice)
        if self._turn_key != key:
            me, opp = self.counts(st, p)
            walk.start(st, me, opp, cast("tuple[int, int]", st.dice))
            self._turn_key = key
        return walk

    def _walk(self, st: "Position", forced: tuple[int, ...]) -> _Probe:
        """Follow the steps ``forced`` and rank every next step (see :class:`_Probe`)."""
        dice = cast("tuple[int, int]", st.dice)
        walk = self._step_walk(st)
        if walk is not None:  # the steps chosen so far are played once, not again at every step
            return walk.walk(forced, dice)
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
            # the turn's steps are asked one after the other on the same position: count it once
            known = self._walk_counts
            if known[0] == st.hash and known[1] == st.to_move:
                me, opp = list(known[2]), list(known[3])
            else:
                me, opp = self.counts(st, st.to_move)
                self._walk_counts = (st.hash, st.to_move, list(me), list(opp))
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
        walk = self._step_walk(st)
        if walk is not None:
            if len(done) >= walk.length:  # every number played: no way goes further
                return []
            pos = self._mover_pos[st.to_move]
            probe = walk.walk(tuple([pos[a] * 64 + pos[b] for a, b in done]), cast("tuple[int, int]", st.dice))
        else:
            if len(done) >= self._turn_length(st):
                return []
            probe = self._walk(st, self._coded(st.to_move, done))
        pairs = self._step_squares[st.to_move]
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
        return cast("tuple[int, bool]", self._apart_cache[1])

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
        if self.scoring:
            return ScoredTrackMove((self.index, st.dice, steps, self._walk(st, self._coded(st.to_move, steps)).gain))
        return TrackMove((self.index, st.dice, steps))
