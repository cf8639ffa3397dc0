"""Build hook: ship the top-level maps/ and assets/ inside the wheel as ttr/_data/.

paths.py finds them next to the source checkout first, then in ttr/_data.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithData(build_py):
    """Copy maps/ and assets/ into the built package."""

    def run(self) -> None:
        super().run()
        root = Path(__file__).resolve().parent
        target = Path(self.build_lib) / "ttr" / "_data"
        for name in ("maps", "assets"):
            src = root / name
            if src.is_dir():
                shutil.copytree(src, target / name, dirs_exist_ok=True)


setup(cmdclass={"build_py": BuildWithData})
