"""Speech output that never holds up the game: a queue with screen-reader priorities in
front of a voice that runs on a worker thread (`ttr.ui.voices` finds the voice).

The game's thread only puts lines on the queue and returns; it never calls a voice,
waits on a child process, a socket or a lock held across a voice call. One worker thread
owns the voice. A voice call that does not return within `STUCK` seconds gets that
worker retired (its child processes killed) and a fresh worker and voice started; the
stuck thread is abandoned, never joined.

Priorities, as screen readers and speech-dispatcher have them:

- "event" (a game change): queued, never cuts anything;
- "reply" (the answer to a key): cuts whatever is being said, drops queued events and
  replies (they stay in the captions and history); never dropped by what comes later
  except another key (a reply or `silence`);
- "alert" (your turn, the curtain, a message): cuts an event being said, drops queued
  events, waits behind a reply or an alert; dropped only by `silence`.

Any key cuts the sentence being said (`cut`); `silence` (Ctrl, or the screen changing
hands) cuts and drops everything.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ttr.i18n import _, ngettext, number

logger = logging.getLogger(__name__)

STUCK = 1.5
"""Seconds a voice call may take before its worker is replaced."""
MAX_RESTARTS = 3
"""Replacements before speech is given up (captions stay)."""
TICK = 0.01
"""How often a busy worker looks at the queue and at its voice."""


class Speaker(Protocol):
    """Where spoken announcements go (every method returns at once)."""

    problem: str
    """Why speech stopped ("" while it works)."""

    def speak(self, text: str, kind: str) -> None:
        """Say `text` with the priority of `kind` ("event", "reply" or "alert")."""

    def silence(self) -> None:
        """Cut what is being said and drop everything queued."""

    def cut(self) -> None:
        """A key was pressed: cut the sentence being said and drop queued game changes
        (alerts and answers still waiting are kept)."""

    def stop(self) -> None:
        """Be quiet and let go of the voice, its threads and processes."""


class Voice(Protocol):
    """A speech engine, driven only by one worker thread (`kill_now`: any thread)."""

    name: str
    problem: str
    """Set when the voice found it cannot be heard (e.g. the audio player failed)."""

    def start(self, text: str, kind: str) -> None:
        """Begin saying `text` and return."""

    def busy(self) -> bool:
        """Still saying the last text (False when the voice cannot tell)."""

    def cancel(self) -> None:
        """Stop saying it now."""

    def close(self) -> None:
        """Let go of the engine."""

    def kill_now(self) -> None:
        """Silence it from another thread without ever blocking (best effort)."""


VoiceMaker = tuple[str, Callable[[], Voice]]
"""A voice's name and how to make it; the worker makes the first that works."""


@dataclass(frozen=True, slots=True)
class Item:
    """A queued line."""

    text: str
    kind: str
    serial: int


class _Worker:
    """One thread that owns one voice; retired (never joined) when it stops answering."""

    def __init__(self, queue: SpeechQueue) -> None:
        self.queue = queue
        self.retired = False
        self.wake = threading.Event()
        self.call_since = 0.0
        """When the pending voice call began (0: none pending)."""
        self.voice: Voice | None = None
        self.making = ""
        """The voice being made (a maker that hangs is not tried again)."""
        self.thread = threading.Thread(target=self._run, name="ttr-speech", daemon=True)

    def start(self) -> _Worker:
        """Start the thread (once the queue holds this worker: it may `fail` at once)."""
        self.thread.start()
        return self

    def _call(self, f: Callable[..., object], *args: object) -> object:
        self.call_since = time.monotonic()
        try:
            return f(*args)
        finally:
            self.call_since = 0.0

    def _make_voice(self) -> Voice | None:
        errors = []
        for name, make in list(self.queue.makers):
            self.making = name
            self.call_since = time.monotonic()
            try:
                voice = make()
            except Exception as e:  # noqa: BLE001  (any failure of a third-party engine)
                logger.info("speech: %s unavailable (%s)", name, e)
                errors.append(f"{name}: {e}")
                continue
            finally:
                self.call_since = 0.0
            self.voice = voice
            self.queue.voice_name = name
            logger.info("speech through %s", name)
            return voice
        self.queue.fail(_("no voice could be started ({errors})").format(
            errors="; ".join(errors)))
        return None

    def _run(self) -> None:
        q = self.queue
        voice = self._make_voice()
        if voice is None:
            return
        now: Item | None = None
        last = seen = 0  # the serial of the last line started; the last cut seen
        try:
            while not self.retired:
                with q.lock:
                    cut = q.cut_serial
                if cut != seen:
                    seen = cut
                    if last and last <= cut:  # (also a line a reader may still be saying)
                        self._call(voice.cancel)
                        now = None
                if now is not None and not self._call(voice.busy):
                    now = None
                if now is None:
                    with q.lock:
                        if self.retired:
                            break
                        now = q.pending.popleft() if q.pending else None
                        q.now = now
                    if now is not None:
                        with q.lock:  # silenced since the pop (e.g. the seat before's)
                            if now.serial <= q.cut_serial:
                                if q.now is now:
                                    q.now = None
                                now = None
                    if now is not None:
                        last = now.serial
                        self._call(voice.start, now.text, now.kind)
                        with q.lock:  # silenced while it started: cut it at once
                            cut_now = now.serial <= q.cut_serial
                        if cut_now:
                            self._call(voice.cancel)
                if voice.problem:
                    q.fail(voice.problem)
                    break
                self.wake.wait(TICK if now is not None else 0.2)
                self.wake.clear()
        except Exception as e:  # noqa: BLE001
            q.fail(_("{voice} failed ({error})").format(voice=q.voice_name,
                                                        error=f"{type(e).__name__}: {e}"))
        finally:
            with q.lock:
                if q.worker is self:
                    q.now = None
            for f in (voice.cancel, voice.close):
                try:
                    f()
                except Exception as e:  # noqa: BLE001
                    logger.debug("speech: closing %s: %s", q.voice_name, e)


