"""How to play follows the chosen map and rule set, with numbers from its RulesConfig."""

from __future__ import annotations

import pygame
import pytest
from textrects import Panel
from uihelp import click, frames, key, start

from ttr.engine import RulesConfig
from ttr.maps.mapfile import find_map
from ttr.ui import rules_text
from ttr.ui.app import App
from ttr.ui.scenes.howto import HowToScene
from ttr.ui.scenes.pause import PauseScene
from ttr.ui.scenes.setup import SetupScene


def _text(map_id: str, variant: str, cfg: RulesConfig) -> str:
    return " ".join(t + " " + b for t, b in rules_text.sections(map_id, map_id, variant, cfg))


def test_text_follows_the_config() -> None:
    cfg = RulesConfig(draw_tickets=7, draw_keep_min=2, trains=33, longest_path_bonus=12)
    text = _text("usa", "base", cfg)
    assert "draw 7 destination tickets and keep at least 2" in text
    assert "33 trains" in text and "12 points" in text
    assert "Tunnels" not in text and "Globetrotter" not in text
    eu = find_map("europe").game_map.variants["base"]
    text = _text("europe", "base", eu)
    assert "Tunnels" in text and "Stations" in text and "European Express" in text
    assert f"{eu.station_points} points" in text and "long ticket" in text
    bc = find_map("usa").game_map.variants["bigcities"]
    assert "sources differ" in _text("usa", "bigcities", bc)
    g = find_map("usa").game_map.variants["1910"]
    assert f"Globetrotter: {g.globetrotter_bonus} points" in _text("usa", "1910", g)
    assert rules_text.scoring_table(eu)[-1] == max(eu.route_points)


def test_opens_on_the_game_in_progress_and_switches(app: App) -> None:
    start(app, "human,greedy", map_id="europe")
    frames(app, 2)
    app.stack.push(PauseScene(app.ctx, None))
    app.stack.apply_pending()
    pause = app.stack.top
    pause.activate([b.label for b in pause.buttons].index("How to play"))
    frames(app, 2)
    how = app.stack.top
    assert isinstance(how, HowToScene)
    assert how.chosen()[0] == "europe"
    click((how.map_picker.rect.right - 5, how.map_picker.rect.centery))
    frames(app, 2)
    assert how.chosen()[0] != "europe"
    key(pygame.K_DOWN)
    key(pygame.K_ESCAPE)
    frames(app, 2)
    assert not isinstance(app.stack.top, HowToScene)


def test_setup_rules_button(app: App) -> None:
    app.stack.push(SetupScene(app.ctx))
    frames(app, 2)
    setup = app.stack.top
    setup.variant_picker.index = setup.variant_picker.options.index("bigcities")
    click(setup.howto.rect.center)
    frames(app, 2)
    how = app.stack.top
    assert isinstance(how, HowToScene)
    assert how.chosen()[:3:2] == ("usa", "bigcities")


SHEET_SIZES = [(1024, 640), (1280, 720), (3840, 2160)]


def test_every_page_fits_at_every_size_and_text_size(app: App) -> None:
    """Each sheet of both maps, at each window and text size: no text clipped, outside the
    window or over other text, and every word of the sheet's text inside the page."""
    from fitcheck import problems
    from textrects import recording

    from ttr.ui.viewport import ui_font

    bad: list[str] = []
    for map_id in ("usa", "europe"):
        how = HowToScene(app.ctx, map_id, "base")
        app.stack.push(how)
        app.stack.apply_pending()
        for size in SHEET_SIZES:
            for pct in (100, 150):
                app.ctx.settings.text_size = pct
                app.ctx.size = size
                app.ctx.assets.clear_sized()
                app.stack.resize(size)
                for i in range(len(how.sheets())):
                    how.index = i
                    surf = pygame.Surface(size)
                    panels: list[Panel] = []
                    with recording(panels) as got:
                        how.draw(surf)
                    texts = [t for t in got if t.surface is surf]
                    where = f"{map_id} {size} {pct}% sheet {i + 1} {how.sheets()[i].title!r}"
                    body = ui_font(size, app.ctx.settings)
                    bad += [f"{where}: {kind} {p}" for kind, p in problems(
                        texts, [p for p in panels if p.surface is surf], size, body)]
                    inside = how.area.inflate(2, 2)
                    bad += [f"{where}: outside the page {t.text!r} {t.rect}" for t in texts
                            if t.rect.colliderect(how.area) and not inside.contains(t.rect)]
        app.stack.pop(how)
        app.stack.apply_pending()
    assert not bad, "\n".join(bad[:20])


