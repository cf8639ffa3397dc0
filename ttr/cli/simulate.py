"""`ttr simulate`: headless games between built-in agents, one line per game + a summary."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass
from typing import TextIO

from ttr.ai.base import make_agent
from ttr.ai.selfplay import MAX_DECISIONS, play_out
from ttr.engine import (
    Action,
    GameMap,
    GameResult,
    GameState,
    RulesConfig,
    Stage,
    TtrError,
    format_action,
    new_game,
    observe,
    results,
)
from ttr.game.options import resolve_game
from ttr.ui.words import counted


@dataclass(frozen=True, slots=True)
class SimGame:
    """One finished headless game."""

    seed: int
    result: GameResult
    turns: int
    decisions: int


def play_game(game_map: GameMap, config: RulesConfig, agent_names: list[str], seed: int,
              log: TextIO | None = None) -> SimGame:
    """Play one game between agents; each agent sees only its own view.

    Raises:
        TtrError: an agent returned an illegal action or the game did not end.
    """
    agents = [make_agent(name) for name in agent_names]
    rngs = [random.Random(f"{seed}:agent:{i}") for i in range(len(agents))]

    def decide(state: GameState) -> Action:
        seat = state.current
        action = agents[seat].choose(observe(state, seat), rngs[seat], 0.0)
        if log is not None:
            print(f"  {state.turn:4d} seat {seat} {agent_names[seat]:>8}: "
                  f"{format_action(action)}", file=log)
        return action

    state, decisions = play_out(new_game(game_map, config, len(agents), seed), decide,
                                MAX_DECISIONS)
    if state.stage != Stage.GAME_OVER:
        raise TtrError(f"seed {seed}: game did not end after {MAX_DECISIONS} decisions")
    return SimGame(seed, results(state), state.turn, decisions)


def _seat_agents(spec: str, players: int) -> list[str]:
    """The agent of each seat: the names in turn, repeated to fill the seats
    (`random,greedy` at 4 players seats random, greedy, random, greedy)."""
    names = [s.strip().lower() for s in spec.split(",") if s.strip()]
    if not names:
        raise TtrError("--agents names no agent")
    if len(names) > players:
        raise TtrError(f"--agents names {len(names)} agents for {players} players")
    names = [names[i % len(names)] for i in range(players)]
    for name in names:
        make_agent(name)  # raises on an unknown name
    return names


def format_breakdown(game: SimGame, game_map: GameMap, names: list[str]) -> str:
    """Multi-line final breakdown of one game."""
    lines = []
    for p in sorted(game.result.players, key=lambda p: p.rank):
        tickets = " ".join(
            f"{'+' if t.completed else '-'}{t.points}:{t.ticket}" for t in p.tickets
        )
        extras = []
        if p.longest_bonus:
            extras.append(f"longest {p.longest_path} +{p.longest_bonus}")
        if p.globetrotter_bonus:
            extras.append(f"globetrotter +{p.globetrotter_bonus}")
        if p.station_points or p.borrowed:
            extras.append(f"stations +{p.station_points}")
        lines.append(
            f"  #{p.rank} seat {p.seat} {names[p.seat]}: {p.total} = routes {p.route_points}"
            f" tickets {p.ticket_points:+d} [{tickets}] {' '.join(extras)}".rstrip()
        )
    lines.append(f"  decided by: {game.result.decided_by}")
    return "\n".join(lines)


def run_simulate(args: argparse.Namespace) -> int:
    """Entry point of `ttr simulate`."""
    definition, config = resolve_game(args.map, args.variant, args.rule)
    gm = definition.game_map
    names = _seat_agents(args.agents, args.players)
    wins = [0.0] * args.players
    scores: list[list[int]] = [[] for _ in range(args.players)]
    turns: list[int] = []
    start = time.perf_counter()
    for g in range(args.games):
        seed = args.seed + g
        game = play_game(gm, config, names, seed, sys.stdout if args.log else None)
        winners = game.result.winners
        for w in winners:
            wins[w] += 1 / len(winners)
        totals = [p.total for p in game.result.players]
        for seat, total in enumerate(totals):
            scores[seat].append(total)
        turns.append(game.turns)
        print(f"game {g + 1} seed {seed}: winner {'+'.join(map(str, winners))} "
              f"scores {'/'.join(map(str, totals))} turns {game.turns} "
              f"by {game.result.decided_by}")
        if args.log:
            print(format_breakdown(game, gm, names))
    elapsed = time.perf_counter() - start
    print(f"\n{counted(args.games, 'game')} on {gm.id}/{config.variant}, {args.players} players, "
          f"{elapsed:.2f} s, {args.games / elapsed:.1f} games/s, "
          f"mean turns {statistics.mean(turns):.1f}")
    for seat in range(args.players):
        print(f"seat {seat} {names[seat]:>8}: wins {wins[seat]:6.1f} "
              f"({100 * wins[seat] / args.games:5.1f}%)  mean score "
              f"{statistics.mean(scores[seat]):7.1f}")
    return 0
