"""Writes oware.boards.tsv and oware.games.tsv from OpenSpiel's ``oware`` (run with pyspiel, which
the tests do not need): ``python make_oware.py`` in this folder.

* ``oware.boards.tsv``: for the start and each middle position of ``oware.positions.tsv``, the
  seeds of OpenSpiel's houses 0-11 (the first player's A-F, then the second's a-f), the two
  scores and the player to move (0 or 1).
* ``oware.games.tsv``: whole games of a seeded uniform random policy (``random.Random(seed)``,
  ``rng.choice(state.legal_actions())``), each with its action ids, the number of legal actions
  before every action, the final scores and the returns. ``SEEDS`` lists the games kept: the
  first ones from 1, and seeds chosen for the rarer ends (a repeated position, a player who cannot
  feed his opponent), found by :func:`how_it_ended`.
"""

from __future__ import annotations

import os
import random
import re

import pyspiel

HERE = os.path.dirname(os.path.abspath(__file__))
SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 17, 28, 30, 36, 52, 89]


def board(state: pyspiel.State) -> tuple[list[int], list[int]]:
    """The houses 0-11 and the scores, read from ``str(state)``."""
    lines = [line for line in str(state).splitlines() if line.strip() and line != "[FINISHED]"]
    scores = [int(re.search(r"score = (\d+)", line)[1]) for line in (lines[-1], lines[0])]
    top = [int(x) for x in lines[2].split()]
    bottom = [int(x) for x in lines[3].split()]
    return bottom + top[::-1], scores


def sow_by_hand(houses: list[int], scores: list[int], mover: int, action: int) -> tuple[list[int], list[int]]:
    """The houses and scores after ``mover`` plays ``action``, before a game's end collects the
    seeds: OpenSpiel's rules written out, so that the position an end collected is known."""
    seeds, scores = list(houses), list(scores)
    origin = mover * 6 + action
    n, seeds[origin], last = seeds[origin], 0, origin
    while n:
        last = (last + 1) % 12
        if last != origin:
            seeds[last] += 1
            n -= 1
    if last // 6 != mover:
        taken = []
        for j in range(last, (last // 6) * 6 - 1, -1):
            if seeds[j] not in (2, 3):
                break
            taken.append(j)
        opponent_row = range((1 - mover) * 6, (1 - mover) * 6 + 6)
        if any(seeds[j] for j in opponent_row if j not in taken):  # else a grand slam: no capture
            scores[mover] += sum(seeds[j] for j in taken)
            for j in taken:
                seeds[j] = 0
    return seeds, scores


def how_it_ended(actions: list[int]) -> str:
    """``seeds``, ``repetition`` or ``no_feeding``: what ended the game the actions play."""
    state = pyspiel.load_game("oware").new_initial_state()
    houses, scores = board(state)
    seen = {(tuple(houses), tuple(scores), 0)}
    for a in actions:
        mover = state.current_player()
        houses, scores = sow_by_hand(houses, scores, mover, a)
        state.apply_action(a)
        if not state.is_terminal():
            assert board(state) == (houses, scores), "the hand sowing differs from OpenSpiel's"
        key = (tuple(houses), tuple(scores), 1 - mover)
        if key[1] != next(iter(seen))[1]:
            seen = set()
        repeated = key in seen
        seen.add(key)
    if scores[0] > 24 or scores[1] > 24 or scores == [24, 24]:
        return "seeds"
    return "repetition" if repeated else "no_feeding"


def play(seed: int) -> tuple[list[int], list[int], list[int], list[float]]:
    game = pyspiel.load_game("oware")
    state = game.new_initial_state()
    rng = random.Random(seed)
    actions, counts = [], []
    while not state.is_terminal():
        legal = state.legal_actions()
        counts.append(len(legal))
        a = rng.choice(legal)
        actions.append(a)
        state.apply_action(a)
    return actions, counts, board(state)[1], state.returns()


def main() -> None:
    game = pyspiel.load_game("oware")
    with open(os.path.join(HERE, "oware.boards.tsv"), "w", encoding="utf-8") as out:
        out.write("# position_id\thouses 0-11 (A-F, a-f)\tscores (player 0, player 1)\tplayer to move\n")
        lines = [("start", [])]
        with open(os.path.join(HERE, "oware.positions.tsv"), encoding="utf-8") as fh:
            for row in fh:
                cells = row.rstrip("\n").split("\t")
                if cells[0] != "position_id":
                    lines.append((cells[0], [int(a) for a in cells[2].split()]))
        for name, actions in lines:
            state = game.new_initial_state()
            for a in actions:
                state.apply_action(a)
            houses, scores = board(state)
            out.write(f"{name}\t{' '.join(map(str, houses))}\t{scores[0]} {scores[1]}\t{state.current_player()}\n")
    with open(os.path.join(HERE, "oware.games.tsv"), "w", encoding="utf-8") as out:
        out.write("# seed\tend\taction ids\tlegal actions before each\tfinal scores\treturns\n")
        for seed in SEEDS:
            actions, counts, scores, returns = play(seed)
            out.write(f"{seed}\t{how_it_ended(actions)}\t{' '.join(map(str, actions))}\t"
                      f"{' '.join(map(str, counts))}\t{scores[0]} {scores[1]}\t{returns[0]:g} {returns[1]:g}\n")


if __name__ == "__main__":
    main()
