"""Every scene and overlay at every window size and text size follows one rule
(`fitcheck`): no text outside the window or its panel, over other text, clipped, cut
with an ellipsis, shrunk to fit or smaller than the body size; and text grows with the
window and with the text-size setting. Every text counts, whatever draws it (`blit_text`,
`wrap_text`, the log's lines, the banner, the map's city labels: all report through
`widgets.note_text`). Scenes that do not fit yet are listed in `fitcheck.KNOWN` with the
reason, and reported as expected failures.

Each game is played once; each state is then laid out and drawn at each size (text of the
scene on top only: a dialog may cover the board's text on purpose).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from fitcheck import ONLY_TEXT_SIZES, TEXT_SIZES, State, Walk
from pseudo import LONGER, speak
from textrects import Text
from uibot import board_of, play_to_tunnel
from uihelp import frames, key, start

import ttr.i18n as i18n
from ttr.engine import Action, ClaimRoute, DrawDeck, DrawTickets, Stage
from ttr.i18n import _
from ttr.store.autosave import Folders
from ttr.ui.app import App
from ttr.ui.scene import Scene
from ttr.ui.scenes.board import BoardScene
from ttr.ui.scenes.scoring import ScoringScene

QUICK = {"sizes": ((1280, 720), (3840, 2160)), "text_sizes": (100, 150)}
"""The sizes of the fast suite's check of the tunnel dialog and of the scenes with a map
of their own (the scoring screen, the replay viewer, the online board): each new map
scale costs a label placement (about a second), so the fast suite takes the two
screenshot sizes at 100 and 150 %; `-m slow` takes all twelve (the board and its other
overlays take all twelve in the fast suite)."""
GRIDS = [pytest.param(QUICK, id="quick"),
         pytest.param({}, id="all-sizes", marks=pytest.mark.slow)]
FAST_LANGUAGES = ("de",)
"""Besides English, the language whose every scene the fast suite checks (among the
longest words), at the biggest text size (`fitcheck.ONLY_TEXT_SIZES`); every language
with a catalog, at every text size, with `-m slow` (CI's time: the fast suite also walks
the menu, settings and setup screens in every language and plays a game in Polish,
tests/i18n/test_languages.py, and walks a made-up language two fifths longer)."""


LONGER_ID = "longer"
"""The made-up language whose every word is two fifths longer (`pseudo.LONGER`): longer
than any catalog, so a screen that fits it fits the catalogs still being written."""


def _languages(fast: tuple[str, ...]) -> list[Any]:
    others = [c for c in i18n.LANGUAGES if c != i18n.DEFAULT] + [LONGER_ID]
    return [pytest.param("en", id="en")] + [
        pytest.param((c, True), id=f"{c}-150") for c in fast] + [
        pytest.param(c, id=c, marks=pytest.mark.slow) for c in others]


@pytest.fixture(params=_languages(FAST_LANGUAGES))
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[App]:
    """The UI tests' app (conftest), speaking each language with a catalog in turn."""
    yield from _app(request.param, tmp_path)


