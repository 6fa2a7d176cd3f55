"""DVONN's rules, one test (or group) per sentence of NEW-GAMES.md section 3, on small hand-built
positions. Stacks are written as in the position text: owners' digits from the bottom up, ``1``
white, ``2`` black, ``0`` a DVONN piece. White moves at odd plies from 49 on, Black at even ones.
"""

from __future__ import annotations

import pytest
from dvonn_board import G, POINTS, TOPO, board, moves, neighbours, position, random_game, stack

import dvonn_reference as ref
from spielwerk import IllegalMoveError, InvalidMoveError, InvalidPositionError

RANKS = {1: "abcdefghi", 2: "abcdefghij", 3: "abcdefghijk", 4: "bcdefghijk", 5: "cdefghijk"}


def names(mask):
    return {TOPO.name(sq) for sq in range(TOPO.size) if mask >> sq & 1}


# -- Board: 49 points in 5 rows of 9, 10, 11, 10 and 9 ----------------------------------------------

def test_board_has_49_points_in_rows_of_9_10_11_10_9():
    assert TOPO.size == 49
    assert [len(r) for r in TOPO.rows()] == [9, 10, 11, 10, 9]


@pytest.mark.parametrize("rank,files", RANKS.items())
def test_point_names_rank_by_rank_from_the_bottom(rank, files):
    # rank 1 is a1-i1, rank 2 a2-j2, rank 3 a3-k3, rank 4 b4-k4 and rank 5 c5-k5, left to right
    row = TOPO.rows()[rank - 1]
    assert [TOPO.name(sq) for sq in row] == [f"{f}{rank}" for f in files]


def test_point_names_are_the_references_in_the_same_order():
    assert POINTS == ref.points()
    assert len(set(POINTS)) == 49


@pytest.mark.parametrize("file", "abcdefghijk")
def test_files_run_along_the_slanted_lines(file):
    # the points of one file form a straight line, one rank up each step to the upper left
    pts = sorted((p for p in POINTS if p[0] == file), key=lambda p: int(p[1:]))
    sq = TOPO.parse_square(pts[0])
    assert [TOPO.name(t) for t in TOPO.ray(sq, "northwest")] == pts[1:]
    assert len(pts) == {"a": 3, "b": 4, "c": 5, "d": 5, "e": 5, "f": 5, "g": 5, "h": 5, "i": 5,
                        "j": 4, "k": 3}[file]


@pytest.mark.parametrize("point,expected", [
    ("a1", {"b1", "a2", "b2"}),                       # corners: three neighbours
    ("i1", {"h1", "i2", "j2"}),
    ("a3", {"b3", "a2", "b4"}),
    ("k3", {"j3", "j2", "k4"}),
    ("c5", {"d5", "b4", "c4"}),
    ("k5", {"j5", "j4", "k4"}),
    ("e1", {"d1", "f1", "e2", "f2"}),                 # edges: four
    ("a2", {"a1", "b2", "a3", "b3"}),
    ("j2", {"i1", "i2", "j3", "k3"}),
    ("f5", {"e5", "g5", "e4", "f4"}),
    ("f3", {"e3", "g3", "f4", "g4", "e2", "f2"}),     # the centre: six
    ("d4", {"c4", "e4", "d5", "e5", "c3", "d3"}),
    ("c2", {"b2", "d2", "c3", "d3", "b1", "c1"}),
])
def test_neighbours_of_corners_edges_and_centre(point, expected):
    assert neighbours(point) == expected


@pytest.mark.parametrize("point", POINTS)
def test_neighbours_are_the_references(point):
    assert neighbours(point) == ref.neighbours(point)


@pytest.mark.parametrize("point", POINTS)
def test_straight_lines_in_the_six_directions_are_the_references(point):
    sq = TOPO.parse_square(point)
    ours = {tuple(TOPO.name(t) for t in TOPO.ray(sq, d)) for d in TOPO.directions("all")}
    theirs = {tuple(ref.line(point, d)) for d in ref.DIRECTIONS}
    assert ours == theirs


def test_24_edge_points_6_corners_and_the_centre():
    assert sum(len(neighbours(p)) < 6 for p in POINTS) == 24
    assert names(TOPO.regions["border"]) == {p for p in POINTS if len(neighbours(p)) < 6}
    assert names(TOPO.regions["corners"]) == {"a1", "i1", "a3", "k3", "c5", "k5"}
    assert names(TOPO.regions["center"]) == {"f3"}


