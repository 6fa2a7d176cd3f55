"""Mensch ärgere dich nicht (games/gallery/maedn.yaml) against OpenSpiel's ``maedn(players=2)``
(pyspiel 2.0.2, two players opposite): perft from the start and from the middle positions of
OpenSpiel's random games, the boards there, and whole random games replayed side by side; then
one test for each rule.

How OpenSpiel's ids are our moves and rolls (``play``):

* a chance outcome k (0-5) is the roll k + 1: ``game.roll(k + 1)``;
* a decision is one step of the player to move, p, on his path (``paths[p]``, from his start
  field, 40 common fields then his 4 goal fields): ``0`` (pass) is our ``pass``; ``1`` (bring in a
  new piece) the step from his ``home`` onto his first point; ``2 + f`` (move the piece on his
  relative field f) the step from path position f + 1 to position f + 1 + the die.

OpenSpiel's absolute field f (0-39; player 1 starts on 0, player 2 on 20) is our point ``f + 1``,
its goal fields our ``R1``-``R4`` (player 1) and ``B1``-``B4`` (player 2). The data in
``tests/data/openspiel/maedn.*.tsv`` (see the README there): perft counts, the lines to the middle
positions, the boards there, and seeded random games with OpenSpiel's legal action counts at each
decision, its final board and its returns.
"""

from __future__ import annotations

import csv
import functools
import os
import random

import pytest

import spielwerk

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "openspiel")
GOALS = {1: ["R1", "R2", "R3", "R4"], 2: ["B1", "B2", "B3", "B4"]}


def _table(name: str) -> list[dict[str, str]]:
    with open(os.path.join(DATA, f"maedn.{name}.tsv"), newline="") as f:
        return list(csv.DictReader((line for line in f if not line.startswith("#")), delimiter="\t"))


PERFT: dict[str, dict[int, int]] = {}  # by position id (``players=3/t6``), depth
for _row in _table("perft"):
    PERFT.setdefault(_row["position_id"], {})[int(_row["depth"])] = int(_row["count"])
LINES = {row["position_id"]: [int(a) for a in row["action_ids"].split()] for row in _table("positions")}
#: the boards of the two-player game, by position (``t6``)
BOARDS = {row["position_id"].split("/")[1]: row["board"] for row in _table("boards")}
GAMES = _table("games")


@pytest.fixture(scope="module")
def game():
    return spielwerk.load("maedn")


def step_of(game, st, action: int):
    """OpenSpiel's decision ``action`` as our (from square, to square) step, or None (pass)."""
    if action == 0:
        return None
    p = st.to_move
    path = game.topology.paths[p]
    if action == 1:
        return (game.topology.places["home"][p], path[0])
    f = action - 2
    return (path[f], path[f + st.dice[0]])


def play(game, st, action: int) -> None:
    """Play OpenSpiel's ``action`` (a chance outcome where the dice are due): it must name
    exactly one of our legal moves."""
    if st.is_chance():
        st.push(game.roll(action + 1))
        return
    step = step_of(game, st, action)
    want = () if step is None else (step,)
    found = [m for m in st.legal_moves() if tuple(m[2]) == want]
    assert len(found) == 1, (action, [st.move_text(m) for m in st.legal_moves()])
    st.push(found[0])


def replayed(game, name: str, players: int = 2):
    st = game.initial()
    for action in LINES.get(f"players={players}/{name}", []):
        play(game, st, action)
    return st


def board(game, st) -> str:
    """Our position written as the data writes OpenSpiel's (see maedn_generate.py)."""
    topo = game.topology
    names = [str(f + 1) for f in range(40)] + GOALS[1] + GOALS[2]
    cells = []
    for name in names:
        stack = st.stacks[topo.parse_square(name)]
        assert len(stack) <= 1
        cells.append(str(game.code_owner[stack[0]]) if stack else ".")
    home = [len(st.stacks[topo.places["home"][p]]) for p in (1, 2)]
    return "".join(cells) + "/" + " ".join(map(str, home))


QUICK = {"start": 5, "t6": 5, "t20": 4, "t60": 3}
DEEP = {"start": 7, "t6": 7, "t20": 6, "t60": 5}


@functools.lru_cache(maxsize=None)
def _game(players: int):
    return spielwerk.load("maedn", players=players)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", list(QUICK))
def test_perft_is_openspiels(players, name):
    game = _game(players)
    st = replayed(game, name, players)
    want = PERFT[f"players={players}/{name}"]
    assert [game.perft(st, d) for d in range(1, QUICK[name] + 1)] == [want[d] for d in range(1, QUICK[name] + 1)]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", list(DEEP))
def test_deep_perft_is_openspiels(players, name):
    game = _game(players)
    st = replayed(game, name, players)
    depth = DEEP[name] - (players > 2)  # a player more: every level is wider
    assert game.perft(st, depth) == PERFT[f"players={players}/{name}"][depth]


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_with_more_players_side_by_side(players, seed):
    """Where pyspiel is installed: a seeded random game in both engines to its end, with the same
    number of legal moves at every decision and the same winner (OpenSpiel's returns: n - 1 for
    the winner, -1 for each other player)."""
    pyspiel = pytest.importorskip("pyspiel")
    game = _game(players)
    theirs = pyspiel.load_game("maedn", {"players": players}).new_initial_state()
    st = game.initial()
    rng = random.Random(seed)
    while not theirs.is_terminal():
        assert st.result is None
        if theirs.is_chance_node():
            action = rng.choice([a for a, _ in theirs.chance_outcomes()])
        else:
            assert st.current_player() == theirs.current_player() + 1
            assert len(st.legal_moves()) == len(theirs.legal_actions())
            action = rng.choice(theirs.legal_actions())
        play(game, st, action)
        theirs.apply_action(action)
    returns = theirs.returns()
    assert st.result is not None and st.result.winner == returns.index(players - 1) + 1
    assert st.returns() == tuple(returns)


