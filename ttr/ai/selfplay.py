"""The one game loop of headless games between agents (`ttr simulate`, `ttr arena`, the
map checks): each agent decides from its own view, the engine applies the action."""

from __future__ import annotations

from collections.abc import Callable

from ttr.engine import Action, GameState, Stage, apply

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
