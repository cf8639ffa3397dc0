"""The land under the network, drawn a rectangle at a time: the map's geography (sea, a
soft shallow-water rim, land and lakes, coastlines) or, for a map without it, a soft
land mass grown around the network. `prepare_*` does the work shared by every tile of
one scale (rings in pixels, the blurred rim at a fraction of the size); `paint` draws
one rectangle of it, so a zoomed board can be drawn sharp a few tiles per frame."""

from __future__ import annotations

import math
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass, field

import pygame

from ttr.maps.geography import Geography
from ttr.ui import theme
from ttr.ui.stepwise import finish

Px = tuple[float, float]


@dataclass(eq=False)
class Ground:
    """Everything needed to paint any rectangle of one layer's ground."""

    size: tuple[int, int]
    rings: list[tuple[theme.RGB, list[Px], pygame.Rect]]
    """Land and lake shapes in paint order: colour, corners (pixels), bounding box."""
    soft: pygame.Surface | None
    """The blurred rim (geography) or land mass (no geography), at a fraction of the size."""
    edge: int
    """Coastline width in pixels."""
    paper: bool = False
    """No geography: `soft` is the land itself (with a darker coast under it)."""
    bands: dict[tuple[int, int], list[tuple[theme.RGB, list[Px]]]] = field(
        default_factory=dict)
    """The shapes cut to a band of rows, per (top, bottom): tiles of one row share it."""

    def band(self, top: int, bottom: int) -> list[tuple[theme.RGB, list[Px]]]:
        """The shapes that reach the rows from `top` to `bottom`, cut to them."""
        hit = self.bands.get((top, bottom))
        if hit is None:
            hit = []
            for rgb, pts, box in self.rings:
                if box.top <= bottom and box.bottom >= top:
                    cut = clip_rows(pts, top, bottom)
                    if len(cut) >= 3:
                        hit.append((rgb, cut))
            self.bands[(top, bottom)] = hit
        return hit


def prepare_geography(g: Geography, to_px: Callable[[Px], Px], scale: float,
                      size: tuple[int, int], rim: bool = True) -> Ground:
    """The shapes of `g` in a layer's pixels (`to_px`, `scale` pixels per board unit)
    and, with `rim`, the soft shallow-water rim along the coasts."""
    return finish(preparing_geography(g, to_px, scale, size, rim))


