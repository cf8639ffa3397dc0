"""Final scoring: tickets, longest path, bonuses, stations, ranking and tie-breaks."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import chain, compress, product, repeat
from operator import eq
from typing import Any, NamedTuple

from ttr.engine.board import CityId, GameMap, RouteId, Seat, TicketId
from ttr.engine.state import GameState

_TIE_BREAKS = ("points", "tickets", "stations", "longest path")
Edge = tuple[int, int, int]
"""(city index, city index, length)."""


class TicketScore(NamedTuple):
    """One ticket's outcome (a named tuple: scoring builds many of them)."""

    ticket: TicketId
    points: int
    completed: bool

    @property
    def value(self) -> int:
        """Points added (completed) or subtracted (not)."""
        return self.points if self.completed else -self.points


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One seat's final breakdown."""

    seat: Seat
    route_points: int
    tickets: tuple[TicketScore, ...]
    longest_path: int
    longest_bonus: int
    globetrotter_bonus: int
    stations_left: int
    station_points: int
    borrowed: tuple[tuple[CityId, RouteId], ...]
    """(station city, route borrowed) for each built station that borrows a route."""
    rank: int
    """1 for the winner; seats tied after every tie-break share a rank."""

    @property
    def ticket_points(self) -> int:
        """Sum of ticket values (+ completed, - failed)."""
        return sum(t.value for t in self.tickets)

    @property
    def completed(self) -> int:
        """Completed tickets."""
        return sum(1 for t in self.tickets if t.completed)

    @property
    def total(self) -> int:
        """Final score."""
        return (
            self.route_points + self.ticket_points + self.longest_bonus
            + self.globetrotter_bonus + self.station_points
        )


@dataclass(frozen=True, slots=True)
class GameResult:
    """Final scores; `ranking` is seats best first; `decided_by` says what split the top."""

    players: tuple[PlayerResult, ...]
    ranking: tuple[Seat, ...]
    decided_by: str
    """"points", "tickets", "stations", "longest path" or "tie"."""

    @property
    def winners(self) -> tuple[Seat, ...]:
        """Seats with rank 1."""
        return tuple(p.seat for p in self.players if p.rank == 1)


def connected_tickets(gm: GameMap, owners: Sequence[Seat | None], seat: Seat,
                      tickets: Iterable[TicketId], borrowed: Iterable[int] = ()) -> list[bool]:
    """Per ticket, whether `seat`'s routes (plus the `borrowed` route indices) join its
    two cities."""
    return _joined(gm, chain(routes_of(owners, seat), borrowed), tickets)


def routes_of(owners: Sequence[Seat | None], seat: Seat) -> list[int]:
    """Indices of the routes `seat` owns."""
    return list(compress(range(len(owners)), map(eq, owners, repeat(seat))))


def _joined(gm: GameMap, routes: Iterable[int], tickets: Iterable[TicketId]) -> list[bool]:
    """Per ticket, whether `routes` join its two cities (union-find, path halving)."""
    parent = list(range(len(gm.cities)))
    ends = gm.ends
    for i in routes:
        a, b = ends[i]
        while parent[a] != a:
            parent[a] = a = parent[parent[a]]
        while parent[b] != b:
            parent[b] = b = parent[parent[b]]
        if a != b:
            parent[a] = b
    ticket_ends = gm.ticket_ends
    out = []
    for tid in tickets:
        a, b, _ = ticket_ends[tid]
        while parent[a] != a:
            a = parent[a]
        while parent[b] != b:
            b = parent[b]
        out.append(a == b)
    return out


