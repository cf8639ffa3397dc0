"""Map files: YAML -> `MapDefinition` (the engine's `GameMap` plus the UI's `MapLayout`).

Schema (docs/ARCHITECTURE.md section 9), all coordinates in board units::

    schema: 1
    id: usa                          # lower kebab-case, equal to the file name
    name: USA
    board: {size: [1600, 1000], background: usa/board.png}   # background optional
    rules: {route_points: {1: 1, 2: 2}, ...}   # optional RulesConfig overrides
    variants:                        # optional; name -> description + overrides
      base: {description: "The original game", ticket_set: base}
    cities:
      - {id: kansas-city, name: Kansas City, pos: [778, 520], label: [0, -22]}
    routes:
      - {id: denver-kansas-city, from: denver, to: kansas-city, length: 4, color: black,
         via: [[600, 500]], cars: [[x, y, deg], ...]}   # via, cars optional
      - {..., tunnel: true}          # Europe tunnel
      - {..., ferry: 2}              # Europe ferry with 2 locomotive symbols
    tickets:
      - {id: denver-el-paso, from: denver, to: el-paso, points: 4, long: true,
         sets: [base, mega]}         # long and sets optional
    geography: {shapes: [{fill: land, points: "0,0 90,5 80,60"}]}   # optional, drawing
                                     # only; see `ttr.maps.geography`

Ticket decks: each ticket lists the decks it belongs to in `sets`; a deck is the
tickets naming it, in file order. A map whose tickets name no sets plays all of them.
Each variant's rules are `RulesConfig()` + the map's `rules` + the variant's own
options, with `variant` set to its name; without `variants` the map has one variant
`base`. `label` is the offset of the label's centre from the city. Loading goes through
the store's safe reader (safe YAML without aliases, size and depth limits); names must
be printable text (`ttr.store.text`); every problem raises `MapError` naming the file,
the YAML path and the id. `dump_map` writes the canonical form, which the loader reads
back equal.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ttr.engine.board import MAX_LENGTH, City, GameMap, Route, Ticket
from ttr.engine.config import RulesConfig, map_problems, short_repr
from ttr.engine.errors import MapError, TtrError
from ttr.i18n import _, ngettext, number, pgettext
from ttr.maps.check import ID_RE, MAX_PATH_TEXT, NAME_RE, Reader, UnionFind
from ttr.maps.geography import Geography, dump_geography, read_geography
from ttr.store import paths
from ttr.store.problem_words import error_text, problem_text
from ttr.store.safefile import MAP, FileReadError, parse_yaml, read_text

Point = tuple[float, float]
CarPose = tuple[float, float, float]
SCHEMA = 1
_TOP_KEYS = ("schema", "id", "name", "board", "rules", "variants", "cities", "routes", "tickets",
             "geography")


@dataclass(frozen=True, slots=True)
class CityLayout:
    """Where a city is drawn; `label` is the label centre's offset (None = default)."""

    pos: Point
    label: Point | None = None


@dataclass(frozen=True, slots=True)
class RouteLayout:
    """How a route is drawn: optional bend points and optional explicit car poses."""

    via: tuple[Point, ...] = ()
    cars: tuple[CarPose, ...] | None = None


@dataclass(frozen=True, slots=True)
class MapLayout:
    """The drawing of a map in board units (only the UI uses it)."""

    size: Point
    cities: Mapping[str, CityLayout]
    routes: Mapping[str, RouteLayout]
    background: str | None = None
    geography: Geography | None = None
    """Land and water under the network (None: the renderer's plain paper)."""


@dataclass(frozen=True, slots=True)
class MapDefinition:
    """A loaded map: topology and rules for the engine, layout for the UI.

    `rules` and `variant_options` keep the option overrides as written (normalised),
    so `dump_map` can write the file back.
    """

    game_map: GameMap
    layout: MapLayout
    path: Path | None = field(default=None, compare=False)
    rules: Mapping[str, Any] = field(default_factory=dict)
    variant_options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    header: str = field(default="", compare=False)
    """Comment lines at the top of the file, kept by `dump_map`."""

    @property
    def id(self) -> str:
        """The map id."""
        return self.game_map.id

    @property
    def name(self) -> str:
        """The map's display name."""
        return self.game_map.name


@dataclass(frozen=True, slots=True)
class MapEntry:
    """One map file found by `list_maps`; `error` is set when it does not load."""

    id: str
    name: str
    path: Path
    variants: tuple[str, ...]
    error: str | None = None


# ---------------------------------------------------------------- loading


