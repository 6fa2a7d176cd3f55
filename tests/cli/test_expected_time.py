"""simulate and compare say what a run is expected to take, measured on its own first games, and
show a bar while it runs; all of it on standard error, so standard output stays as it was. No test
here reads the machine's speed: the forecast's clock and times are given, and the command's line
is checked for its form and its counts."""

from __future__ import annotations

import os
import re

import pytest

from spielwerk.cli import _workers, main
from spielwerk.forecast import Forecast, about, duration
from spielwerk.report import compare, load_records, render_comparison, render_table, summarize

HERE = os.path.dirname(os.path.abspath(__file__))
TICTACTOE = os.path.join(HERE, "..", "data", "games", "tictactoe.yaml")  # a game file, not a bundled game


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def expected_lines(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("expected:")]


def shape(games: int, measured: int, each: str, who: str) -> re.Pattern[str]:
    """The line's form, whatever the time: ``expected: about ... for N games (measured on ...)``."""
    time = r"(under a second|about \d+ (s|min( \d+ s)?|h( \d+ min)?))"
    per = r"\d+(\.\d+)? (ms|s|min)( \d+ s)?"
    return re.compile(rf"expected: {time} for {games} games \(measured on {measured} games: "
                      + each.replace("PER", per) + rf", {who}\)")


# -- the forecast, on a given clock ------------------------------------------------------------------

def test_the_line_says_the_whole_runs_time_from_its_sample():
    clock = Clock()
    forecast = Forecast([range(200)], 2, seatings=2, clock=clock)
    clock.now += 1.0  # starting the processes
    assert forecast.add(0, 0, 0.6) is None
    line = forecast.add(0, 1, 0.7)
    # 1 s spent, and 198 games of 0.65 s on two processes
    assert line == "expected: about 1 min 10 s for 200 games (measured on 2 games: 0.65 s a game, 2 processes)"
    assert forecast.add(0, 2, 0.5) is None  # said once


def test_the_sample_is_the_first_games_not_the_first_to_finish():
    clock = Clock()
    forecast = Forecast([range(10)], 2, clock=clock)
    assert forecast.add(0, 5, 0.1) is None  # a short game that started later
    assert forecast.add(0, 0, 2.0) is None
    clock.now += 2.0
    # seven games left of 2 s each (the short one counts as done, not as a measure)
    assert forecast.add(0, 1, 2.0) == ("expected: about 9 s for 10 games (measured on 2 games: 2.0 s a game, "
                                       "2 processes)")


def test_one_process_measures_a_game_of_each_seating():
    forecast = Forecast([range(30)], 1, seatings=3, clock=Clock())
    assert forecast.add(0, 0, 1.0) is None and forecast.add(0, 1, 2.0) is None
    assert forecast.add(0, 2, 3.0) == ("expected: about 54 s for 30 games (measured on 3 games: 2.0 s a game, "
                                       "1 process)")


def test_two_runs_are_measured_each_and_said_in_one_line():
    clock = Clock()
    forecast = Forecast([range(100), range(100)], 4, seatings=2, names=("base", "variant"), clock=clock)
    for index in (0, 1):
        assert forecast.add(0, index, 0.01) is None
    assert forecast.add(1, 0, 0.1) is None
    clock.now += 0.2
    assert forecast.add(1, 1, 0.1) == ("expected: about 3 s for 200 games (measured on 4 games: 10 ms a base game, "
                                       "0.10 s a variant game, 4 processes)")


def test_a_continued_run_counts_the_games_it_plays():
    forecast = Forecast([[], range(5, 40)], 2, ("thread on the cluster", "threads on the cluster"), seatings=2,
                        names=("base", "variant"), clock=Clock())
    assert forecast.add(1, 5, 0.2) is None
    assert forecast.add(1, 6, 0.2) == ("expected: about 3 s for 35 games (measured on 2 games: 0.20 s a variant "
                                       "game, 2 threads on the cluster)")


def test_short_runs_say_nothing_misleading():
    # the run ends with its sample: nothing to forecast
    forecast = Forecast([range(2)], 2, seatings=2, clock=Clock())
    assert forecast.add(0, 1, 0.3) is None and forecast.add(0, 0, 0.3) is None
    # nothing to play at all (a finished run started again)
    assert Forecast([[]], 4).said and Forecast([[], []], 4, names=("base", "variant")).said
    # quick games: the whole under a second
    forecast = Forecast([range(50)], 1, clock=Clock())
    assert forecast.add(0, 0, 0.004) == ("expected: under a second for 50 games (measured on 1 game: 4.0 ms a "
                                         "game, 1 process)")
    # one game left on many processes takes a game, not a share of one
    forecast = Forecast([range(9)], 8, clock=Clock())
    lines = [forecast.add(0, index, 30.0) for index in range(8)]
    assert lines == [None] * 7 + ["expected: about 30 s for 9 games (measured on 8 games: 30 s a game, 8 processes)"]


@pytest.mark.parametrize("seconds, text", [
    (0.4, "under a second"), (1.2, "about 1 s"), (42.4, "about 42 s"), (59.6, "about 1 min"),
    (130, "about 2 min 10 s"), (136, "about 2 min 20 s"), (3599, "about 1 h"), (12000, "about 3 h 20 min"),
    (90000, "about 25 h"),
])
def test_an_expected_time_is_as_round_as_an_estimate(seconds, text):
    assert about(seconds) == text


