"""The key help overlay of the board (F1 or ?): every key of the board and its dialogs,
in pages that fit the window at the body text size (never cut, never shrunk)."""

from __future__ import annotations

import pygame

from ttr.i18n import _, number, pgettext
from ttr.ui import theme
from ttr.ui.announce import say_here
from ttr.ui.assets import render
from ttr.ui.keys import BOARD_KEYS, HELP_KEYS, READING_KEYS, key_label, keys_text
from ttr.ui.scene import AppContext, Scene
from ttr.ui.viewport import ui_font
from ttr.ui.widgets import blit_text, note_text, panel, wrap_text, wrapped_height

NEXT = (pygame.K_PAGEDOWN, pygame.K_DOWN, pygame.K_SPACE, pygame.K_RIGHT)
PREVIOUS = (pygame.K_PAGEUP, pygame.K_UP, pygame.K_LEFT)


class KeyHelpScene(Scene):
    """The keys of the board, over the board; PgDn/PgUp (or the arrows, Space, the
    wheel) turn the pages; Esc, F1, ? or Enter closes."""

    opaque = False

    def __init__(self, ctx: AppContext,
                 keys: tuple[tuple[str, str], ...] | None = None) -> None:
        super().__init__(ctx)
        self.rows = keys or HELP_KEYS
        """The keys listed (the board's and its dialogs' unless given)."""
        self.page = 0
        self.pages: list[list[tuple[str, str, pygame.Surface, pygame.Surface]]] = []
        say_here(ctx.extras, _("Keys. {keys}").format(
            keys=keys_text(keys or (*BOARD_KEYS, *READING_KEYS))))
        self.on_resize(ctx.size)

    def on_resize(self, size: tuple[int, int]) -> None:
        """Lay the rows out in pages for this window and text size."""
        w, h = size
        a = self.ctx.assets
        f = self.f = ui_font(size, self.ctx.settings)
        self.box = pygame.Rect(0, 0, min(w - 2 * f, f * 62), h - 2 * f)
        self.box.center = (w // 2, h // 2)
        rows = [(key_label(k), _(what)) for k, what in self.rows]  # in the player's language
        self.key_w = max(a.text(k, f, theme.HILITE, bold=True).get_width() for k, _ in rows) + f
        text_w = max(1, self.box.w - self.key_w - 2 * f)
        self.top = self.box.y + int(f * 3.2)
        foot = wrapped_height(a, self.foot(99, 99), f, self.box.w - 2 * f)  # wrapped if long
        self.bottom = self.box.bottom - foot - int(f * 1.2)  # above the page line
        self.pages = [[]]
        y = self.top
        for k, what in rows:
            key_img = a.text(k, f, theme.HILITE, bold=True)
            img = render(a.font(f), what, theme.TEXT, text_w)
            if y + img.get_height() > self.bottom and self.pages[-1]:
                self.pages.append([])
                y = self.top
            self.pages[-1].append((k, what, key_img, img))
            y += img.get_height() + f // 2
        self.page = min(self.page, len(self.pages) - 1)
        self.dirty = True

    def handle_event(self, e: pygame.event.Event) -> bool:
        step = 0
        if e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN,
                         pygame.K_KP_ENTER) or e.unicode == "?":
                self.ctx.stack.pop(self)
                return True
            step = 1 if e.key in NEXT else -1 if e.key in PREVIOUS else 0
        elif e.type == pygame.MOUSEWHEEL:
            step = -1 if e.y > 0 else 1
        if step:
            self.page = max(0, min(len(self.pages) - 1, self.page + step))
            self.dirty = True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        a, f, box = self.ctx.assets, self.f, self.box
        panel(surface, box, theme.PANEL, theme.ACCENT, 12, alpha=248)
        blit_text(surface, a, pgettext("heading", "Keys"), int(f * 1.3), theme.ACCENT,
                  (box.x + f, box.y + f // 2),
                  bold=True)
        y = self.top
        x = box.x + f
        for k, what, key_img, img in self.pages[self.page]:
            for text, im, at in ((k, key_img, (x, y)), (what, img, (x + self.key_w, y))):
                surface.blit(im, at)
                note_text(surface, text, im.get_rect(topleft=at), f)
            y += img.get_height() + f // 2
        foot = self.foot(self.page + 1, len(self.pages))
        room = pygame.Rect(box.x + f, 0, box.w - 2 * f, wrapped_height(a, foot, f, box.w - 2 * f))
        room.bottom = box.bottom - f // 2
        wrap_text(surface, a, foot, f, theme.TEXT_DIM, room)

    @staticmethod
    def foot(k: int, n: int) -> str:
        """The page line: page `k` of `n`, how to turn and close."""
        return (_("Page {k} of {n}: PgDn/PgUp turn the page \u00b7 Esc, F1 or ? closes").format(
            k=number(k), n=number(n)) if n > 1 else _("Esc, F1 or ? closes"))
