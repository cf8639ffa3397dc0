"""How long the coach takes: hints along a game, then a review of one seat.

    python tools/coach_bench.py --map usa --players 2 --seed 4 --seat 0 --hints 20

The game is played by Medium (the reviewed seat) against Hard, so it has real
mistakes to find. `--hints N`: N hints for the reviewed seat at its main-turn
decisions along the game (the first after the workers have started, as the board
starts them when it opens), each timed from the request to the answer, as the screen
gets it (`HintJob`). The review runs as the screens run it (`ReviewJob` on
`--workers` processes, one per core by default). Reported: the hint times (median,
worst), the game's turns and the reviewed decisions, the review's wall time, the CPU
time its workers used (on an idle machine the wall time would be about that divided
by the workers), and the mistakes found.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttr.ai.base import make_agent  # noqa: E402
from ttr.ai.review import ReviewJob  # noqa: E402
from ttr.ai.selfplay import play_out  # noqa: E402
from ttr.ai.worker import warm_up, worker_count  # noqa: E402
from ttr.engine import Action, GameState, PlayerView, Stage, new_game, observe  # noqa: E402
from ttr.game.coach import HintJob  # noqa: E402
from ttr.game.options import resolve_game  # noqa: E402


def main() -> int:
    """Play, review, report."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--map", default="usa")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--seed", type=int, default=4)
    p.add_argument("--seat", type=int, default=0)
    p.add_argument("--workers", type=int, default=worker_count())
    p.add_argument("--hints", type=int, default=0, help="hints to time along the game")
    args = p.parse_args()
    definition, config = resolve_game(args.map, "base")
    agents = [make_agent("medium")] + [make_agent("hard") for _ in range(args.players - 1)]
    rng = random.Random(args.seed)
    actions: list[Action] = []
    views: list[PlayerView] = []

    def decide(state: GameState) -> Action:
        view = observe(state, state.current)
        if state.current == args.seat and state.stage == Stage.CHOOSE_ACTION:
            views.append(view)
        a = agents[state.current].choose(view, rng, 0.8 if state.current else 0.0)
        actions.append(a)
        return a

    start = new_game(definition.game_map, config, args.players, args.seed)
    final, _ = play_out(start, decide)
    if args.hints:
        warm_up()
        time.sleep(2)
        step = max(1, len(views) // args.hints)
        took = []
        for view in views[::step][: args.hints]:
            t = time.perf_counter()
            job = HintJob(view)
            hint = job.wait()
            took.append(time.perf_counter() - t)
            text = hint.text if hint is not None else job.error
            print(f"  hint at turn {view.public.turn}: {took[-1]:.2f} s: {text}", flush=True)
        took.sort()
        print(f"{len(took)} hints: median {took[len(took) // 2]:.2f} s, worst {took[-1]:.2f} s")
    t0 = time.perf_counter()
    job = ReviewJob.of_game(start, actions, args.seat, workers=args.workers)
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
    give_up = time.monotonic() + 30
    while multiprocessing.active_children() and time.monotonic() < give_up:
        time.sleep(0.05)  # reaps the exited workers: only reaped children are counted
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
