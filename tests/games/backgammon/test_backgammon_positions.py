"""Backgammon position texts: the gnubg position ID and the XGID, in and out."""

from __future__ import annotations

import random

import pytest

import spielwerk
from spielwerk.agents import sample_chance
from spielwerk.cli import main
from spielwerk.notation.position import xgid_format

GAME = spielwerk.load("backgammon")
MONEY = spielwerk.load("backgammon", money=True)
START_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


def test_the_start_as_gnubg_id_and_xgid():
    st = GAME.initial()
    assert st.text() == "4HPwATDgc/ABMA"
    assert xgid_format(GAME.position.track, st) == START_XGID


def test_an_xgid_sets_board_turn_dice_and_cube():
    st = MONEY.parse_position("XGID=-b----E-C---eE---c-e----B-:1:-1:-1:52:0:0:0:0:10")
    assert st.to_move == 2 and st.dice == (5, 2) and st.cube_value == 2 and st.cube_owner == 2
    assert len(st.legal_moves()) == 8


def test_moves_after_writes_the_format_it_was_given(capsys):
    assert main(["moves", "backgammon", "--position", "4HPwATDgc/ABMA", "--roll", "3-1", "--after"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == "24/23 24/21\t4HPwARLgc/ABMA"
    assert main(["moves", "backgammon", "--position", START_XGID, "--roll", "3-1", "--after"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == "24/23 24/21\tXGID=-b----E-C---eE---c-e-A-A--:0:0:-1:00:0:0:0:0:10"


def test_both_texts_round_trip_on_random_positions():
    rng = random.Random(4)
    for _ in range(20):
        st = MONEY.initial()
        for _ in range(rng.randrange(1, 60)):
            if st.outcome() is not None:
                break
            if st.is_chance():
                st.push(sample_chance(MONEY, st, rng))
                continue
            st.push(rng.choice(st.legal_moves()))
        if st.outcome() is not None:
            continue
        assert MONEY.parse_position(st.text()).text() == st.text()  # the ID is seen from the player on roll
        x = xgid_format(MONEY.position.track, st)
        back = MONEY.parse_position(x)
        assert xgid_format(MONEY.position.track, back) == x
        assert [list(s) for s in back.stacks] == [list(s) for s in st.stacks]


@pytest.mark.parametrize("bad", ["4HPwATDgc/ABM", "4HPwATDgc/ABM!", "XGID=-b----E-C:0:0:1", "XGID=-b----E-C---eE---c-e----B-:x:0:1:00"])
def test_bad_position_texts_are_refused(bad):
    with pytest.raises(spielwerk.InvalidPositionError):
        GAME.parse_position(bad)
