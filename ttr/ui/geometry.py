"""Pure board geometry: polylines, train-car slots, hit and overlap tests.

No pygame here: the board renderer, the map editor, the layout checker and the tests
share these functions. Everything is in board units (see `MapLayout.size`); y grows
downwards as on screen, angles are in degrees measured from the +x axis towards +y.

A route is drawn along its polyline: city A's position, its `via` bend points, city
B's position. Its `length` cars are spaced equally along that polyline, leaving
`CITY_MARGIN` free at each city. Explicit `cars` ([x, y, deg] per car) in the map
file beat the computed placement. The two tracks of a double route are offset
perpendicular to the polyline by +-`DOUBLE_OFFSET`: with the polyline oriented from
the alphabetically smaller city id to the larger one, the track that comes first in
map order lies on the left (normal (dy, -dx), i.e. "up" for a left-to-right track),
the second on the right. Give both tracks of a double the same `via`.

Where routes leave a city at a narrow angle, their first cars start further out than
`CITY_MARGIN` (`end_margins`), so crowded cities need no hand-placed cars.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ttr.maps.mapfile import MapDefinition

Point = tuple[float, float]
Quad = tuple[Point, Point, Point, Point]
"""Four corners of a car, in order around it (rear-left, front-left, front-right, rear-right)."""
CarPose = tuple[float, float, float]
"""Centre x, centre y and angle in degrees of one car."""

CAR_LENGTH = 28.0
"""Nominal car length along the track."""
CAR_WIDTH = 11.0
"""Car width across the track."""
CAR_GAP = 4.0
"""Minimum free space between two cars of one route."""
CAR_MAX_LENGTH = 34.0
"""Cars of a roomy route stretch up to this length before the gaps grow."""
CITY_MARGIN = 13.0
"""Free track between a city's centre and the nearest car end."""
CITY_RADIUS = 9.0
"""Radius of a city dot."""
DOUBLE_OFFSET = 0.55 * CAR_WIDTH
"""Perpendicular offset of each track of a double route from the shared polyline."""
LABEL_FONT_SIZE = 14.0
"""City label font size in board units: the renderer draws labels at this times the
map's scale (but at least `MIN_LABEL_PX` pixels)."""
MIN_LABEL_PX = 11
"""Smallest label font size in pixels (smaller windows get bigger labels, placed by
`place_labels` so that they still stay clear of trains, dots and each other)."""
MIN_SHRUNK_PX = 9
"""Smallest size of a label written smaller because nowhere near its dot was clear."""
LABEL_PAD = 0.22
"""Space for the label's halo on each side, in ems."""
LABEL_LINE = 1.2
"""Height of a one-line label, in ems."""
LABEL_LEADING = 1.0
"""Distance between the lines of a two-line label, in ems."""
LABEL_CLEARANCE = 1.0
"""Free space between a label and a train or a city dot, in board units."""
TRAIN_ALONG = 1.06
"""A claimed train car is drawn this much longer than its slot..."""
TRAIN_ACROSS = 1.25
"""...and this much wider."""
TRAIN_SHADOW = 2.0
"""Offset of a claimed car's drop shadow (right and down), in pixels."""
DOT_EXTENT = CITY_RADIUS + 2.2
"""Radius of the polygon a city dot (ring and shadow) occupies."""
END_CLEARANCE = 2.0
"""Extra space between the first cars of two routes leaving a city at a narrow angle."""
MAX_END_MARGIN = 60.0
"""Cap on the free track at a city end."""
DEFAULT_LABEL_OFFSET: Point = (0.0, -21.0)
"""Label centre relative to the city centre when the map gives no `label`."""


def min_route_span(length: int, start_margin: float = CITY_MARGIN,
                   end_margin: float = CITY_MARGIN) -> float:
    """Polyline length a route of `length` cars needs at nominal car size."""
    return start_margin + end_margin + length * CAR_LENGTH + length * CAR_GAP


# ---------------------------------------------------------------- polylines


def dist(p: Point, q: Point) -> float:
    """Euclidean distance."""
    return math.hypot(q[0] - p[0], q[1] - p[1])


