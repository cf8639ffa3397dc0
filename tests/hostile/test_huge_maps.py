"""The AI on valid maps of 1,000 cities: no overflow, every game ends."""

from __future__ import annotations

import pytest

from tests.hostile.kit import chain_map_text, grid_map_text, within
from ttr.cli.simulate import play_game
from ttr.maps.mapfile import load_map_text


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_plans_thousands_of_spaces_long_do_not_overflow(level: str) -> None:
    gm = load_map_text(chain_map_text(), "chain.yaml").game_map
    with within(120):
        game = play_game(gm, gm.rules("base"), [level, level], 1)
    assert game.turns > 0 and len(game.result.players) == 2


@pytest.mark.slow
@pytest.mark.parametrize("text", [chain_map_text, grid_map_text], ids=["chain", "grid"])
@pytest.mark.parametrize("level", ["beginner", "easy", "medium", "hard", "random", "greedy",
                                   "routefocus", "desthungry", "onestep", "longroute"])
def test_every_agent_finishes_games_on_1000_city_maps(text: object, level: str) -> None:
    gm = load_map_text(text(), "huge.yaml").game_map  # type: ignore[operator]
    for seed in range(3):
        with within(600):
            game = play_game(gm, gm.rules("base"), [level] * 3, seed)
        # play_game raises when a game does not end
        assert game.result.players and game.turns <= gm.rules("base").turn_limit
