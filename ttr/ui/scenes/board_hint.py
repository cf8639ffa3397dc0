"""The coach's hint on the board: the Hint button (and G, the same path), the job that
works the hint out, and the hint's marks on the table.

A hint is for the human to act who sits at the screen, in a game on this computer, when
neither the table (chosen in setup, kept in the game's record) nor the player's
settings turned hints off. It is worked out from that player's own view
(`ttr.game.coach.start_hint`), shown as a message and an announcement, and marked on
the table until a move is made: the route to claim on the map, or the face-up card,
the deck or the ticket deck to draw from, or the city for a station.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from ttr.engine import (
    Action,
    BuildStation,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    Seat,
)
from ttr.i18n import N_, _, pgettext
from ttr.ui import geometry as geo
from ttr.ui import theme
from ttr.ui.widgets import Button

if TYPE_CHECKING:
    from ttr.game.coach import HintJob
    from ttr.ui.assets import Assets
    from ttr.ui.maprender import MapRenderer
    from ttr.ui.scenes.board import BoardScene

THINKING = N_("Thinking of a hint\u2026")
PULSE = 3.0
"""Seconds a new hint's mark pulses (then it stays, steady, until a move is made)."""


class BoardHint:
    """The board's hint: button, job and marks (see the module docstring)."""

    def __init__(self, board: BoardScene) -> None:
        self.board = board
        self.button = Button(N_("Hint (G)"), tip=N_("The move the strongest level would make, "
                                                    "and why (G)"))
        self.job: tuple[Seat, HintJob] | None = None
        """(seat, job) of a hint being worked out."""
        self.mark: Action | None = None
        """The shown hint's move, marked on the table until a move is made."""
        self.tag: pygame.Rect | None = None
        """Where the mark's HINT tag was drawn on the map this frame (a tooltip avoids it)."""
        self.marked_at = 0.0
        self.said = ""
        """The shown hint's words (its toast goes when the hint is moot)."""

    # ------------------------------------------------------------ rules of use

    def refusal(self) -> str | None:
        """Why no hint may be asked for now (None: one may)."""
        from ttr.game.coach import can_hint

        b = self.board
        s = b.session
        if not s.hints_allowed:
            return _("Hints are off at this table (chosen when the game was set up)")
        if not b.ctx.settings.hints:
            return _("Hints are turned off in Settings")
        seat = can_hint(s)
        if seat is None or b.shown_view.viewer != seat:
            return _("A hint is for the player whose turn it is")
        return None

    def offered(self) -> bool:
        """Whether the Hint button is on the board now."""
        b = self.board
        return not b.queue.busy and not b.finished and self.refusal() is None

    # ------------------------------------------------------------ asking and showing

    def ask(self) -> None:
        """The button or G: start working out a hint, or say why there is none."""
        from ttr.game.coach import start_hint

        b = self.board
        why = self.refusal()
        if why is not None:
            b.toast.show(why)
            return
        s = b.session
        seat = b.shown_view.viewer
        assert seat is not None
        if self.job is None:
            self.job = (seat, start_hint(s))
        b.toast.show(_(THINKING), 3.0)
        b.keys.say(_("Thinking of a hint"), "reply")
        b.dirty = True

    def poll(self) -> None:
        """Each frame: show the hint once it is ready."""
        if self.job is None or not self.job[1].done():
            return
        b = self.board
        seat, job = self.job
        self.job = None
        if b.shown_view.viewer != seat or b.session.to_act != seat:
            return
        hint = job.result()
        if hint is None:
            b.toast.show(job.error or _("No hint now"))
            return
        b.toast.show(hint.text, 10.0)
        self.said = hint.text
        b.keys.say(hint.text, "reply")
        self.mark, self.marked_at = hint.action, b.time
        if isinstance(hint.action, ClaimRoute):
            b.hover_route = hint.action.route
        b.dirty = True

    def moot(self) -> None:
        """A move was made or the screen changed hands: drop the hint, its marks and its
        words ("Thinking of a hint…" or the hint: another toast shown since stays)."""
        toast = self.board.toast
        if (self.job is not None and toast.text == _(THINKING)) or (
                self.mark is not None and toast.text == self.said):
            toast.left = 0.0
        if self.job is not None:
            self.job[1].cancel()
            self.job = None
        self.mark = None

    def pulsing(self) -> bool:
        """Whether the mark is still pulsing (the board redraws every frame meanwhile)."""
        return self.mark is not None and self.board.time - self.marked_at < PULSE

    # ------------------------------------------------------------ screen

    def layout(self) -> None:
        """Place the button at the left end of the banner row, above the map."""
        lay = self.board.layout
        f = lay.font
        tw = self.board.ctx.assets.text(_(self.button.label), f, theme.TEXT,
                                        bold=True).get_width()
        self.button.rect = pygame.Rect(lay.banner.x, lay.banner.y, tw + f * 2, lay.banner.h)

    def click(self, pos: tuple[int, int]) -> bool:
        """A left click: True if it pressed the button."""
        if self.offered() and self.button.rect.collidepoint(pos):
            self.ask()
            return True
        return False

    def hover(self, pos: tuple[int, int]) -> None:
        """Track the mouse over the button."""
        self.button.hover = self.button.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface) -> None:
        """The button (when offered) and the shown hint's marks."""
        b = self.board
        self.tag = None
        if self.offered():
            self.button.selected = self.job is not None  # lit while thinking
            self.button.draw(surface, b.ctx.assets, b.layout.font)
        if self.mark is not None and not b.queue.busy:
            self._draw_mark(surface, self.mark)

    def _draw_mark(self, surface: pygame.Surface, action: Action) -> None:
        b = self.board
        lay = b.layout
        pulse = 0.5 + 0.5 * math.sin((b.time - self.marked_at) * 5.0) if self.pulsing() else 0.0
        col = theme.mix(theme.HILITE, (255, 255, 255), 0.5 * pulse)
        width = max(4, lay.font // 4)
        rect: pygame.Rect | None = None
        if isinstance(action, DrawFaceUp):
            rect = lay.faceup_rect(action.slot)
        elif isinstance(action, DrawDeck):
            rect = lay.deck_rect()
        elif isinstance(action, DrawTickets):
            rect = lay.ticket_deck_rect()
        if rect is not None:
            ring = rect.inflate(2 * width + 4, 2 * width + 4)
            pygame.draw.rect(surface, (0, 0, 0), ring.inflate(2, 2), width + 2,
                             border_radius=9)
            pygame.draw.rect(surface, col, ring, width, border_radius=8)
            draw_tag(surface, b.ctx.assets, pgettext("tag on the map", "HINT"), col,
                     (ring.centerx, ring.bottom),
                     max(10, int(lay.font * 0.75)))
            return
        r, vp = b.renderer, b.renderer.vp
        if vp is None or b.camera.viewport(lay.map).scale != vp.scale:
            return  # zooming: the marks come back when the map is sharp again
        clip = surface.get_clip()
        surface.set_clip(lay.map.clip(clip))
        try:
            self.tag = outline_move(surface, r, action, col, width,
                                    (pgettext("tag on the map", "HINT"), b.ctx.assets,
                                     max(10, int(lay.font * 0.75))))
        finally:
            surface.set_clip(clip)


def draw_tag(surface: pygame.Surface, assets: Assets, text: str, col: theme.RGB,
             at: tuple[float, float], size: int,
             away: tuple[float, float, float] | None = None,
             avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """A small pill with dark words (`HINT`, `PLAYED`, `BETTER`): a mark says what it is
    in words, not by its colour alone. Centred on `at`, or with `away` (a unit normal
    and a distance) moved that far off `at` along the normal, clear of what is there;
    on the opposite side instead when that covers less of the `avoid` rectangles (city
    names, another tag). Returns the pill's rectangle."""
    img = assets.text(text, size, theme.TEXT_DARK, bold=True)
    pill = img.get_rect().inflate(size, size // 3)
    x, y = at
    if away is not None:
        nx, ny, dist = away
        dist += abs(nx) * pill.w / 2 + abs(ny) * pill.h / 2 + 2
        sides = [(x + nx * dist, y + ny * dist), (x - nx * dist, y - ny * dist)]
        x, y = min(sides, key=lambda c: _covered(pill.move_to(center=c), avoid))
    pill.center = (round(x), round(y))
    pygame.draw.rect(surface, (0, 0, 0), pill.inflate(2, 2), border_radius=pill.h // 2)
    pygame.draw.rect(surface, col, pill, border_radius=pill.h // 2)
    surface.blit(img, img.get_rect(center=pill.center))
    return pill


def _covered(rect: pygame.Rect, others: Sequence[pygame.Rect]) -> int:
    """Pixels of `others` that `rect` covers (overlaps counted once per rectangle)."""
    total = 0
    for o in others:
        c = rect.clip(o)
        total += c.w * c.h
    return total


def outline_move(surface: pygame.Surface, r: MapRenderer, action: Action, col: theme.RGB,
                 width: int, tag: tuple[str, Assets, int] | None = None,
                 avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
    """Mark a move on the map: a frame around each car of a claim's route, a ring around
    a station's city (with a dark edge, so it reads on the light map), and the `tag`
    (words, assets, size) beside it, on the side of the track that hides fewer city
    names and `avoid` rectangles; other moves have no place on the map. Returns the
    tag's rectangle (None: no tag drawn)."""
    vp = r.vp
    assert vp is not None
    at: tuple[float, float] | None = None
    away = (0.0, 1.0, 0.0)  # below
    if isinstance(action, ClaimRoute):
        slots = r.slots[action.route]
        for q in slots:  # a frame around each car: the car stays visible
            pts = r.px_quad(geo.car_quad(*geo.quad_center(q), geo.quad_angle(q),
                                         geo.CAR_LENGTH * 1.3, geo.CAR_WIDTH * 2.1))
            pygame.draw.polygon(surface, (0, 0, 0), pts, width + 2)
            pygame.draw.polygon(surface, col, pts, width)
        if slots:
            mid = slots[len(slots) // 2]
            at = r.px_quad([geo.quad_center(mid)])[0]
            a = math.radians(geo.quad_angle(mid))
            nx, ny = -math.sin(a), math.cos(a)  # across the track, the lower side
            if ny < 0 or (ny == 0 and nx < 0):
                nx, ny = -nx, -ny
            away = (nx, ny, vp.length(geo.CAR_WIDTH * 1.05) + width)
    elif isinstance(action, BuildStation):
        x, y = r.px_quad([r.cities[action.city]])[0]
        rad = geo.CITY_RADIUS * vp.scale * 2.6
        pygame.draw.circle(surface, (0, 0, 0), (x, y), rad + 2, width + 2)
        pygame.draw.circle(surface, col, (x, y), rad, width)
        at = (x, y)
        away = (0.0, 1.0, rad + width)
    if tag is None or at is None:
        return None
    words, assets, size = tag
    names = [rect for _, rect in r.label_boxes()]
    return draw_tag(surface, assets, words, col, at, size, away, [*names, *avoid])
