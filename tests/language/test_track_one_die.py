"""A `track` with one die on a ring (docs/reference/tracks.md#one-die): the board's `paths`,
`capacity`, `enter: {on, at, first: false}`, `bear_off: false`, `again: die == N` after a pass
too, `prefer_if` as a list, `path_position`; and what is refused."""

from __future__ import annotations

import pytest

from test_families import from_page
import spielwerk
from spielwerk.dsl.errors import SpecError


def texts(st, roll: int) -> list[str]:
    st.roll(roll)
    return sorted(st.move_text(m) for m in st.legal_moves())


@pytest.fixture
def ring(tmp_path):
    return from_page("tracks.md", "little-ring", tmp_path)


def at(g, text: str, to_move: int = 1):
    """A position before the roll: the owner of each point in board order (``.`` empty; the eight
    ring points, then R1, R2, B1, B2); the other pawns wait at home."""
    cells = ["x" if c == "." else f"{c}P" for c in text.ljust(12, ".")]
    for p in (1, 2):
        waiting = 2 - text.count(str(p))
        cells.append(f"{p}P" * waiting if waiting else "x")
    return g.parse_position(",".join(cells) + f" {to_move} 4")


def test_paths_run_round_the_ring_into_each_players_own_goal(ring):
    topo = ring.topology
    assert [topo.name(sq) for sq in topo.paths[2]] == ["5", "6", "7", "8", "1", "2", "3", "4", "B1", "B2"]
    assert len(topo.paths[1]) == 10


def test_only_the_number_on_brings_a_pawn_in_onto_the_point_at_and_rolls_again(ring):
    st = ring.initial()
    assert texts(st, 3) == ["pass"]
    st.push_text("pass")
    assert st.to_move == 2
    assert texts(st, 4) == ["home/5"]
    st.push_text("home/5")
    assert st.to_move == 2 and st.is_chance()  # again: die == 4


def test_a_pass_on_the_again_number_rolls_again(ring):
    assert texts(at(ring, "..1.1..."), 4) == ["3/7", "5/R1"]  # none at home: any pawn
    st = at(ring, "......1." + ".1..")  # red on 7 and R2: 7 + 4 and R2 + 4 are past R2
    assert texts(st, 4) == ["pass"]
    st.push_text("pass")
    assert st.to_move == 1 and st.is_chance()


def test_entering_is_preferred_where_possible(ring):
    assert texts(at(ring, "..1....."), 4) == ["home/1"]  # not 3/7
    assert texts(at(ring, "1......."), 4) == ["1/5"]  # the entering point is his own


def test_capacity_one_blocks_own_pawns_and_hits_a_lone_enemy(ring):
    assert texts(at(ring, "..1.1..."), 2) == ["5/7"]
    st = at(ring, "..1.2...")
    assert texts(st, 2) == ["3/5*"]
    st.push_text("3/5*")
    assert ring.position_text(st).split()[0].endswith("2P2P")  # blue's pawn went home


def test_bear_off_false_keeps_pawns_on_their_path(ring):
    assert texts(at(ring, "........" + "1..."), 1) == ["R1/R2"]
    assert texts(at(ring, "........" + "1..."), 2) == ["pass"]


def test_the_end_rule_reads_the_goal_points(ring):
    st = at(ring, "......1." + ".1..")
    st.roll(2)
    st.push_text("7/R1")
    assert st.result is not None and st.result.winner == 1


def load_text(tmp_path, text: str):
    path = tmp_path / "g.yaml"
    path.write_text(text)
    return spielwerk.load(str(path))


RING = """
game: bad
players: [red, blue]
board:
  shape: track
  points: 6
  paths: [["1..6"], ["4..6", "1..3"]]
  stacking: true
  places: {home: {}}
pieces: {pawn: {letter: P}}
setup: [{piece: pawn, owner: each, at: [home], count: 1}]
phases:
  - name: play
    dice: {count: 1, faces: 6}
    moves:
      - track: {pieces: [pawn], enter: {from: home}, hit: {to: home}, bear_off: false}
end: [{when: "on_path(mover, 6, 6) == 1", winner: mover}]
no_moves: pass
"""


