"""spielwerk.vector: many games stepped at once, numpy in and out, on one process or several."""

from __future__ import annotations

import multiprocessing
import os

import numpy as np
import pytest

import spielwerk
from spielwerk import native
from spielwerk.learning import vector
from spielwerk.learning.observation import observation_size
from spielwerk.learning.vector import VectorGame, episode_seed, random_actions

TICTACTOE = os.path.join(os.path.dirname(__file__), "..", "data", "games", "tictactoe.yaml")

GAMES = {
    "tak3": ("tak", {"size": 3}),
    "backgammon": ("backgammon", {}),
    "tictactoe": (TICTACTOE, {}),
}


@pytest.fixture(scope="module", params=list(GAMES))
def game(request):
    name, options = GAMES[request.param]
    return spielwerk.load(name, **options)


def trajectory(game, n, steps, *, seed=0, jobs=1, action_seed=0, max_steps=None, kernel=None):
    """Everything the vector returned over ``steps`` random steps, and its states at the end."""
    rng = np.random.default_rng(action_seed)
    with VectorGame(game, n, seed=seed, jobs=jobs, max_steps=max_steps, kernel=kernel) as vg:
        out = [vg.reset()]
        for _ in range(steps):
            stepped = vg.step(random_actions(out[-1][1], rng))
            out.append(stepped + (vg.final_ply, vg.final_steps, vg.truncated))
        return out, [st.key() for st in vg.states()]


def same(a, b):
    assert len(a) == len(b)
    for x, y in zip(a, b):
        assert len(x) == len(y)
        for u, v in zip(x, y):
            assert u.dtype == v.dtype and np.array_equal(u, v)


def test_shapes_types_and_the_first_decision(game):
    n = 3
    with VectorGame(game, n, seed=5) as vg:
        obs, mask, to_play = vg.reset()
        assert obs.shape == (n, observation_size(game)) and obs.dtype == np.float32
        assert mask.shape == (n, game.num_actions) and mask.dtype == np.bool_
        assert to_play.shape == (n,) and to_play.dtype == np.int8
        assert mask.any(axis=1).all() and set(to_play.tolist()) <= {1, 2}
        obs, mask, rewards, done, to_play = vg.step(random_actions(mask, np.random.default_rng(0)))
        assert rewards.shape == (n, 2) and rewards.dtype == np.float32
        assert done.shape == (n,) and done.dtype == np.bool_
        assert vg.obs_size == obs.shape[1] and vg.num_actions == mask.shape[1]


def test_arrays_agree_with_the_states(game):
    rng = np.random.default_rng(3)
    with VectorGame(game, 4, seed=2, max_steps=60) as vg:
        obs, mask, to_play = vg.reset()
        for _ in range(40):
            states = vg.states()
            for i, st in enumerate(states):
                assert st.current_player() == to_play[i] in (1, 2)  # a decision, never a roll
                assert mask[i].tolist() == st.legal_action_mask()
                assert np.array_equal(obs[i], st.observation())
            obs, mask, _, _, to_play = vg.step(random_actions(mask, rng))


def test_the_same_seed_gives_the_same_games(game):
    a, a_states = trajectory(game, 4, 30, seed=11)
    b, b_states = trajectory(game, 4, 30, seed=11)
    same(a, b)
    assert a_states == b_states


def test_another_seed_rolls_other_dice():
    bg = spielwerk.load("backgammon")
    a, _ = trajectory(bg, 4, 5, seed=1)
    b, _ = trajectory(bg, 4, 5, seed=2)
    assert not np.array_equal(a[0][0], b[0][0])  # the opening rolls differ
    assert episode_seed(1, 0, 0) != episode_seed(1, 0, 1) != episode_seed(1, 1, 0)


def test_two_processes_give_what_one_gives(game):
    one, one_states = trajectory(game, 5, 40, seed=4, jobs=1, max_steps=25)
    two, two_states = trajectory(game, 5, 40, seed=4, jobs=2, max_steps=25)
    same(one, two)
    assert one_states == two_states


def test_reset_with_a_seed_starts_the_same_games_again():
    bg = spielwerk.load("backgammon")
    with VectorGame(bg, 3, seed=9, jobs=1) as vg:
        first = vg.reset()
        again = vg.reset()  # each game's next episode: other rolls
        assert not np.array_equal(first[0], again[0])
        back = vg.reset(seed=9)
        for x, y in zip(first, back):
            assert np.array_equal(x, y)


