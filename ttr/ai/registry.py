"""Every agent the game knows, registered by name."""

from __future__ import annotations

from ttr.ai.base import AgentInfo, register
from ttr.ai.greedy import GreedyAgent
from ttr.ai.random_agent import RandomAgent

register(AgentInfo(
    "random", "Random", "Plays any legal move at random (for testing).", RandomAgent,
    level=False,
))
register(AgentInfo(
    "greedy", "Greedy", "Claims what its tickets need, one move at a time.", GreedyAgent,
    level=False,
))
