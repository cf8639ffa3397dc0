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
from ttr.i18n import _, ngettext, number


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
            # TRANSLATORS: one move in the log of `ttr simulate`: turn, seat, agent, move
            print(_("  {turn} seat {seat} {agent}: {move}").format(
                turn=f"{state.turn:4d}", seat=seat, agent=f"{agent_names[seat]:>8}",
                move=format_action(action)), file=log)
        return action

    state, decisions = play_out(new_game(game_map, config, len(agents), seed), decide,
                                MAX_DECISIONS)
    if state.stage != Stage.GAME_OVER:
        raise TtrError(_("seed {seed}: game did not end after {n} decisions").format(
            seed=seed, n=number(MAX_DECISIONS)))
    return SimGame(seed, results(state), state.turn, decisions)


def _seat_agents(spec: str, players: int) -> list[str]:
    """The agent of each seat: the names in turn, repeated to fill the seats
    (`random,greedy` at 4 players seats random, greedy, random, greedy)."""
    names = [s.strip().lower() for s in spec.split(",") if s.strip()]
    if not names:
        raise TtrError(_("--agents names no agent"))
    if len(names) > players:
        raise TtrError(ngettext("--agents names {n} agents for {players} player",
                                "--agents names {n} agents for {players} players",
                                players).format(n=len(names), players=players))
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
            # TRANSLATORS: the longest path's length and its bonus (`ttr simulate --log`)
            extras.append(_("longest {length} +{bonus}").format(length=p.longest_path,
                                                                 bonus=p.longest_bonus))
        if p.globetrotter_bonus:
            extras.append(_("globetrotter +{bonus}").format(bonus=p.globetrotter_bonus))
        if p.station_points or p.borrowed:
            extras.append(_("stations +{points}").format(points=p.station_points))
        # TRANSLATORS: a player's final score in `ttr simulate --log`; {tickets} is a list
        # of +points:ticket, {extras} the bonuses
        lines.append(_("  #{rank} seat {seat} {agent}: {total} = routes {routes} tickets "
                       "{ticket_points:+d} [{tickets}] {extras}").format(
            rank=p.rank, seat=p.seat, agent=names[p.seat], total=p.total,
            routes=p.route_points, ticket_points=p.ticket_points, tickets=tickets,
            extras=" ".join(extras)).rstrip())
    # TRANSLATORS: {how} is a code of the engine (points, tickets, longest, ...)
    lines.append(_("  decided by: {how}").format(how=game.result.decided_by))
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
        # TRANSLATORS: one game of `ttr simulate`; {winner} is seats ("0+2"), {scores}
        # "102/87", {how} a code of the engine (points, tickets, longest, ...)
        print(_("game {n} seed {seed}: winner {winner} scores {scores} turns {turns} "
                "by {how}").format(n=g + 1, seed=seed, winner="+".join(map(str, winners)),
                                   scores="/".join(map(str, totals)), turns=game.turns,
                                   how=game.result.decided_by))
        if args.log:
            print(format_breakdown(game, gm, names))
    elapsed = time.perf_counter() - start
    games = ngettext("{n} game", "{n} games", args.games).format(n=number(args.games))
    # TRANSLATORS: the summary of `ttr simulate`: {games} is "20 games", {map} "usa/base"
    print("\n" + ngettext("{games} on {map}, {players} player, {seconds} s, {rate} games/s, "
                          "mean turns {turns}",
                          "{games} on {map}, {players} players, {seconds} s, {rate} games/s, "
                          "mean turns {turns}", args.players).format(
        games=games, map=f"{gm.id}/{config.variant}", players=args.players,
        seconds=number(elapsed, 2), rate=number(args.games / elapsed, 1),
        turns=number(statistics.mean(turns), 1)))
    for seat in range(args.players):
        # TRANSLATORS: one seat in the summary of `ttr simulate` (columns aligned)
        print(_("seat {seat} {agent}: wins {wins} ({share}%)  mean score {score}").format(
            seat=seat, agent=f"{names[seat]:>8}", wins=f"{number(wins[seat], 1):>6}",
            share=f"{number(100 * wins[seat] / args.games, 1):>5}",
            score=f"{number(statistics.mean(scores[seat]), 1):>7}"))
    return 0
