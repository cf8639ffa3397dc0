"""Finished games kept as records, and a step-by-step timeline for the Replay screen.

A game that is over hides nothing, so a `ReplayFrame` carries every hand and every
ticket alongside the public (spectator) view the map is drawn from.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from ttr.engine import (
    Event,
    GameMap,
    GameState,
    Hand,
    PlayerView,
    Seat,
    TicketId,
    TtrError,
    apply,
    new_game,
    observe,
    parse_action,
)
from ttr.store.record import GameRecord
from ttr.store.safefile import move_aside, moved_note

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class RecordEntry:
    """A finished-game file: its record, or why it cannot be read."""

    path: Path
    record: GameRecord | None
    error: str | None

    @property
    def when(self) -> str:
        """`2024-05-01 12:00` from the file name stamp (or '')."""
        stem = self.path.stem.split("-", 1)[0]
        if len(stem) >= 13 and stem[8] == "T":
            return f"{stem[:4]}-{stem[4:6]}-{stem[6:8]} {stem[9:11]}:{stem[11:13]}"
        return ""


def list_records(folder: str | Path, move_broken: bool = True) -> list[RecordEntry]:
    """Every record in `folder` (json and yaml), newest first; unreadable ones are
    reported and moved aside into `broken/`."""
    d = Path(folder)
    if not d.is_dir():
        return []
    out = []
    for p in sorted([*d.glob("*.json"), *d.glob("*.yaml")], reverse=True):
        try:
            out.append(RecordEntry(p, GameRecord.load(p), None))
        except TtrError as e:
            moved = move_aside(p) if move_broken else None
            message = str(e).replace(str(p), p.name, 1)
            out.append(RecordEntry(p, None, f"{message}{moved_note(moved)}"))
    return out


@dataclass(frozen=True, slots=True)
class ReplayFrame:
    """The game after `step` actions, with everything revealed."""

    step: int
    action: str | None
    actor: Seat | None
    view: PlayerView
    hands: tuple[Hand, ...]
    tickets: tuple[tuple[TicketId, ...], ...]
    events: tuple[Event, ...]


class Timeline:
    """All states of a recorded game, for stepping forward and back.

    Raises:
        TtrError: the map changed or an action is unreadable or illegal.
    """

    def __init__(self, record: GameRecord, game_map: GameMap) -> None:
        record.replay(game_map)  # checks the map and every action first
        self.record = record
        state = new_game(game_map, record.config, len(record.seats), record.seed)
        self._states: list[GameState] = [state]
        self._events: list[tuple[Event, ...]] = [()]
        self._actors: list[Seat | None] = [None]
        for text in record.actions:
            actor = state.current
            tr = apply(state, parse_action(text))
            state = tr.state
            self._states.append(state)
            self._events.append(tuple(tr.events))
            self._actors.append(actor)

    def __len__(self) -> int:
        """Number of frames (actions + 1)."""
        return len(self._states)

    def frame(self, step: int) -> ReplayFrame:
        """The frame after `step` actions (clamped to the game)."""
        step = max(0, min(len(self._states) - 1, step))
        s = self._states[step]
        return ReplayFrame(
            step=step,
            action=self.record.actions[step - 1] if step else None,
            actor=self._actors[step],
            view=observe(s, None),
            hands=tuple(p.hand for p in s.players),
            tickets=tuple(p.tickets for p in s.players),
            events=self._events[step],
        )

    def next_turn(self, step: int, direction: int) -> int:
        """The first step of the next (or previous) seat's turn from `step`."""
        i = step
        while 0 <= i + direction < len(self._states):
            i += direction
            if self._actors[i] != self._actors[step]:
                if direction > 0:
                    return i
                while i - 1 > 0 and self._actors[i - 1] == self._actors[i]:
                    i -= 1
                return i
        return max(0, min(len(self._states) - 1, i))
