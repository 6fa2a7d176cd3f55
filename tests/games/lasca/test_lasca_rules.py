"""Lasca's rules, one test (or group) per sentence of NEW-GAMES.md section 2, on small positions.

Positions are built square by square (``lasca_board.pos``); a column is written bottom first, a
piece as its owner's digit and ``O`` for an officer: ``12O`` is a white soldier under a black
officer, commanded by Black.
"""

from __future__ import annotations

import pytest
from lasca_board import LASCA, START, USED, after, col, moves, pos

from spielwerk import (AmbiguousMoveError, IllegalMoveError, InvalidMoveError, InvalidPositionError,
                       MoveError)

# -- Board: 7x7, only the 25 squares whose file and rank have the same parity ----------------------


def test_board_has_the_25_squares_whose_file_and_rank_have_the_same_parity():
    topo = LASCA.topology
    assert (topo.width, topo.height) == (7, 7)
    used = [topo.name(sq) for sq in range(topo.size) if topo.exists(sq)]
    assert len(used) == 25 and sorted(used) == sorted(USED)
    assert all("abcdefg".index(sq[0]) % 2 == (int(sq[1]) - 1) % 2 for sq in used)
    assert sum(1 for sq in range(topo.size) if not topo.exists(sq)) == 24
    for name in ("b1", "a2", "d1", "g2", "b7", "d3"):
        with pytest.raises(ValueError):
            topo.parse_square(name)


def test_only_the_used_squares_can_be_named_in_a_move_or_stand_in_a_position():
    st = LASCA.initial()
    with pytest.raises(InvalidMoveError, match="not a square"):
        st.push_text("b3-c4")
    with pytest.raises(InvalidPositionError):  # five cells on the 7th rank, which has four squares
        LASCA.parse_position("x5/x3/x4/x3/x4/x3/x4 1")
    with pytest.raises(InvalidPositionError):  # four cells on the 6th rank, which has three
        LASCA.parse_position("x4/x4/x4/x3/x4/x3/x4 1")


def test_white_soldiers_start_on_ranks_1_to_3_black_on_5_to_7_and_rank_4_is_empty():
    st = LASCA.initial()
    assert st.text() == START
    for sq in USED:
        rank = int(sq[1])
        assert col(st, sq) == ("1" if rank <= 3 else "2" if rank >= 5 else ""), sq
    assert sum(col(st, sq) == "1" for sq in USED) == 11
    assert sum(col(st, sq) == "2" for sq in USED) == 11


def test_white_moves_first_and_has_the_six_steps_of_the_third_rank():
    st = LASCA.initial()
    assert st.to_move == 1 and st.outcome() is None
    assert moves(st) == {"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4"}


# -- Columns: owned by the commander (the top piece), soldier or officer after it --------------------


def test_a_column_belongs_to_the_player_whose_piece_is_on_top():
    st = pos({"c3": "21", "e5": "12", "a1": "2"}, to_move=1)
    assert moves(st) == {"c3-b4", "c3-d4"}          # White moves the column with a white top
    with pytest.raises(IllegalMoveError, match="not the player to move"):
        st.push_text("e5-d4")                       # but not the one with a black top
    with pytest.raises(IllegalMoveError, match="not the player to move"):
        st.push_text("a1-b2")
    st = pos({"c3": "21", "e5": "12", "a1": "2"}, to_move=2)
    assert moves(st) == {"e5-d4", "e5-f4"}          # a black top: Black's column (a1 cannot move)


def test_a_column_moves_as_a_whole():
    st = after(pos({"c3": "2O21"}), "c3-d4")
    assert col(st, "c3") == "" and col(st, "d4") == "2O21"


def test_a_column_is_a_soldier_or_an_officer_after_its_commander():
    # a white soldier on a black officer: a soldier of White's, forward only
    st = pos({"d4": "2O1", "a7": "2"})
    assert moves(st) == {"d4-c5", "d4-e5"}
    # a black officer on a white soldier: an officer of Black's, every diagonal
    st = pos({"d4": "12O", "g1": "1"}, to_move=2)
    assert moves(st) == {"d4-c5", "d4-e5", "d4-c3", "d4-e3"}
    # a black soldier on a white officer: a soldier of Black's, towards rank 1 only
    st = pos({"d4": "1O2", "g1": "1"}, to_move=2)
    assert moves(st) == {"d4-c3", "d4-e3"}


