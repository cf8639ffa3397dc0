"""A server with an Expert seat ends on SIGTERM within seconds, while Expert thinks,
leaving none of its workers (nor Expert's own playout workers) behind."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.procs import HAS_PROC
from tests.ui.test_exit import EXIT_SECONDS, Watched, game_env

pytestmark = [pytest.mark.skipif(not HAS_PROC, reason="needs /proc (Linux)"),
              pytest.mark.timeout(180)]


def test_a_server_with_an_expert_seat_ends_on_sigterm(tmp_path: Path) -> None:
    server = Watched([sys.executable, "-m", "ttr", "serve", "--port", "0", "--data",
                      str(tmp_path / "tables"), "--table", "usa:base:remote,expert",
                      "--seed", "3"], tmp_path)
    player: subprocess.Popen[str] | None = None
    try:
        assert server.proc.stdout is not None
        listening = server.proc.stdout.readline()
        port = re.search(r":(\d+)/", listening)
        table = re.search(r"code (\w+)", server.proc.stdout.readline())
        assert port and table, listening
        player = subprocess.Popen(
            [sys.executable, "-m", "ttr", "join", f"127.0.0.1:{port.group(1)}", "--code",
             table.group(1), "--bot", "easy", "--seed", "1"],
            env=game_env(tmp_path), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        server.wait_until(lambda: server.deepest >= 2, 120, "playout workers of Expert")
        server.proc.send_signal(signal.SIGTERM)
        assert server.exits_within(EXIT_SECONDS) == 0, server.output()
        assert "Traceback" not in server.output() and "leaked" not in server.output(), \
            server.output()
    finally:
        server.stop()
        if player is not None:
            player.kill()
            player.wait()
