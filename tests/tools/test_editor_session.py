"""A scripted editing session: build a map from scratch through the editor's input layer
(posted pygame events under the dummy driver), save it, load it and play it with AI."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from tools.editor.controller import Editor
from tools.editor.dialogs import Prompt, Question
from tools.editor.view import View
from tools.map_editor import build, step
from ttr.ai.base import make_agent
from ttr.cli.simulate import play_game
from ttr.engine.cards import CardColor
from ttr.maps.mapfile import list_maps, load_map
from ttr.store import paths
from ttr.ui import theme

CITIES = [("Ashford", (200, 300)), ("Brackley", (520, 220)), ("Cromer", (840, 300)),
          ("Dunmow", (520, 560)), ("Eastleigh", (1100, 600)), ("Frome", (250, 700))]
TICKETS = [(0, 4), (5, 2), (1, 3), (0, 2), (5, 4), (1, 4), (3, 0)]
ROUTES = [(0, 1), (1, 2), (2, 4), (1, 3), (3, 4), (0, 5), (5, 3), (0, 3), (2, 3)]


def key(k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                         scancode=0))


def text(s: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=s))


def click(pos: tuple[float, float], button: int = 1) -> None:
    p = (round(pos[0]), round(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=button))


def drag(a: tuple[float, float], b: tuple[float, float]) -> None:
    pa, pb = (round(a[0]), round(a[1])), (round(b[0]), round(b[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pa, button=1))
    for t in (0.25, 0.5, 1.0):
        p = (round(pa[0] + (pb[0] - pa[0]) * t), round(pa[1] + (pb[1] - pa[1]) * t))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1,
                                                                                          0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pb, button=1))


def run(ed: Editor, view: View, screen: pygame.Surface) -> None:
    step(ed, view, screen)


def screen_of(ed: Editor, board: tuple[float, float]) -> tuple[float, float]:
    return ed.camera.to_screen(board)


@pytest.fixture()
def editor(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("TTR_HOME", str(tmp_path / "home"))
    ed, view, screen = build(["--new"], size=(1280, 800), sync_checks=True)
    yield ed, view, screen
    pygame.display.quit()


def test_build_save_load_and_play_a_new_map(editor, tmp_path: Path) -> None:
    ed, view, screen = editor
    # cities: City mode, click, type the name, Enter
    key(pygame.K_c)
    for name, pos in CITIES:
        click(screen_of(ed, pos))
        run(ed, view, screen)
        assert isinstance(ed.dialog, Prompt)
        text(name)
        key(pygame.K_RETURN)
        run(ed, view, screen)
    assert [c.name for c in ed.model.doc.cities] == [n for n, _ in CITIES]
    ids = [c.id for c in ed.model.doc.cities]
    start = ed.model.doc.city(ids[5]).pos
    # routes: Route mode, click two cities each
    key(pygame.K_r)
    for a, b in ROUTES:
        click(screen_of(ed, CITIES[a][1]))
        click(screen_of(ed, CITIES[b][1]))
        run(ed, view, screen)
    assert len(ed.model.doc.routes) == len(ROUTES)
    # the last route is selected: make it red, length 3, double
    rid = ed.selected("route")
    assert rid is not None
    key(pygame.K_PERIOD)
    key(pygame.K_d)
    run(ed, view, screen)
    assert ed.model.doc.route(rid).color == CardColor.PURPLE
    assert ed.model.doc.twin(rid) is not None
    # a bend point by shift-click on the route, then drag it
    r = ed.model.doc.route("ashford-brackley")
    mid = ((CITIES[0][1][0] + CITIES[1][1][0]) / 2, (CITIES[0][1][1] + CITIES[1][1][1]) / 2)
    key(pygame.K_v)
    run(ed, view, screen)
    ed.press(screen_of(ed, mid), 1, shift=True)
    ed.release(screen_of(ed, mid))
    assert ed.model.doc.route(r.id).via
    drag(screen_of(ed, ed.model.doc.route(r.id).via[0]), screen_of(ed, (360, 200)))
    run(ed, view, screen)
    via = ed.model.doc.route(r.id).via[0]
    assert abs(via[0] - 360) < 3 and abs(via[1] - 200) < 3
    # drag a city, then undo the drag
    drag(screen_of(ed, CITIES[5][1]), screen_of(ed, (300, 760)))
    run(ed, view, screen)
    assert ed.model.doc.city(ids[5]).pos != start
    key(pygame.K_z, pygame.KMOD_CTRL)
    run(ed, view, screen)
    assert ed.model.doc.city(ids[5]).pos == start
    # tickets: Ticket mode, two cities, accept the suggested value
    key(pygame.K_t)
    for a, b in TICKETS:
        click(screen_of(ed, CITIES[a][1]))
        click(screen_of(ed, CITIES[b][1]))
        run(ed, view, screen)
        assert isinstance(ed.dialog, Prompt)
        key(pygame.K_RETURN)
        run(ed, view, screen)
    assert len(ed.model.doc.tickets) == len(TICKETS)
    assert not [p for p in ed.watcher.items if p.kind == "error"]
    assert not any(p.text.startswith("ticket") for p in ed.watcher.items)
    # Ctrl+S on a new map asks where; the default is the user maps folder
    key(pygame.K_s, pygame.KMOD_CTRL)
    run(ed, view, screen)
    assert isinstance(ed.dialog, Prompt)
    assert ed.dialog.text == str(paths.user_maps_dir() / "new-map.yaml")
    key(pygame.K_RETURN)
    run(ed, view, screen)
    saved = paths.user_maps_dir() / "new-map.yaml"
    assert saved.is_file() and not ed.model.dirty
    # the game lists it and an AI game runs to the end on it
    entry = next(e for e in list_maps() if e.id == "new-map")
    assert entry.error is None
    d = load_map(saved)
    assert len(d.game_map.routes) == len(ROUTES) + 1
    level = "medium"
    try:
        make_agent(level)
    except Exception:
        level = "greedy"
    game = play_game(d.game_map, d.game_map.rules("base"), [level, level], seed=3)
    assert game.result.winners


def test_quit_with_unsaved_changes_asks_first(editor) -> None:
    ed, view, screen = editor
    key(pygame.K_c)
    click(screen_of(ed, (400, 400)))
    run(ed, view, screen)
    key(pygame.K_ESCAPE)  # keep the default name
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    run(ed, view, screen)
    assert isinstance(ed.dialog, Question) and not ed.quit
    key(pygame.K_ESCAPE)
    run(ed, view, screen)
    assert ed.dialog is None and not ed.quit
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    key(pygame.K_d)  # discard
    run(ed, view, screen)
    assert ed.quit


def test_delete_city_with_routes_asks(editor) -> None:
    ed, view, screen = editor
    m = ed.model
    a, b = m.add_city((300, 300), "Aa"), m.add_city((600, 300), "Bb")
    m.add_route(a, b)
    ed.select("city", a)
    key(pygame.K_DELETE)
    run(ed, view, screen)
    assert isinstance(ed.dialog, Question) and "1 route" in ed.dialog.message
    key(pygame.K_y)
    run(ed, view, screen)
    assert [c.id for c in m.doc.cities] == [b] and not m.doc.routes


def test_open_usa_and_draw_every_panel(editor) -> None:
    ed, view, screen = editor
    ed.open_file(str(Path(__file__).resolve().parents[2] / "maps" / "usa.yaml"))
    for sel in (None, ("city", "denver"), ("route", "atlanta-miami"),
                ("ticket", "boston-miami")):
        ed.selection = sel
        for mode in ("select", "ticket"):
            ed.set_mode(mode)
            run(ed, view, screen)
    # a board pixel at Denver shows the city colour ring, not the panel colour
    x, y = ed.camera.to_screen(ed.model.doc.city("denver").pos)
    assert screen.get_at((round(x), round(y)))[:3] != (40, 50, 60)
    assert not ed.model.dirty


def test_geography_shown_toggled_and_cut_with_the_board(editor) -> None:
    ed, view, screen = editor
    ed.open_file(str(Path(__file__).resolve().parents[2] / "maps" / "usa.yaml"))
    g = ed.model.doc.geography
    assert g is not None
    sea_board = (8.0, ed.model.doc.size[1] / 2)  # the Pacific off San Francisco
    run(ed, view, screen)
    x, y = ed.camera.to_screen(sea_board)
    shown = screen.get_at((round(x), round(y)))[:3]
    assert sum(abs(a - b) for a, b in zip(shown, theme.SEA, strict=True)) < 40
    key(pygame.K_g)
    run(ed, view, screen)
    assert not ed.show_geography
    hidden = screen.get_at((round(x), round(y)))[:3]
    assert hidden != shown and sum(abs(a - b) for a, b in zip(hidden, theme.PAPER,
                                                              strict=True)) < 40
    key(pygame.K_g)
    run(ed, view, screen)
    assert ed.show_geography
    # a smaller board cuts the geography to it (saved maps stay valid); undo restores it
    w, h = ed.model.doc.size
    ed.model.set_meta(size=(w - 300, h - 200))
    small = ed.model.doc.geography
    assert small is not None and small.point_count < g.point_count
    assert all(0 <= px <= w - 300 and 0 <= py <= h - 200
               for s in small.shapes for px, py in s.points)
    ed.model.undo()
    assert ed.model.doc.geography == g


@pytest.fixture()
def english():
    from ttr import i18n

    yield
    i18n.set_language("en")


def test_language_from_lang_then_the_setting_then_the_system(english, monkeypatch) -> None:
    from types import SimpleNamespace

    from tools.map_editor import choose_language
    from ttr import i18n

    assert choose_language("de", SimpleNamespace(language="fr")) == "de" == i18n.language()
    assert choose_language(None, SimpleNamespace(language="fr")) == "fr" == i18n.language()
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANGUAGE", "nl_NL.UTF-8")
    assert choose_language(None, SimpleNamespace()) == "nl" == i18n.language()


def test_lang_option_sets_the_language(english, tmp_path: Path, monkeypatch) -> None:
    from ttr import i18n

    monkeypatch.setenv("TTR_HOME", str(tmp_path / "home"))
    ed, view, screen = build(["--new", "--lang", "pl", "--text-size", "125"], size=(1024, 640))
    try:
        assert i18n.language() == "pl" and ed.text_size == 125
        step(ed, view, screen)
    finally:
        pygame.display.quit()


def test_the_game_text_size_setting_is_read_and_a_broken_file_left_alone(
        tmp_path: Path, monkeypatch) -> None:
    from tools.map_editor import game_settings
    from ttr.ui.prefs import settings_path

    monkeypatch.setenv("TTR_HOME", str(tmp_path / "home"))
    path = settings_path()
    assert path is not None
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("text_size: 150\n", encoding="utf-8")
    assert game_settings().text_size == 150
    ed, view, screen = build(["--new"], size=(1280, 720))
    try:
        assert ed.text_size == 150 and ed.chrome.font == 22  # 14.4 px x 1.5
    finally:
        pygame.display.quit()
    path.write_text("text_size: [150\n", encoding="utf-8")
    assert game_settings().text_size == 100
    assert path.read_text(encoding="utf-8") == "text_size: [150\n"
