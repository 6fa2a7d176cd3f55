"""Within a chain of jumps: a man crowned on the way goes on as a king (`flying` and `land` per
kind, `promote.chain: continues`), a king lands where it can go on (`land: continuing`), a chain
may not turn straight back (`hop_if: not reverses`), a chain that may stop after any jump
(`chain: optional`); a board's own directions (straight jumps over the dark squares); a spread with
exact drops (`drop_each`, `distance`)."""

from __future__ import annotations

import pytest

from game_files import game_from, texts
import spielwerk


LUDII = {
    "russian-draughts": [7, 49, 302, 1469, 7482],
    "turkish-draughts": [8, 64, 708, 7538],
    "frisian-draughts": [9, 81, 658, 3880],
}


@pytest.mark.parametrize("name", list(LUDII))
def test_draughts_rule_sets_match_ludiis_counts(name):
    g = spielwerk.load(name)
    assert [g.perft(g.initial(), d) for d in range(1, len(LUDII[name]) + 1)] == LUDII[name]


def test_a_man_crowned_during_a_capture_goes_on_as_a_flying_king():
    g = spielwerk.load("russian-draughts")
    # White man f6; Black men e7 and b6. f6xd8 crowns on d8; as a king it flies on over c7 to
    # take b6 and land on a5 (a man could not: c7 is empty)
    st = g.parse_position("x4/x2,2M,x/2M,x,1M,x/x4/x4/x4/x4/x4 1 1")
    assert texts(st) == {"f6xd8xa5"}
    st.push_text("f6xd8xa5")
    assert g.position_text(st) == "x4/x4/x4/1K,x3/x4/x4/x4/x4 2 1"


def test_a_crowning_ends_the_chain_where_the_rules_say_so():
    g = spielwerk.load("checkers")  # English rules: the crowned man stops
    st = g.parse_position("x4/x2,2M,x/2M,x,1M,x/x4/x4/x4/x4/x4 1 1 0")
    assert texts(st) == {"f6xd8"}


def test_a_flying_king_must_land_where_it_can_go_on():
    g = spielwerk.load("russian-draughts")
    # White king a1; Black men c3, e3. Over c3 the king may land on d4 .. h8, but only from d4
    # can it go on (over e3, to f2 or g1)
    st = g.parse_position("x4/x4/x4/x4/x4/x,2M,2M,x/x4/1K,x3 1 1")
    assert texts(st) == {"a1xd4xf2", "a1xd4xg1"}


def test_a_flying_king_lands_anywhere_beyond_when_the_chain_ends_there():
    g = spielwerk.load("russian-draughts")
    st = g.parse_position("x4/x4/x4/x4/x4/x,2M,x2/x4/1K,x3 1 1")
    assert texts(st) == {"a1xd4", "a1xe5", "a1xf6", "a1xg7", "a1xh8"}


def test_a_chain_may_not_turn_straight_back():
    g = spielwerk.load("turkish-draughts")
    # White king d4; Black men d6 and d2. Jumped men leave at once, so after d4xd7 the line back
    # south is open, but the king may not turn back on the jump it made
    st = g.parse_position("x8/x8/x3,2M,x4/x8/x3,1K,x4/x8/x3,2M,x4/x8 1 1")
    assert texts(st) == {"d4xd7", "d4xd8", "d4xd1"}
    free = spielwerk.load(str(_without_hop_if(g)))
    st2 = free.parse_position("x8/x8/x3,2M,x4/x8/x3,1K,x4/x8/x3,2M,x4/x8 1 1")
    assert texts(st2) == {"d4xd7xd1", "d4xd8xd1", "d4xd1xd7", "d4xd1xd8"}  # the most pieces


def _without_hop_if(g):
    import os
    import tempfile
    text = open(g.spec.file, encoding="utf-8").read().replace("          hop_if: not reverses\n", "")
    path = os.path.join(tempfile.mkdtemp(), "free.yaml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def test_straight_jumps_over_the_dark_squares():
    g = spielwerk.load("frisian-draughts")
    # White man c3, Black man c5: c3 jumps straight up to c7, over the dark square between
    st = g.parse_position("x5/x5/x5/x5/x5/x,2M,x3/x5/x,1M,x3/x5/x5 1 1 0 0 -1 -1")
    assert texts(st) == {"c3xc7"}


def test_the_capture_of_the_most_value_is_compulsory():
    g = spielwerk.load("frisian-draughts")
    # White men c3 and g3; a Black king on d4 (value 3), a Black man on h4 (value 2): taking the
    # king is compulsory
    st = g.parse_position("x5/x5/x5/x5/x5/x5/x,2K,x,2M,x/x,1M,x,1M,x/x5/x5 1 1 0 0 -1 -1")
    assert texts(st) == {"c3xe5"}


HOPS = """
    game: hops
    players: [white, black]
    board: {shape: square, width: 5, height: 1}
    pieces:
      man: {letter: M}
      post: {letter: P, neutral: true, fixed: true}
    setup:
      - {piece: man, owner: 1, at: [a1]}
      - {piece: post, owner: neutral, at: [b1, d1]}
    phases:
      - name: play
        moves:
          - jump: {pieces: [man], directions: [east, west], over: occupied, jumped: keep, chain: optional}
    no_moves: lose
"""


def test_a_chain_of_hops_may_stop_after_any_jump(tmp_path):
    g = game_from(tmp_path, HOPS)
    st = g.initial()
    assert texts(st) == {"a1xc1", "a1xc1xe1"}
    g2 = game_from(tmp_path, HOPS.replace("chain: optional", "chain: true"))
    assert texts(g2.initial()) == {"a1xc1xe1"}


SPREAD = """
    game: spread-demo
    players: [white, black]
    board: {shape: square, width: 4, height: 4, stacking: true}
    pieces:
      stone: {letter: S}
    setup:
      - {piece: stone, owner: 1, at: [a1], count: 2}
      - {piece: stone, owner: 2, at: [d4], count: 3}
    phases:
      - name: play
        moves:
          - move: {take: stack, directions: orthogonal, drop: spread, drop_each: 1, to: any, when: "mover == 1"}
          - move: {take: {max: height}, directions: orthogonal, drop: spread, distance: 2, to: any,
                   when: "mover == 2"}
    no_moves: lose
"""


def test_a_tower_spreads_one_stone_on_each_of_the_next_squares(tmp_path):
    g = game_from(tmp_path, SPREAD)
    st = g.initial()
    assert texts(st) == {"2a1north11", "2a1east11"}


def test_a_spread_over_exactly_n_squares(tmp_path):
    g = game_from(tmp_path, SPREAD)
    st = g.initial()
    st.push_text("2a1north11")
    # Black's three stones on d4: two or three of them over exactly two squares
    assert texts(st) == {"2d4south11", "3d4south21", "3d4south12", "2d4west11", "3d4west21", "3d4west12"}


def test_bashni_columns_take_the_top_piece_under_the_capturer():
    g = spielwerk.load("bashni")
    assert [g.perft(g.initial(), d) for d in range(1, 5)] == [7, 49, 302, 1469]
    st = g.initial()
    for t in ["c3-d4", "f6-e5", "d4xf6"]:
        st.push_text(t)
    # White's man took Black's top piece under it: a column of two on f6, White on top
    f6 = st.game.topology.parse_square("f6")
    assert [pc & 1 for pc in st.stacks[f6]] == [1, 0]
