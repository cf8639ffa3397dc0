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
from ttr.i18n import _, ngettext, number


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
                return ngettext("your tickets are done and {n} train is spare: "
                                "more tickets mean more points",
                                "your tickets are done and {n} trains are spare: "
                                "more tickets mean more points", spare).format(n=number(spare))
            # TRANSLATORS: {n} trains the tickets still need, of the {trains} the player has
            return ngettext("your tickets need only {n} more train of your {trains}",
                            "your tickets need only {n} more trains of your {trains}",
                            ctx.plan_spaces).format(n=number(ctx.plan_spaces),
                                                    trains=number(ctx.trains))
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
                    # TRANSLATORS: {tickets} is "Duluth–El Paso and Denver–Pittsburgh"
                    return _("the tunnel is on your way for {tickets}").format(
                        tickets=tickets_words(ctx.gm, served))
            return _("the tunnel's points are worth the extra cards")
        case WithdrawTunnel():
            return _("the extra cards are worth more to you than this tunnel now")
        case Pass():
            return _("no other move is possible")
    return _("it is the best move found")


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
            # TRANSLATORS: {tickets} is "Duluth–El Paso and Denver–Pittsburgh"
            return ngettext("completes {tickets} (+{n} point)", "completes {tickets} (+{n} points)",
                            pts).format(tickets=tickets_words(gm, done), n=number(pts))
        mine = _network_cities(ctx)
        a, b = gm.ends[r]
        name_a, name_b = gm.cities[a].name, gm.cities[b].name
        if a in mine and b in mine:
            joins = _("links two parts of your network")
        elif a in mine or b in mine:
            new, old = (name_b, name_a) if a in mine else (name_a, name_b)
            # TRANSLATORS: {new} is a city the route adds, {old} a city already joined
            joins = _("joins {new} to your network at {old}").format(new=new, old=old)
        else:
            joins = ""
        left = _routes_left(ctx, served[0], r)
        ticket = ticket_words(gm, served[0])
        if not joins:
            # TRANSLATORS: {ticket} is "Duluth–El Paso"; {n} routes it needs after this one
            return ngettext("on the way for {ticket}, which needs {n} more route after it",
                            "on the way for {ticket}, which needs {n} more routes after it",
                            left).format(ticket=ticket, n=number(left))
        # TRANSLATORS: {joins} is "joins Denver to your network at Omaha" (or "links two
        # parts of your network"); {ticket} is "Duluth–El Paso"
        return ngettext("{joins}: {ticket} needs {n} more route",
                        "{joins}: {ticket} needs {n} more routes",
                        left).format(joins=joins, ticket=ticket, n=number(left))
    if ctx.final or ctx.view.public.turns_left is not None:
        return ngettext("scores {n} point before the game ends",
                        "scores {n} points before the game ends", points).format(n=number(points))
    if len(ctx.view.public.players) == 2:
        values = block_values(ctx.view)
        if max(values.get(r, 0.0), values.get(gm.twin[r], 0.0)) >= 8.0:
            return _("takes a route your opponent seems to need, forcing a long detour")
    spare = ctx.trains - ctx.plan_spaces
    scores = ngettext("scores {n} point for {trains}", "scores {n} points for {trains}",
                      points).format(n=number(points), trains=ngettext(
                          "{n} train", "{n} trains", route.length).format(n=number(route.length)))
    if spare < 0:
        # TRANSLATORS: {scores} is "scores 4 points for 3 trains"
        return ngettext("{scores}; your tickets need {n} more train than you have, so not "
                        "all of them can be done",
                        "{scores}; your tickets need {n} more trains than you have, so not "
                        "all of them can be done", -spare).format(scores=scores, n=number(-spare))
    # TRANSLATORS: {scores} is "scores 4 points for 3 trains"
    return ngettext("{scores}; your tickets leave {n} train spare",
                    "{scores}; your tickets leave {n} trains spare",
                    spare).format(scores=scores, n=number(spare))


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
            if ferry is not None:
                return _("your ferry for {route} needs locomotives").format(
                    route=route_words(gm, ferry))
            return _("your ferry needs locomotives")
        return ngettext("a locomotive fills any gap: your plan lacks {n} card",
                        "a locomotive fills any gap: your plan lacks {n} cards",
                        needs.deficit).format(n=number(needs.deficit))
    if color is not None and needs.colored[color] > hand[color]:
        short = needs.colored[color] - hand[color]
        return _more_cards(ctx, short, color, sentence=True)
    gaps = [(needs.colored[c] - hand[c], c) for c in range(8) if needs.colored[c] > hand[c]]
    if color is not None and needs.gray:
        r = _gap_route(ctx, None)
        if r is not None:
            # TRANSLATORS: {colour} is a card colour; {route} is "Denver–Omaha"
            return _("{colour} builds up your cards for the gray route {route}").format(
                colour=card_word(color), route=route_words(gm, r))
        return _("{colour} builds up your cards").format(colour=card_word(color))
    if gaps:
        parts = [_more_cards(ctx, short, c)
                 for short, c in sorted(gaps, reverse=True)[:2]]
        if color is None:
            # TRANSLATORS: {cards} is "4 more pink for Denver–Omaha and 2 more red"
            return _("no face-up card fits: you need {cards}").format(cards=and_list(parts))
        needed = {c for _short, c in gaps} | {LOCO}
        if any(c is not None and int(c) in needed for c in ctx.view.public.faceup):
            # a card the plan needs is on show, yet Expert's search preferred this one
            # TRANSLATORS: {cards} is "4 more pink for Denver–Omaha and 2 more red"
            return _("in trial games it beat the cards you need: {cards}").format(
                cards=and_list(parts))
        # TRANSLATORS: {cards} is "4 more pink for Denver–Omaha and 2 more red"
        return _("the most useful card showing; you need {cards}").format(cards=and_list(parts))
    if needs.deficit:
        return ngettext("your plan still lacks {n} card", "your plan still lacks {n} cards",
                        needs.deficit).format(n=number(needs.deficit))
    if ctx.routes:
        return _("your hand already pays for your plan: more cards keep options open")
    return _("more cards for the next routes")


