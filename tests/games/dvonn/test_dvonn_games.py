"""Whole DVONN games: random games checked after every ply (undo, hashes, texts, the pieces), a
recorded game replayed by the API and by ``spielwerk replay``, and ``spielwerk play``."""

from __future__ import annotations

import os
import random
import re

import pytest
from dvonn_board import G, POINTS, board, neighbours
from walking import check_moves_round_trip

import dvonn_reference as ref
import spielwerk
from spielwerk.cli import main
from spielwerk.notation.record import parse_records
from spielwerk.replay import replay_text

RECORD = os.path.join(os.path.dirname(__file__), "..", "..", "data", "dvonn-game.txt")
RECORD_RESULT = "0-1"
RECORD_FINAL = "x6,0012,x2/x7,121112,x2/x7,211212,x3/011,x9/x9 1 85"


def counts(cells: dict[str, str]) -> tuple[int, int, int]:
    """DVONN, white and black pieces on the board."""
    everything = "".join(cells.values())
    return everything.count("0"), everything.count("1"), everything.count("2")


def expected_after(cells: dict[str, str], move: str, phase: str, mover: int) -> dict[str, str]:
    """The board after ``move`` worked out from the rules alone: a placement adds one piece; a stack
    move puts the whole stack on top of the target, then every stack with no chain of occupied
    neighbours to a stack holding a DVONN piece leaves; a pass changes nothing."""
    after = dict(cells)
    if move == "pass":
        return after
    if "-" not in move:
        after[move] = "0" if phase == "dvonn" else str(mover)
        return after
    src, dst = move.split("-")
    after[dst] = after[dst] + after.pop(src)
    linked = {p for p, s in after.items() if "0" in s}
    todo = list(linked)
    while todo:
        for q in neighbours(todo.pop()):
            if q in after and q not in linked:
                linked.add(q)
                todo.append(q)
    return {p: s for p, s in after.items() if p in linked}


def play_checked(seed: int) -> object:
    """A random game to its end, every invariant checked after every ply."""
    rng = random.Random(seed)
    s = G.initial()
    while True:
        # apply/undo restores state and hash, the hash is the fresh one, every move reads back
        check_moves_round_trip(s)
        text = s.text()
        again = G.parse_position(text)
        assert again.text() == text and again.hash == s.hash == G.rehash(again)
        assert again.outcome() == s.outcome()
        legal = s.legal_moves()
        if not legal:
            assert s.outcome() is not None and G.phases[s.phase].name == "movement"
            return s
        assert s.outcome() is None
        move = rng.choice(legal)
        move_text = s.move_text(move)
        phase, mover, key, h = G.phases[s.phase].name, s.to_move, s.key(), s.hash
        before = board(s)
        s.push(move)
        after = board(s)
        # the pieces: placed one by one, then never created, only removed when cut off
        assert after == expected_after(before, move_text, phase, mover)
        b_dvonn, b_white, b_black = counts(before)
        a_dvonn, a_white, a_black = counts(after)
        if phase in ("dvonn", "placement"):
            assert sum(counts(after)) == sum(counts(before)) + 1 == s.ply
        else:
            assert a_white <= b_white and a_black <= b_black
            assert sum(counts(after)) <= sum(counts(before))
            landed = dict(before)                  # the stack set down, before any removal
            if move_text != "pass":
                src, dst = move_text.split("-")
                landed[dst] += landed.pop(src)
            assert set(after) <= set(landed) and all(after[p] == landed[p] for p in after)
            lost = set(landed) - set(after)        # whole stacks leave, nothing else changes
            assert sum(counts(after)) == sum(counts(before)) - sum(len(landed[p]) for p in lost)
        assert a_dvonn == min(s.ply, 3) and a_white <= 23 and a_black <= 23
        # push / pop through the State API too
        assert s.pop() == move and s.key() == key and s.hash == h
        s.push(move)


@pytest.mark.parametrize("seed", range(4))
def test_random_games_keep_every_invariant_to_the_end(seed):
    s = play_checked(seed)
    out = s.outcome()
    assert out.result == "count" and out.token in ("1-0", "0-1", "1/2-1/2")
    assert out.scores == ref.scores(ref.parse(s.text()))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4, 80))
def test_many_random_games_keep_every_invariant_to_the_end(seed):
    play_checked(seed)


