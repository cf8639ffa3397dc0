"""Packaging facts that need no build: one version number, the CHANGELOG and AppStream
releases follow it, the desktop files and icons agree on the app id, and the release
workflow builds the three systems on a version tag. (Building and running the app:
tests/app, marker `app`.)"""

from __future__ import annotations

import configparser
import struct
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

import ttr
from tools import build_app

ROOT = Path(__file__).resolve().parent.parent


def test_the_version_is_written_once() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "ttr.__version__"}
    assert build_app.changelog_releases()[0][0] == ttr.__version__
    from ttr.cli.main import version_text

    assert version_text().startswith(f"ttr {ttr.__version__}, engine ")


def test_appstream_releases_come_from_the_changelog() -> None:
    root = ET.fromstring(build_app.metainfo(ttr.__version__))
    assert root.findtext("id") == build_app.APP_ID
    releases = [r.get("version") for r in root.iter("release")]
    assert releases == [v for v, _ in build_app.changelog_releases()]
    launch = root.find("launchable")
    assert launch is not None and launch.text == f"{build_app.APP_ID}.desktop"


def test_the_desktop_entry_and_icons() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(ROOT / "packaging" / "linux" / f"{build_app.APP_ID}.desktop", encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Type"] == "Application" and section["Exec"] == "ttr"
    assert section["Icon"] == build_app.APP_ID and "Game;" in section["Categories"]
    for size in build_app.ICON_SIZES:
        png = (ROOT / "packaging" / "icons" / f"ttr-{size}.png").read_bytes()
        assert struct.unpack(">II", png[16:24]) == (size, size)
    ico = (ROOT / "packaging" / "icons" / "ttr.ico").read_bytes()
    assert struct.unpack("<HHH", ico[:6]) == (0, 1, 7)
    icns = (ROOT / "packaging" / "icons" / "ttr.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    at, found = 8, {}
    while at < len(icns):  # entries: type, length (with its 8-byte head), a PNG
        kind, length = icns[at:at + 4], struct.unpack(">I", icns[at + 4:at + 8])[0]
        png = icns[at + 8:at + length]
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        found[kind] = struct.unpack(">II", png[16:24])
        at += length
    assert found == {b"ic07": (128, 128), b"ic08": (256, 256), b"ic09": (512, 512)}


def test_the_release_workflow_builds_three_systems_on_a_version_tag() -> None:
    flow = yaml.safe_load((ROOT / ".github" / "workflows" / "release.yml").read_text())
    on = flow[True]  # YAML 1.1 reads the key `on` as true
    assert on["push"]["tags"] == ["v*"]
    systems = flow["jobs"]["app"]["strategy"]["matrix"]["os"]
    assert {s.split("-")[0] for s in systems} == {"ubuntu", "windows", "macos"}
    steps = " ".join(str(s.get("run", "")) for s in flow["jobs"]["app"]["steps"])
    assert "python tools/build_app.py" in steps and "-m app tests/app" in steps


def test_build_app_names_what_it_needs() -> None:
    assert build_app.app_requirements()[0].startswith("pyinstaller")
    assert build_app.main(["--requirements"]) == 0


def test_the_window_icon_is_the_app_icon(caplog: pytest.LogCaptureFixture,
                                         monkeypatch: pytest.MonkeyPatch,
                                         tmp_path: Path) -> None:
    """The game's windows show the app icon (assets/icon.png, set by open_display); a
    missing icon file is a logged warning, never an error."""
    import pygame

    from ttr.store import paths
    from ttr.ui import display

    icon = paths.assets_dir() / "icon.png"
    assert icon.read_bytes() == (ROOT / "packaging" / "icons" / "ttr-128.png").read_bytes()
    display.open_display()
    monkeypatch.setattr(paths, "assets_dir", lambda: tmp_path)
    display._set_icon(pygame)
    assert "no window icon" in caplog.text and "icon.png" in caplog.text
