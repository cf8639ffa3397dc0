"""Final scoring: tickets, longest path, bonuses, stations, ranking and tie-breaks."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from ttr.engine.board import CityId, GameMap, RouteId, Seat, TicketId
from ttr.engine.state import GameState

_TIE_BREAKS = ("points", "tickets", "stations", "longest path")
Edge = tuple[int, int, int]
"""(city index, city index, length)."""


@dataclass(frozen=True, slots=True)
class TicketScore:
    """One ticket's outcome."""

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


class _UnionFind:
    __slots__ = ("parent",)

    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, x: int) -> int:
        parent = self.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(self, a: int, b: int) -> None:
        self.parent[self.find(a)] = self.find(b)


def connected_pairs(num_cities: int, edges: Iterable[tuple[int, int]]) -> _UnionFind:
    """Union-find over cities joined by `edges`."""
    uf = _UnionFind(num_cities)
    for a, b in edges:
        uf.union(a, b)
    return uf


def longest_trail(edges: Sequence[Edge]) -> int:
    """Length of the longest trail (each edge at most once, cities may repeat).

    Per connected component: with at most two odd-degree cities the whole component
    is one trail (Euler). Otherwise a longest trail runs between two odd-degree
    cities (an end of even degree could be extended by an unused edge; a closed
    trail could be entered at any city with unused edges), so a depth-first search
    from the odd cities only finds it.

    >>> longest_trail([(0, 1, 2), (1, 2, 3), (2, 0, 1), (2, 3, 4)])
    10
    """
    if not edges:
        return 0
    adj: dict[int, list[tuple[int, int, int]]] = {}
    for i, (a, b, w) in enumerate(edges):
        adj.setdefault(a, []).append((b, 1 << i, w))
        adj.setdefault(b, []).append((a, 1 << i, w))
    seen: set[int] = set()
    best = 0
    for start in sorted(adj):
        if start in seen:
            continue
        comp = [start]
        seen.add(start)
        k = 0
        while k < len(comp):
            for nb, _, _ in adj[comp[k]]:
                if nb not in seen:
                    seen.add(nb)
                    comp.append(nb)
            k += 1
        total = sum(w for c in comp for _, _, w in adj[c]) // 2
        if total <= best:
            continue
        odd = [c for c in comp if len(adj[c]) % 2]
        if len(odd) <= 2:
            best = total
        else:
            comp_edges = [edges[i] for i in sorted({b.bit_length() - 1 for c in comp
                                                    for _, b, _ in adj[c]})]
            best = max(best, _search(_contract(comp_edges), odd, total, best))
    return best


def _contract(edges: list[Edge]) -> dict[int, list[tuple[int, int, int]]]:
    """Adjacency (neighbour, edge bit, length) with every chain through a city of
    degree 2 merged into one edge: a trail that enters such a city leaves it by the
    other edge (stopping there is never longer), so lengths are unchanged and the
    search has far fewer branches. Odd-degree cities keep their degree."""
    alive = {i: e for i, e in enumerate(edges)}
    touching: dict[int, set[int]] = {}
    for i, (a, b, _) in alive.items():
        touching.setdefault(a, set()).add(i)
        touching.setdefault(b, set()).add(i)
    next_id = len(edges)
    # contracting keeps every other city's degree, so one pass over the cities that
    # have degree 2 now is enough
    for city in sorted(c for c, ids in touching.items() if len(ids) == 2):
        i, j = sorted(touching[city])
        (a1, b1, w1), (a2, b2, w2) = alive[i], alive[j]
        if a1 == b1 or a2 == b2:  # a loop: leave it
            continue
        x = b1 if a1 == city else a1
        y = b2 if a2 == city else a2
        for k, end in ((i, x), (j, y)):
            del alive[k]
            touching[end].discard(k)
        del touching[city]
        alive[next_id] = (x, y, w1 + w2)
        touching[x].add(next_id)
        touching[y].add(next_id)
        next_id += 1
    adj: dict[int, list[tuple[int, int, int]]] = {}
    for bit_index, (a, b, w) in enumerate(alive.values()):
        bit = 1 << bit_index
        adj.setdefault(a, []).append((b, bit, w))
        adj.setdefault(b, []).append((a, bit, w))
    return adj


def _search(adj: dict[int, list[tuple[int, int, int]]], starts: list[int], total: int,
            best: int) -> int:
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
    return [(*gm.ends[r.index], r.length) for r in gm.routes if owners[r.index] == seat]


def ticket_scores(state: GameState, seat: Seat,
                  borrowed: Iterable[int] = ()) -> tuple[TicketScore, ...]:
    """Each of `seat`'s tickets, completed or not, with extra `borrowed` route indices."""
    gm = state.game_map
    edges = [gm.ends[r.index] for r in gm.routes if state.owners[r.index] == seat]
    edges += [gm.ends[i] for i in borrowed]
    uf = connected_pairs(len(gm.cities), edges)
    out = []
    for tid in state.players[seat].tickets:
        t = gm.ticket_by_id[tid]
        done = uf.find(gm.city_index[t.a]) == uf.find(gm.city_index[t.b])
        out.append(TicketScore(tid, t.points, done))
    return tuple(out)


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
        borrowed = _best_borrowing(state, seat) if cfg.stations else ()
        tickets = ticket_scores(state, seat, (r for _, r in borrowed))
        rows.append((seat, p, borrowed, tickets,
                     longest_trail(route_edges(gm, state.owners, seat))))
    longest = max(r[4] for r in rows)
    most_done = max(sum(t.completed for t in r[3]) for r in rows)
    prelim: list[dict[str, Any]] = []
    for seat, p, borrowed, tickets, length in rows:
        prelim.append({
            "seat": seat,
            "route_points": p.route_points,
            "tickets": tickets,
            "longest_path": length,
            "longest_bonus": cfg.longest_path_bonus if length == longest and length > 0 else 0,
            "globetrotter_bonus": (
                cfg.globetrotter_bonus
                if most_done > 0 and sum(t.completed for t in tickets) == most_done else 0
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
