"""Protocol pieces without sockets: the codec, strict decoding, text cleaning, the table
rules (lobby, tokens, whose turn, legality), persistence, and a fuzzer on moves."""

from __future__ import annotations

import asyncio
import functools
import gc
import json
import random
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from netkit import start_server

from ttr.engine import apply, new_game, observe, redact, results, sample_legal
from ttr.maps.mapfile import find_map
from ttr.net.codec import (
    CodecError,
    event_from_dict,
    event_to_dict,
    public_text,
    result_from_dict,
    result_to_dict,
    view_from_dict,
    view_text,
    view_to_dict,
)
from ttr.net.messages import server_url
from ttr.net.protocol import ProtocolError, check_client, clean_text, decode, normal_code
from ttr.net.server import GC_YOUNG
from ttr.net.table import SEAT_COLORS, Table, token_hash


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_views_events_and_results_survive_json_exactly(map_id: str) -> None:
    gm = find_map(map_id).game_map
    cfg = gm.rules("base")
    state = new_game(gm, cfg, 3, 9)
    rng = random.Random(9)
    while state.stage.name != "GAME_OVER":
        for viewer in (None, 0, 1, 2):
            v = observe(state, viewer)
            assert view_from_dict(json.loads(json.dumps(view_to_dict(v))), gm, cfg) == v
            assert json.loads(view_text(v, public_text(v.public))) == view_to_dict(v)
        tr = apply(state, sample_legal(state, rng))
        for e in tr.events:
            for viewer in (None, 0, 1):
                r = redact(e, viewer)
                assert event_from_dict(json.loads(json.dumps(event_to_dict(r)))) == r
        state = tr.state
    res = results(state)
    assert result_from_dict(json.loads(json.dumps(result_to_dict(res)))) == res


def test_a_view_that_lies_is_refused() -> None:
    gm = find_map("usa").game_map
    cfg = gm.rules("base")
    good = view_to_dict(observe(new_game(gm, cfg, 2, 1), 0))
    for path, value in ((("me", "seat"), 1), (("public", "stage"), "teatime"),
                        (("public", "owners"), {"nowhere": 0}), (("me", "tickets"), ["t999"]),
                        (("legal",), ["fly"]), (("public", "players"), [[0, 1, 2]])):
        bad = json.loads(json.dumps(good))
        target = bad
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        with pytest.raises(CodecError):
            view_from_dict(bad, gm, cfg)
    with pytest.raises(CodecError):
        event_from_dict({"e": "CardTaken", "seat": 0, "source": "sky", "slot": None,
                         "color": None})


@pytest.mark.parametrize("raw, why", [
    (b"{}", "binary"), ("x" * 70_000, "too big"), ("{", "not valid JSON"),
    ("[1]", "object"), ('{"t": 1}', "type"), ('{"t":"sync","x":NaN}', "not valid"),
    ('{"t":"sync","x":1.5}', "not valid"), ('{"t":"sync","x":' + "9" * 5000 + "}", "not valid"),
    ("[" * 50_000 + "]" * 50_000, "too big"), ("[" * 20_000 + "]" * 20_000, "deeply"),
])
def test_decode_refuses_what_is_not_a_plain_message(raw: str | bytes, why: str) -> None:
    with pytest.raises(ProtocolError) as e:
        decode(raw)
    assert e.value.code == "bad_message" and why in e.value.msg


@pytest.mark.parametrize("msg, code", [
    ({"t": "nope"}, "unknown_type"),
    ({"t": "act", "ref": 1, "seat": 0, "seq": 0}, "bad_message"),
    ({"t": "act", "ref": True, "seat": 0, "seq": 0, "action": "deck"}, "bad_message"),
    ({"t": "act", "ref": 1, "seat": 9, "seq": 0, "action": "deck"}, "bad_message"),
    ({"t": "act", "ref": 1, "seat": 0, "seq": 0, "action": "x" * 500}, "bad_message"),
    ({"t": "hello", "v": 1, "op": {"kind": "steal"}}, "bad_message"),
    ({"t": "hello", "v": 1, "op": {"kind": "resume", "table": "a", "tokens": [1]}},
     "bad_message"),
    ({"t": "hello", "v": 1, "op": {"kind": "create", "map": "usa", "variant": "base",
                                   "seats": [{"kind": 3}]}}, "bad_message"),
])
def test_check_client_names_the_problem(msg: dict[str, Any], code: str) -> None:
    with pytest.raises(ProtocolError) as e:
        check_client(msg)
    assert e.value.code == code


def test_clean_text() -> None:
    assert clean_text("  Ann\u0000 \t\nLee\u202e ", "name", 24) == "Ann Lee"
    assert clean_text("Zoe\u0301", "name", 24) == "Zo\u00e9"
    for bad in ("\ud800", "", "   ", "x" * 25, 5, None):
        with pytest.raises(ProtocolError):
            clean_text(bad, "name", 24)
    assert normal_code("abcd-efgh ") == "ABCDEFGH"