def longest_trail(edges: Sequence[Edge]) -> int:
    """Length of the longest trail (each edge at most once, cities may repeat).

    Per connected component: with at most two odd-degree cities the whole component
    is one trail (Euler). Otherwise a longest trail runs between two odd-degree
    cities (an end of even degree could be extended by an unused edge; a closed
    trail could be entered at any city with unused edges), so a depth-first search
    from the odd cities only finds it (all but one of them: the trail is found from
    its other end), after merging chains through cities of degree 2.

    >>> longest_trail([(0, 1, 2), (1, 2, 3), (2, 0, 1), (2, 3, 4)])
    10
    """
    if not edges:
        return 0
    adj: _Adjacency = defaultdict(list)
    bit = 1
    for a, b, w in edges:
        adj[a].append((b, bit, w))
        adj[b].append((a, bit, w))
        bit <<= 1
    best = 0
    seen: set[int] = set()
    for start in adj:
        if start in seen:
            continue
        comp = [start]
        seen.add(start)
        odd = []
        total = degrees = 0
        for city in comp:  # grows while it is read: a breadth-first search
            links = adj[city]
            degrees += len(links)
            if len(links) & 1:
                odd.append(city)
            for nb, _, w in links:
                total += w
                if nb not in seen:
                    seen.add(nb)
                    comp.append(nb)
        total //= 2
        if total <= best:
            continue
        if len(odd) <= 2:
            best = total
            continue
        if degrees == 2 * len(comp) - 2:  # a tree: its longest trail is its diameter
            best = max(best, _diameter(adj, start))
            continue
        bit = _contract(adj, comp, bit)
        best = _search(adj, odd[:-1], total, best)
    return best


_Adjacency = dict[int, list[tuple[int, int, int]]]
"""City -> (neighbour, edge bit, length) per edge at that city."""


def _diameter(adj: _Adjacency, start: int) -> int:
    """The longest path of the tree containing `start` (the farthest city from the
    city farthest from `start`)."""
    far = _farthest(adj, start)[0]
    return _farthest(adj, far)[1]


def _farthest(adj: _Adjacency, source: int) -> tuple[int, int]:
    """(city, distance) of a city of the tree farthest from `source`."""
    dist = {source: 0}
    stack = [source]
    best, best_dist = source, 0
    while stack:
        city = stack.pop()
        d = dist[city]
        if d > best_dist:
            best, best_dist = city, d
        for nb, _, w in adj[city]:
            if nb not in dist:
                dist[nb] = d + w
                stack.append(nb)
    return best, best_dist


def _contract(adj: _Adjacency, comp: list[int], bit: int) -> int:
    """Merge, in place, every chain through a city of degree 2 of `comp` into one edge
    (new edge bits from `bit` up; returns the next free bit). A trail that enters
    such a city leaves it by the other edge (stopping there is never longer), so
    lengths are unchanged and the search has far fewer branches. Other cities keep
    their degree."""
    for city in comp:
        links = adj[city]
        if len(links) != 2:
            continue
        (x, bit_x, wx), (y, bit_y, wy) = links
        if x == city or y == city:  # a loop: leave it
            continue
        for end, old, other in ((x, bit_x, y), (y, bit_y, x)):
            end_links = adj[end]
            for k, link in enumerate(end_links):
                if link[1] == old:
                    end_links[k] = (other, bit, wx + wy)
                    break
        links.clear()
        bit <<= 1
    return bit


def _search(adj: _Adjacency, starts: list[int], total: int, best: int) -> int:
    found = best

    def dfs(city: int, used: int, length: int) -> None:
        nonlocal found
        if length > found:
            found = length
        for nb, bit, w in adj[city]:
            if not used & bit and found < total:
                dfs(nb, used | bit, length + w)

    for c in starts:
        dfs(c, 0, 0)
    return found


def route_edges(gm: GameMap, owners: Sequence[Seat | None], seat: Seat) -> list[Edge]:
    """The (city, city, length) edges of the routes `seat` owns."""
    return _edges(gm, routes_of(owners, seat))


def _edges(gm: GameMap, routes: Iterable[int]) -> list[Edge]:
    ends, rinfo = gm.ends, gm.rinfo
    return [(*ends[i], rinfo[i][1]) for i in routes]


def ticket_scores(state: GameState, seat: Seat,
                  borrowed: Iterable[int] = ()) -> tuple[TicketScore, ...]:
    """Each of `seat`'s tickets, completed or not, with extra `borrowed` route indices."""
    return _ticket_scores(state.game_map, chain(routes_of(state.owners, seat), borrowed),
                          state.players[seat].tickets)


