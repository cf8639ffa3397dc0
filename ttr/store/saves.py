"""Saved games: atomic writes, strict reads, broken files moved aside.

A save is JSON: a format version, the game record (map id and content hash, rules,
seed, seats, every action), whose screen the game was showing and when it was saved.
Loading (through the safe reader) checks every field, and resuming replays the record,
so a save that no longer fits (unknown version, changed map, illegal action) is refused
with a clear message. Every save name has its own file (`save_path`); the autosave is
`autosave.json`, which no named save can be.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ttr.engine import TtrError
from ttr.i18n import _
from ttr.store.problem_words import error_text
from ttr.store.record import GameRecord
from ttr.store.safefile import SAVE, FileReadError, move_aside, read_data, with_moved_note
from ttr.store.text import MAX_NAME, clean_text

logger = logging.getLogger(__name__)

SAVE_VERSION = 1
AUTOSAVE_NAME = "autosave"


class SaveError(TtrError):
    """A save file that cannot be used; the message says what is wrong and where."""


@dataclass(slots=True)
class SaveGame:
    """A game in progress."""

    record: GameRecord
    screen_owner: int | None = None
    saved_at: str = ""
    name: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Plain data with the format version."""
        return {
            "format": "ttr-save",
            "version": SAVE_VERSION,
            "name": self.name,
            "saved_at": self.saved_at,
            "screen_owner": self.screen_owner,
            "record": self.record.to_dict(),
        }

    @staticmethod
    def from_dict(data: Any) -> SaveGame:
        """Check and rebuild a save.

        Raises:
            SaveError: wrong format, version or field types.
        """
        if not isinstance(data, dict) or data.get("format") != "ttr-save":
            raise SaveError(_("not a ttr saved game"))
        if data.get("version") != SAVE_VERSION:
            raise SaveError(_("saved by another version of ttr (format {version})").format(
                version=repr(data.get("version"))))
        owner = data.get("screen_owner")
        if owner is not None and (isinstance(owner, bool) or not isinstance(owner, int)
                                  or not 0 <= owner < 5):
            raise SaveError(_bad_owner(owner))
        for key in ("name", "saved_at"):
            if not isinstance(data.get(key, ""), str):
                # TRANSLATORS: {key} is the name of a field of the file ('name')
                raise SaveError(_("{key} must be text").format(key=repr(key)))
        try:
            record = GameRecord.from_dict(data.get("record"))
        except TtrError as e:
            raise SaveError(error_text(e)) from None
        if owner is not None and owner >= len(record.seats):
            raise SaveError(_bad_owner(owner))
        saved_at = data.get("saved_at", "")
        if not _STAMP.match(saved_at):
            saved_at = ""
        return SaveGame(record, owner, saved_at, clean_text(data.get("name", ""), MAX_NAME))


def _bad_owner(owner: object) -> str:
    # TRANSLATORS: screen_owner is a field of the saved game (not translated)
    return _("bad screen_owner {owner}").format(owner=repr(owner))


def write_atomic(path: Path, text: str, sync: bool = True) -> None:
    """Write `text` so that `path` holds either the old or the new content, never a mix.

    Writes a temporary file in the same folder, flushes and fsyncs it, renames it
    over `path`, then fsyncs the folder. With `sync=False` the two fsyncs are left to
    the caller (`sync_files`, later): the new content is already safe from the writing
    process being killed, and the rename keeps old-or-new (ext4, XFS and btrfs flush a
    file renamed over another), but a power cut before `sync_files` may lose it.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            if sync:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    if sync:
        _sync_folder(path.parent)


def sync_files(paths: Iterable[Path]) -> None:
    """fsync each file that still exists, then each of their folders (the durable half
    of `write_atomic(..., sync=False)`)."""
    folders: set[Path] = set()
    for path in paths:
        folders.add(path.parent)
        try:
            fd = os.open(path, os.O_RDONLY)
        except OSError:  # removed since (a finished table moves), or unreadable
            continue
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    for folder in sorted(folders):
        _sync_folder(folder)


def _sync_folder(folder: Path) -> None:
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:  # some platforms cannot open folders
        return
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def save_game(path: str | Path, save: SaveGame) -> None:
    """Write a save atomically (stamping the time)."""
    save.saved_at = datetime.now(UTC).isoformat(timespec="seconds")
    write_atomic(Path(path), json.dumps(save.to_dict(), indent=1))  # ASCII: always encodable


def read_json(path: str | Path) -> Any:
    """The data of a save-like JSON file (saves, online tables), read by the one safe
    reader (`ttr.store.safefile`: size limit, strict UTF-8, depth limit).

    Raises:
        SaveError: missing, unreadable, empty, too big or not JSON; the message starts
        with the file name.
    """
    p = Path(path)
    try:
        return read_data(p, SAVE)
    except FileReadError as e:
        raise SaveError(str(e).replace(str(p), p.name, 1)) from None


def load_save(path: str | Path) -> SaveGame:
    """Read and check a save file (the record is not replayed here).

    Raises:
        SaveError: missing, unreadable, not a regular file, too big, not JSON, or
        malformed; the message starts with the file name.
    """
    p = Path(path)
    data = read_json(p)
    try:
        return SaveGame.from_dict(data)
    except SaveError as e:
        raise SaveError(f"{p.name}: {e}") from None


@dataclass(frozen=True, slots=True)
class SaveEntry:
    """A save file as listed in the menu: its game, or why it could not be read."""

    path: Path
    name: str
    saved_at: str
    save: SaveGame | None
    error: str | None


def list_saves(folder: str | Path, move_broken: bool = True) -> list[SaveEntry]:
    """Every save in `folder`, newest first; broken ones are reported (and moved aside)."""
    d = Path(folder)
    out: list[SaveEntry] = []
    if not d.is_dir():
        return out
    for p in sorted(d.glob("*.json")):
        try:
            save = load_save(p)
        except SaveError as e:
            moved = move_aside(p) if move_broken else None
            out.append(SaveEntry(p, clean_text(p.stem, MAX_NAME, "save"), "", None,
                                 with_moved_note(str(e), moved)))
            continue
        out.append(SaveEntry(p, save.name or p.stem, save.saved_at, save, None))
    out.sort(key=lambda e: (e.error is None, e.saved_at), reverse=True)
    return out


def save_path(folder: str | Path, name: str) -> Path:
    """The file of the save called `name`: distinct names get distinct files.

    The file name is the name's letters and digits (lower case, at most 40), then a
    hash of the whole name, so "Game 1", "Game_1", "Game/1" and "game 1" are four
    files on any file system, and a save named "autosave" is not the autosave.
    """
    name = clean_text(name, MAX_NAME) or "game"
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "save"
    digest = hashlib.sha256(name.encode("utf-8")).hexdigest()[:10]
    return Path(folder) / f"{slug}-{digest}.json"


_STAMP = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[+-]\d\d:\d\d|Z)?$")
