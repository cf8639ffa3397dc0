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
from ttr.ui.viewport import ui_font
from ttr.ui.widgets import Button, blit_text, panel, tail, wrap_text

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
        """Every size from the body text size (`ui_font`): the title, the field (or the
        question, three lines) and the buttons stacked in a centred box."""
        w, h = size
        a = self.ctx.assets
        f = self.f = ui_font(size, self.ctx.settings)
        bh, line = round(f * 2.4), a.font(f).get_linesize()
        self.title_h = a.font(round(f * 1.3), True).get_linesize()
        bw = min(w - 2 * max(20, f), max(420, w // 3, f * 30))
        area = max(bh, 3 * line)
        self.box = pygame.Rect(0, 0, bw, f + self.title_h + f + area + f + bh + f)
        self.box.center = (w // 2, h // 2)
        self.field = pygame.Rect(self.box.x + f, self.box.y + 2 * f + self.title_h, bw - 2 * f,
                                 bh)
        self.ask = pygame.Rect(self.field.x, self.field.y, self.field.w, area)
        half = (bw - 3 * f) // 2
        self.cancel.rect = pygame.Rect(self.box.x + f, self.box.bottom - bh - f, half, bh)
        self.save_button.rect = pygame.Rect(self.box.right - f - half, self.cancel.rect.y,
                                            half, bh)
        self.cancel.font = self.save_button.font = f
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
        f = self.f
        blit_text(surface, a, title, round(f * 1.3), theme.ACCENT,
                  (self.box.centerx, self.box.y + f), "midtop", bold=True,
                  max_width=self.box.w - 2 * f)
        if self.replacing is not None:
            ask = _("A saved game is called \u201c{name}\u201d. Replace it with this "
                    "game?").format(name=self.replacing)
            wrap_text(surface, a, ask, f, theme.TEXT, self.ask)
        else:
            panel(surface, self.field, theme.PANEL_LIGHT, theme.HILITE, self.field.h // 4)
            room = self.field.w - f * 2
            shown = tail(a, self.name + "|", f, room)  # a long name scrolls: its end shows
            blit_text(surface, a, shown, f, theme.TEXT, (self.field.x + f, self.field.centery),
                      "midleft", max_width=room)
        self.cancel.draw(surface, a)
        self.save_button.draw(surface, a)
