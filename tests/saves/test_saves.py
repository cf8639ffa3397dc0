"""Saved games: round trip, atomic writes, and every kind of broken file."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from tests.builders import usa
from ttr.engine import Sim, Stage, format_action, new_game
from ttr.store.record import GameRecord, SeatRecord
from ttr.store.saves import (
    SaveError,
    SaveGame,
    list_saves,
    load_save,
    save_game,
    save_path,
    write_atomic,
)


def a_save(steps: int = 60) -> SaveGame:
    gm = usa()
    cfg = gm.rules("base")
    sim = Sim.thaw(new_game(gm, cfg, 3, "save-test"))
    rng = random.Random(1)
    actions = []
    for _ in range(steps):
        if sim.stage == Stage.GAME_OVER:
            break
        a = sim.sample(rng)
        actions.append(format_action(a))
        sim.step(a)
    seats = (SeatRecord("Ana", "red", "human"), SeatRecord("Bo", "blue", "medium"),
             SeatRecord("Cy", "green", "hard"))
    return SaveGame(GameRecord("usa", gm.content_hash, "base", cfg, "save-test", seats, actions),
                    screen_owner=0, name="Tuesday")


def test_round_trip_and_replay(tmp_path: Path) -> None:
    save = a_save()
    path = tmp_path / "g.json"
    save_game(path, save)
    loaded = load_save(path)
    assert loaded.to_dict() == save.to_dict() and loaded.saved_at
    assert loaded.record.replay(usa()) == save.record.replay(usa())


def test_atomic_write_leaves_no_temporary_files(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    write_atomic(path, "one")
    write_atomic(path, "two")
    assert path.read_text() == "two" and os.listdir(tmp_path) == ["x.json"]


def test_truncated_at_many_offsets_is_refused_cleanly(tmp_path: Path) -> None:
    save_game(tmp_path / "full.json", a_save())
    raw = (tmp_path / "full.json").read_bytes()
    path = tmp_path / "cut.json"
    for cut in range(0, len(raw) - 1, max(1, len(raw) // 150)):
        path.write_bytes(raw[:cut])
        with pytest.raises(SaveError, match="cut.json"):
            load_save(path)


def test_random_bytes_are_refused(tmp_path: Path) -> None:
    rng = random.Random(3)
    path = tmp_path / "noise.json"
    for _ in range(200):
        path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))))
        with pytest.raises(SaveError):
            load_save(path)


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda d: d.update(version=7), "another version"),
    (lambda d: d.update(format="zip"), "not a ttr saved game"),
    (lambda d: d.update(screen_owner="me"), "screen_owner"),
    (lambda d: d["record"].update(seed=[1, 2]), "seed"),
    (lambda d: d["record"].update(seats="Ana"), "seats"),
    (lambda d: d["record"].update(actions=[1, 2, 3]), "actions"),
    (lambda d: d["record"].update(config={"trains": "many"}), "trains"),
    (lambda d: d["record"].update(config={"trains": 10**12}), "trains"),
    (lambda d: d["record"].update(config={"warp": 9}), "unknown rules option"),
    (lambda d: d["record"].update(actions=["x"] * 200_000), "actions"),
    (lambda d: d.update(record=[]), "mapping"),
])
def test_wrong_types_and_values_are_refused(tmp_path: Path, mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    data = a_save().to_dict()
    mutate(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=message):
        load_save(path)


def test_unknown_actions_and_changed_maps_fail_on_replay(tmp_path: Path) -> None:
    save = a_save()
    save.record.actions.append("teleport home")
    with pytest.raises(Exception, match="teleport"):
        save.record.replay(usa())
    save = a_save()
    save.record.map_hash = "f" * 64
    with pytest.raises(Exception, match="changed"):
        save.record.replay(usa())


def test_deeply_nested_and_huge_files_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(SaveError):
        load_save(path)
    path.write_bytes(b" " * (9 * 1024 * 1024))
    with pytest.raises(SaveError, match="too big"):
        load_save(path)


def test_yaml_bomb_in_a_record_is_refused(tmp_path: Path) -> None:
    bomb = 'a: &a ["x","x","x","x","x","x","x","x","x"]\n'
    for i in range(1, 12):
        bomb += f"{chr(97 + i)}: &{chr(97 + i)} [*{chr(96 + i)},*{chr(96 + i)},*{chr(96 + i)}]\n"
    path = tmp_path / "bomb.yaml"
    path.write_text(bomb)
    with pytest.raises(Exception, match="alias"):
        GameRecord.load(path)


def test_listing_moves_broken_saves_aside_and_keeps_the_rest(tmp_path: Path) -> None:
    save_game(tmp_path / "good.json", a_save())
    (tmp_path / "empty.json").write_bytes(b"")
    (tmp_path / "junk.json").write_text("{]")
    entries = list_saves(tmp_path)
    good = [e for e in entries if e.error is None]
    bad = [e for e in entries if e.error]
    assert [e.name for e in good] == ["Tuesday"]
    assert {e.path.name for e in bad} == {"empty.json", "junk.json"}
    assert all("moved to broken/" in (e.error or "") for e in bad)
    assert sorted(p.name for p in (tmp_path / "broken").iterdir())[0].startswith("empty-")
    assert [e.name for e in list_saves(tmp_path) if e.error is None] == ["Tuesday"]


def test_save_names_become_safe_file_names(tmp_path: Path) -> None:
    assert save_path(tmp_path, "../../etc/passwd").parent == tmp_path
    assert save_path(tmp_path, "  ").name.startswith("game-")
    names = ["Game 1", "Game_1", "Game/1", "Game.1", "game 1", "GAME 1", "autosave", "CON",
             "\u00e9t\u00e9", "ete", "\u200b", "a" * 300, "a" * 301]
    files = {save_path(tmp_path, n) for n in names}
    assert len(files) == len(names) - 1  # the two long names are cut to the same 40
    assert all(p.parent == tmp_path and p.name.endswith(".json") for p in files)
    assert save_path(tmp_path, "autosave").name != "autosave.json"
    assert all(len(p.name) <= 60 for p in files)


def test_write_atomic_without_sync_then_sync_files(tmp_path: Path, monkeypatch: Any) -> None:
    """`sync=False` writes and renames at once and fsyncs nothing; `sync_files` fsyncs
    each file still there and each folder once (a file gone since is skipped)."""
    from ttr.store import saves

    calls: list[int] = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append(fd), real(fd)))
    path = tmp_path / "t.json"
    saves.write_atomic(path, "new", sync=False)
    assert path.read_text() == "new" and calls == []
    assert not list(tmp_path.glob(".*.tmp"))
    saves.sync_files([path, tmp_path / "gone.json"])
    assert len(calls) == 2  # the file and its folder
    saves.write_atomic(path, "newer")
    assert path.read_text() == "newer" and len(calls) == 4