# -- Pieces: 23 white, 23 black, 3 DVONN pieces (neutral) -----------------------------------------

def test_23_pieces_each_and_3_neutral_dvonn_pieces():
    # the supply follows from the phases: three DVONN plies, then 46 plies placing alternately
    assert [(ph.name, ph.plies) for ph in G.phases] == [("dvonn", 3), ("placement", 46), ("movement", None)]
    assert G.neutral == [False, True]              # piece, dvonn
    full = random_game(1, plies=49)
    everything = "".join(board(full).values())
    assert (everything.count("0"), everything.count("1"), everything.count("2")) == (3, 23, 23)
    assert G.phases[full.phase].name == "movement"


# -- Placement: White, Black, White place the DVONN pieces; then Black, White, ... their own -----

def test_white_black_white_place_the_three_dvonn_pieces():
    st = G.initial()
    assert st.text() == "x9/x10/x11/x10/x9 1 0"
    assert G.phases[st.phase].name == "dvonn"
    for ply, (mover, point) in enumerate([(1, "e3"), (2, "f3"), (1, "g3")]):
        assert st.ply == ply and st.to_move == mover
        st.push_text(point)
        assert stack(st, point) == "0"                 # a DVONN piece, whoever places it
    assert st.text() == "x9/x10/x4,0,0,0,x4/x10/x9 2 3"


def test_black_places_his_first_own_piece_at_ply_3_then_white():
    st = G.parse_position("x9/x10/x4,0,0,0,x4/x10/x9 2 3")
    assert G.phases[st.phase].name == "placement" and st.to_move == 2
    st.push_text("a1")
    assert stack(st, "a1") == "2" and st.to_move == 1 and st.ply == 4
    st.push_text("b1")
    assert stack(st, "b1") == "1" and st.to_move == 2 and st.ply == 5
    assert st.text() == "x9/x10/x4,0,0,0,x4/x10/2,1,x7 2 5"


@pytest.mark.parametrize("ply", range(49))
def test_who_places_which_piece_at_every_ply_of_the_placement(ply):
    st = random_game(7, plies=ply)
    assert st.ply == ply
    mover = (1 if ply % 2 == 0 else 2)
    assert st.to_move == mover
    before = board(st)
    point = st.move_text(st.legal_moves()[0])
    st.push_text(point)
    assert board(st) == {**before, point: "0" if ply < 3 else str(mover)}


def test_pieces_go_on_empty_points_only():
    st = G.parse_position("x9/x10/x4,0,0,0,x4/x10/2,1,x7 2 5")
    empty = {p for p in POINTS if p not in ("e3", "f3", "g3", "a1", "b1")}
    assert moves(st) == empty
    with pytest.raises(IllegalMoveError, match="e3 is not empty"):
        st.push_text("e3")
    with pytest.raises(IllegalMoveError, match="a1 is not empty"):
        st.push_text("a1")


def test_no_stack_moves_and_no_pass_while_placing():
    st = G.parse_position("x9/x10/x4,0,0,0,x4/x10/2,1,x7 2 5")
    with pytest.raises(InvalidMoveError):
        st.push_text("a1-b1")
    with pytest.raises(IllegalMoveError):
        st.push_text("pass")


def test_placement_goes_on_until_the_board_is_full_and_white_places_the_49th_piece():
    st = random_game(11, plies=48)
    assert G.phases[st.phase].name == "placement" and st.to_move == 1
    (last,) = moves(st)                                # one empty point left
    st.push_text(last)
    assert stack(st, last) == "1"
    assert all(stack(st, p) for p in POINTS)
    assert G.phases[st.phase].name == "movement"
    assert st.ply == 49 and st.to_move == 1            # White moves first: twice in a row
    assert st.outcome() is None
    assert all("-" in t for t in moves(st))


def test_white_makes_the_first_movement_move():
    st = random_game(3, plies=49)
    assert st.to_move == 1
    first = st.legal_moves()[0]
    src = st.move_text(first).split("-")[0]
    assert stack(st, src)[-1] == "1"
    st.push(first)
    assert st.to_move == 2 and st.ply == 50


