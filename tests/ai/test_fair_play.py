"""Fair play: agents see only their own view, and determinize agrees with the view."""

from __future__ import annotations

import random

import pytest

from tests.ai.helpers import CONFIGS, game, positions, walk
from ttr.ai.arena import AgentSpec, GameTask, play_game
from ttr.ai.base import AGENTS, AgentInfo, agent_names, make_agent, register
from ttr.engine import (
    Action,
    GameMap,
    GameState,
    PlayerState,
    PlayerView,
    RulesConfig,
    Sim,
    determinize,
    observe,
)

FORBIDDEN = (GameState, PlayerState, Sim)


class SpyAgent:
    """Records what it is handed, then plays like Medium."""

    name = "spy"
    seen: list[tuple[PlayerView, frozenset[str]]] = []

    def choose(self, view: PlayerView, rng: random.Random, budget: float) -> Action:
        SpyAgent.seen.append((view, frozenset()))
        return make_agent("medium").choose(view, rng, budget)


def _check_view(view: PlayerView, seat: int) -> None:
    assert isinstance(view, PlayerView)
    assert view.viewer == seat and view.me is not None and view.me.seat == seat
    assert not hasattr(view.public, "deck") and not hasattr(view.public, "ticket_deck")
    own = {*view.me.tickets, *view.me.offer}
    ticket_ids = set(view.public.game_map.ticket_by_id)
    for x in walk(view, skip=(GameMap, RulesConfig)):
        assert not isinstance(x, FORBIDDEN), f"view holds a {type(x).__name__}"
        if isinstance(x, str) and x in ticket_ids and x not in own:
            # a ticket id outside the map: only the viewer's own (possibly returned) ones
            assert any(x in getattr(e, "tickets", None) or () for e in view.log), x


@pytest.mark.parametrize("map_id,players", [("usa", 2), ("europe", 3)])
def test_agents_receive_only_their_own_view(map_id: str, players: int) -> None:
    register(AgentInfo("spy", "Spy", "test only", SpyAgent, level=False))
    try:
        SpyAgent.seen.clear()
        gm, cfg = game(map_id)
        seats = tuple(AgentSpec("spy", 0.0) for _ in range(players))
        out = play_game(gm, cfg, GameTask(0, 11, seats))
        assert not out.failures
        assert SpyAgent.seen
        for view, _ in SpyAgent.seen:
            assert view.me is not None
            _check_view(view, view.me.seat)
    finally:
        AGENTS.pop("spy", None)


def test_views_hold_no_hidden_state() -> None:
    for map_id, variant in CONFIGS[::2]:
        gm, cfg = game(map_id, variant)
        for state in positions(gm, cfg, 3, seed=5, every=11):
            for seat in range(3):
                _check_view(observe(state, seat), seat)


@pytest.mark.parametrize(
    "map_id,variant,players",
    [
        ("usa", "base", 2),
        ("usa", "mega", 4),
        ("usa", "bigcities", 3),
        ("europe", "base", 2),
        ("europe", "base", 5),
    ],
)
def test_determinized_state_observes_as_the_view(map_id: str, variant: str, players: int) -> None:
    gm, cfg = game(map_id, variant)
    rng = random.Random(3)
    count = 0
    for state in positions(gm, cfg, players, seed=17, every=5):
        for seat in range(players):
            view = observe(state, seat)
            again = observe(determinize(view, rng), seat)
            assert again.public == view.public
            assert again.me == view.me
            assert again.legal == view.legal
            count += 1
    assert count > 20


def test_every_agent_plays_legal_moves_in_many_positions() -> None:
    rng = random.Random(1)
    checked = 0
    for i, (map_id, variant) in enumerate(CONFIGS):
        gm, cfg = game(map_id, variant)
        players = 2 + i % 4
        for state in positions(gm, cfg, players, seed=100 + i, every=9):
            view = observe(state, state.current)
            for name in agent_names():
                budget = min(AGENTS[name].budget, 0.02)
                action = make_agent(name).choose(view, rng, budget)
                assert action in view.legal, (name, map_id, variant, action)
                checked += 1
    assert checked > 200
