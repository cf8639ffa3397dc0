"""`ttr bench`: engine speed on full random games, longest-path timing and (`--ai`) Hard's
search, for the compiled and the pure-Python build side by side.

Random games run on the playout fast path (`Sim.play_random`: the moves of `Sim.sample`
+ `Sim.step`), from a new game to the final scoring (`Sim.results`, equal to `results`
of the frozen state). The third line plays 2-player random games the way a client of the
full listing does: every decision lists every legal move (`Sim.legal`, what
`legal_actions` and every view build) and steps one picked uniformly; the fourth plays
2-player games through the public API, as views, the online server and hints do: every
decision calls `legal_actions` and `apply` on immutable states (a twentieth of the
games: it is the slowest way to play). Times are CPU time (`time.process_time`), so
other programs on a shared machine disturb them less than wall-clock time. A *decision*
is one action (a turn of two card draws is two decisions); a *turn* is one player's
whole turn.

Each build runs in its own worker process (`ttr bench --worker`, the pure one with
`TTR_PURE=1`) on the same games, and on the same `ttr` as this process (the installed
one when run as `ttr bench`, from any folder: see `ttr.native.where`); the rounds
alternate between the builds, so a change in the machine's speed hits both alike, and
only one worker computes at a time. The figures of a build are its fastest round (other
programs only ever slow a round down) and, in brackets, its median round; the ratio
compares the fastest rounds.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import IO, Any

from ttr.engine import (
    Action,
    GameMap,
    RulesConfig,
    apply,
    legal_actions,
    new_game,
    new_sim,
    observe,
)
from ttr.engine.scoring import longest_trail, route_edges
from ttr.engine.state import GameState, Stage
from ttr.native import PACKAGE_DIR
from ttr.native.where import child_command, child_env, describe

HARD_POSITIONS = 10
"""Positions of Hard's search timed by `--ai` (Hard to move, at least 3 candidates)."""
HARD_ITERATIONS = 12
"""Search iterations per position and round."""
API_SHARE = 20
"""The public-API games are this fraction of `--games` (at least one)."""


def random_games(gm: GameMap, cfg: RulesConfig, players: int, games: int,
                 seed: int, rounds: int = 1) -> dict[str, float]:
    """Play the same random games `rounds` times on the fast path; return speed figures
    of the fastest round (`*_median`: of the median round)."""
    rounds_data = [random_round(gm, cfg, players, games, seed) for _ in range(rounds)]
    times = [r["seconds"] for r in rounds_data]
    return speed_figures(rounds_data[0], games, min(times), statistics.median(times))


def random_round(gm: GameMap, cfg: RulesConfig, players: int, games: int,
                 seed: int) -> dict[str, float]:
    """One round: `games` random games; CPU seconds, turns and decisions."""
    decisions = turns = 0
    start = time.process_time()
    for g in range(games):
        sim = new_sim(gm, cfg, players, f"{seed}:{g}")
        decisions += sim.play_random(random.Random(f"{seed}:{g}"))
        turns += sim.turn
        sim.results()
    return {"seconds": time.process_time() - start, "turns": turns, "decisions": decisions}


OneGame = Callable[[str, Callable[[], float]], tuple[int, int]]
"""Plays one game from its seed with a uniform random source; returns (decisions, turns)."""


def _timed_games(games: int, seed: int, play: OneGame) -> dict[str, float]:
    """CPU seconds, turns and decisions of `games` games played by `play`."""
    decisions = turns = 0
    start = time.process_time()
    for g in range(games):
        d, t = play(f"{seed}:{g}", random.Random(f"{seed}:{g}").random)
        decisions, turns = decisions + d, turns + t
    return {"seconds": time.process_time() - start, "turns": turns, "decisions": decisions}


