"""`ttr serve` and `ttr join` refuse bad options with a message (exit 2), and a join to
nobody ends with a sentence (exit 1), never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ttr.cli.main import main


@pytest.mark.parametrize("argv, says", [
    (["serve", "--tls-cert", "c.pem"], "--tls-cert and --tls-key go together"),
    (["serve", "--table", "usa:base:human,remote"], "'remote'"),
    (["serve", "--table", "usa:base:remote,wizard"], "wizard"),
    (["serve", "--table", "mars:base:remote,remote", "--port", "0", "--data", "{tmp}"],
     "mars"),
    (["join", "http://example.org", "--bot", "easy"], "not an address"),
    (["join", "127.0.0.1:1", "--code", "ABCDEFGH", "--bot", "wizard"], "wizard"),
])
def test_bad_options_are_refused_with_a_message(argv: list[str], says: str, tmp_path: object,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


def test_joining_nobody_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["join", "127.0.0.1:9", "--code", "ABCDEFGH", "--bot", "easy"]) == 1
    out = capsys.readouterr().out
    assert "cannot connect" in out and "nobody answers" in out


def test_serve_no_hints_opens_its_tables_without_hints(tmp_path: Path) -> None:
    data = tmp_path / "data"
    log = tmp_path / "serve.log"
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    proc = subprocess.Popen([sys.executable, "-m", "ttr", "serve", "--port", "0", "--data",
                             str(data), "--table", "usa:base:remote,remote", "--no-hints"],
                            env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT)
    try:
        end = time.monotonic() + 30
        while time.monotonic() < end and "hints off" not in log.read_text():
            time.sleep(0.05)
        assert "hints off" in log.read_text(), log.read_text()
        [saved] = (data / "tables").glob("*.json")
        assert json.loads(saved.read_text())["hints"] is False
    finally:
        proc.terminate()
        proc.wait(10)