def _more_cards(ctx: Context, short: int, color: int, sentence: bool = False) -> str:
    """`4 more pink for Denver–Omaha` (the planned route of that colour, if any), or as
    a `sentence`: `you need 4 more pink for Denver–Omaha`."""
    r = _gap_route(ctx, color)
    words = {"n": number(short), "colour": card_word(color)}
    if sentence:
        if r is None:
            # TRANSLATORS: {colour} is a card colour ("pink")
            return ngettext("you need {n} more {colour}", "you need {n} more {colour}",
                            short).format(**words)
        # TRANSLATORS: {colour} is a card colour ("pink"); {route} is "Denver–Omaha"
        return ngettext("you need {n} more {colour} for {route}",
                        "you need {n} more {colour} for {route}",
                        short).format(route=route_words(ctx.gm, r), **words)
    if r is None:
        # TRANSLATORS: part of "you need ..."; {colour} is a card colour ("pink")
        return ngettext("{n} more {colour}", "{n} more {colour}", short).format(**words)
    # TRANSLATORS: part of "you need ..."; {colour} is a card colour, {route} "Denver–Omaha"
    return ngettext("{n} more {colour} for {route}", "{n} more {colour} for {route}",
                    short).format(route=route_words(ctx.gm, r), **words)


def _keep_reason(ctx: Context, keep: tuple[TicketId, ...]) -> str:
    gm = ctx.gm
    plan = ticket_plan(ctx.net, (*ctx.tickets, *keep))
    spaces = plan_spaces(gm, plan.routes)
    offer = ctx.view.me.offer if ctx.view.me is not None else ()
    returned = [t for t in offer if t not in keep]
    counts = {"n": number(spaces), "trains": number(ctx.trains)}
    if ctx.tickets:
        # TRANSLATORS: {n} trains of the {trains} the player has
        text = ngettext("your tickets would need {n} of your {trains} trains",
                        "your tickets would need {n} of your {trains} trains",
                        spaces).format(**counts)
    else:
        # TRANSLATORS: {n} trains of the {trains} the player has
        text = ngettext("together they need {n} of your {trains} trains",
                        "together they need {n} of your {trains} trains",
                        spaces).format(**counts)
    if plan.lost:
        # TRANSLATORS: {text} is "your tickets would need 20 of your 45 trains";
        # {tickets} is "Duluth–El Paso and Denver–Pittsburgh"
        text = _("{text}, though {tickets} cannot be completed any more").format(
            text=text, tickets=tickets_words(gm, plan.lost))
    if returned:
        more = ticket_plan(ctx.net, (*ctx.tickets, *keep, *returned))
        extra = plan_spaces(gm, more.routes) - spaces
        words = {"text": text, "tickets": tickets_words(gm, returned)}
        if extra > 0 and not more.lost:
            # TRANSLATORS: {text} is the line so far; {n} more trains the returned
            # {tickets} would need
            text = ngettext("{text}; {tickets} would need {n} more",
                            "{text}; {tickets} would need {n} more",
                            extra).format(n=number(extra), **words)
        elif len(more.lost) > len(plan.lost):
            text = _("{text}; {tickets} cannot be completed").format(**words)
        else:
            text = _("{text}; {tickets} add risk for few points").format(**words)
    return text


def _station_reason(ctx: Context, city: int) -> str:
    gm = ctx.gm
    for r in sorted(ctx.plan.borrowed):
        if city in gm.ends[r]:
            served = _tickets_using(ctx, r)
            if served:
                # TRANSLATORS: {route} is "Denver–Omaha"; {tickets} "Duluth–El Paso"
                return _("lets you use another player's {route} for {tickets}").format(
                    route=route_words(gm, r), tickets=tickets_words(gm, served))
            return _("lets you use another player's {route}").format(route=route_words(gm, r))
    return _("lets you use a route another player has taken")
