"""A running game's moves are appended to a journal next to its table file: a server
that restarts finds every move anyone was told, a line written only in part is cut off
again (or, failing that, the next save rewrites the whole file), and a journal is read
up to its first line that is not the next move."""

from __future__ import annotations

import asyncio
import errno
import os
import random
from pathlib import Path
from typing import Any

import pytest

from ttr.engine import format_action
from ttr.net.conn import ServerOptions
from ttr.net.server import Server
from ttr.net.table import Table
from ttr.net.tablefiles import CannotSave, TableFiles


def _server(data: Path) -> tuple[Server, Table]:
    server = Server(ServerOptions(data=data))
    table, _, _ = server.add_table("usa", "base", [{"kind": "local"}, {"kind": "local"}],
                                   seed=3)
    table.start()
    return server, table


def _move(table: Table, rng: random.Random) -> None:
    seat = table.to_act()
    assert seat is not None
    table.act(seat, table.seq, format_action(rng.choice(table.view(seat).legal)),
              table.seq + 1)


def _saved_moves(data: Path, seed: int,
                 moves: int) -> tuple[Server, Table, Path, random.Random]:
    """A table written whole, then `moves` random moves each saved to its journal (and
    the random numbers that picked them, for more)."""
    server, table = _server(data)
    rng = random.Random(seed)
    server.files.write_now(table)
    for _ in range(moves):
        _move(table, rng)
        asyncio.run(server.files.save(table))
    return server, table, server.files.journal(table.table_id), rng


def _reloaded(server: Server, data: Path) -> Table:
    [table] = TableFiles(data).load(server._map)
    return table


def test_moves_go_to_the_journal_and_a_restart_finds_them(tmp_path: Path) -> None:
    server, table = _server(tmp_path)
    rng = random.Random(1)

    async def play() -> None:
        await server.files.save(table)  # the start: the whole file
        for _ in range(12):
            _move(table, rng)
            await server.files.save(table)

    asyncio.run(play())
    journal = server.files.journal(table.table_id)
    assert len(journal.read_bytes().splitlines()) == 12
    again = _reloaded(server, tmp_path)
    assert again.seq == 12 and again.state == table.state and again.log == table.log
    server.files.rewrite_next(table.table_id)  # a chat line, say: the next save is whole
    _move(table, rng)
    asyncio.run(server.files.save(table))
    assert not journal.exists() and _reloaded(server, tmp_path).state == table.state
    server.files.close()


def test_a_line_written_in_part_is_cut_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    server, table, journal, rng = _saved_moves(tmp_path, 2, 3)
    before = journal.read_bytes()
    real_write, real_truncate = os.write, os.ftruncate

    def half(fd: int, data: Any) -> int:  # the disk fills up in the middle of the line
        return real_write(fd, bytes(data)[: len(data) // 2])

    mark = table.mark()
    _move(table, rng)
    monkeypatch.setattr(os, "write", half)
    with pytest.raises(CannotSave) as e:
        asyncio.run(server.files.save(table))
    assert e.value.reason == "disk_full" and journal.read_bytes() == before
    table.undo(mark)

    def no_truncate(fd: int, size: int) -> None:
        raise OSError(errno.EIO, "Input/output error")

    _move(table, rng)
    monkeypatch.setattr(os, "ftruncate", no_truncate)
    with pytest.raises(CannotSave) as e:
        asyncio.run(server.files.save(table))
    assert e.value.reason == "disk_full" and journal.read_bytes() != before
    assert _reloaded(server, tmp_path).seq == 3  # the torn line is not a move
    table.undo(mark)
    monkeypatch.setattr(os, "write", real_write)
    monkeypatch.setattr(os, "ftruncate", real_truncate)
    _move(table, rng)
    asyncio.run(server.files.save(table))  # the whole file again, the torn journal gone
    assert not journal.exists()
    assert _reloaded(server, tmp_path).state == table.state
    server.files.close()


def test_a_journal_is_read_up_to_the_first_line_that_is_not_the_next_move(
        tmp_path: Path) -> None:
    server, table, journal, rng = _saved_moves(tmp_path, 3, 4)
    lines = journal.read_bytes().splitlines(keepends=True)
    for tail in (b'{"n":4,"a":"dec', b'{"n":9,"a":"deck"}\n', b"\x00\x00\n"):
        journal.write_bytes(b"".join(lines[:3]) + tail)
        assert _reloaded(server, tmp_path).seq == 3
    journal.write_bytes(lines[0] + b"".join(lines))  # a repeated line is skipped
    assert _reloaded(server, tmp_path).seq == 4
    server.files.close()


def test_journals_beyond_those_kept_open_are_closed_and_reopened(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import ttr.net.tablefiles as tablefiles

    monkeypatch.setattr(tablefiles, "OPEN_JOURNALS", 1)
    server, one = _server(tmp_path)
    two, _, _ = server.add_table("usa", "base", [{"kind": "local"}, {"kind": "local"}],
                                 seed=4)
    two.start()
    rng = random.Random(4)
    for t in (one, two):
        server.files.write_now(t)
    for _ in range(5):
        for t in (one, two):  # each move closes the other table's journal
            _move(t, rng)
            asyncio.run(server.files.save(t))
            assert len(server.files._open) == 1
    again = {t.table_id: t for t in TableFiles(tmp_path).load(server._map)}
    assert again[one.table_id].state == one.state and again[two.table_id].state == two.state
    server.files.close()
    assert not server.files._open
