"""Random play for tests: positions reached from the start by uniformly random moves, or by\nrandom choices in the step view."""

from __future__ import annotations

import random
from typing import Any, Callable

from spielwerk.agents import RandomAgent, play_turn, sample_chance


def random_walk(game: Any, seed: int, plies: int,
                choose: Callable[[random.Random, Any, list[Any]], Any] | None = None,
                by_step: bool = False) -> Any:
    """Play up to ``plies`` moves from the start (``choose(rng, state, moves)`` picks one; default
    uniformly), rolling the dice in between. A walk that stops before a roll rolls, so the state
    returned is always one where a player decides (or the game is over). ``by_step``: a dice
    turn is chosen a number at a time in its step view, each step uniformly, without listing
    the roll's every result (a later double in Puff has tens of thousands)."""
    rng = random.Random(seed)
    s = game.initial()
    for _ in range(plies):
        while s.is_chance():  # an opening that only decides the starter is followed by his roll
            s.push(sample_chance(game, s, rng))
        if by_step and s.result is None and game.step_block(s) is not None:
            s.push(play_turn(s, _Steps(rng)))
            continue
        moves = s.legal_moves()
        if not moves:
            break
        s.push(choose(rng, s, moves) if choose else rng.choice(moves))
    while s.is_chance():
        s.push(sample_chance(game, s, rng))
    return s


class _Steps:
    """An agent for :func:`play_turn` that takes each step of a dice turn uniformly with ``rng``
    (None among the choices: the turn may end there)."""

    by_step = True

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose_step(self, state: Any, choices: list[Any]) -> Any:
        return self.rng.choice(choices)


def step_walk(game: Any, seed: int, plies: int) -> Any:
    """Play up to ``plies`` random turns from the start, pushed on the state, dice turns chosen a
    number at a time (the step view: no listing of a roll's every result); the dice are rolled
    with their own generator. Stops at the end of the game or where nobody can move."""
    rng = random.Random(seed)
    agent = RandomAgent(seed, by="step")
    s = game.initial()
    for _ in range(plies):
        if game.is_chance(s):
            s.push(sample_chance(game, s, rng))
            continue
        if s.result is not None:
            break
        move = play_turn(s, agent)
        if move is None:
            break
        s.push(move)
    return s


def check_moves_round_trip(s: Any, moves: list[Any] | None = None) -> None:
    """The invariants every game keeps: the hash is what a fresh computation gives, every move (of
    ``moves``, default all legal ones) reads back from its text, and apply then undo restores the
    state and its hash."""
    game = s.game
    key, h = s.key(), s.hash
    assert h == game.rehash(s)
    for m in s.legal_moves() if moves is None else moves:
        assert game.parse_move(s, s.move_text(m)) == m
        info = game.apply(s, m)
        assert s.hash == game.rehash(s)
        game.undo(s, m, info)
        assert s.key() == key and s.hash == h


def checkers_per_player(track: Any, s: Any) -> list[int]:
    """Each player's checkers of a race game, wherever they are (points, bar, out, borne off)."""
    return [sum(track.counts(s, p)[0]) for p in (1, 2)]
