"""Viewport round trips, panel layout and route hit-testing at several window sizes."""

from __future__ import annotations

import pygame
import pytest

from ttr.maps.mapfile import find_map
from ttr.ui import geometry as geo
from ttr.ui.viewport import BoardLayout, Viewport

SIZES = [(1024, 640), (1280, 720), (1920, 1080), (3840, 2160), (1100, 1000)]


@pytest.mark.parametrize("size", SIZES)
def test_round_trip_and_letterbox(size: tuple[int, int]) -> None:
    lay = BoardLayout.compute(size, 5)
    vp = Viewport.fit((1600, 1000), lay.map)
    for p in [(0, 0), (1600, 1000), (812.5, 433.25)]:
        q = vp.to_board(vp.to_px(p))
        assert q == pytest.approx(p, abs=1e-6)
    mp = vp.map_px
    assert lay.map.inflate(2, 2).contains(mp)
    assert mp.w == lay.map.w or mp.h == lay.map.h  # touches one pair of sides


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 5])
def test_panels_fit_and_do_not_overlap(size: tuple[int, int], players: int) -> None:
    lay = BoardLayout.compute(size, players)
    screen = pygame.Rect(0, 0, *size)
    parts = [lay.map, lay.banner, lay.hand, lay.tickets, lay.market, lay.log]
    parts += [lay.player_row(i) for i in range(players)]
    for r in parts:
        assert screen.contains(r), r
    for i, a in enumerate(parts):
        for b in parts[i + 1:]:
            assert not a.colliderect(b), (a, b)
    cards = [lay.faceup_rect(i) for i in range(5)] + [lay.deck_rect(), lay.ticket_deck_rect()]
    for c in cards:
        assert lay.market.contains(c)
    assert lay.log.h > 60


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_route_hit_testing_finds_each_car(size: tuple[int, int], map_id: str) -> None:
    md = find_map(map_id)
    slots = geo.route_slots(md)
    vp = Viewport.fit(md.layout.size, BoardLayout.compute(size, 3).map)
    hits = total = 0
    for rid, quads in slots.items():
        for q in quads:
            px = vp.to_px(geo.quad_center(q))
            total += 1
            if geo.route_at(slots, vp.to_board(px)) == rid:
                hits += 1
    assert hits / total > 0.97  # overlapping draft layouts may steal a few centres
    assert geo.route_at(slots, vp.to_board((vp.map_px.x + 1, vp.map_px.y + 1))) is None
