"""One test (or a parametrized group) per rule sentence of Focus (NEW-GAMES.md section 1), on small
hand-built positions."""

from __future__ import annotations

import pytest
from focus_board import EMPTY, FILES, GAME, MISSING, RANKS, SQUARES, moves, position, reserve, sq, stack, state

from spielwerk import IllegalMoveError, InvalidMoveError, InvalidPositionError

START = ("x4/2,2,1,1,2,2/x,1,1,2,2,1,1,x/x,2,2,1,1,2,2,x/x,1,1,2,2,1,1,x/x,2,2,1,1,2,2,x/1,1,2,2,1,1/x4"
         " 1 0 0 0 0")
ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))


def exists(f: int, r: int) -> bool:
    return 0 <= f < 8 and 1 <= r <= 8 and f"{FILES[f]}{r}" not in MISSING


def expected_steps(name: str, height: int) -> set[str]:
    """The moves of a lone stack of ``height`` on ``name`` as the rules give them, worked out here:
    the top k pieces go exactly k squares in a straight orthogonal line, every square of the path on
    the board; the count is written when it is not the whole stack."""
    f, r = FILES.index(name[0]), int(name[1:])
    out = set()
    for k in range(1, height + 1):
        for df, dr in ORTHOGONAL:
            if all(exists(f + df * i, r + dr * i) for i in range(1, k + 1)):
                target = f"{FILES[f + df * k]}{r + dr * k}"
                out.add(f"{'' if k == height else k}{name}-{target}")
    return out


# -- the board: 8x8 without the three squares at each corner --------------------------------------

def test_the_board_has_52_squares():
    topo = GAME.topology
    assert bin(topo.full_mask).count("1") == 52 == len(SQUARES)
    assert {topo.name(i) for i in range(topo.size) if topo.full_mask >> i & 1} == set(SQUARES)


def test_squares_are_named_as_on_the_full_8x8_board():
    topo = GAME.topology
    for name in SQUARES:
        assert topo.name(topo.parse_square(name)) == name
    assert [[topo.name(i) for i in row] for row in reversed(topo.rows())] == RANKS
    assert [len(rank) for rank in RANKS] == [4, 6, 8, 8, 8, 8, 6, 4]


@pytest.mark.parametrize("name", MISSING)
def test_the_three_squares_at_each_corner_do_not_exist(name):
    with pytest.raises(ValueError, match="not a square"):
        GAME.topology.parse_square(name)
    st = state({"d4": "1"}, res=(1, 0))
    assert not any(name in t for t in moves(st))
    with pytest.raises(InvalidMoveError, match=f"'{name}' is not a square"):
        st.push_text("*" + name)


# -- pieces and the start ---------------------------------------------------------------------------

def test_the_start_diagram():
    st = GAME.initial()
    assert st.text() == START
    white_pattern, black_pattern = "112211", "221122"  # W W B B W W, and B B W W B B
    for r in range(2, 8):
        row = "".join(stack(st, f + str(r)) for f in "bcdefg")
        assert row == (white_pattern if r % 2 == 0 else black_pattern), r
    outside = [name for name in SQUARES if not ("b" <= name[0] <= "g" and 2 <= int(name[1]) <= 7)]
    assert all(stack(st, name) == "" for name in outside)


def test_eighteen_single_pieces_each_and_white_moves_first():
    st = GAME.initial()
    assert all(len(s) <= 1 for s in st.stacks)
    assert [sum(1 for s in st.stacks for pc in s if GAME.code_owner[pc] == p) for p in (1, 2)] == [18, 18]
    assert reserve(st, 1) == reserve(st, 2) == 0 and st.captures[1:] == [0, 0]
    assert st.to_move == 1


def test_the_start_has_68_moves():
    # 18 singles x 4 directions, minus b2-b1, b2-a2, g2-g1 and g2-h2 (missing squares)
    st = GAME.initial()
    assert len(st.legal_moves()) == 68 == len(moves(st))
    assert not {"b2-b1", "b2-a2", "g2-g1", "g2-h2"} & moves(st)


# -- a stack belongs to the player whose piece is on top -----------------------------------------

def test_a_stack_belongs_to_the_player_whose_piece_is_on_top():
    cells = {"d4": "2221", "e6": "1112"}
    white = state(cells, side=1)
    assert moves(white) == expected_steps("d4", 4)
    black = state(cells, side=2)
    assert moves(black) == expected_steps("e6", 4)
    with pytest.raises(IllegalMoveError, match="the piece on top of e6 is not the player to move's"):
        white.push_text("e6-e2")


