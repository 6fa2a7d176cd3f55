"""Plakoto (NEW-GAMES.md section 4, with Backgammon's conventions from NOTES.md section 5): one test
(or a parametrized group) per rule sentence, on hand-built positions.

Positions are written as the game's position text: White's points 1 to 24 (White's numbering;
Black's point k is White's 25 - k), then each player's borne-off checkers, then the player to move
and the ply. A cell lists its checkers bottom first: ``21`` is a Black checker pinned by a White one.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import spielwerk
from spielwerk import IllegalMoveError, InvalidMoveError, InvalidPositionError

GAME = spielwerk.load("plakoto")                        # ending_turns: apart, the default
FULL = spielwerk.load("plakoto", ending_turns="full")
BOTH = pytest.mark.parametrize("game", [GAME, FULL], ids=["apart", "full"])
TRACK = next(p for p in GAME.primitives if p.name == "track")
START = "222222222222222,x22,111111111111111,x2 1 0"


def board(cells: dict[int, str], to_move: int = 1, ply: int = 20) -> str:
    """The position text of ``cells`` (White's point number -> cell, bottom first); the checkers
    not on the board are borne off."""
    row = [cells.get(k, "") for k in range(1, 25)]
    off = [15 - sum(c.count(d) for c in row) for d in "12"]
    assert min(off) >= 0
    row += ["1" * off[0], "2" * off[1]]
    out: list[str] = []
    for c in row:                                  # runs of empty cells merged: x, x2, x3, ...
        if c:
            out.append(c)
        elif out and out[-1][0] == "x":
            out[-1] = f"x{int(out[-1][1:] or 1) + 1}"
        else:
            out.append("x")
    return ",".join(out) + f" {to_move} {ply}"


def state(cells: dict[int, str], roll: tuple[int, int] | None = None, to_move: int = 1, game=GAME):
    s = game.parse_position(board(cells, to_move))
    if roll:
        s.push(game.roll(*roll))
    return s


def texts(s) -> list[str]:
    return sorted(s.move_text(m) for m in s.legal_moves())


def results(s) -> dict[str, str]:
    """Each legal turn's text -> the position text after it."""
    out = {}
    for m in s.legal_moves():
        t = s.move_text(m)
        s.push(m)
        out[t] = s.text()
        s.pop()
    return out


def after(cells: dict[int, str], to_move: int, ply: int = 21) -> str:
    """The text of the position ``cells`` with ``to_move`` to move (after a turn from ply 20)."""
    return board(cells, to_move, ply)


def played(s, text: str):
    """A copy of ``s`` after the move ``text``."""
    t = s.copy()
    t.push_text(text)
    return t


def cells_of(text: str) -> list[str]:
    """The 26 cells of a position text, empty runs expanded."""
    out: list[str] = []
    for c in text.split()[0].split(","):
        out.extend([""] * (int(c[1:] or 1)) if c.startswith("x") else [c])
    return out


def pips(text: str, player: int) -> int:
    """The player's pip count in a position text (his own point numbers)."""
    digit = str(player)
    return sum((k if player == 1 else 25 - k) * c.count(digit) for k, c in enumerate(cells_of(text)[:24], 1))


def checkers(s) -> list[int]:
    n = [0, 0, 0]
    for stack in s.stacks:
        for pc in stack:
            n[GAME.code_owner[pc]] += 1
    return n[1:]


# -- the board and the start ------------------------------------------------------------------------

def test_start_each_players_fifteen_checkers_all_on_his_own_24_point():
    s = GAME.initial()
    assert s.text() == START
    for p in (1, 2):
        own24 = TRACK.paths[p][0]                         # the first point of his path
        assert s.stacks[own24] == [TRACK.code[p]] * 15
        assert TRACK.own_number(p, own24) == "24"
    assert checkers(s) == [15, 15]


def test_there_is_no_bar():
    assert "bar" not in GAME.topology.places
    assert set(GAME.topology.places) == {"borne_off"}


def test_players_move_in_opposite_directions_as_in_backgammon():
    s = state({24: "1", 1: "2"}, (6, 5))
    assert results(s)["24/13"] == after({13: "1", 1: "2"}, 2)    # White: from his 24 down
    s = state({24: "1", 1: "2"}, (6, 5), to_move=2)
    assert results(s)["24/13"] == after({24: "1", 12: "2"}, 1)   # Black: his 24 is White's 1


# -- the dice ---------------------------------------------------------------------------------------

def test_opening_each_rolls_one_die_ties_are_rolled_again_the_higher_starts():
    outcomes = GAME.initial().chance_outcomes()
    assert len(outcomes) == 30 and all(p == Fraction(1, 30) for _, p in outcomes)
    assert all(m[1] > m[2] for m, _ in outcomes)                  # no ties: they are rolled again
    assert {(m[1], m[2]) for m, _ in outcomes} == {(a, b) for a in range(2, 7) for b in range(1, a)}
    assert sum(p for m, p in outcomes if m[3] == 2) == Fraction(1, 2)


@pytest.mark.parametrize("starter", [1, 2])
def test_opening_the_starter_plays_both_numbers_then_the_other_rolls(starter):
    s = GAME.initial()
    s.push((GAME.roll_index, 6, 5, starter))
    assert s.to_move == starter and s.dice == (6, 5)
    assert texts(s) == ["24/13", "24/19 24/18"]
    s.push_text("24/13")
    assert s.to_move == 3 - starter and s.is_chance()
    later = dict(((m[1], m[2]), p) for m, p in s.chance_outcomes())
    assert len(later) == 21 and sum(later.values()) == 1
    assert later[(3, 3)] == Fraction(1, 36) and later[(3, 1)] == Fraction(1, 18)


def test_no_moves_before_the_roll():
    s = state({13: "1", 1: "2"})
    assert s.is_chance() and s.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="roll the dice first"):
        GAME.parse_move(s, "13/7")


