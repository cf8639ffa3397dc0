"""Test-wide setup: headless SDL drivers and a private TTR_HOME, before pygame loads."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("TTR_HOME", tempfile.mkdtemp(prefix="ttr-test-home-"))
os.environ["LANGUAGE"] = "en"  # the tests read English whatever the machine's locale
# (ttr.i18n.system_language reads LANGUAGE first; tests/i18n choose other languages)


@pytest.fixture(autouse=True)
def _english_again() -> Iterator[None]:
    """A test that changed the language (Settings, --lang) leaves English behind."""
    yield
    from ttr import i18n

    if i18n.language() != "en" or i18n.pinned():
        i18n.pin(None)
        i18n.set_language("en")
