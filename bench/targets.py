"""The speed targets, each measured beside its peer in one run (prints, asserts nothing).

Run: ``python bench/targets.py [--quick] [--only PATTERN] [--seconds S] [--rounds R]
[--file NAME=PATH ...] [--json FILE]``.

Each row of the table is one target: our figure, the peer's figure measured in the same run (or,
where the peer cannot run here, its stored figure, said so), their ratio, the target and whether
it is met. How each figure is taken:

* **random games/s** against OpenSpiel: the same loop on both sides, one game after another from
  the start to its end. Each engine lists the legal moves (ours: whole turns, ``legal_moves``;
  OpenSpiel's: actions, ``legal_actions``), picks one uniformly with a seeded ``random.Random``
  and plays it; a chance node is sampled by its probabilities (ours: ``agents.sample_chance``,
  theirs: from ``chance_outcomes()``). OpenSpiel's games are its C++ games stepped from Python
  through pyspiel. Each engine keeps to its own end rules (the gallery's files copy OpenSpiel's,
  move limits too).
* A game with a **kernel** (``spielwerk.kernel``; ``spielwerk doctor GAME`` says which) plays
  its random games there, 16 a call, drawing each move uniformly with the kernel's own generator
  (dice turns by whole turns, or by steps where the row says so);
  typed where the compiled engine runs (or ``SPIELWERK_KERNEL=typed``), plain Python otherwise.
  ``SPIELWERK_KERNEL=0`` measures the engine instead. The row's details say which ran.
* **Puff** is played with dice turns step by step (``RandomAgent(by="step")``), as
  bench/bench.py does; Tak, English draughts and Lasca by whole turns.
* **perft** is ``Game.perft`` from the start on one process, on the game's kernel where it has one
  (as ``spielwerk perft`` counts).
* **MCTS** is ``agents.MCTSAgent`` searching 200 iterations from the start (after the first
  roll in Backgammon), new each time; the peer is OpenSpiel's Python ``MCTSBot`` with one random
  rollout per leaf on its C++ game.
* **VectorGame** steps 64 games on one process (``jobs=1``) with random legal actions; a step
  is one decision of one game. Where the game's kernel steps the games (``VectorGame.kernel``),
  it does, as a user's vector would. The peer is OpenSpiel's C++ game stepped from Python one game at
  a time, reading ``observation_tensor()`` at every decision as VectorGame makes observations.

Time is CPU time (``time.process_time``) of this one process, single-threaded. Every row runs
ours and the peer in turns, ``R`` rounds of ``S / R`` seconds each (a game under way is played to
its end), the first engine alternating from round to round; the figures are the medians of the
rounds, the ratio ours over the peer's. The load average at the start and the end tells how busy
the machine was: on a shared machine compare rows of one run, not figures of different runs.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import platform
import random
import re
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable

import spielwerk
from spielwerk.agents import MCTSAgent, RandomAgent, play_turn, sample_chance
from spielwerk.kernel import kernel as kernel_of

#: a play-out stops after this many plies whatever the game's rules say (none should get there)
PLY_CAP = 100_000
#: Ludii's random games per second, as given with the targets (Ludii cannot be installed here)
LUDII = {"puff": (260.0, 300.0), "draughts": (518.0, 760.0), "lasca": (132.0, 177.0)}
MCTS_ITERATIONS = 200
VECTOR_GAMES = 64

#: (label, our game, its options, OpenSpiel's game string, the least ratio ours / theirs)
OPENSPIEL_TWINS: list[tuple[str, str, dict[str, Any], str, float]] = [
    ("backgammon", "backgammon", {}, "backgammon", 1.0),
    ("Breakthrough", "breakthrough", {}, "breakthrough", 3.0),
    ("Connect Four", "connect-four", {}, "connect_four", 1.0),
    ("tic-tac-toe", "tic-tac-toe", {}, "tic_tac_toe", 1.0),
    ("othello", "othello", {}, "othello", 1.0),
    ("hex 11x11", "hex", {"size": 11}, "hex", 1.0),
    ("amazons 10x10", "amazons", {"size": 10}, "amazons", 1.0),
    ("checkers", "checkers", {}, "checkers", 1.0),
    ("lines-of-action", "lines-of-action", {}, "lines_of_action", 1.0),
    ("pentago", "pentago", {}, "pentago", 1.0),
    ("go 9x9", "go", {"size": 9}, "go(board_size=9)", 1.0),
    ("oware", "oware", {}, "oware", 1.0),
    ("maedn (2 players)", "maedn", {}, "maedn", 1.0),
    ("chinese-checkers (2 players)", "chinese-checkers", {}, "chinese_checkers", 1.0),
    ("quoridor 9x9", "quoridor", {}, "quoridor", 1.0),
    ("twixt 8x8", "twixt", {}, "twixt", 1.0),
    ("einstein", "einstein", {}, "einstein_wurfelt_nicht", 1.0),
    ("xiangqi", "xiangqi", {}, "xiangqi", 1.0),
    ("kalah", "kalah", {}, "mancala", 1.0),
    ("dots-and-boxes 3x3", "dots-and-boxes", {"size": 3}, "dots_and_boxes(num_rows=3,num_cols=3)", 1.0),
    # gallery games with an OpenSpiel twin beyond the list of the targets
    ("havannah 8", "havannah", {}, "havannah", 1.0),
    ("y 19", "y", {}, "y", 1.0),
    ("nine-mens-morris", "nine-mens-morris", {}, "nine_mens_morris", 1.0),
]


class Unavailable(Exception):
    """A side of a row that cannot run here: the game does not load, or the peer is missing."""


@dataclass
class Row:
    """One line of the table."""

    measure: str
    unit: str
    target: str
    ours: float | None = None
    peer: float | None = None
    #: what the peer column says where it has no single figure measured here
    peer_text: str = ""
    ratio: str = ""
    met: str = ""
    #: why a side is missing, or what to know to read the row
    note: str = ""
    detail: dict[str, Any] = field(default_factory=dict)


# -- timing ------------------------------------------------------------------------------------------
def cpu_rate(work: Callable[[], int], seconds: float) -> tuple[float, int, float]:
    """Calls ``work`` (which returns the units it did) until ``seconds`` of CPU time have passed:
    (units per CPU second, units, CPU seconds)."""
    units = 0
    start = time.process_time()
    while True:
        units += work()
        spent = time.process_time() - start
        if spent >= seconds:
            return units / spent, units, spent


@dataclass
class Side:
    """One engine of a row: ``work`` does a piece of it and returns its units; ``extra`` returns
    figures to report (plies per game) and is read after the rounds."""

    work: Callable[[], int]
    extra: Callable[[], dict[str, Any]] = dict


def paired(ours: Side, peer: Side | None, seconds: float, rounds: int) -> tuple[list[float], list[float]]:
    """The rates of both sides over ``rounds`` rounds, taken in turns, the first alternating."""
    ours.work()  # warm up: caches, first compilations
    if peer is not None:
        peer.work()
    mine: list[float] = []
    theirs: list[float] = []
    share = seconds / rounds
    for k in range(rounds):
        order = [(ours, mine), (peer, theirs)]
        if k % 2:
            order.reverse()
        for side, out in order:
            if side is not None:
                out.append(cpu_rate(side.work, share)[0])
    return mine, theirs


# -- the engines -------------------------------------------------------------------------------------
class Games:
    """Where our games come from: the bundled names, or files named with ``--file``."""

    def __init__(self, files: dict[str, str]) -> None:
        self.files = files

    def load(self, name: str, options: dict[str, Any]) -> spielwerk.Game:
        source = self.files.get(name, name)
        try:
            return spielwerk.load(source, **options)
        except (spielwerk.SpielwerkError, OSError) as exc:
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            first = re.sub(r" \([^)]*\)", "", first)  # the lists of the games there are
            raise Unavailable(first[:160]) from exc


def pyspiel_module() -> Any:
    try:
        import pyspiel
    except ImportError as exc:
        raise Unavailable("OpenSpiel (pyspiel) is not installed") from exc
    return pyspiel


def our_random_games(game: spielwerk.Game, seed: int, by: str = "turn") -> Side:
    """Random games of ours, one per call of ``work``: a uniform pick among the legal moves (or,
    ``by="step"``, among each next step of a dice turn), chance nodes drawn by probability. A game
    with a kernel plays them there, 16 a call (``SPIELWERK_KERNEL=0``: on the engine)."""
    made = kernel_of(game)
    if made is not None:
        return kernel_random_games(made, seed, by)
    rng = random.Random(seed)
    agent = RandomAgent(seed, by=by)
    legal, apply, is_chance = game.legal_moves, game.apply, game.is_chance
    count = {"games": 0, "plies": 0, "capped": 0}

    def by_turn() -> int:
        st = game.initial()
        plies = 0
        while plies < PLY_CAP:
            if is_chance(st):
                apply(st, sample_chance(game, st, rng))
                continue
            moves = legal(st)
            if not moves:
                break
            apply(st, moves[rng.randrange(len(moves))])
            plies += 1
        return finish(plies)

    def by_step() -> int:
        st = game.initial()
        plies = 0
        while plies < PLY_CAP:
            if is_chance(st):
                apply(st, sample_chance(game, st, rng))
                continue
            move = play_turn(st, agent)
            if move is None:
                break
            apply(st, move)
            plies += 1
        return finish(plies)

    def finish(plies: int) -> int:
        count["games"] += 1
        count["plies"] += plies
        count["capped"] += plies >= PLY_CAP
        return 1

    def extra() -> dict[str, Any]:
        return {"plies_per_game": count["plies"] / max(1, count["games"]), "games": count["games"],
                "capped": count["capped"]}
    return Side(by_step if by == "step" else by_turn, extra)


def kernel_random_games(made: Any, seed: int, by: str = "turn") -> Side:
    """Random games on a game's kernel, 16 a call of ``work`` (dice turns drawn whole, or ``by``
    step)."""
    start = made.game.initial()
    count = {"games": 0, "plies": 0, "calls": 0}

    def work() -> int:
        count["calls"] += 1
        games = made.random_games(start, 16, seed=seed * 1_000_003 + count["calls"], max_plies=PLY_CAP, by=by)
        count["games"] += len(games)
        count["plies"] += sum(plies for _, plies in games)
        return len(games)

    def extra() -> dict[str, Any]:
        return {"plies_per_game": count["plies"] / max(1, count["games"]), "games": count["games"],
                "engine": f"kernel ({'typed' if made.typed else 'plain Python'})"}
    return Side(work, extra)


def openspiel_random_games(name: str, seed: int) -> Side:
    """Random games of OpenSpiel's C++ game ``name``, one per call: the same loop as ours."""
    game = pyspiel_module().load_game(name)
    rng = random.Random(seed)
    count = {"games": 0, "actions": 0}

    def work() -> int:
        st = game.new_initial_state()
        actions = 0
        while not st.is_terminal() and actions < PLY_CAP:
            if st.is_chance_node():
                x = rng.random()
                for action, p in st.chance_outcomes():
                    x -= p
                    if x < 0:
                        break
                st.apply_action(action)
                continue
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
        count["games"] += 1
        count["actions"] += actions
        return 1

    def extra() -> dict[str, Any]:
        return {"actions_per_game": count["actions"] / max(1, count["games"])}
    return Side(work, extra)


