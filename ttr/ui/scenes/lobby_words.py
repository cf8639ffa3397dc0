"""An online table in words, for the announcements (captions and speech): in the lobby
the whole table on arrival (and on W), then each change as it happens; during the game
who is away, back, or played for by an AI. Everything here is public at the table:
names, seats, who is ready or connected."""

from __future__ import annotations

from collections.abc import Sequence

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
    return name if variant == "base" else f"{name}, {variant} rules"


def spelled_code(code: str) -> str:
    """An invite code for speech: `A B C D, E F G H` (a screen reader would read
    `ABCDEFGH` as one word)."""
    half = len(code) // 2 if len(code) == 8 else len(code)
    return ", ".join(" ".join(part) for part in (code[:half], code[half:]) if part)


def _level(seat: SeatInfo) -> str:
    """`AI Medium` (the table message only names levels this computer knows)."""
    from ttr.ai.base import agent_info

    return f"AI {agent_info(seat.level).label}" if seat.level else "AI"


def seat_words(seat: SeatInfo, local: Sequence[int]) -> str:
    """`Seat 2, Gus, online, ready`; `Seat 3, open: waiting for a friend`."""
    head = f"Seat {seat.seat + 1}"
    if seat.kind == "ai":
        return f"{head}, {seat.name}, {_level(seat)}"
    if not seat.taken:
        return f"{head}, open: waiting for a friend"
    who = f"{seat.name} (you)" if seat.seat in local else f"{seat.name}, online"
    if not seat.connected:
        return f"{head}, {who}, away"
    return f"{head}, {who}, {'ready' if seat.ready else 'not ready'}"


def next_step(info: TableInfo, host: bool) -> str:
    """What the player at this screen can do next."""
    if host:
        return ("Everyone is ready: Enter starts the game." if info.can_start is None
                else f"{can_start_text(info.can_start)}. Enter starts the game once everyone "
                "is ready.")
    return "Enter says you are ready (or not); the host starts the game."


def table_summary(info: TableInfo, local: Sequence[int], host: bool, address: str = "") -> str:
    """The whole table: map, rules, hints, the invite (for the host), every seat, and
    what to do next."""
    what = f"{info.map_id}, {info.variant} rules, hints {'on' if info.hints else 'off'}"
    parts = [f"Your table: {what}" if host else f"Table: {what}"]
    if host:
        where = f" at {address}" if address else ""
        parts.append(f"Invite code {spelled_code(info.code)}{where}")
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
        if o is None or (o.kind, o.level, o.taken) != (s.kind, s.level, s.taken):
            if s.kind == "human" and s.taken and (o is None or not o.taken or o.kind != "human"):
                out.append(f"{s.name} joined, seat {s.seat + 1}")
            elif o is not None and o.kind == "human" and o.taken and not s.taken \
                    and s.kind == "human":
                out.append(f"{o.name} left: seat {s.seat + 1} is open")
            else:
                out.append(seat_words(s, local))
            continue
        if o.name != s.name:
            out.append(f"{o.name} is now called {s.name}")
        if s.kind == "human" and s.taken:
            if o.standin != s.standin:
                out.append(f"An AI plays for {s.name} now" if s.standin
                           else f"{s.name} plays again")
            elif o.connected != s.connected:
                out.append(f"{s.name} is {'back' if s.connected else 'away'}")
            elif o.ready != s.ready:
                out.append(f"{s.name} is {'ready' if s.ready else 'not ready'}")
    if host and new.can_start is None and old.can_start is not None:
        out.append("Everyone is ready: Enter starts the game")
    return out
