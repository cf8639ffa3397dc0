"""Statistics of finished games, per player name, kept as JSON in the user data folder.

Each finished game adds one summary (map, variant, every seat's name, kind, score,
rank, tickets, longest-path bonus and hints used). Aggregates are computed on demand:
games, wins, average score, tickets completed %, longest path bonuses, hints, overall
and by map, variant and opponent level, plus the score history for a chart.

Nothing is ever lost: the file is read with the safe reader and every entry checked
into a `GameSummary` (an entry that fails is skipped on screen but kept in the file);
a file that cannot be read is moved aside and restored from the backup copy
(`<name>.backup.json`, the file as it was before the last game was added); a file that
can neither be read nor moved aside is never written over.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ttr.engine import GameResult
from ttr.i18n import N_, _, ngettext, number
from ttr.store.lock import locked
from ttr.store.record import GameRecord
from ttr.store.safefile import STATS, FileReadError, move_aside, read_data
from ttr.store.saves import write_atomic
from ttr.store.text import MAX_NAME, clean_text

logger = logging.getLogger(__name__)

MAX_GAMES = 5_000
MAX_SCORE = 100_000
NO_NAME = N_("(no name)")  # translated where a summary is read
"""Counts the seats whose names have nothing drawable in them."""


def game_summary(record: GameRecord, result: GameResult,
                 finished_at: str | None = None) -> dict[str, Any]:
    """The summary of one finished game, as stored."""
    return {
        "finished_at": finished_at or datetime.now(UTC).isoformat(timespec="seconds"),
        "map": record.map_id,
        "variant": record.variant,
        "seats": [
            {
                "name": seat.name,
                "kind": seat.kind,
                "score": p.total,
                "rank": p.rank,
                "tickets": len(p.tickets),
                "completed": p.completed,
                "longest_bonus": p.longest_bonus > 0,
                "hints": seat.hints,
            }
            for seat, p in zip(record.seats, result.players, strict=True)
        ],
    }


@dataclass(slots=True)
class Tally:
    """Totals for one player in some group of games."""

    games: int = 0
    wins: int = 0
    score_sum: int = 0
    tickets: int = 0
    completed: int = 0
    longest_bonuses: int = 0
    hints: int = 0
    """Hints asked for (summaries written before hints existed count none)."""

    def add(self, seat: SeatSummary) -> None:
        """Count one game of this player."""
        self.games += 1
        self.wins += seat.rank == 1
        self.score_sum += seat.score
        self.tickets += seat.tickets
        self.completed += seat.completed
        self.longest_bonuses += seat.longest_bonus
        self.hints += seat.hints

    @property
    def average_score(self) -> float:
        """Mean final score."""
        return self.score_sum / self.games if self.games else 0.0

    @property
    def completed_pct(self) -> float:
        """Share of tickets completed, in percent."""
        return 100 * self.completed / self.tickets if self.tickets else 0.0


@dataclass(slots=True)
class PlayerStats:
    """Everything the Statistics screen shows for one name."""

    name: str
    overall: Tally = field(default_factory=Tally)
    by_map: dict[str, Tally] = field(default_factory=dict)
    by_variant: dict[str, Tally] = field(default_factory=dict)
    by_opponent: dict[str, Tally] = field(default_factory=dict)
    scores: list[tuple[str, int]] = field(default_factory=list)
    """(finished_at, score) per game, oldest first, for the chart."""


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """One seat of a finished game, as counted."""

    name: str
    kind: str
    score: int
    rank: int
    tickets: int
    completed: int
    longest_bonus: bool
    hints: int = 0
    """Hints the player asked for (entries written before hints existed have none)."""


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One finished game, checked (see `parse_summary`)."""

    finished_at: str
    map: str
    variant: str
    seats: tuple[SeatSummary, ...]


def _number(value: Any, lo: int, hi: int) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        return None
    return value


def parse_summary(raw: Any) -> GameSummary | None:
    """A stored game entry checked and cleaned, or None when it cannot be counted."""
    if not isinstance(raw, dict) or not isinstance(raw.get("seats"), list):
        return None
    texts = [clean_text(raw.get(k), 60) for k in ("finished_at", "map", "variant")]
    if not all(texts) or not 1 <= len(raw["seats"]) <= 5:
        return None
    seats = []
    for s in raw["seats"]:
        if not isinstance(s, dict) or not isinstance(s.get("longest_bonus", False), bool):
            return None
        score = _number(s.get("score"), -MAX_SCORE, MAX_SCORE)
        rank = _number(s.get("rank"), 1, 5)
        tickets = _number(s.get("tickets"), 0, 1000)
        completed = _number(s.get("completed"), 0, tickets if tickets is not None else 0)
        name = s.get("name")
        name = clean_text(name, MAX_NAME, _(NO_NAME)) if isinstance(name, str) else ""
        kind = clean_text(s.get("kind"), MAX_NAME)
        if score is None or rank is None or tickets is None or completed is None \
                or not name or not kind:
            return None
        hints = _number(s.get("hints", 0), 0, 10**6) or 0  # optional: a bad count is none
        seats.append(SeatSummary(name, kind, score, rank, tickets, completed,
                                 bool(s.get("longest_bonus", False)), hints))
    return GameSummary(texts[0], texts[1], texts[2], tuple(seats))


