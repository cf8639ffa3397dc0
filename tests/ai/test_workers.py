"""Worker processes end with the game: no orphans after a SIGKILL, and a pool whose
worker runs its own playout pool shuts down or closes at once."""

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
        assert child.stdout.readline().split()[0] == "ready"
        workers = descendants(child.pid)
        # the session's worker, its two playout workers (and resource trackers)
        assert len(workers) >= 3, workers
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert not still_alive(workers)


def run_helper(way: str) -> tuple[set[int], str]:
    """Run the helper `way`; every process seen below it, and its stderr. Fails if it
    does not finish within 30 s of "ready"."""
    env = {**os.environ, WORKERS_ENV: "2"}
    child = subprocess.Popen([sys.executable, str(HELPER), way], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=env, text=True)
    try:
        assert child.stdout is not None and child.stderr is not None
        ready, *pids = child.stdout.readline().split()
        assert ready == "ready"
        workers = {int(p) for p in pids}
        out, err = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert out.strip() == "done" and child.returncode == 0, err
    return workers, err


@pytest.mark.skipif(not HAS_PROC, reason="needs /proc (Linux)")
@pytest.mark.timeout(120)
@pytest.mark.parametrize("way", ["shutdown", "close", "close-idle"])
def test_a_pool_whose_worker_has_playout_workers_ends(way: str) -> None:
    # shutdown: the worker closes its playout pool before multiprocessing waits for
    # its children at its exit (it used to wait forever, and the game for it)
    # close: the running job is abandoned; the worker stops its playout workers first
    # close-idle: the same while the worker may be ending the ordinary way already
    workers, err = run_helper(way)
    assert not still_alive(workers, 10)
    assert "leaked" not in err, err  # the shared semaphores were released
    assert "Traceback" not in err, err


def test_worker_count_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(WORKERS_ENV, "3")
    assert worker_count() == 3
    monkeypatch.setenv(WORKERS_ENV, "lots")
    assert worker_count() == max(1, os.cpu_count() or 1)