# -- Steps ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("player,square,expected", [
    (1, "d4", {"d4-c5", "d4-e5"}),    # White's forward is towards rank 7
    (2, "d4", {"d4-c3", "d4-e3"}),    # Black's towards rank 1
    (1, "a3", {"a3-b4"}),             # on the edge: one diagonal only
    (2, "g5", {"g5-f4"}),
])
def test_a_soldier_moves_one_square_diagonally_forward(player, square, expected):
    other = "g1" if player == 2 else "a7"
    st = pos({square: str(player), other: str(3 - player)}, to_move=player)
    assert moves(st) == expected


@pytest.mark.parametrize("player", [1, 2])
def test_an_officer_moves_one_square_diagonally_in_any_direction(player):
    other = "g1" if player == 2 else "a7"
    st = pos({"d4": f"{player}O", other: str(3 - player)}, to_move=player)
    assert moves(st) == {"d4-c5", "d4-e5", "d4-c3", "d4-e3"}
    st = pos({"a1": f"{player}O", other: str(3 - player)}, to_move=player)
    assert moves(st) == {"a1-b2"}     # from the corner only one diagonal exists


def test_a_step_goes_one_square_only():
    st = pos({"d4": "1O", "a7": "2"})
    with pytest.raises(IllegalMoveError, match="2 squares"):
        st.push_text("d4-f6")


def test_a_step_goes_to_an_empty_square_only():
    # own columns block; an enemy column that cannot be jumped (its far side is taken) blocks too
    st = pos({"c3": "1", "b4": "1", "d4": "2", "e5": "2", "a7": "2"})
    assert moves(st) == {"b4-a5", "b4-c5"}
    with pytest.raises(IllegalMoveError):
        st.push_text("c3-d4")
    with pytest.raises(IllegalMoveError):
        st.push_text("c3-b4")


def test_a_soldier_never_steps_backwards_or_sideways():
    st = pos({"d4": "1", "a7": "2"})
    for text in ("d4-c3", "d4-e3"):
        with pytest.raises(IllegalMoveError):
            st.push_text(text)
    with pytest.raises(InvalidMoveError):  # sideways is off the used squares
        st.push_text("d4-c4")


# -- Capturing is compulsory ------------------------------------------------------------------------


def test_capturing_is_compulsory():
    # White could step a1-b2, c3-b4, g1-f2 ... but the capture c3xe5 must be played
    st = pos({"c3": "1", "a1": "1", "g1": "1", "d4": "2", "a7": "2"})
    assert moves(st) == {"c3xe5"}


def test_capturing_is_compulsory_for_every_column_not_only_the_capturer():
    st = pos({"c3": "1", "g3": "1O", "d4": "2", "a7": "2"})
    assert moves(st) == {"c3xe5"}          # the officer on g3 may not step meanwhile


def test_a_step_is_illegal_while_a_capture_exists():
    st = pos({"c3": "1", "g3": "1O", "d4": "2", "a7": "2"})
    with pytest.raises(IllegalMoveError):
        st.push_text("g3-f4")


def test_the_message_for_a_step_while_a_capture_exists_says_capturing_is_compulsory():
    st = pos({"c3": "1", "g3": "1O", "d4": "2", "a7": "2"})
    with pytest.raises(IllegalMoveError, match="(?i)captur|compulsory|must jump"):
        st.push_text("g3-f4")


# -- A capture jumps an adjacent enemy column to the empty square right behind it --------------------


def test_a_capture_jumps_diagonally_over_an_adjacent_enemy_column_to_the_empty_square_behind():
    st = pos({"c3": "1", "d4": "2", "a7": "2"})
    assert moves(st) == {"c3xe5"}
    nxt = after(st, "c3xe5")
    assert col(nxt, "c3") == "" and col(nxt, "d4") == "" and col(nxt, "e5") == "21"


