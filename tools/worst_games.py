"""Find an agent's worst games and say what went wrong in them.

    python tools/worst_games.py --map europe --players 4 \
        --agents hard@0,medium,routefocus,onestep --deals 50 --seed 1 --focus hard@0

Plays arena games (every deal in every rotation, as `ttr arena` does), then for the
focus agent lists the bottom `--share` of its games by final score with a breakdown:
route points, failed tickets (long ones marked), trains left, tunnel claims withdrawn,
stations built and left, tickets drawn after the deal and how many of those failed.
It ends with the same counts averaged over the bottom games and over all games, so
the causes of bad games stand out. `--out` writes every game (with its actions) as
JSON, so a game can be replayed. Runs on one core unless `--jobs` says otherwise.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttr.ai.arena import AgentSpec, GameTask, parse_agents, schedule  # noqa: E402
from ttr.engine import (  # noqa: E402
    DrawTickets,
    GameMap,
    RulesConfig,
    Stage,
    StationBuilt,
    TicketsKept,
    TunnelRevealed,
    TunnelWithdrawn,
    apply,
    format_action,
    new_game,
    observe,
    results,
)
from ttr.game.options import resolve_game  # noqa: E402


@dataclass(slots=True)
class SeatReport:
    """What one seat did in one game."""

    agent: str
    score: int
    rank: int
    best_other: int
    route_points: int
    ticket_points: int
    tickets: int
    failed: int
    failed_points: int
    long_failed: int
    trains_left: int
    tunnels: int
    withdrawn: int
    stations_built: int
    station_points: int
    later_draws: int
    later_kept: int
    later_failed: int
    longest_bonus: int
    failed_names: list[str] = field(default_factory=list)


@dataclass(slots=True)
class GameReport:
    """One game: deal, seats, turns, actions and a report per seat."""

    deal: int
    seed: int
    turns: int
    seats: list[SeatReport]
    actions: list[str]


def play(game_map: GameMap, config: RulesConfig, task: GameTask) -> GameReport:
    """Play one game and count, per seat, what the report shows."""
    n = len(task.seats)
    agents = [s.make() for s in task.seats]
    rngs = [random.Random(f"{task.seed}:{i}:{s.name}") for i, s in enumerate(task.seats)]
    state = new_game(game_map, config, n, task.seed)
    actions: list[str] = []
    tunnels, withdrawn, stations = [0] * n, [0] * n, [0] * n
    later_draws = [0] * n
    later: list[set[str]] = [set() for _ in range(n)]
    while state.stage != Stage.GAME_OVER:
        seat = state.current
        view = observe(state, seat)
        action = agents[seat].choose(view, rngs[seat], task.seats[seat].budget)
        if isinstance(action, DrawTickets):
            later_draws[seat] += 1
        stage = state.stage
        tr = apply(state, action)
        for e in tr.events:
            if isinstance(e, TunnelRevealed):
                tunnels[e.seat] += 1
            elif isinstance(e, TunnelWithdrawn):
                withdrawn[e.seat] += 1
            elif isinstance(e, StationBuilt):
                stations[e.seat] += 1
            elif isinstance(e, TicketsKept) and stage == Stage.KEEP_TICKETS and e.kept:
                later[e.seat].update(e.kept)
        actions.append(format_action(action))
        state = tr.state
    res = results(state)
    gm = game_map
    seats = []
    for p in res.players:
        failed = [t for t in p.tickets if not t.completed]
        seats.append(SeatReport(
            agent=task.seats[p.seat].label,
            score=p.total,
            rank=p.rank,
            best_other=max(q.total for q in res.players if q.seat != p.seat),
            route_points=p.route_points,
            ticket_points=p.ticket_points,
            tickets=len(p.tickets),
            failed=len(failed),
            failed_points=sum(t.points for t in failed),
            long_failed=sum(1 for t in failed if gm.ticket_by_id[t.ticket].long),
            trains_left=state.players[p.seat].trains,
            tunnels=tunnels[p.seat],
            withdrawn=withdrawn[p.seat],
            stations_built=stations[p.seat],
            station_points=p.station_points,
            later_draws=later_draws[p.seat],
            later_kept=len(later[p.seat]),
            later_failed=sum(1 for t in failed if t.ticket in later[p.seat]),
            longest_bonus=p.longest_bonus,
            failed_names=[
                f"{gm.city_name(gm.ticket_by_id[t.ticket].a)}-"
                f"{gm.city_name(gm.ticket_by_id[t.ticket].b)} {t.points}" for t in failed
            ],
        ))
    return GameReport(task.deal, task.seed, state.turn, seats, actions)


def _play(args: tuple[GameMap, RulesConfig, GameTask]) -> GameReport:
    return play(*args)


COUNTS = ("score", "best_other", "route_points", "ticket_points", "tickets", "failed",
          "failed_points", "long_failed", "trains_left", "tunnels", "withdrawn",
          "stations_built", "station_points", "later_draws", "later_kept", "later_failed",
          "longest_bonus")


def summary(rows: list[SeatReport]) -> str:
    """Mean of every count over `rows`."""
    if not rows:
        return "(none)"
    return ", ".join(
        f"{k} {statistics.fmean(getattr(r, k) for r in rows):.2f}" for k in COUNTS
    )


def main() -> int:
    """Play, then print the worst games of the focus agent and the averages."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--map", default="usa")
    p.add_argument("--variant", default="base")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--agents", required=True)
    p.add_argument("--focus", required=True, help="the agent label to examine")
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--share", type=float, default=0.05, help="bottom share to list")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", default=None, help="write every game as JSON")
    args = p.parse_args()
    definition, config = resolve_game(args.map, args.variant)
    specs: list[AgentSpec] = parse_agents(args.agents, args.players)
    tasks = schedule(specs, args.players, args.deals, args.seed)
    gm = definition.game_map
    print(f"{len(tasks)} games", file=sys.stderr, flush=True)
    if args.jobs <= 1:
        games = []
        for i, t in enumerate(tasks):
            games.append(play(gm, config, t))
            if (i + 1) % 20 == 0:
                print(f"{i + 1}/{len(tasks)}", file=sys.stderr, flush=True)
    else:
        ctx = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(args.jobs, mp_context=ctx) as pool:
            games = list(pool.map(_play, ((gm, config, t) for t in tasks), chunksize=1))
    mine = [(g, s) for g in games for s in g.seats if s.agent == args.focus]
    mine.sort(key=lambda x: x[1].score)
    bottom = mine[: max(1, round(args.share * len(mine)))]
    print(f"{args.focus}: {len(mine)} seats, bottom {len(bottom)} by score")
    for g, s in bottom:
        others = ", ".join(f"{o.agent} {o.score}" for o in g.seats if o is not s)
        print(
            f"deal {g.deal} seed {g.seed}: {s.score} (rank {s.rank}; {others}); "
            f"routes {s.route_points}, tickets {s.ticket_points} "
            f"(failed {s.failed}/{s.tickets}: {'; '.join(s.failed_names)}), "
            f"trains left {s.trains_left}, tunnels {s.withdrawn}/{s.tunnels} withdrawn, "
            f"stations {s.stations_built}, later draws {s.later_draws} "
            f"(kept {s.later_kept}, failed {s.later_failed}), turns {g.turns}"
        )
    print("bottom mean:", summary([s for _, s in bottom]))
    print("all mean:   ", summary([s for _, s in mine]))
    for label in sorted({s.agent for g in games for s in g.seats}):
        rows = [s for g in games for s in g.seats if s.agent == label]
        wins = sum(1 for s in rows if s.rank == 1)
        mean = statistics.fmean(r.score for r in rows)
        print(f"{label}: {len(rows)} seats, mean score {mean:.1f}, "
              f"wins {wins}, mean rank {statistics.fmean(r.rank for r in rows):.2f}, "
              f"failed tickets {statistics.fmean(r.failed for r in rows):.2f}")
    if args.out:
        Path(args.out).write_text(json.dumps([asdict(g) for g in games]), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
