"""Observation vectors (spielwerk.learning.observation): shapes and bounds for every game, the view of
either player, a turn in progress shown on the board."""

from __future__ import annotations

import random

import numpy as np
import pytest

import spielwerk
from spielwerk.agents import sample_chance
from spielwerk.learning.observation import bounds, describe, layout, observation_size

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
        if st.current_player() == 0:
            st.push(sample_chance(game, st, rng))
        else:
            st.apply_action(rng.choice(st.legal_actions()))


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
