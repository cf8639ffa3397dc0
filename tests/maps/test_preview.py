"""The layout preview tool renders a map with pygame (the only map test that imports it)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from ttr.maps.mapfile import find_map

TOOL = Path(__file__).resolve().parents[2] / "tools" / "layout_report.py"


def test_preview_png(tmp_path) -> None:
    pygame = pytest.importorskip("pygame")
    spec = importlib.util.spec_from_file_location("layout_report", TOOL)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    d = find_map("usa")
    out = tmp_path / "usa.png"
    tool.render(d, out, scale=0.5)
    img = pygame.image.load(str(out))
    assert img.get_size() == (round(d.layout.size[0] * 0.5), round(d.layout.size[1] * 0.5))
    x, y = d.layout.cities["denver"].pos
    r, g, b, *_ = img.get_at((round(x * 0.5), round(y * 0.5)))
    assert r > 150 and g < 80 and b < 80  # a red city dot
    assert tool.main(["usa", "europe", "--brief"]) == 0
