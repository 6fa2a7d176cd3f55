"""The edges of the new parts: what is refused with a located message, what a wrong turn text
says, and the order in which the rules apply (legal_if before compulsory captures, another turn
only for the parts played, effects marked only where they changed something)."""

from __future__ import annotations

import pytest

from game_files import MILL, game_from, texts, write
import spielwerk
from spielwerk.cli import main
from spielwerk.dsl.errors import IllegalMoveError, SpielwerkError


def test_a_turn_whose_later_part_is_not_offered_says_why(tmp_path):
    g = game_from(tmp_path, MILL)
    st = g.initial()
    with pytest.raises(IllegalMoveError) as caught:
        st.push_text("c1/xa3")  # nothing to take: no line closed, no piece on a3
    assert "c1/xa3" in str(caught.value)
    assert g.position_text(st) == g.position_text(g.initial())


def test_validate_refuses_a_first_part_reading_the_part_before(tmp_path, capsys):
    path = write(tmp_path, MILL.replace("              pieces: [man]\n", "              pieces: [man]\n              from: to\n"))
    assert main(["validate", path]) == 1
    out = capsys.readouterr().out
    assert "game.yaml:14:11:" in out and "only a later part (under `then`) has" in out


def test_a_separator_the_parts_write_themselves_is_refused(tmp_path):
    with pytest.raises(SpielwerkError, match="joins the parts of a turn"):
        game_from(tmp_path, MILL.replace('moves: {place: "{to}"}', 'moves: {place: "{to}", take: "x/{square}"}'))
    with pytest.raises(SpielwerkError, match="cannot join the parts of a turn"):
        game_from(tmp_path, MILL.replace('moves: {place: "{to}"}', 'moves: {place: "{to}"}\n      then: " "'))
    with pytest.raises(SpielwerkError, match="cannot join the parts of a turn"):  # a space inside too
        game_from(tmp_path, MILL.replace('moves: {place: "{to}"}', 'moves: {place: "{to}"}\n      then: "a b"'))


def test_a_preference_under_then_is_refused_at_its_key(tmp_path, capsys):
    path = write(tmp_path, MILL.replace('avoid: "forms(mill, square)"}', 'avoid: "forms(mill, square)", '
                                        'prefer_if: "true"}'))
    assert main(["validate", path]) == 1
    out = capsys.readouterr().out
    assert "game.yaml:15:" in out and "write it on the turn's first entry" in out


AGAIN_LATER = """
    game: again-later
    players: [white, black]
    board: {shape: square, width: 3, height: 3}
    pieces:
      stone: {letter: S}
    phases:
      - name: play
        moves:
          - place:
              pieces: [stone]
              then_optional: true
              then:
                - place: {pieces: [stone], when: "to == 'b2'", again: "true"}
    end:
      - {when: board_full, winner: draw}
    notation:
      moves: {place: "{to}"}
"""


def test_another_turn_comes_only_from_the_parts_played(tmp_path):
    g = game_from(tmp_path, AGAIN_LATER.replace('again: "true"', "again: 1 == 1"))
    st = g.initial()
    st.push_text("b2")  # the second part not played: the turn passes
    assert st.to_move == 2
    st.push_text("a1")
    st.push_text("c1")
    st2 = g.initial()
    st2.push_text("b2/a1")  # the second part played: its `again` gives White the next turn
    assert st2.to_move == 1


COMPULSORY = """
    game: forced
    players: [white, black]
    board: {shape: square, width: 5, height: 1}
    pieces:
      man: {letter: M}
    setup:
      - {piece: man, owner: 1, at: [b1]}
      - {piece: man, owner: 2, at: [c1]}
    phases:
      - name: play
        moves:
          - jump: {directions: [east, west], compulsory: true, legal_if: "to != 'd1'"}
          - move: {directions: [east, west], distance: 1}
    no_moves: lose
"""


def test_a_compulsory_capture_that_is_not_legal_does_not_forbid_the_other_moves(tmp_path):
    g = game_from(tmp_path, COMPULSORY)
    st = g.initial()
    # White's b1 could jump c1 to d1, but that capture's legal_if fails: the quiet step is left
    assert texts(st) == {"b1-a1"}


def test_an_effect_is_marked_only_where_it_changed_something():
    g = spielwerk.load("go")
    st = g.initial()
    move = next(m for m in st.legal_moves() if st.move_text(m) == "a1")
    assert not g.fired_effects(move, g.apply(st, move))
    g2 = spielwerk.load("othello")
    st2 = g2.initial()
    move2 = st2.legal_moves()[0]
    assert g2.fired_effects(move2, g2.apply(st2, move2))


def test_an_effect_of_a_later_part_is_marked_too(tmp_path):
    # the second stone of a turn clears the centre: the effect suffix says so, only where it did
    g = game_from(tmp_path, """
        game: part-effect
        players: [white, black]
        board: {shape: square, width: 3, height: 3}
        pieces:
          stone: {letter: S}
        phases:
          - name: play
            moves:
              - place:
                  pieces: [stone]
                  then:
                    - place: {pieces: [stone], effects: [{when: "to == 'c3'", remove: {where: center}}]}
        end:
          - {when: "ply >= 4", winner: draw}
        notation:
          moves: {place: "{to}"}
          suffixes: {"!": effect}
    """)
    st = g.initial()
    moves = {st.move_text(m): m for m in st.legal_moves()}
    assert "b2/c3!" in moves and "b2/a3" in moves and "a1/c3" in moves
    st.push_text("b2/c3!")
    assert g.position_text(st).startswith("x2,1S/x3/x3")


