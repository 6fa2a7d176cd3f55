"""Many games stepped at once, numpy arrays in and out: the loop a reinforcement learner sees.

:class:`VectorGame` keeps ``n`` games of one compiled game going side by side. Each call of
:meth:`VectorGame.step` takes one action id per game and returns, per game, the observation of the
player to decide next, the mask of his legal actions, the returns of a game that has just ended,
whether one has, and who is to decide::

    vg = VectorGame(game, 64, seed=1)
    obs, mask, to_play = vg.reset()
    rng = np.random.default_rng(1)
    for _ in range(1000):
        obs, mask, rewards, done, to_play = vg.step(random_actions(mask, rng))

Conventions (``A`` = ``game.num_actions``, ``D`` = ``observation_size(game)``):

* ``obs``: float32 ``[n, D]``, row ``i`` is ``state.observation()`` of game ``i``, seen by the
  player to decide (``to_play[i]``).
* ``mask``: bool ``[n, A]``, row ``i`` is ``state.legal_action_mask()``; every row has a legal
  action, since every returned state is a decision (chance nodes are played inside).
* ``to_play``: int8 ``[n]``, the player to decide, 1 to ``P`` (``P`` = ``len(game.players)``, the
  players who play). A turn of several decisions (one die at a time, a chain of jumps) is several
  steps with the same player to decide.
* ``rewards``: float32 ``[n, P]``, the returns of players 1 to ``P`` (``state.returns()``: with two
  players, player 1's and player 2's), nonzero only on the step that ended a game; zero-sum games
  give rows that sum to 0.
* ``done``: bool ``[n]``: game ``i`` ended in this step (or was cut off after ``max_steps``
  decisions). It has already been replaced by a new game: ``obs``, ``mask`` and ``to_play`` of
  that row belong to the new game's first decision. :attr:`VectorGame.truncated`,
  :attr:`VectorGame.final_ply` and :attr:`VectorGame.final_steps` tell more about the ended game.

Chance nodes are resolved with each game's own generator, seeded from ``(seed, game index,
episode number)``: the same seed and actions give the same games whatever the number of worker
processes (``jobs``), which share the games in contiguous slices, through shared memory.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import traceback
import weakref
from multiprocessing.connection import Connection
from multiprocessing.sharedctypes import RawArray
from typing import TYPE_CHECKING, Any, Sequence

try:
    import numpy as np
    from numpy.typing import NDArray
except ImportError as exc:  # pragma: no cover - the message says what to install
    raise ImportError("spielwerk.learning.vector needs the rl extra: pip install 'spielwerk[rl]'") from exc

from .actions import apply_action, chance_at, decision
from .observation import observation_size, writer

if TYPE_CHECKING:
    from ..game import Game
    from ..game import State

__all__ = ["VectorGame", "random_actions", "episode_seed"]

#: the arrays a step fills, in the order they lie in the shared block: (name, dtype, columns);
#: columns 0 means one value per game, -1 the observation's size, -2 the number of actions, -3 the
#: number of players
_LAYOUT: tuple[tuple[str, Any, int], ...] = (
    ("obs", np.float32, -1),
    ("rewards", np.float32, -3),
    ("actions", np.int64, 0),
    ("final_ply", np.int32, 0),
    ("final_steps", np.int32, 0),
    ("to_play", np.int8, 0),
    ("done", np.bool_, 0),
    ("truncated", np.bool_, 0),
    ("mask", np.bool_, -2),
)


def episode_seed(seed: int, index: int, episode: int) -> int:
    """The seed of the chance generator of game ``index``'s ``episode``-th game (from 0) in a
    :class:`VectorGame` seeded with ``seed``: the same in every process."""
    return random.Random(f"spielwerk.vector:{seed}:{index}:{episode}").getrandbits(63)


def random_actions(mask: NDArray[np.bool_], rng: np.random.Generator) -> NDArray[np.int64]:
    """One legal action per row of ``mask`` (bool ``[n, A]``), each uniformly at random; -1 for a
    row without any."""
    rows, width = mask.shape
    legal = np.flatnonzero(mask)  # row by row, each row's ids ascending
    counts = np.count_nonzero(mask, axis=1)
    starts = np.cumsum(counts) - counts
    picks = starts + (rng.random(rows) * counts).astype(np.int64)
    chosen: NDArray[np.int64] = np.full(rows, -1, dtype=np.int64)
    some = counts > 0
    chosen[some] = legal[picks[some]] - np.flatnonzero(some) * width
    return chosen


def _shape(game_count: int, columns: int, widths: tuple[int, int, int]) -> tuple[int, ...]:
    """The shape of an array of :data:`_LAYOUT`; ``widths``: the observation's size, the number
    of actions and the number of players."""
    if columns == 0:
        return (game_count,)
    return (game_count, widths[-columns - 1] if columns < 0 else columns)


def _widths(game: "Game") -> tuple[int, int, int]:
    """What the columns -1, -2 and -3 of :data:`_LAYOUT` stand for in ``game``."""
    return observation_size(game), game.num_actions, game.t.num_players


def _block_size(game_count: int, widths: tuple[int, int, int]) -> int:
    total = 0
    for _, dtype, columns in _LAYOUT:
        nbytes = int(np.prod(_shape(game_count, columns, widths))) * np.dtype(dtype).itemsize
        total += (nbytes + 7) // 8 * 8
    return total


def _views(buffer: Any, game_count: int, widths: tuple[int, int, int]) -> dict[str, NDArray[Any]]:
    """The step's arrays laid over one block of memory (a ``bytearray`` or a shared ``RawArray``)."""
    views: dict[str, NDArray[Any]] = {}
    offset = 0
    for name, dtype, columns in _LAYOUT:
        shape = _shape(game_count, columns, widths)
        count = int(np.prod(shape))
        views[name] = np.frombuffer(buffer, dtype=dtype, count=count, offset=offset).reshape(shape)
        offset += (count * np.dtype(dtype).itemsize + 7) // 8 * 8
    return views


