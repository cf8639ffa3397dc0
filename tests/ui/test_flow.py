"""Game flow: Esc in the game's dialogs, the log after undo, and the like."""

from __future__ import annotations

import pygame
from uibot import board_of, play_to_tunnel
from uihelp import click, frames, key, start

from ttr.engine import ClaimRoute, PayTunnel
from ttr.ui.app import App
from ttr.ui.scenes.menu import MenuScene
from ttr.ui.scenes.pause import PauseScene
from ttr.ui.scenes.savename import SaveNameScene
from ttr.ui.scenes.tickets import TicketsScene
from ttr.ui.scenes.tunnel import TunnelScene


def press(app: App, label: str) -> None:
    top = app.stack.top
    click(next(b for b in top.buttons if b.label == label).rect.center)  # type: ignore[union-attr]
    frames(app, 2)


def esc_pauses_and_esc_resumes(app: App) -> None:
    dialog = app.stack.top
    key(pygame.K_ESCAPE)
    frames(app, 2)
    assert isinstance(app.stack.top, PauseScene)
    key(pygame.K_ESCAPE)  # Esc again resumes: back to the same dialog
    frames(app, 2)
    assert app.stack.top is dialog


def test_esc_in_the_opening_ticket_choice_opens_the_pause_menu(app: App) -> None:
    start(app, "human,greedy")
    frames(app, 3)
    tickets = app.stack.top
    assert isinstance(tickets, TicketsScene)
    esc_pauses_and_esc_resumes(app)
    key(pygame.K_ESCAPE)
    frames(app, 2)
    press(app, "Save game")
    assert isinstance(app.stack.top, SaveNameScene)
    key(pygame.K_RETURN)
    frames(app, 2)
    assert app.stack.top is tickets  # saved, still choosing
    saves = [p for p in app.ctx.extras["folders"].saves.glob("*.json") if p.stem != "autosave"]
    assert len(saves) == 1 and saves[0].name.startswith("usa-")
    key(pygame.K_ESCAPE)
    frames(app, 2)
    press(app, "Resume")
    assert app.stack.top is tickets
    key(pygame.K_ESCAPE)
    frames(app, 2)
    press(app, "Quit to menu")
    assert isinstance(app.stack.top, MenuScene)


def test_esc_in_the_tunnel_dialog_pauses_instead_of_giving_up(app: App) -> None:
    start(app, "human,greedy", map_id="europe", seed=3)
    frames(app, 3)
    board = board_of(app)
    assert board is not None
    play_to_tunnel(app, board)
    tunnel = app.stack.top
    assert isinstance(tunnel, TunnelScene)
    esc_pauses_and_esc_resumes(app)
    assert board.shown_view.public.tunnel is not None  # nothing given up
    if tunnel.pays:
        click(tunnel.pay_buttons[0].rect.center)
    else:
        click(tunnel.withdraw.rect.center)
    frames(app, 3)
    assert board.shown_view.public.tunnel is None
    assert not any(isinstance(a, PayTunnel) for a in board.shown_view.legal)


def test_undo_shows_the_log_up_to_the_undone_move(app: App) -> None:
    from ttr.engine import DrawDeck, KeepTickets
    from ttr.ui.scenes.board_text import log_line, log_lines

    start(app, "human,random", seed=4)
    frames(app, 3)
    undone = 0
    for _ in range(300):
        board = board_of(app)
        assert board is not None
        top = app.stack.top
        if isinstance(top, TicketsScene):
            key(pygame.K_RETURN)
            frames(app, 2)
            continue
        s = board.session
        if top is not board or board.queue.busy or s.to_act != 0:
            frames(app, 1)
            continue
        v = board.shown_view
        claimed = s.actions and any(a.startswith("claim") for a in s.actions[-3:])
        if claimed and len(s.actions) > 6:
            before = list(log_lines(v, board.names))
            old_log = s.log
            key(pygame.K_u)
            frames(app, 3)
            after_board = board_of(app)
            if after_board is not board:  # the undo was taken
                assert after_board is not None
                after = list(log_lines(after_board.shown_view, after_board.names))
                gone = [t for e in old_log[len(after_board.session.log):]
                        if (t := log_line(e, v.public.game_map, board.names))]
                assert after and gone and after == before[len(gone):]
                undone += 1
                if undone >= 2:
                    return
                continue
        claims = [a for a in v.legal if isinstance(a, ClaimRoute)]
        keeps = [a for a in v.legal if isinstance(a, KeepTickets)]
        board.submit(claims[0] if claims else keeps[0] if keeps else DrawDeck()
                     if DrawDeck() in v.legal else v.legal[0])
        frames(app, 2)
    raise AssertionError(f"only {undone} undo(s) taken")


def test_saving_from_the_curtain_says_so_on_the_curtain(app: App) -> None:
    from ttr.ui.scenes.handoff import HandoffScene

    start(app, "human,human")
    frames(app, 3)
    curtain = app.stack.top
    assert isinstance(curtain, HandoffScene)
    key(pygame.K_ESCAPE)
    frames(app, 2)
    press(app, "Save game")
    key(pygame.K_RETURN)
    frames(app, 2)
    assert app.stack.top is curtain and curtain.board.toast.text.startswith("Saved as ")
    assert curtain.board.toast.active and list(app.ctx.extras["folders"].saves.glob("*.json"))
    curtain.armed = 0
    click((50, 50))  # the next player takes the screen: the message was not for them
    frames(app, 2)
    board = board_of(app)
    assert board is not None and board.shown_view.viewer == 0 and not board.toast.active


def test_a_hovered_ticket_is_highlighted_only_for_its_owner(app: App, monkeypatch) -> None:  # noqa: ANN001
    from ttr.ui import theme
    from ttr.ui.scenes import board_draw

    start(app, "human,human")
    frames(app, 3)
    app.stack.top.armed = 0  # type: ignore[union-attr]  # the curtain's double-click guard
    click((50, 50))
    frames(app, 3)
    board = board_of(app)
    assert board is not None and board.shown_view.me is not None
    rings: list[object] = []
    real = board_draw.pygame.draw.circle

    def circle(surface, color, *args, **kw):  # noqa: ANN001, ANN002, ANN003, ANN202
        if tuple(color)[:3] == theme.HILITE:
            rings.append(args)
        return real(surface, color, *args, **kw)

    monkeypatch.setattr(board_draw.pygame.draw, "circle", circle)
    board.hover_ticket = board.shown_view.me.offer[0]
    board.dirty = True
    frames(app)
    assert len(rings) == 2  # the owner sees the two cities of the ticket under the mouse
    rings.clear()
    board.shown_view = board.session.view_for(None)  # the public view, mouse not moved
    board.dirty = True
    frames(app)
    assert rings == []
