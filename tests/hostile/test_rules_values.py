"""Rules values: one validator for every source, and every game ends, even on weird maps.

Sources: a map's `rules` and variants, a save's or record's config, `--rule`, a state's
config. Each is attacked with the values that broke the game before (issue 14) and
with random mutations; the only outcome allowed is the engine's own error, or a config
every game on it can play to the end within `RulesConfig.turn_limit` turns.
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hostile.kit import examples, mutations, within
from ttr.ai.base import make_agent
from ttr.ai.selfplay import play_out
from ttr.engine import (
    Action,
    City,
    ClaimRoute,
    GameMap,
    GameState,
    MapError,
    PayTunnel,
    Route,
    RulesConfig,
    Stage,
    Ticket,
    TtrError,
    WithdrawTunnel,
    apply,
    legal_actions,
    new_game,
    new_sim,
    observe,
)
from ttr.engine.cards import CardColor
from ttr.engine.config import _INT_RANGES, map_problems
from ttr.game.options import parse_rule_options, resolve_game
from ttr.maps.mapfile import find_map, load_map_text
from ttr.store.record import GameRecord

HOSTILE_RULES: list[tuple[str, str, str]] = [
    ("europe", "stations=5", "stations"),
    ("usa", "route_points={1000000000: 1}", "route_points"),
    ("usa", "route_points={1: 1}", "no points for routes of length 2"),
    ("usa", "draw_tickets=30", "draw_tickets"),
    ("usa", "draw_tickets=10000", "draw_tickets"),
    ("usa", "route_points=[[1, 1], [1, 2], [2, 2], [3, 4], [4, 7], [5, 10], [6, 15]]",
     "twice"),
    ("usa", "extra=5", "unknown rules option 'extra'"),
    ("usa", "draw_keep_min=0", "draw_keep_min"),
    ("usa", "draw_keep_min=4", "draw_keep_min (4) is more than the 3 tickets drawn"),
    ("usa", "deal_keep_min=9", "deal_keep_min"),
    ("usa", "starting_hand=51", "starting_hand"),
    ("usa", "trains=1e999", "trains"),
    ("usa", "trains=true", "trains"),
    ("usa", "faceup_loco_reset=6", "faceup_loco_reset"),
    ("usa", "description=[1, 2]", "description"),
    ("usa", "ticket_set=nope", "unknown ticket set 'nope'"),
    ("usa", "variant=../../x", "variant"),
    ("europe", "station_costs=[]", "station_costs lists 0 costs for 3 stations"),
]


@pytest.mark.parametrize(("map_id", "rule", "needle"), HOSTILE_RULES,
                         ids=[f"{m}:{r[:30]}" for m, r, _ in HOSTILE_RULES])
def test_every_rule_source_refuses_what_broke_the_game(map_id: str, rule: str,
                                                       needle: str) -> None:
    key, _, _ = rule.partition("=")
    value = parse_rule_options([rule])[key]
    # --rule
    with pytest.raises(TtrError, match=needle.replace("(", r"\(").replace(")", r"\)")):
        resolve_game(map_id, "base", [rule])
    # a record's or a save's config
    gm = find_map(map_id).game_map
    data = gm.rules("base").to_dict() | {key: value}
    with pytest.raises(TtrError):
        record = GameRecord.from_dict({
            "version": 1, "map": map_id, "map_hash": gm.content_hash, "variant": "base",
            "config": data, "seed": 1, "actions": [],
            "seats": [{"name": "A", "color": "red", "kind": "human"},
                      {"name": "B", "color": "blue", "kind": "random"}]})
        record.replay(gm)  # the map check runs when the game is set up
    # a map's variant (its last line: it wins over the same key above)
    text = find_map("usa").path.read_text(encoding="utf-8")  # type: ignore[union-attr]
    if map_id == "usa":
        line = f"    {key}: {rule.partition('=')[2]}\n"
        with pytest.raises(MapError):
            load_map_text(text.replace('  "1910":\n', line + '  "1910":\n', 1), "usa.yaml")


def test_the_deal_is_checked_for_the_player_count() -> None:
    definition, cfg = resolve_game("usa", "base", ["starting_hand=25"])
    gm = definition.game_map
    new_game(gm, cfg, 2, 1)
    with pytest.raises(TtrError, match="too few train cards for 5 players"):
        new_game(gm, cfg, 5, 1)
    small = gm.rules("base").with_options(deal_regular=8)
    with pytest.raises(TtrError, match="too few tickets for 5 players"):
        new_game(gm, small, 5, 1)


def test_a_map_with_empty_variants_is_refused_not_silently_ignored() -> None:
    text = find_map("usa").path.read_text(encoding="utf-8")  # type: ignore[union-attr]
    head, _, rest = text.partition("variants:\n")
    body = rest[rest.index("cities:"):]
    with pytest.raises(MapError, match="variants: no variant is named"):
        load_map_text(head + "variants: {}\n" + body, "usa.yaml")


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutations(RulesConfig().to_dict() | {"stations": 3, "deal_long": 1}))
def test_mutated_configs_give_a_valid_config_or_the_engines_error(data: Any) -> None:
    try:
        cfg = RulesConfig.from_dict(data)
    except TtrError:
        return
    for f in fields(cfg):
        if f.name in _INT_RANGES:
            lo, hi = _INT_RANGES[f.name]
            assert lo <= getattr(cfg, f.name) <= hi
    assert RulesConfig.from_dict(cfg.to_dict()) == cfg
    assert len(cfg.station_costs) >= cfg.stations and cfg.draw_keep_min >= 1


# ---------------------------------------------------------------- degenerate maps

COLORS: list[CardColor | None] = [None, *list(CardColor)[:8]]


@st.composite
def degenerate_games(draw: st.DrawFn) -> tuple[GameMap, RulesConfig, int]:
    """A small random map (maybe no routes, only tunnels, one colour, no tickets) with
    random rules inside the validator's ranges, and a player count."""
    n_cities = draw(st.integers(2, 6))
    cities = tuple(City(f"c{i}", f"City {i}") for i in range(n_cities))
    routes: list[Route] = []
    for i in range(draw(st.integers(0, 9))):
        a, b = draw(st.lists(st.integers(0, n_cities - 1), min_size=2, max_size=2,
                             unique=True))
        same = [r for r in routes if {r.a, r.b} == {f"c{a}", f"c{b}"}]
        if len(same) >= 2:
            continue
        length = same[0].length if same else draw(st.integers(1, 8))
        tunnel = draw(st.booleans())
        ferry = 0 if tunnel else draw(st.integers(0, length))
        routes.append(Route(f"r{i}", f"c{a}", f"c{b}", length, draw(st.sampled_from(COLORS)),
                            len(routes), tunnel, ferry))
    tickets = tuple(Ticket(f"t{i}", r.a, r.b, draw(st.integers(1, 20)), draw(st.booleans()))
                    for i, r in enumerate(draw(st.lists(st.sampled_from(routes), max_size=8))))\
        if routes else ()
    ints = st.integers
    trains = draw(ints(1, 30))
    cards, locos = draw(ints(0, 12)), draw(ints(0, 20))
    faceup = draw(ints(1, max(1, min(8, 8 * cards + locos))))
    locos = max(locos, faceup - 8 * cards)  # enough cards for the face-up row
    start = draw(ints(0, min(50, (8 * cards + locos - faceup) // 2)))
    deal_regular, deal_long = draw(ints(0, 4)), draw(ints(0, 2))
    draw_tickets = draw(ints(1, 5))
    stations = draw(ints(0, 3))
    options: dict[str, Any] = {
        "trains": trains, "end_trigger": draw(ints(0, trains - 1)),
        "cards_per_color": cards, "locomotives": locos, "faceup_slots": faceup,
        "faceup_loco_reset": draw(ints(0, faceup)), "starting_hand": start,
        "max_consecutive_resets": draw(ints(0, 10)),
        "deal_regular": deal_regular, "deal_long": deal_long,
        "deal_keep_min": draw(ints(0, deal_regular + deal_long)),
        "draw_tickets": draw_tickets, "draw_keep_min": draw(ints(1, draw_tickets)),
        "stations": stations,
        "station_costs": draw(st.lists(ints(1, 5), min_size=stations, max_size=4)),
        "tunnel_reveal": draw(ints(0, 5)), "double_routes_min_players": draw(ints(0, 6)),
        "unkept_initial_to_box": draw(st.booleans()),
        "route_points": {n: draw(ints(0, 30)) for n in range(1, 9)},
    }
    cfg = RulesConfig().with_options(**options)
    gm = GameMap("weird", "Weird", cities, tuple(routes), tickets, {}, {"base": cfg})
    seats = [n for n in range(2, 6) if not map_problems(cfg, gm, n)]
    if not seats:  # too few tickets to deal: play without dealing any
        cfg = cfg.with_options(deal_regular=0, deal_long=0, deal_keep_min=0)
        gm = GameMap("weird", "Weird", cities, tuple(routes), tickets, {}, {"base": cfg})
        seats = [n for n in range(2, 6) if not map_problems(cfg, gm, n)]
    return gm, cfg, draw(st.sampled_from(seats))


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.filter_too_much])
@given(degenerate_games(), st.integers(0, 2**32))
def test_random_games_on_degenerate_maps_end(game: tuple[GameMap, RulesConfig, int],
                                             seed: int) -> None:
    gm, cfg, seats = game
    sim = new_sim(gm, cfg, seats, seed)
    with within(30):
        steps = sim.play_random(random.Random(seed), max_steps=4 * cfg.turn_limit + 50)
    assert sim.stage == int(Stage.GAME_OVER) and sim.turn <= cfg.turn_limit
    assert steps <= 3 * cfg.turn_limit + seats


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.filter_too_much])
@given(degenerate_games(), st.sampled_from(["random", "greedy", "easy", "medium"]))
def test_ai_games_on_degenerate_maps_end(game: tuple[GameMap, RulesConfig, int],
                                         level: str) -> None:
    gm, cfg, seats = game
    agents = [make_agent(level) for _ in range(seats)]
    rng = random.Random(1)

    def decide(state: GameState) -> Action:
        return agents[state.current].choose(observe(state, state.current), rng, 0.0)

    with within(60):
        state, decisions = play_out(new_game(gm, cfg, seats, 1), decide)
    assert state.stage == Stage.GAME_OVER and state.turn <= cfg.turn_limit


