"""Small widgets (buttons, toasts, option pickers) and drawing helpers; input -> intent."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from ttr.i18n import _
from ttr.ui import theme
from ttr.ui.assets import Assets, render
from ttr.ui.focus import focus_ring


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: theme.RGB | None = None,
          edge: theme.RGB | None | bool = True, radius: int = 10, alpha: int = 255) -> None:
    """A rounded panel (`fill` None: the theme's panel; `edge` True: the theme's edge,
    None: no edge). High contrast draws edges 2 px wide."""
    fill = theme.PANEL if fill is None else fill
    if edge is True:
        edge = theme.PANEL_EDGE
    for hook in PANEL_HOOKS:
        hook(surface, rect)
    if alpha < 255:
        s = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(s, (*fill, alpha), s.get_rect(), border_radius=radius)
        surface.blit(s, rect)
    else:
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if isinstance(edge, tuple):
        pygame.draw.rect(surface, edge, rect, 2 if theme.STRONG_EDGES else 1,
                         border_radius=radius)


TextHook = Callable[[pygame.Surface, str, pygame.Rect, int, bool, int], None]
TEXT_HOOKS: list[TextHook] = []
"""Called as hook(surface, text, rect, font size, clipped, size asked for) for every text
drawn (by `blit_text`, `wrap_text` or `note_text`; the layout test records where text
lands; empty in the game)."""
PANEL_HOOKS: list[Callable[[pygame.Surface, pygame.Rect], None]] = []
"""Called as hook(surface, rect) for every `panel` (the layout test: text stays inside
the panel it is drawn on)."""


def note_text(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int,
              clipped: bool = False, asked: int | None = None) -> None:
    """Tell the `TEXT_HOOKS` that `text` (font `size`; `asked`: the size wanted before
    it was shrunk to fit) was drawn at `rect` of `surface`: every helper that draws text
    calls this, whatever way it draws it."""
    for hook in TEXT_HOOKS:
        hook(surface, text, rect, size, clipped, size if asked is None else asked)


def blit_text(surface: pygame.Surface, assets: Assets, text: str, size: int, color: theme.RGB,
              pos: tuple[int, int], anchor: str = "topleft", bold: bool = False,
              cond: bool = False, max_width: int | None = None) -> pygame.Rect:
    """Draw text anchored at `pos`; too wide for `max_width`, it takes the condensed face
    at the same size, and only then shrinks. Returns its rect. Any text is safe (see
    `assets.render`)."""
    if max_width is not None:
        max_width = max(1, max_width)  # a widget too small for any text
    asked = size
    img = assets.text(text, size, color, bold, cond)
    if max_width is not None and img.get_width() > max_width and not cond:
        cond = True  # a long word (a long language) keeps its size
        img = assets.text(text, size, color, bold, cond)
    while max_width is not None and img.get_width() > max_width and size > 8:
        size -= 1
        img = assets.text(text, size, color, bold, cond)
    clipped = max_width is not None and img.get_width() > max_width
    if clipped:
        img = img.subsurface((0, 0, max(0, max_width or 0), img.get_height()))
    r = img.get_rect(**{anchor: pos})
    surface.blit(img, r)
    note_text(surface, text, r, size, clipped, asked)
    return r


def lines_for(assets: Assets, text: str, size: int, width: int, bold: bool = False
              ) -> tuple[list[str], bool]:
    """`text` in `width` px at `size`: (its lines, condensed?): one line, condensed if
    need be, else two lines split at the space that keeps the longer one shortest; one
    line if nothing fits (drawing it shrinks it)."""
    for cond in (False, True):
        if assets.font(size, bold, cond).size(text)[0] <= width:
            return [text], cond
    words = text.split(" ")
    for cond in (False, True):
        font = assets.font(size, bold, cond)
        splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
        fits = [(max(font.size(a)[0], font.size(b)[0]), [a, b]) for a, b in splits]
        fits = [f for f in fits if f[0] <= width]
        if fits:
            return min(fits)[1], cond
    return [text], True


def blit_lines(surface: pygame.Surface, assets: Assets, text: str, size: int,
               color: theme.RGB, pos: tuple[int, int], anchor: str, width: int, height: int,
               bold: bool = False) -> pygame.Rect:
    """`text` anchored ("midleft" or "center") at `pos` in `width` px: on one line, or on
    two when it is too long and `height` holds two (never shrunk while two lines fit).
    Returns the rect of what was drawn."""
    lines, cond = lines_for(assets, text, size, width, bold)
    step = assets.font(size, bold, cond).get_linesize()
    if len(lines) * step > height:
        lines = [text]
    y = pos[1] - step * (len(lines) - 1) // 2
    rects = [blit_text(surface, assets, line, size, color, (pos[0], y + i * step), anchor,
                       bold=bold, cond=cond, max_width=width) for i, line in enumerate(lines)]
    return rects[0].unionall(rects[1:])


def tail(assets: Assets, text: str, size: int, width: int) -> str:
    """The longest end of `text` that fits `width` px at `size` (a text field scrolls to
    show where one types)."""
    while len(text) > 1 and assets.text(text, size, theme.TEXT).get_width() > width:
        text = text[1:]
    return text


def wrap_text(surface: pygame.Surface, assets: Assets, text: str, size: int,
              color: theme.RGB, rect: pygame.Rect, bold: bool = False) -> int:
    """Draw text wrapped to `rect`'s width; returns the height used. Any text is safe
    (see `assets.render`)."""
    img = render(assets.font(size, bold), text, color, max(rect.w, 1))
    surface.blit(img, rect.topleft, area=pygame.Rect(0, 0, rect.w, rect.h))
    if TEXT_HOOKS:
        note_text(surface, text, pygame.Rect(rect.topleft, (min(img.get_width(), rect.w),
                                                            min(img.get_height(), rect.h))),
                  size, img.get_height() > rect.h)
    return img.get_height()


@dataclass(eq=False)
class Button:
    """A clickable label. `clicked(e)` returns True on a left click inside when enabled.
    The label is translated where it is drawn: pass `N_("Play")` (or a name, as is)."""

    label: str
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 10, 10))
    enabled: bool = True
    primary: bool = False
    focused: bool = False
    hover: bool = False
    selected: bool = False
    tip: str = ""
    font: int = 0
    """The label's size in pixels (0: from the button's height)."""

    def clicked(self, e: pygame.event.Event) -> bool:
        """Track hover; True for a left click on an enabled button."""
        if e.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(e.pos)
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.rect.collidepoint(e.pos):
            return self.enabled
        return False

    def draw(self, surface: pygame.Surface, assets: Assets, size: int | None = None) -> None:
        """Draw with hover/focus/disabled states."""
        size = size or self.font or max(12, int(self.rect.h * 0.42))
        if not self.enabled:
            fill = theme.mix(theme.PANEL, theme.BG, 0.4)
            ink = theme.mix(theme.TEXT_DIM, theme.BG, 0.4)
        elif self.primary or self.selected:
            fill, ink = theme.ACCENT, theme.TEXT_DARK
        else:
            fill, ink = theme.PANEL_LIGHT, theme.TEXT
        if self.enabled and (self.hover or self.focused):
            fill = theme.mix(fill, (255, 255, 255), 0.18)
        rad = max(6, self.rect.h // 4)
        pygame.draw.rect(surface, theme.mix(fill, (0, 0, 0), 0.5), self.rect.move(0, 2),
                         border_radius=rad)
        pygame.draw.rect(surface, fill, self.rect, border_radius=rad)
        edge = theme.HILITE if self.focused and self.enabled else (
            theme.PANEL_EDGE if theme.STRONG_EDGES else theme.mix(fill, (0, 0, 0), 0.35))
        pygame.draw.rect(surface, edge, self.rect, 3 if self.focused else
                         2 if theme.STRONG_EDGES else 1, border_radius=rad)
        blit_text(surface, assets, _(self.label), size, ink, self.rect.center, "center", bold=True,
                  max_width=self.rect.w - 12)
        if self.focused and self.enabled:
            focus_ring(surface, self.rect)


class Toast:
    """A short message that fades out (e.g. why a click is not allowed)."""

    def __init__(self) -> None:
        self.text = ""
        self.left = 0.0
        self.on_show: Callable[[str], None] | None = None
        """Also tell someone (the board announces every toast)."""

    def show(self, text: str, seconds: float = theme.TOAST, say: bool = True) -> None:
        """Show `text` for a while (and tell `on_show`, unless `say` is False: the move's
        own announcement already says it)."""
        self.text, self.left = text, seconds
        if self.on_show is not None and say:
            self.on_show(text)

    @property
    def active(self) -> bool:
        """True while visible."""
        return self.left > 0

    def update(self, dt: float) -> None:
        """Count down."""
        self.left = max(0.0, self.left - dt)

    def draw(self, surface: pygame.Surface, assets: Assets, center: tuple[int, int],
             width: int = 0, size: int = 0) -> None:
        """Draw centred at `center`, wrapped to `width` (default: the window's), at `size`
        px (default: from the window's height)."""
        if not self.active:
            return
        size = size or max(14, surface.get_height() // 40)
        img = assets.text(self.text, size, theme.TEXT, bold=True)
        widest = (width or surface.get_width()) - size * 4
        if img.get_width() > widest:  # a long message wraps inside the window
            img = render(assets.font(size, True), self.text, theme.TEXT, max(widest, 1))
        r = img.get_rect(center=center).inflate(size * 2, size)
        r.clamp_ip(surface.get_rect())
        alpha = int(230 * min(1.0, self.left / 0.4))
        panel(surface, r, (30, 30, 34), theme.ACCENT, radius=min(r.h // 2, size), alpha=alpha)
        surface.blit(img, img.get_rect(center=r.center))
        note_text(surface, self.text, img.get_rect(center=r.center), size)


class Picker:
    """A "< value >" option cycler (keyboard Left/Right or clicks on the arrows). The label
    and the options are translated where they are drawn (`value` stays the option given:
    pass `N_("Europe")`-marked options, or names as they are)."""

    def __init__(self, label: str, options: list[str], index: int = 0) -> None:
        self.label, self.options, self.index = label, options, index
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.focused = False
        self.font = 0
        """The text's size in pixels (0: from the picker's height)."""

    @property
    def value(self) -> str:
        """The chosen option."""
        return self.options[self.index]

    def step(self, d: int) -> None:
        """Move to the next (+1) or previous (-1) option."""
        self.index = (self.index + d) % len(self.options)

    def handle(self, e: pygame.event.Event) -> bool:
        """True if the value changed."""
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.rect.collidepoint(e.pos):
            self.step(-1 if e.pos[0] < self.rect.centerx else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        """Label on the left, `< value >` on the right."""
        r = self.rect
        fill = theme.mix(theme.PANEL_LIGHT, (255, 255, 255), 0.1 if self.focused else 0.0)
        panel(surface, r, fill, theme.HILITE if self.focused else theme.PANEL_EDGE, r.h // 4)
        if self.focused:
            focus_ring(surface, r)
        size = self.font or max(12, int(r.h * 0.4))
        vr = r.inflate(-size, 0)
        value = _(self.value)
        if self.label:  # the label at its own width, the value in the rest (from the middle
            # when that leaves the value room: a long value or label takes from the other;
            # each on two lines when both do not fit on one)
            one = assets.font(size, True).size(value)[0] + size * 3
            lines, cond = lines_for(assets, value, size, r.w // 2 - size * 3, True)
            need = min(one, max(assets.font(size, True, cond).size(t)[0] for t in lines)
                       + size * 3) if len(lines) * size * 1.2 <= r.h else one
            label = blit_lines(surface, assets, _(self.label), size, theme.TEXT_DIM,
                               (r.x + size, r.centery), "midleft",
                               max(1, r.w // 2 - size * 3 // 2, r.w - size * 2 - need), r.h)
            left = max(label.right + size // 2, min(r.centerx, r.right - size // 2 - need))
            vr = pygame.Rect(left, r.y, r.right - size // 2 - left, r.h)
        blit_text(surface, assets, "\u25c0", size, theme.ACCENT, (vr.x, vr.centery), "midleft")
        blit_text(surface, assets, "\u25b6", size, theme.ACCENT, (vr.right, vr.centery),
                  "midright")
        blit_lines(surface, assets, value, size, theme.TEXT, vr.center, "center",
                   vr.w - size * 2, r.h, bold=True)  # clear of the arrows

    def width(self, assets: Assets, size: int) -> int:
        """The width that shows the label and the widest option at `size` unshrunk."""
        label = assets.text(_(self.label), size, theme.TEXT_DIM).get_width() if self.label else 0
        value = max((assets.text(_(o), size, theme.TEXT, bold=True).get_width()
                     for o in self.options), default=0)
        if not self.label:
            return value + size * 3 + 2
        return label + value + size * 5 + 2


def widest(assets: Assets, labels: Sequence[str], size: int, bold: bool = True) -> int:
    """The width of the widest of `labels` (translated) at `size`: buttons and columns are
    sized from it, so a longer language widens them instead of shrinking their text."""
    return max((assets.font(size, bold).size(_(t))[0] for t in labels), default=0)


def wrapped_height(assets: Assets, text: str, size: int, width: int) -> int:
    """The height `wrap_text` takes for `text` at `size` in `width` px."""
    return render(assets.font(size), text, theme.TEXT, max(width, 1)).get_height() if text else 0


def column(rects_for: Sequence[Button | Picker], center_x: int, top: int, w: int, h: int,
           gap: int) -> None:
    """Lay widgets out in a centred column."""
    for i, b in enumerate(rects_for):
        b.rect = pygame.Rect(0, 0, w, h)
        b.rect.midtop = (center_x, top + i * (h + gap))


def columns(items: Sequence[Button | Picker], w: int, top: int, room: int, iw: int,
            want: int, gap: int) -> int:
    """Lay `items` (`iw` wide, `want` high) down one column centred in a window `w` wide
    from `top`, or down two when one would not fit `room` pixels and two fit the width
    (big text); returns the items' height (less than `want` when even that is short)."""
    n = len(items)
    cols = 1 if want * n * 4 // 3 <= room or iw * 2 + gap > w - 40 else 2
    per = -(-n // cols)
    ih = min(want, room * 3 // 4 // per)
    for c in range(cols):  # read down the first column, then the second
        x = w // 2 + (c * 2 - cols + 1) * (iw + gap) // 2
        column(items[c * per:(c + 1) * per], x, top, iw, ih, ih // 3)
    return ih
