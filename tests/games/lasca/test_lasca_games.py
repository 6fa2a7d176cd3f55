"""Whole Lasca games: random games played out with the invariants checked after every ply, a
recorded game replayed (``tests/data/lasca-game.txt``), and the command line (perft, moves,
replay, play)."""

from __future__ import annotations

import os
import random
import re

import lasca_reference as ref
import pytest
from lasca_board import LASCA, START
from walking import check_moves_round_trip

import spielwerk
from spielwerk.cli import main
from spielwerk.notation.record import parse_records
from spielwerk.replay import replay_text

GAME_FILE = os.path.join(os.path.dirname(__file__), "..", "..", "data", "lasca-game.txt")
PLY_CAP = 1000  # Lasca has no draw rule: a guard only (random games end within about 300 plies)


def pieces(s):
    """[unused, pieces of White, pieces of Black] anywhere on the board, and the officers."""
    count = [0, 0, 0]
    officers = 0
    for stack in s.stacks:
        for pc in stack:
            count[LASCA.code_owner[pc]] += 1
            officers += LASCA.kind_names[pc >> 1] == "officer"
    return count, officers


def play_out(seed, check=True):
    """A random game to its end; after each ply the invariants hold. Returns the final state."""
    rng = random.Random(seed)
    s = LASCA.initial()
    officers = 0
    while s.ply < PLY_CAP:
        if check:
            text = s.text()
            assert LASCA.parse_position(text).text() == text       # the position text round-trips
            assert LASCA.parse_position(text).hash == s.hash        # ... to the same hash
            check_moves_round_trip(s)   # hash = rehash; each move's text reads back; apply/undo
        count, now = pieces(s)
        assert count == [0, 11, 11]     # nothing ever leaves the board
        assert now >= officers          # an officer never turns back into a soldier
        officers = now
        moves = s.legal_moves()
        if not moves:
            break
        assert s.outcome() is None
        key, h = s.key(), s.hash
        m = rng.choice(moves)
        s.push(m)
        assert s.hash == LASCA.rehash(s)
        assert s.pop() == m and s.key() == key and s.hash == h   # push/pop restore state and hash
        s.push(m)
    assert s.ply < PLY_CAP, "a random game did not end"
    out = s.outcome()
    assert out is not None and out.winner == 3 - s.to_move and out.result == "no_moves"
    assert out.token == ("1-0" if out.winner == 1 else "0-1")
    return s


@pytest.mark.parametrize("seed", range(8))
def test_random_games_keep_every_invariant_to_their_end(seed):
    play_out(seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8, 208))
def test_many_random_games_keep_every_invariant_to_their_end(seed):
    play_out(seed)


def test_random_games_end_with_both_results_and_are_undone_to_the_start():
    winners = set()
    for seed in range(40):
        s = play_out(seed, check=False)
        winners.add(s.outcome().winner)
        while s.stack:
            s.pop()
        assert s.text() == START and s.hash == LASCA.initial().hash and s.key() == LASCA.initial().key()
    assert winners == {1, 2}


# -- a recorded game -----------------------------------------------------------------------------


def read_record():
    with open(GAME_FILE, encoding="utf-8") as fh:
        return fh.read()


def test_the_recorded_game_replays_to_its_result(capsys):
    (game,) = replay_text(spielwerk.load_spec_for("lasca"), read_record())
    assert game.error is None
    assert len(game.record.moves) == 60
    assert game.result == game.record.recorded_result == "0-1"
    assert game.outcome.winner == 2 and game.outcome.result == "no_moves"
    assert main(["replay", "lasca", GAME_FILE]) == 0
    assert capsys.readouterr().out == "result: 0-1\n"


def test_the_recorded_game_ends_where_the_reference_ends_it():
    (rec,) = parse_records(read_record())
    p = ref.start()
    s = LASCA.initial()
    for mv in rec.moves:
        p = ref.play(p, mv.text)
        s.push_text(mv.text)
        assert s.text() == ref.text(p), f"move {mv.number}: {mv.text}"
    assert ref.result(p) == 2
    assert s.text() == "2,x3/x,2,x/x2,1O11O1112O,x/x3/x,12,x,11O2/x3/x,112O,x,22222O 1"


def test_replay_reads_several_games_and_an_unfinished_one(capsys, tmp_path):
    rec = tmp_path / "two.txt"
    rec.write_text(read_record() + "\n" + "1. c3-d4 e5xc3 2. b2xd4 *\n", encoding="utf-8")
    assert main(["replay", "lasca", str(rec)]) == 0
    assert capsys.readouterr().out.splitlines() == ["result: 0-1", "result: *"]


