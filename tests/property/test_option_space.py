"""Every game under every documented option value reads back every position it writes.

The configurations: each bundled game (and each of the gallery's) with its defaults and with each value of each option it
declares, one option at a time (a choice's values, both booleans, every whole number of a range of
up to nine, else its ends); each example game in docs/examples the same way; and the variants of
bundled games that once wrote positions their own reader refused (tests/data/repro/bounds: Focus
with own pieces captured). Each configuration plays random games (dice turns number by number)
and reads every position text back: the same text, the same hash and the same position, as
tests/property/test_long_play.py checks (``_reparse``: what a text by design does not carry
aside).

The default run plays one game of up to 100 plies a configuration (about 15 seconds in all here);
``SPIELWERK_PROFILE=slow`` plays ten games of up to 1,000 plies.
"""

from __future__ import annotations

import glob
import os
import random
from typing import Any

import pytest
from fuzzing import scaled
from test_long_play import RULES, Rule, _reparse

import spielwerk
from spielwerk.agents import RandomAgent, play_turn, sample_chance
from spielwerk.api import load_spec_for
from spielwerk.dsl.loader import bundled_games, gallery_games

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
EXAMPLES = sorted(glob.glob(os.path.join(ROOT, "docs", "examples", "*.yaml")))
VARIANTS = [os.path.join(HERE, "..", "data", "repro", "bounds", "focus-own-capture.yaml")]

GAMES_PER_CONFIGURATION = scaled(1)
PLIES = scaled(100)
#: what a position text does not carry, for the games test_long_play.py has no rule for
PLAIN = Rule("none", "a game read back whole")


def documented_values(decl: dict[str, Any]) -> list[Any]:
    """The values an option's declaration documents (see the module docstring)."""
    kind = decl.get("type", "int")
    if kind == "bool":
        return [False, True]
    if kind == "choice":
        return list(decl.get("values", []))
    if kind == "int" and "min" in decl and "max" in decl:
        low, high = int(decl["min"]), int(decl["max"])
        return list(range(low, high + 1)) if high - low <= 8 else [low, high]
    return []


def configurations() -> list[tuple[str, str, dict[str, Any]]]:
    """(label, game name or path, options)."""
    out = []
    sources = [(name, name) for name in bundled_games() + gallery_games()]
    sources += [(os.path.basename(path), path) for path in EXAMPLES + VARIANTS]
    for label, source in sources:
        spec = load_spec_for(source)
        out.append((label, source, {}))
        defaults = spec.resolve_options({})
        for key in spec.options:
            for value in documented_values(spec.option_decl(key)):
                if value != defaults[key]:
                    out.append((f"{label}[{key}={value}]", source, {key: value}))
    return out


CONFIGURATIONS = configurations()


def rule_of(game: Any) -> Rule:
    return RULES.get(game.name, PLAIN)


def check(game: Any, rule: Rule, st: Any, where: str) -> None:
    problem = _reparse(game, rule, st)
    assert problem is None, f"{where}: position {st.text()!r}: [{problem[0]}] {problem[1]}"


@pytest.mark.parametrize("label, source, options", CONFIGURATIONS, ids=[c[0] for c in CONFIGURATIONS])
def test_every_position_written_reads_back(label, source, options):
    game = spielwerk.load(source, **options)
    rule = rule_of(game)
    for seed in range(GAMES_PER_CONFIGURATION):
        rng = random.Random(seed)
        walker = RandomAgent(rng.randrange(1 << 30), by="step")
        st = game.initial()
        check(game, rule, st, f"{label} seed {seed} at the start")
        for ply in range(PLIES):
            if st.is_chance():
                st.push(sample_chance(game, st, rng))
            else:
                if st.outcome() is not None:
                    break
                move = play_turn(st, walker)
                if move is None:
                    break
                st.push(move)
            check(game, rule, st, f"{label} seed {seed} ply {ply + 1}")


def test_the_configurations_cover_every_documented_value():
    labels = {label for label, _, _ in CONFIGURATIONS}
    assert {"tak[size=3]", "tak[size=8]", "tak[komi=20]", "backgammon[money=True]", "tackle[job=Turm3]",
            "tackle[gold_area=court]", "puff[entering_order=lower_first]", "trictrac[carry_over=False]",
            "focus-own-capture.yaml", "checkers.yaml"} <= labels
    assert len([label for label in labels if label.startswith("tackle[job=")]) == 16  # every other job
