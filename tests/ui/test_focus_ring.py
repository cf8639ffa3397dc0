"""The focus ring: 3 px on every kind of control, and in high contrast brighter than
every other edge (it differs by brightness, not by hue)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from ttr.ui import theme
from ttr.ui.contrast import contrast_ratio, use_high_contrast
from ttr.ui.focus import focus_ring
from ttr.ui.widgets import Button, Picker


@pytest.fixture(params=[False, True], ids=["normal", "high contrast"])
def contrast(request: pytest.FixtureRequest) -> Iterator[bool]:
    use_high_contrast(request.param)
    yield request.param
    use_high_contrast(False)


def ring_width(surface: pygame.Surface, x: int, y0: int, y1: int) -> int:
    """The longest run of focus-coloured pixels down column `x`."""
    best = run = 0
    for y in range(y0, y1):
        run = run + 1 if surface.get_at((x, y))[:3] == theme.FOCUS else 0
        best = max(best, run)
    return best


def test_every_control_has_a_3_px_ring(contrast: bool) -> None:
    from ttr.ui.assets import Assets
    from ttr.ui.prefs import Settings

    pygame.font.init()
    assets = Assets(Settings())
    surface = pygame.Surface((400, 300))
    picker = Picker("Speech", ["Off", "On"], 0)
    picker.rect = pygame.Rect(40, 40, 300, 40)
    button = Button("Play again")
    button.rect = pygame.Rect(40, 150, 200, 40)
    row = pygame.Rect(40, 230, 300, 40)
    for w in (picker, button):
        w.focused = True
        w.draw(surface, assets)
    focus_ring(surface, row, inside=True)  # a list row (payment, claim list, saves)
    assert ring_width(surface, 190, 30, 50) >= 3  # above the picker
    assert ring_width(surface, 140, 140, 160) >= 3  # above the button
    assert ring_width(surface, 190, 228, 245) >= 3  # inside the row's top


def test_in_high_contrast_the_ring_is_brighter_than_any_edge() -> None:
    use_high_contrast(True)
    try:
        assert contrast_ratio(theme.FOCUS, theme.PANEL_EDGE) >= 3
        assert contrast_ratio(theme.FOCUS, theme.PANEL) >= 3
        assert contrast_ratio(theme.PANEL_EDGE, theme.PANEL) >= 3  # edges still show
    finally:
        use_high_contrast(False)
    assert contrast_ratio(theme.FOCUS, theme.PANEL) >= 3
