"""City labels: the label font's text metrics, the ways a name may be written, and
`place_labels`, which puts every label where no claimed train, city dot or other label
can cover it (`LabelField` holds those obstacles). Pure geometry in board units."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ttr.ui.geometry import (
    DEFAULT_LABEL_OFFSET,
    DOT_EXTENT,
    LABEL_CLEARANCE,
    LABEL_FONT_SIZE,
    LABEL_LEADING,
    LABEL_LINE,
    LABEL_PAD,
    TRAIN_SHADOW,
    Point,
    Quad,
    bbox,
    dot_box,
    quad_center,
    rect_quad,
    route_slots,
    train_footprint,
)
from ttr.ui.stepwise import finish

if TYPE_CHECKING:
    from ttr.maps.mapfile import MapDefinition

_ADVANCE: dict[str, float] = {
    ch: w for w, chars in (
        (0.275, "'"), (0.325, "ijl "), (0.35, "IJ,./\\|"), (0.375, "-:;"), (0.4, "f"),
        (0.425, "!()[]"), (0.45, "rt_`"), (0.475, '"*'), (0.525, "z?"), (0.55, "cs"),
        (0.575, "L"), (0.6, "kvxy"), (0.625, "aeoEFT"), (0.65, "0123456789bdghnpquS${}"),
        (0.675, "CPYZ"), (0.7, "ABKRVX"), (0.75, "DGU"), (0.775, "HNOQ#+<=>^~"), (0.8, "&"),
        (0.85, "w"), (0.9, "M@"), (0.925, "%"), (0.95, "m"), (1.0, "W"))
    for ch in chars
}
"""Advance widths (ems, rounded up) of the label font, DejaVu Sans Condensed Bold."""


def text_width(text: str, font_size: float) -> float:
    """Width of `text` in the label font (accented letters as their base letter,
    anything unknown as a full em: never less than the drawn text)."""
    total = 0.0
    for ch in text:
        base = unicodedata.normalize("NFKD", ch)[:1] or ch
        total += _ADVANCE.get(base, 1.0)
    return total * font_size


Lines = tuple[str, ...]
"""The lines of a label (one, or two for a name broken at a space)."""


def label_lines(name: str) -> list[Lines]:
    """The ways a label may be written: on one line and, for a name with a space, on
    two lines broken at the space nearest the middle ("Oklahoma" / "City")."""
    out: list[Lines] = [(name,)]
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    if spaces:
        cut = min(spaces, key=lambda i: abs(2 * i - len(name)))
        out.append((name[:cut], name[cut + 1:]))
    return out


def label_size(lines: str | Sequence[str], font_size: float = LABEL_FONT_SIZE) -> Point:
    """Width and height of a label's box (text and halo) in the units of `font_size`."""
    rows = (lines,) if isinstance(lines, str) else tuple(lines)
    w = max(text_width(t, font_size) for t in rows) + 2 * LABEL_PAD * font_size
    return (w, (LABEL_LINE + LABEL_LEADING * (len(rows) - 1)) * font_size)


def label_box(name: str | Sequence[str], city: Point, offset: Point | None = None,
              font_size: float = LABEL_FONT_SIZE) -> Quad:
    """Box of a city label (a name, or its lines) whose centre sits at city + offset."""
    ox, oy = DEFAULT_LABEL_OFFSET if offset is None else offset
    w, h = label_size(name, font_size)
    return rect_quad(city[0] + ox, city[1] + oy, w, h)


# ---------------------------------------------------------------- labels

BBox = tuple[float, float, float, float]
_CELL = 48.0


