"""How to play's pages on screen: each `rules_pages.Page` cut into sheets that fit the
page area at this window and text size (a long text or key table goes on over more
sheets, never clipped), and one sheet drawn: title, picture, text, table or keys.

Every word goes through `blit_text`/`wrap_text`/`note_text`, so the layout checks see
it; sizes come from `ui_font` (the text size setting)."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pygame

from ttr.i18n import _, number
from ttr.ui import rules_text, theme
from ttr.ui.assets import Assets, render
from ttr.ui.rulepics import PICTURES, draw_picture
from ttr.ui.rules_pages import KeyRows, Page
from ttr.ui.widgets import blit_text, panel, wrap_text

_SENTENCE = re.compile(r"(?<=[.!?:])\s+(?=[A-Z0-9(])")


@dataclass(frozen=True, slots=True)
class Sheet:
    """What one screen shows: a part of a page (`part` of `parts`)."""

    page: Page
    body: str
    keys: KeyRows
    picture: bool
    table: bool
    part: int = 1
    parts: int = 1

    @property
    def title(self) -> str:
        """The page's title, with "(2 of 3)" when it goes on over several sheets."""
        if self.parts == 1:
            return self.page.title
        # TRANSLATORS: a page's title when it goes on over several screens: "Stations (2 of 3)"
        return _("{title} ({part} of {parts})").format(title=self.page.title,
                                                       part=number(self.part),
                                                       parts=number(self.parts))

    def spoken(self) -> str:
        """This sheet in words."""
        from ttr.ui.keys import keys_text
        from ttr.ui.rules_pages import table_words

        text = _("{title}. {text}").format(title=self.title, text=self.body)
        if self.table and self.page.table is not None:
            text += " " + table_words(self.page.table)
        if self.keys:
            text += " " + keys_text(self.keys)
        return text.strip()


def title_size(font: int) -> int:
    """The sheet title's size for body size `font`."""
    return round(font * 1.35)


def _split(area: pygame.Rect, font: int, page: Page) -> tuple[pygame.Rect, pygame.Rect | None]:
    """(text rect, picture rect) of a page with a picture: side by side on wide areas,
    picture above on tall ones; the text keeps at least 22 characters of width."""
    body = area.move(0, 0)
    if page.picture is None:
        return body, None
    gap = font
    if area.w >= area.h * 1.25:
        pw = min(int(area.w * 0.56), area.w - font * 13 - gap)
        return (pygame.Rect(area.x + pw + gap, area.y, area.w - pw - gap, area.h),
                pygame.Rect(area.x, area.y, pw, area.h))
    ph = int(area.h * 0.55)
    return (pygame.Rect(area.x, area.y + ph + gap, area.w, area.h - ph - gap),
            pygame.Rect(area.x, area.y, area.w, ph))


def content_rect(area: pygame.Rect, font: int) -> pygame.Rect:
    """The area under a sheet's title."""
    top = round(title_size(font) * 1.6)
    return pygame.Rect(area.x, area.y + top, area.w, area.h - top)


def _text_h(assets: Assets, text: str, font: int, w: int, bold: bool = False) -> int:
    return render(assets.font(font, bold), text, theme.TEXT, max(1, w)).get_height() \
        if text else 0


