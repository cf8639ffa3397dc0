"""One table on the server: lobby seats, tokens, the only `GameState`, its record and log.

A `Table` is plain synchronous code (the server calls it from its event loop): it
checks who may do what, applies actions through the engine and builds each seat's
messages from `observe`/`redact` at the moment they are sent. It never sends anything
itself. `to_dict`/`from_dict` persist it (seat tokens only as hashes); loading replays
the record, so a restarted server continues at the last saved action.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from collections import deque
from dataclasses import dataclass, field, replace
from typing import Any

from ttr.ai.base import agent_info
from ttr.engine import (
    Action,
    Event,
    GameMap,
    GameState,
    PlayerView,
    RulesConfig,
    Seat,
    Stage,
    TtrError,
    apply,
    format_action,
    new_game,
    observe,
    parse_action,
    redact,
    results,
)
from ttr.net.codec import (
    event_to_dict,
    legal_notations,
    public_text,
    result_to_dict,
    to_json,
    view_text,
)
from ttr.net.protocol import MAX_NAME, ProtocolError, clean_text, new_token
from ttr.store.record import GameRecord, SeatRecord
from ttr.store.saves import SaveError, SaveGame

SEAT_COLORS: tuple[str, ...] = ("red", "blue", "green", "yellow", "black")
"""Seat colour names (the UI's theme maps them to RGB)."""
BOT_NAMES: tuple[str, ...] = ("Ada", "Boris", "Chen", "Dora", "Emil")  # i18n: no
SEAT_KINDS = ("open", "local", "ai")
MAX_MISSED = 64
"""A client that missed more actions than this gets the view without the events."""
MAX_CHAT_KEPT = 50
MAX_REFS = 32
"""The `ref`s of a seat's last moves kept to spot a resent move."""
TABLE_FORMAT = "ttr-table"
SAVE_FAILURES = ("disk_full", "read_only", "no_permission", "io_error")
"""Why a table could not be saved (the `reason` of a `cannot_save` error and of a
paused table; clients put it in words)."""
TABLE_VERSION = 1


def token_hash(token: str) -> str:
    """What the server keeps of a token (never the token itself)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def _matches(token: str, stored: str | None) -> bool:
    return stored is not None and hmac.compare_digest(token_hash(token), stored)


def check_level(level: Any) -> str:
    """An AI level name that the server can play.

    Raises:
        ProtocolError: unknown level.
    """
    try:
        info = agent_info(str(level))
    except TtrError:
        raise ProtocolError("bad_message", f"unknown AI level {str(level)[:20]!r}") from None
    return info.name


@dataclass(slots=True)
class TableSeat:
    """A seat: `kind` open (a remote human's), local (the creator's) or ai."""

    kind: str
    name: str
    color: str
    level: str | None = None
    token_hash: str | None = None
    ready: bool = False
    standin: str | None = None
    """An AI level playing for an absent human (the host's choice), or None."""

    @property
    def human(self) -> bool:
        """A person plays this seat (when present)."""
        return self.kind != "ai"

    @property
    def taken(self) -> bool:
        """Someone (or an AI) holds the seat."""
        return self.kind == "ai" or self.token_hash is not None

    @property
    def agent(self) -> str | None:
        """The AI that decides for this seat now, or None for a person."""
        return self.level if self.kind == "ai" else self.standin

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the table file."""
        return {"kind": self.kind, "name": self.name, "color": self.color,
                "level": self.level, "token_hash": self.token_hash, "ready": self.ready,
                "standin": self.standin}


@dataclass(slots=True)
class Table:
    """A table: its lobby, and once started, the game."""

    table_id: str
    code: str
    game_map: GameMap
    map_id: str
    config: RulesConfig
    seed: int | str
    seats: list[TableSeat]
    host_hash: str | None = None
    status: str = "lobby"
    state: GameState | None = None
    record: GameRecord | None = None
    log: list[tuple[Event, ...]] = field(default_factory=list)
    """log[i]: the events of action i + 1, unredacted (redacted when sent)."""
    chat: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=MAX_CHAT_KEPT))
    refs: dict[int, deque[int]] = field(default_factory=dict)
    autostart: bool = False
    """Start as soon as every open seat is taken (tables without a host)."""
    hints: bool = True
    """The host's choice: may the coach give hints at this table (kept in the record)."""
    created: float = field(default_factory=time.time)
    paused: str | None = None
    """Why the table waits (a `SAVE_FAILURES` reason: the server cannot save it), or None.
    Not kept in the file: a server that restarts has saved it."""
    _views: dict[Seat | None, PlayerView] = field(default_factory=dict, repr=False)
    _views_at: int = -1
    _texts: dict[Any, str] = field(default_factory=dict, repr=False)
    """Parts of this action's `state` messages, encoded (see `state_text`)."""
    _notes: dict[Seat | None, tuple[str, ...]] = field(default_factory=dict, repr=False)
    """This action's legal actions' notations, by seat."""

    # ------------------------------------------------------------ creating

    @classmethod
    def create(cls, table_id: str, code: str, game_map: GameMap, map_id: str,
               config: RulesConfig, specs: list[dict[str, Any]], seed: int | str,
               with_host: bool, hints: bool = True) -> tuple[Table, dict[int, str], str | None]:
        """A new table in the lobby; returns it, the tokens of its local seats and the
        host token (None without a host).

        Raises:
            ProtocolError: not 2 to 5 seats, an unknown seat kind or AI level, a bad name.
        """
        if not 2 <= len(specs) <= 5:
            raise ProtocolError("bad_message", f"a table needs 2 to 5 seats, not {len(specs)}")
        seats: list[TableSeat] = []
        tokens: dict[int, str] = {}
        bots = iter(BOT_NAMES)
        wanted = [s.get("color") for s in specs]
        free = [c for c in SEAT_COLORS if c not in wanted]
        for i, spec in enumerate(specs):
            kind = spec.get("kind")
            if kind not in SEAT_KINDS:
                raise ProtocolError("bad_message", f"seat {i + 1}: kind must be open, local or ai")
            color = wanted[i]
            if color not in SEAT_COLORS or color in wanted[:i]:
                color = free.pop(0)
            name = spec.get("name")
            if kind == "ai":
                level = check_level(spec.get("level"))
                bot = next(bots)
                name = clean_text(name, f"seat {i + 1} name", MAX_NAME) if name else bot  # i18n: no
                seats.append(TableSeat("ai", name, color, level, ready=True))
                continue
            name = (clean_text(name, f"seat {i + 1} name", MAX_NAME) if name  # i18n: no
                    else f"Player {i + 1}")  # i18n: no
            seat = TableSeat(kind, name, color)
            if kind == "local":
                token = new_token()
                tokens[i] = token
                seat.token_hash = token_hash(token)
                seat.ready = True
            seats.append(seat)
        host = new_token() if with_host else None
        table = cls(table_id, code, game_map, map_id, config, seed, seats,
                    host_hash=token_hash(host) if host else None, autostart=not with_host,
                    hints=hints)
        return table, tokens, host

    # ------------------------------------------------------------ reading

    @property
    def seq(self) -> int:
        """Actions applied so far."""
        return len(self.record.actions) if self.record is not None else 0

    @property
    def over(self) -> bool:
        """The game has ended."""
        return self.status == "done"

    def to_act(self) -> Seat | None:
        """The seat that decides next (None outside a running game)."""
        if self.state is None or self.state.stage == Stage.GAME_OVER:
            return None
        return self.state.current

    def ai_turn(self) -> tuple[Seat, str] | None:
        """(seat, agent) when an AI decides next, else None (also while paused)."""
        seat = self.to_act()
        if seat is None or self.status != "playing" or self.paused is not None:
            return None
        agent = self.seats[seat].agent
        return None if agent is None else (seat, agent)

    def ai_seed(self, seat: Seat) -> str:
        """The AI's random seed for this decision (the game replays exactly)."""
        return f"{self.seed}:ai:{seat}:{self.seq}"

    def view(self, seat: Seat | None) -> PlayerView:
        """What `seat` (None: a spectator) may see now (computed once per action: the
        views sent after an action also check the next move)."""
        assert self.state is not None
        if self._views_at != self.seq:
            self._views, self._views_at, self._texts, self._notes = {}, self.seq, {}, {}
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = observe(self.state, seat)
        return view

    def legal_notations(self, seat: Seat | None) -> tuple[str, ...]:
        """The notations of `seat`'s legal actions now, in order (made once per action)."""
        view = self.view(seat)  # (also makes sure the caches are for this action)
        found = self._notes.get(seat)
        if found is None:
            found = self._notes[seat] = legal_notations(view)
        return found

    def _legal(self, seat: Seat) -> dict[str, Action]:
        """`seat`'s legal actions now by notation."""
        return dict(zip(self.legal_notations(seat), self.view(seat).legal, strict=True))

    def open_seats(self) -> list[int]:
        """Seats still waiting for someone to join."""
        return [i for i, s in enumerate(self.seats) if not s.taken]

    def humans_taken(self) -> list[int]:
        """Seats held by people."""
        return [i for i, s in enumerate(self.seats) if s.human and s.taken]

    def is_host(self, token: str) -> bool:
        """Whether `token` is this table's host token."""
        return _matches(token, self.host_hash)

    def seats_for(self, tokens: list[str]) -> tuple[list[int], bool]:
        """The seats the tokens open, and whether one is the host token.

        Raises:
            ProtocolError: `bad_token` if any token opens nothing here.
        """
        seats, host = [], False
        for tok in tokens:
            if self.is_host(tok):
                host = True
                continue
            found = [i for i, s in enumerate(self.seats) if _matches(tok, s.token_hash)]
            if not found:
                raise ProtocolError("bad_token", "a token does not belong to this table")
            seats += found
        return sorted(set(seats)), host

    # ------------------------------------------------------------ lobby

    def join(self, name: Any) -> tuple[int, str]:
        """Take the first open seat; returns (seat, token).

        Raises:
            ProtocolError: the game has started or no seat is open, or a bad name.
        """
        clean = clean_text(name, "name", MAX_NAME)
        if self.status != "lobby":
            raise ProtocolError("not_now", "this game has already started; you can watch it",
                                {"why": "started"})
        free = self.open_seats()
        if not free:
            raise ProtocolError("table_full", "every seat at this table is taken")
        seat = free[0]
        token = new_token()
        s = self.seats[seat]
        s.token_hash, s.name, s.ready = token_hash(token), self._unique_name(clean, seat), False
        return seat, token

    def _unique_name(self, name: str, seat: int) -> str:
        taken = {s.name for i, s in enumerate(self.seats) if i != seat and s.taken}
        out, n = name, 2
        while out in taken:
            out = f"{name[:MAX_NAME - 3]} {n}"
            n += 1
        return out

    def leave(self, seat: int) -> None:
        """A player leaves the lobby: the seat is open again."""
        if self.status == "lobby" and self.seats[seat].kind == "open":
            s = self.seats[seat]
            s.token_hash, s.ready, s.name = None, False, f"Player {seat + 1}"  # i18n: no

    def profile(self, seat: int, name: Any = None, color: Any = None) -> None:
        """Change a seat's name or colour (lobby only).

        Raises:
            ProtocolError: not in the lobby, an unknown or used colour, a bad name.
        """
        if self.status != "lobby":
            raise ProtocolError("not_now", "names and colours are fixed once the game starts",
                                {"why": "fixed"})
        s = self.seats[seat]
        if name is not None:
            s.name = self._unique_name(clean_text(name, "name", MAX_NAME), seat)
        if color is not None:
            if color not in SEAT_COLORS:
                raise ProtocolError("bad_message", f"unknown colour {str(color)[:12]!r}")
            other = next((o for o in self.seats if o.color == color and o is not s), None)
            if other is not None:  # swap with whoever has it
                other.color = s.color
            s.color = color

    def set_ready(self, seat: int, ready: bool) -> None:
        """A player is (not) ready to start."""
        if self.status == "lobby":
            self.seats[seat].ready = ready

    def assign(self, seat: int, kind: str, level: str | None) -> None:
        """The host changes a seat: in the lobby an untaken seat becomes open or an AI;
        during the game an absent human gets an AI stand-in (`ai`) or plays again
        (`human`).

        Raises:
            ProtocolError: a change that is not possible now.
        """
        s = self.seats[seat]
        if self.status == "lobby":
            if s.kind == "local" or (s.kind == "open" and s.taken):
                raise ProtocolError("not_now", f"seat {seat + 1} is held by {s.name}",
                                    {"why": "seat_held", "seat": seat, "name": s.name})
            if kind == "ai":
                s.kind, s.level, s.ready = "ai", check_level(level or "medium"), True
                s.name = next(n for n in BOT_NAMES if n not in {o.name for o in self.seats})
            elif kind == "open":
                default = f"Player {seat + 1}"  # i18n: no (a name, as data)
                s.kind, s.level, s.ready, s.name = "open", None, False, default
            else:
                raise ProtocolError("bad_message", "in the lobby a seat is open or ai")
            return
        if self.status != "playing" or not s.human:
            raise ProtocolError("not_now", f"seat {seat + 1} cannot be handed over now",
                                {"why": "seat_busy", "seat": seat})
        if kind == "ai":
            s.standin = check_level(level or "medium")
        elif kind == "human":
            s.standin = None
        else:
            raise ProtocolError("bad_message", "during a game a seat goes to ai or human")

    def can_start(self) -> dict[str, Any] | None:
        """Why the game cannot start yet (a code and its data: clients word it), or None."""
        if self.status != "lobby":
            return {"code": "started"}
        free = self.open_seats()
        if free:
            return {"code": "seat_open", "seat": free[0]}
        waiting = [s.name for s in self.seats if not s.ready]
        if waiting:
            return {"code": "not_ready", "names": waiting}
        return None

    def start(self) -> None:
        """Deal the game.

        Raises:
            ProtocolError: `not_now` with the reason when it cannot start.
        """
        why = self.can_start()
        if why is not None:
            data = dict(why)
            data["why"] = data.pop("code")
            raise ProtocolError("not_now", f"cannot start: {data['why']}", data)
        self.state = new_game(self.game_map, self.config, len(self.seats), self.seed)
        self.record = GameRecord(
            map_id=self.map_id, map_hash=self.game_map.content_hash,
            variant=self.config.variant, config=self.config, seed=self.seed,
            seats=tuple(SeatRecord(s.name, s.color, "human" if s.human else s.level or "")
                        for s in self.seats), hints_allowed=self.hints)
        self.status = "playing"

    # ------------------------------------------------------------ playing

    def act(self, seat: int, seq: int, text: str, ref: int) -> tuple[Event, ...]:
        """A person's action for `seat`; returns its events.

        Raises:
            ProtocolError: `not_now`, `not_your_turn`, `duplicate`, `stale` or `illegal`.
        """
        if self.status != "playing" or self.state is None:
            raise ProtocolError("not_now", "the game is not running", {"why": "not_running"})
        s = self.seats[seat]
        if ref in self.refs.get(seat, ()):
            raise ProtocolError("duplicate", f"action {ref} was already applied")
        if self.to_act() != seat:
            now = self.state.current
            raise ProtocolError("not_your_turn", f"it is {self.seats[now].name}'s turn",
                                {"seat": now, "name": self.seats[now].name})
        if s.agent is not None:
            raise ProtocolError("not_now", "an AI is playing this seat now",
                                {"why": "ai_playing"})
        if seq != self.seq:
            raise ProtocolError("stale", f"the game moved on (action {self.seq}, not {seq})")
        action = self._legal(seat).get(text)
        if action is None:  # not as the view wrote it: read it
            try:
                action = parse_action(text)
            except (TtrError, ValueError):
                raise ProtocolError("illegal", f"cannot read action {text[:60]!r}") from None
            if action not in self.view(seat).legal:
                raise ProtocolError("illegal", f"'{format_action(action)}' is not legal now")
        self.refs.setdefault(seat, deque(maxlen=MAX_REFS)).append(ref)
        return self._apply(action)

    def ai_act(self, seat: int, seq: int, text: str) -> tuple[Event, ...] | None:
        """An AI decision made for `seat` at action `seq`; None if the game moved on
        (or a person took the seat back) meanwhile, or the move is not legal."""
        if self.ai_turn() is None or self.to_act() != seat or seq != self.seq:
            return None
        action = self._legal(seat).get(text)
        if action is None:
            try:
                action = parse_action(text)
            except (TtrError, ValueError):
                return None
            legal = self.view(seat).legal
            action = action if action in legal else legal[0]
        return self._apply(action)

    def _apply(self, action: Action) -> tuple[Event, ...]:
        assert self.state is not None and self.record is not None
        tr = apply(self.state, action)
        self.state = tr.state
        self.record.actions.append(format_action(action))
        self.log.append(tuple(tr.events))
        if self.state.stage == Stage.GAME_OVER:
            self.status = "done"
        return tuple(tr.events)

    def count_hint(self, seat: int) -> None:
        """Count a hint the coach showed `seat`'s player (in the record, as at home).

        Raises:
            ProtocolError: `not_now` (no game, or not the seat's turn) or `not_allowed`
            (the host turned hints off).
        """
        if self.record is None or self.over:
            raise ProtocolError("not_now", "no game is being played", {"why": "no_game"})
        if not self.hints:
            raise ProtocolError("not_allowed", "hints are off at this table", {"why": "hints_off"})
        if self.to_act() != seat or not self.seats[seat].human:
            raise ProtocolError("not_now", "a hint is for the player whose turn it is",
                                {"why": "not_your_hint"})
        seats = list(self.record.seats)
        seats[seat] = replace(seats[seat], hints=seats[seat].hints + 1)
        self.record.seats = tuple(seats)

    def add_chat(self, seat: int | None, name: str, text: Any) -> dict[str, Any]:
        """A chat line (cleaned); returns the message to send to everyone.

        Raises:
            ProtocolError: empty, too long or not text.
        """
        from ttr.net.protocol import MAX_CHAT

        line = {"t": "chat", "seat": seat, "name": name,
                "text": clean_text(text, "chat line", MAX_CHAT), "ts": int(time.time())}  # i18n: no
        self.chat.append(line)
        return line

    # ------------------------------------------------------------ undo

    def mark(self) -> TableMark:
        """What `undo` needs to put the table back as it is now (taken before a change
        that may fail to be saved)."""
        return TableMark(self.status, self.state, self.record, self.seq,
                         self.record.seats if self.record is not None else (), len(self.log),
                         tuple((s.kind, s.name, s.color, s.level, s.token_hash, s.ready,
                                s.standin) for s in self.seats),
                         {k: v[-1] for k, v in self.refs.items() if v})

    def undo(self, mark: TableMark) -> None:
        """Put the table back as it was at `mark` (a change that could not be saved is
        forgotten: nobody was told of it). Chat lines are kept."""
        self.status, self.state, self.record = mark.status, mark.state, mark.record
        if self.record is not None:
            del self.record.actions[mark.actions:]
            self.record.seats = mark.record_seats
        del self.log[mark.log:]
        self.seats = [TableSeat(*fields) for fields in mark.seats]
        for seat, refs in list(self.refs.items()):  # a move adds one ref to its seat's
            if seat not in mark.refs:
                del self.refs[seat]
            elif refs and refs[-1] != mark.refs[seat]:
                refs.pop()  # (a ref that fell off a full deque stays forgotten)
        self._views, self._views_at, self._texts, self._notes = {}, -1, {}, {}

    # ------------------------------------------------------------ messages

    def info(self, connected: set[int]) -> dict[str, Any]:
        """The `table` message: lobby and seats as everyone may see them."""
        return {
            "t": "table", "table": self.table_id, "code": self.code, "status": self.status,
            "map": self.map_id, "map_hash": self.game_map.content_hash,
            "variant": self.config.variant, "config": self.config.to_dict(),
            "seq": self.seq, "can_start": self.can_start(), "hints": self.hints,
            "seats": [{"seat": i, "name": s.name, "color": s.color,
                       "kind": s.kind if s.kind == "ai" else "human", "level": s.level,
                       "taken": s.taken, "ready": s.ready, "connected": i in connected,
                       "standin": s.standin} for i, s in enumerate(self.seats)],
            "result": result_to_dict(results(self.state)) if self.over and self.state else None,
            "paused": None if self.paused is None else {"code": "cannot_save",
                                                        "reason": self.paused},
        }

    def state_text(self, seats: list[int] | None, since: int, ref: int | None = None) -> str:
        """The `state` message (JSON text) for a connection holding `seats` (None: a
        spectator), with the events of the actions after `since`, each redacted for its
        seat. Each part is encoded once per action, whoever asks: the public part, each
        seat's view, each seat's events of the last action."""
        since = max(since, 0)
        missed = self.log[since:] if since <= self.seq else []
        jump = len(missed) > MAX_MISSED
        wanted: list[int | None] = list(seats) if seats is not None else [None]
        first = self.view(wanted[0])  # (also makes sure the caches are for this action)
        texts = self._texts
        public = texts.get("public")
        if public is None:  # the same in every seat's view: no spectator's view needed
            public = texts["public"] = public_text(first.public)
        entries = []
        for seat in wanted:
            view = texts.get(seat)
            if view is None:
                view = texts[seat] = view_text(self.view(seat), public,
                                               self.legal_notations(seat))
            key = (seat, since)
            events = "[]" if jump else texts.get(key)
            if events is None:
                events = "[" + ",".join(self._event_text(e, seat) for batch in missed
                                        for e in batch) + "]"
                if since >= self.seq - 1:  # what those up to date get
                    texts[key] = events
            entries.append(f'{{"seat":{_json_seat(seat)},"view":{view},"events":{events}}}')
        tail = "" if ref is None else f',"ref":{int(ref)}'
        return (f'{{"t":"state","seq":{self.seq},"views":[{",".join(entries)}],'
                f'"jump":{"true" if jump else "false"}{tail}}}')

    def _event_text(self, event: Event, seat: int | None) -> str:
        """An event redacted for `seat`, as JSON text (an event every seat sees as it
        is is encoded once per action)."""
        shown = redact(event, seat)
        if shown is not event:
            return to_json(event_to_dict(shown))
        key = ("event", id(event))  # `event` stays in the log: its id is its own
        text = self._texts.get(key)
        if text is None:
            text = self._texts[key] = to_json(event_to_dict(event))
        return text

    # ------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        """The table file's data (tokens as hashes; the record holds the seed)."""
        save = None
        if self.record is not None:
            save = SaveGame(self.record, None, name=self.table_id).to_dict()
        return {
            "format": TABLE_FORMAT, "version": TABLE_VERSION, "table": self.table_id,
            "code": self.code, "status": self.status, "map": self.map_id,
            "map_hash": self.game_map.content_hash, "config": self.config.to_dict(),
            "seed": self.seed, "host_hash": self.host_hash, "autostart": self.autostart,
            "created": self.created, "hints": self.hints,
            "seats": [s.to_dict() for s in self.seats],
            "chat": list(self.chat), "save": save,
        }

    @classmethod
    def from_dict(cls, data: Any, find_map: Any) -> Table:
        """Rebuild a table from its file data, replaying the game's record.

        `find_map(map_id)` returns the map definition.

        Raises:
            SaveError: malformed data, an unknown or changed map, an illegal action.
        """
        if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT:
            raise SaveError("not a ttr table file")  # i18n: no
        if data.get("version") != TABLE_VERSION:
            raise SaveError(  # the server's own table files: for its operator
                f"written by another version (format {data.get('version')!r})")  # i18n: no
        try:
            for key, kind in (("table", str), ("code", str), ("status", str), ("map", str),
                              ("config", dict), ("seats", list), ("chat", list)):
                if not isinstance(data.get(key), kind):
                    raise SaveError(f"{key!r} must be a {kind.__name__}")  # i18n: no
            if data["status"] not in ("lobby", "playing", "done"):
                raise SaveError(f"unknown status {data['status']!r}")  # i18n: no
            seed = data.get("seed")
            if isinstance(seed, bool) or not isinstance(seed, int | str):
                raise SaveError("'seed' must be a number or text")  # i18n: no
            definition = find_map(data["map"])
            gm = definition.game_map
            if data.get("map_hash") and gm.content_hash != data["map_hash"]:
                raise SaveError(
                    f"map {data['map']!r} has changed since this table was saved")  # i18n: no
            seats = []
            for i, sd in enumerate(data["seats"]):
                if not isinstance(sd, dict):
                    raise SaveError(f"seats[{i}] must be a mapping")  # i18n: no
                seats.append(TableSeat(
                    kind=_one_of(sd.get("kind"), SEAT_KINDS, f"seats[{i}].kind"),
                    name=str(sd.get("name", "")), color=str(sd.get("color", "")),
                    level=_opt_str(sd.get("level")), token_hash=_opt_str(sd.get("token_hash")),
                    ready=bool(sd.get("ready")), standin=_opt_str(sd.get("standin"))))
            table = cls(data["table"], data["code"], gm, data["map"],
                        RulesConfig.from_dict(data["config"]), seed, seats,
                        host_hash=_opt_str(data.get("host_hash")), status=data["status"],
                        autostart=bool(data.get("autostart")),
                        hints=data.get("hints") is not False)
            for line in data["chat"][-MAX_CHAT_KEPT:]:
                if isinstance(line, dict):
                    table.chat.append(line)
            if data.get("save") is not None:
                record = SaveGame.from_dict(data["save"]).record
                table._replay(record)
            elif table.status != "lobby":
                raise SaveError("a started table without its game")  # i18n: no
        except SaveError:
            raise
        except (TtrError, ValueError, TypeError, KeyError) as e:
            raise SaveError(str(e)) from None
        return table

    def _replay(self, record: GameRecord) -> None:
        """Set the game to `record`, rebuilding the event log action by action."""
        if record.map_id != self.map_id or len(record.seats) != len(self.seats):
            raise SaveError("the saved game does not fit its table")  # i18n: no
        state = new_game(self.game_map, record.config, len(record.seats), record.seed)
        log = []
        for i, text in enumerate(record.actions):
            try:
                tr = apply(state, parse_action(text))
            except TtrError as e:
                raise SaveError(f"action {i + 1}: {e}") from None  # i18n: no
            state = tr.state
            log.append(tuple(tr.events))
        self.state, self.log = state, log
        self.record = GameRecord(record.map_id, record.map_hash, record.variant, record.config,
                                 record.seed, record.seats, list(record.actions),
                                 hints_allowed=record.hints_allowed)
        self.status = "done" if state.stage == Stage.GAME_OVER else "playing"


@dataclass(frozen=True, slots=True)
class TableMark:
    """A table's changeable parts at one moment (`Table.mark`, `Table.undo`)."""

    status: str
    state: GameState | None
    record: GameRecord | None
    actions: int
    record_seats: tuple[SeatRecord, ...]
    log: int
    seats: tuple[tuple[Any, ...], ...]
    """Each seat's fields, in `TableSeat`'s order."""
    refs: dict[int, int]
    """Each seat's last move `ref`."""


def _json_seat(seat: int | None) -> str:
    return "null" if seat is None else str(int(seat))


def _opt_str(v: Any) -> str | None:
    return v if isinstance(v, str) else None


def _one_of(v: Any, allowed: tuple[str, ...], where: str) -> str:
    if v not in allowed:
        raise SaveError(f"{where} must be one of {', '.join(allowed)}")  # i18n: no
    return str(v)
