"""A full Attangle game to a win; invariants under random play (hypothesis)."""

from __future__ import annotations

import os
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from walking import check_moves_round_trip

import spielwerk
from spielwerk.cli import main
from spielwerk.replay import replay_text

GAME_FILE = os.path.join(os.path.dirname(__file__), "..", "..", "data", "attangle-game.txt")
GAMES = {"attangle": spielwerk.load("attangle"), "attangle-square": spielwerk.load("attangle-square")}


def test_a_full_game_ends_in_a_win(capsys):
    with open(GAME_FILE, encoding="utf-8") as fh:
        (game,) = replay_text(spielwerk.load_spec_for("attangle"), fh.read())
    assert game.error is None
    out = game.outcome
    assert out.winner == 2 and out.result == "stacks" and game.result == game.record.recorded_result == "0-1"
    five = [s for s in game.state.stacks if len(s) == 5 and s[-1] & 1]
    assert len(five) >= 3
    assert main(["replay", "attangle", GAME_FILE]) == 0
    assert capsys.readouterr().out == "result: 0-1\n"


def walk(name, seed, plies):
    g = GAMES[name]
    s = g.initial()
    rng = random.Random(seed)
    conv = next(p.index for p in g.primitives if p.name == "converge")
    placed = 0
    for _ in range(plies):
        moves = s.legal_moves()
        if not moves:
            break
        caps = [m for m in moves if m[0] == conv]
        m = rng.choice(caps) if caps and rng.random() < 0.6 else rng.choice(moves)
        placed += m[0] != conv
        s.push(m)
    return s, placed


#: what to play, not yet played: drawing it costs nothing, and each test plays it (a strategy
#: that plays while it draws is as slow as the machine, which Hypothesis takes for a bad strategy)
walks = st.tuples(st.sampled_from(sorted(GAMES)), st.integers(0, 2**32), st.integers(0, 80))


@settings(max_examples=60, deadline=None)
@given(walks)
def test_pieces_on_the_board_are_the_pieces_placed_and_stacks_have_odd_heights(recipe):
    s, placed = walk(*recipe)
    assert sum(len(x) for x in s.stacks) == placed
    for stack in s.stacks:
        assert len(stack) in (0, 1, 3, 5)
        if stack:  # the owner of the top piece has the majority
            top = stack[-1] & 1
            assert sum(1 for pc in stack if pc & 1 == top) * 2 > len(stack)


@settings(max_examples=40, deadline=None)
@given(walks)
def test_apply_undo_and_notation_and_position_round_trip(recipe):
    s, _ = walk(*recipe)
    g = s.game
    text = s.text()
    assert g.parse_position(text).text() == text
    check_moves_round_trip(s)
