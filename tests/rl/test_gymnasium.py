"""spielwerk.gymnasium: the learner's side of any game against a Spielwerk agent, as a Gymnasium env."""

from __future__ import annotations

import os
import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import spielwerk  # noqa: E402
from spielwerk.learning import gymnasium as sg  # noqa: E402
from spielwerk.agents import make_agent  # noqa: E402

TICTACTOE = os.path.join(os.path.dirname(__file__), "..", "data", "games", "tictactoe.yaml")

GAMES = {
    "tak3": ("tak", {"size": 3}),
    "tictactoe": (TICTACTOE, {}),
    "backgammon": ("backgammon", {}),
    "backgammon-money": ("backgammon", {"money": True}),
    "lasca": ("lasca", {}),
    "trictrac": ("trictrac", {}),
    "tactix": ("tactix", {}),
}


def checked(env):
    """Gymnasium's check_env, quiet about the one thing it warns of here: the observation's
    counts (captures, reserves...) have no upper bound."""
    with warnings.catch_warnings():
        warnings.filterwarnings("error")
        warnings.filterwarnings("ignore", message=".*maximum value is infinity")
        check_env(env, skip_render_check=True)


def episode(env, seed=None, action_seed=0):
    """One episode with random legal actions: every (observation, reward, terminated, truncated, info)."""
    rng = np.random.default_rng(action_seed)
    obs, info = env.reset(seed=seed)
    out = [(obs, 0.0, False, False, info)]
    while not (out[-1][2] or out[-1][3]):
        out.append(env.step(int(rng.choice(np.flatnonzero(env.action_masks())))))
    return out


@pytest.mark.parametrize("seat", [1, 2, "random"])
@pytest.mark.parametrize("key", list(GAMES))
def test_check_env_passes(key, seat):
    name, options = GAMES[key]
    checked(sg.env(name, seat=seat, **options))


def test_check_env_passes_through_gymnasium_make():
    env = gymnasium.make(sg.ENV_ID, game="tak", size=3, opponent="greedy", seat=2)
    checked(env.unwrapped)
    obs, info = env.reset(seed=0)
    assert obs.shape == env.observation_space.shape and info["seat"] == 2


@pytest.mark.parametrize("opponent", ["random", "mcts:iterations=5", "greedy"])
@pytest.mark.parametrize("key", ["tak3", "tictactoe"])
def test_an_episode_against_an_agent(key, opponent):
    name, options = GAMES[key]
    env = sg.env(name, opponent=opponent, seat="random", seed=1, **options)
    for _ in range(3):
        steps = episode(env)
        state = env.game_state
        assert state.is_terminal()
        assert [r for _, r, *_ in steps[:-1]] == [0.0] * (len(steps) - 1)
        assert steps[-1][1] == state.returns()[env.seat - 1]
        for obs, _, terminated, _, info in steps:
            assert obs in env.observation_space
            assert info["action_mask"].dtype == np.int8 and info["seat"] == env.seat
            assert info["action_mask"].any() != terminated


def test_an_episode_of_a_dice_game_against_mcts():
    env = sg.env("backgammon", opponent="mcts:iterations=2:plies=20", seat=2, seed=0)
    steps = episode(env)
    assert env.game_state.is_terminal() and steps[-1][1] == env.game_state.returns()[1]
    assert "Wins" in env.game_state.record()  # the moves of both sides make a game record


def test_the_learner_decides_each_step_and_sees_from_his_seat():
    for seat in (1, 2):
        env = sg.env("backgammon", seat=seat, seed=4)
        obs, info = env.reset()
        rng = np.random.default_rng(0)
        for _ in range(60):
            state = env.game_state
            assert state.current_player() == seat
            assert np.array_equal(obs, state.observation(seat))
            mask = env.action_masks()
            assert mask.dtype == np.bool_ and list(np.flatnonzero(mask)) == state.legal_actions()
            assert np.array_equal(info["action_mask"], mask.astype(np.int8))
            obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
            if terminated:
                break


def test_seat_two_lets_the_opponent_open():
    env = sg.env("tak", size=3, seat=2, seed=0)
    env.reset()
    assert env.game_state.ply == 1 and env.game_state.current_player() == 2
    seats = {sg.env("tak", size=3, seat="random").reset(seed=s)[1]["seat"] for s in range(20)}
    assert seats == {1, 2}


@pytest.mark.parametrize("key, opponent", [("backgammon", "random"), ("tak3", "mcts:iterations=5")])
def test_the_same_seed_gives_the_same_episode(key, opponent):
    name, options = GAMES[key]

    def run(reset_seed, env_seed=None):
        env = sg.env(name, opponent=opponent, seat="random", seed=env_seed, **options)
        return [(o.tobytes(), r, t, tr, i["seat"], i["action_mask"].tobytes())
                for o, r, t, tr, i in episode(env, seed=reset_seed)]
    first = run(11)
    assert first == run(11)
    assert any(run(s) != first for s in (12, 13, 14))
    assert run(None, env_seed=11) == first  # env()'s seed seeds the first reset
    assert run(11, env_seed=99) == first  # a reset's own seed wins


