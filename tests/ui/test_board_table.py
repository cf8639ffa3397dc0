"""The table's state on the board: path-bonus holder, last move, score track, my tickets."""

from __future__ import annotations

import pygame
from textrects import recording
from uibot import board_of
from uihelp import frames, key, start

from ttr.engine.table import path_leaders
from ttr.ui.app import App
from ttr.ui.scenes import board_draw
from ttr.ui.scenes.board_table import FLASH, last_move


def _texts(app: App) -> list[tuple[str, pygame.Rect]]:
    board = board_of(app)
    assert board is not None
    with recording() as got:
        board.draw(pygame.Surface(app.ctx.size))
    return [(t.text, t.rect) for t in got]


def test_path_holder_and_last_move_follow_the_public_view(app: App) -> None:
    start(app, "random,random,random", map_id="europe", seed=4)
    board = board_of(app)
    assert board is not None
    while sum(o is not None for o in board.shown_view.public.owners) < 8:
        frames(app, 3)
    frames(app, 1)
    pub = board.shown_view.public
    leaders = path_leaders(pub)
    assert leaders
    got = _texts(app)
    pills = [r for t, r in got if t == "\u2605 European Express"]
    assert len(pills) == len(leaders)
    for seat, r in zip(leaders, sorted(pills, key=lambda r: r.y), strict=True):
        assert board.layout.player_row(seat).contains(r)
    mv = last_move(board.shown_view)
    assert mv is not None and mv[1] in ("route", "station")
    board.last_flash = board.time - FLASH - 1
    key(pygame.K_l)
    frames(app, 1)
    assert board.time - board.last_flash < FLASH


def test_my_tickets_scroll_and_show_on_map(app: App) -> None:
    start(app, "human,random", seed=3)
    frames(app, 3)
    key(pygame.K_RETURN)  # keep the opening tickets
    frames(app, 10)
    board = board_of(app)
    assert board is not None and board.shown_view.me is not None
    mine = board.shown_view.me.tickets
    shown = [t for t, _ in board_draw.ticket_rects(board)]
    assert shown == list(mine[:len(shown)])
    gm = board.shown_view.public.game_map
    names = {t for t, _ in _texts(app)}
    for tid in shown:  # full names, as the map spells them
        t = gm.ticket_by_id[tid]
        assert any(f"{gm.city_name(t.a)} \u2013 {gm.city_name(t.b)}" in n for n in names)
    assert not board.show_my_tickets
    key(pygame.K_k)
    frames(app, 1)
    assert board.show_my_tickets
    pos = board.tickets_toggle.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    frames(app, 1)
    assert not board.show_my_tickets
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=board.layout.tickets.center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    frames(app, 1)
    assert board.ticket_scroll == 1


def test_the_last_claim_stays_marked_until_the_next_move() -> None:
    from types import SimpleNamespace

    from ttr.engine import FinalRound, RouteClaimed
    from ttr.engine.events import CardTaken, TurnPassed
    from ttr.ui.scenes.board_table import latest_is_claim

    claim = RouteClaimed(0, "r1", None, 1)  # type: ignore[arg-type]

    def view(*log: object) -> object:
        return SimpleNamespace(log=log)

    assert latest_is_claim(view(claim))  # type: ignore[arg-type]
    assert latest_is_claim(view(claim, FinalRound(0), TurnPassed(1)))  # type: ignore[arg-type]
    assert not latest_is_claim(view(claim, TurnPassed(1),  # type: ignore[arg-type]
                                    CardTaken(1, "deck", None, None)))
    assert not latest_is_claim(view())  # type: ignore[arg-type]
