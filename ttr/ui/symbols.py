"""Colour-blind symbols: a distinct shape per card colour (cards and route slots) and per
player colour (train cars and panels), as polygons in unit coordinates ([-1, 1] square,
y down), drawn with pygame.draw only."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

import pygame

from ttr.engine import CardColor, Route
from ttr.ui import theme

Pt = tuple[float, float]
# a shape is a list of (polygon, hole): holes are painted in the background colour
Shape = list[tuple[list[Pt], bool]]


def _circle(r: float, n: int = 28, cx: float = 0.0, cy: float = 0.0) -> list[Pt]:
    return [(cx + r * math.cos(i * math.tau / n), cy + r * math.sin(i * math.tau / n))
            for i in range(n)]


def _regular(n: int, r: float, start: float = -math.pi / 2) -> list[Pt]:
    return [(r * math.cos(start + i * math.tau / n), r * math.sin(start + i * math.tau / n))
            for i in range(n)]


def _star(points: int, r_out: float, r_in: float) -> list[Pt]:
    out = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = -math.pi / 2 + i * math.pi / points
        out.append((r * math.cos(a), r * math.sin(a)))
    return out


def _bar(x0: float, y0: float, x1: float, y1: float, half: float) -> list[Pt]:
    """A thick segment as a quad."""
    dx, dy = x1 - x0, y1 - y0
    d = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / d * half, dx / d * half
    return [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)]


def _heart() -> list[Pt]:
    pts = []
    for i in range(40):
        t = i * math.tau / 40
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((x / 17.0, -y / 17.0 + 0.1))
    return pts


def _wheel() -> Shape:
    shape: Shape = [(_circle(0.95), False), (_circle(0.68), True)]
    for k in range(4):
        a = k * math.pi / 4
        c, s = math.cos(a) * 0.8, math.sin(a) * 0.8
        shape.append((_bar(-c, -s, c, s, 0.11), False))
    shape.append((_circle(0.24, 16), False))
    return shape


CARD_SHAPES: dict[CardColor, Shape] = {
    CardColor.PURPLE: [(_heart(), False)],
    CardColor.WHITE: [(_circle(0.85), False)],
    CardColor.BLUE: [(_regular(4, 1.2, math.pi / 4), False)],  # as wide as the others
    CardColor.YELLOW: [([(0.0, -0.95), (0.95, 0.75), (-0.95, 0.75)], False)],
    CardColor.ORANGE: [([(0.0, -1.0), (0.62, 0.0), (0.0, 1.0), (-0.62, 0.0)], False)],
    CardColor.BLACK: [(_bar(-0.8, -0.8, 0.8, 0.8, 0.24), False),
                      (_bar(-0.8, 0.8, 0.8, -0.8, 0.24), False)],
    CardColor.RED: [(_star(5, 1.0, 0.42), False)],
    CardColor.GREEN: [(_regular(6, 0.95, 0.0), False)],
    CardColor.LOCOMOTIVE: _wheel(),
}

# player marks, drawn on each train car (x along the car, y across it); none of them is
# a card symbol, so a car's owner is never mistaken for a route's colour
PLAYER_SHAPES: dict[str, Shape] = {
    "red": [(_bar(0.0, -0.8, 0.0, 0.8, 0.14), False), (_bar(-0.8, 0.0, 0.8, 0.0, 0.14),
                                                        False)],
    "blue": [(_bar(0.0, -0.85, 0.0, 0.85, 0.18), False)],
    "green": [([(-0.55, -0.8), (0.45, 0.0), (-0.55, 0.8), (-0.55, 0.4), (0.0, 0.0),
                (-0.55, -0.4)], False)],
    "yellow": [([(-0.8, -0.7), (0.0, 0.0), (-0.8, 0.7)], False),
               ([(0.8, -0.7), (0.0, 0.0), (0.8, 0.7)], False)],
    "black": [(_bar(-0.42, -0.75, -0.42, 0.75, 0.2), False),
              (_bar(0.42, -0.75, 0.42, 0.75, 0.2), False)],
}
"""red: plus, blue: bar, green: chevron, yellow: bow tie, black: two bars."""
PLAYER_BY_RGB: dict[theme.RGB, str] = {rgb: name for name, rgb in theme.PLAYER_RGB.items()}


def ink_for(bg: theme.RGB) -> theme.RGB:
    """A symbol colour that reads on `bg` (near black or near white)."""
    lum = 0.299 * bg[0] + 0.587 * bg[1] + 0.114 * bg[2]
    return (24, 22, 20) if lum > 128 else (248, 246, 240)


def place(pts: Sequence[Pt], center: Pt, ax: Pt, ay: Pt) -> list[Pt]:
    """Unit-coordinate points mapped by `center + x*ax + y*ay`."""
    cx, cy = center
    return [(cx + x * ax[0] + y * ay[0], cy + x * ax[1] + y * ay[1]) for x, y in pts]


def draw_shape(surf: pygame.Surface, shape: Shape, center: Pt, ax: Pt, ay: Pt,
               ink: theme.RGB, bg: theme.RGB, halo: theme.RGB | None = None) -> None:
    """Paint a shape in a frame (`ax`, `ay` are the unit x and y vectors in pixels).
    `halo` outlines the filled parts so the symbol reads on any colour."""
    for pts, hole in shape:
        poly = place(pts, center, ax, ay)
        if hole:
            pygame.draw.polygon(surf, bg, poly)
            if halo is not None:
                pygame.draw.polygon(surf, halo, poly, 1)
        else:
            pygame.draw.polygon(surf, ink, poly)
            if halo is not None:
                pygame.draw.polygon(surf, halo, poly, 1)


def card_symbol(surf: pygame.Surface, color: CardColor, center: Pt, r: float,
                bg: theme.RGB) -> None:
    """The symbol of a card colour, radius `r`, in the ink that reads on `bg`."""
    ink = ink_for(bg)
    halo = ink_for(ink)
    draw_shape(surf, CARD_SHAPES[color], center, (r, 0.0), (0.0, r), ink, bg, halo)


SLOT_SYMBOL_MIN = 12.0
"""A route slot's symbol is at least this many pixels across (where the slot is long
enough: 12 px on every map at 1280x720)."""


def slot_symbol_radius(quad: Sequence[Pt]) -> float:
    """Half the size of a route slot's symbol: wider than the slot (at least
    `SLOT_SYMBOL_MIN` across, growing with the window), within 85 % of its length."""
    across = math.dist(quad[1], quad[2])
    along = math.dist(quad[0], quad[1])
    return max(2.0, min(along * 0.85, max(SLOT_SYMBOL_MIN, across * 1.4)) / 2)


def twin_sides(routes: Iterable[Route], slots: Mapping[str, Sequence[Sequence[Pt]]]
               ) -> dict[str, Pt]:
    """For each route with a twin (another route between the same two cities), the unit
    vector from the twin's middle to its own: its symbols lean that way, so the twins'
    symbols, wider than a slot, never overlap."""
    mids = {rid: (sum(x for q in qs for x, _ in q) / (4 * len(qs)),
                  sum(y for q in qs for _, y in q) / (4 * len(qs)))
            for rid, qs in slots.items() if qs}
    by_pair: dict[frozenset[str], list[str]] = {}
    for r in routes:
        if r.id in mids:
            by_pair.setdefault(frozenset((r.a, r.b)), []).append(r.id)
    out: dict[str, Pt] = {}
    for ids in by_pair.values():
        if len(ids) != 2:
            continue
        for me, other in (ids, ids[::-1]):
            dx, dy = mids[me][0] - mids[other][0], mids[me][1] - mids[other][1]
            d = math.hypot(dx, dy)
            if d > 0:
                out[me] = (dx / d, dy / d)
    return out


def slot_symbol_place(quad: Sequence[Pt], away: Pt = (0.0, 0.0)) -> tuple[Pt, float]:
    """Where a route slot's symbol goes and its radius: the slot's middle, or, for a
    symbol wider than the slot leaning `away` (from a twin track, see `twin_sides`),
    moved across so that its inner edge stays on the slot's."""
    cx = sum(x for x, _ in quad) / 4
    cy = sum(y for _, y in quad) / 4
    r = slot_symbol_radius(quad)
    ux, uy = quad[2][0] - quad[1][0], quad[2][1] - quad[1][1]
    across = math.hypot(ux, uy) or 1.0
    side = (away[0] * ux + away[1] * uy) / across
    if abs(side) > 0.5:
        shift = math.copysign(max(0.0, r - across / 2), side) / across
        cx, cy = cx + ux * shift, cy + uy * shift
    return (cx, cy), r


