"""Statistics of finished games."""

from __future__ import annotations

import random
from pathlib import Path

from tests.builders import usa
from ttr.engine import Sim, Stage, format_action, new_game, results
from ttr.store.record import GameRecord, SeatRecord
from ttr.store.stats import StatsStore, game_summary


def finished_game(seed: int, kinds: tuple[str, ...]) -> tuple[GameRecord, object]:
    gm = usa()
    cfg = gm.rules("base")
    sim = Sim.thaw(new_game(gm, cfg, len(kinds), seed))
    rng = random.Random(seed)
    actions = []
    while sim.stage != Stage.GAME_OVER:
        a = sim.sample(rng)
        actions.append(format_action(a))
        sim.step(a)
    names = ["Ana", "Bo", "Cy"]
    seats = tuple(SeatRecord(names[i], "red", k) for i, k in enumerate(kinds))
    rec = GameRecord("usa", gm.content_hash, "base", cfg, seed, seats, actions)
    return rec, results(sim.freeze())


def test_stats_add_up_per_name(tmp_path: Path) -> None:
    store = StatsStore(tmp_path / "stats.json")
    expected_wins = 0
    scores = []
    for seed in range(6):
        rec, res = finished_game(seed, ("human", "medium", "easy"))
        summary = game_summary(rec, res, finished_at=f"2026-01-0{seed + 1}T10:00:00")
        store.add(summary)
        ana = summary["seats"][0]
        expected_wins += ana["rank"] == 1
        scores.append(ana["score"])
    ana = store.players()["Ana"]
    assert ana.overall.games == 6 and ana.overall.wins == expected_wins
    assert abs(ana.overall.average_score - sum(scores) / 6) < 1e-9
    assert set(ana.by_opponent) == {"medium", "easy"}
    assert ana.by_map["usa"].games == 6 and ana.by_variant["usa/base"].games == 6
    assert [s for _, s in ana.scores] == scores
    assert 0 <= ana.overall.completed_pct <= 100


def test_broken_stats_file_starts_afresh(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    path.write_text("{not json")
    store = StatsStore(path)
    assert store.players() == {}
    rec, res = finished_game(1, ("human", "hard"))
    store.add(game_summary(rec, res))
    assert store.players()["Ana"].overall.games == 1


def test_malformed_entries_are_skipped(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    path.write_text('{"games": [{"seats": "x"}, 5, {"map": 1}]}')
    assert StatsStore(path).players() == {}
