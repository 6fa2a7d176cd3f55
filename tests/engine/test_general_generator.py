"""Where a `move` has the shape of a specialised generator (a stack spread along a line, a piece
sliding, a piece stepping), the engine uses that generator; the general one must list the same
moves with the same results. Compared on every bundled game that writes `move`, by perft and by
every move's text and result on positions of random games."""

from __future__ import annotations

import pytest
from walking import random_walk

import spielwerk

GAMES = [("tak", {"size": 3}), ("tak", {"size": 5}), ("tak-2caps", {}), ("tackle", {"job": "Quadrat"}),
         ("tactix", {}), ("focus", {}), ("lasca", {}), ("dvonn", {}),
         # steps and slides in the players' own directions (``forward``, ``sideways``)
         ("xiangqi", {}), ("turkish-draughts", {}), ("russian-draughts", {}), ("breakthrough", {})]


def both(name, options):
    fast = spielwerk.load(name, **options)
    return fast, spielwerk.Game(fast.spec, options, fast_paths=False)


def test_the_bundled_games_use_the_specialised_generators():
    kinds = {name: {type(p).__name__ for p in spielwerk.load(name).primitives} for name in ("tak", "tackle", "tactix")}
    assert "Carry" in kinds["tak"] and "Slide" in kinds["tackle"] and "Step" in kinds["tactix"]
    general = spielwerk.Game(spielwerk.load("tak").spec, fast_paths=False)
    assert "Carry" not in {type(p).__name__ for p in general.primitives}


@pytest.mark.parametrize("name,options", GAMES, ids=[f"{g}{o}" for g, o in GAMES])
def test_same_perft(name, options):
    fast, general = both(name, options)
    depth = 3 if name in ("tak", "tak-2caps", "tactix", "lasca", "turkish-draughts", "russian-draughts",
                                 "breakthrough") else 2
    assert [general.perft(general.initial(), d) for d in range(1, depth + 1)] == \
        [fast.perft(fast.initial(), d) for d in range(1, depth + 1)]


def results(state):
    out = {}
    for m in state.legal_moves():
        text = state.move_text(m)
        state.push(m)
        out[text] = (state.text(), state.hash)
        state.pop()
    return out


@pytest.mark.parametrize("name,options", GAMES, ids=[f"{g}{o}" for g, o in GAMES])
def test_same_moves_and_results_in_played_positions(name, options):
    fast, general = both(name, options)
    for seed in range(12):
        st = random_walk(fast, seed, 8 + 7 * seed)
        other = general.parse_position(st.text())
        assert other.hash == st.hash
        assert results(other) == results(st)  # the same texts, positions and hashes
