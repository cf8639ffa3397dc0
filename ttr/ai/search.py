"""Hard: the strong plan player's moves, checked by determinized Monte Carlo search.

At each main-turn and ticket decision Hard lists a few candidate moves (its policy's
choice, the best planned and point-scoring claims, a station, drawing cards, drawing
tickets; every keepable ticket set) and runs information-set Monte Carlo search over
them: each iteration samples the hidden state consistently with the view
(`determinize`), picks a candidate by UCB1, plays the rest of the game with the fast
`rollout.Playout` policy, and scores the seat's margin over the best other seat.
Statistics are grouped by Hard's own candidate move, as ISMCTS does at its root. The
search stops at 90% of the thinking budget; a candidate replaces the policy's move
only if it is clearly better.
"""

from __future__ import annotations

import math
import random
import time

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
from ttr.ai.rollout import Playout
from ttr.engine import (
    Action,
    ClaimRoute,
    DrawTickets,
    KeepTickets,
    PlayerView,
    Sim,
    Stage,
    determinize,
    results,
)

MAX_KEEP_CANDIDATES = 8
EXPLORE = 12.0
"""UCB1 exploration constant, in points of score margin."""
SWITCH_MARGIN = 3.0
"""Points of mean margin a candidate must gain over the policy's move to replace it."""


class HardAgent:
    """Strong heuristics plus determinized Monte Carlo search within a time budget."""

    name = "hard"

    def __init__(self) -> None:
        self.policy = PlanPlayer(STRONG)

    def choose(self, view: PlayerView, rng: random.Random, budget: float = 1.0) -> Action:
        """The policy's move, or a candidate the search finds clearly better."""
        start = time.perf_counter()
        if len(view.legal) == 1:
            return view.legal[0]
        ctx = Context(view, STRONG)
        default = self.policy.decide(ctx, rng)
        stage = view.public.stage
        if budget <= 0 or stage != Stage.CHOOSE_ACTION or isinstance(default, DrawTickets):
            return default
        cands = candidates(ctx, default, rng)
        if len(cands) < 2:
            return default
        return search(view, cands, rng, start + 0.85 * budget)


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


def search(view: PlayerView, cands: list[Action], rng: random.Random, deadline: float) -> Action:
    """Root ISMCTS over `cands`; returns the policy's move unless another is clearly better."""
    assert view.me is not None
    seat = view.me.seat
    n = [0] * len(cands)
    total = [0.0] * len(cands)
    iters = 0
    while time.perf_counter() < deadline:
        if iters < len(cands):
            i = iters
        else:
            log_n = math.log(iters)
            i = max(
                range(len(cands)), key=lambda k: total[k] / n[k] + EXPLORE * math.sqrt(log_n / n[k])
            )
        try:
            state = determinize(view, rng)
        except AssertionError:  # an engine inconsistency: trust the policy
            return cands[0]
        sim = Sim.thaw(state)
        sim.step(cands[i])
        Playout(sim).run(rng)
        res = results(sim.freeze())
        mine = res.players[seat].total
        best_other = max(p.total for p in res.players if p.seat != seat)
        n[i] += 1
        total[i] += mine - best_other
        iters += 1
    if iters < 2 * len(cands):
        return cands[0]
    means = [total[k] / n[k] for k in range(len(cands))]
    best = max(range(len(cands)), key=lambda k: (means[k], n[k]))
    if means[best] - means[0] < SWITCH_MARGIN or n[best] < 4:
        return cands[0]
    return cands[best]
