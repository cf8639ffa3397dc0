"""A fast plan-following playout policy that steps a `Sim` in place (search rollouts).

Each seat plans its (determinized) tickets once and replans only when a planned route
is taken. On its turn a seat claims a planned route it can pay for, else draws the
colours the plan lacks; with nothing planned it claims the longest route it can. With
`stations` (Europe; Expert's playouts) plans may borrow other seats' routes, and a seat
builds a station for a borrowed route once its cards pay; without, it never builds one. No
tickets are drawn during playouts. Payments are built directly (fewest locomotives),
so a playout never lists every legal action except in rare stages, and `run` applies
its moves to the sim without building action objects (`action` builds them, the same
moves, for callers that want them).
"""

from __future__ import annotations

import random
from typing import Any, Final

from ttr.ai.planning import network_from, ticket_plan, unserved
from ttr.engine import (
    Action,
    BuildStation,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    Hand,
    KeepTickets,
    Pass,
    Sim,
)
from ttr.engine.cards import LOCO_INDEX as LOCO
from ttr.engine.sim import CHOOSE, OVER, SECOND

MAX_STEPS: Final = 3000
DRAW: Final = 0
CLAIM: Final = 1
OTHER: Final = 2
STATION: Final = 3
Move = tuple[int, int, Any]
"""The policy's move: (DRAW, face-up slot or -1 for the deck, None), (CLAIM, route
index, payment counts), (STATION, city index, payment counts) or (OTHER, 0, an Action)."""


def fewest_locos(hand: list[int], length: int, color: int, ferry: int) -> list[int] | None:
    """Counts paying `length` cards of `color` (-1: the first colour held most) with the
    fewest locomotives (at least `ferry`), or None if `hand` cannot pay."""
    locos = hand[LOCO]
    if locos < ferry:
        return None
    c = color
    if c < 0:
        c = 0
        for k in range(1, 8):
            if hand[k] > hand[c]:
                c = k
    nl = length - hand[c]
    if nl < ferry:
        nl = ferry
    if nl > locos:
        return None
    counts = [0] * 9
    counts[c] = length - nl
    counts[LOCO] = nl
    return counts


