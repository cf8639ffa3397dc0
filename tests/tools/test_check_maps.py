"""tools/check_maps.py on the bundled maps and on broken ones."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tools.check_maps import main

ROOT = Path(__file__).resolve().parents[2]


def test_bundled_maps_pass(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(ROOT / "maps" / "usa.yaml"), str(ROOT / "maps" / "europe.yaml")]) == 0
    out = capsys.readouterr().out
    assert "usa (USA): 36 cities, 100 tracks (22 doubles)" in out
    assert "spaces per colour:" in out and "tunnels 18, ferries 13" in out
    assert "connectivity: all cities form one network" in out
    assert "2 of 2 maps OK" in out


def test_broken_maps_fail_with_a_clear_message(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    good = (ROOT / "maps" / "usa.yaml").read_text(encoding="utf-8")
    bad_color = tmp_path / "bad-color.yaml"
    bad_color.write_text(good.replace("length: 5, color: blue", "length: 5, color: purpel", 1),
                         encoding="utf-8")
    bad_yaml = tmp_path / "bad-yaml.yaml"
    bad_yaml.write_text("id: [unclosed\n", encoding="utf-8")
    assert main([str(bad_color), str(ROOT / "maps" / "usa.yaml"), str(bad_yaml),
                 str(tmp_path / "missing.yaml")]) == 1
    out = capsys.readouterr().out
    assert "ERROR" in out and "unknown color 'purpel'" in out and "atlanta-miami" in out
    assert "malformed YAML" in out and "does not exist" in out
    assert "1 of 4 maps OK" in out


def test_playtest_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(ROOT / "maps" / "usa.yaml"), "--playtest", "1", "--players", "2",
                 "--level", "greedy"]) == 0
    out = capsys.readouterr().out
    for text in ("playtest: 1 games, 2 x greedy", "seat 0: wins", "tickets completed:",
                 "game length: mean", "routes never claimed:"):
        assert text in out


def test_runs_from_the_repo_root() -> None:
    done = subprocess.run([sys.executable, "tools/check_maps.py", "maps/usa.yaml"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("OK maps/usa.yaml")