class StubbornTunneller:
    """Claims a tunnel whenever it can and withdraws every time it is asked to pay:
    the one way to make no progress for ever that the rules allow."""

    def choose(self, state: GameState) -> Action:
        legal = legal_actions(state)
        for a in legal:
            if isinstance(a, WithdrawTunnel):
                return a
        for a in legal:
            if isinstance(a, ClaimRoute) and state.game_map.route(a.route).tunnel:
                return a
        return next((a for a in legal if not isinstance(a, PayTunnel)), legal[0])


def test_a_game_of_endless_tunnel_withdrawals_ends_at_the_turn_limit() -> None:
    cities = (City("a", "A"), City("b", "B"))
    routes = (Route("t", "a", "b", 3, CardColor.RED, 0, tunnel=True),)
    cfg = RulesConfig(cards_per_color=0, locomotives=30, starting_hand=8, faceup_slots=1,
                      faceup_loco_reset=0, tunnel_reveal=3, deal_regular=0,
                      deal_keep_min=0, route_points=((3, 4),))
    gm = GameMap("tunnel", "Tunnel", cities, routes, (), {}, {"base": cfg})
    state = new_game(gm, cfg, 2, 3)
    agent = StubbornTunneller()
    with within(120):
        while state.stage != Stage.GAME_OVER:
            state = apply(state, agent.choose(state)).state
    # only locomotives: every reveal demands more, and the claim is withdrawn every time
    assert state.turn == cfg.turn_limit and state.owners[0] is None