def our_mcts(game: spielwerk.Game, seed: int, iterations: int) -> Side:
    """One search of ``iterations`` from the start (after the first roll) per call."""
    st = game.initial()
    rng = random.Random(seed)
    if game.is_chance(st):
        game.apply(st, sample_chance(game, st, rng))
    searches = [seed]

    def work() -> int:
        searches[0] += 1
        MCTSAgent(searches[0], iterations=iterations).choose(st, game.legal_moves(st))
        return iterations
    return Side(work)


def mcts_path(game: spielwerk.Game) -> str:
    """Where MCTS walks its tree and plays out from the start (after the first roll)."""
    from spielwerk.agents.search import _int_moves
    st = game.initial()
    if game.is_chance(st):
        game.apply(st, sample_chance(game, st, random.Random(0)))
    made = kernel_of(game)
    if _int_moves(game, st, game.legal_moves(st)) is not None:
        return f"kernel ({'typed' if made.typed else 'plain Python'}): tree and playouts"
    return "engine" if made is None else f"engine tree, kernel playouts ({'typed' if made.typed else 'plain Python'})"


def openspiel_mcts(name: str, seed: int, iterations: int) -> Side:
    """OpenSpiel's Python MCTS (random rollouts) on its C++ game, from the start (after the first
    chance node): one search of ``iterations`` per call."""
    pyspiel = pyspiel_module()
    try:
        import numpy as np
        from open_spiel.python.algorithms import mcts
    except ImportError as exc:
        raise Unavailable("OpenSpiel's Python algorithms are not installed") from exc
    game = pyspiel.load_game(name)
    st = game.new_initial_state()
    rng = random.Random(seed)
    while st.is_chance_node():
        outcomes = st.chance_outcomes()
        st.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
    bot = mcts.MCTSBot(game, uct_c=1.4, max_simulations=iterations,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
                       solve=False, random_state=np.random.RandomState(seed))

    def work() -> int:
        bot.mcts_search(st)
        return iterations
    return Side(work)


