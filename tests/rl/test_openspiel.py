"""The OpenSpiel adapter (spielwerk.learning.openspiel): OpenSpiel's own API checks on every bundled game,
its MCTS bot playing through the adapter, registration with parameters, and the mapping of
players, chance, returns, observations and the length cut-off."""

from __future__ import annotations

import os
import pickle
import random
import re
import subprocess
import sys

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import spielwerk  # noqa: E402
from spielwerk.learning import openspiel as sw  # noqa: E402
from spielwerk.learning.observation import observation_size  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TICTACTOE = os.path.join(os.path.dirname(HERE), "data", "games", "tictactoe.yaml")

#: the cut-off of the default run's random games: long enough for many natural ends in the short
#: games, short enough that the long ones (random Focus or Tackle runs thousands of actions) stay
#: at a second or two
QUICK_LENGTH = 200


def _random_sim(game, sims, serialize=True):
    pyspiel.random_sim_test(game, num_sims=sims, serialize=serialize, verbose=False)


# -- OpenSpiel's random simulation test ------------------------------------------------------------
@pytest.mark.parametrize("name", spielwerk.bundled_games())
def test_random_sim_every_bundled_game(name):
    """OpenSpiel's API checks (clone, serialization, legal-action masks, unique action strings,
    observations of both players, returns within the utilities) over random games cut at
    QUICK_LENGTH actions."""
    _random_sim(sw.load(name, max_game_length=QUICK_LENGTH), sims=2)


@pytest.mark.parametrize(("name", "options"), [
    ("tak", {"size": 3}), ("tak", {"size": 5}), ("backgammon", {}), ("backgammon", {"money": True}),
    ("plakoto", {}), (TICTACTOE, {}), ("einstein", {}),
])
def test_random_sim_whole_games(name, options):
    """Games short enough in random play to end by their rules under the default cut-off."""
    _random_sim(sw.load(name, **options), sims=2)


@pytest.mark.slow
@pytest.mark.parametrize("name", spielwerk.bundled_games())
def test_random_sim_every_bundled_game_long(name):
    """Many whole random games with the default cut-off (Focus and Tackle take minutes)."""
    _random_sim(sw.load(name), sims=3)


@pytest.mark.slow
@pytest.mark.parametrize("options", [{"size": s} for s in range(3, 9)] + [{"size": 6, "komi": 4}])
def test_random_sim_option_sets_long(options):
    _random_sim(sw.load("tak", **options), sims=5)


# -- OpenSpiel's MCTS bot through the adapter ------------------------------------------------------
def _play_mcts(game, simulations, rollout_length=None, seed=3):
    from open_spiel.python.algorithms import mcts
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=rollout_length)
    bots = [mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator,
                         random_state=rng) for _ in range(game.num_players())]
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    return state, decisions


def test_mcts_plays_small_game_to_the_end():
    game = sw.load("tak", size=3)
    state, decisions = _play_mcts(game, simulations=30)
    returns = state.returns()
    assert decisions > 0 and returns[0] == -returns[1]
    assert game.min_utility() <= returns[0] <= game.max_utility()
    assert returns == list(state.spielwerk_state.returns())
    assert state.spielwerk_state.is_terminal()  # ended by the rules, not cut off


def test_mcts_plays_dice_game_to_the_end():
    """Chance nodes in the tree: MCTS samples the rolls; short rollouts keep it quick."""
    game = sw.load("backgammon")
    state, decisions = _play_mcts(game, simulations=3, rollout_length=8)
    assert state.spielwerk_state.is_terminal()
    returns = state.returns()
    assert returns[0] == -returns[1] and abs(returns[0]) in (1.0, 2.0, 3.0)
    assert decisions > 20


