"""A fast plan-following playout policy that steps a `Sim` in place (search rollouts).

Each seat plans its (determinized) tickets once and replans only when a planned route
is taken. On its turn a seat claims a planned route it can pay for, else draws the
colours the plan lacks; with nothing planned it claims the longest route it can. No
tickets are drawn during playouts. Payments are built directly (fewest locomotives),
so a playout never lists every legal action except in rare stages.
"""

from __future__ import annotations

import random

from ttr.ai.planning import network_from, ticket_plan
from ttr.engine import LOCO, Action, ClaimRoute, DrawDeck, DrawFaceUp, Hand, KeepTickets, Pass, Sim
from ttr.engine.state import Stage

CHOOSE, SECOND = int(Stage.CHOOSE_ACTION), int(Stage.SECOND_DRAW)
OVER = int(Stage.GAME_OVER)
MAX_STEPS = 3000


class Playout:
    """Plans per seat for one playout; `run` steps the sim to the end of the game."""

    def __init__(self, sim: Sim) -> None:
        self.sim = sim
        self.gm = sim.gm
        self.plans: list[list[int]] = [[] for _ in range(sim.n)]
        self.stale = [True] * sim.n

    def _replan(self, seat: int) -> None:
        sim = self.sim
        net = network_from(self.gm, sim.owners, seat, sim.n >= sim.cfg.double_routes_min_players)
        plan = ticket_plan(net, sim.tickets[seat], orders=1)
        routes = self.gm.routes
        self.plans[seat] = sorted(plan.routes, key=lambda r: -routes[r].length)
        self.stale[seat] = False

    def run(self, rng: random.Random) -> None:
        """Play until the game is over (or a step bound, as a safety net)."""
        sim = self.sim
        for _ in range(MAX_STEPS):
            if sim.stage == OVER:
                return
            sim.step(self.action(rng))

    def action(self, rng: random.Random) -> Action:
        """The policy's action for the seat to act."""
        sim = self.sim
        seat, stage = sim.current, sim.stage
        if stage == CHOOSE:
            plan = self.plans[seat]
            if self.stale[seat] or any(sim.owners[r] >= 0 for r in plan):
                self._replan(seat)
                plan = self.plans[seat]
            for r in plan:
                pay = self._payment(seat, r)
                if pay is not None:
                    return ClaimRoute(self.gm.routes[r].id, pay)
                twin = self.gm.twin[r]
                if twin >= 0:
                    pay = self._payment(seat, twin)
                    if pay is not None:
                        return ClaimRoute(self.gm.routes[twin].id, pay)
            if not plan or sim.turns_left >= 0:
                claim = self._longest(seat)
                if claim is not None:
                    return claim
            return self._draw(seat, plan, first=True, rng=rng)
        if stage == SECOND:
            return self._draw(seat, self.plans[seat], first=False, rng=rng)
        legal = sim.legal()
        if isinstance(legal[0], KeepTickets):
            return self._keep(seat, legal)
        return legal[0]  # tunnel: the cheapest payment, else withdraw

    def _keep(self, seat: int, options: list[Action]) -> Action:
        """The keep whose joint plan fits the trains with the most points."""
        sim = self.sim
        net = network_from(self.gm, sim.owners, seat, sim.n >= sim.cfg.double_routes_min_players)
        trains = sim.trains[seat]
        best: tuple[float, int] | None = None
        for i, a in enumerate(options):
            assert isinstance(a, KeepTickets)
            plan = ticket_plan(net, (*sim.tickets[seat], *a.keep), orders=1)
            spaces = sum(self.gm.routes[r].length for r in plan.routes)
            pts = sum(self.gm.ticket_by_id[t].points for t in a.keep)
            fits = spaces <= trains - 6 and not plan.lost
            value = (pts if fits else -pts) - 0.2 * spaces
            if best is None or value > best[0]:
                best = (value, i)
        assert best is not None
        self.stale[seat] = True
        return options[best[1]]

    def _payment(self, seat: int, r: int) -> Hand | None:
        sim = self.sim
        route = self.gm.routes[r]
        length = route.length
        if sim.trains[seat] < length or not sim.route_open(seat, r):
            return None
        hand = sim.hands[seat]
        locos = hand[LOCO]
        if locos < route.ferry:
            return None
        c = max(range(8), key=hand.__getitem__) if route.color is None else int(route.color)
        have = hand[c]
        nl = max(route.ferry, length - have)
        if nl > locos:
            return None
        counts = [0] * 9
        counts[c] = length - nl
        counts[LOCO] = nl
        return Hand(tuple(counts))

    def _longest(self, seat: int) -> ClaimRoute | None:
        sim = self.sim
        best = None
        owners = sim.owners
        for r, route in enumerate(self.gm.routes):
            length = route.length
            if owners[r] >= 0:
                continue
            if best is not None and length <= best[0]:
                continue
            pay = self._payment(seat, r)
            if pay is not None:
                best = (length, r, pay)
        if best is None:
            return None
        return ClaimRoute(self.gm.routes[best[1]].id, best[2])

    def _draw(self, seat: int, plan: list[int], first: bool, rng: random.Random) -> Action:
        sim = self.sim
        hand = sim.hands[seat]
        want = [0] * 9
        for r in plan:
            route = self.gm.routes[r]
            if route.color is not None:
                want[int(route.color)] += route.length
        best_slot = -1
        for slot, c in enumerate(sim.faceup):
            if 0 <= c < LOCO and want[c] > hand[c]:
                best_slot = slot
                break
        if best_slot >= 0:
            return DrawFaceUp(best_slot)
        if sim.deck or any(sim.discard):
            return DrawDeck()
        slots = [i for i, c in enumerate(sim.faceup) if c >= 0 and (first or c != LOCO)]
        if slots:
            return DrawFaceUp(slots[int(rng.random() * len(slots))])
        claim = self._longest(seat) if first else None
        if claim is not None:
            return claim
        legal = sim.legal()
        return next((a for a in legal if isinstance(a, Pass)), legal[0])
