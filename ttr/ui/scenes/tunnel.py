"""Tunnel dialog (modal, Europe): the revealed cards, then pay the extra or withdraw.
Esc opens the pause menu (giving up the tunnel is a move: it has its own button).
Keyboard: Up/Down or Tab move between the payments and Withdraw, Enter chooses."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ttr.engine import LOCO, CardColor, PayTunnel, WithdrawTunnel
from ttr.i18n import N_, _
from ttr.ui import theme
from ttr.ui.scene import AppContext, Scene
from ttr.ui.scenes.payment import draw_payment
from ttr.ui.widgets import Button, blit_text, panel
from ttr.ui.words import card_name, counted

if TYPE_CHECKING:
    from ttr.ui.scenes.board_host import BoardHost


class TunnelScene(Scene):
    """One button per legal extra payment, plus Withdraw."""

    opaque = False

    def __init__(self, ctx: AppContext, board: BoardHost) -> None:
        super().__init__(ctx)
        self.board = board
        v = board.shown_view
        self.viewer = v.viewer
        self.tunnel = v.public.tunnel
        self.pays = [a for a in v.legal if isinstance(a, PayTunnel)]
        self.withdraw = Button(N_("Withdraw"))
        self.pay_buttons = [Button(N_("Pay"), primary=i == 0) for i in range(len(self.pays))]
        self.focus = 0
        """Keyboard focus over the payments, then Withdraw."""
        self._mark()
        self._say("alert")
        if self.tunnel is not None:
            board.hover_route = self.tunnel.route
        self.on_resize(ctx.size)

    def on_exit(self) -> None:
        """The route's tooltip this dialog showed goes with it (only the route under the
        pointer keeps one)."""
        b = self.board
        b.hover_route = b.renderer.route_at(b.mouse)

    def on_resize(self, size: tuple[int, int]) -> None:
        lay = self.board.layout
        f = lay.font
        self.card_h = int(f * 4.5)
        rows = max(1, len(self.pays))
        self.row_h = int(f * 2.8)
        self.box = pygame.Rect(0, 0, min(lay.map.w - 40, f * 34),
                               self.card_h + rows * (self.row_h + 6) + f * 9)
        self.box.center = lay.map.center
        y0 = self.box.y + f * 4 + self.card_h
        self.rows = [pygame.Rect(self.box.x + 16, y0 + i * (self.row_h + 6), self.box.w - 32,
                                 self.row_h) for i in range(len(self.pays))]
        for b, r in zip(self.pay_buttons, self.rows, strict=True):
            b.rect = pygame.Rect(0, 0, f * 6, r.h - 8)
            b.rect.midright = (r.right - 6, r.centery)
        self.withdraw.rect = pygame.Rect(0, 0, f * 9, int(f * 2.2))
        self.withdraw.rect.midbottom = (self.box.centerx, self.box.bottom - 12)
        self.dirty = True

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        lesson = getattr(self.board, "lesson", None)
        if lesson is not None and lesson.handle(e):
            return True  # Learn to play's keys and buttons
        choices: list[object] = [*self.pays, WithdrawTunnel()]
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._do(choices[min(self.focus, len(choices) - 1)])
            return True
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            from ttr.ui.scenes.common import focus_step

            self.focus = focus_step(self.focus, len(choices), e.key, getattr(e, "mod", 0))
            self._mark()
            self._say()
            return True
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_p):
            from ttr.ui.scenes.pause import PauseScene

            self.ctx.stack.push(PauseScene(self.ctx, self.board))
            return True
        if self.board.reading_key(e):
            return True  # H (my hand), F1, S, ... tell while deciding
        if self.withdraw.clicked(e):
            self._do(WithdrawTunnel())
            return True
        for b, a in zip(self.pay_buttons, self.pays, strict=True):
            if b.clicked(e):
                self._do(a)
                return True
        return True

    def _say(self, kind: str = "reply") -> None:
        """Announce the focused choice (the first time with what the tunnel asks)."""
        from ttr.ui.announce import announcer_of
        from ttr.ui.words import cards_words

        head = ""
        t = self.tunnel
        if kind == "alert" and t is not None:
            extra = counted(t.extra, "extra-card")
            if self.pays:
                head = _("Tunnel: {extra} to pay, {ways}. ").format(
                    extra=extra, ways=counted(len(self.pays), "way"))
            else:  # the rules leave nothing to pay with: say why, not "0 ways"
                paid = [c for c in CardColor if c != LOCO and t.payment.counts[c]]
                head = (_("Tunnel: {extra} to pay, and you have too few {colour} cards or "
                          "locomotives left: you can only withdraw. ").format(
                              extra=extra, colour=card_name(paid[0])) if paid else
                        _("Tunnel: {extra} to pay, and you have too few locomotives left: "
                          "you can only withdraw. ").format(extra=extra))
        what = (_("Withdraw") if self.focus >= len(self.pays)
                else _("Pay {cards}").format(cards=cards_words(self.pays[self.focus].extra)))
        announcer_of(self.ctx.extras).say(
            head + _("{choice}. Up and Down choose, Enter confirms").format(choice=what),
            self.viewer, kind)

    def _mark(self) -> None:
        for i, b in enumerate([*self.pay_buttons, self.withdraw]):
            b.focused = i == self.focus

    def _do(self, action: object) -> None:
        self.ctx.stack.pop(self)
        self.board.submit(action)

    def draw(self, surface: pygame.Surface) -> None:
        if self.board.shown_view.viewer != self.viewer:
            return  # the screen changed hands: this dialog's cards are not for whoever sits there
        a, f = self.ctx.assets, self.board.layout.font
        panel(surface, self.box, (30, 30, 36), theme.ACCENT, 12, alpha=242)
        t = self.tunnel
        if t is None:
            return
        gm = self.board.shown_view.public.game_map
        r = gm.route(t.route)
        blit_text(surface, a, _("Tunnel {a} \u2013 {b}").format(a=gm.city_name(r.a),
                                                                 b=gm.city_name(r.b)), f + 2,
                  theme.TEXT, (self.box.centerx, self.box.y + 12), "midtop", bold=True)
        msg = _("The deck turned up these cards: {extra} needed").format(
            extra=counted(t.extra, "extra-card"))
        blit_text(surface, a, msg, f - 1, theme.TEXT_DIM,
                  (self.box.centerx, self.box.y + f * 2 + 6), "midtop")
        cw = int(self.card_h / 1.45)
        x = self.box.centerx - (len(t.revealed) * (cw + 8)) // 2
        for i, c in enumerate(t.revealed):
            surface.blit(a.card(c, cw, self.card_h), (x + i * (cw + 8), self.box.y + f * 3 + 10))
        if not self.pays:
            blit_text(surface, a, _("You can't pay the extra cards."), f, theme.BAD,
                      (self.box.centerx, self.rows[0].y if self.rows else
                       self.withdraw.rect.y - f * 2), "midtop")
        for row, b, act in zip(self.rows, self.pay_buttons, self.pays, strict=True):
            panel(surface, row, theme.PANEL, theme.PANEL_EDGE, 8)
            draw_payment(surface, a, act.extra, row.x + 8, row.y + 4, row.h - 8)
            b.draw(surface, a)
        self.withdraw.draw(surface, a)
