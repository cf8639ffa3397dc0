"""`check_layout`: what is wrong with a map's layout (too-short routes, overlapping car
slots, routes over foreign cities, colliding labels, shapes off the board, crossing
routes), for the layout report, the map editor and the tests."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ttr.i18n import _, ngettext, number
from ttr.ui.geometry import (
    CITY_RADIUS,
    DEFAULT_LABEL_OFFSET,
    Point,
    Quad,
    bbox,
    bbox_hit,
    end_margins,
    min_route_span,
    point_at,
    polyline_length,
    quads_overlap,
    rect_quad,
    route_polylines,
    route_slots,
    segments_intersect,
)
from ttr.ui.labels import LabelField, as_written, label_box, label_lines, label_size

if TYPE_CHECKING:
    from ttr.maps.mapfile import MapDefinition


@dataclass(frozen=True, slots=True)
class LayoutReport:
    """Problems of a map layout found by `check_layout` (each entry is a readable line)."""

    too_short: tuple[str, ...]
    slot_overlaps: tuple[str, ...]
    foreign_cities: tuple[str, ...]
    label_collisions: tuple[str, ...]
    outside: tuple[str, ...]
    crossings: tuple[str, ...] = ()
    """Pairs of routes whose centre lines cross away from a shared city."""

    @property
    def ok(self) -> bool:
        """No too-short routes and no overlapping slots."""
        return not self.too_short and not self.slot_overlaps and not self.crossings

    def lines(self) -> list[str]:
        """All problems, grouped, for printing (tools/layout_report.py: for developers)."""
        out: list[str] = []
        for title, items in (("too short", self.too_short),  # i18n: no
                             ("slot overlaps", self.slot_overlaps),  # i18n: no
                             ("over foreign cities", self.foreign_cities),  # i18n: no
                             ("label collisions", self.label_collisions),  # i18n: no
                             ("outside the board", self.outside),  # i18n: no
                             ("crossing routes", self.crossings)):  # i18n: no
            out.append(f"{title}: {len(items)}")
            out.extend(f"  {s}" for s in items)
        return out


def check_layout(map_def: MapDefinition) -> LayoutReport:
    """Find too-short routes, overlapping car slots, routes over cities they do not
    end at, colliding labels and shapes outside the board."""
    gm, layout = map_def.game_map, map_def.layout
    slots = route_slots(map_def)
    lines = route_polylines(map_def)
    margins = end_margins(map_def)
    too_short: list[str] = []
    for r in gm.routes:
        rl = layout.routes.get(r.id)
        if rl is not None and rl.cars:
            continue
        have = polyline_length(lines[r.id])
        need = min_route_span(r.length, *margins[r.id])
        if have < need - 1e-6:
            # TRANSLATORS: the map editor: a route drawn shorter than its cars need
            too_short.append(ngettext("{route}: {have} < {need} for {n} car",
                                      "{route}: {have} < {need} for {n} cars", r.length).format(
                route=r.id, have=number(have), need=number(need), n=number(r.length)))
    # slot overlaps between different routes
    overlaps: list[str] = []
    boxes = {rid: bbox([p for q in qs for p in q]) for rid, qs in slots.items()}
    ids = [r.id for r in gm.routes]
    for i, ra in enumerate(ids):
        for rb in ids[i + 1:]:
            if not bbox_hit(boxes[ra], boxes[rb]):
                continue
            hit = next(((ia, ib) for ia, qa in enumerate(slots[ra])
                        for ib, qb in enumerate(slots[rb]) if quads_overlap(qa, qb, 0.5)), None)
            if hit is not None:
                overlaps.append(f"{ra}[{hit[0]}] x {rb}[{hit[1]}]")
    # routes over foreign cities
    foreign: list[str] = []
    for r in gm.routes:
        for c in gm.cities:
            if c.id in (r.a, r.b):
                continue
            pos = layout.cities[c.id].pos
            box = rect_quad(pos[0], pos[1], 2 * CITY_RADIUS + 2, 2 * CITY_RADIUS + 2)
            if any(quads_overlap(q, box) for q in slots[r.id]):
                foreign.append(_("{route} over {city}").format(route=r.id, city=c.id))
    # labels (one line, else two, as `place_labels` writes them) against labels,
    # claimed-train footprints and city dots (their own too)
    labels: list[str] = []
    lboxes: dict[str, Quad] = {}
    field = LabelField(map_def, slots)
    for c in gm.cities:
        cl = layout.cities[c.id]
        offset = cl.label if cl.label is not None else DEFAULT_LABEL_OFFSET
        found = as_written(field, cl.pos, offset,
                            [(v, label_size(v)) for v in label_lines(c.name)])
        lboxes[c.id] = found[1] if found else label_box(c.name, cl.pos, offset)
        for kind, ident in field.conflicts(lboxes[c.id]):
            if kind != "edge":  # reported under "outside the board"
                # TRANSLATORS: the map editor: a city's label collides with {kind} {other}
                labels.append(_("label {city} x {kind} {other}").format(city=c.id, kind=kind,
                                                                         other=ident))
        field.add_label(c.id, lboxes[c.id])
    outside: list[str] = []
    w, h = layout.size
    for rid, qs in slots.items():
        if any(not (0 <= x <= w and 0 <= y <= h) for q in qs for x, y in q):
            outside.append(_("route {route}").format(route=rid))
    for cid, box in lboxes.items():
        if any(not (0 <= x <= w and 0 <= y <= h) for x, y in box):
            outside.append(_("label {city}").format(city=cid))
    crossings: list[str] = []
    for i, r1 in enumerate(gm.routes):
        for r2 in gm.routes[i + 1:]:
            if {r1.a, r1.b} == {r2.a, r2.b} or not bbox_hit(bbox(lines[r1.id]),
                                                             bbox(lines[r2.id])):
                continue
            cut = 3 * CITY_RADIUS if {r1.a, r1.b} & {r2.a, r2.b} else CITY_RADIUS
            la, lb = _trim(lines[r1.id], cut), _trim(lines[r2.id], cut)
            if any(segments_intersect(la[j], la[j + 1], lb[k], lb[k + 1])
                   for j in range(len(la) - 1) for k in range(len(lb) - 1)):
                crossings.append(f"{r1.id} x {r2.id}")
    return LayoutReport(tuple(too_short), tuple(overlaps), tuple(foreign), tuple(labels),
                        tuple(outside), tuple(crossings))


def _trim(line: Sequence[Point], cut: float = CITY_RADIUS) -> list[Point]:
    """The polyline without `cut` at each end (routes meeting at a city do not cross)."""
    total = polyline_length(line)
    if total <= 2 * cut:
        return [point_at(line, total / 2)] * 2
    inner = [line[i] for i in range(1, len(line) - 1)]
    return [point_at(line, cut), *inner, point_at(line, total - cut)]

