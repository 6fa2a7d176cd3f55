"""The race kernel (spielwerk.kernel.race): a dice race's rules as counts per path position, a
whole turn as an int, chance rolled in the kernel. Compared with the engine turn by turn in random
games (the same turns of every roll, the same next steps of the step view, the same end after
every turn), by perft with every roll expanded, and typed against plain Python.

On the pure engine these run the plain-Python kernels; CI's compiled run runs them again typed."""

from __future__ import annotations

import os
import random
import statistics
import types

import pytest

import spielwerk
from spielwerk import kernel as kernels
from spielwerk import native
from spielwerk.agents import MCTSAgent, RandomAgent, play_turn, sample_chance
from spielwerk.kernel import race
from spielwerk.kernel.plan import NotKernel, plan
from spielwerk.kernel.source import source
from game_files import game_from


@pytest.fixture(autouse=True, scope="module")
def kernels_in_use():
    """Typed kernels where the compiled engine runs (CI's compiled run), else plain Python."""
    with pytest.MonkeyPatch.context() as mp:
        if not native.compiled_modules() and os.environ.get("SPIELWERK_KERNEL", "auto") == "auto":
            mp.setenv("SPIELWERK_KERNEL", "python")
        yield


#: a short race written for the parts the bundled Backgammon does not use: one checker closes a
#: point (no hitting), dice of four faces, a double plays three numbers, every number used if
#: possible but not the higher first (``maximize: dice``), no opening roll, a value from `on_path`
SHORT = """
    game: shortrace
    players: [white, black]
    board:
      shape: track
      points: 12
      travel: [forward, backward]
      stacking: true
      places:
        bar: {description: Hit checkers wait here.}
        home: {description: Checkers borne off.}
    pieces:
      checker: {letter: C}
    setup:
      - {piece: checker, owner: each, at: [1], count: 2}
      - {piece: checker, owner: each, at: [4], count: 1}
      - {piece: checker, owner: each, at: [6], count: 2}
    phases:
      - name: play
        dice: {count: 2, faces: 4}
        doubles: {play: 3}
        moves:
          - track:
              pieces: [checker]
              blocked_by: 1
              hit: {to: bar}
              enter: {from: bar}
              bear_off: {requires: all_home, overshoot: highest, to: home}
              maximize: dice
    end:
      - when: at(mover, home) == 5
        winner: mover
        result: race
        value: "2 if on_path(opponent, 1, 6) >= 3 else 1"
    no_moves: pass
"""


#: one die of four faces on a shared track: a checker comes in on any number, at the number's
#: own point, before anything else moves; two checkers close a point; a 4 rolls again; a step
#: that reaches point 9 or further is preferred; no bearing off
ONE_DIE = """
    game: onedie
    players: [white, black]
    board:
      shape: track
      points: 12
      travel: [forward, backward]
      stacking: true
      places:
        bar: {description: Checkers wait here to come in.}
    pieces:
      checker: {letter: C}
    setup:
      - {piece: checker, owner: each, at: [bar], count: 3}
    phases:
      - name: play
        dice: {count: 1, faces: 4}
        moves:
          - track:
              pieces: [checker]
              blocked_by: 2
              hit: {to: bar}
              enter: {from: bar}
              bear_off: false
              again: die == 4
              prefer_if: path_position(mover, to) >= 9
    end:
      - {when: "on_path(mover, 10, 12) == 3", winner: mover, result: race}
    no_moves: pass
"""


def games_of(tmp_path):
    return [spielwerk.load("backgammon"), game_from(tmp_path, SHORT), spielwerk.load("maedn"),
            game_from(tmp_path, ONE_DIE)]


def coded(block, p, steps):
    pos = block._mover_pos[p]
    return [pos[a] * 64 + pos[b] for a, b in steps]


def result_of(game, st, move):
    """The position a turn leads to, as text."""
    after = st.copy()
    game.apply(after, move)
    return after.text()


