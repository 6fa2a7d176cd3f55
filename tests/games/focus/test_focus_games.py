"""Whole Focus games: invariants after every ply of seeded random games, a recorded game replayed (API and
``spielwerk replay``), records with an illegal move, and ``spielwerk play``/``perft``/``moves``."""

from __future__ import annotations

import os
import random

import focus_reference as ref
import pytest
from focus_board import GAME, PIECES_PER_PLAYER, greedy_choice, pieces_of
from walking import check_moves_round_trip

import spielwerk
from spielwerk.cli import main
from spielwerk.notation.record import parse_records
from spielwerk.replay import replay_text

RECORD = os.path.join(os.path.dirname(__file__), "..", "..", "data", "focus-game.txt")
FINAL = "x3,12/x,2,x2,2,x/x3,2,x4/x8/x8/x2,2,x5/x5,12112/x,21122,x2 1 0 1 7 12"


def check_ply(s) -> None:
    """Everything that must hold in any position reached by play."""
    key, h = s.key(), s.hash
    assert h == GAME.rehash(s)
    # apply/undo of every legal move restores state and hash; every move text reads back to its move
    check_moves_round_trip(s)
    legal = s.legal_moves()
    assert len({s.move_text(m) for m in legal}) == len(legal)
    # the position text round-trips, with the same hash
    text = s.text()
    back = GAME.parse_position(text)
    assert back.text() == text and back.hash == h
    assert s.key() == key
    # every piece is somewhere: on the board, in its owner's reserve, or captured by the opponent
    for p in (1, 2):
        assert pieces_of(s, p) == PIECES_PER_PLAYER
    assert all(len(x) <= 5 for x in s.stacks)
    # the game is over exactly when the player to move has no move
    assert (s.outcome() is not None) == (not legal)


def play_out(seed: int, greedy: bool, cap: int):
    rng = random.Random(seed)
    s = GAME.initial()
    start_key, start_hash = s.key(), s.hash
    while True:
        check_ply(s)
        legal = s.legal_moves()
        if not legal or s.ply >= cap:
            break
        before = s.hash
        m = greedy_choice(rng, s, legal) if greedy else rng.choice(legal)
        s.push(m)
        assert s.hash == GAME.rehash(s)
        assert s.pop() == m and s.hash == before
        s.push(m)
    end = s.ply
    while s.stack:
        s.pop()
    assert s.key() == start_key and s.hash == start_hash
    return end


@pytest.mark.parametrize("seed", [1, 15, 17, 28])
def test_capture_loving_random_games_to_their_end_keep_every_invariant(seed):
    plies = play_out(seed, greedy=True, cap=10_000)
    assert plies < 10_000     # these games end (a player can neither move nor drop)


@pytest.mark.parametrize("seed", [3])
def test_a_uniformly_random_game_keeps_every_invariant_up_to_a_long_cap(seed):
    # uniformly random Focus games almost never end: stacks stay low and captures are rare
    assert play_out(seed, greedy=False, cap=200) == 200


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 120))
def test_more_games_keep_every_invariant(seed):
    play_out(seed, greedy=seed % 3 != 0, cap=800)


def test_the_invariants_hold_in_positions_with_reserves_for_both_and_five_stacks():
    s = GAME.parse_position("x4/x5,11222/x3,21,x2,1,x/x3,12211,x4/x8/x2,2,x5/x3,12,x2/x2,2121,x 2 1 2 6 7")
    check_ply(s)
    for m in s.legal_moves():
        s.push(m)
        check_ply(s)
        s.pop()


# -- a recorded game --------------------------------------------------------------------------------

def test_the_recorded_game_replays_to_its_result_and_final_position():
    with open(RECORD, encoding="utf-8") as fh:
        (game,) = replay_text(spielwerk.load_spec_for("focus"), fh.read())
    assert game.error is None
    assert len(game.record.moves) == 62
    assert game.result == game.record.recorded_result == "0-1"
    assert game.outcome.winner == 2 and game.outcome.result == "no_moves"
    assert game.state.text() == FINAL
    texts = [m.text for m in game.record.moves]
    assert any(t.startswith("*") for t in texts) and any(t[0].isdigit() for t in texts)


def test_the_recorded_game_is_legal_and_won_by_black_for_the_reference_too():
    with open(RECORD, encoding="utf-8") as fh:
        (rec,) = parse_records(fh.read())
    p = ref.start()
    for mv in rec.moves:
        p = ref.play(p, mv.text)
    assert ref.text(p) == FINAL and ref.result(p) == 2


