"""Paired playouts: the measurement Hard, Expert, hints and reviews share.

One iteration samples the hidden state once (`determinize` of the seat's own view,
from a seed) and plays every candidate move from that same sample with the same
playout seed (`rollout.Playout`), so candidates are compared on identical futures
(common random numbers). A candidate's result is the seat's final margin: its score
minus the best other seat's. A `Judge` says how the samples and playouts are made (Hard's
is `UNIFORM`; Expert's infers tickets and builds stations). `Gains` collects iterations
and says which candidate is clearly better than the first, and by how much.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ttr.ai.heuristic import PlanPlayer
from ttr.ai.inference import TicketPrior, sample_state
from ttr.ai.levels import STRONG
from ttr.ai.rollout import Playout
from ttr.ai.selfplay import play_out
from ttr.engine import (
    Action,
    GameResult,
    GameState,
    PlayerView,
    Sim,
    apply,
    determinize,
    observe,
    results,
)

Seeds = tuple[int, int]
"""(seed of the hidden-state sample, seed of the playouts) of one iteration."""


def new_seeds(rng: random.Random, count: int) -> list[Seeds]:
    """`count` iterations' seeds drawn from `rng`."""
    return [(rng.getrandbits(64), rng.getrandbits(32)) for _ in range(count)]


@dataclass(frozen=True, slots=True)
class Judge:
    """How paired playouts judge candidates."""

    prior: TicketPrior | None = None
    """Weights of the other seats' unseen tickets (`inference`); None: uniform."""
    stations: bool = False
    """Whether the playouts' seats build stations to borrow routes (Europe)."""
    strong: bool = False
    """Whether every seat plays the strong policy (`levels.STRONG`) to the end instead
    of the fast playout: a far better judge at 30 to 90 times the cost."""


UNIFORM = Judge()
"""Hard's judge: tickets sampled uniformly, no stations in the playouts."""


def playout_margins(view: PlayerView, cands: Sequence[Action], seeds: Sequence[Seeds],
                    judge: Judge = UNIFORM) -> list[list[float]]:
    """Per iteration (seed pair), every candidate's final margin for the viewing seat,
    the hidden state sampled and the playouts played as `judge` says.

    Raises:
        AssertionError: the view cannot be sampled (an engine inconsistency).
    """
    assert view.me is not None
    if judge.strong:
        return strong_margins(view, cands, seeds, judge.prior)
    seat = view.me.seat
    prior, stations = judge.prior, judge.stations
    rows = []
    for sample_seed, playout_seed in seeds:
        base = Sim.thaw(_sample(view, sample_seed, prior))
        row: list[float] = []
        for action in cands:
            sim = base.copy()
            sim.step(action)
            Playout(sim, stations).run(random.Random(playout_seed))
            row.append(seat_margin(sim.results(), seat))
        rows.append(row)
    return rows


def strong_margins(view: PlayerView, cands: Sequence[Action], seeds: Sequence[Seeds],
                   prior: TicketPrior | None = None) -> list[list[float]]:
    """`playout_margins` with every seat playing the strong policy to the end (its own
    sampled tickets, its own random stream seeded from the playout seed).

    Raises:
        AssertionError: the view cannot be sampled (an engine inconsistency).
    """
    assert view.me is not None
    seat = view.me.seat
    rows = []
    for sample_seed, playout_seed in seeds:
        state = _sample(view, sample_seed, prior)
        row: list[float] = []
        for action in cands:
            rngs = [random.Random(playout_seed * 16 + s) for s in range(state.num_players)]
            final = strong_finish(apply(state, action).state, rngs)
            row.append(seat_margin(results(final), seat))
        rows.append(row)
    return rows


def strong_finish(state: GameState, rngs: Sequence[random.Random]) -> GameState:
    """The game played to its end from `state`, every seat by the strong policy
    (`levels.STRONG`), seat s drawing its randomness from `rngs[s]`."""
    policy = PlanPlayer(STRONG)

    def decide(s: GameState) -> Action:
        v = observe(s, s.current)
        return v.legal[0] if len(v.legal) == 1 else policy.choose(v, rngs[s.current])

    return play_out(state, decide)[0]


def seat_margin(result: GameResult, seat: int) -> float:
    """`seat`'s final score minus the best other seat's."""
    return result.players[seat].total - max(p.total for p in result.players if p.seat != seat)


def _sample(view: PlayerView, seed: int, prior: TicketPrior | None) -> GameState:
    """The hidden state sampled from `seed`: uniformly, or the tickets by `prior`."""
    rng = random.Random(seed)
    return determinize(view, rng) if prior is None else sample_state(view, rng, prior)


class Gains:
    """Iterations of paired margins; gains are measured against the first candidate."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.rows: list[list[float]] = []

    def add(self, rows: Sequence[Sequence[float]]) -> None:
        """Record iterations (each a margin per candidate)."""
        self.rows += [list(r) for r in rows]

    @property
    def n(self) -> int:
        """Iterations recorded."""
        return len(self.rows)

    def margin(self, i: int) -> float:
        """Candidate i's mean margin."""
        return sum(r[i] for r in self.rows) / self.n if self.rows else 0.0

    def gain(self, i: int, over: int = 0) -> tuple[float, float]:
        """Mean paired gain of candidate i over candidate `over`, and its standard error."""
        g = [r[i] - r[over] for r in self.rows]
        if len(g) < 2:
            return (sum(g) / len(g) if g else 0.0), math.inf
        mean = sum(g) / len(g)
        var = sum((x - mean) ** 2 for x in g) / (len(g) - 1)
        return mean, math.sqrt(var / len(g))

    def could_beat(self, switch: float) -> bool:
        """Whether some candidate might still show a mean gain above `switch` (its mean
        plus two standard errors reaches it)."""
        for i in range(1, self.count):
            mean, se = self.gain(i)
            if mean + 2 * se > switch:
                return True
        return False

    def best(self, switch: float, min_n: int = 4) -> int:
        """The candidate whose mean gain over the first is largest and above both
        `switch` and two standard errors; 0 (the first) when none is."""
        if self.n < min_n:
            return 0
        best, best_mean = 0, 0.0
        for i in range(1, self.count):
            mean, se = self.gain(i)
            if mean > max(switch, 2 * se, best_mean):
                best, best_mean = i, mean
        return best