def same_as_engine(game, seeds, steps_every=1):
    """Random games (turns and steps drawn at random): at every turn the kernel lists the engine's
    turns, offers the engine's next steps, and ends the game as the engine does."""
    k = kernels.kernel(game)
    assert k is not None and k.plan.race is not None, kernels.why_not(game)
    block = game.phases[0].blocks[0]
    turns = 0
    for seed in seeds:
        rng = random.Random(seed)
        st = game.initial()
        while st.result is None:
            if game.is_chance(st):
                assert k.legal_moves(st) == []
                game.apply(st, sample_chance(game, st, rng))
                continue
            engine = game.legal_moves(st)
            ours = k.legal_moves(st)
            assert ours == engine, st.text()  # the same turns, the same steps kept, the same order
            turns += 1
            if turns % steps_every == 0:  # the step view along a turn drawn step by step
                done = steps_as_engine(game, k, st, rng)
                assert result_of(game, st, game.turn_move(st, done)) in {result_of(game, st, m) for m in engine}
            move = rng.choice(engine)
            with k._lock:
                k.load(st)
                ints = {k.move(mv, st): mv for mv in k.module.moves(st.to_move, st.ply)}
                k.module.play(ints[move], st.to_move)
                rule, winner, value, one, two = k.module.end_after(st.to_move, ints[move], st.ply + 1)
            mover = st.to_move
            game.apply(st, move)
            assert (k.outcome(rule, mover, winner, value, one, two) if rule >= 0 else None) == st.result
    return turns


def test_backgammon_and_a_short_race_have_race_kernels(tmp_path):
    for game in games_of(tmp_path):
        assert plan(game).race is not None


def test_the_race_kernel_lists_the_engine_s_turns_steps_and_ends(tmp_path):
    backgammon, short, _, _ = games_of(tmp_path)
    assert same_as_engine(backgammon, range(4), steps_every=3) > 300
    assert same_as_engine(short, range(25)) > 300


def test_one_die_races_play_their_turns_preferences_and_rolls_again_on_the_race_kernel(tmp_path):
    # Mensch ärgere dich nicht: one pawn a field, a 6 brings a pawn in on the start field, a 6
    # rolls again, two preferences in order; and a race that brings checkers in on any number
    # first, closes a point with two and prefers the steps that reach its last points
    for game in games_of(tmp_path)[2:]:
        assert plan(game).race.one_die
        assert same_as_engine(game, range(10), steps_every=10 ** 9) > 300  # a turn is one step: no step view
        k = kernels.kernel(game)
        ours = k.random_games(game.initial(), 600, seed=5)
        theirs = k._engine_games(game.initial(), 80, 7, 10_000, "turn")
        plies = [n for _, n in ours], [n for _, n in theirs]
        spread = statistics.stdev(plies[1]) / len(plies[1]) ** 0.5
        assert abs(statistics.mean(plies[0]) - statistics.mean(plies[1])) < 4 * spread
        assert {o.winner for o, _ in ours} == {1, 2}


def test_perft_expands_every_roll_as_the_engine_does(tmp_path):
    for game in games_of(tmp_path):
        k = kernels.kernel(game)
        st = game.initial()
        depth = 2 if game.name == "backgammon" else 4 if game.name in ("maedn", "onedie") else 3
        for d in range(1, depth + 1):
            assert k.perft(st, d) == game.perft(st, d), (game.name, d)
        rng = random.Random(4)
        seen = 0
        while st.result is None:  # positions met in play: before the roll and after it
            if game.is_chance(st):
                if seen % 5 == 0:
                    assert k.perft(st, 1) == game.perft(st, 1)
                game.apply(st, sample_chance(game, st, rng))
            else:
                if seen % 5 == 0:
                    assert k.perft(st, 2) == game.perft(st, 2), st.text()
                game.apply(st, rng.choice(game.legal_moves(st)))
            seen += 1
    assert kernels.kernel(spielwerk.load("backgammon")).perft(spielwerk.load("backgammon").initial(), 2) == 178306


def test_random_races_end_by_every_value_and_by_either_player(tmp_path):
    game = spielwerk.load("backgammon")
    k = kernels.kernel(game)
    for by in ("turn", "step"):
        games = k.random_games(game.initial(), 150, seed=3, by=by)
        assert {o.value for o, _ in games} == {1, 2, 3}  # single games, gammons, backgammons
        assert {o.winner for o, _ in games} == {1, 2}
        assert all(o.result == "race" for o, _ in games)
        assert k.random_games(game.initial(), 150, seed=3, by=by) == games  # seeded: the same again
    unfinished = k.random_games(game.initial(), 2, seed=1, max_plies=3)
    assert unfinished == [(None, 3), (None, 3)]


def test_the_plain_and_the_running_race_kernel_draw_the_same_games(tmp_path):
    for game in games_of(tmp_path):
        k = kernels.kernel(game)
        plain = types.ModuleType("plain")
        exec(compile(source(plan(game), False), "<plain kernel>", "exec"), plain.__dict__)
        other = kernels.Kernel(game, plain, False, "plain")
        st = game.initial()
        for by in ("turn", "step"):
            assert other.random_games(st, 20, seed=9, by=by) == k.random_games(st, 20, seed=9, by=by)
        assert other.perft(st, 2) == k.perft(st, 2)


