"""Quoridor (games/gallery/quoridor.yaml) against OpenSpiel's ``quoridor`` (pyspiel 2.0.2, two
players, 9x9 and 5x5): perft from the start and from the middle positions of OpenSpiel's random
games, and (where pyspiel is installed) random games side by side; then one test for each rule.

OpenSpiel writes a pawn move as the cell it ends on (``e8``), our text too. It writes a wall by a
cell and ``v`` or ``h``: ``c3v`` stands on the east sides of c3 and c4, ``c3h`` on the north sides
of c3 and d3, both with their middle on the vertex north-east of c3; our text names that vertex
and the wall's kind, ``c3nev`` and ``c3neh``. OpenSpiel's row 1 is our rank 1, and its player 0
(starting on e9) is our first player. The data in ``tests/data/openspiel/quoridor.*.tsv``: perft
counts (one action is one turn) and the lines to the middle positions.
"""

from __future__ import annotations

import functools
import random
import re

import pytest

import spielwerk

from openspiel_gallery import perft_and_lines

PERFT, LINES = perft_and_lines("quoridor")
#: per variant of the data: our options
OPTIONS = {"default": {"size": 9}, "board_size=5": {"size": 5}, "players=4": {"size": 9, "players": 4}}
#: with four players OpenSpiel's turn goes round the board, players 0, 2, 1, 3 (e9, a5, e1, i5): our
#: players 1 to 4 in turn order
OURS = {0: 1, 2: 2, 1: 3, 3: 4}


@functools.lru_cache(maxsize=None)
def _game(size: int, players: int = 2):
    return spielwerk.load("quoridor", size=size, players=players)


def ours(text: str) -> str:
    """OpenSpiel's action string as our move text."""
    m = re.fullmatch(r"([a-i][1-9])([vh])", text)
    return f"{m[1]}ne{m[2]}" if m else text


def replayed(position: str):
    prefix, name = position.split("/")
    options = OPTIONS[prefix]
    st = _game(options["size"], options.get("players", 2)).initial()
    for text in LINES.get(position, []):
        st.push_text(ours(text))
    return st


#: per position: the deepest perft of the default run, and of the slow one (a wall is checked for
#: both pawns' ways, so a position with many walls left is slow to count deeply)
QUICK = {"default/start": 1, "default/t6": 1, "default/t12": 1, "default/t20": 4,
         "board_size=5/start": 2, "board_size=5/t6": 8, "board_size=5/t12": 6, "board_size=5/t20": 7,
         "players=4/start": 1, "players=4/t6": 1, "players=4/t12": 1, "players=4/t20": 1}
DEEP = {"default/start": 2, "default/t6": 2, "default/t12": 2, "default/t20": 7,
        "board_size=5/start": 3, "board_size=5/t6": 12, "board_size=5/t12": 10, "board_size=5/t20": 11,
        "players=4/start": 2, "players=4/t6": 2, "players=4/t12": 2, "players=4/t20": 2}


@pytest.mark.parametrize("position", list(QUICK))
def test_perft_is_openspiels(position):
    st = replayed(position)
    depths = range(1, QUICK[position] + 1)
    assert [st.game.perft(st, d) for d in depths] == [PERFT[position][d] for d in depths]


@pytest.mark.slow
@pytest.mark.parametrize("position", list(DEEP))
def test_deep_perft_is_openspiels(position):
    st = replayed(position)
    assert st.game.perft(st, DEEP[position]) == PERFT[position][DEEP[position]]


@pytest.mark.parametrize("size,players,seed", [
    (5, 2, 1), (5, 2, 2), (5, 2, 3), (9, 4, 3),
    pytest.param(9, 2, 1, marks=pytest.mark.slow), pytest.param(9, 4, 11, marks=pytest.mark.slow),
    pytest.param(9, 4, 12, marks=pytest.mark.slow)])
