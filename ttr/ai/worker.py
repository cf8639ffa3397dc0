"""Worker processes for AI thinking (the game's Hard seats, `ttr arena`) that die with
the process that started them.

Workers are spawned (never forked: the window app's state stays out of them) with an
initializer that watches the parent: `multiprocessing.parent_process()` carries a
sentinel that becomes ready when the parent is gone, however it ended (even SIGKILL),
and the worker then exits at once. Once the workers are gone, multiprocessing's
resource tracker (which they keep alive) sees its last client leave and exits too.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor


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
