"""Drawing the map's pieces: printed route slots (tunnels toothed, ferries marked), city
dots, city names with a halo, claimed train cars, hatched closed twins, and the paper
grain. `MapRenderer` decides what goes where and when; these only draw."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pygame

from ttr.engine import Route
from ttr.ui import geometry as geo
from ttr.ui import labels as lab
from ttr.ui import theme
from ttr.ui.symbols import car_mark, slot_symbol
from ttr.ui.viewport import Viewport

Quad = geo.Quad
_GRAIN: list[pygame.Surface] = []


def route_rgb(route: Route) -> theme.RGB:
    """The fill colour of a route's slots (gray for any-colour routes)."""
    return theme.GRAY_ROUTE if route.color is None else theme.CARD_RGB[route.color]


def slot_colours(route: Route) -> tuple[theme.RGB, theme.RGB]:
    """An open slot's flat fill (the route colour, lightened: printed, not a train) and its
    outline (the route colour, darkened: white and gray routes still show on the land; the
    theme's `SLOT_LINE` instead when it has one, as in high contrast)."""
    rgb = route_rgb(route)
    return (theme.mix(rgb, theme.LAND, theme.SLOT_TINT),
            theme.SLOT_LINE or theme.mix(rgb, (0, 0, 0), 0.3))


def scale_quad(q: Quad, k: float) -> Quad:
    """A quad scaled by `k` about its centre."""
    cx, cy = geo.quad_center(q)
    return tuple((cx + (x - cx) * k, cy + (y - cy) * k) for x, y in q)  # type: ignore[return-value]


def paint_slots(surf: pygame.Surface, vp: Viewport, slots: Sequence[Quad], r: Route,
                symbols: bool, away: tuple[float, float] = (0.0, 0.0)) -> None:
    """A route's printed slots: flat fill and outline (toothed for tunnels), the colour
    symbol when `symbols` (leaning `away` from a twin track), the locomotive mark on
    ferry slots."""
    fill, edge = slot_colours(r)
    lw = max(1, round(vp.scale * 1.3))
    for i, q in enumerate(slots):
        pts = [vp.local(p) for p in q]
        if theme.SLOT_LINE_PX and not r.tunnel:  # high contrast: a light rim around it
            pygame.draw.polygon(surf, edge, rimmed(pts, max(theme.SLOT_LINE_PX, lw)))
        pygame.draw.polygon(surf, fill, pts)
        for j in range(lw + 1):
            pygame.draw.aalines(surf, edge, True, pts if j == 0 else
                                [vp.local(p) for p in scale_quad(q, 1 - j * 0.06)])
        if r.tunnel:  # as printed: the space's outline grows teeth, in the route's ink
            tunnel_teeth(surf, pts, edge, max(1, lw), vp.scale * 2.6)
        if symbols and r.color is not None:
            slot_symbol(surf, r.color, pts, fill, away)
        if i < r.ferry:
            cx, cy = vp.local(geo.quad_center(q))
            loco_mark(surf, (cx, cy), max(3.0, vp.scale * 4.2))


def rimmed(pts: Sequence[tuple[float, float]], px: float) -> Quad:
    """A slot's quad (window pixels) grown by `px` pixels on every side."""
    along = math.dist(pts[0], pts[1]) or 1.0
    across = math.dist(pts[1], pts[2]) or 1.0
    return geo.grow_quad(pts, 1 + 2 * px / along, 1 + 2 * px / across)


def paint_city(surf: pygame.Surface, at: tuple[float, float], scale: float) -> None:
    """A city dot: shadow, ring, fill and a glint."""
    x, y = at
    r = max(4.0, geo.CITY_RADIUS * scale)
    pygame.draw.aacircle(surf, (40, 24, 16), (x + 1, y + 1.5), r + 1)
    pygame.draw.aacircle(surf, theme.CITY_RING, (x, y), r)
    pygame.draw.aacircle(surf, theme.CITY_FILL, (x, y), r * 0.68)
    pygame.draw.aacircle(surf, theme.mix(theme.CITY_FILL, (255, 255, 255), 0.35),
                         (x - r * 0.18, y - r * 0.18), r * 0.25)


def paint_label(surf: pygame.Surface, at: tuple[float, float], font: pygame.font.Font,
                place: lab.LabelPlace) -> None:
    """A city name (one or two lines) in dark ink with a light halo around the letters."""
    cx, cy = at
    lead = geo.LABEL_LEADING * font.point_size  # LABEL_LEADING is in ems
    r = max(1, round(font.get_height() * 0.1))
    steps = 12 if r > 1 else 8
    for i, text in enumerate(place.lines):
        dy = (i - (len(place.lines) - 1) / 2) * lead
        halo_img = font.render(text, True, theme.LABEL_HALO)
        ink = font.render(text, True, theme.LABEL_INK)
        rect = ink.get_rect(center=(round(cx), round(cy + dy)))
        for k in range(steps):
            a = k * math.tau / steps
            surf.blit(halo_img, rect.move(round(r * math.cos(a)), round(r * math.sin(a))))
        surf.blit(ink, rect)


def paint_cars(surf: pygame.Surface, vp: Viewport, slots: Sequence[Quad], rgb: theme.RGB,
               mark: bool) -> None:
    """A claimed route: a car over each slot (`mark`: the owner's colour-blind mark)."""
    for q in slots:
        draw_car(surf, [vp.local(p) for p in q], rgb, mark=mark)


