"""Learn to play on the board: the lesson's panel (the step, why it matters, what to click
and the key), the mark on the target, and the refusal of other moves. The script and
the allowed moves live in `ttr.game.lesson`; the board calls six hooks: `allows` and
`submitted` around a human move, `handle` first for every event, `holds_end` before the
scores, `draw` last.

`update` each frame announces a new step.

Keys: Enter (or Next) goes on from a step that only asks to read, F2 says the step
again and makes its mark pulse, F3 skips the rest of the lesson (the game goes on); U
(undo) waits until the guided steps are done, so a step is never left behind.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ttr.engine import (
    Action,
    BuildStation,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    Hand,
    KeepTickets,
    PayTunnel,
    Stage,
    WithdrawTunnel,
)
from ttr.game import lesson as ls
from ttr.i18n import N_, _, pgettext
from ttr.ui import theme
from ttr.ui.assets import render
from ttr.ui.widgets import Button, blit_text, panel, wrap_text

if TYPE_CHECKING:
    from ttr.ui.scene import AppContext
    from ttr.ui.scenes.board import BoardScene
    from ttr.ui.scenes.command import Entry

PULSE = 3.0


def progress_path(ctx: AppContext) -> Path:
    """The lesson progress file, in the user's data folder (beside the saves)."""
    from ttr.ui.scenes.saves import folders

    return folders(ctx).saves.parent / ls.PROGRESS_NAME


def lesson_overlay(board: BoardScene) -> LessonOverlay | None:
    """The lesson for this board, when it shows the lesson's game and the lesson runs."""
    rec = getattr(board.session, "record", None)
    lesson = None if rec is None else ls.lesson_of(rec.map_id, rec.seed, rec.seats)
    if lesson is None:
        return None
    path = progress_path(board.ctx)
    progress = ls.Progress.load(path)
    if progress.state != "running" or progress.lesson != lesson:
        return None
    return LessonOverlay(board, progress, path)


