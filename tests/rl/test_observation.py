"""Observation vectors (spielwerk.learning.observation): shapes and bounds for every game, the view of
either player, a turn in progress shown on the board."""

from __future__ import annotations

import random

import numpy as np
import pytest

import spielwerk
from spielwerk.agents import sample_chance
from spielwerk.learning.observation import bounds, describe, layers, layout, observation_size, seats, square_order

GAMES = spielwerk.bundled_games()


@pytest.mark.parametrize("name", GAMES)
def test_shape_and_bounds_on_random_play(name: str) -> None:
    game = spielwerk.load(name)
    low, high = bounds(game)
    size = observation_size(game)
    assert size == sum(int(np.prod(shape)) for _, shape in layout(game)) == low.size == high.size
    rng = random.Random(7)
    st = game.initial()
    for _ in range(120):
        for viewer in (1, 2):
            vec = st.observation(viewer)
            assert vec.shape == (size,) and vec.dtype == np.float32
            assert (vec >= low).all() and (vec <= high).all()
        if st.is_terminal():
            break
        _random_step(game, st, rng)


def test_either_player_sees_his_own_race_the_same_way() -> None:
    """At Backgammon's symmetric start both views are the same but for who is to move; after a
    first move, player 2's view of the colour-swapped position is player 1's view."""
    game = spielwerk.load("backgammon")
    st = game.initial()
    a, b = st.observation(1), st.observation(2)
    assert np.array_equal(a[:-1], b[:-1]) and a[-1] != b[-1]


def test_a_turn_in_progress_is_shown_on_the_board() -> None:
    game = spielwerk.load("backgammon")
    st = game.initial()
    st.roll(6, 5)
    before = st.observation()
    st.apply_action(st.legal_actions()[0])
    during = st.observation()
    names = [n for n, _ in layout(game)]
    assert "turn" in names and "steps" in names
    assert not np.array_equal(before, during)
    height = sum(int(np.prod(s)) for n, s in layout(game)[:names.index("height")])
    size = game.topology.size
    assert before[height:height + size].sum() == during[height:height + size].sum()  # checkers conserved
    assert "steps (1,): 1" in st.observation_text()


def test_the_viewer_comes_first() -> None:
    game = spielwerk.load("tak", size=3)
    st = game.initial()
    st.push_text("a1")  # the opening places the opponent's flat
    n, planes = game.topology.size, layout(game)[0][1][0]
    opponent_flat_top = planes // 2 * n  # slot 1 (the opponent), kind 0, layer 0, square a1
    assert st.observation(2)[0] == 1.0 and st.observation(2)[opponent_flat_top] == 0.0
    assert st.observation(1)[0] == 0.0 and st.observation(1)[opponent_flat_top] == 1.0


def test_text_form_and_layout_description() -> None:
    game = spielwerk.load("tak", size=5)
    text = game.initial().observation_text()
    assert "pieces (48, 25): all 0" in text and "reserves (2, 2): 21 1 21 1" in text
    assert describe(game).splitlines()[0].startswith("1234 observation values")


@pytest.mark.parametrize("module,blocked", [("spielwerk.learning.pettingzoo", "pettingzoo"), ("spielwerk.learning.gymnasium", "gymnasium"),
                                            ("spielwerk.learning.vector", "numpy"), ("spielwerk.learning.openspiel", "pyspiel")])
