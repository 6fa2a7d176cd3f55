"""Details of the move blocks found by reading the reference against the engine: the specialised
generators agree with the general one where they are chosen, and keys combine as documented."""

from __future__ import annotations

import textwrap

import spielwerk


def load(tmp_path, text: str, fast: bool = True) -> spielwerk.Game:
    path = tmp_path / "g.yaml"
    path.write_text("game: g\nplayers: [white, black]\n" + textwrap.dedent(text))
    return spielwerk.Game(spielwerk.load_spec_for(str(path)), fast_paths=fast)


def moves(game, text):
    st = game.parse_position(text) if text else game.initial()
    return {st.move_text(m) for m in st.legal_moves()}


def test_a_stepping_capture_never_takes_a_piece_nothing_may_land_on(tmp_path):
    text = """
    board: {shape: square, width: 3, height: 1}
    pieces: {king: {letter: K}, wall: {letter: W, blocks: true}}
    phases: [{name: play, moves: [{move: {pieces: [king], directions: orthogonal, distance: 1,
                                          to: [empty, enemy], onto: capture}}]}]
    no_moves: pass
    """
    for fast in (True, False):
        g = load(tmp_path, text, fast)
        assert moves(g, "1K,2W,2K 1 1") == {"pass"}
        assert moves(g, "1K,2K,x 1 1") == {"a1-b1"}


def test_captures_by_a_step_are_counted(tmp_path):
    text = """
    board: {shape: square, width: 3, height: 1}
    pieces: {king: {letter: K}}
    phases: [{name: play, moves: [{move: {directions: orthogonal, distance: 1, to: [empty, enemy], onto: capture}}]}]
    end: [{when: captures(mover) >= 1, winner: mover, result: taken}]
    """
    for fast in (True, False):
        g = load(tmp_path, text, fast)
        st = g.parse_position("1K,2K,x 1 1 0 0")
        st.push_text("a1-b1")
        assert st.captures[1] == 1 and st.outcome().winner == 1
        st.pop()
        assert st.captures[1] == 0 and st.hash == g.rehash(st)


def test_a_stack_topped_by_a_neutral_piece_belongs_to_nobody(tmp_path):
    text = """
    board: {shape: square, width: 3, height: 1, stacking: true}
    pieces: {p: {letter: P}, rock: {letter: R, neutral: true}}
    phases: [{name: play, moves: [{move: {take: {max: 3}, directions: orthogonal, drop: spread, to: any}}]}]
    no_moves: pass
    """
    for fast in (True, False):
        g = load(tmp_path, text, fast)
        # the stack on a1 is topped by the rock: only c1 moves, its one piece one square west
        assert moves(g, "1P0R,x,1P 1 1") == {"1c1west1"}


def test_a_template_naming_fields_of_the_general_move_gets_the_general_generator(tmp_path):
    g = load(tmp_path, """
    board: {shape: square, width: 3, height: 3}
    pieces: {p: {letter: P}}
    phases: [{name: play, moves: [{move: {directions: orthogonal}}]}]
    notation: {moves: {move: "{from}{direction}{to}"}, fields: {direction: {north: "^", south: "v", east: ">", west: "<"}}}
    """)
    assert type(g.primitives[0]).__name__ == "Move"
    assert moves(g, "x3/x,1P,x/x3 1 1") == {"b2^b3", "b2vb1", "b2>c2", "b2<a2"}


def test_a_list_of_landings_adds_a_region_to_the_words(tmp_path):
    g = load(tmp_path, """
    board: {shape: square, width: 3, height: 1, stacking: true, regions: {goal: [c1]}}
    pieces: {p: {letter: P}}
    phases: [{name: play, moves: [{move: {directions: orthogonal, distance: 1, to: [empty, goal]}}]}]
    no_moves: pass
    """)
    # on a full row only the step onto c1, which is in `goal`, is allowed
    assert moves(g, "1P,1P,2P 1 1") == {"b1-c1"}
    assert moves(g, "1P,x,2P 1 1") == {"a1-b1"}


def test_a_distance_read_from_the_position(tmp_path):
    g = load(tmp_path, """
    board: {shape: square, width: 6, height: 1}
    pieces: {p: {letter: P}}
    reserves: {hand: {pieces: [p], count: 2}}
    phases: [{name: play, moves: [{move: {directions: east, distance: "reserve(mover) + 1"}}]}]
    no_moves: pass
    """)
    assert moves(g, "1P,x5 1 1") == {"a1-c1"}     # one of two in reserve (one is on the board): two squares