def test_spielwerk_replay_prints_the_result(capsys):
    assert main(["replay", "focus", RECORD]) == 0
    assert capsys.readouterr().out == "result: 0-1\n"


def test_spielwerk_replay_of_an_unfinished_record_and_of_two_games_in_a_file(capsys, tmp_path):
    rec = tmp_path / "two.txt"
    rec.write_text('[Event "one"]\n1. b2-b3 e2-e3 2. f4-g4 *\n\n[Event "two"]\n1. d3-d2 *\n')
    assert main(["replay", "focus", str(rec)]) == 0
    assert capsys.readouterr().out == "result: *\nresult: *\n"


@pytest.mark.parametrize("movetext,line", [
    ("1. b2-b3 b3-b4 *", "move 1: b3-b4: the piece on top of b3 is not the player to move's"),
    ("1. b2-b3 e2-e3 2. *e5 *", "move 2: *e5: no piece left in reserve"),
    ("1. b2-b3 e2-e3 2. 3b3-b6 *", "move 2: 3b3-b6: cannot take 3 pieces from a stack of 2 on b3"),
    ("1. b2-b4 *", "move 1: b2-b4: b2-b4 is 2 squares long; this move goes 1"),
    ("1. b2-b1 *", "move 1: b2-b1: 'b1' is not a square of this 8x8 board"),
    ("1. b2b3 *", "move 1: b2b3: not a move in Focus notation (phase 'play')"),
])
def test_an_illegal_move_in_a_record_names_its_number_text_and_why(capsys, tmp_path, movetext, line):
    rec = tmp_path / "bad.txt"
    rec.write_text(movetext + "\n")
    assert main(["replay", "focus", str(rec)]) == 1
    assert capsys.readouterr().out == line + "\n"


def test_a_move_after_the_end_of_the_recorded_game_is_refused(capsys, tmp_path):
    with open(RECORD, encoding="utf-8") as fh:
        text = fh.read()
    rec = tmp_path / "late.txt"
    rec.write_text(text.replace("g4-g2 0-1", "g4-g2 32. d1-d2 0-1"))
    assert main(["replay", "focus", str(rec)]) == 1
    assert capsys.readouterr().out.startswith("move 32: d1-d2: ")


# -- the command line ------------------------------------------------------------------------------

def test_spielwerk_play_with_two_random_players(capsys):
    argv = ["play", "focus", "--white", "random", "--black", "random", "--seed", "7", "--max-plies", "60"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "Focus: white (random) against black (random)"
    assert lines[-1] == "result: * (unfinished: stopped after 60 plies; --max-plies sets the limit)"
    assert "\n60. black: " in out and "\n61. " not in out
    assert main(argv) == 0
    assert capsys.readouterr().out == out               # seeded: the same game again


def test_spielwerk_play_to_the_end_of_a_game(capsys):
    # White's only piece: whatever he moves, Black, with no stack and no reserve, has lost
    argv = ["play", "focus", "--white", "random", "--black", "random", "--seed", "2",
            "--position", "x4/x6/x8/x3,1,x4/x8/x8/x6/x4 1 0 0 0 0", "--max-plies", "10"]
    assert main(argv) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "result: 1-0 (white wins, no_moves)"


def test_spielwerk_perft_and_moves(capsys):
    assert main(["perft", "focus", "--depth", "2"]) == 0
    assert capsys.readouterr().out.splitlines() == ["1\t68", "2\t4460"]
    pos = "x4/x5,11222/x3,21,x2,1,x/x3,12211,x4/x8/x2,2,x5/x3,12,x2/x2,2121,x 2 1 2 6 7"
    assert main(["perft", "focus", "--depth", "2", "--position", pos, "--divide"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == "total\t6189" and len(lines) == 74
    assert main(["moves", "focus", "--position", pos, "--after"]) == 0
    listed = dict(line.split("\t") for line in capsys.readouterr().out.splitlines())
    assert listed == {t: ref.text(q) for t, q in ref.moves(ref.parse(pos)).items()}


def test_spielwerk_moves_refuses_a_bad_position(capsys):
    assert main(["moves", "focus", "--position", "x4/x6/x8/x8/x8/x8/x6/x4 3 0 0 0 0"]) == 1
    assert "the player to move must be 1 or 2" in capsys.readouterr().err
