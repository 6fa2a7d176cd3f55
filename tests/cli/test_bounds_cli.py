"""Issue 27 at the command line: processes and agent settings have upper bounds (D1, D2), a long
think shows on a terminal, and the messages of D8 say what is wrong before anything is played."""

from __future__ import annotations

import io
import os

import pytest

import spielwerk
from spielwerk import batch
from spielwerk.agents import make_agent
from spielwerk.cli import _Thinking, main


def run(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse refuses with status 2
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


# -- D1: worker processes ----------------------------------------------------------------------------

def test_d1_jobs_beyond_four_per_core_are_refused_at_once(capsys, tmp_path):
    most = 4 * (os.cpu_count() or 1)
    out = str(tmp_path / "j.jsonl")
    code, _, err = run(capsys, "simulate", "lasca", "--agents", "random,random", "--games", "2", "--jobs", "1000",
                       "--out", out)
    assert code == 2 and not os.path.exists(out)
    assert err.splitlines()[-1] == (f"spielwerk simulate: error: argument --jobs/-j: at most {most} processes here "
                                    "(four per core), not 1000")
    code, _, err = run(capsys, "perft", "tak", "--depth", "1", "--jobs", str(most + 1))
    assert code == 2 and f"at most {most} processes here" in err


def test_d1_no_more_processes_than_work(monkeypatch):
    started = []
    real = batch._pool

    def pool(jobs, payload):
        started.append(jobs)
        return real(jobs, payload)

    monkeypatch.setattr(batch, "_pool", pool)
    assert batch.processes(1000) == batch.most_jobs() == 4 * (os.cpu_count() or 1)
    assert batch.processes(8, 2) == 2 and batch.processes(0, 1) == 1
    results = list(batch.unordered(_square, [1, 2], {}, jobs=50))
    assert sorted(results) == [(1, 1), (2, 4)] and started == [2]


def _square(payload, n):
    return n * n


# -- D2: agent settings ------------------------------------------------------------------------------

@pytest.mark.parametrize("who, why", [
    ("mcts:iterations=1000000000000", "mcts: iterations must be at most 1000000, not 1000000000000"),
    ("mcts:iterations=1e12", "mcts: iterations must be at most 1000000, not 1e12"),
    ("mcts:iterations=99999999999999999999999999",
     "mcts: iterations must be at most 1000000, not 99999999999999999999999999"),
    ("alphabeta:depth=1000", "alphabeta: depth must be at most 30, not 1000"),
    ("mcts:time=86400", "mcts: time must be at most 3600, not 86400"),
    ("greedy:playouts=1e9", "greedy: playouts must be at most 10000, not 1e9"),
])
def test_d2_agent_settings_have_upper_bounds(capsys, who, why):
    code, out, err = run(capsys, "play", "focus", "--white", who, "--black", "random", "--seed", "1",
                         "--max-plies", "4")
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == f"spielwerk play: error: argument --white/--first: {why}"


def test_d2_a_whole_number_may_be_written_with_an_exponent():
    assert make_agent("mcts:iterations=2e3", 1).iterations == 2000
    with pytest.raises(spielwerk.SpielwerkError, match="iterations must be a whole number, not '2.5'"):
        make_agent("mcts:iterations=2.5")


def test_a_long_think_shows_on_a_terminal_and_goes_away(capsys):
    game = spielwerk.load("tak", size=4)
    st = game.initial()
    screen = io.StringIO()
    from rich.console import Console
    terminal = Console(file=screen, force_terminal=True, width=80)
    agent = make_agent("mcts:iterations=200", 1)
    thinking = _Thinking(agent, "white (mcts:iterations=200) thinks", terminal)
    thinking.after = 0.0
    shares = []
    with thinking:
        update = agent.progress
        agent.progress = lambda share: (shares.append(share), update(share))
        agent.choose(st, st.legal_moves())
    assert shares and 0 < shares[-1] <= 1
    assert "white (mcts:iterations=200) thinks" in screen.getvalue()
    assert agent.progress is None
    # off a terminal nothing is shown, and the agent is never asked
    quiet = Console(file=io.StringIO(), force_terminal=False)
    with _Thinking(agent, "white thinks", quiet):
        assert agent.progress is None


# -- D8: messages that say what is wrong, before the work -------------------------------------------

def test_d8_an_unreachable_cluster_is_named_as_such(capsys, tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(batch, "CLUSTER_TIMEOUT", 1.0)
    out = str(tmp_path / "c.jsonl")
    code, _, err = run(capsys, "simulate", "lasca", "--agents", "random,random", "--games", "2", "--jobs", "1",
                       "--out", out, "--cluster", "tcp://127.0.0.1:1")
    assert code == 1 and not os.path.exists(out)
    assert err.startswith("spielwerk: error: cannot reach the Dask scheduler at tcp://127.0.0.1:1: ")
    assert "output" not in err


def test_d8_records_on_a_file_is_refused_before_any_game(capsys, tmp_path):
    (tmp_path / "notadir").write_text("x\n")
    out = str(tmp_path / "r.jsonl")
    code, _, err = run(capsys, "simulate", "lasca", "--agents", "random,random", "--games", "2", "--jobs", "1",
                       "--out", out, "--records", str(tmp_path / "notadir"))
    assert code == 1 and not os.path.exists(out)
    assert err == (f"spielwerk: error: --records {tmp_path / 'notadir'}: a file is there; give a folder (made if "
                   "missing)\n")


def test_d8_compare_loads_both_games_before_playing(capsys, tmp_path):
    code, out, err = run(capsys, "compare", "lasca", "/nonexistent.yaml", "--agents", "random,random",
                         "--games", "200", "--dir", str(tmp_path / "cmp"))
    assert (code, out) == (1, "")
    assert err == "spielwerk: error: /nonexistent.yaml:1:1: cannot read the file: no such file\n"
    assert not os.path.exists(tmp_path / "cmp")


def test_d8_moves_on_a_finished_game_says_so(capsys):
    finished = "x9/x10/x11/x10/1,x,0,0,0,x4 1 60"  # White's lone piece cannot move, Black has none
    code, out, err = run(capsys, "moves", "dvonn", "--position", finished)
    assert (code, out) == (1, "")
    assert err == "spielwerk: error: the game is over in this position (1-0, count): there are no moves\n"
