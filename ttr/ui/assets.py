"""Fonts and procedurally drawn images (card faces, train cars), loaded once and cached."""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from ttr.engine import CardColor
from ttr.i18n import pgettext
from ttr.store.text import drawable
from ttr.ui import theme
from ttr.ui.symbols import card_symbol

logger = logging.getLogger(__name__)


def fonts_dir() -> Path:
    """The shipped fonts folder."""
    try:
        from ttr.store.paths import assets_dir
        d = Path(assets_dir()) / "fonts"
        if d.is_dir():
            return d
    except ImportError:
        pass
    return Path(__file__).resolve().parents[2] / "assets" / "fonts"


class Assets:
    """Caches of fonts by (file, pixel size) and of generated surfaces by key."""

    def __init__(self, settings: object | None = None) -> None:
        self.settings = settings  # read for `colorblind`
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._surfs: dict[tuple[object, ...], pygame.Surface] = {}
        self._text: dict[tuple[object, ...], pygame.Surface] = {}
        self.dir = fonts_dir()

    def font(self, size: int, bold: bool = False, cond: bool = False,
             mono: bool = False) -> pygame.font.Font:
        """A shipped DejaVu font at `size` pixels."""
        if mono:
            name = theme.FONT_MONO
        elif cond:
            name = theme.FONT_COND_BOLD if bold else theme.FONT_COND
        else:
            name = theme.FONT_BOLD if bold else theme.FONT
        size = max(int(size), 6)
        key = (name, size)
        f = self._fonts.get(key)
        if f is None:
            f = pygame.font.Font(str(self.dir / name), size)
            self._fonts[key] = f
        return f

    def text(self, text: str, size: int, color: theme.RGB, bold: bool = False,
             cond: bool = False) -> pygame.Surface:
        """Rendered, antialiased text (cached; keep the cache small). Any text is safe:
        see `render`."""
        key = (text, int(size), color, bold, cond)
        s = self._text.get(key)
        if s is None:
            if len(self._text) > 3000:
                self._text.clear()
            s = render(self.font(size, bold, cond), text, color)
            self._text[key] = s
        return s

    @property
    def colorblind(self) -> bool:
        """Whether colour-blind symbols are on (the live setting)."""
        return bool(getattr(self.settings, "colorblind", False))

    def clear_sized(self) -> None:
        """Drop size-dependent surfaces (after a resize) and those with words on them
        (after a change of language)."""
        self._surfs.clear()
        self._text.clear()

    def card(self, color: CardColor | None, w: int, h: int) -> pygame.Surface:
        """A train card face (None: the card back)."""
        cb = self.colorblind
        key = ("card", color, w, h, cb)
        s = self._surfs.get(key)
        if s is None:
            s = draw_card(color, w, h, cb)
            self._surfs[key] = s
        return s

    def ticket(self, w: int, h: int) -> pygame.Surface:
        """The back of a destination ticket."""
        key = ("ticket", w, h)
        s = self._surfs.get(key)
        if s is None:
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            r = s.get_rect()
            pygame.draw.rect(s, (238, 222, 180), r, border_radius=max(3, w // 12))
            pygame.draw.rect(s, (150, 110, 60), r.inflate(-6, -6), 2, border_radius=max(2, w // 14))
            f = self.font(max(9, h // 5), bold=True)
            # TRANSLATORS: printed on the back of a destination ticket card; short, capitals
            t = f.render(pgettext("card back", "TICKET"), True, (120, 80, 40))
            s.blit(t, t.get_rect(center=r.center))
            self._surfs[key] = s
        return s

    def car(self, rgb: theme.RGB, length: int, width: int) -> pygame.Surface:
        """A train car sprite pointing right (rotate to place it)."""
        key = ("car", rgb, length, width)
        s = self._surfs.get(key)
        if s is None:
            s = draw_car(rgb, length, width)
            self._surfs[key] = s
        return s


MAX_LINE = 300
"""Characters drawn of one line of text (a longer text is cut)."""
MAX_WRAPPED = 4000
"""Characters drawn of a wrapped text."""


def render(font: pygame.font.Font, text: object, color: theme.RGB,
           wrap: int = 0) -> pygame.Surface:
    """`font.render` that never fails: the text goes through `drawable` (no NUL, no
    lone surrogate, a length limit) and text with nothing visible, or that the font
    refuses anyway, becomes an empty surface of the font's height. `wrap` > 0 wraps
    lines at that width (newlines kept)."""
    clean = drawable(text, MAX_WRAPPED if wrap > 0 else MAX_LINE, lines=wrap > 0)
    if clean:
        try:
            return font.render(clean, True, color, None, max(wrap, 0))
        except (pygame.error, ValueError, UnicodeError, MemoryError) as e:
            logger.warning("cannot draw text %r: %s", clean[:40], e)
    return pygame.Surface((0, font.get_linesize()), pygame.SRCALPHA)


def draw_card(color: CardColor | None, w: int, h: int, symbols: bool = False) -> pygame.Surface:
    """Paint a card face: coloured body, a locomotive silhouette (or, with `symbols`, the
    colour's colour-blind symbol), rounded corners."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    r = s.get_rect()
    rad = max(3, w // 9)
    if color is None:
        pygame.draw.rect(s, (34, 52, 86), r, border_radius=rad)
        pygame.draw.rect(s, (222, 196, 120), r.inflate(-4, -4), 2, border_radius=rad)
        inner = r.inflate(-w * 0.35, -h * 0.35)
        pygame.draw.ellipse(s, (222, 196, 120), inner, 2)
        return s
    base = theme.CARD_RGB[color]
    pygame.draw.rect(s, (250, 248, 240), r, border_radius=rad)
    body = r.inflate(-max(4, w // 10), -max(4, w // 10))
    if color == CardColor.LOCOMOTIVE:
        n = len(theme.RAINBOW)
        band = body.h / n
        clip = pygame.Surface(body.size, pygame.SRCALPHA)
        for i, c in enumerate(theme.RAINBOW):
            pygame.draw.rect(clip, c, (0, round(i * band), body.w, round(band) + 1))
        mask = pygame.Surface(body.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=rad - 1)
        clip.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        s.blit(clip, body)
    else:
        pygame.draw.rect(s, base, body, border_radius=rad - 1)
        hi = theme.mix(base, (255, 255, 255), 0.25)
        pygame.draw.rect(s, hi, (body.x, body.y, body.w, body.h // 3),
                         border_top_left_radius=rad - 1, border_top_right_radius=rad - 1)
    if symbols:
        bg = base if color != CardColor.LOCOMOTIVE else (250, 248, 240)
        mid = (body.centerx, body.centery - body.h * 0.1)  # clear of the count badge
        rr = min(body.w * 0.36, body.h * 0.3)
        if color == CardColor.LOCOMOTIVE:
            pygame.draw.circle(s, bg, mid, rr * 1.2)
        card_symbol(s, color, mid, rr, bg)
    else:
        _loco_icon(s, body, theme.text_on(base) if color != CardColor.LOCOMOTIVE else (30, 30, 30))
    pygame.draw.rect(s, (60, 54, 46), r, 1, border_radius=rad)
    return s


def _loco_icon(s: pygame.Surface, body: pygame.Rect, ink: theme.RGB) -> None:
    """A small steam engine silhouette centred in `body`."""
    u = max(body.w, 10) / 10
    cx, cy = body.centerx, body.centery
    boiler = pygame.Rect(0, 0, round(u * 4.6), round(u * 2.2))
    boiler.midleft = (round(cx - u * 3.4), round(cy))
    cab = pygame.Rect(0, 0, round(u * 2.2), round(u * 3.4))
    cab.bottomleft = (boiler.right - 1, boiler.bottom)
    stack = pygame.Rect(0, 0, round(u * 0.9), round(u * 1.4))
    stack.midbottom = (boiler.left + round(u * 1.0), boiler.top + 1)
    for rr in (boiler, cab, stack):
        pygame.draw.rect(s, ink, rr, border_radius=max(1, round(u * 0.3)))
    wr = max(2, round(u * 0.8))
    for dx in (1.0, 3.0, 5.4):
        pygame.draw.circle(s, ink, (round(boiler.left + dx * u), boiler.bottom + wr // 2), wr)


def draw_car(rgb: theme.RGB, length: int, width: int) -> pygame.Surface:
    """A plastic train car seen from above: body, darker rim, highlight, two couplers."""
    pad = 2
    s = pygame.Surface((length + 2 * pad, width + 2 * pad), pygame.SRCALPHA)
    body = pygame.Rect(pad, pad, length, width)
    rad = max(2, width // 3)
    pygame.draw.rect(s, (0, 0, 0, 90), body.move(1, 1), border_radius=rad)
    pygame.draw.rect(s, rgb, body, border_radius=rad)
    dark = theme.mix(rgb, (0, 0, 0), 0.45)
    light = theme.mix(rgb, (255, 255, 255), 0.45)
    pygame.draw.rect(s, light, body.inflate(-length * 0.3, -width * 0.6).move(0, -width * 0.12),
                     border_radius=max(1, rad // 2))
    pygame.draw.rect(s, dark, body, 1, border_radius=rad)
    return s