def polyline_length(points: Sequence[Point]) -> float:
    """Total length of a polyline."""
    return sum(dist(points[i], points[i + 1]) for i in range(len(points) - 1))


def point_at(points: Sequence[Point], distance: float) -> Point:
    """The point `distance` along the polyline (clamped to its ends)."""
    if len(points) == 1:
        return points[0]
    remaining = max(distance, 0.0)
    for i in range(len(points) - 1):
        p, q = points[i], points[i + 1]
        seg = dist(p, q)
        if remaining <= seg or i == len(points) - 2:
            t = 0.0 if seg == 0 else min(remaining / seg, 1.0)
            return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
        remaining -= seg
    return points[-1]


def sample_polyline(points: Sequence[Point], n: int) -> list[Point]:
    """`n` >= 2 points equally spaced along the polyline, both ends included."""
    total = polyline_length(points)
    return [point_at(points, total * i / (n - 1)) for i in range(n)]


def offset_polyline(points: Sequence[Point], offset: float) -> list[Point]:
    """The polyline shifted sideways by `offset` along the normal (dy, -dx), mitred joins."""
    if offset == 0 or len(points) < 2:
        return list(points)
    normals: list[Point] = []
    for i in range(len(points) - 1):
        (x0, y0), (x1, y1) = points[i], points[i + 1]
        d = math.hypot(x1 - x0, y1 - y0) or 1.0
        normals.append(((y1 - y0) / d, -(x1 - x0) / d))
    out: list[Point] = []
    for i, (x, y) in enumerate(points):
        if i == 0:
            nx, ny = normals[0]
        elif i == len(points) - 1:
            nx, ny = normals[-1]
        else:
            ax, ay = normals[i - 1]
            bx, by = normals[i]
            mx, my = ax + bx, ay + by
            m = math.hypot(mx, my)
            if m < 1e-9:
                nx, ny = ax, ay
            else:
                mx, my = mx / m, my / m
                cos_half = max(mx * ax + my * ay, 0.5)  # limit the mitre at sharp bends
                nx, ny = mx / cos_half, my / cos_half
        out.append((x + nx * offset, y + ny * offset))
    return out


def route_polyline(a: Point, b: Point, via: Iterable[Point] = ()) -> list[Point]:
    """City A's position, the bend points, city B's position."""
    return [a, *via, b]


# ---------------------------------------------------------------- cars


def car_quad(cx: float, cy: float, angle_deg: float,
             length: float = CAR_LENGTH, width: float = CAR_WIDTH) -> Quad:
    """The four corners of a car centred at (cx, cy) pointing at `angle_deg`."""
    a = math.radians(angle_deg)
    ux, uy = math.cos(a), math.sin(a)
    vx, vy = uy, -ux  # left-hand normal (dy, -dx)
    hl, hw = length / 2, width / 2
    return (
        (cx - ux * hl + vx * hw, cy - uy * hl + vy * hw),
        (cx + ux * hl + vx * hw, cy + uy * hl + vy * hw),
        (cx + ux * hl - vx * hw, cy + uy * hl - vy * hw),
        (cx - ux * hl - vx * hw, cy - uy * hl - vy * hw),
    )


def car_length_for(polyline: Sequence[Point], length: int) -> float:
    """The car length used when `length` cars share this polyline (may be < nominal)."""
    return _car_len(polyline_length(polyline) - 2 * CITY_MARGIN, length)


def _car_len(avail: float, length: int) -> float:
    pitch = avail / max(length, 1)
    return max(min(pitch - CAR_GAP, CAR_MAX_LENGTH), 4.0)


def car_poses(polyline: Sequence[Point], length: int) -> list[CarPose]:
    """Centre and angle of `length` cars spaced equally along the polyline.

    Each car's angle is that of the chord between its two ends, so cars follow bends.
    """
    return car_poses_between(polyline, length, CITY_MARGIN, CITY_MARGIN)