def our_vector(game: spielwerk.Game, seed: int, opened: list[Any]) -> Side:
    """``VectorGame`` of 64 games on this process: ten steps of every game per call."""
    try:
        import numpy as np
        from spielwerk.learning.vector import VectorGame, random_actions
    except ImportError as exc:
        raise Unavailable(f"VectorGame needs NumPy ({exc.name})") from exc
    vg = VectorGame(game, VECTOR_GAMES, seed=seed, jobs=1, copy=False)
    opened.append(vg)
    rng = np.random.default_rng(seed)
    mask = [vg.reset()[1]]

    def work() -> int:
        for _ in range(10):
            mask[0] = vg.step(random_actions(mask[0], rng))[1]
        return 10 * VECTOR_GAMES
    return Side(work)


def openspiel_steps(name: str, seed: int) -> Side:
    """OpenSpiel's C++ game stepped one decision at a time with its observation read: 500 decisions
    per call."""
    game = pyspiel_module().load_game(name)
    rng = random.Random(seed)
    state = [game.new_initial_state()]

    def work() -> int:
        st = state[0]
        steps = 0
        while steps < 500:
            if st.is_terminal():
                st = game.new_initial_state()
            elif st.is_chance_node():
                x = rng.random()
                for action, p in st.chance_outcomes():
                    x -= p
                    if x < 0:
                        break
                st.apply_action(action)
            else:
                st.observation_tensor()
                legal = st.legal_actions()
                st.apply_action(legal[rng.randrange(len(legal))])
                steps += 1
        state[0] = st
        return steps
    return Side(work)


