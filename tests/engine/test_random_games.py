"""Random-game invariants over every map, variant and player count (OpenSpiel style).

The fast run plays >= 2,000 seeded games on the playout path and checks, after every
step, card, train and score conservation and that the action was legal; legal actions
are non-empty until the end (every 4th step), every game ends, and its actions replay
to the identical final state. The full run plays 40 games through the public API and,
after every step, also checks what every viewer's view and redacted events reveal
(nothing hidden: a random state consistent with a view looks the same to its viewer),
replays with `replay`, and that the fast path agrees with `apply`.
"""

from __future__ import annotations

import random

import pytest

from tests.builders import europe, usa
from ttr.engine import (
    CardTaken,
    GameMap,
    GameState,
    Sim,
    Stage,
    TicketsKept,
    TicketsOffered,
    apply,
    check_invariants,
    determinize,
    format_action,
    legal_actions,
    new_game,
    observe,
    parse_action,
    redact,
    replay,
    results,
)

GAMES = [("usa", v) for v in ("base", "1910", "mega", "bigcities")] + [("europe", "base")]
MAX_STEPS = 5_000


def game_map(name: str) -> GameMap:
    return usa() if name == "usa" else europe()


def check_sim(sim: Sim) -> None:
    """Conservation checks straight on the mutable state (cheap enough for every step)."""
    cfg, gm = sim.cfg, sim.gm
    cards = sim.discard[:]
    for c in sim.deck:
        cards[c] += 1
    for c in sim.faceup:
        if c >= 0:
            cards[c] += 1
    for h in sim.hands:
        for i in range(9):
            cards[i] += h[i]
    if sim.tunnel is not None:
        for i in range(9):
            cards[i] += sim.tunnel[1][i]
        for c in sim.tunnel[2]:
            cards[c] += 1
    assert cards == [cfg.cards_per_color] * 8 + [cfg.locomotives]
    placed = [0] * sim.n
    points = [0] * sim.n
    for r in gm.routes:
        o = sim.owners[r.index]
        if o >= 0:
            placed[o] += r.length
            points[o] += cfg.points_for(r.length)
    assert [t + p for t, p in zip(sim.trains, placed, strict=True)] == [cfg.trains] * sim.n
    assert sim.route_pts == points
    assert min(min(h) for h in sim.hands) >= 0


@pytest.mark.parametrize(("map_name", "variant"), GAMES)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_fast_random_games(map_name: str, variant: str, players: int) -> None:
    gm = game_map(map_name)
    cfg = gm.rules(variant)
    for g in range(100):  # 5 rule sets x 4 player counts x 100 = 2,000 games
        seed = f"{map_name}:{variant}:{players}:{g}"
        start = new_game(gm, cfg, players, seed)
        sim = Sim.thaw(start)
        rng = random.Random(seed)
        actions = []
        while sim.stage != Stage.GAME_OVER:
            assert len(actions) < MAX_STEPS, "the game did not end"
            if len(actions) % 4 == 0:
                assert sim.legal(), "no legal action before the end"
            action = sim.sample(rng)
            assert sim.is_legal(action)
            sim.step(action)
            actions.append(action)
            check_sim(sim)
        assert sim.legal() == []
        final = sim.freeze()
        again = Sim.thaw(start)  # the record replays to the identical final state
        for action in actions:
            again.step(action)
        assert again.freeze() == final
        check_invariants(final)
        r = results(final)
        assert sorted(r.ranking) == list(range(players))


def assert_no_leak(state: GameState, events: tuple, rng: random.Random) -> None:  # type: ignore[type-arg]
    for viewer in [None, *range(state.num_players)]:
        view = observe(state, viewer)
        if viewer is not None:
            me = state.players[viewer]
            assert view.me is not None and view.me.hand == me.hand
            # a random state consistent with the view looks the same to the viewer:
            # the view cannot depend on anything hidden from it
            other = determinize(view, rng)
            assert observe(other, viewer) == view
        for e in events:
            r = redact(e, viewer)
            match r:
                case CardTaken(seat=seat, source="deck") if seat != viewer:
                    assert r.color is None
                case TicketsOffered(seat=seat) if seat != viewer:
                    assert r.tickets is None
                case TicketsKept(seat=seat) if seat != viewer:
                    assert r.kept is None


@pytest.mark.parametrize(("map_name", "variant"), GAMES)
def test_public_api_games(map_name: str, variant: str) -> None:
    gm = game_map(map_name)
    cfg = gm.rules(variant)
    for g in range(8):
        players = 2 + g % 4
        seed = g * 7919
        state = new_game(gm, cfg, players, seed)
        sim = Sim.thaw(state)
        rng = random.Random(g)
        leak_rng = random.Random(-g)
        actions = []
        while state.stage != Stage.GAME_OVER:
            legal = legal_actions(state)
            assert legal
            action = rng.choice(legal) if rng.random() < 0.5 else sim.sample(rng)
            assert parse_action(format_action(action)) == action
            transition = apply(state, action)
            sim.step(action)
            assert sim.freeze() == transition.state, "fast path and apply disagree"
            state = transition.state
            check_invariants(state)
            assert_no_leak(state, transition.events, leak_rng)
            actions.append(action)
        assert replay(gm, cfg, players, seed, actions) == state
