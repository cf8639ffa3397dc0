"""The voices speech can go through, best first, and a plain sentence when there is none.

1. The player's own screen reader, through a library made for it (optional extra
   `ttr[speech]`): on Windows and macOS `accessible_output2` (NVDA, JAWS, System Access,
   Dolphin, ... and SAPI 5 on Windows; VoiceOver on macOS, used only while it runs); on
   Linux the `speechd` client of speech-dispatcher, Orca's own channel (Debian's
   `python3-speechd`, or `speechd-unofficial` from PyPI).
2. A built-in voice made of child processes, one per line, in their own process group
   so that a cut kills them all: `espeak-ng --stdout` into an audio player (`paplay`,
   `pw-play` or `aplay`; `TTR_SPEECH_PLAYER` names another, e.g. the tests' recorder) on
   Linux, `say` on macOS.

`TTR_SPEECH_VOICE=builtin` skips the screen readers.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib.util
import logging
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
from typing import IO, Any

from ttr.ui.speech import SpeechQueue, VoiceMaker

logger = logging.getLogger("ttr.ui.speech")

PLAYERS = (("paplay", ()), ("pw-play", ("-",)), ("aplay", ("-q", "-")))
"""Audio players that read espeak-ng's WAV stream from their standard input."""
_LIVE: set[int] = set()
"""Process groups of the built-in voice still running (killed at exit)."""


def _kill_group(pgid: int) -> None:
    with contextlib.suppress(OSError):
        os.killpg(pgid, signal.SIGKILL)


@atexit.register
def _kill_all() -> None:
    for pgid in list(_LIVE):
        _kill_group(pgid)


class ChildVoice:
    """One child process (or synthesizer | player pipeline) per line; a cut kills its
    process group. Never blocks for long: starting is a `Popen`, cutting a signal."""

    def __init__(self, name: str, synth: list[str], player: list[str] | None) -> None:
        self.name = name
        self.synth = synth
        self.player = player
        self.problem = ""
        self.procs: list[subprocess.Popen[bytes]] = []
        self.pgid = 0
        self.err: IO[bytes] | None = None
        self.cut = False

    def start(self, text: str, kind: str) -> None:
        self.cancel()
        self.err = tempfile.TemporaryFile()  # noqa: SIM115  (closed when the line ends)
        self.cut = False
        out = subprocess.PIPE if self.player else subprocess.DEVNULL
        a = subprocess.Popen(self.synth, stdin=subprocess.PIPE, stdout=out, stderr=self.err,
                             process_group=0)
        self.procs = [a]
        self.pgid = a.pid
        _LIVE.add(self.pgid)
        if self.cut:  # killed (`kill_now`, another thread) while it was starting
            self.cancel()
            return
        if self.player:
            assert a.stdout is not None
            try:
                b = subprocess.Popen(self.player, stdin=a.stdout, stdout=subprocess.DEVNULL,
                                     stderr=self.err, process_group=a.pid)
            except OSError as e:  # (or its group was killed a moment ago: a cut)
                if not self.cut:
                    self.problem = f"cannot start {self.player[0]}: {e}"
                self.cancel()
                return
            finally:
                a.stdout.close()
            self.procs.append(b)
            if self.cut:
                self.cancel()
                return
        assert a.stdin is not None
        try:  # a line is far smaller than a pipe's buffer: this never waits
            a.stdin.write(text.encode("utf-8", "replace") + b"\n")
            a.stdin.close()
        except OSError as e:
            logger.debug("speech: %s stopped early: %s", self.synth[0], e)

    def busy(self) -> bool:
        if any(p.poll() is None for p in self.procs):
            return True
        self._finish()
        return False

    def _finish(self) -> None:
        """The line ended: note a failure (what the child said), forget the children."""
        failed = [p for p in self.procs if p.returncode not in (0, None)]
        if failed and not self.cut and self.err is not None:
            self.err.seek(0)
            said = self.err.read(400).decode("utf-8", "replace").strip().splitlines()
            arg0 = failed[-1].args[0] if isinstance(failed[-1].args, list) else "speech"
            self.problem = (f"{os.path.basename(str(arg0))} failed (exit {failed[-1].returncode}"
                            + (f": {said[0]}" if said else "") + ")")
        _LIVE.discard(self.pgid)
        self.procs = []
        if self.err is not None:
            self.err.close()
            self.err = None

    def cancel(self) -> None:
        if self.procs:
            self.cut = True
            _kill_group(self.pgid)
            for p in self.procs:
                p.wait()  # killed: returns at once
            self._finish()

    def close(self) -> None:
        self.cancel()

    def kill_now(self) -> None:
        """Kill the line now (from any thread); a line still starting sees `cut` and
        kills itself once its children exist."""
        self.cut = True
        pgid = self.pgid
        if self.procs and pgid in _LIVE:
            _kill_group(pgid)


