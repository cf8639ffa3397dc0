"""Where a Python program spends its CPU time: run it under a sampling profiler.

    python tools/cpu_samples.py OUT -m MODULE [ARGS...]   # run, then write samples to OUT
    python tools/cpu_samples.py --report OUT [--top N]     # the functions that use most

Every millisecond of CPU time the process uses (user + system, `ITIMER_PROF`; the
kernel's clock tick, if that is longer) the main thread's Python stack is noted, so a
function's share of samples is its share of the CPU (time in C code and system calls
counts for the Python function that called it; waiting for a core or for input counts
for nothing). `tools/net_bench.py --profile OUT` runs the server this way; the
samples are written when it stops.
"""

from __future__ import annotations

import argparse
import collections
import runpy
import signal
import sys
from pathlib import Path
from types import FrameType


def sample(out: Path, module: str, every: float = 0.001) -> None:
    """Run `module` as `python -m module` (with the rest of `sys.argv`), noting stacks."""
    stacks: collections.Counter[tuple[str, ...]] = collections.Counter()

    def note(signum: int, frame: FrameType | None) -> None:
        names = []
        while frame is not None:
            code = frame.f_code
            names.append("/".join(code.co_filename.split("/")[-2:]) + ":" + code.co_name)
            frame = frame.f_back
        stacks[tuple(reversed(names))] += 1

    signal.signal(signal.SIGPROF, note)
    signal.setitimer(signal.ITIMER_PROF, every, every)
    try:
        runpy.run_module(module, run_name="__main__", alter_sys=True)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        out.write_text("".join(f"{';'.join(s)} {n}\n" for s, n in stacks.items()))


def report(path: Path, top: int = 40) -> str:
    """The functions with the most samples: inclusive (on the stack) and exclusive."""
    inclusive: collections.Counter[str] = collections.Counter()
    exclusive: collections.Counter[str] = collections.Counter()
    total = 0
    for line in path.read_text().splitlines():
        stack, n = line.rsplit(" ", 1)
        names = stack.split(";")
        total += int(n)
        exclusive[names[-1]] += int(n)
        for name in set(names):
            inclusive[name] += int(n)
    out = [f"{total} samples of CPU time", "inclusive:"]
    out += [f"{100 * n / total:5.1f}%  {f}" for f, n in inclusive.most_common(top)]
    out.append("exclusive:")
    out += [f"{100 * n / total:5.1f}%  {f}" for f, n in exclusive.most_common(top // 2)]
    return "\n".join(out)


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--report":
        p = argparse.ArgumentParser(description="report samples")
        p.add_argument("--report", type=Path, required=True)
        p.add_argument("--top", type=int, default=40)
        args = p.parse_args()
        print(report(args.report, args.top))
        return 0
    if len(sys.argv) < 4 or sys.argv[2] != "-m":
        print("usage: cpu_samples.py OUT -m MODULE [ARGS...] | --report OUT [--top N]")
        return 2
    out, module = Path(sys.argv[1]), sys.argv[3]
    del sys.argv[1:4]
    sample(out, module)
    return 0


if __name__ == "__main__":
    sys.exit(main())
