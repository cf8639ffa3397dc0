"""The slow run of the hostile suite: every property with 25 times the examples."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_hostile_suite_with_25_times_the_examples() -> None:
    p = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x",
         "tests/hostile", "tests/ui/test_hostile_screens.py",
         "--deselect", "tests/hostile/test_slow.py"],
        cwd=ROOT, capture_output=True, text=True, timeout=4 * 3600,
        env={**os.environ, "TTR_HOSTILE_SCALE": "25", "PYTHONPATH": str(ROOT)})
    assert p.returncode == 0, p.stdout[-4000:] + p.stderr[-2000:]
