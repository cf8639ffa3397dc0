"""The map's cached layers, drawn once per size: the static layer (sea, land, lakes, car
slots) and the top layer (city dots, labels with a halo, the frame); between them the
claimed-trains layer, rebuilt only when ownership changes. `composed` stacks the three
into one opaque surface: land -> water -> routes -> claimed trains -> dots -> labels."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import TypeVar

import pygame

from ttr.engine import CardColor, GameMap, Route
from ttr.maps.geography import Geography
from ttr.maps.mapfile import MapDefinition
from ttr.ui import geometry as geo
from ttr.ui import labels as lab
from ttr.ui import theme
from ttr.ui.assets import Assets
from ttr.ui.symbols import car_mark, slot_symbol
from ttr.ui.viewport import Viewport

Quad = geo.Quad
LAYER_CACHE = 3
"""How many scales' static and top layers a renderer keeps (the zoom steps in use)."""
_T = TypeVar("_T")


def route_rgb(route: Route) -> theme.RGB:
    """The fill colour of a route's slots (gray for any-colour routes)."""
    return theme.GRAY_ROUTE if route.color is None else theme.CARD_RGB[route.color]


def slot_colours(route: Route) -> tuple[theme.RGB, theme.RGB]:
    """An open slot's flat fill (the route colour, lightened: printed, not a train) and its
    outline (the route colour, darkened: white and gray routes still show on the land)."""
    rgb = route_rgb(route)
    return theme.mix(rgb, theme.LAND, 0.58), theme.mix(rgb, (0, 0, 0), 0.3)


def scale_quad(q: Quad, k: float) -> Quad:
    """A quad scaled by `k` about its centre."""
    cx, cy = geo.quad_center(q)
    return tuple((cx + (x - cx) * k, cy + (y - cy) * k) for x, y in q)  # type: ignore[return-value]


