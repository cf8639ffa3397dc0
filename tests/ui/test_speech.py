"""The speech queue with stand-in voices: priorities and cuts as screen readers have them,
a voice that hangs never holds up the caller or the frame, every thread ends."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from uihelp import frames, key, start

from ttr.ui.announce import Announcer, announcer_of
from ttr.ui.app import App
from ttr.ui.speech import SpeechQueue, Voice


class TimedVoice:
    """Says each line for `seconds`; logs (what, text, when)."""

    def __init__(self, log: list[tuple[str, str, float]], seconds: float = 0.6,
                 hang: threading.Event | None = None) -> None:
        self.name = "timed"
        self.problem = ""
        self.log = log
        self.seconds = seconds
        self.hang = hang
        self.until = 0.0
        self.text = ""

    def start(self, text: str, kind: str) -> None:
        if self.hang is not None:
            self.hang.wait()  # like pyttsx3's Cancel(): never returns
        self.text = text
        self.log.append(("start", text, time.monotonic()))
        self.until = time.monotonic() + self.seconds

    def busy(self) -> bool:
        if self.until and time.monotonic() >= self.until:
            self.log.append(("end", self.text, time.monotonic()))
            self.until = 0.0
        return bool(self.until)

    def cancel(self) -> None:
        if self.until:
            self.log.append(("cut", self.text, time.monotonic()))
        self.until = 0.0

    def close(self) -> None:
        self.log.append(("close", "", time.monotonic()))

    def kill_now(self) -> None:
        """Nothing to kill."""


def wait_for(cond: Callable[[], bool], limit: float = 3.0) -> None:
    end = time.monotonic() + limit
    while not cond():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.005)


@pytest.fixture
def log() -> Iterator[list[tuple[str, str, float]]]:
    yield []


def queue_of(makers: list[tuple[str, Callable[[], Voice]]], stuck: float = 1.5) -> SpeechQueue:
    return SpeechQueue(makers, stuck=stuck)


def said(log: list[tuple[str, str, float]], what: str = "start") -> list[str]:
    return [t for w, t, _ in log if w == what]


def test_a_key_reply_cuts_the_sentence_within_a_fifth_of_a_second(log: list) -> None:
    q = queue_of([("timed", lambda: TimedVoice(log, seconds=5))])
    try:
        q.speak("a long ticket list", "event")
        q.speak("an event queued behind it", "event")
        wait_for(lambda: said(log) == ["a long ticket list"])
        t = time.monotonic()
        q.speak("Hand, 5 cards", "reply")
        wait_for(lambda: "Hand, 5 cards" in said(log))
        cut = next(when for w, _, when in log if w == "cut")
        assert cut - t < 0.2
        assert said(log) == ["a long ticket list", "Hand, 5 cards"]  # the queued event dropped
    finally:
        q.stop()


def test_your_turn_cuts_an_event_but_waits_behind_an_answer(log: list) -> None:
    q = queue_of([("timed", lambda: TimedVoice(log, seconds=0.4))])
    try:
        q.speak("Ada drew a card", "event")
        wait_for(lambda: said(log) == ["Ada drew a card"])
        q.speak("Your turn", "alert")
        wait_for(lambda: said(log)[-1:] == ["Your turn"])
        assert said(log, "cut") == ["Ada drew a card"]
        q.speak("Tickets: 2", "reply")
        q.speak("Your turn again", "alert")  # never cuts the answer, never dropped
        q.speak("Ben claimed Omaha-Denver", "event")
        wait_for(lambda: said(log, "end")[-1:] == ["Ben claimed Omaha-Denver"])
        assert said(log)[-3:] == ["Tickets: 2", "Your turn again", "Ben claimed Omaha-Denver"]
        assert "Tickets: 2" in said(log, "end")
        # a key press drops a queued event but never a queued alert
        q.speak("Ada drew a card", "event")
        q.speak("Your turn", "alert")
        q.speak("Hand: 3 cards", "reply")
        wait_for(lambda: said(log, "end")[-1:] == ["Hand: 3 cards"])
        assert said(log)[-2:] == ["Your turn", "Hand: 3 cards"]
    finally:
        q.stop()


def test_silence_cuts_and_drops_everything(log: list) -> None:
    q = queue_of([("timed", lambda: TimedVoice(log, seconds=5))])
    try:
        for kind in ("event", "alert", "reply", "event"):
            q.speak(f"private {kind}", kind)
        wait_for(lambda: said(log) == ["private alert"])  # the reply waits behind it
        t = time.monotonic()
        q.silence()
        q.speak("Pass the screen to Ben", "alert")
        wait_for(lambda: said(log)[-1:] == ["Pass the screen to Ben"])
        assert log[-2][0] == "cut" and log[-2][2] - t < 0.2
        assert not any(x.startswith("private") for x in said(log)[1:])
    finally:
        q.stop()


def test_a_voice_that_hangs_never_holds_up_the_caller_and_is_replaced(log: list) -> None:
    hang = threading.Event()
    voices = [TimedVoice(log, 0.2, hang), TimedVoice(log, 0.2)]
    q = queue_of([("timed", lambda: voices.pop(0))], stuck=0.3)
    try:
        worst = 0.0
        for i in range(40):  # a second of a game calling it every frame
            t = time.perf_counter()
            q.speak(f"line {i}", "reply" if i % 3 else "event")
            if i % 7 == 0:
                q.silence()
            worst = max(worst, time.perf_counter() - t)
            time.sleep(0.025)
        assert worst < 0.25  # every call returned at once (the voice never returns)
        assert q.restarts == 1 and not q.problem
        wait_for(lambda: said(log)[-1:] == ["line 39"])  # the new voice speaks
        assert len(q.threads()) == 2  # the stuck thread, abandoned, and the new one
    finally:
        q.stop()
        hang.set()
    wait_for(lambda: not q.threads())  # every thread ends once the stuck call returns


def test_a_voice_that_keeps_hanging_is_given_up_with_a_reason(log: list) -> None:
    hang = threading.Event()
    q = queue_of([("timed", lambda: TimedVoice(log, 0.2, hang))], stuck=0.05)
    a = Announcer(q)
    try:
        for i in range(200):
            a.say(f"line {i}", None, "reply")
            if a.speaker is None:
                break
            time.sleep(0.02)
        assert a.speaker is None
        assert a.problem == "Speech stopped: timed stopped answering 4 times. Captions stay on"
        assert a.caption(1) == [a.problem]
    finally:
        hang.set()
    wait_for(lambda: not q.threads())


def test_the_frame_never_waits_on_a_hanging_voice(app: App, log: list) -> None:
    hang = threading.Event()
    q = queue_of([("timed", lambda: TimedVoice(log, 0.2, hang))], stuck=0.2)
    announcer_of(app.ctx.extras).speaker = q
    try:
        start(app, "human,human", seed=3)
        frames(app, 2)
        worst = 0.0
        for k in [pygame.K_RETURN, pygame.K_h, pygame.K_i, pygame.K_LCTRL, pygame.K_s] * 4:
            key(k)
            t = time.perf_counter()
            frames(app, 1)
            worst = max(worst, time.perf_counter() - t)
            time.sleep(0.05)
        assert worst < 1.0, worst  # a wait on the voice would never end
        assert q.restarts >= 1
    finally:
        hang.set()
        announcer_of(app.ctx.extras).close()
    wait_for(lambda: not q.threads())


def test_a_voice_that_cannot_start_falls_back_to_the_next(log: list) -> None:
    def broken() -> Voice:
        raise OSError("speech-dispatcher is not running")

    q = queue_of([("reader", broken), ("timed", lambda: TimedVoice(log, 0.1))])
    try:
        q.speak("hello", "event")
        wait_for(lambda: said(log) == ["hello"])
        assert q.voice_name == "timed" and not q.problem
    finally:
        q.stop()
    wait_for(lambda: not q.threads())
    assert log[-1][0] == "close"


def test_a_screen_reader_through_accessible_output2(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Windows path with a stand-in for accessible_output2 (no Windows here): lines go
    out as they come, answers interrupt, silence reaches the reader."""
    import importlib.util
    import sys
    import types

    got: list[tuple[str, bool]] = []

    class Reader:  # an output (NVDA, JAWS, SAPI 5): each has silence()
        def is_active(self) -> bool:
            return True

        def speak(self, text: str, interrupt: bool = False) -> bool:
            got.append((text, interrupt))
            return True

        def silence(self) -> None:
            got.append(("<silence>", True))

    class Auto:  # accessible_output2.outputs.auto.Auto's API: no silence()
        def __init__(self) -> None:
            self.outputs = [Reader()]

        def get_first_available_output(self) -> Reader | None:
            return next((o for o in self.outputs if o.is_active()), None)

        def speak(self, text: str, interrupt: bool = False) -> None:
            out = self.get_first_available_output()
            if out is not None:
                out.speak(text, interrupt=interrupt)

        output = speak

        def braille(self, text: str) -> None:
            """No display here."""

        def is_system_output(self) -> bool:
            return False

    auto = types.ModuleType("accessible_output2.outputs.auto")
    auto.Auto = Auto  # type: ignore[attr-defined]
    for name in ("accessible_output2", "accessible_output2.outputs"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.auto", auto)
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: object()
                        if name == "accessible_output2" else real(name, *a))
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.delenv("TTR_SPEECH_VOICE", raising=False)
    from ttr.ui.voices import open_speaker

    q, why = open_speaker()
    assert q is not None and not why and q.voice_name == "your screen reader"
    try:
        q.speak("Ada drew a card", "event")
        q.speak("Ben drew a card", "event")
        wait_for(lambda: len(got) == 2)  # the reader queues them itself
        q.speak("Hand, 4 cards", "reply")
        wait_for(lambda: ("Hand, 4 cards", True) in got)
        n = len(got)
        q.silence()
        wait_for(lambda: len(got) == n + 1)
        assert got[:2] == [("Ada drew a card", False), ("Ben drew a card", False)]
        assert got[-1] == ("<silence>", True) and got[-2] == ("Hand, 4 cards", True)
        del Reader.silence  # an output without silence() is cut by an empty line
        q.speak("Scores", "reply")
        wait_for(lambda: got[-1] == ("Scores", True))
        q.silence()
        wait_for(lambda: got[-1] == ("", True))
    finally:
        q.stop()
    wait_for(lambda: not q.threads())


