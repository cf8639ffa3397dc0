"""Payment chooser (modal): which cards to pay for a route or station, fewest locos first."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ttr.engine import LOCO, BuildStation, CardColor, ClaimRoute, Hand
from ttr.i18n import N_, _, number
from ttr.ui import theme
from ttr.ui.assets import Assets
from ttr.ui.focus import focus_ring
from ttr.ui.scene import AppContext, Scene
from ttr.ui.widgets import Button, blit_text, note_text, panel
from ttr.ui.words import cards_words, counted

if TYPE_CHECKING:
    from ttr.ui.scenes.board_host import BoardHost


def draw_payment(surface: pygame.Surface, assets: Assets, hand: Hand, x: int, y: int,
                 h: int) -> int:
    """A fanned stack of mini cards per colour with its count; returns the width used."""
    w = int(h / 1.45)
    step = max(4, w // 3)
    cx = x
    for c, n in enumerate(hand.counts):
        if not n:
            continue
        for k in range(n):
            surface.blit(assets.card(CardColor(c), w, h), (cx + k * step, y))
        cx += w + (n - 1) * step + 4
        label = f"\u00d7{number(n)}"
        img = assets.text(label, max(11, h // 3), theme.TEXT, bold=True)
        surface.blit(img, img.get_rect(midleft=(cx, y + h // 2)))
        note_text(surface, label, img.get_rect(midleft=(cx, y + h // 2)), max(11, h // 3))
        cx += img.get_width() + 14
    return cx - x


class PaymentScene(Scene):
    """Lists the legal payments of one route (or station); Enter confirms, Esc cancels."""

    opaque = False

    def __init__(self, ctx: AppContext, board: BoardHost,
                 options: list[ClaimRoute] | list[BuildStation]) -> None:
        super().__init__(ctx)
        self.board = board
        self.viewer = board.shown_view.viewer
        self.options: list[ClaimRoute | BuildStation] = list(options)
        self.index = min(range(len(self.options)),
                         key=lambda i: (self.options[i].payment.counts[LOCO], i))
        self.ok = Button(N_("Claim") if isinstance(self.options[0], ClaimRoute)
                         else N_("Build"), primary=True)
        self.cancel = Button(N_("Cancel"))
        if isinstance(self.options[0], ClaimRoute):
            board.hover_route = self.options[0].route
        self.on_resize(ctx.size)
        self._say(_("{title}: {ways} to pay. ").format(
            title=self.title(), ways=counted(len(self.options), "way")), "alert")

    def _say(self, head: str = "", kind: str = "reply") -> None:
        """Announce the chosen payment (as the dialog's viewer)."""
        from ttr.ui.announce import announcer_of

        o = self.options[self.index]
        announcer_of(self.ctx.extras).say(head + _(
            "{k} of {n}: {cards}. Up and Down choose, Enter pays, Esc cancels").format(
            k=number(self.index + 1), n=number(len(self.options)),
            cards=cards_words(o.payment)), self.viewer, kind)

    def title(self) -> str:
        """What is being paid for."""
        gm = self.board.shown_view.public.game_map
        o = self.options[0]
        if isinstance(o, ClaimRoute):
            r = gm.route(o.route)
            return _("Pay for {a} \u2013 {b}").format(a=gm.city_name(r.a), b=gm.city_name(r.b))
        return _("Pay for a station in {city}").format(city=gm.city_name(o.city))

    def on_resize(self, size: tuple[int, int]) -> None:
        lay = self.board.layout
        f = lay.font
        self.row_h = int(f * 3.2)
        rows = min(len(self.options), 8)
        self.box = pygame.Rect(0, 0, min(lay.map.w - 40, f * 34), rows * (self.row_h + 6)
                               + f * 8)
        self.box.center = lay.map.center
        self.rows = [pygame.Rect(self.box.x + 16, self.box.y + f * 4 + i * (self.row_h + 6),
                                 self.box.w - 32, self.row_h) for i in range(rows)]
        bw = self.box.w // 3
        self.ok.rect = pygame.Rect(0, 0, bw, int(f * 2.2))
        self.ok.rect.bottomright = (self.box.right - 16, self.box.bottom - 12)
        self.cancel.rect = pygame.Rect(0, 0, bw, int(f * 2.2))
        self.cancel.rect.bottomleft = (self.box.x + 16, self.box.bottom - 12)
        self.dirty = True

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                self.ctx.stack.pop(self)
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._confirm()
            elif e.key in (pygame.K_DOWN, pygame.K_UP):
                d = 1 if e.key == pygame.K_DOWN else -1
                self.index = (self.index + d) % len(self.rows)
                self._say()
            else:
                self.board.reading_key(e)  # H (my hand), F1, S, ... tell while paying
            return True
        if self.ok.clicked(e):
            self._confirm()
            return True
        if self.cancel.clicked(e):
            self.ctx.stack.pop(self)
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for i, r in enumerate(self.rows):
                if r.collidepoint(e.pos):
                    self.index = i
                    return True
            if not self.box.collidepoint(e.pos):
                self.ctx.stack.pop(self)
        return True

    def on_exit(self) -> None:
        """The route's tooltip this dialog showed goes with it (only the route under the
        pointer keeps one)."""
        b = self.board
        b.hover_route = b.renderer.route_at(b.mouse)

    def _confirm(self) -> None:
        self.ctx.stack.pop(self)
        self.board.submit(self.options[self.index])

    def draw(self, surface: pygame.Surface) -> None:
        if self.board.shown_view.viewer != self.viewer:
            return  # the screen changed hands: this dialog's cards are not for whoever sits there
        a, f = self.ctx.assets, self.board.layout.font
        panel(surface, self.box, (30, 30, 36), theme.ACCENT, 12, alpha=242)
        blit_text(surface, a, self.title(), f + 2, theme.TEXT,
                  (self.box.centerx, self.box.y + 12), "midtop", bold=True)
        blit_text(surface, a, _("Choose the cards to pay with"), f - 2, theme.TEXT_DIM,
                  (self.box.centerx, self.box.y + f * 2 + 4), "midtop")
        for i, r in enumerate(self.rows):
            sel = i == self.index
            panel(surface, r, theme.PANEL_LIGHT if sel else theme.PANEL,
                  theme.HILITE if sel else theme.PANEL_EDGE, 8)
            if sel:
                focus_ring(surface, r, inside=True)
            p = self.options[i].payment
            draw_payment(surface, a, p, r.x + 10, r.y + 4, r.h - 8)
            note = cards_words(p)
            blit_text(surface, a, note, f - 1, theme.TEXT, (r.right - 10, r.centery),
                      "midright")
        self.ok.draw(surface, a)
        self.cancel.draw(surface, a)
