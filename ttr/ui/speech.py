"""Speech output: announcements spoken by the system's offline speech engine.

Optional: `pip install 'ttr[speech]'` brings pyttsx3, which drives SAPI5 on Windows,
NSSpeechSynthesizer on macOS and eSpeak NG on Linux (system package `espeak-ng`). The
engine runs on a thread of its own, so speaking never blocks the window. Anything
missing gives one clear message (`open_speaker`), never a crash; captions stay on.
"""

from __future__ import annotations

import logging
import queue
import threading
from typing import Protocol

logger = logging.getLogger(__name__)

INSTALL_HINT = ("Speech needs the optional extra: pip install 'ttr[speech]' "
                "(and on Linux the espeak-ng package)")


class Speaker(Protocol):
    """Where spoken announcements go."""

    def speak(self, text: str, interrupt: bool) -> None:
        """Say `text`; `interrupt` cuts what is being said and drops what waits."""

    def silence(self) -> None:
        """Stop talking now and drop what waits (Ctrl, as in screen readers)."""

    def stop(self) -> None:
        """Be quiet and let go of the engine."""


class ThreadSpeaker:
    """pyttsx3 on a worker thread: a queue of lines, spoken one after another."""

    def __init__(self) -> None:
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._ready = threading.Event()
        self.error = ""
        self._engine: object = None
        self._thread = threading.Thread(target=self._run, name="ttr-speech", daemon=True)
        self._thread.start()
        self._ready.wait(10)
        if not self._ready.is_set():
            self.error = "the speech engine did not start"

    def _run(self) -> None:
        try:
            import pyttsx3  # type: ignore[import-not-found, unused-ignore]

            engine = pyttsx3.init()
        except Exception as e:  # noqa: BLE001  (any failure of a third-party engine)
            self.error = f"no speech synthesizer ({type(e).__name__}: {e})"
            self._ready.set()
            return
        self._engine = engine
        self._ready.set()
        while True:
            line = self._lines.get()
            if line is None:
                break
            try:
                engine.say(line)
                engine.runAndWait()
            except Exception as e:  # noqa: BLE001
                logger.warning("speech failed: %s", e)
                break

    def speak(self, text: str, interrupt: bool) -> None:
        if interrupt:
            self.silence()
        self._lines.put(text)

    def silence(self) -> None:
        try:
            while True:
                self._lines.get_nowait()
        except queue.Empty:
            pass
        engine = self._engine
        if engine is not None:
            try:
                engine.stop()  # type: ignore[attr-defined]
            except Exception as e:  # noqa: BLE001
                logger.debug("cannot interrupt speech: %s", e)

    def stop(self) -> None:
        self._lines.put(None)


def open_speaker() -> tuple[Speaker | None, str]:
    """A speaker, or None and one sentence saying why speech is unavailable."""
    import importlib.util

    if importlib.util.find_spec("pyttsx3") is None:
        return None, INSTALL_HINT
    sp = ThreadSpeaker()
    if sp.error:
        logger.warning("speech unavailable: %s", sp.error)
        sp.stop()
        return None, (f"Speech is unavailable: {sp.error}. On Linux install espeak-ng; "
                      "captions stay on")
    return sp, ""
