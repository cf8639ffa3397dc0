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

Every line is spoken in the game's current language (`ttr.i18n.language()`, read when
the line starts, so a change in Settings holds from the next line): espeak-ng gets that
language's voice (`-v de`), speech-dispatcher its language (`set_language`), `say` a
system voice of that locale; a screen reader speaks with the player's own voice.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib.util
import logging
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from typing import IO, Any

from ttr import i18n
from ttr.i18n import _
from ttr.ui.speech import SpeechQueue, VoiceMaker

logger = logging.getLogger("ttr.ui.speech")

PLAYERS = (("paplay", ()), ("pw-play", ("-",)), ("aplay", ("-q", "-")))
"""Audio players that read espeak-ng's WAV stream from their standard input."""
_LIVE: set[int] = set()
"""Process groups of the built-in voice still running (killed at exit)."""
ESPEAK_VOICES: dict[str, str] = {"en": "en", "de": "de", "fr": "fr", "es": "es", "it": "it",
                                 "nl": "nl", "pl": "pl", "pt_BR": "pt-br"}
"""espeak-ng's voice for each language of the game (`espeak-ng --voices`)."""
SPEECHD_LANGUAGES: dict[str, str] = {"pt_BR": "pt-BR"}
"""speech-dispatcher's language code where it is not the game's (RFC 1766 style)."""

LanguageArgs = Callable[[str], list[str]]
"""The arguments that make a synthesizer speak a language (the game's code)."""


def espeak_language(code: str) -> list[str]:
    """`-v VOICE` for espeak-ng (English for a language it has no voice for)."""
    return ["-v", ESPEAK_VOICES.get(code, "en")]


SAY_VOICE = re.compile(r"^(.+?)\s+([a-z]{2,3})[_-]([A-Za-z0-9]+)\s+#", re.MULTILINE)


def say_voice(listing: str, code: str) -> str | None:
    """The first voice of `say -v '?'`'s `listing` that speaks `code` (pt_BR: a
    Brazilian voice, else any Portuguese one), or None."""
    lang, _sep, region = code.partition("_")
    found = [(m.group(1).strip(), m.group(2), m.group(3).upper())
             for m in SAY_VOICE.finditer(listing)]
    for name, speaks, where in found:
        if speaks == lang and (not region or where == region):
            return name
    return next((name for name, speaks, _where in found if speaks == lang), None)


_say_listing: list[str] = []
_say_lock = threading.Lock()


def _list_say_voices() -> None:
    try:
        run = subprocess.run(["say", "-v", "?"], capture_output=True, text=True, timeout=10,
                             check=False)
        found = run.stdout
    except (OSError, subprocess.SubprocessError) as e:
        logger.info("speech: cannot list the voices of say: %s", e)
        found = ""
    with _say_lock:
        _say_listing[:] = [found]


def say_language(code: str) -> list[str]:
    """`-v NAME` for macOS's `say`: a system voice of the language, or no arguments (the
    system's voice) when it has none or while its voices are still being listed (once,
    on a thread of its own: a line never waits for it)."""
    with _say_lock:
        if not _say_listing:
            _say_listing.append("")  # (listing)
            threading.Thread(target=_list_say_voices, name="ttr-say-voices",
                             daemon=True).start()
        listing = _say_listing[0]
    name = say_voice(listing, code)
    return ["-v", name] if name else []


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

    def __init__(self, name: str, synth: list[str], player: list[str] | None,
                 language: LanguageArgs | None = None) -> None:
        self.name = name
        self.synth = synth
        self.player = player
        self.language = language
        """The arguments for the game's current language, added to `synth` per line."""
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
        command = self.synth + (self.language(i18n.language()) if self.language else [])
        a = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=out, stderr=self.err,
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
                    self.problem = _("cannot start {program}: {error}").format(
                        program=self.player[0], error=e)
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
            program, code = os.path.basename(str(arg0)), failed[-1].returncode
            self.problem = (_("{program} failed (exit {code}: {said})").format(
                program=program, code=code, said=said[0]) if said else
                _("{program} failed (exit {code})").format(program=program, code=code))
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
        self.language = ""
        """The language last set at the daemon."""
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

        code = i18n.language()
        if code != self.language:  # the daemon picks the voice of the language
            self.client.set_language(SPEECHD_LANGUAGES.get(code, code))
            self.language = code
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
                raise RuntimeError("VoiceOver is not running")  # i18n: no (logged)
        else:
            from accessible_output2.outputs.auto import (  # type: ignore[import-not-found, unused-ignore]
                Auto,
            )

            self.out = Auto()
        self.name = _("your screen reader")
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
            problem = _("TTR_SPEECH_PLAYER is not a command ({error}): {command}").format(
                error=e, command=forced)
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
        makers.append((_("your screen reader"), lambda: ScreenReaderVoice(mac)))
    if sys.platform == "darwin" and shutil.which("say"):
        say = shutil.which("say") or "say"
        makers.append(("say", lambda: ChildVoice("say", [say], None, say_language)))
    synth = shutil.which("espeak-ng") or shutil.which("espeak")
    player, player_problem = find_player()
    if sys.platform != "win32" and synth and player:
        # TRANSLATORS: the voice speech uses, e.g. "espeak-ng through paplay"
        name = _("{synthesizer} through {player}").format(
            synthesizer=os.path.basename(synth), player=os.path.basename(player[0]))
        makers.append((name, lambda: ChildVoice(name, [synth, "--stdout"], player,
                                                espeak_language)))
    if makers:
        return makers, ""
    why = missing_words(synth is not None, player is not None)
    return [], f"{player_problem}. {why}" if player_problem else why


def missing_words(synth: bool, player: bool) -> str:
    """What to install for speech on this system, in one plain sentence."""
    extra = "pip install 'ttr[speech]'"  # i18n: no (a command)
    if sys.platform == "win32":
        return _("Speech is off: no screen reader library. Install it with {command}; "
                 "it speaks through NVDA or JAWS, or Windows' own voice. Captions stay on"
                 ).format(command=extra)
    if sys.platform == "darwin":
        return _("Speech is off: the say command is missing. For VoiceOver, {command}. "
                 "Captions stay on").format(command=extra)
    if not synth and not player:
        text = _("Speech is off: no audio path. Install espeak-ng (the voice) and an audio "
                 "player: alsa-utils (aplay) or pulseaudio-utils (paplay), or {command} to "
                 "speak through speech-dispatcher (Orca). Captions stay on")
    elif not synth:
        text = _("Speech is off: no audio path. Install espeak-ng (the voice), or {command} "
                 "to speak through speech-dispatcher (Orca). Captions stay on")
    else:
        text = _("Speech is off: no audio path. Install an audio player: alsa-utils (aplay) "
                 "or pulseaudio-utils (paplay), or {command} to speak through "
                 "speech-dispatcher (Orca). Captions stay on")
    return text.format(command=extra)


def open_speaker() -> tuple[SpeechQueue | None, str]:
    """A speaker, or None and one sentence saying why there is no speech."""
    makers, why = voice_makers()
    if not makers:
        logger.warning("%s", why)
        return None, why
    return SpeechQueue(makers), ""
