"""Hot-seat privacy, tested on what is drawn: whole games through the UI with a spy on
every string rendered or shown (textspy), checked against who sits at the screen.

Who sits at the screen is the test's own bookkeeping, not the UI's: a person takes the
screen when they dismiss their curtain (or from the start in a game with one human), and
gives it up the moment their move leaves another human to act before them (computed here
from the seats and the seat to act). On every drawn frame (the scoring screen aside,
which shows everything):

- no string carries another seat's secret: a ticket it holds or was offered (its two
  city names side by side in a string, or drawn one above the other as in the ticket
  chooser),
  the line the log would say about its move unredacted ("Ada drew an orange card from
  the deck", "Ada kept 2 tickets: ..."), or any "<name> drew ... <colour>";
- the board shows the view of the person at the screen or the public one, and when it
  is not theirs the hand and ticket panels are empty (no card image, no text but the
  "Cards hidden" note).

The games use blind and face-up draws, ticket draws with random keeps, claims with
random payments, Europe's tunnels (paid or given up) and stations, undo presses (only
taken in a game with one human), and a save, quit to menu and load in the middle.
"""

from __future__ import annotations

import random
import re
import sys
import time
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pygame
import pytest
from textspy import TextSpy
from uibot import act_mixed, board_of
from uihelp import click, key

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
from netkit import ServerThread  # noqa: E402

from ttr import i18n
from ttr.engine import (
    CardColor,
    CardTaken,
    Event,
    GameMap,
    PlayerState,
    Stage,
    StationBuilt,
    TunnelRevealed,
    redact,
)
from ttr.game.session import GameSession
from ttr.net.link import Credentials
from ttr.store.autosave import Folders
from ttr.ui.announce import announcer_of
from ttr.ui.app import App, default_seats
from ttr.ui.scene import NewGame
from ttr.ui.scenes.board import BoardScene
from ttr.ui.scenes.board_text import log_line, route_tip
from ttr.ui.scenes.handoff import HandoffScene
from ttr.ui.scenes.lobby import LobbyScene
from ttr.ui.scenes.menu import MenuScene
from ttr.ui.scenes.online import stop_hosting
from ttr.ui.scenes.online_board import OnlineBoardScene
from ttr.ui.scenes.pause import PauseScene
from ttr.ui.scenes.savename import SaveNameScene
from ttr.ui.scenes.saves import LoadScene
from ttr.ui.scenes.scoring import ScoringScene
from ttr.ui.theme import CARD_NAMES
from ttr.ui.words import a_card

COLOURS = "|".join(sorted(set(CARD_NAMES.values())))


JOINER = r"\s*(?:\u2013|\u2014|-|\u2192|\u2194|\u2193|to|and)?\s*"
"""What may stand between a ticket's two cities: a dash, an arrow, "to"."""


def _named_together(text: str, a: str, b: str) -> bool:
    """Both city names of a ticket side by side in `text` ("A–B", "A – B", "A to B")."""
    if a not in text or b not in text:
        return False
    x, y = re.escape(a), re.escape(b)
    return re.search(f"{x}{JOINER}{y}|{y}{JOINER}{x}", text) is not None