@pytest.mark.parametrize("movetext,line", [
    ("1. c3-d4 e5xc3 2. d4-e5", "move 2: d4-e5: there is no piece on d4"),
    ("1. c3-d4 e5xc3 2. b2xd4xf6", "move 2: b2xd4xf6: the piece on b2 cannot jump d4xf6"),
    ("1. a1-b2", "move 1: a1-b2: the move may not end on b2"),             # b2 holds White's own
])
def test_an_illegal_move_in_a_record_prints_move_n_text_why_and_exits_1(capsys, tmp_path, movetext, line):
    rec = tmp_path / "bad.txt"
    rec.write_text(movetext + "\n\n[Event \"next\"]\n1. c3-d4\n", encoding="utf-8")
    assert main(["replay", "lasca", str(rec)]) == 1
    assert capsys.readouterr().out.splitlines() == [line, "result: *"]


def test_an_incomplete_chain_in_a_record_is_reported(capsys, tmp_path):
    moves = read_record().split("\n5. d2xf4xd6")[0] + "\n5. d2xf4 c7xe5\n"
    rec = tmp_path / "short.txt"
    rec.write_text(moves, encoding="utf-8")
    assert main(["replay", "lasca", str(rec)]) == 1
    assert capsys.readouterr().out == ("move 5: d2xf4: the capture is not complete: the chain must go on "
                                       "jumping while it can\n")


def test_a_step_in_a_record_while_a_capture_is_compulsory_is_reported(capsys, tmp_path):
    rec = tmp_path / "step.txt"
    rec.write_text("1. c3-d4 e5-f4\n", encoding="utf-8")
    assert main(["replay", "lasca", str(rec)]) == 1
    assert capsys.readouterr().out.startswith("move 1: e5-f4: ")


# -- the command line ---------------------------------------------------------------------------------


def test_cli_perft_prints_the_counts_per_depth(capsys):
    assert main(["perft", "lasca", "--depth", "5"]) == 0
    assert capsys.readouterr().out == "1\t6\n2\t6\n3\t18\n4\t54\n5\t116\n"


def test_cli_perft_from_a_position_and_divided(capsys):
    position = "x,2,2,x/22,x,2/x,12,2,21/x,1,x/x,21,x2/1,1,x/x,112O,112O,1 2"
    assert main(["perft", "lasca", "--depth", "3", "--position", position]) == 0
    assert capsys.readouterr().out == "1\t3\n2\t7\n3\t32\n"
    assert main(["perft", "lasca", "--depth", "3", "--position", position, "--divide"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == "total\t32" and len(lines) == 4
    p = ref.parse(position)
    assert {line.split("\t")[0]: int(line.split("\t")[1]) for line in lines[:-1]} == {
        t: ref.perft(q, 2) for t, q in ref.moves(p).items()}


def test_cli_moves_after_lists_each_move_and_the_position_after_it(capsys):
    position = "2,x,2,2/2,2,21/2,21,x2/x2,2/1,1,x,12/1,11112O,x/1,x3 2"
    assert main(["moves", "lasca", "--position", position, "--after"]) == 0
    got = dict(line.split("\t") for line in capsys.readouterr().out.splitlines())
    assert got == {t: ref.text(q) for t, q in ref.moves(ref.parse(position)).items()}


def test_cli_moves_of_the_start(capsys):
    assert main(["moves", "lasca"]) == 0
    assert set(capsys.readouterr().out.split()) == {"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4"}


def test_cli_bad_position_exits_non_zero_without_a_traceback(capsys):
    assert main(["moves", "lasca", "--position", "x4/x3 1"]) != 0
    err = capsys.readouterr().err
    assert "Traceback" not in err and "rows" in err


PLAYED = re.compile(r"^(\d+)\. (white|black): (\S+)$")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_cli_play_with_random_agents_runs_to_a_result_the_reference_confirms(capsys, seed):
    argv = ["play", "lasca", "--white", "random", "--black", "random", "--seed", str(seed)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "Lasca: white (random) against black (random)"
    last = lines[-1]
    m = re.fullmatch(r"result: (1-0|0-1) \((white|black) wins, no_moves\)", last)
    assert m, last
    p = ref.start()
    plies = 0
    for line in lines:
        played = PLAYED.match(line)
        if played:
            plies += 1
            assert int(played.group(1)) == plies
            assert played.group(2) == ("white" if p.to_move == 1 else "black")
            p = ref.play(p, played.group(3))
    assert plies > 0 and ref.result(p) == (1 if m.group(1) == "1-0" else 2)
    assert main(argv) == 0
    assert capsys.readouterr().out == out       # the same seed plays the same game


def test_cli_play_stops_at_the_ply_limit(capsys):
    assert main(["play", "lasca", "--white", "random", "--black", "random", "--seed", "4", "--max-plies", "6"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "result: * (unfinished: stopped after 6 plies; --max-plies sets the limit)"
