"""Gymnasium's single-agent interface for any game: the learner against a Spielwerk agent.

``spielwerk.learning.gymnasium.env(game, opponent="random", seat=1)`` returns a
:class:`gymnasium.Env`. The learner decides for one seat (a player 1..n, or a seat drawn each
episode); everything else happens inside :meth:`SpielwerkEnv.step`: the dice are rolled with the
environment's seeded generator and the opponent, any agent that :func:`spielwerk.agents.make_agent`
names, plays the whole turns of every other seat (in a game of more than two players, ``opponent``
may also be a list of agents, one per other seat, in turn order after the learner). An observation
is :meth:`State.observation <spielwerk.state.State.observation>` from the learner's seat, an action
an id of ``range(game.num_actions)``; a move of several parts (a dice turn, a capture chain) is
several steps by the learner. The reward is the learner's share of :meth:`State.returns
<spielwerk.state.State.returns>` when the game ends, 0 before; with ``scale_returns=True`` divided
by the most a player can win (:func:`spielwerk.learning.values.return_bound`), so that it lies in
[-1, 1]. With ``planes=True`` an observation is the same values as planes ``[C, H, W]``
(:func:`spielwerk.learning.observation.planes`), for convolutional nets.

Which actions are legal is in ``info["action_mask"]`` and :meth:`SpielwerkEnv.action_masks`
(the convention of sb3-contrib's ``MaskablePPO``). An illegal action ends the episode with
``illegal_reward`` (default -1) or, with ``illegal_reward=None``, raises
:class:`~spielwerk.IllegalMoveError` (a ``ValueError``).

Importing this module registers ``spielwerk/Game-v0`` with Gymnasium, so
``gymnasium.make("spielwerk/Game-v0", game=..., ...)`` works too. The helpers here
(:func:`load_game`, :func:`observation_box`, :func:`draw_chance`) serve :mod:`spielwerk.learning.pettingzoo`
as well. Needs NumPy and Gymnasium.
"""

from __future__ import annotations

import os
from typing import Any, cast

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
except ImportError as exc:  # pragma: no cover - the message says what to install
    raise ImportError("spielwerk.learning.gymnasium needs the rl extra: pip install 'spielwerk[rl]'") from exc

from ..agents.base import play_turn
from ..agents.names import make_agent
from ..api import load
from ..dsl.errors import IllegalMoveError
from ..game import Game
from ..game import State
from .observation import player_number, seats

__all__ = ["SpielwerkEnv", "env", "load_game", "observation_box", "observe", "return_scale", "draw_chance",
           "render_state", "ENV_ID"]

#: the id this module registers with Gymnasium
ENV_ID = "spielwerk/Game-v0"

Observation = npt.NDArray[np.float32]


# -- shared with spielwerk.learning.pettingzoo ----------------------------------------------------------------
def load_game(game: str | os.PathLike[str] | Game, options: dict[str, Any]) -> Game:
    """A compiled game: ``game`` itself, or the bundled name or YAML path compiled with ``options``."""
    if isinstance(game, Game):
        if options:
            raise TypeError(f"options ({', '.join(sorted(options))}) are for a game given by name or path; "
                            "a compiled Game has its options already")
        return game
    return load(os.fspath(game), **options)


def observation_box(game: Game, planes: bool = False) -> spaces.Box[np.float32]:
    """The space of :meth:`State.observation`: the bounds of :func:`spielwerk.learning.observation.bounds`;
    with ``planes``, of :func:`spielwerk.learning.observation.planes` (``[C, H, W]``)."""
    from .observation import bounds, plane_bounds
    low, high = plane_bounds(game) if planes else bounds(game)
    return spaces.Box(low=low, high=high, dtype=np.float32)


def observe(state: State, player: int, planes: bool) -> npt.NDArray[np.float32]:
    """``state`` from ``player``'s view: the observation vector, or its planes."""
    if planes:
        from .observation import planes as as_planes
        return cast("npt.NDArray[np.float32]", as_planes(state, player))
    return cast("npt.NDArray[np.float32]", state.observation(player))


def return_scale(game: Game, scale_returns: bool) -> float:
    """What the returns are divided by: with ``scale_returns`` the most a player can win (the
    game's value bound, times n - 1 with n players), else 1."""
    if not scale_returns:
        return 1.0
    from .values import return_bound
    return return_bound(game)


def render_state(state: State, mode: str | None) -> str | None:
    """A position for ``render()`` in ``mode``: its text picture (``ansi``, printed by ``human``)
    or its SVG (``svg``); without a mode a warning and None."""
    if mode is None:
        gymnasium.logger.warn("render() without a render_mode: give render_mode to env()")
        return None
    if mode == "svg":
        return state.svg()
    text = str(state)
    if mode == "human":
        print(text)
        return None
    return text


