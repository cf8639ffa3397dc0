"""A server that cannot save tells nobody what it did not save: the move is refused or
the table waits, every client is told why (`cannot_save`, `disk_full`), the files on
disk never go backwards, and play goes on once saving works again. The disk is made
"full" by a writer that fails with ENOSPC (the tmpfs case by hand: docs/PROTOCOL.md)."""

from __future__ import annotations

import asyncio
import errno
import json
import random
import threading
from pathlib import Path
from typing import Any

from netkit import check_frames, join_in_order, make_bot, start_server
from websockets.asyncio.client import connect

from ttr.engine import format_action
from ttr.net.messages import read_table
from ttr.net.server import Server
from ttr.net.table import Table
from ttr.net.tablefiles import add_journal
from ttr.net.words import cannot_save_text
from ttr.store.saves import read_json


class FullDisk:
    """Wraps a server's table writers (whole files and appended moves): they fail with
    ENOSPC while `full` is set; keeps the number of moves saved by every write."""

    def __init__(self, server: Server) -> None:
        self.full = threading.Event()
        self.written: list[int] = []
        files = server.files
        self._file, self._line = files._put_file, files._put_line
        files._put_file = self.put_file  # type: ignore[method-assign]
        files._put_line = self.put_line  # type: ignore[method-assign]

    def put_file(self, path: Path, text: str, sync: bool) -> None:
        if self.full.is_set():
            raise OSError(errno.ENOSPC, "No space left on device")
        self._file(path, text, sync)
        save = json.loads(text)["save"]
        self.written.append(len(save["record"]["actions"]) if save else 0)

    def put_line(self, path: Path, line: bytes) -> None:
        if self.full.is_set():
            raise OSError(errno.ENOSPC, "No space left on device")
        self._line(path, line)
        self.written.append(json.loads(line)["n"])


def _on_disk(data: Path, table: Table) -> tuple[str, int]:
    """(folder, actions) that a restarted server would find: the table file and its
    journal of moves."""
    for sub in ("finished", "tables"):
        path = data / sub / f"{table.table_id}.json"
        if path.exists():
            saved = read_json(path)
            add_journal(saved, path.with_suffix(".moves"))
            return sub, len(saved["save"]["record"]["actions"]) if saved["save"] else 0
    return "", -1


async def _until(check: Any, timeout: float = 20.0) -> None:
    async with asyncio.timeout(timeout):
        while not check():
            await asyncio.sleep(0.01)


def _one_move_from_the_end(table: Table) -> str:
    """Play random legal moves until the next one would end the game; returns it."""
    rng = random.Random(5)
    ref = 0
    while True:
        seat = table.to_act()
        assert seat is not None
        mark = table.mark()
        ref += 1
        move = format_action(rng.choice(table.view(seat).legal))
        table.act(seat, table.seq, move, ref)
        if table.over:
            table.undo(mark)
            return move


async def _game_ending_move(data: Path) -> None:
    server = await start_server(data=data, save_retry=0.05)
    try:
        disk = FullDisk(server)
        table, tokens, _ = server.add_table("usa", "base", [{"kind": "local"},
                                                            {"kind": "local"}])
        table.start()
        final = _one_move_from_the_end(table)
        server.files.write_now(table)
        last = table.seq
        seat = table.to_act()
        assert seat is not None
        disk.full.set()
        async with connect(server.url) as ws:
            got: list[dict[str, Any]] = []

            async def next_of(t: str) -> dict[str, Any]:
                while True:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    got.append(msg)
                    if msg["t"] == t:
                        return msg

            await ws.send(json.dumps({"t": "hello", "v": 1, "op": {
                "kind": "resume", "table": table.table_id, "tokens": list(tokens.values()),
                "last_seq": last}}))
            assert (await next_of("state"))["seq"] == last
            await ws.send(json.dumps({"t": "act", "ref": 1, "seat": seat, "seq": last,
                                      "action": final}))
            paused = await next_of("table")
            assert paused["paused"] == {"code": "cannot_save", "reason": "disk_full"}
            assert read_table(paused).paused == "disk_full"
            refused = await next_of("error")
            assert refused["code"] == "cannot_save" and refused["ref"] == 1
            assert refused["data"] == {"reason": "disk_full"}
            assert "disk is full" in cannot_save_text(refused["data"])
            # the move was undone: on disk and in the server the game is one move short
            assert table.seq == last and not table.over and table.paused == "disk_full"
            assert _on_disk(data, table) == ("tables", last)
            await asyncio.sleep(0.3)  # the server keeps trying meanwhile
            assert _on_disk(data, table) == ("tables", last)
            disk.full.clear()
            assert (await next_of("table"))["paused"] is None  # saved again: go on
            await ws.send(json.dumps({"t": "act", "ref": 2, "seat": seat, "seq": last,
                                      "action": final}))
            done = await next_of("state")
            assert done["seq"] == last + 1 and done["ref"] == 2
            assert any(e["e"] == "GameOver" for v in done["views"] for e in v["events"])
            assert not [m for m in got if m["t"] == "state" and m["seq"] > last
                        and m is not done]
        assert table.over and _on_disk(data, table) == ("finished", last + 1)
        assert not (data / "tables" / f"{table.table_id}.json").exists()
        assert disk.written == sorted(disk.written)  # never backwards
    finally:
        await server.stop()


