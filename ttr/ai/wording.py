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

CARD_WORDS: tuple[str, ...] = (
    "pink", "white", "blue", "yellow", "orange", "black", "red", "green", "locomotive",
)
"""Card colour names by `CardColor` value, as the game shows them."""
DASH = "\u2013"


def card_word(color: int | CardColor, count: int = 1) -> str:
    """`red`, or `locomotives` for more than one locomotive."""
    word = CARD_WORDS[int(color)]
    return f"{word}s" if int(color) == LOCO and count != 1 else word


def cards_words(hand: Hand) -> str:
    """`4 red`, `2 red + 1 locomotive`, `3 locomotives` (as the screens write payments)."""
    parts = [f"{n} {card_word(c, n)}" for c, n in enumerate(hand.counts) if n]
    return " + ".join(parts) or "nothing"


def and_list(items: Sequence[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


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
    """The move as a player would say it: `claim Denver–Omaha with 4 red`."""
    gm = view.public.game_map
    match action:
        case ClaimRoute(route, payment):
            kind = "the tunnel " if gm.route_by_id[route].tunnel else ""
            return f"claim {kind}{route_words(gm, route)} with {cards_words(payment)}"
        case DrawFaceUp(slot):
            color = view.public.faceup[slot] if slot < len(view.public.faceup) else None
            if color is None:
                return "take a face-up card"
            if color == LOCO:
                return "take the face-up locomotive"
            return f"take the face-up {card_word(color)} card"
        case DrawDeck():
            return "draw a card from the deck"
        case DrawTickets():
            return "draw new tickets"
        case KeepTickets(keep):
            return f"keep {tickets_words(gm, keep)}"
        case BuildStation(city, payment):
            return f"build a station in {gm.city_name(city)} with {cards_words(payment)}"
        case PayTunnel(extra):
            return f"pay {cards_words(extra)} more for the tunnel"
        case WithdrawTunnel():
            return "give up the tunnel"
        case Pass():
            return "pass"
    return "move"
