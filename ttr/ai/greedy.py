"""A one-ply greedy agent: claims routes its tickets need, else draws the colours for them."""

from __future__ import annotations

import random

from ttr.ai.planning import network_for, ticket_plan
from ttr.engine import (
    LOCO,
    Action,
    BuildStation,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    PayTunnel,
    PlayerView,
)


class GreedyAgent:
    """Scores each legal action one ply deep with a ticket-plan heuristic."""

    name = "greedy"

    def choose(self, view: PlayerView, rng: random.Random, budget: float = 0.0) -> Action:
        """The best-scoring legal action (ties broken at random)."""
        best: list[Action] = []
        best_score = float("-inf")
        ctx = _Context(view)
        for action in view.legal:
            score = ctx.score(action)
            if score > best_score:
                best, best_score = [action], score
            elif score == best_score:
                best.append(action)
        return best[int(rng.random() * len(best))]


class _Context:
    def __init__(self, view: PlayerView) -> None:
        assert view.me is not None
        self.view = view
        self.me = view.me
        self.gm = view.public.game_map
        self.net = network_for(view, self.me.seat, stations=False)
        plan = ticket_plan(self.net, self.me.tickets)
        self.cost, self.needed = plan.cost, set(plan.routes)
        self.need_colors: dict[int, int] = {}
        for r in self.needed:
            route = self.gm.routes[r]
            key = -1 if route.color is None else int(route.color)
            self.need_colors[key] = self.need_colors.get(key, 0) + route.length
        self.trains = view.public.players[self.me.seat].trains

    def score(self, action: Action) -> float:
        cfg = self.view.public.config
        match action:
            case ClaimRoute(route, payment):
                r = self.gm.route(route)
                pts = cfg.points_for(r.length)
                bonus = 20 if r.index in self.needed else 0
                return 10 + pts + bonus - 0.5 * payment.count(LOCO)
            case DrawFaceUp(slot):
                c = self.view.public.faceup[slot]
                if c == LOCO:
                    return 6
                wanted = self.need_colors.get(int(c) if c is not None else -2, 0)
                return 5 + min(wanted, 4) * 0.5 + (0.5 if -1 in self.need_colors else 0)
            case DrawDeck():
                return 5.5
            case DrawTickets():
                if self.needed or self.trains < 12:
                    return -10
                return 8
            case KeepTickets(keep):
                return self._keep_score(keep)
            case PayTunnel(extra):
                return 1 - extra.count(LOCO)
            case BuildStation():
                return -20
        return 0

    def _keep_score(self, keep: tuple[str, ...]) -> float:
        plan = ticket_plan(self.net, (*self.me.tickets, *keep))
        cost, lost = plan.cost, plan.lost
        value = sum(self.gm.ticket_by_id[t].points for t in keep)
        over = max(0, cost - self.trains + 5)
        return value - 3 * over - 2 * sum(self.gm.ticket_by_id[t].points for t in lost) - cost * 0.2