def test_an_illegal_action_ends_the_episode_or_raises():
    env = sg.env("tak", size=3, seed=0)
    _, info = env.reset()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert not env.action_masks().any() and not info["action_mask"].any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env = sg.env("tak", size=3, seed=0, illegal_reward=-5)
    env.reset()
    assert env.step(illegal)[1] == -5.0
    env = sg.env("tak", size=3, seed=0, illegal_reward=None)
    env.reset()
    with pytest.raises(spielwerk.IllegalMoveError,
                       match=f"action {illegal} \\(.*\\) is not legal for the learner \\(player 1\\)"):
        env.step(illegal)
    with pytest.raises(spielwerk.IllegalMoveError, match="outside the action ids"):
        env.step(-1)
    with pytest.raises(TypeError, match="integer id"):
        env.step("a1")
    env.step(np.int32(np.flatnonzero(env.action_masks())[0]))  # NumPy integers are actions too


def test_an_agent_object_can_be_the_opponent():
    agent = make_agent("greedy", seed=3)
    env = sg.env(TICTACTOE, opponent=agent, seat=2, seed=0)
    episode(env)
    assert env.game_state.is_terminal()


def test_arguments_are_checked_when_the_env_is_made():
    with pytest.raises(ValueError, match="seat"):
        sg.env("tak", seat=3)
    with pytest.raises(spielwerk.SpielwerkError, match="unknown agent"):
        sg.env("tak", opponent="mctz")
    with pytest.raises(TypeError, match="opponent"):
        sg.env("tak", opponent=42)
    with pytest.raises(TypeError, match="compiled Game"):
        sg.env(spielwerk.load("tak", size=3), size=4)
    with pytest.raises(ValueError, match="render_mode"):
        sg.env("tak", render_mode="rgb_array")


def test_spaces_and_render():
    game = spielwerk.load("backgammon", money=True)
    env = sg.env(game, render_mode="ansi", seed=0)
    assert env.action_space.n == game.num_actions
    from spielwerk.learning.observation import layout, observation_size
    assert env.observation_space.shape == (observation_size(game),)
    assert env.observation_space.dtype == np.float32 and (env.observation_space.low == 0).all()
    names = [name for name, shape in layout(game) for _ in range(int(np.prod(shape)))]
    first = {name: env.observation_space.high[names.index(name)] for name in set(names)}
    assert (first["pieces"], first["dice"], first["height"], first["cube"]) == (1, 1, game.max_height, 6)
    env.reset()
    assert env.render() == str(env.game_state)
    svg = sg.env(game, render_mode="svg")
    svg.reset(seed=0)
    assert svg.render().lstrip().startswith("<svg")


# -- more than two players ---------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "players", "seat"), [("chinese-checkers", 3, 2), ("chinese-checkers", 6, 6),
                                                       ("maedn", 4, "random"), ("maedn", 3, 3)])
def test_check_env_passes_with_more_than_two_players(name, players, seat):
    checked(sg.env(name, seat=seat, players=players))


class Spy:
    """An agent that plays the first legal move and notes for whom it moved."""

    def __init__(self):
        self.moved_for = set()

    def choose(self, state, moves):
        self.moved_for.add(state.current_player())
        return moves[0]


def test_the_opponent_plays_every_other_seat_of_four():
    spy = Spy()
    env = sg.env("maedn", opponent=spy, seat=3, seed=2, players=4)
    rng = np.random.default_rng(0)
    obs, info = env.reset()
    steps = 0
    while True:
        state = env.game_state
        assert state.current_player() == 3 and np.array_equal(obs, state.observation(3))
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        steps += 1
        if terminated:
            break
        assert reward == 0.0
    assert spy.moved_for == {1, 2, 4} and steps > 10
    winner = env.game_state.outcome().winner
    assert reward == (3.0 if winner == 3 else -1.0) == env.game_state.returns()[2]


def test_a_list_of_opponents_one_per_other_seat_in_turn_order_after_the_learner():
    spies = [Spy(), Spy(), Spy()]
    env = sg.env("maedn", opponent=spies, seat=2, seed=1, players=4, scale_returns=True)
    steps = episode(env, action_seed=3)
    assert [spy.moved_for for spy in spies] == [{3}, {4}, {1}]
    assert steps[-1][1] in (1.0, -1 / 3)  # the winner's 3 or a loser's -1, over the most one can win (3)
    with pytest.raises(ValueError, match="one agent for every other seat"):
        sg.env("maedn", opponent=["random", "random"], players=4)
    with pytest.raises(TypeError, match="opponent"):
        sg.env("maedn", opponent=["random", 5, "random"], players=4)


def test_a_random_seat_is_any_of_the_players():
    env = sg.env("chinese-checkers", seat="random", seed=0, players=6)
    drawn = set()
    for _ in range(40):
        _, info = env.reset()
        drawn.add(info["seat"])
        assert env.game_state.current_player() == info["seat"]
    assert drawn == {1, 2, 3, 4, 5, 6}


@pytest.mark.parametrize("seat", [0, 4, True, "first", 2.0])
def test_a_seat_outside_the_players_is_refused(seat):
    with pytest.raises(ValueError, match=r"seat: a player 1\.\.3 or 'random'"):
        sg.env("chinese-checkers", seat=seat, players=3)
