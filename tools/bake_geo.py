"""Bake coastlines, seas and lakes into a map file's `geography` section.

    python tools/bake_geo.py usa europe            # the bundled maps, from tools/geodata/
    python tools/bake_geo.py my.yaml --geojson land.geojson --places my-places.yaml
    python tools/bake_geo.py usa --check           # only report, write nothing
    python tools/bake_geo.py my.yaml --remove      # drop the section

Input: land and lake polygons in longitude/latitude (GeoJSON; features with
`properties.kind` `land` or `lake`, as in tools/geodata/ from Natural Earth 1:50m) and
a places file (`read_places`): each city's real longitude/latitude, and anchors, other
real places pinned to a board position to shape a coast around the routes.

Board layouts are tuned by hand, so a plain projection would put coasts on the wrong
side of cities. The coastline is therefore projected as the cities were (equirect-
angular at the cities' mean latitude) and carried along with them by a thin-plate
spline fitted exactly to the cities and anchors (projected point -> board position):
smooth, and a coast keeps its side of every city near it. A coastal city whose dot
would touch the sea is first moved inland a little (in longitude/latitude). The result
is clipped to the board, simplified to about half a board unit and written in board
units. Only the `geography` section changes: the rules facts and the content hash stay.

Then the result is checked, and the tool exits 1 if a check fails: every city on
land, every ferry over some water, no fold in the warp around the cities. Land
routes that run mostly over water are listed (add anchors or bends for them).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from ttr.engine.errors import MapError  # noqa: E402
from ttr.maps.geography import Geography, Shape, clip_ring, ring_area  # noqa: E402
from ttr.maps.mapfile import MapDefinition, find_map, load_map, save_map  # noqa: E402
from ttr.ui import geometry as geo  # noqa: E402

Point = tuple[float, float]
Ring = list[Point]
GEODATA = Path(__file__).resolve().parent / "geodata"
SOURCE = ("Natural Earth 1:50m land and lakes (public domain, naturalearthdata.com), "
          "warped to the board by tools/bake_geo.py")
TOLERANCE = 0.45
"""Simplification tolerance in board units (about one pixel at 4K)."""
MIN_AREA = 6.0
"""Islands and lakes smaller than this (square board units) are dropped."""
INLAND = 0.7 * geo.CITY_RADIUS
"""Land all around a city's centre within this distance (board units)."""


# ---------------------------------------------------------------- input


def read_shapes(path: Path) -> list[tuple[str, Ring]]:
    """(fill, ring) in lon/lat, in painting order: land, then water (lakes and holes in
    the land), then islands in lakes."""
    data = json.loads(path.read_text(encoding="utf-8"))
    land: list[Ring] = []
    water: list[Ring] = []
    islands: list[Ring] = []
    for feature in data["features"]:
        kind = feature["properties"].get("kind")
        g = feature["geometry"]
        polygons = g["coordinates"] if g["type"] == "MultiPolygon" else [g["coordinates"]]
        for polygon in polygons:
            rings = [[(float(x), float(y)) for x, y in ring] for ring in polygon]
            if kind == "land":
                land.append(rings[0])
                water.extend(rings[1:])
            elif kind == "lake":
                water.append(rings[0])
                islands.extend(rings[1:])
    return ([("land", r) for r in land] + [("water", r) for r in water]
            + [("land", r) for r in islands])


@dataclass(frozen=True)
class Anchor:
    """A real place pinned to a board position (shapes the coast around routes)."""

    name: str
    lonlat: Point
    board: Point


def read_places(path: Path) -> tuple[dict[str, Point], list[Anchor]]:
    """(city id -> (lon, lat), anchors) from a places file::

        cities: {kansas-city: [-94.58, 39.1], ...}
        anchors: [{name: Cape Canaveral, lonlat: [-80.6, 28.4], board: [1115, 700]}]
    """
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    cities = {str(k): (float(v[0]), float(v[1])) for k, v in raw["cities"].items()}
    anchors = [Anchor(str(a["name"]), (float(a["lonlat"][0]), float(a["lonlat"][1])),
                      (float(a["board"][0]), float(a["board"][1])))
               for a in raw.get("anchors") or ()]
    return cities, anchors


