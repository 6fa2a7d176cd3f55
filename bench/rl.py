"""Steps per second of the reinforcement-learning loop (prints, asserts nothing).

Run: ``python bench/rl.py [--quick] [--seconds S] [--rounds R] [--envs N]``.

What is timed is what a learning program's loop sees: choose a uniformly random legal action
for every game, play it, read the next observation and legal-action mask; rolls of the dice
are sampled inside and are not counted as steps. A step is one decision of one game.

* Spielwerk: ``spielwerk.learning.vector.VectorGame`` with ``N`` games (64 by default), on one process
  and on two, actions drawn by ``spielwerk.learning.vector.random_actions``.
* OpenSpiel (C++ games stepped from Python, one game at a time): ``legal_actions()``, a random
  choice, ``apply_action``; chance outcomes sampled from ``chance_outcomes()``. Timed twice:
  with ``observation_tensor()`` read at every decision (the work our loop does) and without.
* PettingZoo's classic environments (AEC API: ``last()`` gives the observation and the action
  mask, ``step(action)``), where a game of theirs is one of ours.

Tak has no peer here: OpenSpiel has no Tak, nor has PettingZoo. The engines of one game are
timed in turns, ``R`` rounds each, and the best round counts (the machine is shared and noisy).
Ratios are Spielwerk's steps per second over the peer's (above 1: Spielwerk is faster).
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import time
from typing import Any, Callable

import numpy as np

import spielwerk
from spielwerk.learning.vector import VectorGame, random_actions

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TICTACTOE = os.path.join(ROOT, "tests", "data", "games", "tictactoe.yaml")

#: a runner: given seconds, runs and returns steps per second
Runner = Callable[[float], float]


def timed(chunk: Callable[[], int]) -> Runner:
    """A runner calling ``chunk`` (which returns the steps it made) until the seconds pass."""
    chunk()  # warm up

    def run(seconds: float) -> float:
        steps = 0
        start = time.perf_counter()
        while True:
            steps += chunk()
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return steps / elapsed
    return run


def spielwerk_runner(game: spielwerk.Game, envs: int, jobs: int, opened: list[VectorGame]) -> Runner:
    vg = VectorGame(game, envs, seed=1, jobs=jobs, copy=False)
    opened.append(vg)
    rng = np.random.default_rng(1)
    _, mask, _ = vg.reset()

    def chunk() -> int:
        nonlocal mask
        for _ in range(10):
            _, mask, _, _, _ = vg.step(random_actions(mask, rng))
        return 10 * envs
    return timed(chunk)


def openspiel_runner(name: str, observe: bool) -> Runner:
    import pyspiel
    game = pyspiel.load_game(name)
    rng = random.Random(1)
    state = game.new_initial_state()

    def chunk() -> int:
        nonlocal state
        steps = 0
        while steps < 500:
            if state.is_terminal():
                state = game.new_initial_state()
            elif state.is_chance_node():
                x = rng.random()
                for action, p in state.chance_outcomes():
                    x -= p
                    if x < 0:
                        break
                state.apply_action(action)
            else:
                if observe:
                    state.observation_tensor()
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                steps += 1
        return steps
    return timed(chunk)


def pettingzoo_runner(name: str) -> Runner:
    module: Any = importlib.import_module(f"pettingzoo.classic.{name}")
    env = module.env()
    env.reset(seed=1)
    rng = np.random.default_rng(1)

    def chunk() -> int:
        steps = 0
        while steps < 500:
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.reset()
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        return steps
    return timed(chunk)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="short timings, one round (default: off)")
    parser.add_argument("--seconds", type=float, default=None,
                        help="seconds per timing (default: 1, --quick 0.5)")
    parser.add_argument("--rounds", type=int, default=None,
                        help="timings per engine, the best counts (default: 3, --quick 1)")
    parser.add_argument("--envs", type=int, default=64, help="games per VectorGame (default: 64)")
    args = parser.parse_args()
    seconds = args.seconds if args.seconds is not None else 0.5 if args.quick else 1.0
    rounds = args.rounds if args.rounds is not None else 1 if args.quick else 3

    # (title, our game, its options, [(peer label, runner factory)])
    cases: list[tuple[str, str, dict[str, Any], list[tuple[str, Callable[[], Runner]]]]] = [
        ("Tak 5x5", "tak", {"size": 5}, []),
        ("Backgammon", "backgammon", {}, [
            ("OpenSpiel backgammon, with observations", lambda: openspiel_runner("backgammon", True)),
            ("OpenSpiel backgammon, actions only", lambda: openspiel_runner("backgammon", False)),
        ]),
        ("Tic-tac-toe", TICTACTOE, {}, [
            ("OpenSpiel tic_tac_toe, with observations", lambda: openspiel_runner("tic_tac_toe", True)),
            ("OpenSpiel tic_tac_toe, actions only", lambda: openspiel_runner("tic_tac_toe", False)),
            ("PettingZoo tictactoe_v3", lambda: pettingzoo_runner("tictactoe_v3")),
        ]),
    ]
    print(f"random legal actions; best of {rounds} x {seconds:g} s per engine, taken in turns; "
          f"{args.envs} games per VectorGame; {os.cpu_count()} cores\n")
    header = f"{'game':<12} {'engine':<42} {'steps/s':>10} {'jobs=1 / it':>12} {'jobs=2 / it':>12}"
    print(header)
    print("-" * len(header))
    for title, name, options, peers in cases:
        game = spielwerk.load(name, **options)
        opened: list[VectorGame] = []
        runners: list[tuple[str, Runner | None, str]] = [
            ("Spielwerk VectorGame, jobs=1", spielwerk_runner(game, args.envs, 1, opened), ""),
            ("Spielwerk VectorGame, jobs=2", spielwerk_runner(game, args.envs, 2, opened), "")]
        for label, make in peers:
            try:
                runners.append((label, make(), ""))
            except ImportError as exc:
                runners.append((label, None, f"not installed ({exc.name or exc})"))
        best = [0.0] * len(runners)
        for _ in range(rounds):
            for k, (_, run, _) in enumerate(runners):
                if run is not None:
                    best[k] = max(best[k], run(seconds))
        for vg in opened:
            vg.close()
        one, two = best[0], best[1]
        for k, (label, run, why) in enumerate(runners):
            first = title if k == 0 else ""
            if run is None:
                print(f"{first:<12} {label:<42} {why}")
            elif k == 0:
                print(f"{first:<12} {label:<42} {one:>10,.0f}")
            elif k == 1:
                print(f"{first:<12} {label:<42} {two:>10,.0f} {'':>12} {two / one:>11.2f}x")
            else:
                print(f"{first:<12} {label:<42} {best[k]:>10,.0f} {one / best[k]:>11.2f}x "
                      f"{two / best[k]:>11.2f}x")
        if not peers:
            print(f"{'':<12} (no peer: neither OpenSpiel nor PettingZoo has Tak)")
        print()


if __name__ == "__main__":
    main()