@pytest.mark.parametrize("old, new, message", [
    ('["4..6", "1..3"]', '["4..6", "1..2"]', "the paths must be as long"),
    ('["4..6", "1..3"]', '["4..6", "1..2", "4"]', "passes 4 twice"),
    ('["4..6", "1..3"]', '["4..6", "1..9"]', "'9' is not a point"),
    ("  paths:", "  travel: [forward, backward]\n  paths:", "give one of the two"),
    ("bear_off: false}", "bear_off: false, order: lower_first}", "`order` chooses among the numbers of two dice"),
    ("bear_off: false}", "bear_off: false, maximize: dice}", "`maximize` chooses among"),
    ("    moves:", "    doubles: {play: 2}\n    moves:", "one die rolls no doubles"),
    ("enter: {from: home}", "enter: {from: home, on: [7]}", "a die shows 1 to 6"),
    ("enter: {from: home}", "enter: {from: home, at: 7}", "the path has points 1 to 6"),
    ("hit: {to: home}", "hit: {to: start}", "need a board with `travel`"),
    ("enter: {from: home}", "enter: [{from: home}, {from: home2, first: false}]", "a second entering place waits"),
    ("bear_off: false}", "bear_off: false, capacity: 0}", "capacity"),
])
def test_misuse_is_refused_with_a_located_error(tmp_path, old, new, message):
    assert old in RING
    with pytest.raises(SpecError) as info:
        load_text(tmp_path, RING.replace(old, new))
    assert message in str(info.value)
    assert "g.yaml:" in str(info.value)


def test_the_bad_file_itself_plays(tmp_path):
    g = load_text(tmp_path, RING)
    st = g.initial()
    assert texts(st, 3) == ["home/4"]  # every number enters on its own position (3), written 4 (6 + 1 - 3)


PREFER = """
game: prefer-list
players: [white, black]
board: {shape: square, width: 4, height: 1}
pieces:
  man: {letter: M}
setup:
  - {piece: man, owner: 1, at: [b1]}
  - {piece: man, owner: 2, at: [d1]}
phases:
  - name: play
    moves:
      - move:
          directions: [east, west]
          distance: 1
          prefer_if: [LEVELS]
no_moves: lose
"""


@pytest.mark.parametrize("levels, moves", [
    ("\"to == 'a1'\"", ["b1-a1"]),
    ("\"to == 'd1'\", \"to == 'c1'\"", ["b1-c1"]),  # nothing satisfies the first: the second decides
    ("\"to == 'c1'\", \"to == 'a1'\"", ["b1-c1"]),  # the first decides; the second keeps none of it
    ("\"to == 'd1'\", \"to == 'b1'\"", ["b1-a1", "b1-c1"]),  # nothing preferred: every move
])
def test_a_list_of_preferences_applies_them_in_order(tmp_path, levels, moves):
    g = load_text(tmp_path, PREFER.replace("LEVELS", levels))
    st = g.initial()
    assert sorted(st.move_text(m) for m in st.legal_moves()) == moves


def test_path_position_needs_a_track_board(tmp_path):
    with pytest.raises(SpecError) as info:
        load_text(tmp_path, PREFER.replace("LEVELS", "\"path_position(mover, to) == 1\""))
    assert "path_position() reads a player's path on a track board" in str(info.value)


def test_the_preference_list_on_the_moves_page(tmp_path):
    g = from_page("moves.md", "feed", tmp_path,
                  ('prefer_if: "mobility(opponent) > 0"', "prefer_if: [\"to == 'd1'\", \"to == 'c1'\"]"))
    st = g.initial()
    assert [st.move_text(m) for m in st.legal_moves()] == ["b1-c1"]
