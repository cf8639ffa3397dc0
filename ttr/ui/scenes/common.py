"""Shared look of the non-board screens: backdrop, title and keyboard focus handling."""

from __future__ import annotations

import math

import pygame

from ttr.ui import theme
from ttr.ui.assets import Assets
from ttr.ui.widgets import blit_text, wrap_text


def band_bottom(h: int) -> int:
    """The y under the title band of `backdrop` in a window `h` high."""
    return max(90, h // 6)


def lines(surface: pygame.Surface, assets: Assets, text: str, size: int, color: theme.RGB,
          rect: pygame.Rect) -> None:
    """`text` centred on one line at the top of `rect` when it fits, else wrapped in it."""
    if assets.text(text, size, color).get_width() <= rect.w:
        blit_text(surface, assets, text, size, color, rect.midtop, "midtop")
    else:
        wrap_text(surface, assets, text, size, color, rect)


def backdrop(surface: pygame.Surface, assets: Assets, title: str, subtitle: str = "") -> int:
    """Dark table, a band of coloured train cars and a title. Returns the y below it."""
    w, h = surface.get_size()
    surface.fill(theme.BG)
    band = pygame.Rect(0, 0, w, band_bottom(h))
    pygame.draw.rect(surface, theme.mix(theme.BG, (0, 0, 0), 0.3), band)
    car_len, car_w = max(28, w // 40), max(11, w // 100)
    colors = list(theme.CARD_RGB.values())[:8]
    y = band.bottom - car_w - 8
    x, i = 8, 0
    while x < w:
        img = assets.car(colors[i % len(colors)], car_len, car_w)
        surface.blit(img, (x, y))
        x += car_len + 6
        i += 1
    pygame.draw.line(surface, theme.ACCENT, (0, band.bottom), (w, band.bottom), 2)
    size = max(28, h // 14)
    blit_text(surface, assets, title, size, theme.ACCENT, (w // 2, band.bottom // 2 - 8),
              "center", bold=True)
    if subtitle:
        blit_text(surface, assets, subtitle, max(14, size // 2), theme.TEXT_DIM,
                  (w // 2, band.bottom + size // 2 + 6), "center")
    return band.bottom + size + 10


def focus_step(index: int, count: int, key: int, mod: int = 0) -> int:
    """Move a focus index with Up/Down/Tab/Shift+Tab (wrapping)."""
    if key == pygame.K_TAB and mod & pygame.KMOD_SHIFT:
        return (index - 1) % count
    if key in (pygame.K_DOWN, pygame.K_TAB):
        return (index + 1) % count
    if key == pygame.K_UP:
        return (index - 1) % count
    return index


def pulse(t: float) -> float:
    """0..1 breathing value for highlights."""
    return 0.5 + 0.5 * math.sin(t * 4)
