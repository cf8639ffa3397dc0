"""Are the search's switches good? Where Hard's or Expert's search plays another move than
its policy, judge both moves by how the game really goes on: many continuations from
the true position (the deck and ticket deck reshuffled, every seat playing the strong
policy to the end), paired by seed, the margin of the seat that moved.

    python tools/switch_check.py [--agent expert|hard] [--iterations 200] [--games 16]
        [--every 5] [--continuations 60] [--seed 31] [--jobs 2] [--map usa] [--players 2]

Positions come from strong-policy games (seat 0's main turns, every `--every`-th). For
each switch it prints the search's own estimate and the continuations' paired gain; at
the end the mean of both over all switches (95%). docs/AI.md has the results. It plays
the installed `ttr` (the compiled build after `pip install .`), else this checkout's
sources.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from dataclasses import replace
from importlib.util import find_spec
from multiprocessing import Pool
from pathlib import Path

if find_spec("ttr") is None:  # not installed: this checkout's sources (pure Python)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ttr.ai.expert import ExpertAgent  # noqa: E402
from ttr.ai.heuristic import Context, PlanPlayer  # noqa: E402
from ttr.ai.levels import STRONG  # noqa: E402
from ttr.ai.paired import seat_margin, strong_finish  # noqa: E402
from ttr.ai.search import HardAgent  # noqa: E402
from ttr.engine import Action, GameState, Stage, apply, new_game, observe, results  # noqa: E402
from ttr.game.options import resolve_game  # noqa: E402

Game = tuple[str, int, int, int]
"""(map, players, game seed, every)"""
Task = tuple[str, int, Game, int, int, int]
"""(agent, iterations, game, position step, continuations, seed)"""


def positions(game: Game) -> list[tuple[int, GameState]]:
    """Seat 0's main-turn positions (every `every`-th) of a strong-policy game."""
    map_id, players, seed, every = game
    map_def, cfg = resolve_game(map_id, "base", [])
    policy = PlanPlayer(STRONG)
    rng = random.Random(seed)
    state = new_game(map_def.game_map, cfg, players, seed)
    out, mine, step = [], 0, 0
    while state.stage != Stage.GAME_OVER:
        view = observe(state, state.current)
        if state.current == 0 and state.stage == Stage.CHOOSE_ACTION and len(view.legal) > 1:
            if mine % every == every // 2:
                out.append((step, state))
            mine += 1
        action = view.legal[0] if len(view.legal) == 1 else policy.choose(view, rng, 0.0)
        state = apply(state, action).state
        step += 1
    return out


def margin(state: GameState, first: Action, seed: str) -> float:
    """Seat 0's final margin after `first` from `state` with the hidden future reshuffled
    (`seed`), every seat then playing the strong policy."""
    rng = random.Random(seed)
    deck, tickets = list(state.deck), list(state.ticket_deck)
    rng.shuffle(deck)
    rng.shuffle(tickets)
    state = replace(state, deck=tuple(deck), ticket_deck=tuple(tickets), seed=seed)
    rngs = [random.Random(f"{seed}:{s}") for s in range(state.num_players)]
    return seat_margin(results(strong_finish(apply(state, first).state, rngs)), 0)


Switch = tuple[int, float, float, float, str]
"""(step, the search's estimated gain, the continuations' mean paired gain, its standard
error, `Policy>Chosen` move kinds)"""


def check(task: Task) -> Switch | None:
    """One position: None if the search kept its policy's move, else the `Switch`."""
    agent, iterations, game, step, count, seed = task
    state = next(s for k, s in _cached(game) if k == step)
    game_seed = game[2]
    view = observe(state, 0)
    rng = random.Random(f"{seed}:{game_seed}:{step}")
    twin = random.Random()
    twin.setstate(rng.getstate())
    default = PlanPlayer(STRONG).decide(Context(view, STRONG), twin)
    estimate = math.nan
    if agent == "expert":
        thought = ExpertAgent(iterations=iterations, workers=0).think(view, rng, 0.0)
        chosen = thought.action
        if thought.gains is not None and chosen != default:
            estimate = thought.gains.gain(thought.cands.index(chosen))[0]
    else:
        chosen = HardAgent(iterations=iterations).choose(view, rng, 1.0)
    if chosen == default:
        return None
    gains = [margin(state, chosen, f"{seed}:{game_seed}:{step}:{k}")
             - margin(state, default, f"{seed}:{game_seed}:{step}:{k}") for k in range(count)]
    mean = sum(gains) / count
    sd = math.sqrt(sum((g - mean) ** 2 for g in gains) / max(1, count - 1))
    return step, estimate, mean, sd / math.sqrt(count), f"{_kind(default)}>{_kind(chosen)}"


def _kind(action: Action) -> str:
    """`Claim`, `Card` (face-up or deck), `Station` or the action's class name."""
    name = type(action).__name__
    return {"ClaimRoute": "Claim", "DrawFaceUp": "Card", "DrawDeck": "Card",
            "BuildStation": "Station"}.get(name, name)


_POSITIONS: dict[Game, list[tuple[int, GameState]]] = {}
"""A worker's positions per game: each game is played once per worker."""


def _cached(game: Game) -> list[tuple[int, GameState]]:
    if game not in _POSITIONS:
        _POSITIONS[game] = positions(game)
    return _POSITIONS[game]


def main() -> None:
    """Parse the flags, check every position, print each switch and the means."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--agent", choices=("expert", "hard"), default="expert")
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--games", type=int, default=16)
    ap.add_argument("--every", type=int, default=5)
    ap.add_argument("--continuations", type=int, default=60)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--map", default="usa")
    ap.add_argument("--players", type=int, default=2)
    a = ap.parse_args()
    games: list[Game] = [(a.map, a.players, a.seed * 1000 + g, a.every) for g in range(a.games)]
    tasks: list[Task] = [(a.agent, a.iterations, g, step, a.continuations, a.seed)
                         for g in games for step, _ in _cached(g)]
    with Pool(a.jobs) as pool:
        out = [r for r in pool.imap_unordered(check, tasks) if r is not None]
    for step, est, mean, se, kinds in sorted(out):
        print(f"step {step:4d} {kinds:12s}: search {est:+6.1f}  continuations {mean:+6.1f} "
              f"± {1.96 * se:.1f}")
    n = len(out)
    if not n:
        print(f"no switches in {len(tasks)} positions")
        return
    for kinds in sorted({k for *_, k in out}):
        some = [m for *_, m, _, k in out if k == kinds]
        print(f"  {kinds:12s} {len(some):3d} switches, continuations {sum(some) / len(some):+.1f}")
    means = [m for _, _, m, _, _ in out]
    mean = sum(means) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in means) / max(1, n - 1))
    ests = [e for _, e, _, _, _ in out if not math.isnan(e)]
    searched = f"{sum(ests) / len(ests):+.1f}" if ests else "n/a"
    print(f"{a.agent}#{a.iterations}: {n} switches in {len(tasks)} positions; search's "
          f"estimate {searched}, continuations {mean:+.1f} ± {1.96 * sd / math.sqrt(n):.1f} "
          f"points per switch")


if __name__ == "__main__":
    main()