def test_both_numbers_are_played_if_possible():
    s = state({20: "1", 13: "1", 1: "2" * 15}, (6, 5))
    assert texts(s) == ["13/2", "20/14 13/8", "20/15 13/7", "20/9"]   # never one number alone


def test_if_only_one_number_can_be_played_it_is_the_larger():
    s = state({20: "1", 9: "22", 1: "2" * 13}, (6, 5))           # 9 closed: never both numbers
    assert texts(s) == ["20/14"]


def test_if_only_the_smaller_number_can_be_played_it_is_played():
    s = state({20: "1", 9: "22", 14: "22", 1: "2" * 11}, (6, 5))
    assert texts(s) == ["20/15"]


def test_doubles_are_played_four_times():
    s = state({20: "11", 1: "2" * 15}, (2, 2))
    assert texts(s) == ["20/12", "20/16(2)", "20/18 20/14"]
    assert all(pips(pos, 1) == 40 - 4 * 2 for pos in results(s).values())


def test_doubles_as_many_times_as_possible():
    s = state({20: "1", 4: "22", 1: "2" * 13}, (4, 4))           # the fourth 4 would land on 4
    assert texts(s) == ["20/8"]
    s = state({20: "1", 8: "22", 1: "2" * 13}, (4, 4))           # the third would: two fours
    assert texts(s) == ["20/12"]


def test_a_roll_with_nothing_playable_is_a_pass():
    s = state({10: "12", 1: "2" * 13}, (6, 5))                   # White's only checker is pinned
    assert texts(s) == ["pass"]
    s.push_text("pass")
    assert s.text() == after({10: "12", 1: "2" * 13}, 2) and s.is_chance()


# -- pinning ----------------------------------------------------------------------------------------

def test_no_hitting_landing_on_a_lone_enemy_checker_pins_it():
    s = state({13: "1", 20: "1", 10: "2", 1: "2" * 14}, (3, 1))
    got = results(s)
    assert got["20/19 13/10*"] == after({10: "21", 19: "1", 1: "2" * 14}, 2)   # Black's checker stays
    t = played(s, "20/19 13/10*")
    assert checkers(t) == [15, 15] and t.stacks[TRACK.paths[1][14]] == [TRACK.code[2], TRACK.code[1]]


def test_black_pins_too_moving_the_other_way():
    s = state({10: "1", 24: "1" * 14, 7: "2", 1: "2" * 14}, (2, 1), to_move=2)
    got = results(s)
    assert got["18/15*"] == after({10: "12", 24: "1" * 14, 1: "2" * 14}, 1)   # Black's 15 = White's 10


def test_a_pinned_checker_cannot_move():
    s = state({10: "12", 20: "1", 1: "2" * 13}, (2, 1))
    assert texts(s) == ["20/17"]                                   # 10/8 10/9 are not there
    with pytest.raises(IllegalMoveError):
        GAME.parse_move(s, "10/8 20/19")
    s = state({10: "12", 1: "2" * 13}, (6, 5))
    assert texts(s) == ["pass"]


