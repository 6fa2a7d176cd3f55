"""Attangle's rules (NOTES.md section 3, seed 003): the hex board, placing, converging captures,
five-stacks, the win, and the square variant."""

from __future__ import annotations

import pytest

import spielwerk
from spielwerk import IllegalMoveError

HEX = spielwerk.load("attangle")
SQUARE = spielwerk.load("attangle-square")
RANKS = [4, 5, 6, 7, 6, 5, 4]


def pos(cells, to_move=1, ply=300, game=HEX):
    """A position from {point: stack text, owners bottom first} (hex board rows g..a), late enough
    in the game for every piece on it to have been placed."""
    topo = game.topology
    rows = []
    for row in reversed(topo.rows()):
        rows.append(",".join(cells.get(topo.name(sq), "x") for sq in row))
    return game.parse_position("/".join(rows) + f" {to_move} {ply}")


def moves(st):
    return {st.move_text(m) for m in st.legal_moves()}


def owner_counts(st, point):
    stack = st.stacks[st.game.topology.parse_square(point)]
    return (sum(1 for pc in stack if pc & 1 == 0), sum(1 for pc in stack if pc & 1 == 1))


# -- the board -------------------------------------------------------------------------------------

def test_37_points_in_ranks_a_to_g_with_centre_d4():
    topo = HEX.topology
    assert topo.size == 37
    assert [len(r) for r in topo.rows()] == RANKS
    assert [topo.name(sq) for sq in topo.rows()[0]] == ["a1", "a2", "a3", "a4"]
    assert [topo.name(sq) for sq in range(37) if topo.regions["center"] >> sq & 1] == ["d4"]


@pytest.mark.parametrize("point,neighbours", [
    ("a2", {"a1", "a3", "b2", "b3"}),                    # towards the longer rank b: n and n+1
    ("c3", {"c2", "c4", "b2", "b3", "d3", "d4"}),
    ("d4", {"d3", "d5", "c3", "c4", "e3", "e4"}),        # towards the shorter ranks: n-1 and n
    ("e3", {"e2", "e4", "d3", "d4", "f2", "f3"}),
    ("g4", {"g3", "f4", "f5"}),
    ("d1", {"d2", "c1", "e1"}),
])
def test_neighbours_follow_the_rule_of_notes(point, neighbours):
    topo = HEX.topology
    sq = topo.parse_square(point)
    got = {topo.name(t) for t in (topo.step(sq, d) for d in topo.directions("all")) if t >= 0}
    assert got == neighbours


def test_six_straight_directions_cross_the_middle_rank():
    topo = HEX.topology
    ray = [topo.name(t) for t in topo.ray(topo.parse_square("a1"), "northeast")]
    assert ray == ["b2", "c3", "d4", "e4", "f4", "g4"]
    ray = [topo.name(t) for t in topo.ray(topo.parse_square("g1"), "southeast")]
    assert ray == ["f2", "e3", "d4", "c4", "b4", "a4"]


# -- placing ---------------------------------------------------------------------------------------

def test_the_very_first_move_may_not_use_the_centre():
    st = HEX.initial()
    assert len(moves(st)) == 36 and "d4" not in moves(st)
    with pytest.raises(IllegalMoveError):
        st.push_text("d4")
    st.push_text("a1")
    assert "d4" in moves(st)


def test_a_stone_is_placed_on_any_empty_point():
    st = pos({"c3": "1", "e4": "2"})
    assert moves(st) >= {HEX.topology.name(sq) for sq in range(37)} - {"c3", "e4"}
    assert "c3" not in moves(st) and "e4" not in moves(st)


# -- captures --------------------------------------------------------------------------------------

def test_two_singles_onto_a_single_make_a_three_stack():
    st = pos({"d1": "1", "d7": "1", "d4": "2"})
    assert "d1,d7-d4" in moves(st)
    st.push_text("d1,d7-d4")
    assert owner_counts(st, "d4") == (2, 1) and owner_counts(st, "d1") == (0, 0)


