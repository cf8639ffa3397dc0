"""The hot-seat curtain: an opaque screen that hides every private thing between humans."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ttr.i18n import _
from ttr.ui import theme
from ttr.ui.scene import AppContext, Scene
from ttr.ui.viewport import ui_font
from ttr.ui.widgets import blit_text

if TYPE_CHECKING:
    from ttr.ui.scenes.board_host import BoardHost


class HandoffScene(Scene):
    """"Pass to Ana - click when ready"; dismissing it gives Ana the screen."""

    opaque = True

    def __init__(self, ctx: AppContext, board: BoardHost, seat: int) -> None:
        super().__init__(ctx)
        self.board = board
        self.seat = seat
        self.name = board.names[seat]
        from ttr.ui.announce import announcer_of

        announcer_of(ctx.extras).say(  # public: it also clears the last seat's captions
            _("Pass the screen to {player}. {player}, press Enter when ready").format(
                player=self.name), None, "alert")
        self.rgb = board.player_rgb[seat]
        self.armed = 0.25  # ignore clicks for a moment so a double click doesn't skip it

    def update(self, dt: float) -> None:
        self.armed = max(0.0, self.armed - dt)
        toast = self.board.toast  # e.g. "Saved as ..." after saving from the pause menu
        if toast.active:
            toast.update(dt)
            self.dirty = True

    def handle_event(self, e: pygame.event.Event) -> bool:
        go = (e.type == pygame.MOUSEBUTTONDOWN and e.button == 1) or (
            e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_SPACE,
                                                   pygame.K_KP_ENTER))
        if go and self.armed <= 0:
            self.board.take_screen(self.seat)
            self.ctx.stack.pop(self)
            return True
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            from ttr.ui.scenes.pause import PauseScene

            self.ctx.stack.push(PauseScene(self.ctx, self.board))
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        w, h = surface.get_size()
        surface.fill(theme.mix(theme.BG, (0, 0, 0), 0.35))
        f = ui_font((w, h), self.ctx.settings)  # every text follows the text size
        size = int(f * 2.4)
        band = pygame.Rect(0, 0, w, max(h // 3, size * 4))
        band.center = (w // 2, h // 2)
        pygame.draw.rect(surface, theme.mix(self.rgb, theme.BG, 0.55), band)
        pygame.draw.line(surface, self.rgb, band.topleft, band.topright, 4)
        pygame.draw.line(surface, self.rgb, band.bottomleft, band.bottomright, 4)
        blit_text(surface, a, _("Pass to {player}").format(player=self.name), size, theme.TEXT,
                  (w // 2, band.centery - size // 3), "center", bold=True)
        blit_text(surface, a, _("click when ready"), int(f * 1.3), theme.TEXT,
                  (w // 2, band.centery + size // 2 + f // 2), "center")
        blit_text(surface, a, _("Other players: please look away while it is not your turn."),
                  f, theme.TEXT, (w // 2, h - f), "midbottom")
        self.board.toast.draw(surface, a, (w // 2, band.bottom + size))