def test_the_pinners_point_belongs_to_him_the_pinned_player_may_not_land_there():
    s = state({10: "12", 12: "1", 1: "2" * 13}, (2, 2))           # one Black checker on 10, over White's
    assert texts(s) == ["pass"]
    s = state({10: "2", 12: "1", 1: "2" * 13}, (2, 2))            # a free lone Black checker instead
    assert results(s) == {"12/10*/4": after({10: "2", 4: "1", 1: "2" * 13}, 2)}   # pinned on the way
    s = state({10: "12", 12: "1", 1: "2" * 13}, (2, 1))
    assert texts(s) == ["12/9"]                                    # by 11, never by 10


def test_the_pinner_may_be_joined_by_more_of_his_own_checkers():
    s = state({10: "12", 8: "2", 20: "1", 1: "2" * 12}, (2, 1), to_move=2)
    got = results(s)
    assert got["24/23 17/15"] == after({10: "122", 20: "1", 2: "2", 1: "2" * 11}, 1)


def test_the_pinned_checker_is_released_when_the_last_pinner_leaves():
    s = state({10: "12", 24: "1" * 14}, (6, 5), to_move=2)
    assert results(s) == {"15/4": after({10: "1", 21: "2", 24: "1" * 14}, 1)}
    free = played(s, "15/4")
    free.push(GAME.roll(2, 1))
    assert texts(free) == ["10/7", "24/21*", "24/22 10/9", "24/23 10/8", "24/23 24/22"]


def test_with_two_pinners_one_leaving_keeps_the_pin():
    s = state({10: "122", 24: "1" * 14}, (6, 5), to_move=2)
    assert results(s)["15/4"] == after({10: "12", 21: "2", 24: "1" * 14}, 1)


def test_a_pinner_moving_on_in_the_same_turn_releases_the_checker_at_once():
    s = state({13: "1", 20: "1", 10: "2", 1: "2" * 14}, (3, 1))
    assert results(s)["13/9"] == after({9: "1", 20: "1", 10: "2", 1: "2" * 14}, 2)


@pytest.mark.parametrize("stack", ["22", "222", "2222222"])
def test_points_with_two_or_more_of_one_players_checkers_are_closed_to_the_other(stack):
    s = state({13: "1", 10: stack, 1: "2" * (15 - len(stack))}, (3, 3))
    assert texts(s) == ["pass"]


def test_a_point_with_a_pinned_checker_under_two_pinners_is_closed_to_the_pinned_player():
    s = state({13: "1", 10: "122", 1: "2" * 13}, (3, 3))
    assert texts(s) == ["pass"]


# -- bearing off -------------------------------------------------------------------------------------

def test_bearing_off_only_once_all_fifteen_checkers_are_home():
    s = state({6: "1" * 14, 9: "1", 20: "2" * 15}, (6, 2))
    assert texts(s) == ["9/1", "9/3 6/4"]                        # 9/3 comes home too late
    s = state({6: "1" * 14, 7: "1", 20: "2" * 15}, (6, 1))        # home with the 1, off with the 6
    assert "7/off" in texts(s)


def test_bearing_off_as_in_backgammon_a_larger_number_from_the_highest_point_only():
    s = state({5: "1", 3: "1", 20: "2" * 15}, (6, 4))
    assert texts(s) == ["5/1 3/off", "5/off 3/off"]
    s = state({5: "1", 2: "1", 20: "2" * 15}, (6, 1))
    assert texts(s) == ["5/off", "5/off 2/1"]                     # never 2/off while 5 is held


def test_a_pinned_own_checker_outside_the_home_board_prevents_bearing_off():
    s = state({3: "11", 5: "1", 10: "12", 20: "2" * 5}, (5, 3))
    assert texts(s) == ["5/2"]


def test_a_pinned_own_checker_inside_the_home_board_counts_as_home():
    s = state({3: "11", 5: "1", 4: "12", 20: "2" * 5}, (5, 3))
    assert "5/off 3/off" in texts(s)


def test_a_higher_pinned_own_checker_keeps_a_lower_one_from_being_borne_off_with_a_larger_number():
    s = state({5: "12", 3: "1", 20: "2" * 5}, (6, 4))
    assert texts(s) == ["pass"]
    free = state({5: "1", 3: "1", 20: "2" * 5}, (6, 4))           # the same with the 5 free
    assert "5/off 3/off" in texts(free)


