"""The immutable game state and its invariants."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING

from ttr.engine.board import GameMap, RouteId, Seat, TicketId
from ttr.engine.cards import CardColor, Hand
from ttr.engine.config import RulesConfig

if TYPE_CHECKING:
    from ttr.engine.kept import Thawed
    from ttr.engine.view import PublicState


class Stage(IntEnum):
    """Which decision the current seat faces."""

    INITIAL_TICKETS = 0
    CHOOSE_ACTION = 1
    SECOND_DRAW = 2
    KEEP_TICKETS = 3
    TUNNEL_PAY = 4
    GAME_OVER = 5


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One seat's holdings; `offer` is the tickets it is choosing from."""

    hand: Hand
    tickets: tuple[TicketId, ...]
    offer: tuple[TicketId, ...]
    trains: int
    stations: int
    route_points: int


@dataclass(frozen=True, slots=True)
class TunnelClaim:
    """Europe: a tunnel claim waiting for the extra payment (stage TUNNEL_PAY)."""

    route: RouteId
    payment: Hand
    revealed: tuple[CardColor, ...]
    extra: int


class _Kept:
    """The slots where a `GameState` keeps what the public path derived from it once:
    not dataclass fields, so no part of equality, `repr`, `replace`, pickles or copies."""

    __slots__ = ("_thawed", "_public")
    _thawed: Thawed
    """Its `Sim` and legal actions, set once by `kept.thawed` or `rules.apply`."""
    _public: PublicState
    """What everyone sees of it, set once by `view.public_state`."""


@dataclass(frozen=True, slots=True)
class GameState(_Kept):
    """Everything about a game at one moment. Never mutated; `apply` builds a new one.

    `deck` has its top card last; `ticket_deck` has its top first. `faceup` slots
    and `owners`/`stations` entries are None when empty.
    """

    game_map: GameMap
    config: RulesConfig
    seed: int | str
    shuffles: int
    players: tuple[PlayerState, ...]
    current: Seat
    stage: Stage
    deck: tuple[CardColor, ...]
    faceup: tuple[CardColor | None, ...]
    discard: Hand
    ticket_deck: tuple[TicketId, ...]
    owners: tuple[Seat | None, ...]
    stations: tuple[Seat | None, ...]
    """Station owner per city index."""
    turns_left: int | None
    """None until the final round starts, then turns until the game ends."""
    passes: int
    """Consecutive passes; a full round of them ends the game."""
    turn: int
    """Completed turns."""
    tunnel: TunnelClaim | None = None

    @property
    def num_players(self) -> int:
        """Seats at the table."""
        return len(self.players)


def check_invariants(state: GameState, trains: bool = True) -> None:
    """Raise AssertionError if the state breaks a conservation rule (a bug).

    With `trains` False, the trains left need not add up with the routes placed
    (hand-made test positions).
    """
    cfg, gm = state.config, state.game_map
    total = [cfg.cards_per_color] * 8 + [cfg.locomotives]
    seen = list(state.discard.counts)
    for c in state.deck:
        seen[c] += 1
    for f in state.faceup:
        if f is not None:
            seen[f] += 1
    for p in state.players:
        for i, n in enumerate(p.hand.counts):
            seen[i] += n
    if state.tunnel is not None:
        for i, n in enumerate(state.tunnel.payment.counts):
            seen[i] += n
        for c in state.tunnel.revealed:
            seen[c] += 1
    assert seen == total, f"cards not conserved: {seen} != {total}"
    for seat, p in enumerate(state.players):
        placed = sum(r.length for r in gm.routes if state.owners[r.index] == seat)
        if trains:
            assert p.trains + placed == cfg.trains, f"seat {seat}: trains {p.trains} + {placed}"
        assert 0 <= p.trains <= cfg.trains, f"seat {seat}: {p.trains} trains"
        points = sum(
            cfg.points_for(r.length) for r in gm.routes if state.owners[r.index] == seat
        )
        assert p.route_points == points, f"seat {seat}: route points {p.route_points} != {points}"
        built = sum(1 for s in state.stations if s == seat)
        assert p.stations + built == cfg.stations, f"seat {seat}: stations"
    held = [t for p in state.players for t in (*p.tickets, *p.offer)] + list(state.ticket_deck)
    assert len(held) == len(set(held)), "a ticket is in two places"
