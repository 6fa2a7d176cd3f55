"""Speed figures for Spielwerk (prints, asserts nothing). Run: ``python bench/bench.py [--quick]``.

For each game: load+compile time, perft leaves per second, random playouts (full games) per second
and random-playout plies per second (generate all legal moves, pick one uniformly, apply).
"""

from __future__ import annotations

import argparse
import random
import time

import spielwerk
from spielwerk.dsl.loader import resolve_game_path
from spielwerk.dsl.spec import load_spec


def best_of(n, fn):
    best = float("inf")
    out = None
    for _ in range(n):
        t = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t)
    return best, out


def load_time(name, options):
    path = resolve_game_path(name)
    return best_of(5, lambda: spielwerk.Game(load_spec(path), options))[0]


def perft_rate(game, depth):
    st = game.initial()
    dt, leaves = best_of(1, lambda: game.perft(st, depth))
    return leaves, dt


def playouts(game, seconds, seed=1):
    rng = random.Random(seed)
    legal, apply = game.legal_moves, game.apply
    games = plies = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        st = game.initial()
        while True:
            moves = legal(st)
            if not moves:
                break
            apply(st, moves[rng.randrange(len(moves))])
            plies += 1
        games += 1
    dt = time.perf_counter() - t0
    return games / dt, plies / dt, plies / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="shorter runs (for a smoke test)")
    args = parser.parse_args()
    seconds = 1.0 if args.quick else 5.0
    cases = [("tak", {"size": 5}, 3 if args.quick else 4), ("tak", {"size": 6}, 2 if args.quick else 3)]
    for name, options, depth in cases:
        game = spielwerk.load(name, **options)
        label = f"{name} " + " ".join(f"{k}={v}" for k, v in options.items())
        print(f"== {label}")
        print(f"load+compile        {load_time(name, options) * 1000:8.1f} ms")
        leaves, dt = perft_rate(game, depth)
        print(f"perft({depth})            {leaves:>10} leaves in {dt:6.2f} s = {leaves / dt:12,.0f} leaves/s")
        gps, pps, length = playouts(game, seconds)
        print(f"random playouts     {gps:10.1f} games/s  ({pps:,.0f} plies/s, {length:.1f} plies/game)")


if __name__ == "__main__":
    main()