@pytest.fixture(params=_languages(FAST_LANGUAGES[:1]))
def app_of_a_played_game(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[App]:
    """`app` for the tests that play a whole game first (the fast suite takes English and
    German only; every language with -m slow)."""
    yield from _app(request.param, tmp_path)


@pytest.fixture
def longer_app(tmp_path: Path) -> Iterator[App]:
    """The app speaking the made-up language two fifths longer than English."""
    yield from _app(LONGER_ID, tmp_path)


def _app(param: str | tuple[str, bool], tmp_path: Path) -> Iterator[App]:
    code, biggest_only = param if isinstance(param, tuple) else (param, False)
    a = App((1280, 720), pace=0.0, settings_file=None,
            language="en" if code == LONGER_ID else code)
    if code == LONGER_ID:
        speak(LONGER)
    a.ctx.extras["folders"] = Folders(tmp_path / "saves", tmp_path / "records",
                                      tmp_path / "stats.json")
    if biggest_only:
        a.ctx.extras[ONLY_TEXT_SIZES] = (max(TEXT_SIZES),)
    yield a
    for s in list(a.stack.scenes):
        s.on_exit()
    a.shut_down()
    i18n.set_language("en")


def _push(app: App, make: Callable[[], Scene]) -> Scene:
    scene = make()
    app.stack.push(scene)
    app.stack.apply_pending()
    return scene


def _pop(app: App) -> None:
    app.stack.pop()
    app.stack.apply_pending()


def test_menu_scenes_fit(app: App) -> None:
    walk = Walk(app)
    _menu_states(app, walk)
    walk.finish()


def _menu_states(app: App, walk: Walk) -> None:
    from ttr.ui.scenes.howto import HowToScene
    from ttr.ui.scenes.learn import LearnScene
    from ttr.ui.scenes.menu import MenuScene
    from ttr.ui.scenes.replay import ReplaysScene
    from ttr.ui.scenes.saves import LoadScene
    from ttr.ui.scenes.settings import SettingsScene
    from ttr.ui.scenes.setup import SetupScene
    from ttr.ui.scenes.stats import StatsScene

    make: dict[str, Callable[[], Scene]] = {
        "menu": lambda: MenuScene(app.ctx), "setup": lambda: SetupScene(app.ctx),
        "settings": lambda: SettingsScene(app.ctx), "how to play": lambda: HowToScene(app.ctx),
        "saves": lambda: LoadScene(app.ctx), "replays": lambda: ReplaysScene(app.ctx),
        "stats": lambda: StatsScene(app.ctx), "learn to play": lambda: LearnScene(app.ctx)}
    for name, m in make.items():
        app.stack.clear_to(m())
        app.stack.apply_pending()
        walk.check(name)


def _play_to_midgame(app: App, board: BoardScene, claims: int) -> None:
    """The human draws cards and claims what it can until `claims` routes are taken and
    it may claim one more (the payment dialog and the tooltips need one)."""
    deadline = time.time() + 90
    while time.time() < deadline:
        top = app.stack.top
        if top is not board:
            key(pygame.K_RETURN)  # a dialog: take what it offers
        elif board.session.to_act == 0 and not board.queue.busy and board.shown_view.legal:
            v = board.shown_view
            claim = [a for a in v.legal if isinstance(a, ClaimRoute)]
            if claim and v.public.stage == Stage.CHOOSE_ACTION and sum(
                    o is not None for o in v.public.owners) >= claims:
                return
            draws = [a for a in v.legal if isinstance(a, DrawDeck)]
            board.submit(claim[0] if claim and v.public.stage == Stage.CHOOSE_ACTION
                         else draws[0] if draws else v.legal[-1])
        frames(app, 2)
    raise AssertionError("no claim in time")


def _board_rules(board: BoardScene, names: frozenset[str]
                 ) -> Callable[[tuple[int, int], int, list[Text]], list[str]]:
    """The board's own rules: every city label drawn, the log shows at least four lines,
    the map is the largest part of the screen."""
    def rules(size: tuple[int, int], pct: int, texts: list[Text]) -> list[str]:
        out: list[str] = []
        drawn = {t.text for t in texts}
        if not names <= drawn:
            out.append(f"labels not drawn: {sorted(names - drawn)[:4]}")
        lay = board.layout
        head = _("Game log")
        log = [t for t in texts if lay.log.contains(t.rect) and t.text != head]
        line = board.ctx.assets.font(lay.font, cond=True).get_linesize()  # one line
        rows = sum(round(t.rect.h / line) for t in log)
        if head not in drawn or rows < 4:
            out.append(f"the log shows {rows} lines")
        area = lay.map.w * lay.map.h
        if any(r.w * r.h >= area for r in (lay.market, lay.log, lay.hand, lay.tickets,
                                             lay.players)):
            out.append(f"the map {lay.map} is not the largest part")
        return out

    return rules


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_the_board_and_its_overlays_fit(app: App, map_id: str) -> None:
    walk = Walk(app)
    _board_states(app, walk, map_id)
    walk.finish()


def test_a_language_two_fifths_longer_fits(longer_app: App) -> None:
    """The menu's scenes, the board and its overlays in the made-up language two fifths
    longer than English (longer than every catalog) at 1280x720 and 3840x2160 at the
    biggest text size (the slow suite takes every scene in it at every size: the
    language "longer")."""
    walk = Walk(longer_app, QUICK["sizes"], (max(TEXT_SIZES),))
    _menu_states(longer_app, walk)
    _board_states(longer_app, walk, "europe")
    walk.finish()


def _board_states(app: App, walk: Walk, map_id: str) -> None:
    from ttr.ui.scenes.command import CommandScene
    from ttr.ui.scenes.handoff import HandoffScene
    from ttr.ui.scenes.keyhelp import KeyHelpScene
    from ttr.ui.scenes.pause import PauseScene
    from ttr.ui.scenes.payment import PaymentScene

    start(app, "human,random,random,random,random", map_id=map_id, seed=6)
    frames(app, 3)
    walk.check("ticket chooser")
    key(pygame.K_RETURN)
    frames(app, 30)
    board = board_of(app)
    assert board is not None
    _play_to_midgame(app, board, 20)
    names = frozenset(c.name for c in board.shown_view.public.game_map.cities)
    v = board.shown_view
    claim = next(a for a in v.legal if isinstance(a, ClaimRoute))
    options = [a for a in v.legal if isinstance(a, ClaimRoute) and a.route == claim.route]
    city = board.renderer.cities[v.public.game_map.route(claim.route).a]

    def hint(mark: Action | None, route: str | None) -> Callable[[], None]:
        def enter() -> None:
            board.hint.mark, board.hover_route = mark, route
            board.toast.show("Take tickets: your tickets leave 20 of your 45 trains spare, "
                             "room for another long one", 100.0)
        return enter

    def tip() -> None:
        assert board.renderer.vp is not None
        x, y = board.renderer.vp.to_px(city)
        board.mouse, board.hover_route = (round(x), round(y)), claim.route

    def calm() -> None:
        board.hint.mark = board.hover_route = None
        board.toast.left = 0.0

    def over(make: Callable[[], Scene]) -> Callable[[], None]:
        return lambda: _push(app, make)

    def _last_page(scene: KeyHelpScene) -> KeyHelpScene:
        scene.page = 10**6  # (each layout brings it back to the last page there is)
        return scene

    def pop() -> None:
        _pop(app)

    states = [
        State("board", labels=names, also=_board_rules(board, names)),
        State("board: hint on the tickets, toast", hint(DrawTickets(), None), calm, names),
        State("board: hint on a route, its tooltip", hint(claim, claim.route), calm, names),
        State("board: a route's tooltip", tip, calm, names),
        State("keys help (F1)", over(lambda: KeyHelpScene(app.ctx)), pop),
        State("keys help (F1), last page", over(lambda: _last_page(KeyHelpScene(app.ctx))), pop),
        State("claim list", over(lambda: CommandScene(app.ctx, board, "claim")), pop),
        State("pause", over(lambda: PauseScene(app.ctx, board)), pop),
        State("payment", over(lambda: PaymentScene(app.ctx, board, options)), pop),
        State("curtain", over(lambda: HandoffScene(app.ctx, board, 0)), pop),
    ]
    walk.walk(states)
    board.session.close()


@pytest.mark.parametrize("grid", GRIDS)
def test_the_tunnel_dialog_fits(app: App, grid: dict[str, Any]) -> None:
    from ttr.ui.scenes.tunnel import TunnelScene

    walk = Walk(app, **grid)
    start(app, "human,greedy", map_id="europe", seed=3)
    frames(app, 3)
    board = board_of(app)
    assert board is not None
    play_to_tunnel(app, board)
    assert isinstance(app.stack.top, TunnelScene)
    walk.check("tunnel")
    board.session.close()
    walk.finish()


@pytest.mark.parametrize("grid", GRIDS)
@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_scoring_review_and_replay_fit(app_of_a_played_game: App, map_id: str,
                                       grid: dict[str, Any],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The scoring screen of a 5-player game (with Review my game), the review (whose
    game, progress, the list) and the replay viewer at a decision."""
    app = app_of_a_played_game
    from coachhelp import FakeJob, fake_review, finished_record

    from ttr.game.replays import Timeline
    from ttr.game.session import GameSession
    from ttr.ui.scenes.replay import CoachNote, ReplayScene
    from ttr.ui.scenes.review import ReviewScene

    walk = Walk(app, **grid)
    record, map_def = finished_record(("human", "greedy", "human", "greedy", "greedy"),
                                      map_id=map_id)
    app.ctx.nav.show_scoring(GameSession.resume(map_def.game_map, record), map_def)
    app.stack.apply_pending()
    scoring = app.stack.top
    assert isinstance(scoring, ScoringScene)
    scoring.queue.finish_all()
    walk.check("scoring")
    review = fake_review(record, map_def, count=5)
    monkeypatch.setattr("ttr.ui.scenes.review.start_review",
                        lambda *a, **k: FakeJob(review, 40))
    scene = ReviewScene(app.ctx, record, map_def)
    _push(app, lambda: scene)
    walk.check("review: whose game")
    scene.begin(0)
    frames(app, 3)
    walk.check("review: progress")
    frames(app, 60)
    assert scene.stage == "done"
    walk.check("review: the list")
    replay = ReplayScene(app.ctx, Timeline(record, map_def.game_map), map_def)
    _push(app, lambda: replay)
    replay.show_decision(CoachNote(0, review.mistakes[0]))
    walk.check("replay viewer at a decision")
    walk.finish()


def test_the_online_screens_fit(app: App) -> None:
    """The Online menu, Join a game (with a game found on the network), Host a game, and
    a host's lobby of five seats (open, taken, AI) with chat."""
    import queue

    from ttr.maps.mapfile import find_map
    from ttr.net.discovery import Found
    from ttr.net.link import Credentials
    from ttr.net.messages import Reason, SeatInfo, TableInfo
    from ttr.net.remote import ChatLine, RemoteSession
    from ttr.ui.scenes.host import HostSetupScene
    from ttr.ui.scenes.join import JoinScene
    from ttr.ui.scenes.lobby import LobbyScene
    from ttr.ui.scenes.online import OnlineMenuScene

    walk = Walk(app)
    _push(app, lambda: OnlineMenuScene(app.ctx))
    walk.check("online menu")
    join = JoinScene(app.ctx, "192.168.1.20:8765", "ABCD-EFGH", "Ann")
    _push(app, lambda: join)
    join.found = [Found("ttr", "192.168.1.20:8765", "Bo's computer", "europe/base 2/5", "europe",
                        "base", 2, 5)]
    walk.check("join")
    _push(app, lambda: HostSetupScene(app.ctx))
    walk.check("host setup")

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
                             Reason("seat_open", 1), seats, None, True)
    session.local, session.host, session.status = (0,), True, "online"
    session.chat.append(ChatLine("Gus", "hello everyone, ready when you are", 3, 0.0))
    lobby = LobbyScene(app.ctx, "Hosting a game")
    lobby.session, lobby.address, lobby.label = session, "192.168.1.20:8765", "Europe"
    _push(app, lambda: lobby)
    walk.check("lobby")
    walk.finish()


@pytest.mark.parametrize("grid", GRIDS)
def test_the_online_board_fits(app_of_a_played_game: App, grid: dict[str, Any]) -> None:
    """An online game's board with chat lines over the map, a player away, and the
    reconnecting band."""
    app = app_of_a_played_game
    import sys
    from pathlib import Path

    from ttr.ui.scenes.lobby import LobbyScene
    from ttr.ui.scenes.online_board import OnlineBoardScene

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
    from netkit import ServerThread

    walk = Walk(app, **grid)
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
            _pop(app)
        names = frozenset(c.name for c in board.shown_view.public.game_map.cities)
        status = board.remote.status

        def cut() -> None:
            board.remote.status = "reconnecting"
            board.update(0.0)  # the board hears of it

        def back() -> None:
            board.remote.status = status
            board.update(0.0)

        walk.walk([State("online board", labels=names),
                   State("online board, reconnecting", cut, back, names)])
        board.remote.close()
    walk.finish()
