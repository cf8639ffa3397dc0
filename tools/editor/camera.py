"""Pan and zoom: board units <-> window pixels for the editor's board area (pure)."""

from __future__ import annotations

from dataclasses import dataclass

Point = tuple[float, float]
MIN_SCALE = 0.1
MAX_SCALE = 8.0


@dataclass(slots=True)
class Camera:
    """`screen = board * scale + (ox, oy)`."""

    scale: float = 1.0
    ox: float = 0.0
    oy: float = 0.0

    def to_screen(self, p: Point) -> Point:
        """Board units -> pixels."""
        return (p[0] * self.scale + self.ox, p[1] * self.scale + self.oy)

    def to_board(self, p: Point) -> Point:
        """Pixels -> board units."""
        return ((p[0] - self.ox) / self.scale, (p[1] - self.oy) / self.scale)

    def fit(self, size: Point, rect: tuple[int, int, int, int], margin: int = 16) -> None:
        """Show the whole board of `size` centred in the pixel rect (x, y, w, h)."""
        x, y, w, h = rect
        self.scale = max(MIN_SCALE, min((w - 2 * margin) / size[0], (h - 2 * margin) / size[1]))
        self.ox = x + (w - size[0] * self.scale) / 2
        self.oy = y + (h - size[1] * self.scale) / 2

    def zoom_at(self, pixel: Point, factor: float) -> None:
        """Zoom by `factor` keeping the board point under `pixel` in place."""
        bx, by = self.to_board(pixel)
        self.scale = max(MIN_SCALE, min(MAX_SCALE, self.scale * factor))
        self.ox = pixel[0] - bx * self.scale
        self.oy = pixel[1] - by * self.scale

    def pan(self, dx: float, dy: float) -> None:
        """Move the view by pixels."""
        self.ox += dx
        self.oy += dy