def paint_closed(surf: pygame.Surface, vp: Viewport, slots: Sequence[Quad]) -> None:
    """A twin track nobody may claim: the slots veiled in land colour, hatched."""
    step = max(3.0, vp.scale * 3.2)
    for q in slots:
        pts = [vp.local(p) for p in q]
        pygame.draw.polygon(surf, (*theme.LAND, 200), pts)
        hatch(surf, pts, (*theme.SLOT_EDGE, 170), step)


def draw_car(surf: pygame.Surface, pts: Sequence[tuple[float, float]], rgb: theme.RGB,
             lift: float = 0.0, mark: bool = False) -> None:
    """A plastic train car over a slot: drop shadow, a slightly larger body, a roof
    highlight (or, with `mark`, the owner's colour-blind mark) and a dark rim (so claimed
    routes stand out from printed slots)."""
    lifted = [(x, y - lift) for x, y in pts]

    def grow(k_along: float, k_across: float) -> list[tuple[float, float]]:
        return list(geo.grow_quad(lifted, k_along, k_across))

    body = grow(geo.TRAIN_ALONG, geo.TRAIN_ACROSS)
    off = geo.TRAIN_SHADOW + lift * 0.3
    pygame.draw.polygon(surf, (20, 16, 12, 140), [(x + off, y + off) for x, y in body])
    edge = theme.mix(rgb, (0, 0, 0), 0.6) if sum(rgb) > 150 else theme.outline_for(rgb)
    pygame.draw.polygon(surf, edge, body)
    pygame.draw.polygon(surf, rgb, grow(0.96, 1.02))
    if mark:
        car_mark(surf, grow(1.0, 1.0), rgb)
    else:
        pygame.draw.polygon(surf, theme.mix(rgb, (255, 255, 255), 0.4), grow(0.7, 0.36))
    pygame.draw.aalines(surf, edge, True, body)


def hatch(surf: pygame.Surface, pts: Sequence[tuple[float, float]],
          color: tuple[int, int, int, int], step: float) -> None:
    """Diagonal hatch lines across the convex polygon `pts` (clipped to it)."""
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    box = pygame.Rect(math.floor(min(xs)), math.floor(min(ys)),
                      math.ceil(max(xs) - min(xs)) + 2, math.ceil(max(ys) - min(ys)) + 2)
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - box.x, y - box.y) for x, y in pts])
    lines = pygame.Surface(box.size, pygame.SRCALPHA)
    n = box.w + box.h
    k = 0.0
    while k < n:
        pygame.draw.line(lines, color, (k, 0), (k - box.h, box.h), max(1, round(step / 3)))
        k += step
    lines.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(lines, box)


def grain_tile(size: int = 240) -> pygame.Surface:
    """Paper grain, made once and tiled (drawing it per window size took ~20 ms)."""
    if not _GRAIN:
        rng = random.Random(7)
        grain = pygame.Surface((size, size), pygame.SRCALPHA)
        for _ in range(size * size // 900):
            x, y = rng.randrange(size), rng.randrange(size)
            rr = rng.choice((1, 1, 2, 3))
            pygame.draw.circle(grain, (120, 90, 50, rng.randrange(6, 18)), (x, y), rr)
        _GRAIN.append(grain)
    return _GRAIN[0]


def tunnel_teeth(surf: pygame.Surface, pts: Sequence[tuple[float, float]], color: theme.RGB,
                 width: int, tooth: float) -> None:
    """Short ticks standing out of a slot's two long sides, `tooth` pixels long and apart:
    the printed board's tunnel outline (in the route's own ink, so it never reads as a
    black or white train)."""
    tooth = max(tooth, 3.0)
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    n = len(pts)
    sides = sorted(range(n), key=lambda i: -math.dist(pts[i], pts[(i + 1) % n]))[:2]
    for i in sides:
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % n]
        seg = math.hypot(x1 - x0, y1 - y0) or 1.0
        nx, ny = -(y1 - y0) / seg, (x1 - x0) / seg
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        if nx * (mx - cx) + ny * (my - cy) < 0:
            nx, ny = -nx, -ny  # outwards
        count = max(2, int(seg / (tooth * 1.4)))
        for k in range(count):
            t = (k + 0.5) / count
            x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            pygame.draw.line(surf, color, (x, y), (x + nx * tooth, y + ny * tooth), width)


def loco_mark(surf: pygame.Surface, c: tuple[float, float], r: float) -> None:
    """The locomotive symbol of a ferry slot: a white disc with a rainbow ring."""
    for i, col in enumerate(theme.RAINBOW):
        a0 = i * math.tau / len(theme.RAINBOW)
        a1 = a0 + math.tau / len(theme.RAINBOW)
        pts = [c] + [(c[0] + r * math.cos(a0 + (a1 - a0) * t / 4),
                      c[1] + r * math.sin(a0 + (a1 - a0) * t / 4)) for t in range(5)]
        pygame.draw.polygon(surf, col, pts)
    pygame.draw.aacircle(surf, (250, 250, 250), c, r * 0.55)
    pygame.draw.aacircle(surf, (30, 30, 30), c, r * 0.25)
