"""The draughts family written as example game files (docs/examples/), against the perft figures
published for each rule set: English checkers (duplicate captures counted), international
draughts (captures differing only in order counted once), Brazilian draughts (international rules
on 8x8, duplicates counted)."""

from __future__ import annotations

import os

import pytest

import spielwerk
from spielwerk.cli import main

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "examples")

PERFT = {
    "checkers.yaml": [7, 49, 302, 1469, 7361, 36768, 179740, 845931],
    "international-draughts.yaml": [9, 81, 658, 4265, 27117, 167140, 1049442],
    "brazilian-draughts.yaml": [7, 49, 302, 1469, 7473, 37628, 187302],
}
#: how deep the default run goes; the rest is in the slow set
QUICK = {"checkers.yaml": 6, "international-draughts.yaml": 5, "brazilian-draughts.yaml": 6}


def game(name: str) -> spielwerk.Game:
    return spielwerk.load(os.path.join(EXAMPLES, name))


@pytest.mark.parametrize("name", list(PERFT))
def test_perft_matches_the_published_figures(name):
    g = game(name)
    depth = QUICK[name]
    assert [g.perft(g.initial(), d) for d in range(1, depth + 1)] == PERFT[name][:depth]


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PERFT))
def test_deep_perft_matches_the_published_figures(name):
    g = game(name)
    assert g.perft(g.initial(), len(PERFT[name])) == PERFT[name][-1]


def test_every_example_validates(capsys):
    files = sorted(os.path.join(EXAMPLES, f) for f in os.listdir(EXAMPLES) if f.endswith(".yaml"))
    assert files and main(["validate", *files]) == 0


def test_a_flying_king_captures_the_most_pieces_and_lands_anywhere_beyond():
    g = game("international-draughts.yaml")
    # White king a1, white man g1; black men c3, e5, h2. The king jumps c3 (landing on d4 only, e5
    # being taken), then e5, landing on f6, g7, h8, i9 or j10; the man's single capture g1xi3 is
    # not allowed beside those two-piece captures (the majority rule).
    st = g.parse_position("x5/x5/x5/x5/x5/x2,2M,x2/x5/x,2M,x3/x3,2M,x/1K,x2,1M,x 1 1")
    assert {st.move_text(m) for m in st.legal_moves()} == {
        "a1xd4xf6", "a1xd4xg7", "a1xd4xh8", "a1xd4xi9", "a1xd4xj10"}


def test_a_man_crowned_only_where_the_capture_ends():
    g = game("international-draughts.yaml")
    # A white man on d8 jumps e9 to f10 on the crown row, then g9 back to h8: passing the crown row
    # does not crown it.
    st = g.parse_position("x5/x2,2M,2M,x/x,1M,x3/x5/x5/x5/x5/x5/x5/x5 1 1")
    assert {st.move_text(m) for m in st.legal_moves()} == {"d8xf10xh8"}
    st.push_text("d8xf10xh8")
    assert st.text() == "x5/x5/x3,1M,x/x5/x5/x5/x5/x5/x5/x5 2 1"
