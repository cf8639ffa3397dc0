"""`GameRecord`: everything needed to replay a game exactly, saved as YAML or JSON.

A record holds the map id and content hash, the variant and full rules config, the
seed, the seats and every action in notation. Replaying it from a new game gives the
identical state.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ttr.engine import (
    GameMap,
    GameState,
    RulesConfig,
    TtrError,
    parse_action,
    replay,
)

RECORD_VERSION = 1
MAX_ACTIONS = 100_000
MAX_RECORD_CHARS = 8 * 1024 * 1024


class _PlainLoader(yaml.SafeLoader):
    """Safe YAML without anchors and aliases (so no "billion laughs" expansion)."""

    def compose_node(self, parent: Any, index: Any) -> Any:  # noqa: D102
        if self.check_event(yaml.events.AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]  # untyped in the stubs
            raise yaml.YAMLError(f"aliases are not allowed in records ({event.start_mark})")
        return super().compose_node(parent, index)


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """A seat: display name, colour name, kind (`human` or an agent name) and the number
    of hints the seat's player asked for (optional in files: 0 when absent)."""

    name: str
    color: str
    kind: str
    hints: int = 0


def _seat_dict(seat: SeatRecord) -> dict[str, Any]:
    out: dict[str, Any] = {"name": seat.name, "color": seat.color, "kind": seat.kind}
    if seat.hints:
        out["hints"] = seat.hints
    return out


@dataclass(slots=True)
class GameRecord:
    """A game from its start: replay with `replay(game_map)`."""

    map_id: str
    map_hash: str
    variant: str
    config: RulesConfig
    seed: int | str
    seats: tuple[SeatRecord, ...]
    actions: list[str] = field(default_factory=list)

    def replay(self, game_map: GameMap) -> GameState:
        """The state after every recorded action.

        Raises:
            TtrError: the map does not match, or an action is unreadable or illegal.
        """
        if game_map.id != self.map_id:
            raise TtrError(f"record is for map {self.map_id!r}, not {game_map.id!r}")
        if self.map_hash and game_map.content_hash and game_map.content_hash != self.map_hash:
            raise TtrError(f"map {self.map_id!r} has changed since this game was recorded "
                           "(its routes, tickets or rules differ)")
        actions = []
        for i, text in enumerate(self.actions):
            try:
                actions.append(parse_action(text))
            except TtrError as e:
                raise TtrError(f"action {i + 1}: {e}") from None
        return replay(game_map, self.config, len(self.seats), self.seed, actions)

    def to_dict(self) -> dict[str, Any]:
        """Plain data, with a format version."""
        return {
            "version": RECORD_VERSION,
            "map": self.map_id,
            "map_hash": self.map_hash,
            "variant": self.variant,
            "config": self.config.to_dict(),
            "seed": self.seed,
            "seats": [_seat_dict(s) for s in self.seats],
            "actions": list(self.actions),
        }

    @staticmethod
    def from_dict(data: Any) -> GameRecord:
        """Inverse of `to_dict`, checking every field.

        Raises:
            TtrError: wrong version, missing fields or wrong types.
        """
        if not isinstance(data, dict):
            raise TtrError("record: expected a mapping at the top level")
        if data.get("version") != RECORD_VERSION:
            raise TtrError(f"record: unsupported format version {data.get('version')!r}")
        for key, kind in (("map", str), ("map_hash", str), ("variant", str),
                          ("config", dict), ("seats", list), ("actions", list)):
            if not isinstance(data.get(key), kind):
                raise TtrError(f"record: {key!r} must be a {kind.__name__}")
        seed = data.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise TtrError("record: 'seed' must be a number or text")
        seats = []
        for i, s in enumerate(data["seats"]):
            if not isinstance(s, dict) or not all(
                isinstance(s.get(k), str) for k in ("name", "color", "kind")
            ):
                raise TtrError(f"record: seats[{i}] needs text name, color and kind")
            hints = s.get("hints", 0)
            if isinstance(hints, bool) or not isinstance(hints, int) or hints < 0:
                raise TtrError(f"record: seats[{i}] 'hints' must be a whole number")
            seats.append(SeatRecord(s["name"], s["color"], s["kind"], hints))
        if not 2 <= len(seats) <= 5:
            raise TtrError(f"record: {len(seats)} seats (a game has 2 to 5)")
        actions = data["actions"]
        if len(actions) > MAX_ACTIONS or not all(isinstance(a, str) for a in actions):
            raise TtrError("record: 'actions' must be a list of action texts")
        return GameRecord(
            map_id=data["map"], map_hash=data["map_hash"], variant=data["variant"],
            config=RulesConfig.from_dict(data["config"]), seed=seed, seats=tuple(seats),
            actions=list(actions),
        )

    def dumps(self, fmt: str = "yaml") -> str:
        """The record as YAML or JSON text."""
        if fmt == "json":
            return json.dumps(self.to_dict(), indent=1)
        return yaml.safe_dump(self.to_dict(), sort_keys=False, allow_unicode=True)

    @staticmethod
    def loads(text: str) -> GameRecord:
        """Read a record from YAML or JSON text (JSON is valid YAML).

        Raises:
            TtrError: unreadable text or a malformed record.
        """
        if len(text) > MAX_RECORD_CHARS:
            raise TtrError("record: too big")
        try:
            data = yaml.load(text, Loader=_PlainLoader)  # noqa: S506 (a SafeLoader)
        except yaml.YAMLError as e:
            raise TtrError(f"record: not valid YAML/JSON ({e})") from None
        return GameRecord.from_dict(data)

    def save(self, path: str | Path) -> None:
        """Write to `path` (JSON if it ends in .json, else YAML)."""
        p = Path(path)
        p.write_text(self.dumps("json" if p.suffix == ".json" else "yaml"), encoding="utf-8")

    @staticmethod
    def load(path: str | Path) -> GameRecord:
        """Read a record file.

        Raises:
            TtrError: unreadable file or malformed record (the message names the file).
        """
        try:
            text = Path(path).read_text(encoding="utf-8")
            return GameRecord.loads(text)
        except (OSError, UnicodeDecodeError) as e:
            raise TtrError(f"{path}: cannot read ({e})") from None
        except TtrError as e:
            raise TtrError(f"{path}: {e}") from None
