"""Expert: Hard's policy and search, with more candidates, on every core.

Expert plays the same policy as Hard (`levels.STRONG`) and checks it with the same
paired playouts (`paired`), but spreads the iterations over worker processes
(`parallel`, `worker.shared_pool`), so it runs several times as many in its longer
budget; it samples the other seats' tickets from what their routes give away
(`inference`) instead of uniformly, and in its playouts the seats build stations to
borrow around blocked routes (Europe; `expert_judge`); it also searches tunnel
payments, and besides
Hard's candidates it compares a face-up locomotive, a claim paid with cards its plan
does not need, a blocking claim and the best point claim of any length. With more
iterations it can trust smaller gains, so a candidate replaces the policy's move from
`SWITCH_MARGIN` points (Hard: 3).

On its own turn Expert also looks wider than any policy: every claimable route (paid as
the policy would pay) and every face-up colour join the candidates. All of them get a
first look of `FIRST_LOOK` iterations; the policy's move and the `FINALISTS` best then
share the rest of the search on fresh samples (sequential halving: the first look's
lucky winners are not trusted on the samples that picked them). docs/AI.md has the
experiment that found it.

The fast playouts judge moves poorly (on Europe their estimates hardly predict how the
game goes on), so a switch on a turn's first choice is played only if a slower, better
judge confirms it (tunnel payments are not checked): from
`CHECK_SAMPLES` sampled states, every seat plays the strong policy to the end after the
policy's move and after the switch (`paired.strong_margins`).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace

from ttr.ai.cards import choose_payment
from ttr.ai.heuristic import (
    Context,
    PlanPlayer,
    block_claim,
    points_claim,
    surplus_claim,
)
from ttr.ai.inference import ticket_prior
from ttr.ai.levels import STRONG
from ttr.ai.paired import Gains, Judge
from ttr.ai.parallel import parallel_gains
from ttr.ai.search import candidates
from ttr.ai.worker import shared_pool, worker_count
from ttr.engine import (
    LOCO,
    Action,
    CardColor,
    DrawFaceUp,
    DrawTickets,
    PayTunnel,
    PlayerView,
    Stage,
    WithdrawTunnel,
)

SWITCH_MARGIN = 2.0
"""Points of mean paired gain a candidate needs to replace the policy's move."""
MIN_ITERATIONS = 16
"""Iterations before the search may stop because no candidate can still win."""
DEADLINE_SHARE = 0.55
"""Share of the budget the fast search may use (the check of a switch comes after)."""
CHECK_SHARE = 0.9
"""Share of the budget the check of a switch may use (the rest covers planning and
messages)."""
CHECK_SAMPLES = 20
"""Paired samples of the check of a switch: strong-policy continuations of the policy's
move and of the switch from sampled states."""
CHECK_MIN = 6
"""Fewer checked samples than this (out of time) keep the policy's move."""
CHECK_MARGIN = 2.0
"""Points of mean gain the switch must show in its check too."""
SOFT_SHARE = 0.4
"""Share of the budget after which the search stops unless a candidate leads the
policy's move (most decisions are clear: this keeps the median time low)."""


FIRST_LOOK = 8
"""Iterations every candidate of the wide list gets before the finalists are picked."""
FINALISTS = 6
"""Candidates besides the policy's move that go on from the first look."""


