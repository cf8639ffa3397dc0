"""Helpers for network tests: a server on 127.0.0.1, bots, frame taps, the leak check.

Everything runs on loopback with bounded waits; a test that hangs fails by timeout.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ttr.engine import Event, GameState, apply, new_game, observe, parse_action, redact
from ttr.net.bot import BotClient
from ttr.net.codec import event_to_dict, view_to_dict
from ttr.net.conn import ServerOptions
from ttr.net.link import Credentials
from ttr.net.server import Server
from ttr.net.table import Table


async def start_server(**options: Any) -> Server:
    """A server on a free loopback port (in memory unless `data` is given)."""
    opts = ServerOptions(host="127.0.0.1", port=0, workers=1, **options)
    server = Server(opts)
    await server.start()
    return server


@dataclass
class Seat:
    """A bot at a table and every frame it received."""

    bot: BotClient
    frames: list[str] = field(default_factory=list)


def make_bot(server: Server, code: str, level: str, seed: int, name: str,
             delay: float = 0.0) -> Seat:
    """A bot that will join with `code`, tapping its frames."""
    bot = BotClient(Credentials(server.url), {"kind": "join", "code": code, "name": name},
                    level, seed, give_up=20.0, delay=delay)
    seat = Seat(bot)
    bot.link.tap = lambda raw: seat.frames.append(raw if isinstance(raw, str) else "<bytes>")
    return seat


async def join_in_order(seats: Sequence[Seat], timeout: float = 20.0) -> list[asyncio.Task[Any]]:
    """Start the bots one after the other (each once the previous holds its seat), so
    seats are given out in a known order."""
    tasks = []
    for s in seats:
        tasks.append(asyncio.create_task(s.bot.run()))
        async with asyncio.timeout(timeout):
            while not s.bot.link.welcomed:
                if tasks[-1].done():
                    tasks[-1].result()
                await asyncio.sleep(0.01)
    return tasks


def replay_log(table: Table) -> tuple[list[GameState], list[tuple[Event, ...]]]:
    """The state after each action (index = seq) and each action's events."""
    assert table.record is not None
    rec = table.record
    state = new_game(table.game_map, rec.config, len(rec.seats), rec.seed)
    states, events = [state], []
    for text in rec.actions:
        tr = apply(state, parse_action(text))
        state = tr.state
        states.append(state)
        events.append(tuple(tr.events))
    return states, events


def check_frames(frames: list[str], seat: int | None, table: Table,
                 secrets: Sequence[str] = ()) -> int:
    """Fail unless every frame to `seat` (None: a spectator) is exactly what it may see.

    Each `state` frame must hold only that seat's view, equal to `observe` of the real
    state at that action, and its events, redacted for that seat, must add up to the
    game's whole event log. No frame may contain another seat's token, the seed or a
    deck. Returns the number of state frames checked.
    """
    states, events = replay_log(table)
    expected_events = [event_to_dict(redact(e, seat)) for batch in events for e in batch]
    got_events: list[dict[str, Any]] = []
    seed = str(table.seed)
    checked = 0
    for raw in frames:
        for s in secrets:
            assert s not in raw, f"a secret reached seat {seat}"
        msg = json.loads(raw)
        assert "seed" not in _keys(msg) and "deck" not in _keys(msg), msg.get("t")
        assert seed not in _values(msg), "the seed was sent"
        if msg["t"] == "welcome":
            assert set(msg.get("tokens", {})) <= {str(seat)}, "tokens of another seat"
            assert "host_token" not in msg
        if msg["t"] != "state":
            continue
        checked += 1
        for entry in msg["views"]:
            assert entry["seat"] == seat, f"seat {seat} got the view of {entry['seat']}"
            assert entry["view"] == view_to_dict(observe(states[msg["seq"]], seat)), \
                f"seat {seat}: view at action {msg['seq']} differs from its observation"
            got_events += entry["events"]
    assert got_events == expected_events, f"seat {seat}: events differ from the redacted log"
    return checked


def _keys(x: Any) -> set[str]:
    if isinstance(x, dict):
        return set(x) | {k for v in x.values() for k in _keys(v)}
    if isinstance(x, list):
        return {k for v in x for k in _keys(v)}
    return set()


def _values(x: Any) -> set[str]:
    if isinstance(x, dict):
        return {v for y in x.values() for v in _values(y)}
    if isinstance(x, list):
        return {v for y in x for v in _values(y)}
    return {str(x)}


class ServerThread:
    """A server running in its own thread's event loop (for clients that block: the
    window's `RemoteSession`, UI tests)."""

    def __init__(self, **options: Any) -> None:
        import threading

        self.options = options
        self.loop = asyncio.new_event_loop()
        self.server: Server | None = None
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    def __enter__(self) -> ServerThread:
        self._thread.start()
        self.server = self.call(start_server(**self.options))
        return self

    @property
    def url(self) -> str:
        """The server's address."""
        assert self.server is not None
        return self.server.url

    def call(self, coro: Any, timeout: float = 30.0) -> Any:
        """Run a coroutine on the server's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def __exit__(self, *exc: object) -> None:
        if self.server is not None:
            self.call(self.server.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)
        self.loop.close()

    def add_table(self, *args: Any, **kwargs: Any) -> Any:
        """`Server.add_table` on the server's loop."""
        assert self.server is not None
        server = self.server

        async def add() -> Any:
            return server.add_table(*args, **kwargs)

        return self.call(add())
