"""Map geography: the `geography` section is read, checked and written back, stays out
of the content hash, and the bundled maps' coasts read as the USA and Europe."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ttr.engine.errors import MapError
from ttr.maps import geography as gg
from ttr.maps.geography import Geography, Shape, point_in_ring
from ttr.maps.mapfile import MapDefinition, dump_map, find_map, load_map, load_map_text
from ttr.ui import geometry as geo

MINI = """\
schema: 1
id: mini
name: Mini
board: {size: [400, 300]}
cities:
  - {id: a, name: A, pos: [50, 50]}
  - {id: b, name: B, pos: [300, 50]}
routes:
  - {id: a-b, from: a, to: b, length: 3, color: red}
"""
GEO = """\
geography:
  source: "test data"
  shapes:
    - {fill: land, points: "0,0 200,0 200,300 0,300"}
    - {fill: water, points: "20,20 60.5,20 40,80"}
    - {fill: land, points: "35,35 45,35 40,45"}
"""


@pytest.fixture(scope="module")
def maps() -> dict[str, MapDefinition]:
    return {m: find_map(m) for m in ("usa", "europe")}


def error_of(text: str) -> str:
    with pytest.raises(MapError) as info:
        load_map_text(MINI + text, "mini.yaml")
    message = str(info.value)
    assert message.startswith("mini.yaml: "), message
    return message


def test_a_map_without_geography_loads() -> None:
    d = load_map_text(MINI, "mini.yaml")
    assert d.layout.geography is None
    assert "geography" not in dump_map(d)


def test_geography_is_read_in_order_and_written_back_equal() -> None:
    d = load_map_text(MINI + GEO, "mini.yaml")
    g = d.layout.geography
    assert g is not None and g.source == "test data"
    assert [s.fill for s in g.shapes] == ["land", "water", "land"]
    assert g.shapes[1].points == ((20.0, 20.0), (60.5, 20.0), (40.0, 80.0))
    assert g.point_count == 10
    again = load_map_text(dump_map(d), "mini.yaml")
    assert again == d
    assert dump_map(again) == dump_map(d)


def test_later_shapes_paint_over_earlier_ones() -> None:
    g = load_map_text(MINI + GEO, "mini.yaml").layout.geography
    assert g is not None
    assert g.fill_at((100, 100)) == "land"
    assert g.is_water((30, 25))  # the lake
    assert g.fill_at((40, 39)) == "land"  # the island in the lake
    assert g.is_water((300, 100))  # the sea: no shape there


def test_geography_does_not_change_the_content_hash(maps: dict[str, MapDefinition]) -> None:
    for d in maps.values():
        assert d.layout.geography is not None
        bare = load_map_text(dump_map(replace(d, layout=replace(d.layout, geography=None))),
                             f"{d.id}.yaml")
        assert bare.layout.geography is None
        assert bare.game_map.content_hash == d.game_map.content_hash
        moved = Geography(d.layout.geography.shapes[1:], "other")
        other = replace(d, layout=replace(d.layout, geography=moved))
        assert load_map_text(dump_map(other), "x.yaml").game_map.content_hash \
            == d.game_map.content_hash


@pytest.mark.parametrize(("text", "expected"), [
    ("geography: [1, 2]\n", "geography: expected a mapping"),
    ("geography: {}\n", "geography: missing key 'shapes'"),
    ("geography: {shapes: [], colour: blue}\n", "geography: unknown key 'colour'"),
    ("geography: {shapes: {}}\n", "geography.shapes: expected a list"),
    ("geography: {shapes: [{fill: lava, points: '0,0 1,0 1,1'}]}\n",
     "geography.shapes[0].fill: expected land or water, got 'lava'"),
    ("geography: {shapes: [{fill: land}]}\n", "geography.shapes[0]: missing key 'points'"),
    ("geography: {shapes: [{fill: land, points: [[0, 0], [1, 0], [1, 1]]}]}\n",
     "geography.shapes[0].points: expected text of x,y pairs"),
    ("geography: {shapes: [{fill: land, points: '0,0 1,0'}]}\n",
     "geography.shapes[0].points: a shape needs at least 3 points, got 2"),
    ("geography: {shapes: [{fill: land, points: '0,0 1;0 1,1'}]}\n",
     "geography.shapes[0].points[1]: expected x,y (two numbers and a comma), got '1;0'"),
    ("geography: {shapes: [{fill: land, points: '0,0 nan,0 1,1'}]}\n",
     "geography.shapes[0].points[1]: expected x,y"),
    ("geography: {shapes: [{fill: land, points: '0,0 1,0 1,1e9'}]}\n",
     "geography.shapes[0].points[2]: point 1,1e+09 is outside the board [400, 300]"),
    ("geography: {shapes: [{fill: land, points: '0,0 -1,0 1,1'}]}\n",
     "geography.shapes[0].points[1]: point -1,0 is outside the board"),
    ("geography: {source: '', shapes: []}\n", "geography.source: expected text"),
    (f"geography: {{source: '{'x' * 301}', shapes: []}}\n",
     "geography.source: text longer than 300 characters"),
])
def test_bad_geography_is_a_clear_error(text: str, expected: str) -> None:
    assert expected in error_of(text)


def test_point_counts_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    ring = " ".join(f"{i},{i % 2}" for i in range(6))
    monkeypatch.setattr(gg, "MAX_RING_POINTS", 5)
    assert "geography.shapes[0].points: 6 points (at most 5)" in error_of(
        f"geography: {{shapes: [{{fill: land, points: '{ring}'}}]}}\n")
    monkeypatch.setattr(gg, "MAX_RING_POINTS", 100)
    monkeypatch.setattr(gg, "MAX_POINTS", 10)
    two = f"{{fill: land, points: '{ring}'}}"
    assert "geography.shapes[1].points: more than 10 points in all shapes" in error_of(
        f"geography: {{shapes: [{two}, {two}]}}\n")
    monkeypatch.setattr(gg, "MAX_SHAPES", 1)
    assert "geography.shapes: 2 shapes (at most 1)" in error_of(
        f"geography: {{shapes: [{two}, {two}]}}\n")


def test_clipping_to_a_smaller_board() -> None:
    g = Geography((Shape("land", ((0, 0), (200, 0), (200, 200), (0, 200))),
                   Shape("water", ((150, 150), (190, 150), (170, 190)))))
    small = g.clipped((100, 100))
    assert len(small.shapes) == 1
    assert sorted(small.shapes[0].points) == [(0, 0), (0, 100), (100, 0), (100, 100)]


# ---------------------------------------------------------------- the bundled maps


def _between(d: MapDefinition, a: str, b: str, t: float = 0.5) -> geo.Point:
    pa, pb = d.layout.cities[a].pos, d.layout.cities[b].pos
    return (pa[0] + (pb[0] - pa[0]) * t, pa[1] + (pb[1] - pa[1]) * t)


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_every_city_is_on_land(map_id: str, maps: dict[str, MapDefinition]) -> None:
    d = maps[map_id]
    g = d.layout.geography
    assert g is not None
    wet = [cid for cid, cl in d.layout.cities.items() if g.is_water(cl.pos)]
    assert wet == []


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_every_ferry_crosses_water(map_id: str, maps: dict[str, MapDefinition]) -> None:
    d = maps[map_id]
    g = d.layout.geography
    assert g is not None
    lines = geo.route_polylines(d)
    slots = geo.route_slots(d)
    ferries = [r for r in d.game_map.routes if r.ferry]
    assert len(ferries) == (13 if map_id == "europe" else 0)
    for r in ferries:
        line = lines[r.id]
        total = geo.polyline_length(line)
        inner = [geo.point_at(line, total * i / 100) for i in range(5, 96)]
        assert any(g.is_water(p) for p in inner), r.id
        # and at least one of its car slots sits (centre) over the water
        assert any(g.is_water(geo.quad_center(q)) for q in slots[r.id]), r.id


def test_usa_reads_as_the_usa(maps: dict[str, MapDefinition]) -> None:
    d = maps["usa"]
    g = d.layout.geography
    assert g is not None
    w, h = d.layout.size
    assert g.is_water((10, h / 2))  # the Pacific
    assert g.is_water((w - 10, h / 2))  # the Atlantic
    assert g.is_water(_between(d, "houston", "miami", 0.4)[:1] + (h - 20,))  # the Gulf
    # the Great Lakes: water between Chicago and the cities around the lakes
    assert g.is_water(_between(d, "chicago", "sault-st-marie", 0.5))  # Lake Michigan
    x, y = _between(d, "duluth", "sault-st-marie", 0.5)
    assert g.is_water((x, y - 25))  # Lake Superior, north of Duluth-Sault St. Marie
    lakes = [s for s in g.shapes if s.fill == "water"]
    assert len(lakes) >= 5
    # Florida: land between Atlanta-Miami and Charleston-Miami, sea on both sides of it
    assert not g.is_water(_between(d, "atlanta", "miami", 0.7))
    assert g.is_water((d.layout.cities["miami"].pos[0] + 60, d.layout.cities["miami"].pos[1]))


def test_europe_reads_as_europe(maps: dict[str, MapDefinition]) -> None:
    d = maps["europe"]
    g = d.layout.geography
    assert g is not None
    assert g.is_water(_between(d, "marseille", "palermo"))  # the Mediterranean
    assert g.is_water(_between(d, "constantinople", "sevastopol"))  # the Black Sea
    assert g.is_water(_between(d, "danzig", "stockholm"))  # the Baltic
    assert g.is_water(_between(d, "edinburgh", "kobenhavn", 0.4))  # the North Sea
    assert g.is_water(_between(d, "london", "dieppe"))  # the Channel
    # Britain is an island: the land ring under London holds Edinburgh but not Paris
    london, paris = d.layout.cities["london"].pos, d.layout.cities["paris"].pos
    rings = [s.points for s in g.shapes if s.fill == "land" and point_in_ring(london, s.points)]
    assert rings
    assert all(not point_in_ring(paris, r) for r in rings)
    assert any(point_in_ring(d.layout.cities["edinburgh"].pos, r) for r in rings)


def test_bundled_files_read_back_equal(maps: dict[str, MapDefinition]) -> None:
    for d in maps.values():
        assert d.path is not None
        assert dump_map(load_map(d.path)) == d.path.read_text(encoding="utf-8")
