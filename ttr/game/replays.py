"""Finished games kept as records, and a step-by-step timeline for the Replay screen.

A game that is over hides nothing, so a `ReplayFrame` carries every hand and every
ticket alongside the public (spectator) view the map is drawn from, and the step's events
unredacted. Steps are actions; a turn is one seat's go (one or more actions), counted
from 1 as the engine counts completed turns (the opening ticket choices are turn 0).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from ttr.engine import (
    Event,
    GameMap,
    GameResult,
    GameState,
    Hand,
    PlayerView,
    Seat,
    Stage,
    TicketId,
    TtrError,
    apply,
    new_game,
    observe,
    parse_action,
    results,
)
from ttr.store.problem_words import error_text
from ttr.store.record import GameRecord
from ttr.store.safefile import move_aside, with_moved_note

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
            message = error_text(e).replace(str(p), p.name, 1)
            out.append(RecordEntry(p, None, with_moved_note(message, moved)))
    return out


@dataclass(frozen=True, slots=True)
class ReplayFrame:
    """The game after `step` actions, with everything revealed."""

    step: int
    turn: int
    """The turn the step's action was played in (0: the start and the opening ticket choices)."""
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
        self._turns: list[int] = [0]
        self._log: list[Event] = []
        self._log_len: list[int] = [0]
        for text in record.actions:
            actor = state.current
            turn = 0 if state.stage == Stage.INITIAL_TICKETS else state.turn + 1
            tr = apply(state, parse_action(text))
            state = tr.state
            self._states.append(state)
            self._events.append(tuple(tr.events))
            self._actors.append(actor)
            self._turns.append(turn)
            self._log.extend(tr.events)
            self._log_len.append(len(self._log))

    def __len__(self) -> int:
        """Number of frames (actions + 1)."""
        return len(self._states)

    def frame(self, step: int) -> ReplayFrame:
        """The frame after `step` actions (clamped to the game)."""
        step = max(0, min(len(self._states) - 1, step))
        s = self._states[step]
        return ReplayFrame(
            step=step,
            turn=self._turns[step],
            action=self.record.actions[step - 1] if step else None,
            actor=self._actors[step],
            view=observe(s, None, self._log[:self._log_len[step]]),
            hands=tuple(p.hand for p in s.players),
            tickets=tuple(p.tickets for p in s.players),
            events=self._events[step],
        )

    @property
    def turns(self) -> int:
        """How many turns the game lasted."""
        return self._turns[-1]

    def step_of_turn(self, turn: int) -> int:
        """The first step of `turn` (clamped to the game; turn 0 is the start)."""
        if turn <= 0:
            return 0
        return next((i for i, t in enumerate(self._turns) if t >= turn), len(self._turns) - 1)

    def result(self) -> GameResult:
        """The final scores."""
        return results(self._states[-1])

    def next_turn(self, step: int, direction: int) -> int:
        """The first step of the next (`direction` 1) or previous (-1) turn from `step`."""
        step = max(0, min(len(self._states) - 1, step))
        return self.step_of_turn(self._turns[step] + direction)