def test_random_games_side_by_side(size, players, seed):
    """Where pyspiel is installed: a seeded random game in both engines, the same player and the
    same moves at every turn (by their texts) and the same winner. (With four players OpenSpiel's
    returns are listed in turn order, though its player numbers are not.)"""
    pyspiel = pytest.importorskip("pyspiel")
    theirs = pyspiel.load_game("quoridor", {"board_size": size, "players": players}).new_initial_state()
    st = _game(size, players).initial()
    rng = random.Random(seed)
    while not theirs.is_terminal():
        player = OURS[theirs.current_player()] if players == 4 else theirs.current_player() + 1
        assert st.outcome() is None and st.current_player() == player
        actions = {ours(theirs.action_to_string(a)): a for a in theirs.legal_actions()}
        assert sorted(actions) == sorted(st.move_text(m) for m in st.legal_moves()), st.text()
        text = rng.choice(sorted(actions))
        theirs.apply_action(actions[text])
        st.push_text(text)
    returns = theirs.returns()
    best = max(returns)
    winner = returns.index(best) + 1 if returns.count(best) == 1 else None
    assert st.outcome() is not None and st.outcome().winner == winner


# -- the rules, one test each ---------------------------------------------------------------------------

def texts(st) -> set[str]:
    return {st.move_text(m) for m in st.legal_moves()}


def pawn_moves(st) -> set[str]:
    return {t for t in texts(st) if not t.endswith(("v", "h"))}


def test_each_pawn_starts_in_the_middle_of_its_rank_and_each_player_has_his_walls():
    st = _game(9).initial()
    g = st.game
    assert {g.topology.name(sq): g.code_owner[s[-1]] for sq, s in enumerate(st.stacks) if s} == {"e9": 1, "e1": 2}
    assert st.reserves[1] == st.reserves[2] == [10]
    assert _game(5).initial().reserves[1] == [3]


def test_a_pawn_steps_to_a_neighbouring_cell_unless_a_wall_stands_between():
    st = _game(5).initial()
    assert pawn_moves(st) == {"b5", "d5", "c4"}
    st.push_text("c4neh")  # a wall on the north sides of c4 and d4: between c5 and c4
    st.push_text("c2")
    assert pawn_moves(st) == {"b5", "d5"}


def test_a_wall_takes_two_sides_and_their_vertex_and_walls_neither_overlap_nor_cross():
    st = _game(5).initial()
    st.push_text("b2nev")  # the east sides of b2 and b3
    g = st.game
    taken = {g.topology.name(sq) for sq, s in enumerate(st.stacks) if s}
    assert taken >= {"b2ne", "b2e", "b3e"}
    assert st.reserves[1] == [2]
    st.push_text("c2")
    left = texts(st)
    assert "b2neh" not in left  # crossing at the same vertex
    assert "b1nev" not in left and "b3nev" not in left  # overlapping one side
    assert "b4nev" in left and "a2neh" in left


def test_a_pawn_jumps_the_other_pawn_where_no_wall_stands_behind_it():
    st = _game(5).parse_position(_game(5).initial().text())
    for text in ("c4", "c2", "a1neh", "c3"):
        st.push_text(text)
    assert st.to_move == 1 and pawn_moves(st) == {"b4", "d4", "c5", "c2"}


def test_where_the_jump_is_blocked_the_pawn_steps_beside_the_other_diagonally():
    st = _game(5).initial()
    # the other pawn comes to c3, then puts a wall behind himself (the north sides of c2 and d2)
    for text in ("c4", "c2", "a1neh", "c3", "a3nev", "c2neh"):
        st.push_text(text)
    assert pawn_moves(st) == {"b4", "d4", "c5", "b3", "d3"}


def test_no_wall_may_shut_a_pawn_off_from_its_goal():
    st = _game(5).initial()
    for text in ("a1neh", "c2", "c1neh"):  # rank 1 closed but for the east end of e1n
        st.push_text(text)
    st.push_text("c3")
    assert "d1nev" in texts(st)  # still open to the north through e
    assert "e1nev" not in texts(st)  # the east sides of e1 and e2: no such vertex
    assert "d1neh" not in texts(st)  # would overlap c1neh on d1n


def test_the_first_pawn_on_the_far_rank_wins():
    g = _game(5)
    st = g.initial()
    for text in ("c4", "b1", "c3", "a1", "c2", "a2"):
        st.push_text(text)
    st.push_text("c1")
    assert st.outcome().winner == 1 and st.outcome().result == "goal"


def test_after_four_times_size_squared_turns_the_game_is_a_draw():
    g = _game(5)
    st = g.initial()
    for i in range(100):
        st.push_text(["b5", "b1", "c5", "c1"][i % 4])
        if st.outcome() is not None:
            break
    assert st.ply == 100 and st.outcome().winner is None and st.outcome().result == "length"