class Table:
    """One hot-seat game driven through the UI, with the privacy checks on every frame."""

    current: Table
    """The table of the running test."""
    wait_pause = 0.0
    """Seconds to sleep after a frame spent waiting (nothing to do at the screen)."""

    def __init__(self, monkeypatch: Any, tmp_path: Path, kinds: str, map_id: str,
                 variant: str, seed: int, size: tuple[int, int], animate: bool = False,
                 language: str | None = None) -> None:
        self._watch(monkeypatch, App(size, pace=0.0, settings_file=None, language=language),
                    seed)
        if animate:  # cards and trains fly over several frames (computer moves stay instant)
            self.app.ctx.settings.animation_speed = 1.0
        self.app.ctx.extras["folders"] = Folders(tmp_path / "saves", tmp_path / "records",
                                                 tmp_path / "stats.json")
        self.app.ctx.extras["session_hook"] = self._on_session
        self.seats = default_seats(kinds.split(","))
        self.humans = [i for i, s in enumerate(self.seats) if s.agent is None]
        self.names = [s.name for s in self.seats]
        self.app.start_game(NewGame(map_id, variant, tuple(self.seats), seed))
        self.app.stack.apply_pending()
        if len(self.humans) == 1:
            self.at_screen = self.humans[0]

    def _watch(self, monkeypatch: Any, app: App, seed: int) -> None:
        """The spy on every string drawn, the announcements kept, a check on every frame."""
        Table.current = self
        self.at_screen: int | None = None
        self.spy = TextSpy(lambda: self.at_screen)
        self.spy.install(monkeypatch)
        # the coach's hints are drawn and spoken too: real hints from the seat's own view,
        # with a short search in this process (the checks are about what is shown)
        import ttr.game.coach as coach
        real_hint = coach.hint
        monkeypatch.setattr(coach, "hint", lambda view, budget=0.0, workers=None: real_hint(
            view, budget=0.05, workers=0))
        self.hints_shown = 0
        self.hint_notes: list[str] = []
        self.app = app
        self.announcer = announcer_of(app.ctx.extras)
        self.announcer.keep_stream = True  # every announcement, spoken or captioned
        self.announced = 0
        self.announcements_checked = 0
        self.queries = random.Random(seed)
        app.frame_hooks.append(self._check_frame)
        self.session: Any = None
        """The game's session (a `GameSession`, or online a `RemoteSession`)."""
        self.ever: dict[int, set[frozenset[str]]] = defaultdict(set)
        """City pairs of every ticket each seat has held or been offered."""
        self.secret_lines: dict[int | None, set[str]] = {}
        self._clean: set[tuple[str, int | None]] = set()
        self._drew: dict[int, list[str]] = {}
        self.sessions = 0
        self.own_tickets_seen = 0
        self.checked_frames = 0
        self.hidden_frames = 0
        self.did: list[str] = []

    # ------------------------------------------------------------ bookkeeping

    def _on_session(self, session: GameSession) -> None:
        self.sessions += 1  # the first game, then each load and each undo taken
        self.session = session
        self.secret_lines.clear()
        self._clean.clear()
        self._learn(session.game_map, session._state.players, session.log)
        session.after_action.append(lambda s, _events: self._after_action(s))

    def _after_action(self, session: Any) -> None:
        if isinstance(session, GameSession):
            self._learn(session.game_map, session._state.players, session.log[-12:])
        seat = session.to_act
        if self.at_screen is not None and len(self.humans) > 1:
            n = len(self.seats)
            following = [] if seat is None else [(seat + k) % n for k in range(n)]
            nxt = next((s for s in following if s in self.humans), None)
            if nxt != self.at_screen:
                self.at_screen = None  # another human acts first: the screen is theirs now

    def _learn(self, gm: GameMap, players: Iterable[PlayerState],
               events: Iterable[Event]) -> None:
        """Every ticket each seat holds or is offered; the lines that would give away a
        seat's move to each other viewer."""
        for seat, p in enumerate(players):
            self.ever[seat] |= {frozenset((gm.city_name(gm.ticket_by_id[t].a),
                                           gm.city_name(gm.ticket_by_id[t].b)))
                                for t in (*p.tickets, *p.offer)}
        for e in events:
            actor = getattr(e, "seat", None)
            if actor is None:
                continue
            full = log_line(e, gm, self.names)
            for viewer in (None, *range(len(self.seats))):
                if viewer != actor and full and full != log_line(redact(e, viewer), gm,
                                                                 self.names):
                    self.secret_lines.setdefault(viewer, set()).add(full)
        self._clean.clear()

    # ------------------------------------------------------------ checks

    def _blind_draws(self, seat: int) -> list[str]:
        """What the log would say of each colour `seat` could draw blind, in the game's
        language ("Ada hat eine orange Karte vom Nachziehstapel gezogen")."""
        if seat not in self._drew:
            self._drew[seat] = [i18n._("{player} drew {card} from the deck").format(
                player=self.names[seat], card=a_card(c)) for c in CardColor]
        return self._drew[seat]

    def leak(self, text: str, owner: int | None) -> str | None:
        """Why `text` must not be seen by `owner` (None: nobody's secrets), or None."""
        if (text, owner) in self._clean:
            return None
        known = self.ever[owner] if owner is not None else set()
        for seat, pairs in self.ever.items():
            if seat == owner:
                continue
            for pair in pairs - known:
                if _named_together(text, *pair):
                    return f"ticket {sorted(pair)} of seat {seat}"
            # within one sentence: announcements string several log lines together
            name = re.escape(self.names[seat])
            if re.search(rf"\b{name}\b[^.]*\bdrew\b[^.]*\b({COLOURS})\b", text) or any(
                    said in text for said in self._blind_draws(seat)):
                return f"the colour of a blind draw of seat {seat}"
        for line in self.secret_lines.get(owner, ()):
            if line in text:
                return f"another seat's move unredacted: {line!r}"
        self._clean.add((text, owner))
        return None

    def _check_frame(self) -> None:
        spy, app = self.spy, self.app
        visible = app.stack.visible()
        if any(isinstance(s, ScoringScene) for s in visible) or self.session is None:
            spy.next_frame()
            return
        owner = self.at_screen
        problems = [f"rendered {r.text!r} for seat {r.owner}: {why}" for r in spy.rendered
                    if (why := self.leak(r.text, r.owner))]
        problems += [f"showed {t!r} to seat {sh.owner}: {why}" for sh in spy.shown
                     for t in sh.texts if (why := self.leak(t, sh.owner))]
        if owner is not None:  # the positive control: private strings are seen where allowed
            self.own_tickets_seen += sum(1 for sh in spy.shown for t in sh.texts
                                         for pair in self.ever[owner] if _named_together(t, *pair))
        problems += self._stacked_ticket_ends(owner)
        new = self.announcer.stream[self.announced:]
        self.announced = len(self.announcer.stream)
        self.announcements_checked += len(new)
        problems += [f"announced {a.text!r} (worded for seat {a.seat}) to seat {owner}: {why}"
                     for a in new if (why := self.leak(a.text, owner))]
        board = next((s for s in visible if isinstance(s, BoardScene)), None)
        if board is not None:
            problems += self._panels(board, owner)
        assert not problems, f"frame {spy.frame}, at the screen: {owner}\n" + "\n".join(
            problems[:8])
        self.checked_frames += 1
        spy.next_frame()

    def _stacked_ticket_ends(self, owner: int | None) -> list[str]:
        """Two city names drawn one above the other (a ticket card) forming a secret."""
        single = [(next(iter(sh.texts)), sh.rect) for sh in self.spy.shown
                  if len(sh.texts) == 1]
        known = self.ever[owner] if owner is not None else set()
        secret = set().union(*(p for s, p in self.ever.items() if s != owner)) - known
        out = []
        for i, (a, ra) in enumerate(single):
            for b, rb in single[i + 1:]:
                if abs(ra.centerx - rb.centerx) < 3 and abs(ra.centery - rb.centery) < 8 * ra.h \
                        and frozenset((a, b)) in secret:
                    out.append(f"ticket ends {a!r} / {b!r} drawn for seat {owner}")
        return out

    def _panels(self, board: BoardScene, owner: int | None) -> list[str]:
        v = board.shown_view
        out = []
        if v.viewer not in (None, owner) or (v.me is not None and v.me.seat != owner):
            out.append(f"the board shows seat {v.viewer}'s view to seat {owner}")
        if v.viewer == owner and owner is not None:
            return out
        self.hidden_frames += 1
        lay = board.layout
        tip: set[str] = set()
        if board.hover_route is not None:
            tip = set(route_tip(v, v.public.game_map.route(board.hover_route), board.names))
        for _, color, rect in self.spy.cards_shown:
            if lay.hand.collidepoint(rect.center):
                out.append(f"a {color} card in the hand panel of a view not seat {owner}'s")
        for sh in self.spy.shown:
            inside = lay.tickets.collidepoint(sh.rect.center) or (
                lay.hand.collidepoint(sh.rect.center) and sh.rect.centery > lay.hand.y + lay.font)
            extra = sh.texts - tip - {i18n._("Hands and tickets stay hidden until the next "
                                             "player takes the screen.")}
            if inside and extra:
                out.append(f"{sorted(extra)} in the hand or ticket panel of a hidden view")
        return out

    # ------------------------------------------------------------ driving

    def close(self) -> None:
        """Stop the game's scenes (and any AI worker)."""
        for scene in list(self.app.stack.scenes):
            scene.on_exit()

    def play(self, rng: random.Random, save_after: int | None, undo_rate: float,
             seconds: float = 240) -> None:
        """Play to the scoring screen; save, quit and load once after `save_after` actions."""
        app = self.app
        deadline = time.time() + seconds
        while time.time() < deadline:
            top = app.stack.top
            if isinstance(top, ScoringScene):
                return
            s = self.session
            assert s is not None
            board = board_of(app)
            idle = board is not None and top is board and not board.queue.busy \
                and s.pending_handoff() is None
            at_rest = idle or isinstance(top, HandoffScene)  # saving from a curtain works too
            if at_rest and save_after is not None and len(s.actions) >= save_after:
                save_after = None
                self._save_quit_and_load()
                continue
            first_turn = bool(undo_rate) and len(s.actions) == len(self.seats) \
                and "undo" not in self.did
            # ask the board in words, as a blind player does (own dice: the game stays the same)
            if idle and self.queries.random() < 0.15:
                key(self.queries.choice((pygame.K_h, pygame.K_i, pygame.K_s, pygame.K_l, pygame.K_m,
                                pygame.K_w, pygame.K_r, pygame.K_RIGHT, pygame.K_UP)))
                self.did.append("query")
                app.frame(0.3)
                continue
            # a hint at the first chance (so every game checks one), then now and then
            if idle and s.to_act in self.humans and (
                    "hint" not in self.did or self.queries.random() < 0.05):
                self._ask_hint(board)  # type: ignore[arg-type]
                continue
            if idle and s.to_act in self.humans and (
                    rng.random() < undo_rate or first_turn):
                key(pygame.K_u)
                self.did.append("undo")
                app.frame(0.3)
                continue
            if isinstance(top, HandoffScene) and top.armed <= 0:
                self.at_screen = top.seat
            self.did.append(act_mixed(app, rng))
            if self.did[-1] == "wait":
                time.sleep(self.wait_pause)
            app.frame(0.3)
        raise AssertionError(f"the game did not end: {self.did[-20:]}")

    def _ask_hint(self, board: BoardScene) -> None:
        """G: a hint for the seat at the screen, drawn (and checked) once it is ready."""
        key(pygame.K_g)
        self.did.append("hint")
        self.app.frame(0.05)  # the key starts the job
        end = time.time() + 20
        while board.hint.job is not None and time.time() < end:
            time.sleep(0.01)
            self.app.frame(0.05)
        if board.hint.mark is not None:
            self.hints_shown += 1
        else:
            self.hint_notes.append(board.toast.text)
        self._frames(2)

    def _frames(self, n: int) -> None:
        for _ in range(n):
            self.app.frame(0.3)

    def _press(self, label: str, kind: type) -> None:
        """Click the button `label` of the top scene, which must be a `kind`."""
        top = self.app.stack.top
        assert isinstance(top, kind), top
        click(next(b for b in top.buttons if b.label == label).rect.center)  # type: ignore[attr-defined]
        self._frames(2)

    def _save_quit_and_load(self) -> None:
        app = self.app
        key(pygame.K_ESCAPE)
        self._frames(1)
        self._press("Save game", PauseScene)
        ask = app.stack.top
        assert isinstance(ask, SaveNameScene)
        name = ask.name
        key(pygame.K_RETURN)
        self._frames(1)
        key(pygame.K_ESCAPE)
        self._frames(1)
        self.at_screen = None  # whoever comes back to the computer later
        self._press("Quit to menu", PauseScene)
        self._press("Load game", MenuScene)
        load = app.stack.top
        assert isinstance(load, LoadScene)
        load.select(next(i for i, r in enumerate(load.rows) if r.title == name))
        if len(self.humans) == 1:
            self.at_screen = self.humans[0]  # back at the screen: no curtain with one human
        key(pygame.K_RETURN)
        self._frames(2)
        assert board_of(app) is not None, "the saved game did not load"
        self.did.append("save+load")