# -- registration and parameters --------------------------------------------------------------------
def test_load_game_by_short_name_with_parameters():
    assert sw.register("tak") == "spielwerk_tak"
    default = pyspiel.load_game("spielwerk_tak")
    assert default.num_distinct_actions() == spielwerk.load("tak").num_actions
    for game in (pyspiel.load_game("spielwerk_tak", {"size": 3}), pyspiel.load_game("spielwerk_tak(size=3)")):
        assert game.num_distinct_actions() == spielwerk.load("tak", size=3).num_actions
        assert game.get_parameters()["size"] == 3
        assert game.spielwerk_game.options["size"] == 3
    six = pyspiel.load_game("spielwerk_tak(komi=4,size=6)")
    assert six.spielwerk_game.options == spielwerk.load("tak", size=6, komi=4).options
    assert str(six) == "spielwerk_tak(komi=4,max_game_length=10000,scale_returns=False,size=6)"
    with pytest.raises(Exception):
        pyspiel.load_game("spielwerk_tak", {"size": 9})  # out of the option's range
    with pytest.raises(Exception):
        pyspiel.load_game("spielwerk_tak", {"colour": 1})  # no such option


def test_load_after_load_registers():
    game = sw.load("tak", size=4)
    assert str(game) == "spielwerk_tak(komi=0,max_game_length=10000,scale_returns=False,size=4)"
    again = pyspiel.load_game(str(game))
    assert again.num_distinct_actions() == game.num_distinct_actions()


def test_choice_bool_and_dependent_options():
    """Text and bool options pass as they are; an option whose default follows another option is
    a parameter whose default is empty (the game's own default)."""
    tackle = sw.load("tackle", job="Turm3")
    params = tackle.get_parameters()
    assert params["job"] == "Turm3" and params["stalemate"] == "pass"
    assert tackle.spielwerk_game.options["gold_area"] == spielwerk.load("tackle", job="Turm3").options["gold_area"]
    money = pyspiel.load_game("spielwerk_backgammon(money=True)")
    assert money.get_parameters()["money"] is True and money.max_utility() == 3 * 64
    assert sw.load("backgammon", money="yes").max_utility() == 3 * 64


def test_register_all_and_names():
    names = sw.register_all()
    assert len(names) == len(spielwerk.bundled_games())
    assert "spielwerk_tak_2caps" in names
    registered = set(pyspiel.registered_names())
    assert set(names) <= registered
    assert sw.short_name("Some Game-2") == "spielwerk_some_game_2"


def test_file_path_and_compiled_game():
    by_path = sw.load(TICTACTOE)
    assert by_path.get_type().short_name == "spielwerk_tictactoe"
    assert by_path.num_distinct_actions() == 9
    compiled = spielwerk.load("tak", size=3)
    game = sw.load(compiled)
    assert game.spielwerk_game is compiled
    assert game.get_parameters()["size"] == 3
    with pytest.raises(spielwerk.OptionError):
        sw.load(compiled, size=4)
    with pytest.raises(spielwerk.OptionError):
        sw.load("tak", colour=1)


# -- the mapping --------------------------------------------------------------------------------------
def test_game_type_and_info():
    tak = sw.load("tak", size=3)
    t = tak.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert t.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert tak.num_players() == 2 and tak.max_chance_outcomes() == 0
    assert tak.max_game_length() == sw.DEFAULT_MAX_GAME_LENGTH
    assert tak.observation_tensor_size() == observation_size(tak.spielwerk_game)
    # size * size + every piece of the winner's reserves: 9 + 10
    assert (tak.min_utility(), tak.max_utility()) == (-19.0, 19.0)
    bg = sw.load("backgammon")
    assert bg.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert bg.max_chance_outcomes() == bg.spielwerk_game.num_chance_outcomes > 0
    assert bg.max_utility() == 3.0  # backgammon without the cube
    assert bg.max_chance_nodes_in_history() == bg.max_game_length()


def test_value_bounds():
    assert sw.value_bound(spielwerk.load("tak", size=5))[0] == 25 + 21 + 1
    assert sw.value_bound(spielwerk.load("backgammon", money=True))[0] == 3 * 64
    assert sw.value_bound(spielwerk.load("trictrac"))[0] == 4
    assert sw.value_bound(spielwerk.load("dvonn"))[0] == 1


