"""Search experiments: Hard's search at a fixed number of iterations with one change,
played against the same search without it on the same deals in every seating.

    python tools/search_experiment.py VARIANT [--map usa] [--players 2] [--deals 150]
        [--seed 21] [--iterations 100] [--jobs 2]

VARIANT: `keeps` (ticket keeps searched too: the policy's keep and the five best others
by its estimate), `squash` (margins squashed to 15·tanh(m/15) before averaging: play for
the win), `wide` (every claimable route and every face-up colour are candidates: 8
iterations on all, then the policy's move and the six best get the rest), or `base` (no
change: checks the harness, about 50%). It plays the installed `ttr` (the compiled
build after `pip install .`), else this checkout's sources. With fixed iterations the machine's load
cannot favour either side. Prints the share of games the variant finished ahead (ties
half, 95% Wilson interval) and the mean score difference (95%). docs/AI.md has the
results.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from importlib.util import find_spec
from multiprocessing import Pool
from pathlib import Path

if find_spec("ttr") is None:  # not installed: this checkout's sources (pure Python)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ttr.ai.expert import wider_candidates  # noqa: E402
from ttr.ai.heuristic import Context, PlanPlayer, keep_value  # noqa: E402
from ttr.ai.levels import STRONG  # noqa: E402
from ttr.ai.paired import Gains, new_seeds, playout_margins  # noqa: E402
from ttr.ai.search import SWITCH_MARGIN, candidates  # noqa: E402
from ttr.ai.selfplay import play_out  # noqa: E402
from ttr.ai.stats import wilson  # noqa: E402
from ttr.engine import (  # noqa: E402
    Action,
    DrawTickets,
    GameState,
    KeepTickets,
    PlayerView,
    Stage,
    new_game,
    observe,
    results,
)
from ttr.game.options import resolve_game  # noqa: E402

CHECK = 8
"""Iterations between early-stop checks (as Hard: stop once no candidate can win)."""


class FixedSearch:
    """Hard's policy and search with `iterations` per decision and optional changes."""

    def __init__(self, iterations: int, keeps: bool = False, squash: float = 0.0,
                 wide: bool = False) -> None:
        self.policy = PlanPlayer(STRONG)
        self.iterations, self.keeps, self.squash, self.wide = iterations, keeps, squash, wide

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """The policy's move unless a candidate is clearly better in paired playouts."""
        ctx = Context(view, STRONG)
        default = self.policy.decide(ctx, rng)
        stage = view.public.stage
        if stage in (Stage.INITIAL_TICKETS, Stage.KEEP_TICKETS):
            if not self.keeps or not isinstance(default, KeepTickets):
                return default
            others = [a for a in view.legal if isinstance(a, KeepTickets) and a != default]
            others.sort(key=lambda a: -keep_value(ctx, a.keep, True))
            cands: list[Action] = [default, *others[:5]]
        elif stage == Stage.CHOOSE_ACTION and not isinstance(default, DrawTickets):
            cands = candidates(ctx, default, rng)
            if self.wide:
                cands += wider_candidates(ctx)
        else:
            return default
        unique: list[Action] = []
        for a in cands:
            if a not in unique and a in view.legal:
                unique.append(a)
        if len(unique) < 2:
            return default
        return self._search(view, unique, rng)

    def _search(self, view: PlayerView, cands: list[Action], rng: random.Random) -> Action:
        seeds = new_seeds(rng, self.iterations)
        if self.wide and len(cands) > 7:  # sequential halving: a first look at all
            first = Gains(len(cands))
            first.add(self._margins(view, cands, seeds[:CHECK]))
            best = sorted(range(1, len(cands)), key=lambda i: -first.gain(i)[0])[:6]
            cands, seeds = [cands[0], *(cands[i] for i in best)], seeds[CHECK:]
        gains = Gains(len(cands))
        for i in range(0, len(seeds), CHECK):
            gains.add(self._margins(view, cands, seeds[i:i + CHECK]))
            if not gains.could_beat(SWITCH_MARGIN):
                break
        return cands[gains.best(SWITCH_MARGIN)]

    def _margins(self, view: PlayerView, cands: Sequence[Action],
                 seeds: Sequence[tuple[int, int]]) -> list[list[float]]:
        rows = playout_margins(view, cands, seeds)
        k = self.squash
        return rows if k <= 0 else [[k * math.tanh(m / k) for m in row] for row in rows]


VARIANTS: dict[str, Callable[[int], FixedSearch]] = {
    "base": lambda n: FixedSearch(n),
    "keeps": lambda n: FixedSearch(n, keeps=True),
    "squash": lambda n: FixedSearch(n, squash=15.0),
    "wide": lambda n: FixedSearch(n, wide=True),
}


def play(task: tuple[str, str, int, int, int]) -> tuple[float, float]:
    """One game; the variant's (result against the base: 1, ½, 0; score difference)."""
    map_name, variant, seat, players, seed = task
    map_def, cfg = resolve_game(map_name, "base", [])
    iterations = int(variant.split("@")[1])
    agents = [VARIANTS[variant.split("@")[0]](iterations) if s == seat
              else FixedSearch(iterations) for s in range(players)]
    rngs = [random.Random(f"{seed}:{s}:{s == seat}") for s in range(players)]

    def decide(state: GameState) -> Action:
        view = observe(state, state.current)
        if len(view.legal) == 1:
            return view.legal[0]
        return agents[state.current].choose(view, rngs[state.current])

    final, _ = play_out(new_game(map_def.game_map, cfg, players, seed), decide)
    res = results(final)
    mine = res.players[seat]
    best_other = min(res.players[s].rank for s in range(players) if s != seat)
    won = 1.0 if mine.rank < best_other else 0.5 if mine.rank == best_other else 0.0
    other = max(res.players[s].total for s in range(players) if s != seat)
    return won, float(mine.total - other)


def main() -> None:
    """Parse the flags, play every deal in every seating, print the result."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variant", choices=sorted(VARIANTS))
    ap.add_argument("--map", default="usa")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--deals", type=int, default=150)
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--iterations", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    tasks = [(a.map, f"{a.variant}@{a.iterations}", seat, a.players, a.seed * 1_000_003 + d)
             for d in range(a.deals) for seat in range(a.players)]
    start = time.time()
    with Pool(a.jobs) as pool:
        out = pool.map(play, tasks, chunksize=2)
    n = len(out)
    won = sum(w for w, _ in out)
    diffs = [d for _, d in out]
    mean = sum(diffs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / max(1, n - 1))
    lo, hi = wilson(won, n)
    print(f"{a.variant} vs base, {a.map} {a.players} players, {a.deals} deals of seed "
          f"{a.seed}, {a.iterations} iterations: {100 * won / n:.1f}% "
          f"[{100 * lo:.1f}, {100 * hi:.1f}] "
          f"of {n} games; score difference {mean:+.1f} ± {1.96 * sd / math.sqrt(n):.1f} "
          f"({time.time() - start:.0f} s)")


if __name__ == "__main__":
    main()
