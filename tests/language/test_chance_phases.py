"""Chance beyond dice: a phase whose moves chance draws (``chance: true``), the ``shuffle`` block
that arranges a region's stacks, and the functions that read the pieces' values (``value``,
``worth``)."""

from __future__ import annotations

import random
import textwrap
from fractions import Fraction

import pytest

from game_files import game_from, texts
from spielwerk.agents import sample_chance
from spielwerk.cli import main
from spielwerk.dsl.errors import InvalidMoveError

DEAL = """
    game: deal-demo
    players: [black, white]
    board:
      shape: square
      width: 3
      height: 3
      regions:
        corner: {per_player: [[a1, b1, c1], [a3, b3, c3]]}
    pieces:
      one: {letter: A, value: 1}
      two: {letter: B, value: 2}
      three: {letter: C, value: 3}
    setup:
      - {piece: one, owner: each, at: [a1]}
      - {piece: two, owner: each, at: [b1]}
      - {piece: three, owner: each, at: [c1]}
    phases:
      - name: deal
        chance: CHANCE
        plies: 2
        moves:
          - shuffle: {where: corner}
      - name: play
        moves:
          - move: {directions: forward, distance: 1}
    no_moves: lose
"""


def test_a_chance_phase_draws_every_arrangement_alike(tmp_path):
    g = game_from(tmp_path, DEAL.replace("CHANCE", "true"))
    st = g.initial()
    assert st.is_chance() and st.current_player() == 0
    outcomes = st.chance_outcomes()
    assert len(outcomes) == 6 and {p for _, p in outcomes} == {Fraction(1, 6)}
    assert texts(st) == {"shuffle123", "shuffle132", "shuffle213", "shuffle231", "shuffle312", "shuffle321"}
    st.push_text("shuffle321")  # c1's stack to a1, a1's to c1
    assert g.position_text(st).split()[0].endswith("1C,1B,1A")
    assert st.is_chance() and st.to_move == 2
    st.push_text("shuffle123")
    assert not st.is_chance() and st.current_player() == 1 and st.phase == 1
    # perft expands the 36 draws without using up depth: 36 x 3 first moves
    assert g.perft(g.initial(), 1) == 108


def test_the_same_phase_without_chance_lets_the_player_choose(tmp_path):
    g = game_from(tmp_path, DEAL.replace("CHANCE", "false"))
    st = g.initial()
    assert not st.is_chance() and st.current_player() == 1 and len(st.legal_moves()) == 6
    assert g.perft(st, 2) == 36


def test_alike_pieces_make_one_arrangement(tmp_path):
    g = game_from(tmp_path, DEAL.replace("CHANCE", "true").replace("piece: three", "piece: two"))
    st = g.initial()
    assert len(st.chance_outcomes()) == 3  # the two twos on b1 and c1 are alike
    with pytest.raises(Exception, match="the same arrangement is written shuffle123"):
        st.push_text("shuffle132")


def test_chance_ids_follow_the_rolls(tmp_path):
    g = game_from(tmp_path, DEAL.replace("CHANCE", "true"))
    st = g.initial()
    assert g.num_chance_outcomes == 6 and st.legal_actions() == list(range(6))
    st.apply_action(5)
    assert st.is_chance() and st.chance_actions() == [(i, pytest.approx(1 / 6)) for i in range(6)]
    assert "6 chance outcomes" in g.action_space.describe() and "deal: shuffle: 6 ids" in g.action_space.describe()


def test_agents_draw_a_chance_phase_as_a_roll(tmp_path):
    g = game_from(tmp_path, DEAL.replace("CHANCE", "true"))
    seen = set()
    for seed in range(40):
        st = g.initial()
        st.push(sample_chance(g, st, random.Random(seed)))
        seen.add(g.position_text(st).split()[0])
    assert len(seen) == 6


def test_an_order_names_each_square_once(tmp_path):
    st = game_from(tmp_path, DEAL.replace("CHANCE", "true")).initial()
    with pytest.raises(InvalidMoveError, match="names each of 1 to 3 once"):
        st.push_text("shuffle112")


@pytest.mark.parametrize("change,where,message", [
    (("chance: CHANCE", "chance: true\n    dice: {count: 1, faces: 6}"), "bad.yaml:21:", "rolls no dice"),
    (("- shuffle: {where: corner}", "- shuffle: {where: corner, then: [{pass: {}}]}"), "bad.yaml:23:",
     "`then` does not apply"),
    (("[[a1, b1, c1], [a3, b3, c3]]", "[all, [a3, b3, c3]]"), "bad.yaml:23:", "a shuffle takes at most 8"),
])
def test_what_a_chance_phase_cannot_hold_is_refused_where_it_stands(tmp_path, capsys, change, where, message):
    path = tmp_path / "bad.yaml"
    text = textwrap.dedent(DEAL).replace(*change).replace("CHANCE", "true")
    path.write_text(text)
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert where in out and message in out, out