class _Slice:
    """Games ``lo`` to ``hi - 1`` of a vector and the loop that steps them, writing into the
    shared arrays (in the caller's process or in a worker)."""

    def __init__(self, game: "Game", lo: int, hi: int, arrays: dict[str, NDArray[Any]], seed: int,
                 max_steps: int | None) -> None:
        self.game, self.lo, self.hi = game, lo, hi
        self.arrays = arrays
        self.seed = seed
        self.max_steps = max_steps if max_steps is not None else -1
        self.chance = game.num_chance_outcomes > 0
        self.num_actions = game.num_actions
        self.writer = writer(game)
        #: the start position, copied for every new game (a copy costs less than setting it up)
        self.start = game.initial()
        self.states: list[State] = []
        self.rngs: list[random.Random | None] = []
        #: episodes begun by each game since the seed was set, and decisions made in the current one
        self.episodes = [0] * (hi - lo)
        self.steps = [0] * (hi - lo)

    def _begin(self, k: int) -> "State":
        """A new game in place ``k`` of the slice, played up to its first decision."""
        state = self.start.copy()
        rng = None
        if self.chance:
            rng = random.Random(episode_seed(self.seed, self.lo + k, self.episodes[k]))
        self.episodes[k] += 1
        self.steps[k] = 0
        if rng is not None and state.current_player() == 0:
            _play_chance(state, rng)
        if k < len(self.states):
            self.states[k] = state
            self.rngs[k] = rng
        else:
            self.states.append(state)
            self.rngs.append(rng)
        return state

    def reset(self, seed: int | None) -> None:
        if seed is not None:
            self.seed = seed
            self.episodes = [0] * (self.hi - self.lo)
        self.states, self.rngs = [], []
        lo, hi = self.lo, self.hi
        a = self.arrays
        a["rewards"][lo:hi] = 0.0
        a["done"][lo:hi] = False
        a["truncated"][lo:hi] = False
        a["final_ply"][lo:hi] = 0
        a["final_steps"][lo:hi] = 0
        players: list[int] = []
        legal: list[list[int]] = []
        for k in range(hi - lo):
            player, ids = decision(self._begin(k))
            players.append(player)
            legal.append(ids)
        self._write(players, legal)

    def _write(self, players: list[int], legal_ids: list[list[int]]) -> None:
        """The observation and the mask of every game of the slice; the player to decide.
        ``players`` and ``legal_ids``: per game, who decides and his legal actions."""
        a = self.arrays
        lo, hi = self.lo, self.hi
        self.writer.write(self.states, a["obs"][lo:hi])
        width = self.num_actions
        legal: list[int] = []
        base = lo * width
        for ids in legal_ids:
            legal.extend([base + action for action in ids])
            base += width
        flat = a["mask"].reshape(-1)
        flat[lo * width:hi * width] = False
        flat[legal] = True
        a["to_play"][lo:hi] = players

    def step(self) -> None:
        a = self.arrays
        lo, hi = self.lo, self.hi
        rewards, done, truncated = a["rewards"], a["done"], a["truncated"]
        final_ply, final_steps = a["final_ply"], a["final_steps"]
        rewards[lo:hi] = 0.0
        done[lo:hi] = False
        truncated[lo:hi] = False
        final_ply[lo:hi] = 0
        final_steps[lo:hi] = 0
        actions = a["actions"][lo:hi].tolist()
        states, rngs, steps = self.states, self.rngs, self.steps
        cap = self.max_steps
        players: list[int] = []
        legal: list[list[int]] = []
        for k, action in enumerate(actions):
            state = states[k]
            apply_action(state, action)
            steps[k] += 1
            player, ids = decision(state)
            if player == 0:
                rng = rngs[k]
                assert rng is not None
                _play_chance(state, rng)
                player, ids = decision(state)
            if player < 0 or steps[k] == cap:
                i = lo + k
                rewards[i] = state.returns()
                done[i] = True
                truncated[i] = player >= 0
                final_ply[i] = state.ply
                final_steps[i] = steps[k]
                player, ids = decision(self._begin(k))
            players.append(player)
            legal.append(ids)
        self._write(players, legal)


