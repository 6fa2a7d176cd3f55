"""PTN moves and records, TPS positions: every published spelling, canonical output, clear errors."""

from __future__ import annotations

import pytest

import spielwerk
from spielwerk import IllegalMoveError, InvalidMoveError, InvalidPositionError
from spielwerk.notation.record import parse_records
from spielwerk.replay import replay_text

SEED_GAME = """[Date "2019.3.3"]
[Player1 "Spieler1"]
[Player2 "Spieler2"]
[Size "5"]
[Result "0-R"]
1. e2 c3
2. c4 c1
3. b1 b2
4. Cb4 c2
5. Sa2 Cb3
6. c3- c1+
7. d2 2c2>
8. a2> b3-
9. a2 2b2<
0-R
"""

#: Tak's own result tokens, as games/tak.yaml declares them (the record reader knows only 1-0, 0-1,
#: 1/2-1/2 and * of itself)
PTN_RESULTS = {"R-0", "0-R", "F-0", "0-F"}


@pytest.fixture(scope="module")
def spec():
    return spielwerk.load_spec_for("tak")


def test_the_seeds_example_game_replays_to_its_result(spec):
    (game,) = replay_text(spec, SEED_GAME)
    assert game.error is None
    assert game.result == "0-R"
    assert game.state.game.options["size"] == 5


@pytest.mark.parametrize("position,spellings,canonical", [
    ("x5/x5/x5/x5/x5 1 3", ["a3", "Fa3", "A3"], "a3"),
    ("x5/x5/x5/x5/x5 1 3", ["Sd4", "SD4"], "Sd4"),
    ("x5/x5/x5/x5/x5 1 3", ["Cc1"], "Cc1"),
    ("x5/x5/1,x4/x5/x5 1 3", ["a3+", "1a3+", "1a3+1", "a3+1", "a3\u2191"], "a3+"),
    ("x5/x5/x5/x5/x,x,11,x2 1 3", ["2c1<", "2c1<2", "2c1\u2190"], "2c1<"),
    ("21,x4/x5/x5/x5/x5 1 3", ["2a5>11", "2a5\u219211"], "2a5>11"),
    ("x5/x5/x5/x5/x,x,x,x,11 1 3", ["2e1-"], None),  # off the board: illegal, see below
    ("x5/x5/x4,2121/x5/x5 1 3", ["4e3<211", "4e3<211'", "4e3<211!?", "4e3<211\""], "4e3<211"),
])
def test_every_spelling_reads_as_one_move_written_canonically(position, spellings, canonical):
    g = spielwerk.load("tak", size=5)
    st = g.parse_position(position)
    if canonical is None:
        with pytest.raises(IllegalMoveError):
            g.parse_move(st, spellings[0])
        return
    moves = {g.parse_move(st, s) for s in spellings}
    assert len(moves) == 1
    assert g.format_move(st, moves.pop()) == canonical


def test_the_stated_top_piece_is_checked():
    g = spielwerk.load("tak", size=5)
    st = g.parse_position("x5/21S,x4/x5/x5/x5 1 3")  # b4 in the seed's example is a4 here
    assert g.format_move(st, g.parse_move(st, "2a4-11S")) == "2a4-11"
    with pytest.raises(IllegalMoveError, match="states top"):
        g.parse_move(st, "2a4-11C")


def test_dashes_of_all_kinds_mean_south():
    g = spielwerk.load("tak", size=5)
    st = g.parse_position("x5/x5/1,x4/x5/x5 1 3")
    assert {g.parse_move(st, t) for t in ("a3-", "a3\u2013", "a3\u2212", "a3\u2193")} == {g.parse_move(st, "a3-")}


@pytest.mark.parametrize("text,error,match", [
    ("z9", InvalidMoveError, "not a move|not a square"),
    ("a9", InvalidMoveError, "not a square"),
    ("3a1", InvalidMoveError, "not a move"),
    ("Xa1", InvalidMoveError, "not a move"),
    ("a1>>", InvalidMoveError, "not a move"),
    ("", InvalidMoveError, "not a move"),
    ("2a3+3", InvalidMoveError, "add up"),
])
def test_malformed_moves_are_refused_with_a_reason(text, error, match):
    g = spielwerk.load("tak", size=5)
    st = g.parse_position("x5/x5/11,x4/x5/x5 1 3")
    with pytest.raises(error, match=match):
        g.parse_move(st, text)


def test_errors_are_value_errors_quoting_the_input():
    g = spielwerk.load("tak", size=5)
    with pytest.raises(ValueError, match="'Sa1'"):
        g.initial().push_text("Sa1")


# -- records ----------------------------------------------------------------------------------------

