"""Blocking in 2-player games: find an open route the opponent obviously needs.

The opponent's tickets are hidden, but its claimed routes show where it is going: a
ticket whose remaining cost over the opponent's network is much lower than from
scratch is probably held. For the few most likely tickets, each open route on the
opponent's cheapest remaining path is scored by the detour its loss would force (a
lost ticket counts as twice its points). Only public information is used.
"""

from __future__ import annotations

from ttr.ai.planning import Network, network_from, shortest_path
from ttr.engine import PlayerView

LIKELY_TICKETS = 4
"""How many of the most likely opponent tickets are examined."""
MIN_SAVING = 4.0
"""Plan cost an opponent's network must already save on a ticket to count as a hint."""


def block_values(view: PlayerView) -> dict[int, float]:
    """Route index -> how much claiming it would hurt the (single) opponent."""
    assert view.me is not None
    pub = view.public
    if len(pub.players) != 2:
        return {}
    gm = pub.game_map
    opp = 1 - view.me.seat
    double_open = len(pub.players) >= pub.config.double_routes_min_players
    net = network_from(gm, pub.owners, opp, double_open)
    if not net.owned:
        return {}
    scratch = Network(gm, frozenset(), net.open | net.owned)
    mine = set(view.me.tickets)
    hints: list[tuple[float, float, tuple[int, ...], int, int]] = []
    for t in gm.tickets:
        if t.id in mine:
            continue
        a, b = gm.city_index[t.a], gm.city_index[t.b]
        now = shortest_path(net, a, b)
        if now is None or not now[1]:
            continue  # impossible or already joined: nothing to block
        fresh = shortest_path(scratch, a, b)
        assert fresh is not None
        saving = fresh[0] - now[0]
        if saving >= MIN_SAVING:
            hints.append((saving, now[0], now[1], a, b))
    hints.sort(reverse=True)
    values: dict[int, float] = {}
    points = {(gm.city_index[t.a], gm.city_index[t.b]): t.points for t in gm.tickets}
    for saving, cost, path, a, b in hints[:LIKELY_TICKETS]:
        weight = saving / (saving + 6.0)
        pts = points.get((a, b), points.get((b, a), 10))
        for r in path:
            cut = net.open - {r, gm.twin[r]}
            alt = shortest_path(Network(gm, net.owned, cut), a, b)
            delta = 2.0 * pts if alt is None else min(alt[0] - cost, 2.0 * pts)
            values[r] = values.get(r, 0.0) + weight * delta
    return values
