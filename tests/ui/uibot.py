"""A test player that plays through the UI only: it reads the screen's view and posts
mouse/keyboard events at the widgets a person would use."""

from __future__ import annotations

import random

import pygame
from uihelp import click, frames, key

from ttr.engine import (
    BuildStation,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    Stage,
    WithdrawTunnel,
)
from ttr.ui import geometry as geo
from ttr.ui.app import App
from ttr.ui.scenes.board import BoardScene
from ttr.ui.scenes.handoff import HandoffScene
from ttr.ui.scenes.payment import PaymentScene
from ttr.ui.scenes.tickets import TicketsScene
from ttr.ui.scenes.tunnel import TunnelScene


def board_of(app: App) -> BoardScene | None:
    """The board scene on the stack, if any."""
    return next((s for s in app.stack.scenes if isinstance(s, BoardScene)), None)


def play_to_tunnel(app: App, board: BoardScene) -> TunnelScene:
    """Seat 0 keeps its tickets and draws blind until it can claim a tunnel, and claims
    it: the tunnel dialog (Europe)."""
    for _ in range(400):
        top = app.stack.top
        if isinstance(top, TicketsScene):
            key(pygame.K_RETURN)
        elif isinstance(top, TunnelScene):
            return top
        elif top is board and board.session.to_act == 0 and not board.queue.busy:
            v = board.shown_view
            gm = v.public.game_map
            tunnels = [a for a in v.legal if isinstance(a, ClaimRoute)
                       and gm.route(a.route).tunnel and v.public.stage == Stage.CHOOSE_ACTION]
            if tunnels:
                board.submit(tunnels[0])
            else:
                key(pygame.K_d)
        frames(app, 2)
    raise AssertionError("no tunnel claimed")


def route_click_point(board: BoardScene, rid: str) -> tuple[float, float] | None:
    """A pixel on one of the route's cars that hit-tests to that route."""
    r = board.renderer
    for q in r.slots[rid]:
        p = r.vp.to_px(geo.quad_center(q))  # type: ignore[union-attr]
        if r.route_at((int(p[0]), int(p[1]))) == rid:
            return p
    return None


def my_turn(app: App) -> BoardScene | None:
    """The board, when it is on top, at rest, and the human at the screen is to act."""
    board = board_of(app)
    if board is None or app.stack.top is not board or board.queue.busy:
        return None
    v = board.shown_view
    return board if v.legal and v.viewer == v.public.current else None


def act(app: App, rng: random.Random) -> str:
    """Post the input for one decision of the human on screen; returns what it did."""
    top = app.stack.top
    if isinstance(top, HandoffScene):
        click((50, 50))
        return "curtain"
    if isinstance(top, TicketsScene):
        key(pygame.K_RETURN)
        return "keep"
    if isinstance(top, PaymentScene):
        key(pygame.K_RETURN)
        return "pay"
    if isinstance(top, TunnelScene):
        if top.pays:
            key(pygame.K_RETURN)
        else:
            click(top.withdraw.rect.center)
        return "tunnel"
    board = my_turn(app)
    if board is None:
        return "wait"
    v = board.shown_view
    lay = board.layout
    claims = [a for a in v.legal if isinstance(a, ClaimRoute)]
    rng.shuffle(claims)
    for a in claims:
        p = route_click_point(board, a.route)
        if p is not None:
            click(p)
            return f"claim {a.route}"
    faceups = [a for a in v.legal if isinstance(a, DrawFaceUp)]
    if faceups and rng.random() < 0.5:
        click(lay.faceup_rect(rng.choice(faceups).slot).center)
        return "faceup"
    if DrawDeck() in v.legal:
        click(lay.deck_rect().center)
        return "deck"
    if faceups:
        click(lay.faceup_rect(faceups[0].slot).center)
        return "faceup"
    if DrawTickets() in v.legal:
        click(lay.ticket_deck_rect().center)
        return "tickets"
    builds = [a for a in v.legal if isinstance(a, BuildStation)]
    if builds:
        r = board.renderer
        click(r.vp.to_px(r.cities[builds[0].city]))  # type: ignore[union-attr]
        return "station"
    if Pass() in v.legal:
        click(board.pass_button.rect.center)
        return "pass"
    if all(isinstance(a, KeepTickets | PayTunnel | WithdrawTunnel) for a in v.legal):
        return "wait"  # the board opens the dialog on its next update
    return "stuck"


def act_mixed(app: App, rng: random.Random) -> str:
    """Like `act`, but plays every kind of move a person might: blind and face-up draws,
    ticket draws keeping a random allowed choice, claims paid in a random way, tunnels
    paid or given up, stations. Returns what it did ("curtain 2", "keep", "deck" ...)."""
    top = app.stack.top
    if isinstance(top, HandoffScene):
        if top.armed > 0:
            return "wait"
        click((50, 50))
        return f"curtain {top.seat}"
    if isinstance(top, TicketsScene):
        choice = set(rng.choice(sorted(top.options)))
        for t, r in top.rects:
            if (t in top.selected) != (t in choice):
                click(r.center)
        key(pygame.K_RETURN)
        return "keep"
    if isinstance(top, PaymentScene):
        for _ in range(rng.randrange(len(top.rows))):
            key(pygame.K_DOWN)
        key(pygame.K_RETURN)
        return "pay"
    if isinstance(top, TunnelScene):
        if top.pays and rng.random() < 0.7:
            click(rng.choice(top.pay_buttons).rect.center)
            return "tunnel paid"
        click(top.withdraw.rect.center)
        return "tunnel withdrawn"
    board = my_turn(app)
    if board is None:
        return "wait"
    v = board.shown_view
    kinds = {"claim": [a for a in v.legal if isinstance(a, ClaimRoute)],
             "station": [a for a in v.legal if isinstance(a, BuildStation)],
             "faceup": [a for a in v.legal if isinstance(a, DrawFaceUp)],
             "deck": [a for a in v.legal if isinstance(a, DrawDeck)],
             "tickets": [a for a in v.legal if isinstance(a, DrawTickets)]}
    weights = {"claim": 6, "station": 1, "faceup": 3, "deck": 4, "tickets": 1}
    offered = [k for k, acts in kinds.items() if acts]
    if not offered:
        if Pass() in v.legal:
            click(board.pass_button.rect.center)
            return "pass"
        return "wait"  # the board opens a dialog on its next update
    kind = rng.choices(offered, [weights[k] for k in offered])[0]
    a = rng.choice(kinds[kind])
    if isinstance(a, ClaimRoute):
        p = route_click_point(board, a.route)
        if p is None:  # hidden under another route's cars: draw instead
            key(pygame.K_d)
            return "deck"
        click(p)
        return f"claim {a.route}"
    if isinstance(a, BuildStation):
        r = board.renderer
        click(r.vp.to_px(r.cities[a.city]))  # type: ignore[union-attr]
        return f"station {a.city}"
    if isinstance(a, DrawFaceUp):
        key(pygame.K_1 + a.slot)
        return "faceup"
    if isinstance(a, DrawTickets):
        key(pygame.K_t)
        return "tickets"
    key(pygame.K_d)
    return "deck"