def kernel_table(game: "Game", plain: bool = True) -> tuple[Any, NDArray[np.int32]] | None:
    """The game's kernel and the table its ``vstep`` reads (:mod:`spielwerk.kernel.stepping`),
    where the kernel steps the games itself (a plain-Python kernel only where ``plain``); else
    None."""
    from ..kernel import kernel
    from ..kernel.stepping import HEADER, row_width, why_not
    from .actions import space_of
    from .observation import _plan
    k = kernel(game)
    if k is None or (not k.typed and not plain) or why_not(k.plan) is not None:
        return None
    if k.plan.race is not None:
        return k, _race_table(game, k)
    p = k.plan
    n, slot = p.squares, p.slot
    space = space_of(game)
    A, D = game.num_actions, observation_size(game)
    r = max(1, p.reserves)
    nc = max(1, len(p.counters))

    def action(mv: int) -> int:
        parts, first, _ = space.first_part(k.move(mv))
        return int(space.stop if parts == 0 else first)
    am = [-1] * (2 * A)
    ma = [0] * (len(p.blocks) * slot + 1)
    for j, blk in enumerate(p.blocks):
        for q in (1, 2):
            if blk.kind == "pass":
                mvs = [j * slot]
            else:
                kinds = len(blk.tables["codes"]) // 3
                mvs = [j * slot + (code * (n + 1) + n) * n + to
                       for code in blk.tables["codes"][q * kinds:(q + 1) * kinds] for to in blk.tables["squares"]]
            for mv in mvs:
                a = action(mv)
                am[(q - 1) * A + a] = mv
                ma[mv] = a
    if p.passing:  # a player without a move passes
        ma[len(p.blocks) * slot] = space.stop
        for q in (1, 2):
            am[(q - 1) * A + space.stop] = len(p.blocks) * slot
    views = [_plan(game, v) for v in (1, 2)]
    piece = [view.piece[code][sq] for view in views for code in range(p.codes) for sq in range(n)]
    height = [view.height[sq] for view in views for sq in range(n)]
    reserves = [-1] * (2 * 3 * r)
    counters = [0] * (2 * nc)
    for v, view in enumerate(views):
        for seat, q in enumerate(view.seats):
            for i in range(len(game.reserve_counts)):
                reserves[v * 3 * r + q * r + i] = view.reserves + seat * len(game.reserve_counts) + i
        index = view.counters or list(range(len(p.counters)))
        for j, slot_shown in enumerate(index):
            counters[v * nc + slot_shown] = view.counter_at + j
    st = game.initial()
    start = [0] * row_width(p)
    for sq, stack in enumerate(st.stacks):
        start[sq] = stack[-1] + 1 if stack else 0
    for q in (1, 2):
        for i, count in enumerate(st.reserves[q]):
            start[n + q * r + i] = count
    for i, value in enumerate(st.counters):
        start[n + 3 * r + i] = value
    start[n + 3 * r + nc] = st.to_move
    parts = {"am": am, "ma": ma, "piece": piece, "height": height, "to_move": [view.to_move for view in views],
             "reserves": reserves, "counters": counters, "start": start, "phase": [view.phase for view in views],
             "phase_end": [end for end, _ in p.phases], "valued": [int(e.value is not None) for e in p.ends]}
    return k, _packed(HEADER, [D, A, row_width(p)], parts)


