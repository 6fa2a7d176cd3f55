"""Puff (NOTES.md section 7, seed 001): one test per rule sentence, on hand-built positions."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from walking import check_moves_round_trip, checkers_per_player, random_walk
from hypothesis import strategies as st

import spielwerk

GAME = spielwerk.load("puff")
TRACK = next(p for p in GAME.primitives if p.name == "track")


def position(me=None, opp=None, me_out=0, opp_out=0, me_bar=0, to_move=1, roll=None, doubles=(0, 0), game=GAME):
    """Checkers on the mover's own point numbers (24 = the first point of his path, 1 = the last),
    the opponent's given in the MOVER's numbers too; checkers not listed are borne off. The
    opponent keeps two checkers on the mover's 10-point unless told otherwise."""
    track = next(p for p in game.primitives if p.name == "track")
    theirs = {25 - k: n for k, n in ({10: 2} if opp is None else opp).items()}  # into his own numbers
    stacks = [[] for _ in range(game.topology.size)]
    for p, points, out, bar in ((to_move, me or {}, me_out, me_bar), (3 - to_move, theirs, opp_out, 0)):
        code = track.code[p]
        for own, n in points.items():
            stacks[track.paths[p][24 - own]] = [code] * n
        stacks[track.out[p]] = [code] * out
        stacks[track.bar[p]] = [code] * bar
        stacks[track.off[p]] = [code] * (15 - sum(points.values()) - out - bar)
    s = game.state_from_board(stacks, 10, to_move)
    s.tally = [1, *doubles] if to_move == 1 else [1, doubles[1], doubles[0]]
    s.hash = game.rehash(s)
    if roll:
        s.push(game.roll(*roll))
    return s


def texts(s):
    return sorted(s.move_text(m) for m in s.legal_moves())


def test_all_checkers_start_off_the_board():
    s = GAME.initial()
    for p in (1, 2):
        me, _ = TRACK.counts(s, p)
        assert me[TRACK.N + 2] == 15 and sum(me[1:TRACK.N + 1]) == 0


def test_white_enters_on_1_to_6_and_moves_towards_1a_black_the_other_way():
    topo = GAME.topology
    assert [topo.name(sq) for sq in TRACK.paths[1][:6]] == ["1", "2", "3", "4", "5", "6"]
    assert topo.name(TRACK.paths[1][-1]) == "1A"
    assert [topo.name(sq) for sq in TRACK.paths[2][:6]] == ["1A", "2A", "3A", "4A", "5A", "6A"]


def test_the_higher_total_starts_with_a_fresh_roll():
    s = GAME.initial()
    outcomes = s.chance_outcomes()
    assert [p for _, p in outcomes] == [Fraction(1, 2), Fraction(1, 2)]
    s.push(outcomes[1][0])
    assert s.to_move == 2 and s.dice is None and s.is_chance() and len(s.chance_outcomes()) == 21


def test_each_number_enters_one_checker_on_that_point_of_the_first_quarter():
    s = GAME.initial()
    s.push(s.chance_outcomes()[0][0])
    s.push(GAME.roll(5, 2))
    assert texts(s) == ["out/23 out/20"]        # points 2 and 5 of White's path: own 23 and 20


def test_entering_is_blocked_by_the_opponents_points_and_hits_a_lone_checker():
    s = position({}, {19: 1}, me_out=15, opp_out=14, roll=(6, 4))         # a lone checker where the 6 enters
    assert texts(s) == ["out/21 out/19*"]
    s = position({}, {21: 2}, me_out=15, opp_out=13, roll=(4, 2))         # the 4 would enter on a closed point
    assert texts(s) == ["out/23"]                                         # the 2 enters; the 4 is lost


def test_an_entering_checker_does_not_go_on():
    s = position({24: 1}, me_out=14, roll=(2, 1))
    assert all(t.count("out/") == 2 for t in texts(s))           # both numbers enter, nothing moves on


def test_only_with_all_fifteen_in_may_checkers_move_on_and_left_numbers_may_be_played():
    s = position({24: 10, 23: 4}, me_out=1, roll=(3, 1))
    # either number enters the last checker; the other then moves any checker on
    assert texts(s) == ["out/22 23/22", "out/22 24/23", "out/24 23/20", "out/24 24/21"]
    s = position({24: 10, 23: 3}, me_out=2, roll=(3, 1))
    assert texts(s) == ["out/24 out/22"]                         # while checkers wait, numbers enter them


def test_the_checker_that_came_in_last_may_go_on_unless_the_option_says_no():
    # White's 24 (his first point) is closed, so the 1 cannot enter: the 3 enters, the 1 moves on
    s = position({23: 14}, {24: 2}, me_out=1, opp_out=0, roll=(3, 1))
    assert texts(s) == ["out/22 22/21", "out/22 23/22"]         # it came in on 22 and went on
    game = spielwerk.load("puff", entered_moves_on=False)
    s = position({23: 14}, {24: 2}, me_out=1, opp_out=0, roll=(3, 1), game=game)
    assert texts(s) == ["out/22 23/22"]


