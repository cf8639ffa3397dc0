"""A client's link to one table: hello, messages in order, reconnects with its tokens.

`Link.run()` is an asyncio coroutine. The headless bot runs it in its own loop; the
window runs it in a background thread (`ttr.net.client`). Messages reach the caller
already decoded and checked; a server that sends garbage is disconnected with a message,
never a traceback. After a drop the link reconnects (delays 0, 0.5, 1, 2, 4, 8, then
10 s) and resumes its seats with their tokens, asking for the events it missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import ssl
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ttr.i18n import _
from ttr.net.protocol import (
    FINAL_CLOSE_CODES,
    MAX_SERVER_FRAME,
    VERSION,
    ProtocolError,
    check_server,
    decode,
    encode,
)
from ttr.store.saves import SaveError, read_json, write_atomic

logger = logging.getLogger(__name__)

RECONNECT_DELAYS = (0.0, 0.5, 1.0, 2.0, 4.0, 8.0)
RECONNECT_MAX = 10.0


@dataclass(slots=True)
class Credentials:
    """What it takes to come back to a table: address, table id, seat tokens."""

    url: str
    table: str = ""
    tokens: list[str] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)
    host_token: str | None = None
    last_seq: int = 0
    hosted: bool = False
    """The table is on this computer's own server (Host): rejoining starts it again."""
    label: str = ""
    """What the menu says about the game (`usa/base with Ann, Bo`)."""

    def to_dict(self) -> dict[str, Any]:
        """Plain data (for a credentials file in the user's config folder)."""
        return {"format": "ttr-online", "url": self.url, "table": self.table,
                "tokens": self.tokens, "seats": self.seats, "host_token": self.host_token,
                "last_seq": self.last_seq, "hosted": self.hosted, "label": self.label}

    def save(self, path: Path) -> None:
        """Write atomically (the file holds secrets: only the user may read it)."""
        write_atomic(path, json.dumps(self.to_dict()))
        with contextlib.suppress(OSError):
            path.chmod(0o600)

    @staticmethod
    def load(path: Path) -> Credentials:
        """Read a credentials file.

        Raises:
            SaveError: missing, unreadable or malformed.
        """
        d = read_json(path)
        if not isinstance(d, dict) or d.get("format") != "ttr-online":
            raise SaveError(_("{file}: not a ttr online credentials file").format(
                file=path.name))
        tokens, seats = d.get("tokens"), d.get("seats")
        if (not isinstance(d.get("url"), str) or not isinstance(d.get("table"), str)
                or not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens)
                or not isinstance(seats, list) or not all(isinstance(s, int) for s in seats)):
            raise SaveError(_("{file}: malformed credentials").format(file=path.name))
        host = d.get("host_token")
        seq = d.get("last_seq")
        label = d.get("label")
        return Credentials(d["url"], d["table"], tokens, seats,
                           host if isinstance(host, str) else None,
                           seq if isinstance(seq, int) else 0, d.get("hosted") is True,
                           label[:120] if isinstance(label, str) else "")

    @property
    def resumable(self) -> bool:
        """Whether there is something to resume."""
        return bool(self.table and (self.tokens or self.host_token))


class LinkClosed(Exception):
    """The link ended for good. `code` says why (`words.closed_text` words it): a close
    code from the server (`close4001`, `done`: its close reason is for developers), or
    something this computer found, with `reason` in the player's words."""

    def __init__(self, reason: str, code: str = "closed") -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