# -- Movement: a stack topped by the mover's piece moves exactly its height ---------------------------

def test_only_stacks_topped_by_the_movers_piece_move():
    # a3 is White's (a black piece under a white one); c3 is Black's (white under black)
    cells = {"a3": "21", "c3": "12", "e3": "0", "a1": "0", "k5": "0", "b1": "2"}
    assert moves(position(cells, 1)) == {"a3-c3", "a3-a1"}
    assert moves(position(cells, 2)) == {"c3-a3", "c3-e3", "c3-a1", "b1-a1"}
    with pytest.raises(IllegalMoveError, match="the piece on top of c3 is not the player to move's"):
        position(cells, 1).push_text("c3-e3")


@pytest.mark.parametrize("height", range(1, 12))
def test_a_stack_moves_exactly_as_many_points_as_its_height(height):
    cells = {f"{f}3": "2" for f in "bcdeghijk"}
    cells.update({"f3": "0", "i1": "0", "k5": "0", "a3": "1" * height})
    st = position(cells)
    if height <= 10:
        assert moves(st) == {f"a3-{'abcdefghijk'[height]}3"}
    else:                                              # eleven points would leave the board
        assert moves(st) == {"pass"}


def test_a_move_of_the_wrong_length_is_refused():
    st = position({"b3": "0", "c3": "0", "d3": "11", "e3": "2", "f3": "2", "g3": "0"})
    assert moves(st) == {"d3-b3", "d3-f3"}
    with pytest.raises(IllegalMoveError, match="d3-e3 is 1 point long; this move goes 2"):
        st.push_text("d3-e3")
    with pytest.raises(IllegalMoveError, match="d3-g3 is 3 points long; this move goes 2"):
        st.push_text("d3-g3")


def test_a_stack_moves_in_all_six_directions_in_a_straight_line():
    cells = {"f3": "11", "d3": "0", "h3": "2", "f5": "1", "h5": "20", "d1": "12", "f1": "2", "a1": "0"}
    assert moves(position(cells)) == {"f3-d3", "f3-h3", "f3-f5", "f3-h5", "f3-d1", "f3-f1"}


def test_not_off_the_straight_lines():
    st = position({"f3": "11", "d3": "0", "h3": "2", "g5": "2", "e1": "2", "a1": "0", "k5": "0"})
    assert moves(st) == {"f3-d3", "f3-h3"}
    with pytest.raises(IllegalMoveError, match="g5 is not in a direction"):
        st.push_text("f3-g5")


def test_a_move_goes_over_anything_empty_or_occupied():
    # a3 (height 3) passes the empty b3 and the black c3 on its way to d3
    st = position({"a3": "111", "c3": "2", "d3": "0", "e1": "11", "g3": "2", "i1": "0", "k5": "0"})
    assert "a3-d3" in moves(st)
    st.push_text("a3-d3")
    assert stack(st, "d3") == "0111" and stack(st, "c3") == "2" and stack(st, "a3") == ""


def test_a_move_ends_on_an_occupied_point_only():
    st = position({"a3": "111", "c3": "2", "d3": "0", "e1": "11", "g3": "2", "i1": "0", "k5": "0"})
    # e1 (height 2) reaches c1, g1, e3 (all empty) and g3 (occupied)
    assert moves(st) == {"a3-d3", "e1-g3"}
    with pytest.raises(IllegalMoveError, match="the move may not end on e3"):
        st.push_text("e1-e3")
    with pytest.raises(IllegalMoveError, match="the move may not end on g1"):
        st.push_text("e1-g1")


LANDINGS = {"f3": "11", "d3": "0", "h3": "2", "h4": "1", "f5": "1", "e4": "2", "h5": "20", "d1": "102",
            "f1": "2", "e1": "1"}


@pytest.mark.parametrize("target,after", [("d3", "011"), ("h3", "211"), ("f5", "111"), ("h5", "2011"),
                                          ("d1", "10211"), ("f1", "211")])
def test_the_whole_stack_goes_on_top_of_any_stack_it_lands_on(target, after):
    # own, enemy, DVONN-topped stacks and lone DVONN pieces alike; all stay connected here
    st = position(LANDINGS)
    assert moves(st) >= {"f3-d3", "f3-h3", "f3-f5", "f3-h5", "f3-d1", "f3-f1"}
    st.push_text(f"f3-{target}")
    expected = {p: s for p, s in LANDINGS.items() if p != "f3"}
    expected[target] = after
    assert board(st) == expected