def test_pages_turn_by_keys_mouse_and_wheel_and_are_announced(app: App) -> None:
    from ttr.ui.announce import announcer_of
    from ttr.ui.keys import HELP_KEYS

    how = HowToScene(app.ctx, "usa", "base")
    app.stack.push(how)
    frames(app, 2)
    said = announcer_of(app.ctx.extras).history
    assert "page 1 of" in said[-1].text and "The goal" in said[-1].text
    key(pygame.K_RIGHT)
    frames(app, 1)
    assert how.index == 1 and "On your turn" in said[-1].text
    click(how.next.rect.center)
    frames(app, 1)
    assert how.index == 2 and how.sheets()[2].page.picture == "route"
    click(how.prev.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    frames(app, 1)
    assert how.index == 2
    key(pygame.K_END)
    frames(app, 1)
    assert how.index == len(how.sheets()) - 1
    # the key pages hold exactly the F1 overlay's rows, in its order
    rows = [r for s in how.sheets() if s.page.title.startswith("Keys on the board")
            for r in s.keys]
    assert tuple(rows) == HELP_KEYS
    key(pygame.K_HOME)
    key(pygame.K_TAB)  # focus on the map picker: Left/Right change the map
    key(pygame.K_RIGHT)
    frames(app, 1)
    assert how.chosen()[0] != "usa" and how.index == 0
    key(pygame.K_ESCAPE)
    frames(app, 1)
    assert not isinstance(app.stack.top, HowToScene)


def test_pictures_follow_colour_blind_mode_and_text_size(app: App) -> None:
    """The route picture is drawn again with the colour-blind symbols, and its city names
    grow with the text size."""
    from textrects import recording

    how = HowToScene(app.ctx, "usa", "base")
    app.stack.push(how)
    app.stack.apply_pending()
    how.index = next(i for i, s in enumerate(how.sheets()) if s.page.picture == "route")

    def shot() -> tuple[bytes, int]:
        app.ctx.assets.clear_sized()
        surf = pygame.Surface(app.ctx.size)
        with recording() as got:
            how.draw(surf)
        names = [t.size for t in got if t.text == "Helena"]
        return pygame.image.tobytes(surf, "RGB"), names[0]

    plain, small = shot()
    app.ctx.settings.colorblind = True
    marked, _ = shot()
    assert marked != plain
    app.ctx.settings.text_size = 150
    how.on_resize(app.ctx.size)
    _, large = shot()
    assert large > small


def test_pages_and_setup_are_worded_again_in_a_new_language(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """How to play's pages, the setup's options and the saves list's empty line are
    worded in the language spoken when they are drawn, not when they were built."""
    import gettext

    from ttr import i18n
    from ttr.ui.scenes.saves import LoadScene

    class Marked(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return f"<{message}>"

        def ngettext(self, singular: str, plural: str, n: int) -> str:
            return f"<{singular if n == 1 else plural}>"

    how = HowToScene(app.ctx, "europe", "base")
    setup = SetupScene(app.ctx)
    assert how.sheets()[0].title == "The goal" and setup.rows[0].kind_picker.value == "Human"
    monkeypatch.setattr(i18n, "_current", Marked())
    monkeypatch.setattr(i18n, "_generation", i18n.generation() + 1)
    setup.on_resize(app.ctx.size)  # the app lays every scene out again on a change
    sheets = how.sheets()
    assert sheets[0].title == "<The goal>" and sheets[0].body.startswith("<Europe")
    assert "<45 trains>" in sheets[0].body  # a plural filled in after its translation
    assert any(s.title == "<Tunnels>" for s in sheets)
    assert i18n._(setup.rows[0].kind_picker.value) == "<Human>"  # the picker draws that
    assert setup.rows[1].kind_picker.value.startswith("<AI: ")
    from textrects import recording

    load = LoadScene(app.ctx)
    surf = pygame.Surface(app.ctx.size)
    with recording([]) as got:
        load.draw(surf)
    assert any(t.text.startswith("<No saved games.") for t in got)
