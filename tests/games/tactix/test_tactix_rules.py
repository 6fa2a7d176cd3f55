"""Tactix's rules (NOTES.md section 4, seed 004): dice orientation, routes, captures and wins."""

from __future__ import annotations

import itertools

import pytest

import spielwerk
from spielwerk import IllegalMoveError

GAME = spielwerk.load("tactix")
CENTRE = spielwerk.load("tactix", centre=True)


# -- an independent die: faces as vectors, turned by rotation matrices ------------------------

def rot(axis, quarter_turns):
    """The rotation matrix for ``quarter_turns`` of 90 degrees about a unit axis (x, y or z)."""
    c, s = {0: (1, 0), 1: (0, 1), 2: (-1, 0), 3: (0, -1)}[quarter_turns % 4]
    x, y, z = axis
    return [[c + x * x * (1 - c), x * y * (1 - c) - z * s, x * z * (1 - c) + y * s],
            [y * x * (1 - c) + z * s, c + y * y * (1 - c), y * z * (1 - c) - x * s],
            [z * x * (1 - c) - y * s, z * y * (1 - c) + x * s, c + z * z * (1 - c)]]


def apply(m, v):
    return tuple(sum(m[i][j] * v[j] for j in range(3)) for i in range(3))


# a right-handed die: 1 up, 2 towards the viewer (south, -y), 3 on the right (east, +x)
REFERENCE = {1: (0, 0, 1), 6: (0, 0, -1), 2: (0, -1, 0), 5: (0, 1, 0), 3: (1, 0, 0), 4: (-1, 0, 0)}
# rolling one square north turns the die about the east (x) axis, the top going north
ROLL = {"north": ((1, 0, 0), -1), "south": ((1, 0, 0), 1), "east": ((0, 1, 0), 1), "west": ((0, 1, 0), -1)}


def all_orientations():
    seen = {}
    for a, b, c in itertools.product(range(4), repeat=3):
        faces = dict(REFERENCE)
        for axis, turns in (((1, 0, 0), a), ((0, 1, 0), b), ((0, 0, 1), c)):
            m = rot(axis, turns)
            faces = {f: apply(m, v) for f, v in faces.items()}
        top = next(f for f, v in faces.items() if v == (0, 0, 1))
        north = next(f for f, v in faces.items() if v == (0, 1, 0))
        seen[(top, north)] = faces
    return seen


ORIENTATIONS = all_orientations()


def rolled(faces, direction):
    axis, turns = ROLL[direction]
    m = rot(axis, turns)
    return {f: apply(m, v) for f, v in faces.items()}


def top_north(faces):
    return (next(f for f, v in faces.items() if v == (0, 0, 1)), next(f for f, v in faces.items() if v == (0, 1, 0)))


def test_there_are_24_orientations():
    assert len(ORIENTATIONS) == 24
    assert sorted(GAME.die.codes) == sorted(t * 8 + n for t, n in ORIENTATIONS)


@pytest.mark.parametrize("top,north", sorted(ORIENTATIONS))
@pytest.mark.parametrize("direction", ["north", "south", "east", "west"])
def test_every_single_step_tip_matches_a_vector_rotation(top, north, direction):
    faces = ORIENTATIONS[(top, north)]
    expected = top_north(rolled(faces, direction))
    got = GAME.die.tipped[top * 8 + north][direction]
    assert (got >> 3, got & 7) == expected
    east = next(f for f, v in faces.items() if v == (1, 0, 0))
    assert GAME.die.east(top * 8 + north) == east


def test_the_a1_die_shows_6_east_and_1_west():
    st = GAME.initial()
    a1 = st.orient[0]
    assert (a1 >> 3, a1 & 7) == (5, 4)
    assert GAME.die.face(a1, "east") == 6 and GAME.die.face(a1, "west") == 1 and GAME.die.face(a1, "south") == 3


def test_the_start_position():
    st = GAME.initial()
    row1 = st.text().split()[0].split("/")[-1]
    row9 = st.text().split()[0].split("/")[0]
    assert [c[2] for c in row1.split(",") if c[1] == "D"] == list("51266215")
    assert [c[3] for c in row1.split(",") if c[1] == "D"] == ["4"] * 8    # 4 towards the opponent
    assert [c[3] for c in row9.split(",") if c[1] == "D"] == ["3"] * 8    # Black's 3 faces north, home
    assert row1.split(",")[4] == "1K" and row9.split(",")[4] == "2K"


