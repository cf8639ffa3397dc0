"""Colour vision and low vision: player and card colours on rendered boards stay apart under
simulated protanopia, deuteranopia and tritanopia (Machado 2009, CIE76) or carry distinct
symbols; player marks are never card symbols; route symbols are big enough; the
high-contrast theme has no low-contrast text."""

from __future__ import annotations

import itertools
from collections import Counter

import pygame
import pytest
from uihelp import frames

from ttr.engine import CardColor
from ttr.maps.mapfile import find_map
from ttr.ui import theme
from ttr.ui.app import App
from ttr.ui.assets import Assets, draw_card
from ttr.ui.contrast import contrast_ratio, use_high_contrast
from ttr.ui.cvd import MACHADO, delta_e, simulate
from ttr.ui.maprender import MapRenderer
from ttr.ui.prefs import Settings
from ttr.ui.symbols import (
    CARD_SHAPES,
    PLAYER_SHAPES,
    Shape,
    draw_shape,
    slot_symbol_radius,
)
from ttr.ui.viewport import BoardLayout, Viewport

APART = 20.0
"""CIE76 distance two colours must keep (5 already reads as "different")."""
VISIONS = (None, *MACHADO)


def _seen(rgb: theme.RGB, vision: str | None) -> theme.RGB:
    return rgb if vision is None else simulate(rgb, vision)


def _renderer(map_id: str, size: tuple[int, int], colorblind: bool) -> MapRenderer:
    md = find_map(map_id)
    r = MapRenderer(md, Assets(Settings(colorblind=colorblind)))
    r.resize(Viewport.fit(md.layout.size, BoardLayout.compute(size, 5).map))
    return r


def _car_colours(map_id: str) -> dict[int, theme.RGB]:
    """Each of 5 seats' train colour as sampled from a rendered board (colour-blind mode)."""
    r = _renderer(map_id, (1920, 1080), True)
    gm = r.gm
    owners = [i % 5 if i % 7 == 0 else None for i in range(len(gm.routes))]
    rgb = [theme.PLAYER_RGB[c] for c in theme.PLAYER_COLORS]
    surf = r.composed(owners, rgb)
    assert r.vp is not None
    found: dict[int, Counter[theme.RGB]] = {s: Counter() for s in range(5)}
    for route in gm.routes:
        seat = owners[route.index]
        if seat is None:
            continue
        for q in r.slots[route.id]:
            (a, b, c, d) = [r.vp.local(p) for p in q]
            rear = ((a[0] + d[0]) / 2, (a[1] + d[1]) / 2)
            front = ((b[0] + c[0]) / 2, (b[1] + c[1]) / 2)
            p = (round(rear[0] + 0.22 * (front[0] - rear[0])),
                 round(rear[1] + 0.22 * (front[1] - rear[1])))
            found[seat][tuple(surf.get_at(p))[:3]] += 1  # type: ignore[index]
    return {s: c.most_common(1)[0][0] for s, c in found.items()}


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_player_colours_stay_apart_on_a_rendered_board(app: App, map_id: str) -> None:
    seen = _car_colours(map_id)
    for seat, name in enumerate(theme.PLAYER_COLORS):
        assert delta_e(seen[seat], theme.PLAYER_RGB[name]) < 8, (name, seen[seat])
    for vision in VISIONS:
        for a, b in itertools.combinations(range(5), 2):
            d = delta_e(_seen(seen[a], vision), _seen(seen[b], vision))
            assert d >= APART, (vision, theme.PLAYER_COLORS[a], theme.PLAYER_COLORS[b], d)
    # the marks keep the players apart even without colour: all different
    shapes = [repr(PLAYER_SHAPES[c]) for c in theme.PLAYER_COLORS]
    assert len(set(shapes)) == 5


