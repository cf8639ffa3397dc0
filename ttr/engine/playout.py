"""Cheap random legal actions for playouts (`Sim.sample`, `Sim.play_random`)."""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable
from itertools import combinations, permutations
from typing import TYPE_CHECKING

from ttr.engine.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
)
from ttr.engine.cards import LOCO
from ttr.engine.payments import nth_payment
from ttr.engine.state import Stage

if TYPE_CHECKING:
    from ttr.engine.sim import Sim

_DECK, _TICKETS, _PASS = DrawDeck(), DrawTickets(), Pass()
_FACEUP = tuple(DrawFaceUp(i) for i in range(16))
CHOOSE, SECOND = int(Stage.CHOOSE_ACTION), int(Stage.SECOND_DRAW)
_TRIES = 8
_ORDERS3 = tuple(permutations(range(3)))
_ORDERS4 = tuple(permutations(range(4)))
"""Every order in which to try the kinds of move (cards, tickets, claim, station)."""
"""Random probes for a claimable route before listing them all."""


def sample(sim: Sim, rng: random.Random) -> Action:
    """One random legal action without listing them all.

    Picks uniformly among the kinds of move available (draw a card, draw tickets,
    claim a route, build a station), then uniformly within the kind: a card source,
    a claimable route then one of its payments, a ticket subset of any allowed size.
    """
    stage = sim.stage
    rand = rng.random
    if stage == CHOOSE:
        orders = _ORDERS4 if sim.stations_left[sim.current] else _ORDERS3
        for kind in orders[int(rand() * len(orders))]:
            if kind == 0:
                faceup = sim.faceup
                if sim.deck and -1 not in faceup:  # the usual case, inlined
                    i = int(rand() * (len(faceup) + 1))
                    return _FACEUP[i] if i < len(faceup) else _DECK
                action = _draw(sim, rand, first=True)
                if action is not None:
                    return action
            elif kind == 1:
                if sim.ticket_deck:
                    return _TICKETS
            elif kind == 2:
                action = _claim(sim, rand)
                if action is not None:
                    return action
            else:
                cities = sim._station_cities()
                if cities:
                    city = cities[int(rand() * len(cities))]
                    hand = sim.hands[sim.current]
                    built = sim.cfg.stations - sim.stations_left[sim.current]
                    pay = nth_payment(hand, sim.cfg.station_costs[built], -1, 0, rand())
                    return BuildStation(sim.gm.cities[city].id, pay)
        return _PASS
    if stage == SECOND:
        faceup = sim.faceup
        if sim.deck and LOCO not in faceup and -1 not in faceup:  # the usual case
            i = int(rand() * (len(faceup) + 1))
            return _FACEUP[i] if i < len(faceup) else _DECK
        action = _draw(sim, rand, first=False)
        assert action is not None, "second draw stage with nothing to draw"
        return action
    if sim.offers[sim.current]:
        offer = sorted(sim.offers[sim.current])
        least = sim._keep_min(len(offer))
        subsets = [c for k in range(least, len(offer) + 1) for c in combinations(offer, k)]
        return KeepTickets(subsets[int(rand() * len(subsets))])
    acts = sim.legal()
    return acts[int(rand() * len(acts))]


def _draw(sim: Sim, rand: Callable[[], float], first: bool) -> Action | None:
    faceup = sim.faceup
    if first and -1 not in faceup:  # the usual case: a full row
        k = len(faceup) + (1 if sim.deck or any(sim.discard) else 0)
        i = int(rand() * k)
        return _FACEUP[i] if i < len(faceup) else _DECK
    if first:
        slots = [i for i, c in enumerate(faceup) if c >= 0]
    else:
        slots = [i for i, c in enumerate(faceup) if 0 <= c < LOCO]
    k = len(slots) + (1 if sim.deck or any(sim.discard) else 0)
    if not k:
        return None
    i = int(rand() * k)
    return _FACEUP[slots[i]] if i < len(slots) else _DECK


def _claim(sim: Sim, rand: Callable[[], float]) -> Action | None:
    """A uniformly random claimable route, then one of its payments.

    Per colour, the open routes short enough for the hand are a prefix of the
    length-sorted open list (found by bisection); a route is drawn uniformly from
    those prefixes and accepted if its ferry and double-route conditions also hold
    (rejection sampling, so the result is uniform over the claimable routes), with
    a full listing as the fallback.
    """
    seat = sim.current
    hand = sim.hands[seat]
    locos = hand[LOCO]
    trains = sim.trains[seat]
    best = max(hand[:8])
    lengths = sim._open_len
    counts = []
    total = 0
    for g in range(9):
        reach = (hand[g] if g < 8 else best) + locos
        n = bisect_right(lengths[g], reach if reach < trains else trains)
        counts.append(n)
        total += n
    if not total:
        return None
    owners = sim.owners
    groups = sim._open
    chosen = -1
    for _ in range(_TRIES):
        i = int(rand() * total)
        g = 0
        while i >= counts[g]:
            i -= counts[g]
            g += 1
        _, ridx, twin, ferry = groups[g][i]
        if locos < ferry:
            continue
        if twin >= 0:
            other = owners[twin]
            if other == seat or (other >= 0 and not sim._double_open):
                continue
        chosen = ridx
        break
    if chosen < 0:
        routes = sim._claimable(seat)
        if not routes:
            return None
        chosen = routes[int(rand() * len(routes))]
    _, length, color, _, ferry = sim._rinfo[chosen]
    pay = nth_payment(hand, length, color, ferry, rand())
    return ClaimRoute(sim.gm.routes[chosen].id, pay)
