"""Zoom and pan on the board: wheel, +/-, drag, reset; hit tests through the viewport."""

from __future__ import annotations

import pygame
from uibot import board_of
from uihelp import frames, key, start

from ttr.ui.app import App
from ttr.ui.camera import MAX_BOARD_PX, SETTLE
from ttr.ui.viewport import Viewport


def _post(e: pygame.event.Event) -> None:
    pygame.event.post(e)


def test_wheel_zooms_about_the_mouse_and_hits_stay_true(app: App) -> None:
    start(app, "human,random", seed=3)
    frames(app, 3)
    board = board_of(app)
    assert board is not None and board.offered  # the opening choice is open: zoom through it
    r, rect = board.renderer, board.layout.map
    fit = Viewport.fit(board.map_def.layout.size, rect)
    assert r.vp is not None and r.vp.scale == fit.scale
    city = "kansas-city"  # mid-board: the zoom is not clamped at the board's edge
    at = tuple(round(c) for c in r.vp.to_px(r.cities[city]))
    _post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(2):
        _post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    frames(app, 1)
    assert board.camera.level == 2
    frames(app, 2, dt=SETTLE)  # settled: drawn sharp at the new scale
    assert r.vp is not None and abs(r.vp.scale - fit.scale * 1.5) < 1e-9
    after = r.vp.to_px(r.cities[city])
    assert abs(after[0] - at[0]) <= 1 and abs(after[1] - at[1]) <= 1  # the city stayed put
    assert r.city_at(at) == city
    # every visible city and route is found under its own pixels, none outside the map
    vis = r.vp.visible
    seen = 0
    for cid, p in r.cities.items():
        px = tuple(round(c) for c in r.vp.to_px(p))
        if vis.collidepoint(px):
            assert r.city_at(px) == cid
            seen += 1
        else:
            assert r.city_at(px) is None
    assert 3 < seen < len(r.cities)
    for rid, quads in r.slots.items():
        q = quads[len(quads) // 2]
        cx = sum(x for x, _ in q) / 4
        cy = sum(y for _, y in q) / 4
        px = tuple(round(c) for c in r.vp.to_px((cx, cy)))
        if vis.collidepoint(px) and r.city_at(px) is None:
            assert r.route_at(px) == rid
    # the deepest step keeps the board under MAX_BOARD_PX
    for _ in range(8):
        key(pygame.K_PLUS)
    frames(app, 2, dt=SETTLE)
    assert r.vp is not None and max(r.vp.map_px.size) <= MAX_BOARD_PX
    assert board.camera.level == board.camera.max_level(rect) > 2
    # 0 resets
    key(pygame.K_0)
    frames(app, 2, dt=SETTLE)
    assert board.camera.level == 0 and r.vp.scale == fit.scale


def test_keys_zoom_and_a_drag_pans_without_clicking(app: App) -> None:
    start(app, "human,random", seed=3)
    frames(app, 3)
    key(pygame.K_RETURN)  # keep the opening tickets
    frames(app, 10)
    board = board_of(app)
    assert board is not None
    r, rect = board.renderer, board.layout.map
    key(pygame.K_PLUS)
    key(pygame.K_EQUALS)
    frames(app, 2, dt=SETTLE)
    assert board.camera.level == 2 and r.vp is not None
    before = r.vp.ox, r.vp.oy
    start_px = rect.center
    _post(pygame.event.Event(pygame.MOUSEMOTION, pos=start_px, rel=(0, 0), buttons=(0, 0, 0)))
    _post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_px, button=1))
    for i in range(1, 6):
        p = (start_px[0] + 12 * i, start_px[1] + 6 * i)
        _post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(12, 6), buttons=(1, 0, 0)))
    _post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1))
    frames(app, 2)
    assert (r.vp.ox - before[0], r.vp.oy - before[1]) == (60, 30)  # moved with the mouse
    assert not board.toast.active  # a drag is not a click
    # a press without moving is still a click on what lies under it (zoomed)
    rid = next(rid for rid, qs in r.slots.items()
               if r.vp.visible.collidepoint(r.vp.to_px(qs[0][0])))
    q = r.slots[rid][0]
    px = r.vp.to_px((sum(x for x, _ in q) / 4, sum(y for _, y in q) / 4))
    p2 = (round(px[0]), round(px[1]))
    if r.city_at(p2) is None and r.route_at(p2) == rid:
        _post(pygame.event.Event(pygame.MOUSEMOTION, pos=p2, rel=(0, 0), buttons=(0, 0, 0)))
        _post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p2, button=1))
        _post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p2, button=1))
        frames(app, 2)
        claimed = board.shown_view.public.owners[board.map_def.game_map.route(rid).index]
        assert board.toast.active or claimed == 0 or len(app.stack.scenes) > 1
    key(pygame.K_MINUS)
    key(pygame.K_MINUS)
    frames(app, 2, dt=SETTLE)
    assert board.camera.level == 0


def test_a_new_scale_shows_whole_or_not_at_all(app: App) -> None:
    """While a zoom's new picture is built tile by tile, the old one (scaled) is shown
    until every tile in sight is new: never sharp tiles beside scaled ones, where a city
    name was cut at a tile's edge next to its old, scaled self ("icago", two "Las Vega")."""
    start(app, "human,random", seed=3)
    frames(app, 3)
    board = board_of(app)
    assert board is not None
    r, rect = board.renderer, board.layout.map
    fit = Viewport.fit(board.map_def.layout.size, rect)
    owners = board.shown_view.public.owners
    zoomed = Viewport.zoomed(board.map_def.layout.size, rect, 2.0, fit.to_board(rect.center))
    r.show(zoomed)
    assert r.job is not None
    steps, mixed_seen, sharp_early = 0, False, False
    while r.job is not None:
        r.work(owners, board.player_rgb, budget=0.0)  # one step
        steps += 1
        job = r.job
        if job is None:
            break
        drawn, preview = pygame.Surface(app.ctx.size), pygame.Surface(app.ctx.size)
        r.draw(drawn, owners, board.player_rgb)
        r._preview(preview, zoomed)
        seen = zoomed.visible.move(-zoomed.map_px.x, -zoomed.map_px.y)
        done = job.done_tiles()
        pending = [t for t in job.tiles if t not in done and t.colliderect(seen)]
        if pending:  # not all in sight yet: the old picture alone
            mixed_seen |= any(t.colliderect(seen) for t in done)
            cut = drawn.subsurface(zoomed.visible).copy()
            assert pygame.image.tobytes(cut, "RGB") == pygame.image.tobytes(
                preview.subsurface(zoomed.visible), "RGB")
        elif job.composed is not None:  # all in sight is new (not yet all off it): shown
            sharp_early = True
            new = pygame.Surface(app.ctx.size)
            new.blit(job.composed, zoomed.map_px.topleft)
            assert pygame.image.tobytes(drawn.subsurface(zoomed.visible), "RGB") == \
                pygame.image.tobytes(new.subsurface(zoomed.visible), "RGB")
    assert steps > 2 and mixed_seen  # the old way would have mixed them here
    assert sharp_early  # and the new picture shows before the tiles out of sight are done
