"""A small modal that asks for a save's name (prefilled), then saves the game; a name
that is taken asks whether to replace that save first."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import pygame

from ttr.i18n import N_, _
from ttr.store.text import MAX_NAME, clean_text
from ttr.ui import theme
from ttr.ui.scene import AppContext, Scene
from ttr.ui.widgets import Button, blit_text, panel, wrap_text

if TYPE_CHECKING:
    from ttr.ui.scenes.board_host import BoardHost


class SaveNameScene(Scene):
    """Type a name, Enter (or Save) saves, Esc (or Cancel) goes back to the game."""

    opaque = False

    def __init__(self, ctx: AppContext, board: BoardHost) -> None:
        super().__init__(ctx)
        self.board = board
        self.name = f"{board.map_def.id} {datetime.now().strftime('%Y-%m-%d %H.%M')}"
        self.save_button = Button(N_("Save"), primary=True)
        self.cancel = Button(N_("Cancel"))
        self.replacing: str | None = None
        """The name whose save would be replaced (asking), or None (typing)."""
        self.on_resize(ctx.size)

    def on_enter(self) -> None:
        pygame.key.start_text_input()

    def on_exit(self) -> None:
        pygame.key.stop_text_input()

    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = size
        bw, bh = max(420, w // 3), max(40, h // 16)
        self.box = pygame.Rect(0, 0, bw, bh * 5)
        self.box.center = (w // 2, h // 2)
        self.field = pygame.Rect(self.box.x + 24, self.box.y + bh * 3 // 2, bw - 48, bh)
        half = (bw - 72) // 2
        self.cancel.rect = pygame.Rect(self.box.x + 24, self.box.bottom - bh - 20, half, bh)
        self.save_button.rect = pygame.Rect(self.box.right - 24 - half, self.cancel.rect.y,
                                            half, bh)
        self.dirty = True

    def _save(self) -> None:
        from ttr.ui.scenes.saves import save_exists, save_named

        name = clean_text(self.name, MAX_NAME)
        if name and self.replacing != name and save_exists(self.ctx, name):
            self.replacing = name  # ask first
            self.save_button.label, self.cancel.label = N_("Replace"), N_("Back")
            return
        self.ctx.stack.pop(self)
        self.board.toast.show(save_named(self.board, name or None))

    def _back(self) -> None:
        """Cancel: back to typing when asking, else back to the game."""
        if self.replacing is None:
            self.ctx.stack.pop(self)
            return
        self.replacing = None
        self.save_button.label, self.cancel.label = N_("Save"), N_("Cancel")

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        if e.type == pygame.TEXTINPUT and self.replacing is None:
            self.name = (self.name + e.text)[:MAX_NAME]
        elif e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                self._back()
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._save()
            elif e.key == pygame.K_BACKSPACE and self.replacing is None:
                self.name = self.name[:-1]
        elif self.save_button.clicked(e):
            self._save()
        elif self.cancel.clicked(e):
            self._back()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        a = self.ctx.assets
        panel(surface, self.box, theme.PANEL, theme.ACCENT, 14)
        title = _("Save game as") if self.replacing is None else _("Replace the saved game?")
        blit_text(surface, a, title, max(18, self.field.h // 2), theme.ACCENT,
                  (self.box.centerx, self.box.y + 14), "midtop", bold=True)
        if self.replacing is not None:
            ask = _("A saved game is called \u201c{name}\u201d. Replace it with this "
                    "game?").format(name=self.replacing)
            wrap_text(surface, a, ask, int(self.field.h * 0.42), theme.TEXT,
                      pygame.Rect(self.field.x, self.field.y, self.field.w, 2 * self.field.h))
        else:
            panel(surface, self.field, theme.PANEL_LIGHT, theme.HILITE, self.field.h // 4)
            blit_text(surface, a, self.name + "|", int(self.field.h * 0.45), theme.TEXT,
                      (self.field.x + 12, self.field.centery), "midleft",
                      max_width=self.field.w - 20)
        self.cancel.draw(surface, a)
        self.save_button.draw(surface, a)
