"""A table of small new games, one per rule family the language must say, each written in YAML
alone, with its legal moves and perft from a small position worked out by hand (in the comments).

Every snippet is a complete game file. ``moves`` is the exact set of move texts in the position;
``perft`` lists the counts from depth 1.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

import pytest

import spielwerk

HEAD = "players: [white, black]\n"


@dataclass
class Case:
    yaml: str
    position: str | None
    moves: set[str]
    perft: list[int] = field(default_factory=list)
    #: (move text, position text after it)
    after: list[tuple[str, str]] = field(default_factory=list)


CASES = {
    # The top k pieces of an own stack go exactly k squares, over anything, onto anything (Focus).
    # c3 holds a black piece under a white one, c4 a black piece: k = 1 goes one square in four
    # directions (c4 included); k = 2, the whole stack, two squares, over c4 to c5.
    "top k pieces, exactly k squares, over anything": Case(
        """
        game: split
        board: {shape: square, width: 5, height: 5, stacking: true}
        pieces: {p: {letter: P}}
        phases:
          - name: play
            moves: [{move: {take: {min: 1}, directions: orthogonal, distance: k, over: any, to: any}}]
        notation:
          moves: {move: "{count}{from}-{to}"}
          fields: {count: {omit: whole}}
        """,
        "x5/x2,2P,x2/x2,2P1P,x2/x5/x5 1 1",
        {"1c3-c4", "1c3-c2", "1c3-b3", "1c3-d3", "c3-c5", "c3-c1", "c3-a3", "c3-e3"},
        [8],
        [("1c3-c4", "x5/x2,2P1P,x2/x2,2P,x2/x5/x5 2 1")]),
    # The whole stack goes exactly its height onto an occupied square, over anything, unless it is
    # surrounded (DVONN). The 2-stack on b2 reaches b4 and d4 (d2 is empty; the rest is off).
    "whole stack, as far as it is high, onto a stack": Case(
        """
        game: hop
        board: {shape: square, width: 4, height: 4, stacking: true}
        pieces: {p: {letter: P}}
        phases:
          - name: play
            moves:
              - move: {take: stack, directions: all, distance: height, over: any, to: occupied,
                       from: not surrounded(from)}
        no_moves: pass
        """,
        "x,2P,x,2P/x4/x,1P1P,2P,x/2P,x3 1 1",
        {"b2-b4", "b2-d4"}, [2]),
    # b2 surrounded on all eight sides cannot move; the corner piece d1 (three neighbours, never
    # surrounded) steps onto c1 and c2 but not onto the empty d2.
    "a surrounded stack stays": Case(
        """
        game: hop
        board: {shape: square, width: 4, height: 4, stacking: true}
        pieces: {p: {letter: P}}
        phases:
          - name: play
            moves:
              - move: {take: stack, directions: all, distance: height, over: any, to: occupied,
                       from: not surrounded(from)}
        no_moves: pass
        """,
        "x3,2P/2P,2P,2P,x/2P,1P1P,2P,x/2P,2P,2P,1P 1 1",
        {"d1-c1", "d1-c2"}, [2]),
    # Directions per piece kind and relative to the player: a man goes diagonally forward (north
    # for White, south for Black), a king any diagonal. White: a1-b2, d1-c2; after either, Black's
    # man b4 goes to a3 or c3 and his king a4 to b3: 2 x 3.
    "forward diagonals per kind, for both players": Case(
        """
        game: diag
        board: {shape: square, width: 4, height: 4}
        pieces: {man: {letter: M}, king: {letter: K}}
        phases:
          - name: play
            moves: [{move: {directions: {man: forward_diagonal, king: diagonal}, distance: 1}}]
        """,
        "2K,2M,x2/x4/x4/1M,x2,1K 1 1",
        {"a1-b2", "d1-c2"}, [2, 6]),
    # A rider that captures: along empty squares, and onto the first enemy piece, which leaves.
    "a slider capturing the first enemy piece": Case(
        """
        game: rooks
        board: {shape: square, width: 4, height: 4}
        pieces: {rook: {letter: R}}
        phases:
          - name: play
            moves: [{move: {directions: orthogonal, to: [empty, enemy], onto: capture}}]
        """,
        "x4/2R,x3/x4/1R,x,2R,x 1 1",
        {"a1-a2", "a1-a3", "a1-b1", "a1-c1"}, [4],
        # then Black's rook on c1 has c2-c4, b1, a1 and d1: 6
        [("a1-a3", "x4/1R,x3/x4/x2,2R,x 2 1")]),
    # Pieces that go under the stack they land on.
    "going under a stack": Case(
        """
        game: under
        board: {shape: square, width: 1, height: 2, stacking: true}
        pieces: {p: {letter: P}}
        phases:
          - name: play
            moves: [{move: {distance: 1, to: occupied, onto: under}}]
        no_moves: pass
        """,
        "2P/1P 1 1",
        {"a1-a2"}, [1],
        [("a1-a2", "1P2P/x 2 1")]),
    # Landing on an enemy piece sends it back to its owner's reserve, from which it is placed again:
    # White's a1-a2 (White has no reserve piece to place); then Black places on a1 or a3.
    "replacing: the piece landed on goes back to its reserve": Case(
        """
        game: bump
        board: {shape: square, width: 1, height: 3}
        pieces: {p: {letter: P}}
        reserves: {hand: {pieces: [p], count: 1}}
        phases:
          - name: play
            moves:
              - place: {pieces: [p]}
              - move: {distance: 1, to: [empty, enemy], onto: replace}
        notation:
          position: {format: stack-rows, trailer: "{to_move} {reserve_1} {reserve_2}"}
        """,
        "x/2P/1P 1 0 0",
        {"a1-a2"}, [1, 2],
        [("a1-a2", "x/1P/x 2 0 1")]),
    # Jumps over adjacent enemy pieces in chains, forward only, compulsory (checkers): from a1 over
    # b2 to c3, then over d4 to e5 or over b4 to a5; the step e1-d2 is not allowed.
    "chains of jumps, compulsory": Case(
        """
        game: chains
        board: {shape: square, width: 5, height: 5, squares: dark}
        pieces: {man: {letter: M}}
        phases:
          - name: play
            moves:
              - jump: {directions: forward_diagonal, compulsory: true}
              - move: {directions: forward_diagonal, distance: 1}
        """,
        "x3/2M,2M/x3/2M,x/1M,x,1M 1 1",
        {"a1xc3xe5", "a1xc3xa5"}, [2],
        [("a1xc3xe5", "x2,1M/2M,x/x3/x2/x2,1M 2 1")]),
    # A flying king: over one enemy piece at any distance along an empty line, landing on any
    # empty square behind it; jumped pieces stand until the chain ends and are not jumped twice.
    # From a1 over c3 only to d4 (e5 is taken), then over e5 to f6 or g7; nothing more from there.
    "flying captures": Case(
        """
        game: flying
        board: {shape: square, width: 7, height: 7, squares: dark}
        pieces: {king: {letter: K}, man: {letter: M}}
        phases:
          - name: play
            moves:
              - jump: {pieces: [king], directions: diagonal, flying: true, land: any, removal: end}
        no_moves: pass
        """,
        "x4/x3/x2,2M,x/x3/x,2M,x2/x3/1K,x3 1 1",
        {"a1xd4xf6", "a1xd4xg7"}, [2]),
    # A column captures by taking only the top piece of the jumped column and putting it under
    # itself (Lasca); the rest of the jumped column stays.
    "column capture: the top piece taken under": Case(
        """
        game: columns
        board: {shape: square, width: 5, height: 5, squares: dark, stacking: true}
        pieces: {s: {letter: S}}
        phases:
          - name: play
            moves:
              - jump: {take: stack, directions: forward_diagonal, jumped: take_top, compulsory: true}
              - move: {take: stack, directions: forward_diagonal, distance: 1}
        no_moves: pass
        """,
        "x3/x2/x3/1S2S,x/1S,x2 1 1",
        {"a1xc3"}, [1],
        [("a1xc3", "x3/x2/x,2S1S,x/1S,x/x3 2 1")]),
    # The majority rule: of c1xe3 (one piece), c1xa3xc5 and a1xc3xa5 (two each) only the two
    # longest remain.
    "compulsory captures: the most pieces": Case(
        """
        game: majority
        board: {shape: square, width: 5, height: 5, squares: dark}
        pieces: {man: {letter: M}}
        phases:
          - name: play
            moves:
              - jump: {directions: forward_diagonal, compulsory: true, prefer: most}
              - move: {directions: forward_diagonal, distance: 1}
        """,
        "x3/2M,x/x3/2M,2M/1M,1M,x 1 1",
        {"c1xa3xc5", "a1xc3xa5"}, [2]),
    # The most valuable capture: the king on b2 (value 3) alone beats the two men d2 and d4.
    "compulsory captures: the most value": Case(
        """
        game: value
        board: {shape: square, width: 5, height: 5, squares: dark}
        pieces: {man: {letter: M, value: 1}, king: {letter: K, value: 3}}
        phases:
          - name: play
            moves:
              - jump: {directions: forward_diagonal, compulsory: true, prefer: value}
              - move: {directions: forward_diagonal, distance: 1}
        """,
        "x3/x,2M/x3/2K,2M/x,1M,x 1 1",
        {"c1xa3"}, [1]),
    # The same position with free choice: both captures.
    "compulsory captures: free choice": Case(
        """
        game: value
        board: {shape: square, width: 5, height: 5, squares: dark}
        pieces: {man: {letter: M, value: 1}, king: {letter: K, value: 3}}
        phases:
          - name: play
            moves:
              - jump: {directions: forward_diagonal, compulsory: true}
              - move: {directions: forward_diagonal, distance: 1}
        """,
        "x3/x,2M/x3/2K,2M/x,1M,x 1 1",
        {"c1xa3", "c1xe3xc5"}, [2]),
    # Promotion that ends a chain: the man crowned on c5 stops there.
    "promotion ends the chain": Case(
        """
        game: crown
        board: {shape: square, width: 5, height: 5, squares: dark, regions: {far: {per_player: [north, south]}}}
        pieces: {man: {letter: M}, king: {letter: K}}
        phases:
          - name: play
            moves:
              - jump: {directions: diagonal, promote: {pieces: man, to: king, region: far, chain: ends}}
        no_moves: pass
        """,
        "x3/2M,2M/1M,x2/x2/x3 1 1",
        {"a3xc5"}, [1],
        [("a3xc5", "x,1K,x/x,2M/x3/x2/x3 2 1")]),
    # ... that lets it go on: crowned on c5, the king jumps back over d4 to e3.
    "promotion continues the chain": Case(
        """
        game: crown
        board: {shape: square, width: 5, height: 5, squares: dark, regions: {far: {per_player: [north, south]}}}
        pieces: {man: {letter: M}, king: {letter: K}}
        phases:
          - name: play
            moves:
              - jump: {directions: diagonal, promote: {pieces: man, to: king, region: far, chain: continues}}
        no_moves: pass
        """,
        "x3/2M,2M/1M,x2/x2/x3 1 1",
        {"a3xc5xe3"}, [1],
        [("a3xc5xe3", "x3/x2/x2,1K/x2/x3 2 1")]),
    # ... or only where the chain ends: passing c5 the man stays a man.
    "promotion only at the end of the chain": Case(
        """
        game: crown
        board: {shape: square, width: 5, height: 5, squares: dark, regions: {far: {per_player: [north, south]}}}
        pieces: {man: {letter: M}, king: {letter: K}}
        phases:
          - name: play
            moves:
              - jump: {directions: diagonal, promote: {pieces: man, to: king, region: far, chain: at_end}}
        no_moves: pass
        """,
        "x3/2M,2M/1M,x2/x2/x3 1 1",
        {"a3xc5xe3"}, [1],
        [("a3xc5xe3", "x3/x2/x2,1M/x2/x3 2 1")]),
    # A height limit of 3, the overflow cut from the bottom: the mover's pieces to his reserve, the
    # others captured. a1-a2 captures two black pieces; a2-a1 sends two white ones to the reserve.
    "a height limit with the overflow trimmed": Case(
        """
        game: towers
        board: {shape: square, width: 1, height: 3, stacking: {max_height: 3, own: reserve, others: capture}}
        pieces: {p: {letter: P}}
        reserves: {hand: {pieces: [p], count: 3}}
        phases:
          - name: play
            moves:
              - move: {take: stack, distance: 1, to: any}
              - place: {pieces: [p], onto: any}
        notation:
          position: {format: stack-rows, trailer: "{to_move} {reserve_1} {reserve_2} {captures_1} {captures_2}"}
        """,
        "x/2P2P1P/1P1P 1 0 0 0 0",
        {"a1-a2", "a2-a1", "a2-a3"}, [3],
        [("a1-a2", "x/1P1P1P/x 2 0 0 2 0"), ("a2-a1", "x/x/2P2P1P 2 2 0 0 0"),
         ("a2-a3", "2P2P1P/x/1P1P 2 0 0 0 0")]),
    # Drops from a reserve onto any square, on top of stacks too, the limit applying.
    "drops onto stacks": Case(
        """
        game: towers
        board: {shape: square, width: 1, height: 3, stacking: {max_height: 3, own: reserve, others: capture}}
        pieces: {p: {letter: P}}
        reserves: {hand: {pieces: [p], count: 3}}
        phases:
          - name: play
            moves:
              - move: {take: stack, distance: 1, to: any}
              - place: {pieces: [p], onto: any}
        notation:
          moves: {place: "*{to}"}
          position: {format: stack-rows, trailer: "{to_move} {reserve_1} {reserve_2} {captures_1} {captures_2}"}
        """,
        "x/2P2P2P/x 1 1 0 0 0",
        {"*a1", "*a2", "*a3"}, [3],
        [("*a2", "x/2P2P1P/x 2 0 0 1 0")]),
    # After a move, every stack not linked to an anchor piece through occupied neighbours leaves.
    "pieces cut off from an anchor are removed": Case(
        """
        game: anchors
        board: {shape: square, width: 1, height: 5, stacking: true}
        pieces: {p: {letter: P}, anchor: {letter: D, neutral: true}}
        phases:
          - name: play
            moves: [{move: {pieces: [p], distance: 1, to: any}}]
        after_move:
          - remove_disconnected: {anchor: anchor}
        no_moves: pass
        """,
        "1P/x/2P/1P/0D 2 1",
        {"a3-a2", "a3-a4"}, [2],
        [("a3-a2", "x/x/x/1P2P/0D 1 2"), ("a3-a4", "x/x/x/1P/0D 1 2")]),
    # After a move, pieces where a condition on the square holds are removed: towers of 3 fall.
    "pieces removed where a condition holds": Case(
        """
        game: topple
        board: {shape: square, width: 1, height: 3, stacking: true}
        pieces: {p: {letter: P}}
        phases:
          - name: play
            moves: [{move: {take: stack, distance: 1, to: any}}]
        after_move:
          - remove: {where: height(square) >= 3}
        no_moves: pass
        """,
        "x/2P2P/1P 1 1",
        {"a1-a2"}, [1],
        [("a1-a2", "x/x/x 2 1")]),
    # `when` on a primitive and a phase that lasts `until` a condition: pieces are placed until the
    # board is full; from the third ply on a piece may also step to an empty neighbour; then the
    # pieces step and capture. Counted by hand: 3, 6, 10, 14.
    "conditions: when on a move, until on a phase": Case(
        """
        game: fill
        board: {shape: square, width: 1, height: 3}
        pieces: {p: {letter: P}}
        phases:
          - name: placing
            until: board_full
            moves:
              - place: {pieces: [p]}
              - move: {distance: 1, when: ply >= 2}
          - name: moving
            moves:
              - move: {distance: 1, to: [empty, enemy], onto: capture}
        no_moves: pass
        notation: {moves: {place: "{to}"}}
        """,
        None,
        {"a1", "a2", "a3"}, [3, 6, 10, 14]),
    # The end when neither player can move, scored by the pieces in the stacks each controls.
    "the end when nobody can move, by controlled pieces": Case(
        """
        game: stuck
        board: {shape: square, width: 1, height: 4, stacking: true}
        pieces: {p: {letter: P}}
        phases:
          - name: play
            moves: [{move: {take: stack, distance: height, to: occupied}}]
        no_moves: pass
        end:
          - when: not can_move(1) and not can_move(2)
            score: controlled(player)
            result: count
        """,
        # White's 2-stack on a1 can only go to a3; then Black's a4 can go onto it, and after that
        # nobody can move: Black's 4-stack against nothing of White's. Counted: 1, 1, 0.
        "2P/2P/x/2P1P 1 2",
        {"a1-a3"}, [1, 1, 0]),
    # Missing squares: no path crosses them and the position text leaves them out.
    "missing squares stop a path": Case(
        """
        game: holes
        board: {shape: square, width: 3, height: 3, missing: [b2]}
        pieces: {rook: {letter: R}}
        phases:
          - name: play
            moves: [{move: {directions: orthogonal}}]
        no_moves: pass
        """,
        "x3/1R,x/x3 1 1",
        {"a2-a3", "a2-a1"}, [2]),
    # Forward on a hex board: player 1's forward is the two directions towards the far side.
    "forward on a hex board": Case(
        """
        game: hexfwd
        board: {shape: hex, ranks: [2, 3, 2]}
        pieces: {p: {letter: P}}
        phases:
          - name: play
            moves: [{move: {directions: forward, distance: 1}}]
        no_moves: pass
        """,
        "x,2P/x3/1P,x 1 1",
        {"a1-b1", "a1-b2"}, [2, 3]),
    # A distance given by a die: one die of two faces, a chance node before each move; the path must
    # be empty, the last square may hold the enemy runner, which is captured. Counted: 2, 4, 8.
    "a distance given by a die": Case(
        """
        game: race
        board: {shape: square, width: 1, height: 5}
        pieces: {runner: {letter: R}}
        setup:
          - {piece: runner, owner: 1, at: [a1]}
          - {piece: runner, owner: 2, at: [a5]}
        phases:
          - name: play
            dice: {count: 1, faces: 2}
            moves: [{move: {directions: forward, distance: die, to: [empty, enemy], onto: capture}}]
        no_moves: pass
        """,
        None,
        set(), [2, 4, 8]),
}


def load(tmp_path, text: str, **options) -> spielwerk.Game:
    path = tmp_path / "game.yaml"
    path.write_text(HEAD + textwrap.dedent(text))
    return spielwerk.load(str(path), **options)


@pytest.mark.parametrize("name", list(CASES))
def test_rule_family(name, tmp_path):
    case = CASES[name]
    game = load(tmp_path, case.yaml)
    st = game.parse_position(case.position) if case.position else game.initial()
    if case.position:
        assert st.text() == case.position
    if not st.is_chance():
        assert {st.move_text(m) for m in st.legal_moves()} == case.moves
    assert [game.perft(st, d) for d in range(1, len(case.perft) + 1)] == case.perft
    for text, after in case.after:
        move = st.push_text(text)
        assert st.text() == after
        assert st.hash == game.rehash(st)
        assert game.parse_position(after).hash == st.hash
        assert st.pop() == move
        assert st.text() == case.position


@pytest.mark.parametrize("name", list(CASES))
def test_the_general_generator_agrees(name, tmp_path):
    """Where a fast generator is chosen by shape, the general one lists the same moves."""
    case = CASES[name]
    fast = load(tmp_path, case.yaml)
    general = spielwerk.Game(fast.spec, fast_paths=False)
    for game in (fast, general):
        st = game.parse_position(case.position) if case.position else game.initial()
        assert [game.perft(st, d) for d in range(1, len(case.perft) + 1)] == case.perft
