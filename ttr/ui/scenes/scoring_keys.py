"""The scoring screen by keyboard: Tab, Shift+Tab (or the arrows) move over the players'
scores and the buttons, each score read with its whole breakdown; Enter activates the
focused button (Play again at first, so Enter keeps its meaning) or opens a player's full
list; F1 lists the keys. The final result is announced when the tally ends."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ttr.i18n import _, ngettext, number, pgettext
from ttr.ui.focus import focus_ring
from ttr.ui.scenes.scoring_lines import TICKET

if TYPE_CHECKING:
    from ttr.ui.scenes.scoring import ScoringScene

MOVES = (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)


def place_words(place: int) -> str:
    """A player's place, said with their score: `first` ... `fifth` (0 to 4)."""
    return (pgettext("rank", "first"), pgettext("rank", "second"), pgettext("rank", "third"),
            pgettext("rank", "fourth"), pgettext("rank", "fifth"))[min(place, 4)]


def score_words(sc: ScoringScene, seat: int) -> str:
    """`Ada, first, 128 points: Routes 60. Seattle – New York 22, completed. ...`"""
    place = sc.result.ranking.index(seat)
    parts = []
    for st in sc.steps:
        if st.seat != seat:
            continue
        if st.kind == TICKET and st.delta > 0:
            parts.append(_("{ticket} {points}, completed").format(ticket=st.label,
                                                                   points=f"{st.delta:+d}"))
        elif st.kind == TICKET:
            parts.append(_("{ticket} {points}, failed").format(ticket=st.label,
                                                                points=f"{st.delta:+d}"))
        else:
            parts.append(f"{st.label} {st.delta:+d}")
    total = sc._total(seat)
    # TRANSLATORS: a player's score, said: "Ada, first, 128 points: Routes +60. ..."
    return _("{name}, {place}, {points}: {parts}").format(
        name=sc.names[seat], place=place_words(place),
        points=ngettext("{n} point", "{n} points", total).format(n=number(total)),
        parts=". ".join(parts))


class ScoringKeys:
    """Focus and announcements of the scoring screen."""

    def __init__(self, sc: ScoringScene) -> None:
        self.sc = sc
        self.focus = len(sc.result.ranking)
        """Index into `stops()`: the players' boxes by rank, then the buttons."""
        self.mark()

    def stops(self) -> list[tuple[str, int]]:
        """What Tab visits, top to bottom as drawn."""
        boxes = [("box", s) for s in self.sc.result.ranking]
        buttons = [("again", 0), *([("review", 0)] if self.sc.can_review() else []),
                   ("menu", 0)]
        return boxes + buttons

    def mark(self) -> None:
        what = self.stops()[self.focus][0]
        self.sc.again.focused = what == "again"
        self.sc.review.focused = what == "review"
        self.sc.menu.focused = what == "menu"

    def label(self) -> str:
        """The focused stop in words."""
        what, seat = self.stops()[self.focus]
        if what == "box":
            return _("{score}. Enter shows the whole list").format(
                score=score_words(self.sc, seat))
        return _({"again": self.sc.again.label, "review": self.sc.review.label,
                  "menu": self.sc.menu.label}[what])

    def say(self, text: str, kind: str = "reply") -> None:
        from ttr.ui.announce import announcer_of

        announcer_of(self.sc.ctx.extras).say(text, None, kind)  # the final score is public

    def final(self) -> None:
        """The tally ended: the screen, the result and the focused control."""
        sc = self.sc
        ranks = ", ".join(f"{sc.names[s]} {sc._total(s)}" for s in sc.result.ranking)
        n = len(self.stops())
        self.say(_("Final scores: {ranks}. Tab reads each player's score, F1 lists the keys. "
                   "{control}").format(ranks=ranks, control=self.where(n)), "alert")

    def where(self, n: int) -> str:
        """`Play again, 3 of 4`: the focused stop and where it is among `n`."""
        # TRANSLATORS: the focused control and its place among the screen's controls
        return _("{control}, {n} of {count}").format(control=self.label(),
                                                     n=number(self.focus + 1),
                                                     count=number(n))

    def handle(self, e: pygame.event.Event) -> bool:
        """True when the key was one of ours (Enter on Play again is left to the scene)."""
        if e.type != pygame.KEYDOWN:
            return False
        sc = self.sc
        if e.key == pygame.K_F1 or e.unicode == "?":
            from ttr.ui.keys import SCORING_KEYS
            from ttr.ui.scenes.keyhelp import KeyHelpScene

            sc.ctx.stack.push(KeyHelpScene(sc.ctx, SCORING_KEYS))
            return True
        if not sc.finished:
            return False
        stops = self.stops()
        if e.key in MOVES:
            back = e.key in (pygame.K_UP, pygame.K_LEFT) or (
                e.key == pygame.K_TAB and getattr(e, "mod", 0) & pygame.KMOD_SHIFT)
            self.focus = (self.focus + (-1 if back else 1)) % len(stops)
            sc.expanded = None
            self.mark()
            self.say(self.where(len(stops)))
            return True
        if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            what, seat = stops[self.focus]
            if what == "box":
                sc.expanded, sc.scroll = seat, 0
                self.say(score_words(sc, seat))
                return True
            if what == "review":
                sc.open_review()
                return True
            if what == "menu":
                sc.ctx.nav.to_menu()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """The ring around the focused player's box (buttons draw their own)."""
        what, seat = self.stops()[self.focus]
        box = self.sc.boxes.get(seat) if what == "box" else None
        if self.sc.finished and box is not None and self.sc.expanded is None:
            focus_ring(surface, box)
