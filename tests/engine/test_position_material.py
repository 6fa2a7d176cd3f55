"""Issue 27, rules that agree with themselves: the readers of position texts count the pieces the
way the rules do (D5: own pieces cut with `own: capture`) and check a position's pieces against
what the game can have brought in by its ply and phase (D7: DVONN)."""

from __future__ import annotations

import os

import pytest

import spielwerk
from spielwerk.cli import main

HERE = os.path.dirname(os.path.abspath(__file__))
BOUNDS = os.path.join(HERE, "..", "data", "repro", "bounds")

DVONN = spielwerk.load("dvonn")


def test_d5_focus_with_own_pieces_captured_reads_back_every_position_it_writes():
    game = spielwerk.load(os.path.join(BOUNDS, "focus-own-capture.yaml"))
    with open(os.path.join(BOUNDS, "focus-own-capture.txt"), encoding="utf-8") as f:
        texts = [t for t in f.read().split() if not t.endswith(".")]
    st = game.initial()
    for text in texts:
        st.push_text(text)
        again = game.parse_position(st.text())
        assert again.text() == st.text() and again.stacks == st.stacks and again.captures == st.captures
    assert len(texts) == 76
    reached = "2,1,2,x/2,2,x4/2,x5,2,x/x3,1112,2,1,21,x/x3,12,1,x3/x,21,1,x,11212,x3/1,2,21121,x,1,x/x4 1 0 0 1 1"
    assert st.text() == reached  # the position, now read back
    assert game.parse_position(reached).text() == reached


def test_d5_the_pieces_cut_are_still_counted_against_what_the_game_provides():
    game = spielwerk.load(os.path.join(BOUNDS, "focus-own-capture.yaml"))
    board = "2,1,2,x/2,2,x4/2,x5,2,x/x3,1112,2,1,21,x/x3,12,1,x3/x,21,1,x,11212,x3/1,2,21121,x,1,x/x4"
    with pytest.raises(spielwerk.InvalidPositionError, match="pieces on the board and in reserve and 4 captured; "
                       "the game provides 36"):
        game.parse_position(f"{board} 1 0 0 2 2")


@pytest.mark.parametrize("text, why", [
    ("1" * 100 + ",x8/x10/x11/x10/x9 1 60",
     "100 pieces of player 1 on the board, but the game brings in at most 23 by ply 60"),
    ("0000,x8/x10/x11/x10/x9 1 60", "4 neutral pieces on the board, but the game brings in at most 3 by ply 60"),
    ("x9/x10/x11/x10/x9 1 49", "0 dvonn on the board, but by ply 49 the game has placed 3 and no rule takes one off"),
    ("0,x8/x10/x11/x10/x9 1 0", "1 neutral pieces on the board, but the game brings in at most 0 by ply 0"),
    ("1" * 100 + ",0,x7/x10/x11/x10/x9 1 60",
     "100 pieces of player 1 on the board, but the game brings in at most 23 by ply 60"),
])
def test_d7_dvonn_positions_are_checked_against_the_ply_and_phase(text, why, capsys):
    with pytest.raises(spielwerk.InvalidPositionError) as info:
        DVONN.parse_position(text)
    assert str(info.value) == f"position {text!r}: {why}"
    assert main(["moves", "dvonn", "--position", text]) == 1
    assert capsys.readouterr().err == f"spielwerk: error: position {text!r}: {why}\n"


def test_d7_the_placement_phases_are_counted_ply_by_ply():
    st = DVONN.initial()
    for text in ("a1", "b1", "c1"):  # the three DVONN pieces, then Black's first piece
        st.push_text(text)
    st.push_text("d1")
    assert DVONN.parse_position(st.text()).text() == st.text() == "x9/x10/x11/x10/0,0,0,2,x5 1 4"
    with pytest.raises(spielwerk.InvalidPositionError, match="2 pieces of player 2 on the board, but the game "
                       "brings in at most 1 by ply 4"):
        DVONN.parse_position("x9/x10/x11/x10/0,0,0,2,2,x4 1 4")
    with pytest.raises(spielwerk.InvalidPositionError, match="2 dvonn on the board, but by ply 4 the game has "
                       "placed 3"):
        DVONN.parse_position("x9/x10/x11/x10/0,0,x,2,x5 1 4")


def test_a_game_with_pieces_in_reserves_and_a_neutral_one_checks_both():
    tackle = spielwerk.load("tackle")  # six stones a player in reserve, a gold stone placed at ply 12
    start = "x10/x10/x10/x10/x10/x10/x10/x10/x10/x10"
    with pytest.raises(spielwerk.InvalidPositionError, match="player 1 has more pieces on the board than the "
                       "game provides"):
        tackle.parse_position("1,1,1,1,1,1,1,x3/" + start.split("/", 1)[1] + " 1 30")
    with pytest.raises(spielwerk.InvalidPositionError, match="1 neutral pieces on the board, but the game brings "
                       "in at most 0 by ply 5"):
        tackle.parse_position("0G,x9/" + start.split("/", 1)[1] + " 2 5")
