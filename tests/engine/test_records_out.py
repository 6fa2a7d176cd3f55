"""Records out: a game played and written in its record notation replays to the same position,
for every bundled game (and a game with the cube, tags that set options, and a series)."""

from __future__ import annotations

import pytest

import spielwerk
from walking import step_walk
from spielwerk.api import load_spec_for
from spielwerk.cli import main
from spielwerk.dsl.loader import bundled_games
from spielwerk.replay import replay_text

CASES = [(name, {}) for name in bundled_games()] + [
    ("backgammon", {"money": True}), ("tak", {"size": 6, "komi": 3}), ("tackle", {"job": "Block9"})]


def random_game(game, seed, plies=250):
    """A random game (dice turns by steps), ending after a move, not a roll."""
    st = step_walk(game, seed, plies)
    while st.stack and st.stack[-1][0][0] == game.roll_index:  # a roll with no move after it
        st.pop()
    return st


@pytest.mark.parametrize("name,options", CASES, ids=[f"{n}-{o}" for n, o in CASES])
def test_a_written_record_replays_to_the_same_game(name, options):
    game = spielwerk.load(name, **options)
    spec = load_spec_for(name)
    for seed in range(4):
        # reading a Puff turn back lists the roll's results, up to tens of thousands: shorter games
        st = random_game(game, seed, 30 if name == "puff" else 250)
        text = st.record({"Event": "test"})
        [back] = replay_text(spec, text)
        assert back.error is None, (text, back.error)
        assert back.state.key() == st.key(), text
        assert back.result == (st.outcome().token if st.outcome() else "*")


def test_play_save_writes_records_that_replay(tmp_path, capsys):
    path = tmp_path / "games.txt"
    assert main(["play", "trictrac", "--white", "random", "--black", "random", "--seed", "3", "--games", "2",
                 "--carry-over", "--save", str(path)]) == 0
    assert main(["play", "tak", "-o", "size=4", "--white", "random", "--black", "random", "--seed", "3",
                 "--save", str(tmp_path / "tak.ptn")]) == 0
    capsys.readouterr()
    assert main(["replay", "trictrac", str(path)]) == 0
    assert main(["replay", "tak", str(tmp_path / "tak.ptn")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and all(line.startswith("result: ") for line in lines)


def test_simulate_keeps_every_games_record(tmp_path, capsys):
    out, folder = tmp_path / "g.jsonl", tmp_path / "records"
    assert main(["simulate", "backgammon", "--agents", "random:by=step,random", "--games", "4", "-j", "2",
                 "--out", str(out), "--records", str(folder)]) == 0
    files = sorted(p.name for p in folder.iterdir())
    assert files == [f"backgammon-{i:06d}.txt" for i in range(4)]
    capsys.readouterr()
    assert main(["replay", "backgammon", *[str(folder / f) for f in files]]) == 0
    results = [line.split(": ")[1] for line in capsys.readouterr().out.splitlines()]
    import json
    recorded = {r["index"]: r["result"] for r in map(json.loads, out.read_text().splitlines())}
    assert results == [recorded[i] for i in range(4)]
