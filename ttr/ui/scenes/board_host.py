"""What the board's helpers (drawing, animation clips, modals) need of the board scene.

`BoardScene` satisfies this protocol; the helpers depend on it instead of importing the
scene back, so each helper module can be read (and tested) on its own.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from ttr.engine import CardColor, PlayerView
from ttr.game.table import TableSession
from ttr.maps.mapfile import MapDefinition
from ttr.ui.anim import AnimationQueue, Sprite
from ttr.ui.maprender import MapRenderer
from ttr.ui.scene import AppContext
from ttr.ui.viewport import BoardLayout
from ttr.ui.widgets import Button, Toast


class BoardHost(Protocol):
    """The board table as its helpers see it."""

    ctx: AppContext
    session: TableSession
    map_def: MapDefinition
    layout: BoardLayout
    renderer: MapRenderer
    shown_view: PlayerView
    """The view on screen now (trails the engine while animations run)."""
    names: list[str]
    agent_labels: list[str]
    player_rgb: list[tuple[int, int, int]]
    queue: AnimationQueue
    sprites: list[Sprite]
    overrides: dict[str, dict[Any, Any]]
    counters: dict[int, Sprite]
    toast: Toast
    intro: str
    """The game log's first line; the rest is `shown_view.log` in words."""
    hover_route: str | None
    hover_ticket: str | None
    hover_market: str | None
    mouse: tuple[int, int]
    revealed: tuple[tuple[CardColor, ...], int] | None
    paused: bool
    dirty: bool
    pass_button: Button

    def seat_name(self, seat: int) -> str:
        """Display name of a seat."""

    def sfx(self, name: str) -> None:
        """Play a sound effect now."""

    def score_counter(self, seat: int) -> Sprite:
        """The displayed (animated) route score of a seat."""

    def hand_target(self, color: object) -> tuple[int, int]:
        """Where a card of `color` lands in the hand."""

    def completed_tickets(self) -> frozenset[str]:
        """The screen owner's tickets already connected."""

    def log_image(self, line: str, size: int, width: int) -> pygame.Surface:
        """A wrapped, rendered log line (cached per seat at the screen)."""

    def submit(self, action: object) -> None:
        """Send a human action to the session and animate the result."""

    def take_screen(self, seat: int | None) -> None:
        """A curtain was dismissed: `seat` now sits at the screen."""
