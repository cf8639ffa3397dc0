"""High contrast covers the map (dark land and sea, light coasts and names, route spaces
in full colour inside light outlines); colour-blind symbols on route spaces are readable
at 1280x720; the first start offers colour-blind symbols (C takes the offer, saved)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from uihelp import frames, key

from ttr.maps.mapfile import find_map
from ttr.ui import theme
from ttr.ui.app import App
from ttr.ui.assets import Assets
from ttr.ui.contrast import contrast_ratio, use_high_contrast
from ttr.ui.maprender import MapRenderer
from ttr.ui.prefs import Settings
from ttr.ui.scenes.menu import CB_OFFER, MenuScene
from ttr.ui.symbols import SLOT_SYMBOL_MIN, slot_symbol_place
from ttr.ui.viewport import BoardLayout, Viewport

SIZE = (1280, 720)
BLACK = (0, 0, 0)


@pytest.fixture
def high_contrast() -> Iterator[None]:
    use_high_contrast(True)
    try:
        yield
    finally:
        use_high_contrast(False)


def _renderer(map_id: str, colorblind: bool = False,
              size: tuple[int, int] = SIZE) -> MapRenderer:
    md = find_map(map_id)
    r = MapRenderer(md, Assets(Settings(colorblind=colorblind)))
    r.resize(Viewport.fit(md.layout.size, BoardLayout.compute(size, 5).map))
    return r


def _rgb(surf: pygame.Surface, p: tuple[float, float]) -> theme.RGB:
    c = surf.get_at((round(p[0]), round(p[1])))
    return (c[0], c[1], c[2])


def _pixels(img: pygame.Surface) -> Counter[bytes]:
    """How often each colour occurs (every 7th pixel)."""
    raw = pygame.image.tobytes(img, "RGB")
    return Counter(raw[i:i + 3] for i in range(0, len(raw), 3 * 7))


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_high_contrast_darkens_the_map(app: App, map_id: str) -> None:
    r = _renderer(map_id)
    owners: list[int | None] = [None] * len(r.gm.routes)
    normal = _pixels(r.composed(owners, []))
    use_high_contrast(True)
    try:
        seen = _pixels(r.composed(owners, []))  # the same renderer: drawn again
        (land, _), (sea, _) = seen.most_common(2)
        ground = {tuple(land), tuple(sea)}
        assert ground == {theme.LAND, theme.SEA}, ground  # the two most common pixels
        for c in (theme.LAND, theme.SEA, theme.LAKE):
            assert contrast_ratio(c, BLACK) < 1.6, c  # dark
            assert contrast_ratio(theme.COAST, c) >= 7  # light coasts
            assert contrast_ratio(theme.LABEL_INK, c) >= 7  # names, with a black halo
            assert contrast_ratio(theme.CITY_RING, c) >= 7  # city dots
            assert contrast_ratio(theme.TUNNEL_EDGE, c) >= 3
            assert contrast_ratio(theme.SLOT_EDGE, c) >= 3  # closed twins' hatch
        assert contrast_ratio(theme.LABEL_INK, theme.LABEL_HALO) >= 15
    finally:
        use_high_contrast(False)
    assert tuple(normal.most_common(1)[0][0]) not in ground
    assert _pixels(r.composed(owners, [])) == normal  # and back to the paper map


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_route_spaces_have_light_outlines_on_the_dark_ground(
        app: App, high_contrast: None, map_id: str) -> None:
    """Every open space (tunnels aside: their dashes are `TUNNEL_EDGE`) has an outline
    with a WCAG contrast of 3 or more to the ground on both long sides (sampled a quarter
    of the way along), and its fill is the route's own colour."""
    r = _renderer(map_id)
    r.composed([None] * len(r.gm.routes), [])
    assert r.static is not None and r.vp is not None
    static, vp = r.static, r.vp
    ratios = []
    for route in r.gm.routes:
        if route.tunnel:
            continue
        for q in r.slots[route.id]:
            a, b, c, d = (vp.local(p) for p in q)
            centre = ((a[0] + c[0]) / 2, (a[1] + c[1]) / 2)
            if not route.ferry:
                assert _rgb(static, centre) == theme.mix(
                    theme.GRAY_ROUTE if route.color is None else theme.CARD_RGB[route.color],
                    theme.LAND, theme.SLOT_TINT)
            for p0, p1 in ((a, b), (c, d)):  # the long sides, clear of a ferry's mark
                mid = ((3 * p0[0] + p1[0]) / 4, (3 * p0[1] + p1[1]) / 4)
                nx, ny = mid[0] - centre[0], mid[1] - centre[1]
                n = math.hypot(nx, ny)
                near = [_rgb(static, (mid[0] + nx / n * k, mid[1] + ny / n * k))
                        for k in (-1.0, -0.5, 0.0, 0.5, 1.0)]
                ratios.append(max(min(contrast_ratio(px, theme.LAND),
                                      contrast_ratio(px, theme.SEA)) for px in near))
    assert len(ratios) > 300
    assert min(ratios) >= 3, sorted(ratios)[:5]


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_route_symbols_are_readable_at_720p(app: App, map_id: str) -> None:
    """At 1280x720 each coloured space's symbol is drawn in a frame of `SLOT_SYMBOL_MIN`
    (12) px or more (it was 7 on Europe, 8 on USA) and, measured on the drawn layer (the
    pixels that differ from the same map without symbols, near the space), is at least
    10 px tall or wide (it was 5); twin tracks' symbols never overlap (they lean apart)."""
    assert SLOT_SYMBOL_MIN >= 12
    on, off = _renderer(map_id, True), _renderer(map_id, False)
    owners = [None] * len(on.gm.routes)
    img = on.composed(owners, [])
    w = img.get_width()
    a, b = (pygame.image.tobytes(s, "RGB") for s in (img, off.composed(owners, [])))

    def differs(x: int, y: int) -> bool:
        i = 3 * (y * w + x)
        return a[i:i + 3] != b[i:i + 3]

    assert on.vp is not None
    vp = on.vp
    sizes = []
    for route in on.gm.routes:
        if route.color is None:
            continue
        for q in on.slots[route.id]:
            pts = [vp.local(p) for p in q]
            (cx, cy), rad = slot_symbol_place(pts, on.away.get(route.id, (0.0, 0.0)))
            assert 2 * rad >= SLOT_SYMBOL_MIN
            k = math.ceil(rad) + 1
            box = [(x, y) for x in range(round(cx) - k, round(cx) + k + 1)
                   for y in range(round(cy) - k, round(cy) + k + 1) if differs(x, y)]
            xs, ys = [x for x, _ in box], [y for _, y in box]
            sizes.append(max(max(xs) - min(xs), max(ys) - min(ys)) + 1)
    assert min(sizes) >= 10, sorted(sizes)[:5]
    twins = 0
    for rid, away in on.away.items():
        other = next(o for o in on.away if o != rid and on.gm.route(o).a in (
            on.gm.route(rid).a, on.gm.route(rid).b) and on.gm.route(o).b in (
            on.gm.route(rid).a, on.gm.route(rid).b))
        for qa, qb in zip(on.slots[rid], on.slots[other], strict=True):
            ca, ra = slot_symbol_place([vp.local(p) for p in qa], away)
            cb, rb = slot_symbol_place([vp.local(p) for p in qb], on.away[other])
            assert math.dist(ca, cb) >= ra + rb - 0.5, (rid, other)
            twins += 1
    assert twins >= 20


