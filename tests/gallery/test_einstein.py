"""EinStein würfelt nicht! (games/gallery/einstein.yaml) against OpenSpiel's
``einstein_wurfelt_nicht`` (pyspiel 2.0.2; data in tests/data/openspiel/einstein.*): its chance
setup, perft from three of its random games' positions, the boards there, and whole random games
replayed to their end with the same winner; and each rule on a position of its own.

How OpenSpiel's strings become our moves:

* ``Placing black cubes on the board - action k``: the k-th permutation (in lexicographic order) of
  the cubes 1 to 6, set out on Black's cells in OpenSpiel's row-major order (a5, b5, c5, a4, b4,
  a3); White's likewise on e3, d2, e2, c1, d1, e1. Our setup move is the ``shuffle`` of the corner
  that leaves that arrangement (found by playing each one: our orders count the corner's squares
  in our order of squares).
* ``roll k``: our roll of k.
* ``W1-diag*``: the player's cube 1 (our kind ``one``) steps up, left or diagonally (White) or
  down, right or diagonally (Black); our move is ``from-to``. OpenSpiel's row r is our rank
  5 - r, its column c our file c.
"""

from __future__ import annotations

import functools
import itertools
import os
import random
import re
from fractions import Fraction

import pytest

import spielwerk
from spielwerk.agents import sample_chance
from spielwerk.cli import main

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "openspiel")
KINDS = ("one", "two", "three", "four", "five", "six")
#: OpenSpiel's cells for each player's cubes, in its row-major order, as our squares
CELLS = {1: ("a5", "b5", "c5", "a4", "b4", "a3"), 2: ("e3", "d2", "e2", "c1", "d1", "e1")}
STEPS = {"down": (0, -1), "right": (1, 0), "up": (0, 1), "left": (-1, 0)}
PERMUTATIONS = list(itertools.permutations(range(1, 7)))


@functools.lru_cache(maxsize=None)
def _game():
    return spielwerk.load("einstein")


def _rows(name: str) -> list[list[str]]:
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return [line.rstrip("\n").split("\t") for line in fh if line.strip() and not line.startswith("#")]


def _name(state, sq: int) -> str:
    return state.game.topology.name(sq)


def _cube_at(state, square: str) -> tuple[int, int] | None:
    """(owner, number) of the cube on ``square``, or None."""
    stack = state.stacks[state.game.topology.parse_square(square)]
    if not stack:
        return None
    return state.game.code_owner[stack[-1]], KINDS.index(state.game.kind_names[stack[-1] >> 1]) + 1


def play(state, text: str) -> None:
    """Play one of OpenSpiel's action strings on our state, exactly."""
    game = state.game
    m = re.fullmatch(r"Placing (black|white) cubes on the board - action (\d+)", text)
    if m:
        player = 1 if m[1] == "black" else 2
        wanted = dict(zip(CELLS[player], PERMUTATIONS[int(m[2])]))
        found = []
        for move, _ in state.chance_outcomes():
            state.push(move)
            if all(_cube_at(state, sq) == (player, n) for sq, n in wanted.items()):
                found.append(move)
            state.pop()
        assert len(found) == 1, text
        state.push(found[0])
        return
    m = re.fullmatch(r"roll (\d)", text)
    if m:
        state.push(game.roll(int(m[1])))
        return
    m = re.fullmatch(r"([BW])(\d)-(up|down|left|right|diag)(\*?)", text)
    assert m, text
    player, number = (1 if m[1] == "B" else 2), int(m[2])
    start = next(sq for sq in range(25) if _cube_at(state, _name(state, sq)) == (player, number))
    df, dr = (1, -1) if m[3] == "diag" and player == 1 else (-1, 1) if m[3] == "diag" else STEPS[m[3]]
    end = start + df + 5 * dr
    assert (_cube_at(state, _name(state, end)) is not None) == bool(m[4]), text  # the * marks a capture
    wanted_text = f"{_name(state, start)}-{_name(state, end)}"
    moves = [mv for mv in state.legal_moves() if state.move_text(mv) == wanted_text]
    assert len(moves) == 1, (text, wanted_text, sorted(state.move_text(mv) for mv in state.legal_moves()))
    state.push(moves[0])


def replay(texts: list[str]):
    state = _game().initial()
    for text in texts:
        play(state, text)
    return state


def picture(state) -> str:
    """Our board as OpenSpiel prints it: rows from rank 5, two characters a cell."""
    rows = []
    for rank in range(5, 0, -1):
        row = ""
        for f in "abcde":
            cube = _cube_at(state, f"{f}{rank}")
            row += ".." if cube is None else f"{'bw'[cube[0] - 1]}{cube[1]}"
        rows.append(row)
    return "/".join(rows)


def _positions():
    return {row[0]: row[3].split(" | ") for row in _rows("einstein.positions.tsv") if row[0] != "position_id"}


def _perft_cases():
    for kind, position, depth, count in _rows("einstein.perft.tsv"):
        if position == "start":
            continue
        marks = [pytest.mark.slow] if int(depth) > 3 else []
        yield pytest.param(position, int(depth), int(count), marks=marks, id=f"{position}-d{depth}")


def test_the_setup_is_chance_with_720_arrangements_a_player():
    state = _game().initial()
    assert state.is_chance() and len(state.chance_outcomes()) == 720
    assert {p for _, p in state.chance_outcomes()} == {Fraction(1, 720)}
    state.push(state.chance_outcomes()[0][0])
    assert state.is_chance() and len(state.chance_outcomes()) == 720  # White's cubes next
    state.push(state.chance_outcomes()[0][0])
    assert state.is_chance() and len(state.chance_outcomes()) == 6  # then the die, for White
    assert state.game.on_roll(state) == 2