def test_finished_games_pay_both_players_and_start_again():
    ttt = spielwerk.load(TICTACTOE)
    rng = np.random.default_rng(0)
    with VectorGame(ttt, 8, seed=0) as vg:
        start_obs, start_mask, _ = vg.reset()
        mask = start_mask
        ended = wins = 0
        for _ in range(100):
            obs, mask, rewards, done, to_play = vg.step(random_actions(mask, rng))
            assert not rewards[~done].any()
            assert np.all(rewards.sum(axis=1) == 0)  # zero-sum
            for i in np.flatnonzero(done):
                ended += 1
                wins += bool(rewards[i].any())
                assert np.array_equal(obs[i], start_obs[i]) and np.array_equal(mask[i], start_mask[i])
                assert to_play[i] == 1 and 5 <= vg.final_steps[i] <= 9
                assert vg.final_ply[i] == vg.final_steps[i]
            assert not vg.truncated.any()
        assert ended > 50 and 0 < wins < ended  # games were won, and some drawn


def test_a_dice_turn_is_several_decisions_of_one_player():
    bg = spielwerk.load("backgammon")
    rng = np.random.default_rng(1)
    repeats = 0
    with VectorGame(bg, 4, seed=3) as vg:
        _, mask, to_play = vg.reset()
        for _ in range(30):
            before = to_play
            _, mask, rewards, done, to_play = vg.step(random_actions(mask, rng))
            repeats += int(((before == to_play) & ~done).sum())
            assert np.all(rewards.sum(axis=1) == 0)
    assert repeats > 10


def test_a_game_cut_off_after_max_steps_pays_nothing():
    tak = spielwerk.load("tak", size=3)
    with VectorGame(tak, 2, seed=0, max_steps=3) as vg:
        _, mask, _ = vg.reset()
        rng = np.random.default_rng(0)
        for k in range(1, 7):
            _, mask, rewards, done, to_play = vg.step(random_actions(mask, rng))
            assert done.all() == (k % 3 == 0) and vg.truncated.all() == (k % 3 == 0)
            assert not rewards.any()
        assert vg.final_steps.tolist() == [3, 3] and to_play.tolist() == [1, 1]


def test_illegal_or_misshapen_actions_are_refused():
    ttt = spielwerk.load(TICTACTOE)
    with VectorGame(ttt, 2, seed=0, jobs=2) as vg:
        with pytest.raises(RuntimeError):
            vg.step([0, 0])  # before reset
        vg.reset()
        vg.step([4, 4])
        with pytest.raises(ValueError, match="game 0: 4"):
            vg.step([4, 0])  # square 4 is taken in game 0
        with pytest.raises(ValueError, match="game 1: 9"):
            vg.step([0, 9])
        with pytest.raises(ValueError):
            vg.step([0])
        with pytest.raises(ValueError):
            vg.step(np.array([0.0, 1.0]))
        obs, *_ = vg.step([0, 0])  # nothing was played by the refused calls
        assert vg.states()[0].ply == 2


def test_arrays_are_copies_unless_asked_otherwise():
    ttt = spielwerk.load(TICTACTOE)
    with VectorGame(ttt, 2, seed=0) as vg:
        obs, mask, _ = vg.reset()
        obs2, *_ = vg.step(random_actions(mask, np.random.default_rng(0)))
        assert not np.array_equal(obs, obs2)
    with VectorGame(ttt, 2, seed=0, copy=False) as vg:
        obs, mask, _ = vg.reset()
        obs2, *_ = vg.step(random_actions(mask, np.random.default_rng(0)))
        assert obs2 is obs  # the vector's own buffer, overwritten


def test_random_actions_picks_legal_ones_uniformly():
    rng = np.random.default_rng(0)
    mask = np.zeros((3, 6), dtype=bool)
    mask[0, [1, 4]] = True
    mask[1, :] = True
    counts = np.zeros((3, 6), dtype=int)
    for _ in range(3000):
        picks = random_actions(mask, rng)
        assert picks[2] == -1  # no legal action
        counts[0, picks[0]] += 1
        counts[1, picks[1]] += 1
    assert counts[0].sum() == counts[0, [1, 4]].sum() and abs(counts[0, 1] - 1500) < 150
    assert counts[1].min() > 400


