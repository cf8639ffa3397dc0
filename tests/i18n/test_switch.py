"""Choosing the language: Settings -> Language switches a running app at once (every
scene laid out again, nothing left in the old language), the choice is saved, the
saved choice comes back, `ttr --lang` holds for one run, bad codes get one line."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

import ttr.i18n as i18n
from tests.i18n.catalogs import Messages
from ttr.cli.main import language_arg, main
from ttr.ui import widgets
from ttr.ui.app import App
from ttr.ui.prefs import Settings
from ttr.ui.scenes.menu import MenuScene
from ttr.ui.scenes.settings import SettingsScene

GERMAN = {"Settings": "Einstellungen", "Language": "Sprache", "Back": "Zurück",
          "Sound": "Ton", "On": "An", "Off": "Aus", "{n}%": "{n} %"}


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text drawn through the widgets' helpers."""
    seen: list[str] = []
    monkeypatch.setattr(widgets, "TEXT_HOOKS", [lambda s, text, *rest: seen.append(text)])
    return seen


@pytest.fixture
def app(tmp_path: Path, tiny_catalogs: Callable[[str, Messages], None]) -> Iterator[App]:
    tiny_catalogs("de", GERMAN)
    a = App((1280, 720), settings_file=tmp_path / "settings.yaml")  # (a pace is not saved)
    yield a
    a.shut_down()


def press(app: App, k: int, times: int = 1) -> None:
    for _ in range(times):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="",
                                             scancode=0))
    app.frame(1 / 60)


def test_settings_switch_the_language_at_once(app: App, drawn: list[str],
                                              tmp_path: Path) -> None:
    app.stack.push(MenuScene(app.ctx))
    app.stack.push(SettingsScene(app.ctx))
    app.stack.apply_pending()
    menu = app.stack.scenes[0]
    laid_out: list[tuple[int, int]] = []
    menu.on_resize = laid_out.append  # type: ignore[method-assign]
    app.frame(1 / 60)
    assert "Settings" in drawn and "Language" in drawn and "Einstellungen" not in drawn
    scene = app.stack.top
    assert isinstance(scene, SettingsScene) and scene.items[scene.focus] is scene.lang
    drawn.clear()
    press(app, pygame.K_RIGHT)  # English -> Deutsch
    assert i18n.language() == "de"
    assert {"Einstellungen", "Sprache", "Zurück", "Ton", "100 %"} <= set(drawn)
    assert not {"Settings", "Language", "Back", "Sound", "100%"} & set(drawn), drawn
    assert laid_out == [app.ctx.size]  # the scene below was laid out again too
    assert Settings.load(tmp_path / "settings.yaml").language == "de"  # saved at once
    drawn.clear()
    press(app, pygame.K_LEFT)  # and back
    assert i18n.language() == "en" and "Settings" in drawn and "Einstellungen" not in drawn


def test_the_saved_language_comes_back(tmp_path: Path, english: None,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.yaml"
    Settings(language="nl").save(path)
    a = App((800, 600), pace=0.0, settings_file=path)
    assert i18n.language() == "nl"
    a.shut_down()
    Settings().save(path)  # no choice: the system's language
    monkeypatch.setenv("LANGUAGE", "it")
    a = App((800, 600), pace=0.0, settings_file=path)
    assert i18n.language() == "it"
    a.shut_down()


def test_lang_option(capsys: pytest.CaptureFixture[str], english: None) -> None:
    assert language_arg(["--seed", "3", "--lang", "pt-br"]) == ("pt_BR", ["--seed", "3"])
    assert language_arg(["serve", "--lang=pl", "--port", "0"]) == ("pl", ["serve", "--port", "0"])
    assert language_arg(["--seed", "3"]) == (None, ["--seed", "3"])
    assert main(["--lang", "xx", "--paths"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("ttr: error: unknown language 'xx'") and "de, fr" in err
    assert "\n" not in err
    try:
        assert main(["--lang", "fr", "--paths"]) == 0
        assert i18n.language() == "fr" and i18n.pinned() == "fr"
    finally:
        i18n.pin(None)


def test_pinned_language_wins_over_the_saved_one(tmp_path: Path, english: None) -> None:
    path = tmp_path / "settings.yaml"
    Settings(language="nl").save(path)
    i18n.pin("es")
    try:
        a = App((800, 600), pace=0.0, settings_file=path)
        assert i18n.language() == "es"
        a.shut_down()
    finally:
        i18n.pin(None)


def test_help_in_the_chosen_language(tiny_catalogs: Callable[[str, Messages], None],
                                     capsys: pytest.CaptureFixture[str]) -> None:
    tiny_catalogs("de", {"open the game window (the default)":
                         "das Spielfenster öffnen (der Normalfall)"})
    try:
        for argv in (["--lang", "de", "--help"], ["serve", "--lang=de", "--help"]):
            with pytest.raises(SystemExit) as done:
                main(argv)
            assert done.value.code == 0
        out = capsys.readouterr().out
        assert "das Spielfenster öffnen" in out and "--lang CODE" in out
        assert out.startswith("usage: ttr [play] [OPTIONS]")  # the main help first
    finally:
        i18n.pin(None)
