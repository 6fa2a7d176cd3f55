"""Turns of several parts (`then`, `then_optional`, a part's `when`), another turn (`again`), the
pie rule (`swap`), a voluntary `pass`, and how such turns are written, read, undone and given to
the learning interface."""

from __future__ import annotations

import random

import pytest

from game_files import MILL, game_from, texts
import spielwerk
from spielwerk.dsl.errors import IllegalMoveError


# -- a move, then a shot from where it stopped (Amazons) ------------------------------------------

def test_amazons_turns_from_the_start_are_the_published_counts():
    # a queen's move then an arrow from its new square: 2176 turns on 10x10 (OpenSpiel: 2176
    # turns of three actions); 6x6 and 8x8 with OpenSpiel's setups
    assert spielwerk.load("amazons").perft(spielwerk.load("amazons").initial(), 1) == 2176
    small = spielwerk.load("amazons", size=6)
    assert [small.perft(small.initial(), d) for d in (1, 2)] == [544, 238532]
    eight = spielwerk.load("amazons", size=8)
    assert eight.perft(eight.initial(), 1) == 1232


def test_the_arrow_flies_from_where_the_queen_stopped():
    g = spielwerk.load("amazons", size=6)
    st = g.initial()
    # White's queen b1 goes to b2; the arrow then flies like a queen from b2, never from b1
    arrows = {t.split("/")[1] for t in texts(st) if t.startswith("b1-b2/")}
    assert "b1" in arrows  # the square the queen left is free
    assert "c3" in arrows and "a3" in arrows and "b5" in arrows
    assert "c2" in arrows and "d2" in arrows
    assert "d4" in arrows  # along the diagonal b2-c3-d4
    assert "c4" not in arrows and "d3" not in arrows  # a knight's step away from b2


def test_a_turn_reads_back_part_by_part_and_is_one_move_in_records():
    g = spielwerk.load("amazons", size=6)
    st = g.initial()
    st.push_text("b1-b2/b1")
    assert st.to_move == 2
    st.pop()
    with pytest.raises(IllegalMoveError, match="c4 after b1-b2"):
        st.push_text("b1-b2/c4")  # the arrow cannot fly there from b2
    with pytest.raises(IllegalMoveError, match="the turn is not over"):
        st.push_text("b1-b2")  # the arrow is compulsory


def test_a_turn_is_undone_to_the_same_position_and_hash():
    g = spielwerk.load("amazons", size=6)
    st = g.initial()
    rng = random.Random(5)
    before = []
    for _ in range(12):
        moves = st.legal_moves()
        if not moves:
            break
        before.append((g.position_text(st), st.hash))
        st.push(rng.choice(moves))
    while before:
        st.pop()
        assert (g.position_text(st), st.hash) == before.pop()


def test_the_learning_interface_takes_a_turn_one_part_at_a_time():
    g = spielwerk.load("amazons", size=6)
    st = g.initial()
    move = next(m for m in st.legal_moves() if st.move_text(m) == "b1-b2/b1")
    actions = g.move_to_actions(st, move)
    assert len(actions) == 2  # the queen's move, then the arrow
    st.apply_action(actions[0])
    assert st.current_player() == 1  # the same player chooses the arrow
    assert actions[1] in st.legal_actions()
    st.apply_action(actions[1])
    assert st.current_player() == 2


# -- a placement, then a rotation (Pentago) ------------------------------------------------------

def test_pentago_turns_are_a_placement_then_one_of_eight_rotations():
    g = spielwerk.load("pentago")
    st = g.initial()
    assert [g.perft(st, d) for d in (1, 2)] == [288, 80640]  # OpenSpiel: 288, 80640
    assert "a1/3+" in texts(st) and "f6/2-" in texts(st)


def test_a_rotation_turns_the_quadrant_with_its_marbles():
    g = spielwerk.load("pentago")
    st = g.initial()
    # regions 1-4: a4-c6, d4-f6, a1-c3, d1-f3. A quarter turn clockwise of a1-c3 takes the
    # marble just placed on a1 to a3; turning the empty a4-c6 leaves f6's marble where it is
    st.push_text("a1/3+")
    st.push_text("f6/1-")
    assert st.stacks[st.game.topology.parse_square("a3")]
    assert not st.stacks[st.game.topology.parse_square("a1")]
    assert st.stacks[st.game.topology.parse_square("f6")]


# -- a part offered only when the part before did something (a mill's removal) -----------------

