"""`Sim`: the one implementation of every rule, on a private mutable copy of a state.

The public `rules.apply` thaws a `GameState` into a `Sim`, steps it and freezes the
result, so it stays pure. Playouts (AI search, benchmarks) step a `Sim` in place,
which is the fast path. Hands and the discard pile are 9-element count lists;
empty face-up slots and unowned routes are -1.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Final

from ttr.engine.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    WithdrawTunnel,
)
from ttr.engine.board import MAX_LENGTH, GameMap, cap_tables, points_by_length
from ttr.engine.cards import LOCO_INDEX as LOCO
from ttr.engine.cards import CardColor, Hand, seeded_shuffle
from ttr.engine.config import RulesConfig
from ttr.engine.events import (
    CardTaken,
    DeckReshuffled,
    Event,
    FaceUpDealt,
    FaceUpWiped,
    FinalRound,
    Passed,
    RouteClaimed,
    StationBuilt,
    TicketsKept,
    TicketsOffered,
    TunnelRevealed,
    TunnelWithdrawn,
    TurnPassed,
)
from ttr.engine.listing import (
    DECK_ACTION,
    DECK_AND_ROW,
    FACEUP_ACTIONS,
    PASS_ACTION,
    TICKETS_ACTION,
    WITHDRAW_ACTION,
    Listing,
    listing_for,
)
from ttr.engine.payments import payments
from ttr.engine.scoring import GameResult, results_of
from ttr.engine.state import GameState, PlayerState, Stage, TunnelClaim

INITIAL: Final = 0
CHOOSE: Final = 1
SECOND: Final = 2
KEEP: Final = 3
TUNNEL: Final = 4
OVER: Final = 5
"""The `Stage` values as plain ints (what `Sim.stage` holds)."""
assert list(Stage) == [INITIAL, CHOOSE, SECOND, KEEP, TUNNEL, OVER]
_COLOR: Final = tuple(CardColor)
_SEAT: Final[tuple[int | None, ...]] = (*range(8), None)
"""Seat by index, None at index -1: maps -1 (nobody) to None and seats to themselves."""
_STAGE: Final = tuple(Stage)


class Sim:
    """A mutable game. Create with `Sim.thaw(state)`; read back with `freeze()`."""

    __slots__ = (
        "gm", "cfg", "n", "seed", "shuffles", "hands", "tickets", "offers", "trains",
        "stations_left", "route_pts", "current", "stage", "deck", "faceup", "discard",
        "ticket_deck", "owners", "station_at", "turns_left", "passes", "turn", "tunnel",
        "events", "_ppoints", "_rinfo", "_double_open", "_open", "_open_upto",
        "_open_ranks", "_open_shared",
        "_caps", "_turn_limit", "_listing",
    )
    gm: GameMap
    cfg: RulesConfig
    n: int
    seed: int | str
    shuffles: int
    hands: list[list[int]]
    tickets: list[list[str]]
    offers: list[list[str]]
    trains: list[int]
    stations_left: list[int]
    route_pts: list[int]
    current: int
    stage: int
    deck: list[int]
    faceup: list[int]
    discard: list[int]
    ticket_deck: list[str]
    owners: list[int]
    station_at: list[int]
    turns_left: int
    passes: int
    turn: int
    tunnel: tuple[int, list[int], list[int], int] | None
    events: list[Event] | None
    _ppoints: tuple[int, ...]
    _rinfo: tuple[tuple[int, int, int, int, int], ...]
    _double_open: bool
    _open: list[list[tuple[int, int, int, int]]]
    _open_upto: list[list[int]]
    _open_ranks: list[list[int]]
    _open_shared: bool
    """The three `_open` tables are shared with another sim (`copy`): copied before a
    change."""
    _caps: tuple[tuple[int, ...], ...]
    _turn_limit: int
    _listing: Listing

    def __init__(self, gm: GameMap, cfg: RulesConfig, like: Sim | None = None) -> None:
        """A blank sim of this map and rules; the tables that depend only on them are
        taken from `like` (a sim of the same map and rules) when given."""
        self.gm = gm
        self.cfg = cfg
        self.events: list[Event] | None = None
        """Events of the current step, or None to skip building them (playouts)."""
        self._rinfo = gm.rinfo
        if like is not None:
            self._ppoints, self._caps, self._listing = like._ppoints, like._caps, like._listing
            self._turn_limit = like._turn_limit
            return
        self._turn_limit = cfg.turn_limit
        self._ppoints = points_by_length(cfg.route_points)
        self._caps = cap_tables(cfg.cards_per_color + cfg.locomotives)
        """`_caps[t][n] == min(n, t)`: the `_open_upto` index for a reach of n cards
        with t trains left (t up to MAX_LENGTH), read without a comparison."""
        self._listing = listing_for(gm)

    # ---- conversion -------------------------------------------------------------------

    @staticmethod
    def thaw(state: GameState) -> Sim:
        """A mutable copy of `state`."""
        s = Sim(state.game_map, state.config)
        s.n = len(state.players)
        s.seed, s.shuffles = state.seed, state.shuffles
        s.hands = [list(p.hand.counts) for p in state.players]
        s.tickets = [list(p.tickets) for p in state.players]
        s.offers = [list(p.offer) for p in state.players]
        s.trains = [p.trains for p in state.players]
        s.stations_left = [p.stations for p in state.players]
        s.route_pts = [p.route_points for p in state.players]
        s.current, s.stage = state.current, int(state.stage)
        s.deck = [int(c) for c in state.deck]
        s.faceup = [-1 if c is None else int(c) for c in state.faceup]
        s.discard = list(state.discard.counts)
        s.ticket_deck = list(state.ticket_deck)
        s.owners = [-1 if o is None else o for o in state.owners]
        s.station_at = [-1 if o is None else o for o in state.stations]
        s.turns_left = -1 if state.turns_left is None else state.turns_left
        s.passes, s.turn = state.passes, state.turn
        t = state.tunnel
        s.tunnel = None if t is None else (
            state.game_map.route_by_id[t.route].index,
            list(t.payment.counts),
            [int(c) for c in t.revealed],
            t.extra,
        )
        s._double_open = s.n >= state.config.double_routes_min_players
        s._build_open()
        return s

    def _build_open(self) -> None:
        """Per colour (gray last), the routes nobody owns, shortest first."""
        owners = self.owners
        closed = self._double_open
        self._open = [
            [e for e in group if owners[e[1]] < 0 and (closed or e[2] < 0 or owners[e[2]] < 0)]
            for group in self.gm.by_color
        ]
        self._open_upto = [_upto_counts(group) for group in self._open]
        rank = self._listing.rank
        self._open_ranks = [[rank[e[1]] for e in group] for group in self._open]
        self._open_shared = False

    def copy(self) -> Sim:
        """An independent copy (cheaper than freeze + thaw)."""
        s = Sim(self.gm, self.cfg, self)
        s.n, s.seed, s.shuffles = self.n, self.seed, self.shuffles
        s.hands = [h[:] for h in self.hands]
        s.tickets = [t[:] for t in self.tickets]
        s.offers = [o[:] for o in self.offers]
        s.trains, s.stations_left = self.trains[:], self.stations_left[:]
        s.route_pts = self.route_pts[:]
        s.current, s.stage = self.current, self.stage
        s.deck, s.faceup, s.discard = self.deck[:], self.faceup[:], self.discard[:]
        s.ticket_deck, s.owners = self.ticket_deck[:], self.owners[:]
        s.station_at = self.station_at[:]
        s.turns_left, s.passes, s.turn = self.turns_left, self.passes, self.turn
        t = self.tunnel
        s.tunnel = None if t is None else (t[0], t[1][:], t[2][:], t[3])
        s._double_open = self._double_open
        s._open, s._open_upto, s._open_ranks = self._open, self._open_upto, self._open_ranks
        s._open_shared = self._open_shared = True  # copied by the first to claim (`_close`)
        return s

    def freeze(self) -> GameState:
        """The immutable state this sim holds now."""
        t = self.tunnel
        tunnel = None if t is None else TunnelClaim(
            self.gm.routes[t[0]].id, Hand(tuple(t[1])), tuple(_COLOR[c] for c in t[2]), t[3]
        )
        return GameState(
            game_map=self.gm,
            config=self.cfg,
            seed=self.seed,
            shuffles=self.shuffles,
            players=tuple(
                PlayerState(
                    Hand(tuple(self.hands[i])), tuple(self.tickets[i]), tuple(self.offers[i]),
                    self.trains[i], self.stations_left[i], self.route_pts[i],
                )
                for i in range(self.n)
            ),
            current=self.current,
            stage=_STAGE[self.stage],
            deck=tuple(map(_COLOR.__getitem__, self.deck)),
            faceup=tuple(None if c < 0 else _COLOR[c] for c in self.faceup),
            discard=Hand(tuple(self.discard)),
            ticket_deck=tuple(self.ticket_deck),
            owners=tuple(map(_SEAT.__getitem__, self.owners)),
            stations=tuple(map(_SEAT.__getitem__, self.station_at)),
            turns_left=None if self.turns_left < 0 else self.turns_left,
            passes=self.passes,
            turn=self.turn,
            tunnel=tunnel,
        )

    def results(self) -> GameResult:
        """`scoring.results` of the state this sim holds, without freezing it."""
        return results_of(self.gm, self.cfg, self.owners, self.station_at,
                          list(zip(self.tickets, self.route_pts, self.stations_left, strict=True)))

    # ---- cards ------------------------------------------------------------------------

    def _emit(self, event: Event) -> None:
        if self.events is not None:
            self.events.append(event)

    def _reshuffle(self) -> None:
        """Shuffle the discards into a new deck (deck must be empty)."""
        cards = [c for c in range(8) for _ in range(self.discard[c])]
        cards += [LOCO] * self.discard[LOCO]
        seeded_shuffle(cards, self.seed, self.shuffles)
        self.shuffles += 1
        self.deck = cards
        self.discard = [0] * 9
        if self.events is not None:
            self.events.append(DeckReshuffled(len(cards)))

    def _pop_card(self) -> int:
        """Top card of the deck, reshuffling first if needed; -1 if none is left."""
        if not self.deck:
            if not any(self.discard):
                return -1
            self._reshuffle()
        return self.deck.pop()

    def _cards_available(self) -> bool:
        return bool(self.deck) or any(self.discard)

    def _refill(self) -> None:
        """Fill empty face-up slots; wipe the row while it shows too many locomotives."""
        faceup = self.faceup
        if -1 not in faceup:
            return
        deck = self.deck
        for slot, c in enumerate(faceup):
            if c < 0:
                c = deck.pop() if deck else self._pop_card()
                if c < 0:
                    break
                faceup[slot] = c
                if self.events is not None:
                    self.events.append(FaceUpDealt(slot, _COLOR[c]))
        self._wipe_locos()

    def _wipe_locos(self) -> None:
        """Wipe and redeal the row while it shows too many locomotives (up to the cap)."""
        faceup = self.faceup
        limit = self.cfg.faceup_loco_reset
        if not limit or faceup.count(LOCO) < limit:
            return
        wipes = 0
        while faceup.count(LOCO) >= limit and wipes < self.cfg.max_consecutive_resets:
            wipes += 1
            wiped = [c for c in faceup if c >= 0]
            discard = self.discard
            for c in wiped:
                discard[c] = discard[c] + 1
            if self.events is not None:
                self.events.append(FaceUpWiped(tuple(_COLOR[c] for c in wiped)))
            for slot in range(len(faceup)):
                c = self._pop_card()
                faceup[slot] = c
                if c >= 0 and self.events is not None:
                    self.events.append(FaceUpDealt(slot, _COLOR[c]))

    def _can_second_draw(self) -> bool:
        return self._cards_available() or any(0 <= c < LOCO for c in self.faceup)

    # ---- turn flow --------------------------------------------------------------------

    def _end_turn(self) -> None:
        seat = self.current
        self.stage = CHOOSE
        if -1 in self.faceup:
            self._refill()
        self.turn += 1
        if self.turns_left >= 0:
            self.turns_left -= 1
        elif self.trains[seat] <= self.cfg.end_trigger:
            self.turns_left = self.n
            if self.events is not None:
                self.events.append(FinalRound(seat))
        if self.turns_left == 0 or self.passes >= self.n or self.turn >= self._turn_limit:
            self.stage = OVER
            return
        self.current = (seat + 1) % self.n
        if self.events is not None:
            self.events.append(TurnPassed(self.current))

    # ---- legality ---------------------------------------------------------------------

    def route_open(self, seat: int, ridx: int) -> bool:
        """Whether `seat` may claim route `ridx` now, ignoring cards and trains."""
        owners = self.owners
        if owners[ridx] >= 0:
            return False
        twin = self.gm.twin[ridx]
        if twin >= 0:
            other = owners[twin]
            if other == seat or (other >= 0 and not self._double_open):
                return False
        return True

    def _station_payments(self, hand: list[int]) -> list[Hand]:
        built = self.cfg.stations - self.stations_left[self.current]
        return payments(hand, self.cfg.station_costs[built], -1, 0)

    def _claimable(self, seat: int) -> list[int]:
        """Route indices `seat` can claim now (open, enough trains and cards)."""
        hand = self.hands[seat]
        locos = hand[LOCO]
        trains = self.trains[seat]
        owners = self.owners
        double_open = self._double_open
        out = []
        color = 0
        for group in self._open:
            reach = (hand[color] if color < 8 else max(hand[:8])) + locos
            color += 1
            if reach > trains:
                reach = trains
            for length, ridx, twin, ferry in group:
                if length > reach:
                    break
                if locos < ferry:
                    continue
                if twin >= 0:
                    other = owners[twin]
                    if other == seat or (other >= 0 and not double_open):
                        continue
                out.append(ridx)
        return out

    def _claimable_ranks(self, seat: int) -> list[int]:
        """The routes `_claimable` finds, as their places in route-id order
        (`Listing.rank`), sorted: a slice of each colour's open routes the hand can pay
        for, then (rarely) ferries and doubles filtered out."""
        hand = self.hands[seat]
        locos = hand[LOCO]
        trains = self.trains[seat]
        cap = self._caps[trains if trains < MAX_LENGTH else MAX_LENGTH]
        upto = self._open_upto
        groups = self._open_ranks
        ranks: list[int] = []
        most = 0
        for g in range(8):  # colour g pays hand[g] + locos
            held = hand[g]
            if held > most:
                most = held
            n = upto[g][cap[held + locos]]
            if n:
                ranks += groups[g][:n]
        n = upto[8][cap[most + locos]]  # gray: the colour held most
        if n:
            ranks += groups[8][:n]
        listing = self._listing
        if locos < listing.most_ferry:
            ferry = listing.ferry_by_rank
            ranks = [k for k in ranks if ferry[k] <= locos]
        if self._double_open:  # (otherwise a route whose twin is owned is not open)
            twin, owners = listing.twin_by_rank, self.owners
            ranks = [k for k in ranks if twin[k] < 0 or owners[twin[k]] != seat]
        ranks.sort()
        return ranks

    def _station_cost(self) -> int:
        """The cards the next station of the seat to act costs, or 0 if it cannot build
        one (none left, or fewer cards of one colour and locomotives than that)."""
        seat = self.current
        left = self.stations_left[seat]
        if left <= 0:
            return 0
        cost = self.cfg.station_costs[self.cfg.stations - left]
        hand = self.hands[seat]
        if max(hand[:8]) + hand[LOCO] < cost:
            return 0
        return cost

    def _station_cities(self) -> list[int]:
        if not self._station_cost():
            return []
        return [i for i, o in enumerate(self.station_at) if o < 0]

    def _tunnel_extras(self) -> list[Hand]:
        assert self.tunnel is not None
        _ridx, payment, _revealed, extra = self.tunnel
        hand = self.hands[self.current]
        color = next((c for c in range(8) if payment[c]), -1)
        if color < 0:  # paid with locomotives only: only locomotives will do
            return [Hand((0,) * 8 + (extra,))] if hand[LOCO] >= extra else []
        return payments(hand, extra, color, 0)

    def legal(self) -> list[Action]:
        """Every legal action, sorted by `action_sort_key` (empty when the game is over).

        Built in that order (see `listing`): a test compares it with a sorted listing.
        """
        seat, stage = self.current, self.stage
        out: list[Action]
        faceup = self.faceup
        if stage == CHOOSE:
            if self.deck and -1 not in faceup:  # the usual case: a deck and a full row
                out = list(DECK_AND_ROW[len(faceup)])
            else:
                out = [DECK_ACTION] if self._cards_available() else []
                out += [FACEUP_ACTIONS[i] for i, c in enumerate(faceup) if c >= 0]
            if self.ticket_deck:
                out.append(TICKETS_ACTION)
            hand = self.hands[seat]
            ranks = self._claimable_ranks(seat)
            if ranks:
                self._listing.add_claims(out, hand, ranks)
            if self.stations_left[seat] > 0:
                cost = self._station_cost()
                if cost:
                    self._listing.add_stations(out, hand, cost, self.station_at)
            if not out:
                out.append(PASS_ACTION)
            return out
        if stage == SECOND:
            if self.deck and -1 not in faceup and LOCO not in faceup:
                return list(DECK_AND_ROW[len(faceup)])
            out = [DECK_ACTION] if self._cards_available() else []
            out += [FACEUP_ACTIONS[i] for i, c in enumerate(faceup) if 0 <= c < LOCO]
            return out
        out = []
        if stage in (INITIAL, KEEP):
            offer = sorted(self.offers[seat])
            least = self._keep_min(len(offer))
            for k in range(len(offer), least - 1, -1):
                out += [KeepTickets(keep) for keep in combinations(offer, k)]
        elif stage == TUNNEL:
            out += [PayTunnel(e) for e in self._tunnel_extras()]
            out.append(WITHDRAW_ACTION)
        return out

    def _keep_min(self, offered: int) -> int:
        need = self.cfg.deal_keep_min if self.stage == INITIAL else self.cfg.draw_keep_min
        return min(need, offered)

    def is_legal(self, action: Action) -> bool:
        """Targeted legality check for one action."""
        seat, stage = self.current, self.stage
        match action:
            case DrawDeck():
                return stage in (CHOOSE, SECOND) and self._cards_available()
            case DrawFaceUp(slot):
                if stage not in (CHOOSE, SECOND) or not 0 <= slot < len(self.faceup):
                    return False
                c = self.faceup[slot]
                return c >= 0 and (stage == CHOOSE or c != LOCO)
            case DrawTickets():
                return stage == CHOOSE and bool(self.ticket_deck)
            case ClaimRoute(route, payment):
                r = self.gm.route_by_id.get(route)
                if stage != CHOOSE or r is None or not self.route_open(seat, r.index):
                    return False
                if r.length > self.trains[seat]:
                    return False
                _, length, color, _, ferry = self._rinfo[r.index]
                return payment in payments(self.hands[seat], length, color, ferry)
            case BuildStation(city, payment):
                idx = self.gm.city_index.get(city)
                return (
                    stage == CHOOSE and idx is not None and idx in self._station_cities()
                    and payment in self._station_payments(self.hands[seat])
                )
            case KeepTickets(keep):
                offer = self.offers[seat]
                return (
                    stage in (INITIAL, KEEP) and tuple(sorted(set(keep))) == keep
                    and set(keep) <= set(offer) and len(keep) >= self._keep_min(len(offer))
                )
            case PayTunnel(extra):
                return stage == TUNNEL and extra in self._tunnel_extras()
            case WithdrawTunnel():
                return stage == TUNNEL
            case Pass():
                return stage == CHOOSE and self.legal() == [Pass()]
        return False

    # ---- transitions ------------------------------------------------------------------

    def step(self, action: Action) -> None:
        """Apply a legal action in place (legality is the caller's job).

        Raises:
            TypeError: `action` is not an action.
        """
        if isinstance(action, DrawDeck):
            self.take_card(-1)
        elif isinstance(action, DrawFaceUp):
            self.take_card(action.slot)
        elif isinstance(action, ClaimRoute):
            route = self.gm.route_by_id[action.route]
            self.claim_route(route.index, list(action.payment.counts))
        elif isinstance(action, DrawTickets):
            self._offer_tickets()
        elif isinstance(action, KeepTickets):
            self._keep(action.keep)
        elif isinstance(action, BuildStation):
            self.build_station(self.gm.city_index[action.city], list(action.payment.counts))
        elif isinstance(action, PayTunnel):
            self._pay_tunnel(list(action.extra.counts))
        elif isinstance(action, WithdrawTunnel):
            self._withdraw_tunnel()
        elif isinstance(action, Pass):
            self._pass()
        else:
            raise TypeError(f"not an action: {action!r}")

    def take_card(self, slot: int) -> None:
        """Take face-up card `slot`, or the top of the deck when `slot` is -1 (what
        `DrawFaceUp` and `DrawDeck` step; playouts call it without an action)."""
        seat = self.current
        first = self.stage == CHOOSE
        if slot < 0:
            deck = self.deck
            c = deck.pop() if deck else self._pop_card()
            hand = self.hands[seat]
            hand[c] = hand[c] + 1
            if self.events is not None:
                self.events.append(CardTaken(seat, "deck", None, _COLOR[c]))
        else:
            faceup = self.faceup
            c = faceup[slot]
            hand = self.hands[seat]
            hand[c] = hand[c] + 1
            if self.events is not None:
                self.events.append(CardTaken(seat, "faceup", slot, _COLOR[c]))
            if self.deck and -1 not in faceup:  # the usual case: the deck refills the slot
                new = faceup[slot] = self.deck.pop()
                if self.events is not None:
                    self.events.append(FaceUpDealt(slot, _COLOR[new]))
                limit = self.cfg.faceup_loco_reset
                if limit and faceup.count(LOCO) >= limit:
                    self._wipe_locos()
            else:
                faceup[slot] = -1
                self._refill()
            if first and c == LOCO:  # a face-up locomotive is the whole turn
                self.passes = 0
                self._end_turn()
                return
        self.passes = 0
        if first and (self.deck or self._can_second_draw()):
            self.stage = SECOND
        else:
            self._end_turn()

    def _offer_tickets(self) -> None:
        seat = self.current
        k = min(self.cfg.draw_tickets, len(self.ticket_deck))
        offer = self.ticket_deck[:k]
        del self.ticket_deck[:k]
        self.offers[seat] = offer
        self.stage = KEEP
        self.passes = 0
        if self.events is not None:
            self.events.append(TicketsOffered(seat, tuple(offer), k))

    def build_station(self, city: int, payment: list[int]) -> None:
        """Build a station at city index `city` with these card counts (what
        `BuildStation` steps; playouts call it without an action)."""
        seat = self.current
        self._pay(payment)
        _add_counts(self.discard, payment)
        self.station_at[city] = seat
        self.stations_left[seat] = self.stations_left[seat] - 1
        self.passes = 0
        if self.events is not None:
            self.events.append(StationBuilt(seat, self.gm.cities[city].id, Hand(tuple(payment))))
        self._end_turn()

    def _pay_tunnel(self, extra: list[int]) -> None:
        assert self.tunnel is not None
        ridx, payment, revealed, _ = self.tunnel
        self._pay(extra)
        self._discard(revealed)
        self.tunnel = None
        paid = payment[:]
        _add_counts(paid, extra)
        self._finish_claim(ridx, paid)

    def _withdraw_tunnel(self) -> None:
        assert self.tunnel is not None
        ridx, payment, revealed, _ = self.tunnel
        hand = self.hands[self.current]
        _add_counts(hand, payment)
        self._discard(revealed)
        self.tunnel = None
        self.passes = 0
        if self.events is not None:
            self.events.append(TunnelWithdrawn(self.current, self.gm.routes[ridx].id))
        self._end_turn()

    def _pass(self) -> None:
        self.passes += 1
        if self.events is not None:
            self.events.append(Passed(self.current))
        self._end_turn()

    def _pay(self, counts: list[int]) -> None:
        """Take card counts from the hand of the seat to act."""
        hand = self.hands[self.current]
        for i in range(9):
            n = counts[i]
            if n:
                hand[i] = hand[i] - n

    def _discard(self, cards: list[int]) -> None:
        discard = self.discard
        for c in cards:
            discard[c] = discard[c] + 1

    def claim_route(self, ridx: int, payment: list[int]) -> None:
        """Claim route `ridx` with these card counts (what `ClaimRoute` steps; playouts
        call it without an action). `payment` is kept, not copied, by a tunnel claim."""
        self._pay(payment)
        self.passes = 0
        if ridx not in self.gm.tunnels:
            self._finish_claim(ridx, payment)
            return
        revealed = []
        for _ in range(self.cfg.tunnel_reveal):
            c = self._pop_card()
            if c < 0:
                break
            revealed.append(c)
        color = next((c for c in range(8) if payment[c]), -1)
        extra = sum(1 for c in revealed if c in (LOCO, color))
        self._emit(TunnelRevealed(
            self.current, self.gm.routes[ridx].id, tuple(_COLOR[c] for c in revealed), extra
        ))
        if extra == 0:
            self._discard(revealed)
            self._finish_claim(ridx, payment)
        else:
            self.tunnel = (ridx, payment, revealed, extra)
            self.stage = TUNNEL

    def _finish_claim(self, ridx: int, paid: list[int]) -> None:
        seat = self.current
        _, length, _, twin, _ = self._rinfo[ridx]
        discard = self.discard
        _add_counts(discard, paid)
        self.owners[ridx] = seat
        self._close(ridx)
        if twin >= 0 and not self._double_open:
            self._close(twin)
        trains, route_pts = self.trains, self.route_pts
        trains[seat] = trains[seat] - length
        points = self._ppoints[length]
        route_pts[seat] = route_pts[seat] + points
        if self.events is not None:
            route_id = self.gm.routes[ridx].id
            self.events.append(RouteClaimed(seat, route_id, Hand(tuple(paid)), points))
        self._end_turn()

    def _close(self, ridx: int) -> None:
        """Take route `ridx` out of the open-route tables."""
        _, length, color, _, _ = self._rinfo[ridx]
        g = color if color >= 0 else 8
        if self._open_shared:
            self._open = [group[:] for group in self._open]
            self._open_upto = [counts[:] for counts in self._open_upto]
            self._open_ranks = [ranks[:] for ranks in self._open_ranks]
            self._open_shared = False
        upto = self._open_upto[g]
        group = self._open[g]
        k = upto[length - 1]  # the first route of this length: find ridx from there
        while group[k][1] != ridx:
            k += 1
        del group[k]
        del self._open_ranks[g][k]
        for n in range(length, MAX_LENGTH + 1):
            upto[n] = upto[n] - 1

    def _keep(self, keep: tuple[str, ...]) -> None:
        seat = self.current
        offer = self.offers[seat]
        kept = set(keep)
        returned = [t for t in offer if t not in kept]
        self.tickets[seat] += [t for t in offer if t in kept]
        self.offers[seat] = []
        if self.events is not None:
            self.events.append(TicketsKept(seat, tuple(keep), len(keep), len(returned)))
        if self.stage == KEEP:
            self.ticket_deck += returned
            self._end_turn()
            return
        if not self.cfg.unkept_initial_to_box:
            self.ticket_deck += returned
        if seat + 1 < self.n:
            self.current = seat + 1
            if self.events is not None:
                self.events.append(TurnPassed(self.current))
        else:
            self.current = 0
            self.stage = CHOOSE
            if self.events is not None:
                self.events.append(TurnPassed(0))

    # ---- playouts ---------------------------------------------------------------------

    def sample(self, rng: random.Random) -> Action:
        """One random legal action, cheaply (see `playout.sample`)."""
        from ttr.engine.playout import sample

        return sample(self, rng)

    def play_random(self, rng: random.Random, max_steps: int = 100_000) -> int:
        """Step random legal actions until the game ends; returns the steps taken.

        The same game as stepping `sample(rng)` in a loop, only faster (`playout.play`).

        Raises:
            IllegalActionError: the step bound was hit (a bug: every game ends).
        """
        from ttr.engine.playout import play

        return play(self, rng, max_steps)


def _upto_counts(group: list[tuple[int, int, int, int]]) -> list[int]:
    """`board.upto_counts` of a colour's open routes (compiled with the sim)."""
    counts = [0] * (MAX_LENGTH + 1)
    for entry in group:  # how many are exactly n long, then the running sum
        n = entry[0]
        counts[n] = counts[n] + 1
    total = 0
    for n in range(MAX_LENGTH + 1):
        total += counts[n]
        counts[n] = total
    return counts


def _add_counts(target: list[int], counts: list[int]) -> None:
    """Add 9-element card counts into `target`."""
    for i in range(9):
        n = counts[i]
        if n:
            target[i] = target[i] + n
