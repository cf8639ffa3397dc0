"""GameSession: AI polling, hot-seat screen ownership, redaction, record replay."""

from __future__ import annotations

import time

import pytest

from ttr.engine import (
    CardTaken,
    DrawDeck,
    IllegalActionError,
    KeepTickets,
    TicketsKept,
    TicketsOffered,
    redact,
)
from ttr.game.session import GameSession, SeatSpec
from ttr.maps.mapfile import find_map


@pytest.fixture(scope="module")
def usa():  # noqa: ANN201
    return find_map("usa").game_map


def _session(gm, kinds: list[str | None], seed: int = 1) -> GameSession:  # noqa: ANN001
    seats = [SeatSpec(f"P{i}", c, k) for i, (k, c) in
             enumerate(zip(kinds, ["red", "blue", "green", "yellow", "black"], strict=False))]
    return GameSession(gm, gm.rules("base"), seats, seed)


def test_spectated_ai_game_runs_to_the_end_and_replays(usa) -> None:  # noqa: ANN001
    s = _session(usa, ["random", "random"])
    assert s.screen_owner is None and s.pending_handoff() is None
    for _ in range(2000):
        if s.over:
            break
        u = s.poll_ai()
        assert u is not None and u.view.viewer is None and u.handoff is None
    assert s.over
    res = s.results()
    assert sorted(res.ranking) == [0, 1]
    assert s.record.replay(usa) == s._state  # the record replays to the same state
    s.close()


def test_single_human_owns_the_screen_and_ai_cannot_be_submitted(usa) -> None:  # noqa: ANN001
    s = _session(usa, [None, "random"])
    assert s.screen_owner == 0 and s.pending_handoff() is None
    keep = next(a for a in s.view_for(0).legal if isinstance(a, KeepTickets))
    u = s.submit(keep)
    assert u.actor == 0 and u.handoff is None
    assert s.to_act == 1
    with pytest.raises(IllegalActionError):
        s.submit(DrawDeck())
    u2 = s.poll_ai()
    assert u2 is not None and u2.view.viewer == 0
    for e in u2.events:  # events of the AI are redacted for seat 0
        if isinstance(e, TicketsOffered):
            assert e.tickets is None
        if isinstance(e, CardTaken) and e.seat == 1 and e.source == "deck":
            assert e.color is None
    s.close()


def test_hot_seat_needs_a_handoff_before_each_human(usa) -> None:  # noqa: ANN001
    s = _session(usa, [None, None])
    assert s.screen_owner is None and s.pending_handoff() == 0
    with pytest.raises(IllegalActionError):  # seat 0 has not been handed the screen
        s.submit(s.view_for(0).legal[0])
    v = s.take_screen(0)
    assert v.me is not None and v.me.seat == 0
    u = s.submit(next(a for a in v.legal if isinstance(a, KeepTickets)))
    assert u.handoff == 1
    # seat 1 acts next: seat 0's secrets left with its move (public view and events)
    assert u.view.viewer is None and u.view.me is None and s.screen_owner is None
    assert [e.kept for e in u.events if isinstance(e, TicketsKept)] == [None]
    assert s.pending_handoff() == 1
    s.close()


def _keep(s: GameSession) -> None:
    seat = s.to_act
    if s.screen_owner != seat:
        s.take_screen(seat)
    s.submit(next(a for a in s.screen_view().legal if isinstance(a, KeepTickets)))


def test_hot_seat_screen_is_released_when_another_human_acts_first(usa) -> None:  # noqa: ANN001
    s = _session(usa, [None, "random", None], seed=3)
    s.take_screen(0)
    _keep(s)  # seat 0 done; the AI, then seat 2 act before seat 0 again
    assert s.screen_owner is None and s.next_human() == 2
    u = s.poll_ai()
    assert u is not None and u.view.viewer is None  # the AI moves in the public view
    assert s.pending_handoff() == 2
    _keep(s)
    assert s.screen_owner is None and s.next_human() == 0
    s.take_screen(0)
    v = s.screen_view()
    assert DrawDeck() in v.legal
    u = s.submit(DrawDeck())  # the first card of two: still seat 0's turn
    assert s.screen_owner == 0 and u.view.viewer == 0
    assert [e.color is not None for e in u.events if isinstance(e, CardTaken)] == [True]
    u = s.submit(DrawDeck())  # the turn ends: the second card's colour is not shown
    assert s.screen_owner is None and u.view.viewer is None
    assert [e.color for e in u.events if isinstance(e, CardTaken)] == [None]
    s.close()


def test_single_human_keeps_the_screen(usa) -> None:  # noqa: ANN001
    s = _session(usa, ["random", None], seed=4)
    for _ in range(40):
        if s.to_act == 1:
            v = s.screen_view()
            keeps = [a for a in v.legal if isinstance(a, KeepTickets)]
            s.submit(keeps[0] if keeps else v.legal[0])
        else:
            s.poll_ai()
        assert s.screen_owner == 1
    s.close()


def test_views_carry_the_log_redacted_for_their_seat_and_resume_rebuilds_it(usa) -> None:  # noqa: ANN001
    s = _session(usa, [None, None], seed=5)
    _keep(s)
    _keep(s)
    s.take_screen(0)
    s.submit(DrawDeck())
    s.submit(DrawDeck())
    log = s.log
    assert len(log) > 4
    for seat in (None, 0, 1):
        assert s.view_for(seat).log == tuple(redact(e, seat) for e in log)
    kept = {seat: [e.kept for e in s.view_for(seat).log if isinstance(e, TicketsKept)]
            for seat in (None, 0, 1)}
    assert kept[None] == [None, None]
    assert kept[0][0] is not None and kept[0][1] is None
    assert kept[1][0] is None and kept[1][1] is not None
    again = GameSession.resume(usa, s.record)
    assert again.log == log and again.view_for(1).log == s.view_for(1).log
    assert again.screen_owner is None  # the next human gets the curtain first
    s.close()


def test_searching_agent_runs_in_the_worker_without_blocking(usa) -> None:  # noqa: ANN001
    s = _session(usa, ["greedy", "greedy"])
    s._inline["greedy"] = False  # force the worker path
    t0 = time.perf_counter()
    assert s.poll_ai() is None  # job started, returns at once
    assert time.perf_counter() - t0 < 0.5
    deadline = time.time() + 60
    u = None
    while u is None and time.time() < deadline:
        u = s.poll_ai()
        time.sleep(0.01)
    assert u is not None and u.actor == 0
    s.close()
