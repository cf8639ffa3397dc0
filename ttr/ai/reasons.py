"""One plain line of why a move is good, from the mover's own view (hints, reviews).

Every reason is read off the same picture the strong policy decides from (`Context`:
the seat's tickets, its joint ticket plan over the open network, the cards the plan
still needs), so it names the tickets, routes and colours a player can check on the
board: "joins Denver to your network at Omaha: Duluth–El Paso needs 2 more routes".
"""

from __future__ import annotations

from ttr.ai.blocking import block_values
from ttr.ai.cards import locos_short
from ttr.ai.heuristic import Context
from ttr.ai.planning import Network, plan_spaces, shortest_path, ticket_plan
from ttr.ai.wording import and_list, card_word, route_words, ticket_words, tickets_words
from ttr.engine import (
    LOCO,
    Action,
    BuildStation,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    TicketId,
    WithdrawTunnel,
)


def reason(ctx: Context, action: Action) -> str:
    """Why `action` is a good move for the seat of `ctx` (one line, no notation)."""
    match action:
        case ClaimRoute(route, _):
            return _claim_reason(ctx, ctx.gm.route_by_id[route].index)
        case DrawFaceUp(slot):
            color = ctx.view.public.faceup[slot]
            return _card_reason(ctx, None if color is None else int(color))
        case DrawDeck():
            return _card_reason(ctx, None)
        case DrawTickets():
            spare = ctx.trains - ctx.plan_spaces
            if not ctx.routes:
                return (f"your tickets are done and {spare} trains are spare: "
                        "more tickets mean more points")
            return f"your tickets need only {ctx.plan_spaces} more trains of your {ctx.trains}"
        case KeepTickets(keep):
            return _keep_reason(ctx, keep)
        case BuildStation(city, _):
            return _station_reason(ctx, ctx.gm.city_index[city])
        case PayTunnel(_):
            tunnel = ctx.view.public.tunnel
            if tunnel is not None:
                r = ctx.gm.route_by_id[tunnel.route].index
                served = _tickets_using(ctx, r)
                if served:
                    return f"the tunnel is on your way for {tickets_words(ctx.gm, served)}"
            return "the tunnel's points are worth the extra cards"
        case WithdrawTunnel():
            return "the extra cards are worth more to you than this tunnel now"
        case Pass():
            return "no other move is possible"
    return "it is the best move found"


def _tickets_using(ctx: Context, r: int) -> list[TicketId]:
    """The seat's unfinished tickets whose way through the plan uses route r (or its twin)."""
    gm = ctx.gm
    twin = gm.twin[r]
    out = []
    free = set(ctx.plan.routes) | set(ctx.plan.borrowed)
    for tid in ctx.tickets:
        t = gm.ticket_by_id[tid]
        found = shortest_path(ctx.net, gm.city_index[t.a], gm.city_index[t.b], free)
        if found is not None and (r in found[1] or twin in found[1]):
            out.append(tid)
    return out


def _routes_left(ctx: Context, tid: TicketId, claimed: int) -> int:
    """Routes ticket `tid` still needs after claiming route `claimed`."""
    gm = ctx.gm
    t = gm.ticket_by_id[tid]
    free = (set(ctx.plan.routes) | set(ctx.plan.borrowed)) - {claimed, gm.twin[claimed]}
    owned = ctx.net.owned | {claimed}
    net = Network(gm, owned, ctx.net.open, ctx.net.borrow, ctx.net.station_cities,
                  ctx.net.stations_left)
    found = shortest_path(net, gm.city_index[t.a], gm.city_index[t.b], free)
    return 0 if found is None else len(found[1])


def _network_cities(ctx: Context) -> set[int]:
    cities: set[int] = set()
    for r in ctx.net.owned:
        cities.update(ctx.gm.ends[r])
    return cities


def _claim_reason(ctx: Context, r: int) -> str:
    gm = ctx.gm
    route = gm.routes[r]
    points = ctx.cfg.points_for(route.length)
    served = _tickets_using(ctx, r)
    if served:
        done = [t for t in served if _routes_left(ctx, t, r) == 0]
        if done:
            pts = sum(gm.ticket_by_id[t].points for t in done)
            return f"completes {tickets_words(gm, done)} (+{pts} points)"
        mine = _network_cities(ctx)
        a, b = gm.ends[r]
        name_a, name_b = gm.cities[a].name, gm.cities[b].name
        if a in mine and b in mine:
            joins = "links two parts of your network"
        elif a in mine or b in mine:
            new, old = (name_b, name_a) if a in mine else (name_a, name_b)
            joins = f"joins {new} to your network at {old}"
        else:
            joins = ""
        left = _routes_left(ctx, served[0], r)
        more = f"{left} more route{'s' if left != 1 else ''}"
        if not joins:
            return f"on the way for {ticket_words(gm, served[0])}, which needs {more} after it"
        return f"{joins}: {ticket_words(gm, served[0])} needs {more}"
    if ctx.final or ctx.view.public.turns_left is not None:
        return f"scores {points} points before the game ends"
    if len(ctx.view.public.players) == 2:
        values = block_values(ctx.view)
        if max(values.get(r, 0.0), values.get(gm.twin[r], 0.0)) >= 8.0:
            return "takes a route your opponent seems to need, forcing a long detour"
    spare = ctx.trains - ctx.plan_spaces
    if spare < 0:
        return (f"scores {points} points for {route.length} trains; your tickets need "
                f"{-spare} more trains than you have, so not all of them can be done")
    return (f"scores {points} points for {route.length} trains; your tickets leave "
            f"{spare} train{'' if spare == 1 else 's'} spare")


