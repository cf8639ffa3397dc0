"""Merge `ttr arena --out` reports of several batches into one summary.

    python tools/arena_merge.py REPORT.json [REPORT.json ...]

Long arena runs are best played as batches (`--deals` a few, `--seed` different per
batch, `--out` a file each), so that what was played survives an interruption. This
adds them up: each pairing's head-to-head wins (ties half) over all batches with a 95%
Wilson interval and the first agent's mean score minus the second's with a 95% normal
interval (over the batches that report it), and per agent the games, win share, mean
score, mean rank and tickets (weighted by games) and the range of the batches' median
decision times.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ttr.ai.arena_report import score_gap  # noqa: E402
from ttr.ai.stats import wilson  # noqa: E402
from ttr.store.saves import SaveError, read_json  # noqa: E402

MEANS = ("win_share", "mean_score", "mean_rank", "tickets_completed", "tickets_held")


def merge(reports: list[dict[str, Any]]) -> dict[str, Any]:
    """The batches' reports as one summary (plain data)."""
    pairs: dict[tuple[str, str], list[float]] = {}
    gaps: dict[tuple[str, str], list[float]] = {}  # games, sum, sum of squares
    agents: dict[str, dict[str, Any]] = {}
    for rep in reports:
        for p in rep["pairings"]:
            acc = pairs.setdefault((p["a"], p["b"]), [0.0, 0])
            acc[0] += p["a_win_rate"] * p["games"]
            acc[1] += p["games"]
            if "score_diff" in p:  # reports written before score differences have none
                n, m, sd = p["games"], p["score_diff"], p["score_diff_sd"]
                g = gaps.setdefault((p["a"], p["b"]), [0.0, 0.0, 0.0])
                g[0] += n
                g[1] += n * m
                g[2] += (n - 1) * sd * sd + n * m * m
        for a in rep["agents"]:
            acc2 = agents.setdefault(a["agent"], {"games": 0, "medians": [],
                                                  **{k: 0.0 for k in MEANS}})
            acc2["games"] += a["games"]
            acc2["medians"].append(a["time_median"])
            for k in MEANS:
                acc2[k] += a[k] * a["games"]
    out_agents = []
    for name, acc2 in agents.items():
        n = max(1, acc2["games"])
        out_agents.append({"agent": name, "games": acc2["games"],
                           **{k: acc2[k] / n for k in MEANS},
                           "median_s": [min(acc2["medians"]), max(acc2["medians"])]})
    out_pairs = []
    for (a, b), (wins, games) in pairs.items():
        lo, hi = wilson(wins, int(games))
        entry = {"a": a, "b": b, "games": int(games), "a_wins": wins,
                 "a_win_rate": wins / games if games else 0.0, "ci": [lo, hi]}
        if (a, b) in gaps and gaps[a, b][0] > 1:
            n, total, squares = gaps[a, b]
            mean = total / n
            entry |= {"score_games": int(n), "score_diff": mean,
                      "score_diff_sd": math.sqrt(max(0.0, squares - n * mean * mean) / (n - 1))}
        out_pairs.append(entry)
    return {"batches": len(reports), "games": sum(r["games"] for r in reports),
            "agents": out_agents, "pairings": out_pairs}


def format_summary(s: dict[str, Any]) -> str:
    """The summary as text."""
    lines = [f"{s['batches']} batches, {s['games']} games",
             "agent          games  win%   score   rank  tickets done/held  median s"]
    for a in sorted(s["agents"], key=lambda a: a["mean_rank"]):
        lo, hi = a["median_s"]
        lines.append(f"{a['agent']:14} {a['games']:5} {100 * a['win_share']:5.1f} "
                     f"{a['mean_score']:7.1f} {a['mean_rank']:6.2f}  "
                     f"{a['tickets_completed']:5.2f}/{a['tickets_held']:.2f}"
                     f"{'':10}{lo:.2f}-{hi:.2f}")
    lines.append("pairings (win rate of the first, ties half, 95% Wilson interval; "
                 "its score minus the second's)")
    for p in s["pairings"]:
        lo, hi = p["ci"]
        gap = (f"  score {score_gap(p['score_diff'], p['score_diff_sd'], p['score_games'])}"
               f" over {p['score_games']}" if "score_diff" in p else "")
        lines.append(f"  {p['a']} vs {p['b']}: {p['a_wins']:g}/{p['games']} = "
                     f"{100 * p['a_win_rate']:.1f}%  [{100 * lo:.1f}, {100 * hi:.1f}]{gap}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    reports = []
    for name in argv:
        try:
            reports.append(read_json(name))  # the one reader: size, UTF-8, depth checked
        except SaveError as e:
            print(f"arena_merge: cannot read {name}: {e}", file=sys.stderr)
            return 1
    try:
        print(format_summary(merge(reports)))
    except (KeyError, TypeError) as e:
        print(f"arena_merge: not an arena report (missing {e})", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
