"""`RemoteSession`: an online table seen through the same interface as a local game.

The board cannot tell it from a `GameSession` (see `ttr.game.table.TableSession`):
moves decided on other computers (people, server AIs) arrive through `poll_ai` one
update at a time, in order; the local person's move goes to the server with `submit`,
which waits briefly for the answer (a few milliseconds on a network) and otherwise
returns at once with a view without legal actions, the answer following through
`poll_ai`. Everything shown comes from the views the server sent for this computer's
seats, so nothing here could show another seat's secrets even by mistake.

Lobby, presence, chat and the connection status are extra attributes the online
scenes read; `pump()` (called every frame by those scenes) takes in what arrived.
"""

from __future__ import annotations

import logging
import queue
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from ttr.ai.review import Decision, reviewable
from ttr.engine import (
    Action,
    Event,
    GameMap,
    GameOver,
    GameResult,
    IllegalActionError,
    PlayerView,
    RulesConfig,
    Seat,
    Stage,
    TtrError,
    format_action,
    redact,
)
from ttr.game.coach import PlayedOnline
from ttr.game.session import ScreenOwner, SeatSpec, Update
from ttr.i18n import _
from ttr.net.link import Credentials, LinkClosed
from ttr.net.messages import (
    SeatUpdate,
    StateUpdate,
    TableInfo,
    load_table_map,
    read_state,
    read_table,
)
from ttr.net.protocol import MAX_CHAT, ProtocolError
from ttr.net.words import cannot_save_text, refusal

logger = logging.getLogger(__name__)

SUBMIT_WAIT = 0.25
"""Seconds `submit` waits for the server's answer before returning a pending update."""


