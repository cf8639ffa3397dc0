"""Zoom and pan of a map view: the mouse wheel and +/- zoom (about the mouse, or the
middle), a drag pans, 0 or Home shows the whole board again.

The camera only decides which `Viewport` the map is drawn with; the renderer draws the
board at that scale and the scene blits it clipped to the map rectangle, so every hit
test that goes through the viewport (`to_board`) keeps working at any zoom.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ttr.ui.viewport import Viewport

ZOOMS = (1.0, 1.25, 1.5, 2.0, 2.5, 3.0)
MAX_BOARD_PX = 3600
"""The zoomed board's longer side is kept under this many pixels (memory and redraw time)."""
DRAG_START = 6
"""Pixels a pressed mouse must move before the press becomes a drag (else it is a click)."""
SETTLE = 0.18
"""Seconds without a zoom step before the map is drawn sharp at the new scale (in
between, the last sharp image is scaled: a zoom step costs a few milliseconds)."""

IN_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
OUT_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
RESET_KEYS = (pygame.K_0, pygame.K_KP0, pygame.K_HOME)


@dataclass
class Camera:
    """The zoom step and the board point shown at the middle of the map rectangle."""

    board_size: tuple[float, float]
    level: int = 0
    centre: tuple[float, float] | None = None
    press: tuple[int, int] | None = None
    dragging: bool = False
    idle: float = 0.0
    """Seconds since the last zoom step."""
    grab: tuple[float, float] | None = field(default=None, repr=False)
    clicked_at: tuple[int, int] = (0, 0)
    """Where the press of the last "click" began."""

    @property
    def zoom(self) -> float:
        """The current zoom factor (1 = the whole board fits)."""
        return ZOOMS[self.level]

    def max_level(self, rect: pygame.Rect) -> int:
        """The deepest zoom step whose board stays under `MAX_BOARD_PX`."""
        fit = Viewport.fit(self.board_size, rect)
        side = max(self.board_size) * fit.scale
        return max(i for i, z in enumerate(ZOOMS) if i == 0 or side * z <= MAX_BOARD_PX)

    def viewport(self, rect: pygame.Rect) -> Viewport:
        """The viewport for the map rectangle `rect` at the current zoom and centre."""
        return Viewport.zoomed(self.board_size, rect, self.zoom, self.centre)

    def reset(self) -> bool:
        """Whole board again; True if that changed anything."""
        changed = self.level != 0 or self.centre is not None
        self.level, self.centre, self.idle = 0, None, 0.0
        return changed

    def step(self, rect: pygame.Rect, by: int, at: tuple[int, int] | None = None) -> bool:
        """Zoom `by` steps, keeping the board point under `at` (default: the middle) still."""
        level = min(max(self.level + by, 0), self.max_level(rect))
        if level == self.level:
            return False
        vp = self.viewport(rect)
        at = at if at is not None and rect.collidepoint(at) else rect.center
        b = vp.to_board(at)
        self.level = level
        if level == 0:
            self.centre = None
        else:
            s = Viewport.fit(self.board_size, rect).scale * self.zoom
            # the centre that puts board point b under the pixel `at`
            self.centre = (b[0] - (at[0] - rect.centerx) / s, b[1] - (at[1] - rect.centery) / s)
            self.centre = self.viewport(rect).to_board(rect.center)  # clamped to the board
        self.idle = 0.0
        return True

    def pan(self, rect: pygame.Rect, dx: float, dy: float) -> bool:
        """Move the view by a mouse drag of (dx, dy) pixels."""
        if self.level == 0:
            return False
        vp = self.viewport(rect)
        cx, cy = vp.to_board(rect.center)
        self.centre = (cx - dx / vp.scale, cy - dy / vp.scale)
        self.centre = self.viewport(rect).to_board(rect.center)
        return True

    def handle(self, e: pygame.event.Event, rect: pygame.Rect,
               mouse: tuple[int, int]) -> str | None:
        """Zoom, pan and reset input over the map rectangle. Returns "view" when the view
        changed, "used" when the event was the camera's without a change, "click" when a
        press on the zoomed map was released without dragging (a click at `clicked_at`),
        None when the event is not the camera's. At zoom 1 a left press is a plain click.
        `mouse` is where the mouse is (the wheel zooms about it)."""
        if e.type == pygame.MOUSEWHEEL:
            if rect.collidepoint(mouse) and e.y:
                return "view" if self.step(rect, 1 if e.y > 0 else -1, mouse) else "used"
            return None
        if e.type == pygame.KEYDOWN:
            if e.key in IN_KEYS:
                return "view" if self.step(rect, 1) else "used"
            if e.key in OUT_KEYS:
                return "view" if self.step(rect, -1) else "used"
            if e.key in RESET_KEYS:
                return "view" if self.reset() else "used"
            return None
        if e.type == pygame.MOUSEBUTTONDOWN and e.button in (1, 2, 3) and rect.collidepoint(e.pos):
            if self.level == 0 and e.button == 1:
                return None  # nothing to pan: a plain click
            if e.button == 1 or self.level > 0:
                self.press, self.dragging = e.pos, False
                self.grab = (e.pos[0], e.pos[1])
                return "used"
            return None
        if e.type == pygame.MOUSEMOTION and self.press is not None and self.grab is not None:
            gx, gy = self.grab
            if not self.dragging and abs(e.pos[0] - self.press[0]) + abs(
                    e.pos[1] - self.press[1]) >= DRAG_START:
                self.dragging = True
            if self.dragging:
                self.grab = (e.pos[0], e.pos[1])
                return "view" if self.pan(rect, e.pos[0] - gx, e.pos[1] - gy) else None
            return None
        if e.type == pygame.MOUSEBUTTONUP and self.press is not None:
            was_click = not self.dragging and e.button == 1
            self.clicked_at = self.press
            self.press, self.dragging, self.grab = None, False, None
            return "click" if was_click else "used"
        return None
