"""Setup groups on a track board: a point named by its board name with ``owner: each`` gives player 2
the point at the same position along his own path (not the mirror of the whole square list, which
also holds the per-player places)."""

from __future__ import annotations

import pytest

import spielwerk


def _variant(tmp_path, at: str) -> spielwerk.Game:
    path = tmp_path / "bgtest.yaml"
    path.write_text(f"extends: backgammon\ngame: bgtest\nsetup:\n"
                    f"  - {{piece: checker, owner: each, at: [{at}], count: 15}}\n")
    return spielwerk.load(str(path))


def _where(game, st, player):
    """{square name: checkers} of one player's checkers."""
    return {game.topology.name(sq): len(s) for sq, s in enumerate(st.stacks)
            if s and all(game.code_owner[c] == player for c in s)}


@pytest.mark.parametrize("name,position", [('"12A"', 12), ('"12"', 13), ('"1A"', 1), ('"1"', 24), ('"6"', 19), ('"7"', 18)])
def test_a_named_point_with_owner_each_matches_the_path_position(tmp_path, name, position):
    by_name = _variant(tmp_path, name)
    st = by_name.initial()
    by_position = _variant(tmp_path, str(position)).initial()
    assert st.stacks == by_position.stacks
    topo = by_name.topology
    point = name.strip('"')
    assert _where(by_name, st, 1) == {point: 15}
    mirrored = topo.name(topo.paths[2][position - 1])
    assert _where(by_name, st, 2) == {mirrored: 15}
    assert topo.position[2][topo.parse_square(mirrored)] == topo.position[1][topo.parse_square(point)]
    assert all(not st.stacks[sq] for sq in range(topo.points, topo.size))  # nobody on a bar or off


def test_player_2_mirrors_12A_onto_12(tmp_path):
    game = _variant(tmp_path, '"12A"')
    st = game.initial()
    assert _where(game, st, 2) == {"12": 15}
    assert len(st.legal_moves()) == 0 and st.is_chance()
    st.push(game.roll(3, 1))
    assert st.legal_moves()  # a playable position, not checkers stranded off the points
