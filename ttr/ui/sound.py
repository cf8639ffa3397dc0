"""Short sound effects synthesized at start (no sample files, no numpy).

`SoundBoard` opens the mixer if it can; without an audio device every call is a
silent no-op, the reason is one info line in the log and the audio library's own
complaints never reach the terminal. Playing never blocks (pygame mixes on its own
thread). The board's and the scoring scene's animation clips call `play` at the moment
a card lands, cars drop or points are scored, so sounds stay in step with what is seen.
"""

from __future__ import annotations

import logging
import math
import time
from array import array
from typing import Any

import pygame

from ttr.ui.display import quiet_stderr

logger = logging.getLogger(__name__)

RATE = 22050
MIN_GAP = 0.04  # seconds: the same effect again sooner than this is dropped

# name -> list of (frequency Hz, start s, duration s, amplitude 0..1)
NOTES: dict[str, list[tuple[float, float, float, float]]] = {
    "card": [(880, 0.0, 0.06, 0.35), (1320, 0.03, 0.05, 0.2)],
    "train": [(140, 0.0, 0.09, 0.5), (140, 0.12, 0.09, 0.5), (180, 0.24, 0.12, 0.5)],
    "score": [(523, 0.0, 0.1, 0.35), (659, 0.08, 0.1, 0.35), (784, 0.16, 0.18, 0.35)],
    "tickets": [(392, 0.0, 0.12, 0.3), (494, 0.1, 0.14, 0.3)],
    "end": [(523, 0.0, 0.2, 0.35), (659, 0.18, 0.2, 0.35), (784, 0.36, 0.2, 0.35),
            (1046, 0.54, 0.45, 0.4)],
}


def synthesize(notes: list[tuple[float, float, float, float]], rate: int = RATE,
               channels: int = 1) -> array[int]:
    """Signed 16-bit samples of some enveloped sine notes (interleaved for stereo)."""
    total = max(start + dur for _, start, dur, _ in notes)
    n = int(total * rate) + 1
    mix = [0.0] * n
    for freq, start, dur, amp in notes:
        s0, length = int(start * rate), max(1, int(dur * rate))
        attack = max(1, int(0.005 * rate))
        for i in range(length):
            env = min(1.0, i / attack) * (1 - i / length) ** 2
            t = i / rate
            wave = math.sin(2 * math.pi * freq * t) + 0.25 * math.sin(4 * math.pi * freq * t)
            mix[s0 + i] += amp * env * wave
    peak = max(1.0, max(abs(x) for x in mix))
    out = array("h")
    for x in mix:
        v = int(32767 * 0.8 * x / peak)
        out.extend([v] * channels)
    return out


class SoundBoard:
    """The effects, muted or scaled by the settings (`sound`, `volume`) at play time."""

    def __init__(self, settings: Any) -> None:
        self.settings = settings
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []
        self._last: dict[str, float] = {}
        try:
            if not pygame.mixer.get_init():
                with quiet_stderr():
                    pygame.mixer.init(RATE, -16, 1, 512)
            init = pygame.mixer.get_init()
            if not init or init[1] != -16:
                raise pygame.error(f"unsupported mixer format {init}")  # i18n: no (logged)
            rate, _, channels = init
            for name, notes in NOTES.items():
                self.sounds[name] = pygame.mixer.Sound(
                    buffer=synthesize(notes, rate, channels).tobytes())
        except (pygame.error, NotImplementedError) as e:
            logger.info("no sound: %s", e)
            self.sounds = {}

    @property
    def available(self) -> bool:
        """True when an audio device is open."""
        return bool(self.sounds)

    def play(self, name: str) -> None:
        """Start an effect (never blocks; silent when muted or without audio)."""
        if not getattr(self.settings, "sound", True):
            return
        now = time.monotonic()
        if now - self._last.get(name, -1.0) < MIN_GAP:
            return  # instant animations: one effect, not a pile of them
        self._last[name] = now
        self.played.append(name)
        del self.played[:-20]
        snd = self.sounds.get(name)
        if snd is None:
            return
        try:
            snd.set_volume(max(0.0, min(1.0, float(getattr(self.settings, "volume", 0.7)))))
            snd.play()
        except pygame.error as e:  # the device went away
            logger.info("sound failed: %s", e)
            self.sounds = {}
