"""A spy on every string the UI renders and every string that reaches the screen.

`TextSpy.install(monkeypatch)` replaces, for one test:

- `pygame.font.Font` with a subclass whose `render` records the text (and who sat at
  the screen then) and returns a surface tagged with that text;
- `pygame.Surface` with a subclass whose `blit`/`blits`/`fblits` pass the tags of the
  source on to the destination (a layer that text was drawn into carries that text),
  and `copy`/`subsurface`/`convert*`/the `pygame.transform` functions keep them;
- `pygame.display.get_surface` with a canvas of the window's size: every tagged surface
  blitted onto it is recorded as shown, with its rectangle.

So a string shown from any cache (the assets' text cache, the log's line images, a map
layer, a scaled or clipped copy) is seen each time it reaches the screen, not only when
it was first rendered. Card images from `Assets.card` are tagged with their colour, to
check what lands in the hand panel. The spy knows nothing of the game: the test decides
who sits at the screen (`owner`) and what counts as a secret.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from ttr.ui.assets import Assets

_TRANSFORMS = ("scale", "smoothscale", "rotate", "rotozoom", "flip", "scale_by",
               "smoothscale_by", "scale2x", "grayscale", "chop", "laplacian", "box_blur",
               "gaussian_blur", "invert")


@dataclass(frozen=True, slots=True)
class Shown:
    """Text that reached the screen: the strings of one blit, where, and for whom."""

    frame: int
    owner: int | None
    texts: frozenset[str]
    rect: pygame.Rect


@dataclass(frozen=True, slots=True)
class Rendered:
    """One call of a font's render."""

    frame: int
    owner: int | None
    text: str


class TextSpy:
    """Records rendered and shown strings; `owner()` says who sits at the screen now."""

    def __init__(self, owner: Callable[[], int | None]) -> None:
        self.owner = owner
        self.frame = 0
        self.tags: weakref.WeakKeyDictionary[pygame.Surface, frozenset[str]] = \
            weakref.WeakKeyDictionary()
        self.cards: weakref.WeakKeyDictionary[pygame.Surface, object] = \
            weakref.WeakKeyDictionary()
        self.rendered: list[Rendered] = []
        self.shown: list[Shown] = []
        self.cards_shown: list[tuple[int, object, pygame.Rect]] = []
        self.canvas: pygame.Surface | None = None
        self.renders_total = 0
        self.shown_total = 0

    # ------------------------------------------------------------ tags

    def _tag(self, surf: Any, texts: frozenset[str]) -> None:
        if texts and isinstance(surf, pygame.Surface):
            self.tags[surf] = self.tags.get(surf, frozenset()) | texts

    def texts_of(self, surf: Any) -> frozenset[str]:
        """The strings drawn into `surf` (directly or through layers)."""
        try:
            return self.tags.get(surf, frozenset())
        except TypeError:
            return frozenset()

    def _spy_copy(self, img: pygame.Surface, texts: frozenset[str]) -> pygame.Surface:
        """`img` as a spy surface (so its subsurfaces and copies keep the tags)."""
        out = self.Surface(img.get_size(), img.get_flags() & pygame.SRCALPHA, img)
        self._real_fill(out, (0, 0, 0, 0))
        self._real_blit(out, img, (0, 0), None, pygame.BLEND_RGBA_ADD)
        self._tag(out, texts)
        return out

    def _landed(self, dest: pygame.Surface, source: Any, pos: Any, area: Any) -> None:
        if not isinstance(source, pygame.Surface):
            return
        texts = self.texts_of(source)
        if dest is not self.canvas:
            self._tag(dest, texts)
            return
        rect = pos.copy() if isinstance(pos, pygame.Rect) else pygame.Rect(pos[0], pos[1], 0, 0)
        rect.size = pygame.Rect(area).size if area is not None else source.get_size()
        if texts:
            self.shown.append(Shown(self.frame, self.owner(), texts, rect))
            self.shown_total += 1
        if source in self.cards:
            self.cards_shown.append((self.frame, self.cards[source], rect))

    # ------------------------------------------------------------ install

    def install(self, monkeypatch: Any) -> None:
        """Patch pygame and the assets for the rest of the test."""
        spy = self
        real_surface = pygame.Surface
        self._real_blit = real_surface.blit
        self._real_fill = real_surface.fill

        class SpySurface(real_surface):  # type: ignore[misc, valid-type]
            def blit(self, source: Any, dest: Any = (0, 0), area: Any = None,
                     special_flags: int = 0) -> pygame.Rect:
                r = super().blit(source, dest, area, special_flags)
                spy._landed(self, source, dest, area)
                return r

            def blits(self, blit_sequence: Any, doreturn: Any = 1) -> Any:
                items = list(blit_sequence)
                out = super().blits(items, doreturn)
                for item in items:
                    spy._landed(self, item[0], item[1], item[2] if len(item) > 2 else None)
                return out

            def fblits(self, blit_sequence: Any, special_flags: int = 0) -> None:
                items = list(blit_sequence)
                super().fblits(items, special_flags)
                for src, pos in items:
                    spy._landed(self, src, pos, None)

            def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> Any:
                if rect is None and not special_flags and self in spy.tags:
                    del spy.tags[self]  # a full fill wipes what was drawn
                return super().fill(color, rect, special_flags)

        def keeps_tags(name: str) -> Callable[..., Any]:
            method = getattr(real_surface, name)

            def derived(self: Any, *args: Any) -> Any:
                out = method(self, *args)
                spy._tag(out, spy.texts_of(self))
                return out
            return derived

        for name in ("copy", "subsurface", "convert", "convert_alpha"):
            setattr(SpySurface, name, keeps_tags(name))

        self.Surface = SpySurface
        real_font = pygame.font.Font

        class SpyFont(real_font):  # type: ignore[misc, valid-type]
            def render(self, text: Any, antialias: Any, color: Any, bgcolor: Any = None,
                       wraplength: int = 0) -> pygame.Surface:
                img = super().render(text, antialias, color, bgcolor, wraplength)
                s = str(text)
                spy.rendered.append(Rendered(spy.frame, spy.owner(), s))
                spy.renders_total += 1
                return spy._spy_copy(img, frozenset({s}) if s.strip() else frozenset())

        def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
            def spied(surface: Any, *args: Any, **kwargs: Any) -> Any:
                out = fn(surface, *args, **kwargs)
                texts = spy.texts_of(surface)
                return spy._spy_copy(out, texts) if texts else out
            return spied

        for name in _TRANSFORMS:
            if hasattr(pygame.transform, name):
                monkeypatch.setattr(pygame.transform, name, wrap(getattr(pygame.transform, name)))
        real_get_surface = pygame.display.get_surface

        def get_surface() -> pygame.Surface:
            real = real_get_surface()
            if spy.canvas is None or spy.canvas.get_size() != real.get_size():
                spy.canvas = SpySurface(real.get_size())
            return spy.canvas

        real_card = Assets.card

        def card(assets: Assets, color: Any, w: int, h: int) -> pygame.Surface:
            img = real_card(assets, color, w, h)
            spy.cards[img] = color
            return img

        monkeypatch.setattr(pygame, "Surface", SpySurface)
        monkeypatch.setattr(pygame.font, "Font", SpyFont)
        monkeypatch.setattr(pygame.display, "get_surface", get_surface)
        monkeypatch.setattr(Assets, "card", card)

    def next_frame(self) -> None:
        """Start a new frame's records (the old ones are dropped)."""
        self.frame += 1
        self.rendered.clear()
        self.shown.clear()
        self.cards_shown.clear()