def test_after_a_move_the_rest_of_the_stack_belongs_to_its_new_top():
    st = state({"d4": "121", "h6": "2"})
    st.push_text("1d4-d5")
    assert stack(st, "d4") == "12" and stack(st, "d5") == "1"
    assert "d4-d6" in moves(st)                # Black now owns d4 (two pieces, two squares)


# -- moving: top k pieces, exactly k squares, straight, over anything, onto anything ------------------

@pytest.mark.parametrize("name,height", [("d4", 5), ("d4", 1), ("c1", 3), ("b2", 2), ("a5", 4), ("h3", 5),
                                         ("g7", 2), ("f8", 5), ("e5", 3)])
def test_take_the_top_k_pieces_and_move_them_exactly_k_squares(name, height):
    st = state({name: "1" * height})
    assert moves(st) == expected_steps(name, height)


def test_every_square_and_height_gives_the_moves_of_the_rule():
    for name in SQUARES:
        for height in (1, 3, 5):
            st = state({name: "2" * height}, side=2)
            assert moves(st) == expected_steps(name, height), (name, height)


def test_the_moved_pieces_keep_their_order_and_go_on_top():
    st = state({"d4": "21211", "d7": "2"})
    st.push_text("3d4-d7")
    assert stack(st, "d4") == "21" and stack(st, "d7") == "2211"


@pytest.mark.parametrize("cells,move", [
    ({"d4": "111", "d5": "22222", "d6": "1"}, "d4-d7"),          # over a full enemy stack and an own piece
    ({"c3": "2111", "d3": "2", "e3": "12", "f3": "22"}, "3c3-f3"),
    ({"b4": "11", "c4": "2", "d4": "1"}, "b4-d4"),
])
def test_a_move_passes_over_anything(cells, move):
    st = state(cells)
    assert move in moves(st)
    st.push_text(move)


@pytest.mark.parametrize("target,before,after", [("d6", "", "11"), ("d6", "1", "111"), ("d6", "2", "211"),
                                                 ("d6", "212", "21211")])
def test_a_move_lands_on_any_square_empty_or_a_stack(target, before, after):
    cells = {"d4": "11"}
    if before:
        cells[target] = before
    st = state(cells)
    st.push_text("d4-" + target)
    assert stack(st, target) == after and stack(st, "d4") == ""


def test_moves_are_straight_and_orthogonal_only():
    st = state({"d4": "11"})
    assert not any(t.endswith(("-f6", "-b2", "-e5", "-c3")) for t in moves(st))
    with pytest.raises(IllegalMoveError, match="f6 is not in a direction the piece on d4 may move"):
        st.push_text("d4-f6")


@pytest.mark.parametrize("text,why", [
    ("d4-d5", "d4-d5 is 1 square long; this move goes 3"),   # the whole stack of 3 goes 3 squares
    ("2d4-d7", "d4-d7 is 3 squares long; this move goes 2"),
    ("1d4-d6", "d4-d6 is 2 squares long; this move goes 1"),
])
def test_the_distance_is_the_number_of_pieces_moved(text, why):
    st = state({"d4": "111"})
    with pytest.raises(IllegalMoveError, match=why):
        st.push_text(text)


@pytest.mark.parametrize("cells,refused,allowed", [
    ({"c2": "11"}, ["c2-a2", "1c2-c0"], ["c2-c4", "c2-e2", "1c2-b2", "1c2-c1"]),
    ({"b3": "111"}, ["2b3-b1", "b3-b0"], ["1b3-b2", "1b3-a3", "b3-b6", "b3-e3", "2b3-d3"]),
    ({"a3": "1"}, ["a3-a2", "1a3-z3"], ["a3-a4", "a3-b3"]),
    ({"b2": "1"}, ["b2-b1", "b2-a2"], ["b2-b3", "b2-c2"]),
    ({"f8": "11"}, ["f8-h8", "1f8-g8", "f8-f10"], ["f8-f6", "f8-d8", "1f8-e8", "1f8-f7"]),
    ({"d1": "12121"}, ["2d1-b1", "3d1-g1", "4d1-h1"], ["d1-d6", "4d1-d5", "2d1-f1", "1d1-c1"]),
])
def test_a_path_that_leaves_the_board_or_meets_a_missing_square_is_illegal(cells, refused, allowed):
    st = state(cells)
    m = moves(st)
    assert set(allowed) <= m
    for text in refused:
        assert text not in m
        with pytest.raises((InvalidMoveError, IllegalMoveError)):
            st.push_text(text)