def test_value_and_worth_read_the_pieces_values(tmp_path):
    text = DEAL.replace("CHANCE", "false").replace(
        "- move: {directions: forward, distance: 1}",
        "- move: {directions: forward, distance: 1, from: \"value(from) >= 2 and worth(mover, 2, 3) == 2\"}")
    g = game_from(tmp_path, text)
    st = g.parse_position("2A,2B,2C/x3/1A,1B,1C 1 2")
    assert texts(st) == {"b1-b2", "c1-c2"}
    st = g.parse_position("2A,2B,2C/x3/1A,1B,x 1 2")  # one piece worth 2 or 3 left: none moves
    assert texts(st) == set()


DROP = """
    game: drop-demo
    players: [black, white]
    board: {shape: square, width: 3, height: 1}
    pieces:
      stone: {letter: S}
    phases:
      - name: drop
        chance: true
        plies: 1
        moves:
          - place: {pieces: [stone], weight: WEIGHT}
      - name: play
        moves:
          - place: {pieces: [stone]}
    notation:
      moves: {place: "{to}"}
"""


def test_a_weight_makes_some_draws_likelier(tmp_path):
    g = game_from(tmp_path, DROP.replace("WEIGHT", "\"2 if to == 'a1' else 1\""))
    st = g.initial()
    assert {st.move_text(m): p for m, p in st.chance_outcomes()} == {
        "a1": Fraction(1, 2), "b1": Fraction(1, 4), "c1": Fraction(1, 4)}
    assert [p for _, p in st.chance_actions()] == [0.5, 0.25, 0.25]
    never = game_from(tmp_path, DROP.replace("WEIGHT", "\"0 if to == 'c1' else 1\"")).initial()
    assert texts(never) == {"a1", "b1"}  # a move that weighs nothing is never drawn
    with pytest.raises(Exception):
        never.push_text("c1")


def test_a_weight_outside_a_chance_phase_is_refused(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text(textwrap.dedent(DROP).replace("WEIGHT", "1").replace("- place: {pieces: [stone]}\n",
                                                                          "- place: {pieces: [stone], weight: 2}\n"))
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert "bad.yaml:15:" in out and "it belongs in a chance phase" in out, out


def test_a_weight_on_a_part_of_a_turn_is_refused(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text(textwrap.dedent(DROP).replace("WEIGHT", "1").replace(
        "- place: {pieces: [stone]}\n", "- place: {pieces: [stone], then: [{place: {pieces: [stone], weight: 2}}]}\n"))
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert "bad.yaml:15:" in out and "a part of a turn takes none" in out, out


SPINNER = """
    game: spinner-demo
    players: [black, white]
    board: {shape: square, width: 1, height: 8}
    pieces:
      runner: {letter: R}
    setup:
      - {piece: runner, owner: 1, at: [a1]}
    phases:
      - name: play
        dice: {count: 1, faces: FACES}
        moves:
          - move: {directions: north, distance: die, when: "mover == 1"}
          - pass: {when: "mover == 2"}
"""


def test_a_die_may_list_the_numbers_on_its_faces(tmp_path):
    g = game_from(tmp_path, SPINNER.replace("FACES", "[1, 2, 2, 3, 3, 3]"))
    st = g.initial()
    assert [(move[1], p) for move, p in st.chance_outcomes()] == [
        (3, Fraction(1, 2)), (2, Fraction(1, 3)), (1, Fraction(1, 6))]
    assert sorted(p for _, p in st.chance_actions()) == pytest.approx([1 / 6, 1 / 3, 1 / 2])
    st.push(g.roll(2))
    assert texts(st) == {"a1-a3"}
    with pytest.raises(InvalidMoveError, match="the die shows 1, 2, 3"):
        g.roll(4)
    assert g.perft(g.initial(), 1) == 3  # every number the spinner shows, each once


@pytest.mark.parametrize("faces,count,message", [
    ("[1, 2, 2, 3]", "2", "a die whose faces are listed is rolled alone"),
    ("[0, 2]", "1", "minimum"),
])
def test_listed_faces_are_checked(tmp_path, capsys, faces, count, message):
    path = tmp_path / "bad.yaml"
    path.write_text(textwrap.dedent(SPINNER).replace("FACES", faces).replace("count: 1", f"count: {count}"))
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert "bad.yaml:11:" in out and message in out, out


def test_agents_draw_a_weighted_chance_phase_by_its_weights(tmp_path):
    g = game_from(tmp_path, DROP.replace("WEIGHT", "\"8 if to == 'a1' else 1\""))
    rng = random.Random(3)
    drawn = [g.initial().move_text(sample_chance(g, g.initial(), rng)) for _ in range(400)]
    assert drawn.count("a1") > 250  # 8/10 of the draws expected (320); uniform draws give about 133
