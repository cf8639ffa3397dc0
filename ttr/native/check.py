"""The compiled build's self-test: the same games as the pure build, on a generated map.

`setup.py` runs `python -m ttr.native.check` twice after compiling, once with
`TTR_PURE=1`, and installs the compiled modules only if both runs print the same digest
and the first really ran compiled code; a crash (a segmentation fault on import, say)
counts as a failure. Standard library only, since it runs in the build environment (no
map files there: no yaml). The thorough comparison, on the bundled maps, is
`tests/engine/test_builds.py`.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import sys
from typing import Any

from ttr.engine import (
    City,
    GameMap,
    GameResult,
    GameState,
    Route,
    RulesConfig,
    Sim,
    Stage,
    Ticket,
    apply,
    format_action,
    new_game,
    new_sim,
    results,
    sample_legal,
    state_to_dict,
)
from ttr.engine.cards import CardColor

CITIES = 14


def check_map() -> GameMap:
    """A made-up map with every kind of route: colours and gray, double routes, tunnels,
    ferries, 1 to 8 long; regular and long tickets."""
    cities = tuple(City(f"c{i}", f"City {i}") for i in range(CITIES))
    colors: list[CardColor | None] = [*CardColor][:8] + [None]
    ends = [(i, (i + 1) % CITIES) for i in range(CITIES)]  # a ring...
    ends += [(i, (i + 5) % CITIES) for i in range(0, CITIES, 2)]  # ...with chords
    ends += [(0, 1), (4, 5), (6, 11)]  # double routes
    routes = tuple(
        Route(f"r{k}", f"c{a}", f"c{b}", 1 + (k * 5) % 8, colors[k % 9], k,
              tunnel=k % 7 == 3, ferry=1 if k % 11 == 5 else 0)
        for k, (a, b) in enumerate(ends)
    )
    tickets = tuple(
        Ticket(f"t{k}", f"c{k % CITIES}", f"c{(k * 3 + 4) % CITIES}", 4 + k % 9)
        for k in range(32) if k % CITIES != (k * 3 + 4) % CITIES
    ) + tuple(Ticket(f"long{k}", f"c{k}", f"c{k + 7}", 20, long=True) for k in range(7))
    europe = RulesConfig(variant="europe", stations=3, deal_long=1, unkept_initial_to_box=True,
                         double_routes_min_players=3)
    return GameMap("check", "Check", cities, routes, tickets,
                   variants={"base": RulesConfig(), "europe": europe})


def result_data(result: GameResult) -> dict[str, Any]:
    """Every field of a `GameResult` as plain data (not its repr, which a build may
    spell differently)."""
    return {
        "ranking": list(result.ranking),
        "decided_by": result.decided_by,
        "players": [
            [p.seat, p.route_points, [[t.ticket, t.points, t.completed] for t in p.tickets],
             p.longest_path, p.longest_bonus, p.globetrotter_bonus, p.stations_left,
             p.station_points, [list(b) for b in p.borrowed], p.rank, p.total]
            for p in result.players
        ],
    }


def game_digest(state: GameState, result: GameResult, moves: object) -> str:
    """A short hash of a final state, its results and the moves (any JSON data)."""
    data = [state_to_dict(state), result_data(result), moves]
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:20]


def listed_digest(gm: GameMap, cfg: RulesConfig, players: int, seed: str) -> str:
    """The `game_digest` of a random game that picks uniformly from the full legal
    listing (`Sim.legal`) at every decision, with a hash of every listing."""
    sim = new_sim(gm, cfg, players, seed)
    rand = random.Random(seed).random
    listings = hashlib.sha256()
    steps = 0
    while sim.stage != Stage.GAME_OVER:
        legal = sim.legal()
        listings.update((" ".join(map(format_action, legal)) + "\n").encode())
        sim.step(legal[math.floor(rand() * len(legal))])
        steps += 1
    return game_digest(sim.freeze(), sim.results(), [steps, listings.hexdigest()])


def digest(games: int = 3) -> str:
    """One hash of random games (fast path, full listing and public API) and search
    playouts on the test map, for each rule set and player count."""
    from ttr.ai.rollout import Playout

    gm = check_map()
    parts = []
    for variant in ("base", "europe"):
        cfg = gm.rules(variant)
        for players in (2, 3, 4, 5):
            for g in range(games):
                seed = f"check:{variant}:{players}:{g}"
                sim = new_sim(gm, cfg, players, seed)
                steps = sim.play_random(random.Random(seed))
                parts.append(game_digest(sim.freeze(), sim.results(), steps))
                sim = Sim.thaw(new_game(gm, cfg, players, seed))
                Playout(sim).run(random.Random(seed))
                parts.append(game_digest(sim.freeze(), sim.results(), sim.turn))
                if cfg.stations:
                    sim = Sim.thaw(new_game(gm, cfg, players, seed))
                    Playout(sim, stations=True).run(random.Random(seed))
                    parts.append(game_digest(sim.freeze(), sim.results(), sim.turn))
            parts.append(listed_digest(gm, cfg, players, f"check:{variant}:{players}:listed"))
            state = new_game(gm, cfg, players, f"check:{variant}:{players}:api")
            rng = random.Random(players)
            moves = []
            while state.stage != Stage.GAME_OVER:
                action = sample_legal(state, rng)
                moves.append(format_action(action))
                state = apply(state, action).state
            parts.append(game_digest(state, results(state), moves))
    return hashlib.sha256(" ".join(parts).encode()).hexdigest()


def main() -> int:
    """Print which build runs and the digest."""
    from ttr.native import BUILD

    print(f"build: {BUILD.describe()}")
    print(f"digest: {digest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
