"""bench/targets.py runs: one row with a tiny budget, and a game that does not load is a row that
says so (the speed itself is read by people, never checked here)."""

from __future__ import annotations

import importlib.util
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="module")
def targets():
    spec = importlib.util.spec_from_file_location("bench_targets", os.path.join(ROOT, "bench", "targets.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        del sys.modules[spec.name]


def test_one_row_is_measured_and_printed(targets, capsys, tmp_path):
    out = tmp_path / "figures.json"
    (row,) = targets.main(["--only", "kalah", "--seconds", "0.01", "--rounds", "1", "--json", str(out)])
    assert row.ours > 0
    if importlib.util.find_spec("pyspiel") is not None:
        assert row.peer > 0 and row.ratio.endswith("x") and row.met in ("yes", "no")
    printed = capsys.readouterr().out
    assert "| measure | ours | peer | ratio | target | met? |" in printed
    assert "load average at start" in printed and "load average at end" in printed
    assert "kalah" in out.read_text()


def test_a_game_that_does_not_load_is_not_available(targets, capsys, tmp_path):
    missing = str(tmp_path / "no-such-game.yaml")
    (row,) = targets.main(["--only", "Lasca", "--seconds", "0.01", "--rounds", "1", "--file", f"lasca={missing}"])
    assert row.ours is None and "cannot read the file" in row.note
    assert "not available" in capsys.readouterr().out
