"""Settings: every option round-trips, is saved at once, broken files fall back."""

from __future__ import annotations

from pathlib import Path

import pygame
from uihelp import frames, key

from ttr.ui.app import App
from ttr.ui.prefs import Settings
from ttr.ui.scenes.settings import SettingsScene


def test_round_trip_and_hostile_values(tmp_path: Path) -> None:
    p = tmp_path / "s.yaml"
    s = Settings(animation_speed=0.0, colorblind=True, sound=False, volume=0.3,
                 confirm_claim="always", window_size=[1400, 900])
    s.save(p)
    assert Settings.load(p) == s
    p.write_text("volume: 1e308\nsound: 'yes'\nwindow_size: [1, 2, 3]\nconfirm_claim: maybe\n")
    assert Settings.load(p) == Settings()


def test_broken_file_falls_back_with_a_message(tmp_path: Path) -> None:
    p = tmp_path / "s.yaml"
    for text in (b"{{{ not yaml", b"\xff\xfe\x00", b"- a list\n"):
        p.write_bytes(text)
        s = Settings.load(p)
        assert s == Settings() and "defaults" in s.problem
    s.save(p)
    assert "problem" not in p.read_text() and Settings.load(p).problem == ""


def test_settings_scene_saves_immediately(app: App, tmp_path: Path) -> None:
    app.ctx.settings_file = tmp_path / "settings.yaml"
    app.stack.push(SettingsScene(app.ctx))
    frames(app, 2)
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    scene.focus = scene.items.index(scene.cb)
    key(pygame.K_RIGHT)
    frames(app)
    assert app.ctx.settings.colorblind and Settings.load(app.ctx.settings_file).colorblind
    scene.focus = scene.items.index(scene.confirm)
    key(pygame.K_RIGHT)
    frames(app)
    assert Settings.load(app.ctx.settings_file).confirm_claim == "always"
