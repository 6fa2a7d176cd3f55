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
from typing import IO, Any, Callable, Iterable

from . import batch
from .agents import make_agent, parse_agent, play_turn, sample_chance
from .dsl.errors import SpielwerkError
from .game import Game

__all__ = ["play_recorded", "seating", "simulate", "finished_indices"]


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


def _worker(payload: dict[str, Any], index: int) -> dict[str, Any]:
    return play_recorded(payload["game"], payload["agents"], index, payload["seed"], payload["max_plies"],
                         payload.get("records"))


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
    for text in agents:
        parse_agent(text)
    todo = [i for i in range(games) if i not in set(skip)]
    if records is not None:
        os.makedirs(records, exist_ok=True)
    payload = {"game": game, "agents": tuple(agents), "seed": seed, "max_plies": max_plies, "records": records}
    played: dict[int, dict[str, Any]] = {}
    runs = batch.on_cluster(_worker, todo, payload, cluster) if cluster is not None else \
        batch.unordered(_worker, todo, payload, jobs)
    for index, rec in runs:
        rec["run_seed"] = seed
        played[index] = rec
        if out is not None:
            out.write(json.dumps(rec, separators=(",", ":")) + "\n")
            out.flush()
        if progress is not None:
            progress(len(played))
    return [played[i] for i in sorted(played)]