def _menu(app: App) -> MenuScene:
    app.stack.clear_to(MenuScene(app.ctx))
    frames(app, 2)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    return menu


def test_first_start_offers_colour_blind_symbols_once(app: App, tmp_path: Path) -> None:
    from ttr.ui.announce import announcer_of

    path = tmp_path / "settings.yaml"
    app.ctx.settings_file = path
    assert not app.ctx.settings.colorblind
    menu = _menu(app)
    assert CB_OFFER in menu.message
    said = announcer_of(app.ctx.extras).last(2)[::-1]
    assert said[0].startswith("Main menu. New game")  # heard on entry, after the focus
    assert "Press C" in said[1]
    assert Settings.load(path).colorblind_offered  # saved: offered only once
    key(pygame.K_c)
    frames(app, 2)
    assert app.ctx.settings.colorblind
    assert Settings.load(path).colorblind  # the choice is saved
    assert CB_OFFER not in menu.message and "symbols are on" in menu.message
    assert "symbols are on" in announcer_of(app.ctx.extras).last(1)[0]
    assert menu.buttons[menu.focus].label == "New game"  # the focus did not move
    again = _menu(app)
    assert CB_OFFER not in again.message


def test_offer_not_taken_is_not_made_again(app: App) -> None:
    menu = _menu(app)
    assert CB_OFFER in menu.message
    key(pygame.K_DOWN)
    frames(app, 1)
    assert not app.ctx.settings.colorblind  # only C takes it
    again = _menu(app)
    assert CB_OFFER not in again.message
    key(pygame.K_c)
    frames(app, 1)
    assert not app.ctx.settings.colorblind  # C means nothing once the offer is gone
    fresh = Settings(colorblind=True)
    app.ctx.settings = fresh
    assert CB_OFFER not in _menu(app).message  # nothing offered to who has them on
