"""Resuming a saved game: the map it was played on, then every action replayed."""

from __future__ import annotations

from pathlib import Path

from ttr.engine import TtrError
from ttr.game.session import GameSession
from ttr.maps.mapfile import MapDefinition, find_map
from ttr.store.saves import SaveError, SaveGame, quarantine


def resume(save: SaveGame, path: Path | None = None) -> tuple[GameSession, MapDefinition]:
    """Rebuild (session, map definition) from a save, replaying every action.

    Raises:
        SaveError: unknown map, changed map or an illegal action; when `path` is
        given the file is moved aside first (the message says so).
    """
    try:
        map_def = find_map(save.record.map_id)
        session = GameSession.resume(map_def.game_map, save.record)
    except (TtrError, ValueError) as e:
        note = ""
        if path is not None:
            moved = quarantine(path)
            note = f" (moved to {moved.parent.name}/)" if moved else ""
        name = path.name if path is not None else save.name or "save"
        raise SaveError(f"{name}: {e}{note}") from None
    return session, map_def
