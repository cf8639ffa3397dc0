"""Client side of the messages: the table description and state updates, decoded.

Both clients (the window's `RemoteSession` and the headless `BotClient`) read server
messages through these functions, so a broken or hostile server gives a
`ProtocolError`, never a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from ttr.engine import Event, GameMap, GameResult, PlayerView, RulesConfig, TtrError
from ttr.i18n import _, number
from ttr.net.codec import CodecError, event_from_dict, result_from_dict, view_from_dict
from ttr.net.protocol import DEFAULT_PORT, PATH, ProtocolError


def server_url(address: str) -> str:
    """`host`, `host:port`, `ws://host:port[/v1]` or `wss://...` as a websocket URL.

    Raises:
        ValueError: not an address.
    """
    text = address.strip()
    if not text:
        raise ValueError(_("an address is empty"))
    if "://" not in text:
        text = "ws://" + text
    parts = urlsplit(text)
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise ValueError(_("{address} is not an address (try 192.168.1.20:{port})").format(
            address=repr(address), port=DEFAULT_PORT))
    try:
        port = parts.port or DEFAULT_PORT
    except ValueError:
        raise ValueError(_("{address} has a bad port number").format(
            address=repr(address))) from None
    host = parts.hostname
    if ":" in host:
        host = f"[{host}]"
    return f"{parts.scheme}://{host}:{port}{PATH}"


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seat as the lobby shows it."""

    seat: int
    name: str
    color: str
    kind: str
    """`human` or `ai`."""
    level: str | None
    taken: bool
    ready: bool
    connected: bool
    standin: str | None


@dataclass(frozen=True, slots=True)
class Reason:
    """Why the game cannot start yet, as the server says it: a code (`seat_open`,
    `not_ready`, `started`) and its particulars (`words.can_start_text` words it)."""

    code: str
    seat: int | None = None
    names: tuple[str, ...] = ()