class Transport(Protocol):
    """What the session needs of a connection (`NetClient`, or a test double)."""

    inbox: queue.Queue[tuple[str, Any]]

    @property
    def creds(self) -> Credentials:
        """Address, table and tokens."""

    def send(self, msg: dict[str, Any]) -> None:
        """Queue a message for the server."""

    def close(self, leave: bool = False) -> None:
        """End the connection."""


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A chat line as shown: who (None: the server) and what."""

    name: str
    text: str
    seat: int | None
    ts: float


class RemoteSession(ScreenOwner):
    """One online table from this computer's seats (or as a spectator)."""

    def __init__(self, transport: Transport, display_name: str = "") -> None:
        self.net = transport
        self.display_name = display_name
        self.info: TableInfo | None = None
        self.local: tuple[int, ...] = ()
        self.host = False
        self.spectator = False
        self.status = "connecting"
        self.status_detail = ""
        self.closed: LinkClosed | None = None
        self.chat: deque[ChatLine] = deque(maxlen=100)
        self.chat_total = 0
        """Chat lines received live so far (`chat` keeps the last 100, after the recent
        lines a (re)connection brings, which are not counted: they are not news)."""
        self.notices: deque[str] = deque(maxlen=10)
        """Messages for a toast (refused moves, server errors), oldest first."""
        self.after_action: list[Callable[[Any, tuple[Event, ...]], None]] = []
        self.on_welcome: list[Callable[[RemoteSession], None]] = []
        self._map: GameMap | None = None
        self._seats: tuple[SeatSpec, ...] = ()
        self._shown: dict[int | None, PlayerView] = {}
        """The views the board has been given (per seat; None: spectator)."""
        self._pending: deque[StateUpdate] = deque()
        self._seq = -1
        self._last_received = -1
        self._flight: dict[str, Any] | None = None
        """The act sent and not yet answered."""
        self._before: PlayerView | None = None
        """The view the unanswered act was made from, once the board shows it without
        legal actions (`submit` returned before the answer); shown again if refused."""
        self._ref = int(time.time() * 1000) % (1 << 30)
        self._result: GameResult | None = None
        self.screen_owner: Seat | None = None
        self.welcomed = False
        self._decisions: dict[int, Decision] = {}
        """The moves this computer's people made that a review judges, by `ref`, each
        with the view it was made from (a refused move is dropped)."""

    # ------------------------------------------------------------ intake

    def pump(self, block: float = 0.0) -> None:
        """Take in everything that has arrived (waiting up to `block` s for the first)."""
        while True:
            try:
                kind, item = self.net.inbox.get(timeout=block) if block > 0 else \
                    self.net.inbox.get_nowait()
            except queue.Empty:
                return
            block = 0.0
            try:
                self._take(kind, item)
            except ProtocolError as e:
                logger.warning("bad message from the server: %s", e.msg)
                self.notices.append(refusal(e.code, e.data) if e.code == "no_map" else
                                    _("The server sent something this game cannot read"))

    def _take(self, kind: str, item: Any) -> None:
        if kind == "status":
            self.status, self.status_detail = item
            return
        if kind == "closed":
            self.closed = item
            self.status = "closed"
            return
        msg: dict[str, Any] = item
        t = msg["t"]
        if t == "welcome":
            self._welcome(msg)
        elif t == "table":
            self._table(read_table(msg))
        elif t == "state":
            if self.info is None or self._map is None:
                raise ProtocolError("bad_message", "a game state before the table")  # i18n: no
            su = read_state(msg, self._map, self.info.config)
            self._state(su)
        elif t == "chat":
            text, name = msg.get("text"), msg.get("name")
            if isinstance(text, str) and isinstance(name, str):
                seat = msg.get("seat") if isinstance(msg.get("seat"), int) else None
                self.chat.append(ChatLine(name[:40], text[:MAX_CHAT], seat, time.time()))
                self.chat_total += 1
        elif t == "error":
            self._error(msg)

    def _welcome(self, msg: dict[str, Any]) -> None:
        seats = msg.get("seats")
        self.local = tuple(s for s in seats if isinstance(s, int)) if isinstance(
            seats, list) else ()
        self.host = msg.get("host") is True
        self.spectator = msg.get("role") == "spectator"
        self.chat.clear()
        for line in msg.get("chat") or []:
            if isinstance(line, dict) and isinstance(line.get("text"), str):
                self.chat.append(ChatLine(str(line.get("name", ""))[:40], line["text"][:MAX_CHAT],
                                          line.get("seat") if isinstance(line.get("seat"), int)
                                          else None, time.time()))
        if self._flight is not None:
            self.net.send(self._flight)  # after a reconnect: the server dedupes by ref
        if len(self.local) == 1:
            self.screen_owner = self.local[0]
        elif self.screen_owner not in self.local:
            self.screen_owner = None
        self.welcomed = True
        for hook in self.on_welcome:
            hook(self)

    def _table(self, info: TableInfo) -> None:
        if self._map is None:
            self._map = load_table_map(info)
        if info.paused is not None and (self.info is None or self.info.paused is None):
            self.notices.append(cannot_save_text(info.paused))
        self.info = info
        self._seats = tuple(SeatSpec(s.name, s.color, s.level if s.kind == "ai" else None)
                            for s in info.seats)
        if info.result is not None:
            self._result = info.result

    def _state(self, su: StateUpdate) -> None:
        if su.seq < self._last_received or (su.seq == self._last_received and su.ref is None):
            return  # an older or repeated state (after a reconnect)
        self._last_received = su.seq
        if self._seq < 0 or su.jump or not self._shown:
            # the first view, or after a long absence: show it as it is now
            self._pending.clear()
            self._flight = None
            self._before = None
        for entry in su.seats:
            for e in entry.events:
                if isinstance(e, GameOver):
                    self._result = e.result
        if not self._shown:
            self._seq = su.seq
            for entry in su.seats:
                self._shown[entry.seat] = entry.view
            return
        self._pending.append(su)

    def _error(self, msg: dict[str, Any]) -> None:
        code = str(msg.get("code", ""))[:40]
        text = refusal(code, msg.get("data"))  # the code in words here, never `msg`
        ref = msg.get("ref")
        if self._flight is not None and ref == self._flight["ref"]:
            self._flight = None
            if code == "duplicate":
                return
            self._decisions.pop(ref, None)
            self.notices.append(text)
            if self._before is not None:  # the board waits: give it its move back
                view, self._before = self._before, None
                assert view.viewer is not None
                self._pending.append(StateUpdate(self._seq, False, None,
                                                 (SeatUpdate(view.viewer, view, ()),)))
            return
        if code not in ("duplicate", "stale"):
            self.notices.append(text)

    # ------------------------------------------------------------ the table

    @property
    def seats(self) -> tuple[SeatSpec, ...]:
        """The seats (AI seats name their level)."""
        return self._seats

    @property
    def config(self) -> RulesConfig:
        """The rules of the table."""
        if self.info is None:
            raise TtrError("the table has not been described yet")  # i18n: no
        return self.info.config

    @property
    def game_map(self) -> GameMap:
        """This computer's copy of the table's map."""
        if self._map is None:
            raise TtrError("the table has not been described yet")  # i18n: no
        return self._map

    @property
    def started(self) -> bool:
        """The first view of the game has arrived."""
        return bool(self._shown)

    def played(self) -> PlayedOnline | None:
        """The finished game as this computer saw it, for a review (None before the end
        or when nobody here made a decision: a spectator, or a seat an AI played)."""
        if self._result is None or self.info is None or not self._decisions:
            return None
        by_seat: dict[Seat, list[Decision]] = {}
        for d in sorted(self._decisions.values(), key=lambda d: d.step):
            assert d.view.viewer is not None
            by_seat.setdefault(d.view.viewer, []).append(d)
        return PlayedOnline(tuple(s.name for s in self.seats), by_seat, self._result,
                            self.info.table)

    def keep_decisions_in(self, store: dict[int, Decision]) -> None:
        """Keep this computer's decisions in `store` (the window's, per table), so a
        review after a rejoin also judges those made before it."""
        if store is not self._decisions:
            store.update(self._decisions)
            self._decisions = store

    def chat_after(self, seen: int) -> list[ChatLine]:
        """The live chat lines after the first `seen` of `chat_total` (those still kept)."""
        n = min(self.chat_total - seen, len(self.chat))
        return list(self.chat)[-n:] if n > 0 else []

    @property
    def hints_allowed(self) -> bool:
        """The host lets the coach give hints at this table."""
        return self.info is not None and self.info.hints

    def count_hint(self, seat: Seat) -> None:
        """Tell the server a hint was shown to `seat` (it counts it in the record)."""
        self.net.send({"t": "hint", "seat": seat})

    @property
    def connected(self) -> bool:
        """The connection is up."""
        return self.status == "online"

    def _busy(self) -> bool:
        return bool(self._pending) or self._flight is not None

    def _current(self) -> PlayerView:
        if not self._shown:
            raise TtrError("the game has not started")  # i18n: no
        if self.screen_owner in self._shown:
            return self._shown[self.screen_owner]
        return next(iter(self._shown.values()))

    # ------------------------------------------------------------ TableSession

    @property
    def to_act(self) -> Seat | None:
        """The seat to act in the view on screen (None once over)."""
        v = self._current()
        return None if v.public.stage == Stage.GAME_OVER else v.public.current

    @property
    def over(self) -> bool:
        """The game has ended (in what the board has been shown)."""
        return bool(self._shown) and self._current().public.stage == Stage.GAME_OVER

    def is_human(self, seat: Seat) -> bool:
        """A person here decides for `seat`, and nothing is on its way from the server."""
        return seat in self.local and not self._busy()

    @property
    def seat_count(self) -> int:
        """How many seats the table has."""
        return len(self._seats)

    def plays_here(self, seat: Seat) -> bool:
        """One of this computer's seats."""
        return seat in self.local

    def view_for(self, seat: Seat | None) -> PlayerView:
        """This computer's seat's view; any other seat (or None) gets the public view."""
        if seat is not None and seat in self._shown:
            return self._shown[seat]
        return _public(self._current())

    def results(self) -> GameResult:
        """The final result (known once the game has ended).

        Raises:
            TtrError: the game has not ended.
        """
        if self._result is None:
            raise TtrError("the result is not known before the game ends")  # i18n: no
        return self._result

    def submit(self, action: Action) -> Update:
        """Send the person's move; the server's answer if it comes within SUBMIT_WAIT.

        Raises:
            IllegalActionError: not this screen's turn, not legal, or refused.
        """
        seat = self.to_act
        if seat is None or not self.is_human(seat) or seat != self.screen_owner:
            raise IllegalActionError(_("It is not your turn"))
        view = self._shown[seat]
        if action not in view.legal:
            raise IllegalActionError(_("That move is not legal now"))
        self._ref += 1
        if reviewable(view):
            self._decisions[self._ref] = Decision(self._seq, view, action)
        self._flight = {"t": "act", "ref": self._ref, "seat": seat, "seq": self._seq,
                        "action": format_action(action)}
        self._before = None
        self.net.send(self._flight)
        end = time.monotonic() + SUBMIT_WAIT
        while self._flight is not None and not self._pending:
            left = end - time.monotonic()
            if left <= 0 or self.closed is not None:
                break
            self.pump(block=min(left, 0.05))
        if self._pending:
            update = self.poll_ai()
            assert update is not None
            return update
        if self._flight is None:  # refused
            why = self.notices.pop() if self.notices else _("The server refused the move")
            raise IllegalActionError(why)
        waiting = replace(view, legal=())
        self._shown[seat] = waiting
        self._before = view
        return Update(waiting, (), seat, None)

    def ai_thinking(self) -> bool:
        """Waiting for a move from elsewhere (or for the server's answer)."""
        seat = self.to_act
        return self._flight is not None or (seat is not None and seat not in self.local)

    def poll_ai(self) -> Update | None:
        """The next update that arrived from the server, in order."""
        self.pump()
        if not self._pending:
            return None
        su = self._pending.popleft()
        actor = self._current().public.current
        if self._flight is not None and su.seq > self._flight["seq"]:
            self._flight = None  # our move (or, after a drop, whatever came first) is in
            self._before = None
        for entry in su.seats:
            self._shown[entry.seat] = entry.view
        self._seq = su.seq
        self.release_screen()
        owner = self.screen_owner
        mine = next((e for e in su.seats if e.seat == owner), None)
        if mine is not None:
            view, events = mine.view, mine.events
        else:  # nobody (or no seat of ours) at the screen: the public side only
            first = su.seats[0]
            view = _public(first.view)
            events = tuple(redact(e, None) for e in first.events)
        for hook in self.after_action:
            hook(self, events)
        return Update(view, events, actor, self.pending_handoff())

    def warm_up(self) -> None:
        """Nothing to prepare: the server's AIs are already running."""

    def close(self) -> None:
        """Leave the table's connection (the seat stays yours to resume)."""
        self.net.close()

    # ------------------------------------------------------------ online extras

    def send_chat(self, text: str) -> None:
        """Say something at the table."""
        text = " ".join(text.split())[:MAX_CHAT]
        if text:
            self.net.send({"t": "chat", "text": text})

    def send(self, msg: dict[str, Any]) -> None:
        """A lobby message (ready, profile, assign, start)."""
        self.net.send(msg)

    def seat_connected(self, seat: int) -> bool:
        """Whether the seat's player is connected (AI seats always are)."""
        if self.info is None or not 0 <= seat < len(self.info.seats):
            return False
        s = self.info.seats[seat]
        return s.kind == "ai" or s.connected


def _public(view: PlayerView) -> PlayerView:
    return PlayerView(None, view.public, None, ())
