"""Plain words for moves, cards, routes and tickets (the coach never shows notation).

The card words and lists are the whole game's: `ttr.ui.words` takes them from here (this
layer cannot import the screens), so the coach names cards as the log does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ttr.engine import (
    LOCO,
    Action,
    BuildStation,
    CardColor,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    GameMap,
    Hand,
    KeepTickets,
    Pass,
    PayTunnel,
    PlayerView,
    RouteId,
    TicketId,
    WithdrawTunnel,
)
from ttr.i18n import _, ngettext, npgettext, number, pgettext

DASH = "\u2013"
C = CardColor

_COLOUR: dict[int, Callable[[], str]] = {
    # TRANSLATORS: card colours ("red"), also a route's colour
    C.PURPLE: lambda: pgettext("card colour", "pink"),
    C.WHITE: lambda: pgettext("card colour", "white"),
    C.BLUE: lambda: pgettext("card colour", "blue"),
    C.YELLOW: lambda: pgettext("card colour", "yellow"),
    C.ORANGE: lambda: pgettext("card colour", "orange"),
    C.BLACK: lambda: pgettext("card colour", "black"),
    C.RED: lambda: pgettext("card colour", "red"),
    C.GREEN: lambda: pgettext("card colour", "green"),
    C.LOCOMOTIVE: lambda: pgettext("card colour", "locomotive"),
}

_N_COLOUR: dict[int, Callable[[int], str]] = {
    # TRANSLATORS: {n} cards of a colour in a payment ("2 red + 1 locomotive")
    C.PURPLE: lambda n: npgettext("cards", "{n} pink", "{n} pink", n),
    C.WHITE: lambda n: npgettext("cards", "{n} white", "{n} white", n),
    C.BLUE: lambda n: npgettext("cards", "{n} blue", "{n} blue", n),
    C.YELLOW: lambda n: npgettext("cards", "{n} yellow", "{n} yellow", n),
    C.ORANGE: lambda n: npgettext("cards", "{n} orange", "{n} orange", n),
    C.BLACK: lambda n: npgettext("cards", "{n} black", "{n} black", n),
    C.RED: lambda n: npgettext("cards", "{n} red", "{n} red", n),
    C.GREEN: lambda n: npgettext("cards", "{n} green", "{n} green", n),
    C.LOCOMOTIVE: lambda n: ngettext("{n} locomotive", "{n} locomotives", n),
}
"""The card words of the whole game (coach, log, dialogs, speech): `ttr.ui.words` takes
them from here, so a hint names cards as the screens do."""


def colour_word(color: int | CardColor) -> str:
    """`red`, `locomotive`: a card's colour (in the player's language)."""
    return _COLOUR[int(color)]()


def card_word(color: int | CardColor, count: int = 1) -> str:
    """`red`, or `locomotives` for more than one locomotive (in the player's language)."""
    if int(color) == LOCO:
        # TRANSLATORS: the locomotive card(s), where a card colour would stand in a sentence
        return npgettext("card", "locomotive", "locomotives", count)
    return colour_word(color)


def counted_cards(color: int | CardColor, n: int) -> str:
    """`4 red`, `1 locomotive`, `3 locomotives` (one colour of a payment)."""
    return _N_COLOUR[int(color)](n).format(n=number(n))


def cards_words(hand: Hand) -> str:
    """`4 red`, `2 red + 1 locomotive`, `3 locomotives`: the cards of a payment, colours
    first."""
    parts = [counted_cards(c, n) for c, n in enumerate(hand.counts) if n]
    return " + ".join(parts) or pgettext("cards", "nothing")


def and_list(items: Sequence[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    if not items:
        return ""
    out = items[0]
    for k, item in enumerate(items[1:], 2):
        # TRANSLATORS: the last two items of a list ("Ana, Ben and Chen")
        out = (_("{items} and {last}") if k == len(items) else _("{items}, {next}")).format(
            items=out, last=item, next=item)
    return out


def route_words(gm: GameMap, route: RouteId | int) -> str:
    """`Denver–Omaha` for a route id or index."""
    r = gm.routes[route] if isinstance(route, int) else gm.route_by_id[route]
    return f"{gm.city_name(r.a)}{DASH}{gm.city_name(r.b)}"


def ticket_words(gm: GameMap, ticket: TicketId) -> str:
    """`Duluth–El Paso`."""
    t = gm.ticket_by_id[ticket]
    return f"{gm.city_name(t.a)}{DASH}{gm.city_name(t.b)}"


def tickets_words(gm: GameMap, tickets: Sequence[TicketId]) -> str:
    """`Duluth–El Paso and Denver–Pittsburgh`."""
    return and_list([ticket_words(gm, t) for t in tickets])


def move_words(view: PlayerView, action: Action) -> str:
    """The move as a player would say it: `claim Denver–Omaha with 4 red` (lower case:
    it is used inside sentences too)."""
    gm = view.public.game_map
    match action:
        case ClaimRoute(route, payment):
            words = {"route": route_words(gm, route), "cards": cards_words(payment)}
            if gm.route_by_id[route].tunnel:
                # TRANSLATORS: a move in words; {route} is "Denver–Omaha", {cards} "4 red"
                return _("claim the tunnel {route} with {cards}").format(**words)
            # TRANSLATORS: a move in words; {route} is "Denver–Omaha", {cards} "4 red"
            return _("claim {route} with {cards}").format(**words)
        case DrawFaceUp(slot):
            color = view.public.faceup[slot] if slot < len(view.public.faceup) else None
            if color is None:
                return _("take a face-up card")
            if color == LOCO:
                return _("take the face-up locomotive")
            # TRANSLATORS: {colour} is a card colour ("red")
            return _("take the face-up {colour} card").format(colour=card_word(color))
        case DrawDeck():
            return _("draw a card from the deck")
        case DrawTickets():
            return _("draw new tickets")
        case KeepTickets(keep):
            # TRANSLATORS: {tickets} is "Duluth–El Paso and Denver–Pittsburgh"
            return _("keep {tickets}").format(tickets=tickets_words(gm, keep))
        case BuildStation(city, payment):
            return _("build a station in {city} with {cards}").format(
                city=gm.city_name(city), cards=cards_words(payment))
        case PayTunnel(extra):
            return _("pay {cards} more for the tunnel").format(cards=cards_words(extra))
        case WithdrawTunnel():
            return _("give up the tunnel")
        case Pass():
            return pgettext("move", "pass")
    return pgettext("noun", "move")
