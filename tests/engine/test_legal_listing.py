"""`Sim.legal` (built in order from cached tables, see `ttr.engine.listing`) against a
straightforward listing: every route and city checked from scratch, every payment
listed with `payments`, the whole list sorted with `action_sort_key`. Same actions, same
order, over random positions of every map, variant and player count, in every stage."""

from __future__ import annotations

import random
from itertools import combinations
from math import floor

import pytest

from tests.builders import europe, usa
from ttr.engine import GameMap, Sim, legal_actions, new_game, observe
from ttr.engine.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    WithdrawTunnel,
    action_sort_key,
)
from ttr.engine.cards import Hand
from ttr.engine.payments import payments, payments_key
from ttr.engine.sim import CHOOSE, INITIAL, KEEP, OVER, SECOND, TUNNEL

GAMES = [("usa", v) for v in ("base", "1910", "mega", "bigcities")] + [("europe", "base")]


def reference(sim: Sim) -> list[Action]:
    """Every legal action of the seat to act, the plain way."""
    seat, stage, hand = sim.current, sim.stage, sim.hands[sim.current]
    cards = bool(sim.deck) or any(sim.discard)
    out: list[Action] = []
    if stage == CHOOSE:
        if cards:
            out.append(DrawDeck())
        out += [DrawFaceUp(i) for i, c in enumerate(sim.faceup) if c >= 0]
        if sim.ticket_deck:
            out.append(DrawTickets())
        for r in sim.gm.routes:
            if sim.route_open(seat, r.index) and r.length <= sim.trains[seat]:
                color = -1 if r.color is None else int(r.color)
                out += [ClaimRoute(r.id, p) for p in payments(hand, r.length, color, r.ferry)]
        left = sim.stations_left[seat]
        if left > 0:
            cost = sim.cfg.station_costs[sim.cfg.stations - left]
            for i, city in enumerate(sim.gm.cities):
                if sim.station_at[i] < 0:
                    out += [BuildStation(city.id, p) for p in payments(hand, cost, -1, 0)]
        if not out:
            out.append(Pass())
    elif stage == SECOND:
        if cards:
            out.append(DrawDeck())
        out += [DrawFaceUp(i) for i, c in enumerate(sim.faceup) if 0 <= c < 8]
    elif stage in (INITIAL, KEEP):
        offer = sim.offers[seat]
        need = sim.cfg.deal_keep_min if stage == INITIAL else sim.cfg.draw_keep_min
        for k in range(min(need, len(offer)), len(offer) + 1):
            out += [KeepTickets(tuple(sorted(keep))) for keep in combinations(offer, k)]
    elif stage == TUNNEL:
        assert sim.tunnel is not None
        _, paid, _, extra = sim.tunnel
        color = next((c for c in range(8) if paid[c]), -1)
        if color < 0:
            pays = [Hand((0,) * 8 + (extra,))] if hand[8] >= extra else []
        else:
            pays = payments(hand, extra, color, 0)
        out += [PayTunnel(p) for p in pays]
        out.append(WithdrawTunnel())
    out.sort(key=action_sort_key)
    return out


def game_map(name: str) -> GameMap:
    return usa() if name == "usa" else europe()


@pytest.mark.parametrize(("map_name", "variant"), GAMES)
def test_listing_equals_the_plain_listing(map_name: str, variant: str) -> None:
    gm = game_map(map_name)
    cfg = gm.rules(variant)
    seen: set[int] = set()
    stations = claims = 0
    for g in range(16):
        players = 2 + g % 4
        seed = f"listing:{map_name}:{variant}:{g}"
        sim = Sim.thaw(new_game(gm, cfg, players, seed))
        rng = random.Random(seed)
        uniform = g % 2 == 0  # half the games pick from the full list: hands grow large
        while sim.stage != OVER:
            legal = sim.legal()
            assert legal == reference(sim), f"{seed}, turn {sim.turn}, stage {sim.stage}"
            if sim.stage == CHOOSE:
                rank = sim._listing.rank
                assert sim._claimable_ranks(sim.current) == sorted(
                    rank[r] for r in sim._claimable(sim.current))
            seen.add(sim.stage)
            claims += any(isinstance(a, ClaimRoute) for a in legal)
            stations += any(isinstance(a, BuildStation) for a in legal)
            if uniform:
                sim.step(legal[floor(rng.random() * len(legal))])
            else:
                sim.step(sim.sample(rng))
        assert sim.legal() == reference(sim) == []
    expected = {INITIAL, CHOOSE, SECOND, KEEP} | ({TUNNEL} if map_name == "europe" else set())
    assert expected <= seen
    assert claims > 100
    assert (stations > 100) == (map_name == "europe")


@pytest.mark.parametrize("map_name", ["usa", "europe"])
def test_listing_with_random_hands(map_name: str) -> None:
    """Hands of every size at positions of random games (many more payment keys than
    games reach, past the caches' bounds), and the public API's listing and view."""
    gm = game_map(map_name)
    cfg = gm.rules("base")
    rng = random.Random(map_name)
    checked = 0
    for g in range(6):
        sim = Sim.thaw(new_game(gm, cfg, 2 + g % 4, f"hands:{g}"))
        while sim.stage != OVER:
            if sim.stage == CHOOSE and rng.random() < 0.3:
                probe = sim.copy()
                top = rng.choice([2, 4, 8, 14])  # (a hand holds at most every card)
                probe.hands[probe.current] = [
                    rng.randint(0, min(top, cfg.cards_per_color)) for _ in range(8)
                ] + [rng.randint(0, min(top, cfg.locomotives))]
                assert probe.legal() == reference(probe)
                state = probe.freeze()
                assert list(legal_actions(state)) == reference(probe)
                assert observe(state, probe.current).legal == tuple(reference(probe))
                checked += 1
            sim.step(sim.sample(rng))
    assert checked > 100


def test_payments_key_tells_payments_apart() -> None:
    """Hands with the same key have the same payments (what the caches rely on)."""
    rng = random.Random(18)
    first: dict[tuple[int, int, int, int], list[Hand]] = {}
    for _ in range(40_000):
        length = rng.randint(1, 8)
        ferry = rng.choice([0, 0, rng.randint(0, length)])
        color = rng.randint(-1, 7)
        hand = [rng.choice([0, 1, 2, 3, 5, 8, rng.randint(0, 30)]) for _ in range(9)]
        key = (length, color, ferry, payments_key(hand, length, color, ferry))
        assert first.setdefault(key, payments(hand, length, color, ferry)) == \
            payments(hand, length, color, ferry)
    assert len(first) > 5_000