def test_a_custom_trailer_must_write_the_counters(tmp_path):
    text = """
        game: counted
        players: [white, black]
        board: {shape: square, width: 3, height: 3}
        pieces:
          stone: {letter: S}
        counters:
          placed: {}
        phases:
          - name: play
            moves:
              - place: {pieces: [stone], sets: {placed: placed + 1}}
        end:
          - {when: board_full, winner: draw}
        notation:
          moves: {place: "{to}"}
          position: {format: stack-rows, trailer: "{to_move} {move_number}"}
    """
    with pytest.raises(SpielwerkError, match=r"the trailer must write \{placed\}"):
        game_from(tmp_path, text)
    # a trailer of its own writes them by name, and reads them back
    g = game_from(tmp_path, text.replace('"{to_move} {move_number}"', '"{to_move} {ply} {placed}"'))
    st = g.initial()
    st.push_text("b2")
    assert g.position_text(st) == "x3/x,1S,x/x3 2 1 1"
    assert g.parse_position("x3/x,1S,x/x3 2 1 1").counters == st.counters
    with pytest.raises(SpielwerkError, match=r"\{plaed\} is not a field of the trailer"):
        game_from(tmp_path, text.replace('"{to_move} {move_number}"', '"{to_move} {ply} {plaed}"'))


def test_file_and_rank_are_refused_on_a_board_without_them(tmp_path):
    text = """
        game: hex-files
        players: [white, black]
        board: {shape: hex, ranks: [2, 3, 2]}
        pieces:
          stone: {letter: S}
        phases:
          - name: play
            moves:
              - place: {pieces: [stone], legal_if: "file(to) == 1"}
        end:
          - {when: board_full, winner: draw}
    """
    with pytest.raises(SpielwerkError, match="files and ranks of a square board"):
        game_from(tmp_path, text)


def test_a_sowing_with_every_square_passed_is_no_move(tmp_path):
    text = """
        game: sow-nowhere
        players: [south, north]
        board:
          shape: square
          width: 3
          height: 1
          regions:
            row: a1-c1
        pieces:
          seed: {letter: S, neutral: true}
        setup:
          - {piece: seed, owner: neutral, at: [a1, b1]}
        phases:
          - name: play
            moves:
              - sow: {from: row, path: [a1, b1, c1], skip: "true", origin: skip}
        end:
          - {when: "ply > 4", winner: draw}
        no_moves: lose
    """
    g = game_from(tmp_path, text)
    assert g.initial().legal_moves() == []  # the seeds would have nowhere to fall


def test_two_links_may_not_give_a_square_two_neighbours_one_way(tmp_path, capsys):
    path = write(tmp_path, MILL.replace("board: {shape: square, width: 4, height: 4}",
                                        "board: {shape: square, width: 4, height: 4, links: [a1-c1, a1-b1]}"))
    assert main(["validate", path]) == 1
    assert "a1 is linked east to c1 and to b1" in capsys.readouterr().out


def test_attacked_asks_about_the_opponents_pieces_only(tmp_path):
    text = """
        game: kings
        players: [white, black]
        board: {shape: square, width: 4, height: 4}
        pieces:
          king: {letter: K}
        setup:
          - {piece: king, owner: 1, at: [a1]}
          - {piece: king, owner: 2, at: [b2]}
        phases:
          - name: play
            moves:
              - move: {directions: all, distance: 1, to: [empty, enemy], onto: capture}
        no_moves: lose
    """
    g = game_from(tmp_path, text)
    st = g.initial()
    sq = g.topology.parse_square
    assert g.attacked(st, sq("b2"), 1)  # White's king can take it
    assert not g.attacked(st, sq("a1"), 1)  # his own king moving away is no attack
    assert g.attacked(st, sq("a1"), 2)


def test_the_pie_rule_exchanges_the_counters_kept_per_player_too(tmp_path):
    text = """
        game: pie-counted
        players: [first, second]
        board: {shape: square, width: 3, height: 3}
        pieces:
          stone: {letter: S}
        counters:
          placed: {per_player: true}
        phases:
          - name: play
            moves:
              - place: {pieces: [stone], sets: {placed(mover): placed(mover) + 1}}
              - swap: {when: "ply == 1"}
        end:
          - {when: board_full, winner: draw}
        notation:
          moves: {place: "{to}"}
    """
    g = game_from(tmp_path, text)
    st = g.initial()
    st.push_text("b2")
    assert st.counters[:2] == [1, 0] or list(st.counters)[:2] == [1, 0]
    st.push_text("swap")
    assert list(st.counters)[:2] == [0, 1]
    st.pop()
    assert list(st.counters)[:2] == [1, 0]


def test_a_wrong_first_part_of_a_turn_says_why():
    g = spielwerk.load("amazons", size=6)
    with pytest.raises(IllegalMoveError, match="c3-c4: there is no piece on c3"):
        g.initial().push_text("c3-c4/c5")


def test_a_move_its_legal_if_refuses_says_so():
    st = spielwerk.load("othello").initial()
    with pytest.raises(IllegalMoveError, match="legal only where move_flips > 0 after it"):
        st.push_text("a1")  # flips nothing
