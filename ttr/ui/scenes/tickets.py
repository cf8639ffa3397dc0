"""Ticket chooser (modal): pick which offered tickets to keep; enforces the minimum.
Esc opens the pause menu over it, as everywhere in a game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ttr.engine import KeepTickets
from ttr.i18n import N_, _, number, pgettext
from ttr.ui import theme
from ttr.ui.scene import AppContext, Scene
from ttr.ui.widgets import Button, blit_text, panel
from ttr.ui.words import counted

if TYPE_CHECKING:
    from ttr.ui.scenes.board_host import BoardHost


class TicketsScene(Scene):
    """Shows `view.me.offer`; Keep is enabled exactly when the choice is a legal action."""

    opaque = False

    def __init__(self, ctx: AppContext, board: BoardHost) -> None:
        super().__init__(ctx)
        self.board = board
        v = board.shown_view
        assert v.me is not None
        self.viewer = v.viewer
        self.offer = list(v.me.offer)
        self.options = {a.keep for a in v.legal if isinstance(a, KeepTickets)}
        self.min_keep = min((len(k) for k in self.options), default=1)
        self.selected: set[str] = set(self.offer)
        self.keep = Button(N_("Keep"), primary=True)
        self.hover: str | None = None
        self.rects: list[tuple[str, pygame.Rect]] = []
        self.on_resize(ctx.size)
        from ttr.ui.announce import announcer_of, offer_words

        self.announcer = announcer_of(ctx.extras)
        self.announcer.say(offer_words(v, self.choice(), self.min_keep), self.viewer, "alert")

    def choice(self) -> tuple[str, ...]:
        """The current selection as a sorted tuple."""
        return tuple(sorted(self.selected))

    def on_resize(self, size: tuple[int, int]) -> None:
        """Docked over the hand and tickets panel, under the map (the map stays in view,
        with the offered tickets' cities ringed): the cards in a row, Keep at the right."""
        lay = self.board.layout
        f = lay.font
        self.box = lay.bottom.inflate(-lay.pad, -lay.pad)
        n = len(self.offer)
        keep_w = max(f * 8, self.box.w // 7)
        top = self.box.y + int(f * 1.9)
        room = self.box.right - keep_w - 2 * lay.pad - (self.box.x + lay.pad)
        gap = max(4, lay.pad)
        th = self.box.bottom - lay.pad - top
        tw = min((room - (n - 1) * gap) // max(n, 1), int(th * 2.2))
        self.rects = [(t, pygame.Rect(self.box.x + lay.pad + i * (tw + gap), top, tw, th))
                      for i, t in enumerate(self.offer)]
        self.keep.rect = pygame.Rect(0, 0, keep_w, min(int(f * 2.4), th))
        self.keep.rect.midright = (self.box.right - lay.pad, (top + self.box.bottom) // 2)
        self.board.offered = tuple(self.offer)
        self._refresh()
        self.dirty = True

    def _refresh(self) -> None:
        c = self.choice()
        self.board.chosen = frozenset(c)
        self.board.dirty = True
        self.keep.enabled = c in self.options
        self.keep.label = (_("Keep {n}").format(n=number(len(c))) if c else N_("Keep"))

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        lesson = getattr(self.board, "lesson", None)
        if lesson is not None and lesson.handle(e):
            return True  # Learn to play's keys and buttons (over the map, beside this)
        if self.board.camera_input(e) in ("view", "used"):
            return True  # zoom and pan the map while choosing
        if e.type == pygame.MOUSEMOTION:
            self.hover = next((t for t, r in self.rects if r.collidepoint(e.pos)), None)
            self.board.hover_ticket = self.hover
            self.board.dirty = True
            self.keep.clicked(e)
            return True
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._confirm()
            return True
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_p):
            from ttr.ui.scenes.pause import PauseScene

            self.ctx.stack.push(PauseScene(self.ctx, self.board))
            return True
        if e.type == pygame.KEYDOWN and pygame.K_1 <= e.key <= pygame.K_9:
            i = e.key - pygame.K_1
            if i < len(self.offer):
                self.selected ^= {self.offer[i]}
                self._refresh()
                from ttr.ui.scenes.board_text import ticket_name

                t = self.offer[i]
                said = (_("{ticket} kept; keeping {n}") if t in self.selected
                        else _("{ticket} returned; keeping {n}"))
                self.announcer.say(said.format(
                    ticket=ticket_name(self.board.shown_view.public.game_map, t),
                    n=number(len(self.selected))), self.viewer, "reply")
            return True
        if self.board.reading_key(e):
            return True  # F1, H, S, M, ... tell while choosing
        if self.keep.clicked(e):
            self._confirm()
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for t, r in self.rects:
                if r.collidepoint(e.pos):
                    self.selected ^= {t}
                    self._refresh()
                    return True
            if self.box.collidepoint(e.pos) and not self.keep.enabled:
                self.board.toast.show(_("Keep at least {tickets}").format(
                    tickets=counted(self.min_keep, "ticket")))
        return True

    def _confirm(self) -> None:
        c = self.choice()
        if c not in self.options:
            self.board.toast.show(_("Keep at least {n} of these tickets").format(
                n=number(self.min_keep)))
            return
        self.board.hover_ticket = None
        self.board.offered, self.board.chosen = (), frozenset()
        self.ctx.stack.pop(self)
        self.board.submit(KeepTickets(c))

    def on_exit(self) -> None:
        self.board.offered, self.board.chosen = (), frozenset()

    def update(self, dt: float) -> None:
        if self.board.toast.active:
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        if self.board.shown_view.viewer != self.viewer:
            return  # the screen changed hands: this dialog's cards are not for whoever sits there
        a, f = self.ctx.assets, self.board.layout.font
        gm = self.board.shown_view.public.game_map
        panel(surface, self.box, (30, 30, 36), theme.ACCENT, 12)
        n = number(self.min_keep)
        # TRANSLATORS: the ticket chooser's heading, longest first (the longest that fits)
        heads = [_("Choose your destination tickets: keep at least {n} (their cities are "
                   "ringed on the map)").format(n=n),
                 _("Choose your tickets: keep at least {n}").format(n=n),
                 _("Keep at least {n}").format(n=n)]
        head = next((t for t in heads if a.text(t, f, theme.TEXT, bold=True).get_width()
                     <= self.box.w - f), heads[-1])  # the longest that fits
        blit_text(surface, a, head, f, theme.TEXT, (self.box.x + f // 2, self.box.y + f // 3),
                  bold=True, max_width=self.box.w - f)
        for t, r in self.rects:
            tk = gm.ticket_by_id[t]
            on = t in self.selected
            fill = (246, 234, 200) if on else (150, 144, 130)
            if t == self.hover:
                fill = theme.mix(fill, theme.HILITE, 0.4)
            pygame.draw.rect(surface, fill, r, border_radius=8)
            pygame.draw.rect(surface, theme.GOOD if on else (90, 80, 70), r, 3 if on else 1,
                             border_radius=8)
            fs = max(11, min(f, r.h // 4))
            badge = pygame.Rect(r.right - fs * 2 - 4, r.y + 4, fs * 2, int(fs * 1.5))
            ya, yb = badge.bottom + int(fs * 0.65), r.bottom - int(fs * 0.8)  # under the badge
            blit_text(surface, a, gm.city_name(tk.a), fs, theme.TEXT_DARK,
                      (r.centerx, ya), "center", bold=True, max_width=r.w - 10)
            blit_text(surface, a, "\u2193", fs, theme.TEXT_DARK, (r.centerx, (ya + yb) // 2),
                      "center")
            blit_text(surface, a, gm.city_name(tk.b), fs, theme.TEXT_DARK,
                      (r.centerx, yb), "center", bold=True, max_width=r.w - 10)
            pygame.draw.rect(surface, (120, 80, 40), badge, border_radius=badge.h // 2)
            blit_text(surface, a, str(tk.points), fs, (255, 255, 255), badge.center, "center",
                      bold=True)
            x = r.x + 6  # the top row, left of the badge: chosen, long
            if on:
                x = blit_text(surface, a, "\u2714", fs, (30, 120, 40), (x, r.y + 4),
                              bold=True).right + fs // 3
            if tk.long:
                blit_text(surface, a, pgettext("ticket", "long"), fs, (40, 60, 140), (x, r.y + 4),
                          bold=True)
        self.keep.draw(surface, a)
