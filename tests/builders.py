"""Scenario builders: any position in a few lines, plus `play` with action notation."""

from __future__ import annotations

from functools import cache
from typing import Any

from ttr.engine import (
    CardColor,
    GameMap,
    GameState,
    Hand,
    RulesConfig,
    apply,
    parse_action,
    state_from_dict,
    state_to_dict,
)
from ttr.maps.mapfile import find_map


@cache
def usa() -> GameMap:
    """The bundled USA map."""
    return find_map("usa").game_map


@cache
def europe() -> GameMap:
    """The bundled Europe map."""
    return find_map("europe").game_map


def make_state(
    game_map: GameMap | None = None,
    *,
    config: RulesConfig | None = None,
    players: int = 2,
    hands: list[str] | None = None,
    faceup: list[str | None] | None = None,
    deck: list[str] | None = None,
    discard: str | None = None,
    owners: dict[str, int] | None = None,
    tickets: list[list[str]] | None = None,
    offers: list[list[str]] | None = None,
    ticket_deck: list[str] | None = None,
    trains: list[int] | None = None,
    stations: dict[str, int] | None = None,
    stage: str = "choose_action",
    current: int = 0,
    turns_left: int | None = None,
    **extra: Any,
) -> GameState:
    """A position on `game_map` (USA by default). Cards not placed anywhere go to the
    deck if `deck` is not given, else to the discard pile. `deck` lists the top card last.
    Trains and route points follow from `owners` unless `trains` is given.
    """
    gm = game_map or usa()
    cfg = config or gm.rules("base")
    hands = hands or ["-"] * players
    faceup = faceup if faceup is not None else [None] * cfg.faceup_slots
    owners = owners or {}
    total = [cfg.cards_per_color] * 8 + [cfg.locomotives]
    used = Hand()
    for h in hands:
        used = used.add(Hand.parse(h))
    placed = Hand.from_cards(CardColor.parse(c) for c in faceup if c)
    used = used.add(placed)
    if deck is not None:
        used = used.add(Hand.from_cards(CardColor.parse(c) for c in deck))
    if discard is not None:
        used = used.add(Hand.parse(discard))
    rest = Hand(tuple(t - u for t, u in zip(total, used.counts, strict=True)))
    assert min(rest.counts) >= 0, f"more cards than the game has: {used}"
    if deck is None:
        deck = [c.key for c in rest]
    elif discard is None:
        discard = str(rest)
    else:
        assert rest.total == 0, f"cards missing from the position: {rest}"
    placed_trains = [0] * players
    points = [0] * players
    for rid, seat in owners.items():
        r = gm.route(rid)
        placed_trains[seat] += r.length
        points[seat] += cfg.points_for(r.length)
    data = {
        "config": cfg.to_dict(),
        "seed": extra.pop("seed", 1),
        "shuffles": 0,
        "players": [
            {
                "hand": hands[i],
                "tickets": (tickets or [[]] * players)[i],
                "offer": (offers or [[]] * players)[i],
                "trains": trains[i] if trains else cfg.trains - placed_trains[i],
                "stations": cfg.stations - sum(1 for s in (stations or {}).values() if s == i),
                "route_points": points[i],
            }
            for i in range(players)
        ],
        "current": current,
        "stage": stage,
        "deck": deck,
        "faceup": faceup,
        "discard": discard or "-",
        "ticket_deck": ticket_deck if ticket_deck is not None else [],
        "owners": owners,
        "stations": stations or {},
        "turns_left": turns_left,
        **extra,
    }
    return state_from_dict(data, gm, cfg)


def play(state: GameState, *actions: str) -> GameState:
    """Apply actions given in notation, one after another."""
    for text in actions:
        state = apply(state, parse_action(text)).state
    return state


def with_changes(state: GameState, **changes: Any) -> GameState:
    """A copy of `state` with top-level dict fields replaced (checked for conservation)."""
    data = state_to_dict(state)
    data.update(changes)
    return state_from_dict(data, state.game_map, state.config)
