"""The named opponent levels built on `PlanPlayer` (Hard lives in `search.py`)."""

from __future__ import annotations

from ttr.ai.heuristic import PlanPlayer, Style

BEGINNER = Style(
    plan_all=False,
    keep_ev=False,
    draw_tickets=False,
    stations=False,
    blunder=0.35,
    keep_random=True,
)
EASY = Style(plan_all=False, keep_ev=False, draw_tickets=False, stations=False)
MEDIUM = Style()
STRONG = Style(endgame=True, longest=True)
"""Medium's planning plus end-game timing and longest-path care (Hard's policy)."""


class BeginnerAgent(PlanPlayer):
    """Keeps tickets at random, chases one ticket and often plays a shortsighted move."""

    name = "beginner"

    def __init__(self) -> None:
        super().__init__(BEGINNER)


class EasyAgent(PlanPlayer):
    """Follows one ticket at a time greedily; never draws more tickets."""

    name = "easy"

    def __init__(self) -> None:
        super().__init__(EASY)


class MediumAgent(PlanPlayer):
    """Plans all tickets over the open network, collects colours, draws tickets when free."""

    name = "medium"

    def __init__(self) -> None:
        super().__init__(MEDIUM)
