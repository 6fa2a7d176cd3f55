"""How long a run of games will take, measured on its own first games.

``simulate`` and ``compare`` hand out the first games of each run before the rest
(:func:`spielwerk.simulate.play_runs`); a :class:`Forecast` waits for those games, the sample, and
then says what the whole run is expected to take. Nothing is played for the estimate alone: the
sample's games count toward the run, and the others keep the processes busy meanwhile.

The sample is a run's first games to play: one a process (shared between the runs of a
``compare``), and no fewer than the seatings (the agents take turns to sit first, and who sits
first may change how long a game lasts; a fresh run's first games sit each way once). On K
processes it takes about as long as one game. The time of a game is the one its record keeps,
measured where it ran (a worker process or a cluster's machine, slowed as much as the processes
beside it slow it); the first games to finish are not taken instead, as they are the short ones.
The expected time is the time already spent (starting the processes included) and, for the games
left, each run's mean time a game in its sample times its games left, shared among the processes,
and never less than one game. A run that ends with its sample says nothing.
"""

from __future__ import annotations

import math
import statistics
import time
from typing import Callable, Sequence

__all__ = ["Forecast", "about", "duration"]


class Forecast:
    """The expected time of runs whose games to play are ``todo`` (one list of game numbers per
    run, named ``names`` in the line), on ``workers`` processes (or what ``where`` names, singular
    and plural: a cluster's threads), where ``seatings`` seatings take turns (the game's players).
    Feed it every finished game with :meth:`add`: the call that completes the sample returns the
    line to show, every other None. ``clock`` gives seconds; the time spent is counted from the
    forecast's making."""

    def __init__(self, todo: Sequence[Sequence[int]], workers: int,
                 where: tuple[str, str] = ("process", "processes"), seatings: int = 1,
                 names: Sequence[str] = (), clock: Callable[[], float] = time.perf_counter) -> None:
        self.workers = max(1, workers)
        self.where = where
        self.names = list(names)
        self.clock = clock
        self.started = clock()
        self.total = [len(t) for t in todo]
        playing = sum(1 for n in self.total if n)
        each = max(math.ceil(self.workers / playing), seatings) if playing else 0
        self.sample = [set(t[:each]) for t in todo]
        self.times: list[list[float]] = [[] for _ in todo]
        self.done = [0] * len(self.total)
        self.said = not playing

    def add(self, run: int, index: int, seconds: float) -> str | None:
        """Game ``index`` of run ``run`` took ``seconds``: the line, once the sample is complete."""
        self.done[run] += 1
        if index in self.sample[run]:
            self.times[run].append(seconds)
        if self.said or any(len(t) < len(s) for t, s in zip(self.times, self.sample)):
            return None
        self.said = True
        return self.line()

    def expected(self) -> float:
        """The seconds the runs are expected to take in all, from the sample's times."""
        mean = [statistics.fmean(t) if t else 0.0 for t in self.times]
        left = [n - d for n, d in zip(self.total, self.done)]
        work = sum(m * n for m, n in zip(mean, left))
        longest = max((m for m, n in zip(mean, left) if n > 0), default=0.0)
        return self.clock() - self.started + max(work / self.workers, longest)

    def line(self) -> str | None:
        """``expected: about 2 min 10 s for 200 games (measured on 2 games: 0.65 s a game,
        2 processes)``; None when no game is left to play."""
        if sum(self.total) == sum(self.done):
            return None
        measured = sum(len(t) for t in self.times)
        games = "game" if measured == 1 else "games"
        if len(self.times) == 1:
            each = f"{duration(statistics.fmean(self.times[0]))} a game"
        else:
            each = ", ".join(f"{duration(statistics.fmean(t))} a {name} game"
                             for t, name in zip(self.times, self.names) if t)
        where = self.where[self.workers != 1]
        return (f"expected: {about(self.expected())} for {sum(self.total)} games "
                f"(measured on {measured} {games}: {each}, {self.workers} {where})")


def about(seconds: float) -> str:
    """An expected time, as round as an estimate deserves: ``under a second``, ``about 40 s``,
    ``about 2 min 10 s``, ``about 3 h 20 min``."""
    if seconds < 1:
        return "under a second"
    if round(seconds) < 60:
        return f"about {round(seconds)} s"
    tens = round(seconds / 10) * 10
    if tens < 3600:
        minutes, rest = divmod(tens, 60)
        return f"about {minutes} min" + (f" {rest} s" if rest else "")
    hours, minutes = divmod(round(seconds / 60), 60)
    return f"about {hours} h" + (f" {minutes} min" if minutes else "")


def duration(seconds: float) -> str:
    """A measured time, to two or three figures: ``0.65 s``, ``8.3 ms``, ``12 s``, ``2 min 10 s``."""
    if seconds >= 59.5:
        minutes, rest = divmod(round(seconds), 60)
        return f"{minutes} min" + (f" {rest} s" if rest else "")
    if seconds >= 9.95:
        return f"{seconds:.0f} s"
    if seconds >= 0.995:
        return f"{seconds:.1f} s"
    if seconds >= 0.0995:
        return f"{seconds:.2f} s"
    ms = seconds * 1000
    if ms >= 9.95:
        return f"{ms:.0f} ms"
    return f"{ms:.1f} ms" if ms >= 0.995 else f"{ms:.2f} ms"