def test_white_has_37_moves_at_the_start():
    assert len(GAME.initial().legal_moves()) == 37


def _route_top(start_code, route):
    """Top face after tipping along ``route`` (a list of directions), by vector rotation."""
    faces = ORIENTATIONS[(start_code >> 3, start_code & 7)]
    for d in route:
        faces = rolled(faces, d)
    return top_north(faces)[0]


@pytest.mark.parametrize("square", ["a1", "b1", "c1", "d1", "f1", "g1", "h1", "i1"])
@pytest.mark.parametrize("steps", [1, 2, 3, 4, 5, 6])
def test_start_dice_reach_and_faces_for_1_to_6_steps(square, steps):
    """Every route of `steps` squares from a start die on an otherwise empty board: the squares the
    engine reaches and the top faces it shows match the vector rotation."""
    sq = GAME.topology.parse_square(square)
    start = GAME.initial().orient[sq]
    # the same die, turned so that it shows `steps` on top with the same north face where possible
    code = next(c for c in GAME.die.codes if c >> 3 == steps and (c & 7) in (start & 7, 7 - (start & 7))) \
        if steps not in (start & 7, 7 - (start & 7)) else next(c for c in GAME.die.codes if c >> 3 == steps)
    st = GAME.parse_position(f"x9/x9/x9/x9/x9/x9/x9/x9/x{sq % 9 if sq % 9 else ''},1D{code >> 3}{code & 7},x{8 - sq % 9} 1 0"
                             .replace("x0,", "").replace(",x0", "").replace("/x,", "/"))
    reached = {}
    for m in st.legal_moves():
        text = st.move_text(m)
        after = st.copy()
        after.push(m)
        end = GAME.topology.parse_square(text.split("-")[-1])
        reached[text] = after.orient[end] >> 3
    assert reached, "a die on the first rank always has a move"
    for text, top in reached.items():
        squares = [GAME.topology.parse_square(t) for t in text.split("-")]
        route = []
        for a, b in zip(squares, squares[1:]):
            df, dr = b % 9 - a % 9, b // 9 - a // 9
            d = "east" if df > 0 else "west" if df < 0 else "north" if dr > 0 else "south"
            route += [d] * (abs(df) + abs(dr))
        assert len(route) == steps
        assert top == _route_top(code, route), text
    expected = set()
    f0, r0 = sq % 9, sq // 9
    for d1, (a, b) in {"north": (0, 1), "east": (1, 0), "west": (-1, 0), "south": (0, -1)}.items():
        for k in range(1, steps + 1):
            for d2, (c, e) in ({"none": (0, 0)} if k == steps else
                               {x: y for x, y in {"north": (0, 1), "south": (0, -1), "east": (1, 0), "west": (-1, 0)}.items()
                                if y[0] * a + y[1] * b == 0}).items():
                cells = [(f0 + a * i, r0 + b * i) for i in range(1, k + 1)]
                cells += [(f0 + a * k + c * i, r0 + b * k + e * i) for i in range(1, steps - k + 1)]
                if all(0 <= f < 9 and 0 <= r < 9 for f, r in cells):
                    expected.add((cells[-1], (f0 + a * k, r0 + b * k) if k < steps else None))
    got = set()
    for text in reached:
        parts = [GAME.topology.parse_square(t) for t in text.split("-")]
        end = (parts[-1] % 9, parts[-1] // 9)
        turn = (parts[1] % 9, parts[1] // 9) if len(parts) == 3 else None
        got.add((end, turn))
    assert got == expected


def pos(cells, to_move=1, game=GAME):
    """A position from {square: cell text} on an empty board."""
    rows = []
    for r in range(9, 0, -1):
        row = []
        for f in "abcdefghi":
            row.append(cells.get(f"{f}{r}", "x"))
        rows.append(",".join(row))
    return game.parse_position("/".join(rows) + f" {to_move} 10")


def test_a_die_moves_exactly_its_top_number_and_paths_must_be_empty():
    st = pos({"c3": "1D32", "c5": "2D12", "e1": "1K", "e9": "2K"})
    m = {st.move_text(x) for x in st.legal_moves()}
    assert "c3-c6" not in m                     # c5 blocks the straight path north
    assert "c3-c4-d4-e4" not in m               # at most one turn, written with one waypoint
    assert "c3-c4-e4" in m                      # one north, two east: 3 squares
    assert "c3-c2-c1" not in m                  # no going back: c2 then c1 is straight south
    assert "c3-c2" not in m and "c3-c4" not in m  # too short
    with pytest.raises(IllegalMoveError, match="in the way"):
        st.push_text("c3-c6")


def test_the_last_square_may_hold_an_enemy_piece_which_is_captured_never_an_own_one():
    st = pos({"c3": "1D12", "c4": "2D12", "d3": "1D12", "e1": "1K", "e9": "2K"})
    m = {st.move_text(x) for x in st.legal_moves()}
    assert "c3-c4" in m and "c3-d3" not in m
    st.push_text("c3-c4")
    assert st.stacks[GAME.topology.parse_square("c4")] == [0]


def test_two_routes_to_one_square_are_two_moves():
    st = pos({"e5": "1D21", "a1": "1K", "i9": "2K"})
    m = {st.move_text(x) for x in st.legal_moves()}
    assert {"e5-e6-f6", "e5-f5-f6"} <= m


def test_the_king_steps_one_square_and_may_capture():
    st = pos({"e1": "1K", "e2": "2D12", "d1": "1D12", "e9": "2K"})
    m = {st.move_text(x) for x in st.legal_moves() if st.move_text(x).startswith("e1")}
    assert m == {"e1-e2", "e1-f1"}


def test_capturing_the_enemy_king_wins():
    st = pos({"e4": "1D12", "e5": "2K", "e1": "1K"})
    st.push_text("e4-e5")
    assert st.outcome().winner == 1 and st.outcome().token == "1-0"


def test_a_king_on_the_enemy_kings_square_wins():
    st = pos({"e8": "1K", "a9": "2K"})
    st.push_text("e8-e9")
    assert st.outcome().winner == 1
    st = pos({"e2": "2K", "a1": "1K"}, to_move=2)
    st.push_text("e2-e1")
    assert st.outcome().winner == 2


def test_a_die_on_the_enemy_kings_square_does_not_win():
    st = pos({"e8": "1D12", "a9": "2K", "a1": "1K"})
    st.push_text("e8-e9")
    assert st.outcome() is None


def test_the_centre_variant():
    st = pos({"e4": "1K", "a9": "2K"})
    st.push_text("e4-e5")
    assert st.outcome() is None
    st = pos({"e4": "1K", "a9": "2K"}, game=CENTRE)
    st.push_text("e4-e5")
    assert st.outcome().winner == 1


def test_no_legal_move_loses_by_default_and_is_an_option():
    # White's king is boxed in by its own dice; each die (6 on top) starts its route on an occupied square
    cells = {"a1": "1K", "a2": "1D62", "b1": "1D62", "i9": "2K", "a3": "2D12", "b2": "2D12", "c1": "2D12"}
    st = pos(cells)
    assert st.legal_moves() == [] and st.outcome().token == "0-1"
    st = pos(cells, game=spielwerk.load("tactix", stalemate="draw"))
    assert st.outcome().token == "1/2-1/2"


def test_position_text_round_trips_and_refuses_impossible_dice():
    st = GAME.initial()
    assert GAME.parse_position(st.text()).text() == st.text()
    with pytest.raises(spielwerk.InvalidPositionError, match="no die"):
        pos({"a1": "1D55"})
    with pytest.raises(spielwerk.InvalidPositionError, match="needs its top"):
        pos({"a1": "1D"})


def test_dice_taken_by_tipping_are_counted_as_captures():
    """Every piece that leaves the board is counted for the player who took it, by the king's step
    and by a tipping die alike, and taking the moves back takes the counts back."""
    import random

    game = spielwerk.load("tactix")
    for seed in range(10):
        rng = random.Random(seed)
        s = game.initial()
        start = sum(len(x) for x in s.stacks)
        while s.outcome() is None and s.ply < 300:
            s.push(rng.choice(s.legal_moves()))
        assert start - sum(len(x) for x in s.stacks) == s.captures[1] + s.captures[2]
        while s.stack:
            s.pop()
        assert s.captures == [0, 0, 0]
