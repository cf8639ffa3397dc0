"""What one seat may know: `PlayerView`, `observe` and `determinize`."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from ttr.engine.actions import Action
from ttr.engine.board import GameMap, Seat, TicketId
from ttr.engine.cards import LOCO, CardColor, Hand
from ttr.engine.config import RulesConfig
from ttr.engine.errors import TtrError
from ttr.engine.events import Event, redact
from ttr.engine.rules import legal_actions
from ttr.engine.state import GameState, PlayerState, Stage, TunnelClaim


@dataclass(frozen=True, slots=True)
class PublicPlayer:
    """What everyone knows about a seat."""

    seat: Seat
    hand_size: int
    tickets: int
    offer: int
    trains: int
    stations: int
    route_points: int


@dataclass(frozen=True, slots=True)
class PublicState:
    """Everything on the table: no hand, ticket or deck order."""

    game_map: GameMap
    config: RulesConfig
    players: tuple[PublicPlayer, ...]
    current: Seat
    stage: Stage
    deck_size: int
    faceup: tuple[CardColor | None, ...]
    discard: Hand
    ticket_deck_size: int
    owners: tuple[Seat | None, ...]
    stations: tuple[Seat | None, ...]
    turns_left: int | None
    passes: int
    turn: int
    tunnel: TunnelClaim | None


@dataclass(frozen=True, slots=True)
class PrivateState:
    """A seat's own secrets."""

    seat: Seat
    hand: Hand
    tickets: tuple[TicketId, ...]
    offer: tuple[TicketId, ...]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A seat's (or a spectator's, `viewer` None) view of the game."""

    viewer: Seat | None
    public: PublicState
    me: PrivateState | None
    legal: tuple[Action, ...]
    log: tuple[Event, ...] = ()


def observe(state: GameState, viewer: Seat | None, log: Iterable[Event] = ()) -> PlayerView:
    """The view of `state` for `viewer`; `log` events are redacted for that viewer.

    Raises:
        TtrError: `viewer` is neither None nor a seat of this game.
    """
    if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int)
                               or not 0 <= viewer < len(state.players)):
        raise TtrError(f"observe: viewer must be None or a seat from 0 to "
                       f"{len(state.players) - 1}, not {viewer!r}", "internal")
    public = public_state(state)
    me = None
    legal: tuple[Action, ...] = ()
    if viewer is not None:
        p = state.players[viewer]
        me = PrivateState(viewer, p.hand, p.tickets, p.offer)
        if viewer == state.current and state.stage != Stage.GAME_OVER:
            legal = legal_actions(state)
    return PlayerView(viewer, public, me, legal, tuple(redact(e, viewer) for e in log))


def public_state(state: GameState) -> PublicState:
    """What everyone sees of `state`: built once and kept on the state, so the views of
    every seat and spectator of one state share it."""
    found: PublicState | None = getattr(state, "_public", None)
    if found is not None:
        return found
    public = PublicState(
        game_map=state.game_map,
        config=state.config,
        players=tuple([
            PublicPlayer(i, p.hand.total, len(p.tickets), len(p.offer), p.trains, p.stations,
                         p.route_points)
            for i, p in enumerate(state.players)
        ]),
        current=state.current,
        stage=state.stage,
        deck_size=len(state.deck),
        faceup=state.faceup,
        discard=state.discard,
        ticket_deck_size=len(state.ticket_deck),
        owners=state.owners,
        stations=state.stations,
        turns_left=state.turns_left,
        passes=state.passes,
        turn=state.turn,
        tunnel=state.tunnel,
    )
    object.__setattr__(state, "_public", public)
    return public


def unseen_cards(view: PlayerView) -> list[int]:
    """The cards the viewer cannot place: other hands plus the deck, as a list."""
    pub, cfg = view.public, view.public.config
    counts = [cfg.cards_per_color] * 8 + [cfg.locomotives]
    known = list(pub.discard.counts)
    for c in pub.faceup:
        if c is not None:
            known[c] += 1
    if view.me is not None:
        known = [a + b for a, b in zip(known, view.me.hand.counts, strict=True)]
    if pub.tunnel is not None:
        known = [a + b for a, b in zip(known, pub.tunnel.payment.counts, strict=True)]
        for c in pub.tunnel.revealed:
            known[c] += 1
    out: list[int] = []
    for color in range(9):
        out += [color] * (counts[color] - known[color])
    return out


def determinize(view: PlayerView, rng: random.Random) -> GameState:
    """A full state consistent with `view`, hidden parts sampled at random.

    Other hands come from the cards the viewer cannot account for, with their known
    sizes; other tickets from tickets the viewer does not hold; deck orders are random.
    Observing the result as `view.viewer` gives back `view` (log and legal aside).
    """
    pub, gm = view.public, view.public.game_map
    cards = unseen_cards(view)
    rng.shuffle(cards)
    mine = view.me
    deck_ids = gm.ticket_deck(pub.config)
    own = set() if mine is None else {*mine.tickets, *mine.offer}
    free = [t for t in deck_ids if t not in own]
    rng.shuffle(free)
    regular = [t for t in free if not gm.ticket_by_id[t].long][: pub.ticket_deck_size]
    in_deck = set(regular)
    free = [t for t in free if t not in in_deck]
    players = []
    for p in pub.players:
        if mine is not None and p.seat == mine.seat:
            players.append(PlayerState(mine.hand, mine.tickets, mine.offer, p.trains,
                                       p.stations, p.route_points))
            continue
        hand = Hand.from_cards(cards[: p.hand_size])
        del cards[: p.hand_size]
        take = p.tickets + p.offer
        tickets = tuple(free[: p.tickets])
        offer = tuple(free[p.tickets: take])
        del free[:take]
        players.append(PlayerState(hand, tickets, offer, p.trains, p.stations, p.route_points))
    if len(cards) != pub.deck_size:
        raise AssertionError(f"unseen cards {len(cards)} != deck size {pub.deck_size}")
    return GameState(
        game_map=gm,
        config=pub.config,
        seed=rng.getrandbits(64),
        shuffles=0,
        players=tuple(players),
        current=pub.current,
        stage=pub.stage,
        deck=tuple(CardColor(c) for c in cards),
        faceup=pub.faceup,
        discard=pub.discard,
        ticket_deck=tuple(regular),
        owners=pub.owners,
        stations=pub.stations,
        turns_left=pub.turns_left,
        passes=pub.passes,
        turn=pub.turn,
        tunnel=pub.tunnel,
    )


__all__ = [
    "LOCO", "PlayerView", "PrivateState", "PublicPlayer", "PublicState", "determinize",
    "observe", "public_state", "unseen_cards",
]
