"""The rows of docs/reference/rule-families.md that a snippet in the reference shows: each game
file is read from its page, as a reader would copy it, and plays as the page says."""

from __future__ import annotations

import os
import re

import pytest

from game_files import texts
import spielwerk


DOCS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "reference")


def from_page(page: str, game: str, tmp_path, replace: tuple[str, str] | None = None):
    """The game file ``game`` shown on ``page``, loaded (with one text replaced, for a variant)."""
    with open(os.path.join(DOCS, page), encoding="utf-8") as fh:
        blocks = re.findall(r"```yaml\n(.*?)```", fh.read(), re.S)
    (text,) = [b for b in blocks if re.search(rf"^game: {re.escape(game)}$", b, re.M)]
    if replace is not None:
        assert replace[0] in text
        text = text.replace(*replace)
    path = tmp_path / f"{game}.yaml"
    path.write_text(text)
    return spielwerk.load(str(path))


def test_check_a_piece_may_not_leave_its_king_attacked(tmp_path):
    g = from_page("conditions.md", "rook-check", tmp_path)
    st = g.initial()
    # the rook on a2 shields its king on a1 from the rook on a4: it may move along the file only
    assert texts(st) == {"a1-b1", "a1-b2", "a2-a3", "a2-a4"}


def test_stalemate_is_a_draw_and_checkmate_a_loss(tmp_path):
    g = from_page("conditions.md", "rook-check", tmp_path)
    st = g.parse_position("2K,x3/x2,1R,x/x,1K,x2/x4 1 2")
    st.push_text("c3-b3")  # Black's king on a4 is not attacked and cannot move
    assert st.outcome().result == "stalemate" and st.outcome().winner is None
    # White's king on b2 guards a3 and b3; his rook to d4 attacks a4 and b4 along the rank
    mate = g.parse_position("2K,x3/x4/x,1K,x2/x3,1R 1 2")
    mate.push_text("d1-d4")
    assert mate.legal_moves() == [] and mate.outcome().winner == 1  # checkmate: no move, and lost


def test_gravity_counts_as_openspiels_connect_four(tmp_path):
    g = from_page("conditions.md", "connect-four", tmp_path)
    st = g.initial()
    assert [g.perft(st, d) for d in range(1, 6)] == [7, 49, 343, 2401, 16807]  # OpenSpiel's counts
    assert texts(st) == {f"{f}1" for f in "abcdefg"}
    st.push_text("c1")
    assert "c2" in texts(st) and "d2" not in texts(st)


@pytest.mark.slow
def test_a_four_ends_connect_four_as_openspiel_counts_it(tmp_path):
    g = from_page("conditions.md", "connect-four", tmp_path)
    assert g.perft(g.initial(), 7) == 823536  # 7 ** 7 less the seven games won at the seventh ply


def test_a_spread_drops_exactly_n_pieces_or_on_exactly_n_squares(tmp_path):
    each = from_page("stacks.md", "spread-one-each", tmp_path)
    st = each.initial()
    assert texts(st) == {"3a1east111"}
    st.push_text("3a1east111")
    assert each.position_text(st).split()[0] == "x,1S,1S,1S,x"
    free = from_page("stacks.md", "spread-one-each", tmp_path, (", drop_each: 1", ""))
    assert texts(free.initial()) == {"3a1east3", "3a1east21", "3a1east12", "3a1east111"}
    two = from_page("stacks.md", "spread-one-each", tmp_path, ("drop_each: 1", "distance: 2"))
    assert texts(two.initial()) == {"3a1east21", "3a1east12"}
