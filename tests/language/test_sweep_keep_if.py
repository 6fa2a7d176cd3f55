"""The `sweep` effect (a run of squares along a path emptied while a condition holds), `keep_if` on
any effect (the effect taken back where its result fails a condition) and a repetition that ends
the game scored (`repetition.score`): the examples of docs/reference/effects.md and end.md, small
games written here, and the mistakes refused with a located message."""

from __future__ import annotations

import os
import random
import re

import pytest

from game_files import game_from, texts, write
import spielwerk
from spielwerk.cli import main

DOCS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "reference")


def from_page(page: str, game: str, tmp_path) -> spielwerk.Game:
    """The game file ``game`` shown on ``page``, loaded as a reader would copy it."""
    with open(os.path.join(DOCS, page), encoding="utf-8") as fh:
        blocks = re.findall(r"```yaml\n(.*?)```", fh.read(), re.S)
    (text,) = [b for b in blocks if re.search(rf"^game: {re.escape(game)}$", b, re.M)]
    path = tmp_path / f"{game}.yaml"
    path.write_text(text)
    return spielwerk.load(str(path))


def legal(st, text: str):
    """The legal move of ``st`` written ``text``."""
    (move,) = [m for m in st.legal_moves() if st.move_text(m) == text]
    return move


def fires(st, text: str) -> bool:
    """Whether the move ``text`` sets an effect off (the move is taken back)."""
    g, move = st.game, legal(st, text)
    undo = g.apply(st, move)
    fired = g.fired_effects(move, undo)
    g.undo(st, move, undo)
    return bool(fired)


def check_undo(st, text: str) -> None:
    """Playing ``text`` and taking it back restores the position and its hash."""
    before, h = st.text(), st.hash
    st.push_text(text)
    assert st.hash == st.game.rehash(st)
    st.pop()
    assert (st.text(), st.hash) == (before, h)


# -- sweep ---------------------------------------------------------------------------------------------
def test_the_sweep_takes_the_run_back_along_the_sowing(tmp_path):
    g = from_page("effects.md", "little-sowing", tmp_path)
    st = g.initial()
    st.push_text("b1")  # c1, c2: c2 makes three and is taken; c1 is South's own
    assert st.text() == "0S0S,0S0S,x/0S0S,x,0S0S0S 2 1 3 0"
    st = g.parse_position("x,0S0S,0S0S/0S,x,0S0S0S 1 1 0 0")
    st.push_text("c1")  # the last seed makes one on a2: nothing
    assert st.text() == "0S,0S0S0S,0S0S0S/0S,x2 2 1 0 0"
    st = g.parse_position("0S0S,0S0S,0S0S/0S,x,0S0S0S 1 1 0 0")
    check_undo(st, "c1")
    st.push_text("c1")  # a2, b2, c2 hold three: all nine are taken, out of the game
    assert st.text() == "x3/0S,x2 2 1 9 0"
    assert st.outcome().scores == (10, 0)


def test_the_sweep_is_marked_as_an_effect_where_it_takes_something(tmp_path):
    g = from_page("effects.md", "little-sowing", tmp_path)
    st = g.initial()
    for text, fired in (("b1", True), ("a2", False)):
        assert fires(st, text) is fired
        st.push_text(text)


STORE = """
    game: sweep-store
    players: [south, north]
    board: {shape: square, width: 4, height: 1, stacking: true}
    pieces:
      seed: {letter: S, neutral: true}
    phases:
      - name: play
        moves:
          - place:
              pieces: [seed]
              owner: neutral
              onto: any
              effects:
                - sweep:
                    from: to
                    path: [a1, b1, c1, d1]
                    while: "height(square) >= 2"
                    to: "'d1'"
    end:
      - {when: "height('d1') >= 6", winner: mover}
    notation:
      moves: {place: "{to}"}
"""


def test_the_sweep_puts_the_pieces_on_a_square_and_stops_there(tmp_path):
    g = game_from(tmp_path, STORE)
    st = g.parse_position("0S,0S,0S,x 1 1")
    check_undo(st, "b1")
    st.push_text("b1")  # b1 makes two, c1 has one: only b1 goes to d1
    assert st.text() == "0S,x,0S,0S0S 2 1"
    st = g.parse_position("0S0S,0S,0S0S,0S0S0S 1 1")
    st.push_text("b1")  # b1, c1 hold two or more; the walk stops at d1, the target, not taken
    assert st.text() == "0S0S,x2,0S0S0S0S0S0S0S 2 1"
    assert st.captures[1:] == [0, 0]  # onto a square: not captures


