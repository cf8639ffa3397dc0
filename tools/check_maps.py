"""Check map files: validation, statistics and optional AI playtests.

    python tools/check_maps.py maps/usa.yaml maps/europe.yaml
    python tools/check_maps.py my-map.yaml --playtest 20 --players 3 --level medium
    python tools/check_maps.py usa --layout          # also list layout warnings

Arguments are .yaml paths or map ids (bundled or user maps). Exit status 1 if any file
does not load; warnings (ticket values, colour balance, layout) never fail the check.
"""

from __future__ import annotations

import argparse
import io
import re
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.editor.analysis import (  # noqa: E402
    color_imbalance,
    components,
    deal_problems,
    degrees,
    doubles,
    player_counts,
    problems,
    spaces_per_color,
    ticket_checks,
)
from ttr.ai.base import make_agent  # noqa: E402
from ttr.cli.simulate import play_game  # noqa: E402
from ttr.engine.errors import MapError, TtrError  # noqa: E402
from ttr.maps.mapfile import MapDefinition, find_map, load_map  # noqa: E402

CLAIM = re.compile(r": claim (\S+)")


def load(name: str) -> MapDefinition:
    """A map by path or id (raises MapError)."""
    if name.endswith((".yaml", ".yml")) or "/" in name or Path(name).is_file():
        return load_map(name)
    return find_map(name)


def stats_lines(d: MapDefinition, layout: bool = False) -> list[str]:
    """Readable statistics of one map."""
    gm = d.game_map
    spaces = sum(r.length for r in gm.routes)
    out = [f"{gm.id} ({gm.name}): {len(gm.cities)} cities, {len(gm.routes)} tracks "
           f"({doubles(gm)} doubles), {spaces} spaces, {len(gm.tickets)} tickets, "
           f"variants: {', '.join(gm.variants) or 'base'}"]
    for name in gm.variants or ("base",):
        counts = player_counts(gm, name)
        out.append(f"  variant {name}: deals a game for "
                   + (f"{counts[0]} to {counts[-1]} players" if counts else "no player count"))
    per = spaces_per_color(gm)
    out.append("  spaces per colour: " + ", ".join(f"{k} {v}" for k, v in per.items()))
    for line in color_imbalance(per):
        out.append(f"  warning: {line}")
    tunnels = sum(r.tunnel for r in gm.routes)
    ferries = [r for r in gm.routes if r.ferry]
    out.append(f"  tunnels {tunnels}, ferries {len(ferries)} "
               f"({sum(r.ferry for r in ferries)} locomotive symbols)")
    lengths = Counter(r.length for r in gm.routes)
    out.append("  tracks by length: " + ", ".join(f"{n}: {lengths[n]}" for n in sorted(lengths)))
    groups = components(gm)
    if len(groups) == 1:
        out.append("  connectivity: all cities form one network")
    else:
        out.append(f"  connectivity: {len(groups)} separate networks: "
                   + "; ".join(", ".join(g) for g in groups[1:]) + " apart from the rest")
    deg = degrees(gm)
    hist = Counter(deg.values())
    lows = sorted(c for c, n in deg.items() if n <= 1)
    out.append("  degree (neighbours: cities): " + ", ".join(f"{k}: {hist[k]}"
                                                         for k in sorted(hist))
               + (f"; dead ends: {', '.join(lows)}" if lows else ""))
    checks = ticket_checks(gm)
    if checks:
        off = [c for c in checks if c.shortest != c.points]
        out.append(f"  tickets: {len(checks) - len(off)} of {len(checks)} worth their shortest "
                   f"path; points {min(c.points for c in checks)}-"
                   f"{max(c.points for c in checks)}")
        for c in off:
            out.append(f"    {c.id}: {c.points} points, shortest path "
                       f"{c.shortest if c.shortest is not None else 'none'}")
    if layout:
        for p in problems(d):
            if not p.text.startswith(("ticket ", "colour ")):
                out.append(f"  layout: {p.text}")
    return out


def playtest(d: MapDefinition, games: int, players: int, level: str, seed: int,
             variant: str) -> list[str]:
    """Play AI games on the map and summarise them."""
    gm = d.game_map
    config = gm.rules(variant)
    wins = [0.0] * players
    scores: list[list[int]] = [[] for _ in range(players)]
    done = [0, 0]
    turns: list[int] = []
    claimed: Counter[str] = Counter()
    for g in range(games):
        log = io.StringIO()
        game = play_game(gm, config, [level] * players, seed + g, log)
        for w in game.result.winners:
            wins[w] += 1 / len(game.result.winners)
        for p in game.result.players:
            scores[p.seat].append(p.total)
            done[0] += sum(t.completed for t in p.tickets)
            done[1] += len(p.tickets)
        turns.append(game.turns)
        claimed.update(CLAIM.findall(log.getvalue()))
    out = [f"  playtest: {games} games, {players} x {level}, variant {config.variant}, "
           f"seeds {seed}-{seed + games - 1}"]
    for s in range(players):
        out.append(f"    seat {s}: wins {100 * wins[s] / games:5.1f}%  mean score "
                   f"{statistics.mean(scores[s]):6.1f}")
    rate = 100 * done[0] / done[1] if done[1] else 0.0
    out.append(f"    tickets completed: {done[0]} of {done[1]} ({rate:.0f}%)")
    out.append(f"    game length: mean {statistics.mean(turns):.1f} turns "
               f"(min {min(turns)}, max {max(turns)})")
    never = [r.id for r in gm.routes if r.id not in claimed]
    out.append(f"    routes never claimed: {len(never)} of {len(gm.routes)}"
               + (f": {', '.join(never)}" if never else ""))
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line entry point; returns the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("maps", nargs="+", help="map files (.yaml) or map ids")
    ap.add_argument("--playtest", type=int, default=0, metavar="N", help="play N AI games")
    ap.add_argument("--players", type=int, default=3, help="players per playtest game")
    ap.add_argument("--level", default="medium", help="AI level (default medium)")
    ap.add_argument("--variant", default="base", help="rule variant for playtests")
    ap.add_argument("--seed", type=int, default=1, help="first playtest seed")
    ap.add_argument("--layout", action="store_true", help="also list layout warnings")
    args = ap.parse_args(argv)
    if args.playtest:
        try:
            make_agent(args.level)
        except (TtrError, KeyError, ValueError) as e:
            print(f"error: unknown AI level {args.level!r}: {e}", file=sys.stderr)
            return 2
    failed = 0
    for name in args.maps:
        try:
            d = load(name)
        except MapError as e:
            print(f"ERROR {e}")
            failed += 1
            continue
        unplayable = deal_problems(d.game_map)
        for line in unplayable:
            print(f"ERROR {d.path or name}: {line}")
        failed += bool(unplayable)
        print(f"{'OK' if not unplayable else 'UNPLAYABLE'} {d.path or name}")
        for line in stats_lines(d, args.layout):
            print(line)
        if args.playtest > 0:
            try:
                for line in playtest(d, args.playtest, args.players, args.level, args.seed,
                                     args.variant):
                    print(line)
            except TtrError as e:
                print(f"ERROR {name}: playtest failed: {e}")
                failed += 1
    if len(args.maps) > 1:
        print(f"\n{len(args.maps) - failed} of {len(args.maps)} maps OK")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