class Playout:
    """Plans per seat for one playout; `run` steps the sim to the end of the game."""

    def __init__(self, sim: Sim, stations: bool = False) -> None:
        self.sim = sim
        self.stations = stations and sim.cfg.stations > 0
        """Europe: plan borrowing through stations and build them (else never)."""
        self.gm = sim.gm
        self.rinfo = sim.gm.rinfo
        """(index, length, colour or -1, twin, ferry) per route."""
        self.plans: list[list[int]] = [[] for _ in range(sim.n)]
        self.stale = [True] * sim.n
        self.station_cities: list[list[int]] = [[] for _ in range(sim.n)]
        """Free cities where a station would serve a borrowed route of the plan."""

    def _replan(self, seat: int) -> None:
        sim = self.sim
        double = sim.n >= sim.cfg.double_routes_min_players
        if self.stations:
            net = network_from(self.gm, sim.owners, seat, double, sim.stations_left[seat],
                               sim.station_at)
        else:
            net = network_from(self.gm, sim.owners, seat, double)
        plan = ticket_plan(net, sim.tickets[seat], orders=1)
        rinfo = self.rinfo
        self.plans[seat] = sorted(plan.routes, key=lambda r: -rinfo[r][1])
        self.stale[seat] = False
        cities: list[int] = []
        if plan.borrowed:
            ends = self.gm.ends
            for r in unserved(net, sorted(plan.borrowed)):
                cities += [c for c in ends[r] if sim.station_at[c] < 0]
        self.station_cities[seat] = cities

    def _station(self, seat: int) -> Move | None:
        """A station the plan needs, paid in the colour held most, if the seat can."""
        sim = self.sim
        cities = [c for c in self.station_cities[seat] if sim.station_at[c] < 0]
        left = sim.stations_left[seat]
        if not cities or left <= 0:
            return None
        cost = sim.cfg.station_costs[sim.cfg.stations - left]
        counts = fewest_locos(sim.hands[seat], cost, -1, 0)
        if counts is None:
            return None
        self.stale[seat] = True
        return (STATION, cities[0], counts)

    def run(self, rng: random.Random) -> None:
        """Play until the game is over (or a step bound, as a safety net)."""
        sim = self.sim
        for _ in range(MAX_STEPS):
            if sim.stage == OVER:
                return
            kind, index, extra = self._move(rng)
            if kind == DRAW:
                sim.take_card(index)
            elif kind == CLAIM:
                sim.claim_route(index, extra)
            elif kind == STATION:
                sim.build_station(index, extra)
            else:
                sim.step(extra)

    def action(self, rng: random.Random) -> Action:
        """The policy's action for the seat to act (the move `run` would make)."""
        kind, index, extra = self._move(rng)
        if kind == DRAW:
            return DrawDeck() if index < 0 else DrawFaceUp(index)
        if kind == CLAIM:
            return ClaimRoute(self.gm.routes[index].id, Hand(tuple(extra)))
        if kind == STATION:
            return BuildStation(self.gm.cities[index].id, Hand(tuple(extra)))
        action: Action = extra
        return action

    def _move(self, rng: random.Random) -> Move:
        sim = self.sim
        seat, stage = sim.current, sim.stage
        if stage == CHOOSE:
            plan = self.plans[seat]
            owners = sim.owners
            if self.stale[seat] or any(owners[r] >= 0 for r in plan):
                self._replan(seat)
                plan = self.plans[seat]
            rinfo = self.rinfo
            for r in plan:
                pay = self._payment(seat, r)
                if pay is not None:
                    return (CLAIM, r, pay)
                twin = rinfo[r][3]
                if twin >= 0:
                    pay = self._payment(seat, twin)
                    if pay is not None:
                        return (CLAIM, twin, pay)
            if self.stations:
                station = self._station(seat)
                if station is not None:
                    return station
            if not plan or sim.turns_left >= 0:
                claim = self._longest(seat)
                if claim is not None:
                    return claim
            return self._draw(seat, plan, True, rng)
        if stage == SECOND:
            return self._draw(seat, self.plans[seat], False, rng)
        legal = sim.legal()
        if isinstance(legal[0], KeepTickets):
            return (OTHER, 0, self._keep(seat, legal))
        return (OTHER, 0, legal[0])  # tunnel: the cheapest payment, else withdraw

    def _keep(self, seat: int, options: list[Action]) -> Action:
        """The keep whose joint plan fits the trains with the most points."""
        sim = self.sim
        net = network_from(self.gm, sim.owners, seat, sim.n >= sim.cfg.double_routes_min_players)
        trains = sim.trains[seat]
        rinfo = self.rinfo
        best: tuple[float, int] | None = None
        for i, a in enumerate(options):
            assert isinstance(a, KeepTickets)
            plan = ticket_plan(net, (*sim.tickets[seat], *a.keep), orders=1)
            spaces = sum([rinfo[r][1] for r in plan.routes])
            pts = sum([self.gm.ticket_by_id[t].points for t in a.keep])
            fits = spaces <= trains - 6 and not plan.lost
            value = (pts if fits else -pts) - 0.2 * spaces
            if best is None or value > best[0]:
                best = (value, i)
        assert best is not None
        self.stale[seat] = True
        return options[best[1]]

    def _payment(self, seat: int, r: int) -> list[int] | None:
        """The counts paying for route `r` with the fewest locomotives (gray: in the
        colour held most), or None if `seat` cannot claim it now."""
        sim = self.sim
        _, length, color, _, ferry = self.rinfo[r]
        if sim.trains[seat] < length or not sim.route_open(seat, r):
            return None
        return fewest_locos(sim.hands[seat], length, color, ferry)

    def _longest(self, seat: int) -> Move | None:
        """The first longest open route `seat` can pay for, as a claim."""
        owners = self.sim.owners
        rinfo = self.rinfo
        best, best_length = -1, 0
        best_pay: list[int] | None = None
        for r in range(len(rinfo)):
            length = rinfo[r][1]
            if owners[r] >= 0 or (best >= 0 and length <= best_length):
                continue
            pay = self._payment(seat, r)
            if pay is not None:
                best, best_length, best_pay = r, length, pay
        return None if best < 0 else (CLAIM, best, best_pay)

    def _draw(self, seat: int, plan: list[int], first: bool, rng: random.Random) -> Move:
        """A face-up card of a colour the plan lacks, else the deck, else any card."""
        sim = self.sim
        hand = sim.hands[seat]
        rinfo = self.rinfo
        want = [0] * 9
        for r in plan:
            _, length, color, _, _ = rinfo[r]
            if color >= 0:
                want[color] = want[color] + length
        faceup = sim.faceup
        for slot, c in enumerate(faceup):
            if 0 <= c < LOCO and want[c] > hand[c]:
                return (DRAW, slot, None)
        if sim.deck or any(sim.discard):
            return (DRAW, -1, None)
        slots = [i for i, c in enumerate(faceup) if c >= 0 and (first or c != LOCO)]
        if slots:
            n = len(slots)  # (a len() in a float product is slow when compiled)
            return (DRAW, slots[int(rng.random() * n)], None)
        claim = self._longest(seat) if first else None
        if claim is not None:
            return claim
        legal = sim.legal()
        return (OTHER, 0, next((a for a in legal if isinstance(a, Pass)), legal[0]))
