"""tools/search_experiment.py: each variant searches and returns a legal move; a game
reports the variant's result and score difference."""

from __future__ import annotations

import random

import pytest

from tools.search_experiment import VARIANTS, play
from ttr.engine import KeepTickets, PlayerView, Stage, apply, new_game, observe
from ttr.game.options import resolve_game


def _views() -> list[PlayerView]:
    map_def, cfg = resolve_game("usa", "base", [])
    state = new_game(map_def.game_map, cfg, 2, 5)
    views = [observe(state, state.current)]
    rng = random.Random(5)
    while state.turn < 12:
        view = observe(state, state.current)
        state = apply(state, view.legal[rng.randrange(len(view.legal))]).state
    views.append(observe(state, state.current))
    return views


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_variant_returns_a_legal_move(name: str) -> None:
    agent = VARIANTS[name](4)
    for view in _views():
        if len(view.legal) > 1:
            action = agent.choose(view, random.Random(1))
            assert action in view.legal
            if view.public.stage == Stage.INITIAL_TICKETS:
                assert isinstance(action, KeepTickets)


def test_squash_bounds_the_margins() -> None:
    view = _views()[1]
    rows = VARIANTS["squash"](2)._margins(view, view.legal[:2], [(1, 2), (3, 4)])
    assert all(abs(m) < 15.0 for row in rows for m in row)


def test_a_game_reports_a_result() -> None:
    won, diff = play(("usa", "keeps@1", 1, 2, 7))
    assert won in (0.0, 0.5, 1.0)
    assert (won == 1.0) == (diff > 0) or diff == 0  # in 2 players, ahead on points wins
