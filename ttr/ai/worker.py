"""Worker processes for AI thinking (the game's Hard and Expert seats, `ttr arena`,
Expert's playouts, hints, reviews) that end with the process that started them.

Workers are spawned (never forked: the window app's state stays out of them) with an
initializer (`die_with_parent`) that makes every way out end them:

- the parent ends, however (even SIGKILL): `multiprocessing.parent_process()` carries a
  sentinel that becomes ready when the parent is gone, and the worker exits at once;
- the pool's owner closes it (`close_pool`): queued jobs are dropped and each worker
  gets SIGTERM, on which it stops its own playout workers, releases the semaphores
  they shared and exits (a job still running is abandoned, nobody waits for it);
- the pool is shut down the ordinary way: the worker ends after its job, closing its
  own playout pool first (see `shared_pool`);
- Ctrl-C in a terminal reaches the whole process group: workers ignore it and end
  with the game instead.

Once the workers are gone, multiprocessing's resource tracker (which they keep alive)
sees its last client leave and exits too.

`shared_pool()` is the one pool of playout workers of a process: created on first
use with one worker per core (`worker_count`), reused by every later search in that
process and closed when the process ends. Keeping it for the life of the process is
deliberate: starting a worker costs a few hundred milliseconds, far more than one
decision's thinking. Its owner is the process: `close_shared_pool` runs among
multiprocessing's exit finalizers, which in a worker run *before* multiprocessing joins
the worker's children (otherwise a worker would wait at its exit for playout workers
that nobody told to stop, and its parent for it: the game would never exit).

Every other pool (`worker_pool`) has one owner that closes it with `close_pool`; they
are also listed, so `close_all_pools()` (the window app's last step, whatever the way
out) stops whatever an owner left open.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.util
import os
import signal
import threading
import time
import weakref
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import Any, TypeVar

T = TypeVar("T")
WORKERS_ENV = "TTR_WORKERS"
"""Environment variable: how many playout workers to start (default: one per core)."""
STOP_GRACE = 3.0
"""Seconds a worker told to stop gives its own playout workers to end before it exits."""


def die_with_parent() -> None:
    """Worker initializer: exit as soon as the parent process has ended, stop cleanly on
    SIGTERM (`close_pool`), ignore Ctrl-C (the game decides when its workers end)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop_now)
    parent = multiprocessing.parent_process()
    if parent is None:  # not a multiprocessing child: nothing to watch
        return

    def watch() -> None:
        parent.join()  # returns once the parent's end of the pipe is closed
        if not _Stop.stopping:  # (a stop under way ends the process itself, within
            os._exit(0)         # STOP_GRACE, once its semaphores are released: ended
            # here between a semaphore's unlink and its unregister, the resource
            # tracker warned of a leak at the game's exit)

    threading.Thread(target=watch, name="ttr-parent-watch", daemon=True).start()


def _stop_now(signum: int, frame: FrameType | None) -> None:
    """SIGTERM in a worker (`close_pool`): stop this worker's own playout workers the
    same way (their chunks are abandoned too), release what they shared (`_release`),
    exit. This holds also when the signal comes while the worker is already ending the
    ordinary way. The release runs on a thread, so a lock that the interrupted code
    holds delays the exit by `STOP_GRACE` at most. During a `submit` the stop waits
    for it to return."""
    if _Stop.submitting:
        _Stop.asked = True
        return
    _Stop.stopping = True
    _Shared.pool = None  # no lock: the interrupted code may hold it
    children = multiprocessing.active_children()  # the playout workers
    for p in children:
        _terminate(p)
    give_up = time.monotonic() + STOP_GRACE
    closer = threading.Thread(target=_release, args=(children, give_up), name="ttr-stop",
                              daemon=True)
    closer.start()
    closer.join(STOP_GRACE)
    os._exit(0)


