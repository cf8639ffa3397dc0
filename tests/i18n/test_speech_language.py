"""Speech speaks the game's language: espeak-ng gets that language's voice (for real:
the sound is the German voice's), speech-dispatcher its language, `say` a voice of the
locale; a change holds from the next line."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
import types
from pathlib import Path

import pytest

from ttr.i18n import set_language
from ttr.ui import voices
from ttr.ui.voices import ChildVoice, SpeechDispatcherVoice, espeak_language, say_voice


def espeak() -> str:
    found = shutil.which("espeak-ng")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("espeak-ng is not installed: .ci/run must install it")
        pytest.skip("espeak-ng is not installed (apt-get install espeak-ng)")
    return found


def sound(engine: str, text: str, *args: str) -> bytes:
    run = subprocess.run([engine, "--stdout", *args], input=(text + "\n").encode(),
                         capture_output=True, check=True, timeout=30)
    return run.stdout


def say_with(voice: ChildVoice, text: str) -> None:
    voice.start(text, "event")
    deadline = time.monotonic() + 30
    while voice.busy():
        assert time.monotonic() < deadline, "espeak-ng did not finish"
        time.sleep(0.02)
    assert not voice.problem


def test_espeak_speaks_the_current_language(tmp_path: Path, english: None,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    engine = espeak()
    out = tmp_path / "heard.wav"
    monkeypatch.setenv("TTR_SPEECH_PLAYER", f"{sys.executable} -c \"import sys,shutil;"
                       f"shutil.copyfileobj(sys.stdin.buffer, open({str(out)!r}, 'wb'))\"")
    monkeypatch.setenv("TTR_SPEECH_VOICE", "builtin")
    makers, why = voices.voice_makers()
    assert not why and makers[-1][0].startswith("espeak")
    voice = makers[-1][1]()
    assert isinstance(voice, ChildVoice)
    set_language("de")
    say_with(voice, "Guten Tag")
    german = sound(engine, "Guten Tag", "-v", "de")
    assert out.read_bytes() == german != sound(engine, "Guten Tag")
    set_language("pt_BR")  # the next line follows the change
    voice.start("Bom dia", "event")
    assert voice.procs[0].args[-2:] == ["-v", "pt-br"]
    while voice.busy():
        time.sleep(0.02)
    assert out.read_bytes() == sound(engine, "Bom dia", "-v", "pt-br")
    voice.close()


def test_every_language_has_an_espeak_voice() -> None:
    engine = espeak()
    for code in voices.ESPEAK_VOICES:
        run = subprocess.run([engine, "--stdout", *espeak_language(code)], input=b"1\n",
                             capture_output=True, timeout=30, check=False)
        assert run.returncode == 0 and not run.stderr and run.stdout, code


class FakeClient:
    def __init__(self) -> None:
        self.calls: list[tuple[str, object]] = []

    def set_language(self, code: str) -> None:
        self.calls.append(("language", code))

    def set_priority(self, prio: object) -> None:
        self.calls.append(("priority", prio))

    def speak(self, text: str, **kw: object) -> None:
        self.calls.append(("speak", text))


def test_speech_dispatcher_gets_the_language(monkeypatch: pytest.MonkeyPatch,
                                             english: None) -> None:
    fake = types.SimpleNamespace(
        Priority=types.SimpleNamespace(TEXT="text", MESSAGE="message"),
        CallbackType=types.SimpleNamespace(END="end", CANCEL="cancel"),
        SSIPClient=lambda name: FakeClient())
    monkeypatch.setitem(sys.modules, "speechd", fake)
    voice = SpeechDispatcherVoice()
    client = voice.client
    set_language("fr")
    voice.start("Bonjour", "event")
    voice.start("Encore", "reply")
    set_language("pt_BR")
    voice.start("Olá", "event")
    assert [c for c in client.calls if c[0] != "priority"] == [
        ("language", "fr"), ("speak", "Bonjour"), ("speak", "Encore"),
        ("language", "pt-BR"), ("speak", "Olá")]


LISTING = """\
Alex                en_US    # Most people recognize me by my voice.
Anna                de_DE    # Hallo, ich heiße Anna und ich bin eine deutsche Stimme.
Joana               pt_PT    # Olá, chamo-me Joana e sou uma voz portuguesa.
Luciana             pt_BR    # Olá, o meu nome é Luciana e a minha voz é brasileira.
Ellen               nl_BE    # Hallo, mijn naam is Ellen.
Zosia               pl_PL    # Witaj, mam na imię Zosia.
"""


def test_say_picks_a_voice_of_the_locale() -> None:
    assert say_voice(LISTING, "de") == "Anna"
    assert say_voice(LISTING, "pt_BR") == "Luciana"
    assert say_voice(LISTING, "nl") == "Ellen"
    assert say_voice(LISTING, "pl") == "Zosia"
    assert say_voice(LISTING, "it") is None


def test_say_lists_its_voices_without_holding_a_line(monkeypatch: pytest.MonkeyPatch) -> None:
    listed = threading.Event()

    def slow_run(*args: object, **kw: object) -> subprocess.CompletedProcess[str]:
        listed.wait(5)  # a slow `say -v ?`
        return subprocess.CompletedProcess(["say"], 0, LISTING, "")

    monkeypatch.setattr(voices.subprocess, "run", slow_run)
    monkeypatch.setattr(voices, "_say_listing", [])
    began = time.monotonic()
    assert voices.say_language("de") == []  # the system's voice meanwhile
    assert time.monotonic() - began < 1
    listed.set()
    deadline = time.monotonic() + 5
    while voices.say_language("de") != ["-v", "Anna"]:
        assert time.monotonic() < deadline
        time.sleep(0.01)