def draw_chance(state: State, rng: np.random.Generator) -> int:
    """A chance id of ``state`` (a chance node) drawn with its probability."""
    from .actions import chance_at
    return chance_at(state, float(rng.random()))


def action_id(action: Any, num_actions: int) -> int:
    """``action`` (a Python or NumPy integer, or a NumPy array of one) as an int, checked to be
    one of the ids ``range(num_actions)`` (:class:`~spielwerk.IllegalMoveError` otherwise)."""
    value = action.item() if isinstance(action, np.ndarray) and action.size == 1 else action
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"an action is an integer id, not {action!r}")
    a = int(value)
    if not 0 <= a < num_actions:
        raise IllegalMoveError(f"action {a} is outside the action ids 0..{num_actions - 1}", str(a))
    return a


def illegal_action(state: State, action: int, who: str) -> IllegalMoveError:
    """The error for ``action``, an id of the game that ``who`` may not play in ``state``: which
    block of ids it belongs to, and which actions are legal."""
    block = next((b.name for b in state.game.action_space.blocks if b.offset <= action < b.offset + b.size), "?")
    legal = state.legal_actions()
    shown = ", ".join(f"{a} ({state.action_text(a)})" for a in legal[:_SHOWN])
    more = f" and {len(legal) - _SHOWN} more" if len(legal) > _SHOWN else ""
    return IllegalMoveError(f"action {action} ({block}) is not legal for {who} now; legal: {shown or 'none'}{more}",
                            str(action))


#: how many legal actions an error message lists
_SHOWN = 12


def _check_agent(agent: Any) -> None:
    """Refuse what is neither an agent's text nor an agent (a mistake in a text shows now, not at
    the first reset)."""
    if isinstance(agent, str):
        make_agent(agent)
    elif not callable(getattr(agent, "choose", None)):
        raise TypeError(f"opponent: an agent's text (such as 'random') or an agent, not {agent!r}")


def _made(agent: Any, seed: int) -> Any:
    """An agent's text made into an agent with ``seed``; an agent as it is."""
    return make_agent(agent, seed) if isinstance(agent, str) else agent


