"""Cheap random legal actions for playouts (`Sim.sample`, `Sim.play_random`)."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from itertools import chain, combinations, permutations
from math import floor
from typing import Any, Final

from ttr.engine.actions import Action, BuildStation, ClaimRoute, KeepTickets
from ttr.engine.board import MAX_LENGTH
from ttr.engine.cards import LOCO_INDEX as LOCO
from ttr.engine.cards import Hand
from ttr.engine.errors import IllegalActionError
from ttr.engine.listing import DECK_ACTION, FACEUP_ACTIONS, PASS_ACTION, TICKETS_ACTION
from ttr.engine.payments import nth_counts
from ttr.engine.sim import CHOOSE, OVER, SECOND, Sim

_TRIES: Final = 8
"""Random probes for a claimable route before listing them all."""
_ORDERS3: Final = tuple(permutations(range(3)))
_ORDERS4: Final = tuple(permutations(range(4)))
"""Every order in which to try the kinds of move (cards, tickets, claim, station)."""


DRAW: Final = 0
TICKETS: Final = 1
CLAIM: Final = 2
STATION: Final = 3
PASS: Final = 4
KEEP: Final = 5
OTHER: Final = 6
"""Kinds of `_pick` result: (DRAW, slot or -1 for the deck, None), (TICKETS, None, None),
(CLAIM, route index, payment counts), (STATION, city index, payment counts),
(PASS, None, None), (KEEP, sorted tuple of ticket ids, None), (OTHER, an Action, None)."""
Pick = tuple[int, Any, Any]
_PICK_TICKETS: Final[Pick] = (TICKETS, None, None)
_PICK_PASS: Final[Pick] = (PASS, None, None)
_PICK_DECK: Final[Pick] = (DRAW, -1, None)
_PICK_SLOT: Final[tuple[Pick, ...]] = tuple((DRAW, i, None) for i in range(16))


def sample(sim: Sim, rng: random.Random) -> Action:
    """One random legal action without listing them all.

    Picks uniformly among the kinds of move available (draw a card, draw tickets,
    claim a route, build a station), then uniformly within the kind: a card source,
    a claimable route then one of its payments, a ticket subset of any allowed size.
    """
    kind, a, b = _pick(sim, rng.random)
    if kind == DRAW:
        return DECK_ACTION if a < 0 else FACEUP_ACTIONS[a]
    if kind == CLAIM:
        return ClaimRoute(sim.gm.routes[a].id, Hand(tuple(b)))
    if kind == TICKETS:
        return TICKETS_ACTION
    if kind == STATION:
        return BuildStation(sim.gm.cities[a].id, Hand(tuple(b)))
    if kind == PASS:
        return PASS_ACTION
    if kind == KEEP:
        return KeepTickets(a)
    action: Action = a
    return action


def play(sim: Sim, rng: random.Random, max_steps: int) -> int:
    """Play random moves until the game ends; returns the steps taken.

    The same moves, from the same `rng`, as stepping `sample` in a loop, applied
    without building action objects (the benchmark and playout fast path).

    Raises:
        IllegalActionError: the step bound was hit (a bug: every game ends).
    """
    rand = rng.random
    steps = 0
    while sim.stage != OVER:
        if steps >= max_steps:
            raise IllegalActionError(f"game did not end within {max_steps} steps",
                                     "playout_too_long", steps=max_steps)
        kind, a, b = _pick(sim, rand)
        if kind == DRAW:
            sim.take_card(a)
        elif kind == CLAIM:
            sim.claim_route(a, b)
        elif kind == TICKETS:
            sim._offer_tickets()
        elif kind == STATION:
            sim.build_station(a, b)
        elif kind == KEEP:
            sim._keep(a)
        elif kind == PASS:
            sim._pass()
        else:
            sim.step(a)
        steps += 1
    return steps


def _pick(sim: Sim, rand: Callable[[], float]) -> Pick:
    """The random move of `sample`, as a `Pick`."""
    stage = sim.stage
    if stage == CHOOSE:
        orders = _ORDERS4 if sim.stations_left[sim.current] else _ORDERS3
        n = len(orders)  # (len() in a float product is slow when compiled: a local)
        for kind in orders[floor(rand() * n)]:
            if kind == 0:
                faceup = sim.faceup
                if sim.deck and -1 not in faceup:  # the usual case, inlined
                    n = len(faceup)
                    i = floor(rand() * (n + 1))
                    return _PICK_SLOT[i] if i < n else _PICK_DECK
                slot = _draw(sim, rand, first=True)
                if slot is not None:
                    return _PICK_SLOT[slot] if slot >= 0 else _PICK_DECK
            elif kind == 1:
                if sim.ticket_deck:
                    return _PICK_TICKETS
            elif kind == 2:
                claim = _claim(sim, rand)
                if claim is not None:
                    return claim
            else:
                cities = sim._station_cities()
                if cities:
                    n = len(cities)
                    city = cities[floor(rand() * n)]
                    hand = sim.hands[sim.current]
                    built = sim.cfg.stations - sim.stations_left[sim.current]
                    pay = nth_counts(hand, sim.cfg.station_costs[built], -1, 0, rand())
                    return (STATION, city, pay)
        return _PICK_PASS
    if stage == SECOND:
        faceup = sim.faceup
        if sim.deck and -1 not in faceup:  # the usual cases: a full row, a deck
            n = len(faceup)
            locos = faceup.count(LOCO)
            if not locos:
                i = floor(rand() * (n + 1))
                return _PICK_SLOT[i] if i < n else _PICK_DECK
            if locos == 1:  # the slots but the locomotive's, then the deck
                i = floor(rand() * n)
                if i == n - 1:
                    return _PICK_DECK
                return _PICK_SLOT[i + 1 if i >= faceup.index(LOCO) else i]
        slot = _draw(sim, rand, first=False)
        assert slot is not None, "second draw stage with nothing to draw"
        return _PICK_SLOT[slot] if slot >= 0 else _PICK_DECK
    offer = sim.offers[sim.current]
    if offer:
        offer = sorted(offer)
        subsets = _subsets(len(offer), sim._keep_min(len(offer)))
        n = len(subsets)
        return (KEEP, tuple([offer[i] for i in subsets[floor(rand() * n)]]), None)
    acts = sim.legal()
    n = len(acts)
    return (OTHER, acts[floor(rand() * n)], None)


@cache
def _subsets(n: int, least: int) -> tuple[tuple[int, ...], ...]:
    """Index tuples of every subset of `range(n)` with at least `least` members: fewest
    first, then in `combinations` order."""
    return tuple(chain.from_iterable(combinations(range(n), k) for k in range(least, n + 1)))


def _draw(sim: Sim, rand: Callable[[], float], first: bool) -> int | None:
    """A random card source: a face-up slot, -1 for the deck, None if there is none."""
    faceup = sim.faceup
    if first and -1 not in faceup:  # the usual case: a full row
        n = len(faceup)
        k = n + (1 if sim.deck or any(sim.discard) else 0)
        i = floor(rand() * k)
        return i if i < n else -1
    if first:
        slots = [i for i, c in enumerate(faceup) if c >= 0]
    else:
        slots = [i for i, c in enumerate(faceup) if 0 <= c < LOCO]
    n = len(slots)
    k = n + (1 if sim.deck or any(sim.discard) else 0)
    if not k:
        return None
    i = floor(rand() * k)
    return slots[i] if i < n else -1


def _claim(sim: Sim, rand: Callable[[], float]) -> Pick | None:
    """A uniformly random claimable route, then one of its payments.

    Per colour, the open routes short enough for the hand are a prefix of the
    length-sorted open list (its size read from `Sim._open_upto`); a route is drawn uniformly from
    those prefixes and accepted if its ferry and double-route conditions also hold
    (rejection sampling, so the result is uniform over the claimable routes), with
    a full listing as the fallback.
    """
    seat = sim.current
    hand = sim.hands[seat]
    locos = hand[LOCO]
    trains = sim.trains[seat]
    upto = sim._open_upto
    cap = sim._caps[trains if trains < MAX_LENGTH else MAX_LENGTH]  # cap[n] = min(n, trains)
    ends = []  # ends[g]: the routes of groups 0..g payable now (cumulative counts)
    total = most = 0
    for g in range(8):  # colour g pays hand[g] + locos
        held = hand[g]
        if held > most:
            most = held
        total += upto[g][cap[held + locos]]
        ends.append(total)
    total += upto[8][cap[most + locos]]  # gray: the colour held most
    ends.append(total)
    if not total:
        return None
    owners = sim.owners
    groups = sim._open
    chosen = -1
    for _ in range(_TRIES):
        i = floor(rand() * total)
        g = 0  # the group of the i-th payable route
        while ends[g] <= i:
            g += 1
        if g:
            i -= ends[g - 1]
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
        n = len(routes)
        chosen = routes[floor(rand() * n)]
    _, length, color, _, ferry = sim._rinfo[chosen]
    return (CLAIM, chosen, nth_counts(hand, length, color, ferry, rand()))
