"""Colour-blind mode: every card colour stays distinguishable in grayscale, and the map's
static layer follows the setting."""

from __future__ import annotations

import itertools

import pygame
from uihelp import frames, start

from ttr.engine import CardColor
from ttr.ui.app import App
from ttr.ui.assets import draw_card
from ttr.ui.scenes.board import BoardScene

W, H = 60, 90


def _gray(surf: pygame.Surface) -> list[int]:
    g = pygame.transform.grayscale(surf)
    return [g.get_at((x, y))[0] for y in range(H) for x in range(W)]


def _ink_mask(gray: list[int]) -> list[bool]:
    """Pixels that differ clearly from the card body's tone: the symbol (and frame)."""
    body = sorted(gray[(H // 2 + 20) * W + 6: (H // 2 + 20) * W + W - 6])[W // 2 - 6]
    return [abs(v - body) > 50 for v in gray]


def test_card_symbols_differ_in_grayscale(app: App) -> None:
    masks = {c: _ink_mask(_gray(draw_card(c, W, H, symbols=True))) for c in CardColor}
    for a, b in itertools.combinations(CardColor, 2):
        diff = sum(x != y for x, y in zip(masks[a], masks[b], strict=True))
        assert diff > W * H * 0.04, (a, b, diff)


def test_symbols_only_when_on(app: App) -> None:
    plain = _gray(draw_card(CardColor.RED, W, H))
    marked = _gray(draw_card(CardColor.RED, W, H, symbols=True))
    assert plain != marked


def test_static_layer_follows_setting(app: App) -> None:
    start(app, "human,greedy")
    frames(app, 3)
    board = next(s for s in app.stack.scenes if isinstance(s, BoardScene))
    assert isinstance(board, BoardScene)
    r = board.renderer
    owners = board.shown_view.public.owners
    r.composed(owners, board.player_rgb)
    before = pygame.image.tobytes(r.static, "RGB")
    app.ctx.settings.colorblind = True
    frames(app, 2)
    r.composed(owners, board.player_rgb)
    after = pygame.image.tobytes(r.static, "RGB")
    assert before != after
    app.ctx.settings.colorblind = False
    frames(app, 2)
    r.composed(owners, board.player_rgb)
    assert pygame.image.tobytes(r.static, "RGB") == before