class MapRenderer:
    """Renders one map for one viewport; call `resize` when the window changes."""

    def __init__(self, map_def: MapDefinition, assets: Assets,
                 like: MapRenderer | None = None) -> None:
        self.map_def = map_def
        self.gm: GameMap = map_def.game_map
        self.assets = assets
        # `like`: another renderer of this map whose geometry is reused (saves ~15 ms)
        if like is not None and like.map_def is map_def:
            self.slots: dict[str, list[Quad]] = like.slots
            self.poses: dict[str, list[geo.CarPose]] = like.poses
        else:
            self.slots = geo.route_slots(map_def)
            self.poses = geo.route_poses(map_def)
        self.cities = {cid: cl.pos for cid, cl in map_def.layout.cities.items()}
        self.vp: Viewport | None = None
        self.static: pygame.Surface | None = None
        self.top: pygame.Surface | None = None
        self.labels: dict[str, lab.LabelPlace] = {}
        """Where and how each city's label was drawn at the current size."""
        self.trains: pygame.Surface | None = None
        self._owners_key: tuple[object, ...] | None = None
        self._drawn: dict[str, int] = {}
        self._composed: pygame.Surface | None = None
        self.player_rgb: list[theme.RGB] = []
        self._cb = False  # colour-blind symbols drawn on the cached layers
        self._layers: dict[tuple[object, ...], tuple[pygame.Surface, pygame.Surface,
                                                      dict[str, lab.LabelPlace]]] = {}
        """Static and top layers (and label places) of the last few scales (zoom steps)."""

    # ------------------------------------------------------------ geometry

    def px_quad(self, q: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
        """A board-unit quad in window pixels."""
        assert self.vp is not None
        return [self.vp.to_px(p) for p in q]

    def route_at(self, pos: tuple[int, int]) -> str | None:
        """The route under a window pixel, or None (a little slack for thin slots)."""
        if self.vp is None or not self.vp.visible.collidepoint(pos):
            return None
        pad = max(2.0, 3.0 / self.vp.scale)
        return geo.route_at(self.slots, self.vp.to_board(pos), pad)

    def city_at(self, pos: tuple[int, int]) -> str | None:
        """The city whose dot is under a window pixel, or None."""
        if self.vp is None or not self.vp.visible.collidepoint(pos):
            return None
        b = self.vp.to_board(pos)
        r = geo.CITY_RADIUS + max(3.0, 5.0 / self.vp.scale)
        best = min(((geo.dist(b, p), cid) for cid, p in self.cities.items()), default=None)
        return best[1] if best is not None and best[0] <= r else None

    # ------------------------------------------------------------ layers

    def resize(self, vp: Viewport) -> None:
        """New viewport: redraw the static and top layers and drop the trains layer."""
        self.vp = vp
        self._cb = self.assets.colorblind
        key = (vp.scale, vp.ox - round(vp.ox), vp.oy - round(vp.oy), vp.map_px.size, self._cb)
        hit = self._layers.pop(key, None)
        if hit is None:
            hit = (self._draw_static(vp), self._draw_top(vp), dict(self.labels))
        self.static, self.top, self.labels = hit
        self._layers[key] = hit  # most recent last; a zoom back to a recent scale is free
        while len(self._layers) > LAYER_CACHE:
            self._layers.pop(next(iter(self._layers)))
        self.trains = None
        self._owners_key = None
        self._composed = None

    def show(self, vp: Viewport) -> None:
        """Use viewport `vp`: a pan (same scale, whole-pixel move) keeps every cached layer;
        anything else draws them again (`resize`)."""
        old = self.vp
        if (old is not None and self.static is not None and old.scale == vp.scale
                and old.board_size == vp.board_size
                and (old.ox - round(old.ox), old.oy - round(old.oy))
                == (vp.ox - round(vp.ox), vp.oy - round(vp.oy))):
            self.vp = vp
        else:
            self.resize(vp)

    def preview(self, surface: pygame.Surface, target: Viewport) -> None:
        """The last sharp map scaled to `target` (a zoom step costs milliseconds; the
        caller draws it sharp with `show` once the zooming stops). Only what `target`
        shows is scaled; the caller clips to the map rectangle."""
        old, img = self.vp, self._composed
        if old is None or img is None:
            return
        k = target.scale / old.scale
        vis = target.visible
        x0, y0 = old.to_px(target.to_board(vis.topleft))
        x1, y1 = old.to_px(target.to_board(vis.bottomright))
        src = pygame.Rect(math.floor(x0) - old.map_px.x, math.floor(y0) - old.map_px.y,
                          math.ceil(x1 - x0) + 2, math.ceil(y1 - y0) + 2).clip(img.get_rect())
        if src.w <= 0 or src.h <= 0:
            return
        dx, dy = target.to_px(old.to_board((src.x + old.map_px.x, src.y + old.map_px.y)))
        part = pygame.transform.scale(img.subsurface(src),
                                      (max(1, round(src.w * k)), max(1, round(src.h * k))))
        surface.blit(part, (round(dx), round(dy)))

    def _local(self, p: tuple[float, float]) -> tuple[float, float]:
        assert self.vp is not None
        return self.vp.local(p)

    def _draw_static(self, vp: Viewport) -> pygame.Surface:
        rect = vp.map_px
        surf = pygame.Surface(rect.size).convert()
        geography = self.map_def.layout.geography
        if geography is not None:
            self._geography(surf, vp, geography)
        else:
            self._paper(surf, vp)
        tile = _grain_tile()
        tw, th = tile.get_size()
        w, h = surf.get_size()
        surf.fblits([(tile, (x, y)) for y in range(0, h, th) for x in range(0, w, tw)])
        for r in self.gm.routes:
            self._slots(surf, r)
        return surf

    def _draw_top(self, vp: Viewport) -> pygame.Surface:
        """City dots, then labels (placed clear of every train footprint), then the frame."""
        surf = pygame.Surface(vp.map_px.size, pygame.SRCALPHA)
        for c in self.gm.cities:
            self._city(surf, c.id)
        px = label_px(vp.scale)
        font = self.assets.font(px, bold=True, cond=True)

        def measure(lines: lab.Lines) -> tuple[float, float]:
            tw = max(font.size(t)[0] for t in lines)
            th = max(font.get_height(), geo.LABEL_LINE * px) + geo.LABEL_LEADING * px * (
                len(lines) - 1)
            return ((tw + 2 * geo.LABEL_PAD * px) / vp.scale, th / vp.scale)

        shadow = round(geo.TRAIN_SHADOW / vp.scale, 2)
        labels = _recall(_PLACED, self.slots, (px, round(vp.scale, 4)))
        if labels is None:
            field = _recall(_FIELDS, self.slots, (shadow,))
            if field is None:
                field = lab.LabelField(self.map_def, self.slots, shadow)
                _remember(_FIELDS, self.slots, (shadow,), field)
            labels = lab.place_labels(self.map_def, measure, self.slots, shadow, field=field)
            _remember(_PLACED, self.slots, (px, round(vp.scale, 4)), labels)
        self.labels = labels
        for c in self.gm.cities:
            self._label(surf, font, self.labels[c.id])
        pygame.draw.rect(surf, theme.mix(theme.PAPER_DARK, (0, 0, 0), 0.35), surf.get_rect(), 2)
        return surf

    def _geography(self, surf: pygame.Surface, vp: Viewport, g: Geography) -> None:
        draw_geography(surf, g, self._local, vp.scale, rim=True)

    def _paper(self, surf: pygame.Surface, vp: Viewport) -> None:
        """A map without geography: sea, then a soft land mass grown around the network."""
        w, h = surf.get_size()
        surf.fill(theme.SEA)
        k = 4
        lw, lh = max(2, w // k), max(2, h // k)
        small = pygame.Surface((lw, lh), pygame.SRCALPHA)
        s = vp.scale / k
        rad = max(2, round(72 * s))
        for p in self.cities.values():
            x, y = self._local(p)
            pygame.draw.circle(small, (*theme.PAPER, 255), (x / k, y / k), rad)
        for quads in self.slots.values():
            for q in quads:
                x, y = self._local(geo.quad_center(q))
                pygame.draw.circle(small, (*theme.PAPER, 255), (x / k, y / k), round(rad * 0.8))
        hull = geo.convex_hull([self._local(p) for p in self.cities.values()])
        if len(hull) >= 3:
            pygame.draw.polygon(small, (*theme.PAPER, 255), [(x / k, y / k) for x, y in hull])
        small = pygame.transform.gaussian_blur(small, max(1, round(rad * 0.22)))
        land = pygame.transform.smoothscale(small, (w, h))
        coast = land.copy()
        coast.fill((120, 130, 120, 255), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(coast, (0, 0))
        surf.blit(land, (-1, -2))

    def _slots(self, surf: pygame.Surface, r: Route) -> None:
        vp = self.vp
        assert vp is not None
        fill, edge = slot_colours(r)
        lw = max(1, round(vp.scale * 1.3))
        for i, q in enumerate(self.slots[r.id]):
            pts = [self._local(p) for p in q]
            pygame.draw.polygon(surf, fill, pts)
            if r.tunnel:
                _dashed_outline(surf, pts, theme.TUNNEL_EDGE, max(2, lw + 1), vp.scale * 4.5)
            else:
                for j in range(lw + 1):
                    pygame.draw.aalines(surf, edge, True, pts if j == 0 else
                                        [self._local(p) for p in scale_quad(q, 1 - j * 0.06)])
            if self._cb and r.color is not None:
                slot_symbol(surf, r.color, pts, fill)
            if i < r.ferry:
                cx, cy = self._local(geo.quad_center(q))
                _loco_mark(surf, (cx, cy), max(3.0, vp.scale * 4.2))

    def _city(self, surf: pygame.Surface, cid: str) -> None:
        vp = self.vp
        assert vp is not None
        x, y = self._local(self.cities[cid])
        r = max(4.0, geo.CITY_RADIUS * vp.scale)
        pygame.draw.aacircle(surf, (40, 24, 16), (x + 1, y + 1.5), r + 1)
        pygame.draw.aacircle(surf, theme.CITY_RING, (x, y), r)
        pygame.draw.aacircle(surf, theme.CITY_FILL, (x, y), r * 0.68)
        pygame.draw.aacircle(surf, theme.mix(theme.CITY_FILL, (255, 255, 255), 0.35),
                             (x - r * 0.18, y - r * 0.18), r * 0.25)

    def _label(self, surf: pygame.Surface, font: pygame.font.Font,
               place: lab.LabelPlace) -> None:
        """A city name (one or two lines) in dark ink with a light halo around the letters."""
        assert self.vp is not None
        cx, cy = self._local(place.centre)
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

    def trains_layer(self, owners: Sequence[int | None], player_rgb: list[theme.RGB],
                     hidden: frozenset[str] = frozenset(),
                     closed: frozenset[int] = frozenset()) -> pygame.Surface:
        """The claimed routes drawn as the owners' train cars, and the `closed` twin tracks
        (route indices) dimmed with a hatch (cached per ownership)."""
        if self._cb != self.assets.colorblind and self.vp is not None:
            self.resize(self.vp)  # the setting changed: symbols on or off
        key = (tuple(owners), tuple(player_rgb), hidden, closed)
        if self.trains is not None and key == self._owners_key:
            return self.trains
        assert self.vp is not None and self.static is not None
        drawn: dict[str, int] = {}
        for r in self.gm.routes:
            seat = owners[r.index]
            if seat is not None and r.id not in hidden:
                drawn[r.id] = seat
        old = self._drawn if self.trains is not None and self._owners_key else None
        same_colours = (self._owners_key is not None and key[1] == self._owners_key[1]
                        and not closed)
        if old is not None and same_colours and all(
            drawn.get(rid) == seat for rid, seat in old.items()
        ):
            # only new claims: draw just those cars on the trains layer and compose again
            # only where they are (a full rebuild late in a game costs tens of ms)
            assert self.trains is not None  # `old` is only set with a cached layer
            for rid, seat in drawn.items():
                if rid not in old:
                    self._cars(self.trains, rid, player_rgb[seat])
                    if self._composed is not None:
                        self._compose(self._composed, self._cars_rect(rid))
            trains = self.trains
        else:
            trains = pygame.Surface(self.static.get_size(), pygame.SRCALPHA)
            for rid, seat in drawn.items():
                self._cars(trains, rid, player_rgb[seat])
            for i in sorted(closed):
                self._closed(trains, self.gm.routes[i].id)
            self._composed = None
        self.trains = trains
        self._drawn, self._owners_key = drawn, key
        return trains

    def _cars(self, surf: pygame.Surface, route_id: str, rgb: theme.RGB) -> None:
        for q in self.slots[route_id]:
            draw_car(surf, [self._local(p) for p in q], rgb, mark=self._cb)

    def _closed(self, surf: pygame.Surface, route_id: str) -> None:
        """A twin track nobody may claim: the slots veiled in land colour, hatched."""
        assert self.vp is not None
        step = max(3.0, self.vp.scale * 3.2)
        for q in self.slots[route_id]:
            pts = [self._local(p) for p in q]
            pygame.draw.polygon(surf, (*theme.LAND, 200), pts)
            hatch(surf, pts, (*theme.SLOT_EDGE, 170), step)

    def _cars_rect(self, route_id: str) -> pygame.Rect:
        """The pixels a route's claimed cars (with shadows) may touch, in layer coordinates."""
        pts = [self._local(p) for q in self.slots[route_id] for p in q]
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        pad = 8 + round(geo.CAR_WIDTH * 0.3 * (self.vp.scale if self.vp else 1.0))
        return pygame.Rect(math.floor(min(xs)) - pad, math.floor(min(ys)) - pad,
                           math.ceil(max(xs) - min(xs)) + 2 * pad,
                           math.ceil(max(ys) - min(ys)) + 2 * pad)

    def composed(self, owners: Sequence[int | None], player_rgb: list[theme.RGB],
                 closed: frozenset[int] = frozenset()) -> pygame.Surface:
        """Static layer, trains (and `closed` twin tracks) and top layer as one opaque
        surface (one blit per frame)."""
        self.trains_layer(owners, player_rgb, closed=closed)
        if self._composed is None:
            assert self.static is not None
            surf = self.static.copy()
            self._compose(surf, surf.get_rect())
            self._composed = surf
        return self._composed

    def _compose(self, surf: pygame.Surface, area: pygame.Rect) -> None:
        """Static layer, trains and top layer, stacked into `surf` within `area`."""
        assert self.static is not None and self.trains is not None and self.top is not None
        area = area.clip(surf.get_rect())
        surf.blit(self.static, area, area)
        surf.blit(self.trains, area, area)
        surf.blit(self.top, area, area)


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


_GRAIN: list[pygame.Surface] = []
_Cache = dict[tuple[object, ...], tuple[object, _T]]
_FIELDS: _Cache[lab.LabelField] = {}
"""Label obstacles (trains and dots) per map geometry and shadow: the same for every
renderer of a map at one scale (renderers of one map share `slots`, see `like`)."""
_PLACED: _Cache[dict[str, lab.LabelPlace]] = {}
"""Label places per map geometry, font size and scale."""


def _recall(cache: _Cache[_T], slots: object, key: tuple[object, ...]) -> _T | None:
    """The cached value for these `slots` (the very object: ids are reused) and key."""
    hit = cache.get((id(slots), *key))
    return hit[1] if hit is not None and hit[0] is slots else None


def _remember(cache: _Cache[_T], slots: object, key: tuple[object, ...], value: _T) -> None:
    """Keep a few recent entries (each keeps its `slots` alive while it is cached)."""
    if len(cache) >= 8:
        cache.pop(next(iter(cache)))
    cache[(id(slots), *key)] = (slots, value)


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


def _grain_tile(size: int = 240) -> pygame.Surface:
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


def _dashed_outline(surf: pygame.Surface, pts: Sequence[tuple[float, float]], color: theme.RGB,
                    width: int, dash: float) -> None:
    """A dashed closed outline (tunnels)."""
    dash = max(dash, 3.0)
    n = len(pts)
    for i in range(n):
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % n]
        seg = math.hypot(x1 - x0, y1 - y0)
        steps = max(1, int(seg / dash))
        for k in range(0, steps, 2):
            t0, t1 = k / steps, min(1.0, (k + 1) / steps)
            pygame.draw.line(surf, color, (x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0),
                             (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1), width)


def _loco_mark(surf: pygame.Surface, c: tuple[float, float], r: float) -> None:
    """The locomotive symbol of a ferry slot: a white disc with a rainbow ring."""
    for i, col in enumerate(theme.RAINBOW):
        a0 = i * math.tau / len(theme.RAINBOW)
        a1 = a0 + math.tau / len(theme.RAINBOW)
        pts = [c] + [(c[0] + r * math.cos(a0 + (a1 - a0) * t / 4),
                      c[1] + r * math.sin(a0 + (a1 - a0) * t / 4)) for t in range(5)]
        pygame.draw.polygon(surf, col, pts)
    pygame.draw.aacircle(surf, (250, 250, 250), c, r * 0.55)
    pygame.draw.aacircle(surf, (30, 30, 30), c, r * 0.25)


def draw_geography(surf: pygame.Surface, g: Geography,
                   to_px: Callable[[tuple[float, float]], tuple[float, float]], scale: float,
                   rim: bool = True) -> None:
    """Sea over the whole surface, a soft shallow-water rim along the coasts (`rim`),
    the land and water shapes in order, and the coastlines; `to_px` maps board units
    to the surface's pixels, `scale` is pixels per board unit."""
    w, h = surf.get_size()
    surf.fill(theme.SEA)
    rings = [(shape.fill, [to_px(p) for p in shape.points]) for shape in g.shapes]
    if rim:
        k = max(4, round(scale * 4))
        small = pygame.Surface((max(2, w // k), max(2, h // k)), pygame.SRCALPHA)
        width = max(2, round(scale * 7 / k))
        for fill, pts in rings:
            if fill == "land":
                pts_k = [(x / k, y / k) for x, y in pts]
                pygame.draw.polygon(small, (*theme.SEA_SHALLOW, 255), pts_k)
                pygame.draw.lines(small, (*theme.SEA_SHALLOW, 255), True, pts_k, width)
        small = pygame.transform.gaussian_blur(small, width)
        surf.blit(pygame.transform.smoothscale(small, (w, h)), (0, 0))
    for fill, pts in rings:
        pygame.draw.polygon(surf, theme.LAND if fill == "land" else theme.LAKE, pts)
    edge = max(1, round(scale * 0.9))
    for _, pts in rings:
        if edge > 1:
            pygame.draw.lines(surf, theme.COAST, True, pts, edge)
        pygame.draw.aalines(surf, theme.COAST, True, pts)


def label_px(scale: float) -> int:
    """The label font size in pixels at a map scale (see `geometry.LABEL_FONT_SIZE`)."""
    return max(geo.MIN_LABEL_PX, round(geo.LABEL_FONT_SIZE * scale))


def color_name(color: CardColor | None) -> str:
    """Display name of a route or card colour."""
    return "gray" if color is None else theme.CARD_NAMES[color]
