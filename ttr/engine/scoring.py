"""Final scoring: tickets, longest path, bonuses, stations, ranking and tie-breaks."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import chain, compress, product, repeat
from operator import eq
from typing import Final, NamedTuple

from ttr.engine.board import CityId, GameMap, RouteId, Seat, TicketId
from ttr.engine.config import RulesConfig
from ttr.engine.state import GameState

_TIE_BREAKS: Final = ("points", "tickets", "stations", "longest path")
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

    def __reduce__(self) -> tuple[type[PlayerResult], tuple[object, ...]]:
        """Pickle through the constructor (see docs/ENGINE.md, "Compiled build")."""
        return (PlayerResult, (
            self.seat, self.route_points, self.tickets, self.longest_path, self.longest_bonus,
            self.globetrotter_bonus, self.stations_left, self.station_points, self.borrowed,
            self.rank,
        ))

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

    def __reduce__(self) -> tuple[type[GameResult], tuple[object, ...]]:
        """Pickle through the constructor (see docs/ENGINE.md, "Compiled build")."""
        return (GameResult, (self.players, self.ranking, self.decided_by))

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
    its other end), after merging chains through cities of degree 2; it stops early
    when a trail reaches an upper bound (`_trail_bound`).

    >>> longest_trail([(0, 1, 2), (1, 2, 3), (2, 0, 1), (2, 3, 4)])
    10
    """
    if not edges:
        return 0
    size = 1 + max([max(a, b) for a, b, _ in edges])
    adj: _Adjacency = [[] for _ in range(size)]
    cities = []  # in the order they first appear
    bit = 1
    for a, b, w in edges:
        if not adj[a]:
            cities.append(a)
        adj[a].append((b, bit, w))
        if not adj[b]:
            cities.append(b)
        adj[b].append((a, bit, w))
        bit <<= 1
    best = 0
    seen = [False] * size
    for start in cities:
        if seen[start]:
            continue
        comp = [start]
        seen[start] = True
        odd = []
        total = degrees = 0
        for city in comp:  # grows while it is read: a breadth-first search
            links = adj[city]
            degrees += len(links)
            if len(links) & 1:
                odd.append(city)
            for nb, _, w in links:
                total += w
                if not seen[nb]:
                    seen[nb] = True
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
        limit = _trail_bound(adj, odd, total)
        if limit > best:
            best = _search(adj, odd[:-1], limit, best)
    return best


def _trail_bound(adj: _Adjacency, odd: list[int], total: int) -> int:
    """An upper bound on the longest trail of a component of `total` length with these
    odd cities (more than two). Every odd city but the trail's two ends keeps an odd
    number of unused edges, so at least one; an edge serves at most two such cities;
    so the unused edges weigh at least half the sum of the len(odd) - 2 smallest
    lightest-edge weights of odd cities."""
    lightest = sorted([min([w for _, _, w in adj[c]]) for c in odd])
    return total - (sum(lightest[:len(odd) - 2]) + 1) // 2


_Adjacency = list[list[tuple[int, int, int]]]
"""By city index: (neighbour, edge bit, length) per edge at that city."""


def _diameter(adj: _Adjacency, start: int) -> int:
    """The longest path of the tree containing `start` (the farthest city from the
    city farthest from `start`)."""
    far = _farthest(adj, start)[0]
    return _farthest(adj, far)[1]


def _farthest(adj: _Adjacency, source: int) -> tuple[int, int]:
    """(city, distance) of a city of the tree farthest from `source`."""
    dist = [-1] * len(adj)  # -1: not reached yet
    dist[source] = 0
    stack = [source]
    best, best_dist = source, 0
    while stack:
        city = stack.pop()
        d = dist[city]
        if d > best_dist:
            best, best_dist = city, d
        for nb, _, w in adj[city]:
            if dist[nb] < 0:
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


def _search(adj: _Adjacency, starts: list[int], limit: int, best: int) -> int:
    """The longest trail from `starts` if longer than `best` (else `best`); stops as
    soon as one reaches `limit`, an upper bound."""
    for c in starts:
        best = _extend(adj, c, 0, 0, best, limit)
    return best


def _extend(adj: _Adjacency, city: int, used: int, length: int, best: int, limit: int) -> int:
    """The longest trail found so far (`best`, or longer) after trying every way to go
    on from `city` with `length` behind it over the edges not in the bit set `used`;
    stops once one reaches `limit`."""
    if length > best:
        best = length
    for nb, bit, w in adj[city]:
        if not used & bit and best < limit:
            best = _extend(adj, nb, used | bit, length + w, best, limit)
    return best


def route_edges(gm: GameMap, owners: Sequence[Seat | None], seat: Seat) -> list[Edge]:
    """The (city, city, length) edges of the routes `seat` owns."""
    return _edges(gm, routes_of(owners, seat))


def _edges(gm: GameMap, routes: Iterable[int]) -> list[Edge]:
    edges = gm.edges
    return [edges[i] for i in routes]


