"""Action ids: the fixed integer decisions of every game (spielwerk.learning.actions).

The round trip for every legal move of random positions of every bundled game; the parts of
dice turns and capture chains reach exactly the legal moves' results; chance ids; the ids stay
the same from run to run.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

import spielwerk
from spielwerk.dsl.errors import IllegalMoveError
from spielwerk.agents import sample_chance
from walking import random_walk, step_walk

GAMES = [(name, {}) for name in spielwerk.bundled_games()] + [
    ("tak", {"size": 3}), ("tak", {"size": 6}), ("plakoto", {"ending_turns": "apart"}),
]


def _load(name: str, options: dict[str, Any]) -> Any:
    return spielwerk.load(name, **options)


_GAMES: dict[str, Any] = {}


def game_of(name: str, options: dict[str, Any]) -> Any:
    key = f"{name}{sorted(options.items())}"
    if key not in _GAMES:
        _GAMES[key] = _load(name, options)
    return _GAMES[key]


def board_key(st: Any) -> Any:
    """The position without the turn in progress."""
    return st.key()[:-1]


def check_position(st: Any) -> None:
    game = st.game
    space = game.action_space
    acts = st.legal_actions()
    assert acts == sorted(set(acts)) and all(0 <= a < game.num_actions for a in acts)
    assert [a for a, ok in enumerate(st.legal_action_mask()) if ok] == acts
    if game.stepwise(st):
        prim = game._stepper(st)
        for choice in game.turn_steps(st):
            a = space.stop if choice is None else space.part_id(prim.index, choice)
            assert a in acts
            if choice is not None:
                assert game.action_to_move(st, a) == choice
        if not game.turn_steps(st):  # nothing to play: the one action ends the turn
            assert acts == [space.stop]
    for move in st.legal_moves():
        ids = game.move_to_actions(st, move)
        assert ids[0] in acts
        if len(ids) == 1 and not game.stepwise(st):
            assert game.move_to_action(move) == ids[0]
            assert game.action_to_move(st, ids[0]) == move
        played = st.copy()
        for a in ids:
            assert played.current_player() == st.to_move
            played.apply_action(a)
        pushed = st.copy()
        pushed.push(move)
        assert not played.turn and board_key(played) == board_key(pushed), (move, ids)
    for a in acts:
        assert isinstance(st.action_text(a), str)


@pytest.mark.parametrize("name,options", GAMES, ids=[f"{n}{o or ''}" for n, o in GAMES])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 10**6), plies=hs.integers(0, 80))
def test_every_legal_move_round_trips(name: str, options: dict[str, Any], seed: int, plies: int) -> None:
    game = game_of(name, options)
    walk = step_walk if game.roll_index >= 0 and name == "puff" else random_walk
    st = walk(game, seed, plies)
    rng = random.Random(seed)
    while st.is_chance():
        st.push(sample_chance(game, st, rng))
    if st.is_terminal():
        assert st.legal_actions() == [] and not any(st.legal_action_mask())
        return
    if name == "puff" and len(st.legal_moves()) > 3000:  # its giant rolls are walked in a test of their own
        return
    check_position(st)


def results_by_actions(st: Any) -> set[Any]:
    """Every position reachable by choosing actions until the turn is complete."""
    out: set[Any] = set()
    start = len(st.stack)
    for a in st.legal_actions():
        nxt = st.copy()
        nxt.apply_action(a)
        if len(nxt.stack) > start:
            out.add(board_key(nxt))
        else:
            out |= results_by_actions(nxt)
    return out


def results_by_moves(st: Any) -> set[Any]:
    out = set()
    for m in st.legal_moves():
        nxt = st.copy()
        nxt.push(m)
        out.add(board_key(nxt))
    return out


@pytest.mark.parametrize("name,options", [("backgammon", {}), ("plakoto", {}), ("plakoto", {"ending_turns": "apart"}),
                                          ("trictrac", {}), ("puff", {}), ("lasca", {})])
def test_parts_reach_exactly_the_legal_moves(name: str, options: dict[str, Any]) -> None:
    """A dice turn chosen die by die, and a capture chain hop by hop, end in exactly the
    positions the legal moves lead to."""
    game = game_of(name, options)
    checked = multi = 0
    for seed in range(40):
        st = random_walk(game, seed, 3 + seed % 30, by_step=True)
        if st.is_terminal() or len(st.legal_moves()) > 400:
            continue
        assert results_by_actions(st) == results_by_moves(st)
        checked += 1
        multi += any(len(game.move_to_actions(st, m)) > 1 for m in st.legal_moves())
    assert checked >= 20 and multi >= 3


def test_a_chain_is_chosen_hop_by_hop() -> None:
    game = game_of("lasca", {})
    for seed in range(300):
        st = random_walk(game, seed, 10 + seed % 40)
        chains = [m for m in st.legal_moves() if len(game.primitives[m[0]].action_parts(m)) > 1]
        if chains:
            break
    else:  # pragma: no cover
        pytest.fail("no chain of two hops found")
    move = chains[0]
    ids = game.move_to_actions(st, move)
    st2 = st.copy()
    st2.apply_action(ids[0])
    assert st2.turn and st2.current_player() == st.to_move and len(st2.stack) == len(st.stack)
    assert "-" in st.action_text(ids[0])
    with pytest.raises(IllegalMoveError):
        st2.apply_action(ids[0])  # the hop already made is no next hop
    for a in ids[1:]:
        st2.apply_action(a)
    assert st2.stack[-1][0] == move


def test_a_dice_turn_is_one_action_per_number() -> None:
    game = game_of("backgammon", {})
    st = game.initial()
    st.roll(6, 5)  # (an opening roll where the start is decided by one die each)
    assert st.current_player() == st.to_move
    acts = st.legal_actions()
    first = acts[0]
    text = st.action_text(first)
    assert "/" in text
    st.apply_action(first)
    assert len(st.turn) == 1 and not st.stack[-1][0][0] == 0
    st.apply_action(st.legal_actions()[0])
    assert st.turn == () and st.stack[-1][0][0] == game.action_space.blocks[0].primitive
    assert st.is_chance() and st.current_player() == 0


def test_chance_ids() -> None:
    game = game_of("backgammon", {})
    st = game.initial()
    assert st.current_player() == 0
    opening = st.chance_actions()
    assert abs(sum(p for _, p in opening) - 1) < 1e-12 and len({a for a, _ in opening}) == len(opening)
    assert sorted(a for a, _ in opening) == st.legal_actions()
    for a, p in opening:
        move = game.action_to_move(st, a)
        assert game.move_to_action(move) == a
        assert Fraction(p).limit_denominator(10**6) == dict(game.chance_outcomes(st))[move]
    st.apply_action(opening[0][0])
    assert st.dice is not None
    with pytest.raises(IllegalMoveError):
        game.action_to_move(game.initial(), 0)  # starter 0 with no dice: no outcome of an opening
    assert game.num_chance_outcomes == 3 * 21 + 2


def test_illegal_actions_say_why() -> None:
    game = game_of("tak", {"size": 5})
    st = game.initial()
    with pytest.raises(IllegalMoveError, match="no action has the id"):
        st.apply_action(game.num_actions)
    with pytest.raises(IllegalMoveError, match="not a legal action"):
        st.apply_action(next(a for a, ok in enumerate(st.legal_action_mask()) if not ok))


def test_the_ids_are_fixed() -> None:
    """The layout depends only on the game file and its options: these numbers are documented
    (docs/reference/actions.md), and a change to them is a change users see."""
    sizes = {name: spielwerk.load(name).num_actions for name in
             ("tak", "backgammon", "lasca", "tactix", "attangle", "dvonn", "focus", "tackle")}
    assert sizes == {"tak": 1600, "backgammon": 758, "lasca": 377, "tactix": 8100, "attangle": 1312,
                     "dvonn": 885, "focus": 3532, "tackle": 23141}
    tak = spielwerk.load("tak", size=5)
    st = tak.initial()
    a1 = tak.move_to_action(tak.parse_move(st, "a1"))
    assert a1 == 0 and st.action_text(a1) == "a1"
    assert [spielwerk.load("tak", size=n).num_actions for n in (3, 4, 5, 6, 7, 8)] == \
        [144, 512, 1600, 4608, 12544, 32768]  # size² x 2^(size+1)


def test_actions_and_moves_mix_between_turns() -> None:
    game = game_of("tak", {"size": 4})
    rng = random.Random(3)
    st = game.initial()
    for i in range(30):
        if st.is_terminal():
            break
        if i % 2:
            st.push(rng.choice(st.legal_moves()))
        else:
            st.apply_action(rng.choice(st.legal_actions()))
        assert st.returns() == (0.0, 0.0) or st.is_terminal()
    copy = st.copy()
    assert copy.legal_actions() == st.legal_actions()


def test_returns_pay_the_outcome_value() -> None:
    game = game_of("tak", {"size": 3})
    for seed in range(50):
        st = random_walk(game, seed, 200)
        if st.is_terminal():
            r = st.returns()
            assert r[0] == -r[1]
            over = st.outcome()
            if over.winner:
                assert r[over.winner - 1] == float(over.value or 1)
            return
    pytest.fail("no finished game")  # pragma: no cover


def test_describe_names_every_block() -> None:
    text = spielwerk.load("backgammon").action_space.describe()
    assert "758 actions" in text and "track" in text and "stop" in text and "chance" in text


def test_a_turn_in_progress_pickles() -> None:
    import pickle
    game = game_of("backgammon", {})
    st = game.initial()
    st.roll(6, 5)
    st.apply_action(st.legal_actions()[0])
    again = pickle.loads(pickle.dumps(st))
    assert again == st and again.turn == st.turn and again.legal_actions() == st.legal_actions()


def test_value_bound_scales_every_return() -> None:
    """The bound found from the rules is never exceeded by a finished game's returns."""
    from spielwerk.learning.values import value_bound
    assert value_bound(spielwerk.load("tak", size=5))[0] == 47
    assert value_bound(spielwerk.load("backgammon"))[0] == 3
    game = game_of("tak", {"size": 3})
    bound = value_bound(game)[0]
    for seed in range(30):
        st = random_walk(game, seed, 200)
        assert max(abs(r) for r in st.returns()) <= bound


