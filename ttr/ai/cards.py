"""Card heuristics: what colours a plan needs, what a card is worth, how to pay."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ttr.engine import LOCO, ClaimRoute, GameMap


@dataclass(frozen=True, slots=True)
class Needs:
    """Cards a plan still needs, measured against the hand."""

    hand: tuple[int, ...]
    colored: tuple[int, ...]
    """Cards per colour the planned coloured routes need (9 entries, loco = ferries)."""
    gray: tuple[int, ...]
    """Lengths of planned gray routes, longest first."""
    deficit: int
    """Cards still missing for the whole plan (locomotives counted as wild)."""


def card_needs(
    gm: GameMap, routes: Iterable[int], hand: Sequence[int], tunnel_spare: int = 0
) -> Needs:
    """The colours `routes` need and how many cards are missing.

    `tunnel_spare` extra cards are asked for each tunnel (to pay its revealed extra).
    """
    colored = [0] * 9
    gray: list[int] = []
    for r in routes:
        route = gm.routes[r]
        colored[LOCO] += route.ferry
        n = route.length - route.ferry + (tunnel_spare if route.tunnel else 0)
        if route.color is None:
            gray.append(n)
        else:
            colored[int(route.color)] += n
    missing = sum(max(0, colored[c] - hand[c]) for c in range(8))
    surplus = sorted((max(0, hand[c] - colored[c]) for c in range(8)), reverse=True)
    gray.sort(reverse=True)
    for i, n in enumerate(gray):
        missing += max(0, n - (surplus[i] if i < len(surplus) else 0))
    missing += colored[LOCO]
    deficit = max(0, missing - hand[LOCO])
    return Needs(tuple(hand), tuple(colored), tuple(gray), deficit)


def locos_short(needs: Needs) -> int:
    """Locomotives the plan's ferries still lack when they are all it lacks (else 0)."""
    short = needs.colored[LOCO] - needs.hand[LOCO]
    return short if 0 < short == needs.deficit else 0


def color_value(needs: Needs, hand: Sequence[int], c: int) -> float:
    """Worth of one more card of colour `c` (1.0 = fills a gap in the plan)."""
    short = needs.colored[c] - hand[c]
    if short > 0:
        return 1.0 + 0.05 * min(short, 4)
    if needs.gray:
        surplus = hand[c] - needs.colored[c]
        top = max(hand[i] - needs.colored[i] for i in range(8))
        if surplus >= top - 1 and surplus < needs.gray[0]:
            return 0.9 + 0.02 * surplus
        return 0.5
    return 0.15


def choose_payment(gm: GameMap, claims: Sequence[ClaimRoute], needs: Needs) -> ClaimRoute:
    """The payment that spends the fewest locomotives and the least-needed colour."""

    def key(a: ClaimRoute) -> tuple[int, int, str]:
        counts = a.payment.counts
        c = next((i for i in range(8) if counts[i]), -1)
        spare = 0 if c < 0 else needs.hand[c] - counts[c] - needs.colored[c]
        return (counts[LOCO], -spare, str(a.payment))

    return min(claims, key=key)