class OnlineTable(Table):
    """A hot-seat game at an online table: two people at this window (curtains between
    them, hints allowed) and an AI at the server, with the same checks on every frame.
    What each seat holds and every move come from the server's own table."""

    wait_pause = 0.005
    """Waiting for the server: a busy loop of frames starved its thread (50 s, not 8)."""

    def __init__(self, monkeypatch: Any, tmp_path: Path, server: Any, map_id: str,
                 seed: int, size: tuple[int, int]) -> None:
        self._watch(monkeypatch, App(size, pace=0.0, settings_file=None), seed)
        app = self.app
        app.ctx.extras["folders"] = Folders(tmp_path / "saves", tmp_path / "records",
                                            tmp_path / "stats.json")
        app.ctx.extras["online_path"] = tmp_path / "online.json"
        app.ctx.extras["lan_interfaces"] = ["127.0.0.1"]
        self.server = server
        self.table: Any = None
        self.logged = 0
        self.humans = [0, 1]
        self.lobby = LobbyScene(app.ctx, "Hosting a game")
        self.lobby.pending = (Credentials(server.url), {
            "kind": "create", "map": map_id, "variant": "base", "hints": True,
            "seats": [{"kind": "local", "name": "Ann"}, {"kind": "local", "name": "Bo"},
                      {"kind": "ai", "level": "easy"}]})
        app.stack.push(self.lobby)
        app.stack.apply_pending()

    def _check_frame(self) -> None:
        board = next((s for s in self.app.stack.scenes if isinstance(s, OnlineBoardScene)),
                     None)
        if board is not None and self.session is None:
            remote = board.remote
            self.table = next(t for t in self.server.server.tables.values()
                              if t.code == remote.info.code)
            self.names = [s.name for s in self.table.seats]
            self.seats = list(remote.seats)
            self.session = remote
            remote.after_action.append(lambda s, _events: self._after_action(s))
        if self.table is not None and self.table.state is not None:
            # the server's truth (it may be ahead of the window: known secrets only grow)
            log = self.table.log
            self._learn(self.table.game_map, self.table.state.players, log[self.logged:])
            self.logged = len(log)
        super()._check_frame()

    def start(self, seconds: float = 30) -> None:
        """Start the table once it is described; wait for the board."""
        end = time.time() + seconds
        while self.session is None:
            assert time.time() < end, type(self.app.stack.top).__name__
            info = self.lobby.session.info if self.lobby.session is not None else None
            if self.app.stack.top is self.lobby and info is not None and info.can_start is None:
                key(pygame.K_RETURN)  # Start
            self.app.frame(0.05)
            time.sleep(0.01)