@pytest.mark.parametrize("cells,why", [
    ({"c3": "1", "e5": "2", "a7": "2"}, "not adjacent: a jump goes over the next square only"),
    ({"c3": "1", "d4": "2", "e5": "2"}, "the square behind is taken by an enemy"),
    ({"c3": "1", "d4": "2", "e5": "1", "a7": "2"}, "the square behind is taken by an own column"),
    ({"c3": "1", "d4": "1", "a7": "2"}, "an own column is never jumped"),
    ({"c3": "1", "d4": "21", "a7": "2"}, "a column with a white top is White's, whatever lies below"),
    ({"b6": "1", "a7": "2", "c7": "2", "g1": "2"}, "no square behind a column on the edge"),
    ({"a3": "1", "b4": "2", "c5": "2", "g1": "2"}, "a5 is free, but a5 is not behind b4"),
])
def test_no_capture_when_the_jump_is_not_over_an_adjacent_enemy_to_an_empty_square(cells, why):
    st = pos(cells)
    assert not any("x" in t for t in moves(st)), why


def test_a_soldier_captures_forward_only():
    st = pos({"e5": "1", "d4": "2", "f4": "2", "a7": "2"})
    assert moves(st) == {"e5-d6", "e5-f6"}          # the black columns behind are not jumped
    st = pos({"c3": "2", "d4": "1", "b4": "1", "a1": "1"}, to_move=2)
    assert moves(st) == {"c3-b2", "c3-d2"}          # a black soldier does not jump towards rank 7


def test_a_black_soldier_captures_towards_rank_1():
    st = pos({"e5": "2", "d4": "1", "a1": "1"}, to_move=2)
    assert moves(st) == {"e5xc3"}


@pytest.mark.parametrize("player,over,landing", [
    (1, "c3", "b2"), (1, "e3", "f2"), (1, "c5", "b6"), (1, "e5", "f6"),
    (2, "c3", "b2"), (2, "e3", "f2"), (2, "c5", "b6"), (2, "e5", "f6"),
])
def test_an_officer_captures_in_any_direction(player, over, landing):
    st = pos({"d4": f"{player}O", over: str(3 - player)}, to_move=player)
    assert moves(st) == {f"d4x{landing}"}
    assert col(after(st, f"d4x{landing}"), landing) == f"{3 - player}{player}O"


# -- Only the top piece is taken, put at the bottom; the rest stays under its new commander ---------


def test_the_capturer_takes_only_the_top_piece_and_puts_it_at_the_bottom_of_its_own_column():
    st = pos({"c3": "2O1", "d4": "1122", "a7": "2"})
    nxt = after(st, "c3xe5")
    assert col(nxt, "e5") == "22O1"         # the black soldier from d4's top, under the column
    assert col(nxt, "d4") == "112"          # the rest stays where it was


def test_the_rest_of_the_jumped_column_is_now_commanded_by_its_new_top_piece():
    st = pos({"c3": "1", "d4": "12", "a7": "2"})
    nxt = after(st, "c3xe5")
    assert col(nxt, "d4") == "1" and col(nxt, "e5") == "21"
    # d4 is now White's: it moves for White (and Black, with only a7, cannot touch it)
    nxt.push_text("a7-b6")
    assert "d4-c5" in moves(nxt) and "d4-e5" not in moves(nxt)


def test_a_jumped_column_changes_hands_when_its_new_top_belongs_to_the_capturer():
    # Black takes the white top of d4 (2 1): the black soldier left there is Black's column now
    st = pos({"e5": "2", "d4": "21", "g1": "1"}, to_move=2)
    nxt = after(st, "e5xc3")
    assert col(nxt, "d4") == "2" and col(nxt, "c3") == "12"
    assert moves(nxt) == {"g1-f2"}                       # White has nothing on d4 any more
    nxt.push_text("g1-f2")
    assert moves(nxt) == {"d4-e3", "c3-b2", "c3-d2"}     # d4 steps for Black (c3 is Black's own)


# -- Chains ---------------------------------------------------------------------------------------------


