"""Agents that choose moves for any game file, and playouts driven by them: the random agent
(:mod:`.base`), the searching ones (:mod:`.search`), and agents named in text (:mod:`.names`)."""

from .base import Agent, RandomAgent, play_turn, playout, sample_chance
from .names import AGENT_NAMES, agent_factory, make_agent, parse_agent
from .search import AlphaBetaAgent, GreedyAgent, MCTSAgent

__all__ = ["AGENT_NAMES", "Agent", "AlphaBetaAgent", "GreedyAgent", "MCTSAgent", "RandomAgent", "agent_factory",
           "make_agent", "parse_agent", "play_turn", "playout", "sample_chance"]
