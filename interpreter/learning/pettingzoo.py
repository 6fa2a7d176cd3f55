"""PettingZoo's AEC (agent-environment cycle) interface for any game: :func:`env` and :func:`raw_env`.

One agent per player who plays, ``player_1`` to ``player_n`` (the game's players 1 to n in turn
order, ``player_1`` and ``player_2`` in a two-player game; their names in the game file are in
``player_names``), decide in the order the game says. Chance nodes never reach them:
the environment rolls the dice itself with its seeded generator (``reset(seed=...)``), so every
step is a decision. A move of several parts (a dice turn decided one number at a time, a capture
chain hop by hop) is several steps by the same agent: ``agent_selection`` stays on it until the
move is complete.

An observation is a dict as in PettingZoo's classic environments: ``"observation"``, the float32
vector of :meth:`State.observation <spielwerk.state.State.observation>` from the observing
agent's view, and ``"action_mask"``, int8 flags over ``range(game.num_actions)`` (all zero for an
agent who is not to decide). Rewards come at the end, from :meth:`State.returns
<spielwerk.state.State.returns>`; an optional ``max_steps`` truncates long games (reward 0).
``planes=True`` gives the observation as planes ``[C, H, W]``; ``scale_returns=True`` divides the
rewards by the most a player can win, into [-1, 1]. :meth:`SpielwerkAECEnv.state` is the whole
position (player 1's observation vector), in ``state_space``.

:func:`env` wraps :func:`raw_env` as the classic environments are wrapped: an illegal action ends
the game with reward -1 for the agent who played it (0 for the others), an action outside the
action space fails an assertion, and calls out of order are refused. The bare :func:`raw_env`
raises :class:`~spielwerk.IllegalMoveError` (a ``ValueError``) on an illegal action. Needs
PettingZoo (and so NumPy and Gymnasium).
"""

from __future__ import annotations

import os
from typing import Any, cast

try:
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from pettingzoo import AECEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped, import-not-found, unused-ignore]
except ImportError as exc:  # pragma: no cover - the message says what to install
    raise ImportError("spielwerk.learning.pettingzoo needs the rl extra: pip install 'spielwerk[rl]'") from exc

from ..game import Game
from .gymnasium import (action_id, draw_chance, illegal_action, load_game, observation_box, observe, render_state,
                        return_scale)
from ..game import State

__all__ = ["SpielwerkAECEnv", "env", "raw_env"]

ObsDict = dict[str, npt.NDArray[Any]]


