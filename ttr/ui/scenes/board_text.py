"""Words for the board: action-log lines, route descriptions, why a click is refused."""

from __future__ import annotations

from collections.abc import Sequence

from ttr.engine import (
    BuildStation,
    CardTaken,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    Event,
    FinalRound,
    GameMap,
    Passed,
    PlayerView,
    Route,
    RouteClaimed,
    Stage,
    StationBuilt,
    TicketsKept,
    TunnelRevealed,
    TunnelWithdrawn,
)
from ttr.ui.theme import CARD_NAMES
from ttr.ui.words import counted


def route_name(gm: GameMap, route: Route) -> str:
    """`Denver–Omaha`."""
    return f"{gm.city_name(route.a)}\u2013{gm.city_name(route.b)}"


def color_word(route: Route) -> str:
    """`red`, `gray` ..."""
    return "gray" if route.color is None else CARD_NAMES[route.color]


def log_line(e: Event, view: PlayerView, names: Sequence[str]) -> str | None:
    """One readable line for the action log, or None for events not worth a line."""
    gm = view.public.game_map
    me = view.viewer
    match e:
        case CardTaken(seat, source, _, color):
            who = names[seat]
            if source == "faceup" and color is not None:
                name = CARD_NAMES[color]
                return f"{who} took {'an' if name[0] in 'aeiou' else 'a'} {name} card"
            if seat == me and color is not None:
                name = CARD_NAMES[color]
                return f"{who} drew {'an' if name[0] in 'aeiou' else 'a'} {name} card"
            return f"{who} drew a card from the deck"
        case RouteClaimed(seat, route, _, points):
            r = gm.route(route)
            pts = "point" if points == 1 else "points"
            return f"{names[seat]} claimed {route_name(gm, r)}, {points} {pts}"
        case TicketsKept(seat, kept, count, returned):
            what = "ticket" if count == 1 else "tickets"
            if kept is not None and seat == me:
                cities = ", ".join(
                    f"{gm.city_name(gm.ticket_by_id[t].a)}\u2013{gm.city_name(gm.ticket_by_id[t].b)}"
                    for t in kept)
                return f"{names[seat]} kept {count} {what}: {cities}"
            return f"{names[seat]} kept {count} {what}" + (
                f", returned {returned}" if returned else "")
        case StationBuilt(seat, city, _):
            return f"{names[seat]} built a station in {gm.city_name(city)}"
        case TunnelRevealed(seat, route, _, extra):
            r = gm.route(route)
            return (f"{names[seat]} tried the {route_name(gm, r)} tunnel: "
                    f"{extra} extra card{'s' if extra != 1 else ''}")
        case TunnelWithdrawn(seat, route):
            return f"{names[seat]} withdrew from the tunnel"
        case Passed(seat):
            return f"{names[seat]} passed"
        case FinalRound(seat):
            return f"Final round: {names[seat]} is almost out of trains"
    return None


def route_tip(view: PlayerView, route: Route, names: Sequence[str]) -> list[str]:
    """Hover text for a route: where, length, colour, points, and whether you can pay."""
    pub = view.public
    gm = pub.game_map
    pts = pub.config.points_for(route.length)
    kind = []
    if route.tunnel:
        kind.append("tunnel")
    if route.ferry:
        kind.append(f"ferry ({counted(route.ferry, 'locomotive')})")
    lines = [route_name(gm, route),
             f"{route.length} \u00d7 {color_word(route)} \u00b7 {counted(pts, 'point')}"
             + (f" \u00b7 {', '.join(kind)}" if kind else "")]
    owner = pub.owners[route.index]
    if owner is not None:
        lines.append(f"Claimed by {names[owner]}")
    elif any(isinstance(a, ClaimRoute) and a.route == route.id for a in view.legal):
        lines.append("Click to claim it")
    elif view.me is not None:
        lines.append(refuse_route(view, route, names))
    return lines


