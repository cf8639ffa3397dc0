"""Every command in the shell blocks of the README and of the docs that took its developer
sections (docs/DEVELOPING.md, docs/BENCHMARKS.md) can be copied as it stands: `ttr` lines
parse with the real argument parser, `python tools/...` lines name scripts and files that
exist, `pip`/`pipx` lines name extras that exist. The README stays short and its pictures
small. (The commands were also run by hand after the quick start; see docs/UI.md.)"""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

import pytest

from ttr.cli.main import build_parser, with_command

ROOT = Path(__file__).resolve().parent.parent
QUICK_START = ("python3 -m venv .venv", ". .venv/bin/activate")
DOCS = ("README.md", "docs/DEVELOPING.md", "docs/BENCHMARKS.md", "docs/SERVER.md")


def commands(docs: tuple[str, ...] = DOCS) -> list[str]:
    """The command lines of the ```sh blocks of `docs`, comments cut off."""
    text = "\n".join((ROOT / d).read_text(encoding="utf-8") for d in docs)
    out = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = re.sub(r"\s+#\s.*$", "", line).strip()
            if line:
                out.append(line)
    return out


def test_the_readme_has_commands() -> None:
    found = commands(("README.md",))
    assert any(c.startswith("ttr simulate") for c in found)
    assert any("tools/map_editor.py" in c for c in found)
    assert any("tools/build_app.py" in c for c in found)
    moved = commands(("docs/BENCHMARKS.md",))
    assert "ttr bench --ai" in moved and "python tools/net_bench.py" in moved


def test_the_readme_is_short_with_small_pictures_and_ci_runs_its_test_command() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 220
    pictures = re.findall(r"!\[[^]]+\]\(([^)]+)\)", text)
    assert pictures and text.lstrip("# ").split("\n\n")[1].startswith("![")  # one on top
    assert sum((ROOT / p).stat().st_size for p in pictures) < 600_000
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install '.[test]' && .venv/bin/python -m pytest\n" in text
    assert "pip install -q '.[test]'" in ci and ".venv/bin/python -m pytest -q\n" in ci


@pytest.mark.parametrize("line", commands())
def test_readme_command_works_as_written(line: str) -> None:
    if line.startswith(QUICK_START):
        return
    words = shlex.split(line)
    if words[0] == "ttr":
        try:
            build_parser().parse_args(with_command(words[1:]))
        except SystemExit as e:  # --version and --help print and exit 0
            if e.code != 0:
                pytest.fail(f"{line!r} does not parse (exit {e.code})")
        return
    if words[0] in ("pip", "pipx"):
        assert words[1] == "install", line
        extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
            "project"]["optional-dependencies"]
        for spec in words[2:]:
            named = re.fullmatch(r"(?:\.|ttr)\[([\w,]+)\]", spec)
            assert named or spec == ".", f"{spec!r} in {line!r}"
            assert named is None or set(named[1].split(",")) <= set(extras), line
        return
    assert words[0] == "python", f"a README command the test does not know: {line!r}"
    if words[1:3] == ["-m", "build"]:  # the `build` package comes with the app extra
        project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
        assert any(r.startswith("build") for r in project["project"]["optional-dependencies"][
            "app"]), line
        return
    if words[1:3] == ["-m", "pytest"]:  # markers that exist, test folders that exist
        markers = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
            "tool"]["pytest"]["ini_options"]["markers"]
        for prev, w in zip(words[2:], words[3:], strict=False):
            if prev == "-m":
                assert any(m.startswith(f"{w}:") for m in markers), line
            elif not w.startswith("-"):
                assert (ROOT / w).exists(), line
        return
    assert words[1].startswith("tools/") and (ROOT / words[1]).is_file(), line
    for prev, w in zip(words[1:], words[2:], strict=False):
        if w.endswith((".yaml", ".png")) and prev not in ("--png", "--out"):  # not outputs
            assert (ROOT / w).is_file(), f"{w} named in {line!r} does not exist"
