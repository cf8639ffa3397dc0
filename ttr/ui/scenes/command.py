"""Keyboard commands of the board: the claim list (C), the station list (B) (the key help
overlay, F1 or ?, is `keyhelp`).

The claim list offers the routes the legal actions allow now and, on a second page (Tab),
every other route with the reason the board gives for refusing it; typing filters by city
name, Up/Down choose, Enter claims through the board (then the payment chooser). The
station list does the same for cities. Every move of the selection is announced.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ttr.engine import BuildStation, ClaimRoute
from ttr.i18n import _, number, pgettext
from ttr.ui import theme
from ttr.ui.announce import announcer_of
from ttr.ui.focus import focus_ring
from ttr.ui.scene import AppContext, Scene
from ttr.ui.scenes.board_text import refuse_route, refuse_station, route_name
from ttr.ui.widgets import blit_text, panel
from ttr.ui.words import cards_of, counted

if TYPE_CHECKING:
    from ttr.ui.scenes.board import BoardScene


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of a command list: what it names (`key`), its words and whether it can be
    done now (else `why` not)."""

    key: str
    label: str
    cities: tuple[str, ...]
    why: str = ""


def claim_entries(board: BoardScene) -> tuple[list[Entry], list[Entry]]:
    """Routes claimable now (from the legal actions) and the others with the reason."""
    v = board.shown_view
    gm = v.public.game_map
    legal = {a.route for a in v.legal if isinstance(a, ClaimRoute)}
    can, cannot = [], []
    for r in gm.routes:
        pts = counted(v.public.config.points_for(r.length), "point")
        what = cards_of(r.color, r.length)
        if r.tunnel:
            # TRANSLATORS: an entry of the claim list: "Denver–Omaha, 4 red, tunnel, 7 points"
            label = _("{route}, {cards}, tunnel, {points}")
        elif r.ferry:
            # TRANSLATORS: {n} is the number of locomotives the ferry needs
            label = _("{route}, {cards}, ferry {n}, {points}")
        else:
            label = _("{route}, {cards}, {points}")
        label = label.format(route=route_name(gm, r), cards=what, n=number(r.ferry),
                             points=pts)
        cities = (gm.city_name(r.a), gm.city_name(r.b))
        if r.id in legal:
            can.append(Entry(r.id, label, cities))
        else:
            cannot.append(Entry(r.id, label, cities, refuse_route(v, r, board.names)))
    return can, cannot


def station_entries(board: BoardScene) -> tuple[list[Entry], list[Entry]]:
    """Cities where a station can be built now, and the others with the reason."""
    v = board.shown_view
    gm = v.public.game_map
    legal = {a.city for a in v.legal if isinstance(a, BuildStation)}
    can, cannot = [], []
    for c in sorted(gm.cities, key=lambda c: c.name):
        if c.id in legal:
            can.append(Entry(c.id, c.name, (c.name,)))
        else:
            cannot.append(Entry(c.id, c.name, (c.name,), refuse_station(v, c.id, board.names)))
    return can, cannot


