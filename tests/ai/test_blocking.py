"""Blocking: the routes an opponent's visible network needs, from public facts only."""

from __future__ import annotations

from tests.ai.helpers import game, positions
from ttr.ai.blocking import block_values
from ttr.engine import Stage, observe


def test_block_values_name_open_routes_near_the_opponent_network() -> None:
    gm, cfg = game("usa")
    found = 0
    for state in positions(gm, cfg, 2, seed=11, every=5):
        if state.stage != Stage.CHOOSE_ACTION:
            continue
        view = observe(state, state.current)
        values = block_values(view)
        opp = 1 - state.current
        opp_cities = {c for r, o in enumerate(view.public.owners) if o == opp for c in gm.ends[r]}
        for r, v in values.items():
            assert view.public.owners[r] is None and v > 0
            assert gm.routes[r].length >= 1
        if values:
            found += 1
            assert opp_cities  # hints come only from the opponent's claimed routes
    assert found >= 3


def test_no_blocking_with_more_than_two_players() -> None:
    gm, cfg = game("usa")
    for state in positions(gm, cfg, 3, seed=2, every=9):
        if state.stage == Stage.CHOOSE_ACTION:
            assert block_values(observe(state, state.current)) == {}
