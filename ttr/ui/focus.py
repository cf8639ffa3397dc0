"""Keyboard focus: the visible focus ring drawn around whatever has the keyboard."""

from __future__ import annotations

import pygame

from ttr.ui import theme


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, width: int = 3) -> None:
    """A ring at least 3 px wide around `rect`: light ink outside a dark line, so it reads
    (at least 3:1) on dark panels and on the light map alike."""
    outer = rect.inflate(2 * width + 2, 2 * width + 2)
    pygame.draw.rect(surface, (0, 0, 0), outer, width + 2, border_radius=max(4, rect.h // 4))
    pygame.draw.rect(surface, theme.HILITE, outer.inflate(-2, -2), width,
                     border_radius=max(4, rect.h // 4))
