"""Pause menu over the board: Resume, Settings, How to play, Quit to menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ttr.i18n import N_, _
from ttr.ui import theme
from ttr.ui.scene import AppContext, Scene
from ttr.ui.scenes.common import focus_step
from ttr.ui.viewport import ui_font
from ttr.ui.widgets import Button, blit_text, column, panel

if TYPE_CHECKING:
    from ttr.ui.scenes.board_host import BoardHost


class PauseScene(Scene):
    """A modal menu; Esc resumes."""

    opaque = False

    def __init__(self, ctx: AppContext, board: BoardHost | None) -> None:
        super().__init__(ctx)
        self.board = board
        self.buttons = [Button(N_("Resume"), primary=True), Button(N_("Save game")),
                        Button(N_("Settings")), Button(N_("How to play")),
                        Button(N_("Quit to menu"))]
        self.focus = 0
        self.on_resize(ctx.size)

    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = size
        f = self.f = ui_font(size, self.ctx.settings)  # follows the text size
        bw, bh = max(240, w // 6, f * 16), max(30, int(f * 2.6))
        self.box = pygame.Rect(0, 0, bw + 80, len(self.buttons) * (bh + bh // 3) + bh * 2)
        self.box.center = (w // 2, h // 2)
        column(self.buttons, w // 2, self.box.y + bh * 3 // 2, bw, bh, bh // 3)
        for i, b in enumerate(self.buttons):
            b.focused = i == self.focus
        self.dirty = True

    def on_enter(self) -> None:
        from ttr.ui.focus import say_focus

        say_focus(self.ctx, _("Paused.") + " " + _(self.buttons[self.focus].label), self.focus,
                  len(self.buttons))

    def activate(self, i: int) -> None:
        """Run button `i`."""
        from ttr.ui.scenes.howto import HowToScene
        from ttr.ui.scenes.settings import SettingsScene

        label = self.buttons[i].label
        if label == N_("Resume"):
            self.ctx.stack.pop(self)
        elif label == N_("Save game") and self.board is not None:
            from ttr.ui.scenes.savename import SaveNameScene

            self.ctx.stack.pop(self)
            self.ctx.stack.push(SaveNameScene(self.ctx, self.board))
        elif label == N_("Settings"):
            self.ctx.stack.push(SettingsScene(self.ctx))
        elif label == N_("How to play"):
            self.ctx.stack.push(HowToScene(self.ctx))
        elif label == N_("Quit to menu"):
            self.ctx.nav.to_menu()

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                self.ctx.stack.pop(self)
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.activate(self.focus)
            else:
                self.focus = focus_step(self.focus, len(self.buttons), e.key, getattr(e, "mod", 0))
                for i, b in enumerate(self.buttons):
                    b.focused = i == self.focus
                from ttr.ui.focus import say_focus

                say_focus(self.ctx, _(self.buttons[self.focus].label), self.focus,
                          len(self.buttons))
            return True
        for i, b in enumerate(self.buttons):
            if b.clicked(e):
                self.activate(i)
                return True
        return e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        panel(surface, self.box, theme.PANEL, theme.ACCENT, 14)
        a = self.ctx.assets
        blit_text(surface, a, _("Paused"), int(self.f * 1.6), theme.ACCENT,
                  (self.box.centerx, self.box.y + 16), "midtop", bold=True)
        for b in self.buttons:
            b.draw(surface, a)
