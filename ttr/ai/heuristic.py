"""The plan-following player behind Beginner, Easy, Medium and (as its policy) Hard.

`Style` holds the knobs that make the levels differ; `PlanPlayer.choose` reads one view,
plans ticket routes over the open network (`planning`), and picks a legal action by
fixed priorities: claim a planned route, build a needed station, draw tickets when
the plan is nearly done, claim for points when nothing is planned, else draw cards.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ttr.ai.blocking import block_values
from ttr.ai.cards import card_needs, choose_payment, color_value, locos_short
from ttr.ai.planning import Network, Plan, network_for, shortest_path, ticket_plan, unserved
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
    Stage,
    WithdrawTunnel,
)

PACE_PRIOR, PACE_TURNS = 1.4, 6.0
"""Prior trains laid per turn, and its weight in turns, for the pace estimate."""


@dataclass(frozen=True, slots=True)
class Style:
    """What a level does and does not think about."""

    plan_all: bool = True
    """Plan every ticket together (else one ticket at a time)."""
    keep_ev: bool = True
    """Keep tickets by expected value (else the cheapest minimum)."""
    draw_tickets: bool = True
    """Draw more tickets when the plan is nearly done."""
    stations: bool = True
    """Europe: build stations to borrow routes a plan needs."""
    endgame: bool = False
    """Watch the other seats' trains: stop drawing tickets and cash in early."""
    longest: bool = False
    """Prefer claims that extend the longest path."""
    blunder: float = 0.0
    """Chance of a shortsighted move instead of the planned one."""
    keep_random: bool = False
    """Keep a random legal set of tickets."""
    more_tickets_left: int = 4
    """Draw more tickets when the plan needs at most this many trains..."""
    more_tickets_spare: int = 12
    """...and this many trains would be left over..."""
    more_tickets_turns: float = 10
    """...and about this many own turns remain."""
    risk_slack: float = 1.5
    """Slack (trains or turns) at which a ticket plan is a coin flip."""
    endgame_trains: int = 3
    """With `endgame`: another seat at or below this many trains means the end is near."""
    block: float = 0.0
    """2 players: claim a cheap route the opponent obviously needs when its block value
    (forced detour, `blocking.block_values`) is at least this (0: never block)."""
    pace: bool = False
    """Estimate the turns left from how fast each seat has been laying trains."""
    tunnel_spare: int = 0
    """Europe: claim a tunnel only with this many cards (its colour or locomotives) left
    over to pay the revealed extra, except in the final round; collect them first."""
    ferry_locos: bool = False
    """Europe: take a face-up locomotive when the plan's ferries lack locomotives and
    nothing else (blind draws find one in about 8 cards)."""


