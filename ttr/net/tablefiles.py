"""Where an online server keeps its tables: one JSON file per table, written before
anyone hears of a change, fsynced soon after in batches.

`data/tables/<id>.json` holds a table in the lobby or being played, `data/finished/`
the finished ones. A save is a write and a rename (so a killed server loses nothing
anyone was told); the fsyncs that guard against a power cut run in one batch at most
`SYNC_EVERY` seconds later, on a thread of their own, so no update waits for the disk.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import logging
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from ttr.net.protocol import ProtocolError
from ttr.net.table import Table
from ttr.store.saves import SaveError, read_json, sync_files, write_atomic

logger = logging.getLogger(__name__)

SYNC_EVERY = 0.25
"""Seconds between the batched fsyncs of saved tables (the files are written at once)."""


class CannotSave(ProtocolError):
    """A table could not be saved: `reason` is one of `table.SAVE_FAILURES`."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__("cannot_save", f"cannot_save: {reason}", {"reason": reason})
        self.reason = reason
        self.detail = detail
        """The system's words (for the server's log only)."""


def failure(e: OSError) -> CannotSave:
    """The `CannotSave` for an error met while saving."""
    if e.errno in (errno.ENOSPC, errno.EDQUOT):
        reason = "disk_full"
    elif e.errno == errno.EROFS:
        reason = "read_only"
    elif e.errno in (errno.EACCES, errno.EPERM):
        reason = "no_permission"
    else:
        reason = "io_error"
    return CannotSave(reason, str(e))


class TableFiles:
    """The table files of one server (`data` None: tables are not kept)."""

    def __init__(self, data: Path | None) -> None:
        self.data = data
        self.saves = 0
        """Saves written so far."""
        self._disk = ThreadPoolExecutor(max_workers=16, thread_name_prefix="ttr-save")
        """Saves run here: writes of several tables overlap (one table saves in order)."""
        self._fsync = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ttr-fsync")
        """The batched fsyncs run here, out of the saves' way."""
        self._unsynced: set[Path] = set()
        """Table files written but not yet fsynced."""
        self._wake = asyncio.Event()
        self._sync_failing = False

    def path(self, table: Table) -> Path | None:
        """The file that holds `table` now (None without a data folder)."""
        if self.data is None:
            return None
        sub = "finished" if table.over else "tables"
        return self.data / sub / f"{table.table_id}.json"

    def write_now(self, table: Table, sync: bool = True) -> Path | None:
        """Save a table now (blocking; the loop uses `save`); the file written, if any.
        With `sync=False` the fsync is left to `syncer`."""
        path = self.path(table)
        if path is None:
            return None
        write_atomic(path, json.dumps(table.to_dict(), separators=(",", ":")), sync=sync)
        if table.over:
            self.forget(table.table_id)
        return path

    def forget(self, table_id: str) -> None:
        """Remove a table's file from the running tables (if there is one)."""
        if self.data is not None:
            (self.data / "tables" / f"{table_id}.json").unlink(missing_ok=True)

    async def save(self, table: Table) -> None:
        """Save the table before anyone hears of the change: written and renamed into
        place when this returns, fsynced within `SYNC_EVERY`. The file is left as it
        was if this fails.

        Raises:
            CannotSave: the file could not be written (a full disk, ...).
        """
        if self.data is None:
            return
        try:
            path = await asyncio.get_running_loop().run_in_executor(
                self._disk, self.write_now, table, False)
        except OSError as e:
            raise failure(e) from None
        self.saves += 1
        if path is not None:
            self._unsynced.add(path)
            self._wake.set()

    async def syncer(self) -> None:
        """Run forever: fsync the files written since the last round, at most every
        `SYNC_EVERY` seconds."""
        while True:
            await self._wake.wait()
            await asyncio.sleep(SYNC_EVERY)
            await self.sync_now()

    async def sync_now(self) -> None:
        """fsync every file written and not yet synced."""
        self._wake.clear()
        paths, self._unsynced = self._unsynced, set()
        if not paths:
            return
        try:
            await asyncio.get_running_loop().run_in_executor(self._fsync, sync_files, paths)
        except OSError as e:
            if not self._sync_failing:
                logger.error("cannot sync saved tables (trying again): %s", e)
            self._sync_failing = True
            self._unsynced |= paths
            self._wake.set()
            return
        if self._sync_failing:
            logger.info("saved tables synced again")
        self._sync_failing = False

    def load(self, game_map: Callable[[str], Any]) -> list[Table]:
        """The running tables saved in the data folder; a file that cannot be used is
        renamed `.broken` with a logged message (`game_map`: a map by id)."""
        if self.data is None:
            return []
        folder = self.data / "tables"
        if not folder.is_dir():
            return []
        for p in folder.glob(".*.tmp"):
            with contextlib.suppress(OSError):
                p.unlink()
        tables = []
        for path in sorted(folder.glob("*.json")):
            try:
                table = Table.from_dict(read_json(path), game_map)
            except SaveError as e:
                logger.error("table file %s cannot be used: %s", path.name, e)
                with contextlib.suppress(OSError):
                    os.replace(path, path.with_suffix(".broken"))
                continue
            tables.append(table)
            logger.info("resumed table %s (%s, %d actions)", table.table_id, table.status,
                        table.seq)
        return tables

    def close(self) -> None:
        """Wait for the saves under way (call `sync_now` first)."""
        self._disk.shutdown(wait=True)
        self._fsync.shutdown(wait=True)
