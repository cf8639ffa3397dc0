"""Hostile clients against a live table: garbage, truncated and huge frames, unknown
types, other seats and tables, out-of-turn, illegal and replayed actions, a client that
never reads, floods and a connect storm. Each gets the right error or close code, and
the game between the honest clients still finishes with the right result."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import os
import socket
import struct
from typing import Any

import pytest
from netkit import Seat, join_in_order, make_bot, start_server
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from ttr.engine import PlayerView, format_action, results
from ttr.net.bot import BotClient
from ttr.net.link import Credentials
from ttr.net.server import Server


class Mallory(BotClient):
    """Plays its seat honestly, and before every move tries a dozen bad things."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sent_bad = 0
        self.turns = 0

    async def _act(self, seat: int, view: PlayerView, seq: int) -> None:
        self.turns += 1
        if self.turns % 3:
            await super()._act(seat, view, seq)
            return
        other = (seat + 1) % len(view.public.players)
        legal = format_action(view.legal[0])
        bad: list[dict[str, Any]] = [
            {"t": "act", "ref": 1, "seat": other, "seq": seq, "action": legal},
            {"t": "act", "ref": 2, "seat": seat, "seq": seq + 5, "action": legal},
            {"t": "act", "ref": 3, "seat": seat, "seq": seq, "action": "claim nowhere red:1"},
            {"t": "act", "ref": 4, "seat": seat, "seq": seq, "action": "fly to the moon"},
            {"t": "act", "ref": 5, "seat": seat, "seq": seq, "action": "faceup \u00b2"},
            {"t": "act", "ref": 6, "seat": True, "seq": seq, "action": legal},
            {"t": "act", "ref": "x", "seat": seat, "seq": seq, "action": legal},
            {"t": "act"},
            {"t": "teleport", "to": "Miami"},
            {"t": "hello", "v": 1, "op": {"kind": "watch", "code": "X"}},
            {"t": "chat", "text": "\ud800 lone surrogate"},
            {"t": "chat", "text": "x" * 5000},
            {"t": "assign", "seat": other, "kind": "ai", "level": "easy"},
            {"t": "start"},
            {"t": "profile", "seat": other, "name": "Mallory"},
        ]
        if self.last_act is not None:
            bad.append(self.last_act)  # a replayed message
        for msg in bad:
            await self.link.send(msg)
            self.sent_bad += 1
        await super()._act(seat, view, seq)


EXPECTED = {"not_your_seat", "stale", "illegal", "bad_message", "unknown_type", "not_host",
            "duplicate"}


