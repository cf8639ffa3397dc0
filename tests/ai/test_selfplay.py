"""The shared headless game loop, and what its callers do with a game that never ends."""

from __future__ import annotations

import random

import pytest

from tests.ai.helpers import game
from ttr.ai import arena
from ttr.ai.selfplay import play_out
from ttr.cli import simulate
from ttr.engine import Action, GameState, Stage, TtrError, legal_actions, new_game, results


def test_play_out_plays_to_the_end_and_counts_decisions() -> None:
    gm, cfg = game("usa")
    rng = random.Random(5)

    def any_legal(state: GameState) -> Action:
        acts = legal_actions(state)
        return acts[rng.randrange(len(acts))]

    state, decisions = play_out(new_game(gm, cfg, 2, 5), any_legal)
    assert state.stage == Stage.GAME_OVER and decisions > 50
    assert len(results(state).players) == 2


def test_play_out_stops_at_the_bound() -> None:
    gm, cfg = game("usa")
    state, decisions = play_out(new_game(gm, cfg, 2, 5), lambda s: legal_actions(s)[0], 7)
    assert decisions == 7 and state.stage != Stage.GAME_OVER


def test_simulate_reports_a_game_that_does_not_end(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulate, "MAX_DECISIONS", 10)
    gm, cfg = game("usa")
    with pytest.raises(TtrError, match="did not end after 10 decisions"):
        simulate.play_game(gm, cfg, ["random", "random"], seed=1)


def test_arena_records_a_game_that_does_not_end(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena, "MAX_DECISIONS", 10)
    gm, cfg = game("usa")
    seats = tuple(arena.parse_agents("random,greedy", 2))
    out = arena.play_game(gm, cfg, arena.GameTask(0, 3, seats))
    assert out.failures == ["game 3 did not end in 10 decisions"]
    assert sum(len(t) for t in out.times) == 10
