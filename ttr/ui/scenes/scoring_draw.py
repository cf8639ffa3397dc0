"""Drawing of the scoring scene: the map with highlighted paths and the tally table."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

import pygame

from ttr.engine import GameResult
from ttr.engine.view import PublicState
from ttr.ui import geometry as geo
from ttr.ui import theme
from ttr.ui.anim import Sprite
from ttr.ui.maprender import MapRenderer
from ttr.ui.scene import AppContext
from ttr.ui.symbols import player_mark
from ttr.ui.widgets import Button, blit_text, panel

DECIDED = {
    "points": "on points",
    "tickets": "on the tie-break: most tickets completed",
    "stations": "on the tie-break: fewest stations used",
    "longest path": "on the tie-break: the longest path",
    "tie": "a shared victory: every tie-break is equal",
}


@dataclass
class Step:
    """One line of the tally."""

    seat: int
    label: str
    delta: int
    routes: frozenset[str] = frozenset()
    cities: tuple[str, ...] = ()
    kind: str = ""
    lines: list[str] = field(default_factory=list)


class ScoringHost(Protocol):
    """What the drawing needs of the scoring scene."""

    ctx: AppContext
    result: GameResult
    public: PublicState
    names: list[str]
    rgb: list[tuple[int, int, int]]
    renderer: MapRenderer
    totals: list[Sprite]
    lines: list[list[tuple[str, int]]]
    current: Step | None
    finished: bool
    again: Button
    menu: Button
    table: pygame.Rect


def draw_scoring(sc: ScoringHost, surface: pygame.Surface) -> None:
    """One frame of the tally."""
    a = sc.ctx.assets
    w, h = surface.get_size()
    surface.fill(theme.BG)
    r = sc.renderer
    vp = r.vp
    assert vp is not None and r.static is not None
    surface.blit(r.composed(sc.public.owners, sc.rgb), vp.map_px)
    st = sc.current
    if st is not None:
        shade = pygame.Surface(vp.map_px.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 70))
        surface.blit(shade, vp.map_px)
        col = theme.GOOD if st.delta >= 0 else theme.BAD
        for rid in st.routes:
            for q in r.slots[rid]:
                pygame.draw.polygon(surface, theme.HILITE, r.px_quad(geo.car_quad(
                    *geo.quad_center(q), _angle(q), geo.CAR_LENGTH * 1.1, geo.CAR_WIDTH * 1.7)))
                pygame.draw.polygon(surface, sc.rgb[st.seat], r.px_quad(q))
        for cid in st.cities:
            x, y = r.px_quad([r.cities[cid]])[0]
            pygame.draw.circle(surface, col, (x, y), geo.CITY_RADIUS * vp.scale * 2.4,
                               max(3, round(vp.scale * 3)))
    t = sc.table
    f = max(12, min(22, h // 50))
    panel(surface, t, theme.PANEL, theme.PANEL_EDGE, 10)
    blit_text(surface, a, "Final scores", int(f * 1.6), theme.ACCENT, (t.centerx, t.y + 10),
              "midtop", bold=True)
    n = len(sc.names)
    top = t.y + int(f * 3.2)
    avail = sc.menu.rect.top - top - f * 4
    col_h = avail // n
    order = sc.result.ranking if sc.finished else range(n)
    for i, seat in enumerate(order):
        box = pygame.Rect(t.x + 10, top + i * col_h, t.w - 20, col_h - 6)
        active = st is not None and st.seat == seat
        panel(surface, box, theme.PANEL_LIGHT if active else theme.mix(theme.PANEL, theme.BG, 0.3),
              theme.ACCENT if active else theme.PANEL_EDGE, 8)
        pygame.draw.rect(surface, sc.rgb[seat], (box.x, box.y, 8, box.h),
                         border_top_left_radius=8, border_bottom_left_radius=8)
        pres = next(p for p in sc.result.players if p.seat == seat)
        title = sc.names[seat]
        if sc.finished:
            title = f"{pres.rank}. {title}"
        tx = box.x + 16
        if a.colorblind:
            player_mark(surface, sc.rgb[seat], (tx + f * 0.6, box.y + 6 + f * 0.7), f * 0.62)
            tx += int(f * 1.6)
        blit_text(surface, a, title, f + 2, theme.TEXT, (tx, box.y + 6), bold=True)
        blit_text(surface, a, str(round(sc.totals[seat].x)), int(f * 1.8), theme.ACCENT,
                  (box.right - 10, box.y + 4), "topright", bold=True)
        lines = sc.lines[seat]
        lh = int(f * 1.15)
        room = max(0, (box.h - f * 2 - 10) // lh)
        shown = lines[-room:] if room else []
        y = box.y + f * 2 + 6
        for label, delta in shown:
            c = theme.GOOD if delta > 0 else theme.BAD if delta < 0 else theme.TEXT_DIM
            blit_text(surface, a, label, f - 1, theme.TEXT, (box.x + 16, y), cond=True,
                      max_width=box.w - f * 5)
            blit_text(surface, a, f"{delta:+d}", f - 1, c, (box.right - 10, y), "topright",
                      bold=True)
            y += lh
    if sc.finished:
        win = [sc.names[s] for s in sc.result.winners]
        head = (f"{' and '.join(win)} win{'s' if len(win) == 1 else ''}"
                f" {_decided(sc.result.decided_by)}")
        blit_text(surface, a, head, f + 1, theme.HILITE,
                  (t.centerx, sc.menu.rect.top - f * 3), "midtop", bold=True, max_width=t.w - 20)
        sc.again.draw(surface, a)
        sc.menu.draw(surface, a)
    else:
        blit_text(surface, a, "Click or Space to skip", f - 2, theme.TEXT_DIM,
                  (t.centerx, t.bottom - 10), "midbottom")


def _decided(key: str) -> str:
    return DECIDED.get(key, key)


def _angle(q: geo.Quad) -> float:
    import math

    (x0, y0), (x1, y1) = q[0], q[1]
    return math.degrees(math.atan2(y1 - y0, x1 - x0))