def test_players_chance_observations_and_text():
    game = sw.load("backgammon")
    state = game.new_initial_state()
    st = state.spielwerk_state
    assert st.current_player() == 0 and state.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = state.chance_outcomes()
    assert outcomes == st.chance_actions() and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    assert state.legal_actions() == [a for a, _ in outcomes]
    rng = random.Random(5)
    seen = set()
    for _ in range(60):
        if state.is_terminal():
            break
        st = state.spielwerk_state
        if state.is_chance_node():
            action = rng.choice(state.legal_actions())
            assert state.action_to_string(pyspiel.PlayerId.CHANCE, action) == st.action_text(action)
        else:
            player = state.current_player()
            assert player == st.current_player() - 1
            seen.add(player)
            assert state.legal_actions() == st.legal_actions()
            assert state.legal_actions_mask() == [int(x) for x in st.legal_action_mask()]
            action = rng.choice(state.legal_actions())
            assert state.action_to_string(player, action) == st.action_text(action)
        for p in (0, 1):
            assert np.array_equal(np.asarray(state.observation_tensor(p), np.float32), st.observation(p + 1))
            assert state.observation_string(p) == st.observation_text(p + 1)
        state.apply_action(action)
    assert seen == {0, 1}
    assert state.information_state_string(0) == state.history_str()


def test_returns_and_terminal():
    game = sw.load("tak", size=3)
    rng = random.Random(2)
    state = game.new_initial_state()
    while not state.is_terminal():
        assert state.returns() == [0.0, 0.0]
        state.apply_action(rng.choice(state.legal_actions()))
    st = state.spielwerk_state
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == list(st.returns()) and state.legal_actions() == []
    assert state.returns()[0] == -state.returns()[1]


def test_cut_off_is_a_draw():
    game = sw.load("tak", size=5, max_game_length=6)
    assert game.max_game_length() == 6
    state = game.new_initial_state()
    for _ in range(6):
        assert not state.is_terminal()
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == [0.0, 0.0] and state.legal_actions() == []
    assert not state.spielwerk_state.is_terminal()
    with pytest.raises(Exception):
        sw.load("tak", max_game_length=0)


def test_clone_and_serialization_are_independent_copies():
    game = sw.load("backgammon")
    rng = random.Random(7)
    state = game.new_initial_state()
    for _ in range(25):
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    clone = state.clone()
    assert str(clone) == str(state) and clone.history() == state.history()
    assert clone.spielwerk_state is not state.spielwerk_state
    before = str(state)
    clone.apply_action(clone.legal_actions()[0])
    assert str(state) == before and len(state.history()) + 1 == len(clone.history())
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert str(state2) == str(state) and state2.history() == state.history()
    assert state2.spielwerk_state.key() == state.spielwerk_state.key()
    assert state2.legal_actions() == state.legal_actions()


def test_new_initial_states_do_not_share_positions():
    game = sw.load("tak", size=3)
    first = game.new_initial_state()
    first.apply_action(first.legal_actions()[0])
    second = game.new_initial_state()
    assert second.spielwerk_state.ply == 0 and second.history() == []
    assert str(second) == str(spielwerk.load("tak", size=3).initial())


def test_pickles_in_this_process_and_another(tmp_path):
    game = sw.load("tak", size=3)
    state = game.new_initial_state()
    for a in (0, 5, 9):
        state.apply_action(state.legal_actions()[a % len(state.legal_actions())])
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state) and again.history() == state.history()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    path = tmp_path / "pair.pickle"
    path.write_bytes(pickle.dumps((game, state)))
    code = ("import pickle, sys; game, state = pickle.loads(open(sys.argv[1], 'rb').read()); "
            "print(game); print(state.history()); print(len(state.legal_actions()))")
    run = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [str(game), str(state.history()), str(len(state.legal_actions()))]


def test_the_reference_page_examples_run():
    page = os.path.join(os.path.dirname(os.path.dirname(HERE)), "docs", "reference", "openspiel.md")
    with open(page, encoding="utf-8") as f:
        blocks = re.findall(r"```python\n(.*?)```", f.read(), re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, page, "exec"), {})


# -- more than two players ------------------------------------------------------------------------
#: (game, players, cut-off): the default run's random games; MAEDN's end by its rules
MANY = [("chinese-checkers", 3, QUICK_LENGTH), ("chinese-checkers", 6, QUICK_LENGTH), ("maedn", 4, None),
        ("maedn", 3, None)]


