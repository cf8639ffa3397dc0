"""Per-map tables that make `Sim.legal` cheap: the claim and station actions are made
once and reused, and listed in `action_sort_key` order without sorting.

`Sim.legal` lists every legal action of the seat to act, sorted by `action_sort_key`:
the card draws, then claims by route id, then stations by city id, each route's or
city's payments by locomotives, then counts. A route's payments depend only on its
length, colour and ferry and on `payments_key` of the hand (the locomotives up to the
length and, per colour that can pay, its cards up to the length less the ferry), so
its sorted `ClaimRoute` tuple is cached per route under that key; a city's
`BuildStation` tuple likewise under the key and the station's cost. A key seen for the
first time on a route costs a look-up in the patterns shared by every map (the
payments as `payment_number`s in order; `payments` runs once per pattern) and in the
route's own actions by payment number. The actions are frozen, so listings share them.
"""

from __future__ import annotations

from typing import Final

from ttr.engine.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    Pass,
    WithdrawTunnel,
    payment_sort_key,
)
from ttr.engine.board import GameMap
from ttr.engine.cards import LOCO_INDEX as LOCO
from ttr.engine.cards import Hand
from ttr.engine.payments import payments, payments_key

DECK_ACTION: Final = DrawDeck()
TICKETS_ACTION: Final = DrawTickets()
PASS_ACTION: Final = Pass()
WITHDRAW_ACTION: Final = WithdrawTunnel()
FACEUP_ACTIONS: Final = tuple(DrawFaceUp(i) for i in range(16))
"""The argument-less actions and `DrawFaceUp` by slot, built once."""
DECK_AND_ROW: Final[tuple[tuple[Action, ...], ...]] = tuple(
    (DECK_ACTION, *FACEUP_ACTIONS[:n]) for n in range(17))
"""`DECK_AND_ROW[n]`: the deck and every slot of a row of n cards (the usual draws)."""

CACHE_LIMIT: Final = 1024
"""Keys kept per route or city; past that its cache starts again (a bound on memory:
a gray route sees a few hundred keys in a hundred random games)."""
PATTERNS_KEPT: Final = 65536
"""Payment patterns kept (shared by every map); past that they start again."""
MAPS_KEPT: Final = 32
"""Maps whose tables are kept; past that the tables start again."""


