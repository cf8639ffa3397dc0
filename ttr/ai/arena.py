"""`ttr arena`: a round robin between agents with paired deals, on several cores.

Every deal (a game seed) is played by each group of `players` agents in every seating
(all permutations for 2 players, every rotation for more), so luck of the deal and of
the seat cancels out. Agents see only `observe(state, seat)`. An exception or illegal
action is recorded as a failure of that agent (its move is replaced by the first legal
one) and never stops the run. The report is in `arena_report.py`.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import deque
from collections.abc import Iterable, Iterator, Sized
from concurrent.futures import Future
from dataclasses import dataclass, field
from itertools import combinations, permutations
from math import comb
from typing import Any, TextIO

from ttr.ai.base import Agent, agent_info, make_agent
from ttr.ai.selfplay import MAX_DECISIONS, play_out
from ttr.ai.worker import close_pool, worker_pool
from ttr.engine import (
    Action,
    GameMap,
    GameState,
    RulesConfig,
    Stage,
    TtrError,
    check_action,
    format_action,
    new_game,
    observe,
    results,
)


@dataclass(frozen=True, slots=True)
class AgentSpec:
    """An agent by registry name, with its thinking budget (`name@seconds` overrides)."""

    name: str
    budget: float
    iterations: int | None = None
    """Search iterations per decision (`hard#N`, `expert#N`): the same moves on any
    machine."""

    @property
    def label(self) -> str:
        """The name as the report shows it."""
        label = (
            self.name
            if self.budget == agent_info(self.name).budget
            else f"{self.name}@{self.budget:g}"
        )
        return label if self.iterations is None else f"{label}#{self.iterations}"

    def make(self) -> Agent:
        """A new agent of this spec."""
        agent = make_agent(self.name)
        if self.iterations is not None:
            agent.iterations = self.iterations  # type: ignore[attr-defined]
        return agent


def parse_agents(text: str, players: int) -> list[AgentSpec]:
    """`"hard,medium@0.1,hard#40,routefocus"` -> specs.

    Raises:
        TtrError: unknown names, duplicates, bad budgets or iteration counts, or too few
            agents.
    """
    specs = []
    for part in (p.strip().lower() for p in text.split(",")):
        if not part:
            continue
        rest, hash_mark, count = part.partition("#")
        name, _, budget = rest.partition("@")
        info = agent_info(name)  # raises on an unknown name
        iterations = None
        if hash_mark:
            if not info.fixed_iterations:
                raise TtrError(f"{part!r}: only hard and expert search, so only they take "
                               "#iterations")
            if not count.isdigit() or not 0 < int(count) <= 10_000:
                raise TtrError(f"bad iteration count in {part!r} (use {name}#N, N from 1 "
                               "to 10000)")
            iterations = int(count)
        try:
            b = float(budget) if budget else info.budget
        except ValueError:
            raise TtrError(f"bad thinking time in {part!r} (use name@seconds)") from None
        if not 0 <= b <= 60:
            raise TtrError(f"thinking time in {part!r} must be 0 to 60 seconds")
        specs.append(AgentSpec(name, b, iterations))
    labels = [s.label for s in specs]
    if len(set(labels)) != len(labels):
        raise TtrError(f"--agents lists an agent twice: {text!r}")
    if len(specs) < max(2, players):
        raise TtrError(
            f"--agents needs at least {max(2, players)} agents for "
            f"{players}-player games, got {len(specs)}"
        )
    return specs


@dataclass(frozen=True, slots=True)
class GameTask:
    """One game to play: the deal, and the agents in seat order."""

    deal: int
    seed: int
    seats: tuple[AgentSpec, ...]


@dataclass(slots=True)
class GameOutcome:
    """What one arena game produced."""

    deal: int
    seed: int
    seats: list[str]
    scores: list[int] = field(default_factory=list)
    ranks: list[int] = field(default_factory=list)
    completed: list[int] = field(default_factory=list)
    tickets: list[int] = field(default_factory=list)
    times: list[list[float]] = field(default_factory=list)
    over_budget: list[int] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    turns: int = 0


class Schedule:
    """Every group of `players` agents, every deal, every seating, made one game at a
    time as it is iterated (a schedule of a billion deals costs nothing to hold)."""

    def __init__(self, specs: list[AgentSpec], players: int, deals: int, seed: int) -> None:
        self.specs, self.players, self.deals, self.seed = specs, players, deals, seed

    def _seatings(self, group: tuple[AgentSpec, ...]) -> Iterator[tuple[AgentSpec, ...]]:
        if self.players == 2:
            return permutations(group)
        return (group[i:] + group[:i] for i in range(self.players))

    def __len__(self) -> int:
        per_group = 2 if self.players == 2 else self.players
        return self.deals * comb(len(self.specs), self.players) * per_group

    def __iter__(self) -> Iterator[GameTask]:
        for deal in range(self.deals):
            game_seed = self.seed * 1_000_003 + deal
            for group in combinations(self.specs, self.players):
                for seats in self._seatings(group):
                    yield GameTask(deal, game_seed, seats)


def schedule(specs: list[AgentSpec], players: int, deals: int, seed: int) -> Schedule:
    """Every group of `players` agents, every deal, every seating (lazily)."""
    return Schedule(specs, players, deals, seed)


def play_game(game_map: GameMap, config: RulesConfig, task: GameTask) -> GameOutcome:
    """Play one arena game; agent failures are recorded, not raised."""
    n = len(task.seats)
    agents = [s.make() for s in task.seats]
    rngs = [random.Random(f"{task.seed}:{i}:{s.name}") for i, s in enumerate(task.seats)]
    out = GameOutcome(task.deal, task.seed, [s.label for s in task.seats])
    out.times = [[] for _ in range(n)]
    out.over_budget = [0] * n

    def decide(state: GameState) -> Action:
        seat = state.current
        view = observe(state, seat)
        spec = task.seats[seat]
        start = time.perf_counter()
        try:
            action = agents[seat].choose(view, rngs[seat], spec.budget)
            check_action(action)  # a malformed action can equal a legal one (True == 1)
            error = None if action in view.legal else f"illegal action {_fmt(action)}"
        except Exception as e:  # an agent bug must not stop the arena
            action, error = None, f"{type(e).__name__}: {e}"
        took = time.perf_counter() - start
        out.times[seat].append(took)
        if spec.budget > 0 and took > 1.2 * spec.budget:
            out.over_budget[seat] += 1
        if error is not None or action is None:
            out.failures.append(
                f"{spec.label} (seat {seat}, deal {task.deal}, turn {state.turn}): {error}"
            )
            action = view.legal[0]
        return action

    state, _ = play_out(new_game(game_map, config, n, task.seed), decide, MAX_DECISIONS)
    if state.stage != Stage.GAME_OVER:
        out.failures.append(f"game {task.seed} did not end in {MAX_DECISIONS} decisions")
    res = results(state)
    out.scores = [p.total for p in res.players]
    out.ranks = [p.rank for p in res.players]
    out.completed = [p.completed for p in res.players]
    out.tickets = [len(p.tickets) for p in res.players]
    out.turns = state.turn
    return out


def _fmt(action: object) -> str:
    try:
        return format_action(action)  # type: ignore[arg-type]
    except TtrError:
        return repr(action)


def run_games(
    game_map: GameMap,
    config: RulesConfig,
    tasks: Iterable[GameTask],
    jobs: int,
    progress: TextIO | None = None,
) -> list[GameOutcome]:
    """Play the tasks on `jobs` processes (spawned, dying with this one), in order,
    reporting progress; at most `2 * jobs` games are handed out ahead, so a long
    schedule is never built in memory."""
    start = time.monotonic()
    done: list[GameOutcome] = []
    last = 0.0
    total = len(tasks) if isinstance(tasks, Sized) else 0

    def tick() -> None:
        nonlocal last
        now = time.monotonic()
        if progress is None or (now - last < 2 and len(done) < total):
            return
        last = now
        spent = now - start
        eta = spent / len(done) * (total - len(done)) if done and total else 0
        fails = sum(len(g.failures) for g in done)
        print(
            f"arena: {len(done)}/{total or '?'} games, {spent:.0f}s elapsed, "
            f"~{eta:.0f}s left, {fails} failures",
            file=progress,
            flush=True,
        )

    if jobs <= 1 or total == 1:
        for t in tasks:
            done.append(play_game(game_map, config, t))
            tick()
        return done
    pool = worker_pool(jobs)
    try:
        ahead: deque[Future[GameOutcome]] = deque()
        for t in tasks:
            ahead.append(pool.submit(play_game, game_map, config, t))
            if len(ahead) >= 2 * jobs:
                done.append(ahead.popleft().result())
                tick()
        while ahead:
            done.append(ahead.popleft().result())
            tick()
    finally:  # Ctrl-C or an error: the games still running are not waited for
        close_pool(pool)
    return done


def run_arena(args: argparse.Namespace, game_map: GameMap, config: RulesConfig) -> int:
    """The `ttr arena` subcommand: play, print the report, optionally write JSON.

    The command line resolves the map and rules (ttr.game.options), since agents and
    the arena import only the engine.

    Raises:
        TtrError: bad agents.
    """
    from ttr.ai.arena_report import build_report, format_report

    specs = parse_agents(args.agents, args.players)
    tasks = schedule(specs, args.players, args.deals, args.seed)
    print(
        f"arena: {len(tasks)} games of {args.map}/{args.variant}, {args.players} players, "
        f"{len(specs)} agents, {args.jobs} jobs",
        file=sys.stderr,
        flush=True,
    )
    outcomes = run_games(game_map, config, tasks, args.jobs, sys.stderr)
    meta: dict[str, Any] = {
        "map": args.map,
        "variant": args.variant,
        "players": args.players,
        "deals": args.deals,
        "seed": args.seed,
        "rules": list(args.rule),
        "command": "ttr arena " + " ".join(sys.argv[2:]) if len(sys.argv) > 2 else "",
    }
    report = build_report([s.label for s in specs], outcomes, meta)
    print(format_report(report))
    if args.out:
        try:
            with open(args.out, "w", encoding="utf-8") as f:
                json.dump(report, f, indent=1)
        except OSError as e:
            raise TtrError(f"cannot write {args.out}: {e.strerror}") from None
    return 1 if report["failures"] else 0
