"""G asks the coach for a hint on the board: only on your own turn, shown and spoken."""

from __future__ import annotations

import time

import pygame
from uibot import board_of
from uihelp import frames, key, start

from ttr.engine import DrawDeck, Stage
from ttr.ui.app import App
from ttr.ui.scenes.tickets import TicketsScene


def test_g_shows_a_hint_for_the_player_to_act(app: App) -> None:
    start(app, "human,random")
    frames(app, 3)
    assert isinstance(app.stack.top, TicketsScene)
    key(pygame.K_RETURN)  # keep the preselected opening tickets
    for _ in range(600):
        frames(app, 1)
        board = board_of(app)
        v = board.shown_view if board is not None else None
        if (board is not None and app.stack.top is board and v is not None
                and v.public.stage == Stage.CHOOSE_ACTION and v.viewer == v.public.current):
            break
    else:
        raise AssertionError("the human's first main turn never came")
    assert board is not None
    key(pygame.K_g)
    frames(app, 2)
    assert board.hint.job is not None and board.toast.text.startswith("Thinking")
    deadline = time.monotonic() + 30
    while board.hint.job is not None and time.monotonic() < deadline:
        frames(app, 1)
        time.sleep(0.02)
    assert board.hint.job is None
    text = board.toast.text
    assert text and not text.startswith("Thinking") and ":" in text, text
    assert board.session.record.seats[0].hints == 1  # type: ignore[attr-defined]  # counted
    # asked again, then a move before the hint came: "Thinking…" goes with the move
    key(pygame.K_g)
    frames(app, 1)
    if board.hint.job is not None:  # (a quick hint may already be shown)
        assert board.toast.text.startswith("Thinking")
        board.submit(next(a for a in board.shown_view.legal if isinstance(a, DrawDeck)))
        assert board.hint.job is None
        assert not (board.toast.active and board.toast.text.startswith("Thinking"))
    # another toast shown since stays when a hint becomes moot
    board.toast.show("Something else")
    board.hint.moot()
    assert board.toast.active and board.toast.text == "Something else"


def test_g_on_someone_elses_turn_says_why_not(app: App) -> None:
    start(app, "human,random")
    frames(app, 3)
    board = board_of(app)
    assert board is not None
    board.shown_view = board.session.view_for(None)  # nobody's own view on screen
    board.hint.ask()  # what G does (the opening ticket choice is on top of the board)
    assert board.hint.job is None and "whose turn" in board.toast.text
