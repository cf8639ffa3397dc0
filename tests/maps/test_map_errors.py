"""Broken map files give a MapError naming the file and the YAML path, never a traceback."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest
import yaml

from tests.hostile.kit import paths
from ttr.engine.errors import MapError
from ttr.maps.mapfile import dump_map, find_map, list_maps, load_map, load_map_text, save_map

MINI = """\
# a tiny test map
schema: 1
id: mini
name: Mini
board: {size: [400, 300]}
rules: {trains: 20}
variants:
  base: {description: Plain}
  fast: {description: Fast, deal_regular: 2, ticket_set: fast}
cities:
  - {id: a, name: A, pos: [50, 50]}
  - {id: b, name: B, pos: [300, 50], label: [0, 20]}
  - {id: c, name: C, pos: [300, 250]}
  - {id: d, name: D, pos: [50, 250]}
routes:
  - {id: a-b, from: a, to: b, length: 3, color: red}
  - {id: a-b-2, from: a, to: b, length: 3, color: pink}
  - {id: b-c, from: b, to: c, length: 2, color: grey, via: [[320, 150]]}
  - {id: a-c, from: a, to: c, length: 4, color: gray, tunnel: true}
tickets:
  - {id: a-c, from: a, to: c, points: 5, sets: [base, fast]}
  - {id: b-c, from: b, to: c, points: 2, long: true, sets: [base]}
