"""Reference opponents after de Mesentier Silva, Lee, Togelius and Nealen (FDG 2017).

"AI-based Playtesting of Contemporary Board Games" defines four play-style agents for
Ticket to Ride. These are re-implementations from the paper's prose descriptions (see
docs/AI.md), sharing this project's path planner:

- Route Focus: plans a shortest path per ticket, claims the routes that most tickets
  need first, draws the colour of its next route, takes new tickets only when done.
- Destination Hungry: hoards tickets early (keeps all it is dealt, draws more while the
  combined plan fits its trains), then builds the plan that serves them together.
- One Step Thinking: works on one ticket at a time, the cheapest to finish, and only
  looks one route ahead; draws a new ticket when it has nothing to do.
- Long Route: favours long routes (points per train and the longest path): its paths
  prefer long tracks, it claims the longest affordable route first.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ttr.ai.cards import card_needs, choose_payment, color_value
from ttr.ai.planning import Network, network_for, shortest_path, ticket_plan
from ttr.engine import (
    LOCO,
    Action,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    PayTunnel,
    PlayerView,
    Stage,
    WithdrawTunnel,
)


@dataclass(frozen=True, slots=True)
class _Look:
    view: PlayerView
    net: Network
    hand: list[int]
    trains: int
    claims: dict[int, list[ClaimRoute]]


def _look(view: PlayerView) -> _Look:
    assert view.me is not None
    gm = view.public.game_map
    claims: dict[int, list[ClaimRoute]] = {}
    for a in view.legal:
        if isinstance(a, ClaimRoute):
            claims.setdefault(gm.route_by_id[a.route].index, []).append(a)
    return _Look(
        view,
        network_for(view, view.me.seat, stations=False),
        list(view.me.hand.counts),
        view.public.players[view.me.seat].trains,
        claims,
    )


def _ticket_paths(look: _Look) -> dict[str, tuple[int, ...]]:
    """Shortest remaining path per unfinished ticket (each planned on its own)."""
    gm = look.net.game_map
    out: dict[str, tuple[int, ...]] = {}
    assert look.view.me is not None
    for tid in look.view.me.tickets:
        t = gm.ticket_by_id[tid]
        found = shortest_path(look.net, gm.city_index[t.a], gm.city_index[t.b])
        if found is not None and found[1]:
            out[tid] = found[1]
    return out


def _draw_for(look: _Look, routes: list[int], rng: random.Random, second: bool) -> Action:
    """Draw the colour the first route in `routes` lacks (face-up if shown, else deck)."""
    gm = look.net.game_map
    needs = card_needs(gm, routes[:1] if routes else (), look.hand)
    faceup = look.view.public.faceup
    best: tuple[float, int] | None = None
    for a in look.view.legal:
        if isinstance(a, DrawFaceUp):
            c = faceup[a.slot]
            if c is None or c == LOCO:
                continue
            v = color_value(needs, look.hand, int(c))
            if v >= 0.9 and (best is None or v > best[0]):
                best = (v, a.slot)
    if best is not None:
        return DrawFaceUp(best[1])
    if any(isinstance(a, DrawDeck) for a in look.view.legal):
        return DrawDeck()
    draws: list[Action] = [a for a in look.view.legal if isinstance(a, DrawFaceUp)]
    pool = draws or list(look.view.legal)
    return pool[int(rng.random() * len(pool))]


def _claim(look: _Look, r: int, routes: list[int]) -> ClaimRoute:
    needs = card_needs(look.net.game_map, [x for x in routes if x != r], look.hand)
    return choose_payment(look.net.game_map, look.claims[r], needs)


def _claimable(look: _Look, r: int) -> int | None:
    """r or its twin if one of them can be claimed now."""
    if r in look.claims:
        return r
    twin = look.net.game_map.twin[r]
    return twin if twin in look.claims else None


def _forced(view: PlayerView) -> Action | None:
    """Tunnel decisions all reference agents share: pay if they can."""
    if len(view.legal) == 1:
        return view.legal[0]
    if view.public.stage == Stage.TUNNEL_PAY:
        pays = [a for a in view.legal if isinstance(a, PayTunnel)]
        if pays:
            return min(pays, key=lambda a: (a.extra.count(LOCO), str(a.extra)))
        return WithdrawTunnel()
    return None


def _keep_cheapest(look: _Look, count: int | None = None) -> KeepTickets:
    """Keep the fewest (or `count`) offered tickets with the cheapest joint plan."""
    options = [a for a in look.view.legal if isinstance(a, KeepTickets)]
    least = min(len(a.keep) for a in options) if count is None else count
    pool = [a for a in options if len(a.keep) == least] or options
    return min(pool, key=lambda a: (ticket_plan(look.net, a.keep, orders=1).cost, a.keep))


def _claim_longest(look: _Look, min_len: int = 1) -> ClaimRoute | None:
    gm = look.net.game_map
    options = [r for r in look.claims if gm.routes[r].length >= min(min_len, look.trains)]
    if not options:
        return None
    r = max(options, key=lambda r: (gm.routes[r].length, -r))
    return _claim(look, r, [])


def _idle(look: _Look, rng: random.Random) -> Action:
    """Nothing planned: take tickets while trains last, else claim long routes."""
    if look.trains >= 15 and any(isinstance(a, DrawTickets) for a in look.view.legal):
        return DrawTickets()
    claim = _claim_longest(look, 3 if look.trains > 6 else 1)
    return claim if claim is not None else _draw_for(look, [], rng, False)


class _StyleAgent:
    """Shared shape of the four play styles: forced moves, then ticket choices, then
    the style's own move (`_play`)."""

    name = "style"

    def choose(self, view: PlayerView, rng: random.Random, budget: float = 0.0) -> Action:
        """The style's next move."""
        forced = _forced(view)
        if forced is not None:
            return forced
        look = _look(view)
        if view.public.stage in (Stage.INITIAL_TICKETS, Stage.KEEP_TICKETS):
            return self._keep(look)
        return self._play(look, rng)

    def _keep(self, look: _Look) -> KeepTickets:
        return _keep_cheapest(look)

    def _play(self, look: _Look, rng: random.Random) -> Action:
        raise NotImplementedError


