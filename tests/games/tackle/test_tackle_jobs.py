"""Every job: done, rotated, spoiled by an own stone on an x cell, and not done on the border.
Plus the solutions of the seed's exercises that its words pin down."""

from __future__ import annotations

import pytest
from tackle_board import game, moves, position
from test_tackle_rules import JOBS

import spielwerk

PICTURES = spielwerk.load_spec_for("tackle").data["predicates"]["job"]["pattern"]["pictures"]


def cells(rows, ch, rotate=0, at=(3, 3)):
    """Square names of the ``ch`` cells, rotated ``rotate`` quarter turns, lower-left corner at ``at``."""
    pts = [(x, len(rows) - 1 - y) for y, row in enumerate(rows) for x, c in enumerate(row) if c == ch]
    allpts = [(x, len(rows) - 1 - y) for y, row in enumerate(rows) for x, c in enumerate(row)]
    for _ in range(rotate):
        pts = [(b, -a) for a, b in pts]
        allpts = [(b, -a) for a, b in allpts]
    fx = min(a for a, _ in allpts)
    fy = min(b for _, b in allpts)
    return [f"{'abcdefghij'[at[0] + a - fx]}{at[1] + b - fy + 1}" for a, b in pts]


def holds(st, player=1):
    return st.game.predicates["job"].holds(st, player)


def test_all_17_jobs_are_in_the_game_file():
    assert set(PICTURES) == set(JOBS)
    assert {k: sum(r.count("O") for r in v) for k, v in PICTURES.items()} == JOBS


@pytest.mark.parametrize("job", list(JOBS))
def test_job_done(job):
    g = game(job)
    st = position(g, white=cells(PICTURES[job], "O"), black=["j10"], to_move=2)
    assert holds(st)
    assert st.outcome() is not None and st.outcome().winner == 1


@pytest.mark.parametrize("job", list(JOBS))
@pytest.mark.parametrize("turns", [1, 2, 3])
def test_job_done_rotated(job, turns):
    g = game(job)
    st = position(g, white=cells(PICTURES[job], "O", rotate=turns), black=["j10"], to_move=2)
    assert holds(st)


@pytest.mark.parametrize("job", [j for j in JOBS if any("x" in r for r in PICTURES[j])])
def test_job_spoiled_by_an_own_stone_on_an_x_cell_but_not_by_an_enemy_one(job):
    g = game(job)
    o, x = cells(PICTURES[job], "O"), cells(PICTURES[job], "x")
    assert not holds(position(g, white=o + x[:1], black=["j10"], to_move=2))
    assert holds(position(g, white=o, black=x[:1] + ["j10"], to_move=2))
    assert holds(position(g, white=o, black=["j10"], gold=x[0], to_move=2))


@pytest.mark.parametrize("job", list(JOBS))
def test_job_not_done_with_a_stone_on_the_border(job):
    g = game(job)
    o = cells(PICTURES[job], "O", at=(0, 3))  # the figure's left column on file a
    assert any(sq.startswith("a") for sq in o)
    st = position(g, white=o, black=["j10"], to_move=2)
    assert not holds(st)


def test_mirror_images_count_only_when_a_job_says_so(tmp_path):
    variant = tmp_path / "haken.yaml"
    variant.write_text(
        "extends: tackle\n"
        "game: tackle-haken\n"
        "options:\n  job: {default: Haken}\n"
        "predicates:\n  job:\n    pattern:\n      pictures:\n"
        "        Haken: [\"O.\", \"O.\", \"OO\"]\n"
        "        Spiegelhaken: {rows: [\"O.\", \"O.\", \"OO\"], mirror: true}\n")
    plain = spielwerk.load(str(variant))
    mirrored = spielwerk.load(str(variant), job="Spiegelhaken")
    mirror_image = ["d6", "d5", "d4", "c4"]  # .O / .O / OO
    assert not plain.predicates["job"].holds(position(plain, white=mirror_image, black=["j10"], to_move=2), 1)
    assert mirrored.predicates["job"].holds(position(mirrored, white=mirror_image, black=["j10"], to_move=2), 1)


def test_extra_own_stones_around_do_not_matter():
    # FAQ 4: a Turm4 in place of a Turm3 wins
    g = game("Turm3")
    assert holds(position(g, white=["c3", "c4", "c5", "c6"], black=["j10"], to_move=2))


# -- the seed's exercises -------------------------------------------------------------------------

def test_exercise_a_a5_h5_wins_but_a5_a3_does_not():
    g = game("Turm3")
    st = position(g, white=["a5", "h4", "h6", "a1", "a2"], black=["j10", "e8"])
    assert st.move_text(g.parse_move(st, "A5-H5")) == "A5-H5xx"
    st.push_text("A5-H5")
    assert st.outcome().winner == 1
    st = position(g, white=["a5", "h4", "h6", "a1", "a2"], black=["j10", "e8"])
    st.push_text("A5-A3")  # a1 a2 a3 lie on the border: no job
    assert st.outcome() is None


def test_exercise_b_j10_b2_by_the_corner_diagonal():
    g = game("Turm3")
    st = position(g, white=["j10", "b3", "b4", "e1", "g1"], black=["a10", "e8"])
    assert "J10-B2" in moves(st)
    st.push_text("J10-B2xx")
    assert st.outcome().winner == 1


def test_exercise_c_a_triple_pushes_a_double():
    g = game("Block6")
    st = position(g, white=["f3", "f4", "f5", "g6", "g7", "g8"], black=["f6", "f7", "a10"])
    st.push_text("F3-F6xx")
    assert st.outcome().winner == 1
    assert {g.topology.name(sq) for sq, s in enumerate(st.stacks) if s and s[-1] & 1} == {"f9", "f10", "a10"}


def test_exercise_d_the_worm_c6_c10_loses_its_front_stone():
    g = game("Quadrat")
    st = position(g, white=["c4", "c5", "c6", "c8", "d8", "d9"], black=["a10", "e2"], gold="d5")
    st.push_text("C6-C10xx(w)")   # written as in the seed: job done, then the worm sign
    assert st.outcome().winner == 1
    white = {g.topology.name(sq) for sq, s in enumerate(st.stacks) if s and s[-1] == 0}
    assert white == {"c8", "d8", "d9", "c9", "c10"}   # c4 is gone for good
