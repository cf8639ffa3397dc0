"""tools/cpu_samples.py: a module run under the sampler runs as with `python -m`, and
the report names the function that used the CPU, inclusive and exclusive."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tools.cpu_samples import report

ROOT = Path(__file__).resolve().parents[2]
BUSY = '''import sys, time

def spin():
    end = time.process_time() + 0.4
    while time.process_time() < end:
        sum(range(500))

def main():
    spin()
    print("ran with", sys.argv[1:])

if __name__ == "__main__":
    main()
'''


def test_a_sampled_run_runs_the_module_and_names_where_its_cpu_went(tmp_path: Path) -> None:
    (tmp_path / "busy.py").write_text(BUSY)
    out = tmp_path / "busy.samples"
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "cpu_samples.py"), str(out),
                          "-m", "busy", "--flag"], cwd=tmp_path, capture_output=True,
                         text=True, timeout=60, env={"PYTHONPATH": str(tmp_path)})
    assert run.returncode == 0, run.stderr
    assert "ran with ['--flag']" in run.stdout
    text = report(out)
    lines = text.splitlines()
    assert lines[0].endswith("samples of CPU time") and int(lines[0].split()[0]) > 20
    inclusive = lines[lines.index("inclusive:") + 1:lines.index("exclusive:")]
    assert any(line.endswith("busy.py:spin") and float(line.split("%")[0]) > 80
               for line in inclusive), text


def test_a_wrong_command_line_says_how_to_use_it() -> None:
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "cpu_samples.py"), "x.out"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and run.stdout.startswith("usage: cpu_samples.py")