def test_a_stack_with_dvonn_pieces_under_the_movers_top_moves_them_along():
    st = position({"c3": "01", "d3": "2", "e3": "2", "k5": "0", "k3": "0"})
    assert moves(st) == {"c3-e3"}
    st.push_text("c3-e3")
    assert stack(st, "e3") == "201" and stack(st, "c3") == ""
    assert board(st) == {"d3": "2", "e3": "201", "k5": "0", "k3": "0"}


# -- A stack surrounded on all six sides cannot move; an edge point is never surrounded ----------------

SURROUNDED = {**{q: "2" for q in ("e3", "g3", "f4", "g4", "e2", "f2")},
              "f3": "11", "h3": "0", "d3": "0", "f1": "0", "e1": "1", "d1": "2"}


def test_a_surrounded_stack_cannot_move():
    st = position(SURROUNDED)
    assert not any(t.startswith("f3-") for t in moves(st))     # h3, d3, f1 two away are occupied
    with pytest.raises(IllegalMoveError, match="the stack on f3 may not move now"):
        st.push_text("f3-h3")


def test_a_stack_with_one_free_side_can_move():
    cells = dict(SURROUNDED)
    del cells["g4"]
    assert {"f3-h3", "f3-d3", "f3-f1", "f3-d1"} <= moves(position(cells))


def test_an_edge_stack_with_every_neighbour_occupied_can_move():
    assert moves(position(SURROUNDED)) == {"e1-d1", "e1-f1", "e1-e2", "e1-f2"}


def test_a_corner_stack_with_every_neighbour_occupied_can_move():
    st = position({"a1": "1", "b1": "2", "a2": "2", "b2": "0", "k3": "0", "k5": "0"})
    assert moves(st) == {"a1-b1", "a1-a2", "a1-b2"}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_on_the_full_board_only_edge_stacks_move_one_point(seed):
    st = random_game(seed, plies=49)
    expected = {f"{p}-{q}" for p in POINTS if stack(st, p) == "1" and len(neighbours(p)) < 6
                for q in neighbours(p)}
    assert moves(st) == expected and expected


# -- A stack topped by a DVONN piece belongs to nobody: it does not move and counts for nobody ---------

DVONN_TOPPED = {"c3": "10", "d3": "2", "e3": "0", "f3": "0", "g3": "1"}


def test_a_dvonn_topped_stack_does_not_move():
    st = position(DVONN_TOPPED)          # c3 (height 2) would reach e3, were it White's
    assert moves(st) == {"g3-f3"}
    with pytest.raises(IllegalMoveError, match="the stack on c3 is topped by a dvonn, which belongs to nobody"):
        st.push_text("c3-e3")
    st = position(DVONN_TOPPED, to_move=2)
    assert moves(st) == {"d3-c3", "d3-e3"}
    with pytest.raises(IllegalMoveError):
        st.push_text("e3-f3")


def test_a_dvonn_topped_stack_counts_for_nobody():
    st = position({"a1": "0", "c5": "0", "k3": "210", "b1": "12", "d5": "21"}, to_move=2, ply=60)
    assert st.outcome().scores == (2, 2)


# -- After every move, whatever is not connected to a DVONN piece is removed -------------------------

def test_pieces_cut_off_from_every_dvonn_piece_are_removed():
    st = position({"a3": "0", "b3": "0", "c3": "0", "d3": "1", "e3": "2", "f3": "1"}, ply=49)
    assert moves(st) == {"d3-c3", "d3-e3", "f3-e3"}
    st.push_text("d3-c3")                     # e3 and f3 lose their link
    assert st.text() == "x9/x10/0,0,01,x8/x10/x9 2 50"


def test_every_disconnected_stack_goes_near_or_far_own_or_enemy():
    # f3 is the only link of g4 (and h5 behind it) and of f2 (and f1) to the DVONN piece on d3
    cells = {"d3": "0", "e3": "2", "f3": "1", "g4": "2", "h5": "1", "f2": "2", "f1": "2", "a1": "0",
             "k5": "0"}
    st = position(cells)
    st.push_text("f3-e3")
    assert board(st) == {"d3": "0", "e3": "21", "a1": "0", "k5": "0"}