def test_after_a_jump_the_same_column_must_go_on_jumping_while_it_can():
    st = pos({"a1": "1", "b2": "2", "d4": "2", "g7": "2"})
    assert moves(st) == {"a1xc3xe5"}
    nxt = after(st, "a1xc3xe5")
    assert col(nxt, "e5") == "221" and col(nxt, "b2") == "" and col(nxt, "d4") == ""


def test_an_incomplete_chain_is_refused_with_a_reason():
    st = pos({"a1": "1", "b2": "2", "d4": "2", "g7": "2"})
    before = st.text()
    with pytest.raises(IllegalMoveError, match="not complete: the chain must go on"):
        st.push_text("a1xc3")
    assert st.text() == before and st.ply == 0


def test_a_chain_goes_on_over_a_column_whose_new_commander_is_the_capturers_own():
    # the chain is decided by the columns' tops at each jump: b2 (1 2) gives its top, then d4
    st = pos({"a1": "1", "b2": "12", "d4": "2", "g7": "2"})
    assert moves(st) == {"a1xc3xe5"}
    assert col(after(st, "a1xc3xe5"), "b2") == "1"


def test_the_player_chooses_among_chains_freely_there_is_no_rule_of_the_most_captures():
    st = pos({"a1": "1", "b2": "2", "d4": "2", "e1": "1", "f2": "2"})
    assert moves(st) == {"a1xc3xe5", "e1xg3"}           # two captures or one: both legal
    nxt = after(st, "e1xg3")
    assert col(nxt, "g3") == "21" and col(nxt, "b2") == "2"


def test_a_column_chooses_among_its_own_chains_freely():
    # the officer on c3 may take one piece (over b4) or two (over d4, then f6)
    st = pos({"c3": "1O", "b4": "2", "d4": "2", "f6": "2"})
    assert moves(st) == {"c3xa5", "c3xe5xg7"}
    assert col(after(st, "c3xa5"), "a5") == "21O"


def test_a_column_may_not_be_jumped_twice_in_one_chain():
    # the officer takes the top of the two-high d4 and may not jump it again back to c3
    st = pos({"c3": "1O", "d4": "22", "a7": "2"})
    assert moves(st) == {"c3xe5"}
    nxt = after(st, "c3xe5")
    assert col(nxt, "d4") == "2" and col(nxt, "e5") == "21O"


def test_a_column_may_not_be_jumped_twice_even_after_a_round_trip():
    # round trips of the officer: back on c3, d4 and d2 (both still standing) were jumped already
    st = pos({"c3": "1O", "d4": "22", "f4": "2", "f2": "2", "d2": "22", "a7": "2"})
    assert moves(st) == {"c3xe5xg3xe1xc3", "c3xe1xg3xe5xc3"}
    nxt = after(st, "c3xe5xg3xe1xc3")
    assert col(nxt, "c3") == "22221O" and col(nxt, "d4") == "2" and col(nxt, "d2") == "2"


def test_the_start_square_is_empty_during_the_chain_and_may_be_landed_on_again():
    st = pos({"c3": "1O", "d4": "2", "f4": "2O", "f2": "2", "d2": "2"})
    assert moves(st) == {"c3xe5xg3xe1xc3", "c3xe1xg3xe5xc3"}
    nxt = after(st, "c3xe5xg3xe1xc3")
    assert col(nxt, "c3") == "222O21O"
    assert [sq for sq in USED if col(nxt, sq)] == ["c3"]
    assert nxt.outcome().winner == 1                 # Black has nothing left


def test_a_chain_is_one_move_named_by_its_start_and_landing_squares():
    st = pos({"a1": "1", "b2": "2", "d4": "2", "g7": "2"})
    (move,) = st.legal_moves()
    assert st.move_text(move) == "a1xc3xe5"
    st.push(move)
    assert st.to_move == 2 and len(st.stack) == 1    # one move, then Black is to move


# -- Promotion -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("cells,player,text,square,column", [
    ({"b6": "1", "g1": "2"}, 1, "b6-a7", "a7", "1O"),       # White on rank 7
    ({"f6": "1", "g1": "2"}, 1, "f6-g7", "g7", "1O"),
    ({"b2": "2", "g7": "1"}, 2, "b2-c1", "c1", "2O"),       # Black on rank 1
    ({"f2": "2", "g7": "1"}, 2, "f2-e1", "e1", "2O"),
])
def test_a_soldier_reaching_the_far_rank_by_a_step_becomes_an_officer(cells, player, text, square, column):
    nxt = after(pos(cells, player), text)
    assert col(nxt, square) == column