def _mask(shape: Shape, size: int = 48) -> set[tuple[int, int]]:
    """The shape's pixels, scaled to fill the frame (so size alone never makes a
    difference: the old black player's x and the black card's x overlap 100 %)."""
    pts = [p for poly, _ in shape for p in poly]
    x0, x1 = min(x for x, _ in pts), max(x for x, _ in pts)
    y0, y1 = min(y for _, y in pts), max(y for _, y in pts)
    k = size * 0.9 / max(x1 - x0, y1 - y0)
    center = (size / 2 - k * (x0 + x1) / 2, size / 2 - k * (y0 + y1) / 2)
    s = pygame.Surface((size, size))
    s.fill((0, 0, 0))
    draw_shape(s, shape, center, (k, 0.0), (0.0, k), (255, 255, 255), (0, 0, 0))
    return {(x, y) for x in range(size) for y in range(size) if s.get_at((x, y))[0] > 128}


def test_player_marks_are_never_card_symbols(app: App) -> None:
    marks = {name: _mask(mark) for name, mark in PLAYER_SHAPES.items()}
    others: dict[object, set[tuple[int, int]]] = {c: _mask(s) for c, s in CARD_SHAPES.items()}
    for name, m in marks.items():
        for other, c in {**others, **marks}.items():
            if other == name:
                continue
            overlap = len(m & c) / len(m | c)
            assert overlap < 0.6, (name, other, overlap)


def _card_body(color: CardColor) -> theme.RGB:
    surf = draw_card(color, 60, 90, symbols=True)
    px = Counter(tuple(surf.get_at((x, y)))[:3] for x in range(60) for y in range(90))
    return px.most_common(1)[0][0]  # type: ignore[return-value]


def test_card_colours_stay_apart_or_carry_distinct_symbols(app: App) -> None:
    body = {c: _card_body(c) for c in CardColor}
    masks = {c: _mask(CARD_SHAPES[c]) for c in CardColor}
    for vision in VISIONS:
        for a, b in itertools.combinations(CardColor, 2):
            if delta_e(_seen(body[a], vision), _seen(body[b], vision)) < APART:
                assert len(masks[a] ^ masks[b]) > 0.15 * len(masks[a] | masks[b]), (a, b)
                plain = pygame.image.tobytes(draw_card(a, 60, 90), "RGB")
                assert plain != pygame.image.tobytes(draw_card(a, 60, 90, symbols=True), "RGB")


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_route_symbols_are_12px_at_720p_and_grow(app: App, map_id: str) -> None:
    sizes = {}
    for size in ((1280, 720), (1920, 1080), (3840, 2160)):
        r = _renderer(map_id, size, True)
        sizes[size] = min(2 * slot_symbol_radius(r.px_quad(q))
                          for qs in r.slots.values() for q in qs)
    assert sizes[(1280, 720)] >= 12  # drawn size: tests/ui/test_contrast_map.py
    assert sizes[(1920, 1080)] >= 12
    assert sizes[(3840, 2160)] > sizes[(1280, 720)] * 1.5


def test_high_contrast_theme_has_no_low_contrast_text(app: App) -> None:
    use_high_contrast(True)
    try:
        for text in (theme.TEXT, theme.TEXT_DIM, theme.ACCENT, theme.HILITE, theme.GOOD,
                     theme.BAD):
            for bg in (theme.BG, theme.PANEL, theme.PANEL_LIGHT):
                assert contrast_ratio(text, bg) >= 7, (text, bg)
        assert contrast_ratio(theme.TEXT_DARK, theme.ACCENT) >= 7
        assert contrast_ratio(theme.PANEL_EDGE, theme.PANEL) >= 3  # outlines
        assert contrast_ratio(theme.LABEL_INK, theme.LABEL_HALO) >= 7
        app.ctx.settings.high_contrast = True
        app.to_menu()
        frames(app, 2)
        shot = pygame.display.get_surface()
        assert shot.get_at((2, shot.get_height() - 2))[:3] == theme.BG
    finally:
        use_high_contrast(False)
    assert theme.BG == (28, 36, 44) and not theme.STRONG_EDGES
