"""Writes the perft counts, middle positions and boards of OpenSpiel's ``breakthrough``,
``connect_four`` and ``tic_tac_toe`` for the gallery's tests (run with pyspiel, which the tests do
not need): ``python make_small_games.py`` in this folder; ``python make_small_games.py
connect-four`` writes one game's files.

* ``<game>.positions.tsv``: each middle position ``tN`` is reached by N actions of a uniform random
  policy, ``random.Random(seed)`` and ``rng.choice(state.legal_actions())``, the seeds 1000, 1001,
  1002 in the order of the positions; the game must still be going there.
* ``<game>.perft.tsv``: ``actions`` perft (one action is one turn in all three games) from the start
  and from each middle position, every legal action one edge, a game over before the depth
  counting 0.
* ``<game>.boards.tsv``: the rows of ``str(state)`` at the start and at each middle position, one
  character a cell, from the top of OpenSpiel's picture.
"""

from __future__ import annotations

import os
import random
import re
import sys

import pyspiel

HERE = os.path.dirname(os.path.abspath(__file__))

#: our game -> OpenSpiel's game, the middle positions (plies from the start), the deepest perft of
#: each position (the start first), and how a board row of ``str(state)`` looks (group 1: its cells)
GAMES = {
    "breakthrough": ("breakthrough", (6, 12, 20), (5, 4, 4, 4), r"\d([.bw]{8})"),
    "connect-four": ("connect_four", (6, 12, 20), (7, 6, 6, 7), r"([.xo]{7})"),
    "tic-tac-toe": ("tic_tac_toe", (2, 4, 6), (9, 7, 5, 3), r"([.xo]{3})"),
}


def perft(state: pyspiel.State, depth: int) -> int:
    """Leaves of the action tree ``depth`` actions deep; a finished game has none."""
    if state.is_terminal():
        return 0
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    return sum(perft(state.child(a), depth - 1) for a in actions)


def board_rows(state: pyspiel.State, row: str) -> list[str]:
    """The board rows of ``str(state)``, top first."""
    rows = [m[1] for m in (re.fullmatch(row, line) for line in str(state).splitlines()) if m]
    if not rows:
        raise ValueError(f"no board in {str(state)!r}")
    return rows


def write(ours: str) -> None:
    name, plies, depths, row = GAMES[ours]
    game = pyspiel.load_game(name)
    positions = [("start", game.new_initial_state(), None, [], [])]
    for i, n in enumerate(plies):
        seed = 1000 + i
        rng = random.Random(seed)
        state = game.new_initial_state()
        ids, strings = [], []
        for _ in range(n):
            action = rng.choice(state.legal_actions())
            ids.append(action)
            strings.append(state.action_to_string(state.current_player(), action))
            state.apply_action(action)
            if state.is_terminal():
                raise SystemExit(f"{name}: the game of seed {seed} is over before t{n}")
        positions.append((f"t{n}", state, seed, ids, strings))

    with open(os.path.join(HERE, f"{ours}.positions.tsv"), "w", encoding="utf-8") as fh:
        fh.write("position_id\tseed\taction_ids\taction_strings\n")
        for position, _, seed, ids, strings in positions[1:]:
            fh.write(f"{position}\t{seed}\t{' '.join(map(str, ids))}\t{' '.join(strings)}\n")
    with open(os.path.join(HERE, f"{ours}.boards.tsv"), "w", encoding="utf-8") as fh:
        fh.write("# position_id\tOpenSpiel's board (str(state)), rows top first joined by '/'\n")
        for position, state, _, _, _ in positions:
            fh.write(f"{position}\t{'/'.join(board_rows(state, row))}\n")
    with open(os.path.join(HERE, f"{ours}.perft.tsv"), "w", encoding="utf-8") as fh:
        fh.write(f"# kind\tposition_id\tdepth\tcount (actions perft, pyspiel {pyspiel.__version__}; "
                 "see README.md)\n")
        for (position, state, _, _, _), deepest in zip(positions, depths):
            for depth in range(1, deepest + 1):
                count = perft(state, depth)
                fh.write(f"actions\t{position}\t{depth}\t{count}\n")
                print(ours, position, depth, count, flush=True)


if __name__ == "__main__":
    for ours in sys.argv[1:] or list(GAMES):
        write(ours)
