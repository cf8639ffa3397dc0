"""Replays: the list of finished games, and a viewer that steps through one of them.

The game is over, so the viewer shows every hand and every ticket; the map shows the
routes claimed up to the current step.
"""

from __future__ import annotations

import logging

import pygame

from ttr.engine import COLORS, LOCO, CardColor, TtrError
from ttr.game.replays import RecordEntry, ReplayFrame, Timeline, list_records
from ttr.maps.mapfile import MapDefinition, find_map
from ttr.store.text import clean_text
from ttr.ui import theme
from ttr.ui.maprender import MapRenderer
from ttr.ui.scene import AppContext, Scene
from ttr.ui.scenes.listing import ListScene, Row
from ttr.ui.symbols import player_mark
from ttr.ui.viewport import Viewport
from ttr.ui.widgets import Button, blit_text, panel

logger = logging.getLogger(__name__)


class ReplaysScene(ListScene):
    """Finished games, newest first."""

    title = "Replays"
    empty = "No finished games yet: every game you finish is kept here."
    actions = ("Watch",)

    def refresh(self) -> None:
        from ttr.ui.scenes.saves import folders

        self.entries: list[RecordEntry] = list_records(folders(self.ctx).records)
        self.rows = []
        for e in self.entries:
            rec = e.record
            if rec is None:
                self.rows.append(Row(f"{clean_text(e.path.name, 60, 'record')}: broken",
                                     (e.error or "").removeprefix(f"{e.path.name}: "), True))
                continue
            names = ", ".join(f"{s.name} ({s.kind})" for s in rec.seats)
            self.rows.append(Row(f"{rec.map_id}/{rec.variant}  {e.when}",
                                 f"{names} \u00b7 {len(rec.actions)} moves"))
        self.select(self.selected)

    def choose(self, action: str, index: int) -> None:
        rec = self.entries[index].record
        if rec is None:
            self.toast.show("This record cannot be read")
            return
        try:
            map_def = find_map(rec.map_id)
            timeline = Timeline(rec, map_def.game_map)
        except (TtrError, ValueError) as e:
            self.toast.show(str(e)[:120])
            return
        self.ctx.stack.push(ReplayScene(self.ctx, timeline, map_def))