def test_a_line_closed_gives_a_removal_and_only_then(tmp_path):
    g = game_from(tmp_path, MILL)
    st = g.initial()
    for t in ["a1", "a4", "b1", "b4"]:
        st.push_text(t)
    assert "c1/xa4" in texts(st) and "c1/xb4" in texts(st)
    assert "c1" not in texts(st)  # a closed line must take
    assert "c2" in texts(st)  # no line: no removal
    assert not any(t.startswith("c2/") for t in texts(st))


def test_a_piece_in_a_line_is_taken_only_when_every_piece_is(tmp_path):
    g = game_from(tmp_path, MILL)
    st = g.initial()
    for t in ["a1", "a4", "b1", "b4", "c1/xa4", "c4", "a2"]:
        st.push_text(t)
    # Black's d4 closes b4-c4-d4; of White's men a1, b1, c1 stand in a line, a2 does not: a2 goes
    assert {t for t in texts(st) if t.startswith("d4/")} == {"d4/xa2"}
    st.push_text("d4/xa2")
    # White's d1 closes b1-c1-d1; every man of Black's stands in a line, so any may go
    assert {t for t in texts(st) if t.startswith("d1/")} == {"d1/xb4", "d1/xc4", "d1/xd4"}


# -- the part may end the turn or go on (then_optional), and another turn (again) ----------------

HOPS = """
    game: hops
    players: [white, black]
    board: {shape: square, width: 5, height: 5}
    pieces:
      man: {letter: M}
    setup:
      - {piece: man, owner: 1, at: [a1]}
      - {piece: man, owner: 2, at: [e5]}
    phases:
      - name: play
        moves:
          - move:
              directions: orthogonal
              distance: 1
              then_optional: true
              then:
                - move: {directions: orthogonal, distance: 1, from: "from == last_to"}
    end:
      - {when: "ply >= 6", winner: draw}
"""


def test_an_optional_second_part_gives_one_and_two_part_turns(tmp_path):
    g = game_from(tmp_path, HOPS)
    st = g.initial()
    moves = texts(st)
    assert {"a1-a2", "a1-b1"} <= moves
    assert {"a1-a2/a2-a3", "a1-a2/a2-b2", "a1-a2/a2-a1"} <= moves
    assert len(moves) == 2 + 2 * 3


AGAIN = """
    game: again-demo
    players: [white, black]
    board: {shape: square, width: 3, height: 3}
    pieces:
      stone: {letter: S}
    phases:
      - name: play
        moves:
          - place: {pieces: [stone], again: "to == 'b2'"}
    end:
      - {when: board_full, winner: draw}
    notation:
      moves: {place: "{to}"}
"""


def test_again_gives_the_same_player_another_turn(tmp_path):
    g = game_from(tmp_path, AGAIN)
    st = g.initial()
    st.push_text("b2")
    assert st.to_move == 1
    st.push_text("a1")
    assert st.to_move == 2
    st.pop()
    st.pop()
    assert st.to_move == 1 and not st.stacks[4]


# -- the pie rule and a voluntary pass ------------------------------------------------------------

PIE = """
    game: pie-demo
    players: [first, second]
    board: {shape: square, width: 3, height: 3}
    pieces:
      stone: {letter: S}
    predicates:
      three: {pattern: {picture: ["OOO"], rotations: 2}}
    phases:
      - name: play
        moves:
          - place: {pieces: [stone]}
          - swap: {when: "ply == 1", squares: mirrored}
          - pass: {when: "ply >= 4"}
    end:
      - {when: three(mover), winner: mover}
      - {when: board_full, winner: draw}
    notation:
      moves: {place: "{to}"}
"""


def test_the_second_player_may_swap_sides_instead_of_his_first_move(tmp_path):
    g = game_from(tmp_path, PIE)
    st = g.initial()
    assert [g.perft(st, d) for d in (1, 2, 3)] == [9, 9 * 8 + 9, 9 * 8 * 7 + 9 * 8]
    st.push_text("b1")
    assert "swap" in texts(st)
    st.push_text("swap")
    # the stone is the second player's now, reflected in the diagonal: b1 -> a2
    assert g.position_text(st).startswith("x3/2S,x2/x3")
    assert st.to_move == 1 and "swap" not in texts(st)
    st.pop()
    assert g.position_text(st).startswith("x3/x3/x,1S,x")


def test_a_pass_is_offered_only_while_its_condition_holds(tmp_path):
    g = game_from(tmp_path, PIE)
    st = g.initial()
    for t in ["a1", "c3", "b3", "a3"]:
        assert "pass" not in texts(st)
        st.push_text(t)
    assert "pass" in texts(st)
    st.push_text("pass")
    assert st.to_move == 2 and st.ply == 5
