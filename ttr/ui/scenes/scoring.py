"""Final scoring: an animated tally per player with paths highlighted on the map."""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ttr.engine import GameResult
from ttr.engine.table import longest_trail_routes, ticket_path
from ttr.game.table import TableSession
from ttr.i18n import N_, _, ngettext, number
from ttr.maps.mapfile import MapDefinition
from ttr.ui import theme
from ttr.ui.anim import AnimationQueue, Call, Sequence, Sprite, Tween, Wait, scaled
from ttr.ui.maprender import MapRenderer, least_label
from ttr.ui.rules_text import path_bonus_name
from ttr.ui.scene import AppContext, Scene
from ttr.ui.scenes.scoring_draw import Step
from ttr.ui.scenes.scoring_lines import TICKET, Line
from ttr.ui.viewport import Viewport, ui_font
from ttr.ui.widgets import Button

if TYPE_CHECKING:
    from ttr.game.coach import PlayedOnline
    from ttr.store.record import GameRecord

logger = logging.getLogger(__name__)


def _label(b: Button) -> str:
    """A button's label as drawn (in the player's language)."""
    return _(b.label)


def _ticket_words(a: str, b: str) -> str:
    # TRANSLATORS: a destination ticket on the scoring screen: its two cities
    return _("{a} \u2013 {b}").format(a=a, b=b)


def _path_words(map_id: str, trains: int) -> str:
    # TRANSLATORS: {bonus} is "Longest path" or "European Express"; {n} its length
    return ngettext("{bonus} ({n} train)", "{bonus} ({n} trains)", trains).format(
        bonus=path_bonus_name(map_id), n=number(trains))


def _globetrotter_words(tickets: int) -> str:
    # TRANSLATORS: the Globetrotter bonus, with the player's completed tickets
    return ngettext("Globetrotter ({n} ticket)", "Globetrotter ({n} tickets)",
                    tickets).format(n=number(tickets))


def _stations_words(kept: int) -> str:
    # TRANSLATORS: the stations a player did not use (4 points each)
    return _("Stations kept \u00d7{n}").format(n=number(kept))