class SpeechDispatcherVoice:
    """speech-dispatcher (Orca's channel) through its `speechd` client: the player's own
    voice and rate; key replies at SSIP priority "text", the rest as "message"."""

    def __init__(self) -> None:
        import speechd  # type: ignore[import-not-found, unused-ignore]

        self.name = "speech-dispatcher"
        self.problem = ""
        self.speaking: object = None
        """A token for the line being said (None: silent)."""
        self.client: Any = speechd.SSIPClient("ttr")
        self.done = speechd.CallbackType.END, speechd.CallbackType.CANCEL

    def start(self, text: str, kind: str) -> None:
        import speechd

        token = object()  # the end of an older line must not end this one
        self.speaking = token

        def ended(event: object, **_: object) -> None:  # on the client's own thread
            if event in self.done and self.speaking is token:
                self.speaking = None

        prio = speechd.Priority.TEXT if kind == "reply" else speechd.Priority.MESSAGE
        self.client.set_priority(prio)
        self.client.speak(text, callback=ended, event_types=self.done)

    def busy(self) -> bool:
        return self.speaking is not None

    def cancel(self) -> None:
        self.client.cancel()
        self.speaking = None

    def close(self) -> None:
        self.client.close()

    def kill_now(self) -> None:
        """Nothing to kill: the daemon is the player's own; the new worker's first
        line cuts the old one at the daemon (newest "text" wins)."""


class ScreenReaderVoice:
    """accessible_output2's first active output: a running screen reader, else SAPI 5 on
    Windows. Screen readers cannot tell when they finish, so lines go out as they come
    and the reader queues them; cuts are its `silence`/`interrupt`."""

    def __init__(self, voiceover: bool) -> None:
        if voiceover:
            from accessible_output2.outputs.voiceover import (  # type: ignore[import-not-found, unused-ignore]
                VoiceOver,
            )

            self.out: Any = VoiceOver()
            if not self.out.is_active():
                raise RuntimeError("VoiceOver is not running")
        else:
            from accessible_output2.outputs.auto import (  # type: ignore[import-not-found, unused-ignore]
                Auto,
            )

            self.out = Auto()
        self.name = "your screen reader"
        self.problem = ""

    def start(self, text: str, kind: str) -> None:
        self.out.speak(text, interrupt=kind != "event")

    def busy(self) -> bool:
        return False

    def cancel(self) -> None:
        """Silence the reader: `Auto` has no `silence`, its first active output has
        (one without it is interrupted by an empty line)."""
        first = getattr(self.out, "get_first_available_output", None)
        out = first() if first is not None else self.out
        if out is None:
            return
        try:
            out.silence()
        except (AttributeError, NotImplementedError):
            with contextlib.suppress(AttributeError, NotImplementedError):
                out.speak("", interrupt=True)

    def close(self) -> None:
        """Nothing to let go."""

    def kill_now(self) -> None:
        """Nothing to kill."""


def find_player() -> tuple[list[str] | None, str]:
    """The audio player command for the built-in voice (or None), and what is wrong
    with TTR_SPEECH_PLAYER when it cannot be read (then the usual players are tried)."""
    forced = os.environ.get("TTR_SPEECH_PLAYER", "").strip()
    problem = ""
    if forced:
        try:
            return shlex.split(forced), ""
        except ValueError as e:
            problem = f"TTR_SPEECH_PLAYER is not a command ({e}): {forced}"
            logger.warning("%s; trying the usual audio players", problem)
    for name, args in PLAYERS:
        path = shutil.which(name)
        if path:
            return [path, *args], problem
    return None, problem


def voice_makers() -> tuple[list[VoiceMaker], str]:
    """The voices to try, best first, and when there is none, what to install."""
    makers: list[VoiceMaker] = []
    builtin_only = os.environ.get("TTR_SPEECH_VOICE", "") == "builtin"
    has = importlib.util.find_spec
    if not builtin_only and sys.platform == "linux" and has("speechd") is not None:
        makers.append(("speech-dispatcher", SpeechDispatcherVoice))
    elif not builtin_only and sys.platform in ("win32", "darwin") \
            and has("accessible_output2") is not None:
        mac = sys.platform == "darwin"
        makers.append(("your screen reader", lambda: ScreenReaderVoice(mac)))
    if sys.platform == "darwin" and shutil.which("say"):
        say = shutil.which("say") or "say"
        makers.append(("say", lambda: ChildVoice("say", [say], None)))
    synth = shutil.which("espeak-ng") or shutil.which("espeak")
    player, player_problem = find_player()
    if sys.platform != "win32" and synth and player:
        name = f"{os.path.basename(synth)} through {os.path.basename(player[0])}"
        makers.append((name, lambda: ChildVoice(name, [synth, "--stdout"], player)))
    if makers:
        return makers, ""
    why = missing_words(synth is not None, player is not None)
    return [], f"{player_problem}. {why}" if player_problem else why


def missing_words(synth: bool, player: bool) -> str:
    """What to install for speech on this system, in one plain sentence."""
    extra = "pip install 'ttr[speech]'"
    if sys.platform == "win32":
        return (f"Speech is off: no screen reader library. Install it with {extra}; "
                "it speaks through NVDA or JAWS, or Windows' own voice. Captions stay on")
    if sys.platform == "darwin":
        return (f"Speech is off: the say command is missing. For VoiceOver, {extra}. "
                "Captions stay on")
    need = []
    if not synth:
        need.append("espeak-ng (the voice)")
    if not player:
        need.append("an audio player: alsa-utils (aplay) or pulseaudio-utils (paplay)")
    return ("Speech is off: no audio path. Install " + " and ".join(need)
            + f", or {extra} to speak through speech-dispatcher (Orca). Captions stay on")


def open_speaker() -> tuple[SpeechQueue | None, str]:
    """A speaker, or None and one sentence saying why there is no speech."""
    makers, why = voice_makers()
    if not makers:
        logger.warning("%s", why)
        return None, why
    return SpeechQueue(makers), ""
