"""Hot seat: every frame drawn shows only the private data of the human at the screen."""

from __future__ import annotations

import random
import time

from uibot import act, board_of
from uihelp import frames, start

from ttr.ui.app import App
from ttr.ui.scenes.board import BoardScene
from ttr.ui.scenes.handoff import HandoffScene
from ttr.ui.scenes.scoring import ScoringScene


def test_no_frame_leaks_another_humans_hand(app: App) -> None:
    start(app, "human,random,human", seed=21)
    at_screen: list[int | None] = [None]
    curtains: list[int] = []
    checked = [0]

    def check() -> None:
        visible = app.stack.visible()
        for s in visible:
            if isinstance(s, BoardScene):
                v = s.shown_view
                assert v.viewer in (None, at_screen[0]), (v.viewer, at_screen[0])
                assert v.me is None or v.me.seat == at_screen[0]
                checked[0] += 1
        if any(isinstance(s, HandoffScene) for s in visible):
            assert not any(isinstance(s, BoardScene) for s in visible)

    app.frame_hooks.append(check)
    rng = random.Random(1)
    deadline = time.time() + 120
    while time.time() < deadline:
        top = app.stack.top
        if isinstance(top, ScoringScene):
            break
        if isinstance(top, HandoffScene) and top.armed <= 0:
            at_screen[0] = top.seat
            curtains.append(top.seat)
        act(app, rng)
        frames(app, 1, dt=0.3)  # dt > the curtain's click guard
    assert isinstance(app.stack.top, ScoringScene)
    assert curtains[:2] == [0, 2]  # the opening ticket choices, seat by seat
    assert len(curtains) > 20 and checked[0] > 100
    # every curtain changed the person at the screen: no human acted without one
    assert all(a != b for a, b in zip(curtains, curtains[1:], strict=False))


def test_single_human_never_sees_a_curtain(app: App) -> None:
    start(app, "human,random", seed=2)
    frames(app, 5)
    board = board_of(app)
    assert board is not None and board.session.screen_owner == 0
    assert not any(isinstance(s, HandoffScene) for s in app.stack.scenes)
