"""Engine features on boards and pieces the bundled games do not combine."""

from __future__ import annotations

import pytest

import spielwerk


def test_a_connection_on_a_hex_board(tmp_path):
    variant = tmp_path / "hexroad.yaml"
    variant.write_text(
        "extends: attangle\ngame: hexroad\n"
        "predicates:\n  road:\n    connection: {pieces: [stone], between: [[south, north]], adjacency: all}\n"
        "end:\n  - when: road(mover)\n    winner: mover\n    result: stacks\n")
    g = spielwerk.load(str(variant))
    st = g.initial()
    white = ["a1", "b1", "c1", "d1", "e1", "f1", "g1"]
    black = ["a4", "b5", "c6", "d7", "e6", "f5"]
    for i, w in enumerate(white):
        st.push_text(w)
        if st.outcome() is None:
            st.push_text(black[i])
    assert st.outcome() is not None and st.outcome().winner == 1


def test_center_is_a_built_in_region(tmp_path, capsys):
    from spielwerk.cli import main
    variant = tmp_path / "c.yaml"
    variant.write_text("extends: attangle\ngame: c\nphases:\n  - name: first\n    plies: 1\n    moves:\n"
                       "      - place: {pieces: [stone], where: center}\n  - name: play\n    moves:\n"
                       "      - place: {pieces: [stone]}\n")
    assert main(["validate", str(variant)]) == 0
    assert [spielwerk.load(str(variant)).format_move(s, m) for s in [spielwerk.load(str(variant)).initial()]
            for m in s.legal_moves()] == ["d4"]


@pytest.mark.parametrize("snippet,needle", [
    ("setup:\n  - {piece: dye, owner: each, at: [a1]}\n", "unknown piece 'dye'"),
    ("setup:\n  - {piece: die, owner: each, at: [a1], orientation: {top: 5, front: 2}}\n", "no die has 5 on top"),
])
def test_setup_mistakes_are_located(tmp_path, snippet, needle):
    variant = tmp_path / "bad.yaml"
    variant.write_text("extends: tactix\ngame: bad\n" + snippet)
    with pytest.raises(spielwerk.SpielwerkError) as err:
        spielwerk.load(str(variant))
    assert needle in str(err.value) and "bad.yaml:" in str(err.value)


@pytest.mark.parametrize("fast", [True, False])
def test_a_die_that_steps_keeps_its_faces(tmp_path, fast):
    variant = tmp_path / "stepdie.yaml"
    variant.write_text("extends: tactix\ngame: stepdie\nphases:\n  - name: play\n    moves:\n"
                       "      - move: {pieces: [die, king], directions: orthogonal, distance: 1, to: [empty, enemy],"
                       " onto: capture}\n")
    g = spielwerk.Game(spielwerk.load_spec_for(str(variant)), fast_paths=fast)
    st = g.initial()
    before = st.orient[0]
    st.push_text("a1-a2")
    assert st.orient[9] == before and st.orient[0] == 0 and st.hash == g.rehash(st)
    st.pop()
    assert st.orient[0] == before and st.hash == g.rehash(st)
