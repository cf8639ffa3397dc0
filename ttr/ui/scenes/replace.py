"""Before a new or loaded game replaces an unfinished one: keep it as a saved game (the
default) or discard it. Nothing is ever replaced without this question."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

import pygame

from ttr.engine import TtrError
from ttr.i18n import N_, _, number
from ttr.store.autosave import drop_autosave, keep_autosave
from ttr.store.saves import SaveGame
from ttr.ui import theme
from ttr.ui.scene import AppContext, Scene
from ttr.ui.scenes.common import lines
from ttr.ui.viewport import ui_font
from ttr.ui.widgets import Button, Picker, blit_text, panel
from ttr.ui.words import join_and

logger = logging.getLogger(__name__)

# TRANSLATORS: the end of "Your game on USA, turn 34, will be ..." (a choice of two)
KEEP, DISCARD = N_("kept as a saved game"), N_("discarded")


def game_place(save: SaveGame) -> tuple[str, int | None]:
    """The map's name and the turn being played in `save` (None if it cannot be replayed)."""
    from ttr.maps.mapfile import find_map

    rec = save.record
    try:
        gm = find_map(rec.map_id).game_map
    except (TtrError, ValueError):
        return rec.map_id, None
    try:
        return gm.name, rec.replay(gm).turn + 1
    except TtrError:
        return gm.name, None


def kept_name(save: SaveGame) -> str:
    """The name an unfinished game is kept under: map, turn, date and time."""
    name, turn = game_place(save)
    when = datetime.now().strftime('%Y-%m-%d %H.%M')
    if turn is None:
        return f"{name} {when}"
    # TRANSLATORS: a saved game's name: the map, the turn played and the date
    return _("{map} turn {turn} {date}").format(map=name, turn=number(turn), date=when)


class ReplaceGameScene(Scene):
    """"Your game on USA, turn 34, will be < kept as a saved game >" [Cancel] [Start]."""

    opaque = False

    def __init__(self, ctx: AppContext, save: SaveGame, start: Callable[[], str | None],
                 verb: str = N_("Start new game")) -> None:
        super().__init__(ctx)
        self.save = save
        self.start = start
        self.map_name, self.turn = game_place(save)
        self.choice = Picker("", [KEEP, DISCARD])
        self.go = Button(verb, primary=True)
        self.cancel = Button(N_("Cancel"))
        self.message = ""
        self.on_resize(ctx.size)

    @property
    def keep(self) -> bool:
        """Whether the unfinished game will be kept as a named save."""
        return self.choice.value == KEEP

    def sentence(self) -> str:
        """`Your game on USA, turn 34, will be`."""
        if self.turn is None:
            # TRANSLATORS: followed by a choice: "kept as a saved game" or "discarded"
            return _("Your game on {map} will be").format(map=self.map_name)
        # TRANSLATORS: followed by a choice: "kept as a saved game" or "discarded"
        return _("Your game on {map}, turn {turn}, will be").format(map=self.map_name,
                                                                    turn=number(self.turn))

    def on_resize(self, size: tuple[int, int]) -> None:
        """Every size from the body text size (`ui_font`): the title, the sentence, the
        choice, the note (two lines each), a line for a problem, and the buttons."""
        w, h = size
        a = self.ctx.assets
        f = self.f = ui_font(size, self.ctx.settings)
        small = self.small = max(11, round(f * 0.9))
        bh, line = round(f * 2.4), a.font(f).get_linesize()
        note = a.font(small).get_linesize()
        title = a.font(round(f * 1.2), True).get_linesize()
        self.choice.font = self.cancel.font = self.go.font = f
        bw = min(w - 2 * max(20, f), max(560, w // 2, f * 36, self.choice.width(a, f) + 2 * f))
        self.box = pygame.Rect(0, 0, bw, f + title + f // 2 + 2 * line + f // 2 + bh
                               + f // 2 + 2 * note + f // 2 + 2 * note + f // 2 + bh + f)
        self.box.center = (w // 2, h // 2)
        inner = self.box.inflate(-2 * f, 0)
        y = self.box.y + f
        self.title_rect = pygame.Rect(inner.x, y, inner.w, title)
        y += title + f // 2
        self.sentence_rect = pygame.Rect(inner.x, y, inner.w, 2 * line)
        y += 2 * line + f // 2
        self.choice.rect = pygame.Rect(0, y, min(inner.w, max(int(bw * 0.7),
                                                             self.choice.width(a, f))), bh)
        self.choice.rect.centerx = self.box.centerx
        y += bh + f // 2
        self.note_rect = pygame.Rect(inner.x, y, inner.w, 2 * note)
        y += 2 * note + f // 2
        self.message_rect = pygame.Rect(inner.x, y, inner.w, 2 * note)
        half = (bw - 3 * f) // 2
        self.cancel.rect = pygame.Rect(self.box.x + f, self.box.bottom - bh - f, half, bh)
        self.go.rect = pygame.Rect(self.box.right - f - half, self.cancel.rect.y, half, bh)
        self.dirty = True

    def _proceed(self) -> None:
        from ttr.ui.scenes.saves import folders

        f = folders(self.ctx)
        kept = None
        if self.keep:
            try:
                kept = keep_autosave(f, self.save, kept_name(self.save))
            except OSError as e:
                self.message = _("Could not keep it: {error}").format(error=e.strerror or e)
                return
        error = self.start()
        if error is not None:
            self.message = error
            if kept is not None:
                kept.unlink(missing_ok=True)  # the old game stays where it was
            return
        drop_autosave(f)
        logger.info("unfinished game %s", f"kept as {kept.name}" if kept else "discarded")

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                self.ctx.stack.pop(self)
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._proceed()
            elif e.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
                self.choice.step(1)
            return True
        if self.choice.handle(e):
            return True
        if self.go.clicked(e):
            self._proceed()
        elif self.cancel.clicked(e):
            self.ctx.stack.pop(self)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, (0, 0))
        a, b = self.ctx.assets, self.box
        f, small = self.f, self.small
        panel(surface, b, theme.PANEL, theme.ACCENT, 14)
        blit_text(surface, a, _("You have a game in progress"), round(f * 1.2), theme.ACCENT,
                  self.title_rect.midtop, "midtop", bold=True, max_width=self.title_rect.w)
        lines(surface, a, self.sentence(), f, theme.TEXT, self.sentence_rect)
        self.choice.draw(surface, a)
        names = join_and([s.name for s in self.save.record.seats])
        note = (_("Players: {names}. Load it any time from Load game.") if self.keep
                else _("Players: {names}. It cannot be brought back.")).format(names=names)
        lines(surface, a, note, small, theme.TEXT_DIM, self.note_rect)
        if self.message:
            lines(surface, a, self.message, small, theme.BAD, self.message_rect)
        self.cancel.draw(surface, a)
        self.go.draw(surface, a)