def test_removals_happen_in_random_games():
    # the invariant above is not vacuous: random games do lose pieces, and players do pass
    lost, passes = 0, 0
    for seed in range(4):
        rng = random.Random(seed)
        s = G.initial()
        while s.legal_moves():
            m = rng.choice(s.legal_moves())
            passes += s.move_text(m) == "pass"
            s.push(m)
        lost += 49 - sum(counts(board(s)))
    assert lost > 0 and passes > 0


# -- the recorded game ------------------------------------------------------------------------------

def test_the_recorded_game_replays_to_its_result():
    with open(RECORD, encoding="utf-8") as fh:
        (game,) = replay_text(spielwerk.load_spec_for("dvonn"), fh.read())
    assert game.error is None
    out = game.outcome
    assert (out.winner, out.result, out.scores) == (2, "count", (3, 16))
    assert game.result == game.record.recorded_result == RECORD_RESULT
    assert game.state.text() == RECORD_FINAL
    assert len(game.record.moves) == 85
    assert [m.text for m in game.record.moves].count("pass") == 3


def test_the_recorded_game_is_legal_and_lost_by_white_for_the_reference_too():
    with open(RECORD, encoding="utf-8") as fh:
        (rec,) = parse_records(fh.read())
    p = ref.start()
    for mv in rec.moves:
        p = ref.play(p, mv.text)
    assert ref.text(p) == RECORD_FINAL
    assert ref.result(p) == (2, 3, 16)


def test_spielwerk_replay_prints_the_result(capsys):
    assert main(["replay", "dvonn", RECORD]) == 0
    assert capsys.readouterr().out == f"result: {RECORD_RESULT}\n"


def record_moves() -> list[str]:
    with open(RECORD, encoding="utf-8") as fh:
        (rec,) = parse_records(fh.read())
    return [m.text for m in rec.moves]


def movetext(moves: list[str]) -> str:
    return "\n".join(f"{i // 2 + 1}. " + " ".join(moves[i:i + 2]) for i in range(0, len(moves), 2)) + "\n"


def test_two_games_in_one_file_and_an_unfinished_one(tmp_path, capsys):
    moves = record_moves()
    path = tmp_path / "two.txt"
    path.write_text('[Event "whole"]\n' + movetext(moves) + "0-1\n\n[Event "
                    '"unfinished"]\n' + movetext(moves[:60]))
    assert main(["replay", "dvonn", str(path)]) == 0
    assert capsys.readouterr().out == "result: 0-1\nresult: *\n"


@pytest.mark.parametrize("plies,bad,why", [
    (1, "i5", "i5 is not empty"),                                       # move 1, Black's ply
    (3, "a1-b1", "not a move in DVONN notation (phase 'placement')"),
    (4, "pass", "a player may pass only when he has no other move"),
    (52, "pass", "a player may pass only when he has no other move"),                  # move 27, White to move
    (52, "c4-e4", "c4-e4 is 2 points long; this move goes 1"),
    (52, "k5-j5", "the piece on top of k5 is not the player to move's"),
    (85, "pass", "the game is already over (0-1)"),
])
def test_an_illegal_move_in_a_record_stops_the_replay_with_its_number_and_why(tmp_path, capsys, plies, bad,
                                                                               why):
    moves = record_moves()[:plies] + [bad]
    path = tmp_path / "bad.txt"
    path.write_text(movetext(moves))
    assert main(["replay", "dvonn", str(path)]) == 1
    assert capsys.readouterr().out == f"move {plies // 2 + 1}: {bad}: {why}\n"


# -- the command line ---------------------------------------------------------------------------------

