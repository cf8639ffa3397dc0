"""Every scene at every window size: no text is clipped, leaves the window or overlaps
other text of the same scene, and text grows with the window. Every text counts,
whatever draws it (`blit_text`, `wrap_text`, the log's wrapped lines, the banner, the
map's city labels: all report through `widgets.note_text`).

One game of each kind is played once; each scene is then laid out and drawn at each size
(text drawn by the scene on top only: a dialog may cover the board's text on purpose).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame
import pytest
from textrects import Text, recording
from uibot import board_of
from uihelp import frames, key, start

from ttr.ui.app import App
from ttr.ui.scene import Scene
from ttr.ui.scenes.scoring import ScoringScene

SIZES = [(1024, 640), (1280, 720), (1920, 1080), (3840, 2160)]


def _draw(app: App, size: tuple[int, int]) -> list[Text]:
    """Lay the stack out at `size`, draw it, and return the top scene's text."""
    app.ctx.size = size
    app.ctx.assets.clear_sized()
    app.stack.resize(size)
    surf = pygame.Surface(size)
    visible = app.stack.visible()
    for s in visible[:-1]:
        s.draw(surf)
    with recording() as got:
        visible[-1].draw(surf)
    return [t for t in got if t.surface is surf]  # text on scrolled pages: see howto's tests


def _problems(texts: list[Text], size: tuple[int, int]) -> list[str]:
    win = pygame.Rect((0, 0), size).inflate(2, 2)
    out = [f"clipped {t.text!r} at {t.rect}" for t in texts if t.clipped]
    out += [f"outside the window {t.text!r} {t.rect}" for t in texts
            if t.text.strip() and not win.contains(t.rect)]
    shown = [t for t in texts if t.text.strip() and t.rect.w > 0 and t.rect.h > 0]
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            if a.rect == b.rect and a.text == b.text:
                continue  # the same text drawn twice (a shadow)
            c = a.rect.clip(b.rect)
            small = min(a.rect.w * a.rect.h, b.rect.w * b.rect.h)
            if c.w * c.h > 0.12 * small and c.h > min(a.rect.h, b.rect.h) * 0.3:
                out.append(f"overlap {a.text!r} {a.rect} / {b.text!r} {b.rect}")
    return out


