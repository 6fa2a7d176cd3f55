"""One test per rule sentence of Tak (NOTES.md section 2 and seed 002), on hand-built positions."""

from __future__ import annotations

import pytest

import spielwerk
from spielwerk import IllegalMoveError


def tak(size=5, **options):
    return spielwerk.load("tak", size=size, **options)


def moves(state):
    return {state.move_text(m) for m in state.legal_moves()}


def play(state, *texts):
    for t in texts:
        state.push_text(t)
    return state


# -- pieces and board ---------------------------------------------------------------------------

@pytest.mark.parametrize("size,stones,caps", [(3, 10, 0), (4, 15, 0), (5, 21, 1), (6, 30, 1), (7, 40, 2),
                                              (8, 50, 2)])
def test_pieces_per_player_by_size(size, stones, caps):
    g = tak(size)
    assert g.reserve_counts == [stones, caps]
    assert g.topology.width == g.topology.height == size


@pytest.mark.parametrize("size", [2, 9])
def test_sizes_outside_3_to_8_are_refused(size):
    with pytest.raises(spielwerk.OptionError):
        tak(size)


def test_squares_are_named_from_the_bottom_left_as_seen_by_the_first_player():
    g = tak(5)
    assert g.topology.name(0) == "a1" and g.topology.name(24) == "e5"
    st = play(g.initial(), "a1")
    assert st.text() == "x5/x5/x5/x5/2,x4 2 1"


# -- the first turn ------------------------------------------------------------------------------

def test_first_turn_places_a_flat_of_the_opponents_colour():
    g = tak(5)
    st = g.initial()
    assert moves(st) == {g.topology.name(sq) for sq in range(25)}
    play(st, "c3")
    assert st.stacks[12] == [1]  # player 2's flat
    play(st, "d4")
    assert st.stacks[18] == [0]  # player 1's flat
    assert st.reserves[1] == [20, 1] and st.reserves[2] == [20, 1]


@pytest.mark.parametrize("text", ["Sa1", "Ca1"])
def test_no_wall_or_capstone_on_the_first_turn(text):
    st = tak(5).initial()
    with pytest.raises(IllegalMoveError, match="only flat"):
        st.push_text(text)


# -- placing -------------------------------------------------------------------------------------

def test_place_a_flat_wall_or_capstone_on_an_empty_square():
    st = play(tak(5).initial(), "a1", "e5")
    m = moves(st)
    assert {"b2", "Sb2", "Cb2"} <= m
    with pytest.raises(IllegalMoveError, match="not empty"):
        st.push_text("Sa1")


def test_no_capstone_placed_once_the_reserve_is_used_up():
    st = play(tak(5).initial(), "a1", "e5", "Cc3", "d4")
    assert not any(t.startswith("C") for t in moves(st))
    with pytest.raises(IllegalMoveError, match="no cap left"):
        st.push_text("Cb2")


def test_sizes_without_capstones_have_no_capstone_moves():
    st = play(tak(4).initial(), "a1", "d4")
    assert not any(t.startswith("C") for t in moves(st))


# -- moving stacks ---------------------------------------------------------------------------------

def test_only_stacks_controlled_by_the_mover_move():
    g = tak(5)
    st = g.parse_position("x5/x5/x5/x5/12,21,x3 1 3")  # a1 topped by 2, b1 topped by 1
    m = moves(st)
    assert any(t.startswith("2b1") or t.startswith("b1") for t in m)
    assert not any(t[:2] == "a1" or t[:3] == "2a1" for t in m)


def test_carry_limit_is_the_board_size():
    g = tak(3)
    st = g.parse_position("x3/x3/1111,x2 1 5")
    assert not any(t.startswith("4") for t in moves(st))
    assert "3a1>" in moves(st) and "3a1+12" in moves(st)


def test_drops_at_least_one_on_every_square_passed_bottom_pieces_first():
    g = tak(5)
    st = g.parse_position("x5/x5/x5/x5/2121,x4 1 5")  # top is 1
    st.push_text("4a1>211")
    assert st.text() == "x5/x5/x5/x5/x,21,2,1,x 2 5"
    with pytest.raises(spielwerk.InvalidMoveError, match="do not add up"):
        g.parse_position("x5/x5/x5/x5/2121,x4 1 5").push_text("4a1>21")
    with pytest.raises(spielwerk.InvalidMoveError):
        g.parse_position("x5/x5/x5/x5/2121,x4 1 5").push_text("4a1>2011")


def test_moves_go_in_one_orthogonal_direction_and_never_off_the_board():
    g = tak(5)
    st = g.parse_position("x5/x5/x5/x5/1,x4 1 3")
    assert {t for t in moves(st) if t.startswith("a1")} == {"a1+", "a1>"}
    with pytest.raises(IllegalMoveError, match="off the board"):
        st.push_text("a1<")


def test_stacks_may_move_onto_stacks_of_either_player():
    g = tak(5)
    st = g.parse_position("x5/x5/x5/x5/1,2,1,x2 1 3")
    assert {"a1>", "c1<"} <= moves(st)


@pytest.mark.parametrize("blocker", ["2S", "2C", "1S", "1C"])
def test_nothing_moves_onto_a_wall_or_capstone(blocker):
    g = tak(5)
    st = g.parse_position(f"x5/x5/x5/x5/11,{blocker},x3 1 3")
    assert not any(t.endswith(">") and "a1" in t for t in moves(st))


def test_a_capstone_moving_alone_flattens_a_wall_and_is_marked_with_a_star():
    g = tak(5)
    st = g.parse_position("x5/x5/x5/x5/1C,2S,x3 1 3")
    assert "a1>*" in moves(st)
    st.push_text("a1>*")
    assert st.text() == "x5/x5/x5/x5/x,21C,x3 2 3"


