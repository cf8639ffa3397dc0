"""The coach for the screens: hint jobs counted in the record and the statistics, and
reviews started from a record; old records and statistics still load."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.saves.test_stats import finished_game
from ttr.engine import KeepTickets, TtrError
from ttr.game.coach import can_hint, start_hint, start_review
from ttr.game.replays import Timeline
from ttr.game.session import GameSession, SeatSpec
from ttr.maps.mapfile import find_map
from ttr.store.record import GameRecord, SeatRecord
from ttr.store.stats import StatsStore, game_summary

DATA = Path(__file__).resolve().parent / "data"


def _session(kinds: list[str | None]) -> GameSession:
    gm = find_map("usa").game_map
    seats = [SeatSpec(f"P{i}", "red", k) for i, k in enumerate(kinds)]
    return GameSession(gm, gm.rules("base"), seats, 5)


def test_a_hint_is_for_the_human_to_act_and_counts_once_shown() -> None:
    s = _session([None, "random"])
    assert can_hint(s) == 0
    job = start_hint(s, budget=0.2, workers=0)
    assert job.view == s.view_for(0)  # the player's own view, nothing else
    hint = job.wait(30)
    assert hint is not None and hint.action in s.view_for(0).legal
    assert job.result() == hint and s.record.seats[0].hints == 1  # counted once
    s.submit(next(a for a in s.view_for(0).legal if isinstance(a, KeepTickets)))
    assert can_hint(s) is None  # the computer's turn
    with pytest.raises(TtrError):
        start_hint(s)
    s.close()


def test_a_cancelled_hint_is_not_counted() -> None:
    s = _session([None, "random"])
    job = start_hint(s, budget=0.2, workers=0)
    job.cancel()
    assert job.done() and job.result() is None
    job.wait(30)
    assert job.result() is None and s.record.seats[0].hints == 0


def test_hot_seat_hints_only_for_the_screen_owner() -> None:
    s = _session([None, None])
    assert can_hint(s) is None  # nobody has the screen before the first curtain
    s.take_screen(0)
    assert can_hint(s) == 0
    s.submit(next(a for a in s.view_for(0).legal if isinstance(a, KeepTickets)))
    assert can_hint(s) is None  # seat 1 has not taken the screen yet
    s.take_screen(1)
    assert can_hint(s) == 1


def test_hints_survive_saving_resuming_and_reach_the_statistics(tmp_path: Path) -> None:
    s = _session([None, "random"])
    s.count_hint(0)
    assert s.count_hint(0) == 2
    path = tmp_path / "game.json"
    s.save(path)
    record = GameRecord.load(path)
    assert [x.hints for x in record.seats] == [2, 0]
    assert "hints" not in record.to_dict()["seats"][1]  # optional: only when used
    resumed = GameSession.resume(find_map("usa").game_map, record)
    assert resumed.record.seats[0].hints == 2
    rec, res = finished_game(2, ("human", "medium"))
    rec.seats = (SeatRecord("Ana", "red", "human", 3), rec.seats[1])
    store = StatsStore(tmp_path / "stats.json")
    store.add(game_summary(rec, res))  # type: ignore[arg-type]
    store.add(game_summary(*finished_game(3, ("human", "medium"))))  # type: ignore[arg-type]
    assert store.players()["Ana"].overall.hints == 3


def test_bad_hint_counts_are_refused_and_old_records_have_none() -> None:
    record = GameRecord.load(DATA / "old-record-usa.yaml")
    assert all(s.hints == 0 for s in record.seats)
    data = record.to_dict()
    data["seats"][0]["hints"] = -1
    with pytest.raises(TtrError, match="hints"):
        GameRecord.from_dict(data)
    data["seats"][0]["hints"] = True
    with pytest.raises(TtrError, match="hints"):
        GameRecord.from_dict(data)


def test_old_statistics_without_hints_still_add_up(tmp_path: Path) -> None:
    rec, res = finished_game(4, ("human", "easy"))
    summary = game_summary(rec, res)  # type: ignore[arg-type]
    for seat in summary["seats"]:
        del seat["hints"]
    store = StatsStore(tmp_path / "stats.json")
    store.add(summary)
    assert store.players()["Ana"].overall.games == 1
    assert store.players()["Ana"].overall.hints == 0


def test_review_from_a_record_points_at_replay_frames() -> None:
    record, _ = finished_game(5, ("human", "medium"))
    gm = find_map("usa").game_map
    job = start_review(record, gm, 0, workers=0, iterations=2)
    assert job.decisions and all(d.view.viewer == 0 for d in job.decisions)
    review = job.result()
    timeline = Timeline(record, gm)
    for m in review.mistakes:
        before = timeline.frame(m.step)  # the position the player decided in
        assert before.view.public.current == 0
        assert timeline.frame(m.step + 1).turn == m.turn  # the turn the viewer shows
    job = start_review(record, gm, 0, workers=1)
    job.cancel()
    with pytest.raises(TtrError):
        start_review(record, gm, 7)
    with pytest.raises(TtrError):
        start_review(record, find_map("europe").game_map, 0)
