"""tools/arena_merge.py: batches of arena reports add up to the report of all games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.builders import usa
from tools.arena_merge import main, merge
from ttr.ai.arena import GameOutcome, parse_agents, run_games, schedule
from ttr.ai.arena_report import build_report


def _games(seed: int, labels: list[str]) -> list[GameOutcome]:
    gm = usa()
    specs = parse_agents(",".join(labels), 3)
    return run_games(gm, gm.rules("base"), schedule(specs, 3, 1, seed), jobs=1)


def _report(seed: int, labels: list[str]) -> dict[str, object]:
    return build_report(labels, _games(seed, labels), {"seed": seed})


def test_batches_add_up_and_the_command_prints_them(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    labels = ["random", "greedy", "beginner"]
    batches = [_report(seed, labels) for seed in (1, 2)]
    s = merge(batches)  # type: ignore[arg-type]
    assert s["batches"] == 2 and s["games"] == 6
    for p in s["pairings"]:
        wins = sum(q["a_win_rate"] * q["games"] for b in batches  # type: ignore[attr-defined]
                   for q in b["pairings"] if (q["a"], q["b"]) == (p["a"], p["b"]))
        assert p["games"] == 6 and p["a_wins"] == pytest.approx(wins)
        assert 0 <= p["ci"][0] <= p["a_win_rate"] <= p["ci"][1] <= 1
    by = {a["agent"]: a for a in s["agents"]}
    assert set(by) == set(labels) and all(a["games"] == 6 for a in by.values())
    assert all(1 <= a["mean_rank"] <= 3 for a in by.values())
    files = []
    for i, b in enumerate(batches):
        files.append(tmp_path / f"b{i}.json")
        files[-1].write_text(json.dumps(b))
    assert main([str(f) for f in files]) == 0
    out = capsys.readouterr().out
    assert "2 batches, 6 games" in out and "random vs greedy" in out
    (tmp_path / "bad.json").write_text('{"games": 1}')
    assert main([str(tmp_path / "bad.json")]) == 1
    assert main([str(tmp_path / "missing.json")]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_score_differences_pool_exactly_across_batches() -> None:
    """The merged mean score difference and its spread are those of all the games."""
    labels = ["random", "greedy", "beginner"]
    games = [_games(seed, labels) for seed in (3, 4)]
    whole = build_report(labels, games[0] + games[1], {})
    s = merge([build_report(labels, g, {}) for g in games])
    for p in s["pairings"]:
        q = next(q for q in whole["pairings"]  # type: ignore[attr-defined]
                 if (q["a"], q["b"]) == (p["a"], p["b"]))
        assert p["score_games"] == q["games"] == 6
        assert p["score_diff"] == pytest.approx(q["score_diff"])
        assert p["score_diff_sd"] == pytest.approx(q["score_diff_sd"])
    assert any(p["score_diff_sd"] > 0 for p in s["pairings"])  # the scores do differ
    old = build_report(labels, games[0], {})
    for q in old["pairings"]:  # type: ignore[attr-defined]
        del q["score_diff"], q["score_diff_sd"]  # a report from before score differences
    assert all("score_diff" not in p for p in merge([old])["pairings"])
