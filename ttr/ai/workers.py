"""Worker processes for the searches (Expert, hints, reviews) that die with their parent.

`shared_pool()` is the one pool of playout workers of a process: created on first
use with one worker per core (spawned, so nothing of the parent's state is copied),
reused by every later search in that process and shut down when it exits. Keeping it
for the life of the process is deliberate: starting a worker costs a few hundred
milliseconds, far more than one decision's thinking.

Every worker watches its parent (`watch_parent`, the pools' initializer): when the
parent process ends, even by SIGKILL, the worker exits at once instead of lingering
as an orphan. The watch waits on the pipe multiprocessing keeps open between a spawned
child and its parent, which the system closes when the parent dies.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor

WORKERS_ENV = "TTR_WORKERS"
"""Environment variable: how many playout workers to start (default: one per core)."""


def worker_count() -> int:
    """Playout workers to start: `TTR_WORKERS` if it is a number from 1 to 64, else the
    number of cores."""
    text = os.environ.get(WORKERS_ENV, "")
    if text.isdigit() and 1 <= int(text) <= 64:
        return int(text)
    return max(1, os.cpu_count() or 1)


def watch_parent() -> None:
    """In a spawned child: exit as soon as the parent process ends (a daemon thread
    blocks on the parent's end of a pipe, which closes when the parent dies)."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def wait_then_exit() -> None:
        parent.join()
        os._exit(0)

    threading.Thread(target=wait_then_exit, name="ttr-watch-parent", daemon=True).start()


def new_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of `workers` spawned processes that exit with this one."""
    ctx = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=watch_parent)


class _Shared:
    """This process's playout pool, created on first use (see the module docstring)."""

    pool: ProcessPoolExecutor | None = None
    owner = 0
    lock = threading.Lock()


def shared_pool() -> ProcessPoolExecutor:
    """This process's pool of `worker_count()` playout workers."""
    with _Shared.lock:
        if _Shared.pool is None or _Shared.owner != os.getpid():
            _Shared.pool = new_pool(worker_count())
            _Shared.owner = os.getpid()
            atexit.register(close_shared_pool)
        return _Shared.pool


def close_shared_pool() -> None:
    """Stop this process's playout workers (the next search starts new ones)."""
    with _Shared.lock:
        pool, _Shared.pool = _Shared.pool, None
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


def warm_up() -> None:
    """Start this process's playout workers now (they take about a second to start),
    so the first search after it runs at full speed."""
    shared_pool().submit(int, 0)
