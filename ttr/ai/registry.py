"""Every agent the game knows, registered by name (levels first, weakest first).

Labels and descriptions are marked for translation (`N_`): a screen shows them with
`_(info.label)`, `_(info.description)`.
"""

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
from ttr.i18n import N_

register(
    AgentInfo(
        "beginner",
        N_("Beginner"),
        N_("Plays plausible but shortsighted moves; keeps tickets at random."),
        BeginnerAgent,
    )
)
register(
    AgentInfo(
        "easy",
        N_("Easy"),
        N_("Chases one ticket at a time, greedily."),
        EasyAgent,
    )
)
register(
    AgentInfo(
        "medium",
        N_("Medium"),
        N_("Plans all its tickets, collects the colours it needs, replans when blocked."),
        MediumAgent,
    )
)
register(
    AgentInfo(
        "hard",
        N_("Hard"),
        N_("Strong planner that also searches sampled futures, blocks, and times the end game."),
        HardAgent,
        budget=0.8,
        fixed_iterations=True,
    )
)
register(
    AgentInfo(
        "expert",
        N_("Expert"),
        N_("Hard's planner searching many more sampled futures on every core; thinks up to "
           "2 seconds a move."),
        ExpertAgent,
        budget=2.0,
        fixed_iterations=True,
    )
)
register(
    AgentInfo(
        "random",
        N_("Random"),
        N_("Plays any legal move at random (for testing)."),
        RandomAgent,
        level=False,
    )
)
register(
    AgentInfo(
        "greedy",
        N_("Greedy"),
        N_("Claims what its tickets need, one move at a time."),
        GreedyAgent,
        level=False,
    )
)
register(
    AgentInfo(
        "routefocus",
        N_("Route Focus"),
        N_("Reference (FDG 2017): claims the routes most tickets need."),
        RouteFocusAgent,
        level=False,
    )
)
register(
    AgentInfo(
        "desthungry",
        N_("Destination Hungry"),
        N_("Reference (FDG 2017): hoards tickets, then builds."),
        DestinationHungryAgent,
        level=False,
    )
)
register(
    AgentInfo(
        "onestep",
        N_("One Step Thinking"),
        N_("Reference (FDG 2017): one ticket, one route ahead."),
        OneStepAgent,
        level=False,
    )
)
register(
    AgentInfo(
        "longroute",
        N_("Long Route"),
        N_("Reference (FDG 2017): goes for long routes first."),
        LongRouteAgent,
        level=False,
    )
)