class SpielwerkAECEnv(AECEnv):  # type: ignore[misc, unused-ignore]
    """A game as a PettingZoo AEC environment (see the module docstring). Build it with :func:`raw_env`
    or, wrapped, with :func:`env`."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi", "svg"], "name": "spielwerk",
                                "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game: str | os.PathLike[str] | Game, render_mode: str | None = None, seed: int | None = None,
                 *, max_steps: int | None = None, planes: bool = False, scale_returns: bool = False,
                 **options: Any) -> None:
        super().__init__()
        self.game = load_game(game, options)
        #: observations as planes ``[C, H, W]``; what the rewards are divided by
        self.planes = bool(planes)
        self.return_scale = return_scale(self.game, scale_returns)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: one of {', '.join(self.metadata['render_modes'])} or None, "
                             f"not {render_mode!r}")
        if max_steps is not None and max_steps < 1:
            raise ValueError(f"max_steps: at least 1, or None for no limit; not {max_steps!r}")
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.metadata = dict(self.metadata, name=f"spielwerk/{self.game.name}")
        self.possible_agents: list[str] = [f"player_{p}" for p in self.game.t.player_numbers]
        #: each agent's name in the game file
        self.player_names: dict[str, str] = dict(zip(self.possible_agents, self.game.players))
        self.num_actions: int = self.game.num_actions
        self.observation_spaces: dict[str, spaces.Dict] = {
            agent: spaces.Dict({"observation": observation_box(self.game, self.planes),
                                "action_mask": spaces.Box(0, 1, (self.num_actions,), dtype=np.int8)})
            for agent in self.possible_agents}
        #: the space of :meth:`state`: player 1's observation vector
        self.state_space: spaces.Box[np.float32] = observation_box(self.game)
        self.action_spaces: dict[str, spaces.Discrete] = {
            agent: spaces.Discrete(self.num_actions) for agent in self.possible_agents}
        #: the game's position (a :class:`spielwerk.State`); the moves played are on its move stack
        self.game_state: State = self.game.initial()
        #: decisions taken in the current game
        self.steps = 0
        self._rng = np.random.default_rng(seed)
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection: str = self.possible_agents[0]

    # -- the spaces -------------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    # -- the cycle --------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``seed`` seeds the dice; without it the generator goes on (seeded by
        :func:`env`'s ``seed`` if one was given, else from the system). ``options`` is not used."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.game_state = self.game.initial()
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._roll()
        self._after_move(self.possible_agents[-1])
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> ObsDict:
        """``agent``'s view of the position and, if ``agent`` is to decide, the legal actions."""
        player = self.possible_agents.index(agent) + 1
        mask = np.zeros(self.num_actions, dtype=np.int8)
        state = self.game_state
        if agent == self.agent_selection and state.current_player() == player and not self._ended():
            mask[state.legal_actions()] = 1
        return {"observation": observe(state, player, self.planes), "action_mask": mask}

    def step(self, action: Any) -> None:
        """The action of ``agent_selection``; then the dice, if they are to be rolled."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        a = action_id(action, self.num_actions)
        if not state.legal_action_mask()[a]:
            raise illegal_action(state, a, agent)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        state.apply_action(a)
        self.steps += 1
        self._roll()
        self._after_move(agent)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def state(self) -> npt.NDArray[np.float32]:
        """The whole position (every game here is of perfect information): the observation from
        player 1's view."""
        return cast("npt.NDArray[np.float32]", self.game_state.observation(1))

    def render(self) -> str | None:
        """The position: its text picture (``ansi``, printed by ``human``) or its SVG (``svg``)."""
        return render_state(self.game_state, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""

    # -- inside ----------------------------------------------------------------------------------------
    def _roll(self) -> None:
        """Roll the dice until somebody is to decide or the game is over."""
        state = self.game_state
        while state.current_player() == 0:
            state.apply_action(draw_chance(state, self._rng))

    def _ended(self) -> bool:
        return any(self.terminations.values()) or any(self.truncations.values())

    def _after_move(self, mover: str) -> None:
        """Who decides next, or the end of the game (rewards, terminations, truncations)."""
        state = self.game_state
        player = state.current_player()
        if player > 0:
            self.agent_selection = self.possible_agents[player - 1]
            if self.max_steps is not None and self.steps >= self.max_steps:
                self.truncations = dict.fromkeys(self.agents, True)
            return
        # over: the agents step once more each (with None), beginning with the one after the mover
        after = self.game.t.next_player[self.possible_agents.index(mover) + 1]
        self.agent_selection = self.possible_agents[after - 1]
        returns = state.returns()
        self.rewards = {agent: float(returns[i]) / self.return_scale for i, agent in enumerate(self.possible_agents)}
        self.terminations = dict.fromkeys(self.agents, True)


def raw_env(game: str | os.PathLike[str] | Game, render_mode: str | None = None, seed: int | None = None, *,
            max_steps: int | None = None, planes: bool = False, scale_returns: bool = False,
            **options: Any) -> SpielwerkAECEnv:
    """The bare AEC environment of ``game`` (a bundled name, a YAML path, or a compiled
    :class:`spielwerk.Game`; ``options`` are the game's options, only with a name or path).
    ``render_mode``: ``"ansi"``, ``"svg"``, ``"human"`` or None; ``seed``: the dice's seed until a
    reset gives one; ``max_steps``: truncate a game after that many decisions (None: never);
    ``planes``: observations ``[C, H, W]``; ``scale_returns``: rewards divided by the game's value
    bound. An illegal action raises :class:`~spielwerk.IllegalMoveError`."""
    return SpielwerkAECEnv(game, render_mode, seed, max_steps=max_steps, planes=planes, scale_returns=scale_returns,
                           **options)


def env(game: str | os.PathLike[str] | Game, render_mode: str | None = None, seed: int | None = None, *,
        max_steps: int | None = None, planes: bool = False, scale_returns: bool = False, **options: Any) -> Any:
    """:func:`raw_env` wrapped as PettingZoo's classic environments are: an illegal action ends the
    game with reward -1 for the agent who played it, an action outside the space fails an
    assertion, and calling ``step`` or ``observe`` before ``reset`` is refused."""
    raw = raw_env(game, render_mode, seed, max_steps=max_steps, planes=planes, scale_returns=scale_returns,
                  **options)
    wrapped = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
