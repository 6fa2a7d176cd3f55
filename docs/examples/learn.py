"""Tabular Q-learning against a random player, through spielwerk.learning.vector (see learning.md).

    python docs/examples/learn.py                      # tic-tac-toe, the file beside this one
    python docs/examples/learn.py GAME.yaml --episodes 20000 --seed 3 -o size=3

The learner plays either seat (the first in even-numbered episodes, the second in odd ones) against a
player who picks a uniformly random legal action. Its table maps an observation (the bytes of
``state.observation()``, seen by the player to decide) to one value per action id. After each of
its decisions it updates the value of its previous decision towards the best value of the one it
now faces (the opponent's reply and any rolls of the dice lie in between, as part of the world),
or, once the game is over, towards what the game paid it. Every ``--every`` episodes it plays
``--eval`` games greedily, without learning, and prints how often it won.

Any two-player game file works if its positions are few enough for a table; games with dice too
(a dice turn is several decisions in a row by the same player).
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

import spielwerk
from spielwerk.learning.vector import VectorGame, random_actions

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_GAME = os.path.join(HERE, "tictactoe.yaml")


@dataclass
class QTable:
    """Action values per observation; unknown observations are worth 0 for every action."""

    num_actions: int
    alpha: float = 0.3
    gamma: float = 1.0
    values: dict[bytes, np.ndarray] = field(default_factory=dict)

    def row(self, key: bytes) -> np.ndarray:
        got = self.values.get(key)
        if got is None:
            got = self.values[key] = np.zeros(self.num_actions)
        return got

    def best(self, key: bytes, legal: np.ndarray) -> float:
        got = self.values.get(key)
        return 0.0 if got is None else float(got[legal].max())

    def choose(self, key: bytes, legal: np.ndarray, rng: np.random.Generator, epsilon: float) -> int:
        """An action among the ``legal`` ids: a random one with probability ``epsilon``, else one of
        the best valued (ties broken at random)."""
        got = self.values.get(key)
        if got is None or rng.random() < epsilon:
            return int(legal[rng.integers(len(legal))])
        vals = got[legal]
        top = legal[vals == vals.max()]
        return int(top[rng.integers(len(top))])

    def learn(self, key: bytes, action: int, target: float) -> None:
        row = self.row(key)
        row[action] += self.alpha * (target - row[action])


@dataclass
class Score:
    """Games played greedily against random, by the learner's seat."""

    games: list[int] = field(default_factory=lambda: [0, 0])
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: list[int] = field(default_factory=lambda: [0, 0])

    def rate(self, counts: list[int], seat: int | None = None) -> float:
        if seat is None:
            return sum(counts) / max(1, sum(self.games))
        return counts[seat - 1] / max(1, self.games[seat - 1])

    @property
    def win_rate(self) -> float:
        return self.rate(self.wins)


def play(game: spielwerk.Game, table: QTable, episodes: int, *, seed: int, envs: int,
         epsilon: Callable[[int], float], learn: bool, max_steps: int | None = 1000) -> Score:
    """Play ``episodes`` games against a random player, the learner's seat alternating, learning
    (or not) as it goes; return the score."""
    rng = np.random.default_rng(seed)
    envs = max(1, min(envs, episodes))
    score = Score()
    with VectorGame(game, envs, seed=seed, max_steps=max_steps, copy=False) as vg:
        obs, mask, to_play = vg.reset()
        seat = np.array([1 + i % 2 for i in range(envs)], dtype=np.int8)
        pending: list[tuple[bytes, int] | None] = [None] * envs  # the learner's last decision per game
        started = envs  # episodes begun
        live = np.ones(envs, dtype=bool)  # False once a game's slot has no episode left to play
        finished = 0
        eps = epsilon(0)
        while finished < episodes:
            actions = random_actions(mask, rng)
            for i in np.flatnonzero((to_play == seat) & live):
                key = obs[i].tobytes()
                legal = np.flatnonzero(mask[i])
                last = pending[i]
                if learn and last is not None:
                    table.learn(last[0], last[1], table.gamma * table.best(key, legal))
                action = table.choose(key, legal, rng, eps)
                pending[i] = (key, action)
                actions[i] = action
            obs, mask, rewards, done, to_play = vg.step(actions)
            for i in np.flatnonzero(done & live):
                me = int(seat[i])
                paid = float(rewards[i, me - 1])
                cut = bool(vg.truncated[i])  # stopped after max_steps: neither won nor drawn
                last = pending[i]
                if learn and last is not None and not cut:
                    table.learn(last[0], last[1], paid)
                pending[i] = None
                score.games[me - 1] += 1
                score.wins[me - 1] += paid > 0
                score.draws[me - 1] += paid == 0 and not cut
                finished += 1
                eps = epsilon(finished)
                if started < episodes:
                    seat[i] = 1 + started % 2  # episode k is played in seat 1 + k % 2
                    started += 1
                else:
                    live[i] = False
    return score


