"""A map's geography: land and water shapes drawn under the network (optional).

In a map file, in board units::

    geography:
      source: "Natural Earth 1:50m (public domain), warped to the cities"   # optional
      shapes:                                    # painted in order over the sea
        - {fill: land, points: "12.5,30 40,31.5 38,60"}
        - {fill: water, points: "20,40 25,41 22,45"}      # a lake on that land

`points` is one closed ring as `x,y` pairs separated by spaces (as in SVG), every
point on the board. Whatever no shape covers is sea; a later shape paints over an
earlier one (lakes over land, islands over lakes). `tools/bake_geo.py` writes this
section from public-domain coastlines. It is drawing only: the map's content hash
(rules facts) ignores it, and a map without it still draws.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ttr.i18n import _, ngettext
from ttr.maps.check import Reader

Point = tuple[float, float]
Fill = Literal["land", "water"]
FILLS: tuple[Fill, ...] = ("land", "water")
MAX_SHAPES = 2_000
"""Most shapes one map may have."""
MAX_RING_POINTS = 20_000
"""Most points in one shape."""
MAX_POINTS = 60_000
"""Most points in all shapes together (keeps loading and drawing fast)."""
MAX_SOURCE = 300
"""Longest `source` text."""


@dataclass(frozen=True, slots=True)
class Shape:
    """One closed ring painted in `fill` (at least three points, board units)."""

    fill: Fill
    points: tuple[Point, ...]


@dataclass(frozen=True, slots=True)
class Geography:
    """Land and water shapes painted in order over the sea."""

    shapes: tuple[Shape, ...]
    source: str = ""

    @property
    def point_count(self) -> int:
        """Points in all shapes."""
        return sum(len(s.points) for s in self.shapes)

    def fill_at(self, p: Point) -> Fill:
        """What is painted at `p`: the last shape containing it decides; else sea."""
        for shape in reversed(self.shapes):
            if point_in_ring(p, shape.points):
                return shape.fill
        return "water"

    def is_water(self, p: Point) -> bool:
        """True if `p` is sea or lake."""
        return self.fill_at(p) == "water"

    def clipped(self, size: tuple[float, float]) -> Geography:
        """The shapes cut to a board of `size` (shapes left with no area are dropped)."""
        shapes = []
        for s in self.shapes:
            pts = clip_ring(s.points, *size)
            if len(pts) >= 3 and ring_area(pts) != 0:
                shapes.append(Shape(s.fill, tuple(pts)))
        return Geography(tuple(shapes), self.source)


def point_in_ring(p: Point, ring: Sequence[Point]) -> bool:
    """Even-odd test: True if `p` is inside the closed ring."""
    x, y = p
    inside = False
    n = len(ring)
    x0, y0 = ring[n - 1]
    for i in range(n):
        x1, y1 = ring[i]
        if (y1 > y) != (y0 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
        x0, y0 = x1, y1
    return inside


def ring_area(ring: Sequence[Point]) -> float:
    """Signed area (shoelace; positive when the ring runs clockwise on screen, y down)."""
    n = len(ring)
    return sum(ring[i][0] * ring[(i + 1) % n][1] - ring[(i + 1) % n][0] * ring[i][1]
               for i in range(n)) / 2


def clip_ring(ring: Sequence[Point], w: float, h: float) -> list[Point]:
    """Sutherland-Hodgman clip of a ring to the box [0, w] x [0, h]."""
    edges: tuple[tuple[Callable[[Point], bool], Callable[[Point, Point], Point]], ...] = (
        (lambda p: p[0] >= 0, lambda p, q: _cut_x(p, q, 0.0)),
        (lambda p: p[0] <= w, lambda p, q: _cut_x(p, q, w)),
        (lambda p: p[1] >= 0, lambda p, q: _cut_y(p, q, 0.0)),
        (lambda p: p[1] <= h, lambda p, q: _cut_y(p, q, h)),
    )
    out = list(ring)
    for inside, cut in edges:
        if not out:
            break
        src, out = out, []
        prev = src[-1]
        for cur in src:
            if inside(cur):
                if not inside(prev):
                    out.append(cut(prev, cur))
                out.append(cur)
            elif inside(prev):
                out.append(cut(prev, cur))
            prev = cur
    return out


def _cut_x(p: Point, q: Point, x: float) -> Point:
    t = (x - p[0]) / (q[0] - p[0])
    return (x, p[1] + (q[1] - p[1]) * t)


def _cut_y(p: Point, q: Point, y: float) -> Point:
    t = (y - p[1]) / (q[1] - p[1])
    return (p[0] + (q[0] - p[0]) * t, y)


# ---------------------------------------------------------------- reading and writing


def read_geography(rd: Reader, raw: Any, size: tuple[float, float]) -> Geography:
    """The `geography` section, checked: known keys, fills, point counts, points on the
    board. Raises MapError (through `rd`) naming the shape and the point."""
    where = "geography"
    data = rd.mapping(raw, where)
    rd.keys(data, where, ("shapes",), ("source",))
    source = ""
    if data.get("source") is not None:
        source = rd.text(data["source"], where + ".source", MAX_SOURCE).strip()
    items = rd.seq(data["shapes"], where + ".shapes")
    if len(items) > MAX_SHAPES:
        rd.fail(where + ".shapes", ngettext("{n} shape (at most {most})",
                                            "{n} shapes (at most {most})",
                                            len(items)).format(n=len(items), most=MAX_SHAPES))
    shapes: list[Shape] = []
    total = 0
    w, h = size
    for i, item in enumerate(items):
        at = f"{where}.shapes[{i}]"
        s = rd.mapping(item, at)
        rd.keys(s, at, ("fill", "points"))
        fill = s["fill"]
        if fill not in FILLS:
            # TRANSLATORS: land and water are the words of the map file (not translated)
            rd.fail(at + ".fill", _("expected land or water, got {fill}").format(
                fill=f"{fill!r:.60}"))
        text = s["points"]
        if not isinstance(text, str):
            rd.fail(at + ".points", _("expected text of x,y pairs like \"10,20 30,40 50,10\""))
        words = text.split()
        if len(words) > MAX_RING_POINTS:
            rd.fail(at + ".points", ngettext("{n} point (at most {most})",
                                             "{n} points (at most {most})",
                                             len(words)).format(n=len(words), most=MAX_RING_POINTS))
        total += len(words)
        if total > MAX_POINTS:
            rd.fail(at + ".points", ngettext("more than {n} point in all shapes",
                                             "more than {n} points in all shapes",
                                             MAX_POINTS).format(n=MAX_POINTS))
        if len(words) < 3:
            rd.fail(at + ".points", _("a shape needs at least 3 points, got {n}").format(
                n=len(words)))
        pts: list[Point] = []
        for j, word in enumerate(words):
            x, y = _pair(rd, word, f"{at}.points[{j}]")
            if not (0 <= x <= w and 0 <= y <= h):
                # TRANSLATORS: {point} is "x,y", {size} the board's "[width, height]"
                rd.fail(f"{at}.points[{j}]", _("point {point} is outside the board {size}").format(
                    point=f"{x:g},{y:g}", size=f"[{w:g}, {h:g}]"))
            pts.append((x, y))
        shapes.append(Shape(fill, tuple(pts)))
    return Geography(tuple(shapes), source)


def _pair(rd: Reader, word: str, where: str) -> Point:
    parts = word.split(",")
    if len(parts) == 2:
        try:
            x, y = float(parts[0]), float(parts[1])
        except ValueError:
            pass
        else:
            if math.isfinite(x) and math.isfinite(y):
                return (x, y)
    rd.fail(where, _("expected x,y (two numbers and a comma), got {word}").format(
        word=repr(word[:40])))


def format_ring(points: Sequence[Point]) -> str:
    """A ring as `x,y x,y ...` text (shortest text that reads back the same numbers)."""
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


def _num(v: float) -> str:
    text = repr(v + 0.0)  # + 0.0: no "-0.0"
    return text[:-2] if text.endswith(".0") else text


def dump_geography(g: Geography) -> list[str]:
    """The section as map-file lines (canonical: it loads back equal)."""
    out = ["geography:"]
    if g.source:
        out.append(f"  source: {json.dumps(g.source, ensure_ascii=False)}")
    out.append("  shapes:")
    out += [f"    - {{fill: {s.fill}, points: \"{format_ring(s.points)}\"}}"  # i18n: no
            for s in g.shapes]
    return out