class LessonOverlay:
    """The lesson's panel and mark over one board (see the module docstring)."""

    def __init__(self, board: BoardScene, progress: ls.Progress, path: Path) -> None:
        self.board = board
        self.progress = progress
        self.path = path
        self.final_read = False
        self.pending = False
        """The move being submitted is the step's own (it ends the step)."""
        self.marked_at = board.time
        self.next = Button(N_("Next (Enter)"), primary=True)
        self.repeat = Button(N_("Repeat (F2)"))
        self.skip = Button(N_("Skip lesson (F3)"))
        self.box = pygame.Rect(0, 0, 0, 0)
        self._said: ls.Step | None = None

    # ------------------------------------------------------------ the step

    def step(self) -> ls.Step | None:
        """The step shown now (None: free play, nothing to say)."""
        steps = self.progress.steps()
        if self.progress.step < len(steps):
            return steps[self.progress.step]
        pub = self.board.shown_view.public
        if pub.stage == Stage.GAME_OVER or self.board.session.over:
            return None if self.final_read else ls.FINAL
        if pub.turns_left is not None and not self.progress.last_round_told:
            return ls.LAST_ROUND
        return None

    def target(self) -> Action | None:
        """The move the step marks (None for a step that only asks to read)."""
        st = self.step()
        v = self.board.shown_view
        if st is None or v.viewer != v.public.current or self.board.queue.busy:
            return None
        return ls.target(st, v)

    def how(self) -> str:
        """The step's "what to click (or press)" line, with the key filled in."""
        st = self.step()
        if st is None:
            return ""
        a = self.target()
        if isinstance(a, DrawFaceUp):
            key = str(a.slot + 1)
        elif isinstance(a, ClaimRoute):
            key = self.claim_words(a.route)[0]
        elif isinstance(a, BuildStation):
            key = self.station_words(a.city)[0]
        else:
            key = "D"
        how = _(st.how).format(key=key)
        if st.want != "note" and ls.waiting(st, self.board.shown_view) and a is not None:
            how = _how_for(a, key)
            if not isinstance(a, ClaimRoute):
                # TRANSLATORS: {how} is what to click ("Click the deck (or press D).")
                how = _("Not possible yet: draw cards meanwhile. {how}").format(how=how)
        return how

    def claim_words(self, rid: str) -> tuple[str, int]:
        """(city to type in the claim list, Down presses to reach the route there)."""
        from ttr.ui.scenes.command import claim_entries

        gm = self.board.shown_view.public.game_map
        r = gm.route(rid)
        return _typed(claim_entries(self.board)[0], rid, (gm.city_name(r.a), gm.city_name(r.b)))

    def station_words(self, city: str) -> tuple[str, int]:
        """(city to type in the station list, Down presses to reach it there)."""
        from ttr.ui.scenes.command import station_entries

        name = self.board.shown_view.public.game_map.city_name(city)
        return _typed(station_entries(self.board)[0], city, (name,))

    def say(self) -> None:
        """Announce the step (its title, why, and what to do)."""
        st = self.step()
        if st is None:
            return
        # TRANSLATORS: spoken: {head} is "Lesson, step 2 of 11" or "Lesson", {title} the
        # step's title, {text} its sentences, {how} what to click (or press)
        self.board.keys.say(_("{head}. {title}. {text} {how}").format(
            head=self._head(_("Lesson, step {n} of {total}")), title=_(st.title),
            text=_(st.text), how=self.how()), "alert")
        self._said = st

    def _head(self, counted: str) -> str:
        """`counted` ("Step {n} of {total}", translated) filled in during the guided
        steps, else "Lesson"."""
        n = len(self.progress.steps())
        if self.progress.step < n:
            return counted.format(n=self.progress.step + 1, total=n)
        return _("Lesson")

    # ------------------------------------------------------------ hooks

    def allows(self, action: Action) -> bool:
        """Before a human move: True if the step lets it through; else say why not."""
        st = self.step()
        v = self.board.shown_view
        self.pending = False
        if st is None or st in (ls.LAST_ROUND, ls.FINAL):
            return True
        if st.want == "note":
            self.board.toast.show(_("First read this step, then click Next (or press Enter)"))
            return False
        if action in ls.allowed(st, v):
            self.pending = ls.matches(st, v, action)
            return True
        # TRANSLATORS: {title} is the step's title, {how} what to click (or press)
        self.board.toast.show(_("Not that one yet: this step is \u201c{title}\u201d. "
                                "{how}").format(title=_(st.title), how=self.how()))
        return False

    def submitted(self) -> None:
        """After a move went through: the step is done when it was the step's own."""
        if self.pending:
            self.pending = False
            self.advance()
        elif self.step() is ls.LAST_ROUND:
            pass  # the note stays until read (Next), play goes on meanwhile

    def advance(self) -> None:
        """Go on to the next step, write the progress and announce the step."""
        st = self.step()
        if st is ls.LAST_ROUND:
            self.progress.last_round_told = True
        elif st is ls.FINAL:
            self.final_read = True
            self.progress.state = "done"
        else:
            self.progress.step += 1
        self.progress.save(self.path)
        self.marked_at = self.board.time
        self._said = None
        self.board.dirty = True

    def skip_lesson(self) -> None:
        """F3 or the button: the rest of the lesson is skipped; the game goes on."""
        self.progress.state = "skipped"
        self.progress.save(self.path)
        self.board.lesson = None
        self.board.toast.show(_("Lesson skipped: the game goes on. Learn to play (menu) "
                                "starts it again"))

    def holds_end(self) -> bool:
        """The game is over: hold the scores until the final-scoring step is read."""
        return self.step() is ls.FINAL

    def handle(self, e: pygame.event.Event) -> bool:
        """The lesson's keys and buttons (True: the event was the lesson's)."""
        st = self.step()
        if st is None:
            return False
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_F2:
                self.marked_at = self.board.time
                self.say()
                return True
            if e.key == pygame.K_F3:
                self.skip_lesson()
                return True
            if e.key == pygame.K_u and self.progress.step < len(self.progress.steps()):
                self.board.toast.show(_("Undo waits until the lesson's steps are done "
                                        "(F3 skips them)"))
                return True
            if st.want == "note" and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                    and not self.board.queue.busy:
                self.advance()
                return True
            return False
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            if st.want == "note" and self.next.rect.collidepoint(e.pos):
                self.advance()
                return True
            if self.repeat.rect.collidepoint(e.pos):
                self.marked_at = self.board.time
                self.say()
                return True
            if self.skip.rect.collidepoint(e.pos):
                self.skip_lesson()
                return True
        return False

    # ------------------------------------------------------------ screen

    def target_rect(self) -> pygame.Rect | None:
        """Where the marked target is on the window (for the mark, and for a bot that
        reads only what the lesson shows)."""
        st = self.step()
        if st is None:
            return None
        if st.want == "note":
            return self.next.rect
        a = self.target()
        lay = self.board.layout
        if isinstance(a, DrawFaceUp):
            return lay.faceup_rect(a.slot)
        if isinstance(a, DrawDeck):
            return lay.deck_rect()
        if isinstance(a, DrawTickets):
            return lay.ticket_deck_rect()
        top = self.board.ctx.stack.top
        if isinstance(a, KeepTickets):
            keep = getattr(top, "keep", None)
            return keep.rect if isinstance(keep, Button) else None
        if isinstance(a, PayTunnel | WithdrawTunnel):
            buttons = [*getattr(top, "pay_buttons", []), getattr(top, "withdraw", None)]
            found = next((btn for btn in buttons if isinstance(btn, Button)), None)
            return found.rect if found is not None else None
        if isinstance(a, BuildStation):
            vp = self.board.renderer.vp
            if vp is None:
                return None
            x, y = vp.to_px(self.board.renderer.cities[a.city])
            return pygame.Rect(round(x) - 2, round(y) - 2, 5, 5)
        if isinstance(a, ClaimRoute):
            at = self.board.renderer.route_anchor(a.route)
            return pygame.Rect(at[0] - 2, at[1] - 2, 5, 5) if at else None
        return None

    def target_keys(self) -> list[tuple[int, str]]:
        """The keys that do the marked move, as the panel names them: (key, character)."""
        st = self.step()
        a = self.target()
        if st is not None and st.want == "note":
            return [(pygame.K_RETURN, "\r")]
        if isinstance(a, DrawFaceUp):
            return [(pygame.K_1 + a.slot, str(a.slot + 1))]
        if isinstance(a, DrawDeck):
            return [(pygame.K_d, "d")]
        if isinstance(a, DrawTickets):
            return [(pygame.K_t, "t")]
        if isinstance(a, KeepTickets | PayTunnel | WithdrawTunnel):
            return [(pygame.K_RETURN, "\r")]
        if isinstance(a, ClaimRoute | BuildStation):
            key, (city, downs) = ((pygame.K_c, "c"), self.claim_words(a.route)) \
                if isinstance(a, ClaimRoute) else ((pygame.K_b, "b"), self.station_words(a.city))
            typed = [(pygame.key.key_code(c) if c.isalpha() else pygame.K_SPACE, c)
                     for c in city.lower()]
            return [key, *typed, *[(pygame.K_DOWN, "")] * downs, (pygame.K_RETURN, "\r")]
        return []

    def update(self) -> bool:
        """Each frame: pass over a step that does not apply, announce a step as it comes
        up; True while the board should redraw (a new step, a pulsing mark)."""
        st = self.step()
        if st is None or self.board.queue.busy:
            return False
        v = self.board.shown_view
        if ls.moot(st, v) and v.viewer == v.public.current:
            self.advance()
            return True
        if st is not self._said:
            self.say()
            return True
        return self.pulsing()

    def draw(self, surface: pygame.Surface) -> None:
        """The panel (over a corner of the map, away from the target) and the mark."""
        st = self.step()
        if st is None:
            return
        b = self.board
        lay = b.layout
        f = lay.font
        a = b.ctx.assets
        m = lay.map
        w = min(max(m.w * 2 // 5, f * 22), m.w - 2 * lay.pad)
        inner = w - 2 * f
        head = self._head(_("Step {n} of {total}"))
        how = self.how()
        heights = [f + f // 4 + round(f * 1.25) + f // 2,
                   render(a.font(f), _(st.text), theme.TEXT, inner).get_height() + f // 2,
                   render(a.font(f, bold=True), how, theme.TEXT, inner).get_height() + f // 2]
        bh = round(f * 2.1)
        bsize = max(10, round(f * 0.85))
        buttons = [self.repeat, self.skip] + ([self.next] if st.want == "note" else [])
        rows = _button_rows(buttons, [a.text(_(btn.label), bsize, theme.TEXT,
                                             bold=True).get_width()
                                      + bsize * 2 for btn in buttons], inner, f)
        h = f + sum(heights) + len(rows) * (bh + f // 2) + f
        self.box = pygame.Rect(m.x + lay.pad, m.y + lay.pad, w, h)
        tr = self.target_rect()
        shown = ls.shown_routes(st, b.shown_view)
        if shown and st.want == "note":
            at = b.renderer.route_anchor(shown[0])
            tr = pygame.Rect(at[0] - f * 3, at[1] - f * 3, f * 6, f * 6) if at else None
        if tr is not None and (st.want != "note" or shown) and self.box.colliderect(tr):
            self.box.bottomleft = (m.x + lay.pad, m.bottom - lay.pad)
            if self.box.colliderect(tr):
                self.box.topright = (m.right - lay.pad, m.y + lay.pad)
        if st.want != "note" and tr is not None and not b.queue.busy:
            self._mark(surface, tr)
        for rid in shown:
            # TRANSLATORS: a short tag on the map beside a closed twin route
            self._mark_route(surface, ClaimRoute(rid, Hand()), pgettext("map tag", "CLOSED"))
        panel(surface, self.box, theme.PANEL, theme.ACCENT, 10, alpha=242)
        x, y = self.box.x + f, self.box.y + f
        blit_text(surface, a, head, f, theme.TEXT_DIM, (x, y))
        blit_text(surface, a, _(st.title), round(f * 1.25), theme.ACCENT, (x, y + f + f // 4),
                  bold=True, max_width=inner)
        y += heights[0]
        y += wrap_text(surface, a, _(st.text), f, theme.TEXT, pygame.Rect(x, y, inner, heights[1]))
        y += f // 2
        wrap_text(surface, a, how, f, theme.HILITE, pygame.Rect(x, y, inner, heights[2]),
                  bold=True)
        by = self.box.bottom - f - len(rows) * (bh + f // 2) + f // 2
        for row in rows:
            bw = (inner - f * (len(row) - 1)) // len(row)
            for i, btn in enumerate(row):
                btn.rect = pygame.Rect(x + i * (bw + f), by, bw, bh)
                btn.draw(surface, a, bsize)
            by += bh + f // 2

    def _mark(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        from ttr.ui.scenes.board_hint import draw_tag

        b = self.board
        lay = b.layout
        t = b.time - self.marked_at
        pulse = 0.5 + 0.5 * math.sin(t * 5.0) if t < PULSE else 0.0
        col = theme.mix(theme.HILITE, (255, 255, 255), 0.5 * pulse)
        width = max(4, lay.font // 4)
        tag = max(10, int(lay.font * 0.75))
        a = self.target()
        if isinstance(a, ClaimRoute | BuildStation):
            self._mark_route(surface, a, _here())
            return
        if isinstance(a, KeepTickets | PayTunnel | WithdrawTunnel):
            return  # the dialog's button is over the board (and lit already)
        ring = rect.inflate(2 * width + 4, 2 * width + 4)
        pygame.draw.rect(surface, (0, 0, 0), ring.inflate(2, 2), width + 2, border_radius=9)
        pygame.draw.rect(surface, col, ring, width, border_radius=8)
        draw_tag(surface, b.ctx.assets, _here(), col, (ring.centerx, ring.bottom), tag)

    def _mark_route(self, surface: pygame.Surface, a: ClaimRoute | BuildStation,
                    words: str) -> None:
        """A frame around each car of the route (a ring around a station's city), and
        `words` beside it."""
        from ttr.ui.scenes.board_hint import outline_move

        b = self.board
        lay = b.layout
        if b.renderer.vp is None:
            return
        t = b.time - self.marked_at
        pulse = 0.5 + 0.5 * math.sin(t * 5.0) if t < PULSE else 0.0
        col = theme.mix(theme.HILITE, (255, 255, 255), 0.5 * pulse)
        clip = surface.get_clip()
        surface.set_clip(lay.map.clip(clip))
        outline_move(surface, b.renderer, a, col, max(4, lay.font // 4),
                     (words, b.ctx.assets, max(10, int(lay.font * 0.75))), [self.box])
        surface.set_clip(clip)

    def pulsing(self) -> bool:
        """Whether the mark is still pulsing (the board redraws meanwhile)."""
        return self.board.time - self.marked_at < PULSE


def _typed(entries: list[Entry], key: str, names: tuple[str, ...]) -> tuple[str, int]:
    """Which of `names` to type in a command list so that the entry `key` comes first or
    soonest, and the Down presses that reach it then."""
    from types import SimpleNamespace

    from ttr.ui.scenes.command import CommandScene

    found: list[tuple[int, str]] = []
    for name in names:
        shown = CommandScene.entries(SimpleNamespace(  # type: ignore[arg-type]
            can=entries, cannot=[], page=0, text=name))
        keys = [e.key for e in shown]
        if key in keys:
            found.append((keys.index(key), name))
    downs, name = min(found, default=(0, names[0]))
    return name, downs


def _button_rows(buttons: list[Button], widths: list[int], room: int,
                 gap: int) -> list[list[Button]]:
    """The buttons in as few rows of equal-width buttons as let every label fit."""
    for per_row in range(len(buttons), 0, -1):
        bw = (room - gap * (per_row - 1)) // per_row
        if max(widths) <= bw:
            break
    return [buttons[i:i + per_row] for i in range(0, len(buttons), per_row)]


def _here() -> str:
    # TRANSLATORS: a short tag on the map beside the move the lesson marks
    return pgettext("map tag", "HERE")


def _how_for(a: Action, key: str) -> str:
    """What to click for a move the step allows meanwhile (the lesson's own lines)."""
    if isinstance(a, DrawDeck):
        return _("Click the deck (or press D).")
    if isinstance(a, DrawFaceUp):
        return _("Click the marked card (or press {key}).").format(key=key)
    if isinstance(a, ClaimRoute):
        return _("Click the marked route (or press C, type {key}, Enter).").format(key=key)
    if isinstance(a, PayTunnel):
        return _("Click the marked Pay (or press Enter).")
    if isinstance(a, KeepTickets):
        return _("Click Keep (or press Enter).")
    return _("Make the marked move.")

