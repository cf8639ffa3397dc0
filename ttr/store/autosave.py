"""Autosave after every action, resume exactly, and file finished games away.

An `Autosaver` is attached to a `GameSession` (it is one of `session.after_action`).
After each action it writes `saves_dir()/autosave.json` atomically. When the game
ends it keeps the record in `records_dir()`, adds the game to the statistics and
removes the autosave. A failing disk is logged and never stops the game.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ttr.store.record import GameRecord
from ttr.store.saves import (
    AUTOSAVE_NAME,
    SaveError,
    SaveGame,
    list_saves,
    load_save,
    quarantine,
    save_game,
    save_path,
    write_atomic,
)
from ttr.store.stats import StatsStore, game_summary

logger = logging.getLogger(__name__)


@dataclass(slots=True)
class Folders:
    """Where saves, finished records and statistics go (the user dirs by default)."""

    saves: Path
    records: Path
    stats: Path

    @staticmethod
    def default() -> Folders:
        """The platformdirs folders (honouring TTR_HOME)."""
        from ttr.store.paths import records_dir, saves_dir, stats_path

        return Folders(Path(saves_dir()), Path(records_dir()), Path(stats_path()))

    @property
    def autosave(self) -> Path:
        """The autosave file."""
        return save_path(self.saves, AUTOSAVE_NAME)


class Autosaver:
    """Saves a session after every action; files the game away when it ends."""

    def __init__(self, folders: Folders | None = None) -> None:
        self.folders = folders or Folders.default()
        self.finished_record: Path | None = None
        self.error: str | None = None
        """The last write failure (for a toast), or None."""

    def attach(self, session: Any) -> Autosaver:
        """Hook into `session.after_action` (once) and return self."""
        if self not in session.after_action:
            session.after_action.append(self)
        return self

    def __call__(self, session: Any, events: object = ()) -> None:
        """After an action: save, or file the finished game."""
        try:
            if session.over:
                self.finish(session)
            else:
                self.save(session)
            self.error = None
        except OSError as e:
            self.error = f"Could not save the game: {e.strerror or e}"
            logger.warning("autosave failed: %s", e)

    def save(self, session: Any, name: str = "") -> Path:
        """Write the game (to the autosave, or to the named save `name`)."""
        path = save_path(self.folders.saves, name) if name else self.folders.autosave
        save_game(path, SaveGame(session.record, session.screen_owner, name=name))
        return path

    def finish(self, session: Any) -> Path:
        """Keep the record, add the statistics and drop the autosave."""
        record: GameRecord = session.record
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
        path = self.folders.records / f"{stamp}-{record.map_id}-{record.seed}.json"
        write_atomic(path, record.dumps("json"))
        StatsStore(self.folders.stats).add(game_summary(record, session.results()))
        self.folders.autosave.unlink(missing_ok=True)
        self.finished_record = path
        logger.info("finished game kept as %s", path)
        return path


def clean_temp_files(folder: Path) -> None:
    """Remove temporary files left by a write that was killed half-way."""
    for p in folder.glob(".*.tmp"):
        with contextlib.suppress(OSError):
            p.unlink()


def peek_autosave(folders: Folders | None = None) -> tuple[SaveGame | None, str | None]:
    """The autosave if it can be read, else (None, why). A broken one is moved aside."""
    folders = folders or Folders.default()
    path = folders.autosave
    if folders.saves.is_dir():
        clean_temp_files(folders.saves)
    if not path.exists():
        return None, None
    try:
        return load_save(path), None
    except SaveError as e:
        moved = quarantine(path)
        where = f" It was moved to {moved.parent.name}/." if moved else ""
        return None, f"The autosave could not be used: {e}.{where}"


def kept_elsewhere(folders: Folders, save: SaveGame) -> bool:
    """True if a named save holds exactly this game (so replacing the autosave loses nothing)."""
    mine = save.record.to_dict()
    for entry in list_saves(folders.saves, move_broken=False):
        if entry.path != folders.autosave and entry.save is not None \
                and entry.save.record.to_dict() == mine:
            return True
    return False


def keep_autosave(folders: Folders, save: SaveGame, name: str) -> Path:
    """Write the unfinished game `save` (read from the autosave) as the named save `name`.

    An existing file of that name gets a number added, so nothing is overwritten.
    """
    label, n = name, 2
    while save_path(folders.saves, label).exists():
        label, n = f"{name} {n}", n + 1
    path = save_path(folders.saves, label)
    save_game(path, SaveGame(save.record, save.screen_owner, name=label))
    logger.info("unfinished game kept as %s", path)
    return path


def drop_autosave(folders: Folders) -> None:
    """Remove the autosave (its game was kept as a named save, or discarded)."""
    folders.autosave.unlink(missing_ok=True)
