"""The editable map document: plain frozen records, converted to and from `MapDefinition`.

A `Doc` holds everything a map file holds, so `doc_to_text(doc_from_definition(d))`
equals `dump_map(d)`: opening and saving a map changes nothing. A `Doc` may be
invalid (a ticket between unconnected cities, a third track...); the loader's
validation of `doc_to_text` reports that, and saving still works.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ttr.engine.board import City, GameMap, Route, Ticket
from ttr.engine.cards import CardColor
from ttr.i18n import N_
from ttr.maps.geography import Geography
from ttr.maps.mapfile import (
    CityLayout,
    MapDefinition,
    MapLayout,
    RouteLayout,
    dump_map,
)

Point = tuple[float, float]
CarPose = tuple[float, float, float]


@dataclass(frozen=True, slots=True)
class CityRec:
    """A city: id, display name, position and optional label offset."""

    id: str
    name: str
    pos: Point
    label: Point | None = None


@dataclass(frozen=True, slots=True)
class RouteRec:
    """One track; `color` None is gray; `cars` are explicit car poses (or None)."""

    id: str
    a: str
    b: str
    length: int
    color: CardColor | None = None
    tunnel: bool = False
    ferry: int = 0
    via: tuple[Point, ...] = ()
    cars: tuple[CarPose, ...] | None = None


@dataclass(frozen=True, slots=True)
class TicketRec:
    """A destination ticket and the ticket decks (`sets`) it belongs to."""

    id: str
    a: str
    b: str
    points: int
    long: bool = False
    sets: tuple[str, ...] = ()


NEW_NAME = N_("New map")
"""The name of a new map (translated when the map is made: it is saved in the file)."""


@dataclass(frozen=True, slots=True)
class Doc:
    """A whole map file as editable records."""

    map_id: str = "new-map"
    name: str = NEW_NAME
    size: Point = (1600.0, 1000.0)
    background: str | None = None
    cities: tuple[CityRec, ...] = ()
    routes: tuple[RouteRec, ...] = ()
    tickets: tuple[TicketRec, ...] = ()
    rules: Mapping[str, Any] = field(default_factory=dict)
    variant_options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    header: str = ""
    geography: Geography | None = None
    """Land and water drawn under the network (baked by tools/bake_geo.py; kept as is)."""

    def city(self, cid: str) -> CityRec:
        """The city with this id (KeyError if missing)."""
        for c in self.cities:
            if c.id == cid:
                return c
        raise KeyError(cid)

    def route(self, rid: str) -> RouteRec:
        """The route with this id (KeyError if missing)."""
        for r in self.routes:
            if r.id == rid:
                return r
        raise KeyError(rid)

    def ticket(self, tid: str) -> TicketRec:
        """The ticket with this id (KeyError if missing)."""
        for t in self.tickets:
            if t.id == tid:
                return t
        raise KeyError(tid)

    def pair(self, a: str, b: str) -> list[RouteRec]:
        """The routes (0, 1 or 2) between two cities, in map order."""
        key = {a, b}
        return [r for r in self.routes if {r.a, r.b} == key]

    def twin(self, rid: str) -> RouteRec | None:
        """The other track of a double route, or None."""
        r = self.route(rid)
        others = [x for x in self.pair(r.a, r.b) if x.id != rid]
        return others[0] if others else None

    def ids(self) -> set[str]:
        """Every city, route and ticket id in use."""
        return ({c.id for c in self.cities} | {r.id for r in self.routes}
                | {t.id for t in self.tickets})


def doc_from_definition(d: MapDefinition) -> Doc:
    """The editable form of a loaded map."""
    gm, layout = d.game_map, d.layout
    cities = tuple(CityRec(c.id, c.name, layout.cities[c.id].pos, layout.cities[c.id].label)
                   for c in gm.cities)
    routes = []
    for r in gm.routes:
        rl = layout.routes.get(r.id, RouteLayout())
        routes.append(RouteRec(r.id, r.a, r.b, r.length, r.color, r.tunnel, r.ferry,
                               tuple(rl.via), None if rl.cars is None else tuple(rl.cars)))
    tickets = tuple(
        TicketRec(t.id, t.a, t.b, t.points, t.long,
                  tuple(s for s, ids in gm.ticket_sets.items() if t.id in ids))
        for t in gm.tickets)
    return Doc(gm.id, gm.name, layout.size, layout.background, cities, tuple(routes), tickets,
               dict(d.rules), {k: dict(v) for k, v in d.variant_options.items()}, d.header,
               layout.geography)


def doc_to_definition(doc: Doc) -> MapDefinition:
    """A `MapDefinition` of the document, without validation (see `validate`)."""
    cities = tuple(City(c.id, c.name) for c in doc.cities)
    routes = tuple(Route(r.id, r.a, r.b, r.length, r.color, i, r.tunnel, r.ferry)
                   for i, r in enumerate(doc.routes))
    tickets = tuple(Ticket(t.id, t.a, t.b, t.points, t.long) for t in doc.tickets)
    sets: dict[str, list[str]] = {}
    for t in doc.tickets:
        for s in t.sets:
            sets.setdefault(s, []).append(t.id)
    gm = GameMap(doc.map_id, doc.name, cities, routes, tickets,
                 {k: tuple(v) for k, v in sets.items()})
    layout = MapLayout(
        doc.size,
        {c.id: CityLayout(c.pos, c.label) for c in doc.cities},
        {r.id: RouteLayout(r.via, r.cars) for r in doc.routes},
        doc.background, doc.geography)
    return MapDefinition(gm, layout, None, doc.rules, doc.variant_options, doc.header)


def doc_to_text(doc: Doc) -> str:
    """The document as the canonical map YAML (`ttr.maps.mapfile.dump_map`)."""
    return dump_map(doc_to_definition(doc))