def test_a_capstone_carried_in_a_stack_flattens_only_when_dropped_alone_last():
    g = tak(5)
    st = g.parse_position("x5/x5/x5/x5/21C,x,2S,x2 1 3")
    m = moves(st)
    assert "2a1>11*" in m            # the flat drops on b1, the capstone alone onto the wall
    assert "2a1>2" not in {t.rstrip("*") for t in m if t.endswith("*")}
    assert not any(t.startswith("2a1>") and t.endswith("*") and t != "2a1>11*" for t in m)
    st.push_text("2a1>11*")
    assert st.text() == "x5/x5/x5/x5/x,2,21C,x2 2 3"


def test_a_capstone_never_flattens_a_capstone_and_a_wall_never_flattens():
    g = tak(5)
    st = g.parse_position("x5/x5/x5/x5/1C,2C,x,1S,2S 1 3")
    m = moves(st)
    assert not any(t.startswith("a1>") for t in m)
    assert not any(t.startswith("d1>") for t in m)


def test_star_on_a_move_that_flattens_nothing_is_refused():
    g = tak(5)
    st = g.parse_position("x5/x5/x5/x5/1C,x4 1 3")
    with pytest.raises(IllegalMoveError, match="marked"):
        st.push_text("a1>*")


# -- roads -----------------------------------------------------------------------------------------

def test_a_road_links_two_opposite_edges_and_wins():
    g = tak(3)
    st = g.parse_position("x3/2,2,x/1,1,x 1 4")
    st.push_text("c1")
    assert st.outcome().token == "R-0" and st.outcome().result == "road"


def test_a_road_may_turn_but_never_goes_diagonally():
    g = tak(3)
    zigzag = g.parse_position("x2,1/2,1,1/1,1,2 2 5")
    assert zigzag.outcome() is not None  # a1 b1 b2 c2 c3: south to north
    diagonal = g.parse_position("x,2,1/2,1,2/1,2,x 2 5")
    assert diagonal.outcome() is None


def test_walls_do_not_count_for_roads_but_capstones_do():
    g = tak(5)
    wall = g.parse_position("x5/x5/x5/2,2,2,x2/1,1,1S,1,1 2 6")
    assert wall.outcome() is None
    cap = g.parse_position("x5/x5/x5/2,2,2,x2/1,1,1C,1,1 2 6")
    assert cap.outcome().token == "R-0"


def test_only_the_top_piece_of_a_stack_counts_for_a_road():
    g = tak(3)
    covered = g.parse_position("x3/2,2,x/1,12,1 1 5")
    assert covered.outcome() is None


def test_the_mover_wins_when_a_move_completes_both_roads():
    g = tak(3)
    # c2 holds 2 under 1 (top 1). Player 1 moves the top piece c2->c3: c3 becomes 1 and c2 shows 2.
    st = g.parse_position("1,1,x/2,2,21/x3 1 5")
    st.push_text("c2+")
    assert st.outcome().token == "R-0"  # rank 3 for player 1 and rank 2 for player 2: the mover wins


def test_a_move_that_completes_only_the_opponents_road_loses():
    g = tak(3)
    st = g.parse_position("x3/2,2,21/1,x2 1 5")
    st.push_text("c2+")  # uncovers player 2's flat on c2: rank 2 becomes player 2's road
    assert st.outcome().token == "0-R"


# -- flat wins -------------------------------------------------------------------------------------

def test_a_full_board_ends_the_game_on_a_flat_count():
    g = tak(3)
    st = g.parse_position("1,2,1/2,1,2/1,2,x 1 6")
    assert st.outcome() is None
    st.push_text("c1")
    out = st.outcome()
    assert out.result == "flat" and out.token == "F-0" and out.scores == (10, 8)


def test_walls_and_capstones_on_top_do_not_count_as_flats():
    g = tak(3)
    st = g.parse_position("1S,2,1S/2,1S,2/1S,2,x 1 6")
    st.push_text("Sc1")
    assert st.outcome().token == "0-F"


def test_an_empty_reserve_ends_the_game_on_a_flat_count():
    g = tak(3)
    # player 1 has placed 9 of 10 stones (some under stacks); placing the tenth ends the game
    st = g.parse_position("111,2,x/2,111,x/111,x2 1 9")
    assert st.outcome() is None
    assert st.reserves[1] == [1, 0]
    st.push_text("c1")
    out = st.outcome()
    assert out is not None and out.result == "flat" and out.token == "F-0"


def test_equal_flats_draw_and_komi_goes_to_the_second_player():
    g0, g2 = tak(3, komi=0), tak(3, komi=2)
    even = "1,2,1/2,1S,2/1,2S,x 2 5"  # three flats each once Sc1 fills the board
    st = g0.parse_position(even)
    st.push_text("Sc1")
    assert st.outcome().token == "1/2-1/2"
    assert st.outcome().scores == (6, 6)
    st = g2.parse_position(even)
    st.push_text("Sc1")
    assert st.outcome().token == "0-F" and st.outcome().scores == (6, 8)


def test_a_road_beats_a_flat_count_made_by_the_same_move():
    g = tak(3)
    st = g.parse_position("2,2,1/2,2,1/1,1,x 1 6")
    st.push_text("c1")
    assert st.outcome().result == "road" and st.outcome().token == "R-0"


def test_the_winner_scores_the_board_squares_plus_the_pieces_left():
    g = tak(3)
    st = g.parse_position("x3/2,2,x/1,1,x 1 4")
    st.push_text("c1")
    assert st.outcome().value == 9 + (10 - 3)


def test_no_moves_after_the_game_ended():
    g = tak(3)
    st = g.parse_position("x3/2,2,x/1,1,1 2 4")
    assert st.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="over"):
        st.push_text("c3")
