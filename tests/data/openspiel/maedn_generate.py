"""Writes maedn.boards.tsv and maedn.games.tsv from OpenSpiel's `maedn(players=2)` (needs pyspiel;
not run by the tests): the board at the start and at each middle position of maedn.positions.tsv,
and seeded random games played to their end.

    python maedn_generate.py  # in this folder, with pyspiel importable

A board is written as OpenSpiel's state holds it (read from its observation tensor as player 1
sees it): the 40 common fields by absolute number (OpenSpiel's field f is our point f + 1), then
player 1's four goal fields, player 2's four, each `.`, `1` or `2`; then `/`, and the pawns each
player has at home: `1...........`  `/4 4`.
"""

import csv
import random
import sys

import pyspiel

GAME = "maedn(players=2)"


def board(state) -> str:
    """The common fields, both players' goal fields, and the pawns at home."""
    t = list(state.observation_tensor(0))
    cells = []
    for f in range(40 + 8):  # 40 common fields, then the goal blocks of players 1 and 2
        one_hot = t[4 * f:4 * f + 4]
        cells.append(str(one_hot.index(1.0) + 1) if 1.0 in one_hot else ".")
    home = t[40 * 4 + 16 * 4:40 * 4 + 16 * 4 + 2]
    return "".join(cells) + "/" + " ".join(str(int(n)) for n in home)


def replay(game, ids):
    state = game.new_initial_state()
    for a in ids:
        state.apply_action(a)
    return state


def main() -> None:
    game = pyspiel.load_game(GAME)
    with open("maedn.positions.tsv") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    with open("maedn.boards.tsv", "w") as out:
        out.write("position_id\tboard\n")
        out.write(f"players=2/start\t{board(game.new_initial_state())}\n")
        for row in rows:
            state = replay(game, [int(a) for a in row["action_ids"].split()])
            out.write(f"{row['position_id']}\t{board(state)}\n")
    with open("maedn.games.tsv", "w") as out:
        out.write("seed\treturns\tlegal_counts\tboard\taction_ids\n")
        for seed in range(1, 1 + int(sys.argv[1] if len(sys.argv) > 1 else 6)):
            rng = random.Random(seed)
            state = game.new_initial_state()
            ids, counts = [], []
            while not state.is_terminal():
                if state.is_chance_node():
                    a = rng.choice([a for a, _ in state.chance_outcomes()])
                else:
                    legal = state.legal_actions()
                    counts.append(len(legal))
                    a = rng.choice(legal)
                ids.append(a)
                state.apply_action(a)
            returns = " ".join(str(int(r)) for r in state.returns())
            out.write(f"{seed}\t{returns}\t{''.join(map(str, counts))}\t{board(state)}\t{' '.join(map(str, ids))}\n")


if __name__ == "__main__":
    main()