async def _raw_upgrade(port: int, rcvbuf: int | None = None
                       ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    sock = socket.socket()
    if rcvbuf:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    reader, writer = await asyncio.open_connection(sock=sock)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write((f"GET /v1 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 101"), head[:40]
    return reader, writer


def _frame(payload: bytes, opcode: int = 1) -> bytes:
    mask = os.urandom(4)
    body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    n = len(payload)
    head = bytes([0x80 | opcode]) + (bytes([0x80 | n]) if n < 126 else
                                     bytes([0x80 | 126]) + struct.pack("!H", n))
    return head + mask + body


async def _expect_close(ws: Any, code: int, timeout: float = 5.0) -> list[dict[str, Any]]:
    """Read until the server closes; the close code must be `code`."""
    got = []
    try:
        async with asyncio.timeout(timeout):
            async for raw in ws:
                got.append(json.loads(raw))
    except ConnectionClosed:
        pass
    assert ws.close_code == code, (ws.close_code, ws.close_reason, got)
    return got


async def _attacks(server: Server, code: str, other_table_token: str, table_id: str
                   ) -> dict[str, str]:
    url, port = server.url, server.port
    ok: dict[str, str] = {}

    async def hello(ws: Any, op: dict[str, Any], v: int = 1) -> None:
        await ws.send(json.dumps({"t": "hello", "v": v, "op": op}))

    # garbage, binary, non-object JSON, unknown type before hello: error, then 4005
    for name, payload in (("garbage", "hello?"), ("binary", b"\x00\x01"), ("list", "[1,2]"),
                          ("unknown", '{"t":"teleport"}'), ("nan", '{"t":"hello","v":NaN}'),
                          ("deep", "[" * 30_000 + "]" * 30_000)):
        async with connect(url, max_size=None) as ws:
            await ws.send(payload)
            got = await _expect_close(ws, 4005)
            assert got and got[0]["t"] == "error" and got[0]["code"] in (
                "bad_message", "unknown_type"), (name, got)
        ok[name] = "closed"
    # a frame over the size limit: 1009
    async with connect(url) as ws:
        await ws.send("x" * 70_000)
        await _expect_close(ws, 1009)
    ok["huge"] = "1009"
    # a flood of fragments adding up to more than the limit: 1009
    async with connect(url) as ws:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(iter(["y" * 1000] * 200))
        await _expect_close(ws, 1009)
    ok["fragments"] = "1009"
    # a wrong protocol version: 4004
    async with connect(url) as ws:
        await hello(ws, {"kind": "watch", "code": code}, v=99)
        got = await _expect_close(ws, 4004)
        assert got[0]["code"] == "version"
    ok["version"] = "4004"
    # another table's token, a made-up token, an unknown table
    for op, close in (({"kind": "resume", "table": table_id, "tokens": [other_table_token]}, 4001),
                      ({"kind": "resume", "table": table_id, "tokens": ["A" * 32]}, 4001),
                      ({"kind": "resume", "table": "nope", "tokens": ["A" * 32]}, 4002)):
        async with connect(url) as ws:
            await hello(ws, op)
            got = await _expect_close(ws, close)
            assert got[0]["code"] in ("bad_token", "unknown_table")
    ok["tokens"] = "4001/4002"
    # joining a table whose game runs: refused, 4005
    async with connect(url) as ws:
        await hello(ws, {"kind": "join", "code": code, "name": "Eve"})
        got = await _expect_close(ws, 4005)
        assert got[0]["code"] == "not_now"
    ok["late join"] = "not_now"
    # JSON quirks after a valid hello: errors, the connection stays
    async with connect(url) as ws:
        await hello(ws, {"kind": "watch", "code": code})
        for raw in ('{"t":"sync","x":1e999}', '{"t":"chat","text":"' + "9" * 5000 + '"}',
                    '{"t":"sync","n":' + "9" * 5000 + "}", '{"t":"act","ref":1,"seat":0,'
                    '"seq":0,"action":"deck"}', '{"t":"chat","text":"hi"}'):
            await ws.send(raw)
        codes = []
        async with asyncio.timeout(5):
            while len(codes) < 5:
                msg = json.loads(await ws.recv())
                if msg["t"] == "error":
                    codes.append(msg["code"])
        assert codes == ["bad_message", "bad_message", "bad_message", "not_allowed",
                         "not_allowed"], codes
    ok["json quirks"] = "errors"
    # truncated frame, then the socket closes; another that stalls (keepalive ends it)
    for stall in (False, True):
        reader, writer = await _raw_upgrade(port)
        frame = _frame(b"x" * 1000)
        writer.write(frame[:20])
        await writer.drain()
        if stall:
            async with asyncio.timeout(10):
                while await reader.read(4096):
                    pass
        writer.close()
    ok["truncated"] = "closed"
    # silence after connecting: closed after the hello timeout
    async with connect(url) as ws:
        await _expect_close(ws, 4005)
    ok["silence"] = "4005"
    # slowloris: an HTTP request that never ends is dropped by the open timeout
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /v1 HTTP/1.1\r\nHost: x\r\n")
    await writer.drain()
    async with asyncio.timeout(10):
        while await reader.read(4096):
            pass
    writer.close()
    ok["slowloris"] = "closed"
    # a message flood: closed with 4008 (rate limit or the outbound queue, whichever first)
    async with connect(url) as ws:
        await hello(ws, {"kind": "watch", "code": code})
        with contextlib.suppress(ConnectionClosed):
            for _ in range(3000):
                await ws.send('{"t":"sync"}')
        await _expect_close(ws, 4008, timeout=10)
    ok["flood"] = "4008"
    # a connect storm: beyond the per-address cap the server answers 503
    refused = 0

    async def one() -> Any:
        nonlocal refused
        try:
            return await connect(url, open_timeout=5)
        except InvalidStatus as e:
            assert e.response.status_code == 503
            refused += 1
            return None

    storm = await asyncio.gather(*(one() for _ in range(60)))
    assert refused >= 60 - server.opts.max_per_ip
    for ws in storm:
        if ws is not None:
            await ws.close()
    ok["storm"] = f"{refused} refused"
    # invite-code brute force: after a few wrong codes, codes are refused
    seen = []
    for i in range(server.opts.code_failures + 2):
        async with connect(url) as ws:
            await hello(ws, {"kind": "watch", "code": f"WRONG{i:03d}"})
            got = await _expect_close(ws, 4002 if i < server.opts.code_failures else 4005)
            seen.append(got[0]["code"])
    assert seen[-1] == "rate_limited" and seen[0] == "unknown_table"
    ok["brute force"] = "rate_limited"
    return ok


async def _never_reader(port: int, code: str, server: Server) -> str:
    """A spectator that never reads (nor answers pings): the server drops it."""
    reader, writer = await _raw_upgrade(port, rcvbuf=2048)
    mine = writer.get_extra_info("sockname")[1]
    writer.write(_frame(json.dumps({"t": "hello", "v": 1,
                                    "op": {"kind": "watch", "code": code}}).encode()))
    await writer.drain()

    def alive() -> bool:
        return any(c.ws.remote_address[1] == mine and not c.closing
                   for conns in server.conns.values() for c in conns)

    async with asyncio.timeout(30):
        while not alive():
            await asyncio.sleep(0.05)
        while alive():
            await asyncio.sleep(0.1)
    writer.close()
    return "disconnected"


async def _run() -> None:
    server = await start_server(hello_timeout=0.5, rate=200, burst=400, flood_limit=50,
                                max_per_ip=40, out_queue=64, ping_interval=1.0,
                                open_timeout=1.0, code_failures=5)
    try:
        table, _, _ = server.add_table("usa", "base", [
            {"kind": "open"}, {"kind": "open"}, {"kind": "ai", "level": "easy"}])
        _, other_tokens, _ = server.add_table("europe", "base", [
            {"kind": "local"}, {"kind": "open"}], with_host=True)
        honest = make_bot(server, table.code, "easy", 3, "Ann", delay=0.03)
        mallory = Mallory(Credentials(server.url),
                          {"kind": "join", "code": table.code, "name": "Mal"}, "easy", 4,
                          give_up=20, delay=0.03)
        tasks = await join_in_order([honest, Seat(mallory)])
        never = asyncio.create_task(_never_reader(server.port, table.code, server))
        attacks = await _attacks(server, table.code, other_tokens[0], table.table_id)
        async with asyncio.timeout(120):
            infos = await asyncio.gather(*tasks)
            never_result = await never
    finally:
        await server.stop()
    assert len(attacks) >= 18 and never_result == "disconnected"
    assert table.state is not None and table.record is not None and table.over
    final = results(table.state)
    assert all(i is not None and i.result == final for i in infos)
    assert table.record.replay(table.game_map) == table.state
    codes = {c for c, _ in mallory.errors}
    assert codes >= EXPECTED, EXPECTED - codes
    assert "internal" not in codes and mallory.sent_bad > 50
    assert not [c for c, _ in honest.bot.errors if c not in ("stale",)], honest.bot.errors


def test_hostile_clients_do_not_hurt_the_game(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="ttr.net.server"):
        asyncio.run(_run())
    crashes = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not crashes, [r.getMessage() for r in crashes]
