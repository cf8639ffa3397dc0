"""The board: map, market, hand, tickets, players and log; input -> legal actions.

The board renders from `shown_view`, which trails the engine: each `Update` from the
session becomes animation clips (board_anims) and a final call switches the view.
Everything clickable is clickable because an action in `view.legal` says so.

Privacy: everything drawn comes from `shown_view`, the view of whoever sits at the screen
now. The game log is that view's events (redacted for its seat), rendered at drawing
time; a curtain or a released screen switches the whole view, log included. An update
that belongs to another viewer (the screen was released after a hot-seat human's move)
hides the old view's secrets before its animation starts.
"""

from __future__ import annotations

import logging
from typing import Any, TypeVar

import pygame

from ttr.engine import (
    BuildStation,
    CardColor,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    IllegalActionError,
    Pass,
    PlayerView,
    Stage,
)
from ttr.engine.scoring import connected_tickets
from ttr.engine.table import closed_twins
from ttr.game.session import Update
from ttr.game.table import TableSession
from ttr.i18n import N_, _, number, pgettext
from ttr.maps.mapfile import MapDefinition
from ttr.ui import theme
from ttr.ui.anim import AnimationQueue, Call, Sequence, Sprite, scaled
from ttr.ui.assets import render
from ttr.ui.camera import SETTLE, Camera
from ttr.ui.maprender import MapRenderer, least_label
from ttr.ui.scene import AppContext, Scene
from ttr.ui.scenes import board_draw
from ttr.ui.scenes import scoring as _scoring  # noqa: F401  (loaded now, not when the game ends)
from ttr.ui.scenes.board_anims import clips_for
from ttr.ui.scenes.board_table import FLASH, last_move
from ttr.ui.scenes.board_text import (
    refuse_draw,
    refuse_route,
    refuse_station,
    refuse_tickets,
)
from ttr.ui.viewport import BoardLayout, ui_font
from ttr.ui.widgets import Button, Toast

logger = logging.getLogger(__name__)


_A = TypeVar("_A")
_DECIDED_BY = {
    "points": lambda: pgettext("decided by", "points"),
    "tickets": lambda: pgettext("decided by", "tickets"),
    "stations": lambda: pgettext("decided by", "stations"),
    "longest path": lambda: pgettext("decided by", "longest path"),  # i18n: no (the key: a code)
    "tie": lambda: pgettext("decided by", "tie"),
}
"""What split the top of the ranking (`GameResult.decided_by`), in words."""


def hidden_view(old: PlayerView, new: PlayerView) -> PlayerView:
    """`old`'s table seen as `new`'s viewer sees it: the same public state, none of the
    old viewer's secrets, and the log as far as `old` went, from `new`'s (redacted) log."""
    return PlayerView(new.viewer, old.public, None, (), new.log[:len(old.log)])


