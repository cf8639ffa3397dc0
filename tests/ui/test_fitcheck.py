"""The layout checker catches broken layouts: each kind of problem drawn on purpose, and a
real scene (the menu) laid out wrong."""

from __future__ import annotations

import pygame
import pytest
from fitcheck import KNOWN, Walk, problems
from textrects import recording

from ttr.ui.app import App
from ttr.ui.assets import Assets
from ttr.ui.widgets import blit_text, panel


def _kinds(app: App, draw: object) -> set[str]:
    surf = pygame.Surface((1280, 720))
    panels: list = []
    with recording(panels) as got:
        draw(surf, app.ctx.assets)  # type: ignore[operator]
    return {k for k, _ in problems(got, panels, (1280, 720), 14)}


def test_each_kind_of_problem_is_caught(app: App) -> None:
    def fine(s: pygame.Surface, a: Assets) -> None:
        panel(s, pygame.Rect(100, 100, 400, 100))
        blit_text(s, a, "Inside its panel", 14, (255, 255, 255), (110, 110))
        blit_text(s, a, "Thinking\u2026", 14, (255, 255, 255), (110, 140))

    assert _kinds(app, fine) == set()
    cases = {
        "outside its panel": lambda s, a: (panel(s, pygame.Rect(100, 100, 100, 40)),
                                           blit_text(s, a, "Runs past the edge of its panel",
                                                     14, (255, 255, 255), (110, 110))),
        "outside the window": lambda s, a: blit_text(s, a, "Off the edge", 14, (0, 0, 0),
                                                     (1250, 10)),
        "overlap": lambda s, a: (blit_text(s, a, "One text", 14, (0, 0, 0), (10, 10)),
                                 blit_text(s, a, "Another text", 14, (0, 0, 0), (14, 12))),
        "shrunk": lambda s, a: blit_text(s, a, "A long line squeezed into a box", 14,
                                         (0, 0, 0), (10, 10), max_width=150),
        "clipped": lambda s, a: blit_text(s, a, "A long line squeezed into a box", 14,
                                          (0, 0, 0), (10, 10), max_width=20),
        "small": lambda s, a: blit_text(s, a, "Tiny", 9, (0, 0, 0), (10, 10)),
        "ellipsis": lambda s, a: blit_text(s, a, "Cut in the mid\u2026", 14, (0, 0, 0),
                                           (10, 10)),
    }
    for kind, draw in cases.items():
        assert kind in _kinds(app, draw), kind


def test_a_menu_laid_out_wrong_is_caught(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from ttr.ui import widgets
    from ttr.ui.scenes import learn  # noqa: F401  (imported before the patch: it binds column)
    from ttr.ui.scenes.menu import MenuScene

    assert not [k for k in KNOWN if k[0] == "menu" and k[1] in ("overlap", "outside the window")]
    real = widgets.column

    def broken(buttons: list, x: int, y: int, w: int, h: int, gap: int) -> None:
        real(buttons, x, y, w, h, -h)  # every button on top of the one before

    monkeypatch.setattr(widgets, "column", broken)
    app.stack.clear_to(MenuScene(app.ctx))
    app.stack.apply_pending()
    walk = Walk(app, sizes=((1280, 720),), text_sizes=(100,))
    walk.check("menu")
    assert {k for k, _ in walk.found["menu"]} >= {"overlap"}
    with pytest.raises(AssertionError, match="overlap"):
        walk.finish()
