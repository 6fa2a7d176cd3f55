"""Focus against an independent reading of the rules (``tests/reference/focus_reference.py``, written from
NEW-GAMES.md section 1 alone): perft counts, and on many random positions every legal move (as text),
the position text after it, and the result."""

from __future__ import annotations

import random

import focus_reference as ref
import pytest
from focus_board import GAME, greedy_choice, random_position
from hypothesis import given, settings
from hypothesis import strategies as st

# Middle-game positions with tall stacks, reserves and captures. The first three are the reference's
# own `_random_position(seed)` for seeds 1, 2 and 3 (random play until a stack of 3 or more, a
# reserve for the player to move and a capture); the fourth was reached by two capture-loving random
# players (seed 106, ply 67): two 5-stacks, both reserves, both players have captured. The depth-3
# figures were computed by the reference (the slow tests recompute them).
MIDDLE = [
    ("x,2,x,2/x3,1,x,122/x6,1,11/112,12,x,21211,x2,222,1/x7,21/x2,22,x5/11221,x5/x,1,x2 1 1 0 2 0",
     [99, 4055, 299793]),
    ("x3,2/x2,21121,x2,2/x,2,x3,2,x,1/x,21,x,2,x2,1,x/x2,2,x,22,x2,12/x5,2121,x2/111,x3,1,2/12,221,x,1 1 1 0 0 1",
     [106, 4200, 346591]),
    ("1,x3/2,1,x,1,x2/x,21122,x4,1,x/x,11,2,x,2,122,2,x/x4,1,11,2,12/x3,2,x2,22121,x/x,1,x,21,x2/x,2,x2 1 1 0 1 0",
     [107, 5529, 460480]),
    ("x4/x5,11222/x3,21,x2,1,x/x3,12211,x4/x8/x2,2,x5/x3,12,x2/x2,2121,x 2 1 2 6 7",
     [73, 6189, 473322]),
]


def engine_after(s) -> dict[str, str]:
    """{move text: position text after it} of the engine, checking that no text is listed twice."""
    out = {}
    for m in s.legal_moves():
        text = s.move_text(m)
        assert text not in out, f"{text} listed twice"
        s.push(m)
        out[text] = s.text()
        s.pop()
    return out


def reference_after(p) -> dict[str, str]:
    return {text: ref.text(q) for text, q in ref.moves(p).items()}


def test_the_reference_passes_its_own_self_check():
    assert ref._self_check()


def test_the_start_is_the_same_position():
    assert GAME.initial().text() == ref.text(ref.start())


def test_perft_from_the_start_to_depth_3_equals_the_references():
    s = GAME.initial()
    p = ref.start()
    assert [GAME.perft(s, d) for d in (1, 2, 3)] == [ref.perft(p, d) for d in (1, 2, 3)] == [68, 4460, 299912]


@pytest.mark.parametrize("text,counts", MIDDLE, ids=["seed1", "seed2", "seed3", "two-five-stacks"])
def test_perft_to_depth_3_from_a_middle_game_position(text, counts):
    s = GAME.parse_position(text)
    assert s.text() == text
    assert [GAME.perft(s, d) for d in (1, 2, 3)] == counts
    p = ref.parse(text)
    assert [ref.perft(p, d) for d in (1, 2)] == counts[:2]


@pytest.mark.parametrize("text,counts", MIDDLE, ids=["seed1", "seed2", "seed3", "two-five-stacks"])
def test_perft_divide_at_depth_2_agrees_move_by_move(text, counts):
    s = GAME.parse_position(text)
    p = ref.parse(text)
    ours = {}
    for m in s.legal_moves():
        t = s.move_text(m)
        s.push(m)
        ours[t] = GAME.perft(s, 1)
        s.pop()
    assert ours == {t: ref.perft(q, 1) for t, q in ref.moves(p).items()}


def test_the_first_three_middle_positions_are_the_references_random_positions():
    for seed, (text, _) in zip((1, 2, 3), MIDDLE):
        pos, _ = ref._random_position(seed)
        assert ref.text(pos) == text


@pytest.mark.slow
@pytest.mark.parametrize("text,counts", MIDDLE, ids=["seed1", "seed2", "seed3", "two-five-stacks"])
def test_the_reference_computes_the_depth_3_figures_live(text, counts):
    assert ref.perft(ref.parse(text), 3) == counts[2] == GAME.perft(GAME.parse_position(text), 3)


# -- many random positions: the same moves, the same positions after them, the same result ----------

def compare(s) -> None:
    text = s.text()
    p = ref.parse(text)
    assert ref.text(p) == text
    assert engine_after(s) == reference_after(p)
    out = s.outcome()
    assert (out.winner if out is not None else None) == ref.result(p)


def walk(seed: int, plies: int, greedy: bool):
    """Up to ``plies`` moves from the start, uniformly random or capture-loving."""
    rng = random.Random(seed)
    s = GAME.initial()
    for _ in range(plies):
        legal = s.legal_moves()
        if not legal:
            break
        s.push(greedy_choice(rng, s, legal) if greedy else rng.choice(legal))
    return s


@settings(max_examples=80, deadline=None, derandomize=True)
@given(st.integers(0, 2**32), st.integers(0, 160), st.booleans())
def test_random_games_agree_with_the_reference(seed, plies, greedy):
    compare(walk(seed, plies, greedy))


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.integers(0, 2**32))
def test_arbitrary_positions_agree_with_the_reference(seed):
    # random stacks of any height up to 5, reserves, captures, either side to move; many of them
    # leave the player to move without a move
    compare(GAME.parse_position(random_position(random.Random(seed))))


def test_the_arbitrary_positions_include_finished_ones_and_drops_on_five_stacks():
    # the generator above covers what it should: positions won and lost, and drops onto 5-stacks
    finished = drops_on_five = 0
    for seed in range(400):
        s = GAME.parse_position(random_position(random.Random(seed)))
        finished += s.outcome() is not None
        if sum(s.reserves[s.to_move]) and any(len(x) == 5 for x in s.stacks):
            drops_on_five += 1
    assert finished >= 20 and drops_on_five >= 20


@pytest.mark.slow
def test_seeded_games_agree_with_the_reference_at_every_ply():
    # the engine and the reference play the same move texts side by side to the end of each game
    for seed in range(20):
        rng = random.Random(seed)
        s = GAME.initial()
        p = ref.start()
        while True:
            compare(s)
            assert s.text() == ref.text(p)
            legal = s.legal_moves()
            if not legal or s.ply >= 400:
                break
            text = s.move_text(greedy_choice(rng, s, legal) if seed % 4 else rng.choice(legal))
            s.push_text(text)
            p = ref.play(p, text)
