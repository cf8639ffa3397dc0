"""Announcements: one short sentence for every change a sighted player would notice, and
answers in words to the board's query keys.

Everything here is worded from a `PlayerView` and events already redacted for the seat
at the screen, with the game log's own wording (`board_text.log_line`, `ttr.ui.words`),
so what is spoken is exactly what the screen shows. Each announcement is tagged with the
seat it was worded for; when the screen changes hands the caption and history are
cleared, so nobody re-reads another seat's lines. Every announcement goes to the caption
line, to the log file, and to the speech engine when speech is on.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ttr.engine import Event, PlayerView, Stage
from ttr.engine.scoring import longest_trail, route_edges
from ttr.ui.scenes.board_text import (
    color_word,
    log_line,
    route_name,
    ticket_name,
    turn_banner,
)
from ttr.ui.speech import Speaker
from ttr.ui.words import card_name, cards_words, counted, join_and

logger = logging.getLogger("ttr.announce")

HISTORY = 200
"""Announcements kept for the caption and for re-reading."""


@dataclass(frozen=True, slots=True)
class Announcement:
    """One sentence; `seat` is whose view it was worded from (None: public);
    `kind` is "event" (queued), "reply" (answers a key: interrupts) or "alert"."""

    text: str
    seat: int | None
    kind: str = "event"
    at: float = field(default_factory=time.time)
    """When it was announced (wall clock)."""


class Announcer:
    """The announcement stream: caption, history, log file and optional speech."""

    def __init__(self, speaker: Speaker | None = None) -> None:
        self.speaker = speaker
        self.history: deque[Announcement] = deque(maxlen=HISTORY)
        self.owner: int | None = None
        self.stream: list[Announcement] = []
        """Everything ever announced (tests read it; bounded by `keep_stream`)."""
        self.keep_stream = False
        self.problem = ""
        """Why speech stopped or could not start ("" when fine)."""
        self.voice = ""
        """What speaks (a screen reader, espeak-ng through aplay, ...)."""

    def say(self, text: str, seat: int | None, kind: str = "event") -> None:
        """Announce `text`, worded from `seat`'s view."""
        text = " ".join(text.split())
        if not text:
            return
        if seat != self.owner:
            self.screen_changed(seat)
        self._note(Announcement(text, seat, kind))
        self._speak(lambda sp: sp.speak(text, kind))

    def _note(self, a: Announcement) -> None:
        self.history.append(a)
        if self.keep_stream:
            self.stream.append(a)
        logger.info("%s", a.text)

    def _speak(self, call: Callable[[Speaker], None]) -> None:
        """Pass a call to the speaker; a speaker that failed is let go, and why is
        captioned and logged (once)."""
        sp = self.speaker
        if sp is None:
            return
        try:
            if not sp.problem:
                call(sp)
        except Exception as e:  # noqa: BLE001  (a speech engine must never stop the game)
            sp.problem = sp.problem or f"{type(e).__name__}: {e}"
        if sp.problem:
            self.speaker = None
            self.problem = f"Speech stopped: {sp.problem}. Captions stay on"
            logger.warning("%s", self.problem)
            self._note(Announcement(self.problem, self.owner, "alert"))
            try:
                sp.stop()
            except Exception as e:  # noqa: BLE001
                logger.debug("speech: %s", e)

    def key_pressed(self) -> None:
        """Any key cuts the sentence being said, as in screen readers (what the key
        answers is said next)."""
        self._speak(lambda sp: sp.cut())

    def silence(self) -> None:
        """Stop the speech now and drop what waits (the captions stay)."""
        self._speak(lambda sp: sp.silence())

    def screen_changed(self, seat: int | None) -> None:
        """Another seat (or nobody) sits at the screen: forget the old seat's lines and
        cut their speech, what is being said and what waits."""
        self.owner = seat
        self.history.clear()
        self.silence()

    def caption(self, n: int = 2) -> list[str]:
        """The newest `n` lines, oldest first."""
        return [a.text for a in list(self.history)[-n:]]

    def last(self, n: int) -> list[str]:
        """The newest `n` announcements, newest first."""
        return [a.text for a in reversed(self.history)][:n]

    def close(self) -> None:
        """Let go of the speech engine (its threads and processes end)."""
        if self.speaker is not None:
            self.speaker.stop()
            self.speaker = None


def announcer_of(extras: dict[str, object]) -> Announcer:
    """The app's announcer (made on first use, e.g. by tests without an `App`)."""
    a = extras.get("announcer")
    if not isinstance(a, Announcer):
        a = Announcer()
        extras["announcer"] = a
    return a


def say_here(extras: dict[str, object], text: str, kind: str = "reply") -> None:
    """Announce `text` to whoever owns the screen now: for screens that show nothing
    seat-private (menus, dialogs of one's own, the lobby)."""
    a = announcer_of(extras)
    a.say(text, a.owner, kind)


def set_speech(a: Announcer, on: bool) -> str:
    """Turn speech on or off; returns why it could not be turned on ("" when fine)."""
    if not on:
        a.close()
        return ""
    if a.speaker is not None:
        return ""
    from ttr.ui.voices import open_speaker

    speaker, why = open_speaker()
    a.speaker, a.problem = speaker, why
    a.voice = speaker.voice_name if speaker is not None else ""
    return why


# ------------------------------------------------------------ game changes

def narrate(events: Sequence[Event], view: PlayerView, names: Sequence[str]) -> str:
    """One announcement for a move: its log lines, then whose turn it is now."""
    gm = view.public.game_map
    lines = [line for e in events if (line := log_line(e, gm, names))]
    if view.public.stage != Stage.GAME_OVER:
        lines.append(turn_words(view, names))
    return ". ".join(lines) + "."


