"""Play a fixed set of seeded games and print one digest line per game.

The compiled and the pure-Python build must print the same lines: `test_builds.py` runs
this script once per build, in a child process whose `ttr` is the build under test, and
compares. Run by hand: `python tests/engine/same_games.py [--quick]` (from any
directory: the script's own folder holds no `ttr`, so the `ttr` on `PYTHONPATH` or the
installed one is used, never a checkout in the current directory by accident).

Every map, variant and player count plays random games on the playout fast path
(`Sim.play_random`), one picking from the full legal listing (every listing kept), one
game through the public API (`sample_legal` + `apply`, the actions and the events kept)
and one with the search's playout policy
(`rollout.Playout`); some also have Medium play every seat, and Hard (a fixed number of
search iterations) decide at positions along a game. A line holds the digest of the
final state (`state_to_dict`), the results (every field) and the moves.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from typing import Any

GAMES = [("usa", v, p) for v in ("base", "1910", "mega", "bigcities") for p in (2, 3, 4, 5)]
GAMES += [("europe", "base", p) for p in (2, 3, 4, 5)]
AGENT_GAMES = [("usa", "base", 2), ("usa", "mega", 4), ("europe", "base", 3)]
"""Where Medium plays a whole game and Hard decides along a game (slower)."""


def _digest(obj: Any) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True).encode()).hexdigest()[:20]


def lines(quick: bool = False) -> Iterator[str]:
    """The digest lines, in a fixed order."""
    from ttr.ai.heuristic import PlanPlayer
    from ttr.ai.rollout import Playout
    from ttr.ai.search import HardAgent
    from ttr.engine import (
        Sim,
        Stage,
        apply,
        format_action,
        new_game,
        new_sim,
        observe,
        results,
        sample_legal,
    )
    from ttr.maps.mapfile import find_map
    from ttr.native.check import game_digest, listed_digest

    over = Stage.GAME_OVER
    for map_id, variant, players in GAMES:
        gm = find_map(map_id).game_map
        cfg = gm.rules(variant)
        key = f"{map_id}:{variant}:{players}"
        for g in range(2 if quick else 6):
            seed = f"same:{key}:{g}"
            sim = new_sim(gm, cfg, players, seed)
            steps = sim.play_random(random.Random(seed))
            yield f"{key} random {g} {game_digest(sim.freeze(), sim.results(), steps)}"
        yield f"{key} listed {listed_digest(gm, cfg, players, f'same:{key}:listed')}"
        seed = f"same:{key}:api"
        state = new_game(gm, cfg, players, seed)
        rng = random.Random(seed)
        moves = []
        while state.stage != over:
            action = sample_legal(state, rng)
            step = apply(state, action)
            moves.append(format_action(action) + " " + ",".join(
                type(e).__name__ for e in step.events))
            state = step.state
        yield f"{key} api {game_digest(state, results(state), moves)}"
        sim = Sim.thaw(new_game(gm, cfg, players, f"same:{key}:playout"))
        Playout(sim).run(random.Random(key))
        yield f"{key} playout {game_digest(sim.freeze(), sim.results(), sim.turn)}"
        if cfg.stations:
            sim = Sim.thaw(new_game(gm, cfg, players, f"same:{key}:stations"))
            Playout(sim, stations=True).run(random.Random(key))
            yield f"{key} stations {game_digest(sim.freeze(), sim.results(), sim.turn)}"
    for map_id, variant, players in AGENT_GAMES[:1] if quick else AGENT_GAMES:
        gm = find_map(map_id).game_map
        cfg = gm.rules(variant)
        key = f"{map_id}:{variant}:{players}"
        medium = PlanPlayer()
        state = new_game(gm, cfg, players, f"same:{key}:medium")
        rng = random.Random(key)
        moves = []
        hard = []
        while state.stage != over:
            view = observe(state, state.current)
            if state.stage == Stage.CHOOSE_ACTION and state.turn % 12 == 5:
                choice = HardAgent(iterations=4).choose(view, random.Random(state.turn), 0.0)
                hard.append(format_action(choice))
            action = medium.choose(view, rng)
            moves.append(format_action(action))
            state = apply(state, action).state
        yield f"{key} medium {game_digest(state, results(state), moves)}"
        yield f"{key} hard {_digest(hard)} ({len(hard)} decisions)"


def main(argv: list[str]) -> int:
    """Print the build in use (a `#` line), then the digest lines (`--quick`: fewer
    games)."""
    from ttr import BUILD

    print(f"# build: {BUILD.describe()}", flush=True)
    for line in lines("--quick" in argv):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
