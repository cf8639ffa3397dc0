"""One scale's map pictures, built a tile at a time.

`Layers` holds the static layer (ground and route slots), the top layer (city dots and
labels), the claimed-trains layer and their composition for one viewport scale, in
layer pixels (relative to the viewport's `map_px`). Its preparation (label placement,
the ground's shapes, the surfaces) runs as a generator a step at a time, and its
pictures are drawn in `TILE`-sized squares: a tile is "raw" until its static and top
parts are drawn and "stale" until its trains and composition are. The renderer spends a
few milliseconds a frame on them, the tiles the player sees first, so a zoom never costs
one long frame."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field

import pygame

from ttr.ui import theme
from ttr.ui.labels import LabelPlace
from ttr.ui.mapgeo import Ground
from ttr.ui.viewport import Viewport

TILE = 256
"""Side of a tile in pixels (one costs about 1-4 ms to draw)."""


@dataclass(eq=False)
class Layers:
    """The map's layers at one scale, complete or being built (see the module)."""

    vp: Viewport
    """Any viewport of this scale: only its `local` mapping and `map_px` size matter."""
    key: tuple[object, ...]
    steps: Generator[None, None, None] | None = None
    """The preparation still to run; None when done."""
    static: pygame.Surface | None = None
    top: pygame.Surface | None = None
    trains: pygame.Surface | None = None
    composed: pygame.Surface | None = None
    labels: dict[str, LabelPlace] = field(default_factory=dict)
    label_rects: dict[str, pygame.Rect] = field(default_factory=dict)
    """Each label's pixels (with its halo) in layer coordinates."""
    leaders: dict[str, tuple[tuple[float, float], tuple[float, float]]] = field(
        default_factory=dict)
    """A line from a city's dot to its label where the label sits away from the dot
    (layer coordinates), so it reads as that dot's name and not a neighbour's."""
    fonts: list[pygame.font.Font] = field(default_factory=list)
    """The labels' font, then smaller ones for labels with no room (`LabelPlace.smaller`)."""
    ground: Ground | None = None
    route_rects: dict[str, pygame.Rect] = field(default_factory=dict)
    """The pixels each route's slots and claimed cars (with shadows) may touch."""
    tiles: list[pygame.Rect] = field(default_factory=list)
    raw: set[int] = field(default_factory=set)
    stale: set[int] = field(default_factory=set)
    drawn: dict[str, int] = field(default_factory=dict)
    """Route id -> seat of the cars the trains layer shows (or will, for stale tiles)."""
    owners_key: tuple[object, ...] | None = None
    closed: frozenset[int] = frozenset()
    rgb: list[theme.RGB] = field(default_factory=list)

    @property
    def size(self) -> tuple[int, int]:
        """The layers' size in pixels."""
        return self.vp.map_px.size

    @property
    def prepared(self) -> bool:
        """The preparation has run (the surfaces exist, the tiles are known)."""
        return self.steps is None and self.composed is not None

    @property
    def complete(self) -> bool:
        """Every tile drawn: the composition shows the current trains everywhere."""
        return self.prepared and not self.raw and not self.stale

    def cut_tiles(self) -> None:
        """Split the layers into tiles, all raw and stale."""
        w, h = self.size
        self.tiles = [pygame.Rect(x, y, min(TILE, w - x), min(TILE, h - y))
                      for y in range(0, h, TILE) for x in range(0, w, TILE)]
        self.raw = set(range(len(self.tiles)))
        self.stale = set(self.raw)

    def next_tile(self, seen: pygame.Rect) -> int | None:
        """The tile to draw next: raw or stale, inside the pixels `seen` (layer
        coordinates) first, nearest to their middle first."""
        todo = self.raw | self.stale
        if not todo:
            return None
        cx, cy = seen.center

        def rank(i: int) -> tuple[bool, int]:
            t = self.tiles[i]
            return (not t.colliderect(seen), abs(t.centerx - cx) + abs(t.centery - cy))

        return min(todo, key=rank)

    def done_tiles(self) -> list[pygame.Rect]:
        """The tiles whose composition is up to date."""
        if not self.prepared:
            return []
        return [t for i, t in enumerate(self.tiles) if i not in self.raw and i not in self.stale]

    def touching(self, rect: pygame.Rect) -> list[int]:
        """The tiles that `rect` (layer coordinates) overlaps."""
        return [i for i, t in enumerate(self.tiles) if t.colliderect(rect)]
