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
from ttr.i18n import _, ngettext, number, pgettext
from ttr.ui.words import (
    a_card,
    card_name,
    cards_of,
    cards_words,
    counted,
    join_and,
    route_colour,
)


def route_name(gm: GameMap, route: Route) -> str:
    """`Denver–Omaha`."""
    return f"{gm.city_name(route.a)}\u2013{gm.city_name(route.b)}"


def ticket_name(gm: GameMap, ticket: TicketId) -> str:
    """`Duluth–El Paso`."""
    t = gm.ticket_by_id[ticket]
    return f"{gm.city_name(t.a)}\u2013{gm.city_name(t.b)}"


def color_word(route: Route) -> str:
    """`red`, `gray` ..."""
    return route_colour(route.color)


def log_line(e: Event, gm: GameMap, names: Sequence[str]) -> str | None:
    """One line in plain words for an event, or None for events not worth a line.

    The game log and the replays both speak through this. It says exactly what the
    event carries: pass events redacted (`ttr.engine.redact`) for whoever reads the
    line, and a hidden card colour or ticket simply is not there to be said.
    """
    match e:
        case CardTaken(seat, source, _, color):
            if source == "faceup":
                what = _("a face-up card") if color is None else a_card(color)
                return _("{player} took {card}").format(player=names[seat], card=what)
            what = _("a card") if color is None else a_card(color)
            return _("{player} drew {card} from the deck").format(player=names[seat], card=what)
        case RouteClaimed(seat, route, payment, points):
            # TRANSLATORS: "Ana claimed Denver–Omaha with 2 red + 1 locomotive (2 points)"
            return _("{player} claimed {route} with {cards} ({points})").format(
                player=names[seat], route=route_name(gm, gm.route(route)),
                cards=cards_words(payment), points=counted(points, "point"))
        case TicketsOffered(seat, tickets, count):
            line = _("{player} drew {tickets}").format(
                player=names[seat], tickets=counted(count, "destination-ticket"))
            if tickets is not None:
                line = _("{line}: {tickets}").format(line=line, tickets=", ".join(
                    ticket_name(gm, t) for t in tickets))
            return line
        case TicketsKept(seat, kept, count, returned):
            line = _("{player} kept {tickets}").format(player=names[seat],
                                                       tickets=counted(count, "ticket"))
            if kept is not None:
                line = _("{line}: {tickets}").format(line=line, tickets=", ".join(
                    ticket_name(gm, t) for t in kept))
                # TRANSLATORS: {n} is the number of tickets put back under the pile
                return (_("{line}; returned {n}").format(line=line, n=number(returned))
                        if returned else line)
            return (_("{line} and returned {n}").format(line=line, n=number(returned))
                    if returned else line)
        case StationBuilt(seat, city, payment):
            return _("{player} built a station in {city} with {cards}").format(
                player=names[seat], city=gm.city_name(city), cards=cards_words(payment))
        case TunnelRevealed(seat, route, cards, extra):
            shown = join_and([card_name(c) for c in cards]) or pgettext("cards", "nothing")
            # TRANSLATORS: {cards} are the colours of the 3 cards turned up, {extra} "1 extra card"
            return _("{player} tried the {route} tunnel: the deck turned up {cards}, "
                     "{extra} to pay").format(player=names[seat],
                                              route=route_name(gm, gm.route(route)),
                                              cards=shown, extra=counted(extra, "extra-card"))
        case TunnelWithdrawn(seat, route):
            return _("{player} gave up the {route} tunnel").format(
                player=names[seat], route=route_name(gm, gm.route(route)))
        case Passed(seat):
            return _("{player} passed").format(player=names[seat])
        case FinalRound(seat):
            return _("Final round: {player} is almost out of trains, everyone plays once "
                     "more").format(player=names[seat])
        case FaceUpWiped(cards):
            locos = sum(1 for c in cards if c == CardColor.LOCOMOTIVE)
            # TRANSLATORS: {locos} is "3 locomotives"
            return _("{locos} lay face up: the row was replaced").format(
                locos=counted(locos, "locomotive"))
        case DeckReshuffled(size):
            return _("The discards were shuffled into a new deck of {cards}").format(
                cards=counted(size, "card"))
        case GameOver():
            return _("The game is over")
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
        kind.append(_("tunnel"))
    if route.ferry:
        # TRANSLATORS: a ferry route and the locomotives it needs: "ferry (1 locomotive)"
        kind.append(_("ferry ({locos})").format(locos=counted(route.ferry, "locomotive")))
    # TRANSLATORS: a route's length and colour, and its points: "4 × red · 7 points"
    lines = [route_name(gm, route),
             _("{length} \u00d7 {colour} \u00b7 {points}").format(
                 length=number(route.length), colour=color_word(route),
                 points=counted(pts, "point"))
             + (f" \u00b7 {', '.join(kind)}" if kind else "")]
    owner = pub.owners[route.index]
    if owner is not None:
        lines.append(_("Claimed by {player}").format(player=names[owner]))
    elif any(isinstance(a, ClaimRoute) and a.route == route.id for a in view.legal):
        lines.append(_("Click to claim it"))
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
        return _("{route} is already claimed by {player}").format(
            route=route_name(gm, route), player=names[owner])
    if pub.stage == Stage.SECOND_DRAW:
        return _("Take your second card first")
    if pub.stage in (Stage.KEEP_TICKETS, Stage.INITIAL_TICKETS):
        return _("Choose your tickets first")
    twin = gm.twin[route.index]
    if twin >= 0 and pub.owners[twin] is not None:
        if pub.owners[twin] == view.viewer:
            return _("You already own the other track of this double route")
        if len(pub.players) < pub.config.double_routes_min_players:
            return _("With this few players only one track of a double route can be used")
    me = pub.players[view.viewer] if view.viewer is not None else None
    if me is not None and me.trains < route.length:
        return _("You have only {trains} left").format(trains=counted(me.trains, "train"))
    need = cards_of(route.color, route.length) if route.color is not None else \
        _("{cards} of one colour").format(cards=counted(route.length, "card"))
    if route.ferry:
        # TRANSLATORS: {n} is how many of the cards must be locomotives
        need = ngettext("{cards}, {n} of them a locomotive", "{cards}, {n} of them locomotives",
                        route.ferry).format(cards=need, n=number(route.ferry))
    return _("You can't pay for this route: it needs {cards}").format(cards=need)


