"""Hostile files of every kind, read the way the program reads them.

For saves, the autosave, records, settings, statistics and user maps, hypothesis
generates broken versions of valid files (mutated data, broken bytes, bombs, special
files) and checks that reading them ends quickly, raises nothing but the store's own
error where one is documented, leaves every good file as it was, and moves the bad
file aside (intact, in `broken/`) for the files the program writes itself. User maps
are the user's own source files: they are listed with their error and never moved.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hostile.kit import (
    SMALL_MAP,
    SPECIAL,
    dump,
    examples,
    hostile_bytes,
    mutations,
    snapshot,
    special_file,
    to_yaml,
    valid_save,
    valid_stats,
    within,
)
from ttr.game.replays import list_records
from ttr.maps.mapfile import find_map, list_maps
from ttr.store.autosave import Folders, peek_autosave
from ttr.store.saves import SaveGame, list_saves, save_game
from ttr.store.stats import StatsStore
from ttr.ui.prefs import Settings

SAVE = valid_save().to_dict()
RECORD = valid_save(seed=2, steps=60).record.to_dict()
STATS = valid_stats(2)
SETTINGS = {"animation_speed": 0.5, "ai_pace": 1.0, "fullscreen": False, "window_size": None,
            "colorblind": True, "sound": False, "volume": 0.3, "confirm_claim": "always"}
MAP = yaml.safe_load(SMALL_MAP)
FAST = settings(max_examples=examples(40), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def hostile(draw: st.DrawFn, base: Any, as_yaml: bool = False) -> tuple[str, Any]:
    """("data", broken data) | ("bytes", broken bytes) | ("special", kind)."""
    how = draw(st.sampled_from(["data", "data", "bytes", "special"]))
    if how == "data":
        return how, draw(mutations(base))
    text = to_yaml(base) if as_yaml else dump(base)
    if how == "bytes":
        return how, draw(hostile_bytes(text))
    return how, draw(st.sampled_from(SPECIAL))


def put(path: Path, case: tuple[str, Any], as_yaml: bool = False) -> None:
    """Write a hostile case at `path`."""
    how, what = case
    if how == "special":
        special_file(path, what)
    elif how == "bytes":
        path.write_bytes(what)
    else:
        try:
            text = to_yaml(what) if as_yaml else json.dumps(what)
        except (ValueError, RecursionError, yaml.YAMLError):
            text = "{}"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")


@contextmanager
def home() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="ttr-hostile-") as d:
        yield Path(d)


def moved_intact(folder: Path, name: str, before: bytes | None, gone: bool = True) -> bool:
    """The file `name` is gone from `folder` (unless it was restored: `gone` False) and
    sits, byte for byte, in broken/."""
    if gone and ((folder / name).exists() or (folder / name).is_symlink()):
        return False
    kept = list((folder / "broken").glob(Path(name).stem + "-*"))
    if len(kept) != 1:
        return False
    return before is None or kept[0].is_symlink() or kept[0].is_dir() or \
        kept[0].read_bytes() == before


def _bytes(path: Path) -> bytes | None:
    if path.is_file() and not path.is_symlink() and path.stat().st_size < 10**7:
        return path.read_bytes()
    return None


@FAST
@given(hostile(SAVE))
def test_hostile_saves_in_the_load_list(case: tuple[str, Any]) -> None:
    with home() as h:
        good = SaveGame.from_dict(json.loads(json.dumps(SAVE)))
        save_game(h / "good.json", good)
        put(h / "bad.json", case)
        before, good_bytes = _bytes(h / "bad.json"), (h / "good.json").read_bytes()
        with within(20):
            entries = list_saves(h)
        assert (h / "good.json").read_bytes() == good_bytes
        bad = [e for e in entries if e.path.name == "bad.json"]
        if bad and bad[0].error is None:
            assert bad[0].save is not None and bad[0].name  # a valid save: kept, drawable
        else:
            assert moved_intact(h, "bad.json", before)
            assert not bad or "moved to broken/" in (bad[0].error or "")


@FAST
@given(hostile(SAVE))
def test_hostile_autosave_when_the_menu_peeks(case: tuple[str, Any]) -> None:
    with home() as h:
        f = Folders(h / "saves", h / "records", h / "stats.json")
        f.saves.mkdir()
        save_game(f.saves / "other.json", SaveGame.from_dict(json.loads(json.dumps(SAVE))))
        put(f.autosave, case)
        before, other = _bytes(f.autosave), snapshot(f.saves)
        with within(20):
            save, err = peek_autosave(f)
        assert snapshot(f.saves).get("other.json") == other["other.json"]
        if save is None:
            assert err and "autosave" in err
            assert moved_intact(f.saves, "autosave.json", before) or "moved" not in err
        with within(20):
            assert peek_autosave(f)[1] is None  # the next start is clean


@FAST
@given(hostile(RECORD, as_yaml=True), st.booleans())
def test_hostile_records_in_the_replays_list(case: tuple[str, Any], as_yaml: bool) -> None:
    with home() as h:
        (h / "good.json").write_text(dump(RECORD))
        name = "bad.yaml" if as_yaml else "bad.json"
        put(h / name, case, as_yaml)
        before = _bytes(h / name)
        with within(20):
            entries = list_records(h)
        assert (h / "good.json").read_text() == dump(RECORD)
        bad = [e for e in entries if e.path.name == name]
        if not (bad and bad[0].record is not None):
            assert moved_intact(h, name, before)


@FAST
@given(hostile(SETTINGS, as_yaml=True))
def test_hostile_settings_files(case: tuple[str, Any]) -> None:
    with home() as h:
        path = h / "settings.yaml"
        put(path, case, as_yaml=True)
        before = _bytes(path)
        with within(20):
            s = Settings.load(path)
        assert 0 <= s.volume <= 1 and s.confirm_claim in ("hot-seat", "always", "never")
        if s.problem:
            assert moved_intact(h, "settings.yaml", before)
            s.save(path)  # the next start reads a good file
            assert Settings.load(path).problem == ""


@FAST
@given(hostile(STATS))
def test_hostile_statistics_files(case: tuple[str, Any]) -> None:
    with home() as h:
        store = StatsStore(h / "statistics.json")
        (h / "statistics.backup.json").write_text(dump(STATS))
        put(store.path, case)
        before = _bytes(store.path)
        with within(20):
            players = store.players()
        for st_ in players.values():
            assert st_.name and abs(st_.overall.average_score) <= 100_000
        if store.problem and "moved" in store.problem:
            assert moved_intact(h, "statistics.json", before, gone=False)
            assert set(players) == {"Ana", "Bo", "Cy"}  # restored from the backup
        summary = STATS["games"][0]
        with within(20):
            store.add(summary)  # adding a game never loses what could be read
        assert StatsStore(store.path).players()["Ana"].overall.games >= 1


@FAST
@given(hostile(MAP, as_yaml=True))
def test_hostile_user_maps_in_the_setup_list(case: tuple[str, Any]) -> None:
    with home() as h, pytest.MonkeyPatch.context() as mp:
        mp.setenv("TTR_HOME", str(h))
        folder = h / "data" / "maps"
        folder.mkdir(parents=True)
        (folder / "small.yaml").write_text(SMALL_MAP)
        put(folder / "weird.yaml", case, as_yaml=True)
        put(folder / "usa.yaml", case, as_yaml=True)  # named like the bundled map
        with within(30):
            entries = list_maps()
        assert find_map("usa").name == "USA" and find_map("small").name == "Small"
        ids = [(e.id, e.error is None) for e in entries]
        assert ("usa", True) in ids and ("small", True) in ids
        for e in entries:
            if e.error is not None:
                assert e.error.startswith(str(e.path)) or str(e.path) in e.error


def test_a_map_made_of_aliases_or_60_mb_is_refused_at_once(tmp_path: Path) -> None:
    from tests.hostile.kit import ALIAS_BOMB
    from ttr.engine import MapError
    from ttr.maps.mapfile import load_map

    (tmp_path / "bomb.yaml").write_text(ALIAS_BOMB)
    special_file(tmp_path / "huge.yaml", "huge_sparse")
    with within(10):
        with pytest.raises(MapError, match="aliases"):
            load_map(tmp_path / "bomb.yaml")
        with pytest.raises(MapError, match="too big"):
            load_map(tmp_path / "huge.yaml")


READERS: dict[str, Callable[[Path], Any]] = {
    "settings.yaml": Settings.load,
    "statistics.json": lambda p: StatsStore(p).players(),
    "record.json": lambda p: list_records(p.parent),
    "save.json": lambda p: list_saves(p.parent),
}


@pytest.mark.parametrize("name", sorted(READERS))
@pytest.mark.parametrize("kind", [k for k in SPECIAL if k != "dangling_link"])
def test_special_files_never_hang(tmp_path: Path, name: str, kind: str) -> None:
    special_file(tmp_path / name, kind)
    with within(10):
        READERS[name](tmp_path / name)
    assert not (tmp_path / name).is_symlink() and not (tmp_path / name).exists()
    assert len(list((tmp_path / "broken").iterdir())) == 1


def test_a_settings_file_nested_100000_deep(tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    path.write_text("a: " + "[" * 100_000 + "]" * 100_000)
    with within(10):
        s = Settings.load(path)
    assert s == Settings() and "defaults" in s.problem and not path.exists()