def test_off_the_board_moves_name_the_square_that_does_not_exist():
    st = state({"b3": "111", "d4": "11111"})
    with pytest.raises(InvalidMoveError, match="'b1' is not a square of this 8x8 board"):
        st.push_text("2b3-b1")
    with pytest.raises(InvalidMoveError, match="'d9' is not a square"):
        st.push_text("d4-d9")
    assert not any(t.startswith("d4-") for t in moves(st))   # the whole 5-stack can go nowhere


def test_no_line_leaves_the_board_and_comes_back():
    # so "crosses a missing square" and "leaves the board" are the same refusal on this board: a
    # path is legal exactly when all of its squares exist (checked square by square above)
    for name in SQUARES:
        f, r = FILES.index(name[0]), int(name[1:])
        for df, dr in ORTHOGONAL:
            on = [exists(f + df * i, r + dr * i) for i in range(1, 8)]
            assert on == sorted(on, reverse=True), (name, df, dr)


# -- the height limit -------------------------------------------------------------------------------

# (mover, cells before, move, the landing square, its stack after, (resW, resB) after, (capW, capB) after)
OVERFLOW = [
    # White: two black pieces cut from the bottom, both captured
    (1, {"e3": "2121", "e6": "2212"}, (0, 0), "3e3-e6", "e6", "12121", (0, 0), (2, 0)),
    # White: a white piece to White's reserve, a black one captured
    (1, {"e3": "2121", "e6": "1212"}, (0, 0), "3e3-e6", "e6", "12121", (1, 0), (1, 0)),
    # White: only his own pieces cut, all to his reserve
    (1, {"d3": "22111", "d6": "11111"}, (0, 0), "3d3-d6", "d6", "11111", (3, 0), (0, 0)),
    # White: a whole 5-stack onto a black 5-stack, five black pieces out of the game
    (1, {"d3": "11111", "d8": "22222"}, (0, 0), "d3-d8", "d8", "11111", (0, 0), (5, 0)),
    # Black: two white pieces captured
    (2, {"c5": "22", "c3": "11112"}, (0, 0), "c5-c3", "c3", "11222", (0, 0), (0, 2)),
    # Black: his own pieces to his reserve, on top of the 3 he had
    (2, {"c5": "22", "c3": "22112"}, (0, 3), "c5-c3", "c3", "11222", (0, 5), (0, 0)),
    # Black: one black piece to his reserve, two white captured
    (2, {"d3": "11222", "d6": "21111"}, (0, 0), "3d3-d6", "d6", "11222", (0, 1), (0, 2)),
    # exactly five: nothing is cut
    (1, {"d4": "11", "d6": "222"}, (0, 0), "d4-d6", "d6", "22211", (0, 0), (0, 0)),
]


@pytest.mark.parametrize("mover,cells,res,move,target,after,res_after,cap_after", OVERFLOW)
def test_height_limit_five_cuts_from_the_bottom_own_to_reserve_others_captured(
        mover, cells, res, move, target, after, res_after, cap_after):
    st = state(cells, side=mover, res=res)
    st.push_text(move)
    assert stack(st, target) == after
    assert (reserve(st, 1), reserve(st, 2)) == res_after
    assert (st.captures[1], st.captures[2]) == cap_after
    assert st.text().split()[2:] == [str(n) for n in res_after + cap_after]
    assert all(len(s) <= 5 for s in st.stacks)


def test_the_source_stack_is_not_cut_and_keeps_its_rest():
    st = state({"d3": "22111", "d6": "12222"})
    st.push_text("3d3-d6")
    assert stack(st, "d3") == "22" and stack(st, "d6") == "22111"
    assert st.captures[1] == 2 and reserve(st, 1) == 1


# -- drops from the reserve -------------------------------------------------------------------------

def test_a_drop_goes_on_any_of_the_52_squares_empty_or_a_stack():
    cells = {"d4": "1", "e5": "2", "c8": "12222", "h3": "21111", "b7": "12"}
    st = state(cells, res=(1, 0))
    drops = {t for t in moves(st) if t.startswith("*")}
    assert drops == {"*" + name for name in SQUARES}
    st = state(cells, side=2, res=(0, 2))
    assert {t for t in moves(st) if t.startswith("*")} == {"*" + name for name in SQUARES}


