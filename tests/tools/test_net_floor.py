"""tools/net_floor.py: a short run of two groups sends messages and prints the server's
CPU per message."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_short_floor_run_prints_the_cpu_per_message() -> None:
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "net_floor.py"), "--groups",
                          "2", "--think", "0.05", "--duration", "1"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    found = re.match(r"2 groups, a message every 0.05 s each: (\d+) messages, server CPU "
                     r"(\d+\.\d+) ms a message; load", run.stdout)
    assert found and int(found[1]) >= 10 and float(found[2]) >= 0, run.stdout
