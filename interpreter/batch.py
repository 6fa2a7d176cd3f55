"""Both cores: perft with its root moves split over processes, and many seeded playouts at once.

Every result is the same whatever the number of processes: perft counts are sums over the root
moves, and each game of :func:`play_games` draws its dice and its agents' seeds from its own seed
(made from the batch's ``seed`` and the game's number), never from the process it runs in.
Worker processes receive the game (or position) once, pickled as its spec and options, and compile
it again.
"""

from __future__ import annotations

import random
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Sequence, Sized

from .agents import RandomAgent, playout
from .game import Game, Outcome
from .cores import most_jobs, processes
from .game import State
from .state import Move

__all__ = ["GameResult", "divide", "game_seed", "most_jobs", "on_cluster", "perft", "play_games", "processes",
           "tally", "unordered"]

#: what a worker process keeps between tasks (set by ``_start``)
_WORKER: dict[str, Any] = {}


def _start(payload: dict[str, Any]) -> None:
    _WORKER.clear()
    _WORKER.update(payload)


def _pool(jobs: int, payload: dict[str, Any]) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(max_workers=jobs, initializer=_start, initargs=(payload,))


def _call(task: tuple[Callable[..., Any], Any]) -> Any:
    fn, arg = task
    return fn(_WORKER, arg)


def unordered(fn: Callable[[dict[str, Any], Any], Any], tasks: Iterable[Any], payload: dict[str, Any],
              jobs: int | None = 1, ahead: int = 4) -> Iterator[tuple[Any, Any]]:
    """``(task, fn(payload, task))`` for every task, as each finishes, on ``jobs`` processes (one:
    in this process, in order). ``fn`` must be a module-level function; the payload is sent to
    each worker once; at most ``ahead`` tasks per worker wait in the queue. No more processes are
    started than there are tasks (where ``tasks`` has a length) or than :func:`most_jobs`."""
    n = processes(jobs, len(tasks) if isinstance(tasks, Sized) else None)
    if n == 1:
        for task in tasks:
            yield task, fn(payload, task)
        return
    todo = iter(tasks)
    with _pool(n, payload) as pool:
        running: dict[Future[Any], Any] = {}
        for task in todo:
            running[pool.submit(_call, (fn, task))] = task
            if len(running) >= n * ahead:
                break
        while running:
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                task = running.pop(future)
                yield task, future.result()
                nxt = next(todo, None)
                if nxt is not None:
                    running[pool.submit(_call, (fn, nxt))] = nxt


def _cluster_call(fn: Callable[[dict[str, Any], Any], Any], payload: dict[str, Any], task: Any) -> Any:
    return fn(payload, task)


#: seconds to wait for a Dask scheduler to answer
CLUSTER_TIMEOUT = 10.0


def connect(address: str, timeout: float | None = None) -> Any:
    """A ``distributed.Client`` of the Dask scheduler at ``address``; a SpielwerkError that says so
    when the extra is not installed or the scheduler does not answer within ``timeout`` seconds
    (default :data:`CLUSTER_TIMEOUT`)."""
    import importlib
    from .dsl.errors import SpielwerkError
    try:
        distributed: Any = importlib.import_module("distributed")  # an optional extra, untyped
    except ImportError:
        raise SpielwerkError("--cluster needs Dask distributed: pip install 'spielwerk[cluster]'") from None
    wait_for = CLUSTER_TIMEOUT if timeout is None else timeout
    try:
        return distributed.Client(address, timeout=wait_for)
    except (OSError, TimeoutError, ValueError) as exc:
        raise SpielwerkError(f"cannot reach the Dask scheduler at {address}: {exc}") from None


def on_cluster(fn: Callable[[dict[str, Any], Any], Any], tasks: Iterable[Any], payload: dict[str, Any],
               cluster: Any) -> Iterator[tuple[Any, Any]]:
    """As :func:`unordered`, on a Dask distributed cluster: ``cluster`` is a scheduler's address
    (``tcp://host:8786``) or a ``distributed.Client``. The payload is sent to every worker once;
    the workers need spielwerk installed (``pip install 'spielwerk[cluster]'``)."""
    import importlib
    try:
        distributed: Any = importlib.import_module("distributed")  # an optional extra, untyped
    except ImportError:
        from .dsl.errors import SpielwerkError
        raise SpielwerkError("--cluster needs Dask distributed: pip install 'spielwerk[cluster]'") from None
    Client, as_completed = distributed.Client, distributed.as_completed
    client = cluster if isinstance(cluster, Client) else connect(cluster)
    try:
        shared = client.scatter(payload, broadcast=True, hash=False)  # a key of its own, never shared
        futures = {client.submit(_cluster_call, fn, shared, task, pure=False): task for task in tasks}
        for future in as_completed(futures):
            yield futures[future], future.result()
    finally:
        if client is not cluster:
            client.close()


# -- perft ------------------------------------------------------------------------------------------
def _root_tasks(state: State, depth: int) -> list[tuple[tuple[Move, ...], int]]:
    """The subtrees under the root: (moves from the root, depth left below them). A chance node at
    the root is expanded first (a roll uses no depth)."""
    game = state.game
    if game.is_chance(state):
        tasks = []
        for roll, _ in game.chance_outcomes(state):
            info = game.apply(state, roll)
            tasks += [((roll,) + path, d) for path, d in _root_tasks(state, depth)]
            game.undo(state, roll, info)
        return tasks
    return [((move,), depth - 1) for move in game.legal_moves(state)]


def _subtree(task: tuple[tuple[Move, ...], int]) -> int:
    path, depth = task
    state: State = _WORKER["state"]
    return _count(state, path, depth)


