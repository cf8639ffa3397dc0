"""Helpers for UI tests: start a game, post input events, run frames."""

from __future__ import annotations

import pygame

from ttr.ui.app import App, default_seats
from ttr.ui.scene import NewGame


def start(app: App, kinds: str, map_id: str = "usa", seed: int = 5,
          variant: str = "base") -> None:
    """Start a game with seats like `human,greedy`."""
    app.start_game(NewGame(map_id, variant, tuple(default_seats(kinds.split(","))), seed))
    app.stack.apply_pending()


def click(pos: tuple[float, float], button: int = 1) -> None:
    """Post a mouse move + press + release at `pos`."""
    p = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=button))


def key(k: int) -> None:
    """Post a key press."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))


def frames(app: App, n: int = 1, dt: float = 1 / 60) -> None:
    """Run `n` frames."""
    for _ in range(n):
        app.frame(dt)
