"""`Sim`: the one implementation of every rule, on a private mutable copy of a state.

The public `rules.apply` thaws a `GameState` into a `Sim`, steps it and freezes the
result, so it stays pure. Playouts (AI search, benchmarks) step a `Sim` in place,
which is the fast path. Hands and the discard pile are 9-element count lists;
empty face-up slots and unowned routes are -1.
"""

from __future__ import annotations

import random
from itertools import combinations

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
    action_sort_key,
)
from ttr.engine.board import GameMap
from ttr.engine.cards import LOCO, CardColor, Hand
from ttr.engine.config import RulesConfig
from ttr.engine.errors import IllegalActionError
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
from ttr.engine.state import GameState, PlayerState, Stage, TunnelClaim

INITIAL, CHOOSE, SECOND, KEEP, TUNNEL, OVER = (int(s) for s in Stage)
_ALL_COLORS = range(8)
_COLOR = tuple(CardColor)


class Sim:
    """A mutable game. Create with `Sim.thaw(state)`; read back with `freeze()`."""

    __slots__ = (
        "gm", "cfg", "n", "seed", "shuffles", "hands", "tickets", "offers", "trains",
        "stations_left", "route_pts", "current", "stage", "deck", "faceup", "discard",
        "ticket_deck", "owners", "station_at", "turns_left", "passes", "turn", "tunnel",
        "events", "_ppoints", "_rinfo", "_double_open",
    )

    def __init__(self, gm: GameMap, cfg: RulesConfig) -> None:
        self.gm = gm
        self.cfg = cfg
        self.events: list[Event] | None = None
        """Events of the current step, or None to skip building them (playouts)."""
        table = dict(cfg.route_points)
        self._ppoints = [table.get(n, 0) for n in range(max(table) + 1)]
        self._rinfo = [
            (r.index, r.length, -1 if r.color is None else int(r.color), gm.twin[r.index], r.ferry)
            for r in gm.routes
        ]

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
        return s

    def copy(self) -> Sim:
        """An independent copy (cheaper than freeze + thaw)."""
        s = Sim.__new__(Sim)
        s.gm, s.cfg, s.n, s.seed, s.shuffles = self.gm, self.cfg, self.n, self.seed, self.shuffles
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
        s.events = None
        s._ppoints, s._rinfo, s._double_open = self._ppoints, self._rinfo, self._double_open
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
            stage=Stage(self.stage),
            deck=tuple(_COLOR[c] for c in self.deck),
            faceup=tuple(None if c < 0 else _COLOR[c] for c in self.faceup),
            discard=Hand(tuple(self.discard)),
            ticket_deck=tuple(self.ticket_deck),
            owners=tuple(None if o < 0 else o for o in self.owners),
            stations=tuple(None if o < 0 else o for o in self.station_at),
            turns_left=None if self.turns_left < 0 else self.turns_left,
            passes=self.passes,
            turn=self.turn,
            tunnel=tunnel,
        )

    # ---- cards ------------------------------------------------------------------------

    def _emit(self, event: Event) -> None:
        if self.events is not None:
            self.events.append(event)

    def _reshuffle(self) -> None:
        """Shuffle the discards into a new deck (deck must be empty)."""
        cards = [c for c in _ALL_COLORS for _ in range(self.discard[c])]
        cards += [LOCO] * self.discard[LOCO]
        random.Random(f"{self.seed}:{self.shuffles}").shuffle(cards)
        self.shuffles += 1
        self.deck = cards
        self.discard = [0] * 9
        self._emit(DeckReshuffled(len(cards)))

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
        for slot in range(len(faceup)):
            if faceup[slot] < 0:
                c = self._pop_card()
                if c < 0:
                    break
                faceup[slot] = c
                self._emit(FaceUpDealt(slot, _COLOR[c]))
        limit = self.cfg.faceup_loco_reset
        wipes = 0
        while limit and faceup.count(LOCO) >= limit and wipes < self.cfg.max_consecutive_resets:
            wipes += 1
            wiped = [c for c in faceup if c >= 0]
            for c in wiped:
                self.discard[c] += 1
            self._emit(FaceUpWiped(tuple(_COLOR[c] for c in wiped)))
            for slot in range(len(faceup)):
                c = self._pop_card()
                faceup[slot] = c
                if c >= 0:
                    self._emit(FaceUpDealt(slot, _COLOR[c]))

    def _can_second_draw(self) -> bool:
        return self._cards_available() or any(0 <= c < LOCO for c in self.faceup)

    # ---- turn flow --------------------------------------------------------------------

    def _end_turn(self) -> None:
        seat = self.current
        self.stage = CHOOSE
        self._refill()
        self.turn += 1
        if self.turns_left >= 0:
            self.turns_left -= 1
        elif self.trains[seat] <= self.cfg.end_trigger:
            self.turns_left = self.n
            self._emit(FinalRound(seat))
        if self.turns_left == 0 or self.passes >= self.n:
            self.stage = OVER
            return
        self.current = (seat + 1) % self.n
        self._emit(TurnPassed(self.current))

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

    def _payments(self, hand: list[int], length: int, color: int, ferry: int) -> list[Hand]:
        """Every exact payment of `length` cards for a route from `hand`."""
        locos = hand[LOCO]
        out: list[Hand] = []
        colors = _ALL_COLORS if color < 0 else (color,)
        for c in colors:
            have = hand[c]
            for nl in range(max(ferry, length - have), min(locos, length - 1) + 1):
                counts = [0] * 9
                counts[c] = length - nl
                counts[LOCO] = nl
                out.append(Hand(tuple(counts)))
        if locos >= length:
            out.append(Hand((0,) * 8 + (length,)))
        return out

    def _station_payments(self, hand: list[int]) -> list[Hand]:
        built = self.cfg.stations - self.stations_left[self.current]
        return self._payments(hand, self.cfg.station_costs[built], -1, 0)

    def _claimable(self, seat: int) -> list[int]:
        """Route indices `seat` can claim now (open, enough trains and cards)."""
        hand = self.hands[seat]
        locos = hand[LOCO]
        best = max(hand[:8]) + locos
        trains = self.trains[seat]
        out = []
        owners = self.owners
        for ridx, length, color, twin, ferry in self._rinfo:
            if owners[ridx] >= 0 or length > trains or locos < ferry:
                continue
            if (hand[color] + locos if color >= 0 else best) < length:
                continue
            if twin >= 0:
                other = owners[twin]
                if other == seat or (other >= 0 and not self._double_open):
                    continue
            out.append(ridx)
        return out

    def _station_cities(self) -> list[int]:
        seat = self.current
        if self.stations_left[seat] <= 0:
            return []
        built = self.cfg.stations - self.stations_left[seat]
        hand = self.hands[seat]
        if max(hand[:8]) + hand[LOCO] < self.cfg.station_costs[built]:
            return []
        return [i for i, o in enumerate(self.station_at) if o < 0]

    def _tunnel_extras(self) -> list[Hand]:
        assert self.tunnel is not None
        _ridx, payment, _revealed, extra = self.tunnel
        hand = self.hands[self.current]
        color = next((c for c in _ALL_COLORS if payment[c]), -1)
        if color < 0:  # paid with locomotives only: only locomotives will do
            return [Hand((0,) * 8 + (extra,))] if hand[LOCO] >= extra else []
        return self._payments(hand, extra, color, 0)

    def legal(self) -> list[Action]:
        """Every legal action, sorted (empty when the game is over)."""
        seat, stage = self.current, self.stage
        out: list[Action] = []
        if stage == CHOOSE:
            if self._cards_available():
                out.append(DrawDeck())
            out += [DrawFaceUp(i) for i, c in enumerate(self.faceup) if c >= 0]
            if self.ticket_deck:
                out.append(DrawTickets())
            hand = self.hands[seat]
            for ridx in self._claimable(seat):
                _, length, color, _, ferry = self._rinfo[ridx]
                rid = self.gm.routes[ridx].id
                out += [ClaimRoute(rid, p) for p in self._payments(hand, length, color, ferry)]
            cities = self._station_cities()
            if cities:
                pays = self._station_payments(hand)
                out += [BuildStation(self.gm.cities[i].id, p) for i in cities for p in pays]
            if not out:
                out.append(Pass())
        elif stage == SECOND:
            if self._cards_available():
                out.append(DrawDeck())
            out += [DrawFaceUp(i) for i, c in enumerate(self.faceup) if 0 <= c < LOCO]
        elif stage in (INITIAL, KEEP):
            offer = sorted(self.offers[seat])
            least = self._keep_min(len(offer))
            for k in range(len(offer), least - 1, -1):
                out += [KeepTickets(keep) for keep in combinations(offer, k)]
        elif stage == TUNNEL:
            out += [PayTunnel(e) for e in self._tunnel_extras()]
            out.append(WithdrawTunnel())
        out.sort(key=action_sort_key)
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
                return payment in self._payments(self.hands[seat], length, color, ferry)
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
        """Apply a legal action in place (legality is the caller's job)."""
        seat = self.current
        match action:
            case DrawDeck():
                c = self._pop_card()
                self.hands[seat][c] += 1
                self._emit(CardTaken(seat, "deck", None, _COLOR[c]))
                self._after_draw()
            case DrawFaceUp(slot):
                c = self.faceup[slot]
                self.faceup[slot] = -1
                self.hands[seat][c] += 1
                self._emit(CardTaken(seat, "faceup", slot, _COLOR[c]))
                first = self.stage == CHOOSE
                self._refill()
                if first and c == LOCO:
                    self.passes = 0
                    self._end_turn()
                else:
                    self._after_draw()
            case ClaimRoute(route, payment):
                self._claim(self.gm.route_by_id[route].index, list(payment.counts))
            case DrawTickets():
                k = min(self.cfg.draw_tickets, len(self.ticket_deck))
                offer = self.ticket_deck[:k]
                del self.ticket_deck[:k]
                self.offers[seat] = offer
                self.stage = KEEP
                self.passes = 0
                self._emit(TicketsOffered(seat, tuple(offer), k))
            case KeepTickets(keep):
                self._keep(keep)
            case BuildStation(city, payment):
                self._pay(payment.counts)
                self.station_at[self.gm.city_index[city]] = seat
                self.stations_left[seat] -= 1
                self.passes = 0
                self._emit(StationBuilt(seat, city, payment))
                self._end_turn()
            case PayTunnel(extra):
                assert self.tunnel is not None
                ridx, payment, revealed, _ = self.tunnel
                self._pay(extra.counts)
                self._discard(revealed)
                self.tunnel = None
                self._finish_claim(ridx, [a + b for a, b in zip(payment, extra.counts)])
            case WithdrawTunnel():
                assert self.tunnel is not None
                ridx, payment, revealed, _ = self.tunnel
                hand = self.hands[seat]
                for i in range(9):
                    hand[i] += payment[i]
                self._discard(revealed)
                self.tunnel = None
                self.passes = 0
                self._emit(TunnelWithdrawn(seat, self.gm.routes[ridx].id))
                self._end_turn()
            case Pass():
                self.passes += 1
                self._emit(Passed(seat))
                self._end_turn()

    def _after_draw(self) -> None:
        self.passes = 0
        if self.stage == CHOOSE and self._can_second_draw():
            self.stage = SECOND
        else:
            self._end_turn()

    def _pay(self, counts: tuple[int, ...] | list[int]) -> None:
        hand = self.hands[self.current]
        for i in range(9):
            hand[i] -= counts[i]

    def _discard(self, cards: list[int]) -> None:
        for c in cards:
            self.discard[c] += 1

    def _claim(self, ridx: int, payment: list[int]) -> None:
        self._pay(payment)
        self.passes = 0
        if not self.gm.routes[ridx].tunnel:
            self._finish_claim(ridx, payment)
            return
        revealed = []
        for _ in range(self.cfg.tunnel_reveal):
            c = self._pop_card()
            if c < 0:
                break
            revealed.append(c)
        color = next((c for c in _ALL_COLORS if payment[c]), -1)
        extra = sum(1 for c in revealed if c == LOCO or c == color)
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
        length = self._rinfo[ridx][1]
        for i in range(9):
            self.discard[i] += paid[i]
        self.owners[ridx] = seat
        self.trains[seat] -= length
        points = self._ppoints[length]
        self.route_pts[seat] += points
        if self.events is not None:
            self._emit(RouteClaimed(seat, self.gm.routes[ridx].id, Hand(tuple(paid)), points))
        self._end_turn()

    def _keep(self, keep: tuple[str, ...]) -> None:
        seat = self.current
        offer = self.offers[seat]
        kept = set(keep)
        returned = [t for t in offer if t not in kept]
        self.tickets[seat] += [t for t in offer if t in kept]
        self.offers[seat] = []
        self._emit(TicketsKept(seat, tuple(keep), len(keep), len(returned)))
        if self.stage == KEEP:
            self.ticket_deck += returned
            self._end_turn()
            return
        if not self.cfg.unkept_initial_to_box:
            self.ticket_deck += returned
        if seat + 1 < self.n:
            self.current = seat + 1
            self._emit(TurnPassed(self.current))
        else:
            self.current = 0
            self.stage = CHOOSE
            self._emit(TurnPassed(0))

    # ---- playouts ---------------------------------------------------------------------

    def sample(self, rng: random.Random) -> Action:
        """One random legal action without listing them all.

        Picks uniformly among the kinds of move available (draw cards, draw tickets,
        claim a route, build a station), then uniformly within the kind.
        """
        stage = self.stage
        seat = self.current
        if stage == CHOOSE:
            kinds = [0, 1, 2, 3] if self.cfg.stations else [0, 1, 2]
            while kinds:
                kind = kinds.pop(int(rng.random() * len(kinds)))
                if kind == 0:
                    slots = [i for i, c in enumerate(self.faceup) if c >= 0]
                    deck = self._cards_available()
                    k = len(slots) + deck
                    if k:
                        i = int(rng.random() * k)
                        return DrawFaceUp(slots[i]) if i < len(slots) else DrawDeck()
                elif kind == 1:
                    if self.ticket_deck:
                        return DrawTickets()
                elif kind == 2:
                    routes = self._claimable(seat)
                    if routes:
                        ridx = routes[int(rng.random() * len(routes))]
                        _, length, color, _, ferry = self._rinfo[ridx]
                        pays = self._payments(self.hands[seat], length, color, ferry)
                        pay = pays[int(rng.random() * len(pays))]
                        return ClaimRoute(self.gm.routes[ridx].id, pay)
                else:
                    cities = self._station_cities()
                    if cities:
                        city = cities[int(rng.random() * len(cities))]
                        pays = self._station_payments(self.hands[seat])
                        pay = pays[int(rng.random() * len(pays))]
                        return BuildStation(self.gm.cities[city].id, pay)
            return Pass()
        if stage == SECOND:
            slots = [i for i, c in enumerate(self.faceup) if 0 <= c < LOCO]
            k = len(slots) + self._cards_available()
            i = int(rng.random() * k)
            return DrawFaceUp(slots[i]) if i < len(slots) else DrawDeck()
        acts = self.legal()
        return acts[int(rng.random() * len(acts))]

    def play_random(self, rng: random.Random, max_steps: int = 100_000) -> int:
        """Step random legal actions until the game ends; returns the steps taken.

        Raises:
            IllegalActionError: the step bound was hit (a bug: every game ends).
        """
        steps = 0
        while self.stage != OVER:
            if steps >= max_steps:
                raise IllegalActionError(f"game did not end within {max_steps} steps")
            self.step(self.sample(rng))
            steps += 1
        return steps