def load_map(path: str | Path) -> MapDefinition:
    """Load and validate a map file (through the safe reader: a regular file of at most
    2 MB, UTF-8, YAML without aliases, nested at most 32 deep).

    Raises:
        MapError: the file cannot be read or is not a valid map.
    """
    p = Path(path)
    try:
        text = read_text(p, MAP)
    except FileReadError as e:
        raise MapError(str(e)) from None
    return _load(text, str(p), p)


def load_map_text(text: str, source_name: str = "<map>") -> MapDefinition:
    """Load and validate map YAML given as text; `source_name` appears in errors.

    Raises:
        MapError: the text is not a valid map.
    """
    if len(text) > MAP.max_bytes:
        raise MapError(_("{path}: too big for a map file (the limit is {limit} MB)").format(
            path=source_name, limit=number(MAP.max_bytes // 1024 // 1024)))
    return _load(text, source_name, None)


def _load(text: str, source: str, path: Path | None) -> MapDefinition:
    rd = Reader(source)
    try:
        raw = parse_yaml(text, MAP.max_depth)
    except FileReadError as e:
        rd.fail("", str(e))
    if raw is None:
        rd.fail("", _("the file is empty"))
    try:
        return _parse(rd, raw, path, _header(text))
    except MapError:
        raise
    except TtrError as e:
        rd.fail("", error_text(e))


def _header(text: str) -> str:
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line)
    return "\n".join(lines)


def _parse(rd: Reader, raw: Any, path: Path | None, header: str) -> MapDefinition:
    # TRANSLATORS: where in a map file a problem is: the file's outermost level
    top_level = pgettext("map file", "top level")
    top = rd.mapping(raw, top_level)
    rd.keys(top, top_level, ("id", "name", "board", "cities", "routes"), _TOP_KEYS)
    if "schema" in top and rd.integer(top["schema"], "schema") != SCHEMA:
        # TRANSLATORS: "schema" is the map file's format number
        rd.fail("schema", _("unsupported schema {schema} (this version reads {known})").format(
            schema=top["schema"], known=SCHEMA))
    map_id = rd.ident(top["id"], "id")
    name = rd.text(top["name"], "name")
    board = rd.mapping(top["board"], "board")
    rd.keys(board, "board", ("size",), ("background",))
    w, h = rd.numbers(board["size"], "board.size", 2)
    if w <= 0 or h <= 0:
        rd.fail("board.size", _("width and height must be positive"))
    size = (w, h)
    background = None
    if board.get("background") is not None:
        background = rd.text(board["background"], "board.background", MAX_PATH_TEXT)

    cities: list[City] = []
    city_layout: dict[str, CityLayout] = {}
    for i, item in enumerate(rd.seq(top["cities"], "cities")):
        where = f"cities[{i}]"
        c = rd.mapping(item, where)
        rd.keys(c, where, ("id", "name", "pos"), ("label",))
        cid = rd.ident(c["id"], where + ".id")
        where = f"{where} ({cid})"
        if cid in city_layout:
            rd.fail(where, _("duplicate city id '{id}'").format(id=cid))
        pos = rd.numbers(c["pos"], where + ".pos", 2)
        rd.inside(pos, size, where + ".pos")
        label = None if c.get("label") is None else rd.numbers(c["label"], where + ".label", 2)
        cities.append(City(cid, rd.text(c["name"], where + ".name")))
        city_layout[cid] = CityLayout((pos[0], pos[1]), None if label is None
                                      else (label[0], label[1]))
    if not cities:
        rd.fail("cities", _("a map needs cities"))

    routes: list[Route] = []
    route_layout: dict[str, RouteLayout] = {}
    pairs: dict[frozenset[str], list[Route]] = {}
    for i, item in enumerate(rd.seq(top["routes"], "routes")):
        where = f"routes[{i}]"
        r = rd.mapping(item, where)
        rid = rd.ident(r.get("id"), where + ".id") if "id" in r else ""
        where = f"{where} ({rid})" if rid else where
        rd.keys(r, where, ("id", "from", "to", "length", "color"),
                ("tunnel", "ferry", "via", "cars"))
        if rid in route_layout:
            rd.fail(where, _("duplicate route id '{id}'").format(id=rid))
        a, b = (rd.city_ref(r[k], f"{where}.{k}", city_layout) for k in ("from", "to"))
        if a == b:
            rd.fail(where, _("a route needs two different cities, got '{city}' twice").format(
                city=a))
        length = rd.integer(r["length"], where + ".length", 1, MAX_LENGTH)
        color = rd.color(r["color"], where + ".color")
        tunnel = rd.flag(r.get("tunnel", False), where + ".tunnel")
        ferry = rd.integer(r.get("ferry", 0), where + ".ferry", 0)
        if ferry > length:
            # TRANSLATORS: {n} locomotive symbols on a ferry of {length} spaces
            rd.fail(where, ngettext("ferry has {n} locomotive symbol but only {length} spaces",
                                    "ferry has {n} locomotive symbols but only {length} spaces",
                                    ferry).format(n=ferry, length=length))
        if tunnel and ferry:
            rd.fail(where, _("a route cannot be both a tunnel and a ferry"))
        via = tuple(rd.point(v, f"{where}.via[{j}]", size)
                    for j, v in enumerate(rd.seq(r.get("via", []), where + ".via")))
        cars = None
        if r.get("cars") is not None:
            car_items = rd.seq(r["cars"], where + ".cars")
            if len(car_items) != length:
                rd.fail(where + ".cars", ngettext("{n} car given for length {length}",
                                                  "{n} cars given for length {length}",
                                                  len(car_items)).format(n=len(car_items),
                                                                         length=length))
            cars = tuple(rd.car(v, f"{where}.cars[{j}]", size) for j, v in enumerate(car_items))
        route = Route(rid, a, b, length, color, len(routes), tunnel, ferry)
        group = pairs.setdefault(frozenset((a, b)), [])
        if len(group) == 2:
            # TRANSLATORS: {a}, {b} are city ids; {first}, {second} route ids
            rd.fail(where, _("a third route between '{a}' and '{b}' (at most two: {first}, "
                             "{second})").format(a=a, b=b, first=group[0].id,
                                                 second=group[1].id))
        if group and group[0].length != length:
            # TRANSLATORS: {length} of this route; {other} the twin route's id, {other_length}
            rd.fail(where, _("double route length {length} differs from {other} "
                             "({other_length})").format(length=length, other=group[0].id,
                                                        other_length=group[0].length))
        group.append(route)
        routes.append(route)
        route_layout[rid] = RouteLayout(via, cars)

    tickets: list[Ticket] = []
    ticket_sets: dict[str, list[str]] = {}
    seen_tickets: set[str] = set()
    uf = UnionFind(city_layout)
    for route in routes:
        uf.union(route.a, route.b)
    for i, item in enumerate(rd.seq(top.get("tickets", []), "tickets")):
        where = f"tickets[{i}]"
        t = rd.mapping(item, where)
        tid = rd.ident(t.get("id"), where + ".id") if "id" in t else ""
        where = f"{where} ({tid})" if tid else where
        rd.keys(t, where, ("id", "from", "to", "points"), ("long", "sets"))
        if tid in seen_tickets:
            rd.fail(where, _("duplicate ticket id '{id}'").format(id=tid))
        seen_tickets.add(tid)
        a, b = (rd.city_ref(t[k], f"{where}.{k}", city_layout) for k in ("from", "to"))
        if a == b:
            rd.fail(where, _("a ticket needs two different cities, got '{city}' twice").format(
                city=a))
        if uf.find(a) != uf.find(b):
            rd.fail(where, _("no chain of routes connects '{a}' and '{b}'").format(a=a, b=b))
        points = rd.integer(t["points"], where + ".points", 1, 1000)
        long = rd.flag(t.get("long", False), where + ".long")
        for j, s in enumerate(rd.seq(t.get("sets", []), where + ".sets")):
            set_name = rd.ident(s, f"{where}.sets[{j}]", NAME_RE)
            members = ticket_sets.setdefault(set_name, [])
            if tid in members:
                rd.fail(f"{where}.sets[{j}]", _("ticket set '{name}' listed twice").format(
                    name=set_name))
            members.append(tid)
        tickets.append(Ticket(tid, a, b, points, long))

    sets = {k: tuple(v) for k, v in ticket_sets.items()}
    try:
        probe = GameMap(map_id, name, tuple(cities), tuple(routes), tuple(tickets), sets)
    except TtrError as e:
        rd.fail("", error_text(e))
    rules = rd.options(top.get("rules", {}), "rules")
    variant_options: dict[str, dict[str, Any]] = {}
    variants: dict[str, RulesConfig] = {}
    raw_variants = top.get("variants")
    if raw_variants is None:
        raw_variants = {"base": {}}
    elif isinstance(raw_variants, dict):
        if not raw_variants:
            rd.fail("variants", _("no variant is named; leave 'variants' out for a single "
                                  "variant 'base' with the map's rules"))
        raw_variants = {str(k) if isinstance(k, int) and not isinstance(k, bool) else k: v
                        for k, v in raw_variants.items()}
    for vname, vdata in rd.mapping(raw_variants, "variants").items():
        where = f"variants.{vname}" if top.get("variants") is not None else "rules"
        rd.ident(vname, f"variants.{vname}", NAME_RE)
        opts = rd.options({} if vdata is None else vdata, where)
        try:
            config = RulesConfig().with_options(**{**rules, **opts, "variant": vname})
        except TtrError as e:
            rd.fail(where, error_text(e))
        for problem in map_problems(config, probe):
            rd.fail(f"{where}.{problem.option}", problem_text(problem))
        variant_options[vname] = opts
        variants[vname] = config
    if top.get("variants") is None:
        variant_options = {}  # the implicit 'base' variant is not written back

    try:
        game_map = GameMap(map_id, name, tuple(cities), tuple(routes), tuple(tickets),
                           sets, variants, rules_digest(cities, routes, tickets, sets, variants))
    except TtrError as e:
        rd.fail("", error_text(e))
    geography = None
    if top.get("geography") is not None:
        geography = read_geography(rd, top["geography"], size)
    layout = MapLayout(size, city_layout, route_layout, background, geography)
    return MapDefinition(game_map, layout, path, rules, variant_options, header)


def rules_digest(cities: list[City], routes: list[Route], tickets: list[Ticket],
                 sets: Mapping[str, tuple[str, ...]], variants: Mapping[str, RulesConfig]) -> str:
    """The map's content hash (kept in saves and records): of what the rules read, the
    ids, routes, tickets, ticket decks and variant rules, and not of names, layout,
    descriptions or formatting, so that editing how a map looks keeps its saved games
    and records playable."""
    facts = {
        "cities": [c.id for c in cities],
        "routes": [[r.id, r.a, r.b, r.length, None if r.color is None else int(r.color),
                    r.tunnel, r.ferry] for r in routes],
        "tickets": [[t.id, t.a, t.b, t.points, t.long] for t in tickets],
        "ticket_sets": {k: list(v) for k, v in sets.items()},
        "variants": {k: _digest_options(c) for k, c in variants.items()},
    }
    return hashlib.sha256(json.dumps(facts, sort_keys=True).encode("utf-8")).hexdigest()


_FIRST_OPTIONS = frozenset((
    "variant", "cards_per_color", "locomotives", "starting_hand", "faceup_slots",
    "faceup_loco_reset", "max_consecutive_resets", "trains", "end_trigger", "route_points",
    "double_routes_min_players", "ticket_set", "deal_regular", "deal_long", "deal_keep_min",
    "unkept_initial_to_box", "draw_tickets", "draw_keep_min", "longest_path_bonus",
    "globetrotter_bonus", "stations", "station_costs", "station_points", "tunnel_reveal",
))
"""The rules options of the first hashed maps: always part of the hash. An option added
later counts only where a map sets it to something else than its default, so adding an
option keeps every saved game playable (a save carries its own full rules anyway)."""

_DEFAULTS = RulesConfig().to_dict()


def _digest_options(config: RulesConfig) -> dict[str, Any]:
    """The options of one variant as they enter the content hash."""
    return {f: v for f, v in config.to_dict().items()
            if f in _FIRST_OPTIONS or (f != "description" and v != _DEFAULTS.get(f))}


# ---------------------------------------------------------------- finding maps


def _map_files() -> list[tuple[Path, bool]]:
    """(path, bundled) of every map file, bundled first, each folder sorted."""
    out: list[tuple[Path, bool]] = []
    for folder, bundled in ((paths.maps_dir(), True), (paths.user_maps_dir(), False)):
        if folder.is_dir():
            out.extend((p, bundled) for p in sorted(folder.glob("*.yaml")) if p.is_file())
    return out


def find_map(map_id: str) -> MapDefinition:
    """The map with this id: a bundled map, else one in the user maps folder.

    Raises:
        MapError: no such map, or its file is broken.
    """
    if isinstance(map_id, str) and len(map_id) <= 60 and ID_RE.match(map_id):
        for folder in (paths.maps_dir(), paths.user_maps_dir()):
            candidate = folder / f"{map_id}.yaml"
            if candidate.is_file():
                definition = load_map(candidate)
                if definition.id != map_id:
                    raise MapError(_id_mismatch(candidate, definition.id, map_id))
                return definition
    available = ", ".join(sorted({p.stem for p, _bundled in _map_files()})) \
        or pgettext("no maps", "none")
    # TRANSLATORS: {map} is the map id asked for, {available} the ids of the maps there are
    raise MapError(_("unknown map {map} (available: {available})").format(
        map=short_repr(map_id), available=available))


def _id_mismatch(path: Path, declared: str, map_id: str) -> str:
    # TRANSLATORS: "id" is the map file's key (not translated)
    return _("{path}: id: the file declares id '{declared}'; it must match the file name "
             "'{name}'").format(path=path, declared=declared, name=map_id)


def list_maps() -> list[MapEntry]:
    """Every map file, bundled first; broken files are listed with their error."""
    entries: list[MapEntry] = []
    bundled_ids: set[str] = set()
    for p, bundled in _map_files():
        map_id = p.stem
        if not bundled and map_id in bundled_ids:
            entries.append(MapEntry(map_id, map_id, p, (), _(
                "{path}: a bundled map already has the id '{id}'; rename the file").format(
                    path=p, id=map_id)))
            continue
        if bundled:
            bundled_ids.add(map_id)
        try:
            d = load_map(p)
            if d.id != map_id:
                raise MapError(_id_mismatch(p, d.id, map_id))
        except MapError as e:
            entries.append(MapEntry(map_id, map_id, p, (), str(e)))
            continue
        entries.append(MapEntry(map_id, d.name, p, tuple(d.game_map.variants)))
    return entries


# ---------------------------------------------------------------- writing


_PLAIN = re.compile(r"^[^\W\d][\w .'()/-]*$")


def _scalar(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if v.is_integer():
            return str(int(v))
        text = repr(v)
        return text if "e" not in text else f"{v:.6f}"
    s = str(v)
    if _PLAIN.match(s) and s == s.strip() and yaml.safe_load(s) == s:
        return s
    return json.dumps(s, ensure_ascii=False)


def _flow(v: Any) -> str:
    if isinstance(v, Mapping):
        return "{" + ", ".join(f"{_scalar(k)}: {_flow(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_flow(x) for x in v) + "]"
    return _scalar(v)


def _option_value(key: str, value: Any) -> Any:
    if key == "route_points":
        return {n: p for n, p in value}
    return value


def dump_map(definition: MapDefinition) -> str:
    """The map as canonical YAML (flow style, one item a line) that loads back equal."""
    gm, layout = definition.game_map, definition.layout
    out: list[str] = []
    if definition.header:
        out.append(definition.header)
    out += [f"schema: {SCHEMA}", f"id: {_scalar(gm.id)}", f"name: {_scalar(gm.name)}", "board:",
            f"  size: {_flow(layout.size)}"]
    if layout.background is not None:
        out.append(f"  background: {_scalar(layout.background)}")
    if definition.rules:
        out.append("rules:")
        out += [f"  {k}: {_flow(_option_value(k, v))}" for k, v in definition.rules.items()]
    if definition.variant_options:
        out.append("variants:")
        for name, opts in definition.variant_options.items():
            out.append(f"  {_scalar(name)}:" + ("" if opts else " {}"))
            out += [f"    {k}: {_flow(_option_value(k, v))}" for k, v in opts.items()]
    out.append("cities:")
    for c in gm.cities:
        cl = layout.cities[c.id]
        item: dict[str, Any] = {"id": c.id, "name": c.name, "pos": cl.pos}
        if cl.label is not None:
            item["label"] = cl.label
        out.append(f"  - {_flow(item)}")
    out.append("routes:")
    for r in gm.routes:
        rl = layout.routes.get(r.id, RouteLayout())
        item = {"id": r.id, "from": r.a, "to": r.b, "length": r.length,
                "color": "gray" if r.color is None else r.color.key}
        if r.tunnel:
            item["tunnel"] = True
        if r.ferry:
            item["ferry"] = r.ferry
        if rl.via:
            item["via"] = rl.via
        if rl.cars is not None:
            item["cars"] = rl.cars
        out.append(f"  - {_flow(item)}")
    if gm.tickets:
        out.append("tickets:")
    for t in gm.tickets:
        item = {"id": t.id, "from": t.a, "to": t.b, "points": t.points}
        if t.long:
            item["long"] = True
        member_of = [s for s, ids in gm.ticket_sets.items() if t.id in ids]
        if member_of:
            item["sets"] = member_of
        out.append(f"  - {_flow(item)}")
    if layout.geography is not None:
        out += dump_geography(layout.geography)
    return "\n".join(out) + "\n"


def save_map(definition: MapDefinition, path: str | Path) -> None:
    """Write `dump_map(definition)` to `path` (UTF-8).

    Raises:
        MapError: the file cannot be written.
    """
    p = Path(path)
    try:
        p.write_text(dump_map(definition), encoding="utf-8")
    except OSError as e:
        raise MapError(_("{path}: cannot write the map file: {error}").format(
            path=p, error=e.strerror or e)) from None
