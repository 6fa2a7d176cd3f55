"""Plakoto games played to their end: the invariants after every turn (apply and undo, the
incremental hash, the position text, move texts read back, fifteen checkers each), match records
written and replayed by the API and the command line, and the command line's other commands."""

from __future__ import annotations

import os
import random
import re

import pytest

import spielwerk
from spielwerk.agents import sample_chance
from spielwerk.cli import main
from spielwerk.replay import replay_text

GAME = spielwerk.load("plakoto")
FULL = spielwerk.load("plakoto", ending_turns="full")
SPEC = spielwerk.load_spec_for("plakoto")
TRACK = next(p for p in GAME.primitives if p.name == "track")
DATA = os.path.join(os.path.dirname(__file__), "..", "..", "data")
RECORD = os.path.join(DATA, "plakoto-game.txt")


def checkers(s) -> list[int]:
    """Each player's checkers on the board (pinned ones included) and borne off."""
    n = [0, 0, 0]
    for stack in s.stacks:
        for pc in stack:
            n[GAME.code_owner[pc]] += 1
    return n[1:]


def check_turn(s, rng: random.Random, sample: int) -> None:
    """The invariants of a position with its roll: every legal move (a sample of ``sample`` where
    there are more) reads back from its text, and apply then undo restores the state and its hash;
    the hash is what a fresh computation gives; distinct moves are distinct texts and positions."""
    game = s.game
    key, h = s.key(), s.hash
    assert h == game.rehash(s)
    moves = s.legal_moves()
    texts = [s.move_text(m) for m in moves]
    assert len(set(texts)) == len(texts)
    after = set()
    for m in moves:
        info = game.apply(s, m)
        assert s.hash == game.rehash(s)
        after.add(s.text())
        game.undo(s, m, info)
        assert s.key() == key and s.hash == h
    assert len(after) == len(moves)                 # distinct turns are distinct positions
    chosen = moves if len(moves) <= sample else rng.sample(moves, sample)
    for m in chosen:
        assert game.parse_move(s, s.move_text(m)) == m
        s.push_text(s.move_text(m))
        assert s.pop() == m and s.key() == key and s.hash == h


def check_position(s) -> None:
    """After a turn: the text round-trips to the same state and hash; 15 checkers each, also as the
    track's own counts (free and pinned)."""
    text = s.text()
    back = s.game.parse_position(text)
    assert back.text() == text and back.key() == s.key() and back.hash == s.hash
    assert checkers(s) == [15, 15]
    for p in (1, 2):
        me, pinned, _, _ = TRACK.pin_counts(s, p)
        assert sum(me) + sum(pinned) == 15


def play_checked(game, seed: int, sample: int = 30):
    rng = random.Random(seed)
    s = game.initial()
    check_position(s)
    many = 0
    while s.outcome() is None:
        while s.is_chance():
            s.push(sample_chance(game, s, rng))
        before = s.copy()
        check_turn(s, rng, sample)
        many = max(many, len(s.legal_moves()))
        move = rng.choice(s.legal_moves())
        s.push(move)
        check_position(s)
        s.pop()
        assert s.key() == before.key() and s.hash == before.hash
        s.push(move)
    assert s.legal_moves() == [] and not s.is_chance()
    return s, many


@pytest.mark.parametrize("game,seed", [(GAME, 1), (GAME, 3), (FULL, 2), (FULL, 23)],
                         ids=["apart-1", "apart-3", "full-2", "full-23"])
def test_random_games_keep_every_invariant_to_their_end(game, seed):
    s, many = play_checked(game, seed)
    assert s.outcome().value in (1, 2)
    assert many > 30                                # some roll had many turns: a sample was read back


@pytest.mark.slow
@pytest.mark.parametrize("game", [GAME, FULL], ids=["apart", "full"])
def test_many_random_games_keep_every_invariant_to_their_end(game):
    for seed in range(100, 130):
        play_checked(game, seed, sample=1000)


def test_a_whole_game_taken_back_returns_to_the_start():
    rng = random.Random(5)
    s = GAME.initial()
    start_key, start_hash = s.key(), s.hash
    while s.outcome() is None:
        while s.is_chance():
            s.push(sample_chance(GAME, s, rng))
        s.push(rng.choice(s.legal_moves()))
    while s.stack:
        s.pop()
    assert s.key() == start_key and s.hash == start_hash


