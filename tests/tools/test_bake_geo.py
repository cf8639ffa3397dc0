"""tools/bake_geo.py: the warp goes through the cities, polygons are clipped and simplified,
the bundled maps' geography is what the tool bakes, and baking changes nothing else."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest

from tools import bake_geo
from ttr.maps.geography import clip_ring, ring_area
from ttr.maps.mapfile import dump_map, find_map, load_map

MAP = """\
schema: 1
id: mini
name: Mini
board: {size: [400, 300]}
cities:
  - {id: a, name: A, pos: [60, 60]}
  - {id: b, name: B, pos: [340, 70]}
  - {id: c, name: C, pos: [200, 250]}
  - {id: d, name: D, pos: [210, 120]}
routes:
  - {id: a-b, from: a, to: b, length: 3, color: red}
  - {id: b-c, from: b, to: c, length: 3, color: blue}
  - {id: c-d, from: c, to: d, length: 2, color: gray, ferry: 1}
"""
PLACES = """\
cities: {a: [0, 10], b: [10, 10], c: [5, 2], d: [5, 7]}
anchors: []
"""


def _geojson(path: Path) -> None:
    """Land everywhere but a lake between c and d (so the ferry c-d crosses water)."""
    land = [[[-5, -5], [15, -5], [15, 15], [-5, 15], [-5, -5]]]
    lake = [[[3, 3.5], [7, 3.5], [7, 5.5], [3, 5.5], [3, 3.5]]]
    path.write_text(json.dumps({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"kind": "land"},
         "geometry": {"type": "MultiPolygon", "coordinates": [land]}},
        {"type": "Feature", "properties": {"kind": "lake", "name": "Test"},
         "geometry": {"type": "Polygon", "coordinates": lake}}]}), encoding="utf-8")


def test_the_warp_goes_through_its_points_and_is_smooth() -> None:
    src = [(0.0, 0.0), (10.0, 0.0), (0.0, 10.0), (10.0, 10.0), (5.0, 5.0)]
    dst = [(100.0, 100.0), (300.0, 90.0), (110.0, 320.0), (290.0, 300.0), (220.0, 180.0)]
    warp = bake_geo.Warp.fit(src, dst)
    for p, q in zip(src, dst, strict=True):
        assert warp(p) == pytest.approx(q, abs=1e-6)
    assert all(warp.jacobian((x, y)) > 0 for x in range(11) for y in range(11))
    affine = bake_geo.Warp.fit(src[:4], [(2 * x + 5, 3 * y - 1) for x, y in src[:4]])
    assert affine((3.0, 7.0)) == pytest.approx((11.0, 20.0), abs=1e-6)  # affine stays affine


def test_clip_and_simplify() -> None:
    square = [(-10.0, -10.0), (50.0, -10.0), (50.0, 50.0), (-10.0, 50.0)]
    clipped = clip_ring(square, 40, 30)
    assert abs(ring_area(clipped)) == pytest.approx(40 * 30)
    assert clip_ring([(50.0, 50.0), (60.0, 50.0), (60.0, 60.0)], 40, 30) == []
    circle = [(100 + 50 * math.cos(t / 100 * math.tau), 100 + 50 * math.sin(t / 100 * math.tau))
              for t in range(100)]
    simple = bake_geo.simplify(circle, 1.0)
    assert 10 < len(simple) < 40
    assert abs(ring_area(simple)) == pytest.approx(abs(ring_area(circle)), rel=0.05)


def test_bake_a_small_map(tmp_path: Path) -> None:
    (tmp_path / "mini.yaml").write_text(MAP, encoding="utf-8")
    (tmp_path / "mini-places.yaml").write_text(PLACES, encoding="utf-8")
    _geojson(tmp_path / "mini.geojson")
    before = load_map(tmp_path / "mini.yaml")
    argv = [str(tmp_path / "mini.yaml"), "--geojson", str(tmp_path / "mini.geojson"),
            "--places", str(tmp_path / "mini-places.yaml")]
    assert bake_geo.main(argv) == 0
    after = load_map(tmp_path / "mini.yaml")
    g = after.layout.geography
    assert g is not None and [s.fill for s in g.shapes] == ["land", "water"]
    assert after.game_map == before.game_map
    assert after.layout.cities == before.layout.cities
    assert not g.is_water((60, 60)) and not g.is_water((210, 120))
    assert g.is_water((205, 185))  # the lake, between c and d
    assert bake_geo.main([*argv, "--check"]) == 0
    assert bake_geo.main([str(tmp_path / "mini.yaml"), "--remove"]) == 0
    assert load_map(tmp_path / "mini.yaml").layout.geography is None


def test_a_ferry_over_land_fails_the_check(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           ) -> None:
    (tmp_path / "mini.yaml").write_text(MAP.replace("ferry: 1", "ferry: 0").replace(
        "{id: a-b, from: a, to: b, length: 3, color: red}",
        "{id: a-b, from: a, to: b, length: 3, color: red, ferry: 1}"), encoding="utf-8")
    (tmp_path / "mini-places.yaml").write_text(PLACES, encoding="utf-8")
    _geojson(tmp_path / "mini.geojson")
    argv = [str(tmp_path / "mini.yaml"), "--geojson", str(tmp_path / "mini.geojson"),
            "--places", str(tmp_path / "mini-places.yaml"), "--check"]
    assert bake_geo.main(argv) == 1
    assert "ferry a-b does not cross water" in capsys.readouterr().out


def test_missing_places_are_a_clear_error(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "mini.yaml").write_text(MAP, encoding="utf-8")
    (tmp_path / "mini-places.yaml").write_text("cities: {a: [0, 10]}\n", encoding="utf-8")
    _geojson(tmp_path / "mini.geojson")
    assert bake_geo.main([str(tmp_path / "mini.yaml"), "--geojson",
                          str(tmp_path / "mini.geojson"), "--places",
                          str(tmp_path / "mini-places.yaml")]) == 1
    assert "no longitude/latitude for: b, c, d" in capsys.readouterr().err


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_bundled_geography_is_what_the_tool_bakes(map_id: str, tmp_path: Path) -> None:
    d = find_map(map_id)
    assert d.path is not None
    copy = tmp_path / f"{map_id}.yaml"
    shutil.copy(d.path, copy)
    assert bake_geo.main([str(copy), "--geojson", str(bake_geo.GEODATA / f"{map_id}.geojson"),
                          "--places", str(bake_geo.GEODATA / f"{map_id}-places.yaml")]) == 0
    again = load_map(copy)
    assert again.game_map.content_hash == d.game_map.content_hash
    assert dump_map(again) == dump_map(d)
