"""How long a post-game review takes: play a game, review one seat, report the time.

    python tools/review_bench.py --map usa --players 2 --seed 4 --seat 0

The game is played by Medium (the reviewed seat) against Hard's policy, so it has
real mistakes to find. The review runs as the game's screens run it (`ReviewJob`
on `--workers` processes, one per core by default). Reported: the game's turns and
the reviewed decisions, the wall time, the CPU time the workers used (wall time on
an idle machine would be about CPU time / workers), and the mistakes found.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttr.ai.base import make_agent  # noqa: E402
from ttr.ai.review import ReviewJob  # noqa: E402
from ttr.ai.selfplay import play_out  # noqa: E402
from ttr.ai.worker import worker_count  # noqa: E402
from ttr.engine import Action, GameState, new_game, observe  # noqa: E402
from ttr.game.options import resolve_game  # noqa: E402


def main() -> int:
    """Play, review, report."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--map", default="usa")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--seed", type=int, default=4)
    p.add_argument("--seat", type=int, default=0)
    p.add_argument("--workers", type=int, default=worker_count())
    args = p.parse_args()
    definition, config = resolve_game(args.map, "base")
    agents = [make_agent("medium")] + [make_agent("hard") for _ in range(args.players - 1)]
    rng = random.Random(args.seed)
    actions: list[Action] = []

    def decide(state: GameState) -> Action:
        a = agents[state.current].choose(observe(state, state.current), rng, 0.0)
        actions.append(a)
        return a

    start = new_game(definition.game_map, config, args.players, args.seed)
    final, _ = play_out(start, decide)
    t0 = time.perf_counter()
    job = ReviewJob(start, actions, args.seat, workers=args.workers)
    last = -1
    while not job.done():
        done, total = job.progress()
        if done != last and done % 10 == 0:
            print(f"  {done}/{total} decisions, {time.perf_counter() - t0:.1f} s", flush=True)
            last = done
        time.sleep(0.2)
    review = job.result()
    wall = time.perf_counter() - t0
    job.close(wait=True)
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"{args.map}, {args.players} players, seed {args.seed}: {final.turn} turns, "
          f"{len(job.decisions)} decisions of seat {args.seat} reviewed in {wall:.1f} s "
          f"on {args.workers} workers (the workers used {cpu.ru_utime + cpu.ru_stime:.1f} s "
          "of CPU)")
    for m in review.mistakes:
        print(f"  turn {m.turn} (replay step {m.step}), -{m.loss:.1f}: {m.lesson}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
