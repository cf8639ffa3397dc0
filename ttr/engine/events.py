"""Event types (what happened) and `redact(event, viewer)`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ttr.engine.board import CityId, RouteId, Seat, TicketId
from ttr.engine.cards import CardColor, Hand

if TYPE_CHECKING:
    from ttr.engine.scoring import GameResult


@dataclass(frozen=True, slots=True)
class CardTaken:
    """A seat took a card; `source` is "deck" or "faceup"; colour None when hidden."""

    seat: Seat
    source: str
    slot: int | None
    color: CardColor | None


@dataclass(frozen=True, slots=True)
class FaceUpDealt:
    """A card was turned face up in a slot."""

    slot: int
    color: CardColor


@dataclass(frozen=True, slots=True)
class FaceUpWiped:
    """Three locomotives showed: the row was discarded."""

    cards: tuple[CardColor, ...]


@dataclass(frozen=True, slots=True)
class DeckReshuffled:
    """The discards were shuffled into a new deck of `size` cards."""

    size: int


@dataclass(frozen=True, slots=True)
class RouteClaimed:
    """A seat claimed a route with `payment` and scored `points`."""

    seat: Seat
    route: RouteId
    payment: Hand
    points: int


@dataclass(frozen=True, slots=True)
class TicketsOffered:
    """A seat was offered tickets (ids None when hidden)."""

    seat: Seat
    tickets: tuple[TicketId, ...] | None
    count: int


@dataclass(frozen=True, slots=True)
class TicketsKept:
    """A seat kept `count` tickets (ids None when hidden) and returned `returned`."""

    seat: Seat
    kept: tuple[TicketId, ...] | None
    count: int
    returned: int


@dataclass(frozen=True, slots=True)
class TunnelRevealed:
    """Europe: the cards turned for a tunnel claim and the extra cards demanded."""

    seat: Seat
    route: RouteId
    cards: tuple[CardColor, ...]
    extra: int


@dataclass(frozen=True, slots=True)
class TunnelWithdrawn:
    """Europe: a seat gave up a tunnel claim."""

    seat: Seat
    route: RouteId


@dataclass(frozen=True, slots=True)
class StationBuilt:
    """Europe: a seat built a station."""

    seat: Seat
    city: CityId
    payment: Hand


@dataclass(frozen=True, slots=True)
class Passed:
    """A seat had no legal action and passed."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class TurnPassed:
    """The turn moved to seat `next`."""

    next: Seat


@dataclass(frozen=True, slots=True)
class FinalRound:
    """`seat` ended a turn with few trains: everyone gets one last turn."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game ended with this result."""

    result: GameResult


Event = (
    CardTaken | FaceUpDealt | FaceUpWiped | DeckReshuffled | RouteClaimed | TicketsOffered
    | TicketsKept | TunnelRevealed | TunnelWithdrawn | StationBuilt | Passed | TurnPassed
    | FinalRound | GameOver
)


def redact(event: Event, viewer: Seat | None) -> Event:
    """The event as `viewer` may see it (None: a spectator, who sees no secret).

    >>> redact(CardTaken(1, "deck", None, CardColor.RED), 0).color is None
    True
    """
    match event:
        case CardTaken(seat=seat, source="deck") if seat != viewer:
            return replace(event, color=None)
        case TicketsOffered(seat=seat) if seat != viewer:
            return replace(event, tickets=None)
        case TicketsKept(seat=seat) if seat != viewer:
            return replace(event, kept=None)
    return event
