"""Keyboard focus: the visible ring around whatever has the keyboard, and its announcement."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ttr.i18n import _, number
from ttr.ui import theme

if TYPE_CHECKING:
    from ttr.ui.scene import AppContext


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, width: int = 3,
               inside: bool = False) -> None:
    """A ring at least 3 px wide around `rect`: light ink between dark lines, so it reads
    (at least 3:1) on dark panels and on the light map alike, and in high contrast it
    differs from the control's edge by brightness (a dark band), not only by hue.
    `inside`: within `rect` (rows of a list, whose neighbours would cover it)."""
    if inside:
        rect = rect.inflate(-2 * width - 4, -2 * width - 4)
    outer = rect.inflate(2 * width + 2, 2 * width + 2)
    radius = min(12, max(4, rect.h // 4))  # (a large box's corners stay clear of its text)
    pygame.draw.rect(surface, (0, 0, 0), outer, width + 2, border_radius=radius)
    pygame.draw.rect(surface, theme.FOCUS, outer.inflate(-2, -2), width, border_radius=radius)


def say_focus(ctx: AppContext, label: str, index: int, count: int) -> None:
    """Announce the focused control: `Map: USA, 1 of 14` (a reply: it cuts older speech)."""
    from ttr.ui.announce import say_here

    # TRANSLATORS: the focused control and where it is: "Map: USA, 1 of 14"
    say_here(ctx.extras, _("{control}, {k} of {n}").format(control=label, k=number(index + 1),
                                                           n=number(count)))
