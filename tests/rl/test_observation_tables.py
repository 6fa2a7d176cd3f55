"""The observation written through the index tables (spielwerk.learning.observation.Writer) is,
value for value, the vector the former square-by-square code built (tests/reference), on random
play of every bundled game and of games of more players, from every seat, mid-turn too; and a
batch of rows written at once is the rows written one by one."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import spielwerk
from spielwerk.learning.observation import observation_size, writer
from observation_reference import reference_observation

CASES = [(name, {}) for name in spielwerk.bundled_games()] + [
    ("maedn", {"players": 3}), ("maedn", {"players": 4}), ("chinese-checkers", {"players": 3}),
    ("chinese-checkers", {"players": 6}), ("tak", {"size": 3}),
]


def _load(name: str, options: dict[str, Any]) -> Any:
    try:
        return spielwerk.load(name, **options)
    except spielwerk.SpielwerkError as exc:  # pragma: no cover - a game or option not bundled
        pytest.skip(str(exc).splitlines()[0])


def _random_states(game: Any, seed: int, plies: int) -> list[Any]:
    """The states of a random game, one action at a time (turns in progress included)."""
    rng = random.Random(seed)
    st = game.initial()
    out = [st.copy()]
    for _ in range(plies):
        player = st.current_player()
        if player < 0:
            break
        if player == 0:
            st.apply_action(_chance(st, rng))
        else:
            st.apply_action(rng.choice(st.legal_actions()))
        out.append(st.copy())
    return out


def _chance(st: Any, rng: random.Random) -> int:
    ids, weights = zip(*st.chance_actions())
    return int(rng.choices(ids, weights)[0])


@pytest.mark.parametrize("name,options", CASES, ids=[f"{n}{o or ''}" for n, o in CASES])
def test_the_tables_give_the_former_vectors(name: str, options: dict[str, Any]) -> None:
    game = _load(name, options)
    players = len(game.players)
    size = observation_size(game)
    states = [st for seed in range(3) for st in _random_states(game, seed, 150)]
    for st in states:
        for viewer in [None, *range(1, players + 1)]:
            want = reference_observation(st, viewer)
            got = st.observation(viewer)
            assert got.dtype == np.float32 and got.shape == (size,)
            assert np.array_equal(got, want), (st.ply, viewer)
            into = np.full(size, 7.0, dtype=np.float32)  # a used buffer: every value is written
            assert st.observation(viewer, into) is into and np.array_equal(into, want)
    rows = np.full((len(states), size), 3.0, dtype=np.float32)
    writer(game).write(states, rows)
    assert np.array_equal(rows, np.stack([reference_observation(st) for st in states]))


def test_a_batch_needs_contiguous_rows() -> None:
    game = spielwerk.load("tic-tac-toe")
    rows = np.zeros((observation_size(game), 2), dtype=np.float32).T
    with pytest.raises(ValueError, match="contiguous"):
        writer(game).write([game.initial(), game.initial()], rows)


@pytest.mark.parametrize("name", ["backgammon", "tak", "lasca", "tic-tac-toe"])
def test_a_vector_of_games_shows_the_former_vectors(name: str) -> None:
    """VectorGame's observations, written a batch at a time, are the former vectors of its states,
    step after step of random play (games ending and starting again on the way)."""
    from spielwerk.learning.vector import VectorGame, random_actions

    game = spielwerk.load(name)
    rng = np.random.default_rng(4)
    with VectorGame(game, 8, seed=2) as vg:
        obs, mask, _ = vg.reset()
        for _ in range(60):
            want = np.stack([reference_observation(st) for st in vg.states()])
            assert np.array_equal(obs, want)
            obs, mask, _, _, _ = vg.step(random_actions(mask, rng))
