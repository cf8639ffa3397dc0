"""The map's cached layers: a static layer (paper, land, car slots, cities, labels) drawn
once per size, and a claimed-trains layer rebuilt only when ownership changes."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pygame

from ttr.engine import CardColor, GameMap, Route
from ttr.maps.mapfile import MapDefinition
from ttr.ui import geometry as geo
from ttr.ui import theme
from ttr.ui.assets import Assets
from ttr.ui.symbols import car_mark, slot_symbol
from ttr.ui.viewport import Viewport

Quad = geo.Quad


def route_rgb(route: Route) -> theme.RGB:
    """The fill colour of a route's slots (gray for any-colour routes)."""
    return theme.GRAY_ROUTE if route.color is None else theme.CARD_RGB[route.color]


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
        self.trains: pygame.Surface | None = None
        self._owners_key: tuple[object, ...] | None = None
        self._drawn: dict[str, int] = {}
        self._composed: pygame.Surface | None = None
        self.player_rgb: list[theme.RGB] = []
        self._cb = False  # colour-blind symbols drawn on the cached layers

    # ------------------------------------------------------------ geometry

    def px_quad(self, q: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
        """A board-unit quad in window pixels."""
        assert self.vp is not None
        return [self.vp.to_px(p) for p in q]

    def route_at(self, pos: tuple[int, int]) -> str | None:
        """The route under a window pixel, or None (a little slack for thin slots)."""
        if self.vp is None or not self.vp.map_px.collidepoint(pos):
            return None
        pad = max(2.0, 3.0 / self.vp.scale)
        return geo.route_at(self.slots, self.vp.to_board(pos), pad)

    def city_at(self, pos: tuple[int, int]) -> str | None:
        """The city whose dot is under a window pixel, or None."""
        if self.vp is None:
            return None
        b = self.vp.to_board(pos)
        r = geo.CITY_RADIUS + max(3.0, 5.0 / self.vp.scale)
        best = min(((geo.dist(b, p), cid) for cid, p in self.cities.items()), default=None)
        return best[1] if best is not None and best[0] <= r else None

    # ------------------------------------------------------------ layers

    def resize(self, vp: Viewport) -> None:
        """New viewport: redraw the static layer and drop the trains layer."""
        self.vp = vp
        self._cb = self.assets.colorblind
        self.static = self._draw_static(vp)
        self.trains = None
        self._owners_key = None
        self._composed = None

    def _local(self, p: tuple[float, float]) -> tuple[float, float]:
        assert self.vp is not None
        return self.vp.local(p)

    def _draw_static(self, vp: Viewport) -> pygame.Surface:
        rect = vp.map_px
        surf = pygame.Surface(rect.size).convert()
        self._paper(surf, vp)
        for r in self.gm.routes:
            self._slots(surf, r)
        for c in self.gm.cities:
            self._city(surf, c.id)
        for c in self.gm.cities:
            self._label(surf, c.id, c.name)
        pygame.draw.rect(surf, theme.mix(theme.PAPER_DARK, (0, 0, 0), 0.35), surf.get_rect(), 2)
        return surf

    def _paper(self, surf: pygame.Surface, vp: Viewport) -> None:
        """Sea, then a soft land mass grown around the network, then paper grain."""
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
        hull = _convex_hull([self._local(p) for p in self.cities.values()])
        if len(hull) >= 3:
            pygame.draw.polygon(small, (*theme.PAPER, 255), [(x / k, y / k) for x, y in hull])
        small = pygame.transform.gaussian_blur(small, max(1, round(rad * 0.22)))
        land = pygame.transform.smoothscale(small, (w, h))
        coast = land.copy()
        coast.fill((120, 130, 120, 255), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(coast, (0, 0))
        surf.blit(land, (-1, -2))
        tile = _grain_tile()
        tw, th = tile.get_size()
        surf.fblits([(tile, (x, y)) for y in range(0, h, th) for x in range(0, w, tw)])

    def _slots(self, surf: pygame.Surface, r: Route) -> None:
        vp = self.vp
        assert vp is not None
        fill = route_rgb(r)
        edge = theme.SLOT_EDGE
        lw = max(1, round(vp.scale * 1.3))
        for i, q in enumerate(self.slots[r.id]):
            pts = [self._local(p) for p in q]
            pygame.draw.polygon(surf, fill, pts)
            if r.tunnel:
                _dashed_outline(surf, pts, theme.TUNNEL_EDGE, max(2, lw + 1), vp.scale * 4.5)
            else:
                for j in range(lw):
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

    def _label(self, surf: pygame.Surface, cid: str, name: str) -> None:
        vp = self.vp
        assert vp is not None
        cl = self.map_def.layout.cities[cid]
        ox, oy = cl.label if cl.label is not None else geo.DEFAULT_LABEL_OFFSET
        cx, cy = self._local((cl.pos[0] + ox, cl.pos[1] + oy))
        size = max(11, round(geo.LABEL_FONT_SIZE * vp.scale * 0.95))
        img = self.assets.font(size, bold=True, cond=True).render(name, True, (44, 30, 20))
        box = img.get_rect(center=(round(cx), round(cy))).inflate(size // 2, 2)
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (*theme.LABEL_BG, 190), bg.get_rect(), border_radius=box.h // 3)
        pygame.draw.rect(bg, (120, 90, 60, 150), bg.get_rect(), 1, border_radius=box.h // 3)
        surf.blit(bg, box)
        surf.blit(img, img.get_rect(center=box.center))

    def trains_layer(self, owners: Sequence[int | None], player_rgb: list[theme.RGB],
                     hidden: frozenset[str] = frozenset()) -> pygame.Surface:
        """The claimed routes drawn as the owners' train cars (cached per ownership)."""
        if self._cb != self.assets.colorblind and self.vp is not None:
            self.resize(self.vp)  # the setting changed: symbols on or off
        key = (tuple(owners), tuple(player_rgb), hidden)
        if self.trains is not None and key == self._owners_key:
            return self.trains
        assert self.vp is not None and self.static is not None
        drawn: dict[str, int] = {}
        for r in self.gm.routes:
            seat = owners[r.index]
            if seat is not None and r.id not in hidden:
                drawn[r.id] = seat
        old = self._drawn if self.trains is not None and self._owners_key else None
        same_colours = self._owners_key is not None and key[1] == self._owners_key[1]
        if old is not None and same_colours and all(
            drawn.get(rid) == seat for rid, seat in old.items()
        ):
            # only new claims: draw just those cars, on both cached layers (a full
            # rebuild late in a game costs tens of milliseconds)
            assert self.trains is not None  # `old` is only set with a cached layer
            targets = [self.trains] + ([self._composed] if self._composed is not None else [])
            for rid, seat in drawn.items():
                if rid not in old:
                    for surf in targets:
                        self._cars(surf, rid, player_rgb[seat])
            trains = self.trains
        else:
            trains = pygame.Surface(self.static.get_size(), pygame.SRCALPHA)
            for rid, seat in drawn.items():
                self._cars(trains, rid, player_rgb[seat])
            self._composed = None
        self.trains = trains
        self._drawn, self._owners_key = drawn, key
        return trains

    def _cars(self, surf: pygame.Surface, route_id: str, rgb: theme.RGB) -> None:
        for q in self.slots[route_id]:
            draw_car(surf, [self._local(p) for p in q], rgb, mark=self._cb)

    def composed(self, owners: Sequence[int | None], player_rgb: list[theme.RGB]) -> pygame.Surface:
        """Static layer with the trains on it, as one opaque surface (one blit per frame)."""
        trains = self.trains_layer(owners, player_rgb)
        if self._composed is None:
            assert self.static is not None
            surf = self.static.copy()
            surf.blit(trains, (0, 0))
            self._composed = surf
        return self._composed


def draw_car(surf: pygame.Surface, pts: Sequence[tuple[float, float]], rgb: theme.RGB,
             lift: float = 0.0, mark: bool = False) -> None:
    """A plastic train car over a slot: drop shadow, a slightly larger body, a roof
    highlight (or, with `mark`, the owner's colour-blind mark) and a dark rim (so claimed
    routes stand out from printed slots)."""
    cx = sum(x for x, _ in pts) / 4
    cy = sum(y for _, y in pts) / 4 - lift

    def grow(k_along: float, k_across: float) -> list[tuple[float, float]]:
        # pts go rear-left, front-left, front-right, rear-right: scale about the centre,
        # separately along the car (0->1 edge) and across it (1->2 edge)
        (x0, y0), (x1, y1), (x2, y2) = pts[0], pts[1], pts[2]
        ux, uy = (x1 - x0) / 2, (y1 - y0) / 2
        vx, vy = (x2 - x1) / 2, (y2 - y1) / 2
        out = []
        for su, sv in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            out.append((cx + su * ux * k_along + sv * vx * k_across,
                        cy + su * uy * k_along + sv * vy * k_across))
        return out

    body = grow(1.06, 1.25)
    off = 2.0 + lift * 0.3
    pygame.draw.polygon(surf, (20, 16, 12, 140), [(x + off, y + off) for x, y in body])
    edge = theme.mix(rgb, (0, 0, 0), 0.6) if sum(rgb) > 150 else (170, 170, 170)
    pygame.draw.polygon(surf, edge, body)
    pygame.draw.polygon(surf, rgb, grow(0.96, 1.02))
    if mark:
        car_mark(surf, grow(1.0, 1.0), rgb)
    else:
        pygame.draw.polygon(surf, theme.mix(rgb, (255, 255, 255), 0.4), grow(0.7, 0.36))
    pygame.draw.aalines(surf, edge, True, body)


_GRAIN: list[pygame.Surface] = []


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


def _convex_hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Convex hull (monotone chain), counter-clockwise."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def half(seq: list[tuple[float, float]]) -> list[tuple[float, float]]:
        out: list[tuple[float, float]] = []
        for p in seq:
            while len(out) >= 2 and ((out[-1][0] - out[-2][0]) * (p[1] - out[-2][1])
                                     - (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])) <= 0:
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(pts[::-1])
    return lower[:-1] + upper[:-1]


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


def color_name(color: CardColor | None) -> str:
    """Display name of a route or card colour."""
    return "gray" if color is None else theme.CARD_NAMES[color]
