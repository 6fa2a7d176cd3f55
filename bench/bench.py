"""Speed figures for Spielwerk (prints, asserts nothing). Run: ``python bench/bench.py [--quick] [GAME...]``.

For each case: load+compile time, perft leaves per second (one process, and the root's moves
shared by two), random playouts (generate all legal moves, pick one uniformly, apply) as games and
plies per second, in the dice games also by steps (the step view: one number at a time), a batch
of random games on one process and on two, and legal moves generated per second over mid-game
positions.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import functools
import random
import time

import spielwerk
from spielwerk import batch
from spielwerk.agents import RandomAgent, play_turn, sample_chance
from spielwerk.dsl.loader import resolve_game_path
from spielwerk.dsl.spec import load_spec

# (game, options, perft depth, quick perft depth, playout ply cap)
CASES = [
    ("tak", {"size": 5}, 4, 3, 10_000),
    ("tak", {"size": 6}, 3, 2, 10_000),
    ("tackle", {"job": "Quadrat"}, 3, 2, 300),
    ("tackle", {"job": "Block9"}, 3, 2, 300),
    ("attangle", {}, 3, 2, 10_000),
    ("attangle-square", {}, 3, 2, 10_000),
    ("tactix", {}, 3, 2, 10_000),
    ("backgammon", {}, 2, 1, 10_000),
    ("trictrac", {}, 2, 1, 10_000),
    ("puff", {}, 2, 1, 10_000),
    ("plakoto", {}, 2, 1, 10_000),
    ("focus", {}, 3, 2, 1_000),
    ("lasca", {}, 8, 5, 1_000),
    ("dvonn", {}, 3, 2, 1_000),
    ("docs/examples/checkers.yaml", {}, 7, 5, 1_000),
]


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
    load_spec(path)  # the schema and the expression parser are read once per process
    return best_of(5, lambda: spielwerk.Game(load_spec(path), options))[0]


def playouts(game, seconds, cap, seed=1, by="turn"):
    """Games and plies per second; a game stops at its end or after ``cap`` plies."""
    rng = random.Random(seed)
    agent = RandomAgent(seed, by=by)
    legal, apply = game.legal_moves, game.apply
    games = plies = finished = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        st = game.initial()
        for _ in range(cap):
            if game.roll_index >= 0 and game.is_chance(st):
                apply(st, sample_chance(game, st, rng))
                continue
            if by == "step":
                move = play_turn(st, agent)
                if move is None:
                    break
            else:
                moves = legal(st)
                if not moves:
                    break
                move = moves[rng.randrange(len(moves))]
            apply(st, move)
            plies += 1
        games += 1
        finished += game.outcome(st) is not None  # an end rule, or no move left
    dt = time.perf_counter() - t0
    return games / dt, plies / dt, plies / games, finished / games


def batch_rate(game, seconds, cap, jobs, by):
    """Random games per second of ``batch.play_games`` on ``jobs`` processes (start-up included)."""
    agent = functools.partial(RandomAgent, by=by)
    n, dt = 8, 0.0
    while True:
        t = time.perf_counter()
        batch.play_games(game, n, seed=1, jobs=jobs, max_plies=cap, agents=agent, chunk=max(1, n // 16))
        dt = time.perf_counter() - t
        if dt > seconds / 4 or n >= 100_000:
            return n / dt
        n *= 2


def midgame_positions(game, count, plies, seed=2):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        st = game.initial()
        for _ in range(plies):
            if game.roll_index >= 0 and game.is_chance(st):
                game.apply(st, sample_chance(game, st, rng))
            moves = game.legal_moves(st)
            if not moves:
                break
            game.apply(st, moves[rng.randrange(len(moves))])
        if game.roll_index >= 0 and game.is_chance(st):
            game.apply(st, sample_chance(game, st, rng))
        if st.result is None:
            out.append(st)
    return out


def generation_rate(game, positions, seconds):
    legal = game.legal_moves
    calls = moves = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for st in positions:
            moves += len(legal(st))
        calls += len(positions)
    dt = time.perf_counter() - t0
    return moves / dt, calls / dt


def mcts_rate(game, seconds, iterations=200):
    """MCTS iterations per second from the start (after the first roll in dice games)."""
    from spielwerk.agents import MCTSAgent
    st = game.initial()
    rng = random.Random(1)
    if game.roll_index >= 0 and game.is_chance(st):
        st.push(sample_chance(game, st, rng))
    done, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        MCTSAgent(done, iterations=iterations).choose(st, game.legal_moves(st))
        done += iterations
    return done / (time.perf_counter() - t0)


def alphabeta_rate(game, depth, plies=6):
    """Positions per second of one alpha-beta search to ``depth`` (leaves even), ``plies`` random
    plies from the start; on the game's kernel where it searches there, and on the engine."""
    from spielwerk.agents import AlphaBetaAgent
    st = game.initial()
    rng = random.Random(2)
    for _ in range(plies):
        st.push(rng.choice(game.legal_moves(st)))
    rates = []
    for engine in (False, True):
        agent = AlphaBetaAgent(1, depth=depth)
        on_kernel = agent._on_kernel(game, st, game.legal_moves(st)) is not None
        if engine:
            agent._on_kernel = lambda *args: None  # the engine's search, for the comparison
        t = time.process_time()
        agent.choose(st, game.legal_moves(st))
        rates.append((agent._nodes / max(time.process_time() - t, 1e-9), time.process_time() - t,
                      on_kernel and not engine))
    return rates


