"""Two players at one table, two languages: the server sends codes and data (an error's
`msg` is for developers), and each client words them in its own player's language.

The language is process-wide (`ttr.i18n.set_language`), so the two clients of this
test take in what they received each under its own language: what a player reads is
worded on arrival, from the code, never from the server's English. The catalogs are
small test catalogs compiled into a temporary folder."""

from __future__ import annotations

import re
import struct
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from netkit import ServerThread

import ttr.i18n as i18n
from ttr.net.client import NetClient
from ttr.net.link import Credentials, LinkClosed
from ttr.net.messages import Reason
from ttr.net.remote import RemoteSession
from ttr.net.words import can_start_text, closed_text, refusal

ROOT = Path(__file__).resolve().parents[2]

CATALOGS: dict[str, dict[str, str]] = {
    "de": {"Only the host can do that": "Nur der Gastgeber darf das",
           "Seat {seat} is still open: invite someone or give it to an AI":
               "Platz {seat} ist noch frei: lade jemanden ein oder gib ihn einer KI",
           "The server refused ({code})": "Der Server lehnt ab ({code})",
           "This table no longer exists": "Diesen Tisch gibt es nicht mehr"},
    "fr": {"Only the host can do that": "Seul l'hôte peut faire cela",
           "Seat {seat} is still open: invite someone or give it to an AI":
               "La place {seat} est libre : invitez quelqu'un ou donnez-la à une IA",
           "The server refused ({code})": "Le serveur refuse ({code})",
           "This table no longer exists": "Cette table n'existe plus"},
}


def write_mo(path: Path, messages: dict[str, str]) -> None:
    """A GNU .mo file of `messages` (what msgfmt writes, without the hash table)."""
    header = "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; " \
             "plural=(n != 1);\n"
    items = sorted({"": header, **messages}.items())
    ids = [k.encode() for k, _v in items]
    strs = [v.encode() for _k, v in items]
    n = len(items)
    start = 28 + 16 * n
    table_o, table_t, blob = [], [], b""
    for group, table in ((ids, table_o), (strs, table_t)):
        for s in group:
            table.append((len(s), start + len(blob)))
            blob += s + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, n, 28, 28 + 8 * n, 0, 0)
    out += b"".join(struct.pack("<2I", *e) for e in table_o + table_t)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out + blob)


@pytest.fixture
def languages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """German and French test catalogs in place of the game's; English again after."""
    for code, messages in CATALOGS.items():
        write_mo(tmp_path / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo", messages)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_translations", {})
    yield
    monkeypatch.undo()
    i18n.set_language("en")  # the game's own English again (not the test catalog's)


def _session(url: str, code: str, name: str, wire: list[dict[str, Any]]) -> RemoteSession:
    """A client; every message it receives is also kept in `wire`."""
    net = NetClient(Credentials(url), {"kind": "join", "code": code, "name": name}).start()
    session = RemoteSession(net)
    take = session._take

    def keep(kind: str, item: Any) -> None:
        if kind == "msg":
            wire.append(item)
        take(kind, item)

    session._take = keep  # type: ignore[method-assign]
    return session


def _pump_in(lang: str, session: RemoteSession, until: Any, timeout: float = 20) -> None:
    """Take in what `session` received with its player's language set."""
    i18n.set_language(lang)
    end = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < end, "timed out"
        session.pump(block=0.02)


def test_two_players_read_the_servers_refusals_each_in_their_language(languages: None
                                                                        ) -> None:
    with ServerThread() as st:
        table, _t, _p = st.add_table("usa", "base", [{"kind": "open"}, {"kind": "open"},
                                                     {"kind": "open"}])
        ann_wire: list[dict[str, Any]] = []
        bo_wire: list[dict[str, Any]] = []
        ann = _session(st.url, table.code, "Ann", ann_wire)
        bo = _session(st.url, table.code, "Bo", bo_wire)
        try:
            _pump_in("de", ann, lambda: ann.info is not None)
            _pump_in("fr", bo, lambda: bo.info is not None)
            for s in (ann, bo):
                s.send({"t": "start"})  # neither is the host
            _pump_in("de", ann, lambda: bool(ann.notices))
            _pump_in("fr", bo, lambda: bool(bo.notices))
            assert ann.notices[-1] == "Nur der Gastgeber darf das"
            assert bo.notices[-1] == "Seul l'hôte peut faire cela"
            for wire in (ann_wire, bo_wire):
                errors = [m for m in wire if m["t"] == "error"]
                assert [e["code"] for e in errors] == ["not_host"]
                assert all(e["msg"] not in n for e in errors
                           for n in (*ann.notices, *bo.notices))
                tables = [m for m in wire if m["t"] == "table"]
                assert tables and all(isinstance(t["can_start"], dict) for t in tables)
            # why the game cannot start: a code and a seat, worded by each
            ann_why = ann.info and ann.info.can_start
            assert ann_why == Reason("seat_open", 2)
            i18n.set_language("de")
            assert can_start_text(ann_why) == \
                "Platz 3 ist noch frei: lade jemanden ein oder gib ihn einer KI"
            i18n.set_language("fr")
            assert can_start_text(ann_why) == \
                "La place 3 est libre : invitez quelqu'un ou donnez-la à une IA"
        finally:
            ann.close()
            bo.close()


def test_every_documented_code_has_words_and_an_unknown_one_a_general_sentence(
        languages: None) -> None:
    """docs/PROTOCOL.md's table of codes: each has its own words (never the general
    sentence, never the English `msg`), in the player's language where the catalog
    has them; a code the client does not know is named in a general sentence."""
    doc = (ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    section = doc.split("## Codes", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([a-z_]+)` \| ([^|]*)\|", section, re.M)
    codes = {c for c, kind in rows if kind.strip() == "error"}
    whys = {c for c, kind in rows if kind.strip().startswith("why")}
    starts = {c for c, kind in rows if "can_start" in kind}
    assert {"not_host", "not_your_turn", "cannot_save", "version"} <= codes
    assert {"hints_off", "seat_held", "started"} <= whys and starts
    for code in codes:
        assert f"({code})" not in refusal(code, {}), code
    for why in whys:
        assert "(" + why + ")" not in refusal("not_now", {"why": why, "seat": 1, "name": "Gus",
                                                          "map": "moon"}), why
    for code in starts:
        assert "(" + code + ")" not in can_start_text(Reason(code, 0, ("Gus",))), code
    assert refusal("not_your_turn", {"seat": 1, "name": "Gus"}) == \
        "It is not your turn: it is Gus's"
    assert refusal("future_thing") == "The server refused (future_thing)"
    i18n.set_language("de")
    assert refusal("future_thing") == "Der Server lehnt ab (future_thing)"
    assert refusal("unknown_table", {"why": "gone"}) == "Diesen Tisch gibt es nicht mehr"
    assert closed_text(LinkClosed("this table no longer exists", "close4002")) == \
        "Diesen Tisch gibt es nicht mehr"  # the server's close reason is not shown
