"""Hostile text and files as the window shows them: every drawing helper takes any
text, every screen that lists files draws names that were written to crash it, a taken
save name asks before replacing, a second copy says it does not autosave."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from uibot import board_of
from uihelp import click, frames, key, start

from tests.hostile.kit import ODD_TEXT, another_copy_holding, valid_save, valid_stats
from ttr.store.autosave import Folders
from ttr.store.saves import load_save
from ttr.ui import theme
from ttr.ui.app import App
from ttr.ui.scenes.menu import MenuScene
from ttr.ui.scenes.pause import PauseScene
from ttr.ui.scenes.replay import ReplaysScene
from ttr.ui.scenes.savename import SaveNameScene
from ttr.ui.scenes.saves import LoadScene
from ttr.ui.scenes.setup import SetupScene
from ttr.ui.scenes.stats import StatsScene
from ttr.ui.widgets import Button, Toast, blit_text, wrap_text

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["\x00", "a\x00b", "\ud800", "\u200b", "\u200b\u200c", "\u0301", "\n", "x" * 5000,
         "\U0001f600", "\u202eevil"]


@pytest.mark.parametrize("text", ODD_TEXT + ["x" * 200_000, None, 12])  # type: ignore[operator]
def test_drawing_helpers_take_any_text(app: App, text: object) -> None:
    surf = pygame.Surface((400, 200))
    a = app.ctx.assets
    blit_text(surf, a, text, 20, theme.TEXT, (10, 10), max_width=300)  # type: ignore[arg-type]
    wrap_text(surf, a, text, 16, theme.TEXT, pygame.Rect(0, 0, 200, 100))  # type: ignore[arg-type]
    Button(str(text)).draw(surf, a)
    toast = Toast()
    toast.show(str(text))
    toast.draw(surf, a, (200, 100))
    assert a.text(text, 14, theme.TEXT).get_height() > 0  # type: ignore[arg-type]


def _hostile_record(name: str) -> dict[str, object]:
    data = valid_save(steps=30).record.to_dict()
    data["seats"][0]["name"] = name  # type: ignore[index]
    return data


def test_list_screens_draw_hostile_names(app: App) -> None:
    f: Folders = app.ctx.extras["folders"]  # type: ignore[assignment]
    f.saves.mkdir(parents=True)
    f.records.mkdir(parents=True)
    for i, name in enumerate(NAMES):
        save = valid_save(steps=30).to_dict()
        save["name"] = name
        save["record"] = _hostile_record(name)
        (f.saves / f"s{i}.json").write_text(json.dumps(save))
        (f.records / f"2026010{i % 9}T120000-usa-{i}.json").write_text(
            json.dumps(_hostile_record(name)))
    stats = valid_stats(1)
    for i, name in enumerate(NAMES):
        game = json.loads(json.dumps(stats["games"][0]))
        game["seats"][0]["name"] = name
        game["finished_at"] = f"2026-02-0{i % 9 + 1}T10:00:00"
        stats["games"].append(game)
    stats["games"].append({"seats": [{"name": "Huge", "score": 10**400}]})
    f.stats.write_text(json.dumps(stats))
    for scene in (LoadScene(app.ctx), ReplaysScene(app.ctx), StatsScene(app.ctx)):
        app.stack.push(scene)
        frames(app, 3)
        assert app.stack.top is scene
        if isinstance(scene, LoadScene):
            assert len(scene.rows) == len(NAMES) and not any(r.error for r in scene.rows)
        if isinstance(scene, StatsScene):
            assert scene.problem == "1 damaged entry is not counted"
            for i in range(len(scene.players)):
                scene.selected = i
                frames(app)
        key(pygame.K_ESCAPE)
        frames(app, 2)


def test_continue_with_hostile_seat_names_draws_the_board(app: App) -> None:
    f: Folders = app.ctx.extras["folders"]  # type: ignore[assignment]
    f.saves.mkdir(parents=True)
    save = valid_save(steps=30).to_dict()
    save["record"] = _hostile_record("\x00\ud800")
    save["record"]["seats"][1]["name"] = "\u200b"  # type: ignore[index]
    f.autosave.write_text(json.dumps(save))
    app.stack.push(MenuScene(app.ctx))
    frames(app, 2)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(next(b for b in menu.buttons if b.label == "Continue").rect.center)
    frames(app, 5)
    board = board_of(app)
    assert board is not None
    assert [s.name for s in board.session.seats][:2] == ["Player 1", "Player 2"]


def test_a_taken_save_name_asks_before_replacing(app: App) -> None:
    start(app, "human,greedy")
    frames(app, 3)
    board = board_of(app)
    assert board is not None
    f: Folders = app.ctx.extras["folders"]  # type: ignore[assignment]

    def save_as(name: str) -> SaveNameScene:
        app.stack.push(SaveNameScene(app.ctx, board))
        frames(app, 2)
        ask = app.stack.top
        assert isinstance(ask, SaveNameScene)
        ask.name = name
        key(pygame.K_RETURN)
        frames(app, 2)
        return ask

    save_as("Friday")
    first = f.named("Friday").read_bytes()
    ask = save_as("Friday")
    assert app.stack.top is ask and ask.replacing == "Friday"  # asks first
    key(pygame.K_ESCAPE)  # back to typing, nothing written
    frames(app, 2)
    assert app.stack.top is ask and ask.replacing is None
    assert f.named("Friday").read_bytes() == first
    key(pygame.K_RETURN)
    frames(app)
    key(pygame.K_RETURN)  # Replace
    frames(app, 2)
    assert app.stack.top is not ask and load_save(f.named("Friday")).name == "Friday"
    save_as("Friday_")  # another name: no question
    assert len(list(f.saves.glob("friday-*.json"))) == 2
    app.stack.push(PauseScene(app.ctx, board))
    frames(app)


def test_a_second_copy_says_it_does_not_autosave(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TTR_HOME", str(tmp_path))
    data = tmp_path / "data"
    data.mkdir()
    with another_copy_holding(data):
        app = App((1280, 720), pace=0.0, settings_file=None)
        folders = app.ctx.extras["folders"]
        assert isinstance(folders, Folders) and not folders.autosave_on
        app.stack.push(MenuScene(app.ctx))
        frames(app, 2)
        menu = app.stack.top
        assert isinstance(menu, MenuScene) and "does not autosave" in menu.message


def test_a_broken_user_usa_leaves_the_bundled_usa_playable(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TTR_HOME", str(tmp_path))
    maps = tmp_path / "data" / "maps"
    maps.mkdir(parents=True)
    (maps / "usa.yaml").write_text("id: [")
    setup = SetupScene(app.ctx)
    app.stack.push(setup)
    frames(app, 2)
    names = setup.map_picker.options
    assert names.count("USA") == 1 and "usa (broken)" in names
    setup.map_picker.index = names.index("USA")
    click(setup.start.rect.center)
    frames(app, 3)
    assert board_of(app) is not None
