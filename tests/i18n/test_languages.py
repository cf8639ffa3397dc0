"""Every language at work: its screens laid out at the four window sizes follow the
layout rule (`tests/ui/fitcheck.py`: nothing clipped, overlapping, shrunk or outside its
panel; German and Polish are long), and the UI test bot plays a whole game in it up to
the scores. With a partial catalog the missing messages show in English; the checks get
stricter by themselves as the translations land.

The fast suite lays out the menu, settings and new-game screens at 100 % text and plays
one game in Polish (three plural forms, long words); `-m slow` adds the other text sizes,
How to play and Learn to play, and a game in every language.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.i18n.catalogs import codes
from tests.i18n.unmarked import ROOT

sys.path.insert(0, str(ROOT / "tests" / "ui"))  # the UI tests' helpers (not a package)

from fitcheck import TEXT_SIZES, Walk  # noqa: E402
from uibot import act  # noqa: E402
from uihelp import frames, start  # noqa: E402

import ttr.i18n as i18n  # noqa: E402
from ttr.store.autosave import Folders  # noqa: E402
from ttr.ui.app import App  # noqa: E402
from ttr.ui.scene import Scene  # noqa: E402
from ttr.ui.scenes.scoring import ScoringScene  # noqa: E402

FAST_GAME = "pl"


@pytest.fixture
def app_in(tmp_path: Path) -> Iterator[Callable[[str], App]]:
    """`make(code)`: a headless app at pace 0 speaking `code` (English again after)."""
    made: list[App] = []

    def make(code: str) -> App:
        a = App((1280, 720), pace=0.0, settings_file=None, language=code)
        a.ctx.extras["folders"] = Folders(tmp_path / "saves", tmp_path / "records",
                                          tmp_path / "stats.json")
        made.append(a)
        assert i18n.language() == code
        return a

    yield make
    for a in made:
        a.shut_down()
    i18n.set_language("en")


def scenes(app: App, slow: bool) -> dict[str, Callable[[], Scene]]:
    from ttr.ui.scenes.howto import HowToScene
    from ttr.ui.scenes.learn import LearnScene
    from ttr.ui.scenes.menu import MenuScene
    from ttr.ui.scenes.settings import SettingsScene
    from ttr.ui.scenes.setup import SetupScene

    make: dict[str, Callable[[], Scene]] = {
        "menu": lambda: MenuScene(app.ctx), "settings": lambda: SettingsScene(app.ctx),
        "setup": lambda: SetupScene(app.ctx)}
    if slow:
        make |= {"how to play": lambda: HowToScene(app.ctx),
                 "learn to play": lambda: LearnScene(app.ctx)}
    return make


def fit(app: App, slow: bool) -> None:
    walk = Walk(app, text_sizes=TEXT_SIZES if slow else (100,))
    for name, make in scenes(app, slow).items():
        app.stack.clear_to(make())
        app.stack.apply_pending()
        walk.check(name)
    walk.finish()


@pytest.mark.parametrize("code", codes())
def test_screens_fit(app_in: Callable[[str], App], code: str) -> None:
    fit(app_in(code), slow=False)


@pytest.mark.slow
@pytest.mark.parametrize("code", codes())
def test_screens_fit_at_every_text_size(app_in: Callable[[str], App], code: str) -> None:
    fit(app_in(code), slow=True)


def play_a_game(app: App, seconds: float = 180) -> None:
    start(app, "human,random", map_id="europe", seed=11)
    rng = random.Random(3)
    did: list[str] = []
    deadline = time.time() + seconds
    while time.time() < deadline and not isinstance(app.stack.top, ScoringScene):
        did.append(act(app, rng))
        frames(app, 1)
    top = app.stack.top
    assert isinstance(top, ScoringScene), did[-20:]
    assert "stuck" not in did and any(d.startswith("claim") for d in did)
    frames(app, 3)
    assert top.finished and top.session.over


@pytest.mark.parametrize("code", [
    pytest.param(c, marks=() if c == FAST_GAME else pytest.mark.slow) for c in codes()])
def test_a_whole_game(app_in: Callable[[str], App], code: str) -> None:
    play_a_game(app_in(code))
