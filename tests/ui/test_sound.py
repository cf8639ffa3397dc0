"""Sound: synthesized effects, mute, and silence without an audio device."""

from __future__ import annotations

import pygame
from uihelp import frames, start

from ttr.ui.app import App
from ttr.ui.prefs import Settings
from ttr.ui.scenes.board import BoardScene
from ttr.ui.sound import NOTES, SoundBoard, synthesize


def test_synthesis_is_bounded_and_short() -> None:
    for name, notes in NOTES.items():
        s = synthesize(notes, 22050, 2)
        assert 0 < len(s) / 2 / 22050 < 1.2, name
        assert max(abs(x) for x in s) <= 32767


def test_mute_and_no_device(monkeypatch) -> None:  # noqa: ANN001
    s = Settings(sound=False)
    board = SoundBoard(s)
    board.play("card")
    assert board.played == []
    s.sound = True
    board.play("card")
    assert board.played == ["card"]

    def fail(*a, **k):  # noqa: ANN002, ANN003, ANN202
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", fail)
    silent = SoundBoard(s)
    assert not silent.available
    silent.play("end")  # no error


def test_a_game_makes_sounds(app: App) -> None:
    start(app, "random,random")
    frames(app, 30)
    played = app.ctx.extras["sound"].played
    assert "card" in played or "tickets" in played


def test_sounds_wait_for_the_animation(app: App) -> None:
    app.ctx.settings.animation_speed = 1.0
    start(app, "greedy,greedy")
    board = next(s for s in app.stack.scenes if isinstance(s, BoardScene))
    sb = app.ctx.extras["sound"]
    checked = heard = 0
    for _ in range(600):
        was_busy = board.queue.busy
        sb.played.clear()
        frames(app, 1)
        if board.queue.busy and not was_busy:  # a move arrived: its clips just started
            assert sb.played == []  # nothing heard before the card lands / cars drop
            while board.queue.busy:
                frames(app, 1)
            heard += bool(sb.played)  # ...and heard when it happens
            checked += 1
            if checked >= 3:
                break
    assert checked >= 3 and heard >= 1
