"""The setup screen lists user maps, and a broken one with its error (never playable)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from uihelp import click, frames

from ttr.store import paths
from ttr.ui.app import App
from ttr.ui.scenes.setup import SetupScene


@pytest.fixture
def broken_user_map(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TTR_HOME", str(tmp_path / "home"))
    folder = paths.user_maps_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "swamp.yaml"
    path.write_text("schema: 1\nid: swamp\nname: Swamp\nboard: {size: [10, 10]}\ncities: [\n")
    return path


def test_broken_user_map_is_listed_with_its_error(app: App, broken_user_map: Path) -> None:
    assert os.environ["TTR_HOME"] in str(broken_user_map)
    app.stack.push(SetupScene(app.ctx))
    frames(app, 2)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    names = setup.map_picker.options
    assert any("(broken)" in n for n in names) and "USA" in names
    setup.map_picker.index = next(i for i, n in enumerate(names) if "(broken)" in n)
    assert "swamp.yaml" in setup.map_errors[setup.map_picker.index]
    click(setup.start.rect.center)
    frames(app, 2)
    assert app.stack.top is setup and "broken" in setup.toast.text