# -- the rows ----------------------------------------------------------------------------------------
class Bench:
    """Measures the rows; keeps the figures of our random games, which two rows may share."""

    def __init__(self, games: Games, seconds: float, rounds: int, seed: int = 1) -> None:
        self.games = games
        self.seconds, self.rounds, self.seed = seconds, rounds, seed
        self._ours: dict[tuple[str, str, str], tuple[list[float], dict[str, Any]]] = {}

    def our_games_rate(self, name: str, options: dict[str, Any], by: str = "turn",
                       peer: Side | None = None) -> tuple[list[float], list[float], dict[str, Any]]:
        """Rounds of our random games (beside ``peer``'s when given), and the sides' game lengths.
        Without a peer, a game measured before in this run (beside a peer or not) is not measured
        again."""
        key = (name, json.dumps(options, sort_keys=True), by)
        if peer is None and key in self._ours:
            mine, extra = self._ours[key]
            return mine, [], extra
        side = our_random_games(self.games.load(name, options), self.seed, by)
        mine, theirs = paired(side, peer, self.seconds, self.rounds)
        self._ours[key] = (mine, side.extra())
        return mine, theirs, {**side.extra(), **(peer.extra() if peer is not None else {})}

    # each row function fills in a Row; an Unavailable on either side says so in the row
    def openspiel_twin(self, label: str, name: str, options: dict[str, Any], theirs: str, least: float) -> Row:
        row = Row(f"random games/s: {label} vs OpenSpiel `{theirs}`", "games/s", f">= {least:.1f}x")
        try:
            peer = openspiel_random_games(theirs, self.seed)
        except Unavailable as exc:
            row.note = str(exc)
            peer = None
        except Exception as exc:  # pyspiel says "Unknown game" and the like
            row.note = f"OpenSpiel `{theirs}`: {exc}"
            peer = None
        mine, other, extra = self.our_games_rate(name, options, peer=peer)
        row.ours = statistics.median(mine)
        row.detail = {"ours_rounds": mine, "peer_rounds": other, **extra}
        if peer is not None:
            row.peer = statistics.median(other)
            ratio = row.ours / row.peer
            row.ratio, row.met = times(ratio), yes(ratio >= least)
            row.detail["ratio"] = ratio
            row.detail["paired_ratios"] = [a / b for a, b in zip(mine, other)]
        return row

    def absolute(self, measure: str, unit: str, least: float, side: Callable[[], Side], peer_text: str,
                 target: str) -> Row:
        """A row whose target is a figure of ours alone; the peer cannot run here."""
        row = Row(measure, unit, target, peer_text=peer_text)
        s = side()
        mine, _ = paired(s, None, self.seconds, self.rounds)
        row.ours = statistics.median(mine)
        row.met = yes(row.ours >= least)
        row.detail = {"ours_rounds": mine, **s.extra()}
        return row

    def stored_peer(self, measure: str, name: str, options: dict[str, Any], ludii: tuple[float, float],
                    by: str, least_ratio: float | None, least: float | None, target: str) -> Row:
        """Our random games against Ludii's figures as given (Ludii is not installable here)."""
        low, high = ludii
        row = Row(measure, "games/s", target, peer_text=f"{low:,.0f}–{high:,.0f} (Ludii, stored; not run here)")
        shared = (name, json.dumps(options, sort_keys=True), by) in self._ours
        mine, _, extra = self.our_games_rate(name, options, by)
        if shared:
            row.note = "ours is the figure of the earlier row of the same game (one measurement)"
        row.ours = statistics.median(mine)
        row.ratio = f"{row.ours / high:.3g}–{row.ours / low:.3g}x"
        if least_ratio is not None:
            row.met = "yes" if row.ours >= least_ratio * high else \
                "partly (against the low figure)" if row.ours >= least_ratio * low else "no"
        elif least is not None:
            row.met = yes(row.ours >= least)
        row.detail = {"ours_rounds": mine, "ludii": [low, high], **extra}
        return row

    def perft(self, depth: int) -> Row:
        game = self.games.load("tak", {"size": 5})
        row = Row(f"Tak 5x5 perft({depth}) leaves/s", "leaves/s", ">= 25 M",
                  peer_text="none (takpy, Rust, is not installable here)")
        rates = []
        made = kernel_of(game)
        for _ in range(self.rounds):  # perft on the game's kernel where it has one, repeated for a round's time
            start = time.process_time()
            total = 0
            while True:
                leaves = made.perft(game.initial(), depth) if made is not None else game.perft(game.initial(), depth)
                total += leaves
                spent = time.process_time() - start
                if spent >= self.seconds / self.rounds:
                    break
            rates.append(total / spent)
        row.ours = statistics.median(rates)
        row.met = yes(row.ours >= 25e6)
        row.detail = {"ours_rounds": rates, "leaves": leaves,
                      "engine": "engine" if made is None else f"kernel ({'typed' if made.typed else 'plain Python'})"}
        return row

    def mcts(self, label: str, name: str, options: dict[str, Any], least: float, theirs: str | None) -> Row:
        game = self.games.load(name, options)
        row = Row(f"MCTS iterations/s from the start: {label}", "iterations/s", f">= {least:,.0f}")
        peer = None
        if theirs is None:
            row.peer_text = "none (OpenSpiel has no Tak; takpy is not installable here)"
        else:
            try:
                peer = openspiel_mcts(theirs, self.seed, MCTS_ITERATIONS)
                row.note = "peer: OpenSpiel's Python MCTSBot, random rollouts, on its C++ game"
            except Unavailable as exc:
                row.peer_text = str(exc)
        mine, other = paired(our_mcts(game, self.seed, MCTS_ITERATIONS), peer, self.seconds, self.rounds)
        row.ours = statistics.median(mine)
        row.met = yes(row.ours >= least)
        row.detail = {"ours_rounds": mine, "peer_rounds": other, "engine": mcts_path(game)}
        if other:
            row.peer = statistics.median(other)
            row.ratio = times(row.ours / row.peer)
            row.detail["ratio"] = row.ours / row.peer
        return row

    def vector(self, label: str, name: str, theirs: str, least: float) -> Row:
        row = Row(f"VectorGame steps/s: {label} vs OpenSpiel `{theirs}` with observations", "steps/s",
                  f">= {least:.1f}x")
        opened: list[Any] = []
        try:
            ours = our_vector(self.games.load(name, {}), self.seed, opened)
            try:
                peer: Side | None = openspiel_steps(theirs, self.seed)
            except Unavailable as exc:
                row.note, peer = str(exc), None
            mine, other = paired(ours, peer, self.seconds, self.rounds)
        finally:
            for vg in opened:
                vg.close()
        row.ours = statistics.median(mine)
        kernel_steps = bool(opened) and opened[0].kernel
        made = kernel_of(opened[0].game) if kernel_steps else None
        row.detail = {"ours_rounds": mine, "peer_rounds": other, "games": VECTOR_GAMES, "jobs": 1,
                      "engine": "engine" if made is None else f"kernel ({'typed' if made.typed else 'plain Python'})"}
        if other:
            row.peer = statistics.median(other)
            ratio = row.ours / row.peer
            row.ratio, row.met = times(ratio), yes(ratio >= least)
            row.detail["ratio"] = ratio
        return row


