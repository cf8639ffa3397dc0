"""Keyboard focus: the visible ring around whatever has the keyboard, and its announcement."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ttr.ui import theme

if TYPE_CHECKING:
    from ttr.ui.scene import AppContext


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, width: int = 3) -> None:
    """A ring at least 3 px wide around `rect`: light ink outside a dark line, so it reads
    (at least 3:1) on dark panels and on the light map alike."""
    outer = rect.inflate(2 * width + 2, 2 * width + 2)
    pygame.draw.rect(surface, (0, 0, 0), outer, width + 2, border_radius=max(4, rect.h // 4))
    pygame.draw.rect(surface, theme.HILITE, outer.inflate(-2, -2), width,
                     border_radius=max(4, rect.h // 4))


def say_focus(ctx: AppContext, label: str, index: int, count: int) -> None:
    """Announce the focused control: `Map: USA, 1 of 14` (a reply: it cuts older speech)."""
    from ttr.ui.announce import say_here

    say_here(ctx.extras, f"{label}, {index + 1} of {count}")
