"""What the board's helpers (drawing, animation clips, modals) need of the board scene.

`BoardScene` satisfies this protocol; the helpers depend on it instead of importing the
scene back, so each helper module can be read (and tested) on its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from ttr.engine import CardColor, PlayerView
from ttr.game.table import TableSession
from ttr.maps.mapfile import MapDefinition
from ttr.ui.anim import AnimationQueue, Sprite
from ttr.ui.camera import Camera
from ttr.ui.maprender import MapRenderer
from ttr.ui.scene import AppContext
from ttr.ui.viewport import BoardLayout
from ttr.ui.widgets import Button, Toast

if TYPE_CHECKING:
    from ttr.ui.scenes.board_hint import BoardHint


class BoardHost(Protocol):
    """The board table as its helpers see it."""

    ctx: AppContext
    session: TableSession
    map_def: MapDefinition
    layout: BoardLayout
    renderer: MapRenderer
    camera: Camera
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
    hint: BoardHint
    """The coach's Hint button, its job and its marks on the table."""
    intro: str
    notes: list[tuple[int, str]]
    """Public lines for the log (online chat): (events before it, text)."""
    """The game log's first line; the rest is `shown_view.log` in words."""
    hover_route: str | None
    hover_ticket: str | None
    offered: tuple[str, ...]
    """Tickets being chosen now: their cities are highlighted."""
    chosen: frozenset[str]
    """Of `offered`, those selected to keep."""
    hover_market: str | None
    mouse: tuple[int, int]
    revealed: tuple[tuple[CardColor, ...], int] | None
    paused: bool
    time: float
    """Seconds since the board opened."""
    last_flash: float
    """Board time when the last move was last highlighted."""
    dirty: bool
    pass_button: Button
    tickets_toggle: Button
    show_my_tickets: bool
    """Keep my tickets' cities and my network highlighted on the map."""
    ticket_scroll: int
    """The first of my tickets shown in the tickets panel."""

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

    def reading_key(self, e: pygame.event.Event) -> bool:
        """A key that only tells (F1, H, S, ...), passed on by a dialog; True when used."""

    def camera_input(self, e: pygame.event.Event) -> str | None:
        """Zoom and pan input for the map (see `Camera.handle`)."""

    def submit(self, action: object) -> None:
        """Send a human action to the session and animate the result."""

    def take_screen(self, seat: int | None) -> None:
        """A curtain was dismissed: `seat` now sits at the screen."""