def simulate_overhead(game, games, cap):
    """Plies per second of random games: the bare loop (legal moves, a uniform pick, apply) and
    ``simulate`` (records, seeds, agents made by name, branching kept), best of three each (the
    games differ, so plies per second is what compares)."""
    from spielwerk.simulate import simulate

    def bare():
        plies = 0
        for i in range(games):
            rng = random.Random(i)
            st = game.initial()
            for _ in range(cap):
                if game.roll_index >= 0 and game.is_chance(st):
                    game.apply(st, sample_chance(game, st, rng))
                    continue
                if st.result is not None:
                    break
                moves = game.legal_moves(st)
                if not moves:
                    break
                game.apply(st, moves[rng.randrange(len(moves))])
                plies += 1
        return plies

    t, plies = best_of(3, bare)
    t2, records = best_of(3, lambda: simulate(game, ("random", "random"), games, seed=1, jobs=1, max_plies=cap))
    return plies / t, sum(r["plies"] for r in records) / t2


def workbench(seconds):
    """The agents and self-play figures of the workbench."""
    print("== agents and self-play")
    for name, options in (("tak", {"size": 5}), ("backgammon", {})):
        game = spielwerk.load(name, **options)
        print(f"mcts from the start  {name:<11} {mcts_rate(game, seconds):10,.0f} iterations/s")
    for name, options, depth in (("tak", {"size": 5}, 4), ("lasca", {}, 8)):
        game = spielwerk.load(name, **options)
        (ours, took, kernel), (engine, took_engine, _) = alphabeta_rate(game, depth)
        print(f"alphabeta depth {depth}    {name:<11} {ours:10,.0f} positions/s in {took:.3f} s "
              f"({'kernel' if kernel else 'engine'}); engine {engine:,.0f} positions/s in {took_engine:.3f} s")
    for name, options, games in (("tak", {"size": 5}, 300), ("backgammon", {}, 40)):
        game = spielwerk.load(name, **options)
        plain, sim = simulate_overhead(game, games, 10_000)
        print(f"simulate overhead    {name:<11} random games: bare loop {plain:,.0f} plies/s, simulate "
              f"{sim:,.0f} plies/s ({(plain / sim - 1) * 100:+.1f}% time per ply)")
        from spielwerk.simulate import simulate
        rates = []
        for jobs in (1, 2):
            t = time.perf_counter()
            simulate(game, ("random", "random"), games * 2, seed=2, jobs=jobs)
            rates.append(games * 2 / (time.perf_counter() - t))
        print(f"simulate random      {name:<11} {rates[0]:8.1f} games/s on 1 process, {rates[1]:.1f} on 2 "
              f"({rates[1] / rates[0]:.2f}x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="shorter runs (a smoke test)")
    parser.add_argument("games", nargs="*", help="only these games, or `workbench` for the agents and "
                        "self-play figures, or `rl` for batched play and the OpenSpiel adapter (default: everything)")
    args = parser.parse_args()
    seconds = 1.0 if args.quick else 5.0
    if not args.games or "workbench" in args.games:
        workbench(seconds)
    if not args.games or "rl" in args.games:  # batched play and the OpenSpiel adapter: scripts of their own
        here = os.path.dirname(os.path.abspath(__file__))
        for script in ("rl.py", "rl_adapter.py"):
            subprocess.run([sys.executable, os.path.join(here, script)] + (["--quick"] if args.quick else []),
                           check=False)
    for name, options, depth, quick_depth, cap in CASES:
        if args.games and name not in args.games:
            continue
        game = spielwerk.load(name, **options)
        label = f"{name} " + " ".join(f"{k}={v}" for k, v in options.items()) if options else name
        print(f"== {label}")
        print(f"load+compile        {load_time(name, options) * 1000:10.1f} ms")
        d = quick_depth if args.quick else depth
        dt, leaves = best_of(1, lambda: game.perft(game.initial(), d))
        print(f"perft({d}) start     {leaves:>10} leaves in {dt:6.2f} s = {leaves / dt:12,.0f} leaves/s")
        dt, leaves = best_of(1, lambda: batch.perft(game.initial(), d, jobs=2))
        print(f"perft({d}) 2 procs   {leaves:>10} leaves in {dt:6.2f} s = {leaves / dt:12,.0f} leaves/s")
        dice = game.roll_index >= 0
        for by in ("turn", "step") if dice else ("turn",):
            gps, pps, length, done = playouts(game, seconds, cap, by=by)
            label = "random playouts" + (f" by {by}" if dice else "")
            print(f"{label:<20}{gps:10.1f} games/s, {pps:10,.0f} plies/s "
                  f"({length:.0f} plies/game, {done:.0%} finished, cap {cap})")
        by = "step" if dice else "turn"
        one, two = batch_rate(game, seconds, cap, 1, by), batch_rate(game, seconds, cap, 2, by)
        print(f"batch of games      {one:10.1f} games/s on 1 process, {two:.1f} on 2 ({two / one:.2f}x, by {by})")
        positions = midgame_positions(game, 50, 40)
        mps, cps = generation_rate(game, positions, seconds / 2)
        print(f"move generation     {mps:10,.0f} moves/s ({cps:,.0f} positions/s = whole turns generated per second, "
              "mid-game at ply 40)")


if __name__ == "__main__":
    main()