def refuse_route(view: PlayerView, route: Route, names: Sequence[str]) -> str:
    """Why clicking this route does nothing."""
    pub = view.public
    gm = pub.game_map
    turn = not_your_turn(view, names)
    if turn:
        return turn
    owner = pub.owners[route.index]
    if owner is not None:
        return f"{route_name(gm, route)} is already claimed by {names[owner]}"
    if pub.stage == Stage.SECOND_DRAW:
        return "Take your second card first"
    if pub.stage in (Stage.KEEP_TICKETS, Stage.INITIAL_TICKETS):
        return "Choose your tickets first"
    twin = gm.twin[route.index]
    if twin >= 0 and pub.owners[twin] is not None:
        if pub.owners[twin] == view.viewer:
            return "You already own the other track of this double route"
        if len(pub.players) < pub.config.double_routes_min_players:
            return "With this few players only one track of a double route can be used"
    me = pub.players[view.viewer] if view.viewer is not None else None
    if me is not None and me.trains < route.length:
        return f"You have only {counted(me.trains, 'train')} left"
    need = f"{route.length} {color_word(route)}"
    if route.color is None:
        need = f"{route.length} cards of one colour"
    if route.ferry:
        need += f", {route.ferry} of them locomotives"
    return f"You can't pay for this route: it needs {need}"


def not_your_turn(view: PlayerView, names: Sequence[str]) -> str | None:
    """'It's Ada's turn' when the viewer is not to act, else None."""
    pub = view.public
    if pub.stage == Stage.GAME_OVER:
        return "The game is over"
    if view.viewer is None:
        return "You are watching"
    if pub.current != view.viewer:
        return f"It's {names[pub.current]}'s turn"
    return None


def refuse_draw(view: PlayerView, names: Sequence[str], faceup_slot: int | None) -> str:
    """Why a face-up card or the deck can't be taken."""
    turn = not_your_turn(view, names)
    if turn:
        return turn
    pub = view.public
    if pub.stage in (Stage.KEEP_TICKETS, Stage.INITIAL_TICKETS):
        return "Choose your tickets first"
    if pub.stage == Stage.TUNNEL_PAY:
        return "Pay for the tunnel or withdraw first"
    if faceup_slot is not None:
        color = pub.faceup[faceup_slot]
        if color is None:
            return "That slot is empty"
        if pub.stage == Stage.SECOND_DRAW:
            return "A face-up locomotive can't be your second card"
    if faceup_slot is None and pub.deck_size == 0:
        return "The deck is empty"
    return "You can't draw now"


def refuse_tickets(view: PlayerView, names: Sequence[str]) -> str:
    """Why the ticket pile can't be taken."""
    turn = not_your_turn(view, names)
    if turn:
        return turn
    pub = view.public
    if pub.stage == Stage.SECOND_DRAW:
        return "Take your second card first"
    if pub.ticket_deck_size == 0:
        return "No destination tickets are left"
    return "You can't take tickets now"


def turn_banner(view: PlayerView, names: Sequence[str], thinking: bool) -> str:
    """The line that says whose turn it is and what to do."""
    pub = view.public
    if pub.stage == Stage.GAME_OVER:
        return "Game over"
    cur = pub.current
    if cur != view.viewer:
        if pub.stage == Stage.INITIAL_TICKETS:
            return f"{names[cur]} is choosing tickets\u2026"
        return f"{names[cur]} is {'thinking' if thinking else 'playing'}\u2026"
    if pub.stage == Stage.SECOND_DRAW:
        return "Your turn: take a second card"
    if pub.stage in (Stage.INITIAL_TICKETS, Stage.KEEP_TICKETS):
        return "Your turn: choose your tickets"
    if pub.stage == Stage.TUNNEL_PAY:
        return "Your turn: pay for the tunnel or withdraw"
    kinds = {type(a) for a in view.legal}
    parts = []
    if DrawDeck in kinds or DrawFaceUp in kinds:
        parts.append("draw cards")
    if ClaimRoute in kinds:
        parts.append("claim a route")
    if DrawTickets in kinds:
        parts.append("take tickets")
    if BuildStation in kinds:
        parts.append("build a station")
    return "Your turn: " + (", ".join(parts) if parts else "pass")
