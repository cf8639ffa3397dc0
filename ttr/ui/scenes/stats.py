"""Statistics per player name: totals, by map, variant and opponent level, a score chart."""

from __future__ import annotations

import pygame

from ttr.i18n import N_, _, ngettext, number
from ttr.store.stats import PlayerStats, StatsStore, Tally
from ttr.ui import theme
from ttr.ui.focus import focus_ring
from ttr.ui.scene import AppContext, Scene
from ttr.ui.scenes.common import backdrop, band_bottom
from ttr.ui.viewport import ui_font
from ttr.ui.widgets import Button, blit_text, panel, wrap_text


def tally_cells(t: Tally) -> list[str]:
    """Games, wins, average, tickets %, longest-path bonuses as table cells."""
    # TRANSLATORS: a percentage in the statistics table ("75%")
    pct = _("{pct}%").format(pct=number(t.completed_pct))
    return [number(t.games), number(t.wins), number(t.average_score, 1), pct,
            number(t.longest_bonuses)]


def table_rows(st: PlayerStats) -> list[tuple[str, list[str]]]:
    """(label, cells) for the overall line and every map, variant and opponent."""
    rows = [(_("All games"), tally_cells(st.overall))]
    # TRANSLATORS: statistics rows: "map usa", "variant usa/base", "vs medium" (ids)
    for title, group in ((N_("map {key}"), st.by_map), (N_("variant {key}"), st.by_variant),
                         (N_("vs {key}"), st.by_opponent)):
        for key in sorted(group):
            rows.append((_(title).format(key=key), tally_cells(group[key])))
    return rows


