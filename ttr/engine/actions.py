"""Action types and their text notation (`format_action` / `parse_action`).

Notation, in the style of UCI: `deck`, `faceup 2`, `claim den-kc-a red:2,loco:1`,
`tickets`, `keep t03,t17`, `pass`, `station den red:1`, `tunnel red:1`, `withdraw`.
`check_action` refuses an object that is not a well-formed action (wrong type or
field types, or fields the notation could not write back); the public API calls it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ttr.engine.board import CityId, RouteId, TicketId
from ttr.engine.cards import Hand
from ttr.engine.config import short_repr
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


MAX_NOTATION = 1000
"""The longest action text `parse_action` reads."""


def _word(value: object) -> bool:
    """An id the notation can carry: non-empty text without spaces or commas."""
    return (isinstance(value, str) and 0 < len(value) <= 100 and value.isprintable()
            and "," not in value and " " not in value)  # the only printable space


def _hand(value: object) -> bool:
    return isinstance(value, Hand) and isinstance(value.counts, tuple) \
        and len(value.counts) == 9 and all(
            isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 10_000
            for n in value.counts)


def check_action(action: object) -> None:
    """Refuse anything that is not a well-formed action.

    Raises:
        TtrError: not an action, or a field of the wrong type (the message says which).
    """
    ok = True
    match action:
        case DrawFaceUp(slot):
            ok = isinstance(slot, int) and not isinstance(slot, bool) and 0 <= slot < 100
        case ClaimRoute(route, payment):
            ok = _word(route) and _hand(payment)
        case BuildStation(city, payment):
            ok = _word(city) and _hand(payment)
        case KeepTickets(keep):
            ok = isinstance(keep, tuple) and len(keep) <= 100 and all(_word(t) for t in keep)
        case PayTunnel(extra):
            ok = _hand(extra)
        case DrawDeck() | DrawTickets() | Pass() | WithdrawTunnel():
            pass
        case _:
            raise TtrError(f"not an action: {short_repr(action)}", "not_action",
                           value=short_repr(action))
    if not ok or type(action) not in _ORDER:
        raise TtrError(f"malformed action: {short_repr(action)}", "malformed_action",
                       value=short_repr(action))


def payment_sort_key(payment: Hand) -> tuple[int, tuple[int, ...]]:
    """How `action_sort_key` orders the payments of one route, station or tunnel:
    fewest locomotives first, then by counts."""
    return (payment.counts[8], payment.counts)


def action_sort_key(action: Action) -> tuple[object, ...]:
    """A stable sort key: by action type, then by its fields."""
    match action:
        case DrawFaceUp(slot):
            return (1, slot)
        case ClaimRoute(route, payment) | BuildStation(route, payment):
            return (_ORDER[type(action)], route, *payment_sort_key(payment))
        case KeepTickets(keep):
            return (5, -len(keep), keep)
        case PayTunnel(extra):
            return (6, *payment_sort_key(extra))
    return (_ORDER[type(action)],)


def format_action(action: Action) -> str:
    """The notation of an action.

    Raises:
        TtrError: not a well-formed action (see `check_action`).

    >>> format_action(ClaimRoute("den-kc-a", Hand.of(red=2, loco=1)))
    'claim den-kc-a red:2,loco:1'
    """
    check_action(action)
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
            return f"keep {','.join(keep)}" if keep else "keep"
        case Pass():
            return "pass"
        case BuildStation(city, payment):
            return f"station {city} {payment}"
        case PayTunnel(extra):
            return f"tunnel {extra}"
        case WithdrawTunnel():
            return "withdraw"
    raise TtrError(f"not an action: {short_repr(action)}", "not_action",
                   value=short_repr(action))


def parse_action(text: str) -> Action:
    """Parse action notation.

    Raises:
        TtrError: the text is not an action (never any other exception).

    >>> parse_action("keep t17,t03")
    KeepTickets(keep=('t03', 't17'))
    """
    if not isinstance(text, str):
        raise TtrError(f"an action is text, not {type(text).__name__}", "action_not_text",
                       kind=type(text).__name__)
    if len(text) > MAX_NOTATION:
        raise TtrError(f"action text too long ({len(text)} characters)", "action_too_long",
                       n=len(text))
    words = text.split()
    if not words:
        raise TtrError("empty action", "action_empty")
    verb, args = words[0].lower(), words[1:]
    simple: dict[str, Action] = {
        "deck": DrawDeck(), "tickets": DrawTickets(), "pass": Pass(), "withdraw": WithdrawTunnel(),
    }
    if verb in simple and not args:
        return simple[verb]
    if verb == "keep" and not args:
        return KeepTickets(())
    action: Action | None = None
    if verb == "faceup" and len(args) == 1 and args[0].isascii() and args[0].isdigit() \
            and len(args[0]) <= 2:
        action = DrawFaceUp(int(args[0]))
    elif verb == "claim" and len(args) == 2:
        action = ClaimRoute(args[0], Hand.parse(args[1]))
    elif verb == "station" and len(args) == 2:
        action = BuildStation(args[0], Hand.parse(args[1]))
    elif verb == "tunnel" and len(args) == 1:
        action = PayTunnel(Hand.parse(args[0]))
    elif verb == "keep" and len(args) == 1:
        action = KeepTickets(tuple(sorted(t for t in args[0].split(",") if t)))
    if action is None:
        raise TtrError(f"cannot read action {short_repr(text)}", "action_unreadable",
                       text=short_repr(text))
    check_action(action)
    return action