def _first_claim(look: _Look, routes: list[int]) -> Action | None:
    """Claim the first route of `routes` the hand can pay for now, if any."""
    for r in routes:
        got = _claimable(look, r)
        if got is not None:
            return _claim(look, got, routes)
    return None


class RouteFocusAgent(_StyleAgent):
    """Claims the routes most of its tickets need; draws their colours."""

    name = "routefocus"

    def _play(self, look: _Look, rng: random.Random) -> Action:
        """Claim the route most ticket paths share, else draw its colour."""
        view = look.view
        paths = _ticket_paths(look)
        count: dict[int, int] = {}
        for path in paths.values():
            for r in path:
                count[r] = count.get(r, 0) + 1
        gm = view.public.game_map
        ranked = sorted(count, key=lambda r: (-count[r], -gm.routes[r].length, r))
        if view.public.stage == Stage.CHOOSE_ACTION:
            claim = _first_claim(look, ranked)
            if claim is not None:
                return claim
            if not ranked:
                return _idle(look, rng)
        return _draw_for(look, ranked, rng, view.public.stage == Stage.SECOND_DRAW)


class DestinationHungryAgent(_StyleAgent):
    """Hoards tickets early, then plans one network that serves them all."""

    name = "desthungry"

    def _play(self, look: _Look, rng: random.Random) -> Action:
        """Draw tickets early while the plan leaves trains spare, then build the plan."""
        view = look.view
        assert view.me is not None
        plan = ticket_plan(look.net, view.me.tickets)
        gm = view.public.game_map
        routes = sorted(plan.routes, key=lambda r: (-gm.routes[r].length, r))
        spaces = sum(gm.routes[r].length for r in routes)
        if view.public.stage == Stage.CHOOSE_ACTION:
            if (
                look.trains - spaces >= 12
                and view.public.turn < 12 * len(view.public.players)
                and any(isinstance(a, DrawTickets) for a in view.legal)
            ):
                return DrawTickets()
            claim = _first_claim(look, routes)
            if claim is not None:
                return claim
            if not routes:
                return _idle(look, rng)
        return _draw_for(look, routes, rng, view.public.stage == Stage.SECOND_DRAW)

    def _keep(self, look: _Look) -> KeepTickets:
        """Keep as many tickets as the trains allow (largest set that fits)."""
        assert look.view.me is not None
        held = look.view.me.tickets
        options = [a for a in look.view.legal if isinstance(a, KeepTickets)]
        gm = look.net.game_map

        def key(a: KeepTickets) -> tuple[int, int, float]:
            plan = ticket_plan(look.net, (*held, *a.keep), orders=1)
            spaces = sum(gm.routes[r].length for r in plan.routes)
            fits = spaces <= look.trains - 4 and not plan.lost
            pts = sum(gm.ticket_by_id[t].points for t in a.keep)
            return (int(fits), pts if fits else -len(a.keep), -plan.cost)

        return max(options, key=key)


