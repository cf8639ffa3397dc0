"""How to play follows the chosen map and rule set, with numbers from its RulesConfig."""

from __future__ import annotations

import pygame
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