def test_a_long_chain_of_occupied_neighbours_keeps_a_stack_connected():
    cells = {"a1": "0", "b1": "2", "c1": "1", "d1": "2", "e1": "1", "f1": "2", "g1": "1", "h1": "2",
             "i1": "2", "i2": "1", "g3": "2", "k5": "0", "k3": "0"}
    st = position(cells)
    st.push_text("i2-i1")                     # i1 is eight points from a1 along the chain
    assert st.text() == "x8,0/x10/x10,0/x10/0,2,1,2,1,2,1,2,21 2 52"   # g3 touched nothing


def test_a_dvonn_piece_anywhere_in_a_stack_holds_its_neighbours():
    st = position({"c3": "20001", "d3": "2", "e3": "1", "k5": "2"})
    assert moves(st) == {"e3-d3"}
    st.push_text("e3-d3")
    assert board(st) == {"c3": "20001", "d3": "21"}   # k5 had no link to any DVONN piece


def test_a_lone_dvonn_piece_stays():
    st = position({"a1": "0", "k5": "0", "e3": "0", "f3": "1", "g3": "2"})
    st.push_text("f3-g3")
    assert board(st) == {"a1": "0", "k5": "0", "e3": "0"}     # g3 goes: f3 left, e3 is not next to g3


def test_disconnected_pieces_are_removed_only_in_the_movement_phase():
    st = G.parse_position("x9/x10/x4,0,0,0,x4/x10/x9 2 3")
    for point in ("a1", "k5", "a3", "k3", "c5", "i1"):      # far from the DVONN pieces
        st.push_text(point)
    assert board(st) == {"e3": "0", "f3": "0", "g3": "0", "a1": "2", "k5": "1", "a3": "2", "k3": "1",
                         "c5": "2", "i1": "1"}
    assert G.phases[st.phase].name == "placement"


def test_the_dvonn_pieces_themselves_are_never_removed():
    st = position({"a1": "0", "c5": "0", "k3": "0", "e3": "1", "f3": "2", "g3": "2"}, ply=49)
    st.push_text("e3-f3")
    assert board(st) == {"a1": "0", "c5": "0", "k3": "0"}


# -- A player who cannot move passes; when neither can, the game ends ------------------------------

def cut_off():
    """Black has nothing left; White's c3 can still move onto a3."""
    st = position({"a3": "0", "b3": "0", "c3": "0", "d3": "1", "e3": "2", "f3": "1"}, ply=49)
    st.push_text("d3-c3")
    return st


def test_a_player_who_cannot_move_passes():
    st = cut_off()
    assert st.to_move == 2 and st.outcome() is None
    assert moves(st) == {"pass"} and len(st.legal_moves()) == 1
    with pytest.raises(IllegalMoveError):
        st.push_text("c3-a3")
    before = board(st)
    st.push_text("pass")
    assert board(st) == before and st.to_move == 1 and st.ply == 51
    assert st.text() == "x9/x10/0,0,01,x8/x10/x9 1 51"


def test_a_player_whose_stacks_are_all_stuck_passes_too():
    # Black has stacks, but b1 (height 2) reaches only empty points and j3 is gone
    st = position({"a1": "0", "c5": "0", "k3": "0", "b1": "12", "d5": "21", "j3": "1"}, to_move=2, ply=60)
    assert moves(st) == {"pass"}
    st.push_text("pass")
    assert moves(st) == {"j3-k3"}


def test_pass_is_refused_while_the_player_has_a_move():
    st = position({"b3": "0", "c3": "0", "d3": "11", "e3": "2", "f3": "2", "g3": "0"})
    with pytest.raises(IllegalMoveError, match="a player may pass only when he has no other move"):
        st.push_text("pass")


def test_the_game_ends_when_neither_player_can_move():
    st = cut_off()
    st.push_text("pass")
    assert moves(st) == {"c3-a3"}
    st.push_text("c3-a3")
    assert st.text() == "x9/x10/001,0,x9/x10/x9 2 52"
    assert st.legal_moves() == [] and G.perft(st, 1) == 0 and G.perft(st, 0) == 1
    out = st.outcome()
    assert (out.winner, out.result, out.token, out.scores) == (1, "count", "1-0", (3, 0))
    with pytest.raises(IllegalMoveError, match="the game is already over"):
        st.push_text("pass")


