"""Record where text is drawn (rect, font size, clipped) through `widgets.TEXT_HOOKS`
(`blit_text`, `wrap_text`, and every other helper via `widgets.note_text`)."""

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


@contextmanager
def recording() -> Iterator[list[Text]]:
    """Every text drawn inside the block, in order."""
    got: list[Text] = []

    def hook(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int,
             clipped: bool) -> None:
        got.append(Text(text, pygame.Rect(rect), surface, size, clipped))

    widgets.TEXT_HOOKS.append(hook)
    try:
        yield got
    finally:
        widgets.TEXT_HOOKS.remove(hook)
