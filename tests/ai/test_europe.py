"""Europe play: Hard's policy keeps spare cards for tunnels; Medium does not."""

from __future__ import annotations

from tests.ai.helpers import game, positions
from ttr.ai.cards import card_needs
from ttr.ai.heuristic import Context
from ttr.ai.levels import MEDIUM, STRONG
from ttr.engine import LOCO, ClaimRoute, Stage, observe


def _spare(hand: list[int], a: ClaimRoute) -> int:
    pay = a.payment.counts
    c = next((i for i in range(8) if pay[i]), -1)
    return hand[LOCO] - pay[LOCO] + (hand[c] - pay[c] if c >= 0 else 0)


def test_hard_claims_tunnels_only_with_spare_cards() -> None:
    gm, cfg = game("europe")
    assert STRONG.tunnel_spare >= 1 and MEDIUM.tunnel_spare == 0
    skipped = 0
    for seed in (3, 8):
        for state in positions(gm, cfg, 3, seed=seed, every=2):
            if state.stage != Stage.CHOOSE_ACTION or state.turns_left is not None:
                continue
            view = observe(state, state.current)
            hard, medium = Context(view, STRONG), Context(view, MEDIUM)
            for r, claims in hard.claims.items():
                if gm.routes[r].tunnel:
                    assert all(_spare(hard.hand, a) >= STRONG.tunnel_spare for a in claims)
            for r, claims in medium.claims.items():
                kept = hard.claims.get(r, [])
                skipped += len(claims) - len(kept)
                assert gm.routes[r].tunnel or kept == claims
    assert skipped > 0  # the rule did bite somewhere


def test_needs_ask_for_tunnel_spares() -> None:
    gm, _ = game("europe")
    tunnels = [r for r, route in enumerate(gm.routes) if route.tunnel][:3]
    hand = [0] * 9
    plain = card_needs(gm, tunnels, hand)
    spare = card_needs(gm, tunnels, hand, tunnel_spare=2)
    assert spare.deficit == plain.deficit + 2 * len(tunnels)
