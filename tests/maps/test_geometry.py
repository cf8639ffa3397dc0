"""Pure geometry: polylines, car slots, hit and overlap tests (no pygame)."""

from __future__ import annotations

import math
import subprocess
import sys

import pytest

from ttr.maps.mapfile import load_map_text
from ttr.ui import geometry as geo
from ttr.ui import labels as lab
from ttr.ui import layoutcheck

DOUBLE = """\
schema: 1
id: dbl
name: Double
board: {size: [600, 400]}
cities:
  - {id: a, name: A, pos: [100, 200]}
  - {id: b, name: B, pos: [400, 200]}
  - {id: c, name: C, pos: [400, 350]}
routes:
  - {id: a-b, from: b, to: a, length: 4, color: red}
  - {id: a-b-2, from: a, to: b, length: 4, color: blue}
  - {id: b-c, from: b, to: c, length: 1, color: gray}
  - {id: a-c, from: a, to: c, length: 6, color: gray, via: [[150, 380], [300, 380]]}
"""


def test_geometry_and_mapfile_do_not_import_pygame() -> None:
    code = ("import sys, ttr.ui.geometry, ttr.maps.mapfile, ttr.store.paths; "
            "sys.exit(any(m.split('.')[0] == 'pygame' for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_polyline_length_and_sampling() -> None:
    line = [(0.0, 0.0), (30.0, 40.0), (30.0, 100.0)]
    assert geo.polyline_length(line) == pytest.approx(110.0)
    assert geo.point_at(line, 25) == pytest.approx((15.0, 20.0))
    assert geo.point_at(line, 80) == pytest.approx((30.0, 70.0))
    assert geo.point_at(line, 999) == (30.0, 100.0)
    assert geo.point_at(line, -5) == (0.0, 0.0)
    pts = geo.sample_polyline(line, 3)
    assert pts[0] == (0.0, 0.0) and pts[-1] == (30.0, 100.0)
    assert pts[1] == pytest.approx(geo.point_at(line, 55))


def test_offset_polyline_is_parallel() -> None:
    line = [(0.0, 0.0), (100.0, 0.0)]
    assert geo.offset_polyline(line, 5) == [(0.0, -5.0), (100.0, -5.0)]  # left of travel = up
    bent = geo.offset_polyline([(0.0, 0.0), (100.0, 0.0), (100.0, 100.0)], 5)
    assert bent[1] == pytest.approx((105.0, -5.0))  # mitred outer corner


@pytest.mark.parametrize("length", [1, 2, 3, 4, 6, 8])
def test_car_slots_count_spacing_and_margins(length: int) -> None:
    span = geo.min_route_span(length) + 10
    line = [(0.0, 0.0), (span, 0.0)]
    slots = geo.car_slots(line, length)
    assert len(slots) == length
    xs = sorted(x for q in slots for x, _ in q)
    assert xs[0] >= geo.CITY_MARGIN - 1e-9 and xs[-1] <= span - geo.CITY_MARGIN + 1e-9
    for q in slots:
        w = geo.dist(q[0], q[1])
        h = geo.dist(q[1], q[2])
        assert geo.CAR_LENGTH <= w <= geo.CAR_MAX_LENGTH + 1e-9
        assert h == pytest.approx(geo.CAR_WIDTH)
    for q1, q2 in zip(slots, slots[1:], strict=False):
        assert not geo.quads_overlap(q1, q2)
        gap = min(x for x, _ in q2) - max(x for x, _ in q1)
        assert gap >= geo.CAR_GAP - 1e-6
    centers = [geo.quad_center(q)[0] for q in slots]
    steps = {round(b - a, 6) for a, b in zip(centers, centers[1:], strict=False)}
    assert len(steps) <= 1  # equally spaced


def test_cars_follow_bends() -> None:
    line = [(0.0, 0.0), (100.0, 0.0), (100.0, 100.0)]
    poses = geo.car_poses(line, 4)
    assert poses[0][2] == pytest.approx(0.0)
    assert poses[-1][2] == pytest.approx(90.0)
    assert len(geo.car_slots(line, 4)) == 4


def test_explicit_cars_and_quads() -> None:
    q = geo.car_quad(10, 20, 90)
    assert geo.quad_center(q) == pytest.approx((10.0, 20.0))
    assert geo.dist(q[0], q[1]) == pytest.approx(geo.CAR_LENGTH)
    assert geo.dist(q[1], q[2]) == pytest.approx(geo.CAR_WIDTH)
    slots = geo.slots_from_cars([[10, 20, 90], [10, 60, 90]])
    assert len(slots) == 2 and geo.point_in_quad((10, 60), slots[1])


def test_point_in_quad_and_overlaps() -> None:
    q = geo.car_quad(0, 0, 30)
    assert geo.point_in_quad((0, 0), q)
    assert geo.point_in_quad((10 * math.cos(math.radians(30)), 10 * math.sin(math.radians(30))), q)
    assert not geo.point_in_quad((0, 10), q)
    assert geo.point_in_quad((0, 0), tuple(reversed(q)))  # either winding
    r = geo.rect_quad(0, 0, 10, 10)
    assert geo.quads_overlap(r, geo.rect_quad(8, 8, 10, 10))
    assert not geo.quads_overlap(r, geo.rect_quad(11, 0, 10, 10))
    assert not geo.quads_overlap(r, geo.rect_quad(9.8, 0, 10, 10), margin=0.5)
    assert geo.segment_quad_overlap((-20, 0), (20, 0), r)
    assert geo.segment_quad_overlap((0, 0), (1, 1), r)  # inside
    assert not geo.segment_quad_overlap((-20, 6), (20, 6), r)
    assert geo.segments_intersect((0, 0), (10, 10), (0, 10), (10, 0))
    assert not geo.segments_intersect((0, 0), (10, 0), (0, 1), (10, 1))
    assert geo.point_segment_distance((5, 5), (0, 0), (10, 0)) == pytest.approx(5)


def test_double_routes_sit_side_by_side() -> None:
    d = load_map_text(DOUBLE, "dbl.yaml")
    offsets = geo.route_offsets(d)
    assert offsets["a-b"] == pytest.approx(geo.DOUBLE_OFFSET)
    assert offsets["a-b-2"] == pytest.approx(-geo.DOUBLE_OFFSET)
    assert offsets["b-c"] == 0
    lines = geo.route_polylines(d)
    # oriented from the smaller id: both tracks run a -> b; the first track is above
    assert lines["a-b"][0][0] < lines["a-b"][-1][0]
    assert lines["a-b"][0][1] < 200 < lines["a-b-2"][0][1]
    slots = geo.route_slots(d)
    for qa in slots["a-b"]:
        for qb in slots["a-b-2"]:
            assert not geo.quads_overlap(qa, qb)
    assert geo.route_at(slots, geo.quad_center(slots["a-b"][1])) == "a-b"
    assert geo.route_at(slots, geo.quad_center(slots["a-b-2"][2])) == "a-b-2"
    assert geo.route_at(slots, (250, 120)) is None
    x = geo.quad_center(slots["a-b"][1])[0]
    edge = 200 - geo.DOUBLE_OFFSET - geo.CAR_WIDTH / 2
    assert geo.route_at(slots, (x, edge - 2)) is None
    assert geo.route_at(slots, (x, edge - 2), pad=3) == "a-b"
    # the bent route follows its bend points
    assert all(geo.quad_center(q)[1] > 300 for q in slots["a-c"][1:-1])
    assert len(slots["a-c"]) == 6


def test_end_margins_grow_at_narrow_angles() -> None:
    d = load_map_text(DOUBLE, "dbl.yaml")
    margins = geo.end_margins(d)
    assert margins["b-c"][0] == geo.CITY_MARGIN  # leaves b at 90 degrees to the double
    assert margins["a-c"][0] > geo.CITY_MARGIN  # leaves a at about 74 degrees to the double
    assert margins["a-b"][0] == margins["a-c"][0]
    assert margins["a-b"] == margins["a-b-2"]


def test_check_layout_reports_problems() -> None:
    d = load_map_text(DOUBLE, "dbl.yaml")
    report = layoutcheck.check_layout(d)
    assert report.ok, report.lines()
    squeezed = load_map_text(DOUBLE.replace("[400, 350]", "[400, 260]")
                             .replace("length: 1, color: gray", "length: 3, color: gray"),
                             "dbl.yaml")
    bad = layoutcheck.check_layout(squeezed)
    assert any(s.startswith("b-c:") for s in bad.too_short)
    assert not bad.ok
    crossing = load_map_text(DOUBLE.replace("[[150, 380], [300, 380]]", "[[250, 100]]"),
                             "dbl.yaml")
    rep = layoutcheck.check_layout(crossing)
    assert rep.crossings or rep.slot_overlaps
    assert any("a-c" in s for s in rep.lines())


def test_label_box_estimate() -> None:
    box = lab.label_box("Denver", (100, 100))
    cx, cy = geo.quad_center(box)
    assert (cx, cy) == pytest.approx((100 + geo.DEFAULT_LABEL_OFFSET[0],
                                      100 + geo.DEFAULT_LABEL_OFFSET[1]))
    assert geo.dist(box[0], box[1]) > geo.dist(lab.label_box("Rom", (0, 0))[0],
                                               lab.label_box("Rom", (0, 0))[1])


LABELS = """\
schema: 1
id: lbl
name: Labels
board: {size: [600, 400]}
cities:
  - {id: a, name: Alpha, pos: [100, 200], label: [90, 0]}
  - {id: b, name: Beta Town, pos: [400, 200], label: [0, -22]}
  - {id: c, name: Gamma, pos: [400, 330], label: [0, 24]}
routes:
  - {id: a-b, from: a, to: b, length: 4, color: red}
  - {id: b-c, from: b, to: c, length: 2, color: gray}
"""


def test_label_lines_break_at_the_middle_space() -> None:
    assert lab.label_lines("Paris") == [("Paris",)]
    assert lab.label_lines("Oklahoma City") == [("Oklahoma City",), ("Oklahoma", "City")]
    assert lab.label_lines("Sault St. Marie")[1] == ("Sault St.", "Marie")
    w1, h1 = lab.label_size(("Oklahoma City",))
    w2, h2 = lab.label_size(("Oklahoma", "City"))
    assert w2 < w1 and h2 > h1
    assert lab.label_size("Oklahoma City") == (w1, h1)


def test_train_footprint_is_bigger_than_the_slot() -> None:
    q = geo.car_quad(100, 100, 30)
    foot = geo.train_footprint(q)
    assert all(geo.point_in_quad(p, foot) for p in q)
    assert geo.point_in_quad((100, 100), geo.dot_box((100, 100)))
    beside = (100 + 0.5 * 6.2, 100 - math.sqrt(3) / 2 * 6.2)  # 6.2 to the car's left
    assert not geo.point_in_quad(beside, q) and geo.point_in_quad(beside, foot)
    # the shadow falls right and down
    assert max(x for x, _ in foot) > max(x for x, _ in q) + geo.TRAIN_SHADOW * 0.9


def test_check_layout_reports_labels_over_trains_and_dots() -> None:
    d = load_map_text(LABELS, "lbl.yaml")
    report = layoutcheck.check_layout(d)
    assert "label a x train a-b" in report.label_collisions  # on the track
    assert report.ok  # labels do not make a layout unplayable
    # a label just beside a slot, clear of the slot but not of the claimed car's body
    slots = geo.route_slots(d)["a-b"]
    top = min(y for q in slots for _, y in q)
    w, h = lab.label_size("Alpha")
    near = LABELS.replace("label: [90, 0]", f"label: [90, {top - 200 - h / 2 - 0.5}]")
    assert any("train a-b" in s for s in layoutcheck.check_layout(load_map_text(near, "x.yaml"))
               .label_collisions)
    own = LABELS.replace("label: [90, 0]", "label: [20, 0]")
    report = layoutcheck.check_layout(load_map_text(own, "x.yaml"))
    assert "label a x city a" in report.label_collisions


def test_place_labels_keeps_clear_offsets_and_moves_the_others() -> None:
    d = load_map_text(LABELS, "lbl.yaml")
    places = lab.place_labels(d)
    b = places["b"]
    assert b.centre == pytest.approx((400, 178)) and b.lines == ("Beta Town",)
    field = lab.LabelField(d)
    for c in d.game_map.cities:
        p = places[c.id]
        w, h = lab.label_size(p.lines)
        box = geo.rect_quad(*p.centre, w, h)
        assert field.conflicts(box) == [], c.id
        field.add_label(c.id, box)
        # next to its own dot
        assert geo.dist(p.centre, d.layout.cities[c.id].pos) < w / 2 + 30


def test_two_lines_when_one_does_not_fit() -> None:
    d = load_map_text(LABELS, "lbl.yaml")
    field = lab.LabelField(d)
    pos = d.layout.cities["b"].pos
    spot = next(((x, y) for y in range(-40, 41, 2) for x in range(-70, 71, 2)
                 if field.conflicts(lab.label_box(("Beta Town",), pos, (x, y)))
                 and not field.conflicts(lab.label_box(("Beta", "Town"), pos, (x, y)))), None)
    assert spot is not None  # e.g. beside the dot, between the two routes
    moved = load_map_text(LABELS.replace("[0, -22]", f"[{spot[0]}, {spot[1]}]"), "x.yaml")
    place = lab.place_labels(moved)["b"]
    assert place.lines == ("Beta", "Town")
    assert place.centre == pytest.approx((pos[0] + spot[0], pos[1] + spot[1]))
    collisions = layoutcheck.check_layout(moved).label_collisions
    assert not any(s.startswith("label b ") for s in collisions)
