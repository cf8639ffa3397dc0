"""Big text with five players: the scoring table and the review's list show a run of
boxes or rows that fits, say which ("Players 1–3 of 5"), and keep the focused one in
sight; nothing is drawn smaller to fit."""

from __future__ import annotations

import pygame
import pytest
from coachhelp import FakeJob, fake_review, finished_record
from textrects import recording
from uihelp import frames

from ttr.game.session import GameSession
from ttr.ui.app import App
from ttr.ui.scenes.review import ReviewScene
from ttr.ui.scenes.scoring import ScoringScene
from ttr.ui.viewport import ui_font

KINDS = ("human", "greedy", "human", "greedy", "greedy")


def _texts(scene: ScoringScene | ReviewScene, size: tuple[int, int]) -> list[str]:
    with recording() as got:
        scene.draw(pygame.Surface(size))
    body = ui_font(size, scene.ctx.settings)
    assert all(t.size >= round(body * 0.8) and t.size >= t.asked for t in got
               if t.text.strip()), [(t.text, t.size) for t in got if t.size < t.asked]
    return [t.text for t in got]


def test_the_table_scrolls_to_the_focus(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    record, map_def = finished_record(KINDS, map_id="europe")
    size = (1280, 720)
    app.ctx.settings.text_size = 150
    app.ctx.nav.show_scoring(GameSession.resume(map_def.game_map, record), map_def)
    app.stack.apply_pending()
    sc = app.stack.top
    assert isinstance(sc, ScoringScene)
    sc.queue.finish_all()
    sc.on_resize(size)
    texts = _texts(sc, size)
    shown = len(sc.boxes)
    assert 1 <= shown < 5
    assert f"Players 1\u2013{shown} of 5 \u00b7 the wheel shows more" in texts
    last = sc.result.ranking[-1]
    assert last not in sc.boxes
    sc.keys.focus = 4  # the last player's box has the focus: it comes into sight
    _texts(sc, size)
    assert last in sc.boxes and sc.result.ranking[0] not in sc.boxes
    sc.keys.focus = 5  # Play again: the wheel moves the table
    sc.first = 0
    sc.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    texts = _texts(sc, size)
    assert sc.first == 1 and sc.result.ranking[1] in sc.boxes
    app.ctx.settings.text_size = 100  # at 100 % every box shows
    sc.on_resize(size)
    sc.first = 0
    texts = _texts(sc, size)
    assert len(sc.boxes) == 5 and not any(t.startswith("Players ") for t in texts)

    review = fake_review(record, map_def, count=5)
    monkeypatch.setattr("ttr.ui.scenes.review.start_review",
                        lambda *a, **k: FakeJob(review, 3))
    app.ctx.settings.text_size = 150
    rv = ReviewScene(app.ctx, record, map_def)
    app.stack.push(rv)
    app.stack.apply_pending()
    rv.begin(0)
    frames(app, 10)
    assert rv.stage == "done"
    rv.on_resize((1024, 640))
    texts = _texts(rv, (1024, 640))
    assert any(t.endswith("of 5 \u00b7 the arrows show the others") for t in texts)
    rv.focus = 4
    _texts(rv, (1024, 640))
    assert rv.rows[4].h > 0 and rv.rows[0].h == 0  # the focused row is drawn, the first not
