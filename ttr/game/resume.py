"""Resuming a saved game: the map it was played on, then every action replayed."""

from __future__ import annotations

from pathlib import Path

from ttr.engine import MapError, TtrError
from ttr.game.session import GameSession
from ttr.i18n import _, pgettext
from ttr.maps.mapfile import MapDefinition, find_map
from ttr.store.problem_words import error_text
from ttr.store.safefile import move_aside, with_moved_note
from ttr.store.saves import SaveError, SaveGame


def resume(save: SaveGame, path: Path | None = None) -> tuple[GameSession, MapDefinition]:
    """Rebuild (session, map definition) from a save, replaying every action.

    Raises:
        SaveError: the map is missing or broken (the save is kept: the game can go on
        once the map file is fixed), or the save itself does not fit its map (changed
        routes, an illegal action, an unknown AI level); in that case, when `path` is
        given, the file is moved aside first (the message says so).
    """
    name = path.name if path is not None else save.name or pgettext("noun", "save")
    try:
        map_def = find_map(save.record.map_id)
    except MapError as e:
        # TRANSLATORS: {name} is the saved game's name; {error} says what is wrong
        raise SaveError(_("{name} is kept, but its map cannot be loaded: {error}").format(
            name=name, error=error_text(e))) from None
    try:
        session = GameSession.resume(map_def.game_map, save.record)
    except (TtrError, ValueError) as e:
        moved = move_aside(path) if path is not None else None
        raise SaveError(with_moved_note(f"{name}: {error_text(e)}", moved)) from None
    return session, map_def
