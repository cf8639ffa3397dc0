"""USA variants and the Europe rules: long tickets, tunnels, ferries and stations."""

from __future__ import annotations

import pytest

from tests.builders import europe, make_state, play, usa
from ttr.engine import (
    BuildStation,
    City,
    ClaimRoute,
    GameMap,
    Hand,
    KeepTickets,
    PayTunnel,
    Route,
    RulesConfig,
    Stage,
    Ticket,
    TunnelRevealed,
    WithdrawTunnel,
    apply,
    legal_actions,
    new_game,
    parse_action,
    results,
)

FACEUP = ["blue", "blue", "green", "white", "black"]


# ---- USA variants --------------------------------------------------------------------

@pytest.mark.parametrize(("variant", "deck", "deal", "keep", "draw", "longest", "globe"), [
    ("base", 30, 3, 2, 3, 10, 0),
    ("1910", 35, 3, 2, 3, 0, 15),
    ("mega", 69, 5, 3, 4, 10, 15),
    ("bigcities", 35, 4, 2, 4, 0, 0),
])
def test_usa_variant_numbers(variant: str, deck: int, deal: int, keep: int, draw: int,
                             longest: int, globe: int) -> None:
    gm = usa()
    cfg = gm.rules(variant)
    assert len(gm.ticket_deck(cfg)) == deck
    assert (cfg.longest_path_bonus, cfg.globetrotter_bonus) == (longest, globe)
    s = new_game(gm, cfg, 3, seed=1)
    assert all(len(p.offer) == deal for p in s.players)
    assert min(len(a.keep) for a in legal_actions(s)) == keep  # type: ignore[union-attr]
    for _ in range(3):
        s = apply(s, legal_actions(s)[0]).state
    s = play(s, "tickets")
    assert len(s.players[0].offer) == draw
    assert min(len(a.keep) for a in legal_actions(s)) == 1  # type: ignore[union-attr]


def test_big_cities_tickets_all_touch_a_big_city() -> None:
    gm = usa()
    big = {"chicago", "dallas", "houston", "los-angeles", "miami", "new-york", "seattle"}
    for tid in gm.ticket_deck(gm.rules("bigcities")):
        t = gm.ticket_by_id[tid]
        assert {t.a, t.b} & big


def test_big_cities_longest_path_is_an_option() -> None:
    cfg = usa().rules("bigcities").with_options(longest_path_bonus=10)
    assert cfg.longest_path_bonus == 10


# ---- Europe setup ---------------------------------------------------------------------

def test_europe_deals_one_long_and_three_regular_unkept_go_to_the_box() -> None:
    gm = europe()
    s = new_game(gm, gm.rules("base"), 3, seed=2)
    for p in s.players:
        kinds = sorted(gm.ticket_by_id[t].long for t in p.offer)
        assert kinds == [False, False, False, True]
    assert len(s.ticket_deck) == 40 - 9
    keep = min((a for a in legal_actions(s)), key=lambda a: len(a.keep))  # type: ignore[union-attr]
    assert isinstance(keep, KeepTickets) and len(keep.keep) == 2
    s = apply(s, keep).state
    assert len(s.ticket_deck) == 31  # the two not kept left the game
    assert s.players[0].stations == 3


# ---- tunnels --------------------------------------------------------------------------

def tunnel_state(hand: str, reveal: list[str], **kw: object) -> object:
    """Angora-Smyrna is an orange tunnel of 3; `reveal` lists the next cards, top first."""
    deck = kw.pop("deck", None) or ["white"] * 5 + list(reversed(reveal))
    return make_state(europe(), hands=[hand, "-"], faceup=FACEUP, deck=deck, **kw)  # type: ignore[arg-type]


def revealed(events: tuple) -> TunnelRevealed:  # type: ignore[type-arg]
    return next(e for e in events if isinstance(e, TunnelRevealed))


def test_tunnel_without_matches_is_claimed_at_once() -> None:
    s = tunnel_state("orange:3", ["red", "white", "yellow"])
    before = s.discard  # type: ignore[attr-defined]
    t = apply(s, parse_action("claim angora-smyrna orange:3"))  # type: ignore[arg-type]
    assert revealed(t.events).extra == 0
    assert t.state.owners[europe().route("angora-smyrna").index] == 0 and t.state.current == 1
    assert t.state.discard.remove(before) == Hand.of(orange=3, red=1, white=1, yellow=1)


