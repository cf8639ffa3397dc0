"""`RemoteSession` plays whole games through the same calls the board makes of a local
`GameSession`: remote humans, hot-seat at the host's screen, chat; every update it
hands the board is exactly what the seat at the screen may see."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import pytest
from netkit import ServerThread, make_bot, replay_log

from ttr.ai.review import decisions_from
from ttr.engine import GameState, Stage, TtrError, new_game, observe, parse_action, results
from ttr.game.coach import can_hint, start_hint, start_online_review
from ttr.game.table import TableSession
from ttr.maps.mapfile import find_map
from ttr.net import remote
from ttr.net.client import NetClient
from ttr.net.link import Credentials
from ttr.net.remote import RemoteSession
from ttr.net.server import Server
from ttr.net.table import Table


def _session(url: str, op: dict[str, Any]) -> RemoteSession:
    return RemoteSession(NetClient(Credentials(url), op).start())


def _wait(what: str, ok: Any, sessions: list[RemoteSession], timeout: float = 20) -> None:
    end = time.monotonic() + timeout
    while not ok():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        for s in sessions:
            s.pump(block=0.01)


def _play(sessions: list[RemoteSession], seed: int, timeout: float = 90
          ) -> list[list[tuple[int | None, int, Any]]]:
    """Drive each session like the board does, until every one shows the game over.
    Returns per session (screen owner, action number, view) of every update."""
    rng = random.Random(seed)
    seen: list[list[tuple[int | None, int, Any]]] = [[] for _ in sessions]
    end = time.monotonic() + timeout
    while not all(s.over for s in sessions):
        assert time.monotonic() < end, "the game did not end in time"
        idle = True
        for i, s in enumerate(sessions):
            s.pump()
            if s.over or not s.started:
                continue
            ps: TableSession = s  # the board's view of it
            handoff = ps.pending_handoff()
            if handoff is not None:
                ps.take_screen(handoff)  # the curtain was dismissed
            seat = ps.to_act
            if seat is None:
                continue
            if ps.is_human(seat):
                v = ps.screen_view()
                if v.legal and v.viewer == seat:
                    u = ps.submit(rng.choice(v.legal))
                    seen[i].append((s.screen_owner, s._seq, u.view))
                    idle = False
            else:
                u2 = ps.poll_ai()
                if u2 is not None:
                    seen[i].append((s.screen_owner, s._seq, u2.view))
                    idle = False
        if idle:
            time.sleep(0.002)
    return seen


def _check(seen: list[tuple[int | None, int, Any]], states: list[GameState]) -> int:
    """Every view handed over is the screen owner's view of the real game at that time
    (a move waiting for the server shows the same view without moves)."""
    n = 0
    for owner, seq, view in seen:
        assert view.viewer == owner or (view.viewer is None and owner is None)
        want = observe(states[seq], view.viewer)
        if view.legal or not want.legal:
            assert view == want
        else:  # submitted, waiting for the answer
            assert view.public == want.public and view.me == want.me
        n += 1
    return n


def _table(server: Server) -> Any:
    return next(iter(server.tables.values()))


@pytest.mark.parametrize("wait", [remote.SUBMIT_WAIT, 0.0])
def test_two_remote_humans_and_a_server_ai(wait: float, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    monkeypatch.setattr(remote, "SUBMIT_WAIT", wait)  # 0: every answer comes by poll_ai
    with ServerThread() as server:
        table, _, _ = server.add_table("europe", "base", [
            {"kind": "open"}, {"kind": "ai", "level": "easy"}, {"kind": "open"}])
        ann = _session(server.url, {"kind": "join", "code": table.code, "name": "Ann"})
        _wait("Ann's seat", lambda: ann.welcomed, [ann])
        bo = _session(server.url, {"kind": "join", "code": table.code, "name": "Bo"})
        _wait("the game", lambda: ann.started and bo.started, [ann, bo])
        assert ann.local == (0,) and bo.local == (2,) and not ann.hot_seat
        bo.send_chat("  good   luck ")
        _wait("the chat line", lambda: any(c.text == "good luck" for c in ann.chat), [ann, bo])
        seen = _play([ann, bo], 1)
        for s in (ann, bo):
            s.close()
    states, _ = replay_log(table)
    assert table.over and ann.results() == bo.results() == results(table.state)
    assert _check(seen[0], states) > 30 and _check(seen[1], states) > 30
    assert [s.name for s in ann.seats] == ["Ann", "Ada", "Bo"]
    assert ann.seats[1].agent == "easy" and ann.seats[0].agent is None


def test_hot_seat_at_the_host_with_a_remote_bot() -> None:
    with ServerThread() as server:
        host = _session(server.url, {"kind": "create", "map": "usa", "variant": "base",
                                     "seats": [{"kind": "local", "name": "Ann"},
                                               {"kind": "local", "name": "Bo"},
                                               {"kind": "open"}]})
        _wait("the table", lambda: host.info is not None, [host])
        assert host.info is not None and host.host and host.hot_seat
        assert host.screen_owner is None  # a curtain comes first
        assert server.server is not None
        bot = make_bot(server.server, host.info.code, "easy", 9, "Cy")
        bot_task = asyncio.run_coroutine_threadsafe(bot.bot.run(), server.loop)
        _wait("the bot", lambda: host.info is not None and host.info.can_start is None, [host])
        host.send({"t": "start"})
        _wait("the game", lambda: host.started, [host])
        seen = _play([host], 2)
        bot_task.result(30)
        host.close()
        table = _table(server.server)
    states, _ = replay_log(table)
    assert _check(seen[0], states) > 40
    owners = {o for o, _, _ in seen[0]}
    # None: a move that leaves the other person here to act first gives up the screen
    assert owners == {0, 1, None}, owners
    assert host.results() == results(table.state)



def _until_my_main_turn(s: RemoteSession, seed: int, timeout: float = 30) -> None:
    """Play `s`'s seat at random (the server's AI plays the other) until its first main
    turn."""
    rng = random.Random(seed)
    end = time.monotonic() + timeout
    while True:
        assert time.monotonic() < end, "the seat's main turn never came"
        s.pump(block=0.01)
        s.poll_ai()
        seat = s.to_act if s.started else None
        if seat is None or not s.is_human(seat):
            continue
        v = s.view_for(seat)
        if v.public.stage == Stage.CHOOSE_ACTION:
            return
        s.submit(rng.choice(v.legal))


@pytest.mark.parametrize("allowed", [True, False])
def test_hints_at_an_online_table_follow_the_hosts_choice_and_are_counted_there(
        allowed: bool) -> None:
    """The host's choice reaches the joiners; a hint comes from the seat's own view and
    the server counts it in the record; a table without hints refuses a forged count."""
    with ServerThread() as server:
        table, _, _ = server.add_table("usa", "base", [
            {"kind": "open"}, {"kind": "ai", "level": "easy"}], hints=allowed)
        ann = _session(server.url, {"kind": "join", "code": table.code, "name": "Ann"})
        _wait("the game", lambda: ann.started and ann.info is not None, [ann])
        assert ann.hints_allowed is allowed
        _until_my_main_turn(ann, 3)
        if allowed:
            assert can_hint(ann) == 0
            job = start_hint(ann, budget=0.3, workers=0)
            shown = job.wait(30)
            assert shown is not None and shown.action in ann.view_for(0).legal
            _wait("the count", lambda: table.record is not None
                  and table.record.seats[0].hints == 1, [ann])
            job.result()  # counted once, however often it is read
        else:
            assert can_hint(ann) is None
            ann.send({"t": "hint", "seat": 0})
            _wait("the refusal", lambda: any("off" in n for n in ann.notices), [ann])
        ann.send({"t": "hint", "seat": 1})  # not ours; answered after the one before
        _wait("the refusal", lambda: any("seat" in n for n in ann.notices), [ann])
        assert table.record is not None
        assert [s.hints for s in table.record.seats] == [1 if allowed else 0, 0]
        again = Table.from_dict(table.to_dict(), find_map)
        assert again.hints is allowed and again.record is not None
        assert again.record.hints_allowed is allowed
        assert [s.hints for s in again.record.seats] == [1 if allowed else 0, 0]
        ann.close()


def test_a_host_may_turn_hints_off_when_creating_a_table() -> None:
    with ServerThread() as server:
        host = _session(server.url, {"kind": "create", "map": "usa", "variant": "base",
                                     "seats": [{"kind": "local"}, {"kind": "open"}],
                                     "hints": False})
        _wait("the table", lambda: host.info is not None, [host])
        assert host.info is not None and host.info.hints is False and not host.hints_allowed
        host.close()


def test_an_online_game_is_reviewed_from_exactly_the_decisions_its_players_saw() -> None:
    """At the end each window holds its people's decisions, each with the view the
    server sent: the same decisions a review of the server's record finds (nothing
    missing, nothing another seat could see); the coach reviews from them."""
    with ServerThread() as server:
        host = _session(server.url, {"kind": "create", "map": "usa", "variant": "base",
                                     "seats": [{"kind": "local", "name": "Ann"},
                                               {"kind": "local", "name": "Bo"},
                                               {"kind": "ai", "level": "easy"}]})
        _wait("the table", lambda: host.info is not None, [host])
        host.send({"t": "start"})
        _wait("the game", lambda: host.started, [host])
        assert host.played() is None  # not before the end
        _play([host], 5)
        host.close()
        table = _table(server.server)
    played = host.played()
    assert played is not None and played.names == ("Ann", "Bo", "Ada")
    assert played.result == results(table.state) and sorted(played.decisions) == [0, 1]
    assert table.record is not None
    start = new_game(table.game_map, table.record.config, 3, table.record.seed)
    actions = [parse_action(t) for t in table.record.actions]
    for seat in (0, 1):
        want, _ = decisions_from(start, actions, seat)
        assert list(played.decisions[seat]) == want
    review = start_online_review(played, 1, workers=0, iterations=2).result()
    assert review.seat == 1 and review.decisions == len(played.decisions[1])
    assert all(m.played_action in actions for m in review.mistakes)
    with pytest.raises(TtrError):
        start_online_review(played, 2)  # the AI's seat: nothing made here