def counted(monkeypatch: pytest.MonkeyPatch, game: Any, method: str) -> list[int]:
    """The plies of the positions ``game.<method>`` is asked about from now on (it still answers)."""
    calls: list[int] = []
    asked = getattr(game, method)

    def counting(st: Any) -> Any:
        calls.append(st.ply)
        return asked(st)

    monkeypatch.setattr(game, method, counting)
    return calls


@pytest.mark.parametrize("name", ["tic-tac-toe", "lasca"])
def test_the_legal_actions_are_listed_once_per_position(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The decision at a position is worked out once: asking for the actions again, the player
    to decide or the mask, then playing one, lists the legal moves no more."""
    game = spielwerk.load(name)
    calls = counted(monkeypatch, game, "legal_moves")
    st = game.initial()
    rng = random.Random(3)
    for _ in range(12):
        if st.current_player() < 0:
            break
        calls.clear()
        acts = st.legal_actions()
        assert st.legal_actions() == acts
        st.current_player()
        st.legal_action_mask()
        assert len(calls) <= 1
        st.apply_action(rng.choice(acts))
        assert len(calls) <= 1


def test_a_chance_phase_s_outcomes_are_listed_once_per_position_and_named_in_the_notation(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A chance phase's outcomes (EinStein's 720 set-outs of a corner) depend on the position:
    asking who decides, the outcomes, the mask and every outcome's text lists them once, and each
    text is the move in the game's notation."""
    game = spielwerk.load("einstein")
    calls = counted(monkeypatch, game, "chance_outcomes")
    st = game.initial()
    assert st.current_player() == 0
    outcomes = st.chance_actions()
    texts = [st.action_text(a) for a, _ in outcomes]
    assert sorted(a for a, _ in outcomes) == st.legal_actions() and not any(st.legal_action_mask())
    assert len(calls) == 1 and len(outcomes) == 720
    assert texts == [game.format_move(st, game.action_to_move(st, a)) for a, _ in outcomes]
    assert len(set(texts)) == 720 and texts[0].startswith("shuffle")
    st.apply_action(outcomes[5][0])
    assert st.current_player() == 0 and len(st.chance_actions()) == 720


BAG = """
game: bag
players: [white, black]
board: {shape: square, width: 3, height: 3}
pieces:
  stone: {letter: S, description: a stone}
counters:
  reds: {start: 3}
  blues: {start: 1}
phases:
  - name: play
    dice: {count: 1, faces: [1, 2], weight: "reds if die == 1 else blues"}
    moves:
      - place:
          pieces: [stone]
          sets: {reds: "reds - 1 if die == 1 else reds", blues: "blues - 1 if die == 2 else blues"}
end:
  - when: board_full
    winner: draw
    result: full
"""


def test_a_weighed_die_gives_each_position_its_own_odds(tmp_path: Any) -> None:
    """The chance ids of a die weighed in the position carry that position's odds, not those of
    the first position that had the same rolls."""
    path = tmp_path / "bag.yaml"
    path.write_text(BAG)
    game = spielwerk.load(str(path))
    st = game.initial()
    rng = random.Random(5)
    for _ in range(6):
        if st.current_player() == 0:
            odds = {game.action_space.chance_id(move): float(p) for move, p in st.chance_outcomes()}
            assert dict(st.chance_actions()) == odds
            st.apply_action(game.action_space.chance_id(sample_chance(game, st, rng)))
        else:
            st.apply_action(rng.choice(st.legal_actions()))
