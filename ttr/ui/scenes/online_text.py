"""Text blocks of the online screens: wrapped to the room there is, never shrunk, at
the size the text-size setting gives (`viewport.ui_font`)."""

from __future__ import annotations

import pygame

from ttr.ui import theme
from ttr.ui.assets import Assets, render
from ttr.ui.widgets import wrap_text


def text_height(assets: Assets, text: str, size: int, width: int, bold: bool = False) -> int:
    """How tall `text` is when wrapped to `width`."""
    return render(assets.font(size, bold), text, theme.TEXT, max(width, 1)).get_height()


def block(surface: pygame.Surface, assets: Assets, text: str, size: int, color: theme.RGB,
          center_x: int, y: int, max_w: int, bottom: bool = False) -> pygame.Rect:
    """`text` wrapped to at most `max_w`, the block centred on `center_x`, its top at `y`
    (its bottom, with `bottom`); returns the block's rect."""
    w = max(1, min(max_w, assets.font(size).size(text)[0] + 2))
    h = text_height(assets, text, size, w)
    r = pygame.Rect(center_x - w // 2, y - h if bottom else y, w, h)
    wrap_text(surface, assets, text, size, color, r)
    return r
