"""Sizes of the editor's chrome for one window size and text size: the body text follows
the window and the text-size setting exactly as the game's (`viewport.ui_font`), and every
bar, row and panel follows the body text."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ttr.ui.viewport import ui_font

ZOOM_WIDEST = "800%"
"""The widest zoom figure the help bar shows at its right end."""
Measure = Callable[[str, int, bool], int]
"""(text, pixel size, bold) -> width in pixels."""


@dataclass(frozen=True, slots=True)
class Chrome:
    """Where the toolbar, the side panel and the help bar go, and their text sizes."""

    size: tuple[int, int]
    font: int
    """The body text size in pixels."""
    pad: int
    button_h: int
    row: int
    line: int
    toolbar_h: int
    panel_w: int
    help_h: int

    @property
    def title(self) -> int:
        """Headings in the panel and dialogs."""
        return round(self.font * 1.15)

    @property
    def board(self) -> tuple[int, int, int, int]:
        """The board area (x, y, w, h)."""
        w, h = self.size
        return (0, self.toolbar_h, w - self.panel_w, h - self.toolbar_h - self.help_h)

    def button_w(self, measure: Measure, text: str, bold: bool = False) -> int:
        """A button wide enough for its label."""
        return measure(text, self.font, bold) + 2 * self.pad + self.font

    @staticmethod
    def compute(size: tuple[int, int], text_size: int, measure: Measure,
                toolbar: Sequence[str], helps: Sequence[str]) -> Chrome:
        """The chrome for `size` and `text_size` (100/125/150): the toolbar `toolbar`'s
        labels flow onto as many rows as they need, the help bar is as tall as the
        longest of `helps` wrapped beside the zoom figure."""
        w, h = size
        font = ui_font(size, _Pct(text_size))
        pad = max(4, font // 3)
        button_h = round(font * 1.9)
        line = round(font * 1.4)
        panel_w = int(min(max(font * 19, 280), w * 0.34))
        probe = Chrome(size, font, pad, button_h, round(font * 1.8), line, 0, panel_w, 0)
        widths = [probe.button_w(measure, t, True) for t in toolbar]
        rows = max(r for _x, r in flow(widths, pad, w - pad, pad)) + 1
        toolbar_h = rows * (button_h + pad) + pad
        text_w = w - 4 * pad - measure(ZOOM_WIDEST, font, False)
        lines = max(len(wrap(t, text_w, lambda s: measure(s, font, False))) for t in helps)
        help_h = lines * line + pad
        return Chrome(size, font, pad, button_h, probe.row, line, toolbar_h, panel_w, help_h)


@dataclass(frozen=True, slots=True)
class _Pct:
    text_size: int


def flow(widths: Sequence[int], left: int, right: int, gap: int) -> list[tuple[int, int]]:
    """(x, row) of boxes of `widths` laid left to right, onto a new row when one would
    pass `right`."""
    out: list[tuple[int, int]] = []
    x, row = left, 0
    for w in widths:
        if x > left and x + w > right:
            x, row = left, row + 1
        out.append((x, row))
        x += w + gap
    return out


def wrap(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """`text` broken at spaces into lines no wider than `width` pixels (a single word
    wider than that gets a line of its own)."""
    lines: list[str] = []
    for para in text.split("\n"):
        cur = ""
        for word in _pieces(para.split(" "), width, measure):
            trial = f"{cur} {word}" if cur else word
            if cur and measure(trial) > width:
                lines.append(cur)
                cur = word
            else:
                cur = trial
        lines.append(cur)
    return lines


def _pieces(words: list[str], width: int, measure: Callable[[str], int]) -> list[str]:
    """`words`, each one wider than `width` cut into pieces that fit (a long path)."""
    out: list[str] = []
    for word in words:
        while measure(word) > width and len(word) > 1:
            n = len(word) - 1
            while n > 1 and measure(word[:n]) > width:
                n -= 1
            out.append(word[:n])
            word = word[n:]
        out.append(word)
    return out
