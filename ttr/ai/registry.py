"""Every agent the game knows, registered by name (levels first, weakest first)."""

from __future__ import annotations

from ttr.ai.base import AgentInfo, register
from ttr.ai.expert import ExpertAgent
from ttr.ai.greedy import GreedyAgent
from ttr.ai.levels import BeginnerAgent, EasyAgent, MediumAgent
from ttr.ai.random_agent import RandomAgent
from ttr.ai.reference import (
    DestinationHungryAgent,
    LongRouteAgent,
    OneStepAgent,
    RouteFocusAgent,
)
from ttr.ai.search import HardAgent

register(
    AgentInfo(
        "beginner",
        "Beginner",
        "Plays plausible but shortsighted moves; keeps tickets at random.",
        BeginnerAgent,
    )
)
register(
    AgentInfo(
        "easy",
        "Easy",
        "Chases one ticket at a time, greedily.",
        EasyAgent,
    )
)
register(
    AgentInfo(
        "medium",
        "Medium",
        "Plans all its tickets, collects the colours it needs, replans when blocked.",
        MediumAgent,
    )
)
register(
    AgentInfo(
        "hard",
        "Hard",
        "Strong planner that also searches sampled futures, blocks, and times the end game.",
        HardAgent,
        budget=0.8,
        fixed_iterations=True,
    )
)
register(
    AgentInfo(
        "expert",
        "Expert",
        "Hard's planner searching many more sampled futures on every core; thinks up to "
        "2 seconds a move.",
        ExpertAgent,
        budget=2.0,
        fixed_iterations=True,
    )
)
register(
    AgentInfo(
        "random",
        "Random",
        "Plays any legal move at random (for testing).",
        RandomAgent,
        level=False,
    )
)
register(
    AgentInfo(
        "greedy",
        "Greedy",
        "Claims what its tickets need, one move at a time.",
        GreedyAgent,
        level=False,
    )
)
register(
    AgentInfo(
        "routefocus",
        "Route Focus",
        "Reference (FDG 2017): claims the routes most tickets need.",
        RouteFocusAgent,
        level=False,
    )
)
register(
    AgentInfo(
        "desthungry",
        "Destination Hungry",
        "Reference (FDG 2017): hoards tickets, then builds.",
        DestinationHungryAgent,
        level=False,
    )
)
register(
    AgentInfo(
        "onestep",
        "One Step Thinking",
        "Reference (FDG 2017): one ticket, one route ahead.",
        OneStepAgent,
        level=False,
    )
)
register(
    AgentInfo(
        "longroute",
        "Long Route",
        "Reference (FDG 2017): goes for long routes first.",
        LongRouteAgent,
        level=False,
    )
)
