"""A scrolling list screen (saves, replays): rows, a selection, keyboard and mouse."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ttr.i18n import N_, _, generation, number
from ttr.ui import theme
from ttr.ui.focus import focus_ring
from ttr.ui.scene import AppContext, Scene
from ttr.ui.scenes.common import backdrop, band_bottom, lines
from ttr.ui.viewport import ui_font
from ttr.ui.widgets import Button, Toast, blit_text, panel


@dataclass(frozen=True, slots=True)
class Row:
    """One list entry: a title, a detail line, and whether it is a problem."""

    title: str
    detail: str = ""
    error: bool = False


class ListScene(Scene):
    """Title, a list of `Row`s and buttons; subclasses implement `choose(i)`."""

    title = N_("List")
    empty = N_("Nothing here yet.")
    actions: tuple[str, ...] = (N_("Open"),)
    """The buttons (marked with `N_`, translated where drawn or said)."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.rows: list[Row] = []
        self.selected = 0
        self.scroll = 0
        self.toast = Toast()
        self.buttons = [Button(a, primary=i == 0) for i, a in enumerate(self.actions)]
        self.back = Button(N_("Back"))
        self.toast.on_show = lambda text: self.say(text, "alert")
        self.worded = -1
        """The language (`i18n.generation`) the rows were worded in."""
        self.on_resize(ctx.size)

    def on_enter(self) -> None:
        self.say_row(_(self.title) + ". ")

    def say(self, text: str, kind: str = "reply") -> None:
        """Announce (captions, and speech when on)."""
        from ttr.ui.announce import say_here

        say_here(self.ctx.extras, text, kind)

    def say_row(self, head: str = "") -> None:
        """Announce the selected row (after `head`, with the keys the first time)."""
        if not self.rows:
            self.say(head + _("{empty} Esc goes back").format(empty=_(self.empty)))
            return
        r = self.rows[self.selected]
        # TRANSLATORS: a row of a list: its title, its details, "2 of 5"
        row = _("{title}, {detail}, {n} of {count}").format(
            title=r.title, detail=r.detail, n=number(self.selected + 1),
            count=number(len(self.rows)))
        if head and N_("Delete") in self.actions:
            row = _("{row}. Up and Down choose, Enter: {action}, Delete deletes, Esc: "
                    "back").format(row=row, action=_(self.actions[0]))
        elif head:
            row = _("{row}. Up and Down choose, Enter: {action}, Esc: back").format(
                row=row, action=_(self.actions[0]))
        self.say(head + row)

    # ------------------------------------------------------------ subclass API

    def refresh(self) -> None:
        """Rebuild `self.rows`."""

    def choose(self, action: str, index: int) -> None:
        """Run button `action` on row `index`."""

    # ------------------------------------------------------------ layout

    def on_resize(self, size: tuple[int, int]) -> None:
        """Every size from the body text size: rows of two lines (the title, the detail
        under it), buttons as wide as their labels, the list in the height left."""
        w, h = size
        a = self.ctx.assets
        f = self.f = ui_font(size, self.ctx.settings)
        self.small = max(11, round(f * 0.9))
        gap = max(6, f // 2)
        bh = round(f * 2.4)
        top = band_bottom(h) + 2 * f
        self.row_h = a.font(f, True).get_linesize() + a.font(self.small).get_linesize() + gap * 2
        self.list_rect = pygame.Rect(0, 0, min(w - 2 * max(20, f), max(900, f * 44)),
                                     h - top - bh - 3 * gap - a.font(self.small).get_linesize())
        self.list_rect.midtop = (w // 2, top)
        all_b = [*self.buttons, self.back]
        widths = [max(w // 9, a.text(_(b.label), f, theme.TEXT, True).get_width() + 2 * f)
                  for b in all_b]
        x = w // 2 - (sum(widths) + gap * 2 * (len(all_b) - 1)) // 2
        for b, bw in zip(all_b, widths, strict=True):
            b.rect, b.font = pygame.Rect(x, h - bh - gap * 2, bw, bh), f
            x += bw + gap * 2
        if self.worded != generation():  # the rows in the language spoken now
            self.worded = generation()
            self.refresh()
        self.dirty = True

    @property
    def visible_rows(self) -> int:
        """How many rows fit."""
        return max(1, self.list_rect.h // self.row_h)

    def _row_rect(self, i: int) -> pygame.Rect:
        r = self.list_rect
        return pygame.Rect(r.x, r.y + (i - self.scroll) * self.row_h, r.w, self.row_h - 4)

    def select(self, i: int) -> None:
        """Select row `i` (clamped) and scroll it into view."""
        if not self.rows:
            self.selected = 0
            return
        self.selected = max(0, min(len(self.rows) - 1, i))
        n = self.visible_rows
        self.scroll = min(max(self.scroll, self.selected - n + 1), self.selected)
        self.dirty = True

    # ------------------------------------------------------------ input

    def update(self, dt: float) -> None:
        if self.toast.active:
            self.toast.update(dt)
            self.dirty = True

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        if e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.ctx.stack.pop(self)
            elif e.key in (pygame.K_UP, pygame.K_DOWN):
                self.select(self.selected + (1 if e.key == pygame.K_DOWN else -1))
                self.say_row()
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.rows:
                self.choose(self.actions[0], self.selected)
            elif e.key == pygame.K_DELETE and N_("Delete") in self.actions and self.rows:
                self.choose(N_("Delete"), self.selected)
            return True
        if e.type == pygame.MOUSEWHEEL:
            top = max(0, len(self.rows) - self.visible_rows)
            self.scroll = max(0, min(top, self.scroll - e.y))
            return True
        if self.back.clicked(e):
            self.ctx.stack.pop(self)
            return True
        for b in self.buttons:
            if b.clicked(e) and self.rows:
                self.choose(b.label, self.selected)
                return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for i in range(self.scroll, min(len(self.rows), self.scroll + self.visible_rows)):
                if self._row_rect(i).collidepoint(e.pos):
                    if i == self.selected and getattr(e, "clicks", 1) >= 2:
                        self.choose(self.actions[0], i)
                    self.select(i)
                    return True
        return False

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        backdrop(surface, a, _(self.title))
        w, h = surface.get_size()
        f, small = self.f, self.small
        if not self.rows:
            lines(surface, a, _(self.empty), f, theme.TEXT_DIM, self.list_rect)
        pad = max(6, f // 2)
        for i in range(self.scroll, min(len(self.rows), self.scroll + self.visible_rows)):
            row, r = self.rows[i], self._row_rect(i)
            fill = theme.PANEL_LIGHT if i == self.selected else theme.PANEL
            panel(surface, r, fill, theme.HILITE if i == self.selected else theme.PANEL_EDGE, 8)
            if i == self.selected:
                focus_ring(surface, r, inside=True)
            ink = (235, 110, 100) if row.error else theme.TEXT
            t = blit_text(surface, a, row.title, f, ink, (r.x + f, r.y + pad), bold=True,
                          max_width=r.w - 2 * f)
            blit_text(surface, a, row.detail, small, theme.TEXT_DIM, (r.x + f, t.bottom),
                      max_width=r.w - 2 * f)
        if len(self.rows) > self.visible_rows:
            # TRANSLATORS: which rows of a list show: "1-5 of 12 (wheel to scroll)"
            blit_text(surface, a, _("{first}-{last} of {count} (wheel to scroll)").format(
                first=number(self.scroll + 1), last=number(self.scroll + self.visible_rows),
                count=number(len(self.rows))), small, theme.TEXT_DIM,
                      (self.list_rect.centerx, self.list_rect.y + self.visible_rows * self.row_h),
                      "midtop")
        for b in [*self.buttons, self.back]:
            b.enabled = b is self.back or bool(self.rows)
            b.draw(surface, a)
        self.toast.draw(surface, a, (w // 2, self.list_rect.y - f), size=f)
