"""What a server runs with (`ServerOptions`) and what it knows of each connection
(`Conn`)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import struct
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response
from websockets.protocol import State

from ttr.net.protocol import PATH, ProtocolError, decode
from ttr.net.table import Table


@dataclass(slots=True)
class ServerOptions:
    """How a server runs (the `ttr serve` flags; tests shorten the timeouts)."""

    host: str = "127.0.0.1"
    port: int = 8765
    data: Path | None = None
    """Folder for table files; None keeps tables in memory only (tests, benchmarks)."""
    tls_cert: Path | None = None
    tls_key: Path | None = None
    hello_timeout: float = 5.0
    max_per_ip: int = 32
    max_connections: int = 2000
    max_tables: int = 500
    rate: float = 20.0
    """Messages per second a connection may send on average."""
    burst: int = 40
    flood_limit: int = 100
    """Messages refused for rate before the connection is closed (4008)."""
    out_queue: int = 64
    """Messages waiting for a slow reader before it is disconnected (4008)."""
    standin_after: float | None = None
    """Seconds an absent human's turn waits before an AI stand-in plays it (None: only
    when the host says so)."""
    standin_level: str = "medium"
    workers: int = max(1, (os.cpu_count() or 2) - 1)
    seed: int | None = None
    """Seeds of the --table tables (seed, seed + 1, ...); random when None."""
    ping_interval: float = 15.0
    open_timeout: float = 10.0
    """Seconds for the HTTP upgrade (slow or stalled handshakes are dropped)."""
    code_failures: int = 10
    """Wrong invite codes per address per minute before codes are refused."""
    forget_done: float = 600.0
    """Seconds a finished table stays loaded after its last player left (its file stays)."""
    forget_lobby: float = 3600.0
    """Seconds a lobby nobody is in stays open before it is closed (and its file removed)."""
    save_retry: float = 2.0
    """Seconds between tries to save a table that could not be saved (it waits meanwhile)."""


@dataclass(eq=False, slots=True)
class Conn:
    """One client connection and what it holds."""

    ws: ServerConnection
    ip: str
    out: asyncio.Queue[str | None]
    table: Table | None = None
    seats: list[int] = field(default_factory=list)
    host: bool = False
    spectator: bool = False
    sent_seq: int = -1
    """The last action this connection was shown (-1: no view yet)."""
    tokens: float = 0.0
    stamp: float = 0.0
    refused: int = 0
    closing: bool = False
    sending: bool = False
    """The writer task is handing a message over (it may wait for a slow reader)."""
    close_with: tuple[int, str] = (1000, "")

    @property
    def label(self) -> str:
        """For the log: address, table and seats."""
        t = self.table.table_id if self.table else "-"
        return f"{self.ip} table {t} seats {self.seats}"  # i18n: no


def ref_of(raw: str | bytes) -> int | None:
    """The `ref` of a refused message, if it has one (so the sender knows which)."""
    try:
        ref = decode(raw).get("ref")
    except ProtocolError:
        return None
    return ref if isinstance(ref, int) and not isinstance(ref, bool) else None


def ip_of(ws: ServerConnection) -> str:
    addr = ws.remote_address
    return str(addr[0]) if isinstance(addr, tuple) and addr else "?"


def text_frame(text: str) -> bytes:
    """`text` as one unmasked websocket text frame, as a server sends it (RFC 6455 5.2;
    no extension is negotiated: the server turns compression off)."""
    data = text.encode()
    n = len(data)
    if n < 126:
        return bytes((0x81, n)) + data
    if n < 1 << 16:
        return struct.pack("!BBH", 0x81, 126, n) + data
    return struct.pack("!BBQ", 0x81, 127, n) + data


def write_now(ws: ServerConnection, text: str) -> bool:
    """Send a text frame at once, if nothing has to wait: the connection is open, its
    socket buffer is not full (a slow reader) and no fragmented message is under way.
    Otherwise (False) the connection's writer task sends it, in order. This is what
    `ws.send` does without its waiting, and a third of its cost per message; the frame
    is written straight to the socket when websockets holds nothing unsent and no
    extension is in use (its own framing costs as much as the system call)."""
    protocol = ws.protocol
    if (protocol.state is not State.OPEN or getattr(ws, "paused", True)
            or getattr(ws, "send_in_progress", None) is not None):  # (websockets >= 15)
        return False
    if protocol.writes or protocol.extensions or protocol.expect_continuation_frame:
        protocol.send_text(text.encode())
        ws.send_data()
    else:
        ws.transport.write(text_frame(text))
    return True


def http_gate(connection: ServerConnection, request: Request, full: bool) -> Response | None:
    """The answer to an HTTP request that is not a game's connection (another path: 404;
    the server full for this address or in all: 503, come back in 5 s), else None."""
    if request.path.split("?")[0] != PATH:
        return connection.respond(404, f"ttr speaks on {PATH}\n")  # i18n: no
    if full:
        return Response(503, "Service Unavailable",  # i18n: no
                        Headers([("Retry-After", "5"), ("Content-Length", "0")]))
    return None


async def close_now(ws: ServerConnection, code_reason: tuple[int, str]) -> None:
    """Close `ws` with this code and reason, waiting at most 3 s for the other side."""
    code, reason = code_reason
    with contextlib.suppress(TimeoutError, ConnectionClosed, OSError):
        await asyncio.wait_for(ws.close(code, reason), 3)
    if ws.transport is not None and not ws.transport.is_closing():
        ws.transport.abort()
