"""The replay viewer: autoplay and speed, stepping and jumping to a turn, moves in the game
log's words (never engine notation), every player's tickets readable in full."""

from __future__ import annotations

import re
from typing import Any

import pygame
import pytest
from uihelp import click, frames, key

from ttr.game.replays import Timeline
from ttr.game.session import GameSession, SeatSpec
from ttr.maps.mapfile import find_map
from ttr.ui import widgets
from ttr.ui.app import App
from ttr.ui.scenes import replay_players
from ttr.ui.scenes.replay import SPEEDS, ReplayScene

NOTATION = re.compile(r"\b(claim|faceup|keep|station|withdraw|tunnel) [a-z0-9-]+|"
                      r"\b[a-z]+:\d|[a-z]+-[a-z]+-[a-z0-9]+")
"""Engine notation: `claim den-kc-a red:2`, `faceup 3`, `keep t1,t2`, route ids."""


def finished(map_id: str, players: int, variant: str = "base") -> tuple[Timeline, Any]:
    md = find_map(map_id)
    gm = md.game_map
    seats = [SeatSpec(n, c, "greedy") for n, c in
             zip(["Ada", "Boris", "Chen", "Dora", "Emil"], ["red", "blue", "green", "yellow",
                                                          "black"], strict=False)][:players]
    s = GameSession(gm, gm.rules(variant), seats, 21)
    while not s.over:
        s.poll_ai()
    s.close()
    return Timeline(s.record, gm), md


@pytest.fixture(scope="module")
def europe5() -> tuple[Timeline, Any]:
    return finished("europe", 5)


def show(app: App, timeline: Timeline, map_def: Any) -> ReplayScene:
    scene = ReplayScene(app.ctx, timeline, map_def)
    app.stack.push(scene)
    app.stack.apply_pending()
    frames(app)
    return scene


def test_autoplay_speed_step_and_jump(app: App, europe5: tuple[Timeline, Any]) -> None:
    tl, md = europe5
    v = show(app, tl, md)
    assert v.step == 0 and not v.playing
    key(pygame.K_SPACE)
    frames(app, 24, dt=0.125)  # 3 s at 1 move/s
    assert v.playing and v.step == 3
    key(pygame.K_PLUS)
    key(pygame.K_PLUS)
    frames(app)
    assert SPEEDS[v.speed] == 4.0
    before = v.step
    frames(app, 8, dt=0.125)
    assert v.step == before + 4
    click(v.transport["play"].rect.center)  # pause
    frames(app)
    paused = v.step
    frames(app, 20, dt=0.1)
    assert not v.playing and v.step == paused
    key(pygame.K_RIGHT)
    frames(app)
    assert v.step == paused + 1
    key(pygame.K_DOWN)  # next turn
    frames(app)
    assert v.frame.turn == tl.frame(paused + 1).turn + 1
    for k in (pygame.K_4, pygame.K_0):
        key(k)
    frames(app)
    assert v.status() == "Go to turn 40_ (Enter)"
    key(pygame.K_RETURN)
    frames(app)
    assert v.frame.turn == 40 and tl.frame(v.step - 1).turn == 39
    click((v.bar.x + v.bar.w // 2, v.bar.centery))
    frames(app)
    assert abs(v.step - (len(tl) - 1) // 2) <= 2
    key(pygame.K_END)
    key(pygame.K_SPACE)  # at the end, play does not start
    frames(app)
    assert v.step == len(tl) - 1 and not v.playing
    key(pygame.K_HOME)
    frames(app)
    assert v.step == 0
    key(pygame.K_ESCAPE)
    frames(app)
    assert app.stack.top is not v


def test_every_move_in_plain_words(app: App, europe5: tuple[Timeline, Any]) -> None:
    tl, md = europe5
    v = show(app, tl, md)
    seen = set()
    for step in range(len(tl)):
        words = v.move_words(step)
        assert not NOTATION.search(words), words
        assert "  " not in words and words.strip() == words
        seen.add(words.split(": ", 1)[-1].split()[1] if step else "begins")
    assert {"claimed", "drew", "took", "kept"} <= seen
    last = v.move_words(len(tl) - 1)
    assert "Final scores: " in last and all(n in last for n in v.names)


def test_claims_name_the_cards_paid(app: App) -> None:
    tl, md = finished("usa", 2)
    v = show(app, tl, md)
    claims = [v.move_words(s) for s in range(len(tl)) if " claimed " in v.move_words(s)]
    assert claims and all(re.search(r"claimed .+\u2013.+ with \d+ [a-z]+.* \(\d+ points?\)", c)
                          for c in claims), claims[:3]


def test_each_players_tickets_readable_in_full(app: App, monkeypatch: Any,
                                                europe5: tuple[Timeline, Any]) -> None:
    app.screen = pygame.display.set_mode((1024, 640))
    app.ctx.size = (1024, 640)
    tl, md = europe5
    v = show(app, tl, md)
    v.go(len(tl) - 1)
    drawn: list[tuple[str, int, int | None]] = []

    def spy(surface: Any, assets: Any, text: str, size: int, *args: Any, **kw: Any) -> Any:
        drawn.append((text, size, kw.get("max_width")))
        return widgets.blit_text(surface, assets, text, size, *args, **kw)

    monkeypatch.setattr(replay_players, "blit_text", spy)  # the players' column
    gm = md.game_map
    for seat in range(5):
        click(v.panels[seat].center)  # that player's panel takes the side column
        frames(app)
        assert v.focus == seat
        names = {f"{gm.city_name(gm.ticket_by_id[t].a)}\u2013{gm.city_name(gm.ticket_by_id[t].b)}"
                 for t in v.frame.tickets[seat]}
        shown = {(text.removeprefix("\u2714 "), size, width) for text, size, width in drawn}
        for name in names:
            hit = [(size, width) for text, size, width in shown if text == name]
            assert hit, f"{name} not drawn for seat {seat}"
            size, width = hit[0]
            font = app.ctx.assets.font(size, cond=True)
            assert size >= 12 and (width is None or font.size(name)[0] <= width), name
        drawn.clear()
    click(v.panels[4].center)  # again: every player alike
    frames(app)
    assert v.focus is None