@pytest.mark.parametrize(("map_id", "seed", "size"), [
    ("usa", 12, (1280, 720)),
    pytest.param("europe", 13, (1024, 640), marks=pytest.mark.slow)])
def test_no_frame_shows_another_seats_secret_online(monkeypatch: Any, tmp_path: Path,
                                                    map_id: str, seed: int,
                                                    size: tuple[int, int]) -> None:
    """Two people at one window at an online table with hints on, and an AI at the
    server: the same checks on every frame, secrets taken from the server's table (it
    found the window keeping a player's view and words after their move, when the
    other person at the screen was next)."""
    with ServerThread() as st:
        table = OnlineTable(monkeypatch, tmp_path, st, map_id, seed, size)
        try:
            table.start()
            table.play(random.Random(seed), None, 0.0)
            assert table.table is not None and table.table.state.stage == Stage.GAME_OVER
            did = " ".join(table.did)
            assert "tickets" in did and "deck" in did and "claim" in did, did[-400:]
            assert table.checked_frames > 200 and table.hidden_frames > 20
            assert table.did.count("curtain 0") + table.did.count("curtain 1") >= 10
            assert table.spy.renders_total > 500 and table.own_tickets_seen > 50
            assert table.announcements_checked > 50
            assert table.hints_shown >= 1, (table.did.count("hint"), table.hint_notes)
            if map_id == "europe":
                assert "tunnel" in did and "station" in did, did[-400:]
        finally:
            table.close()
            stop_hosting(table.app.ctx)


