"""Learn to play from the menu: choose a lesson (the basics on USA, or the short Europe
lesson), resume the one that was left half-way, and the offer on the very first start.

Up/Down or Tab move, Enter starts, Esc goes back; each lesson's button says whether it
starts or resumes (and at which step)."""

from __future__ import annotations

import pygame

from ttr.game import lesson as ls
from ttr.i18n import N_, _
from ttr.store.saves import SaveGame
from ttr.ui import theme
from ttr.ui.assets import render
from ttr.ui.scene import AppContext, NewGame, Scene
from ttr.ui.scenes.common import backdrop, focus_step
from ttr.ui.scenes.lesson_overlay import progress_path
from ttr.ui.viewport import ui_font
from ttr.ui.widgets import Button, blit_text, column, widest, wrap_text

INTRO = N_("A guided game against a gentle computer player: each step asks you to do one "
           "thing and shows where. F2 repeats a step, F3 skips the lesson; it resumes where "
           "you left it.")
LESSON_NAMES = {"usa": N_("The basics (USA, 11 steps)"),
                "europe": N_("Europe: tunnels, ferries, stations (7 steps)")}
"""Each lesson's button (English, marked: translated where drawn)."""


def _running(ctx: AppContext) -> tuple[ls.Progress, SaveGame | None]:
    """The progress, and the autosave when it is the running lesson's game."""
    from ttr.store.autosave import peek_autosave
    from ttr.ui.scenes.saves import folders

    progress = ls.Progress.load(progress_path(ctx))
    save, _ = peek_autosave(folders(ctx))
    if progress.state == "running" and save is not None and ls.lesson_of(
            save.record.map_id, save.record.seed, save.record.seats) == progress.lesson:
        return progress, save
    return progress, None


def start_lesson(ctx: AppContext, lesson: str = ls.LESSON_MAP) -> str | None:
    """Resume `lesson` where it was left (its game is the autosave), or start it from the
    first step (asking first, as a new game does, when an unfinished game would be
    replaced). Returns why it could not start, or None."""
    from ttr.ui.scenes.saves import before_replacing, continue_game

    progress, save = _running(ctx)
    if save is not None and progress.lesson == lesson:
        return continue_game(ctx)
    path = progress_path(ctx)

    def begin() -> str | None:
        ls.Progress(lesson=lesson, state="running").save(path)
        ctx.nav.start_game(NewGame(lesson, "base", ls.lesson_seats(), ls.SEEDS[lesson]))
        return None

    return before_replacing(ctx, begin, N_("Start the lesson"))


def first_start_offer(ctx: AppContext) -> str:
    """On the very first start, the words offering the lesson (once); else "". Someone
    who has finished a game before (statistics exist) is not offered it."""
    from ttr.ui.scenes.saves import folders

    path = progress_path(ctx)
    progress = ls.Progress.load(path)
    if progress.state != "new":
        return ""
    progress.state = "offered"
    progress.save(path)
    if folders(ctx).stats.exists():
        return ""
    return _(LESSON_OFFER)


LESSON_OFFER = N_("New to Ticket to Ride? Learn to play (Up twice, Enter) guides you through "
                  "a first game.")


class LearnScene(Scene):
    """The lesson chooser (see the module docstring)."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        progress, save = _running(ctx)
        self.lessons = list(ls.LESSONS)
        self.resume_at = {progress.lesson: progress.step + 1} if save is not None else {}
        self.buttons = [Button(LESSON_NAMES.get(lid, lid), primary=lid == self.lessons[0])
                        for lid in self.lessons]
        self.buttons.append(Button(N_("Back")))
        self.focus = 0
        self.message = ""
        self.on_resize(ctx.size)

    def on_enter(self) -> None:
        self.say_focus(_("Learn to play.") + " ")

    def say_focus(self, head: str = "") -> None:
        """Announce the focused button."""
        from ttr.ui.focus import say_focus

        say_focus(self.ctx, head + _(self.buttons[self.focus].label), self.focus,
                  len(self.buttons))

    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = size
        f = ui_font(size, self.ctx.settings)
        for lid, b in zip(self.lessons, self.buttons, strict=False):
            b.label = _(LESSON_NAMES.get(lid, lid))  # worded again when the language changes
            if lid in self.resume_at:
                # TRANSLATORS: {lesson} is a lesson's button ("The basics (USA, 11 steps)")
                b.label = _("{lesson}: resume at step {n}").format(lesson=b.label,
                                                                   n=self.resume_at[lid])
        need = widest(self.ctx.assets, [b.label for b in self.buttons], f) + f * 2
        bw = min(w - 40, max(w // 2, f * 30, need))
        bh = max(44, h // 14, round(f * 2.4))
        self.intro = pygame.Rect((w - bw) // 2, max(90, h // 6) + f, bw, 0)
        self.intro.h = render(self.ctx.assets.font(f), _(INTRO), theme.TEXT, bw).get_height()
        column(self.buttons, w // 2, self.intro.bottom + f, bw, bh, bh // 3)
        for i, b in enumerate(self.buttons):
            b.focused = i == self.focus
        self.dirty = True

    def activate(self, i: int) -> None:
        """Start (or resume) lesson `i`, or go back."""
        if i >= len(self.lessons):
            self.ctx.stack.pop(self)
            return
        self.message = start_lesson(self.ctx, self.lessons[i]) or ""

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        if e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.activate(self.focus)
            elif e.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.ctx.stack.pop(self)
            else:
                self.focus = focus_step(self.focus, len(self.buttons), e.key,
                                        getattr(e, "mod", 0))
                self.on_resize(self.ctx.size)
                self.say_focus()
            return True
        hit = [i for i, b in enumerate(self.buttons) if b.clicked(e)]
        if hit:
            self.activate(hit[0])
        return bool(hit)

    def draw(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        backdrop(surface, a, _("Learn to play"))
        w, h = surface.get_size()
        f = ui_font(self.ctx.size, self.ctx.settings)
        wrap_text(surface, a, _(INTRO), f, theme.TEXT, self.intro)
        for b in self.buttons:
            b.draw(surface, a, f)
        if self.message:
            blit_text(surface, a, self.message, f, theme.BAD,
                      (w // 2, self.buttons[-1].rect.bottom + f), "midtop",
                      max_width=w - 40)