def read_reason(raw: Any) -> Reason | None:
    """A `can_start` from the wire (None: the game can start; an older server's text
    reads as an unknown code)."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        return Reason("unknown")
    seat, names = raw.get("seat"), raw.get("names")
    return Reason(str(raw.get("code", "unknown"))[:30],
                  seat if isinstance(seat, int) and not isinstance(seat, bool) else None,
                  tuple(str(n)[:40] for n in names[:5]) if isinstance(names, list) else ())


@dataclass(frozen=True, slots=True)
class TableInfo:
    """The `table` message: lobby, presence and (at the end) the result."""

    table: str
    code: str
    status: str
    map_id: str
    map_hash: str
    variant: str
    config: RulesConfig
    seq: int
    can_start: Reason | None
    """Why the game cannot start yet, or None."""
    seats: tuple[SeatInfo, ...]
    result: GameResult | None
    hints: bool = False
    """The host lets the coach give hints (False from a server that does not say)."""
    paused: str | None = None
    """Why the table waits: the server cannot save it (`disk_full`, ...), or None."""


def _field(msg: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    v = msg.get(key)
    if not isinstance(v, kind) or isinstance(v, bool) and kind is int:
        raise ProtocolError("bad_message",
                            f"server message {msg.get('t')!r}: bad {key!r}")  # i18n: no
    return v


def _known_level(level: Any) -> str | None:
    """An AI level this computer knows (a newer server's unknown level shows as "AI")."""
    from ttr.ai.base import agent_info

    if not isinstance(level, str):
        return None
    try:
        return agent_info(level).name
    except TtrError:
        return None


def read_table(msg: dict[str, Any]) -> TableInfo:
    """Decode a `table` message.

    Raises:
        ProtocolError: malformed.
    """
    try:
        seats = []
        for s in _field(msg, "seats", list):
            if not isinstance(s, dict):
                raise ProtocolError("bad_message", "table: a seat must be an object")  # i18n: no
            seats.append(SeatInfo(
                _field(s, "seat", int), _field(s, "name", str)[:40], _field(s, "color", str),
                _field(s, "kind", str), _known_level(s.get("level")), bool(s.get("taken")),
                bool(s.get("ready")), bool(s.get("connected")),
                s.get("standin") if isinstance(s.get("standin"), str) else None))
        result = msg.get("result")
        paused = msg.get("paused")
        return TableInfo(
            _field(msg, "table", str), _field(msg, "code", str), _field(msg, "status", str),
            _field(msg, "map", str), _field(msg, "map_hash", str), _field(msg, "variant", str),
            RulesConfig.from_dict(_field(msg, "config", dict)), _field(msg, "seq", int),
            read_reason(msg.get("can_start")),
            tuple(seats), None if result is None else result_from_dict(result),
            msg.get("hints") is True,
            str(paused.get("reason"))[:30] if isinstance(paused, dict) else None)
    except (TtrError, TypeError) as e:
        raise ProtocolError("bad_message", f"table: {e}") from None


@dataclass(frozen=True, slots=True)
class SeatUpdate:
    """One seat's (or the spectator's, seat None) part of a `state` message."""

    seat: int | None
    view: PlayerView
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class StateUpdate:
    """A decoded `state` message."""

    seq: int
    jump: bool
    ref: int | None
    seats: tuple[SeatUpdate, ...]


def read_state(msg: dict[str, Any], game_map: GameMap, config: RulesConfig) -> StateUpdate:
    """Decode a `state` message on the client's map.

    Raises:
        ProtocolError: malformed.
    """
    entries = []
    try:
        for e in _field(msg, "views", list):
            if not isinstance(e, dict):
                raise ProtocolError("bad_message",
                                    "state: a view entry must be an object")  # i18n: no
            view = view_from_dict(e.get("view"), game_map, config)
            events = _field(e, "events", list)
            entries.append(SeatUpdate(view.viewer, view,
                                      tuple(event_from_dict(x) for x in events)))
    except (CodecError, TypeError, AttributeError) as ex:
        raise ProtocolError("bad_message", f"state: {ex}") from None
    ref = msg.get("ref")
    return StateUpdate(_field(msg, "seq", int), bool(msg.get("jump")),
                       ref if isinstance(ref, int) else None, tuple(entries))


_MAPS: dict[str, GameMap] = {}


def same_map(map_id: str, map_hash: str) -> GameMap:
    """This computer's copy of a map, which must have the given content hash (loaded
    once per process: clients, bots and AI workers all need it for every view).

    Raises:
        TtrError: the map is missing here or differs.
    """
    gm = _MAPS.get(map_id)
    if gm is None or gm.content_hash != map_hash:
        from ttr.maps.mapfile import find_map

        gm = find_map(map_id).game_map
        if gm.content_hash != map_hash:
            raise TtrError(  # the client words the code (no_map)
                f"the map {map_id!r} here differs from the server's")  # i18n: no
        _MAPS[map_id] = gm
    return gm


def load_table_map(info: TableInfo) -> GameMap:
    """This computer's copy of the table's map (it must be the same map).

    Raises:
        ProtocolError: the map is missing here or differs from the server's.
    """
    try:
        return same_map(info.map_id, info.map_hash)
    except (TtrError, ValueError) as e:
        if "differs" in str(e):
            raise ProtocolError("no_map", str(e), {"map": info.map_id}) from None
        raise ProtocolError("no_map", f"the map {info.map_id!r} is not here",  # i18n: no
                            {"map": info.map_id}) from None


def final_line(info: TableInfo) -> str:
    """`final: Ann 112, Ada 98 (decided by points)`."""
    r = info.result
    if r is None:
        return _("final: no result")
    by = {p.seat: p for p in r.players}
    names = {s.seat: s.name for s in info.seats}
    scores = ", ".join(f"{names.get(s, s)} {number(by[s].total)}" for s in r.ranking)
    # TRANSLATORS: {decided_by} is a code: points, tickets or longest_path
    return _("final: {scores} (decided by {decided_by})").format(scores=scores,
                                                                 decided_by=r.decided_by)
