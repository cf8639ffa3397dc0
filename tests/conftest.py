"""Test-wide setup: headless SDL drivers and a private TTR_HOME, before pygame loads."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("TTR_HOME", tempfile.mkdtemp(prefix="ttr-test-home-"))