class ReplayScene(Scene):
    """Step through a finished game: Left/Right one move, Up/Down one turn, Home/End."""

    def __init__(self, ctx: AppContext, timeline: Timeline, map_def: MapDefinition) -> None:
        super().__init__(ctx)
        self.timeline = timeline
        self.map_def = map_def
        self.renderer = MapRenderer(map_def, ctx.assets)
        seats = timeline.record.seats
        self.names = [s.name for s in seats]
        self.player_rgb = [theme.PLAYER_RGB.get(s.color, (200, 200, 200)) for s in seats]
        self.step = 0
        self.frame: ReplayFrame = timeline.frame(0)
        self.buttons = [Button(t) for t in ("|<", "<<", "<", ">", ">>", ">|")]
        self.back = Button("Back", primary=True)
        self.on_resize(ctx.size)

    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = size
        side = max(300, w // 4)
        bh = max(34, h // 20)
        self.map_rect = pygame.Rect(10, 10, w - side - 30, h - bh - 40)
        self.side = pygame.Rect(self.map_rect.right + 10, 10, side, self.map_rect.h)
        self.renderer.resize(Viewport.fit(self.map_def.layout.size, self.map_rect))
        bw = max(48, w // 22)
        x = 10
        for b in self.buttons:
            b.rect = pygame.Rect(x, h - bh - 14, bw, bh)
            x += bw + 8
        self.back.rect = pygame.Rect(w - 150, h - bh - 14, 140, bh)
        self.dirty = True

    def go(self, step: int) -> None:
        """Show the game after `step` actions."""
        self.step = max(0, min(len(self.timeline) - 1, step))
        self.frame = self.timeline.frame(self.step)
        self.dirty = True

    def _press(self, label: str) -> None:
        tl, last = self.timeline, len(self.timeline) - 1
        target = {"|<": 0, "<": self.step - 1, ">": self.step + 1, ">|": last,
                  "<<": tl.next_turn(self.step, -1), ">>": tl.next_turn(self.step, 1)}
        self.go(target[label])

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN:
            keys = {pygame.K_LEFT: "<", pygame.K_RIGHT: ">", pygame.K_UP: "<<",
                    pygame.K_DOWN: ">>", pygame.K_PAGEUP: "<<", pygame.K_PAGEDOWN: ">>",
                    pygame.K_HOME: "|<", pygame.K_END: ">|"}
            if e.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.ctx.stack.pop(self)
            elif e.key in keys:
                self._press(keys[e.key])
            return True
        if self.back.clicked(e):
            self.ctx.stack.pop(self)
            return True
        for b in self.buttons:
            if b.clicked(e):
                self._press(b.label)
                return True
        if e.type == pygame.MOUSEWHEEL:
            self.go(self.step - e.y)
            return True
        if e.type == pygame.MOUSEMOTION:
            self.dirty = True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        surface.fill(theme.BG)
        v = self.frame.view
        vp = self.renderer.vp
        assert vp is not None
        surface.blit(self.renderer.composed(v.public.owners, self.player_rgb), vp.map_px)
        w, h = surface.get_size()
        size = max(12, h // 56)
        fr = self.frame
        who = self.names[fr.actor] if fr.actor is not None else ""
        what = f"{who}: {fr.action}" if fr.action else "Start of the game"
        blit_text(surface, a, f"Move {fr.step} of {len(self.timeline) - 1}   {what}", size + 2,
                  theme.TEXT, (self.buttons[-1].rect.right + 20,
                               self.buttons[-1].rect.centery), "midleft", bold=True,
                  max_width=self.back.rect.x - self.buttons[-1].rect.right - 40)
        for b in [*self.buttons, self.back]:
            b.draw(surface, a)
        self._draw_players(surface, size)

    def _draw_players(self, surface: pygame.Surface, size: int) -> None:
        a, fr = self.ctx.assets, self.frame
        gm = fr.view.public.game_map
        n = len(self.names)
        box_h = self.side.h // n - 8
        for seat in range(n):
            r = pygame.Rect(self.side.x, self.side.y + seat * (box_h + 8), self.side.w, box_h)
            hot = seat == fr.view.public.current
            panel(surface, r, theme.PANEL, theme.HILITE if hot else theme.PANEL_EDGE, 8)
            pub = fr.view.public.players[seat]
            if a.colorblind:
                player_mark(surface, self.player_rgb[seat], (r.x + 14, r.y + 14 + size // 2),
                            size // 2 + 3)
            else:
                pygame.draw.circle(surface, self.player_rgb[seat],
                                   (r.x + 14, r.y + 14 + size // 2), size // 2 + 2)
            blit_text(surface, a, f"{self.names[seat]}  {pub.route_points} pts  "
                      f"{pub.trains} trains", size, theme.TEXT, (r.x + 28, r.y + 10), bold=True,
                      max_width=r.w - 36)
            self._draw_hand(surface, fr, seat, pygame.Rect(r.x + 8, r.y + 16 + size * 2,
                                                          r.w - 16, size * 2))
            y = r.y + 22 + size * 5
            for tid in fr.tickets[seat]:
                if y + size > r.bottom - 4:
                    blit_text(surface, a, "\u2026", size, theme.TEXT_DIM, (r.x + 10, y - 4))
                    break
                t = gm.ticket_by_id[tid]
                label = f"{gm.city_name(t.a)} \u2013 {gm.city_name(t.b)}  {t.points}"
                blit_text(surface, a, label, max(11, size - 2), theme.TEXT_DIM, (r.x + 10, y),
                          cond=True, max_width=r.w - 20)
                y += size + 2

    def _draw_hand(self, surface: pygame.Surface, fr: ReplayFrame, seat: int,
                   r: pygame.Rect) -> None:
        hand = fr.hands[seat]
        colors: list[CardColor] = [c for c in (*COLORS, LOCO) if hand.count(c)]
        cw = min(r.h * 2 // 3, r.w // 9)
        for i, c in enumerate(colors):
            img = self.ctx.assets.card(c, cw, r.h)
            x = r.x + i * (cw + 4)
            surface.blit(img, (x, r.y))
            blit_text(surface, self.ctx.assets, str(hand.count(c)), max(11, r.h // 2),
                      theme.TEXT, (x + cw // 2, r.bottom + 1), "midtop", bold=True)
