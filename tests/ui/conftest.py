"""UI test fixtures: a headless app at pace 0."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ttr.store.autosave import Folders
from ttr.ui.app import App


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    """A 1280x720 app with instant animations, in-memory settings, private save folders."""
    a = App((1280, 720), pace=0.0, settings_file=None)
    a.ctx.extras["folders"] = Folders(tmp_path / "saves", tmp_path / "records",
                                      tmp_path / "stats.json")
    yield a
    for s in list(a.stack.scenes):
        s.on_exit()
