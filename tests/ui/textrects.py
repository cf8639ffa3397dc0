"""Record where `blit_text` puts text (rect, font size, clipped) through `widgets.TEXT_HOOKS`."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

from ttr.ui import widgets


@dataclass(frozen=True, slots=True)
class Text:
    """One string drawn by `blit_text`."""

    text: str
    rect: pygame.Rect
    surface: pygame.Surface
    size: int
    clipped: bool


@contextmanager
def recording() -> Iterator[list[Text]]:
    """Every `blit_text` inside the block, in order."""
    got: list[Text] = []

    def hook(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int,
             clipped: bool) -> None:
        got.append(Text(text, pygame.Rect(rect), surface, size, clipped))

    widgets.TEXT_HOOKS.append(hook)
    try:
        yield got
    finally:
        widgets.TEXT_HOOKS.remove(hook)