def test_server_url_forms() -> None:
    assert server_url("example.org") == "ws://example.org:8765/v1"
    assert server_url("10.0.0.2:9000") == "ws://10.0.0.2:9000/v1"
    assert server_url("wss://example.org") == "wss://example.org:8765/v1"
    assert server_url("[::1]:80") == "ws://[::1]:80/v1"
    for bad in ("", "http://x", "ws://", "host:99999"):
        with pytest.raises(ValueError):
            server_url(bad)


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70001])
def test_the_servers_own_frames_read_as_websockets_reads_them(size: int) -> None:
    from websockets.frames import Frame, Opcode
    from websockets.protocol import Protocol, Side

    from ttr.net.conn import text_frame

    client = Protocol(Side.CLIENT, max_size=None)  # a client's reading, open
    text = ("é" + "x" * size)[:size] if size else ""
    for chunk in (text_frame(text), text_frame("next")):
        client.receive_data(chunk)
    frames = client.events_received()
    assert frames == [Frame(Opcode.TEXT, text.encode()), Frame(Opcode.TEXT, b"next")]


def test_a_running_server_collects_young_objects_less_often_then_puts_it_back() -> None:
    async def run() -> None:
        before = gc.get_threshold()
        server = await start_server()
        try:
            assert gc.get_threshold() == (max(before[0], GC_YOUNG), *before[1:])
        finally:
            await server.stop()
        assert gc.get_threshold() == before

    asyncio.run(run())


@functools.cache
def _usa() -> Any:
    return find_map("usa")


def _table(seats: list[dict[str, Any]], host: bool = True) -> tuple[Table, dict[int, str],
                                                                     str | None]:
    d = _usa()
    return Table.create("t1", "CODE2345", d.game_map, "usa", d.game_map.rules("base"), seats,
                        123, host)


def test_lobby_join_profile_assign_start() -> None:
    table, tokens, host = _table([{"kind": "local", "name": "Hana"}, {"kind": "open"},
                                  {"kind": "open"}])
    assert host is not None and table.is_host(host) and list(tokens) == [0]
    assert table.seats_for([tokens[0], host]) == ([0], True)
    with pytest.raises(ProtocolError):
        table.seats_for(["forged"])
    seat, tok = table.join("Hana")
    assert seat == 1 and table.seats[1].name == "Hana 2"  # names stay unique
    assert table.seats[1].token_hash == token_hash(tok) and tok not in json.dumps(
        table.to_dict())
    table.profile(1, color="red")  # taken by seat 0: they swap
    assert [s.color for s in table.seats][:2] == ["blue", "red"]
    with pytest.raises(ProtocolError):
        table.profile(1, color="pink")
    assert table.can_start() == {"code": "seat_open", "seat": 2}
    table.assign(2, "ai", "easy")
    assert table.seats[2].agent == "easy"
    with pytest.raises(ProtocolError):
        table.assign(1, "ai", "easy")  # a person holds it
    assert table.can_start() == {"code": "not_ready", "names": ["Hana 2"]}
    table.set_ready(1, True)
    table.start()
    assert table.status == "playing" and table.state is not None
    with pytest.raises(ProtocolError) as e:
        table.join("Late")
    assert e.value.code == "not_now"
    assert set(SEAT_COLORS) >= {s.color for s in table.seats}


def test_moves_are_checked_then_the_table_survives_a_restart() -> None:
    table, tokens, _ = _table([{"kind": "local"}, {"kind": "local"}])
    table.start()
    seat = table.to_act()
    assert seat is not None
    other = 1 - seat
    legal = observe(table.state, seat).legal  # type: ignore[arg-type]
    from ttr.engine import format_action

    for args, code in (((other, 0, format_action(legal[0]), 1), "not_your_turn"),
                       ((seat, 3, format_action(legal[0]), 2), "stale"),
                       ((seat, 0, "keep t999", 3), "illegal"),
                       ((seat, 0, "claim x red:\u00b2", 4), "illegal")):
        with pytest.raises(ProtocolError) as e:
            table.act(*args)
        assert e.value.code == code
    table.act(seat, 0, format_action(legal[0]), 7)
    with pytest.raises(ProtocolError) as e:
        table.act(seat, 1, "deck", 7)
    assert e.value.code == "duplicate"
    again = Table.from_dict(json.loads(json.dumps(table.to_dict())), find_map)
    assert again.state == table.state and again.log == table.log
    assert again.seats_for([tokens[0]]) == ([0], False)


def test_a_move_is_found_by_its_notation_or_read_when_written_otherwise() -> None:
    from ttr.engine import format_action

    table, _, _ = _table([{"kind": "local"}, {"kind": "local"}])
    table.start()
    seat = table.to_act()
    assert seat is not None
    legal = observe(table.state, seat).legal  # type: ignore[arg-type]
    assert table.legal_notations(seat) == tuple(format_action(a) for a in legal)
    assert table.legal_notations(1 - seat) == ()
    sent = json.loads(table.state_text([seat], 0))["views"][0]["view"]["legal"]
    assert sent == list(table.legal_notations(seat))
    spaced = "  " + format_action(legal[-1]).replace(" ", "   ") + " "  # not as sent
    table.act(seat, 0, spaced, 1)
    assert table.record is not None and table.record.actions == [format_action(legal[-1])]
    mover = table.to_act()
    assert mover is not None
    for text in (format_action(legal[0]), "keep nowhere"):  # last turn's move: not now
        if text in table.legal_notations(mover):
            continue
        with pytest.raises(ProtocolError) as e:
            table.act(mover, 1, text, 2)
        assert e.value.code == "illegal" and table.seq == 1


