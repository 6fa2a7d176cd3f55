"""Dots and Boxes (games/gallery/dots-and-boxes.yaml) against OpenSpiel's ``dots_and_boxes``
(pyspiel 2.0.2, 2x2 and 3x3 boxes): perft from the start and from positions of OpenSpiel's own
random games, and how many leaves have the first player to move (the extra turn after a box).

OpenSpiel names a line ``P1(h,row,col)`` (a horizontal line from dot (row, col), row 0 at the
top) or ``P2(v,row,col)`` (a vertical one down from it). The game file's boxes are the cells of a
board whose sides are sites (``sides: all``): the horizontal line from dot (row, col) is the south
side of the box in file col + 1 and rank n - row + 1 (the north side of the one below it), the
vertical line down from it the west side of the box in file col + 1 and rank n - row. Each line is one move here and one
action there; a completed box gives the same player the next move, as OpenSpiel's next action.
"""

from __future__ import annotations

import re

import pytest

import spielwerk

POSITIONS = {
    (2, "t3"): "P1(v,0,0) P2(v,1,2) P1(h,0,1)",
    (2, "t6"): "P1(h,0,0) P2(h,2,0) P1(h,1,0) P2(v,1,2) P1(v,1,0) P2(v,1,1)",
    (3, "t12"): "P1(h,0,1) P2(h,2,1) P1(h,1,0) P2(v,2,0) P1(v,0,3) P2(h,2,2) P1(v,1,2) P2(v,1,0) P1(v,1,3) "
                "P2(v,2,1) P1(v,0,1) P2(h,1,2)",
    (3, "t18"): "P1(v,1,0) P2(v,2,0) P1(v,0,1) P2(h,2,1) P1(h,1,1) P2(h,1,2) P1(h,3,2) P2(v,2,2) P1(h,2,0) "
                "P2(v,1,1) P1(v,0,3) P2(v,1,2) P2(h,0,1) P1(v,0,0) P2(v,2,1) P1(h,0,0) P2(h,3,0) P2(h,1,0)",
}
#: OpenSpiel's perft (depth 1, 2, ...) and, per depth, the leaves with the first player to move
PERFT = {
    (2, "start"): ([12, 132, 1320, 11880, 95040], [0, 132, 0, 11784, 3840]),
    (2, "t3"): ([9, 72, 504, 3024], [9, 0, 486, 456]),
    (2, "t6"): ([6, 30, 120, 360, 720, 720, 0], [6, 4, 72, 264, 432, 0, 0]),
}
PERFT_ONLY = {(3, "start"): [24, 552, 12144]}


def line(n: int, text: str) -> str:
    """OpenSpiel's name of a line as our side: the south or west side of a box (on the board's north
    or east edge, the north or east side of the box below it or to its left)."""
    m = re.fullmatch(r"P[12]\(([hv]),(\d+),(\d+)\)", text)
    assert m, text
    kind, row, col = m.group(1), int(m.group(2)), int(m.group(3))
    if kind == "h":  # between dots (row, col) and (row, col + 1)
        file, rank, side = (col, n - row, "s") if row > 0 else (col, n - 1, "n")
    else:  # between dots (row, col) and (row + 1, col)
        file, rank, side = (col, n - row - 1, "w") if col < n else (col - 1, n - row - 1, "e")
    return f"{chr(ord('a') + file)}{rank + 1}{side}"


def state(n: int, name: str):
    g = spielwerk.load("dots-and-boxes", size=n)
    st = g.initial()
    if name != "start":
        for text in POSITIONS[(n, name)].split():
            player = int(text[1])
            assert st.to_move == player, f"{text}: OpenSpiel's player {player} is not ours to move"
            st.push_text(line(n, text))
    return g, st


def leaves_first_to_move(st, depth: int) -> int:
    if depth == 0:
        return int(st.to_move == 1 and st.outcome() is None)
    total = 0
    for m in st.legal_moves():
        st.push(m)
        total += leaves_first_to_move(st, depth - 1)
        st.pop()
    return total


@pytest.mark.parametrize("key", list(PERFT))
def test_perft_and_the_extra_turns_are_openspiels(key):
    g, st = state(*key)
    counts, first = PERFT[key]
    depth = min(len(counts), 4)
    assert [g.perft(st, d) for d in range(1, depth + 1)] == counts[:depth]
    assert [leaves_first_to_move(st, d) for d in range(1, depth + 1)] == first[:depth]


def test_three_by_three_perft_is_openspiels():
    g, st = state(3, "start")
    assert [g.perft(st, d) for d in (1, 2, 3)] == PERFT_ONLY[(3, "start")]


@pytest.mark.parametrize("name", ["t12", "t18"])
def test_openspiels_games_replay_with_the_same_player_to_move(name):
    g, st = state(3, name)  # every line checked legal, every mover checked OpenSpiel's
    assert st.outcome() is None


def test_a_completed_box_is_the_players_and_gives_him_the_next_move():
    g, st = state(2, "start")
    for side in ["a1s", "a1w", "a1e"]:
        st.push_text(side)
    assert st.to_move == 2
    st.push_text("a1n")  # the fourth side of the box a1
    assert st.to_move == 2 and st.stacks[g.topology.parse_square("a1")]
    assert g.code_owner[st.stacks[g.topology.parse_square("a1")][-1]] == 2  # the second player's box
    st.pop()
    assert not st.stacks[g.topology.parse_square("a1")] and st.to_move == 2


def test_the_game_ends_when_every_line_is_drawn_and_more_boxes_win():
    g, st = state(2, "start")
    for side in ["a1s", "b1s", "a1w", "a1e", "b1e", "a1n", "b1n", "a2w", "a2e", "b2e", "a2n", "b2n"]:
        st.push_text(side)
    o = st.outcome()
    assert o is not None and sum(o.scores) == 4
