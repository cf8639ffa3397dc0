"""The developer install, `pip install -e .`: nothing compiled into the checkout, edits
take effect (setup.py; docs/ENGINE.md, "Compiled build").

Slow (about half a minute, more on a busy machine: pip builds in an isolated environment
with setuptools and mypy), so marked `slow`: `python -m pytest -m slow tests/test_dev_install.py`.
"""

from __future__ import annotations

import importlib.machinery
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
COPIED = ("setup.py", "pyproject.toml", "README.md", "MANIFEST.in", "ttr", "maps")


def checkout_copy(target: Path) -> Path:
    """The files a build reads, without anything built (compiled files, build.json)."""
    target.mkdir(parents=True)
    skip = shutil.ignore_patterns("__pycache__", "_data", "build.json",
                                  *(f"*{s}" for s in importlib.machinery.EXTENSION_SUFFIXES))
    for name in COPIED:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=skip)
        else:
            shutil.copy2(source, target / name)
    return target


def built_files(package: Path) -> list[Path]:
    return sorted(p for s in (*importlib.machinery.EXTENSION_SUFFIXES, "build.json")
                  for p in package.rglob(f"*{s}"))


@pytest.mark.slow
def test_an_editable_install_compiles_nothing_and_edits_take_effect(tmp_path: Path) -> None:
    src = checkout_copy(tmp_path / "src")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(tmp_path / "env")],
                   check=True, timeout=120)
    python = tmp_path / "env" / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("TTR_PURE", "PYTHONPATH")}
    install = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-v", "--no-deps",
         "-e", str(src)], env=env, capture_output=True, text=True, timeout=900, check=False)
    assert install.returncode == 0, install.stdout[-2000:] + install.stderr[-2000:]
    assert "ttr build: editable install" in install.stdout + install.stderr
    assert built_files(src / "ttr") == []

    probe = ("import ttr, ttr.engine.cards as c; "
             "print(ttr.__file__, ttr.BUILD.describe(), getattr(c, 'EDITED', None))")
    cards = src / "ttr" / "engine" / "cards.py"
    cards.write_text(cards.read_text(encoding="utf-8") + "\nEDITED = 'yes'\n", encoding="utf-8")
    run = subprocess.run([str(python), "-P", "-c", probe], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == [str(src / "ttr" / "__init__.py"), "pure", "Python", "(not",
                                  "built:", "running", "from", "the", "sources)", "yes"]
    assert "cannot be used" not in run.stderr
