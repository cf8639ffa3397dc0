"""Review my game: the coach judges one human's decisions after the game.

Opened from the scoring screen and from the replay viewer. With several humans in the
game the player first picks whose game to review. The review runs on worker processes
(`ttr.game.coach.start_review`); the scene polls it each frame and draws a progress bar
with a Cancel button (Esc cancels too). When it is done it lists the 3-5 costliest
decisions, each with the estimated points lost and a one-line lesson; choosing one opens
the replay viewer at that position, with the move played and the move preferred shown.
The game is over, so the review may use everything in its record. An online game
(`PlayedOnline`) has no record here: it is reviewed from the views its players were
shown, and the list is all there is (the replay stays on the server).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial

import pygame

from ttr.ai.review import ITERATIONS, Mistake
from ttr.engine import Seat, TtrError
from ttr.game.coach import (
    PlayedOnline,
    Review,
    ReviewCancelled,
    ReviewJob,
    start_online_review,
    start_review,
)
from ttr.game.replays import Timeline
from ttr.i18n import N_, _, as_is, ngettext, number
from ttr.maps.mapfile import MapDefinition
from ttr.store.problem_words import error_text
from ttr.store.record import GameRecord
from ttr.ui import theme
from ttr.ui.assets import render
from ttr.ui.focus import focus_ring
from ttr.ui.scene import AppContext, Scene
from ttr.ui.scenes.common import backdrop, focus_step
from ttr.ui.viewport import ui_font
from ttr.ui.widgets import Button, blit_text, note_text, panel, wrap_text
from ttr.ui.words import is_you, turn_words

logger = logging.getLogger(__name__)


def whose(name: str, yours: str, theirs: str) -> str:
    """`yours` (already translated) for the default name `You`, else `theirs` with the
    name filled in: sentences about "your game" and "Ada's game" are each whole."""
    return yours if is_you(name) else theirs.format(name=name)


def points(loss: float) -> str:
    """`about −12 points` (a minus sign, one decimal below 10)."""
    one = f"{loss:.1f}" == "1.0"
    text = number(loss, 1) if loss < 10 else number(round(loss))
    # TRANSLATORS: the points a decision cost, estimated ("about −4.5 points")
    return ngettext("about \u2212{points} point", "about \u2212{points} points",
                    1 if one else max(2, round(loss))).format(points=text)


def spoken(m: Mistake) -> str:
    """A listed decision as announced: `Turn 12, about −9 points: <lesson>`."""
    # TRANSLATORS: a reviewed decision, said: when, what it cost, the lesson
    return _("{turn}, {loss}: {lesson}").format(turn=turn_words(m.turn, True),
                                                loss=points(m.loss), lesson=m.lesson)


def _refused(reason: str) -> str:
    return _("This game cannot be reviewed: {reason}").format(reason=reason)


def _failed(error: str) -> str:
    return _("The review failed ({error}); the game is unharmed.").format(error=error)


class ReviewScene(Scene):
    """Choose a seat (if several people played), watch the progress, read the list."""

    def __init__(self, ctx: AppContext, game: GameRecord | PlayedOnline, map_def: MapDefinition,
                 timeline: Timeline | None = None, workers: int | None = None,
                 iterations: int = ITERATIONS) -> None:
        super().__init__(ctx)
        self.game = game
        self.map_def = map_def
        self.timeline = timeline
        self.workers = workers
        self.iterations = iterations
        if isinstance(game, GameRecord):
            self.humans = game.human_seats()
            self.names = [s.name for s in game.seats]
        else:
            self.humans = sorted(game.decisions)
            self.names = list(game.names)
        self.seat: Seat | None = None
        self.job: ReviewJob | None = None
        self.review: Review | None = None
        self.fault: Callable[[], str] | None = None
        """What went wrong, worded when drawn or said (None: nothing)."""
        self.seat_buttons = [Button(as_is(self.names[s])) for s in self.humans]
        self.cancel = Button(N_("Cancel"))
        self.back = Button(N_("Back"), primary=True)
        self.rows: list[pygame.Rect] = []
        self.focus = 0
        self.first = 0
        """The first row of the list shown (when the rows do not all fit)."""
        self.on_resize(ctx.size)
        if not self.humans:
            self.fault = partial(_, N_("Nobody played this game at this computer: there is "
                                       "no game to review."))
        elif len(self.humans) == 1:
            self.begin(self.humans[0])

    # ------------------------------------------------------------ the job

    def begin(self, seat: Seat) -> None:
        """Start reviewing `seat`'s decisions."""
        self.seat, self.focus = seat, 0
        try:
            if isinstance(self.game, GameRecord):
                self.job = start_review(self.game, self.map_def.game_map, seat, self.workers,
                                        self.iterations)
            else:
                self.job = start_online_review(self.game, seat, self.workers, self.iterations)
        except TtrError as e:
            self.fault = partial(lambda err: _refused(error_text(err)), e)
            logger.warning("review refused: %s", e)
        self.say(whose(self.name, _("Reviewing your game"), _("Reviewing {name}'s game"))
                 if self.job else self.error)
        self.dirty = True

    @property
    def error(self) -> str:
        """What went wrong, in words ("" if nothing)."""
        return self.fault() if self.fault is not None else ""

    @property
    def name(self) -> str:
        """The reviewed player's name."""
        return self.names[self.seat] if self.seat is not None else ""

    @property
    def stage(self) -> str:
        """`choose`, `running`, `done` or `error`."""
        if self.error:
            return "error"
        if self.review is not None:
            return "done"
        return "running" if self.job is not None else "choose"

    def stop(self) -> None:
        """Cancel a running review (its workers exit) and go back."""
        if self.job is not None:
            self.job.cancel()
            self.job = None
        self.ctx.stack.pop(self)

    def update(self, dt: float) -> None:
        job = self.job
        if job is None:
            return
        self.dirty = True  # the progress bar moves
        if not job.done():
            return
        self.job = None
        try:
            self.review = job.result(timeout=5.0)
        except ReviewCancelled:
            return
        except Exception as e:  # a review must never take the game down
            logger.exception("review failed")
            self.fault = partial(_failed, type(e).__name__)
            return
        finally:
            job.close()
        n = len(self.review.mistakes)
        done = ngettext("Review done: {n} costly decision.", "Review done: {n} costly decisions.",
                        n).format(n=number(n))
        self.say(" ".join([done, ". ".join(spoken(m) for m in self.review.mistakes)]))

    def on_exit(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def say(self, text: str) -> None:
        """Announce (captions, speech when on)."""
        from ttr.ui.announce import say_here

        say_here(self.ctx.extras, text)

    def open_decision(self, index: int) -> None:
        """Open the replay viewer at a listed decision, both moves shown (a game played
        online has no replay here: the decision is read out again)."""
        from ttr.ui.scenes.replay import CoachNote, ReplayScene

        assert self.review is not None and self.seat is not None
        m = self.review.mistakes[index]
        if not isinstance(self.game, GameRecord):
            self.say(spoken(m))
            return
        if self.timeline is None:
            self.timeline = Timeline(self.game, self.map_def.game_map)
        scene = ReplayScene(self.ctx, self.timeline, self.map_def)
        scene.show_decision(CoachNote(self.seat, m))
        self.ctx.stack.push(scene)

    # ------------------------------------------------------------ input

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        stage = self.stage
        if e.type == pygame.KEYDOWN:
            k = e.key
            if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.stop()
            elif stage == "choose" and self.seat_buttons:
                if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                    self.begin(self.humans[self.focus])
                else:
                    self.focus = focus_step(self.focus, len(self.seat_buttons), k,
                                            getattr(e, "mod", 0))
            elif stage == "done" and self.review is not None and self.review.mistakes:
                if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                    self.open_decision(self.focus)
                else:
                    self.focus = focus_step(self.focus, len(self.review.mistakes), k,
                                            getattr(e, "mod", 0))
                    self.say(spoken(self.review.mistakes[self.focus]))
            elif stage != "running" and k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.stop()
            return True
        if stage == "running" and self.cancel.clicked(e):
            self.stop()
            return True
        if stage != "running" and self.back.clicked(e):
            self.stop()
            return True
        if stage == "choose":
            for seat, b in zip(self.humans, self.seat_buttons, strict=True):
                if b.clicked(e):
                    self.begin(seat)
                    return True
        if stage == "done" and e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for i, r in enumerate(self.rows):
                if r.collidepoint(e.pos):
                    self.focus = i
                    self.open_decision(i)
                    return True
        if e.type == pygame.MOUSEMOTION:
            for b in (*self.seat_buttons, self.cancel, self.back):
                b.hover = b.rect.collidepoint(e.pos)
        return False

    # ------------------------------------------------------------ layout and drawing

    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.font = ui_font(size, self.ctx.settings)
        f = self.font
        self.body = pygame.Rect(0, 0, min(w - 40, max(760, f * 52)), 0)
        self.body.centerx = w // 2
        self.body.y = max(90, h // 6) + max(28, h // 14) + f
        bh = int(f * 2.4)
        self.body.h = h - self.body.y - bh - f * 2
        bw = max(f * 9, self.body.w // 5)
        self.back.rect = pygame.Rect(0, 0, bw, bh)
        self.back.rect.midbottom = (w // 2, h - f)
        self.cancel.rect = self.back.rect.copy()
        top = self._centred(None, _("Whose game shall the coach review?"), f + 2, theme.TEXT,
                            self.body.y, bold=True) + f
        for i, b in enumerate(self.seat_buttons):
            b.rect = pygame.Rect(0, 0, max(f * 14, self.body.w // 3), bh)
            b.rect.midtop = (w // 2, top + i * (bh + f // 2))
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        a, f = self.ctx.assets, self.font
        title = (whose(self.name, _("Review: your game"), _("Review: {name}'s game"))
                 if self.seat is not None else _("Review my game"))
        backdrop(surface, a, title)
        body, stage = self.body, self.stage
        if stage == "choose":
            self._centred(surface, _("Whose game shall the coach review?"), f + 2, theme.TEXT,
                          body.y, bold=True)
            for i, b in enumerate(self.seat_buttons):
                b.focused = i == self.focus
                b.draw(surface, a)
        elif stage == "running":
            self._progress(surface)
        elif stage == "error":
            wrap_text(surface, a, self.error, f + 2, theme.TEXT, body)
        else:
            self._list(surface)
        (self.cancel if stage == "running" else self.back).draw(surface, a)

    def _progress(self, surface: pygame.Surface) -> None:
        f, body = self.font, self.body
        assert self.job is not None
        done, total = self.job.progress()
        top = self._centred(surface, whose(
            self.name, _("Judging your decisions against the strongest level's, on playouts "
                         "in the background\u2026"),
            _("Judging {name}'s decisions against the strongest level's, on playouts in the "
              "background\u2026")), f + 1, theme.TEXT, body.y + f)
        bar = pygame.Rect(body.x, top + f, body.w, max(14, f))
        pygame.draw.rect(surface, theme.PANEL_LIGHT, bar, border_radius=bar.h // 2)
        fill = bar.copy()
        fill.w = max(bar.h, round(bar.w * (done / total if total else 1.0)))
        pygame.draw.rect(surface, theme.ACCENT, fill, border_radius=bar.h // 2)
        judged = ngettext("{done} of {n} decision judged", "{done} of {n} decisions judged",
                          total).format(done=number(done), n=number(total))
        top = self._centred(surface, judged, f, theme.TEXT_DIM, bar.bottom + f // 2)
        self._centred(surface, _("Esc or Cancel stops the review."), f, theme.TEXT_DIM,
                      top + f // 2)

    def _centred(self, surface: pygame.Surface | None, text: str, size: int,
                 color: theme.RGB, top: int, bold: bool = False) -> int:
        """`text` wrapped to the body's width, centred under `top` (drawn when `surface`
        is given); returns where it ends."""
        img = render(self.ctx.assets.font(size, bold), text, color, self.body.w)
        at = img.get_rect(midtop=(self.body.centerx, top))
        if surface is not None:
            surface.blit(img, at)
            note_text(surface, text, at, size)
        return at.bottom

    def _list(self, surface: pygame.Surface) -> None:
        a, f, body = self.ctx.assets, self.font, self.body
        review = self.review
        assert review is not None
        ms = review.mistakes
        parts = [ngettext("{n} decision judged", "{n} decisions judged",
                          review.decisions).format(n=number(review.decisions))]
        if ms:
            # TRANSLATORS: {n} decisions (the costliest of the game) cost {loss} together
            parts.append(ngettext("the costliest {n} cost {loss} in all",
                                  "the costliest {n} cost {loss} in all", len(ms)).format(
                n=number(len(ms)), loss=points(review.total_loss)))
            parts.append(_("choose one to see it in the replay")
                         if isinstance(self.game, GameRecord)
                         else _("judged from what you saw (the replay stays on the server)"))
        else:
            parts.append(_("none cost more than a point or so: well played"))
        head = " \u00b7 ".join(parts)
        img = render(a.font(f), head, theme.TEXT_DIM, body.w)
        at = img.get_rect(midtop=(body.centerx, body.y))
        surface.blit(img, at)
        note_text(surface, head, at, f)
        self.rows = []
        top = at.bottom + f // 2
        gap = max(4, f // 3)
        self.focus = min(self.focus, max(0, len(ms) - 1))
        pad = f // 2
        rows = [self._row_images(m, body.w - 2 * pad) for m in ms]
        heights = [pad * 2 + sum(img.get_height() for img in imgs) for imgs in rows]
        room = body.bottom - top
        first = min(self.first, self.focus)
        if sum(hh + gap for hh in heights) > room:  # a run of rows that fits, with the focus
            room -= f + gap  # the line that says how to see the others
            while first < self.focus and sum(
                    hh + gap for hh in heights[first:self.focus + 1]) > room:
                first += 1
        else:
            first = 0
        self.first = first
        y, last = top, first
        while last < len(ms) and (last == first or y + heights[last] <= top + room):
            r = pygame.Rect(body.x, y, body.w, heights[last])
            self._row(surface, ms[last], r, rows[last], last == self.focus)
            self.rows.append(r)
            y = r.bottom + gap
            last += 1
        self.rows = [pygame.Rect(0, 0, 0, 0)] * first + self.rows
        if first > 0 or last < len(ms):
            more = _("{first}\u2013{last} of {count} \u00b7 the arrows show the others").format(
                first=number(first + 1), last=number(last), count=number(len(ms)))
            blit_text(surface, a, more, int(f * 0.9), theme.TEXT_DIM, (body.centerx, y),
                      "midtop")

    def _row_texts(self, m: Mistake) -> list[tuple[str, bool, bool, theme.RGB]]:
        """A listed decision's lines (text, bold, condensed, colour): its turn and cost,
        the lesson, and the move played and the better one."""
        lesson = m.lesson[:1].upper() + m.lesson[1:]
        # TRANSLATORS: a listed decision's heading: when ("Turn 12") and what it cost
        return [(_("{turn}: {loss}").format(turn=turn_words(m.turn, True), loss=points(m.loss)),
                 True, False, theme.ACCENT),
                (lesson, False, False, theme.TEXT),
                (_("Played: {played} \u00b7 better: {better}").format(played=m.played,
                                                                      better=m.better),
                 False, True, theme.TEXT_DIM)]

    def _row_images(self, m: Mistake, width: int) -> list[pygame.Surface]:
        """A listed decision's lines, wrapped to `width`."""
        a, f = self.ctx.assets, self.font
        return [render(a.font(f, bold, cond), text, col, width)
                for text, bold, cond, col in self._row_texts(m)]

    def _row(self, surface: pygame.Surface, m: Mistake, r: pygame.Rect,
             imgs: list[pygame.Surface], focused: bool) -> None:
        f = self.font
        panel(surface, r, theme.mix(theme.PANEL, (255, 255, 255), 0.06 if focused else 0),
              theme.HILITE if focused else theme.PANEL_EDGE, 8)
        if focused:
            focus_ring(surface, r, inside=True)
        y = r.y + f // 2
        for (text, *_style), img in zip(self._row_texts(m), imgs, strict=True):
            at = img.get_rect(topleft=(r.x + f // 2, y))
            surface.blit(img, at)
            note_text(surface, text, at, f)
            y = at.bottom
