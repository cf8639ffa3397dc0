"""Worker processes for AI thinking (the game's Hard and Expert seats, `ttr arena`,
Expert's playouts, hints, reviews) that die with the process that started them.

Workers are spawned (never forked: the window app's state stays out of them) with an
initializer that watches the parent: `multiprocessing.parent_process()` carries a
sentinel that becomes ready when the parent is gone, however it ended (even SIGKILL),
and the worker then exits at once. Once the workers are gone, multiprocessing's
resource tracker (which they keep alive) sees its last client leave and exits too.

`shared_pool()` is the one pool of playout workers of a process: created on first
use with one worker per core (`worker_count`), reused by every later search in that
process and shut down when it exits. Keeping it for the life of the process is
deliberate: starting a worker costs a few hundred milliseconds, far more than one
decision's thinking.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor

WORKERS_ENV = "TTR_WORKERS"
"""Environment variable: how many playout workers to start (default: one per core)."""


def die_with_parent() -> None:
    """Worker initializer: exit as soon as the parent process has ended."""
    parent = multiprocessing.parent_process()
    if parent is None:  # not a multiprocessing child: nothing to watch
        return

    def watch() -> None:
        parent.join()  # returns once the parent's end of the pipe is closed
        os._exit(0)

    threading.Thread(target=watch, name="ttr-parent-watch", daemon=True).start()


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of `workers` spawned processes that die with this one."""
    return ProcessPoolExecutor(max_workers=workers,
                               mp_context=multiprocessing.get_context("spawn"),
                               initializer=die_with_parent)


def worker_count() -> int:
    """Playout workers to start: `TTR_WORKERS` if it is a number from 1 to 64, else the
    number of cores."""
    text = os.environ.get(WORKERS_ENV, "")
    if text.isdigit() and 1 <= int(text) <= 64:
        return int(text)
    return max(1, os.cpu_count() or 1)


class _Shared:
    """This process's playout pool, created on first use (see the module docstring)."""

    pool: ProcessPoolExecutor | None = None
    owner = 0
    lock = threading.Lock()


def shared_pool() -> ProcessPoolExecutor:
    """This process's pool of `worker_count()` playout workers."""
    with _Shared.lock:
        if _Shared.pool is None or _Shared.owner != os.getpid():
            _Shared.pool = worker_pool(worker_count())
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
