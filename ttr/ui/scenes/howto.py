"""How to play: the rules of one map and rule set (pickers to switch), the route scoring
table, the controls and the undo rule; two columns on wide windows, scrolls when long."""

from __future__ import annotations

import logging

import pygame

from ttr.engine import RulesConfig, TtrError
from ttr.ui import rules_text, theme
from ttr.ui.scene import AppContext, Scene
from ttr.ui.scenes.common import backdrop
from ttr.ui.widgets import Button, Picker, blit_text, panel

logger = logging.getLogger(__name__)


def _game_in_progress(ctx: AppContext) -> tuple[str, str, RulesConfig] | None:
    """Map id, variant and rules of the board under this scene, if any."""
    for s in reversed(ctx.stack.scenes):
        session, map_def = getattr(s, "session", None), getattr(s, "map_def", None)
        if session is not None and map_def is not None:
            cfg = session.config
            return map_def.id, cfg.variant, cfg
    return None


class HowToScene(Scene):
    """A page of rules; Esc, Enter or Back returns; Up/Down or the wheel scroll."""

    def __init__(self, ctx: AppContext, map_id: str | None = None, variant: str | None = None,
                 config: RulesConfig | None = None) -> None:
        super().__init__(ctx)
        if map_id is None:
            found = _game_in_progress(ctx)
            map_id, variant, config = found if found else ("usa", "base", None)
        self.back = Button("Back", primary=True)
        self.maps = self._maps()  # (id, name, {variant: RulesConfig})
        ids = [m[0] for m in self.maps]
        self.map_picker = Picker("Map", [m[1] for m in self.maps] or ["USA"],
                                 ids.index(map_id) if map_id in ids else 0)
        self.variant_picker = Picker("Rule set", ["base"])
        self._fill_variants(variant or "base")
        self.game_config = config  # the game in progress keeps its own options
        self.game_key = (map_id, variant)
        self.scroll = 0
        self._content: pygame.Surface | None = None
        self._content_key: tuple[object, ...] | None = None
        self.on_resize(ctx.size)

    @staticmethod
    def _maps() -> list[tuple[str, str, dict[str, RulesConfig]]]:
        try:
            from ttr.maps.mapfile import find_map, list_maps
            out = []
            for m in list_maps():
                if m.error is None:
                    out.append((m.id, m.name, dict(find_map(m.id).game_map.variants)))
            return out
        except (ImportError, TtrError, OSError) as e:
            logger.warning("cannot list maps: %s", e)
            return []

    def _fill_variants(self, want: str = "base") -> None:
        names = list(self.maps[self.map_picker.index][2]) if self.maps else ["base"]
        self.variant_picker.options = names or ["base"]
        self.variant_picker.index = names.index(want) if want in names else 0

    def chosen(self) -> tuple[str, str, str, RulesConfig]:
        """Map id, map name, variant and rules currently shown."""
        if not self.maps:
            return "usa", "USA", "base", self.game_config or RulesConfig()
        mid, name, variants = self.maps[self.map_picker.index]
        v = self.variant_picker.value
        cfg = variants.get(v, RulesConfig())
        if self.game_config is not None and (mid, v) == self.game_key:
            cfg = self.game_config
        return mid, name, v, cfg

    # ------------------------------------------------------------ layout

    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.back.rect = pygame.Rect(0, 0, max(180, w // 8), max(40, h // 16))
        self.back.rect.midbottom = (w // 2, h - 14)
        self.top = max(90, h // 6) + 6
        rh = max(32, h // 22)
        pw = min(380, (w - 100) // 2)
        self.map_picker.rect = pygame.Rect(w // 2 - pw - 8, self.top, pw, rh)
        self.variant_picker.rect = pygame.Rect(w // 2 + 8, self.top, pw, rh)
        y = self.top + rh + 14
        cw = min(w - 60, 1500)
        self.area = pygame.Rect((w - cw) // 2, y, cw, self.back.rect.top - 10 - y)
        self._content = None
        self.dirty = True

    def _build(self) -> pygame.Surface:
        """The text in as few columns as fit the area (1 to 3), on a transparent surface."""
        mid, name, variant, cfg = self.chosen()
        size = max(13, min(20, self.ctx.size[1] // 50))
        gap = 30
        best: pygame.Surface | None = None
        for cols in (1, 2, 3):
            col_w = (self.area.w - gap * (cols - 1)) // cols
            if cols > 1 and col_w < 340:
                break
            blocks = [self._table_block(cfg, col_w, size)]
            blocks += [self._text_block(t, b, col_w, size)
                       for t, b in rules_text.sections(mid, name, variant, cfg)]
            target = sum(b.get_height() for b in blocks) / cols
            heights = [0] * cols
            placed: list[tuple[int, int, pygame.Surface]] = []
            c = 0
            for b in blocks:
                if c < cols - 1 and heights[c] and heights[c] + b.get_height() / 2 > target:
                    c += 1
                placed.append((c, heights[c], b))
                heights[c] += b.get_height()
            best = pygame.Surface((self.area.w, max(heights) + 4), pygame.SRCALPHA)
            for c, y, b in placed:
                best.blit(b, (c * (col_w + gap), y))
            if best.get_height() <= self.area.h:
                break
        assert best is not None
        return best

    def _text_block(self, title: str, body: str, w: int, size: int) -> pygame.Surface:
        a = self.ctx.assets
        img = a.font(size).render(body, True, theme.TEXT, None, w)
        s = pygame.Surface((w, size + 8 + img.get_height() + size * 3 // 4), pygame.SRCALPHA)
        blit_text(s, a, title, size + 2, theme.ACCENT, (0, 0), bold=True)
        s.blit(img, (0, size + 8))
        return s

    def _table_block(self, cfg: RulesConfig, w: int, size: int) -> pygame.Surface:
        """Route length -> points, as a small two-row table."""
        a = self.ctx.assets
        table = rules_text.scoring_table(cfg)
        row_h = size + 10
        s = pygame.Surface((w, size + 8 + row_h * 2 + size), pygame.SRCALPHA)
        blit_text(s, a, "Route scoring (points when you claim it)", size + 2, theme.ACCENT,
                  (0, 0), bold=True)
        head = max(size * 5, int(w * 0.16))
        cell = min(size * 4, (w - head) // max(1, len(table)))
        y = size + 8
        for r, (label, idx) in enumerate((("Length", 0), ("Points", 1))):
            ry = y + r * row_h
            panel(s, pygame.Rect(0, ry, head + cell * len(table), row_h - 2),
                  theme.PANEL_LIGHT if r == 0 else theme.PANEL, theme.PANEL_EDGE, 4)
            blit_text(s, a, label, size, theme.TEXT_DIM, (8, ry + row_h // 2 - 1), "midleft")
            for i, pair in enumerate(table):
                blit_text(s, a, str(pair[idx]), size, theme.TEXT if r == 0 else theme.HILITE,
                          (head + i * cell + cell // 2, ry + row_h // 2 - 1), "center",
                          bold=r == 1)
        return s

    # ------------------------------------------------------------ input

    def _max_scroll(self) -> int:
        return max(0, (self._content.get_height() if self._content else 0) - self.area.h)

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        step = max(30, self.area.h // 8)
        if e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_BACKSPACE):
                self.ctx.stack.pop(self)
            elif e.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll += step if e.key == pygame.K_DOWN else self.area.h - step
            elif e.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll -= step if e.key == pygame.K_UP else self.area.h - step
            elif e.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.variant_picker.step(1 if e.key == pygame.K_RIGHT else -1)
                self.scroll = 0
            self.scroll = max(0, min(self.scroll, self._max_scroll()))
            return True
        if e.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.scroll - e.y * step, self._max_scroll()))
            return True
        if self.back.clicked(e):
            self.ctx.stack.pop(self)
            return True
        if self.map_picker.handle(e):
            self._fill_variants()
            self.scroll = 0
            return True
        if self.variant_picker.handle(e):
            self.scroll = 0
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        backdrop(surface, a, "How to play")
        key = (self.ctx.size, self.map_picker.index, self.variant_picker.index)
        if self._content is None or key != self._content_key:
            self._content, self._content_key = self._build(), key
            self.scroll = min(self.scroll, self._max_scroll())
        self.map_picker.draw(surface, a)
        self.variant_picker.draw(surface, a)
        area = self.area
        surface.blit(self._content, area.topleft, pygame.Rect(0, self.scroll, area.w, area.h))
        if self._max_scroll():
            bar = pygame.Rect(area.right + 12, area.y, 5, area.h)
            pygame.draw.rect(surface, theme.PANEL, bar, border_radius=3)
            frac = area.h / self._content.get_height()
            th = max(20, int(bar.h * frac))
            ty = bar.y + int((bar.h - th) * self.scroll / self._max_scroll())
            pygame.draw.rect(surface, theme.ACCENT, (bar.x, ty, bar.w, th), border_radius=3)
            blit_text(surface, a, "\u2193 scroll (wheel, \u2191\u2193)", 12, theme.TEXT_DIM,
                      (area.right, self.back.rect.centery), "midright")
        self.back.draw(surface, a)

