"""Effects over many squares (`outflank` flipping or removing, `remove_groups`), conditions on the
result of a move (`legal_if`), and memory: counters (`counters`, `sets`, the `set` effect) and the
board history (`board_was`, `board_repeats`)."""

from __future__ import annotations

import random

from game_files import game_from, texts
import spielwerk


# -- outflanking: Othello --------------------------------------------------------------------------

def test_othello_perft_is_openspiels():
    g = spielwerk.load("othello")
    assert [g.perft(g.initial(), d) for d in range(1, 6)] == [4, 12, 56, 244, 1396]


def test_a_disc_must_outflank_and_every_outflanked_run_turns():
    g = spielwerk.load("othello")
    st = g.initial()
    assert texts(st) == {"d3", "c4", "f5", "e6"}  # only placements that flip (legal_if)
    st.push_text("d3")  # outflanks d4, between d3 and Black's d5
    assert g.position_text(st).startswith("x8/x8/x8/x3,1D,2D,x3/x3,1D,1D,x3/x3,1D,x4/")
    # White's replies are the squares from which a line of Black's discs runs to a White one
    assert texts(st) == {"c3", "e3", "c5"}


def test_a_player_without_a_flip_passes_and_the_game_ends_when_neither_can_move():
    g = spielwerk.load("othello")
    rng = random.Random(7)
    for _ in range(3):
        st = g.initial()
        while st.outcome() is None:
            moves = st.legal_moves()
            if [st.move_text(m) for m in moves] == ["pass"]:
                # a pass only where no placement flips, and never twice in a row
                assert g.can_move(st, 3 - st.to_move)
            st.push(rng.choice(moves))
        assert not g.can_move(st, 1) and not g.can_move(st, 2)
        o = st.outcome()
        black, white = (sum(1 for s in st.stacks if s and s[-1] & 1 == p) for p in (0, 1))
        assert o.scores == (black, white)
        assert o.winner == (1 if black > white else 2 if white > black else None)


CUSTODIAN = """
    game: custodian
    players: [white, black]
    board: {shape: square, width: 5, height: 5}
    pieces:
      man: {letter: M}
    setup:
      - {piece: man, owner: 1, at: [a1, e3]}
      - {piece: man, owner: 2, at: [a5, b3, c3]}
    phases:
      - name: play
        moves:
          - move:
              directions: orthogonal
              effects: [{outflank: {then: remove, directions: orthogonal, most: 2}}]
    no_moves: lose
"""


def test_custodian_capture_removes_the_run_closed_by_the_movers_piece(tmp_path):
    g = game_from(tmp_path, CUSTODIAN)
    st = g.initial()
    st.push_text("a1-a3")  # b3 and c3 between a3 and e3? d3 is empty: no run closed yet
    assert st.captures[1] == 0
    st.pop()
    st2 = g.parse_position("1M,x4/x5/x,2M,2M,x,1M/x5/x5 1 1")
    st2.push_text("a5-a3")  # a3 | b3 c3 | d3 empty: not closed
    assert st2.captures[1] == 0
    st3 = g.parse_position("x5/x5/x,2M,2M,1M,x/x5/1M,x4 1 1")
    st3.push_text("a1-a3")  # a3 | b3 c3 | d3 White: both taken
    assert st3.captures[1] == 2 and g.position_text(st3).startswith("x5/x5/1M,x2,1M,x/")
    st3.pop()
    assert g.position_text(st3).startswith("x5/x5/x,2M,2M,1M,x/x5/1M")
    st4 = g.parse_position("x5/x5/x,2M,2M,2M,1M/x5/1M,x4 1 1")
    st4.push_text("a1-a3")  # a run of three is more than `most: 2`: nothing
    assert st4.captures[1] == 0


# -- groups without liberties: Go ------------------------------------------------------------------

def test_go_perft_is_openspiels():
    g = spielwerk.load("go")
    assert [g.perft(g.initial(), d) for d in (1, 2, 3)] == [26, 651, 15650]
    g7 = spielwerk.load("go", size=7)
    assert [g7.perft(g7.initial(), d) for d in (1, 2)] == [50, 2451]


KO = "x5/x5/x,1S,2S,x2/1S,2S,x,2S,x/x,1S,2S,x2 1 10 0"


def test_a_group_without_liberties_is_taken_and_ko_forbids_the_immediate_retake():
    g = spielwerk.load("go")
    st = g.parse_position(KO)
    st.push_text("c2")  # Black's c2 takes b2
    assert g.position_text(st) == "x5/x5/x,1S,2S,x2/1S,x,1S,2S,x/x,1S,2S,x2 2 10 0"
    assert st.captures[1] == 1
    assert "b2" not in texts(st)  # retaking would bring back the board of two plies before
    st.push_text("e5")
    st.push_text("e4")
    assert "b2" in texts(st)  # a ko threat later, the retake is legal


def test_suicide_is_illegal_unless_it_captures():
    g = spielwerk.load("go")
    st = g.parse_position(KO)
    st.push_text("c2")
    assert "a1" not in texts(st)  # no liberty and nothing taken
    st2 = g.parse_position("x5/x5/x5/2S,x4/x,2S,x3 1 10 0")
    assert "a1" not in texts(st2)
    st3 = g.parse_position("x5/x5/1S,x4/2S,1S,x3/x,2S,1S,x2 1 10 0")
    assert "a1" in texts(st3)  # no liberty of its own, but it takes a2 and b1


