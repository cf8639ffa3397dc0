"""Hot seat: what one seat asked is never read to the next (the `,` `.` items)."""

from __future__ import annotations

import pygame
from uibot import board_of
from uihelp import frames, key, start

from ttr.ui.announce import announcer_of
from ttr.ui.app import App
from ttr.ui.scenes.handoff import HandoffScene


def test_the_next_seat_cannot_read_the_last_seats_answer(app: App) -> None:
    ann = announcer_of(app.ctx.extras)
    ann.keep_stream = True
    start(app, "human,human", seed=7)
    frames(app, 30)
    for _ in range(5):  # the curtain, then each seat keeps its tickets
        key(pygame.K_RETURN)
        frames(app, 30)
    board = board_of(app)
    assert board.shown_view.viewer == 0
    key(pygame.K_i)
    frames(app, 10)
    answer = ann.stream[-1]
    assert answer.seat == 0 and board.keys.items, answer  # seat 0's tickets, in items
    secrets = [item.split(",")[0] for item in board.keys.items if "\u2013" in item]
    assert secrets, board.keys.items  # e.g. "Chicago–New Orleans"
    key(pygame.K_d)  # draw two cards: the turn ends
    frames(app, 30)
    key(pygame.K_d)
    frames(app, 60)
    assert isinstance(app.stack.top, HandoffScene), app.stack.top
    key(pygame.K_RETURN)
    frames(app, 30)
    assert board.shown_view.viewer == 1
    n = len(ann.stream)
    for _ in range(2):
        key(pygame.K_PERIOD)
        frames(app, 10)
    heard = [a.text for a in ann.stream[n:]]
    assert heard and all(a.seat == 1 for a in ann.stream[n:]), heard
    assert heard[-1].startswith("Nothing to read"), heard
    shown = [a.text for a in ann.history if a.seat == 1]
    leaks = [t for t in heard + shown for s in secrets if s in t]
    assert not leaks, (secrets, leaks)