def test_records_skip_comments_and_annotations_and_read_every_result_token():
    text = """[Size "3"]
{a comment before the moves}
1. a1 {comment between plies} c3!
2. b1' {a comment
spanning lines} c1?? 3. a2 b2 4. a3 R-0
"""
    (rec,) = parse_records(text, PTN_RESULTS)
    assert [m.text for m in rec.moves] == ["a1", "c3!", "b1'", "c1??", "a2", "b2", "a3"]
    assert [m.number for m in rec.moves] == [1, 1, 2, 2, 3, 3, 4]
    assert rec.result == "R-0"


@pytest.mark.parametrize("token", ["R-0", "0-R", "F-0", "0-F", "1-0", "0-1", "1/2-1/2", "*"])
def test_all_result_tokens_are_read(token):
    (rec,) = parse_records(f'[Size "3"]\n1. a1 c3 {token}\n', PTN_RESULTS)
    assert rec.result == token


def test_a_file_may_hold_several_games(spec):
    text = '[Size "3"]\n1. a1 c3\n2. b1 c1 *\n\n[Size "4"]\n1. a1 d4\n'
    games = replay_text(spec, text)
    assert [g.state.game.options["size"] for g in games] == [3, 4]
    assert [g.result for g in games] == ["*", "*"]


def test_an_illegal_move_names_the_move_number_the_move_and_why(spec):
    text = '[Size "5"]\n1. a1 e5\n2. b1 e5\n'
    (game,) = replay_text(spec, text)
    assert str(game.error) == "move 2: e5: e5 is not empty"


def test_a_malformed_move_in_a_record_is_reported_not_raised(spec):
    (game,) = replay_text(spec, '[Size "5"]\n1. a1 e5\n2. q7 d4\n')
    assert game.error.number == 2 and game.error.text == "q7"


def test_a_record_may_start_from_a_tps_tag(spec):
    text = '[Size "3"]\n[TPS "x3/2,2,x/1,1,x 1 4"]\n4. c1 R-0\n'
    (game,) = replay_text(spec, text)
    assert game.error is None and game.result == "R-0"


def test_komi_tag_is_in_flats_and_sets_the_half_flat_option(spec):
    (game,) = replay_text(spec, '[Size "3"]\n[Komi "1.5"]\n1. a1 c3\n')
    assert game.state.game.options["komi"] == 3


@pytest.mark.parametrize("text, why", [
    ('[Size "3"\n1. a1', "cannot read the tag"),
    ("1. a1 {never closed", "never closed"),
    ("1. a1 } c3", "'}' without '{'"),
    ("1. a1 c3 R-0 b1", "after the result"),
    ("1. a1 c3 " + "9" * 40 + ". b1", "move number"),
])
def test_flawed_records_end_their_game_with_a_reason(spec, text, why):
    (record,) = parse_records(text, PTN_RESULTS)
    assert record.problem is not None and why in record.problem[2]
    (game,) = replay_text(spec, text)
    assert game.error is not None and why in game.error.reason


def test_a_flawed_game_does_not_lose_the_games_after_it(spec):
    text = '[Size "3"]\n1. a1 } c3\n\n[Size "3"]\n1. a1 c3 *\n\n[Size "9"]\n1. a1\n\n[Size "4"]\n1. a1 d4 *\n'
    games = replay_text(spec, text)
    assert [g.error is None for g in games] == [False, True, False, True]
    assert str(games[0].error) == "move 1: 1. a1 } c3: line 2: '}' without '{'"
    assert str(games[2].error).startswith('move 0: [Size "9"]: option size=9 of tak')


# -- positions ----------------------------------------------------------------------------------------

def test_the_seeds_tps_example_round_trips():
    g = spielwerk.load("tak", size=5)
    tps = "x3,12,2S/x,22S,22C,11,21/121,212,12,1121C,1212S/21S,1,21,211S,12S/x,21S,2,x2 1 26"
    assert g.parse_position(tps).text() == tps


def test_empty_runs_are_written_merged():
    g = spielwerk.load("tak", size=5)
    assert g.parse_position("x,x,x,x,x/x5/x5/x5/x5 1 1").text() == "x5/x5/x5/x5/x5 1 1"


@pytest.mark.parametrize("tps,match", [
    ("x5/x5/x5/x5 1 1", "rows"),
    ("x5/x5/x5/x5/x4 1 1", "squares"),
    ("x5/x5/x5/x5/x6 1 1", "squares"),
    ("x5/x5/x5/x5/x5 3 1", "1 or 2"),
    ("x5/x5/x5/x5/x5 1 0", "starts at 1"),
    ("x5/x5/x5/x5/x5 1", "field"),
    ("x5/x5/x5/x5/x5 a b", "numbers"),
    ("x5/x5/x5/x5/13,x4 1 1", "cannot read"),
    ("x5/x5/x5/x5/1X,x4 1 1", "cannot read"),
    ("x5/x5/x5/x5/1C,1C,x3 1 5", "more pieces"),
    ("", "expected"),
])
def test_malformed_tps_gives_an_error_not_a_traceback(tps, match):
    g = spielwerk.load("tak", size=5)
    with pytest.raises(InvalidPositionError, match=match):
        g.parse_position(tps)
