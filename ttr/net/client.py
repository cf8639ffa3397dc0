"""The window's network thread: a `Link` in its own asyncio loop, queues to the UI.

The UI thread never waits on the network (except `wait`, bounded, for the answer to
its own move) and never touches asyncio objects; the network thread never touches
pygame. Messages and status changes arrive in `inbox` in order; `send` hands a message
to the network thread, which sends it when connected (in order, after a reconnect too).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import ssl
import threading
from collections import deque
from typing import Any

from ttr.i18n import _
from ttr.net.link import Credentials, Link, LinkClosed

logger = logging.getLogger(__name__)

Item = tuple[str, Any]
"""("msg", message dict) | ("status", (status, detail)) | ("closed", LinkClosed)."""


class NetClient:
    """A background connection to one table."""

    def __init__(self, creds: Credentials, first: dict[str, Any] | None,
                 ssl_context: ssl.SSLContext | None = None, give_up: float = 300.0) -> None:
        self.inbox: queue.Queue[Item] = queue.Queue()
        self.link = Link(creds, first, self._on_message, self._on_status, ssl_context,
                         give_up=give_up, client="ttr-window")
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: deque[dict[str, Any]] = deque()
        self._wake: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, name="ttr-net", daemon=True)
        self._ready = threading.Event()
        self._runner: asyncio.Task[Any] | None = None

    @property
    def creds(self) -> Credentials:
        """The link's credentials (tokens once welcomed)."""
        return self.link.creds

    def start(self) -> NetClient:
        """Start the network thread; returns self."""
        self._thread.start()
        self._ready.wait(5)
        return self

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        self._ready.set()
        sender = asyncio.create_task(self._sender())
        self._runner = asyncio.current_task()
        try:
            await self.link.run()
        except asyncio.CancelledError:
            self.inbox.put(("closed", LinkClosed(_("left the table"), "left")))
        except LinkClosed as e:
            self.inbox.put(("closed", e))
        except Exception as e:  # never let the thread die silently
            logger.exception("network thread failed")
            self.inbox.put(("closed", LinkClosed(_("network error: {why}").format(why=e),
                                                 "error")))
        finally:
            sender.cancel()

    async def _sender(self) -> None:
        assert self._wake is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._outbox:
                if not await self.link.send(self._outbox[0]):
                    await asyncio.sleep(0.2)  # not connected: try again soon
                    self._wake.set()
                    break
                self._outbox.popleft()

    def _on_message(self, msg: dict[str, Any]) -> None:
        self.inbox.put(("msg", msg))

    def _on_status(self, status: str, detail: str) -> None:
        self.inbox.put(("status", (status, detail)))

    def send(self, msg: dict[str, Any]) -> None:
        """Queue a message for the server (thread-safe)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return

        def put() -> None:
            self._outbox.append(msg)
            if self._wake is not None:
                self._wake.set()

        with contextlib.suppress(RuntimeError):  # the loop has just stopped
            loop.call_soon_threadsafe(put)

    def close(self, leave: bool = False) -> None:
        """End the connection (saying `leave` first if asked); waits briefly."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                fut = asyncio.run_coroutine_threadsafe(self.link.close(leave), loop)
                fut.result(2)
            except Exception:  # closing must never fail loudly
                logger.debug("close of the network thread did not finish", exc_info=True)
            runner = self._runner
            if runner is not None and self._thread.is_alive():
                with contextlib.suppress(RuntimeError):  # waiting to reconnect: stop now
                    loop.call_soon_threadsafe(runner.cancel)
        self._thread.join(2)