def _key_w(font: int, w: int) -> int:
    """The key column: wide enough for most key names (a longer one wraps in it)."""
    return min(font * 13, w * 2 // 5)


def _row_h(assets: Assets, row: tuple[str, str], font: int, w: int) -> int:
    kw = _key_w(font, w)
    return max(_text_h(assets, _(row[1]), font, w - kw - font),
               _text_h(assets, _(row[0]), font, kw - font // 2, True), font) + font // 2


def _table_row_h(font: int) -> int:
    """A row of the points table: the text's line (about 1.2 of its size) and a margin."""
    return round(font * 1.5) + 6


def _table_h(font: int) -> int:
    return _table_row_h(font) * 2 + font


def sheets(pages: list[Page], area: pygame.Rect, font: int, assets: Assets) -> list[Sheet]:
    """Cut the pages into sheets that fit `area` at body size `font`."""
    out: list[Sheet] = []
    content = content_rect(area, font)
    for page in pages:
        parts: list[Sheet] = []
        text_rect, _ = _split(content, font, page)
        room = text_rect.h - (_table_h(font) + font if page.table is not None else 0)
        sentences = _SENTENCE.split(page.body) if page.body else []
        rows = list(page.keys)
        picture = page.picture is not None
        while sentences or rows or not parts:
            w = text_rect.w if picture else content.w
            h = room if picture or page.table is not None else content.h
            body: list[str] = []
            while sentences and (not body or _text_h(assets, " ".join([*body, sentences[0]]),
                                                     font, w) <= h):
                body.append(sentences.pop(0))
            used = _text_h(assets, " ".join(body), font, w) + (font if body else 0)
            keys: list[tuple[str, str]] = []
            while rows and (not keys and not body or used + _row_h(assets, rows[0], font, w)
                            <= h):
                used += _row_h(assets, rows[0], font, w)
                keys.append(rows.pop(0))
            parts.append(Sheet(page, " ".join(body), tuple(keys), picture,
                               page.table is not None and not parts))
            picture = False
        out += [Sheet(s.page, s.body, s.keys, s.picture, s.table, i + 1, len(parts))
                for i, s in enumerate(parts)]
    return out


def draw_sheet(surface: pygame.Surface, assets: Assets, sheet: Sheet, area: pygame.Rect,
               font: int, counter: str) -> None:
    """Draw one sheet into `area`: its title and `counter` ("3 / 14"), then its parts."""
    ts = title_size(font)
    num = blit_text(surface, assets, counter, font, theme.TEXT_DIM, (area.right, area.y),
                    "topright")
    blit_text(surface, assets, sheet.title, ts, theme.ACCENT, area.topleft, bold=True,
              max_width=num.x - area.x - font)
    content = content_rect(area, font)
    text_rect, pic_rect = _split(content, font, sheet.page)
    if not sheet.picture:
        text_rect = content
    elif pic_rect is not None and sheet.page.picture in PICTURES:
        draw_picture(surface, pic_rect, PICTURES[sheet.page.picture], assets, font)
    y = text_rect.y
    if sheet.body:
        y += wrap_text(surface, assets, sheet.body, font, theme.TEXT,
                       pygame.Rect(text_rect.x, y, text_rect.w, text_rect.bottom - y)) + font
    if sheet.table and sheet.page.table is not None:
        y = _table(surface, assets, sheet.page.table, pygame.Rect(text_rect.x, y, text_rect.w,
                                                                   _table_h(font)), font)
    kw = _key_w(font, text_rect.w)
    for k, what in sheet.keys:  # a key name too long for its column wraps in it
        used = wrap_text(surface, assets, _(k), font, theme.HILITE,
                         pygame.Rect(text_rect.x, y, kw - font // 2, text_rect.bottom - y),
                         bold=True)
        y += max(used, wrap_text(surface, assets, _(what), font, theme.TEXT,
                                 pygame.Rect(text_rect.x + kw + font, y, text_rect.w - kw - font,
                                             text_rect.bottom - y))) + font // 2


def _table(surface: pygame.Surface, a: Assets, cfg: object, r: pygame.Rect, size: int) -> int:
    """Route length -> points as a two-row table; returns the y under it."""
    from ttr.engine import RulesConfig

    assert isinstance(cfg, RulesConfig)
    table = rules_text.scoring_table(cfg)
    row_h = _table_row_h(size)
    head = max(size * 5, int(r.w * 0.16))
    cell = min(size * 4, (r.w - head) // max(1, len(table)))
    for i, (label, idx) in enumerate(((_("Length"), 0), (_("Points"), 1))):
        ry = r.y + i * row_h
        panel(surface, pygame.Rect(r.x, ry, head + cell * len(table), row_h - 2),
              theme.PANEL_LIGHT if i == 0 else theme.PANEL, theme.PANEL_EDGE, 4)
        blit_text(surface, a, label, size, theme.TEXT_DIM, (r.x + 8, ry + row_h // 2 - 1),
                  "midleft", max_width=head - 12)
        for j, pair in enumerate(table):
            blit_text(surface, a, number(pair[idx]), size, theme.TEXT if i == 0 else theme.HILITE,
                      (r.x + head + j * cell + cell // 2, ry + row_h // 2 - 1), "center",
                      bold=i == 1)
    return r.y + row_h * 2 + size