def _packed(header: tuple[str, ...], values: list[int], parts: dict[str, list[int]]) -> NDArray[np.int32]:
    """A ``vstep`` table: the first ``len(header)`` ints are ``values`` (the header's first
    names), then the offset of each part, in the header's order; the parts follow."""
    table = values + [0] * (len(header) - len(values))
    for i, name in enumerate(header[len(values):], len(values)):
        table[i] = len(table)
        table += parts[name]
    return np.asarray(table, dtype=np.int32)


def _race_table(game: "Game", k: Any) -> NDArray[np.int32]:
    """:func:`kernel_table`'s table of a dice race (:func:`spielwerk.kernel.stepping.write_race`)."""
    from ..kernel.stepping import RACE_HEADER, race_row_width
    from .actions import space_of
    from .observation import _plan, layers
    p = k.plan
    r = p.race
    block: Any = game.blocks[r.index]
    space = space_of(game)
    ids = space._ids[block.index]
    assert ids is not None
    A, D, n = game.num_actions, observation_size(game), p.squares
    code_of = [-1] * (2 * A)
    action_of = [-1] * (2 * 4096)
    for q in (1, 2):
        for code, pair in enumerate(block._step_squares[q]):
            if pair is not None and pair[0] >= 0 and pair[1] >= 0 and pair[0] != pair[1] and pair in ids:
                action_of[(q - 1) * 4096 + code] = ids[pair]
                code_of[(q - 1) * A + ids[pair]] = code
    views = [_plan(game, v) for v in (1, 2)]
    st = game.initial()
    L = len(r.squares) // 3
    start = [0] * race_row_width(p)
    me = [block.counts(st, q)[0] for q in (1, 2)]
    for q in (1, 2):
        for i in range(L):
            start[q * L + i] = me[q - 1][i] if i < len(me[q - 1]) else 0
    kernel_dice = k._dice(st)
    start[3 * L + 2] = kernel_dice[2]  # the opening roll is to come
    start[3 * L + 5] = st.to_move
    parts = {"code_of": code_of, "action_of": action_of,
             "piece": [view.piece[code][sq] for view in views for code in range(p.codes) for sq in range(n)],
             "height": [view.height[sq] for view in views for sq in range(n)],
             "turn": [view.turn[sq] if view.turn is not None else 0 for view in views for sq in range(n)],
             "dice": [view.dice - 1 for view in views], "steps": [view.steps for view in views],
             "to_move": [view.to_move for view in views], "checker": [block.code[1], block.code[2]],
             "start": start, "valued": [int(e.value is not None) for e in p.ends]}
    return _packed(RACE_HEADER, [D, A, race_row_width(p), space.stop, layers(game)], parts)


