"""The learning example (docs/examples/learn.py) learns: a short seeded run wins clearly more
often against a random player than the untrained table did."""

from __future__ import annotations

import importlib.util
import os
import sys

import pytest

import spielwerk

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "examples")


def load_example():
    spec = importlib.util.spec_from_file_location("learn_example", os.path.join(EXAMPLES, "learn.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_a_short_run_learns_to_beat_a_random_player():
    learn = load_example()
    game = spielwerk.load(os.path.join(EXAMPLES, "tictactoe.yaml"))
    lines: list[str] = []
    history = learn.train(game, 3000, seed=5, every=3000, evaluate=400, report=lines.append)
    (start, untrained), (end, trained) = history
    assert (start, end) == (0, 3000) and len(lines) == 3
    assert sum(untrained.games) == sum(trained.games) == 400
    assert untrained.games == [200, 200]
    # untrained, it plays at random: about 44% won (58% first, 29% second); trained, about 80%
    assert untrained.win_rate < 0.55
    assert trained.win_rate > 0.65 and trained.win_rate > untrained.win_rate + 0.15


def test_the_command_line_takes_any_small_game(capsys):
    learn = load_example()
    learn.main(["tak", "-o", "size=3", "--episodes", "40", "--every", "20", "--eval", "10", "--envs", "4"])
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Tak: ") and len(out) == 5  # title, header, scores at 0, 20 and 40 episodes


@pytest.mark.slow
def test_a_full_run_beats_a_random_player_most_of_the_time():
    learn = load_example()
    game = spielwerk.load(os.path.join(EXAMPLES, "tictactoe.yaml"))
    history = learn.train(game, 20_000, seed=1, every=20_000, evaluate=1000, report=None)
    assert history[-1][1].win_rate > 0.8