# -- match records -------------------------------------------------------------------------------

def write_record(game, seed: int) -> tuple[str, object]:
    """A seeded random game as a match record (two columns: White, Black; an empty left cell when
    Black opens); returns the text and the final state."""
    rng = random.Random(seed)
    st = game.initial()
    cells: list[str] = []
    while st.outcome() is None:
        while st.is_chance():
            st.push(sample_chance(game, st, rng))
            if not cells and st.to_move == 2:
                cells.append("")
        move = rng.choice(st.legal_moves())
        text = st.move_text(move)
        cells.append(f"{st.dice[0]}{st.dice[1]}: {'' if text == 'pass' else text}")
        st.push(move)
    lines = [" Game 1"]
    for i in range(0, len(cells), 2):
        right = cells[i + 1] if i + 1 < len(cells) else ""
        lines.append(f"{i // 2 + 1:3d}) {cells[i]:<33}{right}".rstrip())
    return "\n".join(lines) + "\n", st


@pytest.mark.parametrize("game,seed", [(GAME, 3), (GAME, 8), (GAME, 23), (FULL, 4), (FULL, 5)],
                         ids=["apart-3", "apart-8", "apart-23", "full-4", "full-5"])
def test_random_games_written_as_records_replay_to_their_result(game, seed, tmp_path, capsys):
    text, final = write_record(game, seed)
    options = {"ending_turns": game.options["ending_turns"]}
    (replayed,) = replay_text(SPEC, text, options)
    assert replayed.error is None, str(replayed.error)
    assert replayed.state.text() == final.text()
    assert replayed.outcome == final.outcome()
    path = tmp_path / "game.txt"
    path.write_text(text + "\n" + text.replace(" Game 1", " Game 2"))
    assert main(["replay", "plakoto", str(path), "-o", f"ending_turns={options['ending_turns']}"]) == 0
    token = final.outcome().token
    assert capsys.readouterr().out == f"result: {token}\nresult: {token}\n"


def test_a_game_black_opens_is_recorded_in_the_right_column():
    text, final = write_record(GAME, 0)
    assert final.stack[0][0][3] == 2                  # seed 0: Black wins the opening roll
    assert re.match(r"^\s+1\) {34}\d\d: ", text.splitlines()[1])
    (replayed,) = replay_text(SPEC, text)
    assert replayed.error is None and replayed.record.tags["Starter"] == "2"


def test_the_stored_record_replays_to_its_result(capsys):
    with open(RECORD, encoding="utf-8") as fh:
        (replayed,) = replay_text(SPEC, fh.read())
    assert replayed.error is None, str(replayed.error)
    out = replayed.outcome
    assert (out.winner, out.result, out.value, out.token) == (2, "race", 1, "0-1")
    assert replayed.state.ply == 87
    assert main(["replay", "plakoto", RECORD]) == 0
    assert capsys.readouterr().out == "result: 0-1\n"


def test_the_stored_record_declines_a_mother_pin_which_full_does_not_allow(capsys):
    # line 32: Black rolls 5-5 and plays 11/6 9/4 8/3 where 11/1* would pin White's mother
    assert main(["replay", "plakoto", RECORD, "-o", "ending_turns=full"]) == 1
    assert capsys.readouterr().out == \
        "move 32: 55: 11/6 9/4 8/3: not a legal way to play 5-5 in this position\n"


