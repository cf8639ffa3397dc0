"""Words for the board: game-log lines (shared with the replays), route descriptions, why a
click is refused."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ttr.engine import (
    BuildStation,
    CardColor,
    CardTaken,
    ClaimRoute,
    DeckReshuffled,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    Event,
    FaceUpWiped,
    FinalRound,
    GameMap,
    GameOver,
    Passed,
    PlayerView,
    Route,
    RouteClaimed,
    Stage,
    StationBuilt,
    TicketId,
    TicketsKept,
    TicketsOffered,
    TunnelRevealed,
    TunnelWithdrawn,
)
from ttr.ui.theme import CARD_NAMES
from ttr.ui.words import a_an, card_name, card_noun, cards_words, counted, join_and


def route_name(gm: GameMap, route: Route) -> str:
    """`Denver–Omaha`."""
    return f"{gm.city_name(route.a)}\u2013{gm.city_name(route.b)}"


def ticket_name(gm: GameMap, ticket: TicketId) -> str:
    """`Duluth–El Paso`."""
    t = gm.ticket_by_id[ticket]
    return f"{gm.city_name(t.a)}\u2013{gm.city_name(t.b)}"


def color_word(route: Route) -> str:
    """`red`, `gray` ..."""
    return "gray" if route.color is None else CARD_NAMES[route.color]


def log_line(e: Event, gm: GameMap, names: Sequence[str]) -> str | None:
    """One line in plain words for an event, or None for events not worth a line.

    The game log and the replays both speak through this. It says exactly what the
    event carries: pass events redacted (`ttr.engine.redact`) for whoever reads the
    line, and a hidden card colour or ticket simply is not there to be said.
    """
    match e:
        case CardTaken(seat, source, _, color):
            if source == "faceup":
                what = "a face-up card" if color is None else a_an(card_noun(color))
                return f"{names[seat]} took {what}"
            what = "a card" if color is None else a_an(card_noun(color))
            return f"{names[seat]} drew {what} from the deck"
        case RouteClaimed(seat, route, payment, points):
            return (f"{names[seat]} claimed {route_name(gm, gm.route(route))} with "
                    f"{cards_words(payment)} ({counted(points, 'point')})")
        case TicketsOffered(seat, tickets, count):
            line = f"{names[seat]} drew {counted(count, 'destination ticket')}"
            if tickets is not None:
                line += ": " + ", ".join(ticket_name(gm, t) for t in tickets)
            return line
        case TicketsKept(seat, kept, count, returned):
            line = f"{names[seat]} kept {counted(count, 'ticket')}"
            if kept is not None:
                line += ": " + ", ".join(ticket_name(gm, t) for t in kept)
                return line + (f"; returned {returned}" if returned else "")
            return line + (f" and returned {returned}" if returned else "")
        case StationBuilt(seat, city, payment):
            return (f"{names[seat]} built a station in {gm.city_name(city)} with "
                    f"{cards_words(payment)}")
        case TunnelRevealed(seat, route, cards, extra):
            shown = join_and([card_name(c) for c in cards]) or "nothing"
            return (f"{names[seat]} tried the {route_name(gm, gm.route(route))} tunnel: the "
                    f"deck turned up {shown}, {counted(extra, 'extra card')} to pay")
        case TunnelWithdrawn(seat, route):
            return f"{names[seat]} gave up the {route_name(gm, gm.route(route))} tunnel"
        case Passed(seat):
            return f"{names[seat]} passed"
        case FinalRound(seat):
            return f"Final round: {names[seat]} is almost out of trains, everyone plays once more"
        case FaceUpWiped(cards):
            locos = sum(1 for c in cards if c == CardColor.LOCOMOTIVE)
            return f"{counted(locos, 'locomotive')} lay face up: the row was replaced"
        case DeckReshuffled(size):
            return f"The discards were shuffled into a new deck of {counted(size, 'card')}"
        case GameOver():
            return "The game is over"
    return None


def log_lines(view: PlayerView, names: Sequence[str],
              notes: Sequence[tuple[int, str]] = ()) -> Iterator[str]:
    """The game log of `view` (its events, redacted for its seat), newest line first.
    `notes` are public lines (online chat), each after the first n events of the game."""
    gm = view.public.game_map
    later = sorted(notes, key=lambda n: n[0], reverse=True)
    i = 0
    for k in range(len(view.log), -1, -1):
        while i < len(later) and later[i][0] >= k:
            yield later[i][1]
            i += 1
        if k:
            line = log_line(view.log[k - 1], gm, names)
            if line is not None:
                yield line


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
        need = f"{counted(route.length, 'card')} of one colour"
    if route.ferry:
        need += f", {route.ferry} of them locomotives"
    return f"You can't pay for this route: it needs {need}"


def refuse_station(view: PlayerView, city: str, names: Sequence[str]) -> str:
    """Why no station can be built in `city` now."""
    why = not_your_turn(view, names)
    if why is not None:
        return why
    pub = view.public
    if not pub.config.stations:
        return "This map has no stations"
    owner = pub.stations[pub.game_map.city_index[city]]
    if owner is not None:
        return f"A station already stands there ({names[owner]}'s)"
    return "You can't build a station now (no stations or cards)"


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