@pytest.mark.parametrize("before,after", [("", "1"), ("1", "11"), ("2", "21"), ("2212", "22121")])
def test_a_drop_takes_one_piece_from_the_reserve_and_puts_it_on_top(before, after):
    st = state({"e5": before} if before else {}, res=(3, 2))
    st.push_text("*e5")
    assert stack(st, "e5") == after
    assert (reserve(st, 1), reserve(st, 2)) == (2, 2) and st.captures[1:] == [0, 0]
    assert st.to_move == 2


@pytest.mark.parametrize("mover,before,res,after,res_after,cap_after", [
    (1, "21112", (2, 0), "11121", (1, 0), (1, 0)),    # the black bottom piece is captured
    (1, "12122", (1, 0), "21221", (1, 0), (0, 0)),    # the white bottom piece comes back to the reserve
    (2, "12122", (0, 1), "21222", (0, 0), (0, 1)),
    (2, "21112", (0, 2), "11122", (0, 2), (0, 0)),
])
def test_the_height_limit_applies_after_a_drop(mover, before, res, after, res_after, cap_after):
    st = state({"e5": before, "a3": "1", "h6": "2"}, side=mover, res=res)
    st.push_text("*e5")
    assert stack(st, "e5") == after
    assert (reserve(st, 1), reserve(st, 2)) == res_after
    assert (st.captures[1], st.captures[2]) == cap_after


def test_no_drop_with_an_empty_reserve():
    st = state({"d4": "1", "e5": "2"}, res=(0, 5))
    assert not any(t.startswith("*") for t in moves(st))
    with pytest.raises(IllegalMoveError, match="no piece left in reserve"):
        st.push_text("*e6")


# -- the end -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("side,token,winner", [(1, "0-1", 2), (2, "1-0", 1)])
def test_a_player_who_can_neither_move_nor_drop_loses(side, token, winner):
    # the player to move owns no stack (the opponent's pieces are on top of all of his) and has no
    # reserve
    other = str(3 - side)
    st = state({"d4": "12" + other, "e5": "21" + other, "c3": "2121" + other}, side=side, cap=(3, 3))
    assert st.legal_moves() == []
    out = st.outcome()
    assert out.winner == winner and out.token == token and out.result == "no_moves"
    assert GAME.perft(st, 1) == 0 and GAME.perft(st, 0) == 1


def test_a_player_with_a_reserve_but_no_stack_still_drops():
    st = state({"d4": "12", "e5": "2"}, res=(1, 0))
    assert st.outcome() is None and len(moves(st)) == 52


def test_a_player_with_a_stack_but_no_reserve_still_moves():
    st = state({"d4": "21", "e5": "2"}, res=(0, 9))
    assert st.outcome() is None and moves(st) == expected_steps("d4", 2)


def test_covering_the_opponents_last_stack_wins_when_he_has_no_reserve():
    st = state({"d4": "2", "d5": "1"})
    st.push_text("d5-d4")
    assert st.outcome().winner == 1 and st.outcome().token == "1-0"
    assert st.legal_moves() == []
    st.pop()
    st = state({"d4": "2", "d5": "1"}, res=(0, 1))
    st.push_text("d5-d4")
    assert st.outcome() is None and moves(st) == {"*" + name for name in SQUARES}


def test_no_end_by_repetition():
    st = state({"d4": "1", "e5": "2"})
    first = st.hash
    for _ in range(50):
        for text in ("d4-d5", "e5-e6", "d5-d4", "e6-e5"):
            st.push_text(text)
            assert st.outcome() is None
    assert st.hash == first and st.ply == 200 and len(st.legal_moves()) == 4


def test_no_end_by_a_move_limit_or_by_material():
    import random
    rng = random.Random(0)
    st = GAME.initial()
    for _ in range(2000):
        st.push(rng.choice(st.legal_moves()))
    assert st.outcome() is None
    # a player with one piece left against 17 captured is not lost while he can move
    st = state({"d4": "1", "e5": "22222", "e4": "22222"}, cap=(0, 17))
    assert st.outcome() is None and len(st.legal_moves()) == 4


# -- the position text ----------------------------------------------------------------------------