def test_the_game_ending_move_is_refused_while_the_disk_is_full(tmp_path: Path) -> None:
    asyncio.run(_game_ending_move(tmp_path))


async def _whole_game(data: Path) -> None:
    server = await start_server(data=data, save_retry=0.05)
    try:
        disk = FullDisk(server)
        table, _, _ = server.add_table("usa", "base", [
            {"kind": "open"}, {"kind": "ai", "level": "easy"}, {"kind": "open"}])
        server.files.write_now(table)
        seats = [make_bot(server, table.code, "easy", 1, "Ann", delay=0.01),
                 make_bot(server, table.code, "easy", 2, "Bo", delay=0.01)]
        told_unsaved: list[int] = []
        for s in seats:
            frames = s.frames

            def tap(raw: str | bytes, frames: list[str] = frames) -> None:
                msg = json.loads(raw)
                if msg["t"] == "state" and msg["seq"] > max(disk.written, default=0):
                    told_unsaved.append(msg["seq"])
                frames.append(str(raw))

            s.bot.link.tap = tap
        tasks = await join_in_order(seats)
        await _until(lambda: table.seq >= 30)
        disk.full.set()
        await _until(lambda: table.paused == "disk_full")
        stuck = table.seq
        await asyncio.sleep(0.5)  # bots and the AI try to move; nothing is saved or told
        assert table.seq == stuck and _on_disk(data, table) == ("tables", stuck)
        disk.full.clear()
        async with asyncio.timeout(90):
            infos = await asyncio.gather(*tasks)
    finally:
        await server.stop()
    assert table.over and table.paused is None and table.record is not None
    assert _on_disk(data, table) == ("finished", table.seq)
    assert not told_unsaved and disk.written == sorted(disk.written)
    for info in infos:
        assert info is not None and info.status == "done"
    for s, seat in zip(seats, (0, 2), strict=True):
        check_frames(s.frames, seat, table)  # exactly the game, nothing undone was told
        pauses = [json.loads(f).get("paused") for f in s.frames if '"t":"table"' in f]
        assert {"code": "cannot_save", "reason": "disk_full"} in pauses
        assert pauses[-1] is None


def test_a_game_waits_while_the_disk_is_full_and_then_goes_on(tmp_path: Path) -> None:
    asyncio.run(_whole_game(tmp_path))


def test_the_window_says_why_and_gets_its_move_back(tmp_path: Path, monkeypatch: Any) -> None:
    """A refused move that the board already shows as sent comes back with its legal
    moves; the session has the words for the notice and the paused table."""
    from netkit import ServerThread

    from ttr.net import remote
    from ttr.net.client import NetClient
    from ttr.net.link import Credentials
    from ttr.net.remote import RemoteSession

    monkeypatch.setattr(remote, "SUBMIT_WAIT", 0.0)  # the board shows "sent" at once
    with ServerThread(data=tmp_path, save_retry=0.05) as st:
        assert st.server is not None
        disk = FullDisk(st.server)
        s = RemoteSession(NetClient(Credentials(st.url), {
            "kind": "create", "map": "usa", "variant": "base",
            "seats": [{"kind": "local"}, {"kind": "ai", "level": "easy"}]}).start())
        try:
            def wait(ok: Any, play_ai: bool = True) -> None:
                for _ in range(2000):
                    if ok():
                        return
                    s.pump(block=0.01)
                    if play_ai and s.started and s.to_act != 0:
                        s.poll_ai()
                raise AssertionError("timed out")

            s.send({"t": "start"})
            wait(lambda: s.started and s.to_act == 0 and s.is_human(0))
            view = s.view_for(0)
            disk.full.set()
            sent = s.submit(view.legal[0])
            assert not sent.view.legal  # waiting for the server
            wait(lambda: not s._flight and s._pending, play_ai=False)
            back = s.poll_ai()
            assert back is not None and back.view.legal == view.legal
            assert s.info is not None and s.info.paused == "disk_full"
            assert any("disk is full" in n for n in s.notices)
            disk.full.clear()
            wait(lambda: s.info is not None and s.info.paused is None)
            s.submit(view.legal[0])
            wait(lambda: bool(s._pending), play_ai=False)
            assert s.poll_ai() is not None and s._seq == 1
        finally:
            s.close()


def test_undo_forgets_a_move_and_its_ref() -> None:
    """An undone move is as if never made: the same move with the same `ref` may be sent
    again (it is not a "duplicate"), and the table is as before, views included."""
    from ttr.maps.mapfile import find_map

    gm = find_map("usa").game_map
    table, _, _ = Table.create("t", "CODE2345", gm, "usa", gm.rules("base"),
                               [{"kind": "local"}, {"kind": "local"}], 5, False)
    table.start()
    seat = table.to_act()
    assert seat is not None
    before, text = table.state, table.state_text([seat], 0)
    move = format_action(table.view(seat).legal[0])
    mark = table.mark()
    table.act(seat, 0, move, 7)
    table.undo(mark)
    assert table.state is before and table.seq == 0 and not table.log
    assert table.state_text([seat], 0) == text
    table.act(seat, 0, move, 7)
    assert table.seq == 1
