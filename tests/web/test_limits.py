"""The cost of a game, estimated from its file and options before it is compiled: exactly the
position hash the engine then builds for every bundled game, within the default limits for all of
them, and located at the key responsible when a game passes a limit."""

from __future__ import annotations

import itertools
import os

import pytest

from spielwerk.api import load_spec_for
from spielwerk.web.jobs import playable_games
from spielwerk.dsl.spec import load_spec
from spielwerk.game import Game
from spielwerk.web.limits import Limits, estimate, problems, size_text


def option_values(spec, most: int = 12):
    """Some combinations of a game's option values (each choice, each small range, the default)."""
    keys = list(spec.options)
    choices = []
    for key in keys:
        decl = spec.option_decl(key)
        if decl.get("values"):
            choices.append(list(decl["values"]))
        elif decl.get("type", "int") == "int" and "min" in decl and "max" in decl and decl["max"] - decl["min"] < 8:
            choices.append(list(range(decl["min"], decl["max"] + 1)))
        else:
            choices.append([decl.get("default")])
    return [dict(zip(keys, combo)) for combo in itertools.islice(itertools.product(*choices), most)]


@pytest.mark.parametrize("name", playable_games())
def test_the_estimate_is_the_hash_the_engine_builds(name):
    spec = load_spec_for(name)
    for options in option_values(spec):
        try:
            game = Game(spec, options)
        except ValueError:  # a combination the game file refuses
            continue
        cost = estimate(spec, options)
        assert cost.squares >= game.topology.size
        assert cost.keys == game.topology.size * (game.max_height + 1) * game.num_codes, options
        assert problems(spec, options, Limits()) == [], options


def typed(tmp_path, text):
    path = os.path.join(tmp_path, "typed.yaml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return load_spec(path)


def test_each_limit_is_located_at_its_key(tmp_path):
    spec = typed(tmp_path, "extends: tak\ngame: big\nboard:\n  width: 26\n  height: 99\nreserves:\n"
                           "  stones: {pieces: [flat, wall], count: 10000}\n  capstones: {pieces: [cap], count: 1}\n")
    found = {e.message.split(":")[0]: (e.line, e.col) for e in problems(spec, {}, Limits(squares=100))}
    assert found["a board of 2,574 squares"] == (5, 3)  # the height, the larger side
    at_count = (7, len("  stones: {pieces: [flat, wall], ") + 1)
    assert found["20,002 pieces in the setup and the players' reserves"] == at_count
    assert found["stacks could grow to 20,002 pieces (every piece the game can have)"] == at_count
    memory = [m for m in found if m.startswith("this game would need")]
    assert memory and "GiB" in memory[0] and found[memory[0]] == at_count


def test_unlimited_supply_counts_four_pieces_a_square(tmp_path):
    spec = typed(tmp_path, "extends: tak\ngame: endless\nreserves: null\nphases:\n  - name: play\n    moves:\n"
                           "      - place: {pieces: [flat], where: empty}\n")
    cost = estimate(spec, {"size": 8})
    game = Game(spec, {"size": 8})
    assert cost.stack == game.max_height == 4 * 64
    refused = problems(spec, {"size": 8}, Limits(stack=100))
    assert [e.message.split(" (")[0] for e in refused] == ["stacks could grow to 256 pieces"]
    assert refused[0].file.endswith("tak.yaml")  # at `stacking: true`, which the typed file inherits


def test_sizes_read_as_people_write_them():
    assert size_text(6.0 * 1024 ** 3) == "6.0 GiB" and size_text(64 * 1024 ** 2) == "64 MiB"
    assert size_text(1536) == "1.5 KiB" and size_text(12) == "12 bytes"
    with pytest.raises(ValueError):
        Limits(moves=-1)