def aggregate(games: Iterable[GameSummary]) -> dict[str, PlayerStats]:
    """Per-name statistics over checked game summaries."""
    out: dict[str, PlayerStats] = {}
    for game in sorted(games, key=lambda g: g.finished_at):
        for seat in game.seats:
            st = out.setdefault(seat.name, PlayerStats(seat.name))
            st.overall.add(seat)
            st.by_map.setdefault(game.map, Tally()).add(seat)
            st.by_variant.setdefault(f"{game.map}/{game.variant}", Tally()).add(seat)
            for other in {s.kind for s in game.seats if s is not seat}:
                st.by_opponent.setdefault(other, Tally()).add(seat)
            st.scores.append((game.finished_at, seat.score))
    return out


class StatsUnreadable(OSError):
    """The statistics file can be neither read nor moved aside: it is not written over."""


class StatsStore:
    """The statistics file: read safely, appended to atomically, never lost."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem: str | None = None
        """What went wrong reading the file (for the Statistics screen), or None."""

    @property
    def backup(self) -> Path:
        """The copy of the file as it was before the last game was added."""
        return self.path.with_name(f"{self.path.stem}.backup{self.path.suffix or '.json'}")

    def _read(self, path: Path) -> list[Any]:
        """The raw entries of a statistics file.

        Raises:
            FileReadError: unreadable or not a statistics file.
        """
        data = read_data(path, STATS)
        games = data.get("games") if isinstance(data, dict) else None
        if not isinstance(games, list):
            raise FileReadError(_("{path}: not a statistics file (no list of games)").format(
                path=path))
        return games

    def raw_games(self) -> list[Any]:
        """Every stored entry as written (entries that cannot be counted included).

        A file that cannot be read is moved aside and the backup is read instead.

        Raises:
            StatsUnreadable: the file cannot be read and cannot be moved aside either.
        """
        self.problem = None
        if not self.path.exists() and not self.path.is_symlink():
            return []
        try:
            return self._read(self.path)
        except FileReadError as e:
            moved = move_aside(self.path)
            if moved is None:
                self.problem = _("The statistics could not be read: {error}").format(error=e)
                raise StatsUnreadable(self.problem) from None
            # TRANSLATORS: {folder} is "broken"; {error} says what is wrong
            self.problem = _("The statistics file could not be read, so it was moved to "
                             "{folder}/ ({error})").format(folder=moved.parent.name, error=e)
            logger.warning("%s", self.problem)
        try:
            games = self._read(self.backup)
        except FileReadError:
            return []
        try:
            write_atomic(self.path, _dump(games))
        except OSError as e:
            logger.warning("cannot restore %s from its backup: %s", self.path, e)
        # TRANSLATORS: {problem} is "The statistics file could not be read, ..."
        self.problem = _("{problem}; the backup copy (before the last game) is used "
                         "instead").format(problem=self.problem)
        return games

    def games(self) -> list[GameSummary]:
        """The stored games that can be counted (a problem is kept in `problem`)."""
        try:
            raw = self.raw_games()
        except StatsUnreadable:
            return []
        games = [g for g in map(parse_summary, raw) if g is not None]
        if len(games) < len(raw):
            n = len(raw) - len(games)
            if self.problem:
                # TRANSLATORS: {problem} is "The statistics file could not be read, ..."
                self.problem = ngettext("{problem}; {n} damaged entry is not counted",
                                        "{problem}; {n} damaged entries are not counted",
                                        n).format(problem=self.problem, n=number(n))
            else:
                self.problem = ngettext("{n} damaged entry is not counted",
                                        "{n} damaged entries are not counted",
                                        n).format(n=number(n))
        return games

    def add(self, summary: dict[str, Any]) -> None:
        """Append one finished game (keeping at most the newest MAX_GAMES), after
        copying the current file to the backup; a game whose `game` digest is stored
        already is not added again (a filing cut short and done again).

        Raises:
            OSError: the file cannot be written (or read: `StatsUnreadable`).
        """
        with locked(self.path.with_name(self.path.name + ".lock")):
            old = self.raw_games()
            game = summary.get("game")
            if game and any(isinstance(g, dict) and g.get("game") == game for g in old):
                return
            if old:
                write_atomic(self.backup, _dump(old))
            write_atomic(self.path, _dump([*old, summary][-MAX_GAMES:]))

    def players(self) -> dict[str, PlayerStats]:
        """Aggregates per player name."""
        return aggregate(self.games())


def _dump(games: list[Any]) -> str:
    return json.dumps({"version": 1, "games": games}, indent=0)  # ASCII: any text is kept
