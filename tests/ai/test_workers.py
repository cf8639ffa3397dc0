"""Worker processes die with the game: no orphans after a SIGKILL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.procs import HAS_PROC, descendants, still_alive
from ttr.ai.worker import WORKERS_ENV, worker_count

HELPER = Path(__file__).with_name("orphan_child.py")


@pytest.mark.skipif(not HAS_PROC, reason="needs /proc (Linux)")
def test_workers_and_their_workers_exit_when_the_game_is_killed() -> None:
    env = {**os.environ, WORKERS_ENV: "2"}
    child = subprocess.Popen([sys.executable, str(HELPER)], stdout=subprocess.PIPE,
                             env=env, text=True)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        workers = descendants(child.pid)
        # the session's worker, its two playout workers (and resource trackers)
        assert len(workers) >= 3, workers
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert not still_alive(workers)


def test_worker_count_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(WORKERS_ENV, "3")
    assert worker_count() == 3
    monkeypatch.setenv(WORKERS_ENV, "lots")
    assert worker_count() == max(1, os.cpu_count() or 1)
