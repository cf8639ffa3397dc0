"""Sound: synthesized effects, mute, and silence without an audio device."""

from __future__ import annotations

import pygame
from uihelp import frames, start

from ttr.engine import CardColor, CardTaken, GameOver, RouteClaimed
from ttr.ui.app import App
from ttr.ui.prefs import Settings
from ttr.ui.sound import NOTES, SoundBoard, pick, synthesize


def test_synthesis_is_bounded_and_short() -> None:
    for name, notes in NOTES.items():
        s = synthesize(notes, 22050, 2)
        assert 0 < len(s) / 2 / 22050 < 1.2, name
        assert max(abs(x) for x in s) <= 32767


def test_pick_prefers_the_important_event() -> None:
    assert pick((CardTaken(0, "deck", None, CardColor.RED),)) == "card"
    assert pick((CardTaken(0, "deck", None, None), RouteClaimed(0, "r", None, 1))) == "train"  # type: ignore[arg-type]
    assert pick((GameOver(None),)) == "end"  # type: ignore[arg-type]
    assert pick(()) is None


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
    hook = app.ctx.extras["session_hook"]
    assert "card" in hook.__self__.played or "tickets" in hook.__self__.played