def _ticket_scores(gm: GameMap, routes: Iterable[int],
                   tickets: Sequence[TicketId]) -> tuple[TicketScore, ...]:
    ends = gm.ticket_ends
    return tuple(TicketScore(t, ends[t][2], d)
                 for t, d in zip(tickets, _joined(gm, routes, tickets), strict=True))


def _best_borrowing(state: GameState, seat: Seat) -> tuple[tuple[int, int], ...]:
    """(city, route) per station that maximises the seat's ticket score."""
    gm = state.game_map
    options: list[list[tuple[int, int]]] = []
    for city, owner in enumerate(state.stations):
        if owner != seat:
            continue
        routes = [
            (city, r) for r in gm.city_routes[city]
            if state.owners[r] is not None and state.owners[r] != seat
        ]
        if routes:
            options.append(routes)
    best: tuple[tuple[int, int], ...] = ()
    best_value = sum(t.value for t in ticket_scores(state, seat))
    for combo in product(*options):
        value = sum(t.value for t in ticket_scores(state, seat, (r for _, r in combo)))
        if value > best_value:
            best, best_value = combo, value
    return best


def results(state: GameState) -> GameResult:
    """Final scores with every component, the ranking and the deciding tie-break."""
    gm, cfg = state.game_map, state.config
    rows = []
    for seat, p in enumerate(state.players):
        own = routes_of(state.owners, seat)
        borrowed = _best_borrowing(state, seat) if cfg.stations else ()
        tickets = _ticket_scores(gm, own + [r for _, r in borrowed], p.tickets)
        done = sum(1 for t in tickets if t.completed)
        rows.append((seat, p, borrowed, tickets, done, longest_trail(_edges(gm, own))))
    longest = max(r[5] for r in rows)
    most_done = max(r[4] for r in rows)
    prelim: list[dict[str, Any]] = []
    for seat, p, borrowed, tickets, done, length in rows:
        prelim.append({
            "seat": seat,
            "route_points": p.route_points,
            "tickets": tickets,
            "longest_path": length,
            "longest_bonus": cfg.longest_path_bonus if length == longest and length > 0 else 0,
            "globetrotter_bonus": (
                cfg.globetrotter_bonus
                if most_done > 0 and done == most_done else 0
            ),
            "stations_left": p.stations,
            "station_points": p.stations * cfg.station_points,
            "borrowed": tuple((gm.cities[c].id, gm.routes[r].id) for c, r in borrowed),
        })
    return _rank(prelim, uses_stations=cfg.stations > 0)


def _rank(players: list[dict[str, Any]], uses_stations: bool) -> GameResult:
    """Rank the seats (fields of each PlayerResult but its rank) and build the result."""

    def key(p: dict[str, Any]) -> tuple[int, ...]:
        # fewest stations used = most left; USA has none, so that step never decides
        total = (p["route_points"] + sum(t.value for t in p["tickets"]) + p["longest_bonus"]
                 + p["globetrotter_bonus"] + p["station_points"])
        completed = sum(1 for t in p["tickets"] if t.completed)
        return (total, completed, p["stations_left"] if uses_stations else 0,
                int(p["longest_bonus"] > 0))

    keys = {p["seat"]: key(p) for p in players}
    order = sorted(keys, key=lambda seat: (tuple(-k for k in keys[seat]), seat))
    ranks: dict[int, int] = {}
    for i, seat in enumerate(order):
        same = i and keys[order[i - 1]] == keys[seat]
        ranks[seat] = ranks[order[i - 1]] if same else i + 1
    decided = "points"
    if len(order) > 1:
        a, b = keys[order[0]], keys[order[1]]
        diff = next((i for i in range(4) if a[i] != b[i]), None)
        decided = "tie" if diff is None else _TIE_BREAKS[diff]
    ranked = tuple(PlayerResult(**p, rank=ranks[p["seat"]]) for p in players)
    return GameResult(ranked, tuple(order), decided)
