"""Russian, Turkish and Frisian draughts and Bashni (games/gallery/) against an independent
reading of their rules: ``tests/reference/draughts_reference.py``, written from the published
rules alone without the engine (its rule sentences, sources and readings are in
``tests/data/draughts/NOTES.md``). It agrees with Ludii's counts from the start (Russian to depth
7, Turkish and Frisian to 7 with a local Ludii; Bashni where Ludii follows the real rules).

Compared: perft from the start, from positions of random games (reached by playing the games'
moves in our notation), and from hand-made positions that test the special rules (flying kings,
crowning in a capture, the 180-degree rule, the most value, columns), whose every first move is
compared too; and a few random games checked move for move.
"""

from __future__ import annotations

import csv
import os
import random

import pytest

import draughts_reference as ref
import spielwerk

DATA = os.path.join(os.path.dirname(__file__), "..", "data", "draughts")
GAMES = {"russian": "russian-draughts", "turkish": "turkish-draughts", "frisian": "frisian-draughts",
         "bashni": "bashni"}
#: the largest count compared in the default run (deeper ones are in the slow set)
QUICK = 20_000


def _rows(name: str) -> list[dict[str, str]]:
    with open(os.path.join(DATA, name), encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


PERFT = [(r["rules"], r["position_id"], int(r["depth"]), int(r["count"])) for r in _rows("perft.tsv")]
POSITIONS = {(r["rules"], r["position_id"]): r for r in _rows("positions.tsv")}
KMOVES: dict[tuple[str, str], set[str]] = {}
for _r in _rows("kmoves.tsv"):
    KMOVES.setdefault((_r["rules"], _r["position_id"]), set()).add(_r["move"])


def state(rules: str, pid: str):
    """Our game and state for a reference position: the start, a random game's moves replayed in
    our notation, or a hand-made position set up square by square."""
    g = spielwerk.load(GAMES[rules])
    row = POSITIONS[(rules, pid)]
    if pid == "start" or row.get("paths"):
        st = g.initial()
        for path in (row.get("paths") or "").split():
            st.push_text(path)
        return g, st
    position = ref.parse_position_string(row["position"])
    stacks: list[list[int]] = [[] for _ in range(g.topology.size)]
    code = {"w": 0, "b": 1, "W": 2, "B": 3}  # man and king, White and Black: kind * 2 + owner - 1
    for square, column in position.items():
        stacks[g.topology.parse_square(square)] = [code[c] for c in column]
    return g, g.state_from_board(stacks, 0, 1 if row["side"] == "w" else 2)


def texts(st) -> set[str]:
    return {st.move_text(m) for m in st.legal_moves()}


QUICK_CASES = [c for c in PERFT if c[3] <= QUICK]
SLOW_CASES = [c for c in PERFT if c[3] > QUICK]


@pytest.mark.parametrize("rules,pid,depth,count", QUICK_CASES, ids=[f"{r}-{p}-{d}" for r, p, d, _ in QUICK_CASES])
def test_perft_agrees_with_the_reference(rules, pid, depth, count):
    g, st = state(rules, pid)
    assert g.perft(st, depth) == count


@pytest.mark.slow
@pytest.mark.parametrize("rules,pid,depth,count", SLOW_CASES, ids=[f"{r}-{p}-{d}" for r, p, d, _ in SLOW_CASES])
def test_deep_perft_agrees_with_the_reference(rules, pid, depth, count):
    g, st = state(rules, pid)
    assert g.perft(st, depth) == count


@pytest.mark.parametrize("rules,pid", sorted(KMOVES))
def test_the_moves_of_the_hand_made_positions_are_the_references(rules, pid):
    g, st = state(rules, pid)
    assert texts(st) == KMOVES[(rules, pid)]


@pytest.mark.parametrize("rules", list(GAMES))
def test_random_games_agree_move_for_move(rules):
    g = spielwerk.load(GAMES[rules])
    rng = random.Random(23)
    for _ in range(2):
        st = g.initial()
        position, side = ref.start(rules)
        played: list[tuple[str, ...]] = []
        for _ply in range(80):
            memory = ref.frisian_state_after(rules, played) if rules == "frisian" else None
            theirs = {ref.path_notation(rules, position, side, path): (path, new)
                      for path, new in ref.moves(rules, position, side, state=memory)}
            ours = texts(st)
            assert ours == set(theirs), f"{rules}: after {' '.join('-'.join(p) for p in played)}"
            if not ours:
                break
            text = rng.choice(sorted(ours))
            st.push_text(text)
            path, position = theirs[text]
            played.append(path)
            side = "b" if side == "w" else "w"
