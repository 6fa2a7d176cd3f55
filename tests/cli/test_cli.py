"""The CLI contract: exact output forms and exit codes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import re

import pytest

from spielwerk.cli import main

HERE = os.path.dirname(__file__)
DATA = os.path.join(HERE, "..", "data")
GAMES = os.path.join(HERE, "..", "..", "games")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_perft_prints_one_line_per_depth(capsys):
    code, out, _ = run(capsys, "perft", "tak", "--depth", "3", "-o", "size=5")
    assert code == 0
    assert out == "1\t25\n2\t600\n3\t43320\n"


def test_perft_from_a_position(capsys):
    code, out, _ = run(capsys, "perft", "tak", "--depth", "2", "--position", "x5/x2,2S,x2/x2,121,x2/x5/x5 1 4")
    assert out.splitlines() == ["1\t87", "2\t6155"]


def test_perft_divide_sums_to_the_total(capsys):
    code, out, _ = run(capsys, "perft", "tak", "-o", "size=3", "--depth", "2", "--divide")
    lines = out.splitlines()
    assert lines[-1] == "total\t72" and len(lines) == 10


def test_moves_lists_legal_moves_and_after_adds_the_position(capsys):
    code, out, _ = run(capsys, "moves", "tak", "-o", "size=3", "--after")
    lines = out.splitlines()
    assert len(lines) == 9
    assert lines[0] == "a1\tx3/x3/2,x2 2 1"


def test_moves_with_a_position(capsys):
    code, out, _ = run(capsys, "moves", "tak", "--position", "x5/x5/x5/x5/1C,2S,x3 1 3")
    assert "a1>*" in out.splitlines()


def test_replay_prints_a_result_per_game(capsys, tmp_path):
    rec = tmp_path / "two.ptn"
    rec.write_text('[Size "3"]\n1. a1 c3 2. b1 c1 3. c2 b2\n\n[Size "3"]\n1. c3 a1 2. a2 c2 3. a3\n')
    code, out, _ = run(capsys, "replay", "tak", str(rec), os.path.join(DATA, "tak-games", "playtak_251158.ptn"))
    assert code == 0
    assert out.splitlines() == ["result: *", "result: R-0", "result: F-0"]


def test_replay_of_an_illegal_move_prints_why_and_exits_1(capsys, tmp_path):
    rec = tmp_path / "bad.ptn"
    rec.write_text('[Size "3"]\n1. a1 c3 2. Sa1 c1\n\n[Size "3"]\n1. a1 c3\n')
    code, out, _ = run(capsys, "replay", "tak", str(rec))
    assert code == 1
    assert out.splitlines() == ["move 2: Sa1: a1 is not empty", "result: *"]


def test_replay_options_win_over_nothing_and_tags_set_size(capsys, tmp_path):
    rec = tmp_path / "g.ptn"
    rec.write_text("1. e5 a1 2. b1 e4 3. c1 e3 4. d1 e2 5. e1 R-0\n")
    code, out, _ = run(capsys, "replay", "tak", str(rec), "-o", "size=5")
    assert out == "result: R-0\n"


def test_validate_accepts_the_bundled_games(capsys):
    files = [os.path.join(GAMES, f) for f in sorted(os.listdir(GAMES)) if f.endswith(".yaml")]
    code, out, _ = run(capsys, "validate", *files)
    assert (code, out) == (0, "")


def test_validate_reports_file_line_col(capsys, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: tak\ngame: bad\nreserves:\n  stones: {pieces: [flat, wal], count: stones}\n")
    code, out, _ = run(capsys, "validate", str(bad))
    assert code == 1
    assert out.startswith(f"{bad}:4:")
    assert "unknown piece 'wal'" in out


@pytest.mark.parametrize("argv,needle", [
    (["perft", "nosuchgame", "--depth", "1"], "no game"),
    (["perft", "tak", "--depth", "1", "-o", "size=12"], "between 3 and 8"),
    (["perft", "tak", "--depth", "1", "-o", "colour=red"], "no option"),
    (["perft", "tak", "--depth", "1", "-o", "size"], "KEY=VALUE"),
    (["moves", "tak", "--position", "x5/x5 1 1"], "rows"),
    (["moves", "tak", "--roll", "3-1"], "no dice"),
])
def test_bad_input_exits_non_zero_with_a_message(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code != 0
    assert needle in err and "Traceback" not in err


BG_START = "4HPwATDgc/ABMA"  # past the opening roll, so with the cube in play the player may double


def test_moves_with_the_cube_lists_the_decision_before_the_roll(capsys):
    code, out, _ = run(capsys, "moves", "backgammon", "-o", "money=true", "--position", BG_START)
    assert (code, out.splitlines()) == (0, ["roll", "double"])


@pytest.mark.parametrize("position", [BG_START, "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"])
def test_moves_roll_with_the_cube_means_no_double_then_that_roll(capsys, position):
    code, plain, _ = run(capsys, "moves", "backgammon", "--position", position, "--roll", "3-1", "--after")
    assert code == 0 and "24/23 24/21" in plain.splitlines()[0]
    code, money, err = run(capsys, "moves", "backgammon", "-o", "money=true", "--position", position,
                           "--roll", "3-1", "--after")
    assert (code, err) == (0, "")
    # the checker moves of 3-1, and the same positions after them (an XGID's last field is the
    # highest cube: 2^6 with the cube, the XG default 2^10 without one)
    def board(text):
        return re.sub(r":(6|10)$", "", text, flags=re.M)
    assert board(money) == board(plain)


def test_moves_roll_when_the_opponent_owns_the_cube_just_rolls(capsys):
    xgid = "XGID=-b----E-C---eE---c-e----B-:1:-1:1:00:0:0:0:0:10"  # cube on 2, owned by the other player
    code, out, err = run(capsys, "moves", "backgammon", "-o", "money=true", "--position", xgid, "--roll", "31")
    assert (code, err) == (0, "") and "24/23 24/21" in out.splitlines()


def test_moves_roll_is_refused_while_a_double_is_pending(capsys, monkeypatch):
    from spielwerk import Game
    parse = Game.parse_position

    def doubled(self, text):  # the position after the player on roll doubled
        st = parse(self, text)
        st.push_text("double")
        return st
    monkeypatch.setattr(Game, "parse_position", doubled)
    code, out, _ = run(capsys, "moves", "backgammon", "-o", "money=true", "--position", BG_START)
    assert (code, out.splitlines()) == (0, ["take", "drop"])
    code, out, err = run(capsys, "moves", "backgammon", "-o", "money=true", "--position", BG_START, "--roll", "3-1")
    assert code != 0 and out == ""
    assert len(err.splitlines()) == 1 and "double is pending" in err and "Traceback" not in err


def test_replay_of_a_missing_file_exits_non_zero(capsys):
    code, out, err = run(capsys, "replay", "tak", "/nonexistent.ptn")
    assert code == 1 and "cannot read" in err


def test_play_with_random_agents_ends_with_a_result(capsys):
    code, out, _ = run(capsys, "play", "tak", "-o", "size=4", "--white", "random", "--black", "random",
                       "--seed", "3")
    assert code == 0
    assert out.splitlines()[-1].startswith("result: ")


def test_play_reads_a_persons_moves_and_explains_illegal_ones(capsys, monkeypatch):
    answers = iter(["Sa1", "zz", "a1", "moves", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    code, out, _ = run(capsys, "play", "tak", "-o", "size=3", "--black", "human")
    assert code == 0
    assert "illegal: 'Sa1': only flat may be placed now" in out
    assert "illegal: 'zz'" in out
    assert "1. b1" in out and "2. c1" in out  # the numbered move list after a1


def test_play_numbers_moves_helps_and_undoes_a_whole_turn(capsys, monkeypatch):
    answers = iter(["help", "moves", "2", "undo", "undo", "moves", "9", "7", "board", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    code, out, _ = run(capsys, "play", "tak", "-o", "size=3", "--white", "human", "--black", "random",
                       "--seed", "1")
    assert code == 0
    assert "undo      back to your last turn" in out
    assert "1. white: b1" in out  # move 2 of the list a1 b1 c1 ...
    assert "nothing to undo" in out  # the first undo took back b1 and black's answer
    assert "1. white: c3" in out
    assert "no move numbered 7" in out  # a number reads the list printed for this very position
    assert "in hand: white stones 10" in out


def test_undo_in_a_dice_game_keeps_the_dice(capsys, monkeypatch):
    answers = iter(["1", "undo", "board", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    code, out, _ = run(capsys, "play", "backgammon", "--white", "human", "--black", "human", "--seed", "2")
    assert code == 0
    rolls = [line for line in out.splitlines() if " rolls " in line or "opening roll" in line]
    assert len(rolls) == 1  # undo went back to the same roll, no new one


def test_a_race_board_is_numbered_from_the_side_of_the_player_on_roll(capsys):
    """The terminal board labels the points as the moves of the player on roll name them, each
    player's checkers are listed in his own numbers with his pip count, and the board before an
    opening roll does not name a player on roll that the roll may not choose."""
    code, out, _ = run(capsys, "play", "backgammon", "--white", "random", "--black", "random", "--seed", "2",
                       "--max-plies", "2")
    lines = out.splitlines()
    first = lines.index("the dice decide who starts")
    assert lines[first + 1] == "black rolls 3-1" and "1. black: 13/10 6/5" in out
    assert "24:2 13:5 8:3 6:5" in lines[first - 1] and "pips 167" in lines[first - 1]
    after = lines.index("white on roll")
    assert lines[after + 1].startswith("white rolls ")
    labels = [line.split() for line in lines[:after] if line.strip().startswith(("1 ", "24 "))]
    assert labels[-1][:3] == ["24", "23", "22"]  # white's numbers, white on roll
    played = re.search(r"2\. white: (\S+)", out)
    assert played and "/" in played.group(1)
    last_labels = [line.split() for line in lines if line.strip().startswith(("1 ", "24 "))][-1]
    assert last_labels[:3] == ["1", "2", "3"]  # black's numbers after white's move: black on roll


@pytest.mark.skipif(shutil.which("spielwerk") is None, reason="the console script is not installed")
def test_the_console_script_runs():
    proc = subprocess.run(["spielwerk", "perft", "tak", "--depth", "2"], capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout == "1\t25\n2\t600\n"


def test_python_dash_m_runs_the_cli():
    proc = subprocess.run([sys.executable, "-m", "spielwerk.cli", "games"], capture_output=True, text=True)
    assert proc.returncode == 0 and "tak" in proc.stdout.split()