@pytest.mark.parametrize("cells,player,text,square,column", [
    ({"c5": "1", "d6": "2", "a1": "2"}, 1, "c5xe7", "e7", "21O"),
    ({"e3": "2", "d2": "1", "g7": "1"}, 2, "e3xc1", "c1", "12O"),
])
def test_a_soldier_reaching_the_far_rank_by_a_capture_becomes_an_officer(cells, player, text, square, column):
    st = pos(cells, player)
    assert moves(st) == {text}
    assert col(after(st, text), square) == column


def test_promotion_turns_over_only_the_top_piece():
    nxt = after(pos({"b6": "221", "g1": "2"}), "b6-a7")
    assert col(nxt, "a7") == "221O"
    nxt = after(pos({"b2": "1O12", "g7": "1"}, 2), "b2-a1")
    assert col(nxt, "a1") == "1O12O"


@pytest.mark.parametrize("cells,player,only,officer_chain", [
    # the new officer on e7 could go on over f6 to g5; the promotion ends the move instead
    ({"c5": "1", "d6": "2", "f6": "2", "a1": "2"}, 1, "c5xe7", "c5xe7xg5"),
    # Black: the new officer on c1 could go on over b2 to a3
    ({"e3": "2", "d2": "1", "b2": "1", "g7": "1"}, 2, "e3xc1", "e3xc1xa3"),
])
def test_promotion_ends_the_move_even_in_a_chain(cells, player, only, officer_chain):
    st = pos(cells, player)
    assert moves(st) == {only}
    nxt = after(st, only)
    assert nxt.to_move == 3 - player                 # the move is over
    # the same column already an officer goes on: its arrival on the far rank changes nothing
    officer = {sq: (c + "O" if c == str(player) and sq == only[:2] else c) for sq, c in cells.items()}
    assert moves(pos(officer, player)) == {officer_chain}


def test_promotion_by_capture_in_the_middle_of_a_longer_chain_ends_it_there():
    # a1 x b2 -> c3 x d4 -> e5 x d6 -> c7 (promotion), though c7 x b6 -> a5 would follow for an officer
    st = pos({"a1": "1", "b2": "2", "d4": "2", "d6": "2", "b6": "2", "g1": "2"})
    assert "a1xc3xe5xc7" in moves(st)
    assert not any(t.startswith("a1xc3xe5xc7x") for t in moves(st))
    assert col(after(st, "a1xc3xe5xc7"), "c7") == "2221O"


def test_a_captured_officer_keeps_its_rank_and_commands_again_as_an_officer():
    st = pos({"c3": "1", "a1": "1", "d4": "2O", "f6": "2", "g7": "2"})
    st.push_text("c3xe5")
    assert col(st, "e5") == "2O1"               # the black officer keeps its rank under the soldier
    assert moves(st) == {"f6xd4"}               # Black takes the white top back
    st.push_text("f6xd4")
    assert col(st, "e5") == "2O" and col(st, "d4") == "12"
    st.push_text("a1-b2")
    # e5 is a black officer again: it steps backwards (towards rank 7) too
    assert moves(st) == {"e5-f6", "e5-d6", "e5-f4", "d4-c3", "d4-e3", "g7-f6"}


def test_a_captured_officer_of_the_capturers_own_side_commands_as_an_officer_when_uncovered():
    # a white officer buried under a black soldier (1O 2): White captures the black top, and the
    # white officer left on the square is an officer of White's
    st = pos({"c3": "1", "d4": "1O2", "a7": "2"})
    st.push_text("c3xe5")
    assert col(st, "d4") == "1O" and col(st, "e5") == "21"
    st.push_text("a7-b6")
    assert {"d4-c3", "d4-e3"} <= moves(st)


# -- Who cannot move loses ------------------------------------------------------------------------