def test_perft_from_the_start_is_openspiels():
    """OpenSpiel's depth 1 from the start, 9331200, is 720 x 720 arrangements x 6 rolls x the 3
    steps of the cube the die names (every cube on its corner has all three)."""
    (count,) = [int(c) for _, position, depth, c in _rows("einstein.perft.tsv") if position == "start"]
    game = _game()
    state = game.initial()
    black = state.chance_outcomes()
    state.push(black[0][0])
    white = state.chance_outcomes()
    for a, b in ((0, 0), (5, 700), (719, 313)):
        st = game.initial()
        st.push(black[a][0])
        st.push(white[b][0])
        assert game.perft(st, 1) == 18
    assert len(black) * len(white) * 18 == count


@pytest.mark.parametrize("position", ["t4", "t8", "t14"])
def test_openspiels_line_reaches_the_same_board(position):
    boards = {row[0]: row[1] for row in _rows("einstein.boards.tsv")}
    state = replay(_positions()[position])
    assert picture(state) == boards[position]
    assert state.is_chance() and state.outcome() is None


@pytest.mark.parametrize("position,depth,count", list(_perft_cases()))
def test_perft_from_a_middle_position(position, depth, count):
    state = replay(_positions()[position])
    assert _game().perft(state, depth) == count


@pytest.mark.parametrize("game_id", [row[0] for row in _rows("einstein.games.tsv")])
def test_a_random_game_of_openspiels_ends_alike(game_id):
    (row,) = [r for r in _rows("einstein.games.tsv") if r[0] == game_id]
    state = replay(row[3].split(" | "))
    assert picture(state) == row[4]
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == (1 if float(row[5]) > 0 else 2)


def _position(text: str, die: int):
    """White to move (our player 2) with the die showing ``die``."""
    state = _game().parse_position(text + " 2 2")
    state.push(_game().roll(die))
    return state


def test_the_die_names_the_cube_or_the_nearest_ones_left():
    # White has cubes 1, 3 and 6 (on e1, d2, c3 read below); Black one cube on a5
    text = "1A,x4/x5/x2,2F,x2/x3,2C,x/x4,2A"
    assert {t.split("-")[0] for t in (_game().format_move(s, m) for s in [_position(text, 3)]
                                      for m in s.legal_moves())} == {"d2"}
    both = _position(text, 4)  # 4 and 5 are gone: 3 below, 6 above
    assert {both.move_text(m).split("-")[0] for m in both.legal_moves()} == {"d2", "c3"}
    low = _position(text, 2)  # 2 is gone: 1 below, 3 above
    assert {low.move_text(m).split("-")[0] for m in low.legal_moves()} == {"e1", "d2"}


def test_a_cube_steps_towards_the_opposite_corner_and_takes_any_cube():
    state = _position("1A,x4/x5/x5/x3,1B,x/x3,2D,2A", 1)  # White's cube 1 on e1, his 4 on d1
    assert {state.move_text(m) for m in state.legal_moves()} == {"e1-d1", "e1-e2", "e1-d2"}
    state.push_text("e1-d1")  # onto his own cube 4
    assert _cube_at(state, "d1") == (2, 1) and state.captures[2] == 0


def test_the_opposite_corner_or_the_last_cube_wins():
    corner = _position("x,1A,x3/x5/x5/x5/x4,2A", 1)
    corner.push_text("e1-d2")
    assert corner.outcome() is None
    win = _position("x,1A,x3/2B,x4/x5/x5/x5", 2)
    win.push_text("a4-a5")
    assert win.outcome().winner == 2 and win.outcome().result == "corner"
    last = _position("x5/x5/x5/x3,1A,x/x4,2A", 1)
    last.push_text("e1-d2")
    assert last.outcome().winner == 2 and last.outcome().result == "captured"


def test_the_learning_interface_gives_the_setup_chance_ids():
    state = _game().initial()
    ids = state.legal_actions()
    assert ids == list(range(ids[0], ids[0] + 720))
    assert _game().num_chance_outcomes == 3 * 6 + 2 + 720  # the rolls (as in every one-die game), then the orders
    state.apply_action(ids[3])
    assert state.is_chance() and len(state.legal_actions()) == 720


def test_a_record_with_its_setup_replays(tmp_path, capsys):
    """A match record writes the setup's draws with no dice (``00: shuffle...``) and the rolls
    before the moves; ``spielwerk replay`` plays it back to the same result."""
    game = _game()
    texts, tokens = [], []
    for seed in range(3):
        state, rng = game.initial(), random.Random(seed)
        while state.outcome() is None:
            state.push(sample_chance(game, state, rng) if state.is_chance() else rng.choice(state.legal_moves()))
        texts.append(game.record(state))
        tokens.append(state.outcome().token)
    assert texts[0].splitlines()[1].split()[:3] == ["1)", "00:", texts[0].splitlines()[1].split()[2]]
    assert texts[0].splitlines()[1].split()[2].startswith("shuffle")
    path = tmp_path / "games.txt"
    path.write_text("\n".join(texts))
    assert main(["replay", "einstein", str(path)]) == 0
    assert capsys.readouterr().out.split("\n")[:3] == [f"result: {t}" for t in tokens]
