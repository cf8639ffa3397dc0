"""One benchmark round of the public engine path: random games played through
`legal_actions` (or `observe`) and `apply`, the way views, the online server and hints
use the engine (frozen `GameState`s, never a `Sim`).

The games are the ones `bench.listed_round` plays on the `Sim` path (a uniform pick
from the full listing with the same random numbers), so the two paths compare turn for
turn. Times are CPU time.
"""

from __future__ import annotations

import math
import random
import time

from ttr.engine import GameMap, RulesConfig, apply, legal_actions, new_game, observe
from ttr.engine.state import Stage


def public_round(gm: GameMap, cfg: RulesConfig, players: int, games: int, seed: int,
                 views: bool = False) -> dict[str, float]:
    """`games` random games, every decision listing the legal actions with
    `legal_actions(state)` (with `views`: `observe(state, seat).legal`, the view of the
    seat to act) and stepping one picked uniformly with `apply`. Returns CPU seconds,
    turns and decisions, as `bench.listed_round` does."""
    decisions = turns = 0
    start = time.process_time()
    for g in range(games):
        state = new_game(gm, cfg, players, f"{seed}:{g}")
        rand = random.Random(f"{seed}:{g}").random
        while state.stage != Stage.GAME_OVER:
            legal = observe(state, state.current).legal if views else legal_actions(state)
            state = apply(state, legal[math.floor(rand() * len(legal))]).state
            decisions += 1
        turns += state.turn
    return {"seconds": time.process_time() - start, "turns": turns, "decisions": decisions}
