"""Match records in the usual text form, replayed with their dice and cube actions."""

from __future__ import annotations

import random

import pytest

import spielwerk
from spielwerk.agents import sample_chance
from spielwerk.cli import main
from spielwerk.replay import replay_text

SPEC = spielwerk.load_spec_for("backgammon")

RECORD = """; [Site "Spielwerk tests"]
 1 point match

 Game 1
 White : 0                            Black : 0
  1) 31: 8/5 6/5                      52: 13/11 13/8
  2) 64: 24/18 13/9                   Doubles => 2
  3)  Takes                           66: 24/18(2) 13/7(2)
"""


def test_a_record_replays_with_its_dice_and_cube():
    (game,) = replay_text(SPEC, RECORD)
    assert game.error is None and game.result == "*"
    st = game.state
    assert st.cube_value == 2 and st.cube_owner == 1 and st.ply == 4   # cube actions are not plies


def test_the_second_player_may_open():
    text = " Game 1\n  1)                                  52: 13/11 13/8\n  2) 31: 8/5 6/5\n"
    (game,) = replay_text(SPEC, text)
    assert game.error is None and game.state.to_move == 2


def test_a_drop_ends_the_game():
    text = RECORD.replace("  3)  Takes                           66: 24/18(2) 13/7(2)\n", "  3)  Drops\n")
    (game,) = replay_text(SPEC, text)
    assert game.error is None and game.result == "0-1" and game.outcome.value == 1


def test_an_illegal_move_names_its_number_and_why(capsys, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(RECORD.replace("24/18 13/9", "24/18 13/8"))
    assert main(["replay", "backgammon", str(path)]) == 1
    assert capsys.readouterr().out == "move 2: 64: 24/18 13/8: not a legal way to play 6-4 in this position\n"


def write_record(seed: int, money: bool) -> tuple[str, str]:
    """Play a random game and write it as a match record; return the text and the result."""
    game = spielwerk.load("backgammon", money=money)
    rng = random.Random(seed)
    st = game.initial()
    cells: list[str] = []
    starter = None
    while st.outcome() is None:
        if st.is_chance():
            st.push(sample_chance(game, st, rng))
            if starter is None:
                starter = st.to_move
                if starter == 2:
                    cells.append("")
            continue
        moves = st.legal_moves()
        move = rng.choice(moves)
        text = game.format_move(st, move)
        if text in ("roll",):
            st.push(move)
            continue
        if text == "double":
            cells.append(f"Doubles => {st.cube_value * 2}")
        elif text in ("take", "drop"):
            cells.append("Takes" if text == "take" else "Drops")
        else:
            cells.append(f"{st.dice[0]}{st.dice[1]}: {'' if text == 'pass' else text}")
        st.push(move)
    lines = [" Game 1"]
    for i in range(0, len(cells), 2):
        left = cells[i]
        right = cells[i + 1] if i + 1 < len(cells) else ""
        lines.append(f"{i // 2 + 1:3d}) {left:<33}{right}")
    return "\n".join(lines) + "\n", st.outcome().token


@pytest.mark.parametrize("seed,money", [(1, False), (2, False), (3, True), (4, True), (5, True)])
def test_random_games_written_as_records_replay_to_their_result(seed, money):
    text, result = write_record(seed, money)
    (game,) = replay_text(SPEC, text)
    assert game.error is None, str(game.error)
    assert game.result == result
