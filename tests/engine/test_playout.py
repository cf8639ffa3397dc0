"""The playout fast path: `Sim.play_random` plays the very games `sample` + `step` play,
`nth_counts` picks exactly what indexing `payments` would, and `Sim.results` scores
exactly as `results` of the frozen state."""

from __future__ import annotations

import random

import pytest

from tests.builders import europe, usa
from ttr.engine import Sim, new_sim, results
from ttr.engine.cards import Hand
from ttr.engine.payments import nth_counts, payments

GAMES = [("usa", v, p) for v in ("base", "1910", "mega", "bigcities") for p in (2, 3, 4, 5)]
GAMES += [("europe", "base", p) for p in (2, 3, 4, 5)]


def snapshot(sim: Sim) -> tuple[object, ...]:
    return (sim.freeze(), sim._open, sim._open_upto)


@pytest.mark.parametrize(("name", "variant", "players"), GAMES)
def test_play_random_equals_sample_and_step(name: str, variant: str, players: int) -> None:
    gm = usa() if name == "usa" else europe()
    cfg = gm.rules(variant)
    for g in range(6):
        seed = f"{variant}:{players}:{g}"
        fused = new_sim(gm, cfg, players, seed)
        steps = fused.play_random(random.Random(seed))
        stepped = new_sim(gm, cfg, players, seed)
        rng = random.Random(seed)
        count = 0
        while stepped.stage != 5:
            action = stepped.sample(rng)
            assert stepped.is_legal(action), action
            stepped.step(action)
            count += 1
        assert count == steps
        assert snapshot(fused) == snapshot(stepped)
        rebuilt = Sim.thaw(stepped.freeze())
        assert (rebuilt._open, rebuilt._open_upto) == (stepped._open, stepped._open_upto)
        assert fused.results() == results(fused.freeze())


def test_play_random_with_more_cards_than_usual() -> None:
    """Hands that reach past the usual 12 + 14 cards (the cap tables follow the config)."""
    gm = usa()
    cfg = gm.rules("base").with_options(cards_per_color=4, locomotives=90, starting_hand=40)
    widest = 0
    for g in range(4):
        sim = new_sim(gm, cfg, 2, g)
        rng = random.Random(g)
        while sim.stage != 5:
            widest = max(widest, *(max(h[:8]) + h[8] for h in sim.hands))
            sim.step(sim.sample(rng))
        assert sim.results() == results(sim.freeze())
    assert widest > 12 + 14


def test_nth_counts_indexes_payments() -> None:
    rng = random.Random(3)
    for _ in range(5_000):
        hand = [rng.randint(0, 6) for _ in range(9)]
        length = rng.randint(1, 8)
        color = rng.randint(-1, 7)
        ferry = rng.randint(0, 2) if rng.random() < 0.3 else 0
        listed = payments(hand, length, color, ferry)
        if not listed:
            continue
        pick = rng.random()
        picked = Hand(tuple(nth_counts(hand, length, color, ferry, pick)))
        assert picked == listed[int(pick * len(listed))]
