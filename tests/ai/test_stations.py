"""Europe planning: a station borrows one route, so plans never borrow more than the
stations can serve; and ferries' locomotives are collected face up."""

from __future__ import annotations

from random import Random

from tests.ai.helpers import game, positions
from tests.builders import europe
from ttr.ai.cards import Needs, card_needs, locos_short
from ttr.ai.heuristic import Context, draw_choice, station_build
from ttr.ai.levels import MEDIUM, STRONG
from ttr.ai.planning import Network, stations_suffice, ticket_plan, unserved
from ttr.engine import LOCO, DrawFaceUp, Stage, observe


def _paris_network(stations_left: int) -> Network:
    """Only the routes into Paris are usable, borrowed; a station stands in Paris."""
    gm = europe()
    paris = gm.city_index["paris"]
    into = frozenset(r for r in range(len(gm.routes)) if paris in gm.ends[r])
    return Network(gm, frozenset(), frozenset(), into, frozenset({paris}), stations_left)


def test_one_station_serves_one_borrowed_route() -> None:
    gm = europe()
    brest, marseille = gm.route("brest-paris").index, gm.route("marseille-paris").index
    assert stations_suffice(_paris_network(0), [brest])
    assert not stations_suffice(_paris_network(0), [brest, marseille])
    assert len(unserved(_paris_network(1), [brest, marseille])) == 1
    assert stations_suffice(_paris_network(1), [brest, marseille])


def test_plans_do_not_borrow_more_routes_than_stations() -> None:
    # Brest-Marseille through Paris borrows two routes at the one station there.
    assert ticket_plan(_paris_network(0), ["brest-marseille"]).lost == ("brest-marseille",)
    plan = ticket_plan(_paris_network(1), ["brest-marseille"])
    assert not plan.lost and len(plan.borrowed) == 2


def test_strong_plans_in_real_games_fit_the_stations() -> None:
    gm, cfg = game("europe")
    borrowing = 0
    for seed in (2, 9):
        for state in positions(gm, cfg, 4, seed=seed, every=3):
            if state.stage != Stage.CHOOSE_ACTION:
                continue
            ctx = Context(observe(state, state.current), STRONG)
            borrowed = sorted(ctx.plan.borrowed)
            borrowing += bool(borrowed)
            assert len(unserved(ctx.net, borrowed)) <= ctx.net.stations_left
            build = station_build(ctx)
            if build is not None:  # at an end of a route no built station serves
                city = gm.city_index[build.city]
                assert any(city in gm.ends[r] for r in unserved(ctx.net, borrowed))
    assert borrowing > 0


def test_locomotives_for_ferries() -> None:
    gm = europe()
    ferry = gm.route("erzurum-sevastopol").index  # gray, 4 long, 2 locomotives
    hand = [4, 0, 0, 0, 0, 0, 0, 0, 0]
    needs = card_needs(gm, [ferry], hand)
    assert needs.deficit == 2 and locos_short(needs) == 2
    needs = card_needs(gm, [ferry], [1, 0, 0, 0, 0, 0, 0, 0, 0])
    assert locos_short(needs) == 0  # colours are missing too: blind draws help as well
    assert locos_short(Needs((0,) * 8 + (1,), (0,) * 8 + (2,), (), 1)) == 1


def test_hard_takes_a_face_up_locomotive_for_a_ferry() -> None:
    gm, cfg = game("europe")
    found = 0
    for seed in (1, 4, 6):
        for state in positions(gm, cfg, 3, seed=seed, every=1):
            if state.stage != Stage.CHOOSE_ACTION or LOCO not in state.faceup:
                continue
            view = observe(state, state.current)
            strong = Context(view, STRONG)
            if not locos_short(strong.needs) or strong.claims:
                continue
            found += 1
            action = draw_choice(strong, Random(0), second=False)
            assert isinstance(action, DrawFaceUp) and state.faceup[action.slot] == LOCO
    assert found > 0 and not MEDIUM.ferry_locos
