"""Replays: the list of finished games, and a viewer that plays one back.

The game is over, so the viewer shows every hand and every ticket (a player's whole
list on a click); the map shows the routes claimed up to the current step. Moves are
told in the game log's words (board_text.log_line), never in engine notation. It plays
by itself at a chosen speed, steps a move or a turn, and jumps to any turn.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pygame

from ttr.ai.review import Mistake
from ttr.engine import Seat, TtrError
from ttr.engine.scoring import connected_tickets
from ttr.engine.table import closed_twins
from ttr.game.replays import RecordEntry, ReplayFrame, Timeline, list_records
from ttr.i18n import N_, _, ngettext, number
from ttr.maps.mapfile import MapDefinition, find_map
from ttr.store.problem_words import error_text
from ttr.store.text import clean_text
from ttr.ui import theme
from ttr.ui.assets import render
from ttr.ui.maprender import MapRenderer, least_label
from ttr.ui.scene import AppContext, Scene
from ttr.ui.scenes.board_hint import outline_move
from ttr.ui.scenes.board_table import FLASH, mark_last_move
from ttr.ui.scenes.board_text import log_line
from ttr.ui.scenes.listing import ListScene, Row
from ttr.ui.scenes.replay_players import draw_players
from ttr.ui.scenes.review import points as loss_words
from ttr.ui.viewport import Viewport, ui_font
from ttr.ui.widgets import Button, blit_text, note_text, panel, wrap_text
from ttr.ui.words import is_you, turn_words

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
"""Autoplay speeds, in moves per second."""
HINT = N_("Space plays \u00b7 \u2190\u2192 a move \u00b7 \u2191\u2193 a turn \u00b7 type a "
          "turn and Enter \u00b7 click a player for all tickets \u00b7 R reviews")
"""The keys line under the move (translated where drawn)."""

PLAY_LABELS = (N_("\u25b6 Play"), N_("\u275a\u275a Pause"))
"""The Play button's label: stopped, playing."""

logger = logging.getLogger(__name__)


def _speed(per_s: float) -> str:
    """`1 move/s`, `4 moves/s`."""
    n = number(per_s, 1) if per_s % 1 else number(per_s)
    # TRANSLATORS: the replay's speed, in moves per second (a short label)
    return ngettext("{n} move/s", "{n} moves/s", 1 if per_s <= 1 else int(per_s)).format(n=n)


@dataclass(frozen=True, slots=True)
class CoachNote:
    """A reviewed decision shown in the viewer: whose it was and the review's verdict."""

    seat: Seat
    mistake: Mistake


class ReplaysScene(ListScene):
    """Finished games, newest first."""

    title = N_("Replays")
    empty = N_("No finished games yet: every game you finish is kept here.")
    actions = (N_("Watch"),)

    def refresh(self) -> None:
        from ttr.ui.scenes.saves import folders

        self.entries: list[RecordEntry] = list_records(folders(self.ctx).records)
        self.rows = []
        for e in self.entries:
            rec = e.record
            if rec is None:
                self.rows.append(Row(_("{file}: broken").format(
                                         file=clean_text(e.path.name, 60, "record")),
                                     (e.error or "").removeprefix(f"{e.path.name}: "), True))
                continue
            names = ", ".join(f"{s.name} ({s.kind})" for s in rec.seats)
            self.rows.append(Row(f"{rec.map_id}/{rec.variant} \u00b7 {e.when}",
                                 f"{names} \u00b7 " + ngettext("{n} move", "{n} moves", len(
                                     rec.actions)).format(n=number(len(rec.actions)))))
        self.select(self.selected)

    def choose(self, action: str, index: int) -> None:
        rec = self.entries[index].record
        if rec is None:
            self.toast.show(_("This record cannot be read"))
            return
        try:
            map_def = find_map(rec.map_id)
            timeline = Timeline(rec, map_def.game_map)
        except (TtrError, ValueError) as e:
            self.toast.show(error_text(e)[:120])
            return
        self.ctx.stack.push(ReplayScene(self.ctx, timeline, map_def))


