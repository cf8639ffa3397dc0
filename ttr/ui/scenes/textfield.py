"""A one-line text field: click to focus, type, Backspace, Tab to the next field."""

from __future__ import annotations

import pygame

from ttr.i18n import _
from ttr.ui import theme
from ttr.ui.assets import Assets
from ttr.ui.focus import focus_ring
from ttr.ui.widgets import blit_text, panel


class TextField:
    """Editable text with a label above it; `allowed` filters typed characters."""

    def __init__(self, label: str, text: str = "", limit: int = 40, hint: str = "",
                 allowed: str | None = None) -> None:
        self.label = label
        self.text = text
        self.limit = limit
        self.hint = hint
        self.allowed = allowed
        self.focused = False
        self.rect = pygame.Rect(0, 0, 1, 1)

    def handle(self, e: pygame.event.Event) -> bool:
        """Typing when focused, focus on click; True if the event was used."""
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            was = self.focused
            self.focused = self.rect.collidepoint(e.pos)
            if self.focused and not was:
                pygame.key.start_text_input()
            return self.focused
        if not self.focused:
            return False
        if e.type == pygame.TEXTINPUT:
            add = e.text if self.allowed is None else "".join(
                c for c in e.text if c in self.allowed)
            self.text = (self.text + add)[: self.limit]
            return True
        if e.type == pygame.KEYDOWN and e.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
            return True
        return False

    def label_top(self) -> int:
        """Where the label above the box begins (about: its font's line height)."""
        return self.rect.y - 4 - int(self._label_size() * 1.4)

    def _label_size(self) -> int:
        return max(12, max(12, int(self.rect.h * 0.42)) - 2)

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        """The label, the box and the text (with a caret when focused)."""
        r = self.rect
        size = max(12, int(r.h * 0.42))
        blit_text(surface, assets, _(self.label), self._label_size(), theme.TEXT_DIM,
                  (r.x + 2, r.y - 4), "bottomleft")
        panel(surface, r, theme.mix(theme.PANEL_LIGHT, (255, 255, 255), 0.08),
              theme.HILITE if self.focused else theme.PANEL_EDGE, r.h // 4)
        if self.focused:
            focus_ring(surface, r)
        if self.text or self.focused:
            blit_text(surface, assets, self.text + ("|" if self.focused else ""), size,
                      theme.TEXT, (r.x + 12, r.centery), "midleft", max_width=r.w - 20)
        elif self.hint:
            blit_text(surface, assets, _(self.hint), size, theme.TEXT_DIM, (r.x + 12, r.centery),
                      "midleft", max_width=r.w - 20)


def focus_next(fields: list[TextField]) -> None:
    """Tab: move the focus to the next field."""
    i = next((k for k, f in enumerate(fields) if f.focused), -1)
    for f in fields:
        f.focused = False
    fields[(i + 1) % len(fields)].focused = True
    pygame.key.start_text_input()