def yes(ok: bool) -> str:
    return "yes" if ok else "no"


def times(ratio: float) -> str:
    """A ratio to three figures: ``1.23x``, ``0.0456x``."""
    return f"{ratio:.3g}x"


def plan(bench: Bench) -> list[tuple[str, str, Callable[[], Row]]]:
    """Every row: its measure (what ``--only`` matches), its target, and how to take it."""
    rows: list[tuple[str, str, Callable[[], Row]]] = []
    for label, name, options, theirs, least in OPENSPIEL_TWINS:
        rows.append((f"random games/s: {label} vs OpenSpiel `{theirs}`", f">= {least:.1f}x",
                     functools.partial(bench.openspiel_twin, label, name, options, theirs, least)))
    puff = "random Puff games/s (dice turns by steps)"
    tak = "random Tak 5x5 games/s"
    draughts = "random English draughts games/s (gallery `checkers`) vs Ludii"
    lasca = "random Lasca games/s vs Ludii"
    no_takpy = "none (takpy, Rust, is not installable here)"
    rows += [
        (puff, ">= 300", lambda: bench.stored_peer(puff, "puff", {}, LUDII["puff"], "step", None, 300, ">= 300")),
        (tak, ">= 2,000", lambda: bench.absolute(
            tak, "games/s", 2000, lambda: our_random_games(bench.games.load("tak", {"size": 5}), bench.seed),
            no_takpy, ">= 2,000")),
        ("Tak 5x5 perft(4) leaves/s", ">= 25 M", lambda: bench.perft(4)),
        ("MCTS iterations/s from the start: Tak 5x5", ">= 3,000",
         lambda: bench.mcts("Tak 5x5", "tak", {"size": 5}, 3000, None)),
        ("MCTS iterations/s from the start: Backgammon", ">= 1,000",
         lambda: bench.mcts("Backgammon", "backgammon", {}, 1000, "backgammon")),
        ("VectorGame steps/s: tic-tac-toe vs OpenSpiel `tic_tac_toe` with observations", ">= 0.5x",
         lambda: bench.vector("tic-tac-toe", "tic-tac-toe", "tic_tac_toe", 0.5)),
        ("VectorGame steps/s: Backgammon vs OpenSpiel `backgammon` with observations", ">= 1.0x",
         lambda: bench.vector("Backgammon", "backgammon", "backgammon", 1.0)),
        (draughts, ">= 5x", lambda: bench.stored_peer(
            draughts, "checkers", {}, LUDII["draughts"], "turn", 5.0, None, ">= 5x")),
        (lasca, ">= 5x", lambda: bench.stored_peer(lasca, "lasca", {}, LUDII["lasca"], "turn", 5.0, None, ">= 5x")),
    ]
    return rows