def test_position_text_ranks_8_to_1_with_only_existing_squares():
    cells = {"c8": "1", "f8": "2", "b7": "12", "a6": "2", "h3": "11", "c1": "21", "f1": "1"}
    text = position(cells)
    st = GAME.parse_position(text)
    assert st.text() == "1,x2,2/12,x5/2,x7/x8/x8/x7,11/x6/21,x2,1 1 0 0 0 0"
    for name, digits in cells.items():
        assert stack(st, name) == digits


def test_a_stack_is_written_bottom_piece_first():
    st = GAME.parse_position("x4/x6/x8/x3,1122,x4/x8/x8/x6/x4 2 0 0 0 0")
    assert stack(st, "d5") == "1122"
    assert [GAME.code_owner[pc] for pc in st.stacks[sq("d5")]] == [1, 1, 2, 2]
    assert "d5-d1" in moves(st)            # Black's stack: his piece is on top


@pytest.mark.parametrize("text", ["x,x,x,x/x6/x8/x8/x8/x8/x6/x4 1 0 0 0 0",
                                  "x2,x2/x,x5/x8/x8/x4,x4/x8/x6/x4 1 0 0 0 0",
                                  "x1,x3/x6/x8/x8/x8/x8/x6/x4 1 0 0 0 0"])
def test_empty_runs_are_read_however_split_and_written_as_xn(text):
    assert GAME.parse_position(text).text() == EMPTY + " 1 0 0 0 0"
    st = GAME.parse_position("x,1,x,x/x6/x8/x8/x8/x8/x6/x4 1 0 0 0 0")
    assert st.text() == "x,1,x2/x6/x8/x8/x8/x8/x6/x4 1 0 0 0 0"


def test_the_trailer_is_side_reserves_and_captures():
    st = GAME.parse_position(position({"d4": "112", "e5": "21"}, side=2, res=(3, 4), cap=(5, 6)))
    assert st.to_move == 2
    assert (reserve(st, 1), reserve(st, 2)) == (3, 4)
    assert (st.captures[1], st.captures[2]) == (5, 6)     # capW: black pieces White put out
    assert st.text().endswith(" 2 3 4 5 6")


def test_the_trailer_may_be_spaced_with_any_whitespace():
    assert GAME.parse_position(EMPTY + "  2\t1 0\n3 0").text() == EMPTY + " 2 1 0 3 0"


@pytest.mark.parametrize("text,why", [
    (EMPTY, "expected the board and 5 more field"),
    (EMPTY + " 1 0 0 0", "expected the board and 5 more field"),
    (EMPTY + " 1 0 0 0 0 0", "expected the board and 5 more field"),
    (EMPTY + " 3 0 0 0 0", "the player to move must be 1 or 2"),
    (EMPTY + " 1 a 0 0 0", "are whole numbers"),
    (EMPTY + " 1 -1 0 0 0", "a reserve cannot be negative"),
    (EMPTY + " 1 0 0 0 -2", "captured pieces cannot be negative"),
    (EMPTY + " 1 19 0 0 0", "player 1 has 19 pieces"),
    (EMPTY + " 1 0 10 9 0", "player 2 has 19 pieces"),
    ("x4/x6/x8/x8/x8/x8/x6 1 0 0 0 0", "7 rows for a board of 8"),
    ("x4/x6/x8/x8/x8/x8/x6/x3 1 0 0 0 0", "has 3 squares, not 4"),
    ("x4/x6/x8/x8/x8/x8/x6/x5 1 0 0 0 0", "has more than 4 squares|has 5 squares"),
    ("x3,3/x6/x8/x8/x8/x8/x6/x4 1 0 0 0 0", "cannot read the square '3'"),
    ("x3,/x6/x8/x8/x8/x8/x6/x4 1 0 0 0 0", "cannot read the square ''"),
    ("x3,1P/x6/x8/x8/x8/x8/x6/x4 1 0 0 0 0", "cannot read the square"),
    ("x3,0/x6/x8/x8/x8/x8/x6/x4 1 0 0 0 0", "player 1 or 2"),
    ("x4/x6/x8/x8/x8/x8/x6/11111,11111,11111,1111 1 0 0 0 0", "player 1 has 19 pieces on the board, in reserve and captured; the game provides 18"),
])
def test_bad_position_texts_are_refused_with_a_reason(text, why):
    with pytest.raises(InvalidPositionError, match=why):
        GAME.parse_position(text)


def test_a_stack_higher_than_five_is_refused_in_a_position_text():
    with pytest.raises(InvalidPositionError):
        GAME.parse_position("x4/x6/x8/x8/x3,222222,1,x3/x8/x6/x4 1 0 0 0 0")