class Context:
    """Everything one decision needs, computed once from the view."""

    def __init__(self, view: PlayerView, style: Style) -> None:
        assert view.me is not None
        self.view, self.style = view, style
        pub = view.public
        self.gm, self.cfg = pub.game_map, pub.config
        self.seat = view.me.seat
        self.hand = list(view.me.hand.counts)
        self.trains = pub.players[self.seat].trains
        self.others_min_trains = min(
            (p.trains for p in pub.players if p.seat != self.seat), default=45
        )
        self.net: Network = network_for(view, self.seat, style.stations)
        self.tickets = view.me.tickets
        self.plan: Plan = self._make_plan()
        self.routes = self.plan.routes
        self.final = view.public.turns_left is not None
        self.needs = card_needs(self.gm, self.routes, self.hand, style.tunnel_spare)
        self.claims: dict[int, list[ClaimRoute]] = {}
        for a in view.legal:
            if isinstance(a, ClaimRoute) and self._tunnel_ok(a):
                self.claims.setdefault(self.gm.route_by_id[a.route].index, []).append(a)

    def _tunnel_ok(self, a: ClaimRoute) -> bool:
        """Whether claim `a` leaves enough cards for a tunnel's extra (see `tunnel_spare`)."""
        spare = self.style.tunnel_spare
        if not spare or self.final or not self.gm.route_by_id[a.route].tunnel:
            return True
        pay = a.payment.counts
        c = next((i for i in range(8) if pay[i]), -1)
        left = self.hand[LOCO] - pay[LOCO] + (self.hand[c] - pay[c] if c >= 0 else 0)
        return left >= spare

    def _make_plan(self) -> Plan:
        if self.style.plan_all or not self.tickets:
            return ticket_plan(self.net, self.tickets)
        best: tuple[float, str] | None = None
        gm = self.gm
        for tid in self.tickets:
            t = gm.ticket_by_id[tid]
            found = shortest_path(self.net, gm.city_index[t.a], gm.city_index[t.b])
            if found is None or not found[1]:
                continue
            if best is None or found[0] < best[0]:
                best = (found[0], tid)
        return ticket_plan(self.net, [best[1]] if best else [])

    @property
    def plan_spaces(self) -> int:
        """Trains still needed by the plan."""
        return sum(self.gm.routes[r].length for r in self.plan.routes)

    def turns_left_estimate(self) -> float:
        """Rough number of own turns before the game ends."""
        pub = self.view.public
        if pub.turns_left is not None:
            return pub.turns_left / len(pub.players)
        low = min(self.others_min_trains, self.trains)
        rough = max(1.0, low / 1.4 + 1)
        if not self.style.pace:
            return rough
        n = len(pub.players)
        elapsed = pub.turn / n
        end = self.cfg.end_trigger
        for p in pub.players:
            used = self.cfg.trains - p.trains
            rate = (used + PACE_PRIOR * PACE_TURNS) / (elapsed + PACE_TURNS)
            rough = min(rough, max(1.0, (p.trains - end) / rate + 1))
        return rough

    def success(self, spaces: int, claims: int) -> float:
        """Chance of finishing a plan of `spaces` trains in `claims` claims, in time."""
        cards = max(0, spaces - sum(self.hand) // 2)
        turns_needed = cards / 2 + claims
        slack = min(self.trains - spaces, self.turns_left_estimate() - turns_needed)
        z = (slack - self.style.risk_slack) / 2.5
        if z < -700:  # a plan far too long (a huge map): exp(-z) would overflow
            return 0.0
        return 1 / (1 + math.exp(-z))


class PlanPlayer:
    """An agent that follows a ticket plan; `style` sets how well."""

    name = "plan"

    def __init__(self, style: Style | None = None) -> None:
        self.style = style or Style()

    def choose(self, view: PlayerView, rng: random.Random, budget: float = 0.0) -> Action:
        """A legal action by the level's priorities."""
        if len(view.legal) == 1:
            return view.legal[0]
        ctx = Context(view, self.style)
        return self.decide(ctx, rng)

    def decide(self, ctx: Context, rng: random.Random) -> Action:
        """The action for an already-built context."""
        stage = ctx.view.public.stage
        if stage in (Stage.INITIAL_TICKETS, Stage.KEEP_TICKETS):
            return self.keep(ctx, rng)
        if stage == Stage.TUNNEL_PAY:
            return tunnel_choice(ctx)
        if stage == Stage.SECOND_DRAW:
            return draw_choice(ctx, rng, second=True)
        if self.style.blunder and rng.random() < self.style.blunder:
            return shortsighted(ctx, rng)
        return self.main_action(ctx, rng)

    # ---- tickets ------------------------------------------------------------------------

    def keep(self, ctx: Context, rng: random.Random) -> Action:
        """Which offered tickets to keep."""
        options = [a for a in ctx.view.legal if isinstance(a, KeepTickets)]
        if self.style.keep_random:
            least = min(len(a.keep) for a in options)
            options = [a for a in options if len(a.keep) == least]
            return options[int(rng.random() * len(options))]
        scored = [(keep_value(ctx, a.keep, self.style.keep_ev), i) for i, a in enumerate(options)]
        return options[max(scored)[1]]

    # ---- main turn ------------------------------------------------------------------------

    def main_action(self, ctx: Context, rng: random.Random) -> Action:
        """Claim, build, draw tickets or draw cards."""
        claim = planned_claim(ctx)
        if claim is not None:
            return claim
        station = station_build(ctx) if self.style.stations else None
        if station is not None:
            return station
        if self.style.block:
            claim = block_claim(ctx, self.style.block)
            if claim is not None:
                return claim
        final = ctx.view.public.turns_left is not None
        if self.style.endgame and ctx.others_min_trains <= self.style.endgame_trains:
            final = True
        if final or not ctx.routes:
            if self.style.draw_tickets and not final and want_tickets(ctx):
                return DrawTickets()
            claim = points_claim(ctx, self.style.longest, min_len=1 if final else 3)
            if claim is not None:
                return claim
        elif self.style.draw_tickets and want_tickets(ctx):
            return DrawTickets()
        return draw_choice(ctx, rng, second=False)


def keep_value(ctx: Context, keep: tuple[str, ...], ev: bool) -> float:
    """How good keeping `keep` (on top of the held tickets) looks."""
    gm = ctx.gm
    if not ev:
        plan = ticket_plan(ctx.net, keep, orders=1)
        return -plan.cost - 100 * len(plan.lost) - 0.01 * len(keep)
    tickets = (*ctx.tickets, *keep)
    plan = ticket_plan(ctx.net, tickets)
    spaces = sum(gm.routes[r].length for r in plan.routes)
    p = ctx.success(spaces, len(plan.routes))
    value = 0.0
    for tid in tickets:
        pts = gm.ticket_by_id[tid].points
        if tid in plan.done:
            value += pts
        elif tid in plan.lost:
            value -= pts
        else:
            value += (2 * p - 1) * pts
    return value + 0.2 * spaces * p


def want_tickets(ctx: Context) -> bool:
    """Draw more tickets: the plan is nearly done and trains and time remain."""
    if ctx.view.public.ticket_deck_size == 0:
        return False
    if not any(isinstance(a, DrawTickets) for a in ctx.view.legal):
        return False
    left, st = ctx.plan_spaces, ctx.style
    return (
        left <= st.more_tickets_left
        and ctx.trains - left >= st.more_tickets_spare
        and ctx.turns_left_estimate() >= st.more_tickets_turns
    )


def _twin_planned(ctx: Context, r: int) -> bool:
    return r in ctx.routes or ctx.gm.twin[r] in ctx.routes


def planned_claim(ctx: Context) -> ClaimRoute | None:
    """The best affordable claim on the plan (longest first)."""
    options = [r for r in ctx.claims if _twin_planned(ctx, r)]
    if not options:
        return None
    gm = ctx.gm
    r = max(options, key=lambda r: (gm.routes[r].length, -r))
    return choose_payment(ctx.gm, ctx.claims[r], ctx.needs)


def points_claim(ctx: Context, longest: bool, min_len: int) -> ClaimRoute | None:
    """The affordable claim worth the most points (touching own network breaks ties)."""
    gm = ctx.gm
    mine: set[int] = set()
    for r in ctx.net.owned:
        mine.update(gm.ends[r])
    best: tuple[float, int] | None = None
    for r in ctx.claims:
        route = gm.routes[r]
        if route.length < min(min_len, ctx.trains):
            continue
        score = ctx.cfg.points_for(route.length) - 0.5 * route.ferry
        if longest and (gm.ends[r][0] in mine or gm.ends[r][1] in mine):
            score += 2
        if route.tunnel:
            score -= 1
        if best is None or score > best[0]:
            best = (score, r)
    if best is None:
        return None
    return choose_payment(gm, ctx.claims[best[1]], ctx.needs)


def surplus_claim(ctx: Context) -> ClaimRoute | None:
    """The best-scoring claim of 3+ trains paid only with cards the plan does not need,
    leaving the plan its trains and a few spare."""
    spare = ctx.trains - ctx.plan_spaces - 3
    needed = ctx.needs.colored
    best: tuple[float, ClaimRoute] | None = None
    for r, claims in ctx.claims.items():
        route = ctx.gm.routes[r]
        if route.length < 3 or route.length > spare or _twin_planned(ctx, r):
            continue
        for a in claims:
            pay = a.payment.counts
            if pay[LOCO] or any(pay[c] and ctx.hand[c] - pay[c] < needed[c] for c in range(8)):
                continue
            score = ctx.cfg.points_for(route.length) - (1 if route.tunnel else 0)
            if best is None or score > best[0]:
                best = (score, a)
    return None if best is None else best[1]


def block_claim(ctx: Context, threshold: float) -> ClaimRoute | None:
    """A cheap affordable claim that costs the opponent a long detour (2 players)."""
    if not ctx.claims or ctx.view.public.turns_left is not None:
        return None
    values = block_values(ctx.view)
    spare = ctx.trains - ctx.plan_spaces
    best: tuple[float, int] | None = None
    for r in ctx.claims:
        length = ctx.gm.routes[r].length
        v = max(values.get(r, 0.0), values.get(ctx.gm.twin[r], 0.0))
        if v < threshold + 2 * length or length > spare - 4:
            continue
        if best is None or v - 2 * length > best[0]:
            best = (v - 2 * length, r)
    if best is None:
        return None
    return choose_payment(ctx.gm, ctx.claims[best[1]], ctx.needs)


def station_build(ctx: Context) -> BuildStation | None:
    """Europe: a station at an end of a borrowed route that no built station serves."""
    if not ctx.plan.borrowed:
        return None
    cities: set[str] = set()
    for r in unserved(ctx.net, sorted(ctx.plan.borrowed)):
        a, b = ctx.gm.ends[r]
        cities.update((ctx.gm.cities[a].id, ctx.gm.cities[b].id))
    options = [a for a in ctx.view.legal if isinstance(a, BuildStation) and a.city in cities]
    if not options:
        return None
    return min(options, key=lambda a: (a.payment.count(LOCO), -_surplus(ctx, a), a.city))


def _surplus(ctx: Context, a: BuildStation) -> int:
    c = next((i for i in range(8) if a.payment.counts[i]), -1)
    return -99 if c < 0 else ctx.hand[c] - ctx.needs.colored[c]


def tunnel_choice(ctx: Context) -> Action:
    """Pay a tunnel's extra if the route is planned or the extra is one card."""
    pays = [a for a in ctx.view.legal if isinstance(a, PayTunnel)]
    tunnel = ctx.view.public.tunnel
    if pays and tunnel is not None:
        r = ctx.gm.route_by_id[tunnel.route].index
        if _twin_planned(ctx, r) or tunnel.extra <= 1 or ctx.view.public.turns_left is not None:
            return min(pays, key=lambda a: (a.extra.count(LOCO), str(a.extra)))
    return WithdrawTunnel()


def draw_choice(ctx: Context, rng: random.Random, second: bool) -> Action:
    """The most useful face-up card, or the deck."""
    legal = ctx.view.legal
    faceup = ctx.view.public.faceup
    best: tuple[float, int] | None = None
    for a in legal:
        if isinstance(a, DrawFaceUp):
            c = faceup[a.slot]
            assert c is not None
            if c == LOCO:
                continue
            v = color_value(ctx.needs, ctx.hand, int(c))
            if best is None or v > best[0]:
                best = (v, a.slot)
    has_deck = any(isinstance(a, DrawDeck) for a in legal)
    locos = [] if second else [
        a for a in legal if isinstance(a, DrawFaceUp) and faceup[a.slot] == LOCO
    ]
    if locos and ctx.style.ferry_locos and locos_short(ctx.needs):
        return locos[0]
    if best is not None and (best[0] >= 0.9 or not has_deck):
        return DrawFaceUp(best[1])
    if locos and ctx.needs.deficit >= 3 and (best is None or best[0] < 0.5):
        return locos[0]
    if has_deck:
        return DrawDeck()
    if best is not None:
        return DrawFaceUp(best[1])
    return legal[int(rng.random() * len(legal))]


def shortsighted(ctx: Context, rng: random.Random) -> Action:
    """A plausible move without a plan: the longest claim, or any card."""
    if ctx.claims and rng.random() < 0.5:
        claim = points_claim(ctx, False, min_len=1)
        if claim is not None:
            return claim
    draws = [a for a in ctx.view.legal if isinstance(a, DrawFaceUp | DrawDeck)]
    if draws:
        return draws[int(rng.random() * len(draws))]
    return ctx.view.legal[int(rng.random() * len(ctx.view.legal))]
