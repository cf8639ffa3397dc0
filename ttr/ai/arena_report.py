"""Summaries of arena games: per-agent numbers, pairings, ratings; as JSON and as text."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from ttr.ai.arena import GameOutcome
from ttr.ai.stats import Outcome, bootstrap_ratings, percentile, wilson


def game_pairs(game: GameOutcome, index: dict[str, int]) -> list[Outcome]:
    """Head-to-head results inside one game: the better rank wins, equal ranks tie."""
    out = []
    for a, b in combinations(range(len(game.seats)), 2):
        ra, rb = game.ranks[a], game.ranks[b]
        s = 1.0 if ra < rb else 0.0 if ra > rb else 0.5
        out.append((index[game.seats[a]], index[game.seats[b]], s))
    return out


def score_differences(games: Sequence[GameOutcome],
                      index: dict[str, int]) -> dict[tuple[int, int], list[float]]:
    """Per pair of agents (i < j), agent i's score minus agent j's in each shared game."""
    out: dict[tuple[int, int], list[float]] = {}
    for g in games:
        for a, b in combinations(range(len(g.seats)), 2):
            i, j = index[g.seats[a]], index[g.seats[b]]
            diff = g.scores[a] - g.scores[b]
            key, val = ((i, j), diff) if i < j else ((j, i), -diff)
            out.setdefault(key, []).append(val)
    return out


def build_report(
    labels: Sequence[str], games: Sequence[GameOutcome], meta: dict[str, Any]
) -> dict[str, Any]:
    """Everything the arena measured, as plain data (written by `--out`)."""
    index = {name: i for i, name in enumerate(labels)}
    per: dict[str, dict[str, Any]] = {
        n: {
            "games": 0,
            "wins": 0.0,
            "scores": [],
            "ranks": [],
            "completed": [],
            "tickets": [],
            "times": [],
            "over_budget": 0,
        }
        for n in labels
    }
    by_deal: dict[int, list[Outcome]] = {}
    for g in games:
        top = min(g.ranks)
        winners = g.ranks.count(top)
        for seat, name in enumerate(g.seats):
            p = per[name]
            p["games"] += 1
            p["wins"] += 1 / winners if g.ranks[seat] == top else 0
            p["scores"].append(g.scores[seat])
            p["ranks"].append(g.ranks[seat])
            p["completed"].append(g.completed[seat])
            p["tickets"].append(g.tickets[seat])
            p["times"] += g.times[seat]
            p["over_budget"] += g.over_budget[seat]
        by_deal.setdefault(g.deal, []).extend(game_pairs(g, index))
    ratings, intervals = bootstrap_ratings(len(labels), list(by_deal.values()))
    agents = []
    for i, name in enumerate(labels):
        p = per[name]
        n = max(1, p["games"])
        agents.append(
            {
                "agent": name,
                "games": p["games"],
                "win_share": p["wins"] / n,
                "rating": ratings[i],
                "rating_ci": list(intervals[i]),
                "mean_score": _mean(p["scores"]),
                "mean_rank": _mean(p["ranks"]),
                "tickets_completed": _mean(p["completed"]),
                "tickets_held": _mean(p["tickets"]),
                "decisions": len(p["times"]),
                "time_median": statistics.median(p["times"]) if p["times"] else 0.0,
                "time_p95": percentile(p["times"], 0.95),
                "time_max": max(p["times"], default=0.0),
                "over_budget": p["over_budget"],
            }
        )
    pairs: dict[tuple[int, int], list[float]] = {}
    for outs in by_deal.values():
        for i, j, s in outs:
            key, val = ((i, j), s) if i < j else ((j, i), 1 - s)
            pairs.setdefault(key, []).append(val)
    diffs = score_differences(games, index)
    pairings = []
    for (i, j), vals in sorted(pairs.items()):
        lo, hi = wilson(sum(vals), len(vals))
        d = diffs[i, j]
        pairings.append(
            {
                "a": labels[i],
                "b": labels[j],
                "games": len(vals),
                "a_win_rate": sum(vals) / len(vals),
                "ci": [lo, hi],
                "score_diff": _mean(d),
                "score_diff_sd": statistics.stdev(d) if len(d) > 1 else 0.0,
            }
        )
    failures = [f for g in games for f in g.failures]
    return {
        "meta": meta,
        "games": len(games),
        "agents": agents,
        "pairings": pairings,
        "failures": failures,
    }


def score_gap(mean: float, sd: float, n: int) -> str:
    """A mean score difference with its 95% half-width: "+3.3 ± 4.1 points"."""
    return f"{mean:+.1f} \u00b1 {1.96 * sd / math.sqrt(max(1, n)):.1f} points"


def _mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else 0.0


def format_report(report: dict[str, Any]) -> str:
    """The report as aligned text tables."""
    lines = [f"{report['games']} games"]
    lines.append("")
    lines.append(
        f"{'agent':<16}{'rating':>7}  {'95% interval':<15}{'win%':>6}{'score':>7}"
        f"{'rank':>6}{'tix done':>9}{'med ms':>8}{'p95 ms':>8}{'>budget':>8}"
    )
    for a in sorted(report["agents"], key=lambda a: -a["rating"]):
        lo, hi = a["rating_ci"]
        lines.append(
            f"{a['agent']:<16}{a['rating']:>7.0f}  [{lo:>5.0f}, {hi:>5.0f}]  "
            f"{100 * a['win_share']:>6.1f}{a['mean_score']:>7.1f}{a['mean_rank']:>6.2f}"
            f"{a['tickets_completed']:>5.2f}/{a['tickets_held']:<3.1f}"
            f"{1000 * a['time_median']:>8.1f}{1000 * a['time_p95']:>8.1f}{a['over_budget']:>8d}"
        )
    lines.append("")
    lines.append("pairings (win rate of the first agent, 95% Wilson interval; ties count half;")
    lines.append("          its mean score minus the second's, 95% normal interval)")
    for p in report["pairings"]:
        lo, hi = p["ci"]
        lines.append(
            f"  {p['a']:>14} vs {p['b']:<14} {100 * p['a_win_rate']:5.1f}%  "
            f"[{100 * lo:5.1f}, {100 * hi:5.1f}]  n={p['games']}  "
            f"{score_gap(p['score_diff'], p['score_diff_sd'], p['games'])}"
        )
    fails = report["failures"]
    lines.append("")
    lines.append(f"failures: {len(fails)}")
    lines += [f"  {f}" for f in fails[:20]]
    if len(fails) > 20:
        lines.append(f"  ... and {len(fails) - 20} more")
    return "\n".join(lines)