def test_a_sweep_that_comes_round_stops_and_a_start_off_the_path_sweeps_nothing(tmp_path):
    text = STORE.replace("path: [a1, b1, c1, d1]", "path: [a1, b1, c1]").replace(
        "while: \"height(square) >= 2\"", "while: \"height(square) >= 0\"").replace(
        "to: \"'d1'\"", "")
    g = game_from(tmp_path, text)
    st = g.parse_position("0S,0S,0S,0S 1 1")
    check_undo(st, "b1")
    st.push_text("b1")  # round the path once: a1, b1, c1 all taken, out of the game
    assert (st.text(), st.captures[1:]) == ("x3,0S 2 1", [4, 0])
    st = g.parse_position("0S,0S,0S,0S 1 1")
    st.push_text("d1")  # d1 is not on the path
    assert (st.text(), st.captures[1:]) == ("0S,0S,0S,0S0S 2 1", [0, 0])


# -- keep_if -------------------------------------------------------------------------------------------
def test_a_grand_slam_is_taken_back_and_the_sowing_stands(tmp_path):
    g = from_page("effects.md", "little-sowing-slam", tmp_path)
    st = g.parse_position("0S0S,0S0S,0S0S/0S,x,0S0S0S 1 1 0 0")
    check_undo(st, "c1")
    assert not fires(st, "c1")
    st.push_text("c1")
    assert st.text() == "0S0S0S,0S0S0S,0S0S0S/0S,x2 2 1 0 0"
    assert st.outcome() is None
    # a capture that leaves North a seed stands: c1 sows c2 and b2, both taken, a2 keeps two
    st = g.parse_position("0S0S,0S0S,0S0S/0S,x,0S0S 1 1 0 0")
    assert fires(st, "c1")
    st.push_text("c1")
    assert st.text() == "0S0S,x2/0S,x2 2 1 6 0"


FILL = """
    game: keep-fill
    players: [white, black]
    board: {shape: square, width: 3, height: 1}
    pieces:
      stone: {letter: S}
      wall: {letter: W, neutral: true}
    phases:
      - name: play
        moves:
          - place:
              pieces: [stone]
              effects:
                - fill: {piece: wall, owner: neutral, where: "square == 'c1'"}
                  keep_if: "height('a1') == 0"
              again: move_placed > 0
    end:
      - {when: board_full, winner: draw}
    notation:
      moves: {place: "{to}"}
"""


def test_keep_if_takes_back_any_effect_and_what_it_counted(tmp_path):
    g = game_from(tmp_path, FILL)
    st = g.initial()
    st.push_text("b1")  # a1 is empty: the wall on c1 stays, and move_placed gives another turn
    assert (st.text(), st.to_move) == ("x,1S,0W 1 1", 1)
    st = g.initial()
    check_undo(st, "a1")
    st.push_text("a1")  # the wall is taken back, move_placed with it: Black's turn
    assert st.text() == "1S,x2 2 1"


def test_keep_if_reads_move_captures(tmp_path):
    text = STORE.replace("to: \"'d1'\"", "").replace(
        "while: \"height(square) >= 2\"", "while: \"height(square) >= 2\"\n                  keep_if: move_captures <= 2")
    g = game_from(tmp_path, text)
    st = g.parse_position("0S,0S,x2 1 1")
    st.push_text("b1")  # two taken: kept
    assert (st.text(), st.captures[1:]) == ("0S,x3 2 1", [2, 0])
    st = g.parse_position("0S,0S0S,x2 1 1")
    check_undo(st, "b1")
    st.push_text("b1")  # three would be taken: taken back
    assert (st.text(), st.captures[1:]) == ("0S,0S0S0S,x2 2 1", [0, 0])


# -- repetition scored ---------------------------------------------------------------------------------
def test_a_repetition_ends_the_game_scored(tmp_path):
    g = from_page("end.md", "repetition-scored", tmp_path)
    st = g.initial()
    for text in ("b1-c1", "e1-d1", "c1-b1"):
        st.push_text(text)
        assert st.outcome() is None
    st.push_text("d1-e1")
    o = st.outcome()
    assert (o.winner, o.result, o.scores) == (1, "repetition", (2, 1))
    st.pop()
    assert st.outcome() is None


