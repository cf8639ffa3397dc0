"""Drawing of the scoring scene: the map with highlighted paths and the tally table."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from ttr.engine import GameResult
from ttr.engine.table import closed_twins
from ttr.engine.view import PublicState
from ttr.i18n import N_, _, ngettext, number
from ttr.ui import geometry as geo
from ttr.ui import theme
from ttr.ui.anim import Sprite
from ttr.ui.assets import render
from ttr.ui.maprender import MapRenderer
from ttr.ui.scene import AppContext
from ttr.ui.scenes.scoring_lines import Line, box_lines
from ttr.ui.symbols import player_mark
from ttr.ui.widgets import Button, blit_text, note_text, panel
from ttr.ui.words import join_and

DECIDED = {
    "points": N_("on points"),
    "tickets": N_("on the tie-break: most tickets completed"),
    "stations": N_("on the tie-break: fewest stations used"),
    "longest path": N_("on the tie-break: the longest path"),  # i18n: no (the key)
    "tie": N_("a shared victory: every tie-break is equal"),
}
"""How the winner was decided (translated where drawn)."""


@dataclass
class Step:
    """One line of the tally."""

    seat: int
    word: Callable[[], str]
    """The label, worded when asked (in the language of the moment)."""
    delta: int
    routes: frozenset[str] = frozenset()
    cities: tuple[str, ...] = ()
    kind: str = ""
    lines: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        """The label in the current language."""
        return self.word()


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
    band: pygame.Rect
    buttons_top: int
    first: int
    """The first box shown when they do not all fit (by rank or seat)."""

    @property
    def keep(self) -> int | None:
        """A seat whose box must show (the focused one)."""

    def can_review(self) -> bool:
        """Whether the Review my game button is offered."""


def draw_scoring(sc: ScoringHost, surface: pygame.Surface) -> None:
    """One frame of the tally."""
    a = sc.ctx.assets
    surface.fill(theme.BG)
    r = sc.renderer
    vp = r.vp
    assert vp is not None and r.static is not None
    surface.blit(r.composed(sc.public.owners, sc.rgb, closed_twins(sc.public)), vp.map_px)
    st = sc.current
    if st is not None:
        _highlight(sc, surface, st)
    t = sc.table
    f = sc.font
    panel(surface, t, theme.PANEL, theme.PANEL_EDGE, 10)
    title = blit_text(surface, a, _("Final scores"), int(f * 1.6), theme.ACCENT,
                      (t.centerx, t.y + f // 2), "midtop", bold=True)
    top = title.bottom + f // 2
    in_band = _band(sc, surface)
    if sc.finished:
        bottom = sc.buttons_top - f // 2
        if not in_band:
            head = _winners(sc)
            img = render(a.font(f + 1, True), head, theme.HILITE, t.w - f)
            at = img.get_rect(midbottom=(t.centerx, bottom))
            surface.blit(img, at)
            note_text(surface, head, at, f + 1)
            bottom = at.y - f // 2
        sc.again.draw(surface, a, f)
        sc.menu.draw(surface, a, f)
        if sc.can_review():
            sc.review.draw(surface, a, f)
    else:
        skip = blit_text(surface, a, _("Click or Space to skip"), f, theme.TEXT_DIM,
                         (t.centerx, t.bottom - f // 2), "midbottom")
        bottom = skip.y - f // 2
    area = pygame.Rect(t.x + f // 2, top, t.w - f, bottom - top)
    sc.boxes.clear()
    if sc.expanded is not None:
        _full_box(sc, surface, area, sc.expanded)
    else:
        _boxes(sc, surface, area)


def _winners(sc: ScoringHost) -> str:
    """`Ana wins on points`, `Ana and Ben win a shared victory: ...`."""
    win = [sc.names[s] for s in sc.result.winners]
    # TRANSLATORS: {names}: the winner, or the winners ("Ana and Ben"); {how}: "on
    # points", "on the tie-break: ..."
    return ngettext("{names} wins {how}", "{names} win {how}", len(win)).format(
        names=join_and(win), how=_decided(sc.result.decided_by))


def _band(sc: ScoringHost, surface: pygame.Surface) -> bool:
    """Under the map, when there is room: the step being told ("P1 · Routes +61") during
    the tally, then the winner. Returns whether the winner is said there."""
    a, f, band = sc.ctx.assets, sc.font, sc.band
    size = int(f * 1.5)
    if sc.finished:
        text, col = _winners(sc), theme.HILITE
    elif sc.current is not None:
        st = sc.current
        text, col = f"{sc.names[st.seat]} \u00b7 {st.label} {_value(st.delta)}", theme.TEXT
    else:
        return False
    img = render(a.font(size, True), text, col, max(1, band.w - f))
    if band.h < img.get_height() + f:
        return False
    at = img.get_rect(center=band.center)
    surface.blit(img, at)
    note_text(surface, text, at, size)
    return sc.finished


def _highlight(sc: ScoringHost, surface: pygame.Surface, st: Step) -> None:
    """The step being told: its routes lit on a shaded map, its cities ringed."""
    r = sc.renderer
    vp = r.vp
    assert vp is not None
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


@dataclass
class Plan:
    """How one box is laid out: its lines in `cols` columns, each line `rows` high."""

    seat: int
    lines: list[Line]
    folded: bool
    cols: int
    heights: list[int]
    """Each line's rows (a label too long for its column wraps)."""
    h: int


