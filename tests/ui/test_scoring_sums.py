"""The final score: what each player's box draws always adds up to the total it draws."""

from __future__ import annotations

import dataclasses
import re
import time

import pygame
import pytest
from textrects import recording
from uihelp import frames, start

from ttr.engine import GameResult, TicketScore
from ttr.ui.app import App
from ttr.ui.scenes.scoring import ScoringScene

SIZES = [(1024, 640), (1280, 720), (1920, 1080), (3840, 2160)]
NUM = re.compile(r"^[+\u2212]\d+$")


def _to_scoring(app: App, kinds: str, map_id: str) -> ScoringScene:
    start(app, kinds, map_id=map_id, seed=7)
    deadline = time.time() + 120
    while time.time() < deadline and not isinstance(app.stack.top, ScoringScene):
        frames(app, 5)
    top = app.stack.top
    assert isinstance(top, ScoringScene)
    frames(app, 2)
    assert top.finished
    return top


def _drawn(sc: ScoringScene, size: tuple[int, int],
           monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, pygame.Rect]]:
    """Every string the scoring screen draws at `size`, with its rectangle."""
    sc.on_resize(size)
    with recording() as got:
        sc.draw(pygame.Surface(size))
    return [(t.text, t.rect) for t in got]


def _check_sums(sc: ScoringScene, size: tuple[int, int],
                monkeypatch: pytest.MonkeyPatch) -> int:
    """Per box: the drawn total equals the result's and the drawn line values sum to it."""
    got = _drawn(sc, size, monkeypatch)
    checked = 0
    for p in sc.result.players:
        box = sc.boxes[p.seat]
        inside = [(t, r) for t, r in got if box.contains(r)]
        assert inside, (size, p.seat)
        total = [t for t, r in inside if t.isdigit() or (t.startswith("-") and t[1:].isdigit())]
        assert total and int(total[0]) == p.total, (size, p.seat, total, p.total)
        values = [int(t.replace("\u2212", "-")) for t, _ in inside if NUM.match(t)]
        assert sum(values) == p.total, (size, p.seat, inside)
        labels = " ".join(t for t, _ in inside)
        assert "Routes" in labels and "Stations" in labels and "Express" in labels
        assert "Ticket" in labels or "\u2013" in labels
        checked += 1
    return checked


def test_every_box_sums_to_its_total_at_every_size(app: App,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    sc = _to_scoring(app, "random,random,random,random,random", "europe")
    for size in SIZES:
        assert _check_sums(sc, size, monkeypatch) == 5


def test_fifteen_tickets_fold_into_a_summary_and_open_on_click(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    sc = _to_scoring(app, "random,random,random,random,random", "europe")
    gm = sc.public.game_map
    many = tuple(TicketScore(t.id, t.points, i % 3 != 0) for i, t in enumerate(gm.tickets[:15]))
    p0 = dataclasses.replace(sc.result.players[0], tickets=many)
    result = GameResult((p0, *sc.result.players[1:]), sc.result.ranking, sc.result.decided_by)
    monkeypatch.setattr(type(sc.session), "results", lambda self: result)
    big = ScoringScene(sc.ctx, sc.session, sc.map_def)
    big.queue.finish_all()
    assert big.result.players[0].total == p0.total
    for size in SIZES:
        assert _check_sums(big, size, monkeypatch) == 5
    got = _drawn(big, (1024, 640), monkeypatch)
    assert any(t.startswith("Tickets: 10 completed") for t, _ in got)
    # one click opens seat 0's every ticket; the wheel scrolls; a click closes
    box = big.boxes[p0.seat]
    big.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=box.center, button=1))
    assert big.expanded == p0.seat
    first = {t for t, _ in _drawn(big, (1024, 640), monkeypatch)}
    big.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3))
    after = {t for t, _ in _drawn(big, (1024, 640), monkeypatch)}
    names = {f"{gm.city_name(gm.ticket_by_id[t.ticket].a)} \u2013 "
             f"{gm.city_name(gm.ticket_by_id[t.ticket].b)}" for t in many}
    assert names <= first | after  # every ticket, in view or one scroll away
    big.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=box.center, button=1))
    assert big.expanded is None
