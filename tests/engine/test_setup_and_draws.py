"""Setup and the card-drawing rules of the USA base game."""

from __future__ import annotations

import pytest

from tests.builders import make_state, play, usa
from ttr.engine import (
    LOCO,
    CardColor,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    IllegalActionError,
    Stage,
    apply,
    check_invariants,
    legal_actions,
    new_game,
    parse_action,
)

RED, BLUE = CardColor.RED, CardColor.BLUE


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_cards_trains_and_tickets(players: int) -> None:
    gm = usa()
    s = new_game(gm, gm.rules("base"), players, seed=3)
    check_invariants(s)
    assert len(s.deck) + s.discard.total + 5 + 4 * players == 110  # a wipe discards 5
    assert all(p.hand.total == 4 and p.trains == 45 for p in s.players)
    assert all(len(p.offer) == 3 and not p.tickets for p in s.players)
    assert sum(c is not None for c in s.faceup) == 5
    assert len(s.ticket_deck) == 30 - 3 * players
    assert s.stage == Stage.INITIAL_TICKETS and s.current == 0


def test_initial_tickets_keep_at_least_two_returned_to_bottom() -> None:
    gm = usa()
    s = new_game(gm, gm.rules("base"), 2, seed=5)
    keeps = [a for a in legal_actions(s)]
    assert keeps and all(len(a.keep) >= 2 for a in keeps)  # type: ignore[union-attr]
    assert len(keeps) == 4  # 3 pairs + all three
    offer = sorted(s.players[0].offer)
    s = play(s, f"keep {offer[0]},{offer[1]}")
    assert s.ticket_deck[-1] == offer[2]
    assert s.current == 1 and s.stage == Stage.INITIAL_TICKETS
    with pytest.raises(IllegalActionError):
        play(s, f"keep {sorted(s.players[1].offer)[0]}")
    s = play(s, "keep " + ",".join(sorted(s.players[1].offer)))
    assert s.stage == Stage.CHOOSE_ACTION and s.current == 0
    assert len(s.ticket_deck) == 30 - 6 + 1


def test_turn_is_one_of_draw_claim_or_tickets() -> None:
    s = make_state(hands=["red:2", "-"], faceup=["blue"] * 5, ticket_deck=["boston-miami"])
    kinds = {type(a).__name__ for a in legal_actions(s)}
    assert kinds == {"DrawDeck", "DrawFaceUp", "DrawTickets", "ClaimRoute"}


def test_two_cards_then_turn_passes() -> None:
    s = make_state(faceup=["red", "blue", "green", "white", "black"], deck=["red"] * 11)
    s = play(s, "faceup 0")
    assert s.stage == Stage.SECOND_DRAW and s.current == 0
    assert s.faceup[0] == RED  # replaced at once from the deck
    s = play(s, "deck")
    assert s.current == 1 and s.stage == Stage.CHOOSE_ACTION
    assert s.players[0].hand.count(RED) == 2


def test_faceup_locomotive_first_is_the_whole_turn() -> None:
    s = make_state(faceup=["loco", "blue", "green", "white", "black"], deck=["red"] * 10)
    s = play(s, "faceup 0")
    assert s.current == 1 and s.players[0].hand.count(LOCO) == 1


def test_faceup_locomotive_refused_as_second_card() -> None:
    s = make_state(faceup=["loco", "blue", "green", "white", "black"], deck=["red"] * 10)
    s = play(s, "faceup 1")
    assert DrawFaceUp(0) not in legal_actions(s)
    with pytest.raises(IllegalActionError, match="faceup 0"):
        apply(s, DrawFaceUp(0))


def test_replacement_locomotive_refused_as_second_card() -> None:
    s = make_state(faceup=["red", "blue", "green", "white", "black"], deck=["red"] * 9 + ["loco"])
    s = play(s, "faceup 0")
    assert s.faceup[0] == LOCO
    assert DrawFaceUp(0) not in legal_actions(s)
    assert DrawFaceUp(1) in legal_actions(s)