def test_the_game_goes_on_while_one_player_can_move():
    st = position({"a1": "0", "c5": "0", "k3": "0", "b1": "12", "d5": "21", "j3": "2"}, to_move=2, ply=60)
    assert st.outcome() is None and moves(st) == {"j3-k3"}
    st = position({"a1": "0", "b1": "12", "c1": "0", "h1": "1", "i1": "0"}, to_move=2, ply=60)
    assert st.outcome() is None and moves(st) == {"pass"}     # White still has h1-i1


def test_the_placement_phase_never_ends_the_game():
    st = G.parse_position("x9/x10/x4,0,0,0,x4/x10/2,1,x7 2 5")   # no stack could move here
    assert st.outcome() is None and len(moves(st)) == 44


# -- Each player counts the pieces in the stacks he controls; more wins, equal is a draw ------------

def test_the_player_with_more_pieces_under_his_stacks_wins():
    st = position({"a1": "0", "c5": "0", "k3": "0", "b1": "12", "d5": "212"}, to_move=1, ply=61)
    out = st.outcome()
    assert (out.winner, out.token, out.scores) == (2, "0-1", (0, 5))
    st = position({"a1": "0", "c5": "0", "k3": "0", "b1": "1121", "d5": "21"}, to_move=1, ply=61)
    out = st.outcome()
    assert (out.winner, out.token, out.scores) == (1, "1-0", (6, 0))


def test_pieces_of_every_kind_in_a_controlled_stack_count():
    st = position({"a1": "0", "c5": "0", "k3": "0221", "f1": "2", "h1": "1"}, to_move=2, ply=60)
    # k3 holds a DVONN piece and two black pieces under White's top: all four count for White
    out = st.outcome()
    assert out.scores == (5, 1) and out.winner == 1


def test_equal_counts_are_a_draw():
    st = position({"a1": "0", "c5": "0", "k3": "0", "b1": "12", "d5": "21"}, to_move=2, ply=60)
    assert st.legal_moves() == []
    out = st.outcome()
    assert (out.winner, out.token, out.scores) == (None, "1/2-1/2", (2, 2))
    assert out.is_draw()


def test_the_end_is_reached_by_playing_the_last_move():
    st = position({"a1": "0", "c5": "0", "k3": "0", "b1": "12", "d5": "21", "j3": "2"}, to_move=2, ply=60)
    st.push_text("j3-k3")                   # k3 is Black's now; nothing else can move
    out = st.outcome()
    assert (out.winner, out.scores) == (2, (2, 4))
    st.pop()
    assert st.outcome() is None


# -- Notation: placement `e3`, move `e3-g3`, `pass` --------------------------------------------------

def test_moves_are_written_as_a_point_a_from_to_pair_or_pass():
    assert sorted(moves(G.initial())) == sorted(POINTS)
    st = position({"b3": "0", "c3": "0", "d3": "11", "e3": "2", "f3": "2", "g3": "0"})
    assert moves(st) == {"d3-b3", "d3-f3"}
    assert moves(cut_off()) == {"pass"}


@pytest.mark.parametrize("written", ["d3-f3", "D3-F3", "d3-F3", " d3-f3 ", "d3\u2013f3", "d3\u2212f3",
                                     "d3\u2014f3", "d3-f3!", "d3-f3?!", "d3-f3(!)"])
def test_lenient_spellings_of_a_stack_move_read_as_the_same_move(written):
    st = position({"b3": "0", "c3": "0", "d3": "11", "e3": "2", "f3": "2", "g3": "0"})
    canonical = G.parse_move(st, "d3-f3")
    assert G.parse_move(st, written) == canonical
    assert st.move_text(canonical) == "d3-f3"


@pytest.mark.parametrize("written", ["e3", "E3", " e3", "e3 ", "e3!"])
def test_lenient_spellings_of_a_placement(written):
    st = G.initial()
    st.push_text(written)
    assert st.text() == "x9/x10/x4,0,x6/x10/x9 2 1"


def test_pass_is_read_and_written():
    st = cut_off()
    (m,) = st.legal_moves()
    assert st.move_text(m) == "pass" and G.parse_move(st, "pass") == m
    assert G.parse_move(st, " pass ") == m