# -- the move notation -----------------------------------------------------------------------------

def test_a_whole_stack_is_written_from_to_and_a_part_with_its_count():
    st = state({"d4": "212", "c8": "1"}, side=2, res=(0, 1))
    m = moves(st)
    assert {"d4-d7", "d4-g4", "2d4-d6", "1d4-d5", "*e5"} <= m
    assert not {"3d4-d7", "d4-d5", "d4-d6"} & m
    st.push_text("2d4-d6")
    assert stack(st, "d6") == "12" and stack(st, "d4") == "2"


def test_every_move_text_reads_back_to_its_move():
    st = state({"d4": "21211", "b3": "12", "f8": "2", "a5": "11"}, res=(2, 1))
    for m in st.legal_moves():
        assert GAME.parse_move(st, st.move_text(m)) == m


@pytest.mark.parametrize("written,canonical", [
    ("D4-D6", "d4-d6"),              # upper case
    ("d4\u2013d6", "d4-d6"),         # en dash
    ("d4\u2212d6", "d4-d6"),         # minus sign
    ("d4\u2014d6", "d4-d6"),         # em dash
    ("  d4-d6 ", "d4-d6"),           # surrounding blanks
    ("d4-d6!", "d4-d6"),             # an opinion mark
    ("d4-d6?!", "d4-d6"),
    ("2d4-d6", "d4-d6"),             # the count of the whole stack written out
    ("1B3-B4", "1b3-b4"),
    ("*E5", "*e5"),
])
def test_lenient_readings_of_move_texts(written, canonical):
    st = state({"d4": "11", "b3": "21"}, res=(1, 0))
    move = GAME.parse_move(st, written)
    assert st.move_text(move) == canonical


def test_a_single_piece_may_be_written_with_its_count_one():
    st = GAME.initial()
    assert st.move_text(GAME.parse_move(st, "1b2-b3")) == "b2-b3"


@pytest.mark.parametrize("text", ["b2b3", "b2-b3+", "b2 - b3", "* e5", "e5", "", "-", "2 b2-b3", "b2xb3"])
def test_texts_that_are_no_move_of_the_notation_are_invalid(text):
    with pytest.raises(InvalidMoveError, match="not a move in Focus notation"):
        GAME.parse_move(GAME.initial(), text)


@pytest.mark.parametrize("cells,side,res,text,why", [
    (None, 1, (0, 0), "d2-d3", "the piece on top of d2 is not the player to move's"),
    (None, 2, (0, 0), "b2-b3", "the piece on top of b2 is not the player to move's"),
    (None, 1, (0, 0), "d1-d2", "there is no piece on d1"),
    (None, 1, (0, 0), "2b2-b4", "cannot take 2 pieces from a stack of 1 on b2"),
    (None, 1, (0, 0), "b2-c3", "c3 is not in a direction the piece on b2 may move"),
    (None, 1, (0, 0), "b2-b4", "b2-b4 is 2 squares long; this move goes 1"),
    (None, 1, (0, 0), "*e5", "no piece left in reserve"),
    ({"d4": "2"}, 2, (5, 0), "*e5", "no piece left in reserve"),   # White's reserve is not Black's
    ({"d4": "11111"}, 1, (0, 0), "3d4-d6", "d4-d6 is 2 squares long; this move goes 3"),
    ({"d4": "11111"}, 1, (0, 0), "6d4-d2", "cannot take 6 pieces from a stack of 5 on d4"),
    ({"d4": "11111"}, 1, (0, 0), "0d4-d4", "from d4 between 1 and 5 pieces may move, not 0"),
    ({"d4": "11111"}, 1, (0, 0), "d4-d5", "d4-d5 is 1 square long; this move goes 5"),
])
def test_illegal_moves_are_refused_naming_why(cells, side, res, text, why):
    if cells is None:
        st = GAME.parse_position(START.replace(" 1 0 0 0 0", f" {side} {res[0]} {res[1]} 0 0"))
    else:
        st = state(cells, side=side, res=res)
    with pytest.raises(IllegalMoveError) as info:
        st.push_text(text)
    assert str(info.value) == f"{text!r}: {why}"


def test_a_move_after_the_end_is_refused_because_the_game_is_over():
    st = state({"d4": "2", "d5": "1"})
    st.push_text("d5-d4")
    assert st.outcome() is not None
    with pytest.raises(IllegalMoveError, match="over"):
        st.push_text("d4-d5")
