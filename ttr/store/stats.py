"""Statistics of finished games, per player name, kept as JSON in the user data folder.

Each finished game adds one summary (map, variant, every seat's name, kind, score,
rank, tickets, longest-path bonus and hints used). Aggregates are computed on demand:
games, wins, average score, tickets completed %, longest path bonuses, hints, overall
and by map, variant and opponent level, plus the score history for a chart.
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
from ttr.store.record import GameRecord
from ttr.store.saves import write_atomic

logger = logging.getLogger(__name__)

MAX_GAMES = 5_000


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

    def add(self, seat: dict[str, Any]) -> None:
        """Count one game of this player."""
        self.games += 1
        self.wins += seat["rank"] == 1
        self.score_sum += seat["score"]
        self.tickets += seat["tickets"]
        self.completed += seat["completed"]
        self.longest_bonuses += bool(seat["longest_bonus"])
        hints = seat.get("hints", 0)
        if isinstance(hints, int) and not isinstance(hints, bool) and hints > 0:
            self.hints += hints

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


def _valid(game: Any) -> bool:
    if not isinstance(game, dict) or not isinstance(game.get("seats"), list):
        return False
    keys = {"name": str, "kind": str, "score": int, "rank": int, "tickets": int,
            "completed": int}
    return all(
        isinstance(s, dict) and all(isinstance(s.get(k), t) for k, t in keys.items())
        for s in game["seats"]
    ) and all(isinstance(game.get(k), str) for k in ("map", "variant", "finished_at"))


def aggregate(games: Iterable[dict[str, Any]]) -> dict[str, PlayerStats]:
    """Per-name statistics over game summaries (malformed entries are skipped)."""
    out: dict[str, PlayerStats] = {}
    for game in sorted((g for g in games if _valid(g)), key=lambda g: g["finished_at"]):
        for seat in game["seats"]:
            st = out.setdefault(seat["name"], PlayerStats(seat["name"]))
            st.overall.add(seat)
            st.by_map.setdefault(game["map"], Tally()).add(seat)
            st.by_variant.setdefault(f"{game['map']}/{game['variant']}", Tally()).add(seat)
            for other in {s["kind"] for s in game["seats"] if s is not seat}:
                st.by_opponent.setdefault(other, Tally()).add(seat)
            st.scores.append((game["finished_at"], seat["score"]))
    return out


class StatsStore:
    """The statistics file: read leniently, appended to atomically."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def games(self) -> list[dict[str, Any]]:
        """Stored summaries; a broken file gives an empty list (and a log line)."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return []
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
            logger.warning("statistics file %s unreadable, starting afresh: %s", self.path, e)
            return []
        games = data.get("games") if isinstance(data, dict) else None
        return [g for g in games if _valid(g)] if isinstance(games, list) else []

    def add(self, summary: dict[str, Any]) -> None:
        """Append one finished game (keeping at most the newest MAX_GAMES)."""
        games = [*self.games(), summary][-MAX_GAMES:]
        write_atomic(self.path, json.dumps({"version": 1, "games": games}, indent=0))

    def players(self) -> dict[str, PlayerStats]:
        """Aggregates per player name."""
        return aggregate(self.games())
