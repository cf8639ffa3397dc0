"""`ttr bench`: engine speed on full random games (one core), and longest-path timing.

Random games run on the playout fast path (`Sim.play_random`: the moves of `Sim.sample`
+ `Sim.step`), from a new game to the final scoring (`Sim.results`, equal to `results`
of the frozen state). Times are CPU time of this process (`time.process_time`), so
other programs on a shared machine disturb them less than wall-clock time. A
*decision* is one action (a turn of two card draws is two decisions); a *turn* is one
player's whole turn.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time

from ttr.engine import GameMap, RulesConfig, apply, new_game, new_sim, observe
from ttr.engine.scoring import longest_trail, route_edges
from ttr.engine.state import GameState, Stage


def random_games(gm: GameMap, cfg: RulesConfig, players: int, games: int,
                 seed: int, rounds: int = 1) -> dict[str, float]:
    """Play the same random games `rounds` times on the fast path; return speed figures
    of the fastest round (`*_median`: of the median round).

    Other programs on a shared machine only ever slow a round down, so the fastest
    round is the best estimate of the engine's own speed; the median shows the spread.
    """
    times = []
    decisions = turns = 0
    for _ in range(rounds):
        decisions = turns = 0
        start = time.process_time()
        for g in range(games):
            sim = new_sim(gm, cfg, players, f"{seed}:{g}")
            decisions += sim.play_random(random.Random(f"{seed}:{g}"))
            turns += sim.turn
            sim.results()
        times.append(time.process_time() - start)
    best, median = min(times), statistics.median(times)
    return {
        "games_per_s": games / best,
        "games_per_s_median": games / median,
        "turns_per_game": turns / games,
        "decisions_per_game": decisions / games,
        "us_per_turn": best / turns * 1e6,
        "us_per_turn_median": median / turns * 1e6,
        "us_per_decision": best / decisions * 1e6,
    }


def final_states(gm: GameMap, cfg: RulesConfig, players: int, games: int, seed: int,
                 agent: str) -> list[GameState]:
    """Final states of games played by one agent kind in every seat."""
    out = []
    if agent == "random":
        for g in range(games):
            sim = new_sim(gm, cfg, players, f"lp{seed}:{g}")
            sim.play_random(random.Random(g))
            out.append(sim.freeze())
        return out
    from ttr.ai.base import make_agent

    bot = make_agent(agent)
    for g in range(games):
        rng = random.Random(g)
        state = new_game(gm, cfg, players, f"lp{seed}:{g}")
        while state.stage != Stage.GAME_OVER:
            state = apply(state, bot.choose(observe(state, state.current), rng, 0.0)).state
        out.append(state)
    return out


def longest_path_times(states: list[GameState], repeats: int = 3) -> list[float]:
    """Seconds to compute the longest trail of every player's final network.

    Each network is timed `repeats` times with the garbage collector off and the
    fastest run kept, so a collection or a context switch on a busy machine does not
    pass for the cost of one network.
    """
    times = []
    gc_was_on = gc.isenabled()
    gc.disable()
    try:
        for state in states:
            for seat in range(state.num_players):
                edges = route_edges(state.game_map, state.owners, seat)
                best = float("inf")
                for _ in range(repeats):
                    t = time.perf_counter()
                    longest_trail(edges)
                    best = min(best, time.perf_counter() - t)
                times.append(best)
    finally:
        if gc_was_on:
            gc.enable()
    return times


def calibration() -> float:
    """CPU seconds for 10 million additions in a Python loop: how fast this machine runs
    Python right now (shared virtual machines vary), to compare runs made at other times."""
    start = time.process_time()
    total = 0
    for i in range(10_000_000):
        total += i
    return time.process_time() - start


def run_bench(args: argparse.Namespace) -> int:
    """Entry point of `ttr bench`."""
    from ttr.maps.mapfile import find_map

    gm = find_map(args.map).game_map
    cfg = gm.rules("base")
    print(f"ttr bench: map {gm.id}, {args.games} random games per player count, one core, "
          f"best of {args.rounds} rounds (median in brackets)")
    print(f"  machine speed now: 10M Python additions in {calibration():.2f} s CPU")
    for players in (2, 4):
        r = random_games(gm, cfg, players, args.games, args.seed, args.rounds)
        print(f"  {players} players: {r['games_per_s']:6.1f} games/s "
              f"({r['games_per_s_median']:.1f}), "
              f"{r['us_per_turn']:5.1f} us/turn ({r['us_per_turn_median']:.1f}), "
              f"{r['turns_per_game']:.1f} turns/game, {r['decisions_per_game']:.1f} decisions "
              f"({r['us_per_decision']:.1f} us each)")
    states = final_states(gm, cfg, 2, max(50, args.games // 4), args.seed, "random")
    states += final_states(gm, cfg, 4, max(50, args.games // 4), args.seed, "random")
    states += final_states(gm, cfg, 2, 40, args.seed, "greedy")
    states += final_states(gm, cfg, 4, 20, args.seed, "greedy")
    times = sorted(longest_path_times(states))
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    print(f"  longest path over {len(times)} final networks (random + greedy games): "
          f"mean {statistics.mean(times) * 1e3:.3f} ms, p99 {p99 * 1e3:.3f} ms, "
          f"max {times[-1] * 1e3:.3f} ms")
    return 0
