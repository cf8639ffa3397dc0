"""Shared heuristics: shortest paths over the routes a seat can still use, ticket plans."""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass

from ttr.engine import GameMap, PlayerView, Seat


@dataclass(frozen=True, slots=True)
class Network:
    """Which routes a seat owns and which it could still claim, by route index."""

    game_map: GameMap
    owned: frozenset[int]
    open: frozenset[int]


def network_for(view: PlayerView, seat: Seat) -> Network:
    """The seat's own routes and the routes still open to it in this view."""
    pub = view.public
    gm = pub.game_map
    double_open = len(pub.players) >= pub.config.double_routes_min_players
    owned = frozenset(i for i, o in enumerate(pub.owners) if o == seat)
    open_: set[int] = set()
    for i, o in enumerate(pub.owners):
        if o is not None:
            continue
        twin = gm.twin[i]
        if twin >= 0 and pub.owners[twin] is not None and (
            pub.owners[twin] == seat or not double_open
        ):
            continue
        open_.add(i)
    return Network(gm, owned, frozenset(open_))


def shortest_path(net: Network, a: int, b: int) -> tuple[int, tuple[int, ...]] | None:
    """Cheapest way (in train spaces still to place) to join cities a and b.

    Owned routes cost 0. Returns (cost, route indices still to claim) or None.
    """
    gm = net.game_map
    dist = {a: 0}
    prev: dict[int, tuple[int, int]] = {}
    heap = [(0, a)]
    while heap:
        d, city = heapq.heappop(heap)
        if city == b:
            break
        if d > dist.get(city, 1 << 30):
            continue
        for r in gm.city_routes[city]:
            if r in net.owned:
                w = 0
            elif r in net.open:
                w = gm.routes[r].length
            else:
                continue
            x, y = gm.ends[r]
            nb = y if x == city else x
            nd = d + w
            if nd < dist.get(nb, 1 << 30):
                dist[nb] = nd
                prev[nb] = (city, r)
                heapq.heappush(heap, (nd, nb))
    if b not in dist:
        return None
    path = []
    city = b
    while city != a:
        city, r = prev[city]
        if r not in net.owned:
            path.append(r)
    return dist[b], tuple(path)


def ticket_plan(net: Network, tickets: Iterable[str]) -> tuple[int, set[int], list[str]]:
    """Routes to claim for the given tickets, greedily sharing routes between them.

    Returns (spaces needed, route indices, tickets that can no longer be completed).
    Tickets are planned in order of decreasing value; routes planned for one ticket
    count as owned for the next.
    """
    gm = net.game_map
    owned = set(net.owned)
    needed: set[int] = set()
    lost: list[str] = []
    order = sorted(tickets, key=lambda t: -gm.ticket_by_id[t].points)
    for tid in order:
        t = gm.ticket_by_id[tid]
        found = shortest_path(
            Network(gm, frozenset(owned), net.open), gm.city_index[t.a], gm.city_index[t.b]
        )
        if found is None:
            lost.append(tid)
            continue
        for r in found[1]:
            needed.add(r)
            owned.add(r)
    return sum(gm.routes[r].length for r in needed), needed, lost
