"""Compare the public engine path (`legal_actions` + `apply`, or `observe` + `apply`)
across `ttr` trees and builds, interleaved, one worker process per build.

    python tools/public_path_bench.py LABEL=PATH[:pure] ... [--rounds 5] [--games 20]
        [--players 2] [--map usa] [--views] [--python PYTHON]

Each `LABEL=PATH` names a directory that holds a `ttr` package (a checkout, or an
installed `site-packages`); `:pure` runs it with `TTR_PURE=1`. Every worker plays the
same random games (`ttr/cli/bench_public.py` of this checkout, loaded by path, so older
trees run the same loop); the rounds take turns between the workers, and each worker's
best and median CPU us/turn are printed with the load average before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

LOOP = Path(__file__).resolve().parents[1] / "ttr" / "cli" / "bench_public.py"
WORKER = f"""
import importlib.util, json, sys
from ttr import BUILD
from ttr.maps.mapfile import find_map
spec = importlib.util.spec_from_file_location("bench_public_loop", {str(LOOP)!r})
loop = importlib.util.module_from_spec(spec); spec.loader.exec_module(loop)
print(json.dumps({{"build": BUILD.describe()}}), flush=True)
for line in sys.stdin:
    t = json.loads(line)
    gm = find_map(t["map"]).game_map
    r = loop.public_round(gm, gm.rules("base"), t["players"], t["games"], t["seed"], t["views"])
    print(json.dumps(r), flush=True)
"""


def answer(label: str, proc: subprocess.Popen[str]) -> dict[str, object]:
    """The worker's next JSON line (SystemExit with a message if it stopped)."""
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line:
        raise SystemExit(f"public_path_bench: the worker {label!r} stopped")
    found: dict[str, object] = json.loads(line)
    return found


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="+", help="LABEL=PATH[:pure]")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--map", default="usa")
    parser.add_argument("--views", action="store_true", help="observe + apply")
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args()
    workers = []
    for spec in args.trees:
        label, _, where = spec.partition("=")
        path, _, pure = where.partition(":")
        if not label or not (Path(path) / "ttr").is_dir() or pure not in ("", "pure"):
            parser.error(f"{spec!r}: expected LABEL=PATH[:pure] with a ttr package in PATH")
        env = {**os.environ, "PYTHONPATH": path, "TTR_PURE": "1" if pure else ""}
        proc = subprocess.Popen([args.python, "-c", WORKER], env=env, text=True, cwd="/",
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        workers.append((label, proc))
    try:
        for label, proc in workers:
            print(f"{label}: {answer(label, proc)['build']}")
        what = "observe + apply" if args.views else "legal_actions + apply"
        print(f"{what}, {args.map} {args.players} players, {args.games} games a round, "
              f"{args.rounds} rounds; {load()}")
        task = json.dumps({"map": args.map, "players": args.players, "games": args.games,
                           "seed": args.seed, "views": args.views}) + "\n"
        answers: dict[str, list[dict[str, Any]]] = {label: [] for label, _ in workers}
        for _ in range(args.rounds):
            for label, proc in workers:
                assert proc.stdin is not None
                proc.stdin.write(task)
                proc.stdin.flush()
                answers[label].append(answer(label, proc))
        for label, rounds in answers.items():
            per_turn = [1e6 * r["seconds"] / r["turns"] for r in rounds]
            print(f"  {label:14} {min(per_turn):7.2f} us/turn (median "
                  f"{statistics.median(per_turn):.2f}), {rounds[0]['turns']} turns, "
                  f"{rounds[0]['decisions']} decisions a round")
        print(f"  after: {load()}")
    finally:
        for _, proc in workers:
            if proc.stdin is not None:
                proc.stdin.close()
            proc.wait(timeout=60)
    return 0


if __name__ == "__main__":
    sys.exit(main())
