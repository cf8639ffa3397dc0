"""Plain words for moves, cards, routes and tickets (the coach never shows notation).

The card names and the payment format are those of the screens (`ttr.ui.words`,
which this layer cannot import; a test keeps the two in step).
"""

from __future__ import annotations

from collections.abc import Sequence

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
from ttr.i18n import N_, _, ngettext, npgettext, number, pgettext

CARD_WORDS: tuple[str, ...] = (
    # TRANSLATORS: card colours, as a payment or a card is named ("4 red", "a red card")
    N_("pink"), N_("white"), N_("blue"), N_("yellow"), N_("orange"), N_("black"), N_("red"),
    N_("green"), "locomotive",  # the locomotive is counted: card_word, counted_cards
)
"""Card colour names by `CardColor` value, as the game shows them (English ids:
translate with `card_word`)."""
DASH = "\u2013"


def card_word(color: int | CardColor, count: int = 1) -> str:
    """`red`, or `locomotives` for more than one locomotive (in the player's language)."""
    if int(color) == LOCO:
        # TRANSLATORS: the locomotive card(s), where a card colour would stand in a sentence
        return npgettext("card", "locomotive", "locomotives", count)
    return _(CARD_WORDS[int(color)])


def counted_cards(color: int | CardColor, n: int) -> str:
    """`4 red`, `1 locomotive`, `3 locomotives` (one colour of a payment)."""
    if int(color) == LOCO:
        return ngettext("{n} locomotive", "{n} locomotives", n).format(n=number(n))
    # TRANSLATORS: {n} cards of one colour in a payment ("4 red"); {colour} is a card colour
    return ngettext("{n} {colour}", "{n} {colour}", n).format(
        n=number(n), colour=_(CARD_WORDS[int(color)]))


def cards_words(hand: Hand) -> str:
    """`4 red`, `2 red + 1 locomotive`, `3 locomotives` (as the screens write payments)."""
    parts = [counted_cards(c, n) for c, n in enumerate(hand.counts) if n]
    return " + ".join(parts) or pgettext("payment", "nothing")


def and_list(items: Sequence[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    if len(items) <= 1:
        return "".join(items)
    # TRANSLATORS: the separator between the items of a list, before the last "and"
    head = pgettext("list separator", ", ").join(items[:-1])
    # TRANSLATORS: the end of a list: "Denver, Omaha and Duluth"
    return _("{items} and {last}").format(items=head, last=items[-1])


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