# ---------------------------------------------------------------- the warp


def projection(cities: Iterable[Point]) -> Callable[[Point], Point]:
    """Equirectangular projection at the cities' mean latitude (y grows southwards)."""
    lats = [lat for _, lat in cities]
    k = math.cos(math.radians(sum(lats) / len(lats)))
    return lambda p: (p[0] * k, -p[1])


@dataclass(frozen=True)
class Warp:
    """A thin-plate spline R^2 -> R^2 through the control points (exact at them)."""

    centres: tuple[Point, ...]
    weights: tuple[Point, ...]
    affine: tuple[Point, Point, Point]
    shift: Point
    scale: float

    @staticmethod
    def fit(src: Sequence[Point], dst: Sequence[Point], smoothing: float = 0.0) -> Warp:
        """The spline with f(src[i]) = dst[i] (nearly, with `smoothing` > 0)."""
        n = len(src)
        if n < 3:
            raise ValueError("a warp needs at least three cities")
        mx, my = sum(x for x, _ in src) / n, sum(y for _, y in src) / n
        s = max(max(abs(x - mx), abs(y - my)) for x, y in src) or 1.0
        c = [((x - mx) / s, (y - my) / s) for x, y in src]
        size = n + 3
        a = [[0.0] * size for _ in range(size)]
        for i in range(n):
            for j in range(n):
                a[i][j] = _kernel(c[i], c[j]) + (smoothing if i == j else 0.0)
            for j, v in enumerate((1.0, c[i][0], c[i][1])):
                a[i][n + j] = v
                a[n + j][i] = v
        cols = [_solve(a, [d[k] for d in dst] + [0.0, 0.0, 0.0]) for k in (0, 1)]
        weights = tuple((cols[0][i], cols[1][i]) for i in range(n))
        affine = tuple((cols[0][n + j], cols[1][n + j]) for j in range(3))
        return Warp(tuple(c), weights, affine, (mx, my), s)  # type: ignore[arg-type]

    def __call__(self, p: Point) -> Point:
        q = ((p[0] - self.shift[0]) / self.scale, (p[1] - self.shift[1]) / self.scale)
        (a0, b0), (a1, b1), (a2, b2) = self.affine
        x = a0 + a1 * q[0] + a2 * q[1]
        y = b0 + b1 * q[0] + b2 * q[1]
        for c, (wx, wy) in zip(self.centres, self.weights, strict=True):
            u = _kernel(q, c)
            x += wx * u
            y += wy * u
        return (x, y)

    def jacobian(self, p: Point, h: float = 1e-3) -> float:
        """Determinant of the warp's derivative at `p` (< 0: the map folds over there)."""
        (x0, y0), (x1, y1) = self((p[0] - h, p[1])), self((p[0] + h, p[1]))
        (x2, y2), (x3, y3) = self((p[0], p[1] - h)), self((p[0], p[1] + h))
        return ((x1 - x0) * (y3 - y2) - (y1 - y0) * (x3 - x2)) / (4 * h * h)


def _kernel(p: Point, q: Point) -> float:
    r2 = (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2
    return 0.0 if r2 < 1e-20 else 0.5 * r2 * math.log(r2)  # r^2 log r


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the system is small)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[piv][col]) < 1e-12:
            raise ValueError("the cities do not determine a warp (two at one place?)")
        m[col], m[piv] = m[piv], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                row, top = m[r], m[col]
                for k in range(col, n + 1):
                    row[k] -= f * top[k]
    out = [0.0] * n
    for r in range(n - 1, -1, -1):
        out[r] = (m[r][n] - sum(m[r][k] * out[k] for k in range(r + 1, n))) / m[r][r]
    return out


# ---------------------------------------------------------------- polygons


def simplify(ring: Ring, tolerance: float) -> Ring:
    """Douglas-Peucker on a closed ring (split at its two farthest-apart points)."""
    if len(ring) > 1 and ring[0] == ring[-1]:
        ring = ring[:-1]
    if len(ring) < 4:
        return ring
    far = max(range(len(ring)), key=lambda i: geo.dist(ring[0], ring[i]))
    a = _dp(ring[: far + 1], tolerance)
    b = _dp(ring[far:] + ring[:1], tolerance)
    return a[:-1] + b[:-1]


