"""The speech queue's races, made to happen on purpose (a voice that fails while the
queue is being built, a silence between the worker's pop and its start), and bad setup."""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from typing import Any

import pytest
from test_speech import TimedVoice, said, wait_for

from ttr.ui.speech import Item, SpeechQueue, Voice


def test_every_voice_failing_at_once_gives_up_cleanly(monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker may fail before the queue's constructor returns: it must find itself
    there (no AttributeError in the thread) and the queue ends up with no worker."""
    crashes: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda a: crashes.append(a.exc_value))

    def broken() -> Voice:
        raise OSError("no audio device")

    queues = [SpeechQueue([("broken", broken)]) for _ in range(20)]
    for q in queues:
        wait_for(lambda q=q: not q.threads())
        assert q.worker is None and "no audio device" in q.problem, q.problem
    assert not crashes, crashes


class HookLock:
    """A lock that runs `after` (once) just after it is released."""

    def __init__(self) -> None:
        self.real = threading.Lock()
        self.after: Callable[[], None] | None = None

    def __enter__(self) -> None:
        self.real.acquire()

    def __exit__(self, *exc: Any) -> None:
        self.real.release()
        f, self.after = self.after, None
        if f is not None:
            f()


class HookDeque(deque[Item]):
    """Pending lines whose pop arms the lock: the silence comes right after the pop."""

    def __init__(self, lock: HookLock, then: Callable[[], None]) -> None:
        super().__init__()
        self.lock, self.then = lock, then

    def popleft(self) -> Item:
        self.lock.after = self.then
        return super().popleft()


def test_a_line_silenced_between_pop_and_start_is_never_started() -> None:
    log: list[tuple[str, str, float]] = []
    voice = TimedVoice(log, seconds=5)
    q = SpeechQueue([("timed", lambda: voice)])
    try:
        wait_for(lambda: q.worker is not None and q.worker.voice is not None)
        lock = HookLock()
        q.lock = lock  # type: ignore[assignment]
        with lock:
            q.pending = HookDeque(lock, q.silence)
        q.speak("Your tickets: Chicago to New Orleans", "event")  # the seat before's
        wait_for(lambda: not q.pending and q.now is None)
        q.speak("Ben at the screen", "alert")
        wait_for(lambda: "Ben at the screen" in said(log))
        assert said(log) == ["Ben at the screen"], log
    finally:
        q.stop()
    wait_for(lambda: not q.threads())


def test_a_badly_quoted_player_is_named_not_a_traceback(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    import shutil
    import sys

    from ttr.ui import voices

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("TTR_SPEECH_VOICE", "builtin")
    monkeypatch.setenv("TTR_SPEECH_PLAYER", 'aplay "-q')
    found = {"espeak-ng": "/usr/bin/espeak-ng", "paplay": "/usr/bin/paplay"}
    monkeypatch.setattr(shutil, "which", found.get)
    makers, why = voices.voice_makers()  # falls back to a player found on the PATH
    assert [m[0] for m in makers] == ["espeak-ng through paplay"] and not why
    assert "TTR_SPEECH_PLAYER is not a command (No closing quotation)" in caplog.text
    del found["paplay"]
    makers, why = voices.voice_makers()  # nothing to fall back to: says what is wrong
    assert not makers and why.startswith(
        "TTR_SPEECH_PLAYER is not a command (No closing quotation): aplay \"-q. Speech is off")


@pytest.mark.parametrize("during", [1, 2])
def test_a_child_voice_killed_while_starting_does_not_speak(
        monkeypatch: pytest.MonkeyPatch, during: int) -> None:
    """`silence` (the game's thread) may kill the line while the worker is still
    starting its synthesizer (1) or player (2): the line must not go on."""
    import subprocess
    import sys

    from ttr.ui import voices

    wait = [sys.executable, "-c", "import sys, time; sys.stdin.buffer.read(); time.sleep(30)"]
    voice = voices.ChildVoice("test", wait, wait)
    real = subprocess.Popen
    started: list[subprocess.Popen[bytes]] = []

    def popen(*args: Any, **kw: Any) -> subprocess.Popen[bytes]:
        p = real(*args, **kw)
        started.append(p)
        if len(started) == during:
            voice.kill_now()  # as if from the other thread, right now
        return p

    monkeypatch.setattr(voices.subprocess, "Popen", popen)
    try:
        voice.start("Your tickets: Chicago to New Orleans", "event")
        assert not voice.busy()
        for p in started:
            assert p.wait(timeout=5) is not None
    finally:
        voice.close()
        for p in started:
            if p.poll() is None:
                p.kill()
                p.wait()