def listed_round(gm: GameMap, cfg: RulesConfig, players: int, games: int,
                 seed: int) -> dict[str, float]:
    """One round of random games that pick uniformly from the full legal listing
    (`Sim.legal`, then `Sim.step`): CPU seconds, turns and decisions."""

    def play(game_seed: str, rand: Callable[[], float]) -> tuple[int, int]:
        sim = new_sim(gm, cfg, players, game_seed)
        decisions = 0
        while sim.stage != Stage.GAME_OVER:
            legal = sim.legal()
            sim.step(legal[math.floor(rand() * len(legal))])
            decisions += 1
        sim.results()
        return decisions, sim.turn

    return _timed_games(games, seed, play)


def api_round(gm: GameMap, cfg: RulesConfig, players: int, games: int,
              seed: int) -> dict[str, float]:
    """One round of random games through the public API: every decision lists the legal
    moves (`legal_actions`) and applies one picked uniformly (`apply`); CPU seconds,
    turns and decisions."""

    def play(game_seed: str, rand: Callable[[], float]) -> tuple[int, int]:
        state = new_game(gm, cfg, players, game_seed)
        decisions = 0
        while state.stage != Stage.GAME_OVER:
            legal = legal_actions(state)
            state = apply(state, legal[math.floor(rand() * len(legal))]).state
            decisions += 1
        return decisions, state.turn

    return _timed_games(games, seed, play)


def speed_figures(counts: dict[str, float], games: int, best: float,
                  median: float) -> dict[str, float]:
    """Games per second, microseconds per turn and per decision, from round times."""
    turns, decisions = counts["turns"], counts["decisions"]
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


