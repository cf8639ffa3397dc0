"""Random input across every scene: clicks, drags, keys and resizes must never raise."""

from __future__ import annotations

import random

import pygame
import pytest
from uihelp import frames, start

from ttr.ui.app import App
from ttr.ui.scenes.menu import MenuScene
from ttr.ui.scenes.scoring import ScoringScene

KEYS = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_UP, pygame.K_DOWN,
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_1,
        pygame.K_3, pygame.K_d, pygame.K_t, pygame.K_p, pygame.K_a]


def monkey(app: App, n: int, seed: int) -> set[str]:
    """Post `n` random events, one or a few per frame; returns the scenes visited."""
    rng = random.Random(seed)
    seen: set[str] = set()
    for i in range(n):
        w, h = app.screen.get_size()
        r = rng.random()
        pos = (rng.randrange(w), rng.randrange(h))
        if r < 0.55:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                                 buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos,
                                                 button=rng.choice((1, 1, 1, 3))))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        elif r < 0.7:
            end = (rng.randrange(w), rng.randrange(h))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(5, 5),
                                                 buttons=(1, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        elif r < 0.95:
            k = rng.choice(KEYS)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="x",
                                                 scancode=0))
            if rng.random() < 0.2:
                pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="é"))
        else:
            size = (rng.randrange(900, 2200), rng.randrange(560, 1300))
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1],
                                                 size=size))
        frames(app, 1, dt=rng.choice((0.0, 1 / 60, 0.1)))
        top = app.stack.top
        seen.add(type(top).__name__)
        if not app.running:  # Quit was chosen: start again somewhere else
            app.running = True
            if rng.random() < 0.5:
                app.stack.clear_to(MenuScene(app.ctx))
            else:
                start(app, rng.choice(["human,human", "human,random,human", "random,random"]),
                      map_id=rng.choice(["usa", "europe"]), seed=i)
        if i % 400 == 399 and not isinstance(top, ScoringScene):
            start(app, rng.choice(["human,human", "human,random", "random,random,random"]),
                  map_id=rng.choice(["usa", "europe"]), seed=i)
    return seen


def test_monkey_500(app: App) -> None:
    app.stack.push(MenuScene(app.ctx))
    seen = monkey(app, 500, seed=1)
    assert len(seen) >= 4


@pytest.mark.slow
def test_monkey_5000(app: App) -> None:
    app.stack.push(MenuScene(app.ctx))
    seen = monkey(app, 5000, seed=2)
    assert len(seen) >= 8