@pytest.mark.parametrize(("name", "players", "length"), MANY)
def test_random_sim_with_more_than_two_players(name, players, length):
    """OpenSpiel's API checks on n players: every player's observations, returns of n players
    summing to 0 within the utilities, serialization of the players parameter; MAEDN's chance
    nodes too."""
    extra = {} if length is None else {"max_game_length": length}
    game = sw.load(name, players=players, **extra)
    assert game.num_players() == players
    _random_sim(game, sims=2)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_random_sim_chinese_checkers_whole_games(players):
    """Random Chinese checkers seldom ends before its draw after 1000 turns: half a minute a game."""
    _random_sim(sw.load("chinese-checkers", players=players), sims=1)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_sim_maedn_many_games(players):
    _random_sim(sw.load("maedn", players=players), sims=10)


def test_the_players_parameter_sets_the_number_of_players():
    sw.register("chinese-checkers")
    for players in (2, 3, 4, 6):
        game = pyspiel.load_game(f"spielwerk_chinese_checkers(players={players})")
        assert game.num_players() == players == len(game.spielwerk_game.players)
        assert game.get_parameters()["players"] == players  # an int, as OpenSpiel's own games have it
        assert (game.min_utility(), game.max_utility()) == (-1.0, players - 1.0)
        assert game.utility_sum() == 0.0
        t = game.get_type()
        assert (t.min_num_players, t.max_num_players) == (2, 6)
        assert pyspiel.load_game(str(game)).num_players() == players  # the game string reads back
    four = pyspiel.load_game("spielwerk(file=maedn,options=players:4)")
    assert four.num_players() == 4 and four.get_type().max_num_players == 4
    assert four.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert sw.load("tak", size=3).get_type().max_num_players == 2
    with pytest.raises(spielwerk.OptionError, match="must be one of 2, 3, 4, 6"):
        sw.load("chinese-checkers", players=5)
    with pytest.raises(spielwerk.OptionError, match="expected int"):
        sw.load("chinese-checkers", players="five")
    with pytest.raises(Exception, match="must be one of 2, 3, 4, 6"):
        pyspiel.load_game("spielwerk_chinese_checkers(players=5)")


def _random_to_the_end(game, seed):
    rng = random.Random(seed)
    state = game.new_initial_state()
    players = set()
    while not state.is_terminal():
        assert state.returns() == [0.0] * game.num_players()
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        player = state.current_player()
        players.add(player)
        st = state.spielwerk_state
        assert player == st.current_player() - 1
        for p in range(game.num_players()):
            assert np.array_equal(np.asarray(state.observation_tensor(p), np.float32), st.observation(p + 1))
        state.apply_action(rng.choice(state.legal_actions()))
    return state, players


def test_the_winner_of_four_gets_three_times_the_value_and_each_other_player_pays_one():
    game = sw.load("maedn", players=4)
    state, players = _random_to_the_end(game, 4)
    assert players == {0, 1, 2, 3}
    st = state.spielwerk_state
    winner = st.outcome().winner
    assert state.returns() == list(st.returns()) == [3.0 if p == winner else -1.0 for p in (1, 2, 3, 4)]
    scaled = sw.load("maedn", players=4, scale_returns=True)
    assert (scaled.min_utility(), scaled.max_utility()) == (-1 / 3, 1.0)
    state, _ = _random_to_the_end(scaled, 4)
    assert state.returns() == [1.0 if p == winner else -1 / 3 for p in (1, 2, 3, 4)]


def test_a_cut_off_game_of_three_pays_nobody():
    game = sw.load("chinese-checkers", players=3, max_game_length=7)
    state = game.new_initial_state()
    seen = []
    while not state.is_terminal():
        seen.append(state.current_player())
        state.apply_action(state.legal_actions()[0])
    assert seen[:3] == [0, 1, 2] and state.returns() == [0.0, 0.0, 0.0]


def test_mcts_plays_maedn_for_three():
    """OpenSpiel's MCTS keeps a return per player: it plays the n-player chance game through."""
    game = sw.load("maedn", players=3)
    state, decisions = _play_mcts(game, simulations=3, rollout_length=8)
    returns = state.returns()
    assert state.spielwerk_state.is_terminal() and sorted(returns) == [-1.0, -1.0, 2.0]
    assert decisions > 30
