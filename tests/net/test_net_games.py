"""Whole online games on 127.0.0.1: two remote bot clients and one server AI, USA and
Europe; every frame each client received is checked for leaks."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from netkit import check_frames, join_in_order, make_bot, start_server

from ttr.engine import results
from ttr.net.link import Credentials, Link
from ttr.net.table import Table
from ttr.store.saves import read_json


async def _game(map_id: str, data: Path) -> None:
    server = await start_server(data=data)
    try:
        table, _, _ = server.add_table(map_id, "base", [
            {"kind": "open"}, {"kind": "ai", "level": "easy"}, {"kind": "open"}])
        server.files.write_now(table)
        seats = [make_bot(server, table.code, "medium", 1, "Ann"),
                 make_bot(server, table.code, "easy", 2, "Bo")]
        spectator: list[str] = []
        watcher = Link(Credentials(server.url), {"kind": "watch", "code": table.code},
                       lambda m: None)
        watcher.tap = lambda raw: spectator.append(str(raw))
        watch_task = asyncio.create_task(watcher.run())
        tasks = await join_in_order(seats)
        async with asyncio.timeout(90):
            infos = await asyncio.gather(*tasks)
        await asyncio.sleep(0.2)  # the spectator's last frames
        await watcher.close()
        watch_task.cancel()
        await asyncio.gather(watch_task, return_exceptions=True)
    finally:
        await server.stop()

    assert table.over and table.state is not None and table.record is not None
    final = results(table.state)
    for info in infos:
        assert info is not None and info.status == "done" and info.result == final
    assert table.record.replay(table.game_map) == table.state
    # the finished table file holds the same game
    saved = Table.from_dict(read_json(data / "finished" / f"{table.table_id}.json"),
                            lambda m: server._map(m))
    assert saved.record is not None and saved.record.actions == table.record.actions
    assert saved.state == table.state
    tokens = [json.loads(s.frames[0])["tokens"] for s in seats]
    assert [list(t) for t in tokens] == [["0"], ["2"]]
    for s, seat, other in ((seats[0], 0, tokens[1]["2"]), (seats[1], 2, tokens[0]["0"])):
        n = check_frames(s.frames, seat, table, secrets=[other])
        assert n > 50
        assert not [e for e in s.bot.errors if e[0] not in ("stale",)], s.bot.errors
    assert check_frames(spectator, None, table, secrets=[tokens[0]["0"], tokens[1]["2"]]) > 50


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_whole_game_two_remote_bots_and_a_server_ai(map_id: str, tmp_path: Path) -> None:
    asyncio.run(_game(map_id, tmp_path))
