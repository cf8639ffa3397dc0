"""Every command in the README's shell blocks can be copied as it stands: `ttr` lines parse
with the real argument parser, `python tools/...` lines name scripts and files that exist.
(The commands were also run by hand after the quick start; see docs/UI.md.)"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from ttr.cli.main import build_parser, with_command

ROOT = Path(__file__).resolve().parent.parent
QUICK_START = ("python3 -m venv .venv", ". .venv/bin/activate")


def commands() -> list[str]:
    """The command lines of the README's ```sh blocks, comments cut off."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    out = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = re.sub(r"\s+#\s.*$", "", line).strip()
            if line:
                out.append(line)
    return out


def test_the_readme_has_commands() -> None:
    found = commands()
    assert any(c.startswith("ttr simulate") for c in found)
    assert any("tools/map_editor.py" in c for c in found)


@pytest.mark.parametrize("line", commands())
def test_readme_command_works_as_written(line: str) -> None:
    if line.startswith(QUICK_START):
        return
    words = shlex.split(line)
    if words[0] == "ttr":
        try:
            build_parser().parse_args(with_command(words[1:]))
        except SystemExit as e:
            pytest.fail(f"{line!r} does not parse (exit {e.code})")
        return
    assert words[0] == "python", f"a README command the test does not know: {line!r}"
    assert words[1].startswith("tools/") and (ROOT / words[1]).is_file(), line
    for w in words[2:]:
        if w.endswith(".yaml"):  # input files (a .png is an output)
            assert (ROOT / w).is_file(), f"{w} named in {line!r} does not exist"