class CommandScene(Scene):
    """A filterable list over the board (claim routes or build stations)."""

    opaque = False
    ROWS = 12

    def __init__(self, ctx: AppContext, board: BoardScene, kind: str, text: str = "") -> None:
        super().__init__(ctx)
        self.board = board
        self.kind = kind
        self.viewer = board.shown_view.viewer
        self.can, self.cannot = (claim_entries(board) if kind == "claim"
                                 else station_entries(board))
        self.page = 0  # 0: can, 1: cannot
        self.text = text
        self.index = 0
        self.say(self.summary(), "alert")

    # ------------------------------------------------------------ model

    def entries(self) -> list[Entry]:
        """The entries of the current page that match the typed text."""
        items = self.can if self.page == 0 else self.cannot
        t = self.text.strip().lower()
        if not t:
            return items
        return [e for e in items if any(w.startswith(t) for c in e.cities
                                        for w in (c.lower(), *c.lower().split()))]

    def title(self) -> str:
        """`Routes you can claim` and the like."""
        if self.kind == "claim":
            return _("Routes you can claim") if self.page == 0 else _("Routes you cannot claim")
        return _("Station cities you can use") if self.page == 0 else \
            _("Station cities you cannot use")

    def summary(self) -> str:
        """What the list holds now, for speech."""
        n = len(self.entries())
        head = (_("{title}: {n} matching {text}") if self.text else _("{title}: {n}")).format(
            title=self.title(), n=number(n), text=self.text)
        first = self.entry_words(0) if n else pgettext("list", "none")
        return _("{head}. {first}. Type a city to filter, Tab for the other list, "
                 "Esc closes").format(head=head, first=first)

    def entry_words(self, i: int) -> str:
        """One entry in words, with its place in the list."""
        items = self.entries()
        e = items[i]
        where = _("{k} of {n}").format(k=number(i + 1), n=number(len(items)))
        return (_("{where}: {entry}: {why}") if e.why else _("{where}: {entry}")).format(
            where=where, entry=e.label, why=e.why)

    def say(self, text: str, kind: str = "reply") -> None:
        """Announce as the board's viewer."""
        announcer_of(self.ctx.extras).say(text, self.viewer, kind)

    # ------------------------------------------------------------ input

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        if e.type != pygame.KEYDOWN:
            return e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        items = self.entries()
        k = e.key
        if k == pygame.K_ESCAPE:
            self.ctx.stack.pop(self)
            self.say(_("Closed"))
        elif k == pygame.K_TAB:
            self.page = 1 - self.page
            self.index = 0
            self.say(self.summary())
        elif k in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
                   pygame.K_HOME, pygame.K_END):
            if items:
                step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.ROWS,
                        pygame.K_PAGEDOWN: self.ROWS, pygame.K_HOME: -len(items),
                        pygame.K_END: len(items)}[k]
                self.index = max(0, min(len(items) - 1, self.index + step))
                self.say(self.entry_words(self.index))
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._choose(items)
        elif k == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
            self.index = 0
            self.say(self.summary())
        elif e.unicode and (e.unicode.isalpha() or e.unicode in " -.'"):
            self.text += e.unicode
            self.index = 0
            self.say(self.summary())
        return True

    def _choose(self, items: list[Entry]) -> None:
        if not items:
            self.say(_("Nothing to choose"))
            return
        e = items[min(self.index, len(items) - 1)]
        if e.why:
            self.say(e.why)
            return
        self.ctx.stack.pop(self)
        if self.kind == "claim":
            self.board.offer_claim(e.key)
        else:
            self.board.offer_station(e.key)

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        if self.board.shown_view.viewer != self.viewer:
            return  # never outlives its owner at the screen
        a = self.ctx.assets
        lay = self.board.layout
        f = lay.font
        items = self.entries()
        row_h = int(f * 2.0)
        h = surface.get_height()
        rows = max(3, min(self.ROWS, (h - f * 10) // row_h))  # as many as the window holds
        box = pygame.Rect(0, 0, min(lay.map.w - 40, f * 46), row_h * rows + f * 8)
        box.center = lay.map.center
        box.clamp_ip(surface.get_rect())
        panel(surface, box, theme.PANEL, theme.ACCENT, 12, alpha=245)
        blit_text(surface, a, self.title(), int(f * 1.3), theme.ACCENT,
                  (box.x + 16, box.y + 10), bold=True, max_width=box.w - 32)
        noun = "route" if self.kind == "claim" else "city"
        # TRANSLATORS: {text} is what was typed, followed by a cursor bar
        filt = _("Filter: {text}\u2502 \u00b7 {entries} shown \u00b7 Tab: other list").format(
            text=self.text, entries=counted(len(items), noun))
        blit_text(surface, a, filt, f, theme.TEXT, (box.x + 16, box.y + int(f * 2.8)),
                  max_width=box.w - 32)
        first = max(0, min(self.index - rows // 2, len(items) - rows))
        y = box.y + f * 5
        for i in range(first, min(len(items), first + rows)):
            e = items[i]
            r = pygame.Rect(box.x + 16, y, box.w - 32, row_h - 4)
            if i == self.index:
                panel(surface, r, theme.PANEL_LIGHT, theme.HILITE, 6)
                focus_ring(surface, r, inside=True)
            text = e.label + (f" \u2014 {e.why}" if e.why else "")
            blit_text(surface, a, text, f, theme.TEXT, (r.x + 8, r.centery), "midleft",
                      max_width=r.w - 16)
            y += row_h
        if not items:
            blit_text(surface, a, _("Nothing matches"), f, theme.TEXT_DIM,
                      (box.centerx, box.y + f * 7), "center")