def test_spielwerk_perft_and_moves_for_dvonn(capsys):
    assert main(["perft", "dvonn", "--depth", "2"]) == 0
    assert capsys.readouterr().out == "1\t49\n2\t2352\n"
    position = "x9/x10/x,0,0,11,2,2,0,x4/x10/x9 1 51"
    assert main(["moves", "dvonn", "--position", position, "--after"]) == 0
    assert sorted(capsys.readouterr().out.splitlines()) == [
        "d3-b3\tx9/x10/x,011,0,x,2,2,0,x4/x10/x9 2 52",
        "d3-f3\tx9/x10/x,0,0,x,2,211,0,x4/x10/x9 2 52"]
    reported = ("x3,212,x5/x,1,x2,2,x2,0,x2/1,21,x,11112,12,2,21,x,212,122,x/1,22,2,2,12,x5/"
                "x,1,1,x,01,x2,11112,02121 1 75")
    assert main(["perft", "dvonn", "--depth", "2", "--position", reported, "--divide"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 21 and lines[-1] == "total\t493"


def test_spielwerk_moves_lists_pass_when_it_is_the_only_move(capsys):
    assert main(["moves", "dvonn", "--position", "x9/x10/0,0,01,x8/x10/x9 2 50"]) == 0
    assert capsys.readouterr().out == "pass\n"
    # nobody can move: the game is over, which `moves` says (issue 27, D8) instead of printing nothing
    assert main(["moves", "dvonn", "--position", "x9/x10/001,0,x9/x10/x9 2 52"]) == 1
    assert capsys.readouterr() == ("", "spielwerk: error: the game is over in this position (1-0, count): there "
                                       "are no moves\n")


def test_spielwerk_moves_refuses_a_bad_position(capsys):
    assert main(["moves", "dvonn", "--position", "x9/x10/x11/x10 1 0"]) == 1
    _, err = capsys.readouterr()
    assert "4 rows for a board of 5" in err and "Traceback" not in err


PLY_LINE = re.compile(r"^(\d+)\. (white|black): (\S+)$")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_spielwerk_play_with_random_agents_runs_to_a_result(capsys, seed):
    argv = ["play", "dvonn", "--white", "random", "--black", "random", "--seed", str(seed)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "DVONN: white (random) against black (random)"
    last = re.fullmatch(r"result: (1-0|0-1|1/2-1/2) \((white wins|black wins|draw), count\)", lines[-1])
    assert last, lines[-1]
    # the plies printed are legal and lead to the printed result
    s = G.initial()
    for line in lines:
        m = PLY_LINE.match(line)
        if m:
            assert int(m.group(1)) == s.ply + 1 and m.group(2) == G.players[s.to_move - 1]
            s.push_text(m.group(3))
    assert s.outcome().token == last.group(1) and s.ply > 49
    # the same seed plays the same game
    assert main(argv) == 0
    assert capsys.readouterr().out == out


def test_spielwerk_play_from_a_position(capsys):
    argv = ["play", "dvonn", "--white", "random", "--black", "random", "--seed", "1", "--position",
            "x9/x10/0,0,01,x8/x10/x9 2 50"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [ln for ln in lines if PLY_LINE.match(ln)] == ["51. black: pass", "52. white: c3-a3"]
    assert lines[-1] == "result: 1-0 (white wins, count)"


def test_every_point_appears_in_the_board_picture(capsys):
    s = G.parse_position("x9/x10/x,0,0,11,2,2,0,x4/x10/x9 1 51")
    picture = str(s)
    assert "white to move (player 1), ply 51" in picture
    assert picture.count(".") == len(POINTS) - 6


# -- engine defects (strict xfails: they pass once the engine is fixed, and then fail as XPASS) ----------

#: 47 pieces on one point: the three DVONN pieces, 22 white and 22 black pieces
TOWER = "000" + "1" * 22 + "2" * 22


def test_a_stack_of_48_pieces_on_the_last_point_can_be_built():
    s = G.parse_position(f"x7,1,{TOWER}/x10/x11/x10/x9 1 101")
    assert s.legal_moves() and s.move_text(s.legal_moves()[0]) == "j5-k5"
    s.push_text("j5-k5")
    assert s.text() == f"x8,{TOWER}1/x10/x11/x10/x9 2 102" and s.hash == G.rehash(s)


def test_a_position_with_a_stack_of_48_pieces_on_the_last_point_reads():
    text = f"x8,{TOWER}1/x10/x11/x10/x9 2 102"
    assert G.parse_position(text).text() == text


def test_different_positions_with_a_48_piece_stack_hash_differently():
    a = G.parse_position(f"x7,{TOWER}1,x/x10/x11/x10/x9 2 102")
    b = G.parse_position(f"x7,{TOWER},1/x10/x11/x10/x9 2 102")
    assert a.text() != b.text()
    assert a.hash != b.hash


def test_a_position_read_from_its_text_equals_the_state_it_was_written_from():
    with open(RECORD, encoding="utf-8") as fh:
        (game,) = replay_text(spielwerk.load_spec_for("dvonn"), fh.read())
    again = G.parse_position(game.state.text())
    assert again.hash == game.state.hash
    assert again == game.state
