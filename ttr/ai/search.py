"""Hard: the strong plan player's moves, checked by determinized Monte Carlo search.

At each main-turn decision (unless its policy draws tickets) Hard lists a few
candidate moves (its policy's choice, the best planned and point-scoring claims, a
station, drawing cards) and runs information-set Monte Carlo search over them: each
iteration samples the hidden state consistently with the view (`determinize`), plays
every candidate from it with the fast `rollout.Playout` policy on the same playout
seed, and scores the seat's margin over the best other seat (`paired`). Statistics
are grouped by Hard's own candidate move, as ISMCTS does at its root (a one-level
information-set search). The search stops at 85% of the thinking
budget; a candidate replaces the policy's move only if it is clearly better.
"""

from __future__ import annotations

import random
import time

from ttr.ai.cards import choose_payment
from ttr.ai.heuristic import (
    Context,
    PlanPlayer,
    draw_choice,
    keep_value,
    planned_claim,
    points_claim,
    station_build,
)
from ttr.ai.levels import STRONG
from ttr.ai.paired import Gains, new_seeds, playout_margins
from ttr.engine import (
    Action,
    ClaimRoute,
    DrawTickets,
    KeepTickets,
    PlayerView,
    Stage,
)

MAX_KEEP_CANDIDATES = 8
MAX_PLANNED = 3
"""Planned claims (longest first) offered to the search besides the policy's."""
MIN_ITERATIONS = 8
"""Iterations before the search may stop early because no candidate can win."""
SWITCH_MARGIN = 3.0
"""Points of mean margin a candidate must gain over the policy's move to replace it."""


class HardAgent:
    """Strong heuristics plus determinized Monte Carlo search within a time budget."""

    name = "hard"

    def __init__(self, iterations: int | None = None) -> None:
        self.policy = PlanPlayer(STRONG)
        self.iterations = iterations
        """None: search until 85% of the budget (adapts to the machine). A number: run
        at most that many iterations whatever the clock says, so the same seed gives
        the same moves on every machine (`hard#N` in the arena)."""

    def choose(self, view: PlayerView, rng: random.Random, budget: float = 1.0) -> Action:
        """The policy's move, or a candidate the search finds clearly better."""
        start = time.perf_counter()
        if len(view.legal) == 1:
            return view.legal[0]
        ctx = Context(view, STRONG)
        default = self.policy.decide(ctx, rng)
        stage = view.public.stage
        searching = budget > 0 if self.iterations is None else self.iterations > 0
        if not searching or stage != Stage.CHOOSE_ACTION or isinstance(default, DrawTickets):
            return default
        cands = candidates(ctx, default, rng)
        if len(cands) < 2:
            return default
        return search(view, cands, rng, start + 0.85 * budget, self.iterations)


def candidates(ctx: Context, default: Action, rng: random.Random) -> list[Action]:
    """A handful of sensible moves to compare, the policy's first."""
    view = ctx.view
    out: list[Action] = [default]
    if view.public.stage in (Stage.INITIAL_TICKETS, Stage.KEEP_TICKETS):
        keeps = [a for a in view.legal if isinstance(a, KeepTickets)]
        keeps.sort(key=lambda a: -keep_value(ctx, a.keep, True))
        out += keeps[:MAX_KEEP_CANDIDATES]
    else:
        out.append(draw_choice(ctx, rng, second=False))
        for claim in (planned_claim(ctx), points_claim(ctx, True, min_len=3), station_build(ctx)):
            if claim is not None:
                out.append(claim)
        planned = sorted(
            (r for r in ctx.claims if r in ctx.routes or ctx.gm.twin[r] in ctx.routes),
            key=lambda r: (-ctx.gm.routes[r].length, r),
        )
        for r in planned[:MAX_PLANNED]:
            out.append(choose_payment(ctx.gm, ctx.claims[r], ctx.needs))
        claims = sorted(
            (a for a in view.legal if isinstance(a, ClaimRoute)),
            key=lambda a: -ctx.gm.route_by_id[a.route].length,
        )
        if claims and ctx.view.public.turns_left is not None:
            out.append(claims[0])
    unique: list[Action] = []
    for a in out:
        if a not in unique:
            unique.append(a)
    return unique


def search(view: PlayerView, cands: list[Action], rng: random.Random, deadline: float,
           max_iterations: int | None = None) -> Action:
    """Compare `cands` on shared sampled futures; keep the policy's move unless beaten.

    The search runs until `deadline` (a `time.perf_counter` value), or, when
    `max_iterations` is given, for that many iterations regardless of the clock.

    Each iteration samples one hidden state and one playout seed and plays every
    candidate from it (`paired.playout_margins`). A candidate replaces the policy's
    move (the first) only if its mean paired gain is above `SWITCH_MARGIN` and two
    standard errors.
    """
    gains = Gains(len(cands))
    while (
        time.perf_counter() < deadline if max_iterations is None
        else gains.n < max_iterations
    ):
        try:
            gains.add(playout_margins(view, cands, new_seeds(rng, 1)))
        except AssertionError:  # an engine inconsistency: trust the policy
            return cands[0]
        if gains.n >= MIN_ITERATIONS and not gains.could_beat(SWITCH_MARGIN):
            break
    return cands[gains.best(SWITCH_MARGIN)]
