"""TLS (wss://): a server with a certificate, a bot that trusts it plays a whole game;
a client that does not trust it gets a clear message, not a traceback."""

from __future__ import annotations

import asyncio
import shutil
import ssl
import subprocess
from pathlib import Path

import pytest
from netkit import start_server

from ttr.net.bot import BotClient
from ttr.net.link import Credentials, LinkClosed


def _certificate(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext",
                    "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", str(key),
                    "-out", str(cert)], check=True, capture_output=True, timeout=60)
    return cert, key


async def _game(cert: Path, key: Path) -> None:
    server = await start_server(tls_cert=cert, tls_key=key)
    try:
        assert server.url.startswith("wss://")
        table, _, _ = server.add_table("usa", "base", [{"kind": "open"},
                                                       {"kind": "ai", "level": "easy"}])
        doubter = BotClient(Credentials(server.url), {"kind": "join", "code": table.code,
                                                      "name": "Dee"}, "easy", 1)
        with pytest.raises(LinkClosed) as e:
            await doubter.run()
        assert "secure connection failed" in e.value.reason
        ctx = ssl.create_default_context(cafile=str(cert))
        bot = BotClient(Credentials(server.url), {"kind": "join", "code": table.code,
                                                  "name": "Ann"}, "easy", 1, ssl_context=ctx)
        async with asyncio.timeout(60):
            info = await bot.run()
    finally:
        await server.stop()
    assert info is not None and info.status == "done" and table.over


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command")
def test_a_whole_game_over_tls(tmp_path: Path) -> None:
    asyncio.run(_game(*_certificate(tmp_path)))