class Link:
    """One client connection to a table, kept alive across drops."""

    def __init__(self, creds: Credentials, first: dict[str, Any] | None,
                 on_message: Callable[[dict[str, Any]], None],
                 on_status: Callable[[str, str], None] | None = None,
                 ssl_context: ssl.SSLContext | None = None, give_up: float = 120.0,
                 client: str = "ttr", open_timeout: float = 8.0) -> None:
        """`first` is the hello op of the first connection (create, join or watch), or
        None to resume with `creds`."""
        self.creds = creds
        self.first = first
        self.on_message = on_message
        self.on_status = on_status or (lambda status, detail: None)
        self.ssl = ssl_context
        self.give_up = give_up
        self.client = client
        self.open_timeout = open_timeout
        self.status = "connecting"
        self.ws: ClientConnection | None = None
        self.welcomed = False
        self.tap: Callable[[str | bytes], None] | None = None
        """Sees every frame received, before decoding (tests, benchmarks)."""
        self._stop = False
        self._rng = random.Random()

    def _set(self, status: str, detail: str = "") -> None:
        self.status = status
        self.on_status(status, detail)

    def _hello(self) -> dict[str, Any]:
        if self.first is not None and not self.welcomed:
            op = self.first
        else:
            tokens = list(self.creds.tokens)
            if self.creds.host_token:
                tokens.append(self.creds.host_token)
            op = {"kind": "resume", "table": self.creds.table, "tokens": tokens,
                  "last_seq": self.creds.last_seq}
        return {"t": "hello", "v": VERSION, "client": self.client, "op": op}

    async def send(self, msg: dict[str, Any]) -> bool:
        """Send a message now; False if not connected (the caller may retry later)."""
        ws = self.ws
        if ws is None:
            return False
        try:
            await ws.send(encode(msg))
        except ConnectionClosed:
            return False
        return True

    async def close(self, leave: bool = False) -> None:
        """End the link (saying `leave` first if asked)."""
        self._stop = True
        ws = self.ws
        if ws is not None:
            if leave:
                await self.send({"t": "leave"})
            with contextlib.suppress(TimeoutError, ConnectionClosed, OSError):
                await asyncio.wait_for(ws.close(), 3)

    async def run(self) -> None:
        """Connect and deliver messages until the link ends for good.

        Raises:
            LinkClosed: why it ended (a refused hello, a final close code, a server
            that stayed away longer than `give_up`, or `close()`).
        """
        attempt = 0
        lost_since: float | None = None
        while not self._stop:
            try:
                await self._connect_once()
                attempt, lost_since = 0, None
            except LinkClosed:
                raise
            except (OSError, TimeoutError, InvalidHandshake) as e:
                detail = _why(e)
                if not self.welcomed and self.first is not None:
                    self._set("failed", detail)
                    raise LinkClosed(_("cannot connect: {why}").format(why=detail),
                                     "connect") from None
                logger.info("connection lost: %s", detail)
            except (InvalidURI, ValueError) as e:
                self._set("failed", str(e))
                raise LinkClosed(_("bad address: {why}").format(why=e), "address") from None
            if self._stop:
                break
            now = time.monotonic()
            lost_since = lost_since or now
            if now - lost_since > self.give_up:
                self._set("failed", _("the server stayed away"))
                raise LinkClosed(_("the server did not come back"), "lost")
            self._set("reconnecting", "")
            delay = (RECONNECT_DELAYS[attempt] if attempt < len(RECONNECT_DELAYS)
                     else RECONNECT_MAX * (0.75 + self._rng.random() / 2))
            attempt += 1
            await asyncio.sleep(delay)
        self._set("closed", "left")
        raise LinkClosed(_("left the table"), "left")

    async def _connect_once(self) -> None:
        self._set("connecting" if not self.welcomed else "reconnecting")
        extra: dict[str, Any] = {} if self.ssl is None else {"ssl": self.ssl}
        async with connect(self.creds.url, max_size=MAX_SERVER_FRAME,
                           open_timeout=self.open_timeout, ping_interval=15,
                           ping_timeout=15, close_timeout=3, compression=None,
                           proxy=None, **extra) as ws:
            self.ws = ws
            try:
                await ws.send(encode(self._hello()))
                async for raw in ws:
                    if self.tap is not None:
                        self.tap(raw)
                    try:
                        msg = check_server(decode(raw, MAX_SERVER_FRAME))
                    except ProtocolError as e:
                        logger.warning("server sent a bad message: %s", e.msg)
                        continue
                    self._note(msg)
                    self.on_message(msg)
            except ConnectionClosed:
                pass
            finally:
                self.ws = None
            code, reason = ws.close_code, ws.close_reason or ""
        if code in FINAL_CLOSE_CODES:
            self._set("failed", reason)
            raise LinkClosed(reason or f"closed by the server ({code})",  # i18n: no
                             f"close{code}")  # the close code is worded: words.closed_text
        if code == 1000 and not self._stop:
            self._stop = True
            self._set("closed", reason)
            raise LinkClosed(reason or "the server closed the connection", "done")  # i18n: no
        # (the close reason is the server's English, for developers: the code is said)
        raise ConnectionError(_("the server closed the connection ({code})").format(code=code))

    def _note(self, msg: dict[str, Any]) -> None:
        """Keep the credentials current (tokens from welcome, last action seen)."""
        t = msg["t"]
        if t == "welcome":
            self.welcomed = True
            self.creds.table = str(msg.get("table", self.creds.table))
            tokens = msg.get("tokens")
            if isinstance(tokens, dict):
                pairs = sorted((int(k), v) for k, v in tokens.items()
                               if str(k).isdigit() and isinstance(v, str))
                self.creds.seats = [s for s, _t in pairs]
                self.creds.tokens = [t for _s, t in pairs]
            if isinstance(msg.get("host_token"), str):
                self.creds.host_token = msg["host_token"]
            self._set("online")
        elif t == "state" and isinstance(msg.get("seq"), int):
            self.creds.last_seq = msg["seq"]


def _why(e: BaseException) -> str:
    if isinstance(e, ConnectionRefusedError):
        return _("nobody answers at that address (is the game hosted, the port right?)")
    if isinstance(e, TimeoutError):
        return _("no answer in time")
    if isinstance(e, ssl.SSLError):
        return _("secure connection failed ({why})").format(why=e.reason or e)
    if isinstance(e, InvalidHandshake):
        return _("not a ttr server, or it is full, or it wants wss:// ({why})").format(why=e)
    if isinstance(e, OSError):
        return e.strerror or str(e)
    return str(e)