def _check(app: App, name: str) -> dict[tuple[int, int], list[Text]]:
    bad: list[str] = []
    seen = {}
    for size in SIZES:
        texts = _draw(app, size)
        assert texts, (name, size)
        bad += [f"{name} {size[0]}x{size[1]}: {p}" for p in _problems(texts, size)]
        seen[size] = texts
    assert not bad, "\n".join(bad[:30])
    # text grows with the window
    med = {s: sorted(t.size for t in ts)[len(ts) // 2] for s, ts in seen.items()}
    assert med[(3840, 2160)] > med[(1920, 1080)] > med[(1280, 720)], (name, med)
    return seen


def _push(app: App, make: Callable[[], Scene]) -> None:
    app.stack.push(make())
    app.stack.apply_pending()


@pytest.mark.parametrize("scene", ["menu", "setup", "settings", "howto", "load", "replays",
                                   "stats"])
def test_menu_scenes_fit_at_every_size(app: App, scene: str) -> None:
    from ttr.ui.scenes.howto import HowToScene
    from ttr.ui.scenes.menu import MenuScene
    from ttr.ui.scenes.replay import ReplaysScene
    from ttr.ui.scenes.saves import LoadScene
    from ttr.ui.scenes.settings import SettingsScene
    from ttr.ui.scenes.setup import SetupScene
    from ttr.ui.scenes.stats import StatsScene

    make: dict[str, Callable[[], Scene]] = {
        "menu": lambda: MenuScene(app.ctx), "setup": lambda: SetupScene(app.ctx),
        "settings": lambda: SettingsScene(app.ctx), "howto": lambda: HowToScene(app.ctx),
        "load": lambda: LoadScene(app.ctx), "replays": lambda: ReplaysScene(app.ctx),
        "stats": lambda: StatsScene(app.ctx)}
    _push(app, make[scene])
    _check(app, scene)


def test_board_its_dialogs_and_scoring_fit_at_every_size(app: App) -> None:
    from ttr.ui.scenes.pause import PauseScene

    start(app, "human,random,random,random,random", map_id="europe", seed=6)
    frames(app, 3)
    _check(app, "ticket chooser")
    key(pygame.K_RETURN)
    frames(app, 30)
    board = board_of(app)
    assert board is not None
    while len(app.stack.scenes) > 1:
        frames(app, 1)
    seen = _check(app, "board")
    names = {c.name for c in board.shown_view.public.game_map.cities}
    for size, texts in seen.items():
        drawn = {t.text for t in texts}
        assert names <= drawn, (size, names - drawn)  # the map's labels are checked too
        assert "Game log" in drawn and len(drawn - names) > 12  # panels, log lines
    # body text at 1280x720 is at least 14 px (city labels have their own minimum)
    small = [(t.text, t.size) for t in seen[(1280, 720)] if t.text not in names and t.size < 14]
    assert not small, sorted(set(small))
    _draw(app, (1280, 720))
    assert board.layout.font >= 14  # body text at 1280x720
    _push(app, lambda: PauseScene(app.ctx, board))
    _check(app, "pause")
    app.stack.pop()
    app.stack.apply_pending()
    board.session.close()
    # the scoring scene, from a whole game between computers
    start(app, "random,random,random,random,random", map_id="europe", seed=7)
    deadline = time.time() + 120
    while time.time() < deadline and not isinstance(app.stack.top, ScoringScene):
        frames(app, 5)
    frames(app, 2)
    assert isinstance(app.stack.top, ScoringScene)
    _check(app, "scoring")


def test_the_coach_screens_fit_at_every_size(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Hint button with a hint shown and marked, the scoring screen with Review my
    game, the review (whose game, progress, the list) and the replay at a decision."""
    from coachhelp import FakeJob, fake_review, finished_record

    from ttr.engine import DrawTickets, Stage
    from ttr.game.replays import Timeline
    from ttr.game.session import GameSession
    from ttr.ui.scenes.replay import CoachNote, ReplayScene
    from ttr.ui.scenes.review import ReviewScene

    start(app, "human,random,random")
    for _ in range(600):
        board = board_of(app)
        if board is not None and app.stack.top is board and not board.queue.busy:
            v = board.shown_view
            if v.public.stage == Stage.CHOOSE_ACTION and v.viewer == v.public.current:
                break
        elif board is not None and app.stack.top is not board:
            key(pygame.K_RETURN)
        frames(app, 1)
    assert board is not None and board.hint.offered()
    board.toast.show("Take tickets: your tickets leave 20 of your 45 trains spare, room "
                     "for another long one", 100.0)
    board.hint.mark = DrawTickets()
    _check(app, "board with a hint")
    board.session.close()
    record, map_def = finished_record(("human", "greedy", "human"))
    app.ctx.nav.show_scoring(GameSession.resume(map_def.game_map, record), map_def)
    app.stack.apply_pending()
    assert isinstance(app.stack.top, ScoringScene)
    app.stack.top.queue.finish_all()
    _check(app, "scoring with review")
    review = fake_review(record, map_def, count=5)
    monkeypatch.setattr("ttr.ui.scenes.review.start_review",
                        lambda *a, **k: FakeJob(review, 40))
    scene = ReviewScene(app.ctx, record, map_def)
    _push(app, lambda: scene)
    _check(app, "review: whose game")
    scene.begin(0)
    frames(app, 3)
    _check(app, "review: progress")
    frames(app, 60)
    assert scene.stage == "done"
    _check(app, "review: the list")
    replay = ReplayScene(app.ctx, Timeline(record, map_def.game_map), map_def)
    replay.show_decision(CoachNote(0, review.mistakes[0]))
    _push(app, lambda: replay)
    _check(app, "replay at a decision")


def test_the_online_screens_fit_at_every_size(app: App) -> None:
    """The Online menu, Join a game (with a game found on the network), Host a game, and
    a host's lobby of five seats (open, taken, AI) with chat."""
    import queue
    from typing import Any

    from ttr.maps.mapfile import find_map
    from ttr.net.discovery import Found
    from ttr.net.link import Credentials
    from ttr.net.messages import SeatInfo, TableInfo
    from ttr.net.remote import ChatLine, RemoteSession
    from ttr.ui.scenes.host import HostSetupScene
    from ttr.ui.scenes.join import JoinScene
    from ttr.ui.scenes.lobby import LobbyScene
    from ttr.ui.scenes.online import OnlineMenuScene

    _push(app, lambda: OnlineMenuScene(app.ctx))
    _check(app, "online menu")
    join = JoinScene(app.ctx, "192.168.1.20:8765", "ABCD-EFGH", "Ann")
    _push(app, lambda: join)
    join.found = [Found("ttr", "192.168.1.20:8765", "Bo's computer", "europe/base 2/5")]
    _check(app, "join")
    _push(app, lambda: HostSetupScene(app.ctx))
    _check(app, "host setup")

    class Quiet:
        inbox: queue.Queue[Any] = queue.Queue()

        def creds(self) -> Credentials:
            return Credentials("ws://127.0.0.1:1/v1")

        def send(self, msg: dict[str, Any]) -> None:
            pass

        def close(self, leave: bool = False) -> None:
            pass

    session = RemoteSession(Quiet())  # type: ignore[arg-type]
    seats = (SeatInfo(0, "Annabelle", "red", "human", None, True, True, True, None),
             SeatInfo(1, "Player 2", "blue", "human", None, False, False, False, None),
             SeatInfo(2, "Boris", "green", "ai", "medium", True, True, False, None),
             SeatInfo(3, "Gus", "yellow", "human", None, True, False, True, None),
             SeatInfo(4, "Ada", "black", "ai", "expert", True, True, False, None))
    session.info = TableInfo("t", "ABCDEFGH", "lobby", "europe", "h", "base",
                             find_map("europe").game_map.rules("base"), 0,
                             "Seat 2 is open.", seats, None, True)
    session.local, session.host, session.status = (0,), True, "online"
    session.chat.append(ChatLine("Gus", "hello everyone, ready when you are", 3, 0.0))
    lobby = LobbyScene(app.ctx, "Hosting a game")
    lobby.session, lobby.address, lobby.label = session, "192.168.1.20:8765", "europe/base"
    _push(app, lambda: lobby)
    _check(app, "lobby")


def test_the_online_board_fits_at_every_size(app: App) -> None:
    """An online game's board with chat lines over the map, a player away, and the
    reconnecting band."""
    import sys
    from pathlib import Path

    from ttr.ui.scenes.lobby import LobbyScene
    from ttr.ui.scenes.online_board import OnlineBoardScene

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
    from netkit import ServerThread

    with ServerThread() as st:
        table, _, _ = st.add_table("usa", "base", [{"kind": "open"},
                                                   {"kind": "ai", "level": "easy"}])
        port = st.server.port  # type: ignore[union-attr]
        _push(app, lambda: LobbyScene.joining(app.ctx, f"127.0.0.1:{port}", table.code,
                                              "Annabelle"))
        deadline = time.time() + 30
        while time.time() < deadline and not any(
                isinstance(s, OnlineBoardScene) for s in app.stack.scenes):
            frames(app, 1)
            time.sleep(0.01)
        board = next(s for s in app.stack.scenes if isinstance(s, OnlineBoardScene))
        for _ in range(3):
            key(pygame.K_RETURN)  # the ticket chooser: keep
            frames(app, 5)
        board.remote.send_chat("good luck and have fun, everyone at this table")
        deadline = time.time() + 10
        while time.time() < deadline and not board.remote.chat_total:
            frames(app, 1)
            time.sleep(0.01)
        while len(app.stack.scenes) > 1:
            app.stack.pop()
            app.stack.apply_pending()
        _check(app, "online board")
        board.remote.status = "reconnecting"
        _check(app, "online board, reconnecting")
        board.remote.close()