@pytest.mark.parametrize("cells,to_move,why", [
    ({"a1": "1", "b2": "2", "c3": "2", "g7": "2"}, 1, "blocked by an enemy that cannot be jumped"),
    ({"a1": "1", "b2": "1", "a3": "2", "c3": "2", "d4": "2"}, 1, "blocked by own and enemy columns"),
    ({"g7": "2"}, 1, "no column of his own"),
    ({"c3": "12", "e5": "2"}, 1, "White's only piece lies under a black one"),
    ({"a1": "1"}, 2, "Black has no column"),
])
def test_a_player_who_cannot_move_loses(cells, to_move, why):
    st = pos(cells, to_move)
    assert st.legal_moves() == [], why
    out = st.outcome()
    assert out is not None and out.winner == 3 - to_move, why
    assert out.token == ("1-0" if to_move == 2 else "0-1")
    assert LASCA.perft(st, 1) == 0 and LASCA.perft(st, 0) == 1


def test_the_game_ends_as_soon_as_the_player_to_move_has_no_move():
    st = pos({"c3": "1", "a1": "1", "d4": "12"})
    st.push_text("c3xe5")
    out = st.outcome()
    assert out.winner == 1 and out.token == "1-0" and out.result == "no_moves"
    assert st.legal_moves() == []
    with pytest.raises(IllegalMoveError):
        st.push_text("e5-d4")


def test_a_blocked_player_loses_though_he_still_has_columns():
    # Black's soldiers on b2 and d2 face white soldiers on rank 1, with nothing behind them to
    # land on: Black cannot move and loses, with pieces on the board
    st = pos({"a1": "1", "c1": "1", "e1": "1", "b2": "2", "d2": "2"}, to_move=2)
    assert st.legal_moves() == [] and st.outcome().winner == 1


def test_there_is_no_draw_positions_repeat_without_ending_the_game():
    st = pos({"a1": "1O", "g7": "2O"})
    for _ in range(6):
        for text in ("a1-b2", "g7-f6", "b2-a1", "f6-g7"):
            st.push_text(text)
            assert st.outcome() is None
    assert st.text() == pos({"a1": "1O", "g7": "2O"}).text() == "x3,2O/x3/x4/x3/x4/x3/1O,x3 1"


# -- Notation ------------------------------------------------------------------------------------------


def test_a_step_is_written_from_dash_to():
    st = LASCA.initial()
    assert "c3-d4" in moves(st)
    move = LASCA.parse_move(st, "c3-d4")
    assert st.move_text(move) == "c3-d4"


def test_a_chain_is_written_as_its_squares_of_landing_joined_by_x():
    st = pos({"c3": "1O", "d4": "2", "f4": "2O", "f2": "2", "d2": "2"})
    for text in ("c3xe5xg3xe1xc3", "c3xe1xg3xe5xc3"):
        assert st.move_text(LASCA.parse_move(st, text)) == text


@pytest.mark.parametrize("spelling", [
    "c3-d4", "C3-D4", "c3-D4", " c3-d4 ", "c3\u2013d4", "c3\u2212d4", "c3\u2014d4", "c3-d4!", "c3-d4?!",
])
def test_a_step_is_read_in_the_lenient_spellings_the_engine_accepts(spelling):
    st = LASCA.initial()
    assert st.move_text(LASCA.parse_move(st, spelling)) == "c3-d4"


@pytest.mark.parametrize("spelling", ["a1xc3xe5", "A1xC3xE5", " a1xc3xe5 ", "a1xc3xe5!", "a1xe5"])
def test_a_chain_is_read_in_the_lenient_spellings_the_engine_accepts(spelling):
    # `a1xe5`: only the end square written, read as the one chain that ends there
    st = pos({"a1": "1", "b2": "2", "d4": "2", "g7": "2"})
    assert st.move_text(LASCA.parse_move(st, spelling)) == "a1xc3xe5"


AMBIGUOUS = {"c1": "1", "b2": "2", "d2": "2", "b4": "2", "d4": "2", "g7": "2"}