# -- the report --------------------------------------------------------------------------------------
def figure(value: float | None) -> str:
    if value is None:
        return ""
    if value >= 1e6:
        return f"{value / 1e6:,.1f} M"
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:,.1f}"


def markdown(rows: list[Row]) -> str:
    lines = ["| measure | ours | peer | ratio | target | met? |", "|---|---:|---:|---:|---|---|"]
    for r in rows:
        ours = figure(r.ours) if r.ours is not None else f"not available ({r.note})"
        peer = figure(r.peer) if r.peer is not None else (r.peer_text or (f"not available ({r.note})"
                                                                           if r.ours is not None and r.note else ""))
        met = r.met or "—"
        lines.append(f"| {r.measure} | {ours} | {peer} | {r.ratio} | {r.target} | {met} |")
    return "\n".join(lines)


def engine_path() -> str:
    """Which engine runs: ``spielwerk.native_status()`` where the package has it, else pure Python."""
    status = getattr(spielwerk, "native_status", None)
    return str(status()) if callable(status) else "pure Python"


def openspiel_version() -> str:
    try:
        from importlib.metadata import version
        return f"open_spiel {version('open_spiel')}"
    except Exception:  # not installed, or installed without metadata
        return "open_spiel not installed"


def load_average() -> tuple[float, float, float] | None:
    try:
        return os.getloadavg()
    except (AttributeError, OSError):  # not on every system
        return None


