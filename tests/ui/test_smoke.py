"""One frame of every scene, checked with pixel probes (no golden images)."""

from __future__ import annotations

import pygame
import pytest
from uibot import board_of
from uihelp import click, frames, key, start

from ttr.engine import KeepTickets
from ttr.ui import theme
from ttr.ui.app import App
from ttr.ui.scenes.handoff import HandoffScene
from ttr.ui.scenes.howto import HowToScene
from ttr.ui.scenes.menu import MenuScene
from ttr.ui.scenes.pause import PauseScene
from ttr.ui.scenes.payment import PaymentScene
from ttr.ui.scenes.settings import SettingsScene
from ttr.ui.scenes.setup import SetupScene
from ttr.ui.scenes.tickets import TicketsScene


def px(app: App, pos: tuple[int, int]) -> tuple[int, int, int]:
    """The colour at `pos` of the last drawn frame."""
    c = app.screen.get_at((int(pos[0]), int(pos[1])))
    return (c.r, c.g, c.b)


def test_menu_setup_settings_howto(app: App) -> None:
    app.stack.push(MenuScene(app.ctx))
    frames(app)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert px(app, menu.buttons[0].rect.center) != theme.BG  # the primary button is drawn
    assert not menu.buttons[1].enabled  # Continue: no saves yet
    key(pygame.K_DOWN)
    frames(app)
    assert menu.focus == 2  # skips the disabled Continue
    menu.focus = [b.label for b in menu.buttons].index("Settings")
    key(pygame.K_RETURN)
    frames(app, 2)
    assert isinstance(app.stack.top, SettingsScene)
    key(pygame.K_DOWN)  # from Language to Animations
    key(pygame.K_RIGHT)  # animations: one step slower
    frames(app)
    assert app.ctx.settings.animation_speed > 0
    key(pygame.K_ESCAPE)
    frames(app, 2)
    click(next(b for b in menu.buttons if b.label == "How to play").rect.center)
    frames(app, 2)
    assert isinstance(app.stack.top, HowToScene)
    key(pygame.K_ESCAPE)
    frames(app, 2)
    click(menu.buttons[0].rect.center)
    frames(app, 2)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    ng = setup.setup()
    assert ng.map_id == "usa" and [s.agent for s in ng.seats][0] is None
    assert len(ng.seats) == 3 and len({s.color for s in ng.seats}) == 3
    assert px(app, setup.rows[0].color_rect.center) == theme.PLAYER_RGB["red"]
    click(setup.start.rect.center)
    frames(app, 3)
    assert board_of(app) is not None


def test_board_frame_tickets_payment_pause(app: App) -> None:
    start(app, "human,greedy")
    frames(app, 3)
    top = app.stack.top
    assert isinstance(top, TicketsScene)
    assert top.min_keep == 2 and top.keep.enabled  # all three preselected
    click(top.rects[0][1].center)
    click(top.rects[1][1].center)
    frames(app)
    assert not top.keep.enabled  # one ticket is below the minimum
    key(pygame.K_RETURN)
    frames(app)
    assert app.stack.top is top  # refused, with a toast
    click(top.rects[0][1].center)
    frames(app)
    key(pygame.K_RETURN)
    frames(app, 30)
    board = board_of(app)
    assert board is not None
    v = board.shown_view
    assert v.me is not None and len(v.me.tickets) == 2
    assert not any(isinstance(a, KeepTickets) for a in v.legal)
    # map, market and hand are drawn
    r = board.renderer
    city = r.vp.to_px(r.cities["den"] if "den" in r.cities else next(iter(r.cities.values())))
    assert px(app, city) != theme.BG
    assert px(app, board.layout.faceup_rect(0).center) != theme.BG
    # a route with several payments opens the chooser with fewest locomotives first
    from ttr.engine import ClaimRoute

    claims: dict[str, list[ClaimRoute]] = {}
    for a in v.legal:
        if isinstance(a, ClaimRoute):
            claims.setdefault(a.route, []).append(a)
    multi = [rid for rid, cs in claims.items() if len(cs) > 1]
    if multi:
        from uibot import route_click_point

        p = route_click_point(board, multi[0])
        assert p is not None
        click(p)
        frames(app, 2)
        pay = app.stack.top
        assert isinstance(pay, PaymentScene)
        locos = [o.payment.counts[8] for o in pay.options]
        assert locos[pay.index] == min(locos)
        key(pygame.K_ESCAPE)
        frames(app, 2)
    key(pygame.K_ESCAPE)
    frames(app, 2)
    assert isinstance(app.stack.top, PauseScene)
    key(pygame.K_ESCAPE)
    frames(app, 2)
    assert app.stack.top is board


def test_curtain_is_opaque_and_names_the_player(app: App) -> None:
    start(app, "human,human")
    frames(app, 3)
    top = app.stack.top
    assert isinstance(top, HandoffScene) and top.seat == 0
    w, h = app.screen.get_size()
    assert px(app, (w // 2, h // 2 - h // 6 + 20)) == theme.mix(theme.PLAYER_RGB["red"],
                                                                 theme.BG, 0.55)


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_resize_redraws_board(app: App, size: tuple[int, int]) -> None:
    start(app, "greedy,greedy")
    frames(app, 2)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1],
                                         size=size))
    frames(app, 2)
    board = board_of(app)
    assert board is not None and board.layout.size == app.screen.get_size()