class _KernelSlice:
    """A slice of a vector whose games the game's kernel steps (see :func:`kernel_table`): the
    same arrays as :class:`_Slice` writes, each step one call of the kernel for all the slice's
    games. The actions of each game's current episode are kept (in a dice race with the dice and
    the player of each decision), so :attr:`states` can replay them. A race's dice come from each
    game's own generator, seeded from ``(seed, game index)`` and kept from episode to episode."""

    def __init__(self, game: "Game", lo: int, hi: int, arrays: dict[str, NDArray[Any]], seed: int,
                 max_steps: int | None, made: tuple[Any, NDArray[np.int32]]) -> None:
        self.game, self.lo, self.hi = game, lo, hi
        self.kernel, self.table = made
        self.race = self.kernel.plan.race is not None
        self.seed = seed
        self.cap = max_steps if max_steps is not None else -1
        self.width = int(self.table[2])
        self.rows = np.zeros((hi - lo) * self.width, dtype=np.int32)
        self.played: list[list[Any]] = [[] for _ in range(hi - lo)]
        #: per game, how many of its decisions :attr:`states` replayed last, and the state they gave
        self.replayed: list[tuple[int, "State | None"]] = [(0, None)] * (hi - lo)
        a = arrays
        # the arrays as the kernel reads them: flat, booleans as bytes
        self.args = (a["actions"][lo:hi], a["obs"][lo:hi].reshape(-1), a["mask"][lo:hi].reshape(-1).view(np.uint8),
                     a["rewards"][lo:hi].reshape(-1), a["done"][lo:hi].view(np.uint8),
                     a["truncated"][lo:hi].view(np.uint8), a["final_ply"][lo:hi], a["final_steps"][lo:hi],
                     a["to_play"][lo:hi], self.rows, self.table)
        if self.race:
            self._seed_rows(True)

    def _seed_rows(self, seeded: bool) -> None:
        """Every row at the start (a race's generators seeded anew where ``seeded``)."""
        from ..kernel.stepping import RACE_HEADER
        first = int(self.table[RACE_HEADER.index("start")])
        width, start = self.width, self.table[first:first + self.width - 2]
        rows = self.rows.reshape(-1, width)
        rows[:, :width - 2] = start
        if seeded:
            for k in range(self.hi - self.lo):
                state = ((episode_seed(self.seed, self.lo + k, 0) * 2 + 1) ^ 0x9E3779B97F4A7C15) & (2 ** 64 - 1)
                halves = np.array([state & 0xFFFFFFFF, state >> 32], dtype=np.uint32)
                rows[k, width - 2:] = halves.view(np.int32)

    def _call(self, fresh: int) -> None:
        with self.kernel._lock:
            self.kernel.module.vstep(self.hi - self.lo, *self.args, self.cap, fresh)

    def reset(self, seed: int | None) -> None:
        if seed is not None:
            self.seed = seed
        if self.race:
            self._seed_rows(seed is not None)
        self._call(1)
        self.played = [[] for _ in range(self.hi - self.lo)]
        self.replayed = [(0, None)] * (self.hi - self.lo)

    def _dice(self) -> list[tuple[int, int, int]]:
        """Per game the dice of the decision to make and who makes it."""
        rows = self.rows.reshape(-1, self.width)
        d = len(self.kernel.plan.race.squares)  # the dice follow the counts
        return list(zip(rows[:, d].tolist(), rows[:, d + 1].tolist(), self.args[8].tolist()))

    def step(self) -> None:
        before = self._dice() if self.race else None
        self._call(0)
        actions, done = self.args[0].tolist(), self.args[4].tolist()
        for k, played in enumerate(self.played):
            if done[k]:
                played.clear()
                self.replayed[k] = (0, None)
            else:
                played.append(actions[k] if before is None else (actions[k], *before[k]))

    @property
    def states(self) -> list["State"]:
        """The games' states, each replayed from the start (a race's rolls as its kernel rolled
        them); the replay of each game is kept, so the next call replays only what came since."""
        out = []
        now = self._dice() if self.race else None
        kept = self.replayed
        for k, played in enumerate(self.played):
            done, state = kept[k]
            if state is None or done > len(played):
                done, state = 0, self.game.initial()
            for entry in played[done:]:
                if now is None:
                    apply_action(state, entry)
                else:
                    _roll_as(state, entry[1:])
                    apply_action(state, entry[0])
            kept[k] = (len(played), state)
            state = state.copy()
            if now is not None:
                _roll_as(state, now[k])
            out.append(state)
        return out


