"""Statistics per player name: totals, by map, variant and opponent level, a score chart."""

from __future__ import annotations

import pygame

from ttr.store.stats import PlayerStats, StatsStore, Tally
from ttr.ui import theme
from ttr.ui.focus import focus_ring
from ttr.ui.scene import AppContext, Scene
from ttr.ui.scenes.common import backdrop
from ttr.ui.widgets import Button, blit_text, panel, wrap_text
from ttr.ui.words import counted


def tally_cells(t: Tally) -> list[str]:
    """Games, wins, average, tickets %, longest-path bonuses as table cells."""
    return [str(t.games), str(t.wins), f"{t.average_score:.1f}", f"{t.completed_pct:.0f}%",
            str(t.longest_bonuses)]


def table_rows(st: PlayerStats) -> list[tuple[str, list[str]]]:
    """(label, cells) for the overall line and every map, variant and opponent."""
    rows = [("All games", tally_cells(st.overall))]
    for title, group in (("map", st.by_map), ("variant", st.by_variant),
                         ("vs", st.by_opponent)):
        for key in sorted(group):
            rows.append((f"{title} {key}", tally_cells(group[key])))
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

    HEADERS = ("", "Games", "Wins", "Avg", "Tickets", "Longest")

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
        self.back = Button("Back", primary=True)
        self.on_resize(ctx.size)

    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.names_rect = pygame.Rect(30, int(h * 0.22), max(160, w // 6), int(h * 0.66))
        self.body = pygame.Rect(self.names_rect.right + 24, self.names_rect.y,
                                w - self.names_rect.right - 54, self.names_rect.h)
        self.row_h = max(26, h // 30)
        self.back.rect = pygame.Rect(0, 0, max(160, w // 9), max(38, h // 18))
        self.back.rect.midbottom = (w // 2, h - 16)
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
        backdrop(surface, a, "Statistics")
        size = max(12, self.row_h * 5 // 9)
        if self.problem:  # two lines between the title band and the table
            small = max(11, size - 4)
            line = a.font(small).get_linesize()
            wrap_text(surface, a, self.problem, small, theme.BAD, pygame.Rect(
                self.names_rect.x, self.names_rect.y - 2 * line - 4,
                surface.get_width() - 2 * self.names_rect.x, 2 * line))
        if not self.players:
            blit_text(surface, a, "No finished games yet.", size + 2, theme.TEXT_DIM,
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
        cols = [b.x, b.x + int(b.w * 0.42)]
        step = (b.w - (cols[1] - b.x)) // 5
        cols += [cols[1] + step * k for k in range(1, 5)]
        y = b.y
        for x, head in zip(cols, self.HEADERS, strict=True):
            blit_text(surface, a, head, size, theme.ACCENT, (x, y), bold=True)
        rows = table_rows(st)
        chart_h = max(90, b.h // 3)
        max_rows = max(1, (b.h - chart_h - 3 * self.row_h) // self.row_h)
        for label, cells in rows[:max_rows]:
            y += self.row_h
            blit_text(surface, a, label, size, theme.TEXT, (cols[0], y),
                      max_width=cols[1] - cols[0] - 8)
            for x, c in zip(cols[1:], cells, strict=True):
                blit_text(surface, a, c, size, theme.TEXT, (x, y))
        chart = pygame.Rect(b.x + 40, b.bottom - chart_h, b.w - 60, chart_h - 10)
        panel(surface, chart.inflate(20, 16), theme.PANEL, theme.PANEL_EDGE, 8)
        scores = [s for _, s in st.scores][-60:]
        blit_text(surface, a, f"Scores, last {counted(len(scores), 'game')}", max(11, size - 2),
                  theme.TEXT_DIM, (chart.x, chart.y - 4), "bottomleft")
        pts = chart_points(scores, chart)
        if len(pts) > 1:
            pygame.draw.aalines(surface, theme.ACCENT, False, pts)
        for p in pts:
            pygame.draw.circle(surface, theme.HILITE, p, 3)
        if scores:
            blit_text(surface, a, str(max(scores)), max(11, size - 3), theme.TEXT_DIM,
                      (chart.x - 6, chart.y), "topright")
            blit_text(surface, a, str(min(0, *scores)), max(11, size - 3), theme.TEXT_DIM,
                      (chart.x - 6, chart.bottom), "bottomright")
