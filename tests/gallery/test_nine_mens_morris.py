"""Nine Men's Morris (games/gallery/nine-mens-morris.yaml) against OpenSpiel's
``nine_mens_morris`` (pyspiel 2.0.2): perft by whole turns from the start and from middle
positions reached by OpenSpiel's own random games.

OpenSpiel makes a removal after a mill a second action of the same player; here it is the second
part of one turn (``d1/xa4``), so a turn of ours is OpenSpiel's run of actions by one player (its
``turns`` perft). OpenSpiel numbers the points 0-23 row by row as drawn, from the top left; the
game file names them by the 7x7 grid they are drawn on (a1 at the bottom left).
"""

from __future__ import annotations

import pytest

import spielwerk

#: OpenSpiel's point numbers as squares of the grid
POINTS = ["a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5", "a4", "b4", "c4", "e4", "f4", "g4",
          "c3", "d3", "e3", "b2", "d2", "f2", "a1", "d1", "g1"]

#: OpenSpiel's action strings from the start to each middle position (from its seeded random games)
POSITIONS = {
    "t6": "Point 13 | Point 22 | Point 3 | Point 14 | Point 12 | Point 2",
    "t20": "Point 16 | Point 20 | Point 13 | Point 7 | Point 4 | Point 5 | Point 11 | Point 22 | Point 6 | "
           "Point 17 | Point 15 | Point 22 | Point 1 | Point 22 | Point 12 | Point 19 | Point 1 | Point 3 | "
           "Point 8 | Point 0 | Move 19 -> 18 | Move 0 -> 1",
    "t40": "Point 15 | Point 18 | Point 11 | Point 7 | Point 17 | Point 19 | Point 23 | Point 20 | Point 23 | "
           "Point 0 | Point 13 | Point 2 | Point 10 | Point 14 | Point 12 | Point 21 | Point 3 | Point 11 | "
           "Point 9 | Point 13 | Point 22 | Move 15 -> 16 | Move 3 -> 4 | Move 2 -> 1 | Move 20 -> 13 | "
           "Move 1 -> 2 | Move 10 -> 3 | Move 2 -> 1 | Move 19 -> 20 | Move 16 -> 15 | Move 3 -> 10 | "
           "Move 14 -> 2 | Point 20 | Move 10 -> 11 | Move 2 -> 14 | Move 13 -> 20 | Move 9 -> 10 | "
           "Move 22 -> 23 | Move 15 -> 16 | Move 4 -> 3 | Move 14 -> 2 | Point 12 | Move 7 -> 6 | "
           "Move 16 -> 15 | Move 20 -> 13",
}
#: OpenSpiel's perft by turns (depth 1, 2, ...)
PERFT = {
    "start": [24, 552, 12144, 255024, 5140800],
    "t6": [18, 357, 6140, 116696, 1951748],
    "t20": [14, 53, 506, 2948, 30069, 199346, 2131112],
    "t40": [14, 133, 1386, 12187, 134418, 1182061, 12934314],
}
#: how deep the default run goes
QUICK = {"start": 3, "t6": 3, "t20": 4, "t40": 4}


def replay(g, actions: str):
    """The state after OpenSpiel's actions: a placement or move, then its removal where a mill
    closed (the next action, by the same player), as one turn."""
    st = g.initial()
    pending = ""
    for action in actions.split(" | "):
        if action.startswith("Point"):
            square = POINTS[int(action.split()[1])]
            part = f"x{square}" if pending else square
        else:
            a, b = action.removeprefix("Move ").split(" -> ")
            part = f"{POINTS[int(a)]}-{POINTS[int(b)]}"
        text = f"{pending}/{part}" if pending else part
        legal = {st.move_text(m) for m in st.legal_moves()}
        if text in legal:
            st.push_text(text)
            pending = ""
        else:
            assert any(t.startswith(text + "/") for t in legal), f"{text} is no turn nor its start"
            pending = text
    assert not pending
    return st


def state(name: str):
    g = spielwerk.load("nine-mens-morris")
    return g, (g.initial() if name == "start" else replay(g, POSITIONS[name]))


@pytest.mark.parametrize("name", list(PERFT))
def test_perft_by_turns_is_openspiels(name):
    g, st = state(name)
    depth = QUICK[name]
    assert [g.perft(st, d) for d in range(1, depth + 1)] == PERFT[name][:depth]


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PERFT))
def test_deep_perft_by_turns_is_openspiels(name):
    g, st = state(name)
    depth = min(len(PERFT[name]), 5)
    assert g.perft(st, depth) == PERFT[name][depth - 1]


def test_a_mill_takes_a_man_outside_the_opponents_mills():
    g = spielwerk.load("nine-mens-morris")
    st = g.initial()
    for t in ["a1", "a7", "d1", "d7", "b2", "b6", "d2"]:
        st.push_text(t)
    # Black's g7 closes a7-d7-g7; White's men a1, d1 stand in no mill yet (a1-d1-g1 is open),
    # nor do b2, d2: any of them may go
    removals = {t for t in (st.move_text(m) for m in st.legal_moves()) if t.startswith("g7/")}
    assert removals == {"g7/xa1", "g7/xd1", "g7/xb2", "g7/xd2"}
    assert "g7" not in {st.move_text(m) for m in st.legal_moves()}


def test_men_step_along_the_lines():
    g = spielwerk.load("nine-mens-morris")
    # the moving phase (move 20, six of White's men and five of Black's taken, none in hand):
    # White a1, g1, a7, b4; Black d1, g7, d2. A man steps to the next point along a line: b4 to
    # b2, b6, a4 or c4 (a4 closes a1-a4-a7, so a Black man goes)
    st = g.parse_position("1M,x,2M/x3/x3/x,1M,x4/x3/x,2M,x/1M,2M,1M 1 20 6 5")
    moves = {st.move_text(m) for m in st.legal_moves()}
    assert {m for m in moves if m.startswith("b4-")} == {"b4-b2", "b4-b6", "b4-c4", "b4-a4/xd1", "b4-a4/xg7",
                                                        "b4-a4/xd2"}
    assert "a1-a4" in moves and "g1-g4" in moves and "a1-b2" not in moves


def test_with_three_men_left_they_fly():
    g = spielwerk.load("nine-mens-morris")
    # White a1, g1, a7 (three men); Black d1, g7
    st = g.parse_position("1M,x,2M/x3/x3/x6/x3/x3/1M,2M,1M 1 20 7 6")
    moves = {st.move_text(m) for m in st.legal_moves()}
    assert len(moves) == 3 * 19 - 1 + 2  # each man to any of the 19 empty points; g1-a4 closes a mill
    assert {m for m in moves if m.startswith("g1-a4")} == {"g1-a4/xd1", "g1-a4/xg7"}
    st.push_text("g1-a4/xd1")
    assert st.outcome().winner == 1 and st.outcome().result == "reduced"
