"""Host in the menu: the same server as `ttr serve`, run as a child process of the window.

A child process (not a thread) keeps the server's event loop off the window's GIL and
frame budget. It listens on every interface (friends on the network must reach it),
announces itself on the local network, keeps its tables in the user's server folder
(so a game survives a crash of either side) and stops when the window's pipe to it
closes, even if the window dies.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
from pathlib import Path

import ttr
from ttr.i18n import _
from ttr.net.protocol import CANNOT_LISTEN, DEFAULT_PORT, PATH

logger = logging.getLogger(__name__)

START_TIMEOUT = 20.0


class HostedServer:
    """A `ttr serve` child process; `poll()` says when it listens."""

    def __init__(self, data: Path, port: int = DEFAULT_PORT, host: str = "0.0.0.0",
                 log: Path | None = None) -> None:
        self.data = data
        self.want_port = port
        self.host = host
        self.log = log
        self.port: int | None = None
        self.error: str | None = None
        self.proc: subprocess.Popen[bytes] | None = None
        self._ready = threading.Event()
        self._lines: list[str] = []

    def start(self) -> HostedServer:
        """Launch the child (on the wanted port; on a free one if that is taken)."""
        self._launch(self.want_port)
        return self

    def _launch(self, port: int) -> None:
        env = dict(os.environ)
        root = str(Path(ttr.__file__).resolve().parent.parent)
        env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
        cmd = [sys.executable, "-m", "ttr", "serve", "--host", self.host, "--port", str(port),
               "--data", str(self.data), "--announce", "--with-parent"]
        logger.info("starting the game server: %s", " ".join(cmd))
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, env=env)
        threading.Thread(target=self._read, args=(self.proc, port), daemon=True).start()

    def _read(self, proc: subprocess.Popen[bytes], port: int) -> None:
        assert proc.stdout is not None
        for raw in proc.stdout:
            line = raw.decode("utf-8", "replace").rstrip()
            self._lines.append(line)
            if len(self._lines) > 200:
                del self._lines[:100]
            if self.log is not None:
                try:
                    with self.log.open("a", encoding="utf-8") as f:
                        f.write(line + "\n")
                except OSError:
                    pass
            if "listening on" in line and self.port is None:  # i18n: no (`ttr serve` says)
                try:
                    self.port = int(line.split(PATH)[0].rsplit(":", 1)[1])
                except (IndexError, ValueError):
                    self.error = _("the server said something unexpected: {line}").format(
                        line=line[:80])
                self._ready.set()
        code = proc.wait()
        if self.port is None and proc is self.proc:
            last = next((x for x in reversed(self._lines) if x.strip()), "")
            if port != 0 and code == CANNOT_LISTEN:
                logger.info("port %d is taken; the server takes a free one", port)
                self._launch(0)
                return
            self.error = _("the server stopped ({code}): {last}").format(code=code,
                                                                          last=last[:120])
            self._ready.set()

    def poll(self) -> str:
        """`starting`, `ready` or `failed` (then `error` says why)."""
        if self.error is not None:
            return "failed"
        if self.port is not None:
            return "ready"
        return "starting"

    def wait(self, timeout: float = START_TIMEOUT) -> bool:
        """Block until ready or failed (tests); True when ready."""
        self._ready.wait(timeout)
        return self.poll() == "ready"

    @property
    def url(self) -> str:
        """The address this computer uses to reach its own server."""
        return f"ws://127.0.0.1:{self.port}{PATH}"

    def stop(self) -> None:
        """End the server (its tables are saved; Host or Rejoin resumes them)."""
        proc = self.proc
        if proc is None or proc.poll() is not None:
            return
        try:
            if proc.stdin is not None:
                proc.stdin.close()  # the server's signal to stop
            proc.wait(5)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait(5)
