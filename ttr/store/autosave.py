"""Autosave after every action, resume exactly, and file finished games away.

An `Autosaver` is attached to a `GameSession` (it is one of `session.after_action`).
After each action it writes `saves_dir()/autosave.json` atomically. When the game
ends it saves the finished game, keeps the record in `records_dir()`, adds the game to
the statistics and removes the autosave. Filing is idempotent, keyed by the record's
digest (`text_digest`): a copy killed half-way through filing leaves the finished game
in the autosave, and filing it again on Continue (`attach` files a finished session)
adds neither a second record nor a second statistics entry. A failing disk is logged
and never stops the game.

Only the copy of the game that holds the data folder's lock (`lock.DataLock`) uses
the autosave: `Folders.autosave_on` is False in a second copy, which then never
writes, cleans or deletes `autosave.json` (it still keeps records and statistics).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ttr.i18n import _
from ttr.store.record import GameRecord
from ttr.store.safefile import move_aside
from ttr.store.saves import (
    AUTOSAVE_NAME,
    SaveError,
    SaveGame,
    list_saves,
    load_save,
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
    autosave_on: bool = True
    """False in a copy of the game that does not hold the data folder's lock."""

    @staticmethod
    def default(autosave_on: bool = True) -> Folders:
        """The platformdirs folders (honouring TTR_HOME)."""
        from ttr.store.paths import records_dir, saves_dir, stats_path

        return Folders(Path(saves_dir()), Path(records_dir()), Path(stats_path()),
                       autosave_on)

    @property
    def autosave(self) -> Path:
        """The autosave file (no named save has this file, see `saves.save_path`)."""
        return self.saves / f"{AUTOSAVE_NAME}.json"

    def named(self, name: str) -> Path:
        """The file of the save called `name`."""
        return save_path(self.saves, name)


class Autosaver:
    """Saves a session after every action; files the game away when it ends."""

    def __init__(self, folders: Folders | None = None) -> None:
        self.folders = folders or Folders.default()
        self.finished_record: Path | None = None
        self.error: str | None = None
        """The last write failure (for a toast), or None."""

    def attach(self, session: Any) -> Autosaver:
        """Hook into `session.after_action` (once) and return self; a session that is
        already over (an autosave whose filing was cut short) is filed now."""
        if self not in session.after_action:
            session.after_action.append(self)
        if session.over:
            self(session)
        return self

    def __call__(self, session: Any, events: object = ()) -> None:
        """After an action: save, or file the finished game."""
        try:
            if session.over:
                self.finish(session)
            elif self.folders.autosave_on:
                self.save(session)
            self.error = None
        except OSError as e:
            self.error = _("Could not save the game: {error}").format(error=e.strerror or e)
            logger.warning("autosave failed: %s", e)

    def save(self, session: Any, name: str = "") -> Path | None:
        """Write the game to the named save `name` (replacing a save of that name: ask
        first), or to the autosave (None when this copy does not autosave)."""
        if not name and not self.folders.autosave_on:
            return None
        path = self.folders.named(name) if name else self.folders.autosave
        save_game(path, SaveGame(session.record, session.screen_owner, name=name))
        return path

    def finish(self, session: Any) -> Path:
        """Save the finished game, keep its record, add the statistics and drop the
        autosave; each step is skipped when an earlier, cut-short filing did it."""
        record: GameRecord = session.record
        if self.folders.autosave_on:
            self.save(session)  # a kill from here on is filed again on Continue
        text = record.dumps("json")
        digest = text_digest(text)
        path = self._keep_record(record, text, digest)
        StatsStore(self.folders.stats).add(
            game_summary(record, session.results()) | {"game": digest})
        if self.folders.autosave_on:
            self.folders.autosave.unlink(missing_ok=True)
        self.finished_record = path
        logger.info("finished game kept as %s", path)
        return path

    def _keep_record(self, record: GameRecord, text: str, digest: str) -> Path:
        """The record's file (`text`, whose digest is `digest`) in the records folder,
        written unless it is there already."""
        kept = next(self.folders.records.glob(f"*-{digest}.json"), None)
        if kept is not None:
            return kept
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
        seed = "".join(ch for ch in str(record.seed) if ch.isalnum())[:20]
        path = self.folders.records / f"{stamp}-{record.map_id}-{seed}-{digest}.json"
        write_atomic(path, text)
        return path


def text_digest(text: str) -> str:
    """A short digest of a record's JSON text: the same game, move for move, has the same."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def clean_temp_files(folder: Path) -> None:
    """Remove temporary files left by a write that was killed half-way."""
    for p in folder.glob(".*.tmp"):
        with contextlib.suppress(OSError):
            p.unlink()


def peek_autosave(folders: Folders | None = None) -> tuple[SaveGame | None, str | None]:
    """The autosave if it can be read, else (None, why). A broken one is moved aside."""
    folders = folders or Folders.default()
    path = folders.autosave
    if folders.autosave_on and folders.saves.is_dir():
        clean_temp_files(folders.saves)  # only the copy that writes the autosave
    if not path.exists() and not path.is_symlink():
        return None, None
    try:
        return load_save(path), None
    except SaveError as e:
        moved = move_aside(path)
        if moved is None:
            return None, _("The autosave could not be used: {error}.").format(error=e)
        # TRANSLATORS: {error} says what is wrong; {folder} is "broken"
        return None, _("The autosave could not be used: {error}. It was moved to "
                       "{folder}/.").format(error=e, folder=moved.parent.name)


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
