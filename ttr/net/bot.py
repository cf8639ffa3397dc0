"""A headless client that plays its seats with a built-in AI (`ttr join --bot LEVEL`).

It sees exactly what a person at that seat would see (its view and redacted events)
and answers with the same messages the window sends. Its choices are seeded by seat
and action number, so a game between bots replays the same with the same seeds.
"""

from __future__ import annotations

import asyncio
import logging
import random
import ssl
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ttr.ai.base import agent_info, make_agent
from ttr.engine import Action, GameMap, PlayerView, TtrError, format_action
from ttr.i18n import _
from ttr.net.link import Credentials, Link, LinkClosed
from ttr.net.messages import (
    StateUpdate,
    TableInfo,
    final_line,
    load_table_map,
    read_state,
    read_table,
)
from ttr.net.protocol import ProtocolError
from ttr.net.words import closed_text, refusal

logger = logging.getLogger(__name__)


class BotClient:
    """Plays the seats it holds until the game ends."""

    def __init__(self, creds: Credentials, first: dict[str, Any] | None, level: str,
                 seed: int | str = 0, creds_file: Path | None = None,
                 ssl_context: ssl.SSLContext | None = None, give_up: float = 120.0,
                 on_state: Callable[[BotClient, StateUpdate], None] | None = None,
                 delay: float = 0.0) -> None:
        self.level = agent_info(level).name
        self.agent = make_agent(self.level)
        self.seed = seed
        self.creds_file = creds_file
        self.info: TableInfo | None = None
        self.game_map: GameMap | None = None
        self.views: dict[int, PlayerView] = {}
        self.seq = -1
        self.errors: list[tuple[str, str]] = []
        self.messages = 0
        self.last_act: dict[str, Any] | None = None
        self.sent: dict[int, float] = {}
        """ref -> when the action was sent (for latency measurements)."""
        self.on_state = on_state
        self.delay = delay
        """Seconds to wait before each move (tests that need a slower game)."""
        self.done = asyncio.Event()
        self._next_ref = int(time.time() * 1000) % (1 << 30)
        self._acting: set[tuple[int, int]] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self.link = Link(creds, first, self._on_message, ssl_context=ssl_context,
                         give_up=give_up, client=f"ttr-bot/{self.level}")

    async def run(self) -> TableInfo | None:
        """Play until the game ends; returns the last table description.

        Raises:
            LinkClosed: the connection ended before the game did.
        """
        runner = asyncio.create_task(self.link.run())
        waiter = asyncio.create_task(self.done.wait())
        try:
            finished, _pending = await asyncio.wait({runner, waiter},
                                             return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:
            runner.cancel()
            waiter.cancel()
            for task in self._tasks:
                task.cancel()
            raise
        if waiter in finished:
            await self.link.close()
            runner.cancel()
            await asyncio.gather(runner, return_exceptions=True)
            return self.info
        waiter.cancel()
        runner.result()  # raises LinkClosed
        return self.info

    # ------------------------------------------------------------ messages

    def _on_message(self, msg: dict[str, Any]) -> None:
        self.messages += 1
        try:
            self._handle(msg)
        except ProtocolError as e:
            logger.warning("bot: %s", e.msg)
            self.errors.append((e.code, refusal(e.code, e.data)))  # worded, never e.msg
        except TtrError as e:  # a message that does not fit the game: say so, go on
            logger.warning("bot: %s", e)
            self.errors.append(("bad_message", str(e)))

    def _handle(self, msg: dict[str, Any]) -> None:
        t = msg["t"]
        if t == "welcome":
            self._acting.clear()  # a new connection: decide again what is still to do
            if msg.get("role") == "player":
                self._spawn(self.link.send({"t": "ready", "ready": True}))  # a bot is ready
            if self.creds_file is not None:
                self.link.creds.save(self.creds_file)
        elif t == "table":
            paused = self.info is not None and self.info.paused is not None
            self.info = read_table(msg)
            if paused and self.info.paused is None:  # saved again: moves refused meanwhile
                self._acting.clear()
                self._decide()
            if self.game_map is None:
                self.game_map = load_table_map(self.info)
            if self.info.status == "done":
                self.done.set()
        elif t == "state" and self.info is not None and self.game_map is not None:
            update = read_state(msg, self.game_map, self.info.config)
            if update.seq < self.seq:
                return
            self.seq = update.seq
            for entry in update.seats:
                if entry.seat is not None:
                    self.views[entry.seat] = entry.view
            if self.on_state is not None:
                self.on_state(self, update)
            self._decide()
        elif t == "error":
            code = str(msg.get("code"))
            text = refusal(code, msg.get("data"))  # the code in words, never `msg`
            self.errors.append((code, text))
            if code == "rate_limited" and self.last_act is not None \
                    and msg.get("ref") == self.last_act["ref"]:
                self._retry_later()
            if code not in ("stale", "duplicate", "not_your_turn"):
                logger.warning("bot: server says %s: %s", code, text)

    def _retry_later(self) -> None:
        """Our move was refused for speed: decide again in a moment."""
        def again() -> None:
            self._acting.clear()
            self._decide()

        asyncio.get_running_loop().call_later(1.0, again)

    def _decide(self) -> None:
        for seat, view in self.views.items():
            pub = view.public
            if pub.current != seat or not view.legal or (seat, self.seq) in self._acting:
                continue
            self._acting.add((seat, self.seq))
            self._spawn(self._act(seat, view, self.seq))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _act(self, seat: int, view: PlayerView, seq: int) -> None:
        if self.delay:
            await asyncio.sleep(self.delay)
        rng = random.Random(f"{self.seed}:{seat}:{seq}")
        budget = agent_info(self.level).budget
        if budget > 0:
            action: Action = await asyncio.to_thread(self.agent.choose, view, rng, budget)
        else:
            action = self.agent.choose(view, rng, budget)
        self._next_ref += 1
        ref = self._next_ref
        self.sent[ref] = time.perf_counter()
        self.last_act = {"t": "act", "ref": ref, "seat": seat, "seq": seq,
                         "action": format_action(action)}
        await self.link.send(self.last_act)
        if self.creds_file is not None:
            self.link.creds.save(self.creds_file)


def run_bot(url: str, code: str | None, level: str, name: str, seed: int,
            creds_file: Path | None, ssl_context: ssl.SSLContext | None,
            give_up: float, pace: float = 0.0) -> int:
    """`ttr join ... --bot LEVEL`: play one seat; prints the final scores."""
    creds = Credentials(url)
    first: dict[str, Any] | None = {"kind": "join", "code": code or "", "name": name}
    if creds_file is not None and creds_file.exists():
        try:
            saved = Credentials.load(creds_file)
        except Exception as e:  # a broken file: start over, say so
            print(_("ttr join: ignoring {file}: {why}").format(file=creds_file.name, why=e))
        else:
            if saved.url == url and saved.resumable:
                creds, first = saved, None
    if first is not None and not code:
        print(_("ttr join: error: --code is needed to join (or a credentials file to "
                "resume)"))
        return 2
    bot = BotClient(creds, first, level, seed, creds_file, ssl_context, give_up, delay=pace)
    try:
        info = asyncio.run(bot.run())
    except LinkClosed as e:
        problem = next((m for c, m in reversed(bot.errors)
                        if c not in ("stale", "duplicate", "not_your_turn")), "")
        print(_("ttr join: {why}").format(why=closed_text(e))
              + (f" ({problem})" if problem else ""))
        return 1
    except KeyboardInterrupt:
        return 130
    if info is None:
        print(_("ttr join: the game did not start"))
        return 1
    print(final_line(info), flush=True)
    if creds_file is not None:
        creds_file.unlink(missing_ok=True)
    return 0
