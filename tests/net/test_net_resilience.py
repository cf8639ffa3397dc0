"""Nothing lost: a client dropped mid-turn reconnects; an absent player gets an AI
stand-in (after a delay, or when the host says so); a server killed with SIGKILL and
restarted resumes, and the game ends exactly as the same game never interrupted."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from netkit import Seat, check_frames, join_in_order, make_bot, start_server

from tests.procs import HAS_PROC, descendants, still_alive
from ttr.engine import PlayerView, results
from ttr.maps.mapfile import find_map
from ttr.net.bot import BotClient
from ttr.net.link import Credentials
from ttr.net.table import Table
from ttr.net.tablefiles import add_journal
from ttr.store.saves import read_json

ROOT = Path(__file__).resolve().parents[2]


class Dropper(BotClient):
    """Loses its connection just before some of its moves (and the move with it)."""

    def __init__(self, *args: Any, drops: int = 3, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.drops = drops
        self.turns = 0

    async def _act(self, seat: int, view: PlayerView, seq: int) -> None:
        self.turns += 1
        ws = self.link.ws
        if self.drops and self.turns % 7 == 0 and ws is not None:
            self.drops -= 1
            ws.transport.abort()  # mid-turn, before the move is sent
            return
        await super()._act(seat, view, seq)


async def _reconnect() -> None:
    server = await start_server()
    try:
        table, _, _ = server.add_table("europe", "base", [
            {"kind": "open"}, {"kind": "open"}, {"kind": "ai", "level": "easy"}])
        steady = make_bot(server, table.code, "easy", 5, "Ann")
        dropper = Dropper(Credentials(server.url), {"kind": "join", "code": table.code,
                                                    "name": "Dee"}, "easy", 6, give_up=20)
        frames: list[str] = []
        dropper.link.tap = lambda raw: frames.append(str(raw))
        tasks = await join_in_order([steady, Seat(dropper)])
        async with asyncio.timeout(90):
            infos = await asyncio.gather(*tasks)
    finally:
        await server.stop()
    assert dropper.drops == 0, "the dropper never dropped"
    assert table.state is not None and table.over
    assert all(i is not None and i.result == results(table.state) for i in infos)
    # what the dropper saw across its connections still adds up to exactly its view
    check_frames([f for f in frames if '"t":"welcome"' not in f], 1, table)


def test_a_client_dropped_mid_turn_reconnects_and_finishes() -> None:
    asyncio.run(_reconnect())


async def _standin() -> None:
    server = await start_server(standin_after=0.3)
    try:
        table, _, _ = server.add_table("usa", "base", [{"kind": "open"}, {"kind": "open"}])
        ann = make_bot(server, table.code, "easy", 1, "Ann")
        quitter = make_bot(server, table.code, "easy", 2, "Quinn", delay=0.01)
        tasks = await join_in_order([ann, quitter])
        async with asyncio.timeout(20):
            while table.seq < 30:
                await asyncio.sleep(0.01)
        tasks[1].cancel()  # the player's computer is gone for good
        ws = quitter.bot.link.ws
        if ws is not None:
            ws.transport.abort()
        async with asyncio.timeout(60):
            info = await tasks[0]
    finally:
        await server.stop()
    assert table.state is not None and table.over
    assert info is not None and info.result == results(table.state)
    assert table.seats[1].standin == "medium"
    assert info.seats[1].standin == "medium" and not info.seats[1].connected


def test_an_absent_player_gets_an_ai_stand_in() -> None:
    asyncio.run(_standin())


async def _host_hands_over() -> None:
    server = await start_server()
    try:
        host = BotClient(Credentials(server.url), {
            "kind": "create", "map": "usa", "variant": "base",
            "seats": [{"kind": "local", "name": "Hana"}, {"kind": "open"},
                      {"kind": "ai", "level": "easy"}]}, "easy", 3, give_up=20)
        host_task = asyncio.create_task(host.run())
        async with asyncio.timeout(10):
            while host.info is None:
                await asyncio.sleep(0.01)
        assert host.info.status == "lobby" and host.info.can_start
        await host.link.send({"t": "start"})  # seat 2 is still open: refused
        async with asyncio.timeout(10):
            while not any(c == "not_now" for c, _ in host.errors):
                await asyncio.sleep(0.01)
        guest = make_bot(server, host.info.code, "easy", 4, "Gus", delay=0.01)
        [guest_task] = await join_in_order([guest])
        async with asyncio.timeout(10):
            while host.info.seats[1].ready is False:  # a bot says it is ready at once
                await asyncio.sleep(0.01)
        await host.link.send({"t": "start"})
        async with asyncio.timeout(20):
            while host.seq < 20:
                await asyncio.sleep(0.01)
        guest_task.cancel()
        ws = guest.bot.link.ws
        if ws is not None:
            ws.transport.abort()
        async with asyncio.timeout(10):
            while host.info.seats[1].connected:
                await asyncio.sleep(0.01)
        await host.link.send({"t": "assign", "seat": 1, "kind": "ai", "level": "easy"})
        async with asyncio.timeout(60):
            info = await host_task
    finally:
        await server.stop()
    table = next(iter(server.tables.values()))
    assert info is not None and table.state is not None and table.over
    assert info.result == results(table.state) and info.seats[1].standin == "easy"
    assert [s.name for s in info.seats] == ["Hana", "Gus", "Ada"]


def test_the_host_starts_the_game_and_hands_an_absent_seat_to_an_ai() -> None:
    asyncio.run(_host_hands_over())


# ---------------------------------------------------------------- processes


def _ttr(*args: str, log: Path) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "ttr", *args], cwd=ROOT, env=env,
                            stdout=log.open("ab"), stderr=subprocess.STDOUT)


def _wait_for(what: str, check: Any, timeout: float = 30.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = check()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def _listening(log: Path) -> tuple[int, str] | None:
    text = log.read_text(errors="replace") if log.exists() else ""
    port = code = None
    for line in text.splitlines():
        if "listening on ws://127.0.0.1:" in line:
            port = int(line.split("127.0.0.1:")[1].split("/")[0])
        if line.startswith("table ") and " code " in line:
            code = line.split(" code ")[1].split()[0]
    return (port, code) if port and code else None


def _actions(data: Path) -> int:
    """The moves saved (a table file and its journal of moves)."""
    for p in [*(data / "tables").glob("*.json"), *(data / "finished").glob("*.json")]:
        try:
            saved = json.loads(p.read_text())
            add_journal(saved, p.with_suffix(".moves"))
            save = saved["save"]
            return len(save["record"]["actions"]) if save else 0
        except (OSError, ValueError, KeyError, TypeError):
            return 0
    return 0


async def _reference(seed: int, bots: list[tuple[str, int, str]]) -> list[str]:
    server = await start_server()
    try:
        table, _, _ = server.add_table("usa", "base", [
            {"kind": "open"}, {"kind": "open"}, {"kind": "ai", "level": "easy"}], seed=seed)
        seats = [make_bot(server, table.code, level, s, name) for level, s, name in bots]
        tasks = await join_in_order(seats)
        async with asyncio.timeout(90):
            await asyncio.gather(*tasks)
    finally:
        await server.stop()
    assert table.record is not None
    return list(table.record.actions)


def test_server_sigkill_and_client_kill_resume_to_the_same_game(tmp_path: Path) -> None:
    data = tmp_path / "data"
    bots = [("medium", 1, "Ann"), ("easy", 2, "Bo")]
    slog = tmp_path / "server.log"
    server = _ttr("serve", "--port", "0", "--data", str(data), "--seed", "11", "--table",
                  "usa:base:remote,remote,easy", "--exit-when-done", log=slog)
    procs: list[subprocess.Popen[bytes]] = [server]
    try:
        port, code = _wait_for("the server", lambda: _listening(slog))
        addr = f"127.0.0.1:{port}"

        def bot(i: int) -> subprocess.Popen[bytes]:
            level, seed, name = bots[i]
            return _ttr("join", addr, "--code", code, "--bot", level, "--seed", str(seed),
                        "--name", name, "--pace", "0.03", "--resume",
                        str(tmp_path / f"bot{i}.json"), "--give-up", "60",
                        log=tmp_path / f"bot{i}.log")

        for i in range(2):  # one after the other: seats in a known order
            procs.append(bot(i))
            _wait_for(f"bot {i} to join", (tmp_path / f"bot{i}.json").exists)
        _wait_for("40 actions", lambda: _actions(data) >= 40, 60)
        workers = descendants(server.pid) if HAS_PROC else set()  # its AI's (Easy played)
        assert workers or not HAS_PROC
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        assert not still_alive(workers), "the killed server's AI workers live on"
        at_kill = _actions(data)
        server = _ttr("serve", "--port", str(port), "--data", str(data), "--exit-when-done",
                      log=slog)
        procs.append(server)
        _wait_for("more actions after the restart", lambda: _actions(data) > at_kill + 20, 60)
        procs[1].send_signal(signal.SIGKILL)  # a client dies too; it comes back
        procs[1].wait(10)
        procs.append(bot(0))
        for p in (server, procs[2], procs[-1]):
            assert p.wait(120) == 0, p.args
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait(10)
    text = slog.read_text()
    assert "resumed at action" in text and "every table has finished" in text
    finals = [(tmp_path / f"bot{i}.log").read_text().strip().splitlines()[-1] for i in (0, 1)]
    assert finals[0] == finals[1] and finals[0].startswith("final: ")
    [finished] = list((data / "finished").glob("*.json"))
    table = Table.from_dict(read_json(finished), find_map)
    assert table.record is not None and table.state is not None and table.over
    reference = asyncio.run(_reference(11, bots))
    assert table.record.actions == reference, "the interrupted game went another way"