def test_two_chains_with_the_same_start_and_end_are_told_apart_by_their_landings():
    st = pos(AMBIGUOUS)
    assert moves(st) == {"c1xa3xc5", "c1xe3xc5"}
    assert col(after(st, "c1xa3xc5"), "c5") == "221" and col(after(st, "c1xa3xc5"), "d4") == "2"
    assert col(after(st, "c1xe3xc5"), "b4") == "2"


def test_a_chain_named_by_its_end_alone_is_refused_when_two_chains_end_there():
    st = pos(AMBIGUOUS)
    with pytest.raises(MoveError, match="2 captures from c1 end on c5: name the squares landed on"):
        st.push_text("c1xc5")
    assert st.ply == 0


def test_a_chain_named_by_its_end_alone_is_an_ambiguous_move_when_two_chains_end_there():
    st = pos(AMBIGUOUS)
    with pytest.raises(AmbiguousMoveError):
        st.push_text("c1xc5")


@pytest.mark.parametrize("text,error,match", [
    ("c3d4", InvalidMoveError, "not a move in Lasca notation"),
    ("c3-d4-e5", InvalidMoveError, "not a move"),
    ("", InvalidMoveError, "not a move"),
    ("c3-c4", InvalidMoveError, "not a square"),
    ("z9-a1", InvalidMoveError, "not a square"),
    ("c3-e5", IllegalMoveError, "2 squares"),
    ("d4-e5", IllegalMoveError, "no piece on d4"),
    ("a7-b6", IllegalMoveError, "not the player to move"),
    ("c3xe5", IllegalMoveError, "nothing to jump"),
])
def test_bad_move_texts_are_refused_with_a_reason_quoting_the_input(text, error, match):
    st = LASCA.initial()
    with pytest.raises(error, match=match) as info:
        st.push_text(text)
    assert repr(text) in str(info.value)
    assert st.text() == START


def test_a_chain_that_does_not_exist_is_refused():
    st = pos({"a1": "1", "b2": "2", "d4": "2", "g7": "2"})
    with pytest.raises(IllegalMoveError, match="cannot jump"):
        st.push_text("a1xc3xa5")


# -- Position text ---------------------------------------------------------------------------------


def test_position_text_writes_every_piece_bottom_first_and_merges_empty_runs():
    st = pos({"a7": "12O1", "c1": "2O", "d4": "21"}, to_move=2)
    assert st.text() == "12O1,x3/x3/x4/x,21,x/x4/x3/x,2O,x2 2"
    assert col(st, "a7") == "12O1"


@pytest.mark.parametrize("text,canonical", [
    ("x,x,x,x/x3/x4/x3/x4/x3/1,x3 1", "x4/x3/x4/x3/x4/x3/1,x3 1"),
    ("x2,x2/x,x2/x4/x3/x4/x3/1,x,x,x 2", "x4/x3/x4/x3/x4/x3/1,x3 2"),
    ("x1,x3/x3/x4/x3/x4/x3/1,x3 1", "x4/x3/x4/x3/x4/x3/1,x3 1"),
])
def test_position_text_reads_any_splitting_of_empty_runs(text, canonical):
    assert LASCA.parse_position(text).text() == canonical


@pytest.mark.parametrize("text", [
    "",
    "x4/x3/x4/x3/x4/x3/x4",              # no player
    "x4/x3/x4/x3/x4/x3/x4 3",            # no such player
    "x4/x3/x4/x3/x4/x3/x4 1 0",          # a field too many
    "x4/x3/x4/x3/x4/x3 1",               # six ranks
    "x4/x3/x4/x3/x4/x3/x4/x3 1",         # eight
    "x4/x3/x4/x3/x4/x3/3,x3 1",          # no player 3
    "x4/x3/x4/x3/x4/x3/O1,x3 1",         # O before its digit
    "x4/x3/x4/x3/x4/x3/1o,x3 1",         # lower-case o
    "x4/x3/x4/x3/x4/x3/,x3 1",           # an empty cell
    "x4/x3/x4/x3/x4/x3/x2,x3 1",         # five cells on rank 1
])
def test_bad_position_texts_are_refused(text):
    with pytest.raises(InvalidPositionError):
        LASCA.parse_position(text)