def test_bad_arguments():
    ttt = spielwerk.load(TICTACTOE)
    for kwargs in ({"n": 0}, {"n": 2, "jobs": -1}, {"n": 2, "max_steps": 0}):
        with pytest.raises(ValueError):
            VectorGame(ttt, **kwargs)
    with VectorGame(ttt, 2, jobs=8) as vg:
        assert vg.jobs == 2  # never more processes than games


@pytest.mark.slow
@pytest.mark.parametrize("name,options", [("backgammon", {}), ("tak", {"size": 5})])
def test_long_runs_on_two_processes_give_what_one_gives(name, options):
    g = spielwerk.load(name, **options)
    one, one_states = trajectory(g, 16, 400, seed=21, jobs=1, max_steps=300)
    two, two_states = trajectory(g, 16, 400, seed=21, jobs=2, max_steps=300)
    same(one, two)
    assert one_states == two_states
    assert sum(int(step[3].sum()) for step in one[1:]) > 0  # games ended and began again


@pytest.mark.skipif(multiprocessing.get_start_method() != "fork", reason="the worker inherits the patch by fork")
def test_a_failing_worker_is_reported_by_the_caller(monkeypatch):
    ttt = spielwerk.load(TICTACTOE)
    original = vector._Slice.step

    def step(self):
        if self.lo > 0:
            raise ZeroDivisionError("in the worker")
        original(self)

    monkeypatch.setattr(vector._Slice, "step", step)
    with VectorGame(ttt, 4, seed=0, jobs=2, kernel=False) as vg:
        _, mask, _ = vg.reset()
        with pytest.raises(RuntimeError, match="ZeroDivisionError: in the worker"):
            vg.step(random_actions(mask, np.random.default_rng(0)))


# -- more than two players ---------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "players"), [("chinese-checkers", 3), ("chinese-checkers", 6), ("maedn", 4)])
def test_a_reward_column_per_player_and_any_player_to_play(name, players):
    game = spielwerk.load(name, players=players)
    rng = np.random.default_rng(players)
    seen = set()
    with VectorGame(game, 3, seed=1, max_steps=40) as vg:
        assert vg.num_players == players
        obs, mask, to_play = vg.reset()
        for _ in range(60):
            states = vg.states()
            for i, st in enumerate(states):
                assert st.current_player() == to_play[i] and np.array_equal(obs[i], st.observation())
            seen.update(to_play.tolist())
            obs, mask, rewards, done, to_play = vg.step(random_actions(mask, rng))
            assert rewards.shape == (3, players) and rewards.dtype == np.float32
    assert seen == set(range(1, players + 1))


def _finished_rewards(game, jobs, steps=700, scale_returns=False):
    """The rewards rows of the games that ended in ``steps`` random steps of 6 MAEDN games."""
    rng = np.random.default_rng(0)
    rows, everything = [], []
    with VectorGame(game, 6, seed=2, jobs=jobs, scale_returns=scale_returns) as vg:
        _, mask, _ = vg.reset()
        for _ in range(steps):
            obs, mask, rewards, done, to_play = vg.step(random_actions(mask, rng))
            assert not rewards[~done].any()
            rows += rewards[done].tolist()
            everything.append((obs, mask, rewards, done, to_play))
    return rows, everything


def test_finished_games_of_four_pay_the_winner_three_and_the_others_one_each():
    game = spielwerk.load("maedn", players=4)
    rows, one = _finished_rewards(game, jobs=1)
    assert rows and all(sorted(row) == [-1.0, -1.0, -1.0, 3.0] for row in rows)
    _, two = _finished_rewards(game, jobs=2)
    same(one, two)  # the same games on two processes
    scaled, _ = _finished_rewards(game, jobs=1, scale_returns=True)
    assert np.allclose(scaled, np.asarray(rows) / 3)  # into [-1, 1]: the winner 1, the others -1/3


# -- games stepped by their kernel -------------------------------------------------------------------

GALLERY = os.path.join(os.path.dirname(__file__), "..", "..", "games", "gallery")


@pytest.mark.parametrize("path", [TICTACTOE] + [os.path.join(GALLERY, f"{name}.yaml") for name in
                                                ("connect-four", "havannah-small", "y-small")],
                         ids=lambda path: os.path.basename(path)[:-5])