def test_without_score_the_repetition_draws(tmp_path):
    g = game_from(tmp_path, """
        game: repetition-drawn
        players: [white, black]
        board: {shape: square, width: 5, height: 1}
        pieces:
          man: {letter: M}
        setup:
          - {piece: man, owner: 1, at: [a1, b1]}
          - {piece: man, owner: 2, at: [e1]}
        phases:
          - name: play
            moves:
              - move: {pieces: [man], directions: [east, west], distance: 1}
        repetition: {count: 2, result: repetition}
        no_moves: lose
    """)
    st = g.initial()
    for text in ("b1-c1", "e1-d1", "c1-b1", "d1-e1"):
        st.push_text(text)
    o = st.outcome()
    assert (o.winner, o.result, o.scores) == (None, "repetition", None)


# -- mistakes ------------------------------------------------------------------------------------------
BROKEN = {
    "a sweep without while": ("                    while: \"height(square) >= 2\"\n", "",
                              "missing key 'while'"),
    "a key a sweep does not have": ("                    to: \"'d1'\"\n", "                    into: \"'d1'\"\n",
                                    "unknown key 'into'"),
    "a square off the board": ("path: [a1, b1, c1, d1]", "path: [a1, b1, c1, e1]", "'e1' is not a square"),
    "a path square twice": ("path: [a1, b1, c1, d1]", "path: [a1, b1, a1, d1]", "non-unique"),
    "a name the walk does not have": ("while: \"height(square) >= 2\"", "while: \"height >= 2\"", "'height'"),
    "a misspelt name in keep_if": ("                    to: \"'d1'\"\n",
                                   "                    to: \"'d1'\"\n                  keep_if: move_captres == 0\n",
                                   "unknown name 'move_captres'"),
    "a misspelt name in a repetition's score": ("    end:\n", "    repetition: {count: 2, score: \"count(playr, seed)\"}\n    end:\n",
                                                "unknown name 'playr'"),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_a_mistake_is_refused_where_it_is(name, tmp_path, capsys):
    old, new, message = BROKEN[name]
    assert old in STORE, old
    path = write(tmp_path, STORE.replace(old, new))
    assert main(["validate", path]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert out and all(re.match(r".+:\d+:\d+: ", line) for line in out), out
    assert any(message in line for line in out), out


FILL_NEIGHBOURS = """
game: fill-neighbours
players: [white, black]
board: {shape: square, width: 4, height: 4}
pieces: {stone: {letter: S}, wall: {letter: W, neutral: true}}
phases:
  - name: play
    moves:
      - place:
          pieces: [stone]
          effects:
            - fill: {piece: wall, owner: neutral, where: "WHERE"}
end:
  - {when: board_full, winner: draw, result: full}
"""


def fills(game):
    return [e for before, after in game.rules.block_effects.values() for e in (*before, *after)
            if type(e).__name__ == "Fill"]


def test_a_fill_of_named_squares_is_the_fill_that_looks_at_every_square(tmp_path):
    """`square == a or square == b` names its squares: the engine reads them instead of asking
    every square. The same condition written so that it must ask every square gives the same
    game, position by position (a name off the board, -1, or named twice fills nothing more)."""
    named = "square == offset(to, 0, 1) or offset(to, 1, 0) == square or square == offset(to, 0, 1)"
    asked = f"({named}) and square >= 0"  # not of the named shape: every empty square is asked
    fast = game_from(tmp_path, FILL_NEIGHBOURS.replace("WHERE", named))
    slow = game_from(tmp_path, FILL_NEIGHBOURS.replace("WHERE", asked))
    assert [f.points is not None for f in fills(fast)] == [True]
    assert [f.points is not None for f in fills(slow)] == [False]
    assert [fast.perft(fast.initial(), d) for d in (1, 2, 3)] == [slow.perft(slow.initial(), d) for d in (1, 2, 3)]
    for seed in range(20):
        rng = random.Random(seed)
        a, b = fast.initial(), slow.initial()
        while a.outcome() is None:
            moves = a.legal_moves()
            assert [a.move_text(m) for m in moves] == [b.move_text(m) for m in b.legal_moves()]
            move = moves[rng.randrange(len(moves))]
            a.push(move)
            b.push(move)
            assert a.text() == b.text() and a.hash == b.hash
