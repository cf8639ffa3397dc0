"""The map's cached layers per scale (see `maptiles.Layers`): the static layer (sea,
land, lakes, car slots) and the top layer (city dots, labels with a halo, the frame);
between them the claimed-trains layer, drawn again only where ownership changes. The
composition stacks the three into one opaque surface: land -> water -> routes ->
claimed trains -> dots -> labels. A new zoom step is built a few tiles per frame."""

from __future__ import annotations

import math
import mmap
import time
from collections.abc import Generator, Sequence
from typing import TypeVar

import pygame

from ttr.engine import GameMap
from ttr.maps.mapfile import MapDefinition
from ttr.ui import geometry as geo
from ttr.ui import labels as lab
from ttr.ui import mapgeo, theme, widgets
from ttr.ui import mappaint as mp
from ttr.ui.assets import Assets
from ttr.ui.maptiles import Layers
from ttr.ui.symbols import twin_sides
from ttr.ui.viewport import Viewport

Quad = geo.Quad
LABEL_SHARE = 0.72
"""City labels are at least this share of the body text size."""
LAYER_CACHE = 3
"""How many scales' layers a renderer keeps (the zoom steps in use)."""
SHRINK = 2
"""A label with no clear place near its dot may be written up to this many pixels
smaller (never under `geometry.MIN_SHRUNK_PX`)."""
WORK_BUDGET = 0.005
"""Seconds a frame spends at most (about) on drawing tiles of a new zoom step."""
_T = TypeVar("_T")