class BoardScene(Scene):
    """The game table for one session (local or online: see `TableSession`)."""

    def __init__(self, ctx: AppContext, session: TableSession, map_def: MapDefinition) -> None:
        super().__init__(ctx)
        self.session = session
        self.map_def = map_def
        self.renderer = MapRenderer(map_def, ctx.assets)
        self.camera = Camera(map_def.layout.size)
        self.names = [s.name for s in session.seats]
        from ttr.ai.base import agent_info

        self.agent_labels = [agent_info(s.agent).label if s.agent else "" for s in session.seats]
        self.player_rgb = [theme.PLAYER_RGB.get(s.color, (200, 200, 200)) for s in session.seats]
        self.shown_view: PlayerView = session.screen_view()
        self.queue = AnimationQueue()
        self.sprites: list[Sprite] = []
        self.overrides: dict[str, dict[Any, Any]] = {}
        """What to show instead of the view while an animation runs ("faceup", "stations")."""
        self.counters: dict[int, Sprite] = {}
        self.toast = Toast()
        self.intro = self.worded_intro()
        self.strip_taken = False
        """A tooltip holds the strip under the map this frame (the caption gives way)."""
        self.notes: list[tuple[int, str]] = []
        """Public lines for the log (online chat): (events before it, text)."""
        self.hover_route: str | None = None
        self.hover_city: str | None = None
        self.hover_ticket: str | None = None
        self.offered: tuple[str, ...] = ()
        """Tickets being chosen now (their cities are highlighted on the map)."""
        self.chosen: frozenset[str] = frozenset()
        self.hover_market: str | None = None
        self.mouse = (0, 0)
        self.revealed: tuple[tuple[CardColor, ...], int] | None = None
        self.paused = False
        self.finished = False
        self.ai_wait = 0.0
        self.time = 0.0
        self.pass_button = Button(N_("Pass"), primary=True)
        # TRANSLATORS: a toggle button beside the tickets heading (it shares that line):
        # keep it short, e.g. a verb alone ("Markieren")
        self.tickets_toggle = Button(N_("Show on map"), tip=N_(
            "Keep your tickets' cities and your network highlighted on the map (K)"))
        self.show_my_tickets = False
        from ttr.ui.scenes.board_hint import BoardHint

        self.hint = BoardHint(self)
        """The coach's hint: the Hint button, G, the job and the hint's marks."""
        self.ticket_scroll = 0
        self.last_flash = -FLASH
        """When the last move was last highlighted (board time; it flashes for FLASH s)."""
        self._last_seen = last_move(self.shown_view)
        self._completed: tuple[tuple[object, ...], frozenset[str]] | None = None
        self._banner_thinking = False
        self._log_cache: dict[tuple[int | None, str, int, int], pygame.Surface] = {}
        self.layout = BoardLayout.compute(ctx.size, len(self.names), ctx.settings,
                                          *self.needs(ctx.size))
        self.on_resize(ctx.size)
        from ttr.ui.scenes.board_keys import BoardKeys

        self.keys = BoardKeys(self)
        """Keyboard play: queries, the city cursor, claim and station lists, captions."""
        from ttr.ui.scenes.lesson_overlay import lesson_overlay

        self.lesson = lesson_overlay(self)
        """Learn to play: the guided steps over the lesson's game (None otherwise)."""

    # ------------------------------------------------------------ helpers

    def seat_name(self, seat: int) -> str:
        """Display name of a seat."""
        return self.names[seat]

    def sfx(self, name: str) -> None:
        """Play a sound effect now (clips call this when their moment comes)."""
        self.ctx.play_sound(name)

    def score_counter(self, seat: int) -> Sprite:
        """The displayed (animated) route score of a seat."""
        if seat not in self.counters:
            self.counters[seat] = Sprite(x=self.shown_view.public.players[seat].route_points)
        return self.counters[seat]

    def hand_target(self, color: object) -> tuple[int, int]:
        """Where a card of `color` lands in the hand."""
        groups = board_draw.hand_groups(self.shown_view)
        for (c, _n), stack in zip(groups, board_draw.hand_stacks(self.layout, groups),
                                  strict=True):
            if c == color:
                return stack[-1].center
        return self.layout.hand.center

    def completed_tickets(self) -> frozenset[str]:
        """My tickets already connected by my routes."""
        v = self.shown_view
        if v.me is None:
            return frozenset()
        key = (v.public.owners, v.me.tickets)
        if self._completed is not None and self._completed[0] == key:
            return self._completed[1]
        gm = v.public.game_map
        assert v.viewer is not None  # a view with a hand has a seat
        joined = connected_tickets(gm, v.public.owners, v.viewer, v.me.tickets)
        done = frozenset(t for t, ok in zip(v.me.tickets, joined, strict=True) if ok)
        self._completed = (key, done)
        return done

    def log_image(self, line: str, size: int, width: int) -> pygame.Surface:
        """A wrapped, rendered log line (cached; cleared on resize).

        The key holds the seat whose view the line was worded for, besides the text
        itself, so an image made for one seat is never shown at another's screen.
        """
        key = (self.shown_view.viewer, line, size, width)
        img = self._log_cache.get(key)
        if img is None:
            if len(self._log_cache) > 400:
                self._log_cache.clear()
            img = render(self.ctx.assets.font(size, cond=True), line, theme.TEXT, width)
            self._log_cache[key] = img
        return img

    def add_note(self, text: str) -> None:
        """Add a public line (a chat message) to the game log, after the events so far."""
        self.notes.append((len(self.session.view_for(None).log), text))
        self.dirty = True

    def legal_of(self, kind: type[_A]) -> list[_A]:
        """Legal actions of one type for the shown view."""
        return [a for a in self.shown_view.legal if isinstance(a, kind)]

    # ------------------------------------------------------------ lifecycle

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout = BoardLayout.compute(size, len(self.names), self.ctx.settings,
                                          *self.needs(size))
        self._log_cache = {}
        self.intro = self.worded_intro()
        self.camera.level = min(self.camera.level, self.camera.max_level(self.layout.map))
        self.renderer.least_label = least_label(self.layout.font)
        self.renderer.resize(self.camera.viewport(self.layout.map))
        d = self.layout.deck_rect()
        self.pass_button.rect = pygame.Rect(0, 0, d.w, max(30, d.h // 2))
        self.pass_button.rect.center = d.center
        t, f = self.layout.tickets, self.layout.font
        tw = self.ctx.assets.text(_(self.tickets_toggle.label), f, theme.TEXT,
                                  bold=True).get_width()
        self.tickets_toggle.rect = pygame.Rect(0, 0, tw + f, round(f * 1.5))
        self.tickets_toggle.rect.topright = (t.right, t.y)
        self.hint.layout()
        self.dirty = True

    def needs(self, size: tuple[int, int]) -> tuple[int, int]:
        """The widths the tickets panel and the side bar take in the language spoken
        (they widen for a long language): the panel's shortest heading beside its Show
        on map button; a player's line of counts beside a score of three digits."""
        a, f = self.ctx.assets, ui_font(size, self.ctx.settings)
        head = _("Tickets {done}/{all}").format(done=number(10), all=number(10))
        tickets = (a.text(head, f, theme.ACCENT, bold=True).get_width() + f // 2
                   + a.text(_(self.tickets_toggle.label), f, theme.TEXT, bold=True).get_width()
                   + f)
        counts = board_draw.counts_line(45, 12, 10)
        pad = max(6, min(size) // 110)
        side = (a.font(f, cond=True).size(counts)[0] + a.font(int(f * 1.5), True).size("100")[0]
                + f * 3 + 2 * pad)
        return tickets, side

    def on_pause(self) -> None:
        self.paused = True

    def on_resume(self) -> None:
        self.paused = False
        self.dirty = True

    def on_exit(self) -> None:
        if not self.finished:
            self.session.close()

    def take_screen(self, seat: int | None) -> None:
        """A curtain was dismissed: `seat` now sits at the screen."""
        self.queue.finish_all()
        self.shown_view = self.session.take_screen(seat)
        self.toast.show("", 0.0)  # a message for the one before is not for this one
        self.hover_ticket = None
        self.hint.moot()
        self.keys.screen_taken()
        self.dirty = True

    # ------------------------------------------------------------ engine -> screen

    def play(self, update: Update) -> None:
        """Animate an update, then show its view."""
        self.hint.moot()  # a move was made: that hint is moot
        # a tooltip a dialog, a hint or the keyboard showed goes with the move: only the
        # route under the pointer keeps one
        self.hover_route = self.renderer.route_at(self.mouse)
        if update.view.viewer != self.shown_view.viewer:
            self.shown_view = hidden_view(self.shown_view, update.view)
            self.toast.show("", 0.0)  # e.g. why they could not pay a route: theirs only
            self.hover_ticket = None
            self.keys.screen_changed(update.view.viewer)

        def finish() -> None:
            self.shown_view = update.view
            self.keys.told(update.events)
            self.sprites.clear()
            self.overrides.clear()
            self.counters.clear()

        self.queue.add(Sequence(*clips_for(self, update.events, update.actor), Call(finish)))
        if self.ctx.settings.animation_speed <= 0:
            self.queue.finish_all()
        self.dirty = True

    def submit(self, action: object) -> None:
        """Send a human action to the session and animate the result."""
        if self.lesson is not None and not self.lesson.allows(action):  # type: ignore[arg-type]
            return
        try:
            update = self.session.submit(action)  # type: ignore[arg-type]
        except IllegalActionError as e:
            logger.error("UI offered an illegal action: %s", e)
            self.toast.show(_("That move is not allowed now"))
            return
        if self.lesson is not None:
            self.lesson.submitted()
        self.play(update)

    def update(self, dt: float) -> None:
        self.time += dt
        self.hint.poll()
        if self.hint.pulsing() or (self.lesson is not None and self.lesson.update()):
            self.dirty = True
        mv = last_move(self.shown_view)
        if mv != self._last_seen:
            self._last_seen, self.last_flash = mv, self.time
        if self.time - self.last_flash < FLASH + 0.1:
            self.dirty = True
        self.camera.idle += dt
        if self.renderer.busy and (self.renderer.job is None or self.camera.idle >= SETTLE):
            # new claims, or the zoom stopped: draw the map sharp, a few tiles per frame
            pub = self.shown_view.public
            self.renderer.work(pub.owners, self.player_rgb, closed_twins(pub))
            self.dirty = True
        if self.toast.active:
            self.toast.update(dt)
            self.dirty = True
        if self.keys.caption_due(self.time):  # a long caption's next piece
            self.dirty = True
        if self.queue.busy:
            self.queue.update(dt)
            self.dirty = True
            return
        if self.paused or self.finished:
            return
        s = self.session
        if s.over and self.lesson is not None and self.lesson.holds_end():
            return  # the lesson's final-scoring step, read before the scores
        if s.over:
            self.finished = True
            logger.info("game over: %s", self.result_line())
            self.keys.say(_("Game over. {result}").format(result=self.said_result()), "alert")
            self.ctx.nav.show_scoring(s, self.map_def)
            return
        handoff = s.pending_handoff()
        if handoff is not None:
            from ttr.ui.scenes.handoff import HandoffScene

            self.ctx.stack.push(HandoffScene(self.ctx, self, handoff))
            self.paused = True
            return
        seat = s.to_act
        if seat is None:
            return
        if not s.is_human(seat):
            self.ai_wait += dt
            if self.ai_wait < scaled(theme.AI_PAUSE, self.ctx.settings.ai_pace):
                return
            update = s.poll_ai()
            if update is not None:
                self.ai_wait = 0.0
                self.play(update)
            elif not self.dirty and self._banner_thinking != s.ai_thinking():
                self.dirty = True  # "playing" -> "thinking"
            self._banner_thinking = s.ai_thinking()
            return
        self._open_modal()

    def _open_modal(self) -> None:
        v = self.shown_view
        if v.viewer != v.public.current or not v.legal:
            return
        stage = v.public.stage
        if stage in (Stage.INITIAL_TICKETS, Stage.KEEP_TICKETS):
            from ttr.ui.scenes.tickets import TicketsScene

            self.ctx.stack.push(TicketsScene(self.ctx, self))
            self.paused = True
        elif stage == Stage.TUNNEL_PAY:
            from ttr.ui.scenes.tunnel import TunnelScene

            self.ctx.stack.push(TunnelScene(self.ctx, self))
            self.paused = True

    def worded_intro(self) -> str:
        """The log's first line (the events follow, from the shown view): the map and the
        rules, in the current language (no "Europe: Europe:"); worded again on every
        layout (the app lays scenes out again when the language changes)."""
        name, desc = self.map_def.game_map.name, _(self.session.config.description)
        return desc if desc.startswith(name) else _("{map}: {rules}").format(map=name,
                                                                             rules=desc)

    def result_line(self) -> str:
        """`Ada 112, You 98 (decided by points)` for the developer log."""
        r = self.session.results()
        by = {p.seat: p for p in r.players}
        return ", ".join(f"{self.names[s]} {by[s].total}" for s in r.ranking) + \
            f" (decided by {r.decided_by})"  # i18n: no

    def said_result(self) -> str:
        """`Ada 112, You 98 (decided by points)`, in the player's language."""
        r = self.session.results()
        by = {p.seat: p for p in r.players}
        ranking = ", ".join(_("{player} {points}").format(player=self.names[s],
                                                           points=number(by[s].total))
                            for s in r.ranking)
        how = _DECIDED_BY.get(r.decided_by)
        return _("{ranking} (decided by {how})").format(
            ranking=ranking, how=how() if how is not None else r.decided_by)

    # ------------------------------------------------------------ input

    def handle_event(self, e: pygame.event.Event) -> bool:
        if self.lesson is not None and self.lesson.handle(e):
            self.dirty = True
            return True
        seen = self.camera_input(e)
        if seen in ("view", "used"):
            return True
        if seen == "click":  # a press on the zoomed map that did not drag: a click
            e = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=self.camera.clicked_at, button=1)
        if e.type == pygame.MOUSEMOTION:
            self.mouse = e.pos
            self._hover(e.pos)
            return False
        if e.type == pygame.KEYDOWN and self.keys.handle(e, busy=self.queue.busy):
            self.dirty = True
            return True
        if self.queue.busy:
            skip = (e.type == pygame.MOUSEBUTTONDOWN and e.button == 1) or (
                e.type == pygame.KEYDOWN and e.key in (pygame.K_SPACE, pygame.K_RETURN))
            if skip:
                self.queue.finish_all()
                self.dirty = True
                return True
            if not (e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE):
                return False
        if e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_ESCAPE, pygame.K_p):
                from ttr.ui.scenes.pause import PauseScene

                self.ctx.stack.push(PauseScene(self.ctx, self))
                self.paused = True  # now: no computer move or curtain may come over the menu
                return True
            if e.key == pygame.K_u:  # undo (games against the computer only)
                from ttr.ui.scenes.saves import undo_last

                why = undo_last(self)
                if why:
                    self.toast.show(why)
                return True
            if e.key == pygame.K_g:  # a hint from the coach
                self.hint.ask()
                return True
            if e.key == pygame.K_k:  # keep my tickets' cities and network marked
                self.show_my_tickets = not self.show_my_tickets
                return True
            if e.key == pygame.K_d:
                self._act_or_toast(DrawDeck, None, lambda: refuse_draw(self.shown_view,
                                                                       self.names, None))
                return True
            if e.key == pygame.K_t:
                self._act_or_toast(DrawTickets, None, lambda: refuse_tickets(self.shown_view,
                                                                             self.names))
                return True
            if pygame.K_1 <= e.key <= pygame.K_5:
                slot = e.key - pygame.K_1
                self._act_or_toast(DrawFaceUp, slot,
                                   lambda: refuse_draw(self.shown_view, self.names, slot))
                return True
            return False
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            self.click(e.pos)
            return True
        if e.type == pygame.MOUSEWHEEL and self.layout.tickets.collidepoint(self.mouse):
            n = len(self.shown_view.me.tickets) if self.shown_view.me else 0
            self.ticket_scroll = min(max(0, self.ticket_scroll - e.y), max(0, n - 1))
            self.dirty = True
            return True
        return False

    def reading_key(self, e: pygame.event.Event) -> bool:
        """A key that only tells (F1, H, I, S, M, W, L, R, the item keys, Ctrl), passed on
        by a dialog over the board so a player can ask while choosing; True when used."""
        from ttr.ui.scenes.board_keys import ARROWS

        if e.type != pygame.KEYDOWN or e.key in ARROWS:
            return False  # (the dialogs move their focus with the arrows)
        return self.keys.handle(e, busy=True)

    def camera_input(self, e: pygame.event.Event) -> str | None:
        """Zoom and pan input (see `Camera.handle`); dialogs over the board pass theirs on."""
        if e.type == pygame.MOUSEMOTION:
            self.mouse = e.pos
        seen = self.camera.handle(e, self.layout.map, self.mouse)
        if seen == "view":
            self.renderer.show(self.camera.viewport(self.layout.map))
            self.hover_route = self.hover_city = None
            self.dirty = True
        return seen

    def _hover(self, pos: tuple[int, int]) -> None:
        lay = self.layout
        old = (self.hover_route, self.hover_city, self.hover_ticket, self.hover_market)
        self.hover_route = self.renderer.route_at(pos)
        self.hover_city = self.renderer.city_at(pos) if self.hover_route is None else None
        self.hover_ticket = board_draw.ticket_at(self, pos)
        self.hover_market = None
        for i in range(len(self.shown_view.public.faceup)):
            if lay.faceup_rect(i).collidepoint(pos):
                self.hover_market = f"faceup{i}"
        if lay.deck_rect().collidepoint(pos):
            self.hover_market = "deck"
        elif lay.ticket_deck_rect().collidepoint(pos):
            self.hover_market = "tickets"
        self.pass_button.hover = self.pass_button.rect.collidepoint(pos)
        self.hint.hover(pos)
        if old != (self.hover_route, self.hover_city, self.hover_ticket, self.hover_market):
            self.dirty = True

    def _act_or_toast(self, kind: type, slot: int | None, why: object) -> None:
        for a in self.shown_view.legal:
            if isinstance(a, kind) and (slot is None or getattr(a, "slot", None) == slot):
                self.submit(a)
                return
        self.toast.show(why())  # type: ignore[operator]

    def click(self, pos: tuple[int, int]) -> None:
        """A left click on the table."""
        lay = self.layout
        v = self.shown_view
        self.dirty = True
        if self.hint.click(pos):
            return
        if self.tickets_toggle.rect.collidepoint(pos) and v.me is not None:
            self.show_my_tickets = not self.show_my_tickets
            return
        only_pass = bool(v.legal) and all(isinstance(a, Pass) for a in v.legal)
        if only_pass and self.pass_button.rect.collidepoint(pos):
            self.submit(Pass())
            return
        for i in range(len(v.public.faceup)):
            if lay.faceup_rect(i).collidepoint(pos):
                self._act_or_toast(DrawFaceUp, i, lambda i=i: refuse_draw(v, self.names, i))
                return
        if lay.deck_rect().collidepoint(pos):
            self._act_or_toast(DrawDeck, None, lambda: refuse_draw(v, self.names, None))
            return
        if lay.ticket_deck_rect().collidepoint(pos):
            self._act_or_toast(DrawTickets, None, lambda: refuse_tickets(v, self.names))
            return
        rid = self.renderer.route_at(pos)
        if rid is not None:
            self.offer_claim(rid)
            return
        city = self.renderer.city_at(pos)
        if city is not None and v.public.config.stations:
            self.offer_station(city)

    def offer_claim(self, rid: str) -> None:
        """Claim a route: at once when one payment is legal (and no confirmation is
        asked), else the payment chooser; or say why it can't be claimed."""
        v = self.shown_view
        claims = [a for a in v.legal if isinstance(a, ClaimRoute) and a.route == rid]
        from ttr.ui.scenes.saves import confirm_claims

        if len(claims) == 1 and not confirm_claims(self.ctx, self.session):
            self.submit(claims[0])
        elif claims:
            from ttr.ui.scenes.payment import PaymentScene

            self.ctx.stack.push(PaymentScene(self.ctx, self, claims))
        else:
            self.toast.show(refuse_route(v, v.public.game_map.route(rid), self.names))

    def offer_station(self, city: str) -> None:
        """Build a station in `city` (payment chooser when several payments are legal)."""
        v = self.shown_view
        builds = [a for a in v.legal if isinstance(a, BuildStation) and a.city == city]
        if len(builds) == 1:
            self.submit(builds[0])
        elif builds:
            from ttr.ui.scenes.payment import PaymentScene

            self.ctx.stack.push(PaymentScene(self.ctx, self, builds))
        else:
            self.toast.show(refuse_station(v, city, self.names))

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        self.strip_taken = board_draw.draw_board(self, surface)
        self.hint.draw(surface)
        self.keys.draw(surface)
        if self.lesson is not None:
            self.lesson.draw(surface)