@pytest.mark.parametrize(("reveal", "extra"), [
    (["orange", "red", "white"], 1),
    (["orange", "loco", "white"], 2),
    (["orange", "orange", "loco"], 3),
])
def test_tunnel_matches_demand_extra_cards(reveal: list[str], extra: int) -> None:
    s = tunnel_state("orange:6,loco:2", reveal)
    s = play(s, "claim angora-smyrna orange:3")
    assert s.stage == Stage.TUNNEL_PAY and s.tunnel is not None and s.tunnel.extra == extra
    pays = [a for a in legal_actions(s) if isinstance(a, PayTunnel)]
    assert all(a.extra.total == extra for a in pays)
    assert WithdrawTunnel() in legal_actions(s)
    pay = pays[0]
    s = apply(s, pay).state
    assert s.players[0].hand.total == 8 - 3 - extra
    assert s.owners[europe().route("angora-smyrna").index] == 0 and s.current == 1


def test_tunnel_paid_with_locomotives_only_counts_only_locomotives() -> None:
    s = tunnel_state("loco:5,orange:2", ["orange", "orange", "loco"])
    s = play(s, "claim angora-smyrna loco:3")
    assert s.tunnel is not None and s.tunnel.extra == 1
    assert [str(a) for a in legal_actions(s)] == [
        str(PayTunnel(Hand.of(loco=1))), str(WithdrawTunnel())]


def test_tunnel_withdrawn_returns_the_cards() -> None:
    s = tunnel_state("orange:3", ["orange", "red", "white"])
    before = s.discard  # type: ignore[attr-defined]
    s = play(s, "claim angora-smyrna orange:3")  # type: ignore[arg-type]
    assert [type(a) for a in legal_actions(s)] == [WithdrawTunnel]  # cannot pay the extra
    s = play(s, "withdraw")
    assert s.players[0].hand == Hand.of(orange=3) and s.current == 1
    assert s.owners[europe().route("angora-smyrna").index] is None
    assert s.discard.remove(before) == Hand.of(orange=1, red=1, white=1)


def test_tunnel_reveal_reshuffles_the_discards_when_the_deck_runs_short() -> None:
    s = make_state(europe(), hands=["orange:3", "-"], faceup=FACEUP, deck=["red", "red"])
    t = apply(s, parse_action("claim angora-smyrna orange:3"))
    assert len(revealed(t.events).cards) == 3  # two from the deck, one after a reshuffle
    assert t.state.shuffles == 1


def test_tunnel_near_an_empty_deck_reveals_what_there_is() -> None:
    rest = "purple:12,white:12,blue:12,yellow:12,black:12,red:12,green:12,orange:8,loco:14"
    s = make_state(europe(), hands=["orange:3", rest], faceup=[None] * 5, deck=["orange"],
                   discard="-")
    t = apply(s, parse_action("claim angora-smyrna orange:3"))
    assert revealed(t.events).cards == (4,) and revealed(t.events).extra == 1
    assert legal_actions(t.state) == (WithdrawTunnel(),)


# ---- ferries --------------------------------------------------------------------------

def ferry_payments(hand: str, route: str) -> list[str]:
    s = make_state(europe(), hands=[hand, "-"], faceup=FACEUP)
    return sorted(str(a.payment) for a in legal_actions(s)
                  if isinstance(a, ClaimRoute) and a.route == route)


def test_ferry_needs_its_locomotives() -> None:
    assert ferry_payments("red:3", "athina-brindisi") == []  # 4 long, 1 locomotive symbol
    assert ferry_payments("red:3,loco:1", "athina-brindisi") == ["red:3,loco:1"]
    assert ferry_payments("red:2,loco:2", "athina-brindisi") == ["red:2,loco:2"]
    assert ferry_payments("red:1,loco:1", "amsterdam-london") == []  # 2 symbols
    assert ferry_payments("red:1,loco:2", "amsterdam-london") == ["loco:2"]


# ---- stations -------------------------------------------------------------------------

def station_payments(state: object, city: str) -> list[str]:
    return sorted(str(a.payment) for a in legal_actions(state)  # type: ignore[arg-type]
                  if isinstance(a, BuildStation) and a.city == city)


