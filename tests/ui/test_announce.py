"""Announcements and speech: wording from views, the caption/history per seat, and speech
that degrades to one clear message when the library or the synthesizer is missing."""

from __future__ import annotations

import sys
import types
from typing import Any

import pytest
from uihelp import frames, start

from ttr.ui.announce import (
    Announcer,
    announcer_of,
    hand_words,
    narrate,
    scores_words,
    set_speech,
    ticket_progress,
    tickets_words,
)
from ttr.ui.app import App
from ttr.ui.scenes.board import BoardScene
from ttr.ui.speech import INSTALL_HINT


class FakeSpeaker:
    """Records what would be spoken."""

    def __init__(self) -> None:
        self.said: list[tuple[str, bool]] = []
        self.stopped = False

    def speak(self, text: str, interrupt: bool) -> None:
        self.said.append((text, interrupt))

    def silence(self) -> None:
        self.said.append(("", True))

    def stop(self) -> None:
        self.stopped = True


def test_announcer_speaks_captions_and_forgets_on_a_new_screen_owner() -> None:
    sp = FakeSpeaker()
    a = Announcer(sp)
    a.say("Ana drew a red card from the deck", 0)
    a.say("Hand, 5 cards", 0, "reply")
    assert a.caption(2) == ["Ana drew a red card from the deck", "Hand, 5 cards"]
    assert sp.said == [("Ana drew a red card from the deck", False), ("Hand, 5 cards", True)]
    a.silence()
    assert sp.said[-1] == ("", True)
    a.say("Pass the screen to Ben", None, "alert")
    assert a.caption(5) == ["Pass the screen to Ben"]  # Ana's lines are gone


def test_a_broken_speaker_never_stops_the_game() -> None:
    class Broken(FakeSpeaker):
        def speak(self, text: str, interrupt: bool) -> None:
            raise RuntimeError("audio device vanished")

    a = Announcer(Broken())
    a.say("hello", None)
    a.say("again", None)
    assert a.speaker is None and a.caption(2) == ["hello", "again"]


def test_missing_speech_library_gives_one_clear_message(monkeypatch: Any) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "pyttsx3" else real(name, *a))
    a = Announcer()
    assert set_speech(a, True) == INSTALL_HINT
    assert "pip install 'ttr[speech]'" in INSTALL_HINT and "espeak-ng" in INSTALL_HINT
    assert a.speaker is None


def test_missing_synthesizer_gives_one_clear_message(monkeypatch: Any) -> None:
    fake = types.ModuleType("pyttsx3")

    def init() -> None:
        raise OSError("libespeak.so.1: cannot open shared object file")

    fake.init = init  # type: ignore[attr-defined]
    fake.__spec__ = types.SimpleNamespace(name="pyttsx3")  # type: ignore[assignment]
    monkeypatch.setitem(sys.modules, "pyttsx3", fake)
    a = Announcer()
    why = set_speech(a, True)
    assert "no speech synthesizer" in why and "espeak-ng" in why and "libespeak" in why
    assert a.speaker is None


def test_speech_setting_off_by_default_and_app_starts_without_it(app: App) -> None:
    assert app.ctx.settings.speech is False
    assert announcer_of(app.ctx.extras).speaker is None


def test_words_for_a_running_game(app: App) -> None:
    start(app, "human,greedy", seed=5)
    frames(app, 3)
    board = next(s for s in app.stack.scenes if isinstance(s, BoardScene))
    v = board.shown_view
    assert v.me is not None
    assert hand_words(v).startswith(f"Hand, {v.me.hand.total} cards: ")
    offer = v.me.offer
    assert offer
    line = ticket_progress(v, offer[0])
    assert ": not connected, " in line and "trains of routes still missing" in line
    assert tickets_words(v) == "You hold no tickets"
    s = scores_words(v, board.names)
    assert "You 0 points, 45 trains left" in s and "Nobody has a path yet" in s
    assert narrate((), v, board.names) == "Your turn: choose your tickets. You hold 4 cards, " \
        "0 tickets."
    ann = announcer_of(app.ctx.extras)
    assert any("Your turn: choose your tickets" in t for t in ann.caption(3))
    assert any(t.startswith("Choose tickets, keep at least") for t in ann.caption(3))


@pytest.mark.parametrize("key_name", ["h", "i", "s", "m", "w", "l"])
def test_query_keys_answer_in_words(app: App, key_name: str) -> None:
    import pygame
    from uihelp import key

    start(app, "human,greedy", seed=5)
    frames(app, 2)
    key(pygame.K_RETURN)  # keep the offered tickets
    frames(app, 5)
    ann = announcer_of(app.ctx.extras)
    before = len(ann.history)
    key(getattr(pygame, f"K_{key_name}"))
    frames(app, 1)
    assert len(ann.history) == before + 1
    text = ann.last(1)[0]
    assert text and len(text) < 600
