"""The bundled maps load, match the reference data and have a clean layout."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from ttr.maps.mapfile import MapDefinition, dump_map, find_map, list_maps, load_map, load_map_text
from ttr.store import paths
from ttr.ui import geometry as geo
from ttr.ui import layoutcheck

REF = Path("/work/shared/reference")
BUNDLED = ("usa", "europe")


@pytest.fixture(scope="module")
def maps() -> dict[str, MapDefinition]:
    return {m: find_map(m) for m in BUNDLED}


def _reference(map_id: str) -> dict:
    path = REF / f"{map_id}.json"
    if not path.is_file():
        pytest.skip(f"reference data {path} not available")
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_bundled_file_loads_and_is_listed() -> None:
    files = sorted(p.stem for p in paths.maps_dir().glob("*.yaml"))
    assert set(BUNDLED) <= set(files)
    entries = {e.id: e for e in list_maps()}
    for map_id in files:
        d = load_map(paths.maps_dir() / f"{map_id}.yaml")
        assert d.id == map_id
        assert entries[map_id].error is None
        assert entries[map_id].variants == tuple(d.game_map.variants)


def test_usa_counts(maps: dict[str, MapDefinition]) -> None:
    gm = maps["usa"].game_map
    assert len(gm.cities) == 36
    assert len(gm.routes) == 100
    assert sum(1 for t in gm.twin if t >= 0) // 2 == 22
    assert len(gm.tickets) == 73
    sizes = {name: len(ids) for name, ids in gm.ticket_sets.items()}
    assert sizes == {"base": 30, "base_1910_reprint": 30, "1910": 35, "mega": 69,
                     "bigcities": 35}
    assert not any(r.tunnel or r.ferry for r in gm.routes)


def test_usa_variants(maps: dict[str, MapDefinition]) -> None:
    gm = maps["usa"].game_map
    assert list(gm.variants) == ["base", "1910", "mega", "bigcities"]
    want = {  # ticket set, deal, keep, draw, draw keep, longest path, globetrotter
        "base": ("base", 3, 2, 3, 1, 10, 0),
        "1910": ("1910", 3, 2, 3, 1, 0, 15),
        "mega": ("mega", 5, 3, 4, 1, 10, 15),
        "bigcities": ("bigcities", 4, 2, 4, 1, 0, 0),
    }
    for name, (tset, deal, keep, draw, dkeep, lp, gt) in want.items():
        c = gm.rules(name)
        assert (c.variant, c.ticket_set, c.deal_regular, c.deal_keep_min, c.draw_tickets,
                c.draw_keep_min, c.longest_path_bonus, c.globetrotter_bonus) == (
            name, tset, deal, keep, draw, dkeep, lp, gt)
        assert c.deal_long == 0 and c.stations == 0
        assert c.description and "\n" not in c.description
        assert c.max_route_length == 6
    assert "longest" in gm.rules("bigcities").description


def test_europe_counts_and_rules(maps: dict[str, MapDefinition]) -> None:
    gm = maps["europe"].game_map
    assert len(gm.cities) == 47
    assert len(gm.routes) == 101
    assert sum(1 for t in gm.twin if t >= 0) // 2 == 11
    assert sum(r.tunnel for r in gm.routes) == 18
    assert sum(1 for r in gm.routes if r.ferry) == 13
    assert sum(r.ferry for r in gm.routes) == 17
    assert max(r.length for r in gm.routes) == 8
    assert sum(1 for r in gm.routes if r.length == 8) == 1
    assert len(gm.tickets) == 46
    assert sum(t.long for t in gm.tickets) == 6
    assert list(gm.variants) == ["base"]
    c = gm.rules("base")
    assert len(gm.ticket_deck(c)) == 46
    assert (c.stations, c.deal_long, c.deal_regular, c.deal_keep_min) == (3, 1, 3, 2)
    assert c.unkept_initial_to_box
    assert (c.draw_tickets, c.draw_keep_min, c.longest_path_bonus) == (3, 1, 10)
    assert c.points_for(8) == 21
    assert c.description


def _route_rows(d: MapDefinition) -> Counter:
    gm = d.game_map
    name = {c.id: c.name for c in gm.cities}
    return Counter(
        (*sorted((name[r.a], name[r.b])), r.length,
         "gray" if r.color is None else r.color.key, r.tunnel, r.ferry, gm.twin[r.index] >= 0)
        for r in gm.routes)


@pytest.mark.parametrize("map_id", BUNDLED)
def test_facts_match_reference(map_id: str, maps: dict[str, MapDefinition]) -> None:
    ref = _reference(map_id)
    d = maps[map_id]
    gm = d.game_map
    assert sorted(c.name for c in gm.cities) == sorted(c["name"] for c in ref["cities"])
    want_routes = Counter(
        (*sorted((r["a"], r["b"])), r["length"], r["color"], r.get("tunnel", False),
         r.get("ferry_locomotives", 0), r["double_group"] is not None)
        for r in ref["routes"])
    assert _route_rows(d) == want_routes
    name = {c.id: c.name for c in gm.cities}
    member = {tid: sorted(s for s, ids in gm.ticket_sets.items() if tid in ids)
              for tid in gm.ticket_by_id}
    got = Counter((name[t.a], name[t.b], t.points, t.long,
                   tuple(member[t.id]) if gm.ticket_sets else ("base",)) for t in gm.tickets)
    want = Counter((t["a"], t["b"], t["points"], t.get("long", False), tuple(sorted(t["sets"])))
                   for t in ref["tickets"])
    assert got == want


def test_ids_are_readable_slugs(maps: dict[str, MapDefinition]) -> None:
    usa, eu = maps["usa"].game_map, maps["europe"].game_map
    for cid in ("kansas-city", "sault-st-marie", "montreal", "saint-louis"):
        assert cid in usa.city_index
    assert usa.city_name("montreal") == "Montréal"
    assert {"kobenhavn", "zurich", "munchen"} <= set(eu.city_index)
    assert eu.city_name("kobenhavn") == "København"
    assert eu.city_name("zurich") == "Zürich"
    assert "boston-miami" in usa.ticket_by_id
    assert usa.ticket_by_id["los-angeles-miami"].points == 20
    assert usa.ticket_by_id["los-angeles-miami-1910"].points == 19
    for gm in (usa, eu):
        for r in gm.routes:
            base = f"{r.a}-{r.b}"
            assert r.id in (base, base + "-2")


@pytest.mark.parametrize("map_id", BUNDLED)
def test_round_trip_is_identity(map_id: str, maps: dict[str, MapDefinition]) -> None:
    d = maps[map_id]
    text = dump_map(d)
    assert text == d.path.read_text(encoding="utf-8")  # bundled files are canonical
    again = load_map_text(text, f"{map_id}.yaml")
    assert again == d
    assert again.game_map.content_hash == d.game_map.content_hash


@pytest.mark.parametrize("map_id", BUNDLED)
def test_layout_has_no_short_routes_overlaps_crossings_or_label_collisions(
        map_id: str, maps: dict[str, MapDefinition]) -> None:
    report = layoutcheck.check_layout(maps[map_id])
    assert report.too_short == ()
    assert report.slot_overlaps == ()
    assert report.crossings == ()
    assert report.foreign_cities == ()
    assert report.outside == ()
    assert report.label_collisions == ()  # labels clear of trains, dots and labels
    assert report.ok


@pytest.mark.parametrize("map_id", BUNDLED)
def test_slots_cover_every_route(map_id: str, maps: dict[str, MapDefinition]) -> None:
    d = maps[map_id]
    slots = geo.route_slots(d)
    poses = geo.route_poses(d)
    for r in d.game_map.routes:
        assert len(slots[r.id]) == r.length == len(poses[r.id])
        for q in slots[r.id]:
            assert geo.route_at(slots, geo.quad_center(q)) == r.id


@pytest.mark.parametrize(("old", "new"), [
    ("{id: denver-helena, from: denver, to: helena, length: 4, color: green}",
     "{id: denver-helena, from: denver, to: helena, length: 4, color: red}"),
    ("{id: boston-miami, from: boston, to: miami, points: 12,",
     "{id: boston-miami, from: boston, to: miami, points: 13,"),
    ("longest_path_bonus: 10", "longest_path_bonus: 15"),
])
def test_hash_changes_with_the_rules_facts(old: str, new: str,
                                           maps: dict[str, MapDefinition]) -> None:
    d = maps["usa"]
    text = dump_map(d)
    assert old in text
    other = load_map_text(text.replace(old, new, 1), "usa.yaml")
    assert other.game_map.content_hash != d.game_map.content_hash


def test_hash_ignores_names_layout_and_formatting(maps: dict[str, MapDefinition]) -> None:
    """Editing how a map looks keeps its saves and records playable."""
    d = maps["usa"]
    text = dump_map(d)
    denver = next(line for line in text.splitlines() if "{id: denver," in line)
    moved = "  - {id: denver, name: Denver City, pos: [530, 405], label: [0, 40]}"
    for old, new in (("name: USA", "name: USA2"), (denver, moved)):
        assert old in text
        text = text.replace(old, new, 1)
    other = load_map_text("# another comment\n" + text, "usa.yaml")
    assert other.game_map.name == "USA2" and other.layout != d.layout
    assert other.game_map.content_hash == d.game_map.content_hash
    assert replace(other.game_map, name="USA", cities=d.game_map.cities) == d.game_map