def longest_path_states(gm: GameMap, cfg: RulesConfig, games: int, seed: int) -> list[GameState]:
    """The final states whose networks the longest-path timing uses (with the default
    2000 games: 500 random and 40 greedy 2-player games, 500 random and 20 greedy
    4-player games; fewer for short runs)."""
    states = final_states(gm, cfg, 2, max(50, games // 4), seed, "random")
    states += final_states(gm, cfg, 4, max(50, games // 4), seed, "random")
    states += final_states(gm, cfg, 2, min(40, max(2, games // 50)), seed, "greedy")
    states += final_states(gm, cfg, 4, min(20, max(1, games // 100)), seed, "greedy")
    return states


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


def path_figures(times: list[float]) -> dict[str, float]:
    """Mean, 99th percentile and worst time in milliseconds."""
    times = sorted(times)
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    return {"count": len(times), "mean_ms": statistics.mean(times) * 1e3, "p99_ms": p99 * 1e3,
            "max_ms": times[-1] * 1e3}


HardWork = list[tuple[Any, list[Action]]]
"""(view, candidate moves) per position of Hard's search."""


def hard_positions(gm: GameMap, cfg: RulesConfig, count: int, seed: int) -> HardWork:
    """Positions along 2-player games (a planning player with a quarter of random moves)
    where Hard would search: its main-turn decision with at least 3 candidates."""
    from ttr.ai.heuristic import Context
    from ttr.ai.levels import STRONG
    from ttr.ai.search import HardAgent, candidates
    from ttr.ai.selfplay import mixed_play

    found: HardWork = []
    hard = HardAgent()
    for game in range(20):
        for step, state, view in mixed_play(gm, cfg, 2, f"hard{seed}:{game}"):
            if step % 5 == 0 and state.stage == Stage.CHOOSE_ACTION:
                ctx = Context(view, STRONG)
                rng = random.Random(step)
                cands = candidates(ctx, hard.policy.decide(ctx, rng), rng)
                if len(cands) >= 3:
                    found.append((view, cands))
        if len(found) >= 3 * count:
            break
    return found[:: max(1, len(found) // count)][:count]


def hard_round(work: HardWork, iterations: int) -> dict[str, float]:
    """One round of Hard's search iterations on every position (CPU seconds)."""
    from ttr.ai.paired import new_seeds, playout_margins

    playouts = 0
    start = time.process_time()
    for k, (view, cands) in enumerate(work):
        rng = random.Random(k)
        for _ in range(iterations):
            playout_margins(view, cands, new_seeds(rng, 1))
        playouts += iterations * len(cands)
    return {"seconds": time.process_time() - start, "iterations": iterations * len(work),
            "playouts": playouts}


def calibration() -> float:
    """CPU seconds for 10 million additions in a Python loop: how fast this machine runs
    Python right now (shared virtual machines vary), to compare runs made at other times."""
    start = time.process_time()
    total = 0
    for i in range(10_000_000):
        total += i
    return time.process_time() - start


# ---- the worker: one build in one process ----------------------------------------------


class _Worker:
    """The benchmark state of one build (`ttr bench --worker`)."""

    def __init__(self) -> None:
        self.gm: GameMap | None = None
        self.cfg = RulesConfig()
        self.states: list[GameState] = []
        self.hard: HardWork = []

    def handle(self, task: dict[str, Any]) -> dict[str, Any]:
        kind = task["task"]
        if kind == "setup":
            from ttr import BUILD
            from ttr.maps.mapfile import find_map

            self.gm = find_map(task["map"]).game_map
            self.cfg = self.gm.rules("base")
            self.states = longest_path_states(self.gm, self.cfg, task["games"], task["seed"])
            if task["ai"]:
                self.hard = hard_positions(self.gm, self.cfg, HARD_POSITIONS, task["seed"])
            return {"build": BUILD.describe(), "compiled": BUILD.compiled,
                    "ttr": str(PACKAGE_DIR), "candidates": [len(c) for _, c in self.hard]}
        assert self.gm is not None, "setup first"
        if kind == "random":
            return random_round(self.gm, self.cfg, task["players"], task["games"], task["seed"])
        if kind == "listed":
            return listed_round(self.gm, self.cfg, task["players"], task["games"], task["seed"])
        if kind == "api":
            return api_round(self.gm, self.cfg, task["players"], task["games"], task["seed"])
        if kind == "longest":
            return path_figures(longest_path_times(self.states))
        if kind == "hard":
            return hard_round(self.hard, HARD_ITERATIONS)
        raise ValueError(f"unknown task {kind!r}")


def serve(stdin: IO[str], stdout: IO[str]) -> int:
    """Answer one JSON task per line until stdin closes."""
    worker = _Worker()
    for line in stdin:
        stdout.write(json.dumps(worker.handle(json.loads(line))) + "\n")
        stdout.flush()
    return 0


class _Build:
    """A worker process for one build, asked one task at a time."""

    def __init__(self, pure: bool) -> None:
        self.process = subprocess.Popen(  # on the same ttr as this process, from any folder
            child_command("-m", "ttr", "bench", "--worker"), env=child_env(pure), text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.name = "pure Python" if pure else "compiled"

    def ask(self, **task: Any) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(task) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.name} benchmark process stopped")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=60)


# ---- the report -------------------------------------------------------------------------


def _interleaved(builds: list[_Build], rounds: int, **task: Any) -> list[list[dict[str, Any]]]:
    """`rounds` answers to `task` from every build, the builds taking turns."""
    answers: list[list[dict[str, Any]]] = [[] for _ in builds]
    for _ in range(rounds):
        for i, build in enumerate(builds):
            answers[i].append(build.ask(**task))
    return answers


def _print_ratio(label: str, values: list[float], higher_is_faster: bool) -> None:
    """With both builds measured (compiled first): how many times faster compiled is."""
    if len(values) == 2:
        compiled, pure = values
        ratio = compiled / pure if higher_is_faster else pure / compiled
        print(f"    {label}: compiled {ratio:.2f}x the pure build")


def run_bench(args: argparse.Namespace) -> int:
    """Entry point of `ttr bench` (and of its workers, `--worker`)."""
    if args.worker:
        return serve(sys.stdin, sys.stdout)
    from ttr import BUILD

    if args.build == "compiled" and not BUILD.compiled:
        print(f"ttr bench: no compiled build to measure: {describe()}", file=sys.stderr)
        return 2
    pure_flags = {"both": [False, True] if BUILD.compiled else [True],
                  "compiled": [False], "pure": [True]}[args.build]
    builds = [_Build(pure) for pure in pure_flags]
    try:
        return _report(args, builds, describe())
    except RuntimeError as e:  # a worker that stopped or ran another ttr
        print(f"ttr bench: {e}", file=sys.stderr)
        return 1
    finally:
        for build in builds:
            build.close()


def _report(args: argparse.Namespace, builds: list[_Build], this: str) -> int:
    setups = [b.ask(task="setup", map=args.map, games=args.games, seed=args.seed, ai=args.ai)
              for b in builds]
    print(f"ttr bench: map {args.map}, best of {args.rounds} rounds (median in brackets), "
          f"one core; {this}")
    for b, setup in zip(builds, setups, strict=True):
        if setup["ttr"] != str(PACKAGE_DIR):  # (PYTHONSAFEPATH unsupported, say)
            raise RuntimeError(f"the {b.name} worker ran the ttr at {setup['ttr']}, "
                               f"not this one ({PACKAGE_DIR})")
        print(f"  {b.name} build: {setup['build']}")
    if len(builds) > 1:
        print("  (each build in its own process, on the same games, the rounds taking turns)")
    print(f"  machine speed now: 10M Python additions in {calibration():.2f} s CPU")
    width = max(len(b.name) for b in builds)
    api_games = max(1, args.games // API_SHARE)
    for kind, players, games in (("random", 2, args.games), ("random", 4, args.games),
                                 ("listed", 2, args.games), ("api", 2, api_games)):
        rounds = _interleaved(builds, args.rounds, task=kind, players=players,
                              games=games, seed=args.seed)
        what = f"{players} players" + {"random": "", "listed": ", full listing",
                                       "api": ", public API (legal_actions + apply)"}[kind]
        figures = []
        for b, answers in zip(builds, rounds, strict=True):
            times = [a["seconds"] for a in answers]
            r = speed_figures(answers[0], games, min(times), statistics.median(times))
            figures.append(r)
            label = f"{b.name}:"
            print(f"  {what}, {label:{width + 1}} {r['games_per_s']:7.1f} games/s "
                  f"({r['games_per_s_median']:.1f}), {r['us_per_turn']:5.2f} us/turn "
                  f"({r['us_per_turn_median']:.2f}), {r['turns_per_game']:.1f} turns/game, "
                  f"{r['decisions_per_game']:.1f} decisions ({r['us_per_decision']:.2f} us each)")
        _print_ratio(f"{what}, per turn", [f["us_per_turn"] for f in figures], False)
    paths = _interleaved(builds, 3, task="longest")
    best_paths = [min(answers, key=lambda a: a["mean_ms"]) for answers in paths]
    for b, p in zip(builds, best_paths, strict=True):
        label = f"{b.name}:"
        print(f"  longest path, {label:{width + 1}} {p['count']} final networks (random + "
              f"greedy games): mean {p['mean_ms']:.4f} ms, p99 {p['p99_ms']:.3f} ms, "
              f"max {p['max_ms']:.3f} ms")
    _print_ratio("longest path, mean", [p["mean_ms"] for p in best_paths], False)
    if args.ai:
        hard = _interleaved(builds, args.rounds, task="hard")
        cands = setups[0]["candidates"]
        rates = []
        for b, answers in zip(builds, hard, strict=True):
            its = [a["iterations"] / a["seconds"] for a in answers]
            plays = max(a["playouts"] / a["seconds"] for a in answers)
            rates.append(max(its))
            label = f"{b.name}:"
            print(f"  Hard's search, {label:{width + 1}} {max(its):6.1f} iterations/s "
                  f"({statistics.median(its):.1f}), {plays:.0f} playouts/s "
                  f"({len(cands)} positions, {sum(cands)} candidates, "
                  f"{HARD_ITERATIONS} iterations each a round)")
        _print_ratio("Hard's search, iterations per second", rates, True)
    return 0