class ScoringScene(Scene):
    """Reveals everything from `results()`: routes, tickets, bonuses, ranking."""

    def __init__(self, ctx: AppContext, session: TableSession, map_def: MapDefinition) -> None:
        super().__init__(ctx)
        self.session = session
        self.map_def = map_def
        self._reviewable: tuple[GameRecord | PlayedOnline | None] | None = None
        """`reviewable()` once worked out."""
        self.result: GameResult = session.results()
        self.public = session.view_for(None).public
        self.names = [s.name for s in session.seats]
        self.rgb = [theme.PLAYER_RGB.get(s.color, (200, 200, 200)) for s in session.seats]
        # the board's renderer below, if any, lends its geometry
        like = next((r for r in (getattr(s, "renderer", None) for s in ctx.stack.scenes)
                     if isinstance(r, MapRenderer)), None)
        self.renderer = MapRenderer(map_def, ctx.assets, like)
        self.totals = [Sprite(x=0) for _s in self.names]
        self.lines: list[list[Line]] = [[] for _s in self.names]
        self.boxes: dict[int, pygame.Rect] = {}
        self.expanded: int | None = None
        self.scroll = 0
        self.first = 0
        """The first box shown when they do not all fit."""
        self.current: Step | None = None
        self.finished = False
        self.queue = AnimationQueue()
        self.again = Button(N_("Play again"), primary=True)
        self.menu = Button(N_("Menu"))
        self.review = Button(N_("Review my game"),
                             tip=N_("The coach judges your decisions (R)"))
        self.steps = self._steps()
        self.on_resize(ctx.size)
        from ttr.ui.scenes.scoring_keys import ScoringKeys

        self.keys = ScoringKeys(self)
        d = scaled(theme.TALLY_STEP, ctx.settings.animation_speed)
        for st in self.steps:
            t = self.totals[st.seat]
            k = 1.0 if st.delta else 0.25
            self.queue.add(Sequence(Call(partial(self._begin, st)),
                                    Tween(t, "x", st.delta, d * 0.6 * k, "out_cubic",
                                          relative=True),
                                    Wait(d * 0.4 * k)))
        self.queue.add(Call(self._end))
        if ctx.settings.animation_speed <= 0:
            self.queue.finish_all()

    def _steps(self) -> list[Step]:
        """Routes, tickets, then the bonuses and stations (zero lines too: every box lists
        each part of the score the rules have)."""
        gm = self.public.game_map
        cfg = self.session.config
        owned: list[set[str]] = [set() for _s in self.names]
        for r in gm.routes:
            o = self.public.owners[r.index]
            if o is not None:
                owned[o].add(r.id)
        steps: list[Step] = []
        for p in self.result.players:
            steps.append(Step(p.seat, partial(_, N_("Routes")), p.route_points,
                              frozenset(owned[p.seat])))
        for p in self.result.players:
            net = owned[p.seat] | {rid for _r, rid in p.borrowed}
            for t in p.tickets:
                tk = gm.ticket_by_id[t.ticket]
                path = ticket_path(gm, net, tk.a, tk.b) if t.completed else frozenset()
                steps.append(Step(p.seat, partial(_ticket_words, gm.city_name(tk.a),
                                                  gm.city_name(tk.b)),
                                  t.value, path, (tk.a, tk.b), TICKET))
        for p in self.result.players:
            if cfg.longest_path_bonus or p.longest_bonus:
                path = longest_trail_routes(gm, owned[p.seat]) if p.longest_bonus else frozenset()
                steps.append(Step(p.seat, partial(_path_words, gm.id, p.longest_path),
                                  p.longest_bonus, path))
            if cfg.globetrotter_bonus or p.globetrotter_bonus:
                steps.append(Step(p.seat, partial(_globetrotter_words, p.completed),
                                  p.globetrotter_bonus))
            if cfg.stations or p.station_points:
                steps.append(Step(p.seat, partial(_stations_words, p.stations_left),
                                  p.station_points))
        return steps

    def _begin(self, st: Step) -> None:
        self.current = st
        self.lines[st.seat].append(Line(st.word, st.delta, st.kind))
        if st.delta > 0:
            self.ctx.play_sound("score" if st.kind != "ticket" else "card")

    def _end(self) -> None:
        self.current = None
        self.finished = True
        self.ctx.play_sound("end")
        self.keys.final()
        logger.info("scoring done: %s", ", ".join(
            f"{self.names[s]} {self._total(s)}" for s in self.result.ranking))
        if self.ctx.quit_at_end:
            self.ctx.nav.quit()

    def _total(self, seat: int) -> int:
        return next(p.total for p in self.result.players if p.seat == seat)

    def on_resize(self, size: tuple[int, int]) -> None:
        """The map as tall as the window where the table leaves room for it (the table
        widens with the text size), the buttons in one row when their labels fit."""
        w, h = size
        pad = max(8, w // 120)
        f = self.font = ui_font(size, self.ctx.settings)
        mw, mh = self.map_def.layout.size
        table_w = max(int(w * 0.3), f * 26)
        map_w = max(w // 3, min(int((h - 2 * pad) * mw / mh), w - table_w - 3 * pad))
        map_h = min(h - 2 * pad, round(map_w * mh / mw))
        self.map_rect = pygame.Rect(pad, pad, map_w, map_h)
        """The map, at the top; under it the band (when the window is taller than the map)."""
        self.band = pygame.Rect(pad, self.map_rect.bottom + pad, map_w,
                                h - self.map_rect.bottom - 2 * pad)
        """Under the map: the step being told and then the winner, in big letters (when
        there is room for them: else the winner is said in the table)."""
        self.table = pygame.Rect(self.map_rect.right + pad, pad, w - self.map_rect.right - 2 * pad,
                                 h - 2 * pad)
        self.renderer.least_label = least_label(f)
        self.renderer.resize(Viewport.fit(self.map_def.layout.size, self.map_rect))
        bh = int(f * 2.4)
        buttons = [self.menu, *([self.review] if self.can_review() else []), self.again]
        need = [self.ctx.assets.text(_label(b), f, theme.TEXT, bold=True).get_width() + f * 2
                for b in buttons]
        inner = self.table.w - pad * (len(buttons) + 1)
        y = self.table.bottom - bh - pad
        if sum(need) > inner and len(buttons) == 3:  # Review my game gets a row of its own
            self.review.rect = pygame.Rect(self.table.x + pad, y - bh - pad,
                                           self.table.w - 2 * pad, bh)
            buttons = [self.menu, self.again]
            need = [need[0], need[2]]
            inner = self.table.w - pad * 3
        spare = max(0, inner - sum(need)) // len(buttons)
        x = self.table.x + pad
        for b, n in zip(buttons, need, strict=True):
            b.rect = pygame.Rect(x, y, n + spare, bh)
            x = b.rect.right + pad
        self.buttons_top = min(b.rect.y for b in (self.menu, self.review, self.again)
                               if b is not self.review or self.can_review())
        """Where the buttons start (the table ends above)."""
        self.dirty = True

    @property
    def keep(self) -> int | None:
        """The focused player's seat (their box stays in sight), if a box has the focus."""
        keys = getattr(self, "keys", None)
        if keys is None:
            return None
        what, seat = keys.stops()[keys.focus]
        return seat if what == "box" else None

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        if self._details(e) or self.keys.handle(e):
            return True
        if not self.finished:
            if (e.type == pygame.MOUSEBUTTONDOWN and e.button == 1) or (
                    e.type == pygame.KEYDOWN and e.key in (pygame.K_SPACE, pygame.K_RETURN)):
                self.queue.finish_all()
                return True
            return False
        if self.again.clicked(e) or (e.type == pygame.KEYDOWN and e.key == pygame.K_RETURN):
            if self.ctx.last_setup is not None:
                from dataclasses import replace

                self.ctx.nav.start_game(replace(self.ctx.last_setup, seed=None))
            return True
        if self.can_review() and (self.review.clicked(e) or (
                e.type == pygame.KEYDOWN and e.key == pygame.K_r)):
            self.open_review()
            return True
        if self.menu.clicked(e) or (e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE):
            self.ctx.nav.to_menu()
            return True
        return False

    def reviewable(self) -> GameRecord | PlayedOnline | None:
        """What the coach can review of this game: the record of a game played here by
        people, or what this computer saw of an online game; None if nothing. Worked
        out once (the game is over; this is asked on every frame)."""
        from ttr.game.session import GameSession
        from ttr.net.remote import RemoteSession

        if self._reviewable is not None:
            return self._reviewable[0]
        s = self.session
        game: GameRecord | PlayedOnline | None = None
        if isinstance(s, GameSession):
            game = s.record if s.record.human_seats() else None
        elif isinstance(s, RemoteSession):
            game = s.played()
        self._reviewable = (game,)
        return game

    def can_review(self) -> bool:
        """Whether the coach can review this game (see `reviewable`)."""
        return self.reviewable() is not None

    def open_review(self) -> None:
        """Review my game (whose game, first, when several people played)."""
        from ttr.ui.scenes.review import ReviewScene

        game = self.reviewable()
        assert game is not None
        self.ctx.stack.push(ReviewScene(self.ctx, game, self.map_def))

    def _details(self, e: pygame.event.Event) -> bool:
        """A click on a box opens its full list (every ticket), a click or Esc closes it;
        the wheel scrolls an open list."""
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            if self.expanded is not None:
                self.expanded = None
                return True
            seat = next((s for s, r in self.boxes.items() if r.collidepoint(e.pos)), None)
            if seat is not None and self.finished:
                self.expanded, self.scroll = seat, 0
                return True
        if self.expanded is not None:
            if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
                self.expanded = None
                return True
            if e.type == pygame.MOUSEWHEEL:
                self.scroll = max(0, self.scroll - e.y)
                return True
        elif e.type == pygame.MOUSEWHEEL:
            self.first = max(0, self.first - e.y)
            return True
        return False

    def update(self, dt: float) -> None:
        if self.queue.busy:
            self.queue.update(dt)
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        from ttr.ui.scenes.scoring_draw import draw_scoring

        draw_scoring(self, surface)
        self.keys.draw(surface)

    def on_exit(self) -> None:
        self.session.close()
