"""A whole game driven through the UI with posted events, up to the scoring scene."""

from __future__ import annotations

import random
import time

import pytest
from uibot import act
from uihelp import frames, start

from ttr.ui.app import App
from ttr.ui.scenes.scoring import ScoringScene


def play_out(app: App, seconds: float = 120) -> list[str]:
    """Alternate bot input and frames until the scoring scene shows."""
    rng = random.Random(3)
    did: list[str] = []
    deadline = time.time() + seconds
    while time.time() < deadline:
        if isinstance(app.stack.top, ScoringScene):
            break
        did.append(act(app, rng))
        frames(app, 1)
    return did


@pytest.mark.parametrize("map_id,kinds", [("usa", "human,greedy"), ("europe", "human,random")])
def test_human_plays_a_whole_game_through_the_ui(app: App, map_id: str, kinds: str) -> None:
    start(app, kinds, map_id=map_id, seed=11)
    did = play_out(app)
    top = app.stack.top
    assert isinstance(top, ScoringScene), did[-20:]
    assert "stuck" not in did
    assert any(d.startswith("claim") for d in did)
    frames(app, 3)
    assert top.finished  # pace 0: the tally is instant
    assert top.session.over
