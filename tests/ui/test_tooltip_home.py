"""A route's tooltip never covers a city name: beside the route where that is clear, else
on one line in the strip under the map; there a tooltip the pointer asked for takes the
toast's place, and one a hint asked for waits while the hint's toast shows."""

from __future__ import annotations

import pygame
from fitcheck import lay_out, problems
from textrects import recording
from uibot import board_of
from uihelp import frames, key, start

from ttr.ui.app import App
from ttr.ui.scenes.board import BoardScene
from ttr.ui.scenes.board_text import route_name


def _board(app: App) -> BoardScene:
    start(app, "human,random", map_id="europe", seed=6)
    frames(app, 3)
    key(pygame.K_RETURN)  # keep the preselected opening tickets
    frames(app, 20)
    board = board_of(app)
    assert board is not None
    for _ in range(600):  # the human's first main turn: the board on top, nothing moving
        if app.stack.top is board and not board.queue.busy and board.shown_view.legal:
            return board
        frames(app, 1)
    raise AssertionError("the human's first turn never came")


def _draw(app: App, board: BoardScene) -> list:
    while board.renderer.busy:
        board.renderer.work(board.shown_view.public.owners, board.player_rgb)
    surf = pygame.Surface(app.ctx.size)
    with recording() as got:
        board.draw(surf)
    return [t for t in got if t.surface is surf]


def test_the_tooltip_covers_no_name_and_has_a_home_when_the_map_is_full(app: App) -> None:
    board = _board(app)
    gm = board.shown_view.public.game_map
    route = next(r for r in gm.routes if "edinburgh" in (r.a, r.b))
    name = route_name(gm, route)
    names = frozenset(c.name for c in gm.cities)
    for size, pct, crowded in (((1920, 1080), 100, False), ((1280, 720), 150, True)):
        lay_out(app, size, pct)
        at = board.renderer.route_anchor(route.id)
        assert at is not None
        board.mouse, board.hover_route = at, route.id  # pointed at
        board.toast.show("A toast in the strip under the map", 5.0, say=False)
        texts = _draw(app, board)
        tip = next(t for t in texts if t.text.startswith(name))
        in_strip = board.layout.caption.contains(tip.rect)
        assert in_strip == crowded, (size, pct, tip.rect)
        assert board.strip_taken == crowded
        assert not [p for k, p in problems(texts, [], size, board.layout.font, names)
                    if k == "overlap"], size
        shown = {t.text for t in texts}
        assert ("A toast in the strip under the map" in shown) != crowded
        if crowded:  # a hint's tooltip (the pointer elsewhere) waits for the hint's toast
            board.mouse = (0, 0)
            texts = _draw(app, board)
            shown = {t.text for t in texts}
            assert "A toast in the strip under the map" in shown
            assert not any(t.startswith(name) for t in shown)
            board.toast.left = 0.0
            texts = _draw(app, board)
            assert any(t.text.startswith(name) and board.layout.caption.contains(t.rect)
                       for t in texts)
    board.session.close()
