"""The setup screen's words: no "Rules" twice, an AI line about the row being edited (or
every computer seat at once), and wrapped lines that never orphan a number."""

from __future__ import annotations

import re
from typing import Any

import pygame
import pytest
from uihelp import click, frames

from ttr.ai.base import agent_info
from ttr.ui.app import App
from ttr.ui.scenes import setup as setup_screen
from ttr.ui.scenes.setup import SetupScene


def open_setup(app: App) -> SetupScene:
    app.stack.push(SetupScene(app.ctx))
    frames(app, 2)
    s = app.stack.top
    assert isinstance(s, SetupScene)
    return s


def test_rule_set_picker_and_how_to_play_share_no_word(app: App) -> None:
    s = open_setup(app)
    picker, button = s.variant_picker.label, s.howto.label
    assert button == "How to play" and "Rules" not in picker
    assert not set(picker.lower().split()) & set(button.lower().split())


def test_the_ai_line_describes_the_row_being_edited(app: App) -> None:
    s = open_setup(app)
    medium = agent_info("medium")
    assert s.level_hint() == f"Ada and Boris play Medium: {medium.description}"
    ada = s.rows[1].kind_picker
    click((ada.rect.right - 5, ada.rect.centery))  # Ada: one level up
    frames(app)
    level = agent_info(s.kinds[ada.index])
    assert level.name != "medium"
    assert s.level_hint() == f"Ada plays {level.label}: {level.description}"
    boris = s.rows[2].kind_picker
    assert s.level_hint(boris.rect.center) == f"Boris plays Medium: {medium.description}"
    s.edited_level = None  # nothing edited: every computer seat at once
    assert s.level_hint() == (f"Ada plays {level.label}, Boris plays Medium. "
                              "Point at a level to read what it does.")
    for row in s.rows:
        row.kind_picker.index = 0
    assert "All seats are human" in s.level_hint()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_wrapped_lines_never_orphan_a_number(app: App, monkeypatch: Any,
                                             size: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    frames(app)
    wrapped: list[str] = []
    real = setup_screen.wrap_text

    def spy(surface: Any, assets: Any, text: str, *args: Any, **kw: Any) -> int:
        wrapped.append(text)
        return real(surface, assets, text, *args, **kw)

    monkeypatch.setattr(setup_screen, "wrap_text", spy)
    s = open_setup(app)
    for m in range(len(s.map_picker.options)):
        s.map_picker.index = m
        s._refresh_variants()
        for v in range(len(s.variant_picker.options)):
            s.variant_picker.index = v
            for level in range(1, len(s.kinds)):
                s.rows[2].kind_picker.index = level
                s.edited_level = 2
                s.dirty = True
                frames(app)
    assert len(wrapped) > 10
    for text in set(wrapped):
        for word in text.split(" "):  # a wrapped line may break only at plain spaces
            assert not re.fullmatch(r"\(?\d+[,;:.)]*", word), f"{word!r} alone in {text!r}"
