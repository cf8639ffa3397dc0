"""Map topology: cities, routes, tickets and the lookups built once per map."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Final

from ttr.engine.cards import CardColor
from ttr.engine.config import MAX_ROUTE_LENGTH, RulesConfig, map_problems, short_repr
from ttr.engine.errors import MapError, TtrError

CityId = str
RouteId = str
TicketId = str
Seat = int


MAX_LENGTH: Final = MAX_ROUTE_LENGTH
"""The longest a route can be (Europe has 8-car routes)."""


def upto_counts(group: Sequence[tuple[int, ...]]) -> list[int]:
    """For entries whose first field is a route length: how many are at most n long,
    for n = 0 .. MAX_LENGTH."""
    counts = [0] * (MAX_LENGTH + 1)
    for entry in group:  # how many are exactly n long, then the running sum
        counts[entry[0]] += 1
    total = 0
    for n in range(MAX_LENGTH + 1):
        total += counts[n]
        counts[n] = total
    return counts


@cache
def cap_tables(top: int) -> tuple[tuple[int, ...], ...]:
    """`cap_tables(top)[t][n] == min(n, t)` for t = 0 .. MAX_LENGTH and n = 0 .. top."""
    return tuple(tuple(min(n, t) for n in range(top + 1)) for t in range(MAX_LENGTH + 1))


@cache
def points_by_length(route_points: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """Route points by length (0 where the table has none), from a rules points table."""
    table = dict(route_points)
    return tuple(table.get(n, 0) for n in range(max(table) + 1))


@dataclass(frozen=True, slots=True)
class City:
    """A city on the board."""

    id: CityId
    name: str


@dataclass(frozen=True, slots=True)
class Route:
    """One track between two cities; `color` None is gray (any one colour).

    `ferry` is the number of locomotive symbols (0 = not a ferry).
    """

    id: RouteId
    a: CityId
    b: CityId
    length: int
    color: CardColor | None
    index: int = 0
    tunnel: bool = False
    ferry: int = 0


@dataclass(frozen=True, slots=True)
class Ticket:
    """A destination ticket; `long` marks Europe's long routes."""

    id: TicketId
    a: CityId
    b: CityId
    points: int
    long: bool = False


