"""Test helper (run as a script): start workers the way a game does, then wait.

The process starts a one-worker pool (as `GameSession` does for the AI), whose worker
starts this module's shared playout pool (as Expert does there), prints "ready" and
sleeps until the test kills it with SIGKILL.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from ttr.ai.worker import shared_pool, worker_pool  # noqa: E402


def start_playout_workers() -> int:
    """In the session's worker: start the shared pool and make it spawn its workers."""
    pool = shared_pool()
    for f in [pool.submit(time.sleep, 0.2) for _ in range(4)]:
        f.result()
    return 0


if __name__ == "__main__":
    session_pool = worker_pool(1)
    session_pool.submit(start_playout_workers).result()
    print("ready", flush=True)
    time.sleep(120)
