"""LAN discovery on loopback: an announced server is listed with its open lobby (and
never its invite code); without zeroconf the browser says how to do without."""

from __future__ import annotations

import asyncio
import time

import pytest
from netkit import start_server

from ttr.net import discovery
from ttr.net.discovery import Announcer, Browser


async def _found() -> list[discovery.Found]:
    server = await start_server()
    table, _, _ = server.add_table("usa", "base", [{"kind": "open"},
                                                   {"kind": "ai", "level": "easy"}])
    announcer = Announcer.start(server, ["127.0.0.1"])
    assert announcer is not None
    browser = Browser(["127.0.0.1"])
    try:
        assert browser.start(), browser.problem
        end = time.monotonic() + 15
        while not browser.found() and time.monotonic() < end:
            await asyncio.sleep(0.1)
        found = browser.found()
        assert table.code not in repr(found) and table.code not in repr(announcer.props)
        return found
    finally:
        browser.close()
        await announcer.stop()
        await server.stop()


def test_an_announced_server_is_found() -> None:
    pytest.importorskip("zeroconf")
    found = asyncio.run(_found())
    assert len(found) == 1
    assert found[0].address.startswith("127.0.0.1:") and found[0].detail == "usa/base 1/2"
    assert (found[0].map_id, found[0].variant, found[0].taken, found[0].seats) == \
        ("usa", "base", 1, 2)


def test_without_zeroconf_the_browser_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discovery, "available", lambda: False)
    b = Browser()
    assert not b.start() and b.problem == discovery.MISSING and b.found() == []
    b.close()


async def _updated() -> list[discovery.Found]:
    server = await start_server()
    announcer = Announcer.start(server, ["127.0.0.1"])  # no table yet
    assert announcer is not None
    table, _, _ = server.add_table("europe", "base", [{"kind": "open"}, {"kind": "open"}])
    server._changed(table)  # a table opened while the announcement is being registered
    browser = Browser(["127.0.0.1"])
    try:
        assert browser.start()
        end = time.monotonic() + 15
        while time.monotonic() < end and not [
                f for f in browser.found() if f.detail == "europe/base 0/2"]:
            await asyncio.sleep(0.1)
        return browser.found()
    finally:
        browser.close()
        await announcer.stop()
        await server.stop()


def test_a_table_opened_while_announcing_is_listed() -> None:
    pytest.importorskip("zeroconf")
    found = asyncio.run(_updated())
    assert [f.detail for f in found] == ["europe/base 0/2"]