def car_poses_between(polyline: Sequence[Point], length: int, start_margin: float,
                      end_margin: float) -> list[CarPose]:
    """Like `car_poses`, with the free track at each end given."""
    avail = polyline_length(polyline) - start_margin - end_margin
    pitch = avail / max(length, 1)
    car_len = _car_len(avail, length)
    poses: list[CarPose] = []
    for i in range(length):
        mid = start_margin + pitch * (i + 0.5)
        p0 = point_at(polyline, mid - car_len / 2)
        p1 = point_at(polyline, mid + car_len / 2)
        cx, cy = (p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2
        ang = math.degrees(math.atan2(p1[1] - p0[1], p1[0] - p0[0]))
        poses.append((cx, cy, ang))
    return poses


def car_slots(polyline: Sequence[Point], length: int) -> list[Quad]:
    """`length` car quads spaced equally along the polyline, margins at both cities."""
    return car_slots_between(polyline, length, CITY_MARGIN, CITY_MARGIN)


def car_slots_between(polyline: Sequence[Point], length: int, start_margin: float,
                      end_margin: float) -> list[Quad]:
    """Like `car_slots`, with the free track at each end given."""
    avail = polyline_length(polyline) - start_margin - end_margin
    car_len = _car_len(avail, length)
    return [car_quad(x, y, d, car_len)
            for x, y, d in car_poses_between(polyline, length, start_margin, end_margin)]


def slots_from_cars(cars: Iterable[Sequence[float]]) -> list[Quad]:
    """Quads of explicit [x, y, deg] car placements (nominal car size)."""
    return [car_quad(float(c[0]), float(c[1]), float(c[2])) for c in cars]


# ---------------------------------------------------------------- tests on shapes


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def point_in_quad(p: Point, quad: Sequence[Point]) -> bool:
    """True if `p` lies inside or on the edge of a convex quad (either winding)."""
    signs = [_cross(quad[i], quad[(i + 1) % len(quad)], p) for i in range(len(quad))]
    return all(s >= -1e-9 for s in signs) or all(s <= 1e-9 for s in signs)


def segments_intersect(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """True if the closed segments p1-p2 and q1-q2 touch or cross."""
    d1, d2 = _cross(q1, q2, p1), _cross(q1, q2, p2)
    d3, d4 = _cross(p1, p2, q1), _cross(p1, p2, q2)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True

    def on(a: Point, b: Point, c: Point, d: float) -> bool:
        return abs(d) < 1e-9 and min(a[0], b[0]) - 1e-9 <= c[0] <= max(a[0], b[0]) + 1e-9 \
            and min(a[1], b[1]) - 1e-9 <= c[1] <= max(a[1], b[1]) + 1e-9

    return on(q1, q2, p1, d1) or on(q1, q2, p2, d2) or on(p1, p2, q1, d3) or on(p1, p2, q2, d4)


def segment_quad_overlap(p1: Point, p2: Point, quad: Sequence[Point]) -> bool:
    """True if the segment p1-p2 touches the convex quad."""
    if point_in_quad(p1, quad) or point_in_quad(p2, quad):
        return True
    n = len(quad)
    return any(segments_intersect(p1, p2, quad[i], quad[(i + 1) % n]) for i in range(n))


def quads_overlap(a: Sequence[Point], b: Sequence[Point], margin: float = 0.0) -> bool:
    """True if two convex polygons overlap by more than `margin` (separating axis test)."""
    for poly in (a, b):
        n = len(poly)
        for i in range(n):
            (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
            ax, ay = y0 - y1, x1 - x0
            norm = math.hypot(ax, ay)
            if norm == 0:
                continue
            ax, ay = ax / norm, ay / norm
            pa = [x * ax + y * ay for x, y in a]
            pb = [x * ax + y * ay for x, y in b]
            if max(pa) - margin <= min(pb) or max(pb) - margin <= min(pa):
                return False
    return True


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from `p` to the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    d2 = dx * dx + dy * dy
    t = 0.0 if d2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / d2))
    return dist(p, (a[0] + dx * t, a[1] + dy * t))


def point_polyline_distance(p: Point, points: Sequence[Point]) -> float:
    """Distance from `p` to the nearest point of a polyline."""
    if len(points) == 1:
        return dist(p, points[0])
    return min(point_segment_distance(p, points[i], points[i + 1])
               for i in range(len(points) - 1))


def quad_center(quad: Sequence[Point]) -> Point:
    """Average of the corners."""
    return (sum(x for x, _ in quad) / len(quad), sum(y for _, y in quad) / len(quad))


def quad_angle(quad: Sequence[Point]) -> float:
    """The direction of a car quad along its track (its first edge), in degrees."""
    (x0, y0), (x1, y1) = quad[0], quad[1]
    return math.degrees(math.atan2(y1 - y0, x1 - x0))


def rect_quad(cx: float, cy: float, w: float, h: float) -> Quad:
    """An axis-aligned rectangle centred at (cx, cy) as a quad."""
    return ((cx - w / 2, cy - h / 2), (cx + w / 2, cy - h / 2),
            (cx + w / 2, cy + h / 2), (cx - w / 2, cy + h / 2))



def grow_quad(q: Sequence[Point], along: float, across: float) -> Quad:
    """A car quad (rear-left, front-left, front-right, rear-right) scaled about its
    centre, by `along` along the car and by `across` across it."""
    cx, cy = quad_center(q)
    (x0, y0), (x1, y1), (x2, y2) = q[0], q[1], q[2]
    ux, uy = (x1 - x0) / 2, (y1 - y0) / 2
    vx, vy = (x2 - x1) / 2, (y2 - y1) / 2
    return tuple((cx + su * ux * along + sv * vx * across,  # type: ignore[return-value]
                  cy + su * uy * along + sv * vy * across)
                 for su, sv in ((-1, -1), (1, -1), (1, 1), (-1, 1)))


def train_footprint(q: Sequence[Point], shadow: float = TRAIN_SHADOW) -> list[Point]:
    """Everything a claimed car covers: its body and its drop shadow `shadow` units
    right and down (a convex polygon)."""
    body = grow_quad(q, TRAIN_ALONG, TRAIN_ACROSS)
    return convex_hull([*body, *((x + shadow, y + shadow) for x, y in body)])


def dot_box(pos: Point) -> list[Point]:
    """The polygon (16 corners) a city dot covers with its ring and its shadow, which
    falls 1 right and 1.5 down."""
    cx, cy = pos[0] + 0.5, pos[1] + 0.75
    r = DOT_EXTENT
    return [(cx + r * math.cos(k * math.pi / 8), cy + r * math.sin(k * math.pi / 8))
            for k in range(16)]


def convex_hull(points: Iterable[Point]) -> list[Point]:
    """Convex hull (monotone chain), counter-clockwise in y-up terms."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def half(seq: list[Point]) -> list[Point]:
        out: list[Point] = []
        for p in seq:
            while len(out) >= 2 and _cross(out[-2], out[-1], p) <= 0:
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(pts[::-1])
    return lower[:-1] + upper[:-1]


# ---------------------------------------------------------------- whole maps


def route_offsets(map_def: MapDefinition) -> dict[str, float]:
    """Sideways offset of every route: 0, or +-DOUBLE_OFFSET for the tracks of a double."""
    first: dict[frozenset[str], str] = {}
    out: dict[str, float] = {}
    for r in map_def.game_map.routes:
        key = frozenset((r.a, r.b))
        if key in first:
            out[first[key]] = DOUBLE_OFFSET
            out[r.id] = -DOUBLE_OFFSET
        else:
            first[key] = r.id
            out[r.id] = 0.0
    return out


def route_polylines(map_def: MapDefinition) -> dict[str, list[Point]]:
    """Each route's drawn centre line (offset for doubles), oriented from the smaller city id."""
    layout = map_def.layout
    offsets = route_offsets(map_def)
    out: dict[str, list[Point]] = {}
    for r in map_def.game_map.routes:
        rl = layout.routes.get(r.id)
        via = list(rl.via) if rl is not None else []
        a, b = r.a, r.b
        if a > b:
            a, b = b, a
            via.reverse()
        line = route_polyline(layout.cities[a].pos, layout.cities[b].pos, via)
        out[r.id] = offset_polyline(line, offsets[r.id])
    return out


def end_margins(map_def: MapDefinition) -> dict[str, tuple[float, float]]:
    """Free track at the (start, end) of every route, oriented as `route_polylines`.

    At least `CITY_MARGIN`; more where two routes leave a city at a narrow angle, so
    that their first cars (double routes count as one wide bundle) do not touch.
    """
    layout = map_def.layout
    groups: dict[frozenset[str], list[str]] = {}
    for r in map_def.game_map.routes:
        groups.setdefault(frozenset((r.a, r.b)), []).append(r.id)
    leaving: dict[str, list[tuple[frozenset[str], float, float]]] = {}
    for r in map_def.game_map.routes:
        key = frozenset((r.a, r.b))
        if groups[key][0] != r.id:
            continue
        rl = layout.routes.get(r.id)
        via = list(rl.via) if rl is not None else []
        half = CAR_WIDTH / 2 + (DOUBLE_OFFSET if len(groups[key]) > 1 else 0.0)
        pa, pb = layout.cities[r.a].pos, layout.cities[r.b].pos
        for c, here, nxt in ((r.a, pa, via[0] if via else pb), (r.b, pb, via[-1] if via else pa)):
            ang = math.atan2(nxt[1] - here[1], nxt[0] - here[0])
            leaving.setdefault(c, []).append((key, ang, half))
    need: dict[tuple[frozenset[str], str], float] = {}
    for c, items in leaving.items():
        for k1, a1, h1 in items:
            m = CITY_MARGIN
            for k2, a2, h2 in items:
                theta = abs((a1 - a2 + math.pi) % (2 * math.pi) - math.pi)
                if k2 == k1 or theta >= math.pi / 2:
                    continue
                sin, cos = math.sin(theta), math.cos(theta)
                req = (max(h1 + h2 * cos, h2 + h1 * cos) / sin + END_CLEARANCE
                       if sin > 1e-6 else MAX_END_MARGIN)
                m = max(m, min(req, MAX_END_MARGIN))
            need[(k1, c)] = m
    out: dict[str, tuple[float, float]] = {}
    for r in map_def.game_map.routes:
        key = frozenset((r.a, r.b))
        lo, hi = sorted((r.a, r.b))
        out[r.id] = (need[(key, lo)], need[(key, hi)])
    return out


def route_poses(map_def: MapDefinition) -> dict[str, list[CarPose]]:
    """Centre and angle of every car of every route (explicit `cars` win)."""
    lines = route_polylines(map_def)
    margins = end_margins(map_def)
    out: dict[str, list[CarPose]] = {}
    for r in map_def.game_map.routes:
        rl = map_def.layout.routes.get(r.id)
        if rl is not None and rl.cars:
            out[r.id] = [(float(x), float(y), float(d)) for x, y, d in rl.cars]
        else:
            out[r.id] = car_poses_between(lines[r.id], r.length, *margins[r.id])
    return out


def route_slots(map_def: MapDefinition) -> dict[str, list[Quad]]:
    """The car quads of every route, keyed by route id, in map order."""
    lines = route_polylines(map_def)
    margins = end_margins(map_def)
    out: dict[str, list[Quad]] = {}
    for r in map_def.game_map.routes:
        rl = map_def.layout.routes.get(r.id)
        if rl is not None and rl.cars:
            out[r.id] = slots_from_cars(rl.cars)
        else:
            out[r.id] = car_slots_between(lines[r.id], r.length, *margins[r.id])
    return out


def route_at(slots: Mapping[str, Sequence[Quad]], p: Point, pad: float = 0.0) -> str | None:
    """The id of the route whose car slot contains `p` (grown by `pad`), or None."""
    best: tuple[float, str] | None = None
    for rid, quads in slots.items():
        for q in quads:
            inside = point_in_quad(p, q) or (pad > 0 and min(
                point_segment_distance(p, q[i], q[(i + 1) % 4]) for i in range(4)) <= pad)
            if inside:
                d = dist(p, quad_center(q))
                if best is None or d < best[0]:
                    best = (d, rid)
    return None if best is None else best[1]


def bbox(points: Sequence[Point]) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y) of some points."""
    xs = [p[0] for p in points] or [0.0]
    ys = [p[1] for p in points] or [0.0]
    return (min(xs), min(ys), max(xs), max(ys))


def bbox_hit(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Whether two bounding boxes touch."""
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]
