"""Test helper (run as a script): start workers the way a game does, then end one way.

The process starts a one-worker pool (as `GameSession` does for the AI), whose worker
starts this module's shared playout pool (as Expert does there) and prints "ready" and
the ids of the processes below it.
Then, by the first argument:

- `wait` (the default): sleep until the test kills this process;
- `shutdown`: the worker's job ends and the pool is shut down the ordinary way
  (`ProcessPoolExecutor.shutdown`), which must not wait forever for the playout pool;
- `close`: the pool is closed (`worker.close_pool`) while its job still runs;
- `close-idle`: the pool is closed after its job ended (its worker may get the
  ordinary shutdown and the signal of `close_pool` at once).

It prints "done" once the pool is shut down or closed, then exits.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.procs import descendants  # noqa: E402
from ttr.ai.worker import close_pool, shared_pool, worker_count, worker_pool  # noqa: E402


def start_playout_workers(seconds: float) -> int:
    """In the session's worker: start the shared pool, make it spawn its workers and
    keep them busy for `seconds`."""
    pool = shared_pool()
    end = time.monotonic() + seconds
    while True:
        for f in [pool.submit(time.sleep, 0.2) for _ in range(4)]:
            f.result()
        if time.monotonic() > end:
            return 0


if __name__ == "__main__":
    way = sys.argv[1] if len(sys.argv) > 1 else "wait"
    session_pool = worker_pool(1)
    idle = way in ("shutdown", "close-idle")
    job = session_pool.submit(start_playout_workers, 0 if idle else 120)
    if idle:
        job.result()
    while len(descendants(os.getpid())) < 2 + worker_count():  # the resource tracker,
        time.sleep(0.05)  # the worker and its playout workers
    print("ready", *sorted(descendants(os.getpid())), flush=True)
    if way == "wait":
        time.sleep(120)
    elif way == "shutdown":
        session_pool.shutdown(wait=True)
    else:
        close_pool(session_pool, wait=True)
    print("done", flush=True)