class OneStepAgent(_StyleAgent):
    """One ticket at a time, one route ahead: the cheapest ticket first."""

    name = "onestep"

    def _play(self, look: _Look, rng: random.Random) -> Action:
        """Work on the cheapest ticket, one route ahead."""
        view = look.view
        paths = _ticket_paths(look)
        gm = view.public.game_map
        target = min(
            paths.items(),
            key=lambda kv: (sum(gm.routes[r].length for r in kv[1]), kv[0]),
            default=None,
        )
        path: list[int] = []
        if target is not None:  # the next step: the route closest to being affordable
            path = sorted(target[1], key=lambda r: (_missing(look, r), r))
        if view.public.stage == Stage.CHOOSE_ACTION:
            if path:
                got = _claimable(look, path[0])
                if got is not None:
                    return _claim(look, got, path)
            elif any(isinstance(a, DrawTickets) for a in view.legal) and look.trains >= 10:
                return DrawTickets()
            else:
                claim = _claim_longest(look)
                if claim is not None:
                    return claim
        return _draw_for(look, path, rng, view.public.stage == Stage.SECOND_DRAW)


def _missing(look: _Look, r: int) -> int:
    route = look.net.game_map.routes[r]
    have = max(look.hand[:8]) if route.color is None else look.hand[int(route.color)]
    return max(0, route.length - have - look.hand[LOCO])


class LongRouteAgent(_StyleAgent):
    """Goes for long routes: long tracks first, on its ticket paths and beyond."""

    name = "longroute"

    def _play(self, look: _Look, rng: random.Random) -> Action:
        """Claim long routes first, on the ticket plan and beyond."""
        view = look.view
        gm = view.public.game_map
        routes = set(ticket_plan(look.net, view.me.tickets if view.me else ()).routes)
        longest = sorted(
            (r for r in look.net.open if gm.routes[r].length >= 5),
            key=lambda r: (-gm.routes[r].length, r),
        )
        wanted = sorted(routes, key=lambda r: (-gm.routes[r].length, r))
        if view.public.stage == Stage.CHOOSE_ACTION:
            long_claim = _claim_longest(look, 5)
            if long_claim is not None:
                return long_claim
            claim = _first_claim(look, wanted)
            if claim is not None:
                return claim
            if not wanted:
                claim = _claim_longest(look, 3 if look.trains > 6 else 1)
                if claim is not None:
                    return claim
        target = wanted or longest[:1]
        return _draw_for(look, target, rng, view.public.stage == Stage.SECOND_DRAW)