class ReplayScene(Scene):
    """Play back a finished game.

    Space plays or pauses; Left/Right step a move, Up/Down (or Page Up/Down) a turn,
    Home/End go to the start or the end; + and - change the speed; typing a turn number
    and Enter jumps there; a click on the bar jumps too. A click on a player shows all of
    their tickets (again to show every player).
    """

    def __init__(self, ctx: AppContext, timeline: Timeline, map_def: MapDefinition) -> None:
        super().__init__(ctx)
        self.timeline = timeline
        self.map_def = map_def
        self.renderer = MapRenderer(map_def, ctx.assets)
        seats = timeline.record.seats
        self.names = [s.name for s in seats]
        self.player_rgb = [theme.PLAYER_RGB.get(s.color, (200, 200, 200)) for s in seats]
        self.step = 0
        self.frame: ReplayFrame = timeline.frame(0)
        self.playing = False
        self.speed = 1
        self._due = 0.0
        self.typed = ""
        self.focus: int | None = None
        """The player whose panel fills the side column, or None for all alike."""
        self.scrubbing = False
        self.transport = {"start": Button("|\u25c0"), "prev_turn": Button("\u25c0\u25c0"),
                          "prev": Button("\u25c0"), "play": Button(PLAY_LABELS[0], primary=True),
                          "next": Button("\u25b6"), "next_turn": Button("\u25b6\u25b6"),
                          "end": Button("\u25b6|")}
        self.slower = Button("\u2212")
        self.faster = Button("+")
        self.back = Button(N_("Back"))
        self.review = Button(N_("Review my game"), tip=N_("The coach judges a player's decisions"))
        self.note: CoachNote | None = None
        """A reviewed decision being shown (opened from a review), or None."""
        self.panels: list[pygame.Rect] = []
        self._done: dict[int, list[frozenset[str]]] = {}
        self.on_resize(ctx.size)

    # ------------------------------------------------------------ layout

    def on_resize(self, size: tuple[int, int]) -> None:
        """Everything sized from the body text (`ui_font`): the buttons fit their labels
        (in two rows when one is too narrow), the keys line wraps under the move's words,
        the players' column widens with the text."""
        w, h = size
        pad = 10
        f = self.font = ui_font(size, self.ctx.settings)
        bh = int(f * 2.2)
        font = self.ctx.assets.font(f, bold=True)

        def need(b: Button, *labels: str) -> int:
            return max(f * 3, *(font.size(_(t))[0] + f * 2 for t in (b.label, *labels)))

        row1 = [(b, need(b, *(PLAY_LABELS if b is self.transport["play"] else ()))) for b in
                self.transport.values()]
        speed_w = font.size(_speed(SPEEDS[-1]))[0] + f
        ends = [(b, need(b)) for b in ((self.review,) if self.can_review() else ()) + (self.back,)]
        tl = self.timeline
        longest = _("Turn {turn} of {turns} \u00b7 {move}").format(
            turn=number(tl.turns), turns=number(tl.turns), move=_("move {n} of {count}").format(
                n=number(len(tl)), count=number(len(tl))))
        status_w = self.ctx.assets.font(f).size(longest)[0] + f
        width = (sum(n + 6 for _b, n in row1) + 2 * (f * 3) + speed_w + 20
                 + sum(n + 8 for _b, n in ends) + status_w)
        two = width > w - 2 * pad
        y = h - pad - bh
        top_row = y - (bh + pad if two else 0)
        x = pad
        for b, n in row1:
            b.rect = pygame.Rect(x, top_row, n, bh)
            x = b.rect.right + 6
        self.slower.rect = pygame.Rect(x + 10, top_row, f * 3, bh)
        self.speed_rect = pygame.Rect(self.slower.rect.right, top_row, speed_w, bh)
        self.faster.rect = pygame.Rect(self.speed_rect.right, top_row, f * 3, bh)
        x = w - pad
        for b, n in reversed(ends):
            b.rect = pygame.Rect(x - n, y, n, bh)
            x = b.rect.x - 8
        self.status_at = (pad if two else self.faster.rect.right + 16, y + bh // 2)
        self.status_end = x - 8
        self.bar = pygame.Rect(pad, top_row - 22, w - 2 * pad, 12)
        side = min(w // 2, max(300, w // 4, f * 17))
        self.side = pygame.Rect(w - side - pad, pad, side, self.bar.y - 12 - 2 * pad)
        words_w = self.side.x - 2 * pad
        self.hint_img = render(self.ctx.assets.font(f), _(HINT), theme.TEXT_DIM, words_w)
        col_w = self.side.x - 2 * pad
        self.note_rect = pygame.Rect(pad, pad, col_w, 0)
        if self.note is not None:  # the reviewed decision's home: above the map, not on it
            self.note_rect.h = self._note_height(col_w)
        y = self.note_rect.bottom + (pad if self.note_rect.h else 0)
        lh = int(f * 1.25)
        words_h = lh * 3 + self.hint_img.get_height()
        self.before = self.bar.y - 12 - words_h - pad - y > h * 0.45
        """Whether the move before the current one has a line (not when the map would
        be small)."""
        if not self.before:
            words_h -= lh
        self.words_rect = pygame.Rect(pad, self.bar.y - 12 - words_h, words_w, words_h)
        top = self.words_rect.y - pad
        self.map_rect = pygame.Rect(pad, y, col_w, top - y)
        if self.note is not None:  # beside the map instead, when that makes the map larger
            mw, mh = self.map_def.layout.size
            nw = max(f * 14, col_w // 4)
            nh = self._note_height(nw)
            beside = pygame.Rect(nw + 2 * pad, pad, col_w - nw - pad, top - pad)
            if nh <= top - pad and min(beside.w / mw, beside.h / mh) > min(
                    self.map_rect.w / mw, self.map_rect.h / mh):
                self.note_rect = pygame.Rect(pad, pad, nw, nh)
                self.map_rect = beside
        self.renderer.least_label = least_label(f)
        self.renderer.resize(Viewport.fit(self.map_def.layout.size, self.map_rect))
        self.dirty = True

    # ------------------------------------------------------------ the coach

    def can_review(self) -> bool:
        """Whether anybody played this game at the computer (a review is for them)."""
        return bool(self.timeline.record.human_seats())

    def open_review(self) -> None:
        """Review my game: the coach judges the record's human seat(s)."""
        from ttr.ui.scenes.review import ReviewScene

        self.playing = False
        self.ctx.stack.push(ReviewScene(self.ctx, self.timeline.record, self.map_def,
                                        self.timeline))

    def show_decision(self, note: CoachNote) -> None:
        """Show a reviewed decision: the position before it, both moves marked."""
        self.note = note
        self.playing = False
        self.go(note.mistake.step)
        self.on_resize(self.ctx.size)  # the note takes its strip above the map

    # ------------------------------------------------------------ moving

    def go(self, step: int) -> None:
        """Show the game after `step` actions (and say it: the newest move cuts)."""
        self.step = max(0, min(len(self.timeline) - 1, step))
        self.frame = self.timeline.frame(self.step)
        if self.step == len(self.timeline) - 1:
            self.playing = False
        self.dirty = True
        self.say(f"{self.move_words(self.step)}. {self.status()}")

    def on_enter(self) -> None:
        self.say(_("Replay. {move}. {status}. Left and Right: a move, Up and Down: a turn, "
                   "Space plays, a turn number and Enter jumps there, Esc goes back").format(
            move=self.move_words(self.step), status=self.status()))

    def say(self, text: str) -> None:
        """Announce (captions, speech when on): a finished game, public."""
        from ttr.ui.announce import announcer_of

        announcer_of(self.ctx.extras).say(text, None, "reply")

    def _press(self, name: str) -> None:
        tl, last = self.timeline, len(self.timeline) - 1
        if name == "play":
            self.playing = not self.playing and self.step < last
            self._due = 0.0
            return
        self.playing = False
        target = {"start": 0, "prev": self.step - 1, "next": self.step + 1, "end": last,
                  "prev_turn": tl.next_turn(self.step, -1),
                  "next_turn": tl.next_turn(self.step, 1)}
        self.go(target[name])

    def set_speed(self, d: int) -> None:
        """One speed faster (1) or slower (-1)."""
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + d))
        self.dirty = True

    def jump_to_turn(self, turn: int) -> None:
        """Show the first move of `turn`."""
        self.playing = False
        self.go(self.timeline.step_of_turn(turn))

    def update(self, dt: float) -> None:
        if not self.playing:
            return
        self._due += dt * SPEEDS[self.speed]
        while self._due >= 1.0 and self.playing:
            self._due -= 1.0
            self.go(self.step + 1)

    # ------------------------------------------------------------ input

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        if e.type == pygame.KEYDOWN:
            self._key(e)
            return True
        if e.type == pygame.TEXTINPUT:
            return True
        if self.back.clicked(e):
            self.ctx.stack.pop(self)
            return True
        if self.can_review() and self.review.clicked(e):
            self.open_review()
            return True
        for name, b in self.transport.items():
            if b.clicked(e):
                self._press(name)
                return True
        if self.slower.clicked(e) or self.faster.clicked(e):
            self.set_speed(1 if self.faster.rect.collidepoint(e.pos) else -1)
            return True
        if e.type == pygame.MOUSEWHEEL:
            self.playing = False
            self.go(self.step - e.y)
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            if self.bar.inflate(0, 12).collidepoint(e.pos):
                self.scrubbing = True
                self._scrub(e.pos[0])
                return True
            for seat, r in enumerate(self.panels):
                if r.collidepoint(e.pos):
                    self.focus = None if self.focus == seat else seat
                    return True
        if e.type == pygame.MOUSEBUTTONUP:
            self.scrubbing = False
        if e.type == pygame.MOUSEMOTION and self.scrubbing:
            self._scrub(e.pos[0])
        return False

    def _key(self, e: pygame.event.Event) -> None:
        k = e.key
        if pygame.K_0 <= k <= pygame.K_9 or pygame.K_KP0 <= k <= pygame.K_KP9:
            digit = k - (pygame.K_0 if k <= pygame.K_9 else pygame.K_KP0)
            self.typed = (self.typed + str(digit))[-4:]
        elif self.typed and k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.jump_to_turn(int(self.typed))
            self.typed = ""
        elif self.typed and k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.typed = self.typed[:-1] if k == pygame.K_BACKSPACE else ""
        elif k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.ctx.stack.pop(self)
        elif k == pygame.K_SPACE:
            self._press("play")
        elif k == pygame.K_r and self.can_review():
            self.open_review()
        elif k == pygame.K_c and self.note is not None:
            self.show_decision(self.note)
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.set_speed(1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.set_speed(-1)
        else:
            keys = {pygame.K_LEFT: "prev", pygame.K_RIGHT: "next", pygame.K_UP: "prev_turn",
                    pygame.K_DOWN: "next_turn", pygame.K_PAGEUP: "prev_turn",
                    pygame.K_PAGEDOWN: "next_turn", pygame.K_HOME: "start", pygame.K_END: "end"}
            if k in keys:
                self._press(keys[k])

    def _scrub(self, x: int) -> None:
        k = (x - self.bar.x) / max(1, self.bar.w)
        self.playing = False
        self.go(round(k * (len(self.timeline) - 1)))

    # ------------------------------------------------------------ words

    def move_words(self, step: int) -> str:
        """What happened at `step`, in the game log's words."""
        if step <= 0:
            return _("The game begins: everyone chooses their first tickets")
        fr = self.frame if step == self.step else self.timeline.frame(step)
        gm = fr.view.public.game_map
        lines = [t for e in fr.events if (t := log_line(e, gm, self.names))]
        # TRANSLATORS: when ("Turn 12") and the moves of that step, in the game log's words
        text = _("{turn}: {moves}").format(turn=turn_words(fr.turn, True), moves=". ".join(lines))
        if step == len(self.timeline) - 1:
            r = self.timeline.result()
            by = {p.seat: p.total for p in r.players}
            text = _("{moves}. Final scores: {scores}").format(
                moves=text, scores=", ".join(f"{self.names[s]} {number(by[s])}"
                                             for s in r.ranking))
        return text

    def status(self) -> str:
        """`Turn 34 of 92 · move 78 of 142` (or the turn being typed)."""
        if self.typed:
            # TRANSLATORS: the turn number being typed, then "_" as a cursor
            return _("Go to turn {typed}_ (Enter)").format(typed=self.typed)
        tl = self.timeline
        of = _("move {n} of {count}").format(n=number(self.step), count=number(len(tl) - 1))
        note = self.note
        if note is not None and self.step == note.mistake.step and note.mistake.turn > 0:
            return _("Before turn {turn} \u00b7 {move}").format(  # the reviewed position
                turn=number(note.mistake.turn), move=of)
        turn = self.frame.turn
        if not turn:
            return f"{turn_words(turn, True)} \u00b7 {of}"
        return _("Turn {turn} of {turns} \u00b7 {move}").format(
            turn=number(turn), turns=number(tl.turns), move=of)

    def completed(self, seat: int) -> frozenset[str]:
        """The seat's tickets already connected at this step."""
        if self.step not in self._done:
            if len(self._done) > 64:
                self._done.clear()
            fr, gm = self.frame, self.frame.view.public.game_map
            self._done[self.step] = [
                frozenset(t for t, ok in zip(fr.tickets[s], connected_tickets(
                    gm, fr.view.public.owners, s, fr.tickets[s]), strict=True) if ok)
                for s in range(len(self.names))]
        return self._done[self.step][seat]

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        a, f = self.ctx.assets, self.font
        surface.fill(theme.BG)
        v = self.frame.view
        vp = self.renderer.vp
        assert vp is not None
        surface.blit(self.renderer.composed(v.public.owners, self.player_rgb,
                                                closed_twins(v.public)), vp.map_px)
        if self.note is None or self.step != self.note.mistake.step:
            clip = surface.get_clip()
            surface.set_clip(self.map_rect.clip(clip))
            mark_last_move(surface, self.renderer, v, FLASH)  # steady: the move just shown
            surface.set_clip(clip)
        wr = self.words_rect
        lh = int(f * 1.25)
        y = wr.y
        if self.before:
            before = self.move_words(self.step - 1) if self.step > 1 else ""
            if before and a.font(f).size(before)[0] <= wr.w:  # the move before, if it fits
                blit_text(surface, a, before, f, theme.TEXT_DIM, (wr.x, y))
            y += lh
        wrap_text(surface, a, self.move_words(self.step), f, theme.TEXT,
                  pygame.Rect(wr.x, y, wr.w, lh * 2), bold=True)
        at = self.hint_img.get_rect(topleft=(wr.x, y + lh * 2))
        surface.blit(self.hint_img, at)
        note_text(surface, _(HINT), at, f)
        self._draw_bar(surface)
        self.transport["play"].label = PLAY_LABELS[1] if self.playing else PLAY_LABELS[0]
        for b in [*self.transport.values(), self.slower, self.faster, self.back]:
            b.draw(surface, a, f)
        if self.can_review():
            self.review.draw(surface, a, f)
        blit_text(surface, a, _speed(SPEEDS[self.speed]), f, theme.TEXT, self.speed_rect.center,
                  "center")
        status = self.status()
        if a.font(f).size(status)[0] <= self.status_end - self.status_at[0]:
            blit_text(surface, a, status, f, theme.TEXT_DIM, self.status_at, "midleft")
        draw_players(self, surface)
        if self.note is not None:
            self._draw_note(surface, self.note)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        r, last = self.bar, max(1, len(self.timeline) - 1)
        pygame.draw.rect(surface, theme.PANEL_LIGHT, r, border_radius=r.h // 2)
        done = r.copy()
        done.w = max(r.h, round(r.w * self.step / last))
        pygame.draw.rect(surface, theme.ACCENT, done, border_radius=r.h // 2)
        pygame.draw.circle(surface, theme.HILITE, (done.right - r.h // 2, r.centery), r.h)

    # ------------------------------------------------------------ a reviewed decision

    def _note_lines(self, note: CoachNote, here: bool) -> list[tuple[str, theme.RGB, bool]]:
        """The reviewed decision's lines (`here`: at its position, all four)."""
        m = note.mistake
        when = turn_words(m.turn)
        name = self.names[note.seat]
        if not here:
            return [(_("Reviewed decision: {name} at {when} (C shows it again)").format(
                name=name, when=when), theme.TEXT, False)]
        # TRANSLATORS: {when} is "turn 12"; {loss} "about −4.5 points"
        head = (_("Reviewed decision: your move at {when}, {loss} (the position before it)")
                if is_you(name) else
                _("Reviewed decision: {name}'s move at {when}, {loss} (the position before "
                  "it)"))
        return [(head.format(name=name, when=when, loss=loss_words(m.loss)), theme.ACCENT, True),
                (_("Played: {move}").format(move=m.played), _PLAYED, True),
                (_("Better: {move}").format(move=m.better), _BETTER, True),
                (m.lesson[:1].upper() + m.lesson[1:], theme.TEXT, False)]

    def _note_height(self, width: int) -> int:
        """The height of the reviewed decision's box at `width`."""
        assert self.note is not None
        return sum(i.get_height() for i in self._note_images(self.note, width - self.font)
                   ) + self.font // 2

    def _note_images(self, note: CoachNote, width: int, here: bool = True
                     ) -> list[pygame.Surface]:
        """The note's lines wrapped to `width` at the body size."""
        a, f = self.ctx.assets, self.font
        return [render(a.font(f, bold), text, col, max(1, width))
                for text, col, bold in self._note_lines(note, here)]

    def _draw_note(self, surface: pygame.Surface, note: CoachNote) -> None:
        """The reviewed decision in its strip above the map: whose, when, the move played
        (marked red on the map) and the move preferred (marked green), and the lesson;
        away from its position, a line saying how to come back."""
        a, f, m = self.ctx.assets, self.font, note.mistake
        box = self.note_rect
        panel(surface, box, (24, 24, 30), theme.ACCENT, 8, alpha=230)
        lines = self._note_lines(note, self.step == m.step)
        y = box.y + f // 4
        for (text, *_style), img in zip(lines, self._note_images(note, box.w - f,
                                                              self.step == m.step),
                                     strict=True):
            surface.blit(img, (box.x + f // 2, y))
            note_text(surface, text, img.get_rect(topleft=(box.x + f // 2, y)), f)
            y += img.get_height()
        if self.step != m.step:
            return
        clip = surface.get_clip()
        surface.set_clip(self.map_rect.clip(clip))
        tags: list[pygame.Rect] = []
        # TRANSLATORS: tags on the map beside the move played and the better one (short)
        for action, col, words in ((m.played_action, _PLAYED, _("PLAYED")),
                                   (m.better_action, _BETTER, _("BETTER"))):
            tag = outline_move(surface, self.renderer, action, col, max(4, self.font // 4),
                               (words, a, max(10, int(f * 0.75))), tags)
            if tag is not None:
                tags.append(tag)
        surface.set_clip(clip)


_PLAYED = (235, 110, 95)
"""The move played, on a reviewed decision (red: it cost points)."""
_BETTER = (120, 215, 120)
"""The move preferred (green)."""