def _release(children: list[BaseProcess], give_up: float) -> None:
    """Wait for `children` to end (one still starting opens the pool's semaphores),
    then run multiprocessing's exit finalizers: they release those semaphores, which
    `os._exit` would leave to the resource tracker (and its warning)."""
    for p in children:
        p.join(max(0.0, give_up - 0.5 - time.monotonic()))
    finalizers: Callable[[int], None] = multiprocessing.util._run_finalizers  # type: ignore[attr-defined]
    finalizers(0)


class _Pools:
    """Every pool `worker_pool` made in this process that is not closed yet."""

    live: weakref.WeakSet[ProcessPoolExecutor] = weakref.WeakSet()
    lock = threading.Lock()


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of `workers` spawned processes that end with this one. Its owner closes it
    with `close_pool` (or uses it in a `with` block)."""
    pool = _spawned_pool(workers)
    with _Pools.lock:
        _Pools.live.add(pool)
    return pool


def _spawned_pool(workers: int) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(max_workers=workers,
                               mp_context=multiprocessing.get_context("spawn"),
                               initializer=die_with_parent)


def close_pool(pool: ProcessPoolExecutor | None, wait: bool = False) -> None:
    """Stop `pool`'s workers now: queued jobs are cancelled and every worker is told to
    stop (SIGTERM), so a job still running is abandoned and nothing waits for it; `wait`
    also waits for the workers to be gone. The owner must not have cancelled single
    jobs of the pool (CPython's pool then fails to mark them broken)."""
    if pool is None:
        return
    with _Pools.lock:
        _Pools.live.discard(pool)
    procs = _processes(pool)
    pool.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        _terminate(p)
    if wait:
        for p in procs:
            p.join(STOP_GRACE + 1.0)


def _terminate(p: BaseProcess) -> None:
    """SIGTERM to `p` unless it is already gone (and reaped: a pid is never reused)."""
    with contextlib.suppress(ValueError):  # closed by the pool
        p.terminate()


def _processes(pool: ProcessPoolExecutor) -> list[BaseProcess]:
    """The pool's worker processes (CPython keeps them in `_processes`)."""
    procs: dict[int, BaseProcess] | None = getattr(pool, "_processes", None)
    return list(procs.values()) if procs else []


def close_all_pools() -> None:
    """Close every pool of this process still open (`close_pool`), the shared one too."""
    with _Pools.lock:
        left = list(_Pools.live)
    for pool in left:
        close_pool(pool)
    close_shared_pool()


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
            _Shared.pool = _spawned_pool(worker_count())
            if _Shared.owner != os.getpid():  # once per process
                multiprocessing.util.Finalize(None, _close_at_exit, exitpriority=100)
            _Shared.owner = os.getpid()
        return _Shared.pool


def _close_at_exit() -> None:
    if _Shared.pool is not None:  # a stopped worker (`_stop_now`) has none: no lock then
        close_shared_pool(wait=True)


def close_shared_pool(wait: bool = False) -> None:
    """Stop this process's playout workers (the next search starts new ones); `wait`
    for them to end (their chunks are short)."""
    with _Shared.lock:
        pool, _Shared.pool = _Shared.pool, None
    if pool is not None:  # shut down, not killed: searches cancel their own chunks
        pool.shutdown(wait=wait, cancel_futures=True)


class _Stop:
    """A worker's `submit` in progress, and a stop asked for meanwhile."""

    submitting = 0
    asked = False
    stopping = False
    """`_stop_now` is releasing this worker's playout workers (the parent's end does not
    cut it short)."""


def submit(pool: Executor, fn: Callable[..., T], *args: Any) -> Future[T]:
    """`pool.submit(fn, *args)`; a worker told to stop meanwhile stops once it returns.
    (A submit may start a worker process: stopped halfway through, the new process
    would fail with a traceback on the terminal.)"""
    _Stop.submitting += 1
    try:
        return pool.submit(fn, *args)
    finally:
        _Stop.submitting -= 1
        if _Stop.asked and not _Stop.submitting:
            _stop_now(signal.SIGTERM, None)


def warm_up() -> None:
    """Start this process's playout workers now (they take about a second to start),
    so the first search after it runs at full speed."""
    submit(shared_pool(), int, 0)
