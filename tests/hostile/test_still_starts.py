"""The whole program against a data folder full of hostile files: it starts, shows every
screen, prints no traceback, stays within bounded memory, keeps every good file, moves
the bad ones aside, and starts cleanly again afterwards."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.hostile.kit import (
    ALIAS_BOMB,
    JSON_DEPTH_BOMB,
    POSIX,
    SMALL_MAP,
    dump,
    snapshot,
    special_file,
    valid_save,
    valid_stats,
)

ROOT = Path(__file__).resolve().parents[2]
MEMORY = 3 * 1024**3
"""Address-space limit of the started program (pygame and SDL included)."""


def _start(home: Path) -> subprocess.CompletedProcess[str]:
    def limit() -> None:
        import resource  # POSIX only, like the test

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    return subprocess.run(
        [sys.executable, "-m", "tests.hostile.startapp"], capture_output=True, text=True,
        cwd=ROOT, timeout=180, preexec_fn=limit,
        env={**os.environ, "PYTHONPATH": str(ROOT), "TTR_HOME": str(home),
             "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})


def _fill(home: Path) -> dict[str, bytes]:
    """Hostile files of every kind, plus good ones; returns the good files' bytes."""
    config, data = home / "config", home / "data"
    saves, records, maps = data / "saves", data / "records", data / "maps"
    for d in (config, saves, records, maps):
        d.mkdir(parents=True)
    special_file(config / "settings.yaml", "fifo")
    special_file(data / "statistics.json", "dev_zero")
    (data / "statistics.backup.json").write_text(dump(valid_stats(2)))
    (saves / "autosave.json").write_text(JSON_DEPTH_BOMB)
    (saves / "named.json").write_text(json.dumps(valid_save(name="Keep me").to_dict()))
    broken = valid_save().to_dict()
    broken["record"]["config"]["extra"] = 5  # type: ignore[index]
    (saves / "wrong-type.json").write_text(json.dumps(broken))
    special_file(saves / "fifo.json", "fifo")
    (records / "20260101T000000-usa-1.yaml").write_text(ALIAS_BOMB)
    (records / "20260102T000000-usa-2.json").write_text(dump(valid_save(2, 200).record.to_dict()))
    special_file(records / "20260103T000000-usa-3.json", "dev_zero")
    (maps / "usa.yaml").write_text("id: [")
    (maps / "bomb.yaml").write_text(ALIAS_BOMB)
    (maps / "small.yaml").write_text(SMALL_MAP)
    (maps / "named.yaml").write_text(SMALL_MAP.replace("name: Alpha", "name: \"A\\0\""))
    special_file(maps / "huge.yaml", "huge_sparse")
    special_file(maps / "fifo.yaml", "fifo")
    (data / "lesson.json").write_text(json.dumps({"lesson": {}, "state": [], "step": "9"}))
    return {k: v for k, v in snapshot(home).items() if "broken" not in k and k.endswith(
        ("named.json", "statistics.backup.json", "20260102T000000-usa-2.json", "small.yaml"))}


@pytest.mark.skipif(not POSIX, reason="needs FIFOs, /dev/zero and rlimits")
def test_the_program_starts_on_hostile_files_and_again_afterwards(tmp_path: Path) -> None:
    home = tmp_path / "home"
    good = _fill(home)
    first = _start(home)
    assert first.returncode == 0, first.stderr[-2000:]
    assert "Traceback" not in first.stderr + first.stdout
    assert "settings" in first.stdout and "autosave" in first.stdout  # both said
    now = snapshot(home)
    assert all(now[k] == v for k, v in good.items())  # every good file as it was
    data = home / "data"
    for bad in ("statistics.json", "saves/autosave.json", "saves/wrong-type.json",
                "saves/fifo.json", "records/20260101T000000-usa-1.yaml",
                "records/20260103T000000-usa-3.json"):
        stem = Path(bad).stem
        assert list((data / bad).parent.glob(f"broken/{stem}-*")), bad
    assert list((home / "config" / "broken").glob("settings-*"))
    assert (data / "maps" / "bomb.yaml").exists()  # user maps are listed, never moved
    second = _start(home)
    assert second.returncode == 0 and "Traceback" not in second.stderr
    # nothing left to complain about (the colour-blind offer comes again: the start's
    # pace is a command-line one, so its settings are not saved)
    from ttr.ui.scenes.menu import CB_OFFER

    assert second.stdout.replace(CB_OFFER, "").strip() == "menu:"
