"""The scoring screen, the review and the replay viewer word their texts when they draw
or speak them, in the language of the moment: a language chosen after the scenes were
built (and the tally's lines made) shows in every text they draw, with every
placeholder filled."""

from __future__ import annotations

import gettext
from collections.abc import Iterator

import pygame
import pytest
from coachhelp import FakeJob, fake_review, finished_record
from textrects import recording
from uihelp import frames

import ttr.i18n as i18n
from ttr.game.replays import Timeline
from ttr.game.session import GameSession
from ttr.ui.app import App
from ttr.ui.scene import Scene
from ttr.ui.scenes.replay import CoachNote, ReplayScene
from ttr.ui.scenes.review import ReviewScene
from ttr.ui.scenes.scoring import ScoringScene
from ttr.ui.scenes.scoring_keys import score_words


class Marked(gettext.NullTranslations):
    """A made-up language: every message between guillemets, placeholders kept."""

    def gettext(self, message: str) -> str:
        return f"\u00ab{message}\u00bb"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"\u00ab{msgid1 if n == 1 else msgid2}\u00bb"

    def pgettext(self, context: str, message: str) -> str:
        return f"\u00ab{message}\u00bb"


@pytest.fixture
def marked() -> Iterator[None]:
    saved = i18n._translations.get("de")
    i18n._translations["de"] = Marked()
    try:
        yield
    finally:
        if saved is None:
            i18n._translations.pop("de", None)
        else:
            i18n._translations["de"] = saved
        i18n.set_language("en")


def _drawn(app: App, scene: Scene) -> list[str]:
    app.stack.resize(app.ctx.size)  # as the app does when the language changes
    with recording() as got:
        scene.draw(pygame.Surface(app.ctx.size))
    return [t.text for t in got]


def test_the_words_follow_the_language(app: App, marked: None,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    record, map_def = finished_record(("human", "greedy", "greedy"), map_id="europe")
    app.ctx.nav.show_scoring(GameSession.resume(map_def.game_map, record), map_def)
    app.stack.apply_pending()
    sc = app.stack.top
    assert isinstance(sc, ScoringScene)
    sc.queue.finish_all()
    english = _drawn(app, sc)
    assert "Final scores" in english and "Routes" in english
    i18n.set_language("de")
    texts = _drawn(app, sc)
    for text in ("\u00abFinal scores\u00bb", "\u00abRoutes\u00bb", "\u00abPlay again\u00bb"):
        assert text in texts, texts
    assert any(t.startswith("\u00abStations kept \u00d7") for t in texts)
    assert any(t.startswith("\u00ab") and "trains)\u00bb" in t for t in texts)  # the path
    words = score_words(sc, sc.result.ranking[0])
    assert words.startswith("\u00ab") and "{" not in words and "\u00abfirst\u00bb" in words
    assert not any("{" in t for t in texts)

    review = fake_review(record, map_def, count=3)
    monkeypatch.setattr("ttr.ui.scenes.review.start_review",
                        lambda *a, **k: FakeJob(review, 3))
    rv = ReviewScene(app.ctx, record, map_def)
    app.stack.push(rv)
    app.stack.apply_pending()
    frames(app, 10)
    assert rv.stage == "done"
    texts = _drawn(app, rv)
    assert any(t.startswith("\u00abPlayed: ") for t in texts), texts
    assert any("\u00ababout \u2212" in t for t in texts)
    assert not any("{" in t for t in texts)

    replay = ReplayScene(app.ctx, Timeline(record, map_def.game_map), map_def)
    app.stack.push(replay)
    app.stack.apply_pending()
    replay.show_decision(CoachNote(0, review.mistakes[0]))
    texts = _drawn(app, replay)
    for start in ("\u00abReviewed decision: ", "\u00abSpace plays", "\u00abBefore turn ",
                  "\u00abPlayed: ", "\u00abBetter: "):
        assert any(t.startswith(start) for t in texts), (start, texts)
    assert "\u00ab\u25b6 Play\u00bb" in texts
    assert not any("{" in t for t in texts)
    i18n.set_language("en")
    texts = _drawn(app, replay)
    assert not any("\u00ab" in t for t in texts)
