"""Board units <-> pixels (uniform scale, letterboxed) and the board screen's panel layout."""

from __future__ import annotations

from dataclasses import dataclass

import pygame


def ui_font(size: tuple[int, int], settings: object = None) -> int:
    """The body text size in pixels for a window: grows with the window (14 px at 1280x720,
    42 px at 3840x2160, no cap) times the text-size setting (100/125/150 %)."""
    w, h = size
    base = min(h / 50, w / 88)
    pct = getattr(settings, "text_size", 100)
    return max(11, round(base * pct / 100))


@dataclass(frozen=True, slots=True)
class Viewport:
    """Maps board units into `rect` with one uniform scale, centred (letterbox)."""

    board_size: tuple[float, float]
    rect: pygame.Rect
    scale: float
    ox: float
    oy: float

    @staticmethod
    def fit(board_size: tuple[float, float], rect: pygame.Rect) -> Viewport:
        """The largest uniform scale that shows the whole board inside `rect`."""
        bw, bh = board_size
        scale = min(rect.w / bw, rect.h / bh)
        ox = rect.x + (rect.w - bw * scale) / 2
        oy = rect.y + (rect.h - bh * scale) / 2
        return Viewport(board_size, rect, scale, ox, oy)

    @staticmethod
    def zoomed(board_size: tuple[float, float], rect: pygame.Rect, zoom: float,
               centre: tuple[float, float] | None) -> Viewport:
        """`fit` times `zoom`, with board point `centre` (default: the board's middle) at the
        middle of `rect`, moved so the board covers `rect` where it is larger than it. Whole
        pixel offsets, so panning moves cached layers without drawing them again."""
        fit = Viewport.fit(board_size, rect)
        if zoom <= 1.0:
            return fit
        bw, bh = board_size
        scale = fit.scale * zoom
        cx, cy = centre if centre is not None else (bw / 2, bh / 2)

        def axis(lo: int, size: int, c: float, extent: float) -> float:
            if extent <= size:
                return lo + (size - extent) / 2
            return min(lo, max(lo + size - extent, lo + size / 2 - c * scale))

        ox = round(axis(rect.x, rect.w, cx, bw * scale))
        oy = round(axis(rect.y, rect.h, cy, bh * scale))
        return Viewport(board_size, rect, scale, ox, oy)

    @property
    def visible(self) -> pygame.Rect:
        """The window pixels where the board shows (the map rectangle when zoomed in)."""
        return self.map_px.clip(self.rect)

    def to_px(self, p: tuple[float, float]) -> tuple[float, float]:
        """Board units -> window pixels."""
        return (self.ox + p[0] * self.scale, self.oy + p[1] * self.scale)

    def to_board(self, p: tuple[float, float]) -> tuple[float, float]:
        """Window pixels -> board units."""
        return ((p[0] - self.ox) / self.scale, (p[1] - self.oy) / self.scale)

    def length(self, units: float) -> float:
        """A board-unit length in pixels."""
        return units * self.scale

    @property
    def map_px(self) -> pygame.Rect:
        """The pixel rectangle the board occupies."""
        bw, bh = self.board_size
        return pygame.Rect(round(self.ox), round(self.oy), round(bw * self.scale),
                           round(bh * self.scale))

    def local(self, p: tuple[float, float]) -> tuple[float, float]:
        """Board units -> pixels relative to `map_px` (for drawing into cached layers)."""
        return (p[0] * self.scale + (self.ox - round(self.ox)),
                p[1] * self.scale + (self.oy - round(self.oy)))


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """Where each part of the board screen goes for one window size."""

    size: tuple[int, int]
    map: pygame.Rect
    banner: pygame.Rect
    caption: pygame.Rect
    """The strip under the map for the caption line (so it never covers the map)."""
    side: pygame.Rect
    bottom: pygame.Rect
    players: pygame.Rect
    market: pygame.Rect
    log: pygame.Rect
    hand: pygame.Rect
    tickets: pygame.Rect
    pad: int
    row_h: int
    font: int
    card_h: int = 0
    """The face-up cards' height (portrait; shorter than 1.5 widths when the side bar
    is tight)."""
    compact: bool = False
    """Player rows of two lines (name, one line of stats) so the log keeps four lines."""

    @staticmethod
    def compute(size: tuple[int, int], players: int, settings: object = None,
                tickets_need: int = 0, side_need: int = 0) -> BoardLayout:
        """Side bar on the right, hand and tickets along the bottom, the map in the rest;
        every size follows the window and the text-size setting, with no cap. With big
        text the side bar reflows: player rows of two lines, then shorter market cards,
        so the game log always shows at least four lines. `tickets_need`: the width the
        tickets panel's heading line takes in the language spoken (up to half the
        bottom bar, so the hand keeps readable cards; beyond that the heading goes under
        its button); `side_need`: the width
        a player's panel takes in it (up to 30 % of the window)."""
        w, h = size
        pad = max(6, min(w, h) // 110)
        font = ui_font(size, settings)
        side_w = int(max(w * 0.235, 290, font * 20, min(side_need, w * 0.3)))
        bottom_h = int(max(h * 0.2, 128, font * 8))
        side = pygame.Rect(w - side_w, 0, side_w, h)
        bottom = pygame.Rect(0, h - bottom_h, w - side_w, bottom_h)
        banner_h = int(font * 2.0)
        banner = pygame.Rect(pad, pad, w - side_w - 2 * pad, banner_h)
        caption_h = int(font * 1.9)
        map_rect = pygame.Rect(pad, banner.bottom + pad // 2, banner.w,
                               h - bottom_h - banner.bottom - pad - caption_h - pad)
        caption = pygame.Rect(pad, map_rect.bottom + pad // 2, banner.w, caption_h)
        inner = side.inflate(-2 * pad, -2 * pad)
        card_w = (inner.w - 4 * pad) / 5
        card_h, deck_h = card_w * 1.5, max(54, card_w * 1.05)
        log_min = int(font * 1.9 + 5.5 * font * 1.35)  # the heading, four lines and more
        # (a log entry of two or three lines shows whole or not at all)
        row_h = int(max(h * 0.068, font * 4.6))  # a name and two lines of stats
        compact = False

        def spare(row: int, ch: float, dh: float) -> float:
            return inner.h - (players * (row + pad // 2) + 2 * pad + ch + 3 * pad + dh
                              + log_min)

        if spare(row_h, card_h, deck_h) < 0:
            row_h, compact = int(font * 3.2), True  # a name and one line of stats
        short = spare(row_h, card_h, deck_h)
        if short < 0:  # shorter market cards and piles, down to about two lines each
            k = max(0.0, min(1.0, 1 + short / (card_h + deck_h - font * 5)))
            card_h = font * 3 + (card_h - font * 3) * k
            deck_h = font * 2 + (deck_h - font * 2) * k
        pl = pygame.Rect(inner.x, inner.y, inner.w, players * (row_h + pad // 2))
        market_h = int(card_h + pad * 3 + deck_h)
        market = pygame.Rect(inner.x, pl.bottom + pad, inner.w, market_h)
        log = pygame.Rect(inner.x, market.bottom + pad, inner.w, inner.bottom - market.bottom - pad)
        binner = bottom.inflate(-2 * pad, -2 * pad)
        tickets_w = int(min(binner.w * 0.5, max(binner.w * 0.4, font * 16, tickets_need)))
        hand = pygame.Rect(binner.x, binner.y, binner.w - tickets_w - pad, binner.h)
        tickets = pygame.Rect(hand.right + pad, binner.y, binner.right - hand.right - pad,
                              binner.h)
        return BoardLayout(size, map_rect, banner, caption, side, bottom, pl, market, log, hand,
                           tickets, pad, row_h, font, round(card_h), compact)

    def player_row(self, i: int) -> pygame.Rect:
        """The panel of seat `i`."""
        return pygame.Rect(self.players.x, self.players.y + i * (self.row_h + self.pad // 2),
                           self.players.w, self.row_h)

    def faceup_rect(self, slot: int, slots: int = 5) -> pygame.Rect:
        """A face-up card (portrait) in the market row."""
        m, pad = self.market, self.pad
        cw = (m.w - (slots - 1) * pad) / slots
        ch = self.card_h or cw * 1.5
        return pygame.Rect(round(m.x + slot * (cw + pad)), m.y + pad, round(cw), round(ch))

    def deck_rect(self) -> pygame.Rect:
        """The train card deck (landscape) under the face-up row."""
        top = self.faceup_rect(0).bottom + self.pad * 2
        h = self.market.bottom - top
        return pygame.Rect(self.market.x, top, (self.market.w - self.pad) // 2, h)

    def ticket_deck_rect(self) -> pygame.Rect:
        """The destination ticket pile next to the deck."""
        d = self.deck_rect()
        return pygame.Rect(d.right + self.pad, d.y, self.market.right - d.right - self.pad, d.h)

    def hand_rects(self, n: int) -> list[pygame.Rect]:
        """Portrait card slots for `n` colour groups of the hand."""
        r, pad = self.hand, self.pad
        top = r.y + self.font + pad
        ch: float = r.bottom - top
        cw = min(ch / 1.45, (r.w - (n - 1) * pad) / max(n, 1))
        ch = min(ch, cw * 1.45)
        return [pygame.Rect(round(r.x + i * (cw + pad)), top, round(cw), round(ch))
                for i in range(n)]
