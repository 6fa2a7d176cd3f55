"""The parts Lines of Action is made of, each on a small board of its own: a move as long as its
line holds pieces (``distance: line_pieces``), over the mover's own pieces only (``over: own``),
the number of a player's groups (``groups``), and an entry's own notation (``notation``)."""

from __future__ import annotations

import textwrap

import pytest

from game_files import texts
import spielwerk
from spielwerk.cli import main
from spielwerk.dsl.errors import IllegalMoveError, SpielwerkError


LINES = """
    game: lines-demo
    players: [black, white]
    board: {shape: square, width: 5, height: 5}
    pieces:
      checker: {letter: C}
    setup:
      - {piece: checker, owner: 1, at: [a1, b1, e3]}
      - {piece: checker, owner: 2, at: [c1, a3, d5]}
    phases:
      - name: play
        moves:
          - move: {directions: all, distance: line_pieces, over: OVER, to: empty}
          - move: {directions: all, distance: line_pieces, over: OVER, to: enemy, onto: capture,
                   notation: "{from}x{to}"}
    end:
      - {when: "groups(mover) == 1", winner: mover}
      - {when: "groups(opponent) == 1", winner: opponent}
    no_moves: lose
    notation:
      moves: {move: "{from}-{to}"}
"""


def game(tmp_path, text: str = LINES, over: str = "own"):
    path = tmp_path / "game.yaml"
    path.write_text(textwrap.dedent(text).replace("OVER", over))
    return spielwerk.load(str(path))


def test_a_move_goes_as_far_as_its_line_holds_pieces_over_its_own_only(tmp_path):
    st = game(tmp_path).initial()
    moves = texts(st)
    # a1: the first rank holds a1, b1, c1 (three), so east it would go three, over b1 (own) but not
    # c1 (the opponent's); north the file holds a1 and a3 (two): a3, the opponent's, is taken
    assert "a1-d1" not in moves and "a1xa3" in moves and "a1-a3" not in moves
    # b1: the file holds b1 alone (one), the rank three: west off the board, east over c1: no
    assert "b1-b2" in moves and "b1-e1" not in moves
    # e3: the rank holds a3 and e3 (two): west to c3; the diagonal to d4 holds e3, d4? empty: d5? no
    assert "e3-c3" in moves and "e3-e5" not in moves


def test_over_any_and_over_enemy_pass_other_pieces(tmp_path):
    assert "b1-e1" in texts(game(tmp_path, over="any").initial())  # three on the rank, over c1
    enemy = texts(game(tmp_path, over="enemy").initial())
    assert "b1-e1" in enemy and "a1-d1" not in enemy  # over c1 (theirs), not over b1 (own)


def test_a_capture_is_written_by_its_own_entrys_notation(tmp_path):
    g = game(tmp_path)
    st = g.initial()
    with pytest.raises(IllegalMoveError):
        st.push_text("a1-a3")  # the quiet entry may not land on a piece
    st.push_text("a1xa3")
    assert g.position_text(st).split()[0] == "x3,2C,x/x5/1C,x3,1C/x5/x,1C,2C,x2"


def test_a_move_that_joins_both_players_pieces_wins_for_the_mover(tmp_path):
    g = game(tmp_path)
    # black d5 and e3 apart; white c3 d3 together and e5 alone
    st = g.parse_position("x3,1C,2C/x5/x2,2C,2C,1C/x5/x5 1 1")
    st.push_text("e3xe5")  # the file holds e3 and e5: two squares, taking e5
    assert st.outcome().winner == 1  # black d5 e5 one group, white c3 d3 one group too


def test_groups_takes_a_direction_set(tmp_path):
    # white a1 and c2; c2-b2 leaves a1 and b2 touching corner to corner
    position = "x,1C,x3/x3,1C,x/x5/x2,2C,x2/2C,x4 2 1"
    st = game(tmp_path).parse_position(position)
    st.push_text("c2-b2")
    assert st.outcome().winner == 2  # one group, in all eight directions
    orthogonal = LINES.replace('groups(mover) == 1"', "groups(mover, 'orthogonal') == 1\"")
    st = game(tmp_path, orthogonal).parse_position(position)
    st.push_text("c2-b2")
    assert st.outcome() is None  # two groups, counted orthogonally
    bad = LINES.replace('groups(mover) == 1"', "groups(mover, 'aslant') == 1\"")
    with pytest.raises(SpielwerkError, match="'aslant' is not a direction set"):
        game(tmp_path, bad)