def test_a_pinned_own_checker_is_not_borne_off_itself():
    s = state({5: "12", 3: "1", 20: "2" * 5}, (5, 2))             # the 5 would bear it off exactly
    assert texts(s) == ["3/1"]
    s = state({5: "12", 3: "1", 20: "2" * 5}, (3, 1))
    assert results(s) == {"3/off": after({5: "12", 20: "2" * 5}, 2)}


# -- the mother -------------------------------------------------------------------------------------

def test_the_mother_pinned_loses_a_double_game_at_once():
    s = state({7: "1", 20: "11", 1: "2", 19: "2222"}, (6, 6))
    s.push_text("7/1*")
    assert s.text() == after({1: "21", 20: "11", 19: "2222"}, 2)
    out = s.outcome()
    assert (out.winner, out.result, out.value, out.token) == (1, "mother", 2, "1-0")
    assert not s.is_chance() and s.chance_outcomes() == [] and s.legal_moves() == []


@BOTH
def test_the_game_ends_after_the_pinning_checker_move_whatever_dice_are_left(game):
    # pinning is a choice: turns that play four sixes without it stay legal in both readings
    s = state({7: "1", 20: "11", 1: "2", 19: "2222"}, (6, 6), game=game)
    got = results(s)
    ending = {t for t in got if game.parse_position(got[t]).outcome()}
    assert ending == {"7/1*", "20/14 7/1*", "20/14(2) 7/1*", "20/8 7/1*", "20/14 20/8 7/1*",
                      "20/2 7/1*"}                                  # 1, 2, 3 or 4 sixes: then over
    for t in set(got) - ending:                                     # the rest play four sixes
        assert "*" not in t
    assert len(got) - len(ending) == 2


def test_black_pins_whites_mother_likewise():
    s = state({24: "1", 23: "11", 20: "2", 10: "1" * 12, 1: "2" * 14}, (4, 2), to_move=2)
    got = results(s)
    assert got["5/1*"] == after({24: "12", 23: "11", 10: "1" * 12, 1: "2" * 14}, 1)
    out = played(s, "5/1*").outcome()
    assert (out.winner, out.result, out.value, out.token) == (2, "mother", 2, "0-1")


def test_two_checkers_on_the_24_point_are_closed_and_nothing_is_pinned_there():
    s = state({24: "11", 20: "2", 10: "1" * 13, 1: "2" * 14}, (4, 1), to_move=2)
    assert not any("/1*" in t for t in texts(s))
    assert all(GAME.parse_position(p).outcome() is None for p in results(s).values())


# -- turns that end the game -------------------------------------------------------------------------

@BOTH
def test_a_turn_that_ends_the_game_is_always_legal(game):
    # 7/1* pins the mother with the 6 alone, while 7/6 8/2 would use both numbers
    s = state({1: "2", 7: "1", 8: "1", 20: "2" * 5}, (6, 1), game=game)
    got = results(s)
    assert got["7/1*"] == after({1: "21", 8: "1", 20: "2" * 5}, 2)
    assert "8/2 7/6" in got


def test_distinct_turns_are_distinct_resulting_positions():
    s = GAME.initial()
    s.push(GAME.roll(3, 1))
    assert texts(s) == ["24/20", "24/23 24/21"]                    # 24/21/20 and 24/23/20 are one turn
    s = state({13: "1", 20: "1", 10: "2", 1: "2" * 14}, (3, 1))
    got = results(s)
    assert len(set(got.values())) == len(got) == len(s.legal_moves()) == 4
    assert ("13/9" in got) + ("13/10*/9" in got) == 1              # by 12, or pinning on 10 and on


@BOTH
def test_no_pass_beside_a_turn_that_ends_the_game(game):
    s = state({2: "1", 20: "2" * 15}, (5, 4), game=game)           # every number bears it off
    assert texts(s) == ["2/off"]
    s = state({7: "1", 1: "2", 20: "2" * 5, 4: "11", 3: "11", 2: "22"}, (6, 6), game=game)
    assert texts(s) == ["7/1*"]                                    # the only six pins the mother


def test_apart_a_player_may_stop_short_of_bearing_off_his_last_checker():
    # non-ending turns: the most numbers any of them uses is one (the 1: 3/2; 3/off ends)
    s = state({3: "1", 20: "2" * 15}, (3, 1))
    assert results(s) == {"3/off": after({20: "2" * 15}, 2), "3/2": after({2: "1", 20: "2" * 15}, 2)}


def test_full_the_ending_turn_counts_as_using_every_number():
    s = state({3: "1", 20: "2" * 15}, (3, 1), game=FULL)
    assert results(s) == {"3/off": after({20: "2" * 15}, 2)}


