"""Nothing is ever lost: statistics, save names, the autosave of a second copy, a save
whose map breaks, a user map named like a bundled one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.hostile.kit import SMALL_MAP, another_copy_holding, dump, valid_save, valid_stats
from ttr.game.resume import resume
from ttr.game.session import GameSession, SeatSpec
from ttr.maps.mapfile import find_map, load_map_text
from ttr.store.autosave import Autosaver, Folders, peek_autosave
from ttr.store.lock import DataLock
from ttr.store.saves import AUTOSAVE_NAME, SaveError, list_saves, load_save, save_path
from ttr.store.stats import StatsStore, StatsUnreadable

ROOT = Path(__file__).resolve().parents[2]


def test_truncated_statistics_are_kept_aside_and_the_backup_is_used(tmp_path: Path) -> None:
    store = StatsStore(tmp_path / "statistics.json")
    data = valid_stats(3)
    for game in data["games"]:
        store.add(game)
    full = store.path.read_bytes()
    assert store.backup.exists()  # the file before the last game
    store.path.write_bytes(full[: len(full) // 2])  # a crash of some other program
    cut = store.path.read_bytes()
    players = StatsStore(store.path).players()
    assert players["Ana"].overall.games == 2  # the backup: all but the last game
    kept = list((tmp_path / "broken").iterdir())
    assert len(kept) == 1 and kept[0].read_bytes() == cut
    store.add(data["games"][2])  # the next game is added to what could be read
    assert StatsStore(store.path).players()["Ana"].overall.games == 3
    assert kept[0].read_bytes() == cut


def test_statistics_that_cannot_be_moved_are_never_overwritten(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = StatsStore(tmp_path / "statistics.json")
    store.path.write_text("{ damaged")
    monkeypatch.setattr("ttr.store.stats.move_aside", lambda path: None)  # a read-only folder
    assert store.players() == {} and "could not be read" in (store.problem or "")
    with pytest.raises(StatsUnreadable):
        store.add(valid_stats(1)["games"][0])
    assert store.path.read_text() == "{ damaged"


def test_damaged_entries_are_skipped_on_screen_and_kept_in_the_file(tmp_path: Path) -> None:
    data = valid_stats(2)
    data["games"].append({"map": "usa", "seats": [{"name": "X", "score": 10**400}]})
    data["games"].append({"finished_at": "x", "map": "usa", "variant": "base",
                          "seats": [{"name": "\x00\u200b", "kind": "human", "score": 1,
                                     "rank": 1, "tickets": 1, "completed": 1}]})
    path = tmp_path / "statistics.json"
    path.write_text(json.dumps(data))
    store = StatsStore(path)
    assert set(store.players()) == {"Ana", "Bo", "Cy", "(no name)"}
    assert store.problem == "1 damaged entry is not counted"
    store.add(data["games"][0])
    assert len(json.loads(path.read_text())["games"]) == 5


def test_distinct_names_are_distinct_saves_and_autosave_is_not_the_autosave(
        tmp_path: Path) -> None:
    f = Folders(tmp_path / "saves", tmp_path / "records", tmp_path / "stats.json")
    gm = find_map("usa").game_map
    session = GameSession(gm, gm.rules("base"), [SeatSpec("A", "red", "random"),
                                                 SeatSpec("B", "blue", "random")], 1)
    saver = Autosaver(f)
    names = ["Game 1", "Game_1", "Game/1", "Game.1", "game 1", AUTOSAVE_NAME]
    for name in names:
        saver.save(session, name)
    saver.save(session)  # the autosave
    entries = list_saves(f.saves)
    assert sorted(e.name for e in entries) == sorted([*names, "autosave"])
    assert len({e.path for e in entries}) == len(names) + 1
    named = next(e for e in entries if e.name == AUTOSAVE_NAME and e.path != f.autosave)
    while not session.over:
        session.poll_ai()
    saver(session)  # the game ends: the autosave goes, the save named "autosave" stays
    assert not f.autosave.exists() and named.path.exists()
    assert save_path(f.saves, "x") == f.named("x")


def test_a_second_copy_never_touches_the_first_ones_autosave(tmp_path: Path) -> None:
    with another_copy_holding(tmp_path):
        assert not DataLock(tmp_path).acquire()  # another process holds it
        f = Folders(tmp_path / "saves", tmp_path / "records", tmp_path / "stats.json",
                    autosave_on=False)
        f.saves.mkdir()
        theirs = valid_save()
        (f.autosave).write_text(json.dumps(theirs.to_dict()))
        (f.saves / ".autosave.json.abc.tmp").write_text("their write in flight")
        before = f.autosave.read_bytes()
        gm = find_map("usa").game_map
        session = GameSession(gm, gm.rules("base"), [SeatSpec("A", "red", "random"),
                                                     SeatSpec("B", "blue", "random")], 2)
        Autosaver(f).attach(session)
        assert peek_autosave(f)[0] is not None
        while not session.over:
            session.poll_ai()
        assert f.autosave.read_bytes() == before  # not written, not deleted
        assert (f.saves / ".autosave.json.abc.tmp").exists()  # not cleaned either
        assert len(list(f.records.glob("*.json"))) == 1  # the game is still kept
    lock = DataLock(tmp_path)
    assert lock.acquire()  # a lock dies with its process
    lock.release()


def test_a_save_whose_user_map_breaks_is_kept(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TTR_HOME", str(tmp_path))
    maps = tmp_path / "data" / "maps"
    maps.mkdir(parents=True)
    (maps / "small.yaml").write_text(SMALL_MAP)
    gm = load_map_text(SMALL_MAP).game_map
    f = Folders.default()
    session = GameSession(gm, gm.rules("base"), [SeatSpec("A", "red", "random"),
                                                 SeatSpec("B", "blue", "random")], 3)
    Autosaver(f).attach(session)
    for _ in range(6):
        session.poll_ai()
    good = f.autosave.read_bytes()
    (maps / "small.yaml").write_text(SMALL_MAP.replace("color: red", "color: redd"))
    save, err = peek_autosave(f)
    assert save is not None and err is None
    with pytest.raises(SaveError, match="kept, but its map cannot be loaded.*redd"):
        resume(save, f.autosave)
    assert f.autosave.read_bytes() == good
    (maps / "small.yaml").write_text(SMALL_MAP)  # the typo is fixed
    resumed, _ = resume(load_save(f.autosave), f.autosave)
    assert resumed.actions == session.actions


def test_a_broken_user_usa_does_not_touch_the_bundled_usa(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TTR_HOME", str(tmp_path))
    maps = tmp_path / "data" / "maps"
    maps.mkdir(parents=True)
    (maps / "usa.yaml").write_text("id: [")
    assert find_map("usa").name == "USA"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_sigkill_of_the_game_ends_its_ai_worker_and_the_resource_tracker(
        tmp_path: Path) -> None:
    code = (
        "import multiprocessing.resource_tracker as rt, time\n"
        "from ttr.maps.mapfile import find_map\n"
        "from ttr.game.session import GameSession, SeatSpec\n"
        "gm = find_map('usa').game_map\n"
        "s = GameSession(gm, gm.rules('base'), [SeatSpec('A', 'red', 'hard'), "
        "SeatSpec('B', 'blue', 'hard')], 1)\n"
        "s.warm_up(); s.poll_ai()\n"
        "while s._executor is None or not s._executor._processes: time.sleep(0.05)\n"
        "time.sleep(0.5)\n"
        "print(*s._executor._processes, rt._resource_tracker._pid, flush=True)\n"
        "while True: s.poll_ai(); time.sleep(0.01)\n")
    game = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True,
                            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert game.stdout is not None
    pids = [int(x) for x in game.stdout.readline().split()]
    assert len(pids) == 2 and all(_alive(p) for p in pids)
    game.kill()  # SIGKILL: no cleanup of any kind runs
    game.wait()
    deadline = time.monotonic() + 20
    while any(_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(p) for p in pids), "the worker or the tracker outlived the game"


def _alive(pid: int) -> bool:
    """True while `pid` runs (a zombie, dead but not yet reaped by init, counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_the_arena_schedule_is_never_built_in_memory() -> None:
    from ttr.ai.arena import parse_agents, schedule

    tasks = schedule(parse_agents("random,greedy,easy", 2), 2, deals=10**9, seed=0)
    assert len(tasks) == 6 * 10**9
    first = next(iter(tasks))
    assert first.deal == 0 and len(first.seats) == 2


def test_records_and_stats_written_for_a_finished_game_are_valid(tmp_path: Path) -> None:
    stats = valid_stats(1)
    (tmp_path / "s.json").write_text(dump(stats))
    assert StatsStore(tmp_path / "s.json").players()["Ana"].overall.games == 1


def test_a_folder_where_no_lock_can_be_made_is_not_another_copy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> int:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("ttr.store.lock.os.open", refuse)
    lock = DataLock(tmp_path / "read-only")
    assert lock.acquire() and not lock.held
    lock.release()
