"""simulate, report and compare: seeded runs, identical on any number of processes, continued
where they stopped, and summarized."""

from __future__ import annotations

import io
import json
import os

import pytest

import spielwerk
from spielwerk.cli import main
from spielwerk.simulate import Run, finished_indices, play_recorded, play_runs, simulate

TAK3 = spielwerk.load("tak", size=3)
AGENTS = ("greedy:playouts=1", "random")


def strip_time(records):
    return [{k: v for k, v in r.items() if k != "time"} for r in records]


def test_a_record_says_how_the_game_went():
    rec = play_recorded(TAK3, AGENTS, 3, seed=5, max_plies=500)
    assert rec["seats"] == ["random", "greedy:playouts=1"]  # odd games: B plays first
    assert rec["finished"] and rec["result"] != "*" and rec["end"] in ("road", "flat")
    assert len(rec["branching"]) == rec["plies"] and rec["branching"][0] == 9
    cut = play_recorded(TAK3, AGENTS, 3, seed=5, max_plies=4)
    assert cut["result"] == "*" and not cut["finished"] and cut["plies"] == 4 and cut["winner"] is None


def test_runs_are_the_same_on_one_process_or_two():
    one = simulate(TAK3, AGENTS, 10, seed=2, jobs=1)
    two = simulate(TAK3, AGENTS, 10, seed=2, jobs=2)
    assert strip_time(one) == strip_time(two)
    assert [r["index"] for r in one] == list(range(10))


def test_two_runs_share_the_processes_and_give_the_games_of_two_runs(tmp_path):
    tak4 = spielwerk.load("tak", size=4)
    order = []
    with open(tmp_path / "a.jsonl", "w") as a, open(tmp_path / "b.jsonl", "w") as b:
        base, variant = play_runs([Run(TAK3, AGENTS, 3, seed=2, out=a), Run(tak4, AGENTS, 4, seed=2, out=b, skip={1})],
                                  jobs=1, finished=lambda number, rec: order.append((number, rec["index"])))
    # handed out in turn, the first game of each run first; each record in its own run's file
    assert order == [(0, 0), (1, 0), (0, 1), (1, 2), (0, 2), (1, 3)]
    assert strip_time(base) == strip_time(simulate(TAK3, AGENTS, 3, seed=2))
    assert strip_time(variant) == strip_time(simulate(tak4, AGENTS, 4, seed=2, skip={1}))
    assert [json.loads(line)["options"]["size"] for line in (tmp_path / "b.jsonl").read_text().splitlines()] == [4] * 3
    on_two = play_runs([Run(TAK3, AGENTS, 3, seed=2), Run(tak4, AGENTS, 4, seed=2, skip={1})], jobs=2)
    assert [strip_time(r) for r in on_two] == [strip_time(base), strip_time(variant)]


def test_a_stopped_run_goes_on_where_it_stopped(tmp_path):
    out = tmp_path / "run.jsonl"
    with open(out, "a") as f:
        simulate(TAK3, AGENTS, 4, seed=1, out=f)
    with open(out, "a") as f:
        f.write('{"game": "tak", "ind')  # a line cut short by a stop
    assert finished_indices(str(out), TAK3, AGENTS, 1) == {0, 1, 2, 3}
    with open(out, "a") as f:
        simulate(TAK3, AGENTS, 7, seed=1, out=f, skip={0, 1, 2, 3})
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(r["index"] for r in lines) == list(range(7))
    fresh = simulate(TAK3, AGENTS, 7, seed=1)
    assert strip_time(sorted(lines, key=lambda r: r["index"])) == strip_time(fresh)


def test_another_runs_file_is_refused(tmp_path):
    out = tmp_path / "run.jsonl"
    with open(out, "w") as f:
        simulate(TAK3, AGENTS, 2, seed=1, out=f)
    with pytest.raises(spielwerk.SpielwerkError, match="another run"):
        finished_indices(str(out), TAK3, ("random", "random"), 1)


def test_cli_simulate_report_and_compare(tmp_path, capsys):
    out = str(tmp_path / "g.jsonl")
    assert main(["simulate", "tak", "-o", "size=3", "--agents", "random,random", "--games", "12", "-j", "1",
                 "--seed", "4", "--out", out]) == 0
    assert len(open(out).read().splitlines()) == 12
    # run again with more games: only the new ones are played
    assert main(["simulate", "tak", "-o", "size=3", "--agents", "random,random", "--games", "16", "-j", "2",
                 "--seed", "4", "--out", out]) == 0
    assert sorted(json.loads(line)["index"] for line in open(out)) == list(range(16))
    capsys.readouterr()
    html = str(tmp_path / "r.html")
    assert main(["report", out, "--html", html]) == 0
    text = capsys.readouterr().out
    assert "random" in text and "player 1" in text and os.path.exists(html)
    assert "<svg" in open(html).read()
    assert main(["compare", "tak", "tak", "--base-option", "size=3", "--variant-option", "size=4",
                 "--agents", "random,random", "--games", "10", "-j", "1", "--dir", str(tmp_path / "cmp")]) == 0
    text = capsys.readouterr().out
    assert "mean game length" in text.lower() or "length" in text.lower()
    assert sorted(os.listdir(tmp_path / "cmp")) == ["base-tak.jsonl", "variant-tak.jsonl"]


def test_cli_refuses_bad_agents_and_files(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "tak", "--agents", "random", "--games", "2", "--out", str(tmp_path / "x.jsonl")])
    assert "two agents" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["play", "tak", "--white", "mcts:iterations=x", "--black", "random"])
    assert "iterations must be a whole number" in capsys.readouterr().err
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{}\n")
    assert main(["report", str(bad)]) == 1
    assert "bad.jsonl:1" in capsys.readouterr().err


def test_play_with_agent_strings(capsys):
    assert main(["play", "tak", "-o", "size=3", "--white", "alphabeta:depth=2", "--black", "greedy:playouts=1",
                 "--seed", "3"]) == 0
    assert "result:" in capsys.readouterr().out


def test_a_dask_cluster_gives_the_same_games_as_a_local_run():
    distributed = pytest.importorskip("distributed")
    local = simulate(TAK3, AGENTS, 6, seed=9, jobs=1)
    # in this process: one worker thread (a compiled game is not shared between threads)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) \
            as cluster, distributed.Client(cluster) as client:
        remote = simulate(TAK3, AGENTS, 6, seed=9, cluster=client)
        by_address = simulate(TAK3, AGENTS, 2, seed=9, cluster=cluster.scheduler_address)
    assert strip_time(remote) == strip_time(local)
    assert strip_time(by_address) == strip_time(local[:2])
