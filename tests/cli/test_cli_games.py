"""The CLI with every bundled game: perft, moves, replay and play work the same way for all."""

from __future__ import annotations

import pytest

from spielwerk.cli import main


@pytest.mark.parametrize("game,depth2", [("tak", 600), ("tackle", 1260), ("attangle", 1296),
                                         ("attangle-square", 3780), ("tactix", 1329)])
def test_perft_for_every_game(capsys, game, depth2):
    assert main(["perft", game, "--depth", "2"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"2\t{depth2}"


@pytest.mark.parametrize("game", ["tak", "tackle", "attangle", "tactix", "tak-2caps", "tackle-anker",
                                  "tackle-goldcourt", "attangle-square"])
def test_random_agents_play_every_game(capsys, game):
    assert main(["play", game, "--white", "random", "--black", "random", "--seed", "1", "--max-plies", "300"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith(("Tak", "Tackle", "Attangle", "Tactix"))
    assert out.splitlines()[-1].startswith("result: ")


def test_moves_after_for_tactix_and_attangle(capsys):
    assert main(["moves", "tactix", "--after"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 37 and all("\t" in line for line in lines)
    assert main(["moves", "attangle"]) == 0
    assert "d4" not in capsys.readouterr().out.split()


def test_replay_tactix_record(capsys, tmp_path):
    rec = tmp_path / "t.txt"
    rec.write_text("1. e1-e2 e9-e8 2. e2-e3 e8-e7 3. b1-b2 b9-b8 *\n")
    assert main(["replay", "tactix", str(rec)]) == 0
    assert capsys.readouterr().out == "result: *\n"
    rec.write_text("1. e1-e3 *\n")
    assert main(["replay", "tactix", str(rec)]) == 1
    assert capsys.readouterr().out.startswith("move 1: e1-e3: ")


@pytest.mark.parametrize("game,counts", [("backgammon", ["1\t380", "2\t178306"]), ("trictrac", ["1\t76", "2\t3040"]),
                                         ("puff", ["1\t66", "2\t2610"])])
def test_perft_for_the_dice_games_expands_every_roll_once(capsys, game, counts):
    assert main(["perft", game, "--depth", "2"]) == 0
    assert capsys.readouterr().out.splitlines() == counts


@pytest.mark.parametrize("game,plies", [("backgammon", 400), ("trictrac", 400), ("puff", 40)])
def test_random_agents_play_the_dice_games(capsys, game, plies):
    assert main(["play", game, "--white", "random", "--black", "random", "--seed", "2",
                 "--max-plies", str(plies)]) == 0
    out = capsys.readouterr().out
    assert " rolls " in out and out.splitlines()[-1].startswith("result: ")


def test_moves_after_for_tric_trac_and_puff(capsys):
    assert main(["moves", "trictrac", "--roll", "5-4", "--after"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "1/5 1/6\t1111111111111,x3,1,1,x17,222222222222222,x4 2 1 0 0",
        "1/5 5/10\t11111111111111,x8,1,x13,222222222222222,x4 2 1 0 0"]
    assert main(["moves", "puff", "--roll", "3-3", "--after"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "out/22(2) out/21(2)" in [line.split("\t")[0] for line in lines]
    assert all(line.endswith(" 1 1 1 0") for line in lines)          # White rolls again, one double counted


def test_play_a_tric_trac_series(capsys):
    assert main(["play", "trictrac", "--white", "random", "--black", "random", "--seed", "4",
                 "--games", "3", "--carry-over"]) == 0
    out = capsys.readouterr().out
    assert [line for line in out.splitlines() if line.startswith("Game ")] == ["Game 1", "Game 2", "Game 3"]
    assert out.splitlines()[-1].startswith("series: white ")
    assert main(["play", "tak", "--games", "2", "--white", "random", "--black", "random"]) == 1