# -- the environment ----------------------------------------------------------------------------------
class SpielwerkEnv(gymnasium.Env[Observation, np.int64]):  # type: ignore[misc, unused-ignore]
    """The learner's side of a game against an agent (see the module docstring). Build it with :func:`env`."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi", "svg"], "render_fps": 1}

    def __init__(self, game: str | os.PathLike[str] | Game, opponent: Any = "random", seat: int | str = 1, *,
                 seed: int | None = None, render_mode: str | None = None, illegal_reward: float | None = -1.0,
                 planes: bool = False, scale_returns: bool = False, **options: Any) -> None:
        self.game = load_game(game, options)
        #: observations as planes ``[C, H, W]`` instead of a vector
        self.planes = bool(planes)
        #: what the learner's return is divided by (the game's value bound with ``scale_returns``)
        self.return_scale = return_scale(self.game, scale_returns)
        players = self.game.t.num_players
        if seat != "random":
            try:
                seat = player_number(self.game, seat, "seat")
            except ValueError:
                raise ValueError(f"seat: a player 1..{players} or 'random', not {seat!r}") from None
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: one of {', '.join(self.metadata['render_modes'])} or None, "
                             f"not {render_mode!r}")
        if isinstance(opponent, (list, tuple)):
            if len(opponent) != players - 1:
                raise ValueError(f"opponent: one agent for every other seat ({players - 1}), not {len(opponent)}")
            for one in opponent:
                _check_agent(one)
        else:
            _check_agent(opponent)
        self.opponent = opponent
        self.seat_choice = seat
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self.metadata = dict(self.metadata, name=f"spielwerk/{self.game.name}")
        self.num_actions: int = self.game.num_actions
        self.action_space = spaces.Discrete(self.num_actions)
        self.observation_space = observation_box(self.game, self.planes)
        #: the learner's player (1..n) in the current episode
        self.seat = seat if isinstance(seat, int) else 1
        #: the game's position (a :class:`spielwerk.State`); the episode's moves are on its move stack
        self.game_state: State = self.game.initial()
        #: per player (index 1..n), the agent playing his seat (None for the learner's)
        self._agents: list[Any] = []
        self._first_seed = seed
        self._done = True
        self._illegal = False

    # -- the episode ------------------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """A new game; ``seed`` seeds the dice, the seat drawn and the opponent (default: the
        ``seed`` given to :func:`env` at the first reset, then the stream goes on). ``options`` is
        accepted and not used."""
        if seed is None:
            seed = self._first_seed
        self._first_seed = None
        super().reset(seed=seed)
        rng = self.np_random
        players = self.game.t.num_players
        if self.seat_choice == "random":
            self.seat = int(rng.integers(1, players + 1))
        agent_seed = int(rng.integers(2**31))
        self._agents = [None] * (players + 1)
        others = seats(self.game, self.seat)[1:]
        if isinstance(self.opponent, (list, tuple)):
            for k, (p, one) in enumerate(zip(others, self.opponent)):
                self._agents[p] = _made(one, agent_seed + k)
        else:
            agent = _made(self.opponent, agent_seed)  # one agent for all the other seats
            for p in others:
                self._agents[p] = agent
        self.game_state = self.game.initial()
        self._done = False
        self._illegal = False
        self._play_others()
        self._done = self.game_state.is_terminal()
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the learner's action, then everything up to the learner's next decision or the
        end: the rolls and the opponent's turns."""
        if self._done:
            raise RuntimeError("the episode is over (or has not begun): call reset()")
        state = self.game_state
        try:
            a = action_id(action, self.num_actions)
            if not state.legal_action_mask()[a]:
                raise illegal_action(state, a, f"the learner (player {self.seat})")
        except IllegalMoveError:
            if self.illegal_reward is None:
                raise
            self._done = self._illegal = True
            return self._observation(), float(self.illegal_reward), True, False, self._info()
        state.apply_action(a)
        self._play_others()
        terminated = self._done = state.is_terminal()
        reward = float(state.returns()[self.seat - 1]) / self.return_scale if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, False, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as booleans (what sb3-contrib's ``MaskablePPO`` asks for)."""
        if self._done:
            return np.zeros(self.num_actions, dtype=np.bool_)
        return np.array(self.game_state.legal_action_mask(), dtype=np.bool_)

    def render(self) -> str | None:
        """The position: its text picture (``ansi``, printed by ``human``) or its SVG (``svg``)."""
        return render_state(self.game_state, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""

    # -- inside ----------------------------------------------------------------------------------------
    def _play_others(self) -> None:
        """Roll the dice and play the opponent's turns until the learner decides or the game is over."""
        state, rng = self.game_state, self.np_random
        while True:
            player = state.current_player()
            if player == -1 or player == self.seat:
                return
            if player == 0:
                state.apply_action(draw_chance(state, rng))
                continue
            move = play_turn(state, self._agents[player])
            if move is None:  # no move although the game is not over: nothing sensible is left
                raise RuntimeError(f"the opponent has no move in {state.text()!r} and the game is not over")
            state.push(move)

    def _observation(self) -> Observation:
        return observe(self.game_state, self.seat, self.planes)

    def _info(self) -> dict[str, Any]:
        mask = self.action_masks().astype(np.int8)
        info: dict[str, Any] = {"action_mask": mask, "seat": self.seat}
        if self._illegal:
            info["illegal_action"] = True
        return info


def env(game: str | os.PathLike[str] | Game, opponent: Any = "random", seat: int | str = 1, seed: int | None = None,
        *, render_mode: str | None = None, illegal_reward: float | None = -1.0, planes: bool = False,
        scale_returns: bool = False, **options: Any) -> SpielwerkEnv:
    """A Gymnasium environment in which the learner plays ``game`` against ``opponent``.

    ``game``: a bundled name, a YAML path or a compiled :class:`spielwerk.Game`; ``options`` are
    the game's options (only with a name or path). ``opponent``: an agent's text for
    :func:`spielwerk.agents.make_agent` (``"random"``, ``"greedy"``, ``"mcts:iterations=20"``...),
    made anew with a seed from the environment at each reset, or an agent object (then used as it
    is); it plays every seat but the learner's, or, as a list of n - 1 of them, one per other seat
    in turn order after the learner. ``seat``: the learner's player, 1 to n, or ``"random"``
    (drawn each episode). ``seed``: the
    first reset's seed. ``render_mode``: ``"ansi"``, ``"svg"``, ``"human"`` or None.
    ``illegal_reward``: the reward of an illegal action, which ends the episode; None raises
    :class:`~spielwerk.IllegalMoveError` instead. ``planes``: observations ``[C, H, W]``.
    ``scale_returns``: the reward divided by the game's value bound, into [-1, 1].
    """
    return SpielwerkEnv(game, opponent, seat, seed=seed, render_mode=render_mode, illegal_reward=illegal_reward,
                        planes=planes, scale_returns=scale_returns, **options)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:env")
