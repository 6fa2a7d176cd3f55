"""Self-play at scale: many games between two agents, every seating, one JSON line per game.

Game ``i`` of a run seeded ``S`` draws its dice and its agents' seeds from ``batch.game_seed(S, i)``.
The agents are dealt to the seats in turn (A, B, A, ... for as many players as the game has), and
game ``i`` turns the table by ``i`` seats: with two players agent A plays first in the even games
and second in the odd ones. A run written to a file can be
stopped and started again with the same file: the games already there are kept, the rest are
played. See docs/reference/agents.md.
"""

from __future__ import annotations

import json
import os
import random
import time
from dataclasses import dataclass
from typing import IO, Any, Callable, Iterable, Sequence

from . import batch
from .agents import make_agent, parse_agent, play_turn, sample_chance
from .dsl.errors import SpielwerkError
from .game import Game

__all__ = ["Run", "finished_indices", "play_recorded", "play_runs", "seating", "simulate"]


def play_recorded(game: Game, agents: tuple[str, str], index: int, seed: int, max_plies: int,
                  records: str | None = None) -> dict[str, Any]:
    """Play game ``index`` of a run and describe it as one record (see the module's docstring);
    with ``records`` (a folder) also write the game in its record notation there."""
    s = batch.game_seed(seed, index)
    rng = random.Random(s)
    seats = seating(agents, len(game.players), index)
    pair = tuple(make_agent(text, rng.getrandbits(63)) for text in seats)
    st = game.initial()
    apply = game.apply
    branching: list[int] = []
    played: list[Any] = []  # every move, rolls too, where the game's record is kept
    keep = played.append if records is not None else None
    t0 = time.perf_counter()
    plies = 0
    stopped = False
    while True:
        if game.is_chance(st):
            roll = sample_chance(game, st, rng)
            apply(st, roll)
            if keep is not None:
                keep(roll)
            continue
        if st.result is not None:
            break
        if plies >= max_plies:
            stopped = True
            break
        move = play_turn(st, pair[st.to_move - 1], branching)
        if move is None:
            break
        apply(st, move)
        if keep is not None:
            keep(move)
        plies += 1
    outcome = None if stopped else game.outcome(st)
    if records is not None:
        from .notation.writer import record_text
        name = os.path.join(records, f"{game.name}-{index:06d}.txt")
        with open(name, "w", encoding="utf-8") as f:
            tags = {"Event": f"spielwerk simulate, game {index}"}
            tags.update({f"Player{i}": text for i, text in enumerate(seats, start=1)})
            f.write(record_text(game, played, outcome, tags=tags))
    return {
        "game": game.name, "options": game.options, "index": index, "seed": s,
        "agents": list(agents), "seats": list(seats),
        "result": outcome.token if outcome is not None else "*",
        "winner": outcome.winner if outcome is not None else None,
        "finished": outcome is not None,
        "value": outcome.value if outcome is not None else None,
        "plies": plies,
        "end": outcome.result if outcome is not None else None,
        "branching": branching,
        "time": round(time.perf_counter() - t0, 6),
    }


def seating(agents: tuple[str, ...], players: int, index: int) -> tuple[str, ...]:
    """Who sits where in game ``index``: the agents dealt to the ``players`` seats in turn, the
    table turned by ``index`` seats."""
    dealt = [agents[i % len(agents)] for i in range(players)]
    turn = index % players
    return tuple(dealt[turn:] + dealt[:turn])


def _worker(payload: dict[str, Any], task: tuple[int, int]) -> dict[str, Any]:
    number, index = task
    run = payload["runs"][number]
    return play_recorded(run["game"], run["agents"], index, run["seed"], run["max_plies"], run["records"])


def finished_indices(path: str, game: Game, agents: tuple[str, str], seed: int) -> set[int]:
    """The games of a run already in ``path`` (to start again where it stopped). A file written by
    another run (another game, options, agents or seed) is refused; a last line cut short by a
    stop is dropped."""
    if not os.path.exists(path):
        return set()
    done: set[int] = set()
    keep: list[str] = []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for lineno, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            if lineno >= len(lines) - 1:  # the last line, cut short: played again
                continue
            raise SpielwerkError(f"{path}:{lineno}: not a game record (JSON); give another --out") from None
        mine = (game.name, game.options, list(agents), seed)
        theirs = (rec.get("game"), rec.get("options"), rec.get("agents"), rec.get("run_seed"))
        if theirs != mine:
            raise SpielwerkError(f"{path}:{lineno}: written by another run ({theirs[0]} {theirs[1]}, agents "
                                 f"{theirs[2]}, seed {theirs[3]}); give another --out to start a new one")
        done.add(int(rec["index"]))
        keep.append(line)
    if len(keep) != sum(1 for line in lines if line.strip()):  # drop the cut line for good
        with open(path, "w", encoding="utf-8") as f:
            f.write("".join(line + "\n" for line in keep))
    return done


