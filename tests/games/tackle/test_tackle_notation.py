"""Tackle's record format (NOTES.md section 1): placements, the gold ply, single and block moves,
block signs, suffixes checked on replay, and the position text."""

from __future__ import annotations

import pytest
from tackle_board import game, position

import spielwerk
from spielwerk import IllegalMoveError, InvalidMoveError
from spielwerk.cli import main
from spielwerk.replay import replay_text

OPENING = '[Job "Quadrat"]\n1. A2, J2 2. A4, J4 3. A6, J6 4. A8, J8 5. C1, C10 6. E1, E10; E5\n'


@pytest.fixture(scope="module")
def spec():
    return spielwerk.load_spec_for("tackle")


def test_squares_are_written_upper_case_and_read_in_either_case():
    g = game()
    st = position(g, white=["b1"], black=["j10"])
    assert g.parse_move(st, "b1-b7") == g.parse_move(st, "B1-B7") == g.parse_move(st, "B1\u2212B7")
    assert g.format_move(st, g.parse_move(st, "b1-b7")) == "B1-B7"


@pytest.mark.parametrize("text", ["#F56-C56", "\u25a1F56-C56", "\u25a2F56-C56", "F56-C56", "F56\u2013C56"])
def test_block_moves_name_their_rear_stones_with_or_without_a_block_sign(text):
    g = game("Block9")
    st = position(g, white=["e5", "f5", "e6", "f6"], black=["j10"])
    move = g.parse_move(st, text)
    assert g.format_move(st, move) == "F56-C56"
    st.push(move)
    assert {g.topology.name(sq) for sq, s in enumerate(st.stacks) if s and s[-1] == 0} == {"b5", "c5", "b6", "c6"}


def test_blocks_sharing_a_rank_list_the_files():
    g = game("Block9")
    st = position(g, white=["a1", "b1", "a2", "b2"], black=["j10"])
    assert g.format_move(st, g.parse_move(st, "AB1-AB2")) == "AB1-AB2"
    st = position(g, white=["g2", "h2", "g3", "h3"], black=["j10"])
    assert "GH2-GH7" in {g.format_move(st, m) for m in st.legal_moves()}


def test_rank_ten_in_a_group_is_written_with_a_slash_and_read_either_way():
    g = game("Block9")
    st = position(g, white=["c9", "c10", "d9", "d10"], black=["j1"])
    move = g.parse_move(st, "D9/10-C9/10")
    assert g.format_move(st, move) == "D9/10-C9/10"
    assert g.parse_move(st, "D910-C910") == move


def test_annotations_are_accepted_and_facts_checked(spec):
    g = game("Turm3")
    st = position(g, white=["a5", "h4", "h6", "a1", "a2"], black=["j10", "e8"])
    for text in ("A5-H5xx", "A5-H5xx(!)", "A5-H5 xx".split()[0]):
        g.parse_move(st, text)
    with pytest.raises(IllegalMoveError, match="'xx'"):
        g.parse_move(st, "A5-A3xx")
    g.parse_move(st, "A5-A3x")   # a threat is an opinion: never checked
    g.parse_move(st, "A5-A3(?)")


def test_worm_sign_is_part_of_the_move():
    g = game("Block9")
    st = position(g, white=["c4", "c5", "c6"], black=["j10"])
    worm = g.parse_move(st, "C6-C10(w)")
    assert worm[-1] == 0
    # without the sign C6-C10 is the single stone c6 sliding up
    single = g.parse_move(st, "C6-C10")
    assert single != worm and single[0] != worm[0]
    with pytest.raises(IllegalMoveError):
        g.parse_move(position(g, white=["c4", "c5", "c6"], black=["c10"]), "C6-C10(w)")


@pytest.mark.parametrize("text,error", [("K1-K2", InvalidMoveError), ("B1-", InvalidMoveError),
                                        ("B1-B7", IllegalMoveError), ("Q", InvalidMoveError)])
def test_bad_moves_are_refused(text, error):
    g = game()
    st = position(g, white=["b2"], black=["j10"])
    with pytest.raises(error):
        g.parse_move(st, text)


def test_a_record_with_the_gold_ply_replays(spec):
    text = OPENING + "7. A2-B2 J2-I2 8. A4-B4 J4-I4\n"
    (rec,) = replay_text(spec, text)
    assert rec.error is None and rec.result == "*"
    assert rec.state.ply == 17


def test_replay_checks_xx_against_a_finished_job(spec):
    text = '[Job "Turm3"]\n1. A2, J2 2. A4, J4 3. A6, J6 4. A8, J8 5. C1, C10; E5\n6. A2-B2 xx\n'
    (rec,) = replay_text(spec, text)
    assert rec.error is not None and rec.error.number == 6 and "'xx'" in rec.error.reason


def test_replay_checks_the_worm_sign(spec, tmp_path, capsys):
    text = OPENING + "7. A2-B2(w)\n"
    path = tmp_path / "worm.txt"
    path.write_text(text)
    assert main(["replay", "tackle", str(path)]) == 1
    assert capsys.readouterr().out.startswith("move 7: A2-B2(w): ")


def test_the_job_tag_sets_the_option(spec):
    text = '[Job "Turm3"]\n1. A2, J2 2. A4, J4 3. A6, J6 4. A8, J8 5. C1, C10; E5\n'
    (rec,) = replay_text(spec, text)
    assert rec.error is None and rec.state.game.options["job"] == "Turm3"


def test_the_position_text_round_trips_and_names_the_gold_stone():
    g = game()
    st = position(g, white=["b2", "c3"], black=["j10"], gold="e5")
    text = st.text()
    assert "0G" in text
    assert g.parse_position(text).text() == text


@pytest.mark.parametrize("bad", ["x10/x10 1 13", "x10/x10/x10/x10/x10/x10/x10/x10/x10/x9,3 1 13",
                                 "x10/x10/x10/x10/x10/x10/x10/x10/x10/x9,1G 1 13",
                                 "x10/x10/x10/x10/x10/x10/x10/x10/x10/x9,0 1 13"])
def test_bad_position_texts_are_refused(bad):
    with pytest.raises(spielwerk.InvalidPositionError):
        game().parse_position(bad)


def test_cli_perft_moves_replay_and_play_take_the_job(capsys, tmp_path):
    assert main(["perft", "tackle", "-o", "job=Quadrat", "--depth", "2"]) == 0
    assert capsys.readouterr().out == "1\t36\n2\t1260\n"
    assert main(["moves", "tackle", "-o", "job=Turm3", "--position",
                 position(game("Turm3"), white=["a5", "h4", "h6", "a1", "a2"], black=["j10", "e8"]).text()]) == 0
    out = capsys.readouterr().out.split()
    assert "A5-H5xx" in out and "A5-A3" in out
    rec = tmp_path / "g.txt"
    rec.write_text(OPENING)
    assert main(["replay", "tackle", str(rec)]) == 0
    assert capsys.readouterr().out == "result: *\n"
    assert main(["play", "tackle", "-o", "job=Turm3", "--white", "random", "--black", "random",
                 "--seed", "5"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("result: ")


def test_the_worm_sign_may_be_written_apart(spec):
    text = OPENING + "7. A2-B2 J2-I2\n"
    (rec,) = replay_text(spec, text)
    g = rec.state.game
    st = position(g, white=["c4", "c5", "c6"], black=["j10"])
    assert g.parse_move(st, "C6-C10", ("(w)",)) == g.parse_move(st, "C6-C10(w)")
