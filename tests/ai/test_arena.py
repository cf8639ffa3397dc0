"""Arena: scheduling, statistics, the CLI entry point and a CI-sized smoke run."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from tests.ai.helpers import game
from ttr.ai.arena import AgentSpec, GameTask, parse_agents, play_game, run_arena, schedule
from ttr.ai.base import agent_names
from ttr.ai.stats import bradley_terry, wilson
from ttr.engine import TtrError


def test_schedule_pairs_every_deal_in_every_seating() -> None:
    specs = parse_agents("easy,medium,beginner", 2)
    tasks = schedule(specs, 2, deals=3, seed=0)
    assert len(tasks) == 3 * 3 * 2
    for deal in range(3):
        seatings = {tuple(s.name for s in t.seats) for t in tasks if t.deal == deal}
        assert ("easy", "medium") in seatings and ("medium", "easy") in seatings
        assert len({t.seed for t in tasks if t.deal == deal}) == 1
    four = schedule(parse_agents("easy,medium,beginner,random", 4), 4, deals=1, seed=0)
    assert len(four) == 4 and len({t.seats[0].name for t in four}) == 4


@pytest.mark.parametrize(("text", "players", "message"), [
    ("medium,nobody", 2, "unknown agent"),
    ("medium,medium", 2, "twice"),
    ("medium,easy", 3, "at least 3"),
    ("medium@fast,easy", 2, "thinking time"),
    ("medium#10,easy", 2, "only hard and expert"),
    ("hard#lots,easy", 2, "iteration count"),
    ("hard#0,easy", 2, "iteration count"),
])
def test_parse_agents_rejects_bad_input(text: str, players: int, message: str) -> None:
    with pytest.raises(TtrError, match=message):
        parse_agents(text, players)


def test_parse_agents_budgets_and_iterations() -> None:
    assert parse_agents("medium@0.5,easy", 2)[0] == AgentSpec("medium", 0.5)
    fixed = parse_agents("hard#12,hard@0.2#12,hard", 2)
    assert [s.label for s in fixed] == ["hard#12", "hard@0.2#12", "hard"]
    assert fixed[0].make().iterations == 12  # type: ignore[attr-defined]


def test_hard_with_fixed_iterations_plays_the_same_game_twice() -> None:
    gm, cfg = game("usa")
    task = GameTask(0, 11, tuple(parse_agents("hard#6,medium", 2)))
    first = play_game(gm, cfg, task)
    again = play_game(gm, cfg, task)
    assert first.failures == [] and again.failures == []
    assert (first.scores, first.ranks, first.completed, first.turns) == (
        again.scores, again.ranks, again.completed, again.turns)


def test_stats() -> None:
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi
    ratings = bradley_terry(3, [(0, 1, 1.0)] * 8 + [(1, 2, 1.0)] * 8 + [(0, 2, 1.0)] * 8)
    assert ratings[0] > ratings[1] > ratings[2]


SMOKE = [  # (map, variant, players) covering every map, variant and player count
    ("usa", "base", 2),
    ("usa", "1910", 3),
    ("usa", "mega", 4),
    ("usa", "bigcities", 5),
    ("europe", "base", 2),
    ("europe", "base", 3),
    ("europe", "base", 4),
    ("europe", "base", 5),
]


def test_arena_smoke_every_agent_everywhere() -> None:
    names = agent_names()
    played: set[str] = set()
    k = 0
    for i, (map_id, variant, players) in enumerate(SMOKE):
        gm, cfg = game(map_id, variant)
        seats = tuple(AgentSpec(names[(k + j) % len(names)], 0.02) for j in range(players))
        k += players
        out = play_game(gm, cfg, GameTask(0, 1000 + i, seats))
        assert not out.failures, out.failures
        assert sorted(out.ranks)[0] == 1 and out.turns > 10
        played.update(s.name for s in seats)
    assert played == set(names)


def test_run_arena_writes_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "arena.json"
    args = argparse.Namespace(
        map="usa",
        variant="base",
        players=2,
        rule=[],
        agents="easy,beginner",
        deals=1,
        seed=0,
        jobs=1,
        out=str(out),
    )
    gm, cfg = game("usa")
    assert run_arena(args, gm, cfg) == 0
    text = capsys.readouterr().out
    assert "easy" in text and "pairings" in text
    data = json.loads(out.read_text())
    assert data["games"] == 2 and not data["failures"]
    assert {a["agent"] for a in data["agents"]} == {"easy", "beginner"}
    args.agents = "easy,ghost"
    with pytest.raises(TtrError):
        run_arena(args, gm, cfg)
