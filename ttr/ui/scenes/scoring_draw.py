"""Drawing of the scoring scene: the map with highlighted paths and the tally table."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

import pygame

from ttr.engine import GameResult
from ttr.engine.table import closed_twins
from ttr.engine.view import PublicState
from ttr.ui import geometry as geo
from ttr.ui import theme
from ttr.ui.anim import Sprite
from ttr.ui.maprender import MapRenderer
from ttr.ui.scene import AppContext
from ttr.ui.scenes.scoring_lines import Line, box_lines
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
    lines: list[list[Line]]
    boxes: dict[int, pygame.Rect]
    expanded: int | None
    scroll: int
    font: int
    current: Step | None
    finished: bool
    again: Button
    menu: Button
    review: Button
    table: pygame.Rect
    buttons_top: int

    def can_review(self) -> bool:
        """Whether the Review my game button is offered."""


def draw_scoring(sc: ScoringHost, surface: pygame.Surface) -> None:
    """One frame of the tally."""
    a = sc.ctx.assets
    w, h = surface.get_size()
    surface.fill(theme.BG)
    r = sc.renderer
    vp = r.vp
    assert vp is not None and r.static is not None
    surface.blit(r.composed(sc.public.owners, sc.rgb, closed_twins(sc.public)), vp.map_px)
    st = sc.current
    if st is not None:
        shade = pygame.Surface(vp.map_px.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 70))
        surface.blit(shade, vp.map_px)
        col = theme.GOOD if st.delta >= 0 else theme.BAD
        for rid in st.routes:
            for q in r.slots[rid]:
                pygame.draw.polygon(surface, theme.HILITE, r.px_quad(geo.car_quad(
                    *geo.quad_center(q), geo.quad_angle(q), geo.CAR_LENGTH * 1.1,
                    geo.CAR_WIDTH * 1.7)))
                pygame.draw.polygon(surface, sc.rgb[st.seat], r.px_quad(q))
        for cid in st.cities:
            x, y = r.px_quad([r.cities[cid]])[0]
            pygame.draw.circle(surface, col, (x, y), geo.CITY_RADIUS * vp.scale * 2.4,
                               max(3, round(vp.scale * 3)))
    t = sc.table
    f = sc.font
    panel(surface, t, theme.PANEL, theme.PANEL_EDGE, 10)
    blit_text(surface, a, "Final scores", int(f * 1.6), theme.ACCENT, (t.centerx, t.y + f // 2),
              "midtop", bold=True, max_width=t.w - f)
    n = len(sc.names)
    top = t.y + int(f * 2.8)
    bottom = sc.buttons_top - f * 3 if sc.finished else t.bottom - f * 2
    order = list(sc.result.ranking if sc.finished else range(n))
    sc.boxes.clear()
    if sc.expanded is not None:
        box = pygame.Rect(t.x + f // 2, top, t.w - f, bottom - top)
        _box(sc, surface, box, sc.expanded, f, full=True)
    else:
        col_h = (bottom - top) // n
        for i, seat in enumerate(order):
            box = pygame.Rect(t.x + f // 2, top + i * col_h, t.w - f, col_h - max(3, f // 3))
            sc.boxes[seat] = box
            _box(sc, surface, box, seat, f, full=False)
    if sc.finished:
        win = [sc.names[s] for s in sc.result.winners]
        head = (f"{' and '.join(win)} win{'s' if len(win) == 1 else ''}"
                f" {_decided(sc.result.decided_by)}")
        blit_text(surface, a, head, f + 1, theme.HILITE,
                  (t.centerx, sc.buttons_top - f * 3), "midtop", bold=True, max_width=t.w - 20)
        sc.again.draw(surface, a)
        sc.menu.draw(surface, a)
        if sc.can_review():
            sc.review.draw(surface, a)
    else:
        blit_text(surface, a, "Click or Space to skip", f - 1, theme.TEXT_DIM,
                  (t.centerx, t.bottom - f // 2), "midbottom", max_width=t.w - f)


def _box(sc: ScoringHost, surface: pygame.Surface, box: pygame.Rect, seat: int, f: int,
         full: bool) -> None:
    """One player's box: name, total, and lines that sum to it (folded to fit, or every
    line with a scroll when `full`)."""
    a = sc.ctx.assets
    st = sc.current
    active = st is not None and st.seat == seat
    panel(surface, box, theme.PANEL_LIGHT if active else theme.mix(theme.PANEL, theme.BG, 0.3),
          theme.ACCENT if active else theme.PANEL_EDGE, 8)
    stripe = pygame.Rect(box.x, box.y, max(6, f // 2), box.h)
    pygame.draw.rect(surface, sc.rgb[seat], stripe, border_top_left_radius=8,
                     border_bottom_left_radius=8)
    pygame.draw.rect(surface, theme.outline_for(sc.rgb[seat]), stripe, 1,
                     border_top_left_radius=8, border_bottom_left_radius=8)
    pres = next(p for p in sc.result.players if p.seat == seat)
    title = sc.names[seat]
    if sc.finished:
        title = f"{pres.rank}. {title}"
    tx = stripe.right + f // 2
    head = f + 2
    if a.colorblind:
        player_mark(surface, sc.rgb[seat], (tx + f * 0.6, box.y + f // 3 + f * 0.7), f * 0.62)
        tx += int(f * 1.6)
    total = blit_text(surface, a, str(round(sc.totals[seat].x)), int(f * 1.6), theme.ACCENT,
                      (box.right - f // 2, box.y + f // 4), "topright", bold=True)
    name = blit_text(surface, a, title, head, theme.TEXT, (tx, box.y + f // 3), bold=True,
                     max_width=total.x - tx - f // 2)
    y0 = box.y + int(f * 2.1)
    lines = sc.lines[seat]
    lh = int(f * 1.25)
    inner = box.inflate(-f, 0)
    inner.x = stripe.right + f // 2
    inner.w = box.right - f // 2 - inner.x
    rows = max(1, (box.bottom - y0 - f // 4 - (lh if full else 0)) // lh)
    if full:
        sc.scroll = min(sc.scroll, max(0, len(lines) - rows))
        shown, folded, cols = list(lines[sc.scroll:sc.scroll + rows]), False, 1
    else:
        most = 2 if inner.w > f * 24 else 1
        shown, folded = box_lines(lines, rows * most)
        cols = min(most, max(1, -(-len(shown) // rows)))
        if len(shown) > rows * cols:  # even folded the lines need more rows: smaller rows
            lh = max(1, (box.bottom - y0 - f // 4) * cols // len(shown))
            rows = -(-len(shown) // cols)
    fs = min(f, int(lh / 1.2))
    cw = (inner.w - (cols - 1) * f) // cols
    for i, ln in enumerate(shown):
        x = inner.x + (i // rows) * (cw + f)
        y = y0 + (i % rows) * lh
        c = theme.GOOD if ln.delta > 0 else theme.BAD if ln.delta < 0 else theme.TEXT_DIM
        num = blit_text(surface, a, f"{ln.delta:+d}".replace("-", "\u2212"), fs, c,
                        (x + cw, y), "topright", bold=True)
        blit_text(surface, a, ln.label, fs, theme.TEXT, (x, y), cond=True,
                  max_width=max(1, num.x - x - fs // 2))
    if full:
        more = f"{sc.scroll + 1}\u2013{sc.scroll + len(shown)} of {len(lines)}, wheel to scroll; "
        blit_text(surface, a, (more if len(lines) > rows else "") + "click to close",
                  max(8, f - 2), theme.TEXT_DIM, (inner.centerx, box.bottom - f // 4),
                  "midbottom", max_width=inner.w)
    elif folded and total.x - name.right > f * 4:
        blit_text(surface, a, "click for every ticket", max(8, f - 2), theme.TEXT_DIM,
                  (name.right + f, name.bottom), "bottomleft",
                  max_width=total.x - name.right - f * 2)


def _decided(key: str) -> str:
    return DECIDED.get(key, key)
