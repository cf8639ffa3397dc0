"""Hosting on a taken port, whatever the language: `ttr serve` says why in the player's
language and exits with `CANNOT_LISTEN`; the host's child server then takes a free port
(it read the English words before, so a German system lost the fallback)."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from ttr.net.hosting import HostedServer
from ttr.net.protocol import CANNOT_LISTEN


@pytest.fixture
def taken_port() -> Iterator[int]:
    """A port something else listens on."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen()
    try:
        yield s.getsockname()[1]
    finally:
        s.close()


def test_serve_on_a_taken_port_says_why_and_exits_with_its_status(
        tmp_path: Path, taken_port: int) -> None:
    run = subprocess.run([sys.executable, "-m", "ttr", "--lang", "de", "serve", "--host",
                          "127.0.0.1", "--port", str(taken_port), "--data", str(tmp_path)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == CANNOT_LISTEN
    assert "Traceback" not in run.stderr
    assert f"127.0.0.1:{taken_port}" in run.stderr and "cannot listen" not in run.stderr


def test_the_host_takes_a_free_port_when_its_own_is_taken_in_any_language(
        tmp_path: Path, taken_port: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")  # the child speaks German
    monkeypatch.setenv("LANGUAGE", "de")
    server = HostedServer(tmp_path, port=taken_port, host="127.0.0.1").start()
    try:
        assert server.wait(), server.error
        assert server.port not in (None, taken_port)
        said = " ".join(server._lines)
        assert "ttr: Fehler:" in said and "cannot listen" not in said, said
    finally:
        server.stop()