def test_an_illegal_move_in_a_record_names_its_number_and_why(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_text(" Game 1\n  1) 31: 24/21 24/23                 52: 24/22 24/19\n"
                    "  2) 64: 24/14 23/19                 11: 24/20\n")
    assert main(["replay", "plakoto", str(path)]) == 1
    assert capsys.readouterr().out == "move 2: 64: 24/14 23/19: not a legal way to play 6-4 in this position\n"


def test_a_record_may_not_move_a_pinned_checker(tmp_path, capsys):
    # White pins Black's checker on White's 7 (Black's 18) with 13/7*; Black then tries to move it
    path = tmp_path / "pinned.txt"
    good = (" Game 1\n  1) 65: 24/13                      65: 24/19 24/18\n"
            "  2) 61: 24/23 13/7*                 21: 24/21\n")
    (replayed,) = replay_text(SPEC, good)
    assert replayed.error is None and replayed.state.text() == "222222222222,x2,2,x,2,21,x15,1,1111111111111,x2 1 4"
    path.write_text(good.replace("21: 24/21", "21: 18/16 24/23"))
    assert main(["replay", "plakoto", str(path)]) == 1
    assert capsys.readouterr().out == "move 2: 21: 18/16 24/23: not a legal way to play 2-1 in this position\n"


def test_a_record_cannot_open_with_a_double(tmp_path, capsys):
    path = tmp_path / "double.txt"
    path.write_text(" Game 1\n  1) 33: 24/21(2) 24/18\n")
    assert main(["replay", "plakoto", str(path)]) == 1
    assert capsys.readouterr().out == "move 1: 33: 24/21(2) 24/18: 3-3 cannot open the game\n"


# -- the other commands ----------------------------------------------------------------------------

def test_cli_perft_from_the_start(capsys):
    assert main(["perft", "plakoto", "--depth", "2"]) == 0
    assert capsys.readouterr().out == "1\t60\n2\t3540\n"
    assert main(["perft", "plakoto", "--depth", "2", "-o", "ending_turns=full"]) == 0
    assert capsys.readouterr().out == "1\t60\n2\t3540\n"


def test_cli_moves_lists_each_turn_with_the_position_after(capsys):
    assert main(["moves", "plakoto", "--roll", "3-1", "--after"]) == 0
    assert capsys.readouterr().out == ("24/23 24/21\t222222222222222,x19,1,x,1,1111111111111,x2 2 1\n"
                                       "24/20\t222222222222222,x18,1,x3,11111111111111,x2 2 1\n")


@pytest.mark.parametrize("reading,expected", [("apart", "3/2\n3/off\n"), ("full", "3/off\n")])
def test_cli_moves_with_either_reading_of_ending_turns(capsys, reading, expected):
    position = "x2,1,x16,222222222222222,x4,11111111111111,x 1 40"      # White's last checker on 3
    assert main(["moves", "plakoto", "--position", position, "--roll", "3-1",
                 "-o", f"ending_turns={reading}"]) == 0
    assert "".join(sorted(capsys.readouterr().out.splitlines(keepends=True))) == expected


def test_cli_play_from_a_position_one_roll_from_the_end_prints_the_result(capsys):
    position = "1,x18,222222222222222,x4,11111111111111,x 1 40"          # White's last checker on 1
    assert main(["play", "plakoto", "--white", "random", "--black", "random", "--seed", "4",
                 "--position", position]) == 0
    out = capsys.readouterr().out
    assert "1/off" in out and out.splitlines()[-1] == "result: 1-0 (white wins, race, 2 point(s))"


@pytest.mark.parametrize("seed,reading", [(1, "apart"), (7, "full")])
def test_cli_play_with_random_agents_runs_to_a_result(capsys, seed, reading):
    assert main(["play", "plakoto", "--white", "random", "--black", "random", "--seed", str(seed),
                 "-o", f"ending_turns={reading}"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Plakoto: white (random) against black (random)"
    assert re.fullmatch(r"result: (1-0|0-1) \((white|black) wins, (mother, 2|race, [12]) point\(s\)\)", out[-1])
    assert main(["play", "plakoto", "--white", "random", "--black", "random", "--seed", str(seed),
                 "-o", f"ending_turns={reading}"]) == 0
    assert capsys.readouterr().out.splitlines() == out                 # the seed decides the game


def test_the_board_picture_shows_fifteen_checkers_for_each_player():
    s = GAME.parse_position("x9,21,x13,11111111111111,x,22222222222222 1 20")   # White pins on his 10
    assert checkers(s) == [15, 15]
    lines = str(s).splitlines()
    for who in ("white", "black"):
        line = next(x for x in lines if x.strip().startswith(who))
        assert sum(int(n) for n in re.findall(r":(\d+)", line)) == 15, line