@pytest.mark.parametrize("game,expected", [(GAME, ["7/1*", "7/6"]), (FULL, ["7/1*"])], ids=["apart", "full"])
def test_ending_turns_apart_or_full_beside_a_mother_pin_with_one_number(game, expected):
    # White's 10 is pinned, so no bearing off: 7/6 is the only other turn, and it uses one number
    s = state({7: "1", 10: "12", 19: "2" * 13, 1: "2"}, (6, 1), game=game)
    assert texts(s) == expected


@pytest.mark.parametrize("game,expected", [
    (GAME, ["20/14 7/1*", "20/14 7/4", "20/17 7/1*", "7/1*"]),     # three threes, or the pin
    (FULL, ["20/14 7/1*", "20/17 7/1*", "7/1*"])], ids=["apart", "full"])
def test_ending_turns_apart_or_full_with_doubles(game, expected):
    # 11 is closed: no turn plays four threes without pinning the mother on 1
    s = state({7: "1", 20: "1", 11: "22", 1: "2", 19: "2" * 12}, (3, 3), game=game)
    assert texts(s) == expected


@BOTH
def test_a_turn_using_every_number_stays_legal_beside_an_ending_turn(game):
    s = state({1: "2", 7: "1", 8: "1", 20: "2" * 5}, (6, 1), game=game)
    assert "8/2 7/6" in texts(s)


# -- winning and its value ------------------------------------------------------------------------

@BOTH
def test_a_win_is_worth_2_when_the_loser_has_borne_off_no_checker(game):
    s = state({2: "1", 1: "1", 20: "2" * 15}, (2, 1), game=game)
    out = played(s, "2/off 1/off").outcome()
    assert (out.winner, out.result, out.value, out.token) == (1, "race", 2, "1-0")


@BOTH
def test_a_win_is_worth_1_when_the_loser_has_borne_off_a_checker(game):
    s = state({2: "1", 1: "1", 20: "2" * 14}, (2, 1), game=game)
    out = played(s, "2/off 1/off").outcome()
    assert (out.winner, out.value) == (1, 1)
    s = state({23: "2", 24: "2", 5: "1" * 7}, (2, 1), to_move=2, game=game)
    out = played(s, "2/off 1/off").outcome()
    assert (out.winner, out.result, out.value, out.token) == (2, "race", 1, "0-1")


def test_no_triple_win_for_checkers_left_in_the_winners_home_board():
    s = state({1: "1", 5: "2" * 15}, (2, 1))                       # Backgammon would count 3
    assert played(s, "1/off").outcome().value == 2


@pytest.mark.parametrize("game,expected", [(GAME, ["1/off", "1/off(2)"]), (FULL, ["1/off(2)"])],
                         ids=["apart", "full"])
def test_the_game_goes_on_until_a_player_has_borne_off_all_fifteen(game, expected):
    s = state({1: "11", 20: "2" * 15}, (1, 1), game=game)        # 1/off alone: stopping short (apart)
    assert texts(s) == expected
    assert played(s, "1/off(2)").outcome().value == 2
    s = state({1: "111", 20: "2" * 15}, (2, 1), game=game)
    t = played(s, "1/off(2)")
    assert t.outcome() is None and t.is_chance()


# -- notation -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["24/18 24/22", "24/22 24/18", "24/22, 24/18", " 24/18  24/22 "])
def test_moves_read_in_the_usual_spellings_and_are_written_canonically(text):
    s = GAME.initial()
    s.push(GAME.roll(6, 2))
    assert s.move_text(GAME.parse_move(s, text)) == "24/22 24/18"


def test_chains_and_repeats():
    s = GAME.initial()
    s.push(GAME.roll(3, 3))
    m = GAME.parse_move(s, "24/21(2) 24/18")
    assert m == GAME.parse_move(s, "24/21 24/21 24/21/18") == GAME.parse_move(s, "24/18 24/21(2)")
    assert s.move_text(m) == "24/21(2) 24/18"
    s = state({20: "1", 13: "1", 1: "2" * 15}, (6, 5))
    assert s.move_text(GAME.parse_move(s, "20/14/9")) == "20/9"


def test_a_pin_is_written_with_a_star_and_read_with_or_without_it():
    s = state({13: "1", 20: "1", 10: "2", 1: "2" * 14}, (3, 1))
    m = GAME.parse_move(s, "13/10* 20/19")
    assert s.move_text(m) == "20/19 13/10*"
    assert GAME.parse_move(s, "20/19 13/10") == m
    s = state({1: "2", 7: "1", 8: "1", 20: "2" * 5}, (6, 1))
    assert s.move_text(GAME.parse_move(s, "7/1*")) == "7/1*"        # the mother pinned


