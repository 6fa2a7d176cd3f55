"""spielwerk.pettingzoo: every game as a PettingZoo AEC environment, checked by PettingZoo's own tests."""

from __future__ import annotations

import contextlib
import functools
import itertools
import io
import os
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, render_test, seed_test, state_test  # noqa: E402

import spielwerk  # noqa: E402
from spielwerk.learning import pettingzoo as pz  # noqa: E402

TICTACTOE = os.path.join(os.path.dirname(__file__), "..", "data", "games", "tictactoe.yaml")

#: every bundled game, and a few option values that change the game's shape
GAMES = {name: (name, {}) for name in spielwerk.bundled_games()}
GAMES.update({"tak3": ("tak", {"size": 3}), "backgammon-money": ("backgammon", {"money": True}),
              "tictactoe": (TICTACTOE, {})})

#: the games with dice (chance nodes inside the environment)
DICE = ["backgammon", "backgammon-money", "plakoto", "puff", "trictrac"]


def quiet_api_test(env, num_cycles):
    """PettingZoo's api_test without its prints and without the warnings it gives every
    dict-observation environment that is not one of its own."""
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=num_cycles, verbose_progress=False)


def random_game(env, seed, action_seed=0, limit=100_000):
    """Play ``env`` with random legal actions; the (agent, action) pairs and every step's view."""
    env.reset(seed=seed)
    rng = np.random.default_rng(action_seed)
    seen = []
    for agent in env.agent_iter(limit):
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        seen.append((agent, action, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward,
                     terminated, truncated))
        env.step(action)
    return seen


@pytest.mark.parametrize("key", list(GAMES))
def test_api_test_passes(key):
    name, options = GAMES[key]
    quiet_api_test(pz.env(name, **options), num_cycles=200)


@pytest.mark.slow
@pytest.mark.parametrize("key", list(GAMES))
def test_api_test_passes_long(key):
    name, options = GAMES[key]
    quiet_api_test(pz.env(name, **options), num_cycles=5000)
    quiet_api_test(pz.raw_env(name, **options), num_cycles=5000)


def test_the_bare_environment_passes_too():
    quiet_api_test(pz.raw_env("backgammon"), num_cycles=300)


@pytest.mark.parametrize("key", ["tak3", "backgammon", "lasca"])
def test_pettingzoo_seed_test(key):
    name, options = GAMES[key]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(functools.partial(pz.env, name, **options), num_cycles=100)


def test_the_same_seed_gives_the_same_game_and_another_seed_other_dice():
    first = random_game(pz.env("backgammon"), seed=7)
    assert first == random_game(pz.env("backgammon"), seed=7)
    assert first != random_game(pz.env("backgammon"), seed=8)
    env = pz.env("backgammon")
    assert random_game(env, seed=7) == first  # a reset with the seed starts the dice over
    assert random_game(env, seed=7) == first


def test_the_env_seed_is_used_until_a_reset_gives_one():
    def first_roll(env, **kw):
        env.reset(**kw)
        return env.unwrapped.game_state.key()
    assert first_roll(pz.env("backgammon", seed=3)) == first_roll(pz.env("backgammon"), seed=3)
    rolls = {first_roll(pz.env("backgammon", seed=3)) for _ in range(3)}
    assert len(rolls) == 1


@pytest.mark.parametrize("key", DICE[:2] + ["tak3", "lasca", "einstein"])
def test_agents_see_only_decisions_and_are_paid_the_returns_at_the_end(key):
    """Einstein's setup is chance too (a chance phase): the environment draws it as it rolls."""
    name, options = GAMES.get(key, (key, {}))
    env = pz.env(name, **options)
    env.reset(seed=1)
    raw = env.unwrapped
    rng = np.random.default_rng(1)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    rewarded_before_end = []
    for agent in env.agent_iter(100_000):
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        state = raw.game_state
        if terminated or truncated:
            env.step(None)
            continue
        player = state.current_player()
        assert player in (1, 2) and agent == f"player_{player}"
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and list(np.flatnonzero(mask)) == state.legal_actions()
        other = "player_2" if agent == "player_1" else "player_1"
        assert not env.observe(other)["action_mask"].any()
        assert np.array_equal(obs["observation"], state.observation(player))
        rewarded_before_end.append(reward)
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert not any(rewarded_before_end)
    assert raw.game_state.is_terminal()
    assert tuple(totals.values()) == raw.game_state.returns()
    assert env.agents == []


