"""The one game loop of headless games between agents (`ttr simulate`, `ttr arena`, the
map checks): each agent decides from its own view, the engine applies the action."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from ttr.engine import (
    Action,
    GameMap,
    GameState,
    PlayerView,
    RulesConfig,
    Stage,
    apply,
    new_game,
    observe,
)

MAX_DECISIONS = 20_000
"""Decisions after which a game is given up (a bug: every game ends far sooner)."""


def play_out(state: GameState, decide: Callable[[GameState], Action],
             max_decisions: int = MAX_DECISIONS) -> tuple[GameState, int]:
    """Apply `decide(state)` (the seat to act's choice) until the game is over or
    `max_decisions` were made; returns the last state (check its stage) and the count.

    Raises:
        IllegalActionError: `decide` returned an illegal action.
    """
    decisions = 0
    while state.stage != Stage.GAME_OVER and decisions < max_decisions:
        state = apply(state, decide(state)).state
        decisions += 1
    return state, decisions


def mixed_play(gm: GameMap, cfg: RulesConfig, players: int, seed: int | str,
               random_share: float = 0.25) -> Iterator[tuple[int, GameState, PlayerView]]:
    """The positions of a game in which the seat to act plays a random legal move with
    chance `random_share` and Medium's plan (`PlanPlayer`) otherwise, all drawn from
    `random.Random(seed)`: (step, state, view of the seat to act) before each move
    (positions for tests and benchmarks)."""
    from ttr.ai.heuristic import PlanPlayer

    rng = random.Random(seed)
    planner = PlanPlayer()
    state = new_game(gm, cfg, players, seed)
    step = 0
    while state.stage != Stage.GAME_OVER:
        view = observe(state, state.current)
        yield step, state, view
        if rng.random() < random_share:
            action = view.legal[int(rng.random() * len(view.legal))]
        else:
            action = planner.choose(view, rng)
        state = apply(state, action).state
        step += 1
