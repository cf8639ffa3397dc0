"""Shared heuristics: shortest paths over the routes a seat can still use, ticket plans.

A `Network` is one seat's picture of the board from its own view: routes it owns cost
nothing, open routes cost their length (plus a small per-claim charge), and in Europe
routes other seats own can be borrowed with a station at a fixed price. `ticket_plan`
joins tickets greedily over that network (a Steiner-tree style plan: routes planned for
one ticket are free for the next).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from heapq import heappop, heappush
from typing import Final

from ttr.engine import GameMap, PlayerView, Seat

CLAIM_CHARGE: Final = 0.6
"""Extra cost per route in a plan: each claim is a turn, so fewer, longer routes win ties."""
BORROW_COST: Final = 5.0
"""Plan cost of borrowing another seat's route with a new station (Europe)."""
STATION_BORROW_COST: Final = 0.8
"""Plan cost of borrowing at a city where the seat already has a station."""
INF: Final = float("inf")


class Network:
    """Which routes a seat owns, could still claim, or could borrow with a station.

    `costs` holds every route's `weight`, computed once (shortest paths read it per
    edge). Read-only once built.
    """

    __slots__ = ("game_map", "owned", "open", "borrow", "station_cities", "stations_left",
                 "costs")
    game_map: GameMap
    owned: frozenset[int]
    open: frozenset[int]
    borrow: frozenset[int]
    station_cities: frozenset[int]
    stations_left: int
    """Stations the seat may still build (each borrows one route)."""
    costs: list[float]
    """Plan cost of using each route (INF if unusable), by route index."""

    def __init__(self, game_map: GameMap, owned: frozenset[int], open: frozenset[int],
                 borrow: frozenset[int] = frozenset(),
                 station_cities: frozenset[int] = frozenset(), stations_left: int = 0) -> None:
        self.game_map = game_map
        self.owned, self.open, self.borrow = owned, open, borrow
        self.station_cities, self.stations_left = station_cities, stations_left
        costs = [INF] * len(game_map.routes)
        ends = game_map.ends
        for r in borrow:
            a, b = ends[r]
            near = a in station_cities or b in station_cities
            costs[r] = STATION_BORROW_COST if near else BORROW_COST
        edges = game_map.edges
        for r in open:
            costs[r] = edges[r][2] + CLAIM_CHARGE
        for r in owned:
            costs[r] = 0.0
        self.costs = costs

    def weight(self, r: int) -> float:
        """Plan cost of using route `r` (INF if unusable): nothing if owned, its length
        plus `CLAIM_CHARGE` if open, a borrowing cost if it can be borrowed."""
        return self.costs[r]


def network_for(view: PlayerView, seat: Seat, stations: bool = True) -> Network:
    """The seat's own routes and the routes still open to it in this view."""
    pub = view.public
    return network_from(
        pub.game_map,
        pub.owners,
        seat,
        len(pub.players) >= pub.config.double_routes_min_players,
        pub.players[seat].stations if stations else 0,
        pub.stations,
    )


def network_from(
    gm: GameMap,
    owners: Sequence[int | None],
    seat: Seat,
    double_open: bool,
    stations_left: int = 0,
    station_owner: Sequence[int | None] = (),
) -> Network:
    """A `Network` from raw ownership data (used by views and by playouts)."""
    owned: set[int] = set()
    open_: set[int] = set()
    borrow: set[int] = set()
    mine = frozenset(i for i, o in enumerate(station_owner) if o == seat)
    for i, o in enumerate(owners):
        if o is not None and o >= 0:
            if o == seat:
                owned.add(i)
            elif stations_left or mine:
                borrow.add(i)
            continue
        twin = gm.twin[i]
        if twin >= 0:
            other = owners[twin]
            if other is not None and other >= 0 and (other == seat or not double_open):
                continue
        open_.add(i)
    if not stations_left:  # only routes touching an existing station can be borrowed
        borrow = {r for r in borrow if gm.ends[r][0] in mine or gm.ends[r][1] in mine}
    return Network(gm, frozenset(owned), frozenset(open_), frozenset(borrow), mine, stations_left)


def shortest_path(
    net: Network, a: int, b: int, free: frozenset[int] | set[int] = frozenset()
) -> tuple[float, tuple[int, ...]] | None:
    """Cheapest way to join cities a and b; routes in `free` cost nothing.

    Returns (cost, route indices used that are not owned) or None.
    """
    costs = net.costs
    if free:
        costs = costs[:]
        for r in free:
            costs[r] = 0.0
    return _cheapest(net, costs, a, b)


