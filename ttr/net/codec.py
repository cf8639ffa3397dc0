"""Engine data as JSON-ready plain data and back: views, events, results.

The server sends a seat only what `observe`/`redact` gave that seat; this module
just writes it down. Cards are colour keys, hands are hand notation (`red:2,loco:1`),
actions are action notation. The map and the rules are not sent with every view:
the client knows them from the table description (map id, content hash, config).

Reading is strict: anything malformed raises `CodecError` (a `TtrError`) with the
field that is wrong, so a broken or hostile peer gives a message, never a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any, cast

from ttr.engine import (
    CardColor,
    CardTaken,
    DeckReshuffled,
    Event,
    FaceUpDealt,
    FaceUpWiped,
    FinalRound,
    GameMap,
    GameOver,
    GameResult,
    Hand,
    Passed,
    PlayerResult,
    PlayerView,
    PrivateState,
    PublicPlayer,
    PublicState,
    RouteClaimed,
    RulesConfig,
    Stage,
    StationBuilt,
    TicketScore,
    TicketsKept,
    TicketsOffered,
    TtrError,
    TunnelClaim,
    TunnelRevealed,
    TunnelWithdrawn,
    TurnPassed,
    format_action,
    parse_action,
)


class CodecError(TtrError):
    """Data that does not describe a view, event or result; the message says where."""


# ---------------------------------------------------------------- small readers


def _get(d: Any, key: str, where: str) -> Any:
    if not isinstance(d, dict) or key not in d:
        raise CodecError(f"{where}: missing {key!r}")
    return d[key]


def _int(d: Any, key: str, where: str, lo: int = 0, hi: int = 1_000_000) -> int:
    v = _get(d, key, where)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise CodecError(f"{where}: {key!r} must be a whole number from {lo} to {hi}")
    return v


def _opt_int(d: Any, key: str, where: str, lo: int = 0, hi: int = 1_000_000) -> int | None:
    if _get(d, key, where) is None:
        return None
    return _int(d, key, where, lo, hi)


def _str(d: Any, key: str, where: str) -> str:
    v = _get(d, key, where)
    if not isinstance(v, str) or len(v) > 10_000:
        raise CodecError(f"{where}: {key!r} must be text")
    return v


def _list(d: Any, key: str, where: str, limit: int = 5_000) -> list[Any]:
    v = _get(d, key, where)
    if not isinstance(v, list) or len(v) > limit:
        raise CodecError(f"{where}: {key!r} must be a list")
    return v


def _strs(d: Any, key: str, where: str) -> tuple[str, ...]:
    items = _list(d, key, where)
    if not all(isinstance(x, str) for x in items):
        raise CodecError(f"{where}: {key!r} must be a list of text")
    return tuple(items)


def _color(v: Any, where: str) -> CardColor:
    if not isinstance(v, str):
        raise CodecError(f"{where}: a card colour must be text")
    try:
        return CardColor.parse(v)
    except (TtrError, ValueError):
        raise CodecError(f"{where}: unknown card colour {v[:20]!r}") from None


def _opt_color(v: Any, where: str) -> CardColor | None:
    return None if v is None else _color(v, where)


def _hand(d: Any, key: str, where: str) -> Hand:
    text = _str(d, key, where)
    try:
        return Hand.parse(text)
    except (TtrError, ValueError):
        raise CodecError(f"{where}: {key!r} is not a hand ({text[:40]!r})") from None


def _key(c: CardColor | None) -> str | None:
    return None if c is None else c.key


# ---------------------------------------------------------------- views


_notation = lru_cache(maxsize=1 << 16)(format_action)
"""`format_action`, remembered: a map has a few thousand distinct actions, and every
view sent lists the legal ones (12 times faster than formatting them again)."""


def view_to_dict(view: PlayerView, public: dict[str, Any] | None = None) -> dict[str, Any]:
    """A seat's view as plain data (map and rules left out). `public` may pass
    `public_to_dict(view.public)` already made (it is the same for every seat)."""
    return {
        "viewer": view.viewer,
        "public": public if public is not None else public_to_dict(view.public),
        "me": _me(view),
        "legal": [_notation(a) for a in view.legal],
    }


to_json: Callable[[Any], str] = json.JSONEncoder(separators=(",", ":")).encode
"""Compact ASCII JSON text, as messages are sent (one encoder, made once)."""

_hand_text = lru_cache(maxsize=1 << 14)(str)
"""`str(hand)`, remembered (views repeat the same few hundred hands)."""


_string: Callable[[str], str] = json.encoder.encode_basestring_ascii
"""A string as JSON text (the json module's own C function)."""
_action_text = lru_cache(maxsize=1 << 16)(lambda a: _string(format_action(a)))
"""An action's notation as JSON text, remembered."""


def _strings(items: Iterable[str]) -> str:
    return "[" + ",".join(map(_string, items)) + "]"


def legal_notations(view: PlayerView) -> tuple[str, ...]:
    """The notation of each of the view's legal actions, in order."""
    return tuple(map(_notation, view.legal))


def view_text(view: PlayerView, public_text: str,
              legal: tuple[str, ...] | None = None) -> str:
    """`view_to_dict` as JSON text, with the public part already encoded (the server
    encodes it once per action for every seat and spectator); written directly, as
    these parts are a seat number, a hand and lists of strings. `legal` may pass
    `legal_notations(view)` already made."""
    viewer = "null" if view.viewer is None else int(view.viewer)
    me = view.me
    me_text = "null" if me is None else (
        f'{{"seat":{int(me.seat)},"hand":{_string(_hand_text(me.hand))},'
        f'"tickets":{_strings(me.tickets)},"offer":{_strings(me.offer)}}}')
    legal_text = (",".join(map(_action_text, view.legal)) if legal is None
                  else ",".join(map(_string, legal)))
    return (f'{{"viewer":{viewer},"public":{public_text},"me":{me_text},'
            f'"legal":[{legal_text}]}}')



def public_text(p: PublicState) -> str:
    """`public_to_dict` as JSON text, written directly (numbers, colour keys and the
    map's ids, escaped once per map): the server writes it once per action."""
    routes, cities = _id_texts(p.game_map)
    t = p.tunnel
    tunnel = "null" if t is None else (
        f'{{"route":{_string(t.route)},"payment":{_string(_hand_text(t.payment))},'
        f'"revealed":{_strings(c.key for c in t.revealed)},"extra":{int(t.extra)}}}')
    players = ",".join(f"[{q.seat},{q.hand_size},{q.tickets},{q.offer},{q.trains},"
                       f"{q.stations},{q.route_points}]" for q in p.players)
    owners = _owned_text(routes, p.owners)
    stations = _owned_text(cities, p.stations)
    faceup = ",".join("null" if c is None else _string(c.key) for c in p.faceup)
    turns_left = "null" if p.turns_left is None else int(p.turns_left)
    return (f'{{"players":[{players}],"current":{int(p.current)},'
            f'"stage":{_string(p.stage.name.lower())},"deck_size":{int(p.deck_size)},'
            f'"faceup":[{faceup}],"discard":{_string(_hand_text(p.discard))},'
            f'"ticket_deck_size":{int(p.ticket_deck_size)},"owners":{{{owners}}},'
            f'"stations":{{{stations}}},"turns_left":{turns_left},"passes":{int(p.passes)},'
            f'"turn":{int(p.turn)},"tunnel":{tunnel}}}')


@lru_cache(maxsize=1 << 12)
def _owned_text(ids: tuple[str, ...], owners: tuple[int | None, ...]) -> str:
    """`"id":seat` of each owned route or city, remembered: a claim changes the owners
    once in several moves, and `ids` is one tuple per map (`_id_texts`)."""
    return ",".join(f"{ids[i]}:{s}" for i, s in enumerate(owners) if s is not None)


_ID_TEXTS: dict[tuple[str, str], tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _id_texts(gm: GameMap) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A map's route ids (by route index) and city ids (by city index) as JSON text,
    kept by map id and content hash (hashing a whole map each time would cost more)."""
    key = (gm.id, gm.content_hash)
    texts = _ID_TEXTS.get(key)
    if texts is None:
        routes = [""] * len(gm.routes)
        for r in gm.routes:
            routes[r.index] = _string(r.id)
        texts = _ID_TEXTS[key] = (tuple(routes), tuple(_string(c.id) for c in gm.cities))
    return texts


def _me(view: PlayerView) -> dict[str, Any] | None:
    me = view.me
    return None if me is None else {"seat": me.seat, "hand": _hand_text(me.hand),
                                    "tickets": list(me.tickets), "offer": list(me.offer)}


def public_to_dict(p: PublicState) -> dict[str, Any]:
    """The table as everyone sees it, as plain data."""
    gm = p.game_map
    t = p.tunnel
    return {
        "players": [[q.seat, q.hand_size, q.tickets, q.offer, q.trains, q.stations,
                     q.route_points] for q in p.players],
        "current": p.current,
        "stage": p.stage.name.lower(),
        "deck_size": p.deck_size,
        "faceup": [_key(c) for c in p.faceup],
        "discard": _hand_text(p.discard),
        "ticket_deck_size": p.ticket_deck_size,
        "owners": {r.id: p.owners[r.index] for r in gm.routes
                   if p.owners[r.index] is not None},
        "stations": {c.id: p.stations[i] for i, c in enumerate(gm.cities)
                     if p.stations[i] is not None},
        "turns_left": p.turns_left,
        "passes": p.passes,
        "turn": p.turn,
        "tunnel": None if t is None else {
            "route": t.route, "payment": str(t.payment),
            "revealed": [c.key for c in t.revealed], "extra": t.extra},
    }


def _seat_map(d: Any, key: str, ids: Mapping[str, int], size: int, seats: int,
              where: str) -> tuple[int | None, ...]:
    raw = _get(d, key, where)
    if not isinstance(raw, dict):
        raise CodecError(f"{where}: {key!r} must map ids to seats")
    out: list[int | None] = [None] * size
    for k, seat in raw.items():
        if k not in ids:
            raise CodecError(f"{where}: unknown id {str(k)[:30]!r} in {key!r}")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            raise CodecError(f"{where}: {key!r} of {k!r} must be a seat")
        out[ids[k]] = seat
    return tuple(out)


def view_from_dict(data: Any, game_map: GameMap, config: RulesConfig) -> PlayerView:
    """Rebuild a view sent by `view_to_dict` on the client's copy of the map.

    Raises:
        CodecError: malformed data (which field is named).
    """
    w = "view"
    pub = _get(data, "public", w)
    players = []
    for i, row in enumerate(_list(pub, "players", w, 5)):
        if (not isinstance(row, list) or len(row) != 7
                or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 10_000
                           for x in row)):
            raise CodecError(f"{w}: players[{i}] must be seven whole numbers")
        players.append(PublicPlayer(*row))
    n = len(players)
    if not 2 <= n <= 5 or [p.seat for p in players] != list(range(n)):
        raise CodecError(f"{w}: players must be seats 0..n-1 (2 to 5)")
    stage_name = _str(pub, "stage", w).upper()
    if stage_name not in Stage.__members__:
        raise CodecError(f"{w}: unknown stage {stage_name[:20]!r}")
    faceup = tuple(_opt_color(c, w) for c in _list(pub, "faceup", w, 10))
    tdata = _get(pub, "tunnel", w)
    tunnel = None
    if tdata is not None:
        route = _str(tdata, "route", w)
        if route not in game_map.route_by_id:
            raise CodecError(f"{w}: unknown tunnel route {route[:30]!r}")
        tunnel = TunnelClaim(route, _hand(tdata, "payment", w),
                             tuple(_color(c, w) for c in _list(tdata, "revealed", w, 10)),
                             _int(tdata, "extra", w, 0, 10))
    public = PublicState(
        game_map=game_map,
        config=config,
        players=tuple(players),
        current=_int(pub, "current", w, 0, n - 1),
        stage=Stage[stage_name],
        deck_size=_int(pub, "deck_size", w),
        faceup=faceup,
        discard=_hand(pub, "discard", w),
        ticket_deck_size=_int(pub, "ticket_deck_size", w),
        owners=_seat_map(pub, "owners", {r.id: r.index for r in game_map.routes},
                         len(game_map.routes), n, w),
        stations=_seat_map(pub, "stations", game_map.city_index, len(game_map.cities), n, w),
        turns_left=_opt_int(pub, "turns_left", w, 0, 100),
        passes=_int(pub, "passes", w, 0, 100),
        turn=_int(pub, "turn", w),
        tunnel=tunnel,
    )
    viewer = _opt_int(data, "viewer", w, 0, n - 1)
    md = _get(data, "me", w)
    me = None
    if md is not None:
        tickets, offer = _strs(md, "tickets", w), _strs(md, "offer", w)
        for t in (*tickets, *offer):
            if t not in game_map.ticket_by_id:
                raise CodecError(f"{w}: unknown ticket {t[:30]!r}")
        me = PrivateState(_int(md, "seat", w, 0, n - 1), _hand(md, "hand", w), tickets, offer)
    if (me is None) != (viewer is None) or (me is not None and me.seat != viewer):
        raise CodecError(f"{w}: 'me' must be the viewer's own seat")
    legal = []
    for text in _strs(data, "legal", w):
        try:
            legal.append(parse_action(text))
        except (TtrError, ValueError):
            raise CodecError(f"{w}: cannot read legal action {text[:40]!r}") from None
    return PlayerView(viewer, public, me, tuple(legal))


# ---------------------------------------------------------------- results


def result_to_dict(result: GameResult) -> dict[str, Any]:
    """A final result as plain data (public once the game is over)."""
    return {
        "ranking": list(result.ranking),
        "decided_by": result.decided_by,
        "players": [{
            "seat": p.seat, "route_points": p.route_points,
            "tickets": [[t.ticket, t.points, t.completed] for t in p.tickets],
            "longest_path": p.longest_path, "longest_bonus": p.longest_bonus,
            "globetrotter_bonus": p.globetrotter_bonus, "stations_left": p.stations_left,
            "station_points": p.station_points, "borrowed": [list(b) for b in p.borrowed],
            "rank": p.rank,
        } for p in result.players],
    }


def result_from_dict(data: Any) -> GameResult:
    """Inverse of `result_to_dict`.

    Raises:
        CodecError: malformed data.
    """
    w = "result"
    players = []
    for pd in _list(data, "players", w, 5):
        tickets = []
        for t in _list(pd, "tickets", w, 200):
            if (not isinstance(t, list) or len(t) != 3 or not isinstance(t[0], str)
                    or isinstance(t[1], bool) or not isinstance(t[1], int)
                    or not isinstance(t[2], bool)):
                raise CodecError(f"{w}: a ticket score must be [ticket, points, completed]")
            tickets.append(TicketScore(t[0], t[1], t[2]))
        borrowed = []
        for b in _list(pd, "borrowed", w, 10):
            if not isinstance(b, list) or len(b) != 2 or not all(isinstance(x, str) for x in b):
                raise CodecError(f"{w}: 'borrowed' must hold [city, route] pairs")
            borrowed.append((b[0], b[1]))
        players.append(PlayerResult(
            seat=_int(pd, "seat", w, 0, 4), route_points=_int(pd, "route_points", w),
            tickets=tuple(tickets), longest_path=_int(pd, "longest_path", w),
            longest_bonus=_int(pd, "longest_bonus", w),
            globetrotter_bonus=_int(pd, "globetrotter_bonus", w),
            stations_left=_int(pd, "stations_left", w, 0, 100),
            station_points=_int(pd, "station_points", w), borrowed=tuple(borrowed),
            rank=_int(pd, "rank", w, 1, 5)))
    ranking = _list(data, "ranking", w, 5)
    seats = sorted(p.seat for p in players)
    if sorted(r for r in ranking if isinstance(r, int)) != seats or seats != list(
            range(len(players))):
        raise CodecError(f"{w}: 'ranking' must list every seat once")
    return GameResult(tuple(players), tuple(ranking), _str(data, "decided_by", w))


# ---------------------------------------------------------------- events

_EVENT_FIELDS: dict[type, tuple[str, ...]] = {
    CardTaken: ("seat", "source", "slot", "color"),
    FaceUpDealt: ("slot", "color"),
    FaceUpWiped: ("cards",),
    DeckReshuffled: ("size",),
    RouteClaimed: ("seat", "route", "payment", "points"),
    TicketsOffered: ("seat", "tickets", "count"),
    TicketsKept: ("seat", "kept", "count", "returned"),
    TunnelRevealed: ("seat", "route", "cards", "extra"),
    TunnelWithdrawn: ("seat", "route"),
    StationBuilt: ("seat", "city", "payment"),
    Passed: ("seat",),
    TurnPassed: ("next",),
    FinalRound: ("seat",),
}
_EVENT_NAMES = {cls: cls.__name__ for cls in [*_EVENT_FIELDS, GameOver]}
_EVENT_TYPES = {name: cls for cls, name in _EVENT_NAMES.items()}


def _plain(value: object) -> object:
    if isinstance(value, CardColor):
        return value.key
    if isinstance(value, Hand):
        return str(value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def event_to_dict(event: Event) -> dict[str, Any]:
    """An (already redacted) event as plain data: `{"e": "CardTaken", ...fields}`."""
    if isinstance(event, GameOver):
        return {"e": "GameOver", "result": result_to_dict(event.result)}
    out: dict[str, Any] = {"e": _EVENT_NAMES[type(event)]}
    for name in _EVENT_FIELDS[type(event)]:
        out[name] = _plain(getattr(event, name))
    return out


def _choice(v: str, allowed: tuple[str, ...], where: str) -> str:
    if v not in allowed:
        raise CodecError(f"{where}: {v[:20]!r} is not one of {', '.join(allowed)}")
    return v


def _ids(v: Any, where: str) -> tuple[str, ...] | None:
    if v is None:
        return None
    if not isinstance(v, list) or len(v) > 50 or not all(isinstance(x, str) for x in v):
        raise CodecError(f"{where}: expected a list of ids or null")
    return tuple(v)


_READERS: dict[str, Callable[[Any, str], object]] = {
    "seat": lambda d, w: _int(d, "seat", w, 0, 4),
    "next": lambda d, w: _int(d, "next", w, 0, 4),
    "slot": lambda d, w: _opt_int(d, "slot", w, 0, 9),
    "size": lambda d, w: _int(d, "size", w),
    "count": lambda d, w: _int(d, "count", w, 0, 100),
    "returned": lambda d, w: _int(d, "returned", w, 0, 100),
    "points": lambda d, w: _int(d, "points", w, 0, 1000),
    "extra": lambda d, w: _int(d, "extra", w, 0, 10),
    "source": lambda d, w: _choice(_str(d, "source", w), ("deck", "faceup"), w),
    "route": lambda d, w: _str(d, "route", w),
    "city": lambda d, w: _str(d, "city", w),
    "color": lambda d, w: _color(_get(d, "color", w), w) if d.get("color") is not None else None,
    "payment": lambda d, w: _hand(d, "payment", w),
    "cards": lambda d, w: tuple(_color(c, w) for c in _list(d, "cards", w, 10)),
    "tickets": lambda d, w: _ids(_get(d, "tickets", w), w),
    "kept": lambda d, w: _ids(_get(d, "kept", w), w),
}


def event_from_dict(data: Any) -> Event:
    """Inverse of `event_to_dict`.

    Raises:
        CodecError: unknown event type or malformed fields.
    """
    name = data.get("e") if isinstance(data, dict) else None
    cls = _EVENT_TYPES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise CodecError(f"event: unknown type {str(name)[:30]!r}")
    if cls is GameOver:
        return GameOver(result_from_dict(data.get("result")))
    w = f"event {name}"
    values = {f: _READERS[f](data, w) for f in _EVENT_FIELDS[cls]}
    return cast(Event, cls(**values))