@pytest.mark.parametrize("written", ["d3f3", "d3 - f3", "d3-", "-f3", "d3-f3-h3", "Pd3", "", "d3x",
                                     "passe"])
def test_malformed_move_texts_are_invalid(written):
    st = position({"b3": "0", "c3": "0", "d3": "11", "e3": "2", "f3": "2", "g3": "0"})
    with pytest.raises(InvalidMoveError):
        st.push_text(written)


@pytest.mark.parametrize("written,why", [("d3-z9", "'z9' is not a point of this hex board"),
                                         ("a4-b4", "'a4' is not a point of this hex board"),
                                         ("l3", "'l3' is not a point of this hex board"),
                                         ("b5", "'b5' is not a point of this hex board")])
def test_points_off_the_board_are_invalid(written, why):
    st = position({"b3": "0", "c3": "0", "d3": "11", "e3": "2", "f3": "2", "g3": "0"})
    if "-" not in written:
        st = G.initial()
    with pytest.raises(InvalidMoveError, match=why):
        st.push_text(written)


@pytest.mark.parametrize("written,why", [
    ("d3-e3", "d3-e3 is 1 point long; this move goes 2"),
    ("d3-d5", "the move may not end on d5"),
    ("e3-g3", "the piece on top of e3 is not the player to move's"),
    ("b3-d3", "the stack on b3 is topped by a dvonn, which belongs to nobody"),
    ("a1-b1", "there is no piece on a1"),
    ("d3-f4", "f4 is not in a direction the piece on d3 may move"),
    ("pass", "a player may pass only when he has no other move"),
])
def test_illegal_moves_say_why(written, why):
    st = position({"b3": "0", "c3": "0", "d3": "11", "e3": "2", "f3": "2", "g3": "0"})
    with pytest.raises(IllegalMoveError) as exc:
        st.push_text(written)
    assert str(exc.value) == f"{written!r}: {why}"
    assert st.text() == "x9/x10/x,0,0,11,2,2,0,x4/x10/x9 1 51"     # nothing changed


# -- Position text (the engine's own, bottom piece first, 0 a DVONN piece) ---------------------------

def test_position_text_writes_stacks_bottom_first_with_the_player_and_ply():
    st = position({"b3": "0", "c3": "0", "d3": "11", "e3": "2", "f3": "2", "g3": "0"})
    assert st.text() == "x9/x10/x,0,0,11,2,2,0,x4/x10/x9 1 51"
    st.push_text("d3-f3")
    assert st.text() == "x9/x10/x,0,0,x,2,211,0,x4/x10/x9 2 52"
    assert stack(st, "f3") == "211"


@pytest.mark.parametrize("text,phase", [("x9/x10/x11/x10/x9 1 0", "dvonn"),
                                        ("x9/x10/x4,0,0,x5/x10/x9 1 2", "dvonn"),
                                        ("x9/x10/x4,0,0,0,x4/x10/x9 2 3", "placement"),
                                        ("x9/x10/x,0,0,11,2,2,0,x4/x10/x9 1 51", "movement")])
def test_the_phase_follows_from_the_ply(text, phase):
    st = G.parse_position(text)
    assert G.phases[st.phase].name == phase and st.text() == text


def test_position_text_accepts_any_splitting_of_empty_runs():
    st = G.parse_position("x4,x5/x,x9/x11/x3,x3,x4/x2,x1,x6 1 0")
    assert st.text() == "x9/x10/x11/x10/x9 1 0"


@pytest.mark.parametrize("bad", ["", "x9/x10/x11/x10/x9 1", "x9/x10/x11/x10 1 0", "x9/x10/x11/x10/x8 1 0",
                                 "x9/x10/x11/x10/x10 1 0", "x9/x10/x11/x10/x9 3 0", "x9/x10/x11/x10/x9 1 a",
                                 "x9/x10/x11/x10/3,x8 2 1", "x9/x10/x11/x10/,x9 1 0",
                                 "x9/x10/x11/x10/1P,x8 1 60", "x9/x10/x11/x10/x9/x9 1 0"])
def test_bad_position_texts_are_refused(bad):
    with pytest.raises(InvalidPositionError):
        G.parse_position(bad)


def test_a_negative_ply_is_refused():
    with pytest.raises(InvalidPositionError):
        G.parse_position("x9/x10/x11/x10/x9 1 -1")