def test_a_turn_that_starts_with_checkers_waiting_follows_backgammons_order_unless_the_option_says_so():
    # NOTES' "lower number first" is a rule for moving: entering uses both numbers in either order,
    # else the higher one (our reading); the option entering_order: lower_first applies it here too
    s = position({}, {23: 2}, me_out=15, opp_out=13, roll=(4, 2))  # the 2 would enter on a closed point
    assert texts(s) == ["out/21"]
    game = spielwerk.load("puff", entering_order="lower_first")
    s = position({}, {23: 2}, me_out=15, opp_out=13, roll=(4, 2), game=game)
    assert texts(s) == ["pass"]                                  # the lower cannot be played: roll lost


def test_the_lower_number_first_if_it_cannot_be_played_the_roll_is_lost():
    s = position({13: 1}, {12: 2}, roll=(5, 1))                  # 12 is closed: the 1 cannot be played
    assert texts(s) == ["pass"]


def test_if_only_the_lower_can_be_played_the_higher_is_lost():
    s = position({13: 1}, {7: 2, 8: 2}, roll=(5, 1))             # after 13/12 the 5 would end on 7: closed
    assert texts(s) == ["13/12"]


def test_the_first_double_gives_n_n_and_twice_the_face_underneath():
    s = position({13: 4}, roll=(2, 2))
    assert {"13/11(2)", "13/11(2) 13/8", "13/11(2) 13/8(2)", "13/9 13/8(2)"} <= set(texts(s))


def test_later_doubles_give_four_of_each():
    first = position({13: 4}, roll=(2, 2))
    later = position({13: 4}, roll=(2, 2), doubles=(1, 0))
    pips = lambda s: max(sum((int(a) - (0 if b == "off" else int(b.rstrip("*")))) * (int(n) if n else 1)  # noqa: E731
                             for a, b, n in [(x.split("/")[0], x.split("/")[-1].split("(")[0],
                                              x.split("(")[1].rstrip(")") if "(" in x else "")
                                             for x in t.split()]) for t in texts(s))
    assert pips(first) == 2 * 2 + 2 * 5 and pips(later) == 4 * 2 + 4 * 5
    theirs = position({13: 4}, roll=(2, 2), doubles=(0, 3))       # the opponent's doubles do not count
    assert pips(theirs) == pips(first)


def test_the_faces_underneath_are_optional_and_only_after_all_top_numbers():
    s = position({13: 4}, roll=(2, 2))
    assert "13/11(2)" in texts(s)                               # stopping after the top numbers
    s = position({13: 1}, {10: 2}, roll=(3, 3))                 # no 3 can be played: 10 is closed
    assert texts(s) == ["pass"]


def test_after_a_double_the_same_player_rolls_again_and_doubles_are_counted():
    s = position({13: 4}, roll=(2, 2))
    s.push_text("13/11(2)")
    assert s.to_move == 1 and s.is_chance() and s.tally[1] == 1


def test_bearing_off_as_in_backgammon_and_the_first_to_bear_off_all_wins():
    s = position({2: 1}, roll=(6, 1))
    assert texts(s) == ["2/off"]
    s.push(s.legal_moves()[0])
    assert s.outcome().winner == 1
    s = position({2: 1}, me_out=1, roll=(6, 1))                 # not all in: no bearing off
    assert not any("off" in t for t in texts(s))


def walk(seed, turns):
    return random_walk(GAME, seed, turns, by_step=True)  # turns die by die: no roll's every result listed


@settings(max_examples=20, deadline=None)
@given(st.tuples(st.integers(0, 2**32), st.integers(0, 50)))
def test_fifteen_checkers_each_apply_undo_and_notation(recipe):
    s = walk(*recipe)
    assert checkers_per_player(TRACK, s) == [15, 15]       # board, bar, out and borne off
    before = s.copy()
    while before.dice is not None:
        before.pop()
    assert GAME.parse_position(before.text()).text() == before.text()
    moves = s.legal_moves()
    # a later double can have tens of thousands of distinct results: check a sample of them
    check_moves_round_trip(s, moves if len(moves) <= 60 else random.Random(len(moves)).sample(moves, 60))


def test_seed_white_rolls_4_2_and_enters_one_checker_on_4_and_one_on_2():
    s = GAME.initial()
    s.push(s.chance_outcomes()[0][0])
    s.push(GAME.roll(4, 2))
    assert [GAME.topology.name(b) for _, b in s.legal_moves()[0][2]] in (["2", "4"], ["4", "2"])
    assert len(s.legal_moves()) == 1


def test_seed_a_first_3_3_enters_two_checkers_on_3_and_two_on_4():
    s = GAME.initial()
    s.push(s.chance_outcomes()[0][0])
    s.push(GAME.roll(3, 3))
    assert "out/22(2) out/21(2)" in texts(s)                     # White's 3 and 4 are his own 22 and 21


def test_the_position_text_carries_each_players_doubles_and_may_leave_them_out():
    s = position({13: 4}, roll=(2, 2))
    s.push_text("13/11(2)")
    assert s.text().endswith(" 1 11 1 0")                        # White to move again, one double each... his
    back = GAME.parse_position(s.text())
    assert back.tally[1:] == [1, 0] and back.hash == s.hash
    start = GAME.initial().text()
    assert start.endswith(" 1 0 0 0")
    assert GAME.parse_position(start[:-4]).text() == start        # "1 0": no doubles yet
