"""Agents named in text: ``mcts:iterations=2000``, ``alphabeta:depth=4``, ``greedy``, ``random``."""

from __future__ import annotations

import functools
import math
from typing import Any

from ..dsl.errors import SpielwerkError
from .base import RandomAgent
from .search import AlphaBetaAgent, GreedyAgent, MCTSAgent

__all__ = ["AGENT_NAMES", "agent_factory", "make_agent", "parse_agent"]

#: the agents by name, and the settings each takes: name -> (type, what it is, the most it may be).
#: The bounds keep one move's thinking within hours at the very most; ``time`` bounds it in seconds.
AGENT_NAMES: dict[str, dict[str, tuple[type, str, float]]] = {
    "random": {"by": (str, "turn (uniform among legal moves) or step (dice turns a number at a time)", 0)},
    "greedy": {"playouts": (int, "random playouts per move where the game has no evaluation", 10_000),
               "plies": (int, "longest playout", 100_000), "time": (float, "seconds per move (0: none)", 3_600)},
    "mcts": {"iterations": (int, "iterations per move", 1_000_000), "time": (float, "seconds per move (0: none)", 3_600),
             "c": (float, "exploration weight", 100), "plies": (int, "longest playout", 100_000)},
    "alphabeta": {"depth": (int, "plies searched", 30), "time": (float, "seconds per move (0: none)", 3_600),
                  "playouts": (int, "playouts per leaf where the game has no evaluation", 10_000),
                  "plies": (int, "longest playout", 100_000), "table": (int, "most positions kept", 10_000_000)},
}


_CLASSES: dict[str, Any] = {"random": RandomAgent, "greedy": GreedyAgent, "mcts": MCTSAgent,
                            "alphabeta": AlphaBetaAgent}


def _number(name: str, key: str, kind: type, text: str) -> Any:
    """A setting's value from its text: a whole number may be written ``1000000`` or ``1e6``."""
    what = "a whole number" if kind is int else "a number"
    try:
        value = float(text) if kind is float else int(text)
    except ValueError:
        try:  # 1e6 and 2.0 are whole numbers too
            as_float = float(text)
        except ValueError:
            raise SpielwerkError(f"{name}: {key} must be {what}, not {text!r}") from None
        if kind is not int or not math.isfinite(as_float) or not as_float.is_integer():
            raise SpielwerkError(f"{name}: {key} must be {what}, not {text!r}") from None
        value = int(as_float)
    if value != value or value in (math.inf, -math.inf):
        raise SpielwerkError(f"{name}: {key} must be {what}, not {text!r}")
    return value


def parse_agent(text: str) -> tuple[str, dict[str, Any]]:
    """An agent's name and settings from its text, ``name[:key=value]...``; a ValueError that
    says what is wrong otherwise (a setting out of its range included: see :data:`AGENT_NAMES`)."""
    name, *parts = text.strip().split(":")
    if name not in AGENT_NAMES:
        raise SpielwerkError(f"unknown agent {name!r} (known: {', '.join(AGENT_NAMES)})")
    known = AGENT_NAMES[name]
    settings: dict[str, Any] = {}
    for part in parts:
        key, eq, value = part.partition("=")
        if not eq or key not in known:
            hint = ", ".join(f"{k} ({why})" for k, (_, why, _) in known.items())
            raise SpielwerkError(f"{name}: {part!r} is not a setting; write key=value with key among: {hint}")
        kind, _, most = known[key]
        got: Any = _number(name, key, kind, value) if kind in (int, float) else kind(value)
        if kind in (int, float):
            if got < 0:
                raise SpielwerkError(f"{name}: {key} must not be negative, not {value!r}")
            if got > most:
                shown = int(most) if float(most).is_integer() else most
                raise SpielwerkError(f"{name}: {key} must be at most {shown}, not {value}")
        settings[key] = got
    if name == "random" and settings.get("by", "turn") not in ("turn", "step"):
        raise SpielwerkError(f"random: by must be turn or step, not {settings['by']!r}")
    for key in ("iterations", "depth"):
        if key in settings and settings[key] < 1:
            raise SpielwerkError(f"{name}: {key} must be at least 1")
    return name, settings


def make_agent(text: str, seed: int | None = None) -> Any:
    """The agent ``text`` names (``mcts:iterations=500``, ``alphabeta:depth=3:time=2``, ``greedy``,
    ``random:by=step``), seeded with ``seed``."""
    name, settings = parse_agent(text)
    return _CLASSES[name](seed, **settings)


def agent_factory(text: str) -> Any:
    """A picklable function of a seed that makes the agent ``text`` names (checked now)."""
    parse_agent(text)
    return functools.partial(make_agent, text)
