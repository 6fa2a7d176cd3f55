"""The parts Xiangqi is made of, each on a small board: a move that passes exactly N pieces on its
way (``screens``, the cannon), the square of a player's piece of a kind (``square_of``), and a
phase's own ``legal_if`` (a king left attacked by no move), with ``attacked`` answered by where the
moves land where nothing else on the board can change."""

from __future__ import annotations

import textwrap

import pytest

from game_files import game_from, texts
from spielwerk.cli import main
from spielwerk.dsl.errors import IllegalMoveError

CANNON = """
    game: cannon-demo
    players: [red, black]
    board: {shape: square, width: 5, height: 5}
    pieces:
      cannon: {letter: C}
      pawn: {letter: P}
    setup:
      - {piece: cannon, owner: 1, at: [a1]}
      - {piece: pawn, owner: 1, at: [a2]}
      - {piece: pawn, owner: 2, at: [a4, a5, c1, e1]}
    phases:
      - name: play
        moves:
          - move: {pieces: [cannon], directions: orthogonal, screens: SCREENS, to: enemy, onto: capture}
          - move: {pieces: [pawn], directions: forward, distance: 1}
"""


def test_a_move_with_screens_passes_exactly_that_many_pieces(tmp_path):
    one = game_from(tmp_path, CANNON.replace("SCREENS", "1"))
    st = one.initial()
    # north: a2 is the screen and a4 the first piece beyond it; east: c1 the screen, e1 beyond
    assert {t for t in texts(st) if t.startswith("a1")} == {"a1-a4", "a1-e1"}
    two = game_from(tmp_path, CANNON.replace("SCREENS", "2"))
    assert {t for t in texts(two.initial()) if t.startswith("a1")} == {"a1-a5"}


def test_a_screened_move_says_how_many_pieces_it_passes(tmp_path):
    st = game_from(tmp_path, CANNON.replace("SCREENS", "1")).initial()
    with pytest.raises(IllegalMoveError, match="a1-a5 passes 2 pieces; this move passes exactly 1"):
        st.push_text("a1-a5")


@pytest.mark.parametrize("extra,message", [
    ("screens: 1, over: any", "cannot go with `over`"),
    ("screens: 0", "0 is less than the minimum of 1"),
])
def test_screens_is_refused_where_it_cannot_apply(tmp_path, capsys, extra, message):
    path = tmp_path / "bad.yaml"
    path.write_text(textwrap.dedent(CANNON).replace("screens: SCREENS", extra))
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert "bad.yaml:15:" in out and message in out


KINGS = """
    game: kings-demo
    players: [white, black]
    board: {shape: square, width: 5, height: 5}
    pieces:
      king: {letter: K}
      rook: {letter: R}
    setup:
      - {piece: king, owner: 1, at: [a1]}
      - {piece: rook, owner: 1, at: [c3]}
      - {piece: king, owner: 2, at: [e5]}
      - {piece: rook, owner: 2, at: [b5]}
    phases:
      - name: play
        legal_if: not attacked(square_of(mover, king), opponent)
        moves:
          - move: {pieces: [king], directions: all, distance: 1, to: [empty, enemy], onto: capture}
          - move: {pieces: [rook], directions: orthogonal, to: [empty, enemy], onto: capture}
    no_moves: lose
"""


def test_square_of_finds_a_players_piece(tmp_path):
    text = KINGS.replace("legal_if: not attacked(square_of(mover, king), opponent)",
                         "legal_if: square_of(mover, king) == 0 and square_of(opponent, rook) == 21"
                         " and square_of(mover, rook, king) == 0")
    g = game_from(tmp_path, text)
    st = g.initial()
    assert texts(st) == {f"c3-{sq}" for sq in ("c1", "c2", "c4", "c5", "a3", "b3", "d3", "e3")}


def test_square_of_is_minus_one_without_the_piece(tmp_path):
    text = KINGS.replace("not attacked(square_of(mover, king), opponent)", "square_of(opponent, king) == -1")
    g = game_from(tmp_path, text)
    st = g.parse_position("x4,2K/x5/x5/x5/1K,x,1R,x2 1 1")
    assert texts(st) == set()  # Black's king is on the board: no move of White's is legal
    st = g.parse_position("x5/x5/x5/x4,1R/1K,x4 1 1")
    assert "a1-a2" in texts(st)


def test_a_phases_legal_if_keeps_the_king_out_of_check(tmp_path):
    g = game_from(tmp_path, KINGS)
    st = g.initial()
    # the king may not step onto the b file, which Black's rook holds
    assert {t for t in texts(st) if t.startswith("a1")} == {"a1-a2"}
    pinned = g.parse_position("x4,2K/x5/x5/x5/1K,1R,x2,2R 1 1")  # Black's rook on e1 pins b1
    assert {t for t in texts(pinned) if t.startswith("b1")} == {"b1-c1", "b1-d1", "b1-e1"}


def test_a_phases_legal_if_and_a_blocks_own_must_both_hold(tmp_path):
    text = KINGS.replace("- move: {pieces: [rook], directions: orthogonal, to: [empty, enemy], onto: capture}",
                         "- move: {pieces: [rook], directions: orthogonal, to: [empty, enemy], onto: capture,"
                         " legal_if: \"to != 'c1'\"}")
    st = game_from(tmp_path, text).initial()
    assert "c3-c1" not in texts(st) and "c3-c2" in texts(st)


def test_attacked_answers_alike_where_it_must_play_the_moves(tmp_path):
    """With an effect after every move the engine can no longer ask where the moves land alone: it
    plays each; the legal moves are the same, position after position."""
    plain = game_from(tmp_path, KINGS)
    with_effect = game_from(tmp_path, KINGS + "    after_move:\n      - {when: 'ply < 0', remove: {where: 'false'}}\n")
    assert not all(with_effect._lands_only()) and any(plain._lands_only())
    for text in ("x4,2K/x5/x5/x5/1K,1R,x2,2R 1 1", "x4,2K/x,2R,x3/x5/x,1R,x3/1K,x4 2 1", None):
        a = plain.parse_position(text) if text else plain.initial()
        b = with_effect.parse_position(text) if text else with_effect.initial()
        assert texts(a) == texts(b)
        assert plain.perft(a, 3) == with_effect.perft(b, 3)


def test_a_phases_legal_if_is_checked_as_an_expression(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text(textwrap.dedent(KINGS).replace("square_of(mover, king)", "square_of(mover, queen)"))
    assert main(["validate", str(path)]) == 1
    assert "bad.yaml:15:" in capsys.readouterr().out