def _dp(line: Ring, tol: float) -> Ring:
    keep = [False] * len(line)
    keep[0] = keep[-1] = True
    stack = [(0, len(line) - 1)]
    while stack:
        i, j = stack.pop()
        best, at = -1.0, -1
        for k in range(i + 1, j):
            d = geo.point_segment_distance(line[k], line[i], line[j])
            if d > best:
                best, at = d, k
        if at >= 0 and best > tol:
            keep[at] = True
            stack += [(i, at), (at, j)]
    return [p for p, k in zip(line, keep, strict=True) if k]


@dataclass(frozen=True)
class Baked:
    """A bake's result: the geography, the warp (projected -> board) and the cities whose
    control point was moved inland (id -> distance in board units)."""

    geography: Geography
    warp: Warp
    project: Callable[[Point], Point]
    nudged: dict[str, float]


def bake(map_def: MapDefinition, shapes: list[tuple[str, Ring]], lonlat: dict[str, Point],
         anchors: Sequence[Anchor] = (), tolerance: float = TOLERANCE,
         min_area: float = MIN_AREA) -> Baked:
    """The map's geography: `shapes` (lon/lat) warped onto the board.

    A city on the coast is moved inland (in lon/lat, by the least that puts land all
    around its dot) before the warp is fitted, so that no city dot sits in the sea.
    """
    layout = map_def.layout
    missing = sorted(set(layout.cities) - set(lonlat))
    if missing:
        raise ValueError(f"no longitude/latitude for: {', '.join(missing)}")
    ids = sorted(layout.cities)
    project = projection(lonlat[c] for c in ids)
    src_geo = Geography(tuple(Shape("land" if f == "land" else "water",
                                    tuple(project(p) for p in ring)) for f, ring in shapes))
    src = [project(lonlat[c]) for c in ids] + [project(a.lonlat) for a in anchors]
    dst = [layout.cities[c].pos for c in ids] + [a.board for a in anchors]
    warp = Warp.fit(src, dst)
    nudged: dict[str, float] = {}
    for i, cid in enumerate(ids):
        per_unit = math.sqrt(max(warp.jacobian(src[i]), 1e-12))  # board units per unit
        radius = INLAND / per_unit
        moved = _inland(src_geo, src[i], radius)
        if moved != src[i]:
            nudged[cid] = geo.dist(moved, src[i]) * per_unit
            src[i] = moved
    if nudged:
        warp = Warp.fit(src, dst)
    w, h = layout.size
    out: list[Shape] = []
    for fill, ring in shapes:
        board = [warp(project(p)) for p in ring]
        board = simplify(clip_ring(board, w, h), tolerance)
        if len(board) < 3 or abs(ring_area(board)) < min_area:
            continue
        pts = tuple((min(max(round(x, 1), 0.0), w), min(max(round(y, 1), 0.0), h))
                    for x, y in board)
        out.append(Shape("land" if fill == "land" else "water", pts))
    return Baked(Geography(tuple(out), SOURCE), warp, project, nudged)


def _inland(g: Geography, p: Point, radius: float) -> Point:
    """`p` if land lies all around it within `radius`, else the nearest such point
    (searched on circles of growing size), else `p`."""

    def dry(q: Point) -> bool:
        return not g.is_water(q) and all(
            not g.is_water((q[0] + radius * math.cos(a * math.pi / 4),
                            q[1] + radius * math.sin(a * math.pi / 4))) for a in range(8))

    if dry(p):
        return p
    for k in range(1, 25):
        r = radius * k / 2
        for a in range(24):
            q = (p[0] + r * math.cos(a * math.pi / 12), p[1] + r * math.sin(a * math.pi / 12))
            if dry(q):
                return q
    return p


# ---------------------------------------------------------------- checks


def water_fraction(g: Geography, line: Sequence[Point], step: float = 4.0) -> float:
    """Share of the polyline (sampled every `step` units) over water."""
    n = max(2, round(geo.polyline_length(line) / step))
    pts = geo.sample_polyline(line, n)
    return sum(g.is_water(p) for p in pts) / len(pts)