def test_two_passes_end_the_game_scored_by_area_with_komi():
    g = spielwerk.load("go")
    st = g.parse_position("x2,1S,2S,x/x2,1S,2S,x/x2,1S,2S,x/x2,1S,2S,x/x2,1S,2S,x 1 9 1")
    st.push_text("pass")
    o = st.outcome()
    assert o.scores == (30, 35) and o.winner == 2  # 15 points against 10 + 7.5, doubled


# -- counters ----------------------------------------------------------------------------------------

def test_a_counter_of_quiet_plies_draws_the_game():
    g = spielwerk.load("checkers")
    st = g.initial()
    assert g.position_text(st).endswith(" 1 1 0")
    st.push_text("c3-d4")
    assert g.position_text(st).endswith(" 2 1 1")
    quiet = g.parse_position("x4/x4/x4/x4/x4/x,2K,x2/x4/1K,x3 1 30 39")
    assert quiet.outcome() is None
    quiet.push_text("a1-b2")
    assert quiet.outcome().winner is None and quiet.outcome().result == "quiet"
    quiet.pop()
    assert g.position_text(quiet) == "x4/x4/x4/x4/x4/x,2K,x2/x4/1K,x3 1 30 39"


def test_a_capture_sets_the_counter_back():
    g = spielwerk.load("checkers")
    st = g.parse_position("x4/x4/x4/x4/x4/x,2M,x2/1M,x3/x4 1 30 12")
    st.push_text("b2xd4")
    assert g.position_text(st).endswith(" 0")


def test_counters_are_hashed():
    g = spielwerk.load("checkers")
    a = g.parse_position("x4/x4/x4/x4/x4/x,2K,x2/x4/1K,x3 1 30 3")
    b = g.parse_position("x4/x4/x4/x4/x4/x,2K,x2/x4/1K,x3 1 30 4")
    assert a.hash != b.hash


PER_PLAYER = """
    game: per-player
    players: [white, black]
    board: {shape: square, width: 3, height: 3}
    pieces:
      stone: {letter: S}
    counters:
      corner_stones: {per_player: true}
      placed: {start: 10}
    phases:
      - name: play
        moves:
          - place:
              pieces: [stone]
              sets: {corner_stones(mover): "corner_stones(mover) + (1 if to == 'a1' or to == 'c1' or to == 'a3' or to == 'c3' else 0)",
                     placed: placed + 1}
    end:
      - {when: "corner_stones(mover) >= 2", winner: mover}
      - {when: board_full, winner: draw}
    notation:
      moves: {place: "{to}"}
"""


def test_counters_per_player_and_for_the_game(tmp_path):
    g = game_from(tmp_path, PER_PLAYER)
    st = g.initial()
    for t in ["a1", "b2", "b1"]:
        st.push_text(t)
    assert st.outcome() is None
    st.push_text("c3")
    st.push_text("c1")  # White's second corner
    assert st.outcome().winner == 1
    text = g.position_text(st)
    back = g.parse_position(text)
    assert g.position_text(back) == text and back.hash == st.hash
    for _ in range(5):
        st.pop()
    assert g.position_text(st) == g.position_text(g.initial())


# -- the board's history -----------------------------------------------------------------------------

SHUFFLE = """
    game: shuffle
    players: [white, black]
    board: {shape: square, width: 4, height: 1}
    pieces:
      man: {letter: M}
    setup:
      - {piece: man, owner: each, at: [a1]}
    phases:
      - name: play
        moves:
          - move: {directions: [east, west], distance: 1}
    end:
      - {when: "board_repeats >= 2", winner: draw, result: repetition}
    no_moves: lose
"""

BACK_AND_FORTH = ["a1-b1", "d1-c1", "b1-a1", "c1-d1"]


def test_a_board_seen_the_third_time_draws(tmp_path):
    g = game_from(tmp_path, SHUFFLE)
    st = g.initial()  # White on a1, Black on d1
    for t in BACK_AND_FORTH + BACK_AND_FORTH[:3]:
        st.push_text(t)
        assert st.outcome() is None
    st.push_text("c1-d1")  # the start's board for the third time
    assert st.outcome().winner is None and st.outcome().result == "repetition"
    st.pop()
    assert st.outcome() is None


def test_board_was_reads_the_board_n_plies_back(tmp_path):
    g = game_from(tmp_path, SHUFFLE.replace("distance: 1}", "distance: 1, legal_if: not board_was(4)}"))
    st = g.initial()
    for t in BACK_AND_FORTH[:3]:
        st.push_text(t)
    assert texts(st) == {"c1-b1"}  # c1-d1 would bring back the board of four plies before


COLUMN = """
    game: column-demo
    players: [white, black]
    board: {shape: square, width: 3, height: 3, stacking: true}
    pieces:
      stone: {letter: S}
    reserves:
      stones: {pieces: [stone], count: 3}
    phases:
      - name: play
        moves:
          - place: {pieces: [stone], count: "reserve(mover)"}
    no_moves: lose
    notation:
      moves: {place: "{to}"}
"""


def test_every_stone_left_enters_together_as_one_column(tmp_path):
    g = game_from(tmp_path, COLUMN)
    st = g.initial()
    st.push_text("a1")
    assert g.position_text(st).startswith("x3/x3/1S1S1S,x2") and st.reserves[1] == [0]
    st.push_text("b2")
    assert st.legal_moves() == [] and st.outcome().winner == 2  # White has nothing left to place
    st.pop()
    st.pop()
    assert st.reserves[1] == [3] and g.position_text(st) == g.position_text(g.initial())
