"""The agents' contract, the random agent, and playouts driven by agents.

An agent picks a whole move (:meth:`Agent.choose`). One that sets ``by_step`` picks, in a dice
turn, one step at a time through the game's step view (:meth:`Game.turn_steps`) instead: that is
far cheaper where a roll has thousands of distinct results (many numbers to a double), but it does not choose
uniformly among whole turns: a turn reached by more orders of steps, or through steps with fewer
siblings, is more likely.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, cast

from ..game import Outcome
from ..game import State
from ..state import Move

__all__ = ["Agent", "RandomAgent", "playout", "play_turn", "sample_chance"]


class Agent(Protocol):
    """Anything that picks one of the legal moves of a state."""

    def choose(self, state: State, moves: list[Any]) -> Any: ...


class RandomAgent:
    """Picks uniformly at random (seedable): among the legal moves (``by="turn"``, the default),
    or in a dice turn among the next steps, one number at a time (``by="step"``)."""

    def __init__(self, seed: int | None = None, *, by: str = "turn") -> None:
        if by not in ("turn", "step"):
            raise ValueError(f"by: 'turn' or 'step', not {by!r}")
        self.rng = random.Random(seed)
        self.by_step = by == "step"

    def choose(self, state: State, moves: list[Any]) -> Any:
        return moves[self.rng.randrange(len(moves))]

    def choose_step(self, state: State, choices: list[Any]) -> Any:
        return choices[self.rng.randrange(len(choices))]

    def __repr__(self) -> str:
        return "random:by=step" if self.by_step else "random"


_CUMULATIVE: dict[tuple[Any, ...], tuple[list[Any], list[float]]] = {}


def sample_chance(game: Any, state: State, rng: random.Random) -> Any:
    """A chance outcome (a roll, a chance phase's draw) drawn with its probability."""
    outcomes = game.chance_outcomes(state)
    if outcomes[0][0][0] != game.roll_index or game.dice.weigh is not None:
        # a chance phase's draws, or a die weighed in the position: they depend on the position
        if len({p for _, p in outcomes}) == 1:
            return rng.choice(outcomes)[0]
        return _draw(rng, _cumulative(outcomes))
    key = (id(game), outcomes[0][0], len(outcomes))
    table = _CUMULATIVE.get(key)
    if table is None:
        table = _CUMULATIVE[key] = _cumulative(outcomes)
    return _draw(rng, table)


def _cumulative(outcomes: list[tuple[Any, Any]]) -> tuple[list[Any], list[float]]:
    """The outcomes and their probabilities added up one after the other."""
    total, weights = 0.0, []
    for _, p in outcomes:
        total += float(p)
        weights.append(total)
    return [m for m, _ in outcomes], weights


def _draw(rng: random.Random, table: tuple[list[Any], list[float]]) -> Any:
    """An outcome of a :func:`_cumulative` table, drawn with its probability."""
    moves, weights = table
    x = rng.random() * weights[-1]
    for move, w in zip(moves, weights):
        if x < w:
            return move
    return moves[-1]


def play_turn(state: State, agent: Any, branching: list[int] | None = None) -> Move | None:
    """The move ``agent`` makes in ``state`` (not a chance node): by steps where the agent says
    ``by_step`` and the turn is a dice turn, else among the legal moves. None when there is no
    legal move. ``branching`` (a list), if given, gets the number of choices the agent had: the
    legal moves, or the first step's choices of a turn played by steps."""
    game = state.game
    block = game.step_block(state) if getattr(agent, "by_step", False) else None
    if block is not None:  # a dice turn: its block's step view, as game.turn_steps gives it
        steps, choose = block.step_choices, agent.choose_step
        done: list[Any] = []
        choices = steps(state, done)
        if branching is not None:
            branching.append(max(1, len(choices)))
        while choices:
            choice = choose(state, choices)
            if choice is None:  # the turn ends here
                break
            done.append(choice)
            choices = steps(state, done)
        return cast(Move, block.step_move(state, tuple(done)))
    moves = game.legal_moves(state)
    if not moves:
        return None
    if branching is not None:
        branching.append(len(moves))
    chosen: Move = agent.choose(state, moves)
    return chosen


def playout(state: State, agents: tuple[Agent, Agent] | Agent, max_plies: int = 10_000,
            rng: random.Random | None = None) -> Outcome | None:
    """Play from ``state`` (in place, without keeping undo information) until the game ends; dice
    are rolled with ``rng``. Agents with ``by_step`` play dice turns step by step.

    Returns the outcome, or None when ``max_plies`` ran out first.
    """
    game = state.game
    pair = agents if isinstance(agents, tuple) else (agents, agents)
    legal, apply = game.legal_moves, game.apply
    stepwise = [getattr(a, "by_step", False) for a in pair]
    rng = rng or random.Random()
    for _ in range(max_plies):
        if game.is_chance(state):
            apply(state, sample_chance(game, state, rng))
            continue
        agent = pair[state.to_move - 1]
        if stepwise[state.to_move - 1]:
            move = play_turn(state, agent)
            if move is None:
                return game.outcome(state)
        else:
            moves = legal(state)
            if not moves:
                return game.outcome(state)
            move = agent.choose(state, moves)
        apply(state, move)
    return None