def _count(state: State, path: tuple[Move, ...], depth: int) -> int:
    game = state.game
    undo = []
    for move in path:
        undo.append(game.apply(state, move))
    total = game.perft(state, depth)
    for move, info in zip(reversed(path), reversed(undo)):
        game.undo(state, move, info)
    return total


def divide(state: State, depth: int, jobs: int | None = 1) -> list[tuple[tuple[Move, ...], int]]:
    """Perft below each root move (after the root's roll, at a chance node): the moves from the
    root and the leaf count under them, in the order of the legal moves. ``jobs`` processes share
    the subtrees (0 or None: one per core)."""
    if depth < 1:
        raise ValueError(f"depth: at least 1, not {depth}")
    n = processes(jobs)
    tasks = _root_tasks(state, depth)
    if n == 1 or len(tasks) < 2:
        counts = [_count(state, path, d) for path, d in tasks]
    else:
        with _pool(min(n, len(tasks)), {"state": state}) as pool:
            counts = list(pool.map(_subtree, tasks, chunksize=1))
    return [(path, c) for (path, _), c in zip(tasks, counts)]


def perft(state: State, depth: int, jobs: int | None = 1, *, kernel: bool = True) -> int:
    """The leaf count of :meth:`Game.perft`, the root's subtrees shared by ``jobs`` processes; on
    the game's kernel (:mod:`spielwerk.kernel`) where it has one and ``kernel`` is true, else on
    the engine."""
    workers = processes(jobs)  # a count asked for is checked wherever the leaves are counted
    if kernel and depth > 0:
        from .kernel import kernel as kernel_of
        made = kernel_of(state.game)
        if made is not None and made.usable(state):
            return made.perft(state, depth)
    if depth == 0 or workers == 1:
        return state.game.perft(state, depth)
    return sum(c for _, c in divide(state, depth, jobs))


# -- many games -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameResult:
    """One game of :func:`play_games`."""

    #: the game's number in the batch (0-based), and the seed its dice and agents were drawn from
    index: int
    seed: int
    #: how it ended, or None when it was stopped unfinished after ``max_plies``
    outcome: Outcome | None
    #: plies played (chance moves such as rolls are not plies)
    plies: int


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch seeded with ``seed`` (the same in every process)."""
    return random.Random(f"spielwerk:{seed}:{index}").getrandbits(63)


AgentFactory = Callable[[int], Any]


def _play(game: Game, agents: Sequence[AgentFactory], index: int, seed: int, max_plies: int,
          start: State | None) -> GameResult:
    s = game_seed(seed, index)
    rng = random.Random(s)
    pair = (agents[0](rng.getrandbits(63)), agents[1](rng.getrandbits(63)))
    state = start.copy() if start is not None else game.initial()
    state.stack = []
    ply0 = state.ply
    outcome = playout(state, pair, max_plies, rng)
    return GameResult(index, s, outcome, state.ply - ply0)


def _play_chunk(indices: list[int]) -> list[GameResult]:
    w = _WORKER
    return [_play(w["game"], w["agents"], i, w["seed"], w["max_plies"], w["start"]) for i in indices]


def play_games(game: Game, games: int, *, agents: AgentFactory | Sequence[AgentFactory] = RandomAgent,
               seed: int = 0, jobs: int | None = 1, max_plies: int = 10_000, start: State | None = None,
               chunk: int = 8) -> list[GameResult]:
    """Play ``games`` games from the start (or from ``start``) and return them in order.

    ``agents`` makes each player's agent from a seed: one factory for both, or one per player
    (``RandomAgent``, ``functools.partial(RandomAgent, by="step")``, any picklable callable where
    ``jobs`` > 1). Game ``i`` rolls its dice and seeds its agents from :func:`game_seed`
    (``seed``, ``i``), so a batch gives the same games in one process or many. ``jobs``
    processes (0 or None: one per core) take ``chunk`` games at a time. Random games
    (``RandomAgent`` for both) of a game with a kernel (:mod:`spielwerk.kernel`) are played
    there, on one process, each drawn by the kernel's generator from the same seed.
    """
    if games < 0:
        raise ValueError(f"games: a count, not {games}")
    pair: Sequence[AgentFactory] = (agents, agents) if callable(agents) else tuple(agents)
    if len(pair) != 2:
        raise ValueError("agents: one factory, or one per player")
    if all(a is RandomAgent for a in pair):  # random games on the game's kernel, where it has one
        from .kernel import kernel
        made = kernel(game)
        first = start if start is not None else game.initial()
        if made is not None and made.usable(first):
            out = []
            for i in range(games):
                s = game_seed(seed, i)
                outcome, plies = made.random_games(first, 1, seed=s, max_plies=max_plies)[0]
                out.append(GameResult(i, s, outcome, plies))
            return out
    n = min(processes(jobs), max(1, games // max(1, chunk)))
    if n == 1:
        return [_play(game, pair, i, seed, max_plies, start) for i in range(games)]
    chunks = [list(range(i, min(games, i + chunk))) for i in range(0, games, chunk)]
    payload = {"game": game, "agents": pair, "seed": seed, "max_plies": max_plies, "start": start}
    with _pool(n, payload) as pool:
        return [r for part in pool.map(_play_chunk, chunks) for r in part]


def tally(batch: Iterable[GameResult]) -> dict[str, int]:
    """How a batch ended: games won by each player, drawn and unfinished."""
    tally = {"1": 0, "2": 0, "draw": 0, "unfinished": 0}
    for r in batch:
        key = "unfinished" if r.outcome is None else "draw" if r.outcome.winner is None else str(r.outcome.winner)
        tally[key] += 1
    return tally
