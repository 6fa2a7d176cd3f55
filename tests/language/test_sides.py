"""A square board whose sides and vertices are sites (docs/reference/board.md#sides-and-vertices):
their names and aliases, the regions of each kind, moves across sides, position texts and pictures,
and what is refused. Dots and Boxes on such a board is checked against OpenSpiel in
tests/gallery/test_dots_and_boxes.py."""

from __future__ import annotations

import pytest

import spielwerk
from spielwerk.dsl.errors import SpecError

from game_files import game_from

WALLS = """
game: walls
players: [white, black]
board: {shape: square, width: 3, height: 3, sides: inner, vertices: inner}
pieces:
  pawn: {letter: P}
  wall: {letter: W, neutral: true, fixed: true}
setup:
  - {piece: pawn, owner: 1, at: [b1]}
  - {piece: pawn, owner: 2, at: [b3]}
phases:
  - name: play
    moves:
      # a pawn steps to a neighbouring cell across an empty side (two sites on)
      - move: {pieces: [pawn], directions: orthogonal, distance: 2, to: empty}
      - place: {pieces: [wall], owner: neutral, where: sides}
no_moves: pass
notation:
  moves: {move: "{from}-{to}", place: "{to}"}
"""


def names(g, region):
    mask = g.t.region_mask(region)
    return {g.topology.name(sq) for sq in range(g.topology.size) if mask >> sq & 1}


def test_cells_sides_and_vertices_are_sites_with_names(tmp_path):
    g = game_from(tmp_path, WALLS)
    assert len(names(g, "cells")) == 9
    # inner: 12 sides between cells, 4 vertices where four cells meet; none on the edge
    assert len(names(g, "sides")) == 12 and names(g, "vertices") == {"a1ne", "b1ne", "a2ne", "b2ne"}
    topo = g.topology
    assert topo.parse_square("a1n") == topo.parse_square("a2s")  # one side, two names
    assert topo.name(topo.parse_square("b2sw")) == "a1ne"  # written by its first name
    with pytest.raises(ValueError, match="not a cell, side or vertex"):
        topo.parse_square("a1w")  # on the edge: no site with `inner`


def test_a_step_to_the_next_cell_crosses_the_side_between(tmp_path):
    g = game_from(tmp_path, WALLS)
    st = g.initial()
    assert {st.move_text(m) for m in st.legal_moves() if st.move_text(m)[:3] == "b1-"} == {"b1-a1", "b1-c1", "b1-b2"}
    st.push_text("b1e")  # a wall on the side east of b1
    st.push_text("b3-b2")
    assert {st.move_text(m) for m in st.legal_moves() if st.move_text(m)[:3] == "b1-"} == {"b1-a1"}
    # the wall b1e blocks the way east, and black's pawn on b2 the way north


def test_a_position_text_writes_every_site_and_reads_back(tmp_path):
    g = game_from(tmp_path, WALLS)
    st = g.initial()
    for text in ("b1e", "b3-c3", "a2n"):
        st.push_text(text)
    again = g.parse_position(st.text())
    assert again.text() == st.text() and again.hash == st.hash
    picture = str(st)
    assert "0W" in picture and "1P" in picture


def test_the_picture_draws_sides_as_bars_and_the_dots(tmp_path):
    g = game_from(tmp_path, WALLS)
    st = g.initial()
    st.push_text("b1e")
    svg = st.svg()
    assert 'class="square side" data-square="b1e"' in svg
    assert svg.count("<circle") >= 16  # every vertex's dot, sites or not


def test_file_and_rank_name_a_sites_cell(tmp_path):
    text = WALLS.replace("      - place: {pieces: [wall], owner: neutral, where: sides}",
                         "      - place: {pieces: [wall], owner: neutral, where: sides, legal_if: \"rank(to) == 1\"}")
    g = game_from(tmp_path, text)
    walls = {m for m in (g.initial().move_text(x) for x in g.initial().legal_moves()) if "-" not in m}
    assert walls == {"a1e", "b1e", "a1n", "b1n", "c1n"}


def test_vertices_need_sides(tmp_path):
    text = WALLS.replace("sides: inner, vertices: inner", "vertices: inner").replace(
        "      - place: {pieces: [wall], owner: neutral, where: sides}\n", "")
    with pytest.raises(SpecError, match="give `sides` too"):
        game_from(tmp_path, text)


def test_sides_and_missing_squares_are_refused(tmp_path):
    with pytest.raises(SpecError, match="every cell"):
        game_from(tmp_path, WALLS.replace("sides: inner,", "sides: inner, missing: [a1],"))


def test_dots_and_boxes_draws_lines_on_the_sides():
    g = spielwerk.load("dots-and-boxes")
    st = g.initial()
    assert len(st.legal_moves()) == 12 and {st.move_text(m) for m in st.legal_moves()} >= {"a1s", "b2n", "b1e"}


def test_a_way_runs_from_cell_to_cell_across_sides_never_along_a_vertex(tmp_path):
    text = WALLS.replace("no_moves: pass", 'no_moves: pass\nend:\n  - {when: "not reachable(square_of(1, pawn), north)", winner: mover, result: shut}')
    g = game_from(tmp_path, text)
    # walls on a1n, b1n and c1n shut the first rank off: empty vertices do not let a way through
    st = g.parse_position(g.initial().text())
    for wall in ("a1n", "b3-a3", "b1n", "a3-b3"):
        st.push_text(wall)
    assert st.outcome() is None
    st.push_text("c1n")
    assert st.outcome() is not None and st.outcome().result == "shut"
