"""Perft counts of Tak from published tables: 3x3 to 8x8 and a middle-game TPS."""

from __future__ import annotations

import os

import pytest

import spielwerk

DATA = os.path.join(os.path.dirname(__file__), "..", "..", "data", "tak-perft.tsv")
FAST_LEAVES = 500_000  # counts above this run only in the slow suite


def _cases():
    with open(DATA, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#") or not line.strip():
                continue
            size, position, counts = line.rstrip("\n").split("\t")
            for depth, count in enumerate(map(int, counts.split()), 1):
                marks = [pytest.mark.slow] if count > FAST_LEAVES else []
                yield pytest.param(int(size), position, depth, count, marks=marks,
                                   id=f"{size}x{size}-{'start' if position == 'start' else 'tps'}-d{depth}")


@pytest.mark.parametrize("size,position,depth,count", list(_cases()))
def test_perft(size, position, depth, count):
    game = spielwerk.load("tak", size=size)
    state = game.initial() if position == "start" else game.parse_position(position)
    assert game.perft(state, depth) == count


def test_perft_of_a_finished_game_is_zero_beyond_depth_zero():
    game = spielwerk.load("tak", size=3)
    # a road along rank 1 for player 1, made by the last move
    state = game.parse_position("x3/2,2,x/1,1,1 2 4")
    assert state.outcome() is not None and state.outcome().token == "R-0"
    assert game.perft(state, 0) == 1
    assert game.perft(state, 1) == 0
    assert game.perft(state, 2) == 0
