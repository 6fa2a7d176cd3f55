"""Agents named in text: ``mcts:iterations=2000``, ``alphabeta:depth=4``, ``greedy``, ``random``."""

from __future__ import annotations

import functools
from typing import Any

from ..dsl.errors import SpielwerkError
from .base import RandomAgent
from .search import AlphaBetaAgent, GreedyAgent, MCTSAgent

__all__ = ["AGENT_NAMES", "agent_factory", "make_agent", "parse_agent"]

#: the agents by name, and the settings each takes (name -> (type, what it is))
AGENT_NAMES: dict[str, dict[str, tuple[type, str]]] = {
    "random": {"by": (str, "turn (uniform among legal moves) or step (dice turns a number at a time)")},
    "greedy": {"playouts": (int, "random playouts per move where the game has no evaluation"),
               "plies": (int, "longest playout"), "time": (float, "seconds per move (0: none)")},
    "mcts": {"iterations": (int, "iterations per move"), "time": (float, "seconds per move (0: none)"),
             "c": (float, "exploration weight"), "plies": (int, "longest playout")},
    "alphabeta": {"depth": (int, "plies searched"), "time": (float, "seconds per move (0: none)"),
                  "playouts": (int, "playouts per leaf where the game has no evaluation"),
                  "plies": (int, "longest playout"), "table": (int, "most positions kept")},
}


_CLASSES: dict[str, Any] = {"random": RandomAgent, "greedy": GreedyAgent, "mcts": MCTSAgent,
                            "alphabeta": AlphaBetaAgent}


def parse_agent(text: str) -> tuple[str, dict[str, Any]]:
    """An agent's name and settings from its text, ``name[:key=value]...``; a ValueError that
    says what is wrong otherwise."""
    name, *parts = text.strip().split(":")
    if name not in AGENT_NAMES:
        raise SpielwerkError(f"unknown agent {name!r} (known: {', '.join(AGENT_NAMES)})")
    known = AGENT_NAMES[name]
    settings: dict[str, Any] = {}
    for part in parts:
        key, eq, value = part.partition("=")
        if not eq or key not in known:
            hint = ", ".join(f"{k} ({why})" for k, (_, why) in known.items())
            raise SpielwerkError(f"{name}: {part!r} is not a setting; write key=value with key among: {hint}")
        kind = known[key][0]
        try:
            got = kind(value)
        except ValueError:
            what = "a whole number" if kind is int else "a number" if kind is float else "a word"
            raise SpielwerkError(f"{name}: {key} must be {what}, not {value!r}") from None
        if kind in (int, float) and (got < 0 or got != got or got == float("inf")):
            raise SpielwerkError(f"{name}: {key} must not be negative, not {value!r}")
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