@pytest.mark.parametrize("key", DICE)
def test_a_dice_turn_is_several_steps_of_the_same_agent(key):
    name, options = GAMES[key]
    seen = random_game(pz.env(name, **options), seed=2)
    decisions = [agent for agent, action, *_ in seen if action is not None]
    assert any(a == b for a, b in zip(decisions, decisions[1:]))


def test_max_steps_truncates_with_no_reward():
    env = pz.env("tak", size=3, max_steps=4)
    seen = random_game(env, seed=0)
    steps = [s for s in seen if s[1] is not None]
    assert len(steps) == 4
    ends = [s for s in seen if s[1] is None]
    assert [(t, tr, r) for *_, r, t, tr in ends] == [(False, True, 0.0)] * 2
    assert not env.unwrapped.game_state.is_terminal() and env.agents == []


def test_an_illegal_action_loses_the_wrapped_game_and_raises_in_the_bare_one():
    env = pz.env("tak", size=3)
    env.reset(seed=0)
    mask = env.last()[0]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(illegal)
    assert env.rewards == {"player_1": -1.0, "player_2": 0.0}
    assert all(env.terminations.values())
    raw = pz.raw_env("tak", size=3)
    raw.reset(seed=0)
    with pytest.raises(spielwerk.IllegalMoveError, match="not legal for player_1"):
        raw.step(illegal)
    with pytest.raises(spielwerk.IllegalMoveError, match="outside the action ids"):
        raw.step(raw.num_actions)
    with pytest.raises(TypeError):
        raw.step(1.5)
    raw.step(np.int64(np.flatnonzero(mask)[0]))  # NumPy integers are actions too
    assert raw.agent_selection == "player_2"


def test_spaces_follow_the_game():
    game = spielwerk.load("tak", size=3)
    env = pz.env(game)
    env.reset()
    from spielwerk.learning.observation import observation_size
    for agent in env.possible_agents:
        space = env.observation_space(agent)
        assert space["observation"].shape == (observation_size(game),)
        assert space["observation"].dtype == np.float32
        assert space["action_mask"].shape == (game.num_actions,) and space["action_mask"].dtype == np.int8
        assert env.action_space(agent).n == game.num_actions
    assert env.unwrapped.player_names == dict(zip(env.possible_agents, game.players))
    assert str(env.unwrapped) == "spielwerk/tak"
    state = env.state()  # the whole position, for centralised critics
    assert state.dtype == np.float32 and np.array_equal(state, env.unwrapped.game_state.observation(1))


def test_a_compiled_game_takes_no_options_and_bad_arguments_are_refused():
    game = spielwerk.load("tak", size=3)
    with pytest.raises(TypeError, match="compiled Game"):
        pz.env(game, size=4)
    with pytest.raises(ValueError, match="render_mode"):
        pz.env("tak", render_mode="rgb_array")
    with pytest.raises(ValueError, match="max_steps"):
        pz.env("tak", max_steps=0)
    with pytest.raises(spielwerk.SpielwerkError):
        pz.env("no-such-game")


