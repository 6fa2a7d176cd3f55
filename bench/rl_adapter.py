"""What the OpenSpiel adapter costs (prints, asserts nothing). Run: ``python bench/rl_adapter.py``.

Random games are played twice with the same seed: through the bare action API of a Spielwerk
state (``current_player``, ``legal_actions``/``chance_actions``, ``apply_action``) and through
pyspiel's API on the adapter's game (``spielwerk.learning.openspiel.load``: ``is_terminal``,
``is_chance_node``, ``legal_actions``/``chance_outcomes``, ``apply_action``). Both draw the same
numbers from the same generator, so they play the same games; the figure is the time per step (one
action, decisions and rolls alike) and the ratio between the two. A third loop adds the clone of
the state at every step (``state.clone()``), which search algorithms such as MCTS do all the time.
Figures from a shared 2-core machine are noisy: compare runs made side by side.
"""

from __future__ import annotations

import random
import time
from typing import Any

import spielwerk
import spielwerk.learning.openspiel as sw_openspiel

#: (game, options, games per measure)
CASES: list[tuple[str, dict[str, Any], int]] = [
    ("tak", {"size": 5}, 40),
    ("backgammon", {}, 10),
]


def _bare(game: Any, games: int, seed: int) -> tuple[int, float]:
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        st = game.initial()
        while True:
            player = st.current_player()
            if player < 0:
                break
            if player == 0:
                ids, probs = zip(*st.chance_actions())
                action = rng.choices(ids, probs)[0]
            else:
                legal = st.legal_actions()
                action = legal[rng.randrange(len(legal))]
            st.apply_action(action)
            steps += 1
    return steps, time.perf_counter() - start


def _pyspiel(game: Any, games: int, seed: int, clone: bool = False) -> tuple[int, float]:
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                ids, probs = zip(*state.chance_outcomes())
                action = rng.choices(ids, probs)[0]
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            if clone:
                state = state.clone()
            state.apply_action(action)
            steps += 1
    return steps, time.perf_counter() - start


def adapter_overhead(game_name: str, options: dict[str, Any], games: int, seed: int) -> dict[str, Any]:
    """Random play of ``games`` games of ``game_name`` with ``options``: microseconds per step
    through the bare action API and through pyspiel's API on the adapter (also with a clone per
    step), and the ratios to the bare loop."""
    game = spielwerk.load(game_name, **options)
    adapted = sw_openspiel.load(game)
    _bare(game, 1, seed)  # warm up both (first calls compile the action space and observations)
    _pyspiel(adapted, 1, seed)
    bare_steps, bare_time = _bare(game, games, seed)
    steps, adapter_time = _pyspiel(adapted, games, seed)
    clone_steps, clone_time = _pyspiel(adapted, games, seed, clone=True)
    if not bare_steps == steps == clone_steps:
        raise AssertionError(f"the loops played different games: {bare_steps}, {steps}, {clone_steps} steps")
    bare_us = 1e6 * bare_time / bare_steps
    adapter_us = 1e6 * adapter_time / steps
    clone_us = 1e6 * clone_time / steps
    return {
        "game": game_name, "options": dict(options), "games": games, "steps": steps,
        "bare_us_per_step": bare_us, "pyspiel_us_per_step": adapter_us,
        "pyspiel_clone_us_per_step": clone_us,
        "overhead_ratio": adapter_us / bare_us, "clone_ratio": clone_us / bare_us,
    }


def main() -> None:
    """Prints the table (``--quick`` is accepted, for bench/bench.py, and changes nothing: the
    runs are short)."""
    print(f"{'game':<22} {'steps':>7} {'bare us/step':>13} {'pyspiel us/step':>16} {'ratio':>6} "
          f"{'+clone us/step':>15} {'ratio':>6}")
    for name, options, games in CASES:
        r = adapter_overhead(name, options, games, seed=1)
        label = name + "".join(f" {k}={v}" for k, v in options.items())
        print(f"{label:<22} {r['steps']:>7} {r['bare_us_per_step']:>13.1f} {r['pyspiel_us_per_step']:>16.1f} "
              f"{r['overhead_ratio']:>6.2f} {r['pyspiel_clone_us_per_step']:>15.1f} {r['clone_ratio']:>6.2f}")


if __name__ == "__main__":
    main()
