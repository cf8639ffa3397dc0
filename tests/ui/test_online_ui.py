"""Online games through the window, driven by the UI test bot: three remote humans at a
server's table (Menu -> Online -> Join), and Host -> Join between two windows with the
host's own server process and an AI seat. Every window ends on the scoring screen with
the server's result."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from uibot import act
from uihelp import click, frames, key

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
from netkit import ServerThread  # noqa: E402

from ttr.ai import coach as ai_coach  # noqa: E402
from ttr.engine import Stage, results  # noqa: E402
from ttr.game import coach as game_coach  # noqa: E402
from ttr.game.coach import PlayedOnline  # noqa: E402
from ttr.store.autosave import Folders  # noqa: E402
from ttr.ui.announce import announcer_of  # noqa: E402
from ttr.ui.app import App  # noqa: E402
from ttr.ui.scenes.host import HostSetupScene  # noqa: E402
from ttr.ui.scenes.join import JoinScene, ServerPickScene  # noqa: E402
from ttr.ui.scenes.lobby import LobbyScene  # noqa: E402
from ttr.ui.scenes.lobby_words import spelled_code  # noqa: E402
from ttr.ui.scenes.menu import MenuScene  # noqa: E402
from ttr.ui.scenes.online import OnlineMenuScene, stop_hosting  # noqa: E402
from ttr.ui.scenes.online_board import (  # noqa: E402
    ConnectionLostScene,
    OnlineBoardScene,
    OnlineScoringScene,
)
from ttr.ui.scenes.review import ReviewScene  # noqa: E402
from ttr.ui.scenes.tickets import TicketsScene  # noqa: E402


def _app(tmp: Path, name: str) -> App:
    a = App((1280, 720), pace=0.0, settings_file=None)
    a.ctx.extras["folders"] = Folders(tmp / name / "saves", tmp / name / "records",
                                      tmp / name / "stats.json")
    a.ctx.extras["online_path"] = tmp / name / "online.json"
    a.ctx.extras["lan_interfaces"] = ["127.0.0.1"]
    a.stack.push(MenuScene(a.ctx))
    a.stack.apply_pending()
    return a


@pytest.fixture
def apps(tmp_path: Path) -> Iterator[list[App]]:
    made: list[App] = []
    yield made
    for a in made:
        for s in list(a.stack.scenes):
            s.on_exit()
        stop_hosting(a.ctx)


def _type(text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def _menu_button(app: App, label: str) -> None:
    top = app.stack.top
    assert top is not None
    b = next(b for b in top.buttons if b.label == label)  # type: ignore[attr-defined]
    click(b.rect.center)
    frames(app, 2)


def _join(app: App, url_port: int, code: str, name: str) -> LobbyScene | None:
    """Menu -> Online -> Join: the lobby, or None when the table started at once."""
    _menu_button(app, "Online")
    assert isinstance(app.stack.top, OnlineMenuScene)
    _menu_button(app, "Join a game")
    join = app.stack.top
    assert isinstance(join, JoinScene) and join.address.focused
    _type(f"127.0.0.1:{url_port}")
    key(pygame.K_TAB)
    _type(code.lower())
    key(pygame.K_TAB)
    _type(name)
    frames(app, 1)
    key(pygame.K_RETURN)
    frames(app, 2)
    lobby = app.stack.top
    if not isinstance(lobby, LobbyScene):  # a table that starts once its seats are
        assert _board_of(app) is not None, type(lobby)  # taken may be on already
        return None
    return lobby


def _join_lobby(app: App, url_port: int, code: str, name: str) -> LobbyScene:
    """`_join` a table that waits in its lobby (a host's, or a wrong code)."""
    lobby = _join(app, url_port, code, name)
    assert lobby is not None
    return lobby


def _until(what: str, ok: object, apps: list[App], seconds: float = 30,
           state: object = None) -> None:
    end = time.monotonic() + seconds
    while not ok():  # type: ignore[operator]
        assert time.monotonic() < end, \
            f"timed out waiting for {what}: {state() if state else ''}"  # type: ignore
        for a in apps:
            frames(a, 1)
        time.sleep(0.005)


def _board_of(app: App) -> OnlineBoardScene | None:
    """The app's board, on top or under a dialog of its own (the first to choose
    tickets may already have the ticket chooser over it)."""
    return next((s for s in app.stack.scenes if isinstance(s, OnlineBoardScene)), None)


def _ready_and_start(host: App, guest: App, lobby: LobbyScene, apps: list[App]) -> None:
    """The guest says Ready, the host starts once everyone is; both reach the board."""
    frames(guest, 1)
    key(pygame.K_RETURN)  # guest: Ready
    frames(guest, 2)
    _until("everyone ready", lambda: lobby.session is not None and lobby.session.info
           is not None and lobby.session.info.can_start is None, [host, guest])
    key(pygame.K_RETURN)  # host: Start
    frames(host, 2)
    _until("the boards", lambda: all(_board_of(a) is not None for a in apps), apps, 60,
           lambda: [(type(a.stack.top).__name__, getattr(a.stack.top, "error", None),
                     getattr(getattr(a.stack.top, "toast", None), "text", None))
                    for a in apps])


def _play(apps: list[App], seed: int, seconds: float = 150) -> None:
    rng = random.Random(seed)
    end = time.monotonic() + seconds
    while not all(isinstance(a.stack.top, OnlineScoringScene) for a in apps):
        assert time.monotonic() < end, [type(a.stack.top).__name__ for a in apps]
        for a in apps:
            if not isinstance(a.stack.top, OnlineScoringScene):
                act(a, rng)
            frames(a, 1)


def test_three_remote_humans_play_a_whole_game_through_the_ui(tmp_path: Path,
                                                              apps: list[App]) -> None:
    with ServerThread() as st:
        table, _, _ = st.add_table("europe", "base", [{"kind": "open"}] * 3)
        port = st.server.port  # type: ignore[union-attr]
        apps += [_app(tmp_path, n) for n in ("ann", "bo", "cy")]
        for a, name in zip(apps, ("Ann", "Bo", "Cy"), strict=True):
            _join(a, port, table.code, name)
        _until("the boards", lambda: all(_board_of(a) is not None for a in apps), apps)
        _play(apps, 4)
        final = results(table.state)
    for a, seat in zip(apps, range(3), strict=True):
        top = a.stack.top
        assert isinstance(top, OnlineScoringScene)
        assert top.result == final
        assert top.session.local == (seat,)  # type: ignore[attr-defined]
        assert not (tmp_path / ("ann", "bo", "cy")[seat] / "online.json").exists()
    assert [s.name for s in table.seats] == ["Ann", "Bo", "Cy"]
    # Review my game: from what Ann's window saw; the list, and no replay to open
    top = apps[0].stack.top
    assert isinstance(top, OnlineScoringScene) and top.can_review()
    game = top.reviewable()
    assert isinstance(game, PlayedOnline) and list(game.decisions) == [0]
    review = ReviewScene(apps[0].ctx, game, top.map_def, workers=1, iterations=2)
    apps[0].stack.push(review)
    _until("the review", lambda: review.stage == "done", apps[:1], 120)
    assert review.review is not None and review.review.decisions > 10
    frames(apps[0], 1)
    if review.review.mistakes:
        key(pygame.K_RETURN)
        frames(apps[0], 2)
    assert apps[0].stack.top is review


def test_host_and_join_through_the_ui_with_an_ai_seat(tmp_path: Path, apps: list[App],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TTR_HOME", str(tmp_path / "home"))  # the host's server folder
    host, guest = _app(tmp_path, "host"), _app(tmp_path, "guest")
    apps += [host, guest]
    host.ctx.extras["host_port"] = 0  # any free port
    _menu_button(host, "Online")
    _menu_button(host, "Host a game")
    setup = host.stack.top
    assert isinstance(setup, HostSetupScene)
    while setup.map_id != "europe":
        click((setup.map_picker.rect.right - 5, setup.map_picker.rect.centery))
        frames(host, 1)
    assert [setup.kinds[r.kind_picker.index] for r in setup.rows] == ["human", "remote",
                                                                      "medium"]
    key(pygame.K_RETURN)
    frames(host, 2)
    lobby = host.stack.top
    assert isinstance(lobby, LobbyScene)
    _until("the host's server and table", lambda: lobby.session is not None
           and lobby.session.info is not None, [host], 40)
    assert lobby.session is not None and lobby.session.info is not None
    info = lobby.session.info
    assert info.map_id == "europe" and lobby.address.endswith(f":{lobby.hosted.port}")
    assert (tmp_path / "host" / "online.json").exists()  # Rejoin would work from here
    guest_lobby = _join_lobby(guest, lobby.hosted.port, info.code, "Gus")
    _until("the guest", lambda: guest_lobby.session is not None and guest_lobby.session.info
           is not None and guest_lobby.session.local == (1,), [host, guest])
    key(pygame.K_RETURN)  # host: Start (refused: the guest is not ready)
    frames(host, 2)
    _until("a toast", lambda: lobby.toast.active, [host, guest], 5)
    _ready_and_start(host, guest, lobby, apps)
    board = _board_of(host)
    assert board is not None
    if isinstance(host.stack.top, TicketsScene):  # the host's board was a frame ahead
        key(pygame.K_RETURN)  # keep the offered tickets
        _until("the host's board", lambda: host.stack.top is board, [host, guest])
    key(pygame.K_RETURN)  # chat
    _type("gl hf")
    key(pygame.K_RETURN)
    frames(host, 2)
    _until("the chat line", lambda: any("gl hf" in text for _, text in board.notes),
           [host, guest])
    _play(apps, 5)
    for a in apps:
        top = a.stack.top
        assert isinstance(top, OnlineScoringScene)
    h, g = host.stack.top, guest.stack.top
    assert h.result == g.result  # type: ignore[attr-defined]
    assert [s.name for s in h.session.seats] == ["Host", "Gus", "Boris"]  # type: ignore


def _ann_against_easy(st: ServerThread, tmp: Path, apps: list[App]) -> tuple[Any, App]:
    """A USA table on `st` with an open seat and Easy; Ann joins it from a new window."""
    table, _, _ = st.add_table("usa", "base", [{"kind": "open"},
                                               {"kind": "ai", "level": "easy"}])
    app = _app(tmp, "ann")
    apps.append(app)
    _join(app, st.server.port, table.code, "Ann")  # type: ignore[union-attr]
    return table, app


def test_leave_mid_game_then_rejoin_from_the_menu(tmp_path: Path, apps: list[App]) -> None:
    with ServerThread() as st:
        table, app = _ann_against_easy(st, tmp_path, apps)
        _until("the board", lambda: isinstance(app.stack.top, OnlineBoardScene), apps)
        rng = random.Random(7)
        for _ in range(300):  # a few moves first
            act(app, rng)
            frames(app, 1)
        moves = table.seq
        first = _board_of(app)
        assert first is not None
        before = {d.step for d in first.remote._decisions.values()}
        assert before
        key(pygame.K_ESCAPE)
        frames(app, 2)
        _menu_button(app, "Leave (rejoin later)")
        assert isinstance(app.stack.top, MenuScene)
        _menu_button(app, "Online")
        menu = app.stack.top
        assert isinstance(menu, OnlineMenuScene) and menu.rejoin.enabled
        _menu_button(app, "Rejoin")
        _until("the board again", lambda: isinstance(app.stack.top, OnlineBoardScene), apps)
        board = app.stack.top
        assert isinstance(board, OnlineBoardScene) and board.remote.local == (0,)
        assert table.seq >= moves and board.shown_view.public.turn == table.state.turn
        _play(apps, 8)
        assert isinstance(app.stack.top, OnlineScoringScene)
        assert app.stack.top.result == results(table.state)
        # the review judges the decisions made before the rejoin too
        played = board.remote.played()
        assert played is not None
        steps = {d.step for ds in played.decisions.values() for d in ds}
        assert before <= steps and max(steps) > moves


def test_hot_seat_at_the_host_uses_curtains(tmp_path: Path, apps: list[App]) -> None:
    """Two people at the host's screen and a friend online: the curtain comes between the
    two at the screen, and each sees only their own hand."""
    import asyncio

    from netkit import make_bot

    from ttr.net.link import Credentials
    from ttr.ui.scenes.handoff import HandoffScene

    with ServerThread() as st:
        app = _app(tmp_path, "host")
        apps.append(app)
        lobby = LobbyScene(app.ctx, "Hosting a game")
        lobby.pending = (Credentials(st.url), {
            "kind": "create", "map": "usa", "variant": "base",
            "seats": [{"kind": "local", "name": "Ann"}, {"kind": "local", "name": "Bo"},
                      {"kind": "open"}]})
        app.stack.push(lobby)
        _until("the table", lambda: lobby.session is not None and lobby.session.info
               is not None, apps)
        assert lobby.session is not None and lobby.session.info is not None
        assert st.server is not None
        bot = make_bot(st.server, lobby.session.info.code, "easy", 3, "Cy")
        done = asyncio.run_coroutine_threadsafe(bot.bot.run(), st.loop)
        _until("everyone", lambda: lobby.session is not None and lobby.session.info
               is not None and lobby.session.info.can_start is None, apps)
        key(pygame.K_RETURN)  # Start
        _until("the board", lambda: any(isinstance(s, OnlineBoardScene)
                                        for s in app.stack.scenes), apps)
        rng = random.Random(2)
        curtains, owners = 0, set()
        end = time.monotonic() + 150
        while not isinstance(app.stack.top, OnlineScoringScene):
            assert time.monotonic() < end
            top = app.stack.top
            if isinstance(top, HandoffScene):
                curtains += 1
            board = next(s for s in app.stack.scenes if isinstance(s, OnlineBoardScene))
            v = board.shown_view
            assert v.viewer in (None, board.remote.screen_owner)
            if v.viewer is not None:
                owners.add(v.viewer)
            act(app, rng)
            frames(app, 1)
        done.result(30)
    assert curtains >= 10 and owners == {0, 1}


def test_a_wrong_code_or_address_is_said_in_words(tmp_path: Path, apps: list[App]) -> None:
    with ServerThread() as st:
        st.add_table("usa", "base", [{"kind": "open"}, {"kind": "open"}])
        app = _app(tmp_path, "eve")
        apps.append(app)
        lobby = _join_lobby(app, st.server.port, "WRNGCDZZ", "Eve")  # type: ignore[union-attr]
        _until("the refusal", lambda: lobby.error is not None, apps)
        assert "invite code" in (lobby.error or "")
        frames(app, 1)
        heard = announcer_of(app.ctx.extras).history[-1].text
        assert heard.startswith(lobby.error or "?") and heard.endswith("Esc goes back.")
        key(pygame.K_ESCAPE)
        frames(app, 2)
        assert isinstance(app.stack.top, JoinScene)
        port = st.server.port  # type: ignore[union-attr]
    for _ in range(2):  # back to the main menu
        key(pygame.K_ESCAPE)
        frames(app, 2)
    lobby = _join_lobby(app, port, "ABCDEFGH", "Eve")  # the server is gone now
    _until("the failure", lambda: lobby.error is not None, apps)
    assert "nobody answers" in (lobby.error or ""), lobby.error


@pytest.mark.slow
def test_the_host_rejoins_after_its_window_and_server_closed(
        tmp_path: Path, apps: list[App], monkeypatch: pytest.MonkeyPatch) -> None:
    """The host's window (and with it its server) goes away mid-game; started again,
    Online -> Rejoin restarts the server on the same port, the guest's client comes back
    by itself and the game ends."""
    import asyncio
    import threading

    from ttr.net.bot import BotClient
    from ttr.net.link import Credentials

    monkeypatch.setenv("TTR_HOME", str(tmp_path / "home"))
    first = _app(tmp_path, "host")
    apps.append(first)
    first.ctx.extras["host_port"] = 0
    _menu_button(first, "Online")
    _menu_button(first, "Host a game")
    key(pygame.K_RETURN)
    frames(first, 2)
    lobby = first.stack.top
    assert isinstance(lobby, LobbyScene)
    _until("the table", lambda: lobby.session is not None and lobby.session.info is not None,
           apps, 40)
    assert lobby.session is not None and lobby.session.info is not None
    port = lobby.hosted.port
    guest = BotClient(Credentials(lobby.hosted.url), {"kind": "join", "name": "Bo",
                                                      "code": lobby.session.info.code},
                      "easy", 1, give_up=90)
    result: list[object] = []
    t = threading.Thread(target=lambda: result.append(asyncio.run(guest.run())), daemon=True)
    t.start()
    _until("the guest", lambda: lobby.session is not None and lobby.session.info is not None
           and lobby.session.info.can_start is None, apps)
    key(pygame.K_RETURN)
    _until("the board", lambda: isinstance(first.stack.top, OnlineBoardScene), apps)
    rng = random.Random(1)
    while guest.seq < 20:
        act(first, rng)
        frames(first, 1)
    board = first.stack.top
    assert isinstance(board, OnlineBoardScene)
    stop_hosting(first.ctx)  # the window closes: its server stops with it
    board.remote.net.close()
    apps.remove(first)
    second = _app(tmp_path, "host")  # started again, same credentials file
    apps.append(second)
    _menu_button(second, "Online")
    _menu_button(second, "Rejoin")
    _until("the board again", lambda: isinstance(second.stack.top, OnlineBoardScene),
           apps, 60)
    assert second.ctx.extras["hosted"].port == port  # type: ignore[attr-defined]
    _play([second], 3)
    t.join(60)
    assert result and getattr(result[0], "status", None) == "done"


def test_host_on_a_dedicated_server_then_a_friend_joins(tmp_path: Path,
                                                        apps: list[App]) -> None:
    """Online -> Host on a server: the table opens on a running `ttr serve` (no server of
    the window's own), the lobby shows that server's address and the code, a friend
    joins with them, and the game starts there."""
    with ServerThread() as st:
        port = st.server.port  # type: ignore[union-attr]
        host, guest = _app(tmp_path, "host"), _app(tmp_path, "guest")
        apps += [host, guest]
        _menu_button(host, "Online")
        _menu_button(host, "Host on a server")
        pick = host.stack.top
        assert isinstance(pick, ServerPickScene) and pick.fields == [pick.address]
        assert not hasattr(pick, "code") and not hasattr(pick, "name")
        key(pygame.K_RETURN)  # nothing typed yet: said in words, nothing opened
        frames(host, 2)
        assert pick.toast.active and host.stack.top is pick
        _type(f"127.0.0.1:{port}")
        frames(host, 1)
        key(pygame.K_RETURN)
        frames(host, 2)
        setup = host.stack.top
        assert isinstance(setup, HostSetupScene) and setup.server == f"127.0.0.1:{port}"
        setup.focus = setup.controls().index(("hints", -1))  # offered at every online table
        key(pygame.K_RIGHT)
        frames(host, 1)
        assert setup.hints_picker.value == "Off for everyone"
        setup.focus = setup.controls().index(("start", -1))
        key(pygame.K_RETURN)  # Open table (Host here, a friend, an AI)
        frames(host, 2)
        lobby = host.stack.top
        assert isinstance(lobby, LobbyScene) and lobby.hosted is None
        _until("the table on the server", lambda: lobby.session is not None
               and lobby.session.info is not None, [host], 20)
        assert lobby.session is not None and lobby.session.info is not None
        assert lobby.session.host and lobby.address == f"127.0.0.1:{port}"
        assert "hosted" not in host.ctx.extras  # no server of its own
        [table] = st.server.tables.values()  # type: ignore[union-attr]
        assert table.code == lobby.session.info.code
        guest_lobby = _join_lobby(guest, port, table.code, "Gus")
        _until("the guest", lambda: guest_lobby.session is not None and guest_lobby.session
               .info is not None and guest_lobby.session.local == (1,), [host, guest])
        assert table.hints is False and guest_lobby.session is not None
        assert guest_lobby.session.info is not None and not guest_lobby.session.info.hints
        _ready_and_start(host, guest, lobby, apps)
        assert table.status == "playing"
        on_board = _board_of(guest)
        assert on_board is not None and not on_board.hint.offered()
        assert "off at this table" in (on_board.hint.refusal() or "")


def test_a_hint_in_an_online_game_comes_from_the_seat_and_the_server_counts_it(
        tmp_path: Path, apps: list[App], monkeypatch: pytest.MonkeyPatch) -> None:
    """G at an online table that allows hints: the coach's line from the player's own
    view, the move marked, and the hint counted in the server's record of the game."""
    real = ai_coach.hint
    monkeypatch.setattr(game_coach, "hint", lambda view, budget=0.0, workers=None:
                        real(view, iterations=2, workers=0))
    with ServerThread() as st:
        table, app = _ann_against_easy(st, tmp_path, apps)
        end = time.monotonic() + 60
        while True:
            assert time.monotonic() < end, "Ann's main turn never came"
            frames(app, 1)
            board = _board_of(app)
            if isinstance(app.stack.top, TicketsScene):
                key(pygame.K_RETURN)
            elif board is not None and app.stack.top is board and not board.queue.busy:
                v = board.shown_view
                if v.public.stage == Stage.CHOOSE_ACTION and v.viewer == v.public.current:
                    break
            time.sleep(0.005)
        assert board.hint.offered()
        key(pygame.K_g)
        _until("the hint", lambda: board.hint.job is None and board.hint.mark is not None,
               [app], 30)
        assert board.hint.mark in board.shown_view.legal and ":" in board.toast.text
        _until("the count", lambda: table.record is not None
               and table.record.seats[0].hints == 1, [app], 10)


def test_the_lobby_by_keyboard_and_by_ear(tmp_path: Path, apps: list[App]) -> None:
    """Without mouse or sight: the host hears the invite code, who joins and who is
    ready; Tab reaches a seat (Right changes its AI level) and the chat line; W reads
    the table again; the guest hears the host's chat."""
    with ServerThread() as st:
        port = st.server.port  # type: ignore[union-attr]
        host, guest = _app(tmp_path, "host"), _app(tmp_path, "guest")
        apps += [host, guest]
        heard_host, heard_guest = (announcer_of(a.ctx.extras) for a in (host, guest))
        heard_host.keep_stream = heard_guest.keep_stream = True

        def said(a: Any) -> list[str]:
            return [x.text for x in a.stream]

        host.stack.push(HostSetupScene(host.ctx, server=f"127.0.0.1:{port}"))
        host.stack.apply_pending()
        frames(host, 1)
        key(pygame.K_RETURN)  # Open table
        frames(host, 2)
        lobby = host.stack.top
        assert isinstance(lobby, LobbyScene)
        _until("the table", lambda: any(t.startswith("Your table") for t in said(heard_host)),
               [host])
        [table] = st.server.tables.values()  # type: ignore[union-attr]
        summary = next(t for t in said(heard_host) if t.startswith("Your table"))
        assert f"Invite code {spelled_code(table.code)} at 127.0.0.1:{port}" in summary
        guest.stack.push(LobbyScene.joining(guest.ctx, f"127.0.0.1:{port}", table.code, "Gus"))
        guest.stack.apply_pending()
        _until("Gus joined", lambda: "Gus joined, seat 2" in said(heard_host), apps)
        _until("the guest's table", lambda: any(t.startswith("Table: USA")
                                                for t in said(heard_guest)), apps)
        key(pygame.K_RETURN)  # the guest: Ready (where the focus starts)
        frames(guest, 1)
        _until("ready", lambda: "Everyone is ready: Enter starts the game"
               in said(heard_host), apps)
        assert "Gus is ready" in said(heard_host)
        before = table.seats[2].level
        frames(host, 1)
        for _ in range(3):  # Start -> seat 1 -> seat 2 -> seat 3 (the AI)
            key(pygame.K_TAB)
        n = len(said(heard_host))
        frames(host, 1)
        assert lobby.focused() == ("seat", 2)
        assert any(t.startswith("Seat 3, Boris, AI") for t in said(heard_host)[n:])
        key(pygame.K_RIGHT)
        frames(host, 1)
        _until("the new level", lambda: table.seats[2].level != before, apps)
        n = len(said(heard_host))
        key(pygame.K_TAB)  # the chat line
        frames(host, 1)
        assert lobby.chat.focused
        assert any(t.startswith("Chat line") for t in said(heard_host)[n:])
        _type("gl hf")
        key(pygame.K_RETURN)
        frames(host, 1)
        _until("the chat", lambda: "Host says: gl hf" in said(heard_guest), apps)
        key(pygame.K_TAB)  # off the chat: W reads the table again
        key(pygame.K_w)
        n = len(said(heard_host))
        frames(host, 1)
        again = [t for t in said(heard_host)[n:] if t.startswith("Your table")]
        assert again and "Seat 2, Gus, online, ready" in again[0]


def test_the_join_screen_is_announced(tmp_path: Path, apps: list[App],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The screen and its field on arrival, Tab's field, a message, and the games found
    on the network (Up/Down puts one in the address)."""
    from ttr.net.discovery import Found

    app = _app(tmp_path, "ann")
    apps.append(app)
    heard = announcer_of(app.ctx.extras)
    heard.keep_stream = True
    join = JoinScene(app.ctx)
    app.stack.push(join)
    app.stack.apply_pending()
    frames(app, 1)
    assert heard.stream[-1].text.startswith("Join a game. Address of the host: empty.")
    key(pygame.K_TAB)
    frames(app, 1)
    assert heard.stream[-1].text == "Invite code: empty"
    key(pygame.K_RETURN)  # nothing typed: the message is said too
    frames(app, 1)
    assert heard.stream[-1].text == "Type the host's address"
    game = Found("ttr-ann", "10.0.0.7:8765", "Ann's computer", "usa/base 1/2")
    monkeypatch.setattr(join.browser, "found", lambda: [game])
    frames(app, 1)
    assert "1 game on this network" in heard.stream[-1].text
    key(pygame.K_DOWN)
    frames(app, 1)
    assert join.address.text == "10.0.0.7:8765" and join.code.focused
    assert heard.stream[-1].text == ("Address 10.0.0.7:8765: Ann's computer, usa/base 1/2. "
                                     "Invite code: empty")


def test_the_online_board_says_who_is_away_and_a_lost_connection(
        tmp_path: Path, apps: list[App]) -> None:
    """Bo's window goes: Ann hears that Bo is away. A connection that ended for good is
    announced with the way on."""
    with ServerThread() as st:
        table, _, _ = st.add_table("usa", "base", [{"kind": "open"}, {"kind": "open"}])
        ann, bo = _app(tmp_path, "ann"), _app(tmp_path, "bo")
        apps += [ann, bo]
        port = st.server.port  # type: ignore[union-attr]
        _join(ann, port, table.code, "Ann")
        _join(bo, port, table.code, "Bo")
        _until("the boards", lambda: all(_board_of(a) is not None for a in apps), apps)
        heard = announcer_of(ann.ctx.extras)
        heard.keep_stream = True
        frames(ann, 2)
        gone = _board_of(bo)
        assert gone is not None
        gone.remote.close()
        _until("Bo away", lambda: "Bo is away" in [a.text for a in heard.stream], [ann], 20)
    board = _board_of(ann)
    assert board is not None
    lost = ConnectionLostScene(ann.ctx, board.remote)
    ann.stack.push(lost)
    ann.stack.apply_pending()
    assert heard.stream[-1].text.startswith("Connection lost: ")
    assert heard.stream[-1].text.endswith("Enter rejoins, Esc goes to the menu.")
