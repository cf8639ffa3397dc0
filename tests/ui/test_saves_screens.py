"""Continue, Load, Replays and Statistics screens, driven through the app."""

from __future__ import annotations

import pygame
from uibot import board_of
from uihelp import click, frames, key, start

from ttr.engine import KeepTickets
from ttr.ui.app import App
from ttr.ui.scenes.menu import MenuScene
from ttr.ui.scenes.replay import ReplayScene, ReplaysScene
from ttr.ui.scenes.saves import LoadScene, save_named
from ttr.ui.scenes.stats import StatsScene


def button(menu: MenuScene, label: str):  # noqa: ANN201
    return next(b for b in menu.buttons if b.label == label)


def continue_from_menu(app: App) -> None:
    """Back to the menu and click Continue (which must be enabled)."""
    app.to_menu()
    frames(app, 2)
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and button(menu, "Continue").enabled
    click(button(menu, "Continue").rect.center)
    frames(app, 2)


def test_continue_resumes_the_autosave_exactly(app: App) -> None:
    start(app, "human,greedy")
    frames(app, 3)
    board = board_of(app)
    assert board is not None
    keep = next(a for a in board.shown_view.legal if isinstance(a, KeepTickets))
    app.stack.pop()  # the tickets modal
    app.stack.apply_pending()
    board.submit(keep)
    frames(app, 20)
    actions = list(board.session.actions)
    assert len(actions) >= 2  # the AI answered too
    continue_from_menu(app)
    resumed = board_of(app)
    assert resumed is not None and resumed is not board
    assert resumed.session.actions[:len(actions)] == actions
    assert [s.agent for s in resumed.session.seats] == [None, "greedy"]
    assert resumed.session.screen_owner == 0


def test_continue_after_a_kill_while_filing_shows_the_scores_once(app: App) -> None:
    """A game killed while its end was filed: Continue shows the final scores and the
    game is kept once (one record, one statistics entry)."""
    from ttr.store.saves import SaveGame, save_game
    from ttr.store.stats import StatsStore
    from ttr.ui.scenes.scoring import ScoringScene

    start(app, "random,random")
    board = board_of(app)
    assert board is not None
    while not board.session.over:
        frames(app, 20)
    frames(app, 3)
    f = app.ctx.extras["folders"]
    session = board.session
    save_game(f.autosave, SaveGame(session.record, session.screen_owner))  # the kill's leftover
    continue_from_menu(app)
    frames(app, 2)
    assert any(isinstance(s, ScoringScene) for s in app.stack.scenes)
    assert not f.autosave.exists() and len(list(f.records.glob("*.json"))) == 1
    assert len(StatsStore(f.stats).games()) == 1


def test_broken_autosave_is_reported_in_the_menu(app: App) -> None:
    f = app.ctx.extras["folders"]
    f.saves.mkdir(parents=True)
    f.autosave.write_bytes(b"\x00garbage")
    (f.saves / "other.json").write_text("[]")
    app.stack.push(MenuScene(app.ctx))
    frames(app, 2)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert not button(menu, "Continue").enabled and "moved to broken/" in menu.message
    click(button(menu, "Load game").rect.center)
    frames(app, 2)
    load = app.stack.top
    assert isinstance(load, LoadScene)
    assert [r.error for r in load.rows] == [True]  # other.json, moved aside too
    key(pygame.K_ESCAPE)
    frames(app, 2)


def test_named_save_loads_and_finished_game_is_replayed_with_stats(app: App) -> None:
    start(app, "random,random")
    frames(app, 2)
    board = board_of(app)
    assert board is not None
    msg = save_named(board, "mine")
    assert msg == "Saved as \u201cmine\u201d"
    while not board.session.over:
        frames(app, 20)
    frames(app, 3)
    f = app.ctx.extras["folders"]
    assert not f.autosave.exists() and len(list(f.records.glob("*.json"))) == 1
    app.to_menu()
    frames(app, 2)
    menu = app.stack.top
    click(button(menu, "Load game").rect.center)
    frames(app, 2)
    load = app.stack.top
    assert isinstance(load, LoadScene) and [r.title for r in load.rows] == ["mine"]
    key(pygame.K_ESCAPE)
    frames(app, 2)
    click(button(menu, "Replays").rect.center)
    frames(app, 2)
    replays = app.stack.top
    assert isinstance(replays, ReplaysScene) and len(replays.rows) == 1
    key(pygame.K_RETURN)
    frames(app, 2)
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene) and viewer.step == 0
    key(pygame.K_END)
    frames(app)
    assert viewer.step == len(viewer.timeline) - 1
    key(pygame.K_LEFT)
    key(pygame.K_UP)
    frames(app)
    assert viewer.step < len(viewer.timeline) - 2
    key(pygame.K_ESCAPE)
    frames(app)
    key(pygame.K_ESCAPE)
    frames(app, 2)
    click(button(menu, "Statistics").rect.center)
    frames(app, 2)
    stats = app.stack.top
    assert isinstance(stats, StatsScene)
    assert sorted(p.name for p in stats.players) == ["Ada", "Boris"]
    assert all(p.overall.games == 1 for p in stats.players)


def test_the_lists_and_statistics_fit_with_entries(app: App) -> None:
    """Load game, Replays and Statistics with a 5-player game saved and finished follow
    the layout rule (tests/ui/fitcheck.py) at every window and text size (the walk of
    every scene sees them empty)."""
    from coachhelp import finished_record
    from fitcheck import Walk

    from ttr.game.session import GameSession
    from ttr.store.autosave import Autosaver

    record, map_def = finished_record(("human", "greedy", "greedy", "greedy", "greedy"),
                                      map_id="europe")
    session = GameSession.resume(map_def.game_map, record)
    saver = Autosaver(app.ctx.extras["folders"])
    saver.save(session, "Friday night with the whole family")
    saver.finish(session)
    walk = Walk(app)
    for name, make in (("saves", LoadScene), ("replays", ReplaysScene), ("stats", StatsScene)):
        scene = make(app.ctx)
        app.stack.clear_to(scene)
        app.stack.apply_pending()
        assert scene.rows if isinstance(scene, LoadScene | ReplaysScene) else scene.players
        walk.check(name)
    walk.finish()