def route_lines(map_def: MapDefinition) -> dict[str, list[Point]]:
    """Each route's polyline between its city dots' edges (not the dots themselves)."""
    out: dict[str, list[Point]] = {}
    for rid, line in geo.route_polylines(map_def).items():
        total = geo.polyline_length(line)
        cut = geo.CITY_RADIUS + 2
        inner = [p for p in line[1:-1]]
        out[rid] = [geo.point_at(line, cut), *inner, geo.point_at(line, total - cut)]
    return out


def check(map_def: MapDefinition, g: Geography,
          ) -> tuple[list[str], list[str]]:
    """(failures, notes) of a baked geography."""
    fails: list[str] = []
    notes: list[str] = []
    gm, layout = map_def.game_map, map_def.layout
    for c in gm.cities:
        if g.is_water(layout.cities[c.id].pos):
            fails.append(f"city {c.id} is in the water")
    lines = route_lines(map_def)
    for r in gm.routes:
        frac = water_fraction(g, lines[r.id])
        if r.ferry and frac == 0:
            fails.append(f"ferry {r.id} does not cross water")
        elif not r.ferry and frac > 0.5:
            notes.append(f"route {r.id}: {frac:.0%} over water")
    return fails, notes


def folds(baked: Baked, lonlat: dict[str, Point], steps: int = 40) -> list[str]:
    """Places on a grid around the cities where the warp folds over (negative Jacobian)."""
    warp = baked.warp
    pts = [baked.project(p) for p in lonlat.values()]
    x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
    y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
    out: list[str] = []
    for i in range(steps + 1):
        for j in range(steps + 1):
            p = (x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * j / steps)
            if warp.jacobian(p) <= 0:
                bx, by = warp(p)
                out.append(f"fold near board ({bx:.0f}, {by:.0f})")
    return out


# ---------------------------------------------------------------- command line


def _map(name: str) -> MapDefinition:
    return load_map(name) if name.endswith(".yaml") else find_map(name)


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("maps", nargs="+", help="map ids (bundled) or .yaml paths")
    ap.add_argument("--geojson", type=Path, default=None,
                    help="land/lake polygons (default tools/geodata/<id>.geojson)")
    ap.add_argument("--places", type=Path, default=None,
                    help="city lon/lat and anchors (default tools/geodata/<id>-places.yaml)")
    ap.add_argument("--tolerance", type=float, default=TOLERANCE)
    ap.add_argument("--check", action="store_true", help="report only, write nothing")
    ap.add_argument("--remove", action="store_true", help="remove the geography section")
    args = ap.parse_args(argv)
    status = 0
    for name in args.maps:
        try:
            d = _map(name)
        except MapError as e:
            print(e, file=sys.stderr)
            status = 1
            continue
        assert d.path is not None
        if args.remove:
            save_map(replace(d, layout=replace(d.layout, geography=None)), d.path)
            print(f"{d.path}: geography removed")
            continue
        gj = args.geojson or GEODATA / f"{d.id}.geojson"
        cj = args.places or GEODATA / f"{d.id}-places.yaml"
        try:
            shapes, (lonlat, anchors) = read_shapes(gj), read_places(cj)
            baked = bake(d, shapes, lonlat, anchors, args.tolerance)
        except (OSError, ValueError, KeyError, TypeError, yaml.YAMLError) as e:
            print(f"{d.id}: cannot bake: {e}", file=sys.stderr)
            status = 1
            continue
        g = baked.geography
        new = replace(d, layout=replace(d.layout, geography=g))
        fails, notes = check(new, g)
        fails += folds(baked, lonlat)[:10]
        print(f"== {d.id}: {len(g.shapes)} shapes, {g.point_count} points")
        for cid, moved in sorted(baked.nudged.items()):
            print(f"  city {cid}: coast moved {moved:.1f} units out from under its dot")
        for line in fails:
            print(f"  FAIL {line}")
        for line in notes:
            print(f"  note {line}")
        if fails:
            status = 1
        if not args.check:
            save_map(new, d.path)
            if new.game_map.content_hash != d.game_map.content_hash:  # pragma: no cover
                print(f"{d.path}: content hash changed!", file=sys.stderr)
                return 2
            print(f"wrote {d.path}")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
