"""tools/arena_merge.py: batches of arena reports add up to the report of all games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.builders import usa
from tools.arena_merge import main, merge
from ttr.ai.arena import parse_agents, run_games, schedule
from ttr.ai.arena_report import build_report


def _report(seed: int, labels: list[str]) -> dict[str, object]:
    gm = usa()
    specs = parse_agents(",".join(labels), 3)
    games = run_games(gm, gm.rules("base"), schedule(specs, 3, 1, seed), jobs=1)
    return build_report([s.label for s in specs], games, {"seed": seed})


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