def test_station_costs_one_two_three() -> None:
    hand = "red:3,blue:1,loco:1"
    built = [{}, {"wien": 0}, {"wien": 0, "roma": 0}, {"wien": 0, "roma": 0, "berlin": 0}]
    expected = [
        {"blue:1", "loco:1", "red:1"},
        {"blue:1,loco:1", "red:1,loco:1", "red:2"},
        {"red:3", "red:2,loco:1"},
        set(),  # all three built
    ]
    for stations, payments in zip(built, expected, strict=True):
        s = make_state(europe(), hands=[hand, "-"], faceup=FACEUP, stations=stations)
        assert set(station_payments(s, "paris")) == payments


def test_one_station_per_city() -> None:
    s = make_state(europe(), hands=["red:3", "-"], faceup=FACEUP, stations={"paris": 1})
    assert station_payments(s, "paris") == [] and station_payments(s, "wien") == ["red:1"]
    s = play(s, "station wien red:1")
    assert s.stations[europe().city_index["wien"]] == 0 and s.players[0].stations == 2


def station_map() -> GameMap:
    cities = tuple(City(c, c.upper()) for c in ("s", "p", "q", "r", "x"))
    spec = [("s", "p", 2), ("s", "q", 2), ("s", "r", 2), ("r", "x", 3)]
    routes = tuple(Route(f"{a}-{b}", a, b, n, None, i) for i, (a, b, n) in enumerate(spec))
    tickets = (Ticket("s-p", "s", "p", 10), Ticket("s-q", "s", "q", 6),
               Ticket("q-r", "q", "r", 6))
    return GameMap("stations", "Stations", cities, routes, tickets)


STATION_RULES = RulesConfig(stations=3, longest_path_bonus=10)


def test_best_borrowed_route_beats_the_greedy_per_ticket_choice() -> None:
    # Seat 0 owns s-r and a station on s; seat 1 owns s-p and s-q. Borrowing s-p
    # completes the biggest ticket (+10 -6 -6 = -2); borrowing s-q completes two (+6 +6 -10 = 2).
    s = make_state(station_map(), config=STATION_RULES, owners={"s-r": 0, "s-p": 1, "s-q": 1},
                   tickets=[["s-p", "s-q", "q-r"], []], stations={"s": 0}, stage="game_over")
    p0 = results(s).players[0]
    assert p0.borrowed == (("s", "s-q"),)
    assert p0.ticket_points == 2 and p0.station_points == 8


def test_equal_borrowings_are_broken_by_completed_tickets() -> None:
    # Seat 0 owns s-r, a station on s, and holds s-p (12) and s-q, q-r (6 each). Borrowing
    # s-p gives +12 -6 -6 = 0; borrowing s-q gives -12 +6 +6 = 0 too, but completes two
    # tickets (the first tie-break), so the owner borrows s-q although s-p comes first.
    gm = station_map()
    gm = GameMap(gm.id, gm.name, gm.cities, gm.routes,
                 (Ticket("s-p", "s", "p", 12), Ticket("s-q", "s", "q", 6),
                  Ticket("q-r", "q", "r", 6)))
    assert gm.city_routes[gm.city_index["s"]][0] == gm.route_by_id["s-p"].index
    s = make_state(gm, config=STATION_RULES, owners={"s-r": 0, "s-p": 1, "s-q": 1},
                   tickets=[["s-p", "s-q", "q-r"], []], stations={"s": 0}, stage="game_over")
    p0 = results(s).players[0]
    assert p0.borrowed == (("s", "s-q"),)
    assert p0.ticket_points == 0 and p0.completed == 2


def test_unbuilt_stations_score_four_each_and_do_not_lengthen_the_path() -> None:
    s = make_state(station_map(), config=STATION_RULES, owners={"s-r": 0, "r-x": 1, "s-p": 1},
                   tickets=[[], []], stations={"r": 0}, stage="game_over")
    r = results(s)
    assert r.players[0].station_points == 8 and r.players[1].station_points == 12
    assert r.players[0].longest_path == 2  # the borrowed r-x does not count
    assert r.players[1].longest_path == 3


def test_europe_tie_break_fewest_stations_used() -> None:
    # Seat 0: 4 route points + 2 unbuilt stations (8) = 12; seat 1: 3 unbuilt (12) = 12.
    s = make_state(station_map(), config=STATION_RULES.with_options(longest_path_bonus=0),
                   owners={"s-p": 0, "s-q": 0}, stations={"x": 0},
                   tickets=[[], []], stage="game_over")
    r = results(s)
    assert [p.total for p in r.players] == [12, 12]
    assert r.ranking == (1, 0) and r.decided_by == "stations"
