"""Xiangqi (games/gallery/xiangqi.yaml), rule by rule, on positions of a few pieces; OpenSpiel's
counts, its middle positions and random games side by side are in test_openspiel_gallery.py."""

from __future__ import annotations

import functools
import random
from importlib import resources

import pytest

from game_files import board_text, square_rows
import spielwerk


@functools.lru_cache(maxsize=None)
def _game():
    return spielwerk.load("xiangqi")


def position(pieces: str, to_move: int = 1, number: int = 1):
    """A state from ``"Ge1 ge10 Rb2"``: upper case Red's (player 1), lower case Black's."""
    board = {}
    for item in pieces.split():
        owner = 1 if item[0].isupper() else 2
        board[item[1:]] = f"{owner}{item[0].upper()}"
    return _game().parse_position(f"{board_text(board, square_rows('abcdefghi', 10))} {to_move} {number}")


def moves_from(state, square: str) -> set[str]:
    return {t for t in (state.move_text(m) for m in state.legal_moves()) if t.startswith(square + "-")}


def test_the_start_has_openspiels_44_moves():
    state = _game().initial()
    assert len(state.legal_moves()) == 44
    assert moves_from(state, "b1") == {"b1-a3", "b1-c3"}  # the elephant on c1 hobbles the horse's d2
    assert moves_from(state, "c1") == {"c1-a3", "c1-e3"}
    assert moves_from(state, "d1") == {"d1-e2"}  # the advisor stays in the palace
    assert moves_from(state, "e1") == {"e1-e2"}
    assert moves_from(state, "a4") == {"a4-a5"}  # a soldier on his own side steps forward only


def test_the_cannon_takes_over_exactly_one_screen():
    state = _game().initial()
    # up the b file: b4-b7 empty, Black's cannon on b8 is the screen, his horse on b10 is taken
    assert moves_from(state, "b3") >= {"b3-b4", "b3-b7", "b3-b10"}
    assert "b3-b8" not in moves_from(state, "b3") and "b3-b9" not in moves_from(state, "b3")
    # towards h3 the screen is Red's own cannon, and only empty squares lie beyond it
    assert not {"b3-h3", "b3-i3"} & moves_from(state, "b3")
    two_screens = position("Ge1 Cb1 Sb2 sb3 rb4 gd10")
    assert moves_from(two_screens, "b1") == {"b1-b3", "b1-a1", "b1-c1", "b1-d1"}


def test_the_horse_is_blocked_on_its_first_square():
    free = position("Ge1 He5 gd10")
    assert moves_from(free, "e5") == {"e5-d7", "e5-f7", "e5-c6", "e5-g6", "e5-c4", "e5-g4", "e5-d3", "e5-f3"}
    hobbled = position("Ge1 He5 Se6 sd5 gd10")  # the ways north and west are blocked
    assert moves_from(hobbled, "e5") == {"e5-g6", "e5-g4", "e5-d3", "e5-f3"}


def test_the_elephant_never_crosses_the_river_and_is_blocked_halfway():
    river = position("Ge1 Ec5 gd10")
    assert moves_from(river, "c5") == {"c5-a3", "c5-e3"}
    eye = position("Ge1 Ec1 Sd2 gd10")
    assert moves_from(eye, "c1") == {"c1-a3"}


def test_advisor_and_general_stay_in_the_palace():
    state = position("Ge2 Ad1 sd5 gd10")
    assert moves_from(state, "d1") == set()  # e2 is his own general's; c2 is outside
    assert moves_from(state, "e2") == {"e2-e1", "e2-e3", "e2-f2", "e2-d2"}
    corner = position("Gf3 Ae2 gd10")
    assert moves_from(corner, "f3") == {"f3-e3", "f3-f2"}  # f4 and g3 are outside the palace


def test_a_soldier_across_the_river_steps_sideways_too():
    assert moves_from(position("Ge1 Se5 gd10"), "e5") == {"e5-e6"}
    assert moves_from(position("Ge1 Se6 gd10"), "e6") == {"e6-e7", "e6-d6", "e6-f6"}
    assert moves_from(position("Ge1 Se10 gd9", 1), "e10") == {"e10-d10", "e10-f10"}  # never back
    black = position("Gd1 se5 ge10", 2)
    assert moves_from(black, "e5") == {"e5-e4", "e5-d5", "e5-f5"}


def test_no_move_may_leave_the_general_attacked():
    # the chariot on e2 shields its general from the chariot on e8: it may move along the file only
    state = position("Ge1 Re2 re8 gd10")
    assert moves_from(state, "e2") == {f"e2-e{r}" for r in range(3, 9)}
    # the general may step to f1, not to d1, where he would face Black's general on d10
    assert moves_from(state, "e1") == {"e1-f1"}


def test_the_generals_may_not_face_each_other():
    state = position("Gd1 Hd5 gd10")
    assert moves_from(state, "d5") == set()  # the horse between them may not leave the file
    assert moves_from(state, "d1") == {"d1-d2", "d1-e1"}
    assert moves_from(position("Gd1 ge10"), "d1") == {"d1-d2"}  # e1 faces the general on e10


def test_checkmate_and_stalemate_both_lose():
    # the chariots on d2 and f2 hold d10 and f10; the one coming to e3 checks along the e file
    mate = position("Gd1 Rd2 Rf2 Ra3 ge10")
    mate.push_text("a3-e3")
    assert mate.legal_moves() == [] and mate.outcome().winner == 1
    # the same, but the chariot on a9 holds e9 without checking: Black cannot move, and loses too
    stale = position("Gd1 Rd2 Rf2 Ra8 ge10")
    stale.push_text("a8-a9")
    assert stale.legal_moves() == [] and stale.outcome().winner == 1


def test_the_game_is_a_draw_at_the_500th_ply():
    state = position("Ge1 Ra1 gd10 ra10", 2, 250)  # the 500th ply is Black's 250th move
    state.push_text("a10-a9")
    assert state.outcome() is not None and state.outcome().winner is None and state.outcome().result == "length"


@pytest.mark.parametrize("text,why", [("b3-b8", "b8 is taken"), ("b1-d2", "blocked on c1"), ("e1-e3", "2 squares long; this move goes 1")])
def test_an_illegal_move_says_why(text, why):
    state = _game().initial()
    with pytest.raises(spielwerk.MoveError) as err:
        state.push_text(text)
    assert why in str(err.value)


def test_the_quick_check_agrees_with_playing_every_move(tmp_path):
    """``attacked`` lists only the blocks whose pieces could reach the general; with an effect
    after every move (one that never fires) it must play every move instead. Both give the same
    legal moves along a random game."""
    text = (resources.files("spielwerk.games") / "gallery" / "xiangqi.yaml").read_text(encoding="utf-8")
    path = tmp_path / "slow.yaml"
    path.write_text(text + "\nafter_move:\n  - {when: 'ply < 0', remove: {where: 'false'}}\n")
    quick, slow = _game(), spielwerk.load(str(path))
    assert any(quick._lands_only()) and not any(slow._lands_only())
    rng = random.Random(5)
    a, b = quick.initial(), slow.initial()
    for _ in range(80):
        moves = sorted(a.move_text(m) for m in a.legal_moves())
        assert moves == sorted(b.move_text(m) for m in b.legal_moves())
        if not moves:
            break
        text = rng.choice(moves)
        a.push_text(text)
        b.push_text(text)
