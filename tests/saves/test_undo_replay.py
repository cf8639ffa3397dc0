"""Undo against AI (only when nothing hidden came to light) and the replay timeline."""

from __future__ import annotations

import pytest

from ttr.engine import (
    CardColor,
    CardTaken,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    FaceUpDealt,
    Hand,
    KeepTickets,
    RouteClaimed,
    TicketsOffered,
)
from ttr.game.replays import Timeline, list_records
from ttr.game.session import GameSession, SeatSpec
from ttr.game.undo import check_undo, reveals, undone
from ttr.maps.mapfile import find_map


@pytest.fixture(scope="module")
def gm():  # noqa: ANN201
    return find_map("usa").game_map


def session(gm, kinds=(None, "random")) -> GameSession:  # noqa: ANN001
    colors = ["red", "blue", "green"]
    seats = [SeatSpec(f"P{i}", colors[i], k) for i, k in enumerate(kinds)]
    return GameSession(gm, gm.rules("base"), seats, "undo-1")


def test_reveal_rule_per_event() -> None:
    red = CardColor.RED
    assert reveals(CardTaken(0, "deck", None, red), 0)  # my blind draw: I saw it
    assert not reveals(CardTaken(1, "deck", None, red), 0)  # theirs: hidden from me
    assert not reveals(CardTaken(0, "faceup", 2, red), 0)
    assert reveals(FaceUpDealt(2, red), 0)
    assert reveals(TicketsOffered(0, ("t1", "t2", "t3"), 3), 0)
    assert not reveals(TicketsOffered(1, ("t1", "t2", "t3"), 3), 0)
    pay = Hand.of(red=2)
    assert not reveals(RouteClaimed(0, "r", pay, 2), 0)
    assert reveals(RouteClaimed(1, "r", pay, 2), 0)


def test_keep_tickets_is_undoable_and_undo_replays_exactly(gm) -> None:  # noqa: ANN001
    s = session(gm)
    before = s.view_for(0)
    keep = next(a for a in before.legal if isinstance(a, KeepTickets))
    s.submit(keep)
    chk = check_undo(s.record, gm, 0)
    assert chk.ok and chk.keep == 0
    s2 = GameSession.resume(gm, undone(s.record, chk.keep))
    assert s2.view_for(0) == before


def test_blind_draw_and_refilled_faceup_draw_are_not_undoable(gm) -> None:  # noqa: ANN001
    s = session(gm)
    s.submit(next(a for a in s.view_for(0).legal if isinstance(a, KeepTickets)))
    while s.to_act != 0:
        s.poll_ai()
    while not any(isinstance(a, DrawDeck) for a in s.view_for(0).legal):
        s.poll_ai()
    s.submit(DrawDeck())
    assert not check_undo(s.record, gm, 0).ok
    s = session(gm)
    s.submit(next(a for a in s.view_for(0).legal if isinstance(a, KeepTickets)))
    while s.to_act != 0:
        s.poll_ai()
    face = next(a for a in s.view_for(0).legal if isinstance(a, DrawFaceUp))
    s.submit(face)
    chk = check_undo(s.record, gm, 0)
    assert not chk.ok and "hidden" in chk.why


def test_claim_is_undoable_until_an_ai_reveals(gm) -> None:  # noqa: ANN001
    s = session(gm)
    s.submit(next(a for a in s.view_for(0).legal if isinstance(a, KeepTickets)))
    for _ in range(400):
        if s.over:
            pytest.skip("no claim happened")
        if s.to_act != 0:
            s.poll_ai()
            continue
        legal = s.view_for(0).legal
        claim = next((a for a in legal if isinstance(a, ClaimRoute)
                      and not gm.route(a.route).tunnel), None)
        if claim is not None:
            n = len(s.actions)
            s.submit(claim)
            chk = check_undo(s.record, gm, 0)
            assert chk.ok and chk.keep == n
            return
        s.submit(next(a for a in legal if isinstance(a, DrawDeck | KeepTickets))
                 if any(isinstance(a, DrawDeck | KeepTickets) for a in legal) else legal[0])
    pytest.fail("never claimed")


def test_no_undo_in_hot_seat(gm) -> None:  # noqa: ANN001
    s = session(gm, (None, None))
    s.take_screen(0)
    s.submit(next(a for a in s.view_for(0).legal if isinstance(a, KeepTickets)))
    assert not check_undo(s.record, gm, 0).ok


def test_timeline_steps_show_every_hand_and_match_the_record(gm, tmp_path) -> None:  # noqa: ANN001
    s = session(gm, ("random", "random"))
    while not s.over:
        s.poll_ai()
    tl = Timeline(s.record, gm)
    assert len(tl) == len(s.actions) + 1
    last = tl.frame(len(tl) + 5)
    assert last.view == s.view_for(None) and last.step == len(s.actions)
    assert all(h.total >= 0 for h in tl.frame(10).hands) and len(tl.frame(10).tickets) == 2
    assert tl.frame(3).action == s.actions[2]
    nxt = tl.next_turn(10, 1)
    assert nxt > 10 and tl.next_turn(nxt, -1) <= 10
    s.record.save(tmp_path / "20240501T120000-usa-1.json")
    (tmp_path / "20240502T120000-bad.json").write_text("{")
    entries = list_records(tmp_path)
    assert [e.error is None for e in entries] == [False, True]
    assert entries[1].when == "2024-05-01 12:00"