@dataclass(frozen=True)
class Run:
    """One run of :func:`play_runs`: ``games`` games of ``game`` between ``agents`` (texts such as
    ``mcts:iterations=500``), seeded ``seed``. Each record is written to ``out`` (a JSON line,
    flushed) as it finishes; the games in ``skip`` are not played; with ``records`` (a folder) each
    game's record is written there too, ``GAME-000012.txt``."""

    game: Game
    agents: tuple[str, str]
    games: int
    seed: int = 0
    max_plies: int = 10_000
    out: IO[str] | None = None
    skip: Iterable[int] = ()
    records: str | None = None

    def todo(self) -> list[int]:
        """The games of the run still to play, in order."""
        skip = set(self.skip)
        return [i for i in range(self.games) if i not in skip]


def play_runs(runs: Sequence[Run], *, jobs: int | None = 1, cluster: Any = None,
              finished: Callable[[int, dict[str, Any]], None] | None = None) -> list[list[dict[str, Any]]]:
    """Play several runs on one set of ``jobs`` processes (or on ``cluster``, a Dask scheduler's
    address or client), as ``compare`` plays its base and variant. The runs' games are handed out
    in turn, the first of each run, then the second of each, and so on: the first games of every
    run are played first (a sample to time them on), and no process waits for one run's last games
    while the other has games to play. ``finished`` is called with the run's number and each
    record once it is written. Returns each run's records, in order."""
    for run in runs:
        for text in run.agents:
            parse_agent(text)
    todos = [run.todo() for run in runs]
    for run in runs:
        if run.records is not None:
            os.makedirs(run.records, exist_ok=True)
    tasks = [(number, todo[k]) for k in range(max((len(t) for t in todos), default=0))
             for number, todo in enumerate(todos) if k < len(todo)]
    payload = {"runs": [{"game": run.game, "agents": tuple(run.agents), "seed": run.seed,
                         "max_plies": run.max_plies, "records": run.records} for run in runs]}
    played: list[dict[int, dict[str, Any]]] = [{} for _ in runs]
    stream = batch.on_cluster(_worker, tasks, payload, cluster) if cluster is not None else \
        batch.unordered(_worker, tasks, payload, jobs)
    for (number, index), rec in stream:
        run = runs[number]
        rec["run_seed"] = run.seed
        played[number][index] = rec
        if run.out is not None:
            run.out.write(json.dumps(rec, separators=(",", ":")) + "\n")
            run.out.flush()
        if finished is not None:
            finished(number, rec)
    return [[done[i] for i in sorted(done)] for done in played]


def simulate(game: Game, agents: tuple[str, str], games: int, *, seed: int = 0, jobs: int | None = 1,
             max_plies: int = 10_000, out: IO[str] | None = None, skip: Iterable[int] = (),
             progress: Callable[[int], None] | None = None, records: str | None = None,
             cluster: Any = None) -> list[dict[str, Any]]:
    """Play ``games`` games of ``agents`` (texts such as ``mcts:iterations=500``) in both seatings
    on ``jobs`` processes; write each record to ``out`` (a JSON line, flushed) as it finishes and
    return them all in order. Games in ``skip`` are not played; ``progress`` is called with the
    count of games finished so far; with ``records`` (a folder) each game's record is written
    there too, ``GAME-000012.txt``. With ``cluster`` (a Dask scheduler's address or client) the
    games run on that cluster instead of local processes, with the same results."""
    count = 0

    def tick(number: int, rec: dict[str, Any]) -> None:
        nonlocal count
        count += 1
        if progress is not None:
            progress(count)

    run = Run(game, (agents[0], agents[1]), games, seed, max_plies, out, skip, records)
    return play_runs([run], jobs=jobs, cluster=cluster, finished=tick)[0]