def test_render_modes():
    def is_svg(result):
        return isinstance(result, str) and result.lstrip().startswith("<svg")
    with contextlib.redirect_stdout(io.StringIO()):
        render_test(functools.partial(pz.env, "tak", size=3), custom_tests={"svg": is_svg})
    env = pz.env("backgammon", render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == str(env.unwrapped.game_state)


@pytest.mark.slow
@pytest.mark.parametrize("key", list(GAMES))
def test_random_games_to_the_end(key):
    name, options = GAMES[key]
    env = pz.raw_env(name, **options)
    for seed in (0,):
        seen = random_game(env, seed=seed, action_seed=seed, limit=1_000_000)
        assert env.agents == [] and env.game_state.is_terminal()
        final = {agent: reward for agent, action, *_, reward, _, _ in seen if action is None}
        assert (final["player_1"], final["player_2"]) == env.game_state.returns()


# -- more than two players ---------------------------------------------------------------------------
#: games of more than two players: (game, options)
MANY = {"chinese-checkers-3": ("chinese-checkers", {"players": 3}),
        "chinese-checkers-6": ("chinese-checkers", {"players": 6}),
        "maedn-3": ("maedn", {"players": 3}), "maedn-4": ("maedn", {"players": 4})}


@pytest.mark.parametrize("key", list(MANY))
def test_api_test_passes_with_more_than_two_players(key):
    name, options = MANY[key]
    env = pz.env(name, **options)
    assert env.possible_agents == [f"player_{p}" for p in range(1, options["players"] + 1)]
    quiet_api_test(env, num_cycles=200)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state_test(env, env, num_cycles=20)


@pytest.mark.parametrize("key", ["chinese-checkers-3", "maedn-4"])
def test_pettingzoo_seed_test_with_more_than_two_players(key):
    name, options = MANY[key]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(functools.partial(pz.env, name, **options), num_cycles=100)


@pytest.mark.parametrize("players", [3, 4])
def test_each_of_n_agents_decides_in_turn_and_is_paid_its_return(players):
    env = pz.env("maedn", players=players)
    env.reset(seed=players)
    raw = env.unwrapped
    assert raw.player_names == dict(zip(env.possible_agents, raw.game.players))
    rng = np.random.default_rng(players)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    deciders, last = set(), []
    for agent in env.agent_iter(100_000):
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            last.append(agent)
            env.step(None)
            continue
        player = raw.game_state.current_player()
        assert agent == f"player_{player}" and np.array_equal(obs["observation"], raw.game_state.observation(player))
        assert not any(env.observe(other)["action_mask"].any() for other in env.possible_agents if other != agent)
        assert reward == 0.0
        deciders.add(agent)
        mover = agent
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert deciders == set(env.possible_agents)
    returns = raw.game_state.returns()
    assert tuple(totals.values()) == returns and sorted(returns) == [-1.0] * (players - 1) + [players - 1.0]
    assert sorted(last) == sorted(env.possible_agents)
    following = raw.game.t.next_player[int(mover.split("_")[1])]
    assert last[0] == f"player_{following}"  # the agents step out beginning after the last mover


def test_an_illegal_action_of_one_of_three_loses_for_him_alone():
    env = pz.env("chinese-checkers", players=3)
    env.reset(seed=0)
    env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    assert env.agent_selection == "player_2"
    illegal = int(np.flatnonzero(env.last()[0]["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(illegal)
    assert env.rewards == {"player_1": 0.0, "player_2": -1.0, "player_3": 0.0}
    assert all(env.terminations.values())


def test_six_agents_truncated_by_max_steps_get_nothing():
    env = pz.env("chinese-checkers", players=6, max_steps=13)
    seen = random_game(env, seed=0)
    decisions = [agent for agent, action, *_ in seen if action is not None]
    turns = [agent for agent, _ in itertools.groupby(decisions)]  # a chain of jumps is several steps
    assert len(decisions) == 13 and turns == [f"player_{k % 6 + 1}" for k in range(len(turns))]
    ends = [s for s in seen if s[1] is None]
    assert [(t, tr, r) for *_, r, t, tr in ends] == [(False, True, 0.0)] * 6
    assert env.agents == []