def chart_points(scores: list[int], rect: pygame.Rect) -> list[tuple[int, int]]:
    """Screen points of a score line inside `rect` (oldest left, zero at the bottom)."""
    if not scores:
        return []
    lo, hi = min(0, *scores), max(1, *scores)
    n = len(scores)
    return [(rect.x + (rect.w * i // (n - 1) if n > 1 else rect.w // 2),
             rect.bottom - int((s - lo) * rect.h / (hi - lo))) for i, s in enumerate(scores)]


class StatsScene(Scene):
    """Names on the left (Up/Down), the chosen player's figures and chart on the right."""

    # TRANSLATORS: the statistics table's headings: games played, won, average score,
    # tickets completed (%), longest-path bonuses won; short words
    HEADERS = ("", N_("Games"), N_("Wins"), N_("Avg"), N_("Tickets"), N_("Longest"))
    """The table's headings (translated where drawn)."""

    def __init__(self, ctx: AppContext, store: StatsStore | None = None) -> None:
        super().__init__(ctx)
        if store is None:
            from ttr.ui.scenes.saves import folders

            store = StatsStore(folders(ctx).stats)
        players = store.players()
        self.problem = store.problem
        """Why some statistics could not be read (shown above the table), or None."""
        self.players = [players[n] for n in sorted(players, key=lambda n: (
            -players[n].overall.games, n))]
        self.selected = 0
        self.back = Button(N_("Back"), primary=True)
        self.on_resize(ctx.size)

    def on_resize(self, size: tuple[int, int]) -> None:
        """Every size from the body text size: the names column as wide as the longest
        name, the table's columns as wide as their headings."""
        w, h = size
        a = self.ctx.assets
        f = self.f = ui_font(size, self.ctx.settings)
        gap, margin = max(6, f // 2), max(20, f)
        self.row_h = round(f * 1.7)
        bh = round(f * 2.4)
        top = band_bottom(h) + 3 * a.font(max(11, round(f * 0.9))).get_linesize()
        longest = max((a.text(p.name, f, theme.TEXT, True).get_width() for p in self.players),
                      default=0)
        nw = min(max(f * 8, longest + 2 * f), w // 4)
        self.names_rect = pygame.Rect(margin, top, nw, h - top - bh - 3 * gap)
        self.body = pygame.Rect(self.names_rect.right + 2 * f, top,
                                w - self.names_rect.right - 2 * f - margin, self.names_rect.h)
        label = a.text(_(self.back.label), f, theme.TEXT, True).get_width()
        self.back.rect = pygame.Rect(0, 0, max(w // 9, label + 2 * f), bh)
        self.back.rect.midbottom = (w // 2, h - 2 * gap)
        self.back.font = f
        self.dirty = True

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        if e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_RETURN):
                self.ctx.stack.pop(self)
            elif e.key in (pygame.K_UP, pygame.K_DOWN) and self.players:
                d = 1 if e.key == pygame.K_DOWN else -1
                self.selected = (self.selected + d) % len(self.players)
            return True
        if self.back.clicked(e):
            self.ctx.stack.pop(self)
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for i in range(len(self.players)):
                if self._name_rect(i).collidepoint(e.pos):
                    self.selected = i
                    return True
        return False

    def _name_rect(self, i: int) -> pygame.Rect:
        r = self.names_rect
        return pygame.Rect(r.x, r.y + i * (self.row_h + 6), r.w, self.row_h)

    def draw(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        backdrop(surface, a, _("Statistics"))
        size = self.f
        if self.problem:  # two lines between the title band and the table
            small = max(11, round(size * 0.9))
            line = a.font(small).get_linesize()
            wrap_text(surface, a, self.problem, small, theme.BAD, pygame.Rect(
                self.names_rect.x, self.names_rect.y - 2 * line - 4,
                surface.get_width() - 2 * self.names_rect.x, 2 * line))
        if not self.players:
            blit_text(surface, a, _("No finished games yet."), size, theme.TEXT_DIM,
                      (surface.get_width() // 2, self.body.y), "midtop")
        for i, st in enumerate(self.players):
            r = self._name_rect(i)
            if r.bottom > self.names_rect.bottom:
                break
            sel = i == self.selected
            panel(surface, r, theme.PANEL_LIGHT if sel else theme.PANEL,
                  theme.HILITE if sel else theme.PANEL_EDGE, 6)
            if sel:
                focus_ring(surface, r, inside=True)
            blit_text(surface, a, st.name, size, theme.TEXT, (r.x + 10, r.centery), "midleft",
                      bold=sel, max_width=r.w - 20)
        if self.players:
            self._draw_player(surface, self.players[self.selected], size)
        self.back.draw(surface, a)

    def _draw_player(self, surface: pygame.Surface, st: PlayerStats, size: int) -> None:
        a, b = self.ctx.assets, self.body
        small = max(11, round(size * 0.9))
        wide = [max(a.text(_(head), size, theme.ACCENT, True).get_width(),
                    a.text("100.0%", size, theme.TEXT).get_width()) + size
                for head in self.HEADERS[1:]]
        rows = table_rows(st)
        label_w = max(a.text(label, size, theme.TEXT).get_width() for label, _cells in rows)
        cols = [b.x, b.x + min(b.w - sum(wide), label_w + 2 * size)]  # the figures beside
        for cw in wide[:-1]:
            cols.append(cols[-1] + cw)
        y = b.y
        for x, head in zip(cols, self.HEADERS, strict=True):
            blit_text(surface, a, _(head) if head else "", size, theme.ACCENT, (x, y), bold=True)
        chart_h = max(self.row_h * 4, b.h // 3)
        max_rows = max(1, (b.h - chart_h - 3 * self.row_h) // self.row_h)
        for label, cells in rows[:max_rows]:
            y += self.row_h
            blit_text(surface, a, label, size, theme.TEXT, (cols[0], y),
                      max_width=cols[1] - cols[0] - size // 2)
            for x, c in zip(cols[1:], cells, strict=True):
                blit_text(surface, a, c, size, theme.TEXT, (x, y))
        edge = a.text("0000", small, theme.TEXT_DIM).get_width() + size
        chart = pygame.Rect(b.x + edge, b.bottom - chart_h + small * 2, b.w - edge - size,
                            chart_h - small * 2 - size)
        panel(surface, chart.inflate(size, size), theme.PANEL, theme.PANEL_EDGE, 8)
        scores = [s for _, s in st.scores][-60:]
        last = ngettext("Scores, last {n} game", "Scores, last {n} games", len(scores)).format(
            n=number(len(scores)))
        blit_text(surface, a, last, small,
                  theme.TEXT_DIM, (chart.x, chart.y - size // 2 - 2), "bottomleft")
        pts = chart_points(scores, chart)
        if len(pts) > 1:
            pygame.draw.aalines(surface, theme.ACCENT, False, pts)
        for p in pts:
            pygame.draw.circle(surface, theme.HILITE, p, max(3, size // 5))
        if scores:
            blit_text(surface, a, number(max(1, *scores)), small, theme.TEXT_DIM,
                      (chart.x - size, chart.y), "topright")
            blit_text(surface, a, number(min(0, *scores)), small, theme.TEXT_DIM,
                      (chart.x - size, chart.bottom), "bottomright")