def turn_words(view: PlayerView, names: Sequence[str]) -> str:
    """`Your turn: draw cards, claim a route. 3 cards, 2 tickets` or `Ada is playing`."""
    pub = view.public
    banner = turn_banner(view, names, False).rstrip("\u2026")
    if view.me is None or pub.current != view.viewer or pub.stage == Stage.GAME_OVER:
        return banner
    return (f"{banner}. You hold {counted(view.me.hand.total, 'card')}, "
            f"{counted(len(view.me.tickets), 'ticket')}")


# ------------------------------------------------------------ queries

def hand_words(view: PlayerView) -> str:
    """`Hand, 9 cards: 3 red + 2 pink + 1 locomotive` (the log's wording of cards)."""
    if view.me is None:
        return "Your cards are hidden"
    hand = view.me.hand
    return f"Hand, {counted(hand.total, 'card')}: " + (cards_words(hand) if hand.total
                                                       else "empty")


def missing_trains(view: PlayerView, seat: int, ticket: str) -> int | None:
    """Trains of unclaimed routes still needed to join a ticket's cities (fewest), or None
    when they cannot be joined any more."""
    from ttr.ai.planning import network_for, shortest_path

    gm = view.public.game_map
    t = gm.ticket_by_id[ticket]
    net = network_for(view, seat, stations=False)
    found = shortest_path(net, gm.city_index[t.a], gm.city_index[t.b])
    if found is None:
        return None
    return sum(gm.routes[r].length for r in found[1])


def ticket_progress(view: PlayerView, ticket: str) -> str:
    """`Seattle–New York, 22: not connected, 9 trains of routes still missing`."""
    from ttr.engine.scoring import connected_tickets

    gm = view.public.game_map
    head = f"{ticket_name(gm, ticket)}, {gm.ticket_by_id[ticket].points}"
    if view.viewer is None:
        return head
    if connected_tickets(gm, view.public.owners, view.viewer, (ticket,))[0]:
        return f"{head}: connected"
    miss = missing_trains(view, view.viewer, ticket)
    return f"{head}: not connected, " + (
        "blocked" if miss is None else f"{counted(miss, 'train')} of routes still missing")


def tickets_words(view: PlayerView) -> str:
    """Every ticket I hold with its progress."""
    if view.me is None or view.viewer is None:
        return "Your tickets are hidden"
    tickets = view.me.tickets
    if not tickets:
        return "You hold no tickets"
    return f"{counted(len(tickets), 'ticket')}. " + ". ".join(
        ticket_progress(view, t) for t in tickets)


def offer_words(view: PlayerView, selected: Sequence[str], min_keep: int) -> str:
    """The ticket choice: each offered ticket with its number key and progress."""
    if view.me is None:
        return "Tickets are hidden"
    parts = [f"{i + 1}: {ticket_progress(view, t)}, "
             + ("kept" if t in selected else "returned") for i, t in enumerate(view.me.offer)]
    return (f"Choose tickets, keep at least {min_keep}. " + ". ".join(parts)
            + ". Number keys toggle, Enter keeps")


def longest_words(view: PlayerView, names: Sequence[str]) -> str:
    """Who holds the longest continuous path now."""
    pub = view.public
    gm = pub.game_map
    lengths = [longest_trail(route_edges(gm, pub.owners, p.seat)) for p in pub.players]
    best = max(lengths, default=0)
    if best == 0:
        return "Nobody has a path yet"
    who = [names[i] for i, n in enumerate(lengths) if n == best]
    return f"Longest path: {join_and(who)}, {counted(best, 'train')}"


def scores_words(view: PlayerView, names: Sequence[str]) -> str:
    """Route points, trains, cards and tickets of every seat, and the longest path."""
    pub = view.public
    parts = []
    for p in pub.players:
        extra = f", {counted(p.stations, 'station')}" if pub.config.stations else ""
        parts.append(f"{names[p.seat]} {counted(p.route_points, 'point')}, "
                     f"{counted(p.trains, 'train')} left, {counted(p.hand_size, 'card')}, "
                     f"{counted(p.tickets, 'ticket')}{extra}")
    return ". ".join(parts) + ". " + longest_words(view, names)


def market_words(view: PlayerView) -> str:
    """The face-up cards and the sizes of the piles."""
    pub = view.public
    cards = [f"{i + 1} {card_name(c)}" if c is not None else f"{i + 1} empty"
             for i, c in enumerate(pub.faceup)]
    return (f"Face up: {', '.join(cards)}. Deck {counted(pub.deck_size, 'card')}, "
            f"tickets {pub.ticket_deck_size}")


def city_words(view: PlayerView, city: int, names: Sequence[str]) -> str:
    """A city and every route at it: colour, length, owner."""
    pub = view.public
    gm = pub.game_map
    parts = []
    for r in gm.city_routes[city]:
        route = gm.routes[r]
        owner = pub.owners[r]
        kind = " tunnel" if route.tunnel else (" ferry" if route.ferry else "")
        parts.append(f"{route_name(gm, route)}, {route.length} {color_word(route)}{kind}, "
                     + ("open" if owner is None else names[owner]))
    station = ""
    if pub.config.stations:
        st = pub.stations[city]
        station = f" Station: {'none' if st is None else names[st]}."
    return (f"{gm.cities[city].name}: {counted(len(parts), 'route')}. "
            + ". ".join(parts) + "." + station)


def history_words(lines: Sequence[str], n: int = 5) -> str:
    """The last `n` moves of the game log (newest first)."""
    picked = list(lines)[:n]
    return "Last moves: " + ". ".join(picked) if picked else "No moves yet"
