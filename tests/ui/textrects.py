"""Record where text is drawn (rect, font size, clipped, the size asked for) through
`widgets.TEXT_HOOKS` (`blit_text`, `wrap_text`, and every other helper via
`widgets.note_text`), and where panels are drawn (`widgets.PANEL_HOOKS`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

from ttr.ui import widgets


@dataclass(frozen=True, slots=True)
class Text:
    """One string drawn (a city label's lines joined by a space)."""

    text: str
    rect: pygame.Rect
    surface: pygame.Surface
    size: int
    clipped: bool
    asked: int = 0
    """The font size the caller wanted (larger than `size` when shrunk to fit)."""
    order: int = 0
    """Position among everything recorded (texts and panels) in the block."""


@dataclass(frozen=True, slots=True)
class Panel:
    """One `widgets.panel` drawn."""

    rect: pygame.Rect
    surface: pygame.Surface
    order: int


@contextmanager
def recording(panels: list[Panel] | None = None) -> Iterator[list[Text]]:
    """Every text drawn inside the block, in order (and every panel into `panels`)."""
    got: list[Text] = []
    count = [0]

    def hook(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int,
             clipped: bool, asked: int) -> None:
        count[0] += 1
        got.append(Text(text, pygame.Rect(rect), surface, size, clipped, asked, count[0]))

    def panel_hook(surface: pygame.Surface, rect: pygame.Rect) -> None:
        count[0] += 1
        if panels is not None:
            panels.append(Panel(pygame.Rect(rect), surface, count[0]))

    widgets.TEXT_HOOKS.append(hook)
    widgets.PANEL_HOOKS.append(panel_hook)
    try:
        yield got
    finally:
        widgets.TEXT_HOOKS.remove(hook)
        widgets.PANEL_HOOKS.remove(panel_hook)
