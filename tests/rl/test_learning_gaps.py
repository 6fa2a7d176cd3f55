"""Issue 27, the learning interface's last gaps: PettingZoo's state_test, observations as planes
``[C, H, W]``, returns scaled to [-1, 1] in every adapter, and pyspiel finding the games in a
process that has only imported ``spielwerk.learning``."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import warnings

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import state_test  # noqa: E402

import spielwerk  # noqa: E402
import spielwerk.learning.gymnasium as gym_adapter  # noqa: E402
import spielwerk.learning.openspiel as sw  # noqa: E402
import spielwerk.learning.pettingzoo as pz  # noqa: E402
from spielwerk.learning.observation import (observation, observation_size, plane_bounds, plane_names,  # noqa: E402
                                            planes, planes_shape, to_planes)
from spielwerk.learning.values import value_bound  # noqa: E402
from spielwerk.learning.vector import VectorGame, random_actions  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TICTACTOE = os.path.join(HERE, "..", "..", "docs", "examples", "tictactoe.yaml")


# -- PettingZoo's state_test ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", spielwerk.bundled_games())
def test_pettingzoo_state_test_passes(name):
    env = pz.env(name, seed=1)
    assert env.unwrapped.state_space.shape == (observation_size(env.unwrapped.game),)
    with warnings.catch_warnings():  # its random actions are mostly illegal: the wrapper says so each time
        warnings.simplefilter("ignore")
        state_test(env, env, num_cycles=20)


# -- planes -------------------------------------------------------------------------------------------

def test_square_board_planes_lie_as_the_board():
    game = spielwerk.load("tak", size=5)
    st = game.initial()
    st.push_text("a1")  # player 2's flat on a1
    st.push_text("c4")  # player 1's flat on c4
    got = planes(st, 1)
    names = plane_names(game)
    assert got.shape == planes_shape(game) == (len(names), 5, 5) and got.dtype == np.float32
    height = got[names.index("height")]
    assert height[0, 0] == 1 and height[3, 2] == 1 and height.sum() == 2  # [rank - 1, file]
    assert got[names.index("board")].sum() == 25
    assert (got[names.index("to_move")] == 1).all()  # a value of its own: everywhere
    assert np.array_equal(to_planes(game, observation(st, 1)), got)
    low, high = plane_bounds(game)
    assert low.shape == high.shape == got.shape and (low <= got).all() and (got <= high).all()


def test_missing_squares_are_zero_and_hex_boards_lie_in_half_steps():
    focus = spielwerk.load("focus")  # 8x8 without three squares at each corner
    board = planes(focus.initial(), 1)[plane_names(focus).index("board")]
    assert board.shape == (8, 8) and board.sum() == 52 and board[0, 0] == 0 and board[3, 3] == 1
    dvonn = spielwerk.load("dvonn")  # ranks of 9, 10, 11, 10 and 9 points: 21 half steps across
    names = plane_names(dvonn)
    st = dvonn.initial()
    st.push_text("a1")
    got = planes(st, 1)
    assert got.shape[1:] == (5, 21)
    board = got[names.index("board")]
    assert board.sum() == 49 and list(np.flatnonzero(board[0])) == list(range(2, 19, 2))
    assert got[names.index("height")][0, 2] == 1  # a1: the first point of the lowest rank


def test_a_track_is_one_row_in_the_viewers_order_and_batches_convert():
    game = spielwerk.load("backgammon")
    c, h, w = planes_shape(game)
    assert (h, w) == (1, game.topology.size)
    vg = VectorGame(game, 4, seed=1)
    obs, mask, _ = vg.reset()
    batch = to_planes(game, obs)
    assert batch.shape == (4, c, h, w)
    for row, state in zip(batch, vg.states()):
        assert np.array_equal(row, planes(state))


def test_the_adapters_give_planes():
    env = gym_adapter.env("tak", planes=True, size=4, seed=3)
    check_env(env, skip_render_check=True)
    obs, _ = env.reset(seed=3)
    assert obs.shape == planes_shape(env.game) and env.observation_space.contains(obs)
    aec = pz.env("dvonn", planes=True)
    aec.reset(seed=1)
    first = aec.agent_selection
    assert aec.observe(first)["observation"].shape == planes_shape(aec.unwrapped.game)
    assert aec.unwrapped.state().shape == (aec.unwrapped.state_space.shape[0],)  # state() stays the vector


# -- returns scaled by the value bound ---------------------------------------------------------------

def test_scaled_returns_in_openspiel():
    bound = value_bound(spielwerk.load("tak", size=3))[0]
    assert bound == 19  # 3 x 3 squares + 10 stones in reserve
    plain = sw.load("tak", size=3)
    scaled = sw.load("tak", size=3, scale_returns=True)
    assert (scaled.min_utility(), scaled.max_utility()) == (-1.0, 1.0) and plain.max_utility() == 19.0
    assert str(scaled) == "spielwerk_tak(komi=0,max_game_length=10000,scale_returns=True,size=3)"
    rng = np.random.default_rng(4)
    state = scaled.new_initial_state()
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.returns() == [r / bound for r in state.spielwerk_state.returns()]
    assert any(state.returns())
    pyspiel.random_sim_test(scaled, num_sims=3, serialize=True, verbose=False)


def test_scaled_returns_in_gymnasium_pettingzoo_and_the_vector_game():
    bound = value_bound(spielwerk.load("tak", size=3))[0]
    env = gym_adapter.env("tak", scale_returns=True, size=3, seed=2)
    obs, info = env.reset(seed=2)
    rng = np.random.default_rng(2)
    done, reward = False, 0.0
    while not done:
        obs, reward, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    assert reward == env.game_state.returns()[env.seat - 1] / bound and -1 <= reward <= 1
    aec = pz.raw_env("tak", scale_returns=True, size=3, seed=5)
    aec.reset(seed=5)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        _, r, term, trunc, _ = aec.last()
        totals[agent] += r
        mask = aec.observe(agent)["action_mask"]
        aec.step(None if term or trunc else int(rng.choice(np.flatnonzero(mask))))
    assert tuple(totals.values()) == tuple(r / bound for r in aec.game_state.returns())
    vg = VectorGame(spielwerk.load("tak", size=3), 8, seed=1, scale_returns=True)
    _, mask, _ = vg.reset()
    ended = []
    for _ in range(200):
        _, mask, rewards, done, _ = vg.step(random_actions(mask, rng))
        ended += [row for row, d in zip(rewards, done) if d]
    assert ended and all(abs(row).max() <= 1 for row in ended) and any(abs(row).max() > 0 for row in ended)


# -- pyspiel in a fresh process ------------------------------------------------------------------------

def test_a_fresh_process_finds_the_games_by_their_game_strings(tmp_path):
    path = tmp_path / "tictactoe.yaml"
    path.write_text(open(TICTACTOE, encoding="utf-8").read())
    code = ("import pyspiel, spielwerk.learning, sys\n"
            "print(pyspiel.load_game('spielwerk_tak(size=3)'))\n"
            "print(pyspiel.load_game('spielwerk_tackle_anker').num_distinct_actions() > 0)\n"
            "g = pyspiel.load_game('spielwerk(file=' + sys.argv[1] + ')')\n"
            "print(g, g.num_distinct_actions())\n"
            "print(pyspiel.load_game('spielwerk(file=tak,options=size:4;komi:2,scale_returns=True)'))\n")
    run = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "spielwerk_tak(komi=0,max_game_length=10000,scale_returns=False,size=3)",
        "True",
        "spielwerk_tictactoe(max_game_length=10000,scale_returns=False) 9",
        "spielwerk_tak(komi=2,max_game_length=10000,scale_returns=True,size=4)",
    ]


def _worker_game(game_string):
    import pyspiel
    import spielwerk.learning  # noqa: F401 - registers the games
    game = pyspiel.load_game(game_string)
    return str(game), game.num_distinct_actions()


def test_a_spawned_worker_loads_the_game_string_it_is_given():
    context = multiprocessing.get_context("spawn")
    with context.Pool(1) as pool:
        got = pool.apply(_worker_game, ("spielwerk_tak(size=4)",))
    assert got == ("spielwerk_tak(komi=0,max_game_length=10000,scale_returns=False,size=4)",
                   spielwerk.load("tak", size=4).num_actions)


def test_a_file_game_without_a_file_is_refused():
    with pytest.raises(Exception, match="names a bundled game or a game file"):
        pyspiel.load_game("spielwerk")