def test_two_singles_onto_a_three_stack_make_a_five_stack():
    st = pos({"b2": "1", "f4": "1", "d4": "212"})
    assert "f4,b2-d4" in moves(st)
    st.push_text("f4,b2-d4")
    assert owner_counts(st, "d4") == (3, 2)


def test_a_single_and_an_own_three_stack_onto_a_single_make_a_five_stack():
    st = pos({"d1": "211", "d7": "1", "d4": "2"})
    st.push_text("d7,d1-d4")
    assert owner_counts(st, "d4") == (3, 2)


def test_no_capture_with_the_wrong_margin_or_too_high():
    # three singles onto a single: 3 against 1; two own 3-stacks onto a single: 7 pieces
    st = pos({"d1": "1", "d7": "1", "b2": "1", "d4": "2"})
    assert not any(t.count(",") >= 2 for t in moves(st))
    st = pos({"d1": "211", "d7": "211", "d4": "2"})
    assert not any(t.endswith("-d4") for t in moves(st))
    # a single alone never captures (1 against 1)
    st = pos({"d1": "1", "d4": "2"})
    assert not any("-" in t for t in moves(st))


def test_five_stacks_never_move_and_are_never_captured():
    st = pos({"d1": "12121", "d7": "1", "d4": "2"})
    assert not any(t.endswith("-d4") for t in moves(st))
    st = pos({"d1": "1", "d7": "1", "d4": "21212"})
    assert not any(t.endswith("-d4") for t in moves(st))


def test_no_jumping_and_only_the_nearest_piece_in_a_direction_moves():
    st = pos({"d1": "1", "d2": "2", "d7": "1", "d4": "2"})
    assert "d1,d7-d4" not in moves(st)     # d2 stands between d1 and d4
    st = pos({"d1": "1", "d2": "1", "d4": "2"})
    assert not any(t.endswith("-d4") for t in moves(st))  # both come from the west: impossible


def test_capture_text_names_movers_in_board_order_and_reads_any_spelling():
    st = pos({"f5": "1", "c5": "1", "e6": "2"})
    assert "f5,c5-e6" in moves(st)
    g = HEX
    m = g.parse_move(st, "f5, c5-e6")
    assert g.parse_move(st, "c5,f5-e6") == m and g.format_move(st, m) == "f5,c5-e6"


def test_a_capture_is_its_set_of_movers_and_target():
    st = pos({"f5": "1", "c5": "1", "e6": "2", "a1": "1"})
    with pytest.raises(IllegalMoveError, match="not on a straight line"):
        st.push_text("f5,a1-e6")


# -- winning ---------------------------------------------------------------------------------------

def test_the_third_own_five_stack_wins():
    st = pos({"a1": "21211", "g1": "12121", "d1": "211", "d7": "1", "d4": "2"})
    st.push_text("d7,d1-d4")
    assert st.outcome().winner == 1 and st.outcome().token == "1-0"


def test_two_five_stacks_do_not_win():
    st = pos({"a1": "21211", "d1": "211", "d7": "1", "d4": "2"})
    st.push_text("d7,d1-d4")
    assert st.outcome() is None


def test_no_legal_move_loses():
    # a full board with no capture possible for White
    cells = {HEX.topology.name(sq): "12121" for sq in range(37)}
    st = pos(cells)
    assert st.legal_moves() == [] and st.outcome().token == "0-1"


# -- the square variant --------------------------------------------------------------------------------

def test_square_variant_board_and_first_move():
    st = SQUARE.initial()
    assert SQUARE.topology.size == 64 and len(moves(st)) == 60
    assert not {"d4", "e4", "d5", "e5"} & moves(st)


def test_square_variant_captures_in_eight_directions():
    st = pos({"b2": "1", "h8": "1", "e5": "2", "a1": "2"}, game=SQUARE)
    assert "h8,b2-e5" in moves(st)          # both along the diagonal
    st = pos({"e1": "1", "b8": "1", "e5": "2"}, game=SQUARE)
    assert "b8,e1-e5" in moves(st)          # one straight, one diagonal


def test_square_variant_needs_five_five_stacks():
    assert SQUARE.options["target"] == 5 and HEX.options["target"] == 3