def _gap_route(ctx: Context, color: int | None) -> int | None:
    """The longest planned route of `color` (gray routes for color None)."""
    best = None
    for r in ctx.routes:
        route = ctx.gm.routes[r]
        c = None if route.color is None else int(route.color)
        if c == color and (best is None or route.length > ctx.gm.routes[best].length):
            best = r
    return best


def _card_reason(ctx: Context, color: int | None) -> str:
    """Why draw this card (None: a blind draw)."""
    gm, needs, hand = ctx.gm, ctx.needs, ctx.hand
    if color == LOCO:
        if locos_short(needs):
            ferry = next((r for r in ctx.routes if gm.routes[r].ferry), None)
            where = f" for {route_words(gm, ferry)}" if ferry is not None else ""
            return f"your ferry{where} needs locomotives"
        return f"a locomotive fills any gap: your plan lacks {needs.deficit} cards"
    if color is not None and needs.colored[color] > hand[color]:
        short = needs.colored[color] - hand[color]
        r = _gap_route(ctx, color)
        where = f" for {route_words(gm, r)}" if r is not None else ""
        return f"you need {short} more {card_word(color)}{where}"
    gaps = [(needs.colored[c] - hand[c], c) for c in range(8) if needs.colored[c] > hand[c]]
    if color is not None and needs.gray:
        r = _gap_route(ctx, None)
        where = f" for the gray route {route_words(gm, r)}" if r is not None else ""
        return f"{card_word(color)} builds up your cards{where}"
    if gaps:
        parts = []
        for short, c in sorted(gaps, reverse=True)[:2]:
            r = _gap_route(ctx, c)
            where = f" for {route_words(gm, r)}" if r is not None else ""
            parts.append(f"{short} more {card_word(c)}{where}")
        if color is None:
            return f"no face-up card fits: you need {and_list(parts)}"
        needed = {c for _, c in gaps} | {LOCO}
        if any(c is not None and int(c) in needed for c in ctx.view.public.faceup):
            # a card the plan needs is on show, yet Expert's search preferred this one
            return f"in trial games it beat the cards you need: {and_list(parts)}"
        return f"the most useful card showing; you need {and_list(parts)}"
    if needs.deficit:
        return f"your plan still lacks {needs.deficit} cards"
    if ctx.routes:
        return "your hand already pays for your plan: more cards keep options open"
    return "more cards for the next routes"


def _keep_reason(ctx: Context, keep: tuple[TicketId, ...]) -> str:
    gm = ctx.gm
    plan = ticket_plan(ctx.net, (*ctx.tickets, *keep))
    spaces = plan_spaces(gm, plan.routes)
    offer = ctx.view.me.offer if ctx.view.me is not None else ()
    returned = [t for t in offer if t not in keep]
    text = (f"your tickets would need {spaces} of your {ctx.trains} trains"
            if ctx.tickets else f"together they need {spaces} of your {ctx.trains} trains")
    if plan.lost:
        text += f", though {tickets_words(gm, plan.lost)} cannot be completed any more"
    if returned:
        more = ticket_plan(ctx.net, (*ctx.tickets, *keep, *returned))
        extra = plan_spaces(gm, more.routes) - spaces
        text += (f"; {tickets_words(gm, returned)} would need {extra} more"
                 if extra > 0 and not more.lost else
                 f"; {tickets_words(gm, returned)} cannot be completed"
                 if len(more.lost) > len(plan.lost) else
                 f"; {tickets_words(gm, returned)} add risk for few points")
    return text


def _station_reason(ctx: Context, city: int) -> str:
    gm = ctx.gm
    for r in sorted(ctx.plan.borrowed):
        if city in gm.ends[r]:
            served = _tickets_using(ctx, r)
            for_what = f" for {tickets_words(gm, served)}" if served else ""
            return f"lets you use another player's {route_words(gm, r)}{for_what}"
    return "lets you use a route another player has taken"
