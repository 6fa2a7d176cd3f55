"""The connection predicate's cheap tests (the fewest squares, a square in every distance layer)
never change its answer: compared with a plain breadth-first search on random boards."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

import spielwerk

HEX_ROAD = ("extends: attangle\ngame: hexroad\n"
            "predicates:\n  road:\n    connection: {pieces: [stone], between: [[south, north]], adjacency: all}\n"
            "end:\n  - when: road(mover)\n    winner: mover\n    result: stacks\n")


def linked(game, mask, a, b, directions):
    """Whether the squares of ``mask`` link regions ``a`` and ``b`` (plain search)."""
    topo = game.topology
    seen = [sq for sq in range(topo.size) if mask >> sq & 1 and a >> sq & 1]
    todo = list(seen)
    reached = set(seen)
    while todo:
        sq = todo.pop()
        if b >> sq & 1:
            return True
        for d in directions:
            t = topo.step(sq, d)
            if t >= 0 and mask >> t & 1 and t not in reached:
                reached.add(t)
                todo.append(t)
    return False


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    path = tmp_path_factory.mktemp("hex") / "hexroad.yaml"
    path.write_text(HEX_ROAD)
    return {"tak5": spielwerk.load("tak", size=5), "tak8": spielwerk.load("tak", size=8),
            "hex": spielwerk.load(str(path))}


@settings(max_examples=300, deadline=None)
@given(which=hs.sampled_from(["tak5", "tak8", "hex"]), bits=hs.integers(0, (1 << 64) - 1),
       density=hs.integers(1, 7))
def test_layers_and_counts_agree_with_a_plain_search(games, which, bits, density):
    game = games[which]
    pred = game.predicates["road"]
    topo = game.topology
    # a random set of squares, denser or sparser, within the board
    mask = 0
    rnd = bits
    for sq in range(topo.size):
        if rnd % 8 < density:
            mask |= 1 << sq
        rnd = (rnd * 6364136223846793005 + 1442695040888963407) % (1 << 64)
    mask &= topo.full_mask
    st = game.initial()
    code = pred.codes[1][0]
    st.tops = [0] * game.num_codes
    st.tops[code] = mask
    directions = topo.directions("orthogonal" if which != "hex" else "all")
    expected = any(linked(game, mask, a, b, directions) for a, b in pred.pairs[1])
    assert pred.holds(st, 1) == expected


def test_the_layers_of_a_square_board_are_its_files_and_ranks(games):
    pred = games["tak5"].predicates["road"]
    assert pred.min_squares[1] == pred.min_squares[2] == 5  # per player: Tak's roads are both players'
    assert all(len(layers) == 5 for layers in pred.layers[1])
    assert all(layer.bit_count() == 5 for layers in pred.layers[1] for layer in layers)