GAMES = [
    # kinds, map, variant, seed, window, save after N actions, undo rate, animated
    pytest.param("human,human,greedy", "usa", "base", 3, (1280, 720), 40, 0.02, True,
                 id="usa-2humans+ai"),
    pytest.param("human,human,human", "europe", "base", 4, (1024, 640), 30, 0.02, False,
                 id="europe-3humans"),
    pytest.param("human,human,human", "usa", "base", 5, (1024, 640), 50, 0.02, False,
                 id="usa-3humans", marks=pytest.mark.slow),
    pytest.param("human,random,human", "europe", "base", 6, (1280, 720), 60, 0.02, True,
                 id="europe-2humans+ai", marks=pytest.mark.slow),
    pytest.param("greedy,human,human,random", "usa", "mega", 7, (1280, 720), 70, 0.02, False,
                 id="usa-mega-2humans+2ai", marks=pytest.mark.slow),
    pytest.param("human,greedy", "europe", "base", 8, (1024, 640), 35, 0.1, False,
                 id="europe-1human+ai-undo", marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("kinds", "map_id", "variant", "seed", "size", "save_after",
                          "undo_rate", "animate"), GAMES)
def test_no_frame_shows_another_seats_secret(monkeypatch: Any, tmp_path: Path, kinds: str,
                                             map_id: str, variant: str, seed: int,
                                             size: tuple[int, int], save_after: int,
                                             undo_rate: float, animate: bool) -> None:
    _play_and_check(Table(monkeypatch, tmp_path, kinds, map_id, variant, seed, size, animate),
                    seed, save_after, undo_rate, map_id, animate)


@pytest.mark.parametrize("language", ["de", pytest.param("pl", marks=pytest.mark.slow)])
def test_no_frame_shows_another_seats_secret_in_another_language(
        monkeypatch: Any, tmp_path: Path, language: str) -> None:
    """The same checks with the game in German or Polish: the ticket names, the log's
    secret lines and a blind draw's colour as that language says them."""
    try:
        _play_and_check(Table(monkeypatch, tmp_path, "human,human,greedy", "europe", "base",
                              11, (1280, 720), True, language), 11, 40, 0.02, "europe", True)
    finally:
        i18n.set_language("en")


def _play_and_check(table: Table, seed: int, save_after: int, undo_rate: float, map_id: str,
                    animate: bool) -> None:
    """Play the table's game through the UI and check what every frame showed."""
    try:
        table.play(random.Random(seed), save_after, undo_rate)
        s = table.session
        assert s is not None and s.over
        acts = " ".join(s.actions)
        assert "save+load" in table.did and "deck" in acts and "tickets" in acts
        assert "keep" in acts and "claim" in acts
        if map_id == "europe":
            log = s.log
            assert any(isinstance(e, TunnelRevealed) for e in log), "no tunnel was tried"
            assert any(isinstance(e, StationBuilt) for e in log), "no station was built"
        assert any(isinstance(e, CardTaken) and e.source == "deck" and e.seat in table.humans
                   for e in s.log)
        if len(table.humans) > 1:
            # the board drawn with nobody's hand: while a move's animation plays before
            # the curtain (without animations the curtain comes in the same frame)
            assert table.checked_frames > 200 and (table.hidden_frames > 20 or not animate)
        else:  # with one human the screen is always theirs; undo was taken at least once
            assert table.checked_frames > 100 and table.sessions >= 3
        assert table.spy.renders_total > 500 and table.spy.shown_total > 5000
        assert table.own_tickets_seen > 50  # the spy does see each player's own tickets
        assert table.announcements_checked > 50
        # a hint's line and marks were on screen (and checked) at least once
        assert table.hints_shown >= 1, (table.did.count("hint"), table.hint_notes)
    finally:
        table.close()


def _unredacted_log(monkeypatch: Any) -> str:
    """The old bug: the log worded from the events as they happened, for everyone."""
    import ttr.ui.scenes.board_draw as board_draw

    def leaky_lines(view: Any, names: Any, notes: Any = ()) -> Iterable[str]:
        s = Table.current.session
        assert s is not None
        gm = view.public.game_map
        return [t for e in reversed(s.log) if (t := log_line(e, gm, names))]

    monkeypatch.setattr(board_draw, "log_lines", leaky_lines)
    return "human,human"


def _screen_never_released(monkeypatch: Any) -> str:
    """A human's hand stays up after their turn while the computer plays."""
    monkeypatch.setattr(GameSession, "next_human", lambda s: s.screen_owner)
    return "human,human,greedy"


def _announced_unredacted(monkeypatch: Any) -> str:
    """Announcements worded from the session's raw events instead of the redacted ones."""
    import ttr.ui.scenes.board_keys as board_keys

    def leaky(events: Any, view: Any, names: Any) -> str:
        s = Table.current.session
        assert s is not None
        raw = s.log[-max(1, len(events)):]
        return ". ".join(t for e in raw if (t := log_line(e, view.public.game_map, names)))

    monkeypatch.setattr(board_keys, "narrate", leaky)
    return "human,human"


@pytest.mark.parametrize(("mistake", "found"), [
    (_announced_unredacted, "announced .*(ticket|unredacted|colour)"),
    (_unredacted_log, "ticket|unredacted|colour"),
    (_screen_never_released, "view to seat None|hand panel|ticket"),
])
def test_the_checks_catch_a_leak(monkeypatch: Any, tmp_path: Path, mistake: Any,
                                 found: str) -> None:
    kinds = mistake(monkeypatch)
    table = Table(monkeypatch, tmp_path, kinds, "usa", "base", 9, (1280, 720))
    try:
        with pytest.raises(AssertionError, match=found):
            table.play(random.Random(1), None, 0.0, seconds=60)
    finally:
        table.close()


def test_a_blind_draw_said_in_another_language_is_caught(monkeypatch: Any,
                                                         tmp_path: Path) -> None:
    """The colour check reads the game's language: "Ada hat eine rote Karte vom
    Nachziehstapel gezogen" shown to the other seat is a leak, as "Ada drew a red card"."""
    table = Table(monkeypatch, tmp_path, "human,human", "usa", "base", 9, (1280, 720),
                  language="de")
    try:
        said = i18n._("{player} drew {card} from the deck").format(
            player=table.names[1], card=a_card(CardColor.RED))
        assert "Nachziehstapel" in said
        assert "blind draw of seat 1" in (table.leak(f"Gut. {said}.", 0) or "")
        assert table.leak(said, 1) is None  # their own draw
    finally:
        table.close()
        i18n.set_language("en")