def load_text(load: tuple[float, float, float] | None) -> str:
    return "unknown" if load is None else " ".join(f"{x:.2f}" for x in load) + " (1, 5, 15 min)"


def main(argv: list[str] | None = None) -> list[Row]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="short timings, one round (a smoke test)")
    parser.add_argument("--only", metavar="PATTERN", help="only the rows whose measure matches this regular "
                        "expression (case ignored), e.g. 'backgammon' or 'MCTS|perft'")
    parser.add_argument("--seconds", type=float, default=None,
                        help="CPU seconds per engine and row, shared by the rounds (default 1.5, --quick 0.3)")
    parser.add_argument("--rounds", type=int, default=None, help="rounds per row (default 3, --quick 1)")
    parser.add_argument("--file", action="append", default=[], metavar="NAME=PATH",
                        help="load our game NAME from PATH (repeatable): for games not bundled yet")
    parser.add_argument("--json", metavar="FILE", help="write the figures as JSON too")
    parser.add_argument("--list", action="store_true", help="list the rows' measures and stop")
    args = parser.parse_args(argv)
    seconds = args.seconds if args.seconds is not None else 0.3 if args.quick else 1.5
    rounds = args.rounds if args.rounds is not None else 1 if args.quick else 3
    files = {}
    for item in args.file:
        name, sep, path = item.partition("=")
        if not sep or not name or not path:
            parser.error(f"--file: NAME=PATH, not {item!r}")
        files[name] = path

    bench = Bench(Games(files), seconds, max(1, rounds))
    rows = plan(bench)
    if args.only:
        pattern = re.compile(args.only, re.IGNORECASE)
        rows = [row for row in rows if pattern.search(row[0])]
    if args.list:
        for measure, _, _ in rows:
            print(measure)
        return []

    load_start = load_average()
    print("# Spielwerk speed targets (bench/targets.py)\n")
    print(f"spielwerk {spielwerk.__version__}, {engine_path()}; {openspiel_version()}")
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}, "
          f"{os.cpu_count()} cores")
    print(f"load average at start: {load_text(load_start)}")
    print(f"CPU time of one process; {rounds} round(s) of {seconds / rounds:.2f} s per engine and row, "
          f"medians; ratio = ours / peer\n", flush=True)
    done: list[Row] = []
    started = time.perf_counter()
    for measure, target, take in rows:
        try:
            row = take()
        except Unavailable as exc:
            row = Row(measure, "", target, note=str(exc))
        except Exception as exc:  # a failure of one row is reported, the others still run
            row = Row(measure, "", target, note=f"error: {type(exc).__name__}: {exc}")
        done.append(row)
        print(f"  {measure}: {figure(row.ours) or 'not available'}"
              f"{' / ' + figure(row.peer) if row.peer is not None else ''}", file=sys.stderr, flush=True)
    load_end = load_average()
    print(markdown(done))
    print(f"\nload average at end: {load_text(load_end)}; {time.perf_counter() - started:.0f} s")
    details = [r for r in done if "plies_per_game" in r.detail]
    if details:
        print("\nGame lengths (ours: whole turns; OpenSpiel: actions, so Amazons' three parts of a turn "
              "and each checkers jump count apart):")
        for r in details:
            theirs = r.detail.get("actions_per_game")
            print(f"- {r.measure}: ours {r.detail['plies_per_game']:.1f} plies/game"
                  + (f", OpenSpiel {theirs:.1f} actions/game" if theirs is not None else ""))
    notes = [r for r in done if r.ours is not None and r.note]
    if notes:
        print("\nNotes:")
        for r in notes:
            print(f"- {r.measure}: {r.note}")
    print("\nLudii's figures are the ones stored with the targets: Ludii is not installable here, so it "
          "was not run.")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"spielwerk": spielwerk.__version__, "engine": engine_path(),
                       "python": platform.python_version(), "openspiel": openspiel_version(),
                       "cores": os.cpu_count(), "load_start": load_start, "load_end": load_end,
                       "seconds": seconds, "rounds": rounds, "argv": sys.argv[1:] if argv is None else argv,
                       "rows": [r.__dict__ for r in done]}, fh, indent=1)
    return done


if __name__ == "__main__":
    main()