@dataclass(frozen=True, slots=True)
class GameMap:
    """Cities, routes, tickets, ticket decks and rule variants of one map.

    Derived lookups (`route_by_id`, `twin`, `city_routes`, ...) are built in
    `__post_init__` and never change.
    """

    id: str
    name: str
    cities: tuple[City, ...]
    routes: tuple[Route, ...]
    tickets: tuple[Ticket, ...]
    ticket_sets: Mapping[str, tuple[TicketId, ...]] = field(default_factory=dict)
    variants: Mapping[str, RulesConfig] = field(default_factory=dict)
    content_hash: str = ""
    """A hash of the rules facts (see `mapfile.rules_digest`); saves check it on load."""
    # derived
    city_index: Mapping[CityId, int] = field(init=False, repr=False, compare=False)
    route_by_id: Mapping[RouteId, Route] = field(init=False, repr=False, compare=False)
    ticket_by_id: Mapping[TicketId, Ticket] = field(init=False, repr=False, compare=False)
    ticket_ends: Mapping[TicketId, tuple[int, int, int]] = field(init=False, repr=False,
                                                                 compare=False)
    """(city index, city index, points) per ticket, for scoring."""
    twin: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Index of the other track of a double route, or -1."""
    ends: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    """City indices of each route's ends."""
    edges: tuple[tuple[int, int, int], ...] = field(init=False, repr=False, compare=False)
    """(city index, city index, length) of each route."""
    city_routes: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    """Route indices touching each city (by city index)."""
    rinfo: tuple[tuple[int, int, int, int, int], ...] = field(init=False, repr=False,
                                                              compare=False)
    """(index, length, colour or -1 for gray, twin, ferry) per route, for the hot path."""
    tunnels: frozenset[int] = field(init=False, repr=False, compare=False)
    """Indices of the tunnel routes."""
    by_color: tuple[tuple[tuple[int, int, int, int], ...], ...] = field(
        init=False, repr=False, compare=False)
    """Per colour 0-7, then gray at 8: (length, index, twin, ferry), shortest first."""
    by_color_upto: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    """Per group of `by_color`, `upto_counts` of it."""

    def __post_init__(self) -> None:
        s = object.__setattr__
        city_index = {c.id: i for i, c in enumerate(self.cities)}
        for i, r in enumerate(self.routes):
            if r.index != i:
                raise MapError(f"map {self.id}: route {r.id} has index {r.index}, expected {i}",
                               "route_index", map=self.id, route=r.id, index=r.index,
                               expected=i)
            for end in (r.a, r.b):
                if end not in city_index:
                    raise MapError(f"map {self.id}: route {r.id}: unknown city {end!r}",
                                   "route_city_unknown", map=self.id, route=r.id, city=end)
            if not 1 <= r.length <= MAX_LENGTH:
                raise MapError(f"map {self.id}: route {r.id}: length {r.length} is not "
                               f"1 to {MAX_LENGTH}", "route_length", map=self.id,
                               route=r.id, length=r.length, longest=MAX_LENGTH)
        s(self, "city_index", city_index)
        s(self, "route_by_id", {r.id: r for r in self.routes})
        s(self, "ticket_by_id", {t.id: t for t in self.tickets})
        for t in self.tickets:
            for end in (t.a, t.b):
                if end not in city_index:
                    raise MapError(f"map {self.id}: ticket {t.id}: unknown city {end!r}",
                                   "ticket_city_unknown", map=self.id, ticket=t.id, city=end)
        s(self, "ticket_ends", {t.id: (city_index[t.a], city_index[t.b], t.points)
                                for t in self.tickets})
        pairs: dict[frozenset[str], list[int]] = {}
        for r in self.routes:
            pairs.setdefault(frozenset((r.a, r.b)), []).append(r.index)
        twin = [-1] * len(self.routes)
        for idxs in pairs.values():
            if len(idxs) == 2:
                twin[idxs[0]], twin[idxs[1]] = idxs[1], idxs[0]
        s(self, "twin", tuple(twin))
        s(self, "ends", tuple((city_index[r.a], city_index[r.b]) for r in self.routes))
        s(self, "edges", tuple((city_index[r.a], city_index[r.b], r.length) for r in self.routes))
        touching: list[list[int]] = [[] for _ in self.cities]
        for r in self.routes:
            touching[city_index[r.a]].append(r.index)
            touching[city_index[r.b]].append(r.index)
        s(self, "city_routes", tuple(tuple(t) for t in touching))
        rinfo = tuple(
            (r.index, r.length, -1 if r.color is None else int(r.color), twin[r.index], r.ferry)
            for r in self.routes
        )
        s(self, "rinfo", rinfo)
        s(self, "tunnels", frozenset(r.index for r in self.routes if r.tunnel))
        s(self, "by_color", tuple(
            tuple(sorted((ln, i, tw, f) for i, ln, c, tw, f in rinfo if c == color))
            for color in (*range(8), -1)
        ))
        s(self, "by_color_upto", tuple(tuple(upto_counts(g)) for g in self.by_color))
        for name, config in self.variants.items():
            for problem in map_problems(config, self):
                raise MapError(f"map {self.id}: variant {name}: {problem.message}",
                               "map_variant", inner=problem.error(), map=self.id,
                               variant=name)

    def route(self, route_id: RouteId) -> Route:
        """The route with this id.

        Raises:
            TtrError: no such route.
        """
        try:
            return self.route_by_id[route_id]
        except KeyError:
            raise TtrError(f"no route {route_id!r} on map {self.id}", "no_route",
                           route=short_repr(route_id), map=self.id) from None

    def city_name(self, city_id: CityId) -> str:
        """Display name of a city."""
        return self.cities[self.city_index[city_id]].name

    def rules(self, variant: str = "base") -> RulesConfig:
        """The rules of a named variant of this map.

        Raises:
            TtrError: the map has no such variant.
        """
        if variant in self.variants:
            return self.variants[variant]
        if not self.variants and variant == "base":
            return RulesConfig()
        names = ", ".join(sorted(self.variants)) or "base"
        raise TtrError(f"map {self.id} has no variant {variant!r} (choose from {names})",
                       "no_variant", map=self.id, variant=short_repr(variant), names=names)

    def ticket_deck(self, config: RulesConfig) -> tuple[TicketId, ...]:
        """The ticket ids the rule set plays with, in map order.

        Raises:
            TtrError: the map has no such ticket set.
        """
        if config.ticket_set in self.ticket_sets:
            return self.ticket_sets[config.ticket_set]
        if not self.ticket_sets and config.ticket_set == "base":
            return tuple(t.id for t in self.tickets)
        raise TtrError(f"map {self.id} has no ticket set {config.ticket_set!r}", "no_ticket_set",
                       map=self.id, set=config.ticket_set)
