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
from ttr.i18n import _, number, pgettext
from ttr.ui.scenes.board_text import (
    log_line,
    route_name,
    ticket_name,
    turn_banner,
)
from ttr.ui.speech import Speaker
from ttr.ui.words import card_name, cards_of, cards_words, counted, join_and

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
            self.problem = _("Speech stopped: {problem}. Captions stay on").format(
                problem=sp.problem)
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
    return _("{banner}. You hold {cards}, {tickets}").format(
        banner=banner, cards=counted(view.me.hand.total, "card"),
        tickets=counted(len(view.me.tickets), "ticket"))


# ------------------------------------------------------------ queries

def hand_words(view: PlayerView) -> str:
    """`Hand, 9 cards: 3 red + 2 pink + 1 locomotive` (the log's wording of cards)."""
    if view.me is None:
        return _("Your cards are hidden")
    hand = view.me.hand
    return _("Hand, {n}: {cards}").format(n=counted(hand.total, "card"), cards=(
        cards_words(hand) if hand.total else pgettext("hand", "empty")))


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
    # TRANSLATORS: a ticket and its points: "Seattle–New York, 22"
    head = _("{ticket}, {points}").format(ticket=ticket_name(gm, ticket),
                                          points=number(gm.ticket_by_id[ticket].points))
    if view.viewer is None:
        return head
    if connected_tickets(gm, view.public.owners, view.viewer, (ticket,))[0]:
        return _("{ticket}: connected").format(ticket=head)
    miss = missing_trains(view, view.viewer, ticket)
    if miss is None:
        return _("{ticket}: not connected, blocked").format(ticket=head)
    return _("{ticket}: not connected, {trains} of routes still missing").format(
        ticket=head, trains=counted(miss, "train"))


def tickets_words(view: PlayerView) -> str:
    """Every ticket I hold with its progress."""
    if view.me is None or view.viewer is None:
        return _("Your tickets are hidden")
    tickets = view.me.tickets
    if not tickets:
        return _("You hold no tickets")
    return f"{counted(len(tickets), 'ticket')}. " + ". ".join(
        ticket_progress(view, t) for t in tickets)


def offer_words(view: PlayerView, selected: Sequence[str], min_keep: int) -> str:
    """The ticket choice: each offered ticket with its number key and progress."""
    if view.me is None:
        return _("Tickets are hidden")
    parts = [(_("{k}: {ticket}, kept") if t in selected else _("{k}: {ticket}, returned")).format(
        k=number(i + 1), ticket=ticket_progress(view, t)) for i, t in enumerate(view.me.offer)]
    return _("Choose tickets, keep at least {n}. {offer}. Number keys toggle, Enter "
             "keeps").format(n=number(min_keep), offer=". ".join(parts))


def longest_words(view: PlayerView, names: Sequence[str]) -> str:
    """Who holds the longest continuous path now."""
    pub = view.public
    gm = pub.game_map
    lengths = [longest_trail(route_edges(gm, pub.owners, p.seat)) for p in pub.players]
    best = max(lengths, default=0)
    if best == 0:
        return _("Nobody has a path yet")
    who = [names[i] for i, n in enumerate(lengths) if n == best]
    return _("Longest path: {players}, {trains}").format(players=join_and(who),
                                                         trains=counted(best, "train"))


def scores_words(view: PlayerView, names: Sequence[str]) -> str:
    """Route points, trains, cards and tickets of every seat, and the longest path."""
    pub = view.public
    parts = []
    for p in pub.players:
        # TRANSLATORS: "Ada 34 points, 20 trains left, 5 cards, 3 tickets"
        line = _("{player} {points}, {trains} left, {cards}, {tickets}").format(
            player=names[p.seat], points=counted(p.route_points, "point"),
            trains=counted(p.trains, "train"), cards=counted(p.hand_size, "card"),
            tickets=counted(p.tickets, "ticket"))
        if pub.config.stations:
            line = _("{line}, {stations}").format(line=line,
                                                  stations=counted(p.stations, "station"))
        parts.append(line)
    return ". ".join(parts) + ". " + longest_words(view, names)


def market_words(view: PlayerView) -> str:
    """The face-up cards and the sizes of the piles."""
    pub = view.public
    # TRANSLATORS: a face-up card by its number key: "1 red", "2 empty"
    cards = [(_("{k} {colour}") if c is not None else _("{k} empty")).format(
        k=number(i + 1), colour=card_name(c) if c is not None else "")
        for i, c in enumerate(pub.faceup)]
    return _("Face up: {cards}. Deck {deck}, tickets {tickets}").format(
        cards=", ".join(cards), deck=counted(pub.deck_size, "card"),
        tickets=number(pub.ticket_deck_size))


def city_words(view: PlayerView, city: int, names: Sequence[str]) -> str:
    """A city and every route at it: colour, length, owner."""
    pub = view.public
    gm = pub.game_map
    parts = []
    for r in gm.city_routes[city]:
        route = gm.routes[r]
        owner = pub.owners[r]
        what = cards_of(route.color, route.length)
        # TRANSLATORS: a route at a city: "Denver–Omaha, 4 red tunnel, open" (or its owner)
        part = (_("{route}, {cards} tunnel, {owner}") if route.tunnel else
                _("{route}, {cards} ferry, {owner}") if route.ferry else
                _("{route}, {cards}, {owner}"))
        parts.append(part.format(route=route_name(gm, route), cards=what,
                                 owner=pgettext("route", "open") if owner is None
                                 else names[owner]))
    station = ""
    if pub.config.stations:
        st = pub.stations[city]
        station = " " + (_("Station: none.") if st is None else _("Station: {player}.").format(
            player=names[st]))
    return _("{city}: {routes}.").format(city=gm.cities[city].name,
                                         routes=counted(len(parts), "route")) + (
        " " + ". ".join(parts) + "." if parts else "") + station


def history_words(lines: Sequence[str], n: int = 5) -> str:
    """The last `n` moves of the game log (newest first)."""
    picked = list(lines)[:n]
    return (_("Last moves: {moves}").format(moves=". ".join(picked)) if picked
            else _("No moves yet"))