def preparing_geography(g: Geography, to_px: Callable[[Px], Px], scale: float,
                        size: tuple[int, int], rim: bool = True
                        ) -> Generator[None, None, Ground]:
    """`prepare_geography` a step at a time (see `stepwise`)."""
    rings = []
    for shape in g.shapes:
        pts = [to_px(p) for p in shape.points]
        rings.append((theme.LAND if shape.fill == "land" else theme.LAKE, pts, _box(pts)))
    soft = None
    if rim:
        yield
        w, h = size
        k = max(4, round(scale * 4))
        soft = pygame.Surface((max(2, w // k), max(2, h // k)), pygame.SRCALPHA)
        width = max(2, round(scale * 7 / k))
        for i, (shape, (_, pts, _)) in enumerate(zip(g.shapes, rings, strict=True)):
            if shape.fill == "land":
                pts_k = [(x / k, y / k) for x, y in pts]
                pygame.draw.polygon(soft, (*theme.SEA_SHALLOW, 255), pts_k)
                pygame.draw.lines(soft, (*theme.SEA_SHALLOW, 255), True, pts_k, width)
            if i % 40 == 39:
                yield
        yield
        soft = pygame.transform.gaussian_blur(soft, width)
    return Ground(size, rings, soft, max(1, round(scale * 0.9)))


def prepare_paper(cities: Iterable[Px], slot_centres: Iterable[Px], hull: Sequence[Px],
                  scale: float, size: tuple[int, int]) -> Ground:
    """A map without geography: a soft land mass around the cities (pixels), the route
    slots' centres and the cities' convex hull, at a quarter of the size."""
    w, h = size
    k = 4
    small = pygame.Surface((max(2, w // k), max(2, h // k)), pygame.SRCALPHA)
    rad = max(2, round(72 * scale / k))
    for x, y in cities:
        pygame.draw.circle(small, (*theme.PAPER, 255), (x / k, y / k), rad)
    for x, y in slot_centres:
        pygame.draw.circle(small, (*theme.PAPER, 255), (x / k, y / k), round(rad * 0.8))
    if len(hull) >= 3:
        pygame.draw.polygon(small, (*theme.PAPER, 255), [(x / k, y / k) for x, y in hull])
    small = pygame.transform.gaussian_blur(small, max(1, round(rad * 0.22)))
    return Ground(size, [], small, 1, paper=True)


def paint(surf: pygame.Surface, ground: Ground, area: pygame.Rect) -> None:
    """Sea, rim or land mass, shapes and coastlines within `area` of `surf` (the layer's
    pixels); the clip rectangle is left as it was."""
    clip = surf.get_clip()
    area = area.clip(clip)
    surf.set_clip(area)
    try:
        surf.fill(theme.SEA, area)
        if ground.soft is not None:
            part, at = _soft_part(ground, area)
            if ground.paper:
                coast = part.copy()
                coast.fill((120, 130, 120, 255), special_flags=pygame.BLEND_RGBA_MULT)
                surf.blit(coast, at)
                surf.blit(part, (at[0] - 1, at[1] - 2))
            else:
                surf.blit(part, at)
        for rgb, cut in ground.band(area.top - 2, area.bottom + 2):
            pygame.draw.polygon(surf, rgb, cut)
        for _, pts, box in ground.rings:
            if not box.colliderect(area):
                continue
            if ground.edge > 1:
                pygame.draw.lines(surf, theme.COAST, True, pts, ground.edge)
            pygame.draw.aalines(surf, theme.COAST, True, pts)
    finally:
        surf.set_clip(clip)


def draw_geography(surf: pygame.Surface, g: Geography, to_px: Callable[[Px], Px], scale: float,
                   rim: bool = True) -> None:
    """The whole of `g` on `surf` (see `prepare_geography`), e.g. for the map editor."""
    paint(surf, prepare_geography(g, to_px, scale, surf.get_size(), rim), surf.get_rect())


def clip_rows(pts: Sequence[Px], top: float, bottom: float) -> list[Px]:
    """The polygon cut to the rows between `top` and `bottom` (Sutherland-Hodgman
    against two horizontal lines): pygame scans a polygon over all its rows even when
    most fall outside the clip, so a tile fills only its own band of a big shape."""
    ys = [y for _, y in pts]
    if min(ys) >= top and max(ys) <= bottom:
        return list(pts)
    out = _cut(pts, top, 1.0)
    return _cut(out, bottom, -1.0) if out else out


def _cut(pts: Sequence[Px], at: float, side: float) -> list[Px]:
    """Keep the part of the polygon where (y - at) * side >= 0."""
    out: list[Px] = []
    n = len(pts)
    for i in range(n):
        (x0, y0), (x1, y1) = pts[i - 1], pts[i]
        in0, in1 = (y0 - at) * side >= 0, (y1 - at) * side >= 0
        if in1:
            if not in0:
                out.append((x0 + (x1 - x0) * (at - y0) / (y1 - y0), at))
            out.append((x1, y1))
        elif in0:
            out.append((x0 + (x1 - x0) * (at - y0) / (y1 - y0), at))
    return out


def _soft_part(ground: Ground, area: pygame.Rect) -> tuple[pygame.Surface, tuple[int, int]]:
    """The blurred small surface scaled up to the layer's size, only around `area`, and
    where to blit it."""
    soft = ground.soft
    assert soft is not None
    (w, h), (sw, sh) = ground.size, soft.get_size()
    rx, ry = w / sw, h / sh
    src = pygame.Rect(math.floor(area.x / rx) - 2, math.floor(area.y / ry) - 2,
                      math.ceil(area.w / rx) + 5, math.ceil(area.h / ry) + 5).clip(soft.get_rect())
    part = pygame.transform.smoothscale(soft.subsurface(src),
                                        (max(1, round(src.w * rx)), max(1, round(src.h * ry))))
    return part, (round(src.x * rx), round(src.y * ry))


def _box(pts: Sequence[Px]) -> pygame.Rect:
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    return pygame.Rect(math.floor(min(xs)) - 2, math.floor(min(ys)) - 2,
                       math.ceil(max(xs) - min(xs)) + 5, math.ceil(max(ys) - min(ys)) + 5)