def train(game: spielwerk.Game, episodes: int, *, seed: int = 1, every: int | None = None,
          evaluate: int = 1000, envs: int = 32, alpha: float = 0.3,
          report: Callable[[str], None] | None = print) -> list[tuple[int, Score]]:
    """Learn for ``episodes`` episodes, scoring the greedy player over ``evaluate`` games before
    and every ``every`` episodes; return ``[(episodes so far, score), ...]``."""
    table = QTable(game.num_actions, alpha=alpha)
    every = every or max(1, episodes // 10)
    history: list[tuple[int, Score]] = []
    done = 0
    start = time.perf_counter()

    def measure() -> None:
        score = play(game, table, evaluate, seed=seed + 10_000 + done, envs=envs, epsilon=lambda _: 0.0,
                     learn=False)
        history.append((done, score))
        if report is not None:
            report(f"{done:>9} {len(table.values):>8} {score.rate(score.wins, 1):>11.1%} "
                   f"{score.rate(score.wins, 2):>11.1%} {score.win_rate:>7.1%} "
                   f"{score.rate(score.draws):>7.1%} {time.perf_counter() - start:>7.1f}")

    if report is not None:
        report(f"{'episodes':>9} {'states':>8} {'won as 1st':>11} {'won as 2nd':>11} {'won':>7} {'drawn':>7} "
               f"{'seconds':>7}")
    measure()
    while done < episodes:
        chunk = min(every, episodes - done)
        # exploration falls from 0.3 to 0.02 over the whole run
        play(game, table, chunk, seed=seed + done, envs=envs, learn=True,
             epsilon=lambda k, base=done: 0.02 + 0.28 * max(0.0, 1 - (base + k) / episodes))
        done += chunk
        measure()
    return history


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default=DEFAULT_GAME,
                        help="a game file or bundled name (default: tictactoe.yaml beside this script)")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option (default: none)")
    parser.add_argument("--episodes", type=int, default=60_000, help="training episodes (default: 60000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of everything random (default: 1)")
    parser.add_argument("--every", type=int, default=None, help="episodes between scores (default: a tenth)")
    parser.add_argument("--eval", type=int, default=1000,
                        help="games per score, half in each seat (default: 1000)")
    parser.add_argument("--envs", type=int, default=32, help="games played side by side (default: 32)")
    parser.add_argument("--alpha", type=float, default=0.3, help="learning rate (default: 0.3)")
    args = parser.parse_args(argv)
    options = dict(item.split("=", 1) for item in args.option)
    game = spielwerk.load(args.game, **options)
    print(f"{game.spec.data.get('title', game.name)}: {game.num_actions} action ids, "
          f"Q-learning against a random player, seed {args.seed}")
    train(game, args.episodes, seed=args.seed, every=args.every, evaluate=args.eval, envs=args.envs,
          alpha=args.alpha)


if __name__ == "__main__":
    main()