def _ticket_scores(gm: GameMap, routes: Iterable[int],
                   tickets: Sequence[TicketId]) -> tuple[TicketScore, ...]:
    ends = gm.ticket_ends
    joined = _joined(gm, routes, tickets)
    return tuple([TicketScore(t, ends[t][2], j) for t, j in zip(tickets, joined, strict=True)])


def _best_borrowing(gm: GameMap, owners: Sequence[Seat | None], stations: Sequence[Seat | None],
                    seat: Seat, tickets: Sequence[TicketId],
                    own: list[int]) -> tuple[tuple[int, int], ...]:
    """(city, route) per station of `seat` that maximises its ticket score (`own`: the
    routes the seat owns)."""
    options: list[list[tuple[int, int]]] = []
    for city, owner in enumerate(stations):
        if owner != seat:
            continue
        routes = [(city, r) for r in gm.city_routes[city] if owners[r] not in _NOT_OTHERS[seat]]
        if routes:
            options.append(routes)
    best: tuple[tuple[int, int], ...] = ()
    best_key = _borrow_key(_ticket_scores(gm, own, tickets))
    for combo in product(*options):
        key = _borrow_key(_ticket_scores(gm, own + [r for _, r in combo], tickets))
        if key > best_key:
            best, best_key = combo, key
    return best


def _borrow_key(scores: Sequence[TicketScore]) -> tuple[int, int]:
    """How good a borrowing is for its owner: ticket points, then completed tickets (the
    first tie-break), so a choice that scores the same but completes more is taken."""
    return sum(t.value for t in scores), sum(t.completed for t in scores)


_NOT_OTHERS: Final = tuple((None, -1, seat) for seat in range(8))
"""Per seat, the owner values that are not another seat (nobody is None or -1)."""


PlayerTotals = tuple[Sequence[TicketId], int, int]
"""(tickets, route points, stations left) of one seat."""


def results(state: GameState) -> GameResult:
    """Final scores with every component, the ranking and the deciding tie-break."""
    return results_of(state.game_map, state.config, state.owners, state.stations,
                      [(p.tickets, p.route_points, p.stations) for p in state.players])


def results_of(gm: GameMap, cfg: RulesConfig, owners: Sequence[Seat | None],
               stations: Sequence[Seat | None], players: Sequence[PlayerTotals]) -> GameResult:
    """`results` from the parts of a state it reads (so `Sim.results` needs no freeze).
    In `owners` (per route) and `stations` (per city) nobody is None or -1."""
    rows = []
    for seat, (held, _, _) in enumerate(players):
        own = routes_of(owners, seat)
        borrowed = (_best_borrowing(gm, owners, stations, seat, held, own)
                    if cfg.stations else ())
        tickets = _ticket_scores(gm, own + [r for _, r in borrowed] if borrowed else own, held)
        rows.append((borrowed, tickets, longest_trail(_edges(gm, own))))
    longest = max(r[2] for r in rows)
    done = [sum(t.completed for t in r[1]) for r in rows]
    most_done = max(done)
    fields: list[_Fields] = []
    keys = []
    for seat, ((_, route_points, left), (borrowed, tickets, length), completed) in enumerate(
            zip(players, rows, done, strict=True)):
        longest_bonus = cfg.longest_path_bonus if length == longest and length > 0 else 0
        globetrotter = (cfg.globetrotter_bonus if completed == most_done
                        and (most_done > 0 or cfg.globetrotter_at_zero) else 0)
        station_points = left * cfg.station_points
        ticket_points = sum(t.points if t.completed else -t.points for t in tickets)
        total = route_points + ticket_points + longest_bonus + globetrotter + station_points
        # fewest stations used = most left; USA has none, so that step never decides
        keys.append((total, completed, left if cfg.stations else 0, int(longest_bonus > 0)))
        fields.append((seat, route_points, tickets, length, longest_bonus, globetrotter,
                       left, station_points,
                       tuple((gm.cities[c].id, gm.routes[r].id) for c, r in borrowed)))
    return _rank(fields, keys)


_Fields = tuple[Seat, int, tuple[TicketScore, ...], int, int, int, int, int,
                tuple[tuple[CityId, RouteId], ...]]
"""The fields of a `PlayerResult` but its rank."""


def _rank(players: Sequence[_Fields], keys: Sequence[tuple[int, ...]]) -> GameResult:
    """Rank the seats by their keys, best first (seats with equal keys share a rank and
    are listed in seat order), and build the result from each seat's `PlayerResult`
    fields but the last, its rank."""
    order = sorted(range(len(keys)), key=lambda seat: (tuple(-k for k in keys[seat]), seat))
    ranks = [0] * len(keys)
    for i, seat in enumerate(order):
        same = i and keys[order[i - 1]] == keys[seat]
        ranks[seat] = ranks[order[i - 1]] if same else i + 1
    decided = "points"
    if len(order) > 1:
        a, b = keys[order[0]], keys[order[1]]
        diff = next((i for i in range(4) if a[i] != b[i]), None)
        decided = "tie" if diff is None else _TIE_BREAKS[diff]
    ranked = tuple(PlayerResult(*p, rank=ranks[seat]) for seat, p in enumerate(players))
    return GameResult(ranked, tuple(order), decided)