def _roll_as(state: "State", rolled: tuple[int, int, int]) -> None:
    """Play the chance nodes of ``state`` with the roll that gives the dice and the player in
    ``rolled``: (high, low, player)."""
    game = state.game
    while state.current_player() == 0:
        for move, _ in game.chance_outcomes(state):
            after = state.copy()
            game.apply(after, move)
            if after.to_move == rolled[2] and (after.current_player() == 0  # a roll that only says who starts
                                               or after.dice is not None and tuple(after.dice[:2]) == rolled[:2]):
                game.apply(state, move)
                break
        else:  # pragma: no cover - the kernel rolls only what the game can
            raise AssertionError(f"no roll gives {rolled}")


def _play_chance(state: "State", rng: random.Random) -> None:
    """Roll until somebody is to decide (or the game is over), each outcome drawn by its probability."""
    while state.current_player() == 0:
        state.apply_action(chance_at(state, rng.random()))


def _slice(game: "Game", lo: int, hi: int, arrays: dict[str, NDArray[Any]], seed: int, max_steps: int | None,
           made: tuple[Any, NDArray[np.int32]] | None) -> "_Slice | _KernelSlice":
    """The games ``lo`` to ``hi - 1``, stepped by the kernel where ``made`` (:func:`kernel_table`)."""
    if made is not None:
        return _KernelSlice(game, lo, hi, arrays, seed, max_steps, made)
    return _Slice(game, lo, hi, arrays, seed, max_steps)