def refuse_station(view: PlayerView, city: str, names: Sequence[str]) -> str:
    """Why no station can be built in `city` now."""
    why = not_your_turn(view, names)
    if why is not None:
        return why
    pub = view.public
    if not pub.config.stations:
        return _("This map has no stations")
    owner = pub.stations[pub.game_map.city_index[city]]
    if owner is not None:
        return _("A station already stands there ({player}'s)").format(player=names[owner])
    return _("You can't build a station now (no stations or cards)")


def not_your_turn(view: PlayerView, names: Sequence[str]) -> str | None:
    """'It's Ada's turn' when the viewer is not to act, else None."""
    pub = view.public
    if pub.stage == Stage.GAME_OVER:
        return _("The game is over")
    if view.viewer is None:
        return _("You are watching")
    if pub.current != view.viewer:
        return _("It's {player}'s turn").format(player=names[pub.current])
    return None


def refuse_draw(view: PlayerView, names: Sequence[str], faceup_slot: int | None) -> str:
    """Why a face-up card or the deck can't be taken."""
    turn = not_your_turn(view, names)
    if turn:
        return turn
    pub = view.public
    if pub.stage in (Stage.KEEP_TICKETS, Stage.INITIAL_TICKETS):
        return _("Choose your tickets first")
    if pub.stage == Stage.TUNNEL_PAY:
        return _("Pay for the tunnel or withdraw first")
    if faceup_slot is not None:
        color = pub.faceup[faceup_slot]
        if color is None:
            return _("That slot is empty")
        if pub.stage == Stage.SECOND_DRAW:
            return _("A face-up locomotive can't be your second card")
    if faceup_slot is None and pub.deck_size == 0:
        return _("The deck is empty")
    return _("You can't draw now")


def refuse_tickets(view: PlayerView, names: Sequence[str]) -> str:
    """Why the ticket pile can't be taken."""
    turn = not_your_turn(view, names)
    if turn:
        return turn
    pub = view.public
    if pub.stage == Stage.SECOND_DRAW:
        return _("Take your second card first")
    if pub.ticket_deck_size == 0:
        return _("No destination tickets are left")
    return _("You can't take tickets now")


def turn_banner(view: PlayerView, names: Sequence[str], thinking: bool) -> str:
    """The line that says whose turn it is and what to do."""
    pub = view.public
    if pub.stage == Stage.GAME_OVER:
        return _("Game over")
    cur = pub.current
    if cur != view.viewer:
        if pub.stage == Stage.INITIAL_TICKETS:
            return _("{player} is choosing tickets\u2026").format(player=names[cur])
        return (_("{player} is thinking\u2026") if thinking
                else _("{player} is playing\u2026")).format(player=names[cur])
    if pub.stage == Stage.SECOND_DRAW:
        return _("Your turn: take a second card")
    if pub.stage in (Stage.INITIAL_TICKETS, Stage.KEEP_TICKETS):
        return _("Your turn: choose your tickets")
    if pub.stage == Stage.TUNNEL_PAY:
        return _("Your turn: pay for the tunnel or withdraw")
    kinds = {type(a) for a in view.legal}
    parts = []
    if DrawDeck in kinds or DrawFaceUp in kinds:
        parts.append(_("draw cards"))
    if ClaimRoute in kinds:
        parts.append(_("claim a route"))
    if DrawTickets in kinds:
        parts.append(_("take tickets"))
    if BuildStation in kinds:
        parts.append(pgettext("a move", "build a station"))
    # TRANSLATORS: {moves} is a list of moves ("draw cards, claim a route"); the banner
    # drops moves from its end where it is narrow, so keep ": " and ", "
    return _("Your turn: {moves}").format(moves=", ".join(parts) if parts else _("pass"))
