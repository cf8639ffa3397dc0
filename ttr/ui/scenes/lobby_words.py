"""An online table in words, for the announcements (captions and speech): in the lobby
the whole table on arrival (and on W), then each change as it happens; during the game
who is away, back, or played for by an AI. Everything here is public at the table:
names, seats, who is ready or connected."""

from __future__ import annotations

from collections.abc import Sequence

from ttr.i18n import _, number
from ttr.net.messages import SeatInfo, TableInfo
from ttr.net.words import can_start_text


def table_title(map_id: str, variant: str) -> str:
    """The map's name and its rule set as people read them ("USA", "USA, 1910 rules"),
    not the raw ids; an unknown map keeps its id."""
    from ttr.engine.errors import MapError
    from ttr.maps.mapfile import find_map

    try:
        name = find_map(map_id).game_map.name
    except MapError:
        name = map_id
    return name if variant == "base" else _("{map}, {variant} rules").format(
        map=name, variant=variant)


def spelled_code(code: str) -> str:
    """An invite code for speech: `A B C D, E F G H` (a screen reader would read
    `ABCDEFGH` as one word)."""
    half = len(code) // 2 if len(code) == 8 else len(code)
    return ", ".join(" ".join(part) for part in (code[:half], code[half:]) if part)


def _level(seat: SeatInfo) -> str:
    """`AI Medium` (the table message only names levels this computer knows)."""
    from ttr.ai.base import agent_info

    return _("AI {level}").format(level=_(agent_info(seat.level).label)) if seat.level \
        else _("AI")


def seat_words(seat: SeatInfo, local: Sequence[int]) -> str:
    """`Seat 2, Gus, online, ready`; `Seat 3, open: waiting for a friend`."""
    n = number(seat.seat + 1)
    if seat.kind == "ai":
        return _("Seat {n}, {name}, {level}").format(n=n, name=seat.name, level=_level(seat))
    if not seat.taken:
        return _("Seat {n}, open: waiting for a friend").format(n=n)
    mine = seat.seat in local
    if not seat.connected:
        return (_("Seat {n}, {name} (you), away") if mine else
                _("Seat {n}, {name}, online, away")).format(n=n, name=seat.name)
    if seat.ready:
        return (_("Seat {n}, {name} (you), ready") if mine else
                _("Seat {n}, {name}, online, ready")).format(n=n, name=seat.name)
    return (_("Seat {n}, {name} (you), not ready") if mine else
            _("Seat {n}, {name}, online, not ready")).format(n=n, name=seat.name)


def next_step(info: TableInfo, host: bool) -> str:
    """What the player at this screen can do next."""
    if host:
        return (_("Everyone is ready: Enter starts the game.") if info.can_start is None
                else _("{why}. Enter starts the game once everyone is ready.").format(
                    why=can_start_text(info.can_start)))
    return _("Enter says you are ready (or not); the host starts the game.")


def table_summary(info: TableInfo, local: Sequence[int], host: bool, address: str = "") -> str:
    """The whole table: map, rules, hints, the invite (for the host), every seat, and
    what to do next."""
    table = table_title(info.map_id, info.variant)  # the map's name, not its id
    what = (_("{table}, hints on") if info.hints else _("{table}, hints off")).format(
        table=table)
    parts = [(_("Your table: {what}") if host else _("Table: {what}")).format(what=what)]
    if host:
        code = spelled_code(info.code)
        parts.append(_("Invite code {code} at {address}").format(code=code, address=address)
                     if address else _("Invite code {code}").format(code=code))
    parts += [seat_words(s, local) for s in info.seats]
    parts.append(next_step(info, host))
    return ". ".join(p.rstrip(".") for p in parts) + "."


def table_changes(old: TableInfo, new: TableInfo, local: Sequence[int], host: bool
                  ) -> list[str]:
    """What changed between two descriptions of the table, a sentence each."""
    out: list[str] = []
    before = {s.seat: s for s in old.seats}
    for s in new.seats:
        o = before.get(s.seat)
        n = number(s.seat + 1)
        if o is None or (o.kind, o.level, o.taken) != (s.kind, s.level, s.taken):
            if s.kind == "human" and s.taken and (o is None or not o.taken or o.kind != "human"):
                out.append(_("{name} joined, seat {n}").format(name=s.name, n=n))
            elif o is not None and o.kind == "human" and o.taken and not s.taken \
                    and s.kind == "human":
                out.append(_("{name} left: seat {n} is open").format(name=o.name, n=n))
            else:
                out.append(seat_words(s, local))
            continue
        if o.name != s.name:
            out.append(_("{old} is now called {new}").format(old=o.name, new=s.name))
        if s.kind == "human" and s.taken:
            if o.standin != s.standin:
                out.append((_("An AI plays for {name} now") if s.standin
                            else _("{name} plays again")).format(name=s.name))
            elif o.connected != s.connected:
                out.append((_("{name} is back") if s.connected
                            else _("{name} is away")).format(name=s.name))
            elif o.ready != s.ready:
                out.append((_("{name} is ready") if s.ready
                            else _("{name} is not ready")).format(name=s.name))
    if host and new.can_start is None and old.can_start is not None:
        out.append(_("Everyone is ready: Enter starts the game"))
    return out