def _cheapest(net: Network, costs: list[float], a: int, b: int
              ) -> tuple[float, tuple[int, ...]] | None:
    """`shortest_path` with the route costs given (Dijkstra's algorithm)."""
    gm = net.game_map
    city_routes, ends = gm.city_routes, gm.ends
    push, pop = heappush, heappop
    dist = [INF] * len(city_routes)
    dist[a] = 0.0
    came_from = [-1] * len(city_routes)  # the city each city was reached from
    came_by = [-1] * len(city_routes)  # and by which route
    heap = [(0.0, a)]
    while heap:
        d, city = pop(heap)
        if city == b:
            break
        if d > dist[city]:
            continue
        for r in city_routes[city]:
            w = costs[r]
            if w == INF:
                continue
            x, y = ends[r]
            nb = y if x == city else x
            nd = d + w
            if nd < dist[nb]:
                dist[nb] = nd
                came_from[nb] = city
                came_by[nb] = r
                push(heap, (nd, nb))
    if dist[b] == INF:
        return None
    owned = net.owned
    path = []
    city = b
    while city != a:
        r = came_by[city]
        city = came_from[city]
        if r not in owned:
            path.append(r)
    return dist[b], tuple(path)


@dataclass(frozen=True, slots=True)
class Plan:
    """Routes to claim (and borrow) for a set of tickets."""

    cost: float
    """Plan cost (train spaces plus per-claim and borrowing charges)."""
    routes: frozenset[int]
    """Open routes to claim."""
    borrowed: frozenset[int]
    """Routes of other seats to borrow with stations."""
    lost: tuple[str, ...]
    """Tickets that can no longer be completed."""
    done: tuple[str, ...]
    """Tickets already completed."""

    def __reduce__(self) -> tuple[type[Plan], tuple[object, ...]]:
        """Pickle through the constructor (see docs/ENGINE.md, "Compiled build")."""
        return (Plan, (self.cost, self.routes, self.borrowed, self.lost, self.done))


def plan_spaces(gm: GameMap, routes: Iterable[int]) -> int:
    """Train spaces the routes need."""
    return sum(gm.routes[r].length for r in routes)


def ticket_plan(net: Network, tickets: Iterable[str], orders: int = 2) -> Plan:
    """Routes to claim for the given tickets, greedily sharing routes between them.

    Tickets are joined one at a time (routes already planned are free for the next);
    `orders` ticket orders are tried (by value, then by shortest first) and the
    cheapest plan wins.
    """
    gm = net.game_map
    tickets = list(tickets)
    best: Plan | None = None
    keys = [lambda t: -gm.ticket_by_id[t].points, lambda t: gm.ticket_by_id[t].points]
    for key in keys[: max(1, orders)]:
        plan = _plan_in_order(net, sorted(tickets, key=key))
        if best is None or (len(plan.lost), plan.cost) < (len(best.lost), best.cost):
            best = plan
        if len(tickets) < 2:
            break
    assert best is not None
    return best


def _plan_in_order(net: Network, order: list[str]) -> Plan:
    gm = net.game_map
    free: set[int] = set()
    costs = net.costs[:]  # as the network's, but the routes in `free` cost nothing
    lost: list[str] = []
    done: list[str] = []
    cost = 0.0
    no_borrowing: Network | None = None
    for tid in order:
        t = gm.ticket_by_id[tid]
        a, b = gm.city_index[t.a], gm.city_index[t.b]
        found = _cheapest(net, costs, a, b)
        if found is not None and net.borrow and not stations_suffice(
            net, [r for r in (*free, *found[1]) if r in net.borrow]
        ):  # more borrowed routes than stations: go without new borrowing
            if no_borrowing is None:
                no_borrowing = Network(gm, net.owned, net.open, frozenset(),
                                       net.station_cities, net.stations_left)
            found = shortest_path(no_borrowing, a, b, free)
        if found is None:
            lost.append(tid)
            continue
        if not found[1]:
            done.append(tid)
        cost += found[0]
        free.update(found[1])
        for r in found[1]:
            costs[r] = 0.0
    routes = frozenset(r for r in free if r in net.open)
    borrowed = frozenset(r for r in free if r in net.borrow)
    return Plan(cost, routes, borrowed, tuple(lost), tuple(done))


def stations_suffice(net: Network, borrowed: Sequence[int]) -> bool:
    """Whether each route in `borrowed` can have a station of its own: a built station
    at one of its ends (a station borrows one route) or one of the stations left."""
    return len(unserved(net, borrowed)) <= net.stations_left


def unserved(net: Network, borrowed: Sequence[int]) -> list[int]:
    """The routes of `borrowed` that no built station can serve (each serves one),
    so each needs a new station."""
    match: dict[int, int] = {}
    return [r for r in borrowed if not _serve(net, r, match, set())]


def _serve(net: Network, r: int, match: dict[int, int], seen: set[int]) -> bool:
    """Give route `r` a built station (augmenting path; `match` is city -> route)."""
    for city in net.game_map.ends[r]:
        if city in net.station_cities and city not in seen:
            seen.add(city)
            if city not in match or _serve(net, match[city], match, seen):
                match[city] = r
                return True
    return False


def completed(gm: GameMap, owned: Iterable[int], tickets: Iterable[str]) -> list[bool]:
    """Whether each ticket is joined by the routes in `owned` (union-find)."""
    parent = list(range(len(gm.cities)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for r in owned:
        a, b = gm.ends[r]
        parent[find(a)] = find(b)
    out = []
    for tid in tickets:
        t = gm.ticket_by_id[tid]
        out.append(find(gm.city_index[t.a]) == find(gm.city_index[t.b]))
    return out