@pytest.mark.parametrize("name", list(BOARDS))
def test_the_board_is_openspiels(game, name):
    st = replayed(game, name)
    assert st.is_chance()
    assert board(game, st) == BOARDS[name]


@pytest.mark.parametrize("row", GAMES, ids=[f"seed{row['seed']}" for row in GAMES])
def test_random_games_replay_side_by_side(game, row):
    st = game.initial()
    counts = iter(row["legal_counts"])
    for action in map(int, row["action_ids"].split()):
        assert st.result is None
        if not st.is_chance():
            assert len(st.legal_moves()) == int(next(counts))
        play(game, st, action)
    assert next(counts, None) is None
    assert board(game, st) == row["board"]
    winner = 1 if row["returns"].split()[0] == "1" else 2
    assert st.result is not None and st.result.winner == winner


# -- the rules, one test each ----------------------------------------------------------------------

def position(game, pawns: dict[str, int], to_move: int = 1):
    """A position before the roll: ``pawns`` maps points to their pawn's owner; the rest wait at
    home."""
    names = game.topology.point_names
    cells = [str(pawns[n]) if n in pawns else "x" for n in names]
    home = [4 - sum(1 for o in pawns.values() if o == p) for p in (1, 2)]
    text = ",".join(cells) + "," + ",".join(str(p) * n if n else "x" for p, n in zip((1, 2), home))
    return game.parse_position(f"{text} {to_move} 10")


def texts(st, roll: int) -> list[str]:
    st.roll(roll)
    return sorted(st.move_text(m) for m in st.legal_moves())


def test_the_board_has_forty_common_fields_and_four_goal_fields_each(game):
    paths = game.topology.paths
    assert len(paths[1]) == len(paths[2]) == 44
    assert set(paths[1][:40]) == set(paths[2][:40])  # the ring is common
    assert not set(paths[1][40:]) & set(paths[2])  # the goal fields are the player's own
    assert game.topology.name(paths[2][0]) == "21"  # the players sit opposite


def test_four_pawns_each_start_at_home_and_a_turn_is_one_roll_of_one_die(game):
    st = game.initial()
    assert board(game, st) == "." * 48 + "/4 4"
    assert st.is_chance() and [r[1] for r, _ in st.chance_outcomes()] == [6, 5, 4, 3, 2, 1]
    st.roll(4)
    assert [st.move_text(m) for m in st.legal_moves()] == ["pass"]
    st.push(st.legal_moves()[0])
    assert st.to_move == 2 and st.is_chance()


def test_a_six_must_bring_a_pawn_out_and_rolls_again(game):
    st = position(game, {"5": 1})
    assert texts(st, 6) == ["home/1"]  # not 5/11
    st.push_text("home/1")
    assert st.to_move == 1 and st.is_chance()
    st = position(game, {"21": 2}, to_move=1)  # an enemy pawn on the start field is hit
    assert texts(st, 6) == ["home/1"]


def test_every_six_rolls_again_even_a_pass(game):
    st = position(game, {"36": 1, "R1": 1, "R2": 1, "R3": 1})  # 36/R2 is blocked, nothing else moves
    assert texts(st, 6) == ["pass"]
    st.push_text("pass")
    assert st.to_move == 1 and st.is_chance()
    st = position(game, {"10": 1})
    st.roll(5)
    st.push_text("10/15")
    assert st.to_move == 2


def test_the_start_field_is_cleared_first_while_pawns_wait_at_home(game):
    st = position(game, {"1": 1, "10": 1})
    assert texts(st, 3) == ["1/4"]
    assert texts(position(game, {"1": 1, "10": 1}), 6) == ["1/7"]  # before bringing a pawn out
    # the pawn on the start field cannot move: any other pawn may
    assert texts(position(game, {"1": 1, "4": 1}), 3) == ["4/7"]
    # no pawn at home: any pawn may move
    assert texts(position(game, {"1": 1, "10": 1, "20": 1, "30": 1}), 3) == ["1/4", "10/13", "20/23", "30/33"]


def test_landing_on_an_enemy_pawn_sends_it_home(game):
    st = position(game, {"10": 1, "13": 2})
    assert texts(st, 3) == ["10/13*"]
    st.push_text("10/13*")
    assert board(game, st) == "." * 12 + "1" + "." * 35 + "/3 4"


def test_own_pawns_never_share_a_field(game):
    st = position(game, {"10": 1, "13": 1})
    assert texts(st, 3) == ["13/16"]


def test_pawns_jump_over_each_other_and_stay_on_their_path(game):
    assert texts(position(game, {"R1": 1, "R2": 1, "12": 2}, 1), 2) == ["R1/R3", "R2/R4"]
    assert texts(position(game, {"39": 1, "R2": 1, "12": 2}, 1), 4) == ["39/R3"]  # over R2; R2 + 4 is past R4
    # past the last goal field no pawn moves
    assert texts(position(game, {"R3": 1, "R4": 1, "12": 2}, 1), 2) == ["pass"]
    # blue turns into his own goal fields after field 20
    assert texts(position(game, {"20": 2, "5": 1}, 2), 3) == ["20/B3"]


def test_a_pass_only_when_nothing_else_is_legal(game):
    assert texts(position(game, {}), 5) == ["pass"]
    assert "pass" not in texts(position(game, {"30": 1}), 5)


def test_the_first_with_four_pawns_in_the_goal_wins(game):
    st = position(game, {"R1": 1, "R2": 1, "R4": 1, "38": 1, "12": 2})
    st.roll(5)
    st.push_text("38/R3")
    assert st.result is not None and st.result.winner == 1