def _serve(conn: Connection, game: "Game", lo: int, hi: int, n: int, buffer: Any, seed: int,
           max_steps: int | None, use_kernel: bool = False) -> None:
    """A worker process: steps its slice of games on each request until told to stop, or until
    the process that started it is gone. Ctrl-C is for the caller, who stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    arrays = _views(buffer, n, _widths(game))
    part = _slice(game, lo, hi, arrays, seed, max_steps, kernel_table(game) if use_kernel else None)
    while True:
        try:
            while not conn.poll(1.0):
                if parent is not None and not parent.is_alive():
                    return
            request = conn.recv()
        except (EOFError, OSError):
            return
        try:
            kind = request[0]
            if kind == "step":
                part.step()
                conn.send(None)
            elif kind == "reset":
                part.reset(request[1])
                conn.send(None)
            elif kind == "states":
                conn.send([state.copy() for state in part.states])
            else:
                conn.send(None)
                return
        except Exception:  # reported to the caller, who raises it
            conn.send(("error", traceback.format_exc()))


def _stop(conns: list[Connection], procs: list[Any]) -> None:
    for conn in conns:
        try:
            conn.send(("close",))
        except (OSError, ValueError):
            pass
    for proc in procs:
        proc.join(timeout=5)
        if proc.is_alive():
            proc.terminate()
            proc.join(timeout=5)
    for conn in conns:
        conn.close()


class VectorGame:
    """``n`` games of ``game`` stepped together (see the module's text for the arrays).

    ``seed`` seeds the chance nodes (each game's episodes draw from :func:`episode_seed`);
    ``jobs`` processes share the games (0 or None: one per core; the calling process steps the
    first slice itself, ``jobs - 1`` workers the others); ``max_steps`` ends a game unfinished
    after that many decisions (``done`` and :attr:`truncated` set, returns 0). The arrays
    returned are fresh copies, unless ``copy=False``: then they are the vector's own buffers,
    overwritten by the next call. ``scale_returns`` divides the rewards by the most a player can
    win (:func:`spielwerk.learning.values.return_bound`), into [-1, 1]. ``rewards`` has a column
    per player (:attr:`num_players`). For planes ``[n, C, H, W]``,
    :func:`spielwerk.learning.observation.to_planes` turns ``obs`` into them.
    """

    def __init__(self, game: "Game", n: int, seed: int = 0, jobs: int | None = 1,
                 max_steps: int | None = None, *, copy: bool = True, start_method: str | None = None,
                 scale_returns: bool = False, kernel: bool | None = None) -> None:
        if n < 1:
            raise ValueError(f"n: at least one game, not {n}")
        if jobs is not None and jobs < 0:
            raise ValueError(f"jobs: a count of processes (0 for one per core), not {jobs}")
        if max_steps is not None and max_steps < 1:
            raise ValueError(f"max_steps: at least 1, not {max_steps}")
        self.game = game
        self.n = n
        self.seed = seed
        self.max_steps = max_steps
        self.copy = copy
        #: what the rewards are divided by: the most a player can win with ``scale_returns``, else 1
        self.return_scale = 1.0
        if scale_returns:
            from .values import return_bound
            self.return_scale = return_bound(game)
        self.num_actions: int = game.num_actions
        self.obs_size: int = observation_size(game)
        #: the players who play: the columns of ``rewards``
        self.num_players: int = game.t.num_players
        # a plain-Python kernel steps more slowly than the engine: it steps them only where asked to
        from ..kernel import choice
        made = kernel_table(game, plain=kernel is True or choice() == "python") if kernel is not False else None
        #: the game's kernel steps the games (``kernel``: None where it can, True: it must, False: never)
        self.kernel = made is not None
        if kernel and not self.kernel:
            from ..kernel import why_not
            from ..kernel.plan import plan
            from ..kernel.stepping import why_not as why_not_stepped
            raise ValueError(f"{game.name}: its kernel cannot step the games: "
                             f"{why_not(game) or why_not_stepped(plan(game))}")
        self.jobs = min(n, jobs or os.cpu_count() or 1)
        bounds = [n * k // self.jobs for k in range(self.jobs + 1)]
        size = _block_size(n, _widths(game))
        self._conns: list[Connection] = []
        self._procs: list[Any] = []
        if self.jobs == 1:
            buffer: Any = bytearray(size)
        else:
            context: Any = multiprocessing.get_context(start_method)  # its stubs lack Process
            buffer = RawArray("b", size)
            for lo, hi in zip(bounds[1:-1], bounds[2:]):
                mine, theirs = context.Pipe()
                proc = context.Process(target=_serve, args=(theirs, game, lo, hi, n, buffer, seed, max_steps,
                                                            self.kernel), daemon=True)
                proc.start()
                theirs.close()
                self._conns.append(mine)
                self._procs.append(proc)
        self._finalizer = weakref.finalize(self, _stop, self._conns, self._procs)
        self._arrays = _views(buffer, n, _widths(game))
        self._local = _slice(game, 0, bounds[1], self._arrays, seed, max_steps, made)
        self._rows = np.arange(n)
        self._started = False

    # -- the arrays of the last step ----------------------------------------------------------------
    def _out(self, name: str) -> NDArray[Any]:
        array = self._arrays[name]
        return array.copy() if self.copy else array

    @property
    def truncated(self) -> NDArray[np.bool_]:
        """bool ``[n]``: game ``i`` was cut off unfinished after ``max_steps`` decisions in the last step."""
        return self._out("truncated")

    @property
    def final_ply(self) -> NDArray[np.int32]:
        """int32 ``[n]``: the ply of the game that ended in the last step (0 where none did)."""
        return self._out("final_ply")

    @property
    def final_steps(self) -> NDArray[np.int32]:
        """int32 ``[n]``: the decisions made in the game that ended in the last step (0 where none did)."""
        return self._out("final_steps")

    # -- driving ------------------------------------------------------------------------------------
    def _ask(self, request: tuple[Any, ...]) -> list[Any]:
        """Send ``request`` to every worker, do the local slice's part, then gather the answers."""
        for conn in self._conns:
            conn.send(request)
        failure: BaseException | None = None
        try:
            if request[0] == "step":
                self._local.step()
            elif request[0] == "reset":
                self._local.reset(request[1])
        except BaseException as exc:  # the workers' answers are read all the same
            failure = exc
        answers = [conn.recv() for conn in self._conns]
        if failure is not None:
            raise failure
        for answer in answers:
            if isinstance(answer, tuple) and answer[:1] == ("error",):
                raise RuntimeError(f"a worker process failed:\n{answer[1]}")
        return answers

    def reset(self, seed: int | None = None) -> tuple[
            NDArray[np.float32], NDArray[np.bool_], NDArray[np.int8]]:
        """Begin a new game everywhere: ``(obs, mask, to_play)``. A ``seed`` sets the seed again and
        numbers the episodes from 0; without one, each game goes on to its next episode."""
        if seed is not None:
            self.seed = seed
        self._ask(("reset", seed))
        self._started = True
        return self._out("obs"), self._out("mask"), self._out("to_play")

    def step(self, actions: Sequence[int] | NDArray[np.integer[Any]]) -> tuple[
            NDArray[np.float32], NDArray[np.bool_], NDArray[np.float32], NDArray[np.bool_], NDArray[np.int8]]:
        """Play one action id in every game: ``(obs, mask, rewards, done, to_play)``."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        chosen = np.asarray(actions)
        if chosen.shape != (self.n,) or not np.issubdtype(chosen.dtype, np.integer):
            raise ValueError(f"actions: {self.n} integer action ids, not {chosen.dtype} {chosen.shape}")
        arrays = self._arrays
        inside = (chosen >= 0) & (chosen < self.num_actions)
        if not inside.all() or not arrays["mask"][self._rows, np.where(inside, chosen, 0)].all():
            ok = inside.copy()
            ok[inside] = arrays["mask"][self._rows[inside], chosen[inside]]
            bad = np.flatnonzero(~ok)
            games = ", ".join(f"game {i}: {int(chosen[i])}" for i in bad[:5])
            raise ValueError(f"illegal actions ({len(bad)}): {games}")
        arrays["actions"][:] = chosen
        self._ask(("step",))
        if self.return_scale != 1.0:
            arrays["rewards"] /= self.return_scale
        return (self._out("obs"), self._out("mask"), self._out("rewards"), self._out("done"),
                self._out("to_play"))

    def states(self) -> list["State"]:
        """Copies of the games' current states, in order (from the workers too)."""
        if not self._started:
            raise RuntimeError("call reset() before states()")
        mine = [state.copy() for state in self._local.states]
        for conn in self._conns:
            conn.send(("states",))
        theirs: list[State] = []
        for conn in self._conns:
            answer = conn.recv()
            if isinstance(answer, tuple):
                raise RuntimeError(f"a worker process failed:\n{answer[1]}")
            theirs.extend(answer)
        return mine + theirs

    def close(self) -> None:
        """Stop the worker processes (also done when the vector is collected)."""
        self._finalizer()

    def __enter__(self) -> "VectorGame":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<VectorGame {self.game.name} n={self.n} jobs={self.jobs} seed={self.seed}>"
