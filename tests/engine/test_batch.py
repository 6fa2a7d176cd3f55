"""Both cores: perft split over processes, seeded batches of games, and games that pickle."""

from __future__ import annotations

import functools
import pickle

import pytest

import spielwerk
from spielwerk import batch
from spielwerk.agents import RandomAgent
from spielwerk.cli import main


def test_games_and_states_pickle_as_spec_and_options():
    game = spielwerk.load("tak", size=6, komi=2)
    st = game.initial()
    st.push_text("a1")
    st.push_text("f6")
    back = pickle.loads(pickle.dumps(st))
    assert back == st and back.text() == st.text() and back.hash == st.hash
    assert back.game.options == {"size": 6, "komi": 2}
    assert back.pop() == st.stack[-1][0]  # the move stack came along: undo works
    assert pickle.loads(pickle.dumps(game)).perft(game.initial(), 2) == game.perft(game.initial(), 2)


@pytest.mark.parametrize("name,options,depth", [("tak", {"size": 4}, 3), ("backgammon", {}, 2),
                                                ("tactix", {}, 2)])
def test_perft_over_two_processes_counts_the_same(name, options, depth):
    game = spielwerk.load(name, **options)
    st = game.initial()
    assert batch.perft(st, depth, jobs=2) == game.perft(st, depth)
    assert st.key() == game.initial().key()  # the root is left as it was


def test_divide_lists_every_root_move_once_in_the_legal_order():
    game = spielwerk.load("tak", size=5)
    st = game.initial()
    parts = batch.divide(st, 2, jobs=2)
    assert [path[0] for path, _ in parts] == game.legal_moves(st)
    assert sum(n for _, n in parts) == 600
    # a roll to come at the root: each roll, then each move
    bg = spielwerk.load("backgammon")
    parts = batch.divide(bg.initial(), 1)
    assert len(parts) == 380 and {len(path) for path, _ in parts} == {2}


def test_jobs_must_be_a_count():
    game = spielwerk.load("tak", size=3)
    with pytest.raises(ValueError):
        batch.perft(game.initial(), 2, jobs=-1)
    with pytest.raises(ValueError):
        batch.play_games(game, -1)


def test_a_batch_of_games_is_the_same_in_one_process_or_two():
    tak = spielwerk.load("tak", size=4)
    one = batch.play_games(tak, 24, seed=7, jobs=1, chunk=4)
    two = batch.play_games(tak, 24, seed=7, jobs=2, chunk=4)
    assert one == two
    assert [r.index for r in two] == list(range(24))
    assert len({r.seed for r in one}) == 24 and all(r.plies > 0 for r in one)
    assert batch.play_games(tak, 24, seed=8)[:3] != one[:3]  # another seed, other games
    bg = spielwerk.load("backgammon")
    by_step = functools.partial(RandomAgent, by="step")
    mixed = (RandomAgent, by_step)
    assert batch.play_games(bg, 6, seed=1, agents=mixed, chunk=2) == \
        batch.play_games(bg, 6, seed=1, agents=mixed, jobs=2, chunk=2)


def test_a_batch_counts_its_results():
    tak = spielwerk.load("tak", size=3)
    games = batch.play_games(tak, 30, seed=2, max_plies=4)
    tally = batch.tally(games)
    assert sum(tally.values()) == 30 and tally["unfinished"] == 30  # nobody wins in 4 plies
    assert all(r.plies == 4 and r.outcome is None for r in games)


def test_a_batch_may_start_from_a_position():
    tak = spielwerk.load("tak", size=5)
    start = tak.parse_position("x5/x5/x5/x5/x5 1 4")
    games = batch.play_games(tak, 4, seed=3, start=start, jobs=2, chunk=1)
    assert all(r.plies >= 1 for r in games)
    assert start.ply == 6  # the start is not played on


def test_cli_perft_with_jobs_and_divide(capsys):
    assert main(["perft", "tak", "-o", "size=5", "--depth", "3", "--jobs", "2"]) == 0
    assert capsys.readouterr().out == "1\t25\n2\t600\n3\t43320\n"
    assert main(["perft", "backgammon", "--depth", "1", "--divide", "-j", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("6-5 ") and lines[-1] == "total\t380"
    with pytest.raises(SystemExit) as stop:
        main(["perft", "tak", "--depth", "1", "-j", "-2"])
    assert stop.value.code == 2 and "at least 0" in capsys.readouterr().err
