"""Speech through speech-dispatcher for real: a private daemon (its own socket, config and
protocol log) whose output module runs espeak-ng into the stand-in audio player
(`speech_recorder.py`), driven through the game's speech queue and the `speechd` client.
Checked: replies go out at SSIP priority "text" and game changes as "message", a reply
cuts the sentence within 0.2 s, silence cancels it, and the queue ends cleanly.

Needs the `speechd` client (the `test` extra brings `speechd-unofficial`) and the
speech-dispatcher daemon (`.ci/run` installs it); in CI their absence fails the test.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from speech_recorder import heard

from ttr.ui.speech import SpeechQueue
from ttr.ui.voices import SpeechDispatcherVoice

RECORDER = Path(__file__).with_name("speech_recorder.py")


def needs(what: str, found: bool) -> None:
    if not found:
        if os.environ.get("CI"):
            pytest.fail(f"{what} is missing, so speech-dispatcher cannot be tested for real")
        pytest.skip(f"{what} is missing")


@pytest.fixture
def daemon(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private speech-dispatcher; yields the folder the stand-in player records to."""
    import importlib.util

    binary = shutil.which("speech-dispatcher")
    needs("the speech-dispatcher daemon (apt-get install speech-dispatcher)", bool(binary))
    needs("the speechd client (pip install speechd-unofficial)",
          importlib.util.find_spec("speechd") is not None)
    espeak = shutil.which("espeak-ng")
    needs("espeak-ng", bool(espeak))
    assert binary is not None
    conf, rec = tmp_path / "conf", tmp_path / "rec"
    (conf / "modules").mkdir(parents=True)
    rec.mkdir()
    (conf / "speechd.conf").write_text(
        f'CustomLogFile "protocol" "{tmp_path}/protocol.log"\nLogLevel 3\n'
        'AddModule "rec" "sd_generic" "rec.conf"\nDefaultModule "rec"\n'
        'DefaultLanguage "en"\nAudioOutputMethod "alsa"\nAudioALSADevice "null"\n')
    (conf / "modules" / "rec.conf").write_text(
        f'GenericExecuteSynth "printf %s \\\'$DATA\\\' | {espeak} --stdin --stdout | '
        f'{sys.executable} {RECORDER} {rec}"\n'
        'GenericLanguage "en" "en" "utf-8"\nAddVoice "en" "MALE1" "en"\n')
    sock = tmp_path / "sock"
    proc = subprocess.Popen(
        [binary, "-s", "-t", "0", "-C", str(conf), "-S", str(sock), "-L", str(tmp_path),
         "-P", str(tmp_path / "pid")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        process_group=0)
    try:
        end = time.monotonic() + 20
        while not sock.exists():
            assert proc.poll() is None, "speech-dispatcher exited"
            assert time.monotonic() < end, "speech-dispatcher did not start"
            time.sleep(0.05)
        monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{sock}")
        yield rec
    finally:
        os.killpg(proc.pid, signal.SIGTERM)  # the daemon and its output module
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def until(cond: Callable[[], bool], limit: float = 15.0) -> None:
    end = time.monotonic() + limit
    while not cond():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)


def test_speech_dispatcher_priorities_and_cuts(daemon: Path) -> None:
    q = SpeechQueue([("speech-dispatcher", SpeechDispatcherVoice)])
    try:
        q.speak("Ada claimed Denver to Omaha with four pink cards for seven points. "
                "Your turn: draw cards, claim a route, take tickets.", "event")
        until(lambda: len(heard(daemon)) == 1 and bool(heard(daemon)[0].chunks))
        time.sleep(0.5)
        cut = time.time()
        q.speak("Hand, 4 cards", "reply")
        until(lambda: q.now is None)  # the answer was said to its end
        q.speak("Ben drew a card from the deck, and then another one from the deck", "event")
        until(lambda: len(heard(daemon)) == 3 and bool(heard(daemon)[2].chunks))
        time.sleep(0.5)
        silenced = time.time()
        q.silence()
        time.sleep(0.5)
        assert q.voice_name == "speech-dispatcher" and not q.problem
    finally:
        q.stop()
    lines = heard(daemon)
    assert len(lines) == 3, lines
    first, answer, last = lines
    assert first.chunks[0] < cut and cut - 0.05 < first.chunks[-1] < cut + 0.2
    assert cut < answer.chunks[0] and answer.chunks[-1] < silenced
    assert last.chunks[0] < silenced and last.chunks[-1] < silenced + 0.2
    log = (daemon.parent / "protocol.log").read_text(errors="replace")
    said = [line.split("DATA:|", 1)[1] for line in log.splitlines() if "DATA:|" in line]
    assert said.count("SET self PRIORITY message") == 2
    assert said.count("SET self PRIORITY text") == 1
    assert said.count("CANCEL self") >= 2
    for text in ("Ada claimed Denver to Omaha", "Hand, 4 cards", "Ben drew a card"):
        assert text in log
    until(lambda: not q.threads(), 5.0)  # the worker ends, and the client's own thread
    until(lambda: not [t for t in threading.enumerate() if "SSIP" in t.name], 5.0)