def test_macos_say_is_one_child_per_line_killed_to_cut(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The macOS built-in voice with a stand-in `say` (no macOS here): it reads the line on
    its standard input and "speaks" for 5 s; a reply kills it at once."""
    import os
    import shutil
    import sys

    say = tmp_path / "say"
    say.write_text(f"#!{sys.executable}\nimport sys, time, os\n"
                   f"open(os.path.join({str(tmp_path)!r}, str(os.getpid())), 'w')"
                   ".write(sys.stdin.read())\ntime.sleep(5)\n")
    say.chmod(0o755)
    real = shutil.which
    monkeypatch.setattr(shutil, "which", lambda n, *a: str(say) if n == "say" else
                        None if n in ("espeak-ng", "espeak") else real(n, *a))
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setenv("TTR_SPEECH_VOICE", "builtin")
    from ttr.ui.voices import _LIVE, open_speaker

    q, why = open_speaker()
    assert q is not None and q.voice_name == "say"
    try:
        q.speak("Your turn", "alert")
        wait_for(lambda: len(list(tmp_path.glob("[0-9]*"))) == 1)
        first = next(tmp_path.glob("[0-9]*"))
        wait_for(lambda: first.read_text() == "Your turn\n")
        q.speak("Hand, 4 cards", "reply")
        wait_for(lambda: len(list(tmp_path.glob("[0-9]*"))) == 2)
        with pytest.raises(ProcessLookupError):  # the first one was killed
            os.kill(int(first.name), 0)
    finally:
        q.stop()
    wait_for(lambda: not q.threads() and not _LIVE)  # and so was the second


def test_any_key_cuts_the_sentence_but_keeps_what_must_be_said(log: list) -> None:
    q = queue_of([("timed", lambda: TimedVoice(log, seconds=5))])
    try:
        q.speak("Your turn", "alert")
        q.speak("Ada drew a card", "event")
        q.speak("Tickets: 2", "reply")  # waits behind the alert being said
        wait_for(lambda: said(log) == ["Your turn"])
        t = time.monotonic()
        q.cut()  # e.g. + (zoom): no answer of its own, but it cuts
        wait_for(lambda: said(log)[-1:] == ["Tickets: 2"])
        assert said(log, "cut") == ["Your turn"] and log[1][2] - t < 0.2
        assert "Ada drew a card" not in said(log)  # the queued event was dropped
    finally:
        q.stop()


def test_the_app_cuts_speech_on_any_key_but_a_screen_readers(app: App) -> None:
    class Cuts:
        problem = ""
        cuts = 0

        def speak(self, text: str, kind: str) -> None:
            """Nothing to say."""

        def silence(self) -> None:
            """Nothing to silence."""

        def cut(self) -> None:
            self.cuts += 1

        def stop(self) -> None:
            """Nothing to stop."""

    sp = Cuts()
    announcer_of(app.ctx.extras).speaker = sp
    for k in (pygame.K_INSERT, pygame.K_LSHIFT, pygame.K_KP_PLUS, pygame.K_DOWN):
        key(k)
    frames(app, 1)
    assert sp.cuts == 2