def test_line_pieces_is_read_only_in_a_distance(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text(textwrap.dedent(LINES).replace("OVER", "own").replace(
        'groups(opponent) == 1"', 'line_pieces > 1"'))
    assert main(["validate", str(path)]) == 1
    assert "'line_pieces' is read only in a move's `distance`" in capsys.readouterr().out


def test_an_entrys_own_notation_is_checked_at_its_key(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text(textwrap.dedent(LINES).replace("OVER", "own").replace('"{from}x{to}"', '"{from}x{to} "'))
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert "bad.yaml:15:16:" in out and "starts or ends with a space" in out


def test_a_connection_runs_through_the_neighbours_it_names(tmp_path, capsys):
    # a diagonal line a1-b2-c3 joins south and north only where diagonal neighbours link a chain
    text = """
        game: chain-demo
        players: [black, white]
        board: {shape: square, width: 3, height: 3}
        pieces:
          stone: {letter: S}
        predicates:
          joined: {connection: {pieces: [stone], between: [[south, north]], adjacency: ADJ}}
        phases:
          - name: play
            moves:
              - place: {pieces: [stone]}
        end:
          - {when: "joined(mover)", winner: mover}
        notation:
          moves: {place: "{to}"}
    """
    for adjacency, won in (("all", True), ("orthogonal", False)):
        g = game(tmp_path, text.replace("ADJ", adjacency))
        st = g.parse_position("x3/x,1S,x/1S,x2 1 3")
        st.push_text("c3")
        assert (st.outcome() is not None) == won, adjacency
    path = tmp_path / "bad.yaml"
    path.write_text(textwrap.dedent(text).replace("ADJ", "aslant"))
    assert main(["validate", str(path)]) == 1
    assert "bad.yaml:8:" in capsys.readouterr().out


def _play_around(g, first: list[str]):
    """Player 1 plays ``first`` in order, player 2 a corner of the board after each of his stones;
    the state after the last of player 1's stones."""
    topo = g.topology
    corners = [topo.name(sq) for sq in range(topo.size) if topo.region_mask("corners") >> sq & 1]
    st = g.initial()
    for i, square in enumerate(first):
        st.push_text(square)
        if i < len(first) - 1:
            st.push_text(corners[i])
    return st


def test_a_loop_of_stones_round_a_point_encloses_it_whatever_stands_there():
    g = spielwerk.load("havannah-small")  # the end rule: enclosed(mover) > 0 is a ring
    topo = g.topology
    centre = topo.parse_square("c3")
    around = [topo.name(topo.step(centre, d)) for d in topo.directions("all")]
    st = _play_around(g, around)  # six stones round an empty point
    assert st.outcome().result == "ring" and st.outcome().winner == 1
    st = _play_around(g, ["c3"] + around[:5])
    assert st.outcome() is None  # the loop is open: no ring yet
    st.push_text(topo.name(topo.region_mask("corners").bit_length() - 1))  # white's last corner
    st.push_text(around[5])  # the flower of seven: the loop goes round a stone of his own
    assert st.outcome().result == "ring"


def test_a_connection_may_ask_for_some_of_its_regions():
    g = spielwerk.load("havannah-small")
    st = g.initial()
    # a1 and c1 are corners; b1 between them is an edge: one group touching two corners
    for square in ("a1", "e5", "b1", "e3"):
        st.push_text(square)
    assert st.outcome() is None
    st.push_text("c1")
    assert st.outcome().result == "bridge"


def test_at_least_is_checked_against_its_regions(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    text = textwrap.dedent(LINES).replace("OVER", "own")
    text = text.replace("\nphases:", "\npredicates:\n  two: {connection: {pieces: [checker], between: "
                        "[{regions: [north, south], at_least: 3}]}}\nphases:")
    path.write_text(text)
    assert main(["validate", str(path)]) == 1
    assert "at_least: 3 of 2 regions" in capsys.readouterr().out
