"""Saved games: atomic writes, strict reads, broken files moved aside.

A save is JSON: a format version, the game record (map id and content hash, rules,
seed, seats, every action), whose screen the game was showing and when it was saved.
Loading checks every field and replays the record, so a save that no longer fits
(unknown version, changed map, illegal action) is refused with a clear message.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ttr.engine import TtrError
from ttr.store.record import GameRecord

logger = logging.getLogger(__name__)

SAVE_VERSION = 1
MAX_SAVE_BYTES = 8 * 1024 * 1024
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
            raise SaveError("not a ttr saved game")
        if data.get("version") != SAVE_VERSION:
            raise SaveError(f"saved by another version of ttr (format {data.get('version')!r})")
        owner = data.get("screen_owner")
        if owner is not None and (isinstance(owner, bool) or not isinstance(owner, int)
                                  or not 0 <= owner < 5):
            raise SaveError(f"bad screen_owner {owner!r}")
        for key in ("name", "saved_at"):
            if not isinstance(data.get(key, ""), str):
                raise SaveError(f"{key!r} must be text")
        try:
            record = GameRecord.from_dict(data.get("record"))
        except TtrError as e:
            raise SaveError(str(e)) from None
        return SaveGame(record, owner, data.get("saved_at", ""), data.get("name", ""))


def write_atomic(path: Path, text: str) -> None:
    """Write `text` so that `path` holds either the old or the new content, never a mix.

    Writes a temporary file in the same folder, flushes and fsyncs it, renames it
    over `path`, then fsyncs the folder.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:  # some platforms cannot open folders
        return
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def save_game(path: str | Path, save: SaveGame) -> None:
    """Write a save atomically (stamping the time)."""
    save.saved_at = datetime.now(UTC).isoformat(timespec="seconds")
    write_atomic(Path(path), json.dumps(save.to_dict(), indent=1, ensure_ascii=False))


def read_json(path: str | Path, what: str = "a saved game") -> Any:
    """The JSON data of a save-like file (size-limited, strict UTF-8).

    Raises:
        SaveError: missing, unreadable, empty, too big or not JSON; the message starts
        with the file name.
    """
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_SAVE_BYTES:
            raise SaveError(f"{p.name}: too big to be {what} ({size} bytes)")
        if size == 0:
            raise SaveError(f"{p.name}: the file is empty")
        raw = p.read_bytes()
    except OSError as e:
        raise SaveError(f"{p.name}: cannot read ({e.strerror or e})") from None
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
        raise SaveError(f"{p.name}: damaged file ({type(e).__name__})") from None


def load_save(path: str | Path) -> SaveGame:
    """Read and check a save file (the record is not replayed here).

    Raises:
        SaveError: missing, unreadable, too big, not JSON, or malformed; the message
        starts with the file name.
    """
    p = Path(path)
    data = read_json(p)
    try:
        return SaveGame.from_dict(data)
    except SaveError as e:
        raise SaveError(f"{p.name}: {e}") from None


def quarantine(path: str | Path) -> Path | None:
    """Move a broken save aside into `broken/` next to it, keeping it for inspection.

    Returns the new path, or None if it could not be moved.
    """
    p = Path(path)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    target = p.parent / "broken" / f"{p.stem}-{stamp}{p.suffix}"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(p, target)
    except OSError as e:
        logger.warning("cannot move broken save %s aside: %s", p, e)
        return None
    logger.warning("moved broken save %s to %s", p, target)
    return target


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
            moved = quarantine(p) if move_broken else None
            note = f" (moved to {moved.parent.name}/)" if moved else ""
            out.append(SaveEntry(p, p.stem, "", None, f"{e}{note}"))
            continue
        out.append(SaveEntry(p, save.name or p.stem, save.saved_at, save, None))
    out.sort(key=lambda e: (e.error is None, e.saved_at), reverse=True)
    return out


def save_path(folder: str | Path, name: str) -> Path:
    """The file for a save called `name` (letters, digits, - and _ kept)."""
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name.strip())[:60]
    return Path(folder) / f"{safe or 'game'}.json"