def test_the_kernel_steps_the_games_as_the_engine_does(path, monkeypatch):
    # plain-Python kernels on the pure engine, typed ones on the compiled engine
    if not native.compiled_modules():
        monkeypatch.setenv("SPIELWERK_KERNEL", "python")
    game = spielwerk.load(path)
    for jobs, cap in ((1, None), (1, 5), (2, 25)):
        ours, our_states = trajectory(game, 6, 100, seed=3, jobs=jobs, max_steps=cap, kernel=True)
        theirs, their_states = trajectory(game, 6, 100, seed=3, max_steps=cap, kernel=False)
        same(ours, theirs)
        assert our_states == their_states
        assert sum(int(step[3].sum()) for step in ours[1:]) > 0  # games ended and began again


def test_a_game_its_kernel_cannot_step_is_stepped_by_the_engine(monkeypatch):
    monkeypatch.setenv("SPIELWERK_KERNEL", "python")
    breakthrough = spielwerk.load(os.path.join(GALLERY, "breakthrough.yaml"))
    with pytest.raises(ValueError, match="cannot step the games: moves other than placements"):
        VectorGame(breakthrough, 2, kernel=True)
    with VectorGame(breakthrough, 2) as vg:
        assert not vg.kernel
    with VectorGame(spielwerk.load(TICTACTOE), 2) as vg:
        assert vg.kernel


def test_a_plain_python_kernel_steps_the_games_only_where_asked_to(monkeypatch):
    # the pure engine plays a placement game's random games on its plain-Python kernel, but steps a
    # vector faster than that kernel would: the kernel steps it where kernel=True or
    # SPIELWERK_KERNEL=python asks
    monkeypatch.setenv("SPIELWERK_KERNEL", "auto")
    game = spielwerk.load(TICTACTOE)
    with VectorGame(game, 2) as vg:
        assert vg.kernel == bool(native.compiled_modules())
    with VectorGame(game, 2, kernel=True) as vg:
        assert vg.kernel


def agrees_with_the_states(game, steps, max_steps=None):
    """A kernel-stepped vector, step after step: every game's mask, observation and player to
    decide are its replayed state's; an ended game paid what its state's returns say, at its ply.
    Returns the games that ended."""
    from spielwerk.learning.actions import apply_action
    rng = np.random.default_rng(3)
    ended = 0
    with VectorGame(game, 5, seed=1, max_steps=max_steps, kernel=True) as vg:
        obs, mask, to_play = vg.reset()
        for _ in range(steps):
            states = vg.states()
            for i, st in enumerate(states):
                assert st.current_player() == to_play[i]
                assert mask[i].tolist() == st.legal_action_mask()
                assert np.array_equal(obs[i], st.observation())
            actions = random_actions(mask, rng)
            obs, mask, rewards, done, to_play = vg.step(actions)
            for i in np.flatnonzero(done):
                st = states[i]
                apply_action(st, int(actions[i]))
                if vg.truncated[i]:
                    assert not rewards[i].any() and vg.final_steps[i] == max_steps
                else:
                    assert st.result is not None and tuple(rewards[i]) == st.returns()
                    assert vg.final_ply[i] == st.ply
                    ended += 1
    return ended


@pytest.mark.parametrize("name,steps,ended", [("backgammon", 250, 1), ("puff", 120, 0), ("maedn", 400, 1)])
def test_the_race_kernel_steps_dice_games_as_their_states_say(name, steps, ended, monkeypatch):
    # each decision one step of the turn (or its end; with one die the turn's one step), the dice
    # rolled by each game's generator
    if not native.compiled_modules():
        monkeypatch.setenv("SPIELWERK_KERNEL", "python")
    game = spielwerk.load(name)
    assert agrees_with_the_states(game, steps) >= ended  # Puff's games are longer than the steps
    assert agrees_with_the_states(game, 40, max_steps=15) == 0
    one, one_states = trajectory(game, 5, 60, seed=4, max_steps=40, kernel=True)
    two, two_states = trajectory(game, 5, 60, seed=4, jobs=2, max_steps=40, kernel=True)
    same(one, two)
    assert one_states == two_states
    again, _ = trajectory(game, 5, 60, seed=5, max_steps=40, kernel=True)
    assert not np.array_equal(one[0][0], again[0][0])  # another seed, other rolls
