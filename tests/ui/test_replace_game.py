"""A new or loaded game never replaces an unfinished one silently: it asks, and keeps the
old game as a named save unless told to discard it."""

from __future__ import annotations

import pygame
from uibot import board_of
from uihelp import click, frames, key, start

from ttr.engine import DrawDeck, KeepTickets
from ttr.store.saves import SaveGame, list_saves, load_save, save_game
from ttr.ui.app import App
from ttr.ui.scenes.menu import MenuScene
from ttr.ui.scenes.replace import ReplaceGameScene
from ttr.ui.scenes.saves import LoadScene
from ttr.ui.scenes.setup import SetupScene


def play_a_little(app: App) -> list[str]:
    """Start a game against the computer, play a few moves, go back to the menu."""
    start(app, "human,greedy", seed=12)
    frames(app, 3)
    board = board_of(app)
    assert board is not None
    app.stack.pop()  # the ticket choice
    app.stack.apply_pending()
    board.submit(next(a for a in board.shown_view.legal if isinstance(a, KeepTickets)))
    frames(app, 10)
    board.submit(DrawDeck())
    board.submit(DrawDeck())
    frames(app, 10)
    actions = list(board.session.actions)
    app.to_menu()
    frames(app, 2)
    return actions


def named_saves(app: App) -> list[tuple[str, list[str]]]:
    f = app.ctx.extras["folders"]
    return [(e.name, e.save.record.actions) for e in list_saves(f.saves)
            if e.save is not None and e.path != f.autosave]


def open_setup_and_start(app: App) -> None:
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(menu.buttons[0].rect.center)  # New game
    frames(app, 2)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    click(setup.start.rect.center)
    frames(app, 2)


def test_new_game_keeps_the_unfinished_one_by_default(app: App) -> None:
    old = play_a_little(app)
    open_setup_and_start(app)
    ask = app.stack.top
    assert isinstance(ask, ReplaceGameScene) and ask.keep
    assert ask.sentence().startswith("Your game on USA, turn ")
    assert board_of(app) is None  # nothing started yet
    key(pygame.K_RETURN)
    frames(app, 3)
    new = board_of(app)
    assert new is not None and len(new.session.actions) == 0
    [(name, actions)] = named_saves(app)
    assert actions == old and name.startswith("USA turn ")
    assert not app.ctx.extras["folders"].autosave.exists()  # the new game writes its own


def test_new_game_can_discard_or_cancel(app: App) -> None:
    old = play_a_little(app)
    open_setup_and_start(app)
    ask = app.stack.top
    assert isinstance(ask, ReplaceGameScene)
    key(pygame.K_ESCAPE)  # cancel: back to the setup, the old game untouched
    frames(app, 2)
    assert isinstance(app.stack.top, SetupScene)
    f = app.ctx.extras["folders"]
    assert load_save(f.autosave).record.actions == old
    click(app.stack.top.start.rect.center)
    frames(app, 2)
    ask = app.stack.top
    assert isinstance(ask, ReplaceGameScene)
    key(pygame.K_RIGHT)
    frames(app)
    assert not ask.keep and ask.choice.value == "discarded"
    click(ask.go.rect.center)
    frames(app, 3)
    assert board_of(app) is not None and named_saves(app) == []
    assert not f.autosave.exists()


def test_no_question_when_a_named_save_holds_the_game(app: App) -> None:
    play_a_little(app)
    f = app.ctx.extras["folders"]
    save_game(f.saves / "mine.json", SaveGame(load_save(f.autosave).record, name="mine"))
    open_setup_and_start(app)
    assert board_of(app) is not None  # started at once
    assert [n for n, _ in named_saves(app)] == ["mine"]


def test_loading_another_game_asks_too(app: App) -> None:
    old = play_a_little(app)
    f = app.ctx.extras["folders"]
    other = f.saves / "other.json"
    s = load_save(f.autosave)
    s.record.actions[:] = s.record.actions[:1]  # another game: fewer moves
    save_game(other, SaveGame(s.record, name="other"))
    menu = app.stack.top
    click(next(b for b in menu.buttons if b.label == "Load game").rect.center)
    frames(app, 2)
    load = app.stack.top
    assert isinstance(load, LoadScene)
    load.select(next(i for i, r in enumerate(load.rows) if r.title == "other"))
    key(pygame.K_RETURN)
    frames(app, 2)
    ask = app.stack.top
    assert isinstance(ask, ReplaceGameScene) and ask.go.label == "Load this game"
    key(pygame.K_RETURN)
    frames(app, 3)
    board = board_of(app)
    assert board is not None and board.session.actions[:1] == old[:1]
    assert len(board.session.actions) < len(old)
    assert any(actions == old for _, actions in named_saves(app))


def test_autostart_keeps_the_unfinished_game(app: App) -> None:
    old = play_a_little(app)
    from ttr.ui.scenes.saves import keep_unfinished

    kept = keep_unfinished(app.ctx)
    assert kept is not None and load_save(kept).record.actions == old
    assert keep_unfinished(app.ctx) is None  # nothing left to keep


def test_the_dialogs_fit(app: App) -> None:
    """The replace question (with a problem line) and the save-name dialog (typing a long
    name, then asking to replace) follow the layout rule (tests/ui/fitcheck.py) at every
    window and text size."""
    from types import SimpleNamespace

    from coachhelp import finished_record
    from fitcheck import State, Walk

    from ttr.ui.scenes.savename import SaveNameScene

    record, _ = finished_record(("human", "greedy", "greedy", "greedy", "greedy"))
    app.stack.clear_to(MenuScene(app.ctx))
    app.stack.apply_pending()
    ask = ReplaceGameScene(app.ctx, SaveGame(record), lambda: None)
    ask.message = "Could not keep it: No space left on device"
    board = SimpleNamespace(map_def=SimpleNamespace(id="usa"))
    name = SaveNameScene(app.ctx, board)  # type: ignore[arg-type]
    name.name = "Friday night with the whole family, the long one"

    def push(scene: object) -> object:
        def enter() -> None:
            app.stack.push(scene)  # type: ignore[arg-type]
            app.stack.apply_pending()
        return enter

    def pop() -> None:
        app.stack.pop()
        app.stack.apply_pending()

    def asking() -> None:
        push(name)()
        name.replacing = name.name

    def typing() -> None:
        name.replacing = None
        pop()

    walk = Walk(app)
    walk.walk([State("replace", push(ask), pop), State("save name", push(name), pop),
               State("save name: asking", asking, typing)])
    walk.finish()
