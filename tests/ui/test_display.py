"""No display: a clear message and a non-zero exit. No sound card: one line in the log
file, nothing on the terminal. Both checked on the real `ttr` command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from ttr.ui import display
from ttr.ui.display import NO_DISPLAY, NoDisplayError, open_display

ROOT = Path(__file__).resolve().parents[2]


def ttr(args: list[str], tmp_path: Path, **env: str | None) -> subprocess.CompletedProcess[str]:
    """Run `python -m ttr ARGS` from the checkout with a private TTR_HOME."""
    e = dict(os.environ, TTR_HOME=str(tmp_path / "home"))
    for k, v in env.items():
        if v is None:
            e.pop(k, None)
        else:
            e[k] = v
    return subprocess.run([sys.executable, "-m", "ttr", *args], cwd=ROOT, env=e, text=True,
                          capture_output=True, timeout=120, check=False)


@pytest.mark.skipif(sys.platform != "linux", reason="hiding the display works like this on Linux")
def test_no_display_is_a_clear_error(tmp_path: Path) -> None:
    r = ttr([], tmp_path, DISPLAY=None, WAYLAND_DISPLAY=None, SDL_VIDEODRIVER=None)
    assert r.returncode == 1
    assert r.stderr == f"ttr: {NO_DISPLAY}\n" and r.stdout == ""


def test_headless_run_is_quiet_and_logs_a_missing_sound_card_once(tmp_path: Path) -> None:
    r = ttr(["--setup", "usa:base:random,random", "--autostart", "--pace", "0",
             "--quit-at-end"], tmp_path, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER=None)
    assert r.returncode == 0, r.stderr
    assert r.stderr == "" and r.stdout == ""  # no audio library noise, no info lines
    log = (tmp_path / "home" / "logs" / "ttr.log").read_text(encoding="utf-8")
    assert "game started" in log and "scoring done" in log
    assert log.count("no sound") <= 1  # exactly one without a sound card, none with one


def test_a_fallback_to_an_invisible_window_is_refused(monkeypatch: Any) -> None:
    for name in ("init", "quit"):  # the display of the other tests stays as it is
        monkeypatch.setattr(pygame.display, name, lambda: None)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    with pytest.raises(NoDisplayError, match="no display found"):
        open_display()
    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")  # asked for: a headless run
    assert open_display() == "offscreen"


def test_quiet_stderr_hides_c_level_output(capfd: Any) -> None:
    with display.quiet_stderr():
        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "after\n"