def test_fixed_pieces_never_move(tmp_path):
    g = load(tmp_path, """
    board: {shape: square, width: 3, height: 1}
    pieces: {p: {letter: P}, post: {letter: T, fixed: true}}
    phases: [{name: play, moves: [{move: {directions: orthogonal}}]}]
    no_moves: pass
    """)
    assert moves(g, "1T,x,1P 1 1") == {"c1-b1"}


def test_not_next_to_an_own_piece_in_directions_relative_to_the_player(tmp_path):
    g = load(tmp_path, """
    board: {shape: square, width: 1, height: 3}
    pieces: {p: {letter: P}}
    phases: [{name: play, moves: [{place: {pieces: [p], not_adjacent_to_own: forward}}]}]
    notation: {moves: {place: "{to}"}}
    """)
    # a square is refused when its forward neighbour holds an own piece: White's forward is north,
    # so a1 (whose north neighbour a2 is White's) is refused; Black's is south, so a3 is (at move 2,
    # once the player has had a turn to place the piece)
    assert moves(g, "x/1P/x 1 2") == {"a3"}
    assert moves(g, "x/2P/x 2 2") == {"a1"}


def test_the_first_phase_may_say_who_starts(tmp_path):
    g = load(tmp_path, """
    board: {shape: square, width: 2, height: 1}
    pieces: {p: {letter: P}}
    phases: [{name: play, first: 2, moves: [{place: {pieces: [p]}}]}]
    """)
    st = g.initial()
    assert st.to_move == 2 and st.hash == g.rehash(st)


def test_a_start_with_the_second_player_reads_back_from_its_text(tmp_path):
    g = load(tmp_path, """
    board: {shape: square, width: 3, height: 1}
    pieces: {p: {letter: P}}
    phases:
      - {name: placing, first: 2, plies: 1, moves: [{place: {pieces: [p]}}]}
      - {name: moving, moves: [{move: {distance: 1}}]}
    no_moves: pass
    notation: {moves: {place: "{to}"}}
    """)
    st = g.initial()
    again = g.parse_position(st.text())
    assert (again.ply, again.to_move, again.phase) == (0, 2, 0) and again.hash == st.hash
    assert moves(g, st.text()) == {"a1", "b1", "c1"}


def test_a_move_may_end_where_a_condition_holds(tmp_path):
    g = load(tmp_path, """
    board: {shape: square, width: 4, height: 1, stacking: true}
    pieces: {p: {letter: P}}
    phases: [{name: play, moves: [{move: {take: stack, directions: orthogonal, to: "height(to) < height"}}]}]
    no_moves: pass
    """)
    # the 2-stack on b1 may go onto the empty a1 or c1 and the single d1 (lower), over nothing
    # (the default `over: empty`), so d1 is out of reach past c1... c1 is empty: b1-c1, then d1
    assert moves(g, "x,1P1P,x,2P 1 1") == {"b1-a1", "b1-c1", "b1-d1"}
    assert moves(g, "x,1P1P,x,2P2P 1 1") == {"b1-a1", "b1-c1"}


def test_a_move_may_end_anywhere_in_a_region(tmp_path):
    g = load(tmp_path, """
    board: {shape: square, width: 4, height: 1, stacking: true, regions: {home: [c1, d1]}}
    pieces: {p: {letter: P}}
    phases: [{name: play, moves: [{move: {directions: orthogonal, to: home}}]}]
    no_moves: pass
    """)
    assert moves(g, "1P,x3 1 1") == {"a1-c1", "a1-d1"}


def test_a_move_of_the_opponents_pieces(tmp_path):
    g = load(tmp_path, """
    board: {shape: square, width: 3, height: 1}
    pieces: {p: {letter: P}}
    phases: [{name: play, moves: [{move: {owner: opponent, directions: orthogonal, distance: 1}}]}]
    no_moves: pass
    """)
    st = g.parse_position("1P,x,2P 1 1")
    assert {st.move_text(m) for m in st.legal_moves()} == {"c1-b1"}
    st.push_text("c1-b1")
    assert st.text() == "1P,2P,x 2 1"
