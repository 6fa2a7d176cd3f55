"""Conditions that ask what a player could do in the position after a move (`can_capture`,
`mobility`, `attacked`, `reachable`), used in a block's `legal_if`; and the `take` block's
choices (`where`, `avoid`, `removed`)."""

from __future__ import annotations

from game_files import game_from, texts


KINGS = """
    game: kings
    players: [white, black]
    board: {shape: square, width: 4, height: 4}
    pieces:
      king: {letter: K}
    setup:
      - {piece: king, owner: 1, at: [a1]}
      - {piece: king, owner: 2, at: [c3]}
    phases:
      - name: play
        moves:
          - move: {directions: all, distance: 1, to: [empty, enemy], onto: capture, legal_if: RULE}
    no_moves: lose
"""


def kings(tmp_path, rule: str):
    return game_from(tmp_path, KINGS.replace("RULE", repr(rule)))


def test_a_move_may_not_leave_a_capture_to_the_opponent(tmp_path):
    g = kings(tmp_path, "not can_capture(opponent)")
    st = g.initial()
    assert texts(st) == {"a1-a2", "a1-b1"}  # b2 would stand next to Black's king


def test_a_square_attacked_by_the_opponent(tmp_path):
    g = kings(tmp_path, "not attacked(to, opponent)")
    st = g.initial()
    assert texts(st) == {"a1-a2", "a1-b1"}
    g2 = kings(tmp_path, "attacked(to, opponent)")
    assert texts(g2.initial()) == {"a1-b2"}


def test_mobility_counts_the_opponents_moves(tmp_path):
    # after a1-b2 Black's king on c3 has its 8 squares minus b2's capture... every square around
    # c3 is on the board: 8 moves, one of them the capture on b2
    g = kings(tmp_path, "mobility(opponent) == 8")
    assert texts(g.initial()) == {"a1-a2", "a1-b1", "a1-b2"}
    g2 = kings(tmp_path, "mobility(mover) >= 3")  # White's own moves after his move, from a2, b1, b2
    assert texts(g2.initial()) == {"a1-a2", "a1-b1", "a1-b2"}


def test_a_question_leaves_the_position_as_it_was(tmp_path):
    g = kings(tmp_path, "not can_capture(opponent)")
    st = g.initial()
    before = (g.position_text(st), st.hash)
    st.legal_moves()
    assert (g.position_text(st), st.hash) == before
    # asked directly, a question applies the blocks' legal_if: of the Black king's 8 steps, b2
    # would stand next to White's king (asked inside a legal_if, it counts the 8 as the block gives them)
    assert g.can_capture(st, 1) is False and g.mobility(st, 2) == 7


WALLS = """
    game: walls
    players: [first, second]
    board: {shape: square, width: 3, height: 3}
    pieces:
      pawn: {letter: P, fixed: true}
      wall: {letter: W, neutral: true}
    setup:
      - {piece: pawn, owner: 1, at: [b1]}
    phases:
      - name: play
        moves:
          - place: {pieces: [wall], owner: neutral, legal_if: "reachable('b1', north)"}
    no_moves: lose
    notation:
      moves: {place: "{to}"}
"""


def test_a_wall_may_not_cut_the_pawn_off_from_its_goal(tmp_path):
    g = game_from(tmp_path, WALLS)
    st = g.initial()
    st.push_text("a2")
    st.push_text("b2")
    # the pawn on b1 reaches the top rank only by c1, c2, c3 now: none of them may be walled
    assert texts(st) == {"a1", "a3", "b3"}
    st.push_text("b3")
    assert texts(st) == {"a1", "a3"}


RESERVE = """
    game: take-back
    players: [white, black]
    board: {shape: square, width: 3, height: 3}
    pieces:
      stone: {letter: S}
    reserves:
      stones: {pieces: [stone], count: 3}
    setup:
      - {piece: stone, owner: 2, at: [a1, b1]}
      - {piece: stone, owner: 1, at: [c1]}
    phases:
      - name: play
        moves:
          - take: {removed: reserve, where: "height(square) == 1", avoid: "square == 'a1'"}
    no_moves: lose
"""


def test_a_piece_taken_goes_back_to_its_owners_reserve(tmp_path):
    g = game_from(tmp_path, RESERVE)
    st = g.initial()
    assert texts(st) == {"xb1"}  # a1 only when nothing else may be taken
    st.push_text("xb1")
    assert st.reserves[2] == [4] and st.reserves[1] == [3]
    assert texts(st) == {"xc1"}
    st.pop()
    assert st.reserves[2] == [3]


FEED = """
    game: feed
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
          - move: {directions: [east, west], distance: 1, prefer_if: "mobility(opponent) > 0"}
    no_moves: lose
"""


def test_a_move_must_leave_the_opponent_a_move_if_it_can(tmp_path):
    g = game_from(tmp_path, FEED)
    st = g.initial()
    assert texts(st) == {"b1-a1"}  # b1-c1 would leave Black's man on d1 nothing to do
    blocked = game_from(tmp_path, FEED.replace("  man: {letter: M}", "  man: {letter: M}\n      post: {letter: P, neutral: true, fixed: true}")
                        .replace("- {piece: man, owner: 1, at: [b1]}",
                                 "- {piece: man, owner: 1, at: [a1]}\n      - {piece: post, owner: neutral, at: [c1]}"))
    st2 = blocked.initial()  # White a1, a post on c1, Black d1: nothing White does leaves Black a move
    assert texts(st2) == {"a1-b1"}


def test_a_capture_forbidden_unless_the_opponent_already_had_one(tmp_path):
    # "not giving a capture unless he already has one", said with two entries of the same block:
    # `when` reads the position before the move, `legal_if` the one after
    g = game_from(tmp_path, KINGS.replace(
        "          - move: {directions: all, distance: 1, to: [empty, enemy], onto: capture, legal_if: RULE}",
        "          - move: {directions: all, distance: 1, to: [empty, enemy], onto: capture,\n"
        "                   when: \"can_capture(opponent)\"}\n"
        "          - move: {directions: all, distance: 1, to: [empty, enemy], onto: capture,\n"
        "                   when: \"not can_capture(opponent)\", legal_if: \"not can_capture(opponent)\"}"))
    st = g.initial()
    assert texts(st) == {"a1-a2", "a1-b1"}