class MapRenderer:
    """Renders one map for one viewport; call `resize` when the window changes, `show`
    to zoom or pan (a new scale is then built a few tiles per frame by `work`, and `draw`
    shows the last sharp picture scaled until it is done)."""

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
        self.away = twin_sides(self.gm.routes, self.slots)
        """Which way each twin track's colour-blind symbols lean (off its twin)."""
        self.cities = {cid: cl.pos for cid, cl in map_def.layout.cities.items()}
        self.vp: Viewport | None = None
        """The viewport the map is shown in (hit tests and highlights use it)."""
        self.least_label = geo.MIN_LABEL_PX
        """The smallest label font in pixels: the scene sets it from its body text size
        (`least_label`), so labels grow with the text-size setting."""
        self.cur: Layers | None = None
        """The last layers drawn sharp (at `vp`'s scale unless `job` is being built)."""
        self.job: Layers | None = None
        """The layers being built for `vp`'s scale, or None."""
        self._layers: dict[tuple[object, ...], Layers] = {}
        """Complete layers of the last few scales (zoom steps), most recent last."""

    # ------------------------------------------------------------ state

    @property
    def static(self) -> pygame.Surface | None:
        """The sharp static layer (ground and route slots)."""
        return self.cur.static if self.cur is not None else None

    @property
    def top(self) -> pygame.Surface | None:
        """The sharp top layer (city dots and labels)."""
        return self.cur.top if self.cur is not None else None

    @property
    def labels(self) -> dict[str, lab.LabelPlace]:
        """Where and how each city's label was drawn on the sharp layers."""
        return self.cur.labels if self.cur is not None else {}

    @property
    def busy(self) -> bool:
        """Tiles are still to be drawn (see `work`)."""
        return self.job is not None or (self.cur is not None and not self.cur.complete)

    # ------------------------------------------------------------ geometry

    def px_quad(self, q: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
        """A board-unit quad in window pixels."""
        assert self.vp is not None
        return [self.vp.to_px(p) for p in q]

    def route_anchor(self, route_id: str) -> tuple[int, int] | None:
        """The window pixel at the middle of a route's slots, or None (not shown)."""
        slots = self.slots.get(route_id)
        if self.vp is None or not slots:
            return None
        x, y = self.vp.to_px(geo.quad_center(slots[len(slots) // 2]))
        return round(x), round(y)

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

    # ------------------------------------------------------------ viewports

    def _key(self, vp: Viewport) -> tuple[object, ...]:
        return (vp.scale, vp.ox - round(vp.ox), vp.oy - round(vp.oy), vp.map_px.size,
                self.least_label, theme.MAP_PALETTE, self.assets.colorblind)

    def _new_layers(self, vp: Viewport) -> Layers:
        layers = Layers(vp, self._key(vp))
        layers.steps = self._prepare(layers)
        return layers

    def resize(self, vp: Viewport) -> None:
        """New viewport, drawn sharp at once (a new window size, or a scene's first
        frame): cached layers of this scale are reused."""
        self.vp, self.job = vp, None
        layers = self._layers.get(self._key(vp)) or self._new_layers(vp)
        _finish(self, layers)
        self._install(layers)

    def show(self, vp: Viewport) -> None:
        """Use viewport `vp`: a pan (same scale, whole-pixel move) keeps every layer; a
        new scale is taken from the cache or built by `work`, tile by tile, while `draw`
        scales the last sharp picture. A scale left half built is kept and resumed."""
        if self.vp is not None and self._key(self.vp) == self._key(vp):
            self.vp = vp
            return
        self.vp = vp
        if self.job is not None and self.job.prepared:
            self._keep(self.job)
        self.job = None
        hit = self._layers.get(self._key(vp))
        if hit is not None and hit.complete:
            self._install(hit)
        elif self.cur is None:
            self.resize(vp)
        else:
            self.job = hit or self._new_layers(vp)

    def _install(self, layers: Layers) -> None:
        self.cur = layers
        self._keep(layers)

    def _keep(self, layers: Layers) -> None:
        """Cache `layers` as the most recent; drop the oldest beyond `LAYER_CACHE`."""
        self._layers.pop(layers.key, None)
        self._layers[layers.key] = layers
        for key in [k for k, v in self._layers.items() if v is not self.cur]:
            if len(self._layers) <= LAYER_CACHE:
                break
            del self._layers[key]

    # ------------------------------------------------------------ drawing

    def work(self, owners: Sequence[int | None], player_rgb: list[theme.RGB],
             closed: frozenset[int] = frozenset(), budget: float = WORK_BUDGET) -> None:
        """Draw tiles (the visible ones first) for about `budget` seconds; at least one
        step. Finishing the new scale's layers makes them the sharp ones."""
        self._check_colours()
        layers = self.job or self.cur
        if layers is None:
            return
        self._want(layers, owners, player_rgb, closed)
        t0 = time.perf_counter()
        last = 0.0
        while not layers.complete:
            t = time.perf_counter()
            if t - t0 + last > budget and t > t0 + 1e-4:
                break
            _step(self, layers)
            last = time.perf_counter() - t
        if layers is self.job and layers.complete:
            self.job = None
            self._install(layers)

    def draw(self, surface: pygame.Surface, owners: Sequence[int | None],
             player_rgb: list[theme.RGB], closed: frozenset[int] = frozenset()) -> None:
        """The map at `vp` (the caller clips to the map rectangle): the sharp layers, or
        while a new scale is being built, the last sharp picture scaled until every tile
        in sight is drawn at the new scale (the visible tiles are drawn first)."""
        self._check_colours()
        assert self.vp is not None and self.cur is not None
        if self.job is None:
            first = self.cur.owners_key is None
            self._want(self.cur, owners, player_rgb, closed)
            if first or not self.cur.prepared:
                _finish(self, self.cur)  # the first picture: with its trains
            assert self.cur.composed is not None
            surface.blit(self.cur.composed, self.vp.map_px)
            if widgets.TEXT_HOOKS:
                self._note_labels(surface)
            return
        self._want(self.job, owners, player_rgb, closed)
        img, at = self.job.composed, self.vp.map_px.topleft
        seen = self.vp.visible.move(-at[0], -at[1])
        done = self.job.done_tiles()
        if img is None or not done or any(self.job.tiles[i].colliderect(seen)
                                          for i in self.job.raw | self.job.stale):
            # the old picture until every tile in sight is new: sharp tiles beside scaled
            # ones showed a name cut at a tile's edge next to its old, scaled self
            self._preview(surface, self.vp)
            return
        for t in done:
            if t.colliderect(seen):
                surface.blit(img, t.move(at), t)

    def composed(self, owners: Sequence[int | None], player_rgb: list[theme.RGB],
                 closed: frozenset[int] = frozenset()) -> pygame.Surface:
        """Static layer, trains (and `closed` twin tracks) and top layer as one opaque
        surface at `vp`, complete now (for scenes that do not zoom)."""
        self._check_colours()
        if self.job is not None:
            _finish(self, self.job)
            self._install(self.job)
            self.job = None
        assert self.cur is not None
        self._want(self.cur, owners, player_rgb, closed)
        _finish(self, self.cur)
        assert self.cur.composed is not None
        return self.cur.composed

    def label_boxes(self) -> list[tuple[lab.LabelPlace, pygame.Rect]]:
        """Each city name of the sharp picture with the window pixels it covers (none
        before the first picture)."""
        if self.vp is None or self.cur is None:
            return []
        out = []
        for place in self.cur.labels.values():
            font = self.cur.fonts[place.smaller]
            w, h = (round(v) for v in label_extent(font, place.lines, 1.0))  # pixels
            x, y = self.vp.to_px(place.centre)
            out.append((place, pygame.Rect(round(x - w / 2), round(y - h / 2), w, h)))
        return out

    def _note_labels(self, surface: pygame.Surface) -> None:
        """Tell the text hooks where the sharp picture's city names are on `surface`
        (the layout test checks them with all other text)."""
        assert self.vp is not None and self.cur is not None
        vis = self.vp.visible
        for place, rect in self.label_boxes():
            if rect.colliderect(vis):
                widgets.note_text(surface, " ".join(place.lines), rect,
                                  self.cur.fonts[place.smaller].point_size,
                                  not vis.contains(rect))

    def _check_colours(self) -> None:
        """The colour-blind setting (symbols on or off) or the map's colours (high
        contrast) changed: drawn again now."""
        if self.cur is not None and self.vp is not None and (
                self.cur.key[-2:] != (theme.MAP_PALETTE, self.assets.colorblind)):
            self._layers.clear()
            self.resize(self.vp)

    def _preview(self, surface: pygame.Surface, target: Viewport) -> None:
        """The sharp picture scaled to `target`, only where `target` shows it."""
        old = self.cur
        assert old is not None and old.composed is not None
        img, ovp = old.composed, old.vp
        k = target.scale / ovp.scale
        vis = target.visible
        x0, y0 = ovp.local(target.to_board(vis.topleft))
        x1, y1 = ovp.local(target.to_board(vis.bottomright))
        src = pygame.Rect(math.floor(x0), math.floor(y0), math.ceil(x1 - x0) + 2,
                          math.ceil(y1 - y0) + 2).clip(img.get_rect())
        if src.w <= 0 or src.h <= 0:
            return
        fx, fy = ovp.ox - round(ovp.ox), ovp.oy - round(ovp.oy)
        dx, dy = target.to_px(((src.x - fx) / ovp.scale, (src.y - fy) / ovp.scale))
        part = pygame.transform.scale(img.subsurface(src),
                                      (max(1, round(src.w * k)), max(1, round(src.h * k))))
        surface.blit(part, (round(dx), round(dy)))

    def _want(self, layers: Layers, owners: Sequence[int | None], player_rgb: list[theme.RGB],
              closed: frozenset[int]) -> None:
        """Make `layers` show these owners' trains and these closed twin tracks: the
        tiles a changed route touches become stale (all of them for new colours), and
        are drawn again by `work` (a claim late in a game costs a few tiles, not the
        whole layer)."""
        key = (tuple(owners), tuple(player_rgb), closed)
        if layers.owners_key == key:
            return
        drawn = {r.id: seat for r in self.gm.routes
                 if (seat := owners[r.index]) is not None}
        old, was_closed = layers.drawn, layers.closed
        same = layers.owners_key is not None and layers.rgb == list(player_rgb)
        layers.drawn, layers.owners_key = drawn, key
        layers.rgb, layers.closed = list(player_rgb), closed
        if not layers.prepared:
            return
        if not same:
            layers.stale = set(range(len(layers.tiles)))
            return
        changed = {rid for rid in set(old) | set(drawn) if old.get(rid) != drawn.get(rid)}
        changed |= {self.gm.routes[i].id for i in closed ^ was_closed}
        for rid in changed:
            layers.stale.update(layers.touching(layers.route_rects[rid]))

    # ------------------------------------------------------------ one scale, step by step

    def _prepare(self, layers: Layers) -> Generator[None, None, None]:
        """Labels placed, the ground's shapes, the route rectangles, the surfaces."""
        vp = layers.vp
        px = label_px(vp.scale, self.least_label)
        font = self.assets.font(px, bold=True, cond=True)

        least = crowded_label(self.least_label)
        layers.fonts = [font] + [self.assets.font(px - k, bold=True, cond=True)
                                 for k in range(1, SHRINK + 1) if px - k >= least]

        def measure_in(f: pygame.font.Font) -> lab.Measure:
            return lambda lines: label_extent(f, lines, vp.scale)

        measure, *smaller = (measure_in(f) for f in layers.fonts)

        shadow = round(geo.TRAIN_SHADOW / vp.scale, 2)
        labels = _recall(_PLACED, self.slots, (px, round(vp.scale, 4)))
        if labels is None:
            field = _recall(_FIELDS, self.slots, (shadow,))
            if field is None:
                field = yield from lab.LabelField.building(self.map_def, self.slots, shadow)
                _remember(_FIELDS, self.slots, (shadow,), field)
            labels = yield from lab.placing_labels(self.map_def, measure, self.slots, shadow,
                                                   field=field, smaller=smaller)
            _remember(_PLACED, self.slots, (px, round(vp.scale, 4)), labels)
        layers.labels = labels
        layers.label_rects = {cid: _label_rect(vp, layers.fonts[p.smaller], p)
                              for cid, p in labels.items()}
        layers.leaders = {cid: line for cid, p in labels.items()
                          if (line := _leader(vp, self.cities[cid], layers.fonts[p.smaller], p))}
        yield
        size = vp.map_px.size
        g = self.map_def.layout.geography
        if g is not None:
            layers.ground = yield from mapgeo.preparing_geography(g, vp.local, vp.scale, size)
        else:
            cities = [vp.local(p) for p in self.cities.values()]
            centres = [vp.local(geo.quad_center(q)) for qs in self.slots.values() for q in qs]
            layers.ground = mapgeo.prepare_paper(cities, centres, geo.convex_hull(cities),
                                                 vp.scale, size)
        yield
        layers.route_rects = {rid: self._cars_rect(layers, rid) for rid in self.slots}
        yield
        layers.static = _layer_surface(size)
        yield
        layers.top = _layer_surface(size)
        yield
        layers.trains = _layer_surface(size)
        yield
        layers.composed = _layer_surface(size)

    def _paint_base(self, layers: Layers, area: pygame.Rect) -> None:
        """The static and top layers within `area`: ground, grain, slots; dots, labels
        (placed clear of every train footprint), the frame."""
        static, top, vp = layers.static, layers.top, layers.vp
        assert static is not None and top is not None and layers.ground is not None
        mapgeo.paint(static, layers.ground, area)
        static.set_clip(area)
        tile = mp.grain_tile()
        tw, th = tile.get_size()
        static.fblits([(tile, (x, y)) for y in range(area.y // th * th, area.bottom, th)
                       for x in range(area.x // tw * tw, area.right, tw)])
        for r in self.gm.routes:
            if layers.route_rects[r.id].colliderect(area):
                mp.paint_slots(static, vp, self.slots[r.id], r, bool(layers.key[-1]),
                               self.away.get(r.id, (0.0, 0.0)))
        static.set_clip(None)
        top.set_clip(area)
        rad = max(4.0, geo.CITY_RADIUS * vp.scale) + 4
        for c in self.gm.cities:
            x, y = vp.local(self.cities[c.id])
            if area.colliderect(pygame.Rect(x - rad, y - rad, 2 * rad + 2, 2 * rad + 2)):
                mp.paint_city(top, (x, y), vp.scale)
        ink, lw = theme.LABEL_INK, max(1, round(vp.scale * 1.2))
        for (x0, y0), (x1, y1) in layers.leaders.values():
            box = pygame.Rect(min(x0, x1) - lw, min(y0, y1) - lw, abs(x1 - x0) + 2 * lw,
                              abs(y1 - y0) + 2 * lw)
            if not box.colliderect(area):
                continue
            if lw == 1:
                pygame.draw.aaline(top, ink, (x0, y0), (x1, y1))
            else:
                pygame.draw.line(top, ink, (x0, y0), (x1, y1), lw)
        for c in self.gm.cities:
            if layers.label_rects[c.id].colliderect(area):
                place = layers.labels[c.id]
                mp.paint_label(top, vp.local(place.centre), layers.fonts[place.smaller], place)
        pygame.draw.rect(top, theme.mix(theme.PAPER_DARK, (0, 0, 0), 0.35), top.get_rect(), 2)
        top.set_clip(None)

    def _paint_trains(self, layers: Layers, area: pygame.Rect) -> None:
        """The trains layer within `area` (claimed cars, then closed twins' hatch)."""
        trains = layers.trains
        assert trains is not None
        trains.fill((0, 0, 0, 0), area)
        trains.set_clip(area)
        for rid, seat in layers.drawn.items():
            if layers.route_rects[rid].colliderect(area):
                mp.paint_cars(trains, layers.vp, self.slots[rid], layers.rgb[seat],
                              bool(layers.key[-1]))
        for i in sorted(layers.closed):
            rid = self.gm.routes[i].id
            if layers.route_rects[rid].colliderect(area):
                mp.paint_closed(trains, layers.vp, self.slots[rid])
        trains.set_clip(None)
        _compose(layers, area)

    def _cars_rect(self, layers: Layers, route_id: str) -> pygame.Rect:
        """The pixels a route's slots and claimed cars (with shadows) may touch."""
        pts = [layers.vp.local(p) for q in self.slots[route_id] for p in q]
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        pad = 8 + round(geo.CAR_WIDTH * 0.3 * layers.vp.scale)
        return pygame.Rect(math.floor(min(xs)) - pad, math.floor(min(ys)) - pad,
                           math.ceil(max(xs) - min(xs)) + 2 * pad,
                           math.ceil(max(ys) - min(ys)) + 2 * pad)


def _step(renderer: MapRenderer, layers: Layers) -> None:
    """One step of building `layers`: a preparation step, or one tile."""
    if layers.steps is not None:
        try:
            next(layers.steps)
        except StopIteration:
            layers.steps = None
            layers.cut_tiles()
        return
    vp = renderer.vp
    seen = pygame.Rect((0, 0), layers.size)
    if vp is not None and renderer._key(vp) == layers.key:
        seen = vp.visible.move(-vp.map_px.x, -vp.map_px.y)
    i = layers.next_tile(seen)
    if i is None:
        return
    tile = layers.tiles[i]
    if i in layers.raw:
        renderer._paint_base(layers, tile)
        layers.raw.discard(i)
    renderer._paint_trains(layers, tile)
    layers.stale.discard(i)


def _finish(renderer: MapRenderer, layers: Layers) -> None:
    """Build `layers` to the end now."""
    while not layers.complete:
        _step(renderer, layers)


def _compose(layers: Layers, area: pygame.Rect) -> None:
    """Static layer, trains and top layer, stacked into the composition within `area`."""
    surf = layers.composed
    assert surf is not None and layers.static is not None
    assert layers.trains is not None and layers.top is not None
    area = area.clip(surf.get_rect())
    surf.fill((0, 0, 0, 0), area)  # so the static layer is copied, not blended
    surf.blit(layers.static, area, area)
    surf.blit(layers.trains, area, area)
    surf.blit(layers.top, area, area)


def _layer_surface(size: tuple[int, int]) -> pygame.Surface:
    """A transparent 32-bit surface whose memory the system hands out zeroed as it is
    first drawn on (`pygame.Surface` clears a board-sized one at once: over 10 ms for a
    deep zoom step), so making one costs nothing and the cost is spread over the tiles."""
    w, h = size
    return pygame.image.frombuffer(mmap.mmap(-1, max(1, w * h * 4)), size, "BGRA")


def _label_rect(vp: Viewport, font: pygame.font.Font, place: lab.LabelPlace) -> pygame.Rect:
    """The pixels a label with its halo covers (layer coordinates), with a margin."""
    cx, cy = vp.local(place.centre)
    r = max(1, round(font.get_height() * 0.1)) + 3
    w = max(font.size(t)[0] for t in place.lines) + 2 * r
    h = font.get_height() + geo.LABEL_LEADING * font.point_size * (len(place.lines) - 1) + 2 * r
    return pygame.Rect(math.floor(cx - w / 2), math.floor(cy - h / 2), math.ceil(w) + 1,
                       math.ceil(h) + 1)


def _leader(vp: Viewport, dot: tuple[float, float], font: pygame.font.Font,
            place: lab.LabelPlace) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """A line (layer coordinates) from the edge of a city's dot to the nearest point of
    its label, where more than a line of text lies between them; else None."""
    x, y = vp.local(dot)
    cx, cy = vp.local(place.centre)
    w, h = label_extent(font, place.lines, 1.0)
    nx = min(max(x, cx - w / 2), cx + w / 2)
    ny = min(max(y, cy - h / 2), cy + h / 2)
    d = math.hypot(nx - x, ny - y)
    rad = max(4.0, geo.CITY_RADIUS * vp.scale) + 1
    if d <= rad + font.get_height():
        return None
    ux, uy = (nx - x) / d, (ny - y) / d
    return (x + ux * rad, y + uy * rad), (nx - ux, ny - uy)


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


def label_extent(font: pygame.font.Font, lines: lab.Lines, scale: float) -> tuple[float, float]:
    """Width and height in board units of a label written in `font` (text and halo)."""
    px = font.point_size
    tw = max(font.size(t)[0] for t in lines)
    th = max(font.get_height(), geo.LABEL_LINE * px) + geo.LABEL_LEADING * px * (len(lines) - 1)
    return ((tw + 2 * geo.LABEL_PAD * px) / scale, th / scale)


def label_px(scale: float, least: int = geo.MIN_LABEL_PX) -> int:
    """The label font size in pixels at a map scale (see `geometry.LABEL_FONT_SIZE`), at
    least `least`."""
    return max(least, geo.MIN_LABEL_PX, round(geo.LABEL_FONT_SIZE * scale))


def crowded_label(least: int) -> int:
    """The smallest a crowded label is written where labels are at least `least` px:
    the smallest labels may shrink to `geometry.MIN_SHRUNK_PX`, bigger ones not much."""
    return (geo.MIN_SHRUNK_PX if least <= geo.MIN_LABEL_PX
            else max(geo.MIN_SHRUNK_PX, round(least * 0.9)))


def least_label(body: int) -> int:
    """The smallest label font for a screen whose body text is `body` pixels: labels
    grow with the window and the text-size setting like all other text."""
    return max(geo.MIN_LABEL_PX, round(body * LABEL_SHARE))


