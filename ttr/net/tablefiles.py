"""Where an online server keeps its tables: one JSON file per table and a journal of
its latest moves, written before anyone hears of a change, fsynced soon after in
batches.

`data/tables/<id>.json` holds a table in the lobby or being played, `data/finished/`
the finished ones. A change to the lobby, the start and the end of a game rewrite the
table file (a write and a rename, in a thread); a move in a running game is one line
appended to `data/tables/<id>.moves` (`{"n": action number, "a": notation}`), which
the next rewrite of the file takes in and removes. Either way a killed server loses
nothing anyone was told; the fsyncs that guard against a power cut run in one batch at
most `SYNC_EVERY` seconds later, on a thread of their own, so no update waits for the
disk. A line that cannot be written whole is cut off again, and a journal is read up
to its first line that is not the next move.
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

from ttr.net.protocol import MAX_ACTION, ProtocolError
from ttr.net.table import Table
from ttr.store.saves import SaveError, read_json, sync_files, write_atomic

logger = logging.getLogger(__name__)

SYNC_EVERY = 0.25
"""Seconds between the batched fsyncs of saved tables (the files are written at once)."""
_LINE = json.JSONEncoder(separators=(",", ":"))
OPEN_JOURNALS = 128
"""Journals kept open (the busiest tables'); each is one file descriptor."""
MAX_JOURNAL = 4 * 1024 * 1024
"""Largest journal read (a game has a few hundred moves of ~40 bytes)."""


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
        self._journals: dict[str, Path] = {}
        self._open: dict[str, tuple[int, int]] = {}
        """Table -> (descriptor, size) of its open journal, least recently used first."""
        self._on_disk: dict[str, int] = {}
        """Running game -> actions its file and journal hold (a move may be appended)."""

    def path(self, table: Table) -> Path | None:
        """The file that holds `table` now (None without a data folder)."""
        if self.data is None:
            return None
        sub = "finished" if table.over else "tables"
        return self.data / sub / f"{table.table_id}.json"

    def journal(self, table_id: str) -> Path:
        """The journal of a running table's latest moves."""
        assert self.data is not None
        path = self._journals.get(table_id)
        if path is None:
            path = self._journals[table_id] = self.data / "tables" / f"{table_id}.moves"
        return path

    def write_now(self, table: Table, sync: bool = True) -> Path | None:
        """Save a table's whole file now (blocking: tests, the command line); the file
        written, if any. With `sync=False` the fsync is left to `syncer`."""
        path = self.path(table)
        if path is None:
            return None
        self._rewrite(table.table_id, path, _file_text(table), table.over, sync)
        self._written(table)
        return path

    def _rewrite(self, table_id: str, path: Path, text: str, over: bool, sync: bool) -> None:
        """Replace a table's file (it holds every move: the journal goes)."""
        self._put_file(path, text, sync)
        if over:
            self.forget(table_id)
        elif self.data is not None:
            self.journal(table_id).unlink(missing_ok=True)

    def _written(self, table: Table) -> None:
        if table.status == "playing":
            self._on_disk[table.table_id] = table.seq
        else:
            self._on_disk.pop(table.table_id, None)

    def _put_file(self, path: Path, text: str, sync: bool) -> None:
        """The one place a table file is written (atomically)."""
        write_atomic(path, text, sync=sync)

    def _put_line(self, path: Path, line: bytes) -> None:
        """The one place a move is appended: whole, or cut off again. A running table's
        journal stays open (up to `OPEN_JOURNALS` of them), so a move is one `write`.

        Raises:
            OSError: it could not be written (the journal is as it was, or, if cutting
            off failed too, `save` rewrites the whole file next time).
        """
        tid = path.stem
        held = self._open.pop(tid, None)
        if held is None:
            while len(self._open) >= OPEN_JOURNALS:
                self._close_journal(next(iter(self._open)))
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            held = (fd, os.fstat(fd).st_size)
        fd, size = held
        try:
            if os.write(fd, line) != len(line):
                raise OSError(errno.ENOSPC, "No space left on device (short write)")  # i18n: no
        except OSError:
            try:
                os.ftruncate(fd, size)
            except OSError:
                self._on_disk.pop(tid, None)
            os.close(fd)
            raise
        self._open[tid] = (fd, size + len(line))  # the most recent last

    def _close_journal(self, table_id: str) -> None:
        held = self._open.pop(table_id, None)
        if held is not None:
            with contextlib.suppress(OSError):
                os.close(held[0])

    def rewrite_next(self, table_id: str) -> None:
        """Have the next save of this table rewrite its whole file (a change that is not
        a move, such as a chat line, is kept with the next move)."""
        self._on_disk.pop(table_id, None)

    def forget(self, table_id: str) -> None:
        """Remove a table's files from the running tables (if there are any)."""
        self._close_journal(table_id)
        if self.data is not None:
            (self.data / "tables" / f"{table_id}.json").unlink(missing_ok=True)
            self.journal(table_id).unlink(missing_ok=True)
        self._on_disk.pop(table_id, None)
        self._journals.pop(table_id, None)

    async def save(self, table: Table) -> None:
        """Save the table before anyone hears of the change: written and renamed into
        place when this returns, fsynced within `SYNC_EVERY`. The file is left as it
        was if this fails.

        Raises:
            CannotSave: the file could not be written (a full disk, ...).
        """
        if self.data is None:
            return
        tid = table.table_id
        try:
            if (self._on_disk.get(tid) == table.seq - 1 and table.status == "playing"
                    and table.record is not None):  # one move more: append it
                path = self.journal(tid)
                self._put_line(path, (_LINE.encode({"n": table.seq, "a": table.record.actions[
                    -1]}) + "\n").encode())
            else:  # the text is made here, on the loop, while nothing changes the table
                self._close_journal(tid)  # the rewrite removes it
                path = self.data / ("finished" if table.over else "tables") / f"{tid}.json"
                await asyncio.get_running_loop().run_in_executor(
                    self._disk, self._rewrite, tid, path, _file_text(table), table.over, False)
        except OSError as e:
            raise failure(e) from None
        self._written(table)
        self.saves += 1
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
                data = read_json(path)
                add_journal(data, path.with_suffix(".moves"))
                table = Table.from_dict(data, game_map)
            except SaveError as e:
                logger.error("table file %s cannot be used: %s", path.name, e)
                with contextlib.suppress(OSError):
                    os.replace(path, path.with_suffix(".broken"))
                continue
            tables.append(table)
            self._written(table)
            logger.info("resumed table %s (%s, %d actions)", table.table_id, table.status,
                        table.seq)
        return tables

    def close(self) -> None:
        """Wait for the saves under way (call `sync_now` first); close the journals."""
        for tid in list(self._open):
            self._close_journal(tid)
        self._disk.shutdown(wait=True)
        self._fsync.shutdown(wait=True)


def _file_text(table: Table) -> str:
    return json.dumps(table.to_dict(), separators=(",", ":"))


def add_journal(data: Any, journal: Path) -> None:
    """Add the moves of a table's journal to its file's data: the lines numbered from
    the file's next action on, up to the first that is not the next move (a line cut
    short by a power cut, a move the file already holds)."""
    try:
        with journal.open("rb") as f:
            raw = f.read(MAX_JOURNAL)
    except FileNotFoundError:
        return
    except OSError as e:
        raise SaveError(f"{journal.name}: cannot be read ({e.strerror or e})") from None  # i18n: no
    try:
        actions = data["save"]["record"]["actions"]
    except (TypeError, KeyError):
        return  # a table without a game: the file's own check says what is wrong
    if not isinstance(actions, list):
        return
    for line in raw.split(b"\n"):
        try:
            move = json.loads(line)
        except ValueError:
            break
        if not isinstance(move, dict) or move.get("n") != len(actions) + 1:
            if isinstance(move, dict) and isinstance(move.get("n"), int) \
                    and move["n"] <= len(actions):
                continue  # already in the file
            break
        text = move.get("a")
        if not isinstance(text, str) or len(text) > MAX_ACTION:
            break
        actions.append(text)
