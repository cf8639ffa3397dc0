"""Drawing the editor: board (as the game draws slots), toolbar, panel, help line, dialogs.

Nothing here changes editor state.
"""

from __future__ import annotations

import logging
import math
import time
from pathlib import Path

import pygame

from tools.editor.controller import Editor, help_line
from tools.editor.crowd import crowded
from tools.editor.dialogs import Prompt
from tools.editor.layout import ZOOM_WIDEST, wrap
from tools.editor.panels import (
    Item,
    bold_kind,
    dialog_items,
    measure,
    panel_items,
    swatch_rgb,
    toolbar_items,
)
from ttr.i18n import _, number
from ttr.store import paths
from ttr.ui import geometry as geo
from ttr.ui import theme, widgets
from ttr.ui.assets import Assets
from ttr.ui.mapgeo import draw_geography
from ttr.ui.maprender import crowded_label, least_label

logger = logging.getLogger(__name__)
SELECT = (255, 214, 40)
PICK = (40, 200, 255)
BOARD_EDGE = (120, 100, 70)


class View:
    """Renders an `Editor` onto a surface; caches fonts and the trace image."""

    def __init__(self) -> None:
        self.assets = Assets()
        self._trace_key: tuple[object, ...] | None = None
        self._trace: pygame.Surface | None = None
        self._trace_src: pygame.Surface | None = None
        self._trace_path: Path | None = None
        self._geo: pygame.Surface | None = None
        self._geo_key: tuple[object, ...] | None = None
        self._crowd_key: tuple[object, ...] | None = None
        self._crowd: list[tuple[int, pygame.Rect]] = []

    def font(self, size: int, bold: bool = False, cond: bool = True) -> pygame.font.Font:
        """A shipped font."""
        return self.assets.font(size, bold=bold, cond=cond)

    def draw(self, surf: pygame.Surface, ed: Editor) -> None:
        """One frame."""
        self.draw_editor(surf, ed)
        if ed.dialog is not None:
            self.draw_dialog(surf, ed)

    def draw_editor(self, surf: pygame.Surface, ed: Editor) -> None:
        """The board, toolbar, panel and help bar (what a dialog covers)."""
        surf.fill(theme.BG)
        bx, by, bw, bh = ed.board_rect
        surf.set_clip(pygame.Rect(bx, by, bw, bh))
        self._board(surf, ed)
        surf.set_clip(None)
        self._toolbar(surf, ed)
        self._panel(surf, ed)
        self._help(surf, ed)

    # ------------------------------------------------------------ board

    def _trace_image(self, ed: Editor) -> pygame.Surface | None:
        path = ed.trace
        if path is None and ed.model.doc.background:
            path = paths.assets_dir() / "maps" / ed.model.doc.background
        if path is None or not path.is_file():
            return None
        if path != self._trace_path:
            self._trace_path = path
            try:
                self._trace_src = pygame.image.load(str(path)).convert()
            except (pygame.error, FileNotFoundError) as e:
                logger.warning("cannot load %s: %s", path, e)
                self._trace_src = None
        if self._trace_src is None:
            return None
        w, h = ed.model.doc.size
        size = (max(1, round(w * ed.camera.scale)), max(1, round(h * ed.camera.scale)))
        if size[0] * size[1] > 40_000_000:
            return None
        if self._trace_key != (path, size):
            self._trace = pygame.transform.smoothscale(self._trace_src, size)
            self._trace.set_alpha(150)
            self._trace_key = (path, size)
        return self._trace

    def _board(self, surf: pygame.Surface, ed: Editor) -> None:
        cam, doc = ed.camera, ed.model.doc
        tl = cam.to_screen((0, 0))
        br = cam.to_screen(doc.size)
        board = pygame.Rect(round(tl[0]), round(tl[1]), round(br[0] - tl[0]),
                            round(br[1] - tl[1]))
        pygame.draw.rect(surf, theme.PAPER, board)
        if doc.geography is not None and ed.show_geography:
            self._geography(surf, ed, board)
        img = self._trace_image(ed)
        if img is not None:
            surf.blit(img, board.topleft)
        pygame.draw.rect(surf, BOARD_EDGE, board, 2)
        slots = ed.slots()
        sel = ed.selection
        lw = max(1, round(cam.scale * 1.3))
        for r in doc.routes:
            fill = swatch_rgb(r.color)
            for i, q in enumerate(slots.get(r.id, ())):
                pts = [cam.to_screen(p) for p in q]
                pygame.draw.polygon(surf, fill, pts)
                if r.tunnel:
                    _dashed(surf, pts, theme.TUNNEL_EDGE, max(2, lw + 1), cam.scale * 4.5)
                else:
                    pygame.draw.aalines(surf, theme.SLOT_EDGE, True, pts)
                if i < r.ferry:
                    c = cam.to_screen(geo.quad_center(q))
                    rad = max(3.0, cam.scale * 4.2)
                    pygame.draw.circle(surf, (250, 250, 250), c, rad)
                    pygame.draw.circle(surf, (30, 30, 30), c, rad, max(1, round(rad / 3)))
        if sel is not None and sel[0] == "route" and ed.selected("route"):
            r = doc.route(sel[1])
            for q in slots.get(r.id, ()):
                pygame.draw.polygon(surf, SELECT, [cam.to_screen(p) for p in q], 3)
            line = [doc.city(r.a).pos, *r.via, doc.city(r.b).pos]
            pygame.draw.lines(surf, SELECT, False, [cam.to_screen(p) for p in line], 1)
            for p in r.via:
                c = cam.to_screen(p)
                pygame.draw.circle(surf, (30, 30, 30), c, 7)
                pygame.draw.circle(surf, SELECT, c, 5)
        rad = max(4.0, geo.CITY_RADIUS * cam.scale)
        for c in doc.cities:
            x, y = cam.to_screen(c.pos)
            pygame.draw.aacircle(surf, (40, 24, 16), (x + 1, y + 1.5), rad + 1)
            pygame.draw.aacircle(surf, theme.CITY_RING, (x, y), rad)
            pygame.draw.aacircle(surf, theme.CITY_FILL, (x, y), rad * 0.68)
        self._highlights(surf, ed, rad)
        area = pygame.Rect(ed.board_rect)
        labels = self._labels(ed)
        for size, at in labels:  # every background first: none hides another label's text
            box = at.inflate(size // 2, 2)
            bg = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(bg, (*theme.LABEL_BG, 190), bg.get_rect(), border_radius=box.h // 3)
            surf.blit(bg, box)
        for city, (size, at) in zip(doc.cities, labels, strict=True):
            surf.blit(self.font(size, bold=True).render(city.name, True, (44, 30, 20)), at)
            widgets.note_text(surf, city.name, at, size, not area.contains(at))
            if sel == ("city", city.id):
                box = at.inflate(size // 2, 2)
                pygame.draw.rect(surf, SELECT, box, 2, border_radius=box.h // 3)

    def _labels(self, ed: Editor) -> list[tuple[int, pygame.Rect]]:
        """Each city label's size and text rectangle: at the map file's offset, drawn
        smaller where it touches another (`crowd`; kept while the map and view stay)."""
        cam, doc, px = ed.camera, ed.model.doc, ed.label_px()
        least = min(px, max(crowded_label(least_label(ed.chrome.font)),
                            round(geo.LABEL_FONT_SIZE * cam.scale)))
        key = (doc, cam.scale, cam.ox, cam.oy, px, least)
        if self._crowd_key != key:
            places = []
            for c in doc.cities:
                ox, oy = c.label if c.label is not None else geo.DEFAULT_LABEL_OFFSET
                places.append((c.name, cam.to_screen((c.pos[0] + ox, c.pos[1] + oy))))
            self._crowd = crowded(places, px, least,
                                  lambda text, size: self.font(size, bold=True).size(text))
            self._crowd_key = key
        return self._crowd

    def _geography(self, surf: pygame.Surface, ed: Editor, board: pygame.Rect) -> None:
        """The map's land and water under the network (cached per zoom and pan)."""
        doc, cam = ed.model.doc, ed.camera
        assert doc.geography is not None
        area = board.clip(pygame.Rect(ed.board_rect))
        key = (id(doc.geography), cam.scale, cam.ox, cam.oy, area.topleft, area.size)
        if self._geo_key != key or self._geo is None:
            layer = pygame.Surface(area.size)
            draw_geography(layer, doc.geography,
                           lambda p: (p[0] * cam.scale + cam.ox - area.x,
                                      p[1] * cam.scale + cam.oy - area.y),
                           cam.scale, rim=False)
            self._geo, self._geo_key = layer, key
        surf.blit(self._geo, area)

    def _highlights(self, surf: pygame.Surface, ed: Editor, rad: float) -> None:
        cam, doc = ed.camera, ed.model.doc
        if (cid := ed.selected("city")) is not None:
            pygame.draw.circle(surf, SELECT, cam.to_screen(doc.city(cid).pos), rad + 5, 3)
        if (tid := ed.selected("ticket")) is not None:
            t = doc.ticket(tid)
            a, b = cam.to_screen(doc.city(t.a).pos), cam.to_screen(doc.city(t.b).pos)
            _dashed(surf, [a, b], PICK, 3, 10, closed=False)
            for p in (a, b):
                pygame.draw.circle(surf, PICK, p, rad + 5, 3)
        if ed.pick is not None:
            p = cam.to_screen(doc.city(ed.pick).pos)
            pygame.draw.circle(surf, PICK, p, rad + 6, 3)
            if ed.hover is not None and ed.in_board(ed.hover):
                _dashed(surf, [p, ed.hover], PICK, 2, 8, closed=False)

    # ------------------------------------------------------------ chrome

    def _text(self, surf: pygame.Surface, text: str, size: int, color: theme.RGB,
              pos: tuple[int, int], anchor: str = "topleft", bold: bool = False) -> pygame.Rect:
        return widgets.blit_text(surf, self.assets, text, size, color, pos, anchor, bold,
                                 cond=True)

    def _button(self, surf: pygame.Surface, item: Item, hover: bool) -> None:
        base = theme.ACCENT if item.on else theme.PANEL_LIGHT
        if hover and not item.on:
            base = theme.mix(base, (255, 255, 255), 0.12)
        widgets.panel(surf, item.rect, base, theme.PANEL_EDGE, radius=max(4, item.size // 3))
        fg = theme.TEXT_DARK if item.on else theme.TEXT
        self._text(surf, item.text, item.size, fg, item.rect.center, "center", bold=True)

    def _items(self, surf: pygame.Surface, ed: Editor, items: list[Item]) -> None:
        mouse = ed.hover or (-1, -1)
        colors = {"text": theme.TEXT, "title": theme.ACCENT, "dim": theme.TEXT_DIM,
                  "error": theme.BAD, "warning": (230, 190, 120), "value": theme.TEXT,
                  "row": theme.TEXT}
        for it in items:
            hover = it.rect.collidepoint(mouse) and it.action is not None
            if it.kind == "button":
                self._button(surf, it, hover)
            elif it.kind == "swatch":
                assert it.color is not None
                pygame.draw.rect(surf, it.color, it.rect, border_radius=4)
                edge = SELECT if it.on else theme.PANEL_EDGE
                pygame.draw.rect(surf, edge, it.rect.inflate(4, 4) if it.on else it.rect,
                                 3 if it.on else 1, border_radius=5)
            elif it.kind == "field":
                self._field(surf, ed, it)
            else:
                if it.on or hover:
                    pygame.draw.rect(surf, theme.PANEL_LIGHT if not it.on else
                                     theme.mix(theme.PANEL_LIGHT, SELECT, 0.3), it.rect)
                color = colors.get(it.kind, theme.TEXT)
                if it.kind == "value":
                    self._text(surf, it.text, it.size, color, it.rect.center, "center", True)
                else:
                    self._text(surf, it.text, it.size, color, (it.rect.x + 2, it.rect.centery),
                               "midleft", bold_kind(it.kind))

    def _field(self, surf: pygame.Surface, ed: Editor, it: Item) -> None:
        """A prompt's text field: the end of the text shows when it is longer."""
        d = ed.dialog
        assert isinstance(d, Prompt)
        field, pad = it.rect, ed.chrome.pad
        pygame.draw.rect(surf, (250, 248, 240), field, border_radius=4)
        img = self.assets.font(it.size).render(d.text, True, theme.TEXT_DARK,
                                               (170, 200, 240) if d.fresh and d.text else None)
        inner = field.inflate(-2 * pad, 0)
        x = inner.x + min(0, inner.w - pad - img.get_width())
        at = img.get_rect(midleft=(x, field.centery))
        clip = surf.get_clip()
        surf.set_clip(inner)
        surf.blit(img, at)
        surf.set_clip(clip)
        widgets.note_text(surf, d.text, at.clip(inner), it.size, at.w > inner.w)
        if int(time.monotonic() * 2) % 2 == 0:
            cx = min(at.right + 1, inner.right)
            pygame.draw.line(surf, theme.TEXT_DARK, (cx, field.y + pad), (cx, field.bottom - pad),
                             max(2, it.size // 10))

    def _toolbar(self, surf: pygame.Surface, ed: Editor) -> None:
        w, ch = ed.size[0], ed.chrome
        widgets.panel(surf, pygame.Rect(0, 0, w, ch.toolbar_h), theme.PANEL, None, radius=0)
        pygame.draw.line(surf, theme.PANEL_EDGE, (0, ch.toolbar_h - 1), (w, ch.toolbar_h - 1))
        items = toolbar_items(ed)
        self._items(surf, ed, items)
        name = ed.model.path.name if ed.model.path else _("unsaved map")
        title = f"{ed.model.doc.name}  -  {name}{'  *' if ed.model.dirty else ''}"
        last = items[-1].rect
        if last.right + 2 * ch.pad + measure(ed, title, ch.font, True) < w - 2 * ch.pad:
            self._text(surf, title, ch.font, theme.TEXT, (w - 2 * ch.pad, last.centery),
                       "midright", bold=True)

    def _panel(self, surf: pygame.Surface, ed: Editor) -> None:
        (w, h), ch = ed.size, ed.chrome
        rect = pygame.Rect(w - ch.panel_w, ch.toolbar_h, ch.panel_w,
                           h - ch.toolbar_h - ch.help_h)
        widgets.panel(surf, rect, theme.PANEL, None, radius=0)
        pygame.draw.line(surf, theme.PANEL_EDGE, rect.topleft, rect.bottomleft)
        self._items(surf, ed, panel_items(ed))

    def _help(self, surf: pygame.Surface, ed: Editor) -> None:
        (w, h), ch = ed.size, ed.chrome
        rect = pygame.Rect(0, h - ch.help_h, w, ch.help_h)
        widgets.panel(surf, rect, theme.PANEL_LIGHT, None, radius=0)
        # TRANSLATORS: the zoom of the board, "69%"
        zoom = _("{percent}%").format(percent=number(ed.camera.scale * 100))
        self._text(surf, zoom, ch.font, theme.TEXT_DIM, (w - 2 * ch.pad, rect.centery),
                   "midright")
        text = help_line(ed.mode)
        recent = time.monotonic() - ed.status_time < 4 and ed.status
        if recent:
            text = ed.status
        width = w - 4 * ch.pad - measure(ed, ZOOM_WIDEST, ch.font)
        lines = wrap(text, width, lambda t: measure(ed, t, ch.font))
        top = rect.y + (ch.help_h - len(lines) * ch.line) // 2
        for i, line in enumerate(lines[:max(1, (ch.help_h - ch.pad) // ch.line)]):
            self._text(surf, line, ch.font, theme.ACCENT if recent else theme.TEXT,
                       (2 * ch.pad, top + i * ch.line + ch.line // 2), "midleft")

    def draw_dialog(self, surf: pygame.Surface, ed: Editor) -> None:
        """The open dialog over a shade."""
        shade = pygame.Surface(ed.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surf.blit(shade, (0, 0))
        box, items, choices = dialog_items(ed)
        widgets.panel(surf, box, theme.PANEL, theme.ACCENT, radius=10)
        self._items(surf, ed, items)
        for rect, choice in choices:
            self._button(surf, Item(rect, choice.label, choice.action, size=ed.chrome.font),
                         False)


def _dashed(surf: pygame.Surface, pts: list[tuple[float, float]], color: tuple[int, int, int],
            width: int, dash: float, closed: bool = True) -> None:
    """A dashed outline or line."""
    dash = max(dash, 3.0)
    n = len(pts)
    for i in range(n if closed else n - 1):
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % n]
        steps = max(1, int(math.hypot(x1 - x0, y1 - y0) / dash))
        for k in range(0, steps, 2):
            t0, t1 = k / steps, min(1.0, (k + 1) / steps)
            pygame.draw.line(surf, color, (x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0),
                             (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1), width)