def test_black_writes_his_own_point_numbers():
    s = state({10: "1", 24: "1" * 14, 7: "2", 1: "2" * 14}, (2, 1), to_move=2)
    assert "24/23 18/16" in texts(s) and "18/15*" in texts(s)


def test_a_pass_is_written_pass():
    s = state({10: "12", 1: "2" * 13}, (6, 5))
    assert s.move_text(s.legal_moves()[0]) == "pass"
    assert GAME.parse_move(s, "pass") == s.legal_moves()[0]


@pytest.mark.parametrize("text,error,why", [
    ("24/13 24/18", IllegalMoveError, "'24/13 24/18': not a legal way to play 6-5 in this position"),
    ("24/19", IllegalMoveError, "'24/19': not a legal way to play 6-5 in this position"),
    ("24/7", IllegalMoveError, "'24/7': not a legal way to play 6-5 in this position"),
    ("bar/19 24/18", IllegalMoveError, "'bar/19 24/18': not a legal way to play 6-5 in this position"),
    ("24/off", IllegalMoveError, "'24/off': not a legal way to play 6-5 in this position"),
    ("pass", IllegalMoveError, "'pass': a player may pass only when he has no other move"),
    ("24/19 24/99", InvalidMoveError, "'24/19 24/99': '99' is not a point (1-24, bar or off)"),
    ("24", InvalidMoveError, None),
    ("", InvalidMoveError, None),
])
def test_bad_moves_are_refused_with_a_reason(text, error, why):
    s = GAME.initial()
    s.push(GAME.roll(6, 5))
    with pytest.raises(error) as info:
        GAME.parse_move(s, text)
    if why is not None:
        assert str(info.value) == why


def test_illegal_moves_by_the_pin_rules_are_refused():
    s = state({10: "12", 20: "1", 1: "2" * 13}, (2, 1))
    with pytest.raises(IllegalMoveError, match="not a legal way to play 2-1"):
        GAME.parse_move(s, "10/7")                                  # the pinned checker
    s = state({10: "12", 12: "1", 1: "2" * 13}, (2, 1))
    with pytest.raises(IllegalMoveError):
        GAME.parse_move(s, "12/10")                                 # onto the pinner's point
    with pytest.raises(IllegalMoveError, match="a player may pass only when he has no other move"):
        GAME.parse_move(s, "pass")


# -- position text --------------------------------------------------------------------------------

def test_position_text_a_pinned_checker_is_written_first_and_the_text_round_trips():
    text = board({10: "21", 3: "12", 24: "1" * 12, 1: "2" * 12, 19: "2"}, to_move=2, ply=33)
    s = GAME.parse_position(text)
    assert s.text() == text
    assert s.stacks[TRACK.paths[1][14]] == [TRACK.code[2], TRACK.code[1]]   # White's 10: Black under
    assert GAME.parse_position("222222222222222,x,x20,x,111111111111111,x,x 1 0").text() == START


@pytest.mark.parametrize("text", [
    "222222222222222,x22,111111111111111,x2 3 0",            # the side to move
    "222222222222222,x21,111111111111111,x2 1 0",            # 25 cells
    "222222222222222,x22,111111111111113,x2 1 0",            # a digit that is no player
    "222222222222222,x22,111111111111111,x2 1",              # no ply
])
def test_bad_position_texts_are_refused(text):
    with pytest.raises(InvalidPositionError):
        GAME.parse_position(text)


LAX = "the stack-rows position parser checks no checker count, stack form or ply sign for this game"


@pytest.mark.parametrize("text", [
    "2222222222222222,x22,111111111111111,x2 1 0",           # 16 Black checkers
    "222222222222222,x22,11111111111111,x2 1 0",             # 14 White checkers
    "222222222222222,x22,111111111111111,x2 1 -1",           # a negative ply
    "2221,222222222222,x21,11111111111111,x2 1 5",            # three Black checkers under a White one
    "222222222222222,x22,111111111111111,2,x 1 0",           # a Black checker borne off as White's
], ids=["16-checkers", "14-checkers", "negative-ply", "impossible-stack", "wrong-borne-off"])
def test_impossible_position_texts_are_refused(text):
    with pytest.raises(InvalidPositionError):
        GAME.parse_position(text)
