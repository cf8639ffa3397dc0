"""UI test fixtures: a headless app at pace 0."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ttr.ui.app import App


@pytest.fixture
def app() -> Iterator[App]:
    """A 1280x720 app with instant animations and in-memory settings."""
    a = App((1280, 720), pace=0.0, settings_file=None)
    yield a
    for s in list(a.stack.scenes):
        s.on_exit()
