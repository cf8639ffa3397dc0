"""Claiming routes, double routes, destination tickets and the end of the game."""

from __future__ import annotations

import pytest

from tests.builders import make_state, play
from ttr.engine import (
    ClaimRoute,
    DrawTickets,
    FinalRound,
    Hand,
    IllegalActionError,
    KeepTickets,
    Stage,
    apply,
    legal_actions,
    parse_action,
)

FACEUP = ["blue", "blue", "green", "white", "black"]


def claims(state, route: str) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(str(a.payment) for a in legal_actions(state)
                  if isinstance(a, ClaimRoute) and a.route == route)


def test_payment_choices_colour_and_locomotives() -> None:
    s = make_state(hands=["red:3,loco:2", "-"], faceup=FACEUP)
    # Denver-Oklahoma City is red, 4 long
    assert claims(s, "denver-oklahoma-city") == ["red:2,loco:2", "red:3,loco:1"]
    # Boston-New York red 2: 2 red, 1 red + 1 loco, or 2 locomotives
    assert claims(s, "boston-new-york") == ["loco:2", "red:1,loco:1", "red:2"]
    assert claims(s, "boston-new-york-2") == ["loco:2"]  # yellow track: only locomotives


def test_gray_route_takes_any_one_colour() -> None:
    s = make_state(hands=["red:1,blue:2", "-"], faceup=FACEUP)
    assert claims(s, "denver-santa-fe") == ["blue:2"]  # no mixing red and blue
    s = make_state(hands=["red:1,blue:1,loco:1", "-"], faceup=FACEUP)
    assert claims(s, "denver-santa-fe") == ["blue:1,loco:1", "red:1,loco:1"]


def test_claim_scores_uses_trains_and_discards() -> None:
    s = make_state(hands=["white:6", "-"], faceup=FACEUP, deck=["red"] * 10)
    s = play(s, "claim calgary-winnipeg white:6")
    p = s.players[0]
    assert p.trains == 39 and p.route_points == 15 and p.hand.total == 0
    assert s.discard.count(1) >= 6 and s.current == 1


@pytest.mark.parametrize(("length", "points"), [(1, 1), (2, 2), (3, 4), (4, 7), (5, 10), (6, 15)])
def test_points_table(length: int, points: int) -> None:
    assert make_state().config.points_for(length) == points


def test_not_enough_trains() -> None:
    s = make_state(hands=["white:6", "-"], faceup=FACEUP, trains=[5, 45])
    assert claims(s, "calgary-winnipeg") == []
    with pytest.raises(IllegalActionError):
        apply(s, ClaimRoute("calgary-winnipeg", Hand.of(white=6)))


def test_claimed_route_is_gone() -> None:
    s = make_state(hands=["red:2", "red:2"], faceup=FACEUP, owners={"boston-new-york": 1})
    assert claims(s, "boston-new-york") == []


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_double_routes(players: int) -> None:
    hands = ["yellow:2,red:2"] + ["yellow:2"] * (players - 1)
    s = make_state(players=players, hands=hands, faceup=FACEUP,
                   owners={"boston-new-york": 1})
    if players < 4:
        assert claims(s, "boston-new-york-2") == []  # the twin is closed to everyone
    else:
        assert claims(s, "boston-new-york-2") == ["yellow:2"]
    # never both tracks of one double route for the same player
    s = make_state(players=players, hands=hands, faceup=FACEUP, owners={"boston-new-york": 0})
    assert claims(s, "boston-new-york-2") == []


def test_ticket_draw_keep_and_return_to_bottom() -> None:
    deck = ["boston-miami", "calgary-phoenix", "chicago-new-orleans", "chicago-santa-fe"]
    s = make_state(faceup=FACEUP, ticket_deck=deck)
    s = play(s, "tickets")
    assert s.stage == Stage.KEEP_TICKETS and s.players[0].offer == tuple(deck[:3])
    keeps = [a for a in legal_actions(s) if isinstance(a, KeepTickets)]
    assert len(keeps) == 7 and min(len(a.keep) for a in keeps) == 1
    s = play(s, "keep calgary-phoenix")
    assert s.players[0].tickets == ("calgary-phoenix",)
    assert s.ticket_deck == ("chicago-santa-fe", "boston-miami", "chicago-new-orleans")
    assert s.current == 1


@pytest.mark.parametrize("left", [2, 1, 0])
def test_ticket_draw_with_few_left(left: int) -> None:
    deck = ["boston-miami", "calgary-phoenix"][:left]
    s = make_state(faceup=FACEUP, ticket_deck=deck)
    if left == 0:
        assert DrawTickets() not in legal_actions(s)
        return
    s = play(s, "tickets")
    assert len(s.players[0].offer) == left
    keeps = legal_actions(s)
    assert len(keeps) == 2 ** left - 1
    with pytest.raises(IllegalActionError):
        apply(s, KeepTickets(()))


def test_end_trigger_at_two_trains_gives_everyone_one_more_turn() -> None:
    owners = {"calgary-winnipeg": 0, "helena-seattle": 0, "duluth-helena": 0,
              "duluth-toronto": 0, "denver-phoenix": 0, "helena-omaha": 0,
              "atlanta-miami": 0, "calgary-helena": 0}  # 6+6+6+6+5+5+5+4 = 43 trains
    s = make_state(players=3, hands=["-", "-", "-"], faceup=FACEUP, owners=owners,
                   deck=["red"] * 11)
    assert s.players[0].trains == 2
    t = apply(s, parse_action("deck"))
    s = play(t.state, "deck")
    assert s.turns_left == 3 and s.current == 1
    s = play(s, "deck", "deck", "deck", "deck")
    assert s.current == 0 and s.stage == Stage.CHOOSE_ACTION  # the trigger player's own last turn
    s = play(s, "deck", "deck")
    assert s.stage == Stage.GAME_OVER


def test_three_trains_do_not_trigger_but_two_do() -> None:
    owners = {"calgary-winnipeg": 0, "helena-seattle": 0, "duluth-helena": 0,
              "duluth-toronto": 0, "denver-phoenix": 0, "helena-omaha": 0,
              "atlanta-miami": 0, "kansas-city-saint-louis": 0, "kansas-city-omaha": 0}
    s = make_state(hands=["red:1", "-"], faceup=FACEUP, owners=owners)
    assert s.players[0].trains == 3
    assert play(s, "deck", "deck").turns_left is None
    s = play(s, "claim atlanta-nashville red:1")
    assert s.players[0].trains == 2 and s.turns_left == 2


def test_final_round_event_names_the_trigger_seat() -> None:
    owners = {"calgary-winnipeg": 0, "helena-seattle": 0, "duluth-helena": 0,
              "duluth-toronto": 0, "denver-phoenix": 0, "helena-omaha": 0,
              "atlanta-miami": 0, "calgary-helena": 0}
    s = make_state(hands=["-", "-"], faceup=FACEUP, owners=owners)
    s = play(s, "deck")
    events = apply(s, parse_action("deck")).events
    assert FinalRound(0) in events