@settings(max_examples=120, deadline=None)
@given(seat=st.integers(-3, 8), seq=st.integers(-5, 5), ref=st.integers(0, 10),
       text=st.text(max_size=60) | st.sampled_from(["deck", "faceup 9", "tickets", "pass",
                                                      "keep", "claim", "tunnel red:1"]))
def test_fuzzed_moves_only_ever_raise_protocol_errors(seat: int, seq: int, ref: int,
                                                     text: str) -> None:
    table, _, _ = _table([{"kind": "local"}, {"kind": "local"}])
    table.start()
    before = table.state
    if not 0 <= seat < 2:
        return  # the message schema stops these before the table
    try:
        table.act(seat, seq, text, ref)
    except ProtocolError:
        assert table.state == before and table.seq == 0


def test_rate_limit_names_a_refused_move_and_closes_a_flood() -> None:
    from ttr.net.server import Conn, Server, ServerOptions

    server = Server(ServerOptions(rate=1.0, burst=3, flood_limit=5))
    sent: list[Any] = []
    server._send = lambda conn, msg: sent.append(msg)  # type: ignore[method-assign]
    closed: list[int] = []
    server._close = lambda conn, code, reason, flush=True: closed.append(code)  # type: ignore[method-assign]
    conn = Conn(None, "1.2.3.4", None, tokens=3, stamp=time.monotonic())  # type: ignore[arg-type]
    assert [server._allow(conn, '{"t":"sync"}') for _ in range(4)] == [True] * 3 + [False]
    assert sent[0]["code"] == "rate_limited"
    assert sent[0].get("ref") is None
    server._allow(conn, '{"t":"act","ref":42}')
    assert sent[-1]["code"] == "rate_limited" and sent[-1]["ref"] == 42
    for _ in range(5):
        server._allow(conn, "junk")
    assert closed and set(closed) == {4008}


def test_the_janitor_lets_empty_lobbies_and_finished_tables_go(tmp_path: Any) -> None:
    from ttr.net.server import Server, ServerOptions

    server = Server(ServerOptions(data=tmp_path, forget_done=10, forget_lobby=100))
    lobby, _, _ = server.add_table("usa", "base", [{"kind": "open"}, {"kind": "open"}])
    done, _, _ = server.add_table("usa", "base", [{"kind": "open"}, {"kind": "open"}])
    kept, _, _ = server.add_table("usa", "base", [{"kind": "open"}, {"kind": "open"}])
    for t in (lobby, done, kept):
        server.files.write_now(t)
    done.status = "done"
    server.watch.add(kept.table_id)  # a --table table stays
    now = time.monotonic()
    assert server.sweep(now + 5) == []
    assert server.sweep(now + 50) == [done.table_id]
    assert server.sweep(now + 500) == [lobby.table_id]
    assert set(server.tables) == {kept.table_id} and lobby.code not in server.codes
    assert not (tmp_path / "tables" / f"{lobby.table_id}.json").exists()
    assert (tmp_path / "tables" / f"{kept.table_id}.json").exists()


def test_a_save_is_written_at_once_and_synced_soon_after(tmp_path: Any, monkeypatch: Any) -> None:
    """Updates never wait for fsync: `files.save` writes and renames the table file before it
    returns (a killed server loses nothing anyone heard of), the batched fsync follows
    within SYNC_EVERY, and `stop` syncs whatever is still pending."""
    import asyncio

    import ttr.net.tablefiles as tablefiles
    from ttr.net.server import Server, ServerOptions

    synced: list[set[Any]] = []
    monkeypatch.setattr(tablefiles, "sync_files", lambda paths: synced.append(set(paths)))
    monkeypatch.setattr(tablefiles, "SYNC_EVERY", 0.01)

    async def scenario() -> None:
        server = Server(ServerOptions(data=tmp_path, port=0, host="127.0.0.1"))
        await server.start()
        try:
            table, _, _ = server.add_table("usa", "base", [{"kind": "open"}, {"kind": "open"}])
            path = tmp_path / "tables" / f"{table.table_id}.json"
            await server.files.save(table)
            assert path.exists() and not synced  # written now, fsync not yet
            for _ in range(200):  # bounded: at most 2 s
                if synced:
                    break
                await asyncio.sleep(0.01)
            assert synced == [{path}]
            await server.files.save(table)
        finally:
            await server.stop()
        assert synced == [{path}, {path}]  # the last save was synced on stop

    asyncio.run(scenario())
