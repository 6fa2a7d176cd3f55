"""All 500 real games replay move by move to their recorded result and final TPS (komi 0)."""

from __future__ import annotations

import csv
import os

import pytest

import spielwerk
from spielwerk.replay import replay_text

DATA = os.path.join(os.path.dirname(__file__), "..", "..", "data", "tak-games")


def _rows():
    with open(os.path.join(DATA, "index.tsv"), encoding="utf-8") as fh:
        return list(csv.DictReader(fh, delimiter="\t"))


ROWS = _rows()


def test_the_index_lists_500_games():
    assert len(ROWS) == 500


@pytest.fixture(scope="module")
def spec():
    return spielwerk.load_spec_for("tak")


@pytest.mark.parametrize("row", ROWS, ids=[r["file"] for r in ROWS])
def test_record_replays_to_its_result(spec, row):
    with open(os.path.join(DATA, row["file"]), encoding="utf-8") as fh:
        text = fh.read()
    (game,) = replay_text(spec, text, {"komi": int(row["komi_assumed"])})
    assert game.error is None, str(game.error)
    assert len(game.record.moves) == int(row["plies"])
    assert game.result == row["recorded_result"] == game.record.recorded_result
    assert game.state.text() == row["final_tps_by_fast-tak"]
    assert game.state.game.options["size"] == int(row["size"])
