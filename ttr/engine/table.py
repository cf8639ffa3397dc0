"""What the table shows that follows from the rules: twin tracks closed to everyone, who
holds the longest-path bonus right now, and the routes the final count highlights (a
completed ticket's path, a longest trail). Pure queries on public facts (no secrets)."""

from __future__ import annotations

from collections import deque

from ttr.engine.board import GameMap, Seat
from ttr.engine.scoring import longest_trail, route_edges
from ttr.engine.view import PublicState


def closed_twins(public: PublicState) -> frozenset[int]:
    """Indices of open routes nobody may claim any more: the twin of a claimed route when
    fewer seats play than the rules need to open both tracks."""
    if len(public.players) >= public.config.double_routes_min_players:
        return frozenset()
    twin = public.game_map.twin
    owners = public.owners
    return frozenset(i for i, o in enumerate(owners)
                     if o is None and twin[i] >= 0 and owners[twin[i]] is not None)


def path_lengths(public: PublicState) -> tuple[int, ...]:
    """Each seat's longest continuous path now, in trains (as final scoring counts it)."""
    return tuple(longest_trail(route_edges(public.game_map, public.owners, seat))
                 for seat in range(len(public.players)))


def path_leaders(public: PublicState) -> tuple[Seat, ...]:
    """The seats that would take the longest-path bonus if the game ended now (ties share
    it, as in final scoring; nobody before the first claim)."""
    lengths = path_lengths(public)
    best = max(lengths, default=0)
    return tuple(s for s, n in enumerate(lengths) if n == best and n > 0)


def ticket_path(gm: GameMap, routes: set[str], a: str, b: str) -> frozenset[str]:
    """Routes of a shortest path a->b through `routes` (empty if not connected)."""
    adj: dict[str, list[tuple[str, str]]] = {}
    for rid in sorted(routes):
        r = gm.route_by_id[rid]
        adj.setdefault(r.a, []).append((r.b, rid))
        adj.setdefault(r.b, []).append((r.a, rid))
    prev: dict[str, tuple[str, str]] = {}
    seen, todo = {a}, deque([a])
    while todo:
        c = todo.popleft()
        if c == b:
            break
        for nb, rid in adj.get(c, []):
            if nb not in seen:
                seen.add(nb)
                prev[nb] = (c, rid)
                todo.append(nb)
    if b not in prev:
        return frozenset()
    out, c = set(), b
    while c != a:
        c, rid = prev[c]
        out.add(rid)
    return frozenset(out)


def longest_trail_routes(gm: GameMap, routes: set[str]) -> frozenset[str]:
    """The routes of one longest trail (each route once) through `routes`."""
    ids = sorted(routes)
    adj: dict[str, list[tuple[str, str, int]]] = {}
    for rid in ids:
        r = gm.route_by_id[rid]
        adj.setdefault(r.a, []).append((r.b, rid, r.length))
        adj.setdefault(r.b, []).append((r.a, rid, r.length))
    best: tuple[int, frozenset[str]] = (0, frozenset())
    used: list[str] = []

    def dfs(city: str, length: int) -> None:
        nonlocal best
        if length > best[0]:
            best = (length, frozenset(used))
        for nb, rid, w in adj.get(city, []):
            if rid not in used:
                used.append(rid)
                dfs(nb, length + w)
                used.pop()

    for start in sorted(adj):
        dfs(start, 0)
    return best[1]
