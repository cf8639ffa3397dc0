"""Opening the display and the sound device: a clear message when there is no display,
and no noise on the terminal when there is no sound card.

Without a display SDL quietly falls back to an invisible "offscreen" window, so a player
would see nothing at all; `open_display` refuses that unless such a driver was asked
for (`SDL_VIDEODRIVER=dummy` for a headless run, as the tests do). Audio libraries
print their own errors straight to the terminal when no device answers;
`quiet_stderr` hides those while the mixer starts (the reason is logged instead).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from collections.abc import Iterator
from typing import Any

from ttr.i18n import N_, _

HEADLESS_DRIVERS = ("dummy", "offscreen")
NO_DISPLAY = N_("no display found: run it on a desktop, or set SDL_VIDEODRIVER=dummy "
                "for a headless run")
"""The message (English, marked: translated when raised)."""


class NoDisplayError(RuntimeError):
    """There is no screen to open a window on."""


def open_display() -> str:
    """Start pygame's video and fonts; returns the video driver's name.

    Raises:
        NoDisplayError: no display, and no headless driver was asked for.
    """
    import pygame

    asked = os.environ.get("SDL_VIDEODRIVER", "").strip().lower()
    try:
        with quiet_stderr():  # SDL's notes on the drivers it tries (Wayland, X11 ...)
            pygame.display.init()
    except pygame.error as e:
        # TRANSLATORS: {problem} is "no display found: ...", {error} SDL's own words
        raise NoDisplayError(_("{problem} ({error})").format(problem=_(NO_DISPLAY),
                                                             error=e)) from None
    driver = str(pygame.display.get_driver()).lower()
    if driver in HEADLESS_DRIVERS and driver != asked:
        pygame.display.quit()
        raise NoDisplayError(_(NO_DISPLAY))
    pygame.font.init()
    _set_icon(pygame)
    return driver


def _set_icon(pygame: Any) -> None:
    """The game's icon (`assets/icon.png`, drawn by tools/make_icon.py) on its windows."""
    from ttr.store.paths import assets_dir

    try:
        pygame.display.set_icon(pygame.image.load(str(assets_dir() / "icon.png")))
    except (OSError, pygame.error) as e:  # the window keeps SDL's own icon
        logging.getLogger(__name__).warning("no window icon: %s", e)  # i18n: no (log)


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Send what C libraries write to the terminal's error stream nowhere, for a moment."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
