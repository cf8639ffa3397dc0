"""`GameRecord`: everything needed to replay a game exactly, saved as YAML or JSON.

A record holds the map id and content hash, the variant and full rules config, the
seed, the seats and every action in notation. Replaying it from a new game gives the
identical state. `GameRecord.from_dict` is the edge for records, saves and the autosave:
it checks every field (rules through the engine's validator) and cleans seat names, so
what it returns can be shown and replayed; everything else is a `TtrError`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ttr.engine import (
    GameMap,
    GameState,
    RulesConfig,
    Seat,
    TtrError,
    parse_action,
    replay,
)
from ttr.engine.actions import MAX_NOTATION
from ttr.engine.rules import valid_seed
from ttr.i18n import _, ngettext
from ttr.store.problem_words import error_text
from ttr.store.safefile import RECORD, FileReadError, parse_yaml, read_data
from ttr.store.text import MAX_NAME, clean_text

RECORD_VERSION = 1
MAX_ACTIONS = 100_000
SEAT_COLORS = ("red", "blue", "green", "yellow", "black")
"""The seat colours (the window's `theme.PLAYER_RGB` draws exactly these)."""
_WORD = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+)*$")
"""Map ids, variant names and seat kinds (`human` or an agent name)."""


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
    hints_allowed: bool = True
    """The table's choice: may the coach give hints in this game (a hot-seat table can
    turn them off for everybody)? Optional in files: absent means allowed."""

    def human_seats(self) -> list[Seat]:
        """The seats people played (at this computer or, online, remotely)."""
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    def replay(self, game_map: GameMap) -> GameState:
        """The state after every recorded action.

        Raises:
            TtrError: the map does not match, or an action is unreadable or illegal.
        """
        if game_map.id != self.map_id:
            raise TtrError(_("record is for map {map}, not {other}").format(
                map=repr(self.map_id), other=repr(game_map.id)))
        if self.map_hash and game_map.content_hash and game_map.content_hash != self.map_hash:
            raise TtrError(_("map {map} has changed since this game was recorded (its routes, "
                             "tickets or rules differ)").format(map=repr(self.map_id)))
        actions = []
        for i, text in enumerate(self.actions):
            try:
                actions.append(parse_action(text))
            except TtrError as e:
                # TRANSLATORS: {n} counts the actions of a game record; {error} says what is wrong
                raise TtrError(_("action {n}: {error}").format(
                    n=i + 1, error=error_text(e))) from None
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
        } | ({} if self.hints_allowed else {"hints_allowed": False})

    @staticmethod
    def from_dict(data: Any) -> GameRecord:
        """Inverse of `to_dict`, checking every field.

        Raises:
            TtrError: wrong version, missing fields or wrong types.
        """
        if not isinstance(data, dict):
            raise TtrError(_("record: expected a mapping at the top level"))
        if data.get("version") != RECORD_VERSION:
            raise TtrError(_("record: unsupported format version {version}").format(
                version=_short(data.get("version"))))
        for key, kind in (("map", str), ("map_hash", str), ("variant", str),
                          ("config", dict), ("seats", list), ("actions", list)):
            if not isinstance(data.get(key), kind):
                # TRANSLATORS: {key} is a field of the file; {kind} "str", "dict" or "list"
                raise TtrError(_("record: {key} must be a {kind}").format(
                    key=repr(key), kind=kind.__name__))
        for key in ("map", "variant"):
            if len(data[key]) > 60 or not _WORD.match(data[key]):
                raise TtrError(_("record: {key} must be a lower-case name, not {value}").format(
                    key=repr(key), value=_short(data[key])))
        if len(data["map_hash"]) > 128 or not data["map_hash"].isascii():
            raise TtrError(_("record: 'map_hash' is not a content hash"))
        seed = data.get("seed")
        if not valid_seed(seed):
            raise TtrError(_("record: 'seed' must be a number below 2**256 or a short text"))
        if not 2 <= len(data["seats"]) <= 5:
            raise TtrError(ngettext("record: {n} seat (a game has 2 to 5)",
                                    "record: {n} seats (a game has 2 to 5)",
                                    len(data["seats"])).format(n=len(data["seats"])))
        seats = _seats(data["seats"])
        actions = data["actions"]
        if len(actions) > MAX_ACTIONS or not all(
                isinstance(a, str) and len(a) <= MAX_NOTATION for a in actions):
            raise TtrError(_("record: 'actions' must be a list of action texts"))
        try:
            config = RulesConfig.from_dict(data["config"])
        except TtrError as e:
            raise TtrError(_("record: config: {error}").format(error=error_text(e))) from None
        if config.variant != data["variant"]:
            raise TtrError(_("record: the config is of variant {config}, the record of "
                             "{variant}").format(config=repr(config.variant),
                                                 variant=repr(data["variant"])))
        hints_allowed = data.get("hints_allowed", True)
        if not isinstance(hints_allowed, bool):
            raise TtrError(_("record: 'hints_allowed' must be true or false"))
        return GameRecord(
            map_id=data["map"], map_hash=data["map_hash"], variant=data["variant"],
            config=config, seed=seed, seats=seats, actions=list(actions),
            hints_allowed=hints_allowed,
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
        if len(text) > RECORD.max_bytes:
            raise TtrError(_("record: too big"))
        try:
            data = parse_yaml(text, RECORD.max_depth)
        except FileReadError as e:
            raise TtrError(_("record: not valid YAML/JSON ({error})").format(error=e)) from None
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
        data = read_data(path, RECORD)  # FileReadError names the file
        try:
            return GameRecord.from_dict(data)
        except TtrError as e:
            raise TtrError(f"{path}: {error_text(e)}") from None


def _short(value: Any) -> str:
    text = repr(value) if isinstance(value, str | int | float | bool | None) else \
        type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _seats(items: list[Any]) -> tuple[SeatRecord, ...]:
    """Seats checked and cleaned: drawable names (`Player N` when nothing is left of
    one), distinct known colours (an unknown or repeated colour becomes a free one)."""
    seats = []
    used: set[str] = set()
    for i, s in enumerate(items):
        if not isinstance(s, dict) or not all(
            isinstance(s.get(k), str) for k in ("name", "color", "kind")
        ):
            # TRANSLATORS: {i} is the seat's index in the file; name, color, kind are fields
            raise TtrError(_("record: seats[{i}] needs text name, color and kind").format(i=i))
        kind = s["kind"]
        if len(kind) > 40 or not _WORD.match(kind):
            raise TtrError(_("record: seats[{i}].kind {kind} is not a player kind").format(
                i=i, kind=_short(kind)))
        color = s["color"]
        if color not in SEAT_COLORS or color in used:
            color = next(c for c in SEAT_COLORS if c not in used)
        used.add(color)
        name = clean_text(s["name"], MAX_NAME, fallback=_("Player {n}").format(n=i + 1))
        hints = s.get("hints", 0)
        if isinstance(hints, bool) or not isinstance(hints, int) or not 0 <= hints <= 10**6:
            raise TtrError(_("record: seats[{i}].hints must be a whole number of hints").format(
                i=i))
        seats.append(SeatRecord(name, color, kind, hints))
    return tuple(seats)