def _inner_w(sc: ScoringHost, width: int) -> int:
    """The width of a box's lines (right of the colour stripe)."""
    f = sc.font
    return width - max(6, f // 2) - f // 2 - f // 2


def _line_rows(sc: ScoringHost, ln: Line, width: int) -> int:
    """The rows a line takes in a column `width` wide (its label wraps)."""
    f, a = sc.font, sc.ctx.assets
    num = a.font(f, bold=True).size(_value(ln.delta))[0]
    room = width - num - f // 2
    font = a.font(f, cond=True)
    if font.size(ln.label)[0] <= room:
        return 1
    return max(1, render(font, ln.label, theme.TEXT, max(1, room)).get_height()
               // font.get_linesize())


def _plan(sc: ScoringHost, seat: int, width: int, folded: bool, cols: int) -> Plan | None:
    """A box's layout, or None when its lines do not fit `cols` columns without wrapping."""
    f = sc.font
    lines = box_lines(sc.lines[seat], 0)[0] if folded else list(sc.lines[seat])
    cw = (_inner_w(sc, width) - (cols - 1) * f) // cols
    heights = [_line_rows(sc, ln, cw) for ln in lines]
    if cols > 1 and any(n > 1 for n in heights):
        return None
    rows = sum(heights) if cols == 1 else -(-len(lines) // cols)
    return Plan(seat, lines, folded and len(lines) < len(sc.lines[seat]), cols, heights,
                _head_h(f) + rows * _lh(f) + f // 3)


def _head_h(f: int) -> int:
    return int(f * 1.9)


def _lh(f: int) -> int:
    return int(f * 1.25)


def _plans(sc: ScoringHost, order: list[int], width: int, room: int) -> list[Plan]:
    """The first layout in which every box fits `room` (whole lines, then folded tickets,
    in one column, then two); else the most compact one (the table then scrolls)."""
    gap = max(3, sc.font // 3)
    best: list[Plan] = []
    for folded in (False, True):
        for cols in (1, 2):
            got = [_plan(sc, s, width, folded, cols) for s in order]
            if any(p is None for p in got):
                continue
            plans = [p for p in got if p is not None]
            best = plans
            if sum(p.h + gap for p in plans) <= room:
                return plans
    return best


def _boxes(sc: ScoringHost, surface: pygame.Surface, area: pygame.Rect) -> None:
    """Every player's box, by seat during the tally and by rank after; when they do not
    all fit, a run of them that does, with a line saying how to see the others."""
    f = sc.font
    gap = max(3, f // 3)
    order = list(sc.result.ranking if sc.finished else range(len(sc.names)))
    plans = _plans(sc, order, area.w, area.h)
    if sum(p.h + gap for p in plans) > area.h:  # the table scrolls: keep one line for it
        room = area.h - _lh(f)
        keep = sc.current.seat if sc.current is not None else sc.keep
        first = max(0, min(sc.first, len(plans) - 1))
        if keep is not None and keep in order:
            k = order.index(keep)
            first = min(first, k)
            while first < k and sum(p.h + gap for p in plans[first:k + 1]) > room:
                first += 1
        last = first
        while last < len(plans) and sum(p.h + gap for p in plans[first:last + 1]) <= room:
            last += 1
        last = max(last, first + 1)
        sc.first = first
        more = _("Players {first}\u2013{last} of {count} \u00b7 the wheel shows more").format(
            first=number(first + 1), last=number(last), count=number(len(plans)))
        blit_text(surface, sc.ctx.assets, more, int(f * 0.9), theme.TEXT_DIM,
                  (area.centerx, area.bottom), "midbottom")
        plans = plans[first:last]
    y = area.y
    for p in plans:
        box = pygame.Rect(area.x, y, area.w, p.h)
        sc.boxes[p.seat] = box
        _box(sc, surface, box, p)
        y = box.bottom + gap


def _box(sc: ScoringHost, surface: pygame.Surface, box: pygame.Rect, p: Plan) -> None:
    """One player's box: name, total, and lines that sum to it."""
    inner = _frame(sc, surface, box, p.seat, hint=p.folded)
    f = sc.font
    lh = _lh(f)
    cw = (inner.w - (p.cols - 1) * f) // p.cols
    rows = sum(p.heights) if p.cols == 1 else -(-len(p.lines) // p.cols)
    y = inner.y
    for i, (ln, n) in enumerate(zip(p.lines, p.heights, strict=True)):
        if p.cols > 1:
            x, y = inner.x + (i // rows) * (cw + f), inner.y + (i % rows) * lh
        else:
            x = inner.x
        _line(sc, surface, ln, pygame.Rect(x, y, cw, n * lh))
        y += n * lh


def _frame(sc: ScoringHost, surface: pygame.Surface, box: pygame.Rect, seat: int,
           hint: bool) -> pygame.Rect:
    """A box's panel, colour stripe, name and total; returns the room for its lines."""
    a, f = sc.ctx.assets, sc.font
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
    if a.colorblind:
        player_mark(surface, sc.rgb[seat], (tx + f * 0.6, box.y + f // 3 + f * 0.7), f * 0.62)
        tx += int(f * 1.6)
    total = blit_text(surface, a, str(round(sc.totals[seat].x)), int(f * 1.5), theme.ACCENT,
                      (box.right - f // 2, box.y + f // 6), "topright", bold=True)
    name = blit_text(surface, a, title, f + 2, theme.TEXT, (tx, box.y + f // 3), bold=True,
                     max_width=total.x - tx - f // 2)
    tip = _("click for every ticket")
    size = int(f * 0.9)
    if hint and a.font(size).size(tip)[0] <= total.x - name.right - f * 2:
        blit_text(surface, a, tip, size, theme.TEXT_DIM, (name.right + f, name.bottom),
                  "bottomleft")
    x = stripe.right + f // 2
    y = box.y + _head_h(f)
    return pygame.Rect(x, y, box.right - f // 2 - x, box.bottom - y)


def _line(sc: ScoringHost, surface: pygame.Surface, ln: Line, r: pygame.Rect) -> None:
    """A label (wrapped to `r` when long) and its points at the right."""
    a, f = sc.ctx.assets, sc.font
    c = theme.GOOD if ln.delta > 0 else theme.BAD if ln.delta < 0 else theme.TEXT_DIM
    num = blit_text(surface, a, _value(ln.delta), f, c, r.topright, "topright", bold=True)
    room = max(1, num.x - r.x - f // 2)
    font = a.font(f, cond=True)
    if font.size(ln.label)[0] <= room:
        blit_text(surface, a, ln.label, f, theme.TEXT, r.topleft, cond=True)
        return
    img = render(font, ln.label, theme.TEXT, room)
    surface.blit(img, r.topleft)
    note_text(surface, ln.label, img.get_rect(topleft=r.topleft), f)


def _value(delta: int) -> str:
    return f"{delta:+d}".replace("-", "\u2212")


def _full_box(sc: ScoringHost, surface: pygame.Surface, area: pygame.Rect, seat: int) -> None:
    """One player's every line, scrolled by the wheel."""
    a, f = sc.ctx.assets, sc.font
    inner = _frame(sc, surface, area, seat, hint=False)
    lines = sc.lines[seat]
    heights = [_line_rows(sc, ln, inner.w) for ln in lines]
    lh = _lh(f)
    room = inner.h - lh - f // 4  # the last row says how to scroll and close
    sc.scroll = max(0, min(sc.scroll, len(lines) - 1))
    while sc.scroll > 0 and sum(heights[sc.scroll - 1:]) * lh <= room:
        sc.scroll -= 1
    y, end = inner.y, sc.scroll
    while end < len(lines) and y + heights[end] * lh <= inner.y + room:
        _line(sc, surface, lines[end], pygame.Rect(inner.x, y, inner.w, heights[end] * lh))
        y += heights[end] * lh
        end += 1
    if end - sc.scroll < len(lines):
        tail = _("{first}\u2013{last} of {count}, wheel to scroll; click to close").format(
            first=number(sc.scroll + 1), last=number(end), count=number(len(lines)))
    else:
        tail = _("click to close")
    blit_text(surface, a, tail, int(f * 0.9), theme.TEXT_DIM,
              (inner.centerx, area.bottom - f // 4), "midbottom")


def _decided(key: str) -> str:
    return _(DECIDED[key]) if key in DECIDED else key