class SpeechQueue:
    """The game's `Speaker`: priorities and interruption in front of a worker's voice."""

    def __init__(self, makers: Sequence[VoiceMaker], stuck: float = STUCK) -> None:
        self.makers = list(makers)
        self.voice_name = self.makers[0][0] if self.makers else "nothing"
        self.stuck = stuck
        self.lock = threading.Lock()
        """Guards the fields below; never held across a voice call."""
        self.pending: deque[Item] = deque()
        self.now: Item | None = None
        self.cut_serial = 0
        self.serial = 0
        self.problem = ""
        self.restarts = 0
        self.retired: list[_Worker] = []
        self.worker: _Worker | None = _Worker(self)
        self.worker.start()

    # ------------------------------------------------------------ the game's side

    def speak(self, text: str, kind: str) -> None:
        self._check()
        with self.lock:
            self.serial += 1
            now = self.now
            if kind == "reply":
                self._drop(("event", "reply"))
                if now is not None:
                    self.cut_serial = now.serial
            elif kind == "alert":
                self._drop(("event",))
                if now is not None and now.kind == "event":
                    self.cut_serial = now.serial
            self.pending.append(Item(text, kind, self.serial))
        self._wake()

    def cut(self) -> None:
        self._check()
        with self.lock:
            self._drop(("event",))
            if self.now is not None:
                self.cut_serial = max(self.cut_serial, self.now.serial)
        self._wake()

    def silence(self) -> None:
        self._check()
        with self.lock:
            self.pending.clear()
            self.cut_serial = self.serial
        w = self.worker
        if w is not None and w.voice is not None:
            w.voice.kill_now()  # a child voice is silent before this returns
        self._wake()

    def stop(self) -> None:
        with self.lock:
            self.pending.clear()
            self.cut_serial = self.serial
            w, self.worker = self.worker, None
        if w is not None:
            self._retire(w)

    # ------------------------------------------------------------ internals

    def _drop(self, kinds: tuple[str, ...]) -> None:
        self.pending = deque(i for i in self.pending if i.kind not in kinds)

    def _wake(self) -> None:
        w = self.worker
        if w is not None:
            w.wake.set()

    def _retire(self, w: _Worker) -> None:
        w.retired = True
        w.wake.set()
        if w.voice is not None:
            w.voice.kill_now()
        self.retired = [r for r in self.retired if r.thread.is_alive()] + [w]

    def _check(self) -> None:
        """Replace a worker whose voice call has not returned for `stuck` seconds."""
        w = self.worker
        if w is None:
            return
        since = w.call_since
        if not since or time.monotonic() - since <= self.stuck:
            return
        logger.warning("speech: %s stopped answering; restarting it", self.voice_name)
        with self.lock:
            self.worker = None
            self.now = None
        self._retire(w)
        if w.voice is None:
            self.makers = [m for m in self.makers if m[0] != w.making]
        self.restarts += 1
        if self.restarts > MAX_RESTARTS:
            self.fail(ngettext("{voice} stopped answering {n} time",
                               "{voice} stopped answering {n} times", self.restarts).format(
                voice=self.voice_name, n=number(self.restarts)))
            return
        self.worker = w = _Worker(self)
        w.start()

    def fail(self, why: str) -> None:
        """Give up speaking (from any thread): the announcer reports `problem`."""
        if not self.problem:
            self.problem = why
            logger.warning("speech stopped: %s", why)
        with self.lock:
            self.pending.clear()
            w, self.worker = self.worker, None
        if w is not None:
            self._retire(w)

    def threads(self) -> list[threading.Thread]:
        """The live speech threads (tests check they all end)."""
        ws = [*self.retired, *([self.worker] if self.worker else [])]
        return [w.thread for w in ws if w.thread.is_alive()]
