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
        w, h = size
        bh = max(38, h // 16)
        self.box = pygame.Rect(0, 0, min(w - 40, max(560, w // 2)), bh * 7)
        self.box.center = (w // 2, h // 2)
        self.choice.rect = pygame.Rect(0, 0, int(self.box.w * 0.7), bh)
        self.choice.rect.midtop = (self.box.centerx, self.box.y + bh * 3)
        half = (self.box.w - 72) // 2
        self.cancel.rect = pygame.Rect(self.box.x + 24, self.box.bottom - bh - 20, half, bh)
        self.go.rect = pygame.Rect(self.box.right - 24 - half, self.cancel.rect.y, half, bh)
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
        f = max(15, self.choice.rect.h * 2 // 5)
        panel(surface, b, theme.PANEL, theme.ACCENT, 14)
        blit_text(surface, a, _("You have a game in progress"), f + 4, theme.ACCENT,
                  (b.centerx, b.y + 16), "midtop", bold=True, max_width=b.w - 40)
        blit_text(surface, a, self.sentence(), f, theme.TEXT,
                  (b.centerx, self.choice.rect.y - 10), "midbottom", max_width=b.w - 40)
        self.choice.draw(surface, a)
        names = join_and([s.name for s in self.save.record.seats])
        note = (_("Players: {names}. Load it any time from Load game.") if self.keep
                else _("Players: {names}. It cannot be brought back.")).format(names=names)
        blit_text(surface, a, note, max(12, f - 3), theme.TEXT_DIM,
                  (b.centerx, self.choice.rect.bottom + 10), "midtop", max_width=b.w - 40)
        if self.message:
            blit_text(surface, a, self.message, max(12, f - 3), theme.BAD,
                      (b.centerx, self.go.rect.y - 8), "midbottom", max_width=b.w - 40)
        self.cancel.draw(surface, a)
        self.go.draw(surface, a)
