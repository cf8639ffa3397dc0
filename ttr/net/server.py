"""The game server: many tables, one asyncio loop, AI in worker processes. A connection
says `hello` (create, join, resume or watch), then sends actions, chat and lobby changes;
every message is checked and a bad one gets an `error` code, so nothing a client sends
stops a table or the server. A change is saved before anyone is told (docs/PROTOCOL.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import secrets
import time
from collections import defaultdict, deque
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from ttr.ai.worker import worker_pool
from ttr.engine import TtrError
from ttr.maps.mapfile import find_map
from ttr.net.codec import view_to_dict
from ttr.net.conn import Conn, ServerOptions, close_now, http_gate, ip_of, ref_of, write_now
from ttr.net.localfiles import data_folder, server_tls
from ttr.net.protocol import (
    CLOSE_BAD_TOKEN,
    CLOSE_FLOOD,
    CLOSE_GOING_AWAY,
    CLOSE_PROTOCOL,
    CLOSE_SUPERSEDED,
    CLOSE_TRY_LATER,
    CLOSE_UNKNOWN_TABLE,
    CLOSE_VERSION,
    MAX_CLIENT_FRAME,
    PATH,
    VERSION,
    ProtocolError,
    check_client,
    decode,
    encode,
    error,
    new_code,
    normal_code,
)
from ttr.net.table import Table, TableMark
from ttr.net.tablefiles import CannotSave, TableFiles
from ttr.net.thinker import think
from ttr.store.problem_words import error_data

logger = logging.getLogger(__name__)

GC_YOUNG = 20_000
"""The youngest generation's collection threshold while a server runs (Python's: 700):
collecting a move's few hundred long-lived objects every 700 allocations cost the server
about 7% of its time (the thresholds are put back when it stops)."""


class Server:
    """Tables, connections and the AI pool; `start()` then `serve_forever()` or `stop()`."""

    def __init__(self, options: ServerOptions | None = None) -> None:
        self.opts = options or ServerOptions()
        self.tables: dict[str, Table] = {}
        self.codes: dict[str, str] = {}
        self.conns: dict[str, set[Conn]] = defaultdict(set)
        self.locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.jobs: dict[str, tuple[int, asyncio.Task[None]]] = {}
        self.timers: dict[tuple[str, int], asyncio.TimerHandle] = {}
        self.per_ip: dict[str, int] = defaultdict(int)
        self.code_misses: dict[str, deque[float]] = defaultdict(deque)
        self.total = 0
        self.port = self.opts.port
        self.ended: set[str] = set()
        self.watch: set[str] = set()
        """Tables whose end `wait_done` waits for (the --table tables)."""
        self.done = asyncio.Event()
        self.on_change: list[Callable[[Table], None]] = []
        """Called after a table changes (discovery updates its announcement)."""
        self._maps: dict[str, Any] = {}
        self._pool: ProcessPoolExecutor | None = None
        self.files = TableFiles(self.opts.data)
        """The table files (saved after every change)."""
        self._server: Any = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.empty_since: dict[str, float] = {}
        """Table -> when its last connection left (for the janitor)."""
        self._gc: tuple[int, ...] | None = None
        """The collector's thresholds before `start` (put back by `stop`)."""

    # ------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        """Check the data folder and TLS files, load saved tables and start listening
        (port 0 picks a free port).

        Raises:
            ValueError: a bad data folder, certificate or key (one line, before listening).
            OSError: cannot listen.
        """
        if self.opts.data is not None:
            data_folder(self.opts.data)
        ctx = None
        if self.opts.tls_cert is not None:
            ctx = server_tls(self.opts.tls_cert, self.opts.tls_key or self.opts.tls_cert)
        for table in self.files.load(self._map):
            self.tables[table.table_id] = table
            self.codes[table.code] = table.table_id
        self._gc = gc.get_threshold()
        if 0 < self._gc[0] < GC_YOUNG:
            gc.set_threshold(GC_YOUNG, *self._gc[1:])
        self._server = await serve(
            self._handler, self.opts.host, self.opts.port, ssl=ctx,
            process_request=self._process_request, max_size=MAX_CLIENT_FRAME, max_queue=8,
            ping_interval=self.opts.ping_interval, ping_timeout=self.opts.ping_interval,
            open_timeout=self.opts.open_timeout, close_timeout=3, compression=None,
            server_header=None)
        sock = next(iter(self._server.sockets))
        self.port = sock.getsockname()[1]
        for table in self.tables.values():
            self._kick_ai(table)
            self.empty_since[table.table_id] = time.monotonic()
        for job in (self._janitor(), self.files.syncer(), self._retry_saves()):
            self._tasks.add(asyncio.create_task(job))

    @property
    def url(self) -> str:
        """The address clients connect to."""
        scheme = "wss" if self.opts.tls_cert else "ws"
        host = self.opts.host if self.opts.host not in ("0.0.0.0", "::", "") else "127.0.0.1"
        if ":" in host:
            host = f"[{host}]"
        return f"{scheme}://{host}:{self.port}{PATH}"

    async def stop(self) -> None:
        """Close every connection (1001), stop the AI pool."""
        if self._server is not None:
            self._server.close(close_connections=False)
            for conns in list(self.conns.values()):
                for c in list(conns):
                    self._close(c, CLOSE_GOING_AWAY, "server stopping", flush=True)  # i18n: no
            await asyncio.sleep(0)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._server.wait_closed(), 5)
        for _, task in list(self.jobs.values()):
            task.cancel()
        for task in list(self._tasks):
            task.cancel()
        await self.files.sync_now()
        for h in self.timers.values():
            h.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        self.files.close()
        if self._gc is not None:
            gc.set_threshold(*self._gc)
            self._gc = None

    async def serve_forever(self) -> None:
        """Run until cancelled."""
        await asyncio.Future()

    # ------------------------------------------------------------ tables

    def add_table(self, map_id: str, variant: str, seats: list[dict[str, Any]],
                  rules: dict[str, Any] | None = None, seed: int | str | None = None,
                  with_host: bool = False, hints: bool = True
                  ) -> tuple[Table, dict[int, str], str | None]:
        """Open a new table in the lobby (and save it); `hints`: may the coach give hints.

        Raises:
            ProtocolError: an unknown map or variant, bad seats, too many tables.
        """
        if len(self.tables) >= self.opts.max_tables:
            raise ProtocolError("busy", "this server has no room for another table")
        try:
            definition = self._map(map_id)
        except (TtrError, ValueError) as e:
            logger.info("cannot open map %r: %s", map_id, e)
            raise ProtocolError("bad_message", f"this server has no map {map_id[:40]!r}",
                                {"why": "no_map", "map": map_id[:40]}) from None
        try:
            config = definition.game_map.rules(variant)
            if rules:
                config = config.with_options(**rules)
        except (TtrError, ValueError, TypeError) as e:
            raise ProtocolError("bad_message", f"cannot open that game: {e}",
                                {"why": "bad_game", **(error_data(e) or {})}) from None
        table_id = secrets.token_urlsafe(6)
        code = new_code()
        while code in self.codes:
            code = new_code()
        table, tokens, host = Table.create(
            table_id, code, definition.game_map, map_id, config, seats,
            seed if seed is not None else secrets.randbits(48), with_host, hints)
        self.tables[table_id] = table
        self.empty_since[table_id] = time.monotonic()
        self.codes[code] = table_id
        return table, tokens, host

    def _map(self, map_id: str) -> Any:
        """A map definition, loaded once per server."""
        if map_id not in self._maps:
            self._maps[map_id] = find_map(map_id)
        return self._maps[map_id]

    async def _janitor(self, every: float = 30.0) -> None:
        """Unload finished tables and close lobbies nobody is in, after a while; forget
        old wrong-code counts. (Running games stay loaded while their players are away.)"""
        while True:
            await asyncio.sleep(every)
            self.sweep(time.monotonic())

    def sweep(self, now: float) -> list[str]:
        """One janitor pass at time `now`; returns the tables it let go."""
        gone = []
        for tid, since in list(self.empty_since.items()):
            table = self.tables.get(tid)
            if table is None or self.conns.get(tid) or tid in self.watch:
                continue
            if table.over and now - since > self.opts.forget_done:
                gone.append(tid)
            elif table.status == "lobby" and now - since > self.opts.forget_lobby:
                gone.append(tid)
                self.files.forget(tid)
        for tid in gone:
            table = self._let_go(tid)
            logger.info("table %s (%s) let go after standing empty", tid, table.status)
        for ip, misses in list(self.code_misses.items()):
            if not misses or misses[-1] < now - 60:
                del self.code_misses[ip]
        return gone

    def _let_go(self, tid: str) -> Table:
        """Unload a table (its file stays as it is)."""
        table = self.tables.pop(tid)
        self.codes.pop(table.code, None)
        self.empty_since.pop(tid, None)
        self.conns.pop(tid, None)
        self.locks.pop(tid, None)
        self.ended.discard(tid)
        return table

    # ------------------------------------------------------------ saving

    async def _save(self, table: Table, mark: TableMark | None) -> None:
        """Save `table` before anyone hears of its change. If it cannot be saved, the
        change is undone (back to `mark`), the table pauses and everyone at it is told
        why; it goes on once a save works again (a move, or `_retry_saves`).

        Raises:
            CannotSave: the save failed (the caller's change is undone).
        """
        try:
            await self.files.save(table)
        except CannotSave as e:
            if mark is not None:
                table.undo(mark)
            if table.paused is None:
                logger.error("cannot save table %s (%s): it waits until it can",
                             table.table_id, e.detail)
                table.paused = e.reason
                self._send_info(table)
            raise
        if table.paused is not None:
            logger.info("table %s saved again: play goes on", table.table_id)
            table.paused = None
            self._send_info(table)

    async def _retry_saves(self) -> None:
        """Run forever: try to save each paused table again; once one is saved, its AI
        and an autostart go on."""
        while True:
            await asyncio.sleep(self.opts.save_retry)
            for table in [t for t in self.tables.values() if t.paused is not None]:
                async with self.locks[table.table_id]:
                    if table.paused is None:
                        continue
                    try:
                        await self._save(table, None)
                    except CannotSave:
                        continue
                self._kick_ai(table)
                await self._autostart(table)

    async def _change(self, table: Table, change: Callable[[], None]) -> None:
        """Make a change outside a message (a player gone, a stand-in) and save it
        (undone if it cannot be saved), then tell everyone at the table."""
        async with self.locks[table.table_id]:
            mark = table.mark()
            change()
            with contextlib.suppress(CannotSave):
                await self._save(table, mark)
        await self._after_change(table)

    async def _autostart(self, table: Table) -> None:
        """Start a table without a host once every seat is taken."""
        if not (table.autostart and table.status == "lobby" and table.can_start() is None):
            return
        async with self.locks[table.table_id]:
            if table.status != "lobby" or table.can_start() is not None:
                return
            mark = table.mark()
            table.start()
            try:
                await self._save(table, mark)
            except CannotSave:
                return
        await self._after_change(table)

    def _send_info(self, table: Table) -> None:
        """The `table` message to everyone at the table."""
        info = encode(table.info(self._connected(table)))
        for c in list(self.conns[table.table_id]):
            self._send(c, info)

    def _changed(self, table: Table) -> None:
        for hook in self.on_change:
            try:
                hook(table)
            except Exception:  # a hook must never stop a table
                logger.exception("table change hook failed")
        if table.over:  # only an end can finish the watched tables
            self.check_done()

    def check_done(self) -> None:
        """Set `done` once every watched table has finished."""
        if all(self.tables[t].over for t in self.watch if t in self.tables):
            self.done.set()

    async def drain(self, timeout: float) -> None:
        """Wait (up to `timeout` s) until every queued message has been handed over."""
        end = time.monotonic() + timeout
        while time.monotonic() < end and any(
                not c.out.empty() for conns in self.conns.values() for c in conns):
            await asyncio.sleep(0.05)

    # ------------------------------------------------------------ connections

    def _process_request(self, connection: ServerConnection, request: Request
                         ) -> Response | None:
        full = (self.per_ip[ip_of(connection)] >= self.opts.max_per_ip
                or self.total >= self.opts.max_connections)
        return http_gate(connection, request, full)

    async def _handler(self, ws: ServerConnection) -> None:
        ip = ip_of(ws)
        self.per_ip[ip] += 1
        self.total += 1
        conn = Conn(ws, ip, asyncio.Queue(self.opts.out_queue), tokens=self.opts.burst,
                    stamp=time.monotonic())
        writer = asyncio.create_task(self._writer(conn))
        try:
            await self._session(conn)
        except ConnectionClosed:
            pass
        except Exception:  # never a traceback at a player; the log keeps it
            logger.exception("connection %s failed", conn.label)
            with contextlib.suppress(Exception):
                await ws.close(1011, "server error")  # i18n: no
        finally:
            self.per_ip[ip] -= 1
            if self.per_ip[ip] <= 0:
                del self.per_ip[ip]
            self.total -= 1
            self._detach(conn)
            if not conn.closing:
                conn.closing = True
                with contextlib.suppress(asyncio.QueueFull):
                    conn.out.put_nowait(None)
            with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(writer, 3)
            writer.cancel()

    async def _writer(self, conn: Conn) -> None:
        """Send queued messages in order; None in the queue means close."""
        try:
            while True:
                item = await conn.out.get()
                if item is None:
                    break
                conn.sending = True
                try:
                    await conn.ws.send(item)
                finally:
                    conn.sending = False
        except ConnectionClosed:
            return
        await close_now(conn.ws, conn.close_with)

    def _send(self, conn: Conn, msg: dict[str, Any] | str) -> None:
        """Queue a message; a reader that falls too far behind is disconnected."""
        if conn.closing:
            return
        text = msg if isinstance(msg, str) else encode(msg)
        if not conn.sending and conn.out.empty() and write_now(conn.ws, text):
            return
        try:
            conn.out.put_nowait(text)
        except asyncio.QueueFull:
            logger.warning("%s reads too slowly: disconnected", conn.label)
            self._close(conn, CLOSE_FLOOD, "too slow reading messages", flush=False)  # i18n: no

    def _close(self, conn: Conn, code: int, reason: str, flush: bool = True) -> None:
        """Close after the queued messages (flush) or at once."""
        if conn.closing:
            return
        conn.closing = True
        conn.close_with = (code, reason)
        if flush:
            with contextlib.suppress(asyncio.QueueFull):
                conn.out.put_nowait(None)
                return
        self._spawn(close_now(conn.ws, (code, reason)))

    def _allow(self, conn: Conn, raw: str | bytes) -> bool:
        """Token bucket: `rate` messages a second on average, bursts of `burst`. (A move
        that is applied gives its token back: turns pace moves already.)"""
        now = time.monotonic()
        conn.tokens = min(self.opts.burst, conn.tokens + (now - conn.stamp) * self.opts.rate)
        conn.stamp = now
        if conn.tokens >= 1:
            conn.tokens -= 1
            return True
        conn.refused += 1
        ref = ref_of(raw)
        if ref is not None or conn.refused == 1 or conn.refused % 20 == 0:
            self._send(conn, error("rate_limited", "too many messages: slow down", ref,  # i18n: no
                                   {"why": "messages"}))
        if conn.refused > self.opts.flood_limit:
            logger.warning("%s floods: disconnected", conn.label)
            self._close(conn, CLOSE_FLOOD, "too many messages", flush=False)  # i18n: no
        return False

    async def _session(self, conn: Conn) -> None:
        ws = conn.ws
        try:
            raw = await asyncio.wait_for(ws.recv(), self.opts.hello_timeout)
        except TimeoutError:
            self._close(conn, CLOSE_PROTOCOL, "say hello first")  # i18n: no
            return
        try:
            msg = check_client(decode(raw))
            if msg["t"] != "hello":
                raise ProtocolError("bad_message", "the first message must be hello")
            if msg["v"] != VERSION:
                self._send(conn, error("version", f"this server speaks protocol {VERSION}",
                                       data={"version": VERSION}))
                self._close(conn, CLOSE_VERSION, "protocol version")  # i18n: no
                return
            await self._hello(conn, msg["op"])
        except ProtocolError as e:
            self._send(conn, error(e.code, e.msg, data=e.data))
            code = {"bad_token": CLOSE_BAD_TOKEN, "unknown_table": CLOSE_UNKNOWN_TABLE,
                    "cannot_save": CLOSE_TRY_LATER}.get(e.code, CLOSE_PROTOCOL)
            self._close(conn, code, e.msg[:100])
            return
        async for raw in ws:
            if conn.closing:
                break
            if not self._allow(conn, raw):
                continue
            ref = None
            try:
                msg = check_client(decode(raw))
                ref = msg.get("ref") if isinstance(msg.get("ref"), int) else None
                await self._dispatch(conn, msg)
                if msg["t"] == "act":
                    conn.tokens = min(self.opts.burst, conn.tokens + 1)
            except ProtocolError as e:
                self._send(conn, error(e.code, e.msg, ref, e.data))

    # ------------------------------------------------------------ hello

    async def _hello(self, conn: Conn, op: dict[str, Any]) -> None:
        kind = op["kind"]
        tokens: dict[int, str] = {}
        host_token = None
        since = 0
        if kind == "create":
            table, tokens, host_token = self.add_table(
                str(op["map"]).lower(), str(op["variant"]).lower(), op["seats"],
                op.get("rules"), with_host=True, hints=op.get("hints") is not False)
            try:
                await self._save(table, None)
            except CannotSave:
                self._let_go(table.table_id)
                raise
            conn.seats, conn.host = sorted(tokens), True
            logger.info("table %s (invite code %s) created by %s", table.table_id, table.code,
                        conn.ip)
        elif kind == "join":
            table = self._table_by_code(conn, op["code"])
            async with self.locks[table.table_id]:
                mark = table.mark()
                seat, token = table.join(op["name"])
                if table.autostart:
                    table.seats[seat].ready = True
                await self._save(table, mark)
                tokens = {seat: token}
                conn.seats = [seat]
        elif kind == "watch":
            table = self._table_by_code(conn, op["code"])
            conn.spectator = True
        else:  # resume
            found = self.tables.get(str(op["table"]))
            if found is None:
                raise ProtocolError("unknown_table", "this table no longer exists",
                                    {"why": "gone"})
            table = found
            conn.seats, conn.host = table.seats_for(op["tokens"])
            if not conn.seats and not conn.host:
                raise ProtocolError("bad_token", "no token given")
            since = op.get("last_seq") or 0
        conn.table = table
        self._attach(conn)
        welcome: dict[str, Any] = {
            "t": "welcome", "v": VERSION, "table": table.table_id,
            "role": "spectator" if conn.spectator else "player", "seats": conn.seats,
            "host": conn.host, "chat": list(table.chat)[-20:]}
        if tokens:
            welcome["tokens"] = {str(s): t for s, t in tokens.items()}
        if host_token:
            welcome["host_token"] = host_token
        self._send(conn, welcome)
        await self._after_change(table, since_for=conn, since=since)
        await self._autostart(table)

    def _table_by_code(self, conn: Conn, code: Any) -> Table:
        now = time.monotonic()
        misses = self.code_misses[conn.ip]
        while misses and misses[0] < now - 60:
            misses.popleft()
        if len(misses) >= self.opts.code_failures:
            raise ProtocolError("rate_limited", "too many wrong codes: wait a minute",
                                {"why": "codes"})
        table_id = self.codes.get(normal_code(str(code)))
        if table_id is None or table_id not in self.tables:
            misses.append(now)
            raise ProtocolError("unknown_table", "no table has this invite code", {"why": "code"})
        return self.tables[table_id]

    def _attach(self, conn: Conn) -> None:
        assert conn.table is not None
        tid = conn.table.table_id
        for other in list(self.conns[tid]):
            if other.seats and set(other.seats) & set(conn.seats):
                other.seats = [s for s in other.seats if s not in conn.seats]
                if not other.seats and not other.host:
                    self._send(other, error("superseded", "you connected again elsewhere"))
                    self._close(other, CLOSE_SUPERSEDED, "connected again elsewhere")  # i18n: no
            if conn.host and other.host:
                other.host = False
        self.conns[tid].add(conn)
        self.empty_since.pop(tid, None)
        table = conn.table
        for seat in conn.seats:
            self._cancel_timer(tid, seat)
            s = table.seats[seat]
            if s.standin is not None and s.human:
                s.standin = None  # the person is back
                self._cancel_job(tid)
                self.files.rewrite_next(tid)

    def _detach(self, conn: Conn) -> None:
        table = conn.table
        if table is None:
            return
        tid = table.table_id
        self.conns[tid].discard(conn)
        if not self.conns[tid]:
            self.empty_since[tid] = time.monotonic()
        conn.table = None
        seats = list(conn.seats)

        def leave() -> None:  # an open lobby seat of an autostart table frees up again
            if table.status == "lobby" and table.autostart and seats \
                    and table.seats[seats[0]].kind == "open":
                held = self._connected(table)
                for seat in seats:
                    if seat not in held:
                        table.leave(seat)

        if table.status == "playing" and self.opts.standin_after is not None:
            held = self._connected(table)
            for seat in conn.seats:
                if seat not in held:
                    self._start_timer(table, seat)
        self._spawn(self._change(table, leave) if table.status == "lobby"
                    else self._after_change(table))

    def _spawn(self, job: Any) -> None:
        task = asyncio.create_task(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _connected(self, table: Table) -> set[int]:
        return {s for c in self.conns[table.table_id] for s in c.seats}

    # ------------------------------------------------------------ messages

    async def _dispatch(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = conn.table
        assert table is not None
        t = msg["t"]
        if t == "hello":
            raise ProtocolError("bad_message", "hello was already said")
        if t == "sync":
            self._send(conn, table.info(self._connected(table)))
            if table.state is not None:
                conn.sent_seq = table.seq
                self._send(conn, table.state_text(self._seats_of(conn), table.seq))
            return
        if t == "chat":
            if conn.spectator:
                raise ProtocolError("not_allowed", "spectators cannot chat",
                                        {"why": "spectator_chat"})
            seat = conn.seats[0] if conn.seats else None
            name = table.seats[seat].name if seat is not None else "Host"  # i18n: no
            line = table.add_chat(seat, name, msg["text"])
            self.files.rewrite_next(table.table_id)  # kept with the next save
            for c in list(self.conns[table.table_id]):
                self._send(c, line)
            return
        if t == "leave":
            async with self.locks[table.table_id]:
                for seat in conn.seats:
                    table.leave(seat)
            self._close(conn, 1000, "left")
            return
        if conn.spectator:
            raise ProtocolError("not_allowed", "spectators only watch", {"why": "spectator"})
        async with self.locks[table.table_id]:
            if t == "act":
                seat = msg["seat"]
                if seat not in conn.seats:
                    raise ProtocolError("not_your_seat", f"you do not hold seat {seat}",
                                        {"seat": seat})
                mark = table.mark()
                table.act(seat, msg["seq"], msg["action"], msg["ref"])
                await self._save(table, mark)
                self._broadcast(table, actor=conn, ref=msg["ref"])
                self._kick_ai(table)
                self._changed(table)
                return
            mark = table.mark()
            if t == "ready":
                for seat in conn.seats:
                    table.set_ready(seat, msg["ready"])
            elif t == "profile":
                if msg["seat"] not in conn.seats:
                    raise ProtocolError("not_your_seat", f"you do not hold seat {msg['seat']}",
                                        {"seat": msg["seat"]})
                table.profile(msg["seat"], msg.get("name"), msg.get("color"))
            elif t == "assign":
                self._need_host(conn)
                if msg["seat"] >= len(table.seats):
                    raise ProtocolError("bad_message", "no such seat")
                if msg["kind"] == "ai" and table.status == "playing" \
                        and msg["seat"] in self._connected(table):
                    raise ProtocolError("not_now", "that player is connected",
                                        {"why": "connected"})
                table.assign(msg["seat"], msg["kind"], msg.get("level"))
            elif t == "start":
                self._need_host(conn)
                table.start()
            elif t == "hint":
                if msg["seat"] not in conn.seats:
                    raise ProtocolError("not_your_seat", f"you do not hold seat {msg['seat']}",
                                        {"seat": msg["seat"]})
                table.count_hint(msg["seat"])
            await self._save(table, mark)
        await self._after_change(table)

    def _need_host(self, conn: Conn) -> None:
        if not conn.host:
            raise ProtocolError("not_host", "only the host can do that")

    def _seats_of(self, conn: Conn) -> list[int] | None:
        return None if conn.spectator or (not conn.seats) else conn.seats

    async def _after_change(self, table: Table, since_for: Conn | None = None,
                            since: int = 0) -> None:
        """Tell everyone at the table about a lobby or presence change; bring `since_for`
        (a new connection) up to date."""
        self._send_info(table)
        if since_for is not None and table.state is not None:
            since_for.sent_seq = table.seq
            self._send(since_for, table.state_text(self._seats_of(since_for),
                                                      min(max(since, 0), table.seq)))
        elif table.state is not None:
            self._broadcast(table)
        self._kick_ai(table)
        self._changed(table)

    def _broadcast(self, table: Table, actor: Conn | None = None, ref: int | None = None
                   ) -> None:
        """Each connection gets its seats' views and the events since what it saw."""
        spectator_msgs: dict[int, str] = {}
        for c in list(self.conns[table.table_id]):
            if c.sent_seq == table.seq and c is not actor:
                continue
            seats = self._seats_of(c)
            if seats is None:
                text = spectator_msgs.get(c.sent_seq)
                if text is None:
                    text = table.state_text(None, c.sent_seq)
                    spectator_msgs[c.sent_seq] = text
                self._send(c, text)
            else:
                self._send(c, table.state_text(seats, c.sent_seq, ref if c is actor else None))
            c.sent_seq = table.seq
        if table.over and table.table_id not in self.ended:
            self.ended.add(table.table_id)
            logger.info("table %s finished after %d actions", table.table_id, table.seq)
            self._send_info(table)

    # ------------------------------------------------------------ AI

    def _pool_now(self) -> ProcessPoolExecutor:
        if self._pool is None:  # spawned workers that end with the server, even SIGKILLed
            self._pool = worker_pool(self.opts.workers)
        return self._pool

    def _kick_ai(self, table: Table) -> None:
        turn = table.ai_turn()
        if turn is None:
            return
        job = self.jobs.get(table.table_id)
        if job is not None and job[0] == table.seq and not job[1].done():
            return
        seat, agent = turn
        task = asyncio.create_task(self._ai_move(table, seat, agent, table.seq))
        self.jobs[table.table_id] = (table.seq, task)

    def _cancel_job(self, tid: str) -> None:
        job = self.jobs.pop(tid, None)
        if job is not None:
            job[1].cancel()

    async def _ai_move(self, table: Table, seat: int, agent: str, seq: int) -> None:
        view = view_to_dict(table.view(seat))
        args = (table.map_id, table.game_map.content_hash, table.config.to_dict(), view, agent,
                table.ai_seed(seat))
        loop = asyncio.get_running_loop()
        text = "pass"
        for attempt in (1, 2):
            try:
                text = await loop.run_in_executor(self._pool_now(), think, *args)
                break
            except BrokenProcessPool:
                logger.error("the AI worker died; starting a new one (attempt %d)", attempt)
                self._pool = None
            except Exception:
                logger.exception("AI %s failed at table %s; it plays its first legal move",
                                 agent, table.table_id)
                break
        async with self.locks[table.table_id]:
            mark = table.mark()
            if table.ai_act(seat, seq, text) is None:
                return
            try:
                await self._save(table, mark)
            except CannotSave:  # tried again with the table (`_retry_saves`)
                self.jobs.pop(table.table_id, None)
                return
            self._broadcast(table)
        self.jobs.pop(table.table_id, None)
        self._kick_ai(table)
        self._changed(table)

    def _start_timer(self, table: Table, seat: int) -> None:
        delay = self.opts.standin_after
        if delay is None or not table.seats[seat].human:
            return
        key = (table.table_id, seat)
        self._cancel_timer(*key)

        def stand_in() -> None:
            if table.status == "playing" and seat not in self._connected(table):
                table.seats[seat].standin = self.opts.standin_level
                logger.info("table %s seat %d: an AI stands in", table.table_id, seat)

        def fire() -> None:
            self.timers.pop(key, None)
            self._spawn(self._change(table, stand_in))

        self.timers[key] = asyncio.get_running_loop().call_later(delay, fire)

    def _cancel_timer(self, tid: str, seat: int) -> None:
        h = self.timers.pop((tid, seat), None)
        if h is not None:
            h.cancel()
