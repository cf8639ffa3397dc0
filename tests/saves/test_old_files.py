"""Saves and records written by earlier builds (before the package move) still load."""

from __future__ import annotations

from pathlib import Path

import pytest

from ttr.game.resume import resume
from ttr.maps.mapfile import find_map
from ttr.store.record import GameRecord
from ttr.store.saves import load_save

DATA = Path(__file__).resolve().parent.parent / "data"


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_an_old_save_resumes_at_its_position(map_id: str) -> None:
    save = load_save(DATA / f"old-save-{map_id}.json")
    session, map_def = resume(save)
    assert map_def.game_map.id == map_id
    assert len(session.actions) == 60
    assert [s.name for s in session.seats] == ["Ada", "Bo", "Cy"]
    assert session.view_for(None).public.turn > 0


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_an_old_record_replays(map_id: str) -> None:
    record = GameRecord.load(DATA / f"old-record-{map_id}.yaml")
    state = record.replay(find_map(map_id).game_map)
    assert state.turn > 0 and len(record.actions) == 60


def test_a_new_rules_option_at_its_default_keeps_the_map_hash() -> None:
    from ttr.engine import RulesConfig
    from ttr.maps.mapfile import _digest_options

    base = _digest_options(RulesConfig())
    assert "globetrotter_at_zero" not in base  # added after the first hashed maps
    assert _digest_options(RulesConfig(globetrotter_at_zero=False))["globetrotter_at_zero"] is False
    assert "trains" in base  # the first options always count