class Listing:
    """The sorted claim and station actions of one map, cached by `payments_key`."""

    def __init__(self, gm: GameMap) -> None:
        self.gm = gm
        order = sorted(range(len(gm.routes)), key=lambda i: gm.routes[i].id)
        self.rank: list[int] = [0] * len(order)
        """The place of each route (by index) in route-id order."""
        for k, ridx in enumerate(order):
            self.rank[ridx] = k
        self.by_rank: list[int] = order
        """Route indices in route-id order."""
        self.group_ranks: list[list[int]] = [[self.rank[e[1]] for e in group]
                                             for group in gm.by_color]
        """The ranks of `GameMap.by_color`, group by group (of a new game's open routes)."""
        self.ferry_by_rank: list[int] = [gm.rinfo[r][4] for r in order]
        self.most_ferry: int = max(self.ferry_by_rank, default=0)
        self.twin_by_rank: list[int] = [gm.rinfo[r][3] for r in order]
        """By rank: each route's ferry locomotives and twin (a route index, or -1)."""
        self.city_order: list[int] = sorted(range(len(gm.cities)), key=lambda i: gm.cities[i].id)
        """City indices in city-id order."""
        kinds: dict[tuple[int, int, int], int] = {}
        self.kind_of: list[int] = [
            kinds.setdefault((length, color, ferry), len(kinds))
            for _, length, color, _, ferry in gm.rinfo
        ]
        """Per route: its kind, the index of its (length, colour, ferry) in `kinds`."""
        self.kinds: list[tuple[int, int, int]] = list(kinds)
        """(length, colour, ferry) of every kind of route: what its payments depend on
        besides the hand."""
        self.claims: list[dict[int, tuple[Action, ...]]] = [{} for _ in gm.routes]
        """Per route: its claims by `payments_key`."""
        self.stations: list[dict[int, tuple[Action, ...]]] = [{} for _ in gm.cities]
        """Per city: its stations by `payments_key * 32 + cost`."""
        self.claim_objs: list[dict[int, Action]] = [{} for _ in gm.routes]
        self.station_objs: list[dict[int, Action]] = [{} for _ in gm.cities]
        """Per route (city): each claim (station) action made so far, by payment number
        (`payment_number`; of a station: `payment_number * 32 + cost`)."""

    def add_claims(self, out: list[Action], hand: list[int], ranks: list[int]) -> None:
        """Append every `ClaimRoute` of the routes with these sorted `rank`s (claimable
        with `hand`), each route's payments sorted."""
        by_rank = self.by_rank
        kind_of = self.kind_of
        kinds = self.kinds
        keys = [-1] * len(kinds)  # payments_key by kind, computed when first needed
        claims = self.claims
        for k in ranks:
            ridx = by_rank[k]
            kind = kind_of[ridx]
            key = keys[kind]
            if key < 0:
                length, color, ferry = kinds[kind]
                key = keys[kind] = payments_key(hand, length, color, ferry)
            cache = claims[ridx]
            found = cache.get(key)
            if found is None:
                if len(cache) >= CACHE_LIMIT:
                    cache.clear()
                length, color, ferry = kinds[kind]
                found = cache[key] = self._claims(ridx, pattern(hand, length, color, ferry, key))
            out += found

    def _claims(self, ridx: int, numbers: tuple[int, ...]) -> tuple[Action, ...]:
        """The claims of route `ridx` with these payment numbers."""
        made = self.claim_objs[ridx]
        route = self.gm.routes[ridx]
        out: list[Action] = []
        for number in numbers:
            action = made.get(number)
            if action is None:
                action = made[number] = ClaimRoute(route.id, payment_hand(number, route.length))
            out.append(action)
        return tuple(out)

    def add_stations(self, out: list[Action], hand: list[int], cost: int,
                     station_at: list[int]) -> None:
        """Append every `BuildStation` of `cost` cards from `hand` on a free city (-1 in
        `station_at`), in city-id order, each city's payments sorted."""
        pays = payments_key(hand, cost, -1, 0)
        key = pays * 32 + cost  # (a cost is at most 20)
        caches = self.stations
        for city in self.city_order:
            if station_at[city] >= 0:
                continue
            cache = caches[city]
            found = cache.get(key)
            if found is None:
                if len(cache) >= CACHE_LIMIT:
                    cache.clear()
                found = cache[key] = self._stations(city, cost, pattern(hand, cost, -1, 0, pays))
            out += found

    def _stations(self, city: int, cost: int, numbers: tuple[int, ...]) -> tuple[Action, ...]:
        """The stations on `city` of `cost` cards with these payment numbers."""
        made = self.station_objs[city]
        cid = self.gm.cities[city].id
        out: list[Action] = []
        for number in numbers:
            action = made.get(number * 32 + cost)
            if action is None:
                action = made[number * 32 + cost] = BuildStation(cid, payment_hand(number, cost))
            out.append(action)
        return tuple(out)


def payment_number(payment: Hand, length: int) -> int:
    """A payment of `length` cards as one number: `colour * (length + 1) + locomotives`
    (colour 8 for all locomotives)."""
    counts = payment.counts
    color = next((c for c in range(8) if counts[c]), LOCO)
    return color * (length + 1) + counts[LOCO]


def payment_hand(number: int, length: int) -> Hand:
    """The payment of `length` cards with this `payment_number`."""
    color, locos = divmod(number, length + 1)
    counts = [0] * 9
    counts[color] = length - locos
    counts[LOCO] = counts[LOCO] + locos
    return Hand(tuple(counts))


_PATTERNS: Final[dict[int, tuple[int, ...]]] = {}


def pattern(hand: list[int], length: int, color: int, ferry: int, key: int) -> tuple[int, ...]:
    """The `payment_number`s of `payments(hand, length, color, ferry)` in the order of
    `payment_sort_key`; `key` is their `payments_key` (the patterns are cached by it)."""
    full = ((key * 32 + length) * 32 + ferry) * 16 + color + 1
    found = _PATTERNS.get(full)
    if found is None:
        pays = payments(hand, length, color, ferry)
        pays.sort(key=payment_sort_key)
        if len(_PATTERNS) >= PATTERNS_KEPT:
            _PATTERNS.clear()
        found = _PATTERNS[full] = tuple([payment_number(p, length) for p in pays])
    return found


_TABLES: Final[dict[int, Listing]] = {}
"""`Listing` by `id` of its map (each `Listing` keeps its map, so the id stays its own)."""


def listing_for(gm: GameMap) -> Listing:
    """The (shared) listing tables of this map."""
    found = _TABLES.get(id(gm))
    if found is not None and found.gm is gm:
        return found
    if len(_TABLES) >= MAPS_KEPT:
        _TABLES.clear()
    made = _TABLES[id(gm)] = Listing(gm)
    return made