class LabelField:
    """What a city label must keep clear of: every route's claimed-train footprint
    (any route may be claimed), every city dot (its own too), the board's edge and the
    labels placed so far. `shadow` is the cars' shadow offset in board units.

    Obstacles are convex polygons kept in a grid of cells with their bounding boxes and
    their edge normals' extents, so that testing a label box (axis-aligned) against
    them is a separating-axis test without building lists."""

    def __init__(self, map_def: MapDefinition, slots: Mapping[str, Sequence[Quad]] | None = None,
                 shadow: float = TRAIN_SHADOW, clearance: float = LABEL_CLEARANCE) -> None:
        self.size = map_def.layout.size
        self.clearance = clearance
        self.margin = EDGE_MARGIN * shadow
        self._grid: dict[tuple[int, int], list[_Obstacle]] = {}
        finish(self._fill(map_def, slots, shadow))

    @classmethod
    def building(cls, map_def: MapDefinition, slots: Mapping[str, Sequence[Quad]] | None = None,
                 shadow: float = TRAIN_SHADOW,
                 clearance: float = LABEL_CLEARANCE) -> Generator[None, None, LabelField]:
        """The field built a few routes at a time (a generator that returns it), so
        that a frame loop can spread the work over frames."""
        field = object.__new__(cls)
        field.size, field.clearance, field._grid = map_def.layout.size, clearance, {}
        field.margin = EDGE_MARGIN * shadow
        yield from field._fill(map_def, slots, shadow)
        return field

    def _fill(self, map_def: MapDefinition, slots: Mapping[str, Sequence[Quad]] | None,
              shadow: float) -> Generator[None, None, None]:
        slots = route_slots(map_def) if slots is None else slots
        for i, (rid, quads) in enumerate(slots.items()):
            for q in quads:
                self._add("train", rid, train_footprint(q, shadow))
            if i % 12 == 11:
                yield
        for cid, cl in map_def.layout.cities.items():
            self._add("city", cid, dot_box(cl.pos))

    def _add(self, kind: str, ident: str, poly: Sequence[Point], rect: bool = False) -> None:
        box = bbox(poly)
        axes: list[tuple[float, float, float, float, float, float]] = []
        if not rect:
            n = len(poly)
            for i in range(n):
                (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
                nx, ny = y0 - y1, x1 - x0
                d = math.hypot(nx, ny)
                if d < 1e-12 or abs(nx) < 1e-9 or abs(ny) < 1e-9:
                    continue  # axis-aligned edges are covered by the bounding boxes
                nx, ny = nx / d, ny / d
                proj = [x * nx + y * ny for x, y in poly]
                axes.append((nx, ny, abs(nx), abs(ny), min(proj), max(proj)))
        item = _Obstacle(kind, ident, box, tuple(axes))
        for key in self._cells(box):
            self._grid.setdefault(key, []).append(item)

    @staticmethod
    def _cells(box: BBox) -> list[tuple[int, int]]:
        x0, y0 = math.floor(box[0] / _CELL), math.floor(box[1] / _CELL)
        x1, y1 = math.floor(box[2] / _CELL), math.floor(box[3] / _CELL)
        return [(i, j) for i in range(x0, x1 + 1) for j in range(y0, y1 + 1)]

    def copy(self) -> LabelField:
        """An independent copy (the obstacles are shared, the grid's lists are not)."""
        other = object.__new__(LabelField)
        other.size, other.clearance, other.margin = self.size, self.clearance, self.margin
        other._grid = {k: list(v) for k, v in self._grid.items()}
        return other

    def add_label(self, cid: str, box: Quad) -> None:
        """Place a label (an axis-aligned box): later labels keep clear of it."""
        self._add("label", cid, box, rect=True)

    def conflicts(self, box: Quad, first: bool = False) -> list[tuple[str, str]]:
        """(kind, id) of everything the axis-aligned `box` overlaps: "train" (route id),
        "city", "label"; ("edge", "") if it leaves the board. Trains and dots must be
        `clearance` away; labels may touch. With `first`, only the first one found
        (enough to tell whether a place is clear, much faster)."""
        bx0, by0, bx1, by1 = bbox(box)
        return self._hits(bx0, by0, bx1, by1, first)

    def conflicts_at(self, cx: float, cy: float, w: float, h: float,
                     first: bool = False) -> list[tuple[str, str]]:
        """`conflicts` of the `w` x `h` box centred at (cx, cy) (`rect_quad`'s box)."""
        return self._hits(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2, first)

    def _hits(self, bx0: float, by0: float, bx1: float, by1: float,
              first: bool) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        w, h = self.size
        m = self.margin
        if bx0 < m or by0 < m or bx1 > w - m or by1 > h - m:
            out.append(("edge", ""))
            if first:
                return out
        c = self.clearance
        cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
        hw0, hh0 = (bx1 - bx0) / 2, (by1 - by0) / 2
        seen: set[tuple[str, str]] = set()
        grid = self._grid
        i0, j0 = math.floor((bx0 - c) / _CELL), math.floor((by0 - c) / _CELL)
        i1, j1 = math.floor((bx1 + c) / _CELL), math.floor((by1 + c) / _CELL)
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                for ob in grid.get((i, j), ()):
                    m = 0.0 if ob.kind == "label" else c
                    hw, hh = hw0 + m, hh0 + m
                    b = ob.box
                    if cx + hw <= b[0] or b[2] <= cx - hw or cy + hh <= b[1] or b[3] <= cy - hh:
                        continue
                    apart = False
                    for nx, ny, ax, ay, lo, hi in ob.axes:
                        pc, r = cx * nx + cy * ny, hw * ax + hh * ay
                        if pc + r <= lo or hi <= pc - r:
                            apart = True
                            break
                    if apart:
                        continue
                    hit = (ob.kind, ob.ident)
                    if first:
                        return [hit]
                    if hit not in seen:
                        seen.add(hit)
                        out.append(hit)
        return out


@dataclass(frozen=True, slots=True)
class _Obstacle:
    kind: str
    ident: str
    box: BBox
    axes: tuple[tuple[float, float, float, float, float, float], ...]
    """(nx, ny, |nx|, |ny|, lo, hi): a unit edge normal, its absolute components and
    the polygon's extent along it."""


EDGE_MARGIN = 1.5
"""Labels keep this many car shadows (2 px each) inside the board's edge: the frame is
drawn there, and a label's pixels round outwards."""
_COST = {"label": 8.0, "city": 6.0, "edge": 4.0, "train": 1.0}


def label_candidates(preferred: Point, w: float, h: float) -> list[Point]:
    """Label centre offsets around a dot for a `w` x `h` label: 36 directions, touching
    the dot's clearance or up to one and a half label heights farther."""
    r = DOT_EXTENT + LABEL_CLEARANCE + 0.5
    out: list[Point] = []
    for extra in (0.0, 0.3 * h, 0.6 * h, 1.0 * h, 1.5 * h):
        for k in range(36):
            a = k * math.pi / 18
            ux, uy = math.cos(a), math.sin(a)
            t = r + extra + abs(ux) * w / 2 + abs(uy) * h / 2
            out.append((ux * t, uy * t))
    return out


def fine_candidates(preferred: Point, w: float, h: float) -> list[Point]:
    """Offsets on a grid around the dot (steps of a sixth of the label's height, at
    least 2 units), out to 3.5 label heights beyond it: where `label_candidates` finds
    nothing clear (crowded corners, small windows)."""
    step = max(2.0, h / 4)
    rx = math.ceil((w / 2 + DOT_EXTENT + 3.5 * h) / step)
    ry = math.ceil((h / 2 + DOT_EXTENT + 3.5 * h) / step)
    return [(step * x, step * y) for x in range(-rx, rx + 1) for y in range(-ry, ry + 1)]


@dataclass(frozen=True, slots=True)
class LabelPlace:
    """Where and how a city label is drawn: its centre (board units) and its lines."""

    centre: Point
    lines: Lines
    smaller: int = 0
    """Written this many font sizes smaller: nowhere near its dot was clear at the
    full size (only in small windows, where labels are large for the board)."""


Measure = Callable[[Lines], Point]
"""(width, height) in board units of a label written in these lines."""


def as_written(field: LabelField, pos: Point, offset: Point,
                variants: Sequence[tuple[Lines, Point]]) -> tuple[LabelPlace, Quad] | None:
    """The label at its map offset, in the first of its ways of writing that is clear."""
    for lines, (w, h) in variants:
        box = rect_quad(pos[0] + offset[0], pos[1] + offset[1], w, h)
        if not field.conflicts(box):
            return LabelPlace(quad_center(box), lines), box
    return None


def _gap(ox: float, oy: float, w: float, h: float) -> float:
    """Distance from the dot's centre to a `w` x `h` box centred at (ox, oy)."""
    return math.hypot(max(abs(ox) - w / 2, 0.0), max(abs(oy) - h / 2, 0.0))


def placing_labels(map_def: MapDefinition, measure: Measure | None = None,
                     slots: Mapping[str, Sequence[Quad]] | None = None,
                     shadow: float = TRAIN_SHADOW,
                     candidates: Callable[[Point, float, float], list[Point]] = label_candidates,
                     field: LabelField | None = None, smaller: Sequence[Measure] = ()
                     ) -> Generator[None, None, dict[str, LabelPlace]]:
    """Where every city label goes, given how big it is in each way of writing
    (`measure`; default: `label_size` at `LABEL_FONT_SIZE`). A label stays at the map's
    offset on one line if that is clear of trains, dots, other labels and the board's
    edge, else on two lines there; else it goes to the nearest clear place around its
    dot (`candidates`, by the gap between dot and label; two lines count as a label
    height farther); else to the least crowded one. `field` (trains and dots only, for
    this `slots` and `shadow`) may be given to save building it. A generator that
    returns the places, a city at a time (see `place_labels`)."""
    measure = measure or label_size
    if field is None:
        field = yield from LabelField.building(map_def, slots, shadow)
    cities = list(map_def.game_map.cities)
    best: tuple[float, dict[str, LabelPlace]] | None = None
    for npass in range(PASSES):
        out: dict[str, LabelPlace] = {}
        crowded: list[str] = []
        total = 0.0
        work = field.copy()
        for c in cities:
            place, box, cost = yield from _place_one(map_def, work, c.id, c.name, measure,
                                                     candidates, smaller if npass else ())
            work.add_label(c.id, box)
            out[c.id] = place
            total += cost
            if cost:
                crowded.append(c.id)
            yield
        if best is None or total < best[0]:
            best = (total, {c.id: out[c.id] for c in map_def.game_map.cities})
        if not crowded:
            break
        # again, the labels that found no clear place first
        cities = ([c for c in cities if c.id in crowded]
                  + [c for c in cities if c.id not in crowded])
    assert best is not None
    return best[1]


PASSES = 4
"""Placement passes at most: a pass that leaves labels touching trains is tried again
with those labels placed first (and from the second pass on, smaller if need be)."""


def _place_one(map_def: MapDefinition, field: LabelField, cid: str, name: str,
               measure: Measure, candidates: Callable[[Point, float, float], list[Point]],
               smaller: Sequence[Measure] = ()
               ) -> Generator[None, None, tuple[LabelPlace, Quad, float]]:
    """One label's place, its box and the cost of what it touches (0: clear): at the
    map's offset, else the nearest clear spot of the ring around the dot, else the same
    a size or two smaller (`smaller`), else farther out (a grid of spots) in any size,
    else the least crowded spot of the ring."""
    cl = map_def.layout.cities[cid]
    variants = [(lines, measure(lines)) for lines in label_lines(name)]
    pref = cl.label if cl.label is not None else DEFAULT_LABEL_OFFSET
    others = _by_distance(cl.pos, [c.pos for k, c in map_def.layout.cities.items()
                                   if k != cid])
    found = as_written(field, cl.pos, pref, variants)
    if found is not None and not _box_nearer(others, cl.pos, found[1]):
        return found[0], found[1], 0.0
    sizes = [(0, variants)] + [(k + 1, [(lines, m(lines)) for lines in label_lines(name)])
                               for k, m in enumerate(smaller)]
    # the nearest clear spot that is nearer this label's dot than any other dot (so that
    # nobody reads it as the neighbour's name); else the map's own spot, or the nearest
    # clear spot, even so
    fallback = (found[0], found[1]) if found is not None else None
    n = 0
    for spots in (candidates, fine_candidates):
        # near the dot in any size first, then farther out; two lines count as a label
        # height farther away
        for small, ways in sizes:
            for _, i, (ox, oy) in _by_gap(spots, pref, ways):
                lines, (w, h) = ways[i]
                n += 1
                if n % 800 == 0:
                    yield
                if fallback is not None and _nearer_another(others, cl.pos, ox, oy, w, h):
                    continue  # only as good as the fallback (the cheaper test first)
                if field.conflicts_at(cl.pos[0] + ox, cl.pos[1] + oy, w, h, first=True):
                    continue
                box = rect_quad(cl.pos[0] + ox, cl.pos[1] + oy, w, h)
                if not _nearer_another(others, cl.pos, ox, oy, w, h):
                    return LabelPlace(quad_center(box), lines, small), box, 0.0
                if fallback is None:
                    fallback = (LabelPlace(quad_center(box), lines, small), box)
    # nothing clear is nearer this dot than any other: rather over a few trains (the
    # label's halo keeps it readable) than read as the neighbour's name
    own = yield from _least_trains(field, cl.pos, others, candidates, pref, sizes)
    if own is not None:
        return own
    if fallback is not None:
        return fallback[0], fallback[1], 0.0
    # nowhere clear: the least crowded of the nearer spots, at the full size
    best: tuple[float, LabelPlace, Quad] | None = None
    for _, i, (ox, oy) in _by_gap(candidates, pref, variants):
        lines, (w, h) = variants[i]
        box = rect_quad(cl.pos[0] + ox, cl.pos[1] + oy, w, h)
        cost = sum(_COST[k] for k, _ in field.conflicts(box))
        if best is None or cost < best[0]:
            best = (cost, LabelPlace(quad_center(box), lines), box)
    assert best is not None
    return best[1], best[2], best[0]


def _least_trains(field: LabelField, pos: Point, others: Dots,
                  spots: Callable[[Point, float, float], list[Point]], pref: Point,
                  sizes: Sequence[tuple[int, Sequence[tuple[Lines, Point]]]]
                  ) -> Generator[None, None, tuple[LabelPlace, Quad, float] | None]:
    """The spot around the dot, nearer it than any other dot and touching only trains
    (no dot, label or edge), at the largest size, touching the fewest trains, nearest the
    dot; None if there is none. Its cost is that of the trains touched."""
    n = 0
    for small, ways in sizes:
        best: tuple[float, LabelPlace, Quad] | None = None
        for _, i, (ox, oy) in _by_gap(spots, pref, ways):
            lines, (w, h) = ways[i]
            if _nearer_another(others, pos, ox, oy, w, h):
                continue
            n += 1
            if n % 200 == 0:
                yield
            hits = field.conflicts_at(pos[0] + ox, pos[1] + oy, w, h)
            if any(kind != "train" for kind, _ in hits):
                continue
            cost = sum(_COST[kind] for kind, _ in hits)
            if best is None or cost < best[0]:
                box = rect_quad(pos[0] + ox, pos[1] + oy, w, h)
                best = (cost, LabelPlace(quad_center(box), lines, small), box)
                if cost <= _COST["train"]:  # one train, nearest first: none is better
                    break
        if best is not None:  # a larger size wins over fewer trains
            return best[1], best[2], best[0]
    return None


Dots = Sequence[tuple[float, float, float]]
"""Other cities' dots as (distance from the label's own dot, x, y), nearest first."""


def _by_distance(pos: Point, dots: Sequence[Point]) -> list[tuple[float, float, float]]:
    """`dots` as `Dots` for a label of the city at `pos`."""
    return sorted((math.hypot(x - pos[0], y - pos[1]), x, y) for x, y in dots)


def _nearer_another(others: Dots, pos: Point, ox: float, oy: float, w: float,
                    h: float) -> bool:
    """Whether a `w` x `h` label centred at `pos` + (ox, oy) is nearer another city's dot
    (`others`) than its own at `pos`. A dot `d` from `pos` is at least `d` - |offset| -
    half the box's diagonal from the box: the search stops at the first dot so far that
    it cannot be nearer."""
    own = _gap(ox, oy, w, h)
    cx, cy = pos[0] + ox, pos[1] + oy
    bound = own + math.hypot(ox, oy) + math.hypot(w, h) / 2
    for d, x, y in others:
        if d >= bound:
            return False
        if _gap(cx - x, cy - y, w, h) < own:
            return True
    return False


def box_nearer_another(others: Sequence[Point], pos: Point, box: Quad) -> bool:
    """Whether a placed (axis-aligned) label box of the city at `pos` is nearer another
    city's dot (`others`) than its own."""
    return _box_nearer(_by_distance(pos, others), pos, box)


def _box_nearer(others: Dots, pos: Point, box: Quad) -> bool:
    """`_nearer_another` for a placed (axis-aligned) label box."""
    xs, ys = [x for x, _ in box], [y for _, y in box]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    ox, oy = (max(xs) + min(xs)) / 2 - pos[0], (max(ys) + min(ys)) / 2 - pos[1]
    return _nearer_another(others, pos, ox, oy, w, h)


def _by_gap(spots: Callable[[Point, float, float], list[Point]], pref: Point,
            ways: Sequence[tuple[Lines, Point]]) -> list[tuple[float, int, Point]]:
    """(gap, way of writing, offset) for every spot, nearest the dot first; two lines
    count as a label height farther away."""
    return sorted(((_gap(ox, oy, w, h) + i * h, i, (ox, oy))
                   for i, (_, (w, h)) in enumerate(ways) for ox, oy in spots(pref, w, h)),
                  key=lambda t: (t[0], t[1]))


def place_labels(map_def: MapDefinition, measure: Measure | None = None,
                 slots: Mapping[str, Sequence[Quad]] | None = None,
                 shadow: float = TRAIN_SHADOW,
                 candidates: Callable[[Point, float, float], list[Point]] = label_candidates,
                 field: LabelField | None = None) -> dict[str, LabelPlace]:
    """`placing_labels` run to the end: where every city label goes."""
    return finish(placing_labels(map_def, measure, slots, shadow, candidates, field))

