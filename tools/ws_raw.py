"""A raw websocket client for the network benchmarks: the upgrade, whole frames (masked
with a zero key, so the bytes stay as they are), pings answered. Its reading costs a
few lines of Python per frame, so benchmark clients take little of the CPU they share
with the server they measure."""

from __future__ import annotations

import asyncio
import base64
import os
import struct
import time


class RawClient(asyncio.Protocol):
    """Subclasses say what to do once upgraded (`opened`), with each text frame
    (`on_text`) and when the connection ends (`closed`)."""

    def __init__(self, port: int, path: str = "/") -> None:
        self.port, self.path = port, path
        self.buf = b""
        self.upgraded = False
        self.transport: asyncio.Transport | None = None

    def opened(self) -> None:
        """The upgrade is done: frames may be sent."""

    def on_text(self, payload: bytes, now: float) -> None:
        """A text frame arrived (at `now`, `time.perf_counter`)."""

    def closed(self) -> None:
        """The connection ended."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        key = base64.b64encode(os.urandom(16)).decode()
        transport.write(f"GET {self.path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                        f"Upgrade: websocket\r\nConnection: Upgrade\r\n"
                        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
                        .encode())

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed()

    def send(self, data: bytes, opcode: int = 1) -> None:
        """One masked frame (mask key 0; under 64 KiB)."""
        n = len(data)
        head = (struct.pack("!BB", 0x80 | opcode, 0x80 | n) if n < 126
                else struct.pack("!BBH", 0x80 | opcode, 0xFE, n))
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(head + b"\0\0\0\0" + data)

    def data_received(self, data: bytes) -> None:
        now = time.perf_counter()
        buf = self.buf + data
        if not self.upgraded:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                self.buf = buf
                return
            if not buf.startswith(b"HTTP/1.1 101"):
                raise SystemExit(f"the server refused a client: {buf[:40]!r}")
            self.upgraded, buf = True, buf[end + 4:]
            self.opened()
        while len(buf) >= 2:
            opcode, n, at = buf[0] & 0x0F, buf[1] & 0x7F, 2
            if n == 126:
                if len(buf) < 4:
                    break
                n, at = struct.unpack_from("!H", buf, 2)[0], 4
            elif n == 127:
                if len(buf) < 10:
                    break
                n, at = struct.unpack_from("!Q", buf, 2)[0], 10
            if len(buf) < at + n:
                break
            payload, buf = buf[at:at + n], buf[at + n:]
            if opcode == 1:
                self.on_text(payload, now)
            elif opcode == 9:  # ping
                self.send(payload, 10)
            elif opcode == 8 and self.transport is not None:  # close
                self.transport.close()
        self.buf = buf