class ExpertAgent:
    """Hard's policy checked by parallel determinized search on every core."""

    name = "expert"

    def __init__(self, iterations: int | None = None, workers: int | None = None) -> None:
        self.policy = PlanPlayer(STRONG)
        self.iterations = iterations
        """None: search within the budget. A number: that many iterations at most per
        decision, whatever the clock (`expert#N`): the same moves on every machine."""
        self.workers = workers
        """Worker processes to use (None: `workers.worker_count()`; 0: none, search
        in this process)."""

    def choose(self, view: PlayerView, rng: random.Random, budget: float = 2.0) -> Action:
        """The policy's move, or a candidate the search finds clearly better."""
        if len(view.legal) == 1:
            return view.legal[0]
        return self.think(view, rng, budget).action

    def think(self, view: PlayerView, rng: random.Random, budget: float = 2.0) -> Thought:
        """The move and how it was found (`view` must have a legal move)."""
        start = time.perf_counter()
        ctx = Context(view, STRONG)
        default = self.policy.decide(ctx, rng)
        searching = budget > 0 if self.iterations is None else self.iterations > 0
        cands = expert_candidates(ctx, default, rng) if searching else [default]
        if len(cands) < 2:
            return Thought(default, ctx, cands, None)
        workers = worker_count() if self.workers is None else self.workers
        pool = shared_pool() if workers > 0 else None
        judge = expert_judge(view)
        iterations = self.iterations
        timed = iterations is None
        soft = start + SOFT_SHARE * budget if timed else None
        wide = cands + [a for a in wider_candidates(ctx) if a not in cands]
        try:
            if len(wide) > FINALISTS + 1 and (iterations is None or iterations >= 2 * FIRST_LOOK):
                # the first look ends by the soft deadline, whatever it has seen
                first = parallel_gains(view, wide, rng, pool, max(1, workers),
                                       deadline=soft, iterations=FIRST_LOOK, judge=judge)
                best = sorted(range(1, len(wide)), key=lambda i: -first.gain(i)[0])
                cands = [wide[0], *(wide[i] for i in best[:FINALISTS])]
                iterations = None if iterations is None else iterations - FIRST_LOOK
            gains = parallel_gains(
                view, cands, rng, pool, max(1, workers),
                deadline=start + DEADLINE_SHARE * budget if timed else None,
                iterations=iterations, switch=SWITCH_MARGIN, min_iterations=MIN_ITERATIONS,
                soft_deadline=soft, judge=judge,
            )
            chosen = cands[gains.best(SWITCH_MARGIN)]
            if chosen != default and view.public.stage == Stage.CHOOSE_ACTION:
                check = parallel_gains(
                    view, [default, chosen], rng, pool, max(1, workers),
                    deadline=start + CHECK_SHARE * budget if timed else None,
                    iterations=CHECK_SAMPLES, switch=CHECK_MARGIN,
                    judge=replace(judge, strong=True),
                )
                if check.n < CHECK_MIN or check.gain(1)[0] <= CHECK_MARGIN:
                    chosen = default
        except AssertionError:  # an engine inconsistency: trust the policy
            return Thought(default, ctx, cands, None)
        return Thought(chosen, ctx, cands, gains)


@dataclass(frozen=True, slots=True)
class Thought:
    """One decision of Expert: the move, the policy's picture of the position, the
    candidates compared (the policy's move first) and their gains (None: no search)."""

    action: Action
    ctx: Context
    cands: list[Action]
    gains: Gains | None


def expert_judge(view: PlayerView) -> Judge:
    """How Expert's playouts judge: the other seats' tickets inferred from their routes
    (`inference`), and seats that build stations to borrow around a blocked route."""
    return Judge(ticket_prior(view), stations=True)


def expert_candidates(ctx: Context, default: Action, rng: random.Random) -> list[Action]:
    """The moves Expert compares, the policy's first (none to compare: just it).

    Ticket choices stay with the policy, as in Hard: playouts never draw tickets and
    let every seat follow its plan undisturbed, so they judge tickets too kindly.
    """
    view = ctx.view
    stage = view.public.stage
    out: list[Action] = [default]
    if stage == Stage.TUNNEL_PAY:
        pays = [a for a in view.legal if isinstance(a, PayTunnel)]
        if pays:
            out.append(min(pays, key=lambda a: (a.extra.count(LOCO), str(a.extra))))
        out.append(WithdrawTunnel())
    elif stage == Stage.CHOOSE_ACTION and not isinstance(default, DrawTickets):
        out += candidates(ctx, default, rng)
        faceup = view.public.faceup
        out += [a for a in view.legal if isinstance(a, DrawFaceUp) and faceup[a.slot] == LOCO][:1]
        for extra in (surplus_claim(ctx), block_claim(ctx, 4.0),
                      points_claim(ctx, True, min_len=1)):
            if extra is not None:
                out.append(extra)
    unique: list[Action] = []
    for a in out:
        if a not in unique and a in view.legal:
            unique.append(a)
    return unique


def wider_candidates(ctx: Context) -> list[Action]:
    """On a turn's first choice: every claimable route (paid as the policy would) and
    one face-up draw of each colour on show; else nothing."""
    view = ctx.view
    if view.public.stage != Stage.CHOOSE_ACTION:
        return []
    out: list[Action] = [choose_payment(ctx.gm, ctx.claims[r], ctx.needs)
                         for r in sorted(ctx.claims)]  # each one of the legal claims
    colours: set[CardColor | None] = set()
    for a in view.legal:
        if isinstance(a, DrawFaceUp) and view.public.faceup[a.slot] not in colours:
            colours.add(view.public.faceup[a.slot])
            out.append(a)
    return out
