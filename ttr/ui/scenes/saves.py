"""Saved games in the window: Continue, the Load screen and saving a named game."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ttr.game.resume import resume
from ttr.game.session import GameSession
from ttr.i18n import N_, _, ngettext, number
from ttr.store.autosave import (
    Autosaver,
    Folders,
    drop_autosave,
    keep_autosave,
    kept_elsewhere,
    peek_autosave,
)
from ttr.store.saves import AUTOSAVE_NAME, SaveError, SaveGame, list_saves
from ttr.store.text import MAX_NAME, clean_text
from ttr.ui.scene import AppContext, NewGame
from ttr.ui.scenes.listing import ListScene, Row

if TYPE_CHECKING:
    from ttr.ui.scenes.board_host import BoardHost

logger = logging.getLogger(__name__)


def folders(ctx: AppContext) -> Folders:
    """The save folders (tests may put a `Folders` in ctx.extras["folders"])."""
    f = ctx.extras.get("folders")
    return f if isinstance(f, Folders) else Folders.default()


def start_session(ctx: AppContext, session: Any, map_def: Any) -> None:
    """Show the board for a (new or resumed) session, with autosave attached."""
    Autosaver(folders(ctx)).attach(session)
    hook = ctx.extras.get("session_hook")
    if callable(hook):
        hook(session)  # e.g. sound effects
    session.warm_up()
    ctx.nav.show_board(session, map_def)


def open_save(ctx: AppContext, save: SaveGame, path: Path | None) -> str | None:
    """Resume `save` on the board; returns an error message instead if it cannot."""
    try:
        session, map_def = resume(save, path)
    except SaveError as e:
        logger.warning("cannot resume: %s", e)
        return str(e)
    rec = session.record
    ctx.last_setup = NewGame(rec.map_id, rec.variant, tuple(session.seats), None)
    start_session(ctx, session, map_def)
    return None


def continue_game(ctx: AppContext) -> str | None:
    """Menu -> Continue: resume the autosave. Returns why not, or None on success."""
    save, err = peek_autosave(folders(ctx))
    if save is None:
        return err or _("There is no game to continue.")
    return open_save(ctx, save, folders(ctx).autosave)


def before_replacing(ctx: AppContext, start: Callable[[], str | None],
                     verb: str = N_("Start new game")) -> str | None:
    """Run `start` (it begins another game; returns why it could not, or None), asking
    first when that would replace an unfinished game that no named save holds: keep it
    as a saved game (the default) or discard it. Returns `start`'s error if it ran."""
    from ttr.ui.scenes.replace import ReplaceGameScene

    f = folders(ctx)
    save, _ = peek_autosave(f)
    if save is not None and not kept_elsewhere(f, save):
        ctx.stack.push(ReplaceGameScene(ctx, save, start, verb))
        return None
    error = start()
    if error is None and save is not None:
        drop_autosave(f)  # a named save holds that game: nothing is lost
    return error


def keep_unfinished(ctx: AppContext) -> Path | None:
    """Keep an unfinished game as a named save without asking (a game started from the
    command line); returns where, or None when there was nothing to keep."""
    from ttr.ui.scenes.replace import kept_name

    f = folders(ctx)
    save, _ = peek_autosave(f)
    if save is None or kept_elsewhere(f, save):
        return None
    path = keep_autosave(f, save, kept_name(save))
    drop_autosave(f)
    return path


def save_exists(ctx: AppContext, name: str) -> bool:
    """Whether a save called `name` exists already (saving again replaces it)."""
    path = folders(ctx).named(name)
    return path.exists() or path.is_symlink()


def save_named(board: BoardHost, name: str | None = None) -> str:
    """Save the board's game under `name` (default: map and time), replacing a save of
    that name (ask first: `save_exists`); returns a message."""
    s = board.session
    if not isinstance(s, GameSession):
        return _("Online games are saved by the server after every move")
    name = clean_text(name, MAX_NAME) or \
        f"{s.record.map_id} {datetime.now().strftime('%Y-%m-%d %H%M%S')}"
    try:
        Autosaver(folders(board.ctx)).save(s, name)
    except OSError as e:
        return _("Could not save: {error}").format(error=e.strerror or e)
    return _("Saved as \u201c{name}\u201d").format(name=name)


def describe(save: SaveGame) -> str:
    """`usa/base, 3 players (Ann, Ada, Bo), 41 moves, 2024-05-01 12:00`."""
    rec = save.record
    names = ", ".join(s.name for s in rec.seats)
    when = save.saved_at.replace("T", " ")[:16]
    dot = " \u00b7 "
    moves = ngettext("{n} move", "{n} moves", len(rec.actions)).format(n=number(len(rec.actions)))
    return dot.join((f"{rec.map_id}/{rec.variant}", names, moves, when))


class LoadScene(ListScene):
    """Every save (autosave included); broken ones are shown in red and moved aside."""

    title = N_("Load game")
    empty = N_("No saved games. Save one from the pause menu (Esc) during a game.")
    actions = (N_("Load"), N_("Delete"))

    def refresh(self) -> None:
        self.entries = list_saves(folders(self.ctx).saves)
        self.rows = []
        for e in self.entries:
            if e.error is not None:  # the title names the file already
                self.rows.append(Row(_("{name}: broken").format(name=e.name),
                                     e.error.removeprefix(f"{e.path.name}: "), True))
            else:
                title = _("Autosave (Continue)") if e.path.stem == AUTOSAVE_NAME else e.name
                assert e.save is not None
                self.rows.append(Row(title, describe(e.save)))
        self.select(self.selected)

    def choose(self, action: str, index: int) -> None:
        e = self.entries[index]
        if action == N_("Delete"):
            try:
                if e.path.exists():
                    e.path.unlink()
            except OSError as exc:
                self.toast.show(_("Could not delete: {error}").format(error=exc.strerror or exc))
            self.refresh()
            return
        if e.save is None:
            self.toast.show(_("This save is broken and was moved aside"))
            return
        save = e.save
        if e.path == folders(self.ctx).autosave:
            err = open_save(self.ctx, save, e.path)
        else:
            err = before_replacing(self.ctx, lambda: open_save(self.ctx, save, e.path),
                                   N_("Load this game"))
        if err is not None:
            self.toast.show(err[:120])
            self.refresh()


def confirm_claims(ctx: AppContext, session: Any) -> bool:
    """Whether a route claim should be confirmed first (the confirm-before-claim setting)."""
    mode = ctx.settings.confirm_claim
    return mode == "always" or (mode == "hot-seat" and session.hot_seat)


def undo_last(board: BoardHost) -> str | None:
    """Take back the human's last action (see ttr.game.undo); returns why not, or None."""
    from ttr.game.undo import check_undo, undone

    s = board.session
    if not isinstance(s, GameSession):
        return _("Undo is off in online games")
    humans = [i for i, seat in enumerate(s.seats) if seat.agent is None]
    if len(humans) != 1:
        return _("Undo is only for games against the computer")
    check = check_undo(s.record, s.game_map, humans[0])
    if check.keep is None:
        return check.why
    session = GameSession.resume(s.game_map, undone(s.record, check.keep))
    s.after_action.clear()
    start_session(board.ctx, session, board.map_def)
    Autosaver(folders(board.ctx)).save(session)
    logger.info("undo: back to %d actions", check.keep)
    return None