@pytest.mark.parametrize("seconds, text", [
    (0.65, "0.65 s"), (0.0083, "8.3 ms"), (0.04, "40 ms"), (0.0004, "0.40 ms"), (3.14, "3.1 s"),
    (12.3, "12 s"), (60, "1 min"), (130.2, "2 min 10 s"),
])
def test_a_measured_time_has_two_or_three_figures(seconds, text):
    assert duration(seconds) == text


def test_a_cluster_counts_its_workers_threads():
    class Client:
        def nthreads(self):
            return {"tcp://10.0.0.5:40001": 1, "tcp://10.0.0.6:40002": 2}

    assert _workers(1, 100, Client()) == (3, ("thread on the cluster", "threads on the cluster"))
    assert _workers(3, 100, None) == (3, ("process", "processes"))
    assert _workers(3, 2, None)[0] == 2  # no more processes than games


# -- the commands ------------------------------------------------------------------------------------

def test_simulate_says_the_expected_time_on_standard_error_only(capsys, tmp_path):
    out = str(tmp_path / "t.jsonl")
    assert main(["simulate", TICTACTOE, "--agents", "random,greedy", "--games", "12", "-j", "1", "--out", out]) == 0
    got = capsys.readouterr()
    assert got.out == f"12 games of tictactoe in {out}; `spielwerk report {out}` summarizes them\n"
    [line] = expected_lines(got.err)
    assert shape(12, 2, "PER a game", "1 process").fullmatch(line), line
    assert "12/12" in got.err  # the bar, as off a terminal: once, at the end
    assert got.err.index("expected:") < got.err.index("12/12")

    # continued with more games: the games it plays are counted, the bar starts at those done
    assert main(["simulate", TICTACTOE, "--agents", "random,greedy", "--games", "20", "-j", "2", "--out", out]) == 0
    got = capsys.readouterr()
    lines = expected_lines(got.err)
    # on two processes the sample's games may come in last on a busy machine: nothing is left to
    # expect then, and no line is said
    assert len(lines) <= 1
    for line in lines:
        assert shape(8, 2, "PER a game", "2 processes").fullmatch(line), line
    assert "20/20" in got.err


def test_quiet_shows_neither_line_nor_bar_and_the_output_is_the_same(capsys, tmp_path):
    loud, quiet = str(tmp_path / "loud.jsonl"), str(tmp_path / "quiet.jsonl")
    assert main(["simulate", TICTACTOE, "--agents", "random,random", "--games", "6", "-j", "1", "--out", loud]) == 0
    said = capsys.readouterr()
    assert main(["simulate", TICTACTOE, "--agents", "random,random", "--games", "6", "-j", "1", "-q",
                 "--out", quiet]) == 0
    silent = capsys.readouterr()
    assert silent.err == "" and said.err
    assert silent.out == said.out.replace(loud, quiet)
    strip = [[{k: v for k, v in r.items() if k != "time"} for r in load_records(p)] for p in (loud, quiet)]
    assert strip[0] == strip[1]


def test_short_runs_print_no_expected_time(capsys, tmp_path):
    # one game, or two on one process (one of each seating): the run is its sample
    for games in ("1", "2"):
        out = str(tmp_path / f"s{games}.jsonl")
        assert main(["simulate", TICTACTOE, "--agents", "random,random", "--games", games, "-j", "1",
                     "--out", out]) == 0
        got = capsys.readouterr()
        assert not expected_lines(got.err) and f"{games}/{games}" in got.err
    # nothing left to play
    assert main(["simulate", TICTACTOE, "--agents", "random,random", "--games", "2", "-j", "1", "--out", out]) == 0
    got = capsys.readouterr()
    assert not expected_lines(got.err) and "2/2" in got.err
    assert got.out == f"2 games of tictactoe in {out}; `spielwerk report {out}` summarizes them\n"


def test_compare_says_one_line_for_both_runs_and_prints_what_it_printed(capsys, tmp_path):
    folder = tmp_path / "cmp"
    assert main(["compare", TICTACTOE, "tak", "--variant-option", "size=3", "--agents", "random,random",
                 "--games", "10", "-j", "1", "--dir", str(folder)]) == 0
    got = capsys.readouterr()
    [line] = expected_lines(got.err)
    assert shape(20, 4, "PER a base game, PER a variant game", "1 process").fullmatch(line), line
    assert "20/20" in got.err and got.err.count("20/20") == 1  # one bar over both runs
    base, variant = (summarize(load_records(str(folder / name))) for name in ("base-tictactoe.jsonl",
                                                                                 "variant-tak.jsonl"))
    assert got.out == "\n".join([render_table(base), render_table(variant),
                                 render_comparison(compare(base, variant), TICTACTOE, "tak")]) + "\n"

    assert main(["compare", TICTACTOE, "tak", "--variant-option", "size=3", "--agents", "random,random",
                 "--games", "10", "-j", "1", "-q", "--dir", str(folder)]) == 0
    again = capsys.readouterr()
    assert again.err == "" and again.out == got.out  # nothing left to play: the same report


def test_a_cluster_run_counts_its_threads(capsys, tmp_path):
    distributed = pytest.importorskip("distributed")
    out = str(tmp_path / "c.jsonl")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) \
            as cluster:
        assert main(["simulate", TICTACTOE, "--agents", "random,random", "--games", "5", "--out", out,
                     "--cluster", cluster.scheduler_address]) == 0
    [line] = expected_lines(capsys.readouterr().err)
    assert shape(5, 2, "PER a game", "1 thread on the cluster").fullmatch(line), line
