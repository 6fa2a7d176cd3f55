"""The step view of dice turns (Game.turn_steps / turn_move): one number at a time, the rules for
using the dice kept by looking ahead, every legal turn's result reached and nothing else."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

import spielwerk
from spielwerk.agents import RandomAgent, play_turn, playout, sample_chance
from spielwerk.blocks.track import STOP

BACKGAMMON = spielwerk.load("backgammon")
BG_TRACK = next(p for p in BACKGAMMON.primitives if p.name == "track")


def results_listed(game, st):
    out = set()
    for m in game.legal_moves(st):
        info = game.apply(st, m)
        out.add(st.key())
        game.undo(st, m, info)
    return out


def results_by_steps(game, st, limit=200_000):
    """Every result the step view reaches, walking every sequence of choices."""
    out = set()
    walked = [0]

    def finish(done):
        m = game.turn_move(st, done)
        info = game.apply(st, m)
        out.add(st.key())
        game.undo(st, m, info)

    def walk(done):
        walked[0] += 1
        assert walked[0] < limit
        choices = game.turn_steps(st, done)
        if not choices:
            finish(done)
        for c in choices:
            if c is STOP:
                finish(done)
            else:
                walk(done + (c,))

    walk(())
    return out


def dice_turns(game, games, seed, most=400, max_moves=None):
    """States with the dice rolled from random games played by steps (with no more than
    ``max_moves`` legal moves, if given: listing a big roll's turns is what costs)."""
    rng = random.Random(seed)
    agent = RandomAgent(seed, by="step")
    for _ in range(games):
        st = game.initial()
        for _ in range(most):
            if st.result is not None:
                break
            if game.is_chance(st):
                st.push(sample_chance(game, st, rng))
                continue
            if st.dice is not None and (max_moves is None or len(game.legal_moves(st)) <= max_moves):
                yield st
            move = play_turn(st, agent)
            if move is None:
                break
            st.push(move)


def bg_position(me, opp=None, bar=0, roll=(6, 5)):
    stacks = [[] for _ in range(BACKGAMMON.topology.size)]
    for p, points, on_bar in ((1, me, bar), (2, {1: 2} if opp is None else opp, 0)):
        code = BG_TRACK.code[p]
        for own, n in points.items():
            stacks[BG_TRACK.paths[p][24 - own]] = [code] * n
        stacks[BG_TRACK.bar[p]] = [code] * on_bar
        stacks[BG_TRACK.off[p]] = [code] * (15 - sum(points.values()) - on_bar)
    st = BACKGAMMON.state_from_board(stacks, 10, 1)
    st.push(BACKGAMMON.roll(*roll))
    return st


def square(own):
    """White's own point number -> its square."""
    return BG_TRACK.paths[1][24 - own]


# -- the rules of using the dice, one step at a time ----------------------------------------------

def test_only_the_higher_number_is_offered_when_only_one_can_be_played():
    st = bg_position({24: 1}, {12: 2})  # 13 closed: 6-5 plays one number, the 6
    assert st.turn_steps() == [(square(24), square(18))]
    assert st.turn_steps([(square(24), square(18))]) == []
    assert st.game.turn_move(st, [(square(24), square(18))]) in [tuple(m) for m in st.legal_moves()]


def test_a_step_after_which_the_other_number_cannot_be_played_is_not_offered():
    # 6-5 with checkers on 24 and 7, the 13- and 2-points closed: 24/18 first leaves the 5
    # unplayable (18/13, 7/2), so it is not offered; 24/19 7/1 uses both numbers
    st = bg_position({24: 1, 7: 1}, {12: 2, 23: 2})
    first = st.turn_steps()
    assert (square(24), square(18)) not in first
    assert sorted(first) == sorted([(square(24), square(19)), (square(7), square(1))])
    assert results_by_steps(BACKGAMMON, st) == results_listed(BACKGAMMON, st)


def test_a_roll_with_nothing_playable_is_an_empty_turn():
    st = bg_position({1: 2}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}, bar=1, roll=(3, 1))
    assert st.turn_steps() == []
    assert BACKGAMMON.format_move(st, BACKGAMMON.turn_move(st, [])) == "pass"


def test_doubles_are_four_steps_in_any_order():
    st = bg_position({24: 2, 13: 5, 8: 3, 6: 5}, {6: 5}, roll=(2, 2))
    rng = random.Random(1)
    for _ in range(50):
        done = []
        while True:
            choices = st.turn_steps(done)
            if not choices:
                break
            done.append(rng.choice(choices))
        assert len(done) == 4
    # a checker further forward may move first, then one further back
    assert (square(6), square(4)) in st.turn_steps()
    assert (square(24), square(22)) in st.turn_steps([(square(6), square(4))])