def test_blind_locomotive_counts_as_one_card() -> None:
    s = make_state(deck=["red"] * 10 + ["loco"], faceup=["red", "blue", "green", "white", "black"])
    s = play(s, "deck")
    assert s.players[0].hand.count(LOCO) == 1 and s.stage == Stage.SECOND_DRAW
    s = play(s, "deck")
    assert s.current == 1


def test_three_faceup_locomotives_wipe_the_row() -> None:
    s = make_state(faceup=["red", "loco", "loco", "white", "black"],
                   deck=["blue"] * 6 + ["loco"])
    before = s.discard
    s = play(s, "faceup 0")  # the replacement is the third locomotive
    assert s.faceup == (BLUE,) * 5
    wiped = s.discard.remove(before)
    assert wiped.count(LOCO) == 3 and wiped.total == 5


def test_wipes_are_capped() -> None:
    # A deck of nothing but locomotives: each new row shows 5 locomotives.
    gm = usa()
    cfg = gm.rules("base").with_options(max_consecutive_resets=2)
    s = make_state(config=cfg, faceup=["red", "loco", "loco", "white", "black"],
                   deck=["loco"] * 11)
    s = play(s, "faceup 0")
    assert s.faceup.count(LOCO) == 5  # gave up after two wipes
    assert len(s.deck) == 11 - 1 - 5 - 5


def test_reshuffle_when_the_deck_runs_out() -> None:
    s = make_state(faceup=["red", "blue", "green", "white", "black"], deck=["yellow"],
                   discard=None)
    assert s.discard.total > 0
    before = s.discard.total
    s = play(s, "deck", "deck")
    assert s.discard.total == 0 and len(s.deck) == before - 1
    assert s.shuffles == 1


def test_empty_deck_and_discard_draw_only_what_is_there() -> None:
    hands = ["red:12,blue:12,green:12,white:12,black:12,loco:14",
             "yellow:12,orange:12,purple:12"]
    s = make_state(hands=hands, faceup=[None, None, None, None, None], deck=[], discard="-")
    assert DrawDeck() not in legal_actions(s) and DrawFaceUp(0) not in legal_actions(s)
    hands[1] = "yellow:11,orange:12,purple:12"
    s = make_state(hands=hands, faceup=[None] * 5, deck=["yellow"], discard="-")
    s = play(s, "deck")
    assert s.current == 1  # no second card to draw: the turn ends


def test_faceup_refilled_when_cards_come_back() -> None:
    hands = ["red:12,blue:12,green:12,white:12,black:12,loco:14",
             "yellow:12,orange:12,purple:12"]
    s = make_state(hands=hands, faceup=[None] * 5, deck=[], discard="-")
    s = play(s, "claim boston-new-york red:2")
    assert s.faceup.count(RED) == 2 and s.faceup.count(None) == 3


def test_pass_only_when_nothing_else() -> None:
    hands = ["red:12,blue:12,green:12,white:12,black:12,loco:14",
             "yellow:12,orange:12,purple:12"]
    s = make_state(hands=hands, faceup=[None] * 5, deck=[], discard="-", trains=[0, 0],
                   turns_left=None)
    assert [str(a) for a in legal_actions(s)] == [str(parse_action("pass"))]
    s = play(s, "pass", "pass")
    assert s.stage == Stage.GAME_OVER  # a full round of passes ends the game


def test_ticket_draw_not_allowed_with_empty_deck() -> None:
    s = make_state(ticket_deck=[])
    assert DrawTickets() not in legal_actions(s)


def test_apply_never_mutates_and_names_the_problem() -> None:
    s = make_state(faceup=["red", "blue", "green", "white", "black"])
    before = s
    with pytest.raises(IllegalActionError, match=r"claim boston-new-york red:2.*seat 0"):
        apply(s, parse_action("claim boston-new-york red:2"))
    t = apply(s, DrawFaceUp(1))
    assert s == before and t.state is not s and s.faceup[1] == BLUE
