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
STRONG = Style(
    endgame=True,
    longest=True,
    pace=True,
    risk_slack=3.0,
    more_tickets_left=0,
    more_tickets_spare=20,
    more_tickets_turns=14,
    block=8.0,
    tunnel_spare=1,
    ferry_locos=True,
)
"""Hard's policy: Medium's planning with end-game timing, longest-path care, turns left
estimated from the seats' pace, safer tickets (kept only with ample slack, drawn only
when the plan is done and 20 trains and ~14 turns remain), and blocking at 2 players."""


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
