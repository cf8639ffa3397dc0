"""Worker processes die with the game: no orphans after a SIGKILL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ttr.ai.worker import WORKERS_ENV, worker_count

HELPER = Path(__file__).with_name("orphan_child.py")


def _alive(pid: int) -> bool:
    """Running (a zombie waiting for its reaper counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _descendants(root: int) -> set[int]:
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii") as f:
                    parents[int(entry)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
    out: set[int] = set()
    frontier = {root}
    while frontier:
        frontier = {p for p, pp in parents.items() if pp in frontier} - out
        out |= frontier
    return out


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc (Linux)")
def test_workers_and_their_workers_exit_when_the_game_is_killed() -> None:
    env = {**os.environ, WORKERS_ENV: "2"}
    child = subprocess.Popen([sys.executable, str(HELPER)], stdout=subprocess.PIPE,
                             env=env, text=True)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        workers = _descendants(child.pid)
        # the session's worker, its two playout workers (and resource trackers)
        assert len(workers) >= 3, workers
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and any(_alive(p) for p in workers):
        time.sleep(0.1)
    assert not [p for p in workers if _alive(p)]


def test_worker_count_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(WORKERS_ENV, "3")
    assert worker_count() == 3
    monkeypatch.setenv(WORKERS_ENV, "lots")
    assert worker_count() == max(1, os.cpu_count() or 1)
