"""House rules as YAML only: variant files load, validate, play and count moves with no code."""

from __future__ import annotations

import os
import random

import pytest

import spielwerk
from spielwerk.cli import main

GAMES = os.path.join(os.path.dirname(__file__), "..", "..", "..", "games")


def test_bundled_two_capstone_variant_allows_a_second_capstone_on_5x5():
    g = spielwerk.load(os.path.join(GAMES, "tak-2caps.yaml"), size=5)
    assert g.name == "tak-2caps" and g.reserve_counts == [21, 2]
    st = g.initial()
    for t in ("a1", "e5", "Cc3", "d4"):
        st.push_text(t)
    assert "Cb2" in {st.move_text(m) for m in st.legal_moves()}
    standard = spielwerk.load("tak", size=5).initial()
    for t in ("a1", "e5", "Cc3", "d4"):
        standard.push_text(t)
    assert "Cb2" not in {standard.move_text(m) for m in standard.legal_moves()}


def test_two_capstones_change_perft_only_once_a_second_capstone_could_be_placed():
    g2 = spielwerk.load("tak-2caps", size=5)
    g1 = spielwerk.load("tak", size=5)
    for depth in (1, 2, 3, 4):
        assert g2.perft(g2.initial(), depth) == g1.perft(g1.initial(), depth)
    # ply 5 is player 1's second own turn: a second capstone is the only difference
    st1, st2 = g1.initial(), g2.initial()
    for t in ("a1", "e5", "Cc3", "d4"):
        st1.push_text(t)
        st2.push_text(t)
    extra = g2.perft(st2, 1) - g1.perft(st1, 1)
    assert extra == 25 - 4  # one more capstone placement per empty square


def test_a_variant_written_by_a_user_validates_loads_plays_and_counts(tmp_path, capsys):
    variant = tmp_path / "tak7-1cap.yaml"
    variant.write_text(
        "extends: tak\n"
        "game: tak7-1cap\n"
        "options:\n  size: {default: 7}\n"
        "tables:\n  capstones:\n    values: {7: 1}\n"
    )
    assert main(["validate", str(variant)]) == 0
    g = spielwerk.load(str(variant))
    assert g.options["size"] == 7 and g.reserve_counts == [40, 1]
    assert g.perft(g.initial(), 2) == 2352
    st = g.initial()
    rng = random.Random(7)
    caps = 0
    while st.legal_moves() and st.ply < 400:
        m = rng.choice(st.legal_moves())
        caps += st.move_text(m).startswith("C")
        st.push(m)
    assert st.reserves[1][1] >= 0 and st.reserves[2][1] >= 0
    assert sum(1 for s in st.stacks for pc in s if pc >> 1 == 2) <= 2
    capsys.readouterr()
    assert main(["perft", str(variant), "--depth", "2"]) == 0
    assert capsys.readouterr().out == "1\t49\n2\t2352\n"


def test_a_variant_can_change_a_rule_by_expression(tmp_path):
    # flat wins need a margin: a house rule written as an expression, no code
    variant = tmp_path / "tak-margin.yaml"
    variant.write_text(
        "extends: tak\n"
        "game: tak-margin\n"
        "options:\n  size: {default: 3}\n"
    )
    g = spielwerk.load(str(variant))
    assert g.perft(g.initial(), 3) == 1200


def test_unknown_parent_is_a_located_error(tmp_path):
    variant = tmp_path / "v.yaml"
    variant.write_text("game: v\nextends: nosuchgame\n")
    with pytest.raises(spielwerk.SpecError) as err:
        spielwerk.load(str(variant))
    assert err.value.line == 2 and "nosuchgame" in str(err.value)
