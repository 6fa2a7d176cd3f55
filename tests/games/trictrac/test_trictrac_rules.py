"""Tric-Trac (NOTES.md section 6, seed 001): one test per rule sentence, on hand-built positions
written in the seed's point names (White moves 1 -> 12 -> 12A -> 1A, Black the other way)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from walking import check_moves_round_trip, checkers_per_player, random_walk

import spielwerk
from spielwerk.dsl.errors import IllegalMoveError

GAME = spielwerk.load("trictrac")
TRACK = next(p for p in GAME.primitives if p.name == "track")


def position(white, black=None, score=(0, 0), to_move=1, roll=None, game=GAME):
    """Checkers by point name; the ones not listed are borne off. Black keeps 15 on 1A unless told
    otherwise. ``score`` is (White's points, Black's)."""
    black = {"1A": 15} if black is None else black
    stacks = [[] for _ in range(game.topology.size)]
    for p, points in ((1, white), (2, black)):
        for name, n in points.items():
            stacks[game.topology.parse_square(name)] = [TRACK.code[p]] * n
        stacks[TRACK.off[p]] = [TRACK.code[p]] * (15 - sum(points.values()))
    s = game.state_from_board(stacks, 10, to_move)
    s.score = [0, *score]
    s.hash = game.rehash(s)
    if roll:
        s.push(game.roll(*roll))
    return s


def texts(s):
    return sorted(s.move_text(m) for m in s.legal_moves())


def after(s, text):
    s.push_text(text)
    return s


# -- board and start ------------------------------------------------------------------------------

def test_white_starts_with_all_fifteen_on_1_black_on_1a():
    s = GAME.initial()
    assert s.stacks[GAME.topology.parse_square("1")] == [TRACK.code[1]] * 15
    assert s.stacks[GAME.topology.parse_square("1A")] == [TRACK.code[2]] * 15
    assert s.text() == "111111111111111,x22,222222222222222,x4 1 0 0 0"


def test_white_moves_1_to_12_to_12a_to_1a_black_the_other_way():
    name = GAME.topology.name
    assert [name(sq) for sq in TRACK.paths[1][10:14]] == ["11", "12", "12A", "11A"]
    assert name(TRACK.paths[1][-1]) == "1A" and name(TRACK.paths[2][-1]) == "1"
    assert [name(sq) for sq in TRACK.paths[2][10:14]] == ["11A", "12A", "12", "11"]


def test_points_with_two_checkers_are_closed_and_a_lone_checker_is_hit():
    s = position({"3": 2}, {"1A": 12, "6": 2, "7": 1}, roll=(4, 3))
    assert texts(s) == ["3/7* 7/10"]                             # 6 is closed; the lone checker on 7 is hit


# -- the opening and the dice ------------------------------------------------------------------------

def test_both_roll_two_dice_the_higher_total_starts_and_plays_that_roll():
    outcomes = GAME.initial().chance_outcomes()
    assert sum(p for _, p in outcomes) == 1 and len(outcomes) == 40     # 20 rolls each: never 1-1
    probability = dict(outcomes)
    # White starts with 6-6 when Black rolls any other total: 35 of Black's 36 rolls, of the 36 x 36
    # pairs without equal totals (1296 - 146)
    assert probability[(GAME.roll_index, 6, 6, 1)] == Fraction(35, 1150)
    assert (GAME.roll_index, 1, 1, 1) not in probability
    s = GAME.initial()
    s.push((GAME.roll_index, 5, 4, 2))
    assert s.to_move == 2 and s.dice == (5, 4)
    assert texts(s) == ["1A/5A 1A/6A", "1A/5A 5A/10A"]           # the seed's 5/4: 5 and 6, or 10


def test_a_double_is_played_once_with_two_numbers_then_the_same_player_rolls_again():
    s = position({"1": 13, "5": 2}, roll=(3, 3))
    assert texts(s) == ["1/4 1/4", "1/4 4/7"]
    s.push_text("1/4 1/4")
    assert s.to_move == 1 and s.is_chance()


def test_both_numbers_if_possible_in_any_order():
    s = position({"3": 1, "9": 1}, {"1A": 11, "5": 2, "6": 2})  # 3+2 and 3+3 closed: the 2 only after the 4
    s.push(GAME.roll(4, 2))
    assert "3/7 7/9" in texts(s) and all(len(t.split()) == 2 for t in texts(s))


def test_if_only_one_number_can_be_used_either_may_be_and_the_other_is_lost():
    s = position({"10": 1}, {"1A": 11, "11A": 2, "10A": 2})     # 10+3 = 12A closed, 10+5 = 10A closed
    s.push(GAME.roll(5, 3))
    assert texts(s) == ["pass"]
    s = position({"10": 1}, {"1A": 11, "9A": 2, "10A": 2})      # 10+2 = 12 then 12+4 = 9A closed; 10+4 = 11A
    s.push(GAME.roll(4, 2))
    # no way to play both; each number alone is legal (no higher-die rule); 10/12 alone would leave a
    # lone checker in the corner, so the 2 cannot be played alone here: only the 4
    assert texts(s) == ["10/11A"]
    s = position({"9": 1}, {"1A": 11, "8A": 2, "10A": 2})       # 9+1 = 10, 10+5 = 10A closed; 9+5 = 11A, +1 = 10A
    s.push(GAME.roll(5, 1))
    assert texts(s) == ["9/10", "9/11A"]                          # the lower alone is legal too


# -- the start point --------------------------------------------------------------------------------

def test_while_the_start_point_is_occupied_each_number_leaves_it_or_goes_on_with_that_checker():
    s = position({"1": 13, "5": 2}, roll=(3, 2))
    assert texts(s) == ["1/3 1/4", "1/3 3/6"]                    # the checkers on 5 may not move
    s = position({"1": 1, "5": 14}, roll=(3, 2))
    # once the last checker has left, the other number moves any checker
    assert "1/3 5/8" in texts(s) and "1/4 5/7" in texts(s)


def test_hit_checkers_go_back_to_the_start_point_and_must_leave_it_before_anything_else():
    s = position({"3": 1, "8": 2}, {"1A": 11, "5": 1, "7A": 3}, roll=(2, 1))
    s.push_text("3/5* 8/9")
    assert s.stacks[GAME.topology.parse_square("1A")] == [TRACK.code[2]] * 12
    s.push(GAME.roll(6, 1))
    assert all(t.startswith("1A/") for t in texts(s))            # Black's 7A checkers must wait


# -- the corners ------------------------------------------------------------------------------------

def test_the_own_corner_is_first_taken_by_two_checkers_in_the_same_turn():
    s = position({"9": 1, "3": 3}, roll=(3, 1))
    assert not any(t.endswith("/12") or "/12 " in t for t in texts(s))   # one alone may not take it
    s = position({"9": 1, "10": 1, "3": 2}, roll=(3, 2))
    assert "9/12 10/12" in texts(s)


def test_afterwards_checkers_join_and_leave_it_singly():
    s = position({"12": 2, "9": 1, "3": 2}, roll=(3, 1))
    assert "3/4 9/12" in texts(s)                                 # a third joins alone
    s = position({"12": 3, "3": 2}, roll=(3, 1))
    assert "3/4 12/10A" in texts(s)                               # and one of three leaves alone


def test_its_last_two_checkers_leave_together_in_one_turn():
    s = position({"12": 2, "3": 2}, roll=(3, 1))
    assert not any("12/" in t and t.count("12/") == 1 for t in texts(s))
    s = position({"12": 2, "3": 2}, roll=(4, 3))
    assert "12/10A 12/9A" in texts(s)


def test_the_opponents_corner_is_closed_even_when_empty():
    s = position({"10": 1, "9": 1, "3": 1}, roll=(3, 3))          # 10+3 = 12A, Black's corner
    assert texts(s) and all("/12A" not in t for t in texts(s))


def test_two_checkers_that_would_reach_the_opponents_corner_may_stop_on_the_empty_own_corner():
    s = position({"10": 1, "11": 1, "3": 3}, roll=(3, 2))        # 10+3 and 11+2 would be 12A
    assert "10/12 11/12" in texts(s)
    s = position({"10": 1, "11": 1, "9": 1, "3": 2}, roll=(3, 2))  # 9/12 10/12 takes it directly
    assert "10/12 11/12" not in texts(s) and "9/12 10/12" in texts(s)
    s = position({"10": 1, "11": 1, "1": 1, "3": 2}, roll=(3, 2))  # a checker still on the start
    assert "10/12 11/12" not in texts(s)
    game = spielwerk.load("trictrac")
    assert game.initial().text() == GAME.initial().text()


# -- bearing off and hitting on the last points --------------------------------------------------------

def test_a_number_that_reaches_the_last_point_or_beyond_bears_off_at_any_time():
    s = position({"3A": 1, "8": 14}, roll=(2, 1))                 # 3A+2 = 1A: the last point
    assert "8/9 3A/off" in texts(s)
    s = position({"3A": 1, "8": 14}, roll=(6, 5))                 # beyond the last point
    assert "8/1A" not in " ".join(texts(s)) and any(t.endswith("3A/off") for t in texts(s))


def test_nothing_is_hit_on_1_and_1a():
    # Black's checkers on 1A never stop a White checker there: it is borne off, nothing is hit
    s = position({"3A": 1, "8": 14}, {"1A": 1, "6": 2}, roll=(2, 1))
    s.push_text("3A/off 8/9")
    assert s.stacks[GAME.topology.parse_square("1A")] == [TRACK.code[2]] and s.score[1] == 1


# -- points --------------------------------------------------------------------------------------------

def test_a_point_per_hit_and_per_checker_borne_off():
    s = position({"3": 1, "3A": 1, "8": 2}, {"1A": 11, "5": 1, "7A": 3}, roll=(2, 2))
    s.push_text("3/5* 5/7")
    assert s.score[1] == 1
    s = position({"3A": 1, "2A": 1, "8": 2}, roll=(3, 2))
    s.push_text("2A/off 3A/off")
    assert s.score[1] == 2


BRIDGE = {"7": 2, "8": 2, "9": 2, "10": 2, "11": 2}


def test_the_great_bridge_earns_two_and_two_more_every_later_turn_it_stands():
    s = position({**BRIDGE, "9": 3, "10": 3, "3": 2}, roll=(3, 2))  # 9/12 10/12 completes the bridge
    s.push_text("9/12 10/12")
    assert s.score[1] == 2
    s.push(GAME.roll(6, 5))
    s.push_text("1A/6A 1A/7A")
    s.push(GAME.roll(2, 1))
    s.push_text("3/4 3/5")                                        # the bridge still stands: 2 more
    assert s.score[1] == 4


def test_a_bridge_broken_during_the_turn_earns_nothing_at_its_end():
    s = position({**BRIDGE, "12": 2}, score=(2, 0), roll=(4, 1))
    s.push_text("7/11 7/8")                                        # 7 is left empty: the bridge is gone
    assert s.score[1] == 2


def test_twelve_points_win_at_once_even_in_the_middle_of_a_turn():
    s = position({"2A": 1, "3A": 1, "8": 2}, score=(11, 5), roll=(3, 2))
    # bearing off either checker first wins at once: the other number is not played
    assert "2A/off" in texts(s) and "3A/off" in texts(s)
    s.push_text("2A/off")
    out = s.outcome()
    assert out is not None and out.winner == 1 and out.result == "points" and out.token == "1-0"


@pytest.mark.parametrize("loser, value", [(0, 4), (1, 3), (2, 3), (3, 2), (6, 2), (7, 1), (11, 1)])
def test_the_win_counts_four_three_two_or_one_times_by_the_losers_points(loser, value):
    s = position({"2A": 1, "8": 2}, score=(11, loser), roll=(3, 2))
    s.push_text("2A/off")
    assert s.outcome().value == value


def test_the_target_is_an_option():
    game = spielwerk.load("trictrac", target=3)
    s = position({"2A": 1, "3A": 1, "8": 2}, score=(2, 0), roll=(3, 2), game=game)
    s.push_text("2A/off")
    assert s.outcome().winner == 1


# -- notation and invariants ------------------------------------------------------------------------------

def test_moves_are_written_step_by_step_in_the_seeds_point_names_and_read_in_many_spellings():
    s = position({"1": 13, "5": 2}, roll=(5, 4))
    for text in ("1/5 5/10", "1-5-10", "1/5/10", "1 – 5 – 10", "1/5, 5/10"):
        assert s.move_text(GAME.parse_move(s, text)) == "1/5 5/10"
    assert s.move_text(GAME.parse_move(s, "1/6 1/5")) == "1/5 1/6"
    with pytest.raises(IllegalMoveError):
        s.push_text("5/9 5/10")                                    # the start point comes first


def walk(seed, plies):
    return random_walk(GAME, seed, plies)


@settings(max_examples=60, deadline=None)
@given(st.tuples(st.integers(0, 2**32), st.integers(0, 150)))
def test_fifteen_checkers_each_apply_undo_hash_and_notation_round_trip(recipe):
    s = walk(*recipe)
    assert checkers_per_player(TRACK, s) == [15, 15]       # points, start and borne off
    assert GAME.parse_position(s.text()).text() == s.text()
    check_moves_round_trip(s)


# -- the seed's own examples ------------------------------------------------------------------------------

def test_seed_white_rolls_5_4_from_the_start_one_checker_on_5_and_one_on_6_or_one_on_10():
    s = GAME.initial()
    s.push((GAME.roll_index, 5, 4, 1))
    assert texts(s) == ["1/5 1/6", "1/5 5/10"]


def test_seed_the_corner_taken_with_4_2_by_a_checker_from_10_and_one_from_8():
    s = position({"8": 1, "10": 1, "3": 2}, roll=(4, 2))
    assert "8/12 10/12" in texts(s)


# -- the readings that are options --------------------------------------------------------------------------

def test_a_lone_checker_may_pass_through_the_empty_own_corner_unless_the_option_says_no():
    s = position({"9": 2, "10": 1, "8": 1}, roll=(3, 2))
    assert "10/12 12/10A" in texts(s)                            # on the corner and on again
    game = spielwerk.load("trictrac", corner_pass_through=False)
    s = position({"9": 2, "10": 1, "8": 1}, roll=(3, 2), game=game)
    assert texts(s) == ["8/11 9/11", "9/11 11/11A", "9/12 10/12"]   # 9/11/11A does not touch 12


def test_stopping_short_can_be_switched_off():
    game = spielwerk.load("trictrac", stop_short=False)
    s = position({"10": 1, "11": 1, "3": 3}, roll=(3, 2), game=game)
    assert "10/12 11/12" not in texts(s)


# -- a series of games -------------------------------------------------------------------------------------

def test_a_series_is_twelve_games_and_the_winner_may_go_on_from_the_position_reached():
    assert GAME.series_games == 12
    # White at 11 completes the great bridge: 13 points, one above the target
    s = position({**BRIDGE, "7": 1, "12": 2, "5": 1}, score=(11, 4), roll=(2, 1))
    s.push_text("5/7")
    assert s.outcome().winner == 1 and s.score[1] == 13
    nxt = GAME.next_game(s, carry_over=True)
    assert nxt.stacks == s.stacks                                # the position goes on
    assert nxt.score[1:] == [1, 0]                               # his point above 12 counts; the loser's lapse
    assert nxt.is_chance() and len(nxt.chance_outcomes()) == 40   # the opening roll decides who starts
    fresh = GAME.next_game(s)
    assert fresh.text() == GAME.initial().text()                 # a new start: points above 12 lapse


def test_going_on_can_be_switched_off():
    game = spielwerk.load("trictrac", carry_over=False)
    s = position({"3A": 1}, score=(11, 0), roll=(3, 2), game=game)
    s.push_text("3A/off")
    with pytest.raises(spielwerk.OptionError):
        game.next_game(s, carry_over=True)
    assert game.next_game(s).text() == game.initial().text()


def test_in_a_game_that_goes_on_checkers_all_borne_off_return_to_the_start_point_and_play_on():
    # White has 14 off and few points: bearing off his last checker does not win; all fifteen go
    # back to point 1 at once (not a move) and the other number leaves it
    s = position({"3A": 1}, score=(3, 0), roll=(3, 2))
    key, h = s.key(), s.hash
    assert "3A/off 1/3" in texts(s) and "3A/off 1/4" in texts(s)
    move = GAME.parse_move(s, "3A/off 1/4")
    s.push(move)
    assert s.stacks[GAME.topology.parse_square("1")] == [TRACK.code[1]] * 14
    assert len(s.stacks[TRACK.off[1]]) == 0 and s.score[1] == 4 and s.hash == GAME.rehash(s)
    s.pop()
    assert s.key() == key and s.hash == h
