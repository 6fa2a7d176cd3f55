"""A square board whose bridges are sites (docs/reference/board.md#bridges): the bridges between
squares an offset apart, which cross which, the `bridge` effect that lays links, a `connection`
through links, a swap turned a quarter round; and what is refused. TwixT on such a board is
checked against OpenSpiel in tests/gallery/test_twixt.py."""

from __future__ import annotations

import pytest

from spielwerk.dsl.errors import SpecError
from spielwerk.topology import make_topology

from game_files import game_from

LINKS = """
game: links
players: [x, o]
board:
  shape: square
  width: 5
  height: 5
  bridges: {offsets: [[1, 2]]}
  regions:
    holes: {include: all, exclude: bridges}
pieces:
  peg: {letter: P}
  link: {letter: L}
phases:
  - name: play
    moves:
      - place: {pieces: [peg], where: holes, effects: [{bridge: {piece: link, pieces: [peg]}}]}
predicates:
  joined: {connection: {pieces: [peg], between: [[south, north]], through: link}}
end:
  - {when: "joined(mover)", winner: mover}
notation:
  moves: {place: "{to}"}
"""


def test_a_bridge_joins_every_two_squares_a_knights_move_apart_and_crossings_are_known():
    topo = make_topology({"shape": "square", "bridges": {"offsets": [[1, 2]]}}, 8, 8)
    assert len(topo.ends) == 168 and topo.size == 64 + 168
    c3d5 = topo.parse_square("c3d5")
    assert topo.parse_square("d5c3") == c3d5 and topo.name(c3d5) == "c3d5"
    crossed = {sq for sq in range(64, topo.size) if topo.crosses[c3d5 - 64] >> sq & 1}
    # c5-d3 and c4-e3 meet c3-d5 inside both; c4-d6 runs beside it; c3-e4 shares its end c3
    assert {topo.parse_square("d3c5"), topo.parse_square("c4e3")} <= crossed
    assert topo.parse_square("c4d6") not in crossed and topo.parse_square("c3e4") not in crossed
    assert topo.step(c3d5, "north") == -1


def test_links_are_laid_to_own_pegs_and_a_chain_of_them_wins(tmp_path):
    g = game_from(tmp_path, LINKS)
    st = g.initial()
    for hole in ("c1", "a1", "d3", "a2", "c5"):
        st.push_text(hole)
    names = {g.topology.name(sq) for sq in range(25, g.topology.size) if st.stacks[sq]}
    assert names == {"c1d3", "d3c5"}
    assert st.outcome().winner == 1


def test_a_link_crossing_one_on_the_board_is_not_laid(tmp_path):
    g = game_from(tmp_path, LINKS)
    st = g.initial()
    for hole in ("b2", "a5", "c4", "b4", "e1", "c2"):  # x links b2-c4; o's b4-c2 would cross it
        st.push_text(hole)
    made = {g.topology.name(sq) for sq in range(25, g.topology.size) if st.stacks[sq]}
    assert made == {"b2c4"}


def test_the_bridge_effect_and_a_chain_through_links_need_bridges(tmp_path):
    with pytest.raises(SpecError, match="bridges"):
        game_from(tmp_path, LINKS.replace("  bridges: {offsets: [[1, 2]]}\n", "").replace(
            "  regions:\n    holes: {include: all, exclude: bridges}\n", "").replace("where: holes, ", ""))