def test_outside_a_dice_turn_the_choices_are_the_legal_moves():
    tak = spielwerk.load("tak", size=4)
    st = tak.initial()
    assert tak.turn_steps(st) == tak.legal_moves(st)
    move = tak.legal_moves(st)[3]
    assert tak.turn_steps(st, [move]) == []
    assert tak.turn_move(st, [move]) == move
    with pytest.raises(spielwerk.InvalidMoveError):
        tak.turn_move(st, [])
    assert BACKGAMMON.turn_steps(BACKGAMMON.initial()) == []  # a roll is due: no move to choose


def test_puff_offers_stopping_where_the_numbers_underneath_are_optional():
    puff = spielwerk.load("puff")
    st = puff.initial()
    rng = random.Random(3)
    seen_stop = False
    for st in dice_turns(puff, 6, 3):
        if st.dice[0] == st.dice[1]:
            done = []
            while True:
                choices = puff.turn_steps(st, done)
                if not choices:
                    break
                if STOP in choices:
                    seen_stop = True
                    assert len(done) >= 2  # the two numbers on top are owed first
                choice = rng.choice(choices)
                if choice is STOP:
                    break
                done.append(choice)
    assert seen_stop


# -- every result, and nothing else, in every dice game -------------------------------------------

CASES = [
    ("backgammon", {}, 4),
    ("plakoto", {}, 5),
    ("plakoto", {"ending_turns": "apart"}, 5),
    ("puff", {}, 1),  # a Puff game is long: one holds over 100 rolls
    ("puff", {"entering_order": "lower_first", "entered_moves_on": False}, 1),
    ("trictrac", {}, 2),  # the corner's rules: the view is read from the listed turns
]


@pytest.mark.parametrize("name,options,games", CASES, ids=[f"{n}-{o}" for n, o, _ in CASES])
def test_the_step_view_reaches_exactly_the_legal_results(name, options, games):
    game = spielwerk.load(name, **options)
    checked = 0
    for st in dice_turns(game, games, seed=11, max_moves=150):
        assert results_by_steps(game, st) == results_listed(game, st), st.text()
        checked += 1
    assert checked > 50


VARIANTS = {
    "lower-first": """
extends: backgammon
game: bg-lower-first
phases:
  - name: play
    dice: {count: 2, faces: 6}
    doubles: {play: 4, later: {from: 2, play: 2}}
    moves:
      - track: {pieces: [checker], hit: {to: bar}, maximize: higher, order: lower_first}
""",
    "points-no-corner": """
extends: trictrac
game: tt-no-corner
phases:
  - name: play
    dice: {count: 2, faces: 6}
    opening: {dice: 2, ties: reroll, starter_plays: opening_roll}
    doubles: {play: 2, roll_again: true}
    moves:
      - track:
          pieces: [checker]
          start: {point: 1, clear_first: true}
          hit: {to: start, except_on: ["1", "1A"]}
          bear_off: {requires: none, at: last_point, overshoot: any, to: borne_off, return_to_start: true}
          maximize: dice
""",
}


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_step_view_of_variant_files(tmp_path, name):
    path = tmp_path / f"{name}.yaml"
    path.write_text(VARIANTS[name])
    game = spielwerk.load(str(path))
    checked = 0
    for st in dice_turns(game, 3, seed=5, max_moves=150):
        assert results_by_steps(game, st) == results_listed(game, st), st.text()
        checked += 1
    assert checked > 30


@settings(max_examples=12, deadline=None)
@given(seed=hs.integers(0, 10_000), name=hs.sampled_from(["backgammon", "puff", "plakoto", "trictrac"]))
def test_random_steps_always_make_a_legal_turn(seed, name):
    """Random choices, big rolls included: the turn made is one of the legal moves' results, with
    the points the listed turn earns."""
    game = spielwerk.load(name)
    rng = random.Random(seed)
    for st in dice_turns(game, 1, seed, most=120, max_moves=3_000):
        move = play_turn(st, RandomAgent(rng.randrange(1 << 30), by="step"))
        info = game.apply(st, move)
        after = st.key()
        game.undo(st, move, info)
        assert after in results_listed(game, st)


def test_step_playouts_finish_and_are_reproducible():
    for name in ("backgammon", "puff", "plakoto", "trictrac"):
        game = spielwerk.load(name)
        ends = []
        for _ in range(2):
            st = game.initial()
            ends.append((playout(st, RandomAgent(4, by="step"), rng=random.Random(9)), st.key()))
        assert ends[0] == ends[1] and ends[0][0] is not None


def test_random_agent_by_is_checked():
    with pytest.raises(ValueError):
        RandomAgent(1, by="steps")