"""


def mini() -> dict[str, Any]:
    return yaml.safe_load(MINI)


def write(tmp_path, data: Any, name: str = "broken.yaml") -> str:
    path = tmp_path / name
    text = data if isinstance(data, str) else yaml.safe_dump(data, sort_keys=False)
    path.write_text(text, encoding="utf-8")
    return str(path)


def error_of(tmp_path, data: Any) -> str:
    with pytest.raises(MapError) as info:
        load_map(write(tmp_path, data))
    message = str(info.value)
    assert message.startswith(str(tmp_path / "broken.yaml") + ": "), message
    return message


def test_mini_map_is_valid() -> None:
    d = load_map_text(MINI, "mini.yaml")
    gm = d.game_map
    assert [r.id for r in gm.routes] == ["a-b", "a-b-2", "b-c", "a-c"]
    assert gm.twin[0] == 1 and gm.routes[3].tunnel
    assert gm.ticket_sets == {"base": ("a-c", "b-c"), "fast": ("a-c",)}
    assert gm.rules("fast").deal_regular == 2 and gm.rules("fast").trains == 20
    assert gm.rules("fast").variant == "fast" and gm.rules("base").description == "Plain"
    assert d.layout.routes["b-c"].via == ((320.0, 150.0),)
    assert d.layout.cities["b"].label == (0.0, 20.0)
    assert d.header == "# a tiny test map"


def test_round_trip_of_a_hand_written_map(tmp_path) -> None:
    d1 = load_map_text(MINI, "mini.yaml")
    save_map(d1, tmp_path / "mini.yaml")
    d2 = load_map(tmp_path / "mini.yaml")
    # the same content (now written canonically) has the same hash
    assert d2.game_map.content_hash == d1.game_map.content_hash
    assert d2.layout == d1.layout and d2.rules == d1.rules
    assert d2.variant_options == d1.variant_options
    assert d2.game_map.routes == d1.game_map.routes and d2.game_map.variants == d1.game_map.variants
    assert dump_map(d2) == dump_map(d1)
    save_map(d2, tmp_path / "again.yaml")
    assert load_map(tmp_path / "again.yaml") == d2  # canonical text round-trips exactly


def test_round_trip_keeps_explicit_cars_and_odd_names(tmp_path) -> None:
    data = mini()
    data["routes"][2]["cars"] = [[310, 100, 80.5], [310.25, 200, 90]]
    data["cities"][0]["name"] = "Saint-A: \"the\" #1, yes"
    data["name"] = "yes"
    data["board"]["background"] = "mini/board.png"
    d1 = load_map(write(tmp_path, data, "odd.yaml"))
    d2 = load_map_text(dump_map(d1), "odd.yaml")
    assert d2 == load_map_text(dump_map(d2), "odd.yaml")
    assert d2.layout == d1.layout and d2.game_map.cities == d1.game_map.cities
    assert d2.name == "yes" and d2.layout.background == "mini/board.png"


Mutation = Callable[[dict[str, Any]], Any]


def _set(path: tuple[Any, ...], value: Any) -> Mutation:
    def mutate(m: dict[str, Any]) -> Any:
        node = m
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        return m
    return mutate


def _delete(path: tuple[Any, ...]) -> Mutation:
    def mutate(m: dict[str, Any]) -> Any:
        node = m
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]
        return m
    return mutate


def _append(section: str, item: dict[str, Any]) -> Mutation:
    def mutate(m: dict[str, Any]) -> Any:
        m[section].append(item)
        return m
    return mutate


CASES: list[tuple[str, Mutation, tuple[str, ...]]] = [
    ("unknown city", _set(("routes", 2, "to"), "zz"), ("routes[2].to (b-c)", "unknown city 'zz'")),
    ("bad colour", _set(("routes", 0, "color"), "purpel"),
     ("routes[0].color (a-b)", "unknown color 'purpel'")),
    ("loco colour", _set(("routes", 0, "color"), "loco"),
     ("routes[0].color (a-b)", "unknown color")),
    ("length 0", _set(("routes", 3, "length"), 0), ("routes[3].length (a-c)", "at least 1")),
    ("length 9", _set(("routes", 3, "length"), 9), ("routes[3].length (a-c)", "at most 8")),
    ("points missing a length", _set(("rules", "route_points"), {1: 1, 2: 2, 3: 4}),
     ("variants.base.route_points", "length 4", "a-c")),
    ("points for a length twice", _set(("rules", "route_points"), [[1, 1], [1, 2]]),
     ("rules.route_points", "twice")),
    ("stations without costs", _set(("rules",), {"stations": 3, "station_costs": []}),
     ("variants.base", "station_costs lists 0 costs for 3 stations")),
    ("keep more than drawn", _set(("variants", "fast", "draw_keep_min"), 4),
     ("variants.fast", "draw_keep_min (4) is more than the 3 tickets drawn")),
    ("no variants", _set(("variants",), {}), ("variants", "no variant is named")),
    ("extra option", _set(("rules", "extra"), 5), ("rules.extra", "cannot be set")),
    ("three tracks", _append("routes", {"id": "a-b-3", "from": "b", "to": "a", "length": 3,
                                        "color": "blue"}),
     ("routes[4] (a-b-3)", "third route")),
    ("unequal double", _set(("routes", 1, "length"), 2), ("routes[1] (a-b-2)", "differs")),
    ("duplicate city", _append("cities", {"id": "a", "name": "A2", "pos": [5, 5]}),
     ("cities[4] (a)", "duplicate city id")),
    ("duplicate route", _set(("routes", 1, "id"), "a-b"), ("routes[1] (a-b)", "duplicate route")),
    ("duplicate ticket", _set(("tickets", 1, "id"), "a-c"),
     ("tickets[1] (a-c)", "duplicate ticket")),
    ("disconnected ticket", _append("tickets", {"id": "a-d", "from": "a", "to": "d",
                                                "points": 3}),
     ("tickets[2] (a-d)", "connects")),
    ("string for number", _set(("routes", 0, "length"), "3"),
     ("routes[0].length (a-b)", "whole number")),
    ("float length", _set(("routes", 0, "length"), 2.5), ("routes[0].length (a-b)",)),
    ("pos as text", _set(("cities", 1, "pos"), "300,50"), ("cities[1].pos (b)", "list")),
    ("pos too short", _set(("cities", 1, "pos"), [300]), ("cities[1].pos (b)", "2 numbers")),
    ("pos outside", _set(("cities", 1, "pos"), [300, 301]), ("cities[1].pos (b)", "outside")),
    ("via outside", _set(("routes", 2, "via"), [[-1, 5]]), ("routes[2].via[0] (b-c)", "outside")),
    ("mapping for list", _set(("cities",), {"a": 1}), ("cities", "expected a list")),
    ("list for mapping", _set(("board",), [400, 300]), ("board", "expected a mapping")),
    ("route as list", _set(("routes", 0), ["a", "b"]), ("routes[0]", "expected a mapping")),
    ("name as number", _set(("cities", 0, "name"), 5), ("cities[0].name (a)", "text")),
    ("tunnel as text", _set(("routes", 3, "tunnel"), "yes"),
     ("routes[3].tunnel (a-c)", "true or false")),
    ("missing key", _delete(("routes", 0, "length")), ("routes[0] (a-b)", "missing key 'length'")),
    ("missing top key", _delete(("cities",)), ("top level", "missing key 'cities'")),
    ("unknown key", _set(("routes", 0, "colour"), "red"), ("routes[0] (a-b)", "unknown key")),
    ("unknown top key", _set(("extras",), 1), ("top level", "unknown key 'extras'")),
    ("bad id", _set(("cities", 0, "id"), "Kansas_City"), ("cities[0].id", "kebab")),
    ("unknown variant option", _set(("variants", "fast", "deal_regularr"), 2),
     ("variants.fast.deal_regularr", "unknown rules option")),
    ("variant option type", _set(("variants", "fast", "deal_regular"), "two"),
     ("variants.fast.deal_regular", "whole number")),
    ("unknown rules option", _set(("rules", "train"), 3), ("rules.train", "unknown")),
    ("variant name option", _set(("rules", "variant"), "x"), ("rules.variant", "cannot be set")),
    ("unknown ticket set", _set(("variants", "fast", "ticket_set"), "slow"),
     ("variants.fast.ticket_set", "unknown ticket set 'slow'")),
    ("variants as list", _set(("variants",), ["base"]), ("variants", "expected a mapping")),
    ("ferry too long", _set(("routes", 2, "ferry"), 3), ("routes[2] (b-c)", "ferry")),
    ("tunnel and ferry", _set(("routes", 3, "ferry"), 1),
     ("routes[3] (a-c)", "tunnel and a ferry")),
    ("cars count", _set(("routes", 2, "cars"), [[310, 100, 90]]),
     ("routes[2].cars (b-c)", "1 car given for length 2")),
    ("car as text", _set(("routes", 2, "cars"), ["x", "y"]), ("routes[2].cars[0] (b-c)",)),
    ("self loop", _set(("routes", 2, "to"), "b"), ("routes[2] (b-c)", "two different")),
    ("ticket points zero", _set(("tickets", 0, "points"), 0),
     ("tickets[0].points (a-c)", "at least 1")),
    ("ticket sets as text", _set(("tickets", 0, "sets"), "base"),
     ("tickets[0].sets (a-c)", "list")),
    ("board size negative", _set(("board", "size"), [400, -3]), ("board.size", "positive")),
    ("schema 2", _set(("schema",), 2), ("schema", "unsupported")),
    ("map id", _set(("id",), "Mini Map"), ("id", "kebab")),
]


@pytest.mark.parametrize("label,mutate,needles", CASES, ids=[c[0] for c in CASES])
def test_broken_map_names_file_and_path(tmp_path, label: str, mutate: Mutation,
                                        needles: tuple[str, ...]) -> None:
    message = error_of(tmp_path, mutate(mini()))
    for needle in needles:
        assert needle in message, message


@pytest.mark.parametrize("text,needle", [
    ("id: [unclosed\nname: x\n", "line "),
    ("cities:\n  - {id: a\n  - b\n", "line "),
    ("id: mini\n\tname: tab\n", "line "),
    ("", "empty"),
    ("# only a comment\n\n", "empty"),
    ("- a\n- b\n", "expected a mapping"),
    ("just text", "expected a mapping"),
    ("? [a, b]\n: 1\n", "malformed YAML"),
    ("!!python/object:os.system {}\n", "malformed YAML"),
    ("id: &x [*x]\n", "aliases"),
    ("a: &a [x, x]\nb: &b [*a, *a]\n", "aliases (*name) are not allowed (line 2"),
    ("a: " + "[" * 40 + "]" * 40 + "\n", "nested more than 32 levels"),
])
def test_unreadable_files(tmp_path, text: str, needle: str) -> None:
    message = error_of(tmp_path, text)
    assert needle in message, message


def test_missing_file_and_bad_bytes(tmp_path) -> None:
    with pytest.raises(MapError, match="nothere.yaml"):
        load_map(tmp_path / "nothere.yaml")
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"id: \xff\xfe\n")
    with pytest.raises(MapError, match="bad.yaml: .*not UTF-8"):
        load_map(bad)


def test_random_corruption_only_raises_map_error() -> None:
    rng = random.Random(7)
    base = mini()
    junk: list[Any] = [None, [], {}, "x", "", 1.5, True, -1, 10**9, [[1, 2]], {"a": 1},
                       float("nan"), "a-b", [None], {1: 2}]
    every = paths(base)
    for _ in range(150):
        data = copy.deepcopy(base)
        path = rng.choice(every)
        try:
            _set(path, rng.choice(junk))(data)
        except (KeyError, IndexError, TypeError):
            continue
        text = yaml.safe_dump(data, sort_keys=False)
        try:
            load_map_text(text, "fuzz.yaml")
        except MapError as e:
            assert str(e).startswith("fuzz.yaml: ")
    for cut in range(0, len(MINI), 7):
        try:
            load_map_text(MINI[:cut], "cut.yaml")
        except MapError as e:
            assert str(e).startswith("cut.yaml: ")


def test_find_map_unknown_lists_available() -> None:
    with pytest.raises(MapError) as info:
        find_map("atlantis")
    assert "atlantis" in str(info.value)
    assert "europe" in str(info.value) and "usa" in str(info.value)
    with pytest.raises(MapError):
        find_map("../maps/usa")


def test_user_maps_are_found_and_broken_ones_listed(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TTR_HOME", str(tmp_path / "home"))
    folder = tmp_path / "home" / "data" / "maps"
    folder.mkdir(parents=True)
    (folder / "mini.yaml").write_text(MINI, encoding="utf-8")
    (folder / "broken.yaml").write_text("id: [", encoding="utf-8")
    (folder / "usa.yaml").write_text(MINI.replace("id: mini", "id: usa"), encoding="utf-8")
    (folder / "other.yaml").write_text(MINI, encoding="utf-8")  # id does not match the name
    assert find_map("mini").name == "Mini"
    assert find_map("usa").name == "USA"  # the bundled map wins
    entries = {(e.id, e.path.parent == folder): e for e in list_maps()}
    assert entries[("mini", True)].error is None
    assert entries[("mini", True)].variants == ("base", "fast")
    assert "line " in entries[("broken", True)].error
    assert "bundled" in entries[("usa", True)].error
    assert "file name" in entries[("other", True)].error
    assert entries[("usa", False)].error is None
    with pytest.raises(MapError, match="file name"):
        find_map("other")
