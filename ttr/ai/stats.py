"""Arena statistics: Wilson intervals, Bradley–Terry ratings with bootstrap intervals."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

Outcome = tuple[int, int, float]
"""(agent i, agent j, score of i against j: 1 win, 0.5 tie, 0 loss)."""


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (ties count as half a win).

    >>> lo, hi = wilson(70, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.604, 0.781)
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def bradley_terry(
    n_agents: int, outcomes: Sequence[Outcome], iters: int = 200, prior: float = 0.5
) -> list[float]:
    """Bradley–Terry strengths by the MM algorithm, on the Elo scale (mean 0).

    Each agent also gets `prior` virtual draws against a fictitious average player,
    so an agent that never loses still has a finite rating.
    """
    wins = [prior] * n_agents
    games: dict[tuple[int, int], float] = {}
    for i, j, s in outcomes:
        wins[i] += s
        wins[j] += 1 - s
        key = (min(i, j), max(i, j))
        games[key] = games.get(key, 0) + 1
    p = [1.0] * n_agents
    for _ in range(iters):
        new = []
        for i in range(n_agents):
            denom = 2 * prior / (p[i] + 1)
            for (a, b), n in games.items():
                if a == i:
                    denom += n / (p[i] + p[b])
                elif b == i:
                    denom += n / (p[i] + p[a])
            new.append(wins[i] / denom if denom > 0 else p[i])
        g = math.exp(sum(math.log(x) for x in new) / n_agents)
        p = [x / g for x in new]
    return [400 * math.log10(x) for x in p]


def bootstrap_ratings(
    n_agents: int, games: Sequence[Sequence[Outcome]], rounds: int = 200, seed: int = 0
) -> tuple[list[float], list[tuple[float, float]]]:
    """Ratings and 95% percentile intervals, resampling whole games (paired deals)."""
    flat = [o for g in games for o in g]
    point = bradley_terry(n_agents, flat)
    rng = random.Random(seed)
    samples: list[list[float]] = [[] for _ in range(n_agents)]
    for _ in range(rounds if games else 0):
        pick = [games[int(rng.random() * len(games))] for _ in games]
        r = bradley_terry(n_agents, [o for g in pick for o in g], iters=60)
        for i, x in enumerate(r):
            samples[i].append(x)
    intervals = []
    for s in samples:
        if not s:
            intervals.append((-math.inf, math.inf))
            continue
        s.sort()
        intervals.append((s[int(0.025 * (len(s) - 1))], s[int(0.975 * (len(s) - 1))]))
    return point, intervals


def percentile(values: Sequence[float], q: float) -> float:
    """The q-quantile (0..1) by nearest rank; 0 for no values."""
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))]
