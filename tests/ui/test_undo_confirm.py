"""Undo key against the computer, confirm-before-claim, and Save game from the pause menu."""

from __future__ import annotations

import pygame
from uibot import board_of, route_click_point
from uihelp import click, frames, key, start

from ttr.engine import ClaimRoute, KeepTickets
from ttr.store.saves import load_save
from ttr.ui.app import App
from ttr.ui.scenes.pause import PauseScene
from ttr.ui.scenes.payment import PaymentScene
from ttr.ui.scenes.savename import SaveNameScene


def keep_first_tickets(app: App) -> None:
    board = board_of(app)
    assert board is not None
    keep = next(a for a in board.shown_view.legal if isinstance(a, KeepTickets))
    app.stack.pop()  # the tickets modal
    app.stack.apply_pending()
    board.submit(keep)


def test_undo_keep_tickets_then_refused_after_a_blind_draw(app: App) -> None:
    start(app, "human,greedy")
    frames(app, 3)
    keep_first_tickets(app)
    board = board_of(app)
    before = len(board.session.actions)
    key(pygame.K_u)
    frames(app, 3)
    undone = board_of(app)
    assert undone is not board and len(undone.session.actions) == 0
    assert load_autosave_actions(app) == []
    keep_first_tickets(app)
    frames(app, 30)
    b = board_of(app)
    assert len(b.session.actions) >= before
    key(pygame.K_d)  # blind draw: reveals a card, so no undo
    frames(app, 3)
    key(pygame.K_u)
    frames(app, 3)
    assert board_of(app) is b and "hidden" in b.toast.text


def load_autosave_actions(app: App) -> list[str]:
    from ttr.store.saves import load_save

    return load_save(app.ctx.extras["folders"].autosave).record.actions


def test_hot_seat_claims_are_confirmed_and_undo_refused(app: App) -> None:
    start(app, "human,human")
    frames(app, 3)
    b = board_of(app)
    assert b is not None and b.session.hot_seat
    from ttr.ui.scenes.saves import confirm_claims, undo_last

    assert "computer" in (undo_last(b) or "")
    assert confirm_claims(app.ctx, b.session)  # the default: on in hot-seat games
    app.ctx.settings.confirm_claim = "never"
    assert not confirm_claims(app.ctx, b.session)


def test_confirm_always_opens_the_chooser_for_a_single_payment(app: App) -> None:
    app.ctx.settings.confirm_claim = "always"
    start(app, "human,greedy")
    frames(app, 3)
    keep_first_tickets(app)
    b = board_of(app)
    for _ in range(200):
        frames(app, 5)
        if b.session.to_act != 0 or b.queue.busy or app.stack.top is not b:
            continue
        singles = {}
        for a in b.shown_view.legal:
            if isinstance(a, ClaimRoute):
                singles.setdefault(a.route, []).append(a)
        one = next((r for r, acts in singles.items() if len(acts) == 1), None)
        if one is not None:
            click(route_click_point(b, one))
            frames(app, 2)
            assert isinstance(app.stack.top, PaymentScene)
            return
        key(pygame.K_d)
    raise AssertionError("no single-payment claim came up")


def test_pause_save_game(app: App) -> None:
    start(app, "human,greedy")
    frames(app, 3)
    keep_first_tickets(app)
    frames(app, 3)
    b = board_of(app)
    app.stack.push(PauseScene(app.ctx, b))
    frames(app, 2)
    pause = app.stack.top
    click(next(x for x in pause.buttons if x.label == "Save game").rect.center)
    frames(app, 2)
    ask = app.stack.top
    assert isinstance(ask, SaveNameScene) and ask.name.startswith("usa")
    for _ in range(len(ask.name)):
        key(pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Friday game"))
    frames(app, 1)
    key(pygame.K_RETURN)
    frames(app, 2)
    assert app.stack.top is b and b.toast.text == "Saved as \u201cFriday game\u201d"
    saves = list(app.ctx.extras["folders"].saves.glob("friday-game-*.json"))
    assert len(saves) == 1 and load_save(saves[0]).name == "Friday game"