def test_more_results_than_the_kernel_lists_are_left_to_the_engine(tmp_path, monkeypatch):
    game = spielwerk.load("backgammon")
    monkeypatch.setattr(race, "RESULTS", 4)  # room for four results of a roll
    small = plan(game)
    module = types.ModuleType("small")
    exec(compile(source(small, False), "<small kernel>", "exec"), module.__dict__)
    k = kernels.Kernel(game, module, False, "small", small)
    st = game.initial()
    game.apply(st, game.roll(6, 5))
    k.load(st)
    with pytest.raises(OverflowError, match="more results than the kernel lists"):
        module.moves(st.to_move, st.ply)
    assert k.legal_moves(st) == game.legal_moves(st)  # the engine's, then
    assert k.perft(st, 1) == game.perft(st, 1)
    assert all(o is not None for o, _ in k.random_games(st, 3, seed=2))  # the engine plays them out


def steps_as_engine(game, k, st, rng):
    """A turn drawn step by step in ``st``: at every step the kernel offers the engine's next
    steps (and the end of the turn where the engine does). Returns the steps chosen."""
    block = game.phases[0].blocks[0]
    done: list = []
    while True:
        choices = game.turn_steps(st, done)
        with k._lock:
            k.load(st)
            mine = k.module.steps(st.to_move, coded(block, st.to_move, done))
        assert sorted(mine) == sorted(-1 if c is None else coded(block, st.to_move, [c])[0]
                                      for c in choices), (st.text(), done)
        choice = rng.choice(choices) if choices else None
        if choice is None:
            return done
        done.append(choice)


def step_view_as_engine(game, seeds):
    """Random games drawn step by step, every turn's steps compared (:func:`steps_as_engine`).
    Returns the turns compared."""
    k = kernels.kernel(game)
    checked = 0
    for seed in seeds:
        rng = random.Random(seed)
        st = game.initial()
        while st.result is None:
            if game.is_chance(st):
                game.apply(st, sample_chance(game, st, rng))
                continue
            game.apply(st, game.turn_move(st, steps_as_engine(game, k, st, rng)))
            checked += 1
    return checked


def test_puff_s_step_view_is_the_engine_s_and_its_random_games_are_alike():
    """Puff: a second entering place, the lower number first, doubles that grow (the numbers
    underneath, optional; more from a player's second double on), rolling again after a double,
    an opening roll that only says who starts. The kernel plays its step view (its whole turns,
    up to eight numbers, are listed by the engine)."""
    game = spielwerk.load("puff")
    assert plan(game).race is not None and not plan(game).race.simple
    assert step_view_as_engine(game, range(3)) > 300
    k = kernels.kernel(game)
    st = game.initial()
    assert k.legal_moves(st) == game.legal_moves(st)  # the engine's (none before the roll)
    ours = [plies for _, plies in k.random_games(st, 300, seed=1, by="step")]
    rng, agent, theirs = random.Random(2), RandomAgent(3, by="step"), []
    for _ in range(30):
        state, plies = game.initial(), 0
        while state.result is None:
            if game.is_chance(state):
                game.apply(state, sample_chance(game, state, rng))
                continue
            game.apply(state, play_turn(state, agent))
            plies += 1
        theirs.append(plies)
    mean, spread = statistics.mean(theirs), statistics.stdev(theirs) / len(theirs) ** 0.5
    assert abs(statistics.mean(ours) - mean) < 4 * spread  # turns a game, alike on both (seeded)
    plain = types.ModuleType("plain")
    exec(compile(source(plan(game), False), "<plain kernel>", "exec"), plain.__dict__)
    other = kernels.Kernel(game, plain, False, "plain")
    assert other.random_games(st, 10, seed=5, by="step") == k.random_games(st, 10, seed=5, by="step")


def test_what_the_race_kernel_does_not_play_is_named():
    assert kernels.why_not(spielwerk.load("backgammon", money=True)) == "the kernel does not play the doubling cube yet"
    assert "pinning" in kernels.why_not(spielwerk.load("plakoto"))
    assert kernels.why_not(spielwerk.load("trictrac")).startswith("the kernel does not play ")
    with pytest.raises(NotKernel, match="cube"):
        plan(spielwerk.load("backgammon", money=True))


def test_mcts_plays_out_backgammon_on_the_race_kernel():
    game = spielwerk.load("backgammon")
    st = game.initial()
    game.apply(st, game.roll(3, 1))
    move = MCTSAgent(iterations=60, seed=1).choose(st, game.legal_moves(st))
    assert move in game.legal_moves(st)