def slot_symbol(surf: pygame.Surface, color: CardColor, quad: Sequence[Pt],
                bg: theme.RGB, away: Pt = (0.0, 0.0)) -> None:
    """A card colour's symbol on a route slot (`slot_symbol_place`), upright, with a halo."""
    c, r = slot_symbol_place(quad, away)
    ink = ink_for(bg)
    draw_shape(surf, CARD_SHAPES[color], c, (r, 0.0), (0.0, r), ink, bg, ink_for(ink))


def car_mark(surf: pygame.Surface, quad: Sequence[Pt], rgb: theme.RGB, lift: float = 0.0) -> None:
    """The owner's mark on a train car, aligned with the car (quad: rear-left, front-left,
    front-right, rear-right)."""
    name = PLAYER_BY_RGB.get(rgb)
    if name is None:
        return
    cx = sum(x for x, _ in quad) / 4
    cy = sum(y for _, y in quad) / 4 - lift
    (x0, y0), (x1, y1), (x2, y2) = quad[0], quad[1], quad[2]
    along = math.hypot(x1 - x0, y1 - y0) or 1.0
    across = math.hypot(x2 - x1, y2 - y1) or 1.0
    r = max(2.0, across * 0.5)
    ax = ((x1 - x0) / along * r, (y1 - y0) / along * r)
    ay = ((x2 - x1) / across * r, (y2 - y1) / across * r)
    draw_shape(surf, PLAYER_SHAPES[name], (cx, cy), ax, ay, ink_for(rgb), rgb)


def player_mark(surf: pygame.Surface, rgb: theme.RGB, center: Pt, r: float) -> None:
    """The owner's mark on a disc of their colour (panels, legends)."""
    name = PLAYER_BY_RGB.get(rgb)
    pygame.draw.circle(surf, rgb, center, r)
    pygame.draw.circle(surf, ink_for(rgb), center, r, 1)
    if name is not None:
        k = r * 0.8
        draw_shape(surf, PLAYER_SHAPES[name], center, (k, 0.0), (0.0, k), ink_for(rgb), rgb)
