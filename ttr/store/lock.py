"""Advisory file locks between copies of the game (fcntl on POSIX, msvcrt on Windows).

`DataLock` is held by a running window app on its data folder for as long as it runs:
a second copy of the game started on the same folders does not get it and so keeps its
hands off the autosave (it says so and plays without one). `locked` serialises short
read-modify-write steps (adding a game to the statistics) between copies. A lock dies
with its process, so a crashed copy never leaves one behind. Within one process the
same lock is shared (counted), so only another process is "another copy".
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from collections.abc import Iterator
from pathlib import Path

logger = logging.getLogger(__name__)

_HELD: dict[str, list[int]] = {}
"""Lock file -> [file descriptor, holders in this process]."""


def _try_lock(fd: int, blocking: bool) -> bool:
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_LOCK if blocking else msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
    except OSError:
        return False
    return True


def _acquire(path: Path, blocking: bool) -> bool | None:
    """True: held; False: another process holds it; None: no lock file can be made
    here (a read-only folder), so there is nothing to hold."""
    key = str(path.resolve())
    held = _HELD.get(key)
    if held is not None:
        held[1] += 1
        return True
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as e:
        logger.warning("cannot open lock file %s: %s", path, e)
        return None
    if not _try_lock(fd, blocking):
        os.close(fd)
        return False
    _HELD[key] = [fd, 1]
    return True


def _release(path: Path) -> None:
    key = str(path.resolve())
    held = _HELD.get(key)
    if held is None:
        return
    held[1] -= 1
    if held[1] <= 0:
        del _HELD[key]
        os.close(held[0])  # closing the descriptor releases the lock


class DataLock:
    """The lock of one data folder (`<folder>/ttr.lock`)."""

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / "ttr.lock"
        self.held = False

    def acquire(self) -> bool:
        """Take the lock unless another copy of the game holds it; False only then (a
        folder where no lock file can be made has nobody to share it with)."""
        if self.held:
            return True
        got = _acquire(self.path, blocking=False)
        self.held = got is True
        return got is not False

    def release(self) -> None:
        """Give the lock back (also happens when the process ends)."""
        if self.held:
            _release(self.path)
            self.held = False


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the lock file `path` for a short step, waiting for another copy to finish
    its own; if the lock cannot be taken at all (a read-only folder), go on without."""
    got = _acquire(path, blocking=True)
    try:
        yield
    finally:
        if got is True:
            _release(path)
