"""Action types and their text notation (`format_action` / `parse_action`).

Notation, in the style of UCI: `deck`, `faceup 2`, `claim den-kc-a red:2,loco:1`,
`tickets`, `keep t03,t17`, `pass`, `station den red:1`, `tunnel red:1`, `withdraw`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ttr.engine.board import CityId, RouteId, TicketId
from ttr.engine.cards import Hand
from ttr.engine.errors import TtrError


@dataclass(frozen=True, slots=True)
class DrawFaceUp:
    """Take the face-up card in `slot` (0-based)."""

    slot: int


@dataclass(frozen=True, slots=True)
class DrawDeck:
    """Take the top card of the deck, blind."""


@dataclass(frozen=True, slots=True)
class ClaimRoute:
    """Claim a route with exactly these cards."""

    route: RouteId
    payment: Hand


@dataclass(frozen=True, slots=True)
class DrawTickets:
    """Draw destination tickets to choose from."""


@dataclass(frozen=True, slots=True)
class KeepTickets:
    """Keep these tickets of the offer (a sorted tuple); return the rest."""

    keep: tuple[TicketId, ...]


@dataclass(frozen=True, slots=True)
class Pass:
    """Do nothing; legal only when no other action is."""


@dataclass(frozen=True, slots=True)
class BuildStation:
    """Europe: build a station on `city` with these cards."""

    city: CityId
    payment: Hand


@dataclass(frozen=True, slots=True)
class PayTunnel:
    """Europe: pay the extra cards the tunnel reveal demanded."""

    extra: Hand


@dataclass(frozen=True, slots=True)
class WithdrawTunnel:
    """Europe: give up the tunnel; the cards go back to the hand."""


Action = (
    DrawFaceUp | DrawDeck | ClaimRoute | DrawTickets | KeepTickets | Pass
    | BuildStation | PayTunnel | WithdrawTunnel
)

_ORDER = {
    DrawDeck: 0, DrawFaceUp: 1, DrawTickets: 2, ClaimRoute: 3, BuildStation: 4,
    KeepTickets: 5, PayTunnel: 6, WithdrawTunnel: 7, Pass: 8,
}


def action_sort_key(action: Action) -> tuple[object, ...]:
    """A stable sort key: by action type, then by its fields."""
    match action:
        case DrawFaceUp(slot):
            return (1, slot)
        case ClaimRoute(route, payment) | BuildStation(route, payment):
            return (_ORDER[type(action)], route, payment.counts[8], payment.counts)
        case KeepTickets(keep):
            return (5, -len(keep), keep)
        case PayTunnel(extra):
            return (6, extra.counts[8], extra.counts)
    return (_ORDER[type(action)],)


def format_action(action: Action) -> str:
    """The notation of an action.

    >>> format_action(ClaimRoute("den-kc-a", Hand.of(red=2, loco=1)))
    'claim den-kc-a red:2,loco:1'
    """
    match action:
        case DrawDeck():
            return "deck"
        case DrawFaceUp(slot):
            return f"faceup {slot}"
        case ClaimRoute(route, payment):
            return f"claim {route} {payment}"
        case DrawTickets():
            return "tickets"
        case KeepTickets(keep):
            return f"keep {','.join(keep)}"
        case Pass():
            return "pass"
        case BuildStation(city, payment):
            return f"station {city} {payment}"
        case PayTunnel(extra):
            return f"tunnel {extra}"
        case WithdrawTunnel():
            return "withdraw"
    raise TypeError(f"not an action: {action!r}")


def parse_action(text: str) -> Action:
    """Parse action notation.

    Raises:
        TtrError: the text is not an action.

    >>> parse_action("keep t17,t03")
    KeepTickets(keep=('t03', 't17'))
    """
    words = text.split()
    if not words:
        raise TtrError("empty action")
    verb, args = words[0].lower(), words[1:]
    simple: dict[str, Action] = {
        "deck": DrawDeck(), "tickets": DrawTickets(), "pass": Pass(), "withdraw": WithdrawTunnel(),
    }
    if verb in simple and not args:
        return simple[verb]
    if verb == "faceup" and len(args) == 1 and args[0].isdigit():
        return DrawFaceUp(int(args[0]))
    if verb == "claim" and len(args) == 2:
        return ClaimRoute(args[0], Hand.parse(args[1]))
    if verb == "station" and len(args) == 2:
        return BuildStation(args[0], Hand.parse(args[1]))
    if verb == "tunnel" and len(args) == 1:
        return PayTunnel(Hand.parse(args[0]))
    if verb == "keep" and len(args) == 1:
        return KeepTickets(tuple(sorted(t for t in args[0].split(",") if t)))
    raise TtrError(f"cannot read action {text!r}")