def test_a_missing_extra_is_named(module: str, blocked: str) -> None:
    """Without the rl extra, importing an adapter says what to install (and the rest works)."""
    import subprocess
    import sys
    code = (f"import sys; sys.modules[{blocked!r}] = None\n"
            "import spielwerk\nassert spielwerk.load('tak', size=3).num_actions == 144\n"
            f"import {module}\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 1 and "pip install 'spielwerk[rl]'" in run.stderr


# -- more than two players ---------------------------------------------------------------------------
#: games of more than two players (and MAEDN for two, whose goal fields lie off the other's path)
MANY = [("chinese-checkers", 3), ("chinese-checkers", 4), ("chinese-checkers", 6), ("maedn", 2), ("maedn", 3),
        ("maedn", 4)]


def _random_step(game, st, rng) -> None:
    """One step of a random game: a chance outcome by its odds, or a random legal action."""
    if st.current_player() == 0:
        st.push(sample_chance(game, st, rng))
    else:
        st.apply_action(rng.choice(st.legal_actions()))


def _random_states(game, seed, plies):
    """The states of a random game (chance outcomes drawn by their odds), the start first."""
    rng = random.Random(seed)
    st = game.initial()
    out = [st.copy()]
    for _ in range(plies):
        if st.is_terminal():
            break
        _random_step(game, st, rng)
        out.append(st.copy())
    return out


@pytest.mark.parametrize(("name", "players"), MANY)
def test_every_seat_sees_a_vector_within_the_bounds(name: str, players: int) -> None:
    game = spielwerk.load(name, players=players)
    low, high = bounds(game)
    size = observation_size(game)
    assert len(game.players) == players
    for st in _random_states(game, 3, 150):
        for viewer in range(1, players + 1):
            vec = st.observation(viewer)
            assert vec.shape == (size,) and (vec >= low).all() and (vec <= high).all()


@pytest.mark.parametrize(("name", "players"), MANY)
def test_the_segments_have_a_row_per_player_and_a_mover_beyond_two(name: str, players: int) -> None:
    game = spielwerk.load(name, players=players)
    shapes = dict(layout(game))
    assert shapes["captures"] == (players,) and shapes["to_move"] == (1,)
    assert shapes["pieces"][0] == players * len(game.kind_names) * layers(game)
    assert ("mover" in shapes) == (players > 2)
    if players > 2:
        assert shapes["mover"] == (players,)


def _pieces_of(game, vec, slot):
    """The squares (in the viewer's column order) whose top piece lies in owner slot ``slot``."""
    n, nk, nl = game.topology.size, len(game.kind_names), layers(game)
    planes_ = vec[:dict(layout(game))["pieces"][0] * n].reshape(-1, nl, n)  # (slot, kind) x layer x square
    return planes_[slot * nk:(slot + 1) * nk, 0].sum(axis=0)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_viewer_comes_first_then_the_others_in_turn_order(players: int) -> None:
    """On Chinese checkers' board (not turned), slot k of a viewer's pieces shows the pieces of the
    k-th player after him; the mover segment says who moves, counted from the viewer."""
    game = spielwerk.load("chinese-checkers", players=players)
    st = _random_states(game, 5, 2 * players + 1)[-1]
    own = {p: st.observation(p) for p in range(1, players + 1)}
    mover = dict(layout(game))["mover"]
    at = sum(int(np.prod(s)) for name, s in layout(game)[:[n for n, _ in layout(game)].index("mover")])
    for viewer, vec in own.items():
        order = seats(game, viewer)
        assert order[0] == viewer and sorted(order) == list(range(1, players + 1))
        assert all(game.t.next_player[a] == b for a, b in zip(order, order[1:]))
        for slot, p in enumerate(order):
            assert np.array_equal(_pieces_of(game, vec, slot), _pieces_of(game, own[p], 0))
        assert vec[at:at + mover[0]].tolist() == [float(p == st.to_move) for p in order]
        assert vec[at - 1] == float(viewer == st.to_move)  # to_move comes just before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_race_lists_every_square_once_each_player_his_own_path_first(players: int) -> None:
    game = spielwerk.load("maedn", players=players)
    topo = game.topology
    for viewer in range(1, players + 1):
        order = square_order(game, viewer)
        assert sorted(order) == list(range(topo.size))
        path = list(topo.paths[viewer])
        assert order[:len(path)] == path
        homes = [topo.places["home"][p] for p in seats(game, viewer)]
        assert order[len(path):len(path) + players] == homes


def test_every_player_sees_the_pawns_in_the_others_goal_fields() -> None:
    """A goal field lies on one player's path only: the others see it after the places (before,
    their vectors had no column for it)."""
    game = spielwerk.load("maedn", players=3)
    topo = game.topology
    stacks = [[] for _ in range(topo.size)]
    goal = topo.paths[2][-1]  # player 2's last goal field
    stacks[goal] = [game.t.code(0, 2)]
    st = game.state_from_board(stacks, ply=1, to_move=1)
    for viewer in (1, 2, 3):
        col = square_order(game, viewer).index(goal)
        slot = seats(game, viewer).index(2)
        assert _pieces_of(game, st.observation(viewer), slot)[col] == 1
        assert (viewer == 2) == (col < len(topo.paths[viewer]))


def test_a_viewer_outside_the_players_is_refused() -> None:
    game = spielwerk.load("chinese-checkers", players=3)
    st = game.initial()
    for bad in (0, 4, -1, True):
        with pytest.raises(ValueError, match=r"player is one of 1\.\.3"):
            st.observation(bad)
    assert "viewer+2" in st.observation_text(3)


def test_a_viewer_may_be_a_numpy_integer_but_not_a_float() -> None:
    game = spielwerk.load("maedn", players=4)
    st = game.initial()
    assert np.array_equal(st.observation(np.int8(3)), st.observation(3))
    with pytest.raises(ValueError, match=r"player is one of 1\.\.4, not 2\.0"):
        st.observation(2.0)
