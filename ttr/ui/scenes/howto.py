"""How to play: the rules of one map and rule set (pickers to switch) as short pages, most
with a picture drawn by the map's own painters, then the controls and the key table.

Left/Right (or PageUp/PageDown, the wheel, the Previous and Next buttons) turn the
pages, Home/End go to the first and last; Tab moves the focus to the map and rule set
pickers (Left/Right then change them). Each page is announced (and spoken when Speech
is on). Pages that do not fit the window go on over more sheets, never clipped."""

from __future__ import annotations

import logging

import pygame

from ttr.engine import RulesConfig, TtrError
from ttr.i18n import N_, _, generation, number
from ttr.ui.announce import say_here
from ttr.ui.rules_pages import pages
from ttr.ui.scene import AppContext, Scene
from ttr.ui.scenes.common import backdrop
from ttr.ui.scenes.howto_page import Sheet, draw_sheet, sheets
from ttr.ui.viewport import ui_font
from ttr.ui.widgets import Button, Picker

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
    """Pages of rules; Esc or Back returns (see the module docstring for the keys)."""

    def __init__(self, ctx: AppContext, map_id: str | None = None, variant: str | None = None,
                 config: RulesConfig | None = None) -> None:
        super().__init__(ctx)
        if map_id is None:
            found = _game_in_progress(ctx)
            map_id, variant, config = found if found else ("usa", "base", None)
        self.back = Button(N_("Back"), primary=True)
        self.maps = self._maps()  # (id, name, {variant: RulesConfig})
        ids = [m[0] for m in self.maps]
        self.map_picker = Picker(N_("Map"), [m[1] for m in self.maps] or ["USA"],
                                 ids.index(map_id) if map_id in ids else 0)
        self.variant_picker = Picker(N_("Rule set"), ["base"])
        self._fill_variants(variant or "base")
        self.game_config = config  # the game in progress keeps its own options
        self.game_key = (map_id, variant)
        self.prev, self.next = Button(N_("\u25c0 Previous")), Button(N_("Next \u25b6"))
        self.index = 0
        """The sheet shown."""
        self.focus = 0
        """0: the pages, 1: the map picker, 2: the rule set picker (Tab moves it)."""
        self._sheets: list[Sheet] = []
        self._sheets_key: tuple[object, ...] | None = None
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
        f = ui_font(size, self.ctx.settings)
        bh = max(40, h // 16, round(f * 2.2))
        bw = max(180, w // 8, f * 10)
        self.back.rect = pygame.Rect(0, 0, bw, bh)
        self.back.rect.midbottom = (w // 2, h - 14)
        self.prev.rect = pygame.Rect(0, 0, bw, bh)
        self.next.rect = pygame.Rect(0, 0, bw, bh)
        self.prev.rect.midright = (self.back.rect.x - f, self.back.rect.centery)
        self.next.rect.midleft = (self.back.rect.right + f, self.back.rect.centery)
        self.top = max(90, h // 6) + 6
        rh = max(32, h // 22, round(f * 2))
        a = self.ctx.assets
        self.map_picker.font = self.variant_picker.font = f
        pw = min(max(380, f * 18, self.map_picker.width(a, f), self.variant_picker.width(a, f)),
                 (w - 3 * f) // 2)
        self.map_picker.rect = pygame.Rect(w // 2 - pw - f // 2, self.top, pw, rh)
        self.variant_picker.rect = pygame.Rect(w // 2 + f // 2, self.top, pw, rh)
        y = self.top + rh + max(10, f)
        cw = min(w - 2 * max(20, f), max(900, f * 64))
        self.area = pygame.Rect((w - cw) // 2, y, cw, self.back.rect.top - f - y)
        self._sheets_key = None
        self._mark_focus()
        self.dirty = True

    def sheets(self) -> list[Sheet]:
        """The sheets of the chosen map and rule set at this size (cached)."""
        f = ui_font(self.ctx.size, self.ctx.settings)
        key = (self.ctx.size, f, self.map_picker.index, self.variant_picker.index, generation())
        if key != self._sheets_key:
            mid, name, variant, cfg = self.chosen()
            self._sheets = sheets(pages(mid, name, variant, cfg), self.area, f, self.ctx.assets)
            self._sheets_key = key
            self.index = min(self.index, len(self._sheets) - 1)
        return self._sheets

    def _mark_focus(self) -> None:
        self.map_picker.focused = self.focus == 1
        self.variant_picker.focused = self.focus == 2
        first, last = self.index == 0, self.index >= len(self._sheets) - 1
        self.prev.enabled = not first
        self.next.enabled = not last

    # ------------------------------------------------------------ input

    def on_enter(self) -> None:
        self.say_page()

    def say_page(self) -> None:
        """Announce the page shown (spoken when Speech is on)."""
        shown = self.sheets()
        say_here(self.ctx.extras, _("How to play, page {page} of {pages}. {text}").format(
            page=number(self.index + 1), pages=number(len(shown)),
            text=shown[self.index].spoken()))

    def turn(self, to: int) -> None:
        """Show sheet `to` (clamped) and announce it."""
        n = len(self.sheets())
        to = max(0, min(to, n - 1))
        if to != self.index:
            self.index = to
            self.say_page()
        self._mark_focus()

    def _picked(self) -> None:
        self.index = 0
        self._sheets_key = None
        self.say_page()

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        if e.type == pygame.KEYDOWN:
            return self._key(e)
        if e.type == pygame.MOUSEWHEEL:
            self.turn(self.index - e.y)
            return True
        if self.back.clicked(e):
            self.ctx.stack.pop(self)
            return True
        if self.prev.clicked(e):
            self.turn(self.index - 1)
            return True
        if self.next.clicked(e):
            self.turn(self.index + 1)
            return True
        if self.map_picker.handle(e):
            self._fill_variants()
            self._picked()
            return True
        if self.variant_picker.handle(e):
            self._picked()
            return True
        return False

    def _key(self, e: pygame.event.Event) -> bool:
        from ttr.ui.focus import say_focus

        k = e.key
        if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.ctx.stack.pop(self)
        elif k == pygame.K_TAB:
            self.focus = (self.focus + (-1 if e.mod & pygame.KMOD_SHIFT else 1)) % 3
            label = (_("Pages: Left and Right turn them"),
                     _("Map: {map}").format(map=_(self.map_picker.value)),
                     _("Rule set: {rules}").format(rules=_(self.variant_picker.value))
                     )[self.focus]
            say_focus(self.ctx, label, self.focus, 3)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus:
            picker = self.map_picker if self.focus == 1 else self.variant_picker
            picker.step(1 if k == pygame.K_RIGHT else -1)
            if picker is self.map_picker:
                self._fill_variants()
            self._picked()
        elif k in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_DOWN, pygame.K_RETURN,
                   pygame.K_KP_ENTER, pygame.K_SPACE):
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and \
                    self.index >= len(self.sheets()) - 1:
                self.ctx.stack.pop(self)  # Enter on the last page: done reading
            self.turn(self.index + 1)
        elif k in (pygame.K_LEFT, pygame.K_PAGEUP, pygame.K_UP):
            self.turn(self.index - 1)
        elif k == pygame.K_HOME:
            self.turn(0)
        elif k == pygame.K_END:
            self.turn(len(self.sheets()) - 1)
        self._mark_focus()
        return True

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        backdrop(surface, a, _("How to play"))
        shown = self.sheets()
        self._mark_focus()
        self.map_picker.draw(surface, a)
        self.variant_picker.draw(surface, a)
        f = ui_font(self.ctx.size, self.ctx.settings)
        draw_sheet(surface, a, shown[self.index], self.area, f,
                   f"{number(self.index + 1)} / {number(len(shown))}")
        for b in (self.prev, self.back, self.next):
            b.draw(surface, a, f)
