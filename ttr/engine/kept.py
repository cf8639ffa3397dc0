"""What the public path keeps on a `GameState` (its private `_thawed` slot): the state
as a `Sim` and its legal actions once listed (`Thawed`, `thawed`), and the frozen state
of a stepped copy that shares every unchanged part with the state before
(`freeze_from`). `rules.legal_actions`, `rules.apply` and `view.observe` use it, so a
game played through `apply` never thaws (docs/ENGINE.md, "The public path")."""

from __future__ import annotations

from ttr.engine.actions import Action
from ttr.engine.cards import Hand
from ttr.engine.sim import _COLOR, _STAGE, Sim
from ttr.engine.state import GameState, PlayerState, TunnelClaim


class Thawed:
    """What the public path derives from one `GameState`, kept on it (`GameState._thawed`):
    the state as a sim, which nothing steps (`rules.apply` steps a copy), and its legal
    actions once `rules.legal_actions` has listed them."""

    __slots__ = ("sim", "legal")

    def __init__(self, sim: Sim) -> None:
        self.sim = sim
        self.legal: tuple[Action, ...] | None = None

    def keep_on(self, state: GameState) -> None:
        """Keep this on `state` (which `sim` holds, as `freeze` would give it)."""
        object.__setattr__(state, "_thawed", self)


def thawed(state: GameState) -> Thawed:
    """What `state` keeps for the public path, thawing it the first time."""
    try:
        return state._thawed
    except AttributeError:
        kept = Thawed(Sim.thaw(state))
        kept.keep_on(state)
        return kept


def _seats_after(before: tuple[int | None, ...], now: list[int],
                 was: list[int]) -> tuple[int | None, ...]:
    """`before`, the frozen `was` (a seat per route or city, None for -1), changed where
    `now` differs (a claim changes one entry: cheaper than freezing `now` whole)."""
    out = list(before)
    for i in range(len(now)):
        seat = now[i]
        if seat != was[i]:
            out[i] = None if seat < 0 else seat
    return tuple(out)


def freeze_from(sim: Sim, before: GameState, base: Sim) -> GameState:
    """`sim.freeze()`, where `sim` is a copy of `base` (the sim of `before`, `thawed`)
    stepped since: every part equal to `base`'s is shared with `before` (the deck
    only loses cards from its top between reshuffles)."""
    players = before.players
    if sim.hands != base.hands or sim.tickets != base.tickets \
            or sim.offers != base.offers or sim.trains != base.trains \
            or sim.stations_left != base.stations_left or sim.route_pts != base.route_pts:
        players = tuple(_player(sim, i, players[i], base) for i in range(sim.n))
    deck = before.deck
    if sim.shuffles != base.shuffles:
        deck = tuple(map(_COLOR.__getitem__, sim.deck))
    elif len(sim.deck) != len(deck):
        deck = deck[:len(sim.deck)]
    t = sim.tunnel
    return GameState(
        sim.gm, sim.cfg, sim.seed, sim.shuffles, players, sim.current,
        _STAGE[sim.stage], deck,
        before.faceup if sim.faceup == base.faceup else
        tuple(None if c < 0 else _COLOR[c] for c in sim.faceup),
        before.discard if sim.discard == base.discard else Hand(tuple(sim.discard)),
        before.ticket_deck if sim.ticket_deck == base.ticket_deck else
        tuple(sim.ticket_deck),
        before.owners if sim.owners == base.owners else
        _seats_after(before.owners, sim.owners, base.owners),
        before.stations if sim.station_at == base.station_at else
        _seats_after(before.stations, sim.station_at, base.station_at),
        None if sim.turns_left < 0 else sim.turns_left,
        sim.passes,
        sim.turn,
        None if t is None else TunnelClaim(
            sim.gm.routes[t[0]].id, Hand(tuple(t[1])), tuple(_COLOR[c] for c in t[2]),
            t[3]),
    )

def _player(sim: Sim, i: int, before: PlayerState, base: Sim) -> PlayerState:
    """Seat `i` frozen, sharing what is unchanged since `base` with `before`."""
    hand, tickets, offer = sim.hands[i], sim.tickets[i], sim.offers[i]
    trains, stations, points = sim.trains[i], sim.stations_left[i], sim.route_pts[i]
    same_hand = hand == base.hands[i]
    if same_hand and tickets == base.tickets[i] and offer == base.offers[i] \
            and trains == before.trains and stations == before.stations \
            and points == before.route_points:
        return before
    return PlayerState(
        before.hand if same_hand else Hand(tuple(hand)),
        before.tickets if tickets == base.tickets[i] else tuple(tickets),
        before.offer if offer == base.offers[i] else tuple(offer),
        trains, stations, points,
    )
