"""Keyboard play on the board: query keys answered in words, the city cursor, the claim
and station lists, the help overlay, and the caption line.

Every answer and every announcement is worded from the board's `shown_view` (the view of
whoever sits at the screen) and goes to the announcer, which captions it, logs it and
speaks it when speech is on.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from ttr.engine import Event, Pass, Stage
from ttr.i18n import _, number
from ttr.ui import theme
from ttr.ui.announce import (
    announcer_of,
    city_words,
    hand_words,
    history_words,
    market_words,
    narrate,
    scores_words,
    tickets_words,
    turn_words,
)
from ttr.ui.scenes.board_text import log_lines
from ttr.ui.widgets import note_text, panel

if TYPE_CHECKING:
    from ttr.ui.scenes.board import BoardScene

ARROWS: dict[int, tuple[float, float]] = {
    pygame.K_UP: (0.0, -1.0), pygame.K_DOWN: (0.0, 1.0),
    pygame.K_LEFT: (-1.0, 0.0), pygame.K_RIGHT: (1.0, 0.0),
}
CONE = math.radians(67.5)
"""How far off the arrow's direction a neighbouring city may lie."""
CAPTION_PIECE = 3.0
"""Seconds each piece of a long caption shows."""


MORE = " \u25b8"
"""The end of a caption piece that another follows (an arrow: the text goes on)."""


def caption_pieces(text: str, width_of: Callable[[str], int], width: int) -> list[str]:
    """`text` in pieces that fit `width`, broken between words, each but the last
    ending in `MORE` (the caption shows them in turn: nothing is cut, so no ellipsis)."""
    pieces: list[str] = []
    cur = ""
    for word in text.split():
        longer = f"{cur} {word}" if cur else word
        if cur and width_of(longer + MORE) > width:
            pieces.append(cur + MORE)
            cur = word
        else:
            cur = longer
    return [*pieces, cur]


class BoardKeys:
    """The board's keyboard layer (see `ttr.ui.keys.BOARD_KEYS`)."""

    def __init__(self, board: BoardScene) -> None:
        self.board = board
        self.announcer = announcer_of(board.ctx.extras)
        self.cursor: int | None = None
        """The city under the keyboard cursor (index into the map's cities)."""
        self.items: list[str] = []
        """The last answer's items (sentences), read one by one with , and ."""
        self.item = -1
        self.items_seat: int | None = None
        """Whose answer the items are (only that seat may read them)."""
        self._cap_text, self._cap_since, self._cap_n, self._cap_piece = "", 0.0, 1, 0
        """The caption shown, since when, in how many pieces, which one."""
        board.toast.on_show = lambda text: self.say(text, "alert")
        name, desc = board.map_def.game_map.name, _(board.session.config.description)
        intro = desc if desc.startswith(name) else board.intro
        # TRANSLATORS: said when a game starts: the map and rules, then whose turn it is
        self.say(_("{intro}. {turn}.").format(intro=intro,
                                               turn=turn_words(board.shown_view, board.names)))

    def say(self, text: str, kind: str = "event") -> None:
        """Announce as the seat at the screen."""
        self.announcer.say(text, self.board.shown_view.viewer, kind)

    def told(self, events: Sequence[Event]) -> None:
        """A move has been shown: announce it (and whose turn it is now)."""
        v = self.board.shown_view
        mine = (v.viewer is not None and v.public.current == v.viewer
                and v.public.stage != Stage.GAME_OVER)
        # your turn cuts the sentence being said (and is never dropped)
        self.say(narrate(events, v, self.board.names), "alert" if mine else "event")

    def caption_piece(self, now: float) -> int:
        """Which piece of a caption too long for its strip shows at `now`: each for
        `CAPTION_PIECE` seconds, then the first again (subtitles: never cut)."""
        return int((now - self._cap_since) / CAPTION_PIECE) % max(1, self._cap_n)

    def caption_due(self, now: float) -> bool:
        """The caption should show its next piece (the board redraws)."""
        return self._cap_n > 1 and self.caption_piece(now) != self._cap_piece

    def screen_changed(self, seat: int | None) -> None:
        """Another seat (or nobody) has the screen: the last answer's items belong to
        the seat that asked, so they go, with that seat's lines and speech."""
        self.items, self.item = [], -1
        self.announcer.screen_changed(seat)

    def screen_taken(self) -> None:
        """A curtain was dismissed: greet the new owner of the screen."""
        v = self.board.shown_view
        self.items, self.item = [], -1  # the seat before's answer is not for this one
        turn = turn_words(v, self.board.names)
        self.say(_("{player} at the screen. {turn}.").format(
            player=self.board.names[v.viewer], turn=turn) if v.viewer is not None
            else _("Nobody at the screen. {turn}.").format(turn=turn), "alert")

    # ------------------------------------------------------------ keys

    def handle(self, e: pygame.event.Event, busy: bool) -> bool:
        """True when the key was one of ours."""
        b = self.board
        v = b.shown_view
        names = b.names
        k = e.key
        if k in (pygame.K_LCTRL, pygame.K_RCTRL):
            self.announcer.silence()
            return True
        if k == pygame.K_F1 or e.unicode == "?":
            from ttr.ui.scenes.keyhelp import KeyHelpScene

            b.ctx.stack.push(KeyHelpScene(b.ctx))
            return True
        answers = {
            pygame.K_h: lambda: hand_words(v),
            pygame.K_i: lambda: tickets_words(v),
            pygame.K_s: lambda: scores_words(v, names),
            pygame.K_m: lambda: market_words(v),
            pygame.K_w: lambda: turn_words(v, names),
            pygame.K_l: lambda: history_words(list(log_lines(v, names))),
            pygame.K_r: lambda: (city_words(v, self.cursor, names) if self.cursor is not None
                                 else _("No city chosen: move the cursor with the arrows")),
        }
        if k in answers and not e.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            if k == pygame.K_l:  # the last move, on the map too
                b.last_flash = b.time
            text = answers[k]()
            self.items = [p for p in text.rstrip(".").split(". ") if p]
            self.item, self.items_seat = -1, v.viewer
            self.say(text, "reply")
            return True
        if k in (pygame.K_COMMA, pygame.K_PERIOD):
            self.read_item(k == pygame.K_PERIOD, bool(e.mod & pygame.KMOD_SHIFT))
            return True
        if k in ARROWS:
            self.move_cursor(ARROWS[k])
            return True
        if busy:
            return False
        if k == pygame.K_c:
            self.open_list("claim")
            return True
        if k == pygame.K_b:
            if not v.public.config.stations:
                self.say(_("This map has no stations"), "reply")
            else:
                self.open_list("station")
            return True
        only_pass = bool(v.legal) and all(isinstance(a, Pass) for a in v.legal)
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and only_pass:
            b.submit(Pass())
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.cursor is not None:
            self.open_list("claim", v.public.game_map.cities[self.cursor].name)
            return True
        return False

    def read_item(self, forward: bool, to_end: bool) -> None:
        """The last answer item by item (a long list need not be heard at once)."""
        if self.items_seat != self.board.shown_view.viewer:  # another seat asked
            self.items, self.item = [], -1
        if not self.items:
            self.say(_("Nothing to read: H, I, S, M, W, L or R answers first"), "reply")
            return
        n = len(self.items)
        if to_end:
            self.item = n - 1 if forward else 0
        else:
            self.item = min(n - 1, self.item + 1) if forward else max(0, self.item - 1)
        # TRANSLATORS: one item of a longer answer: "Ada 34 points, 2 of 5"
        self.say(_("{item}, {k} of {n}").format(item=self.items[self.item],
                                                 k=number(self.item + 1), n=number(n)), "reply")

    def open_list(self, kind: str, text: str = "") -> None:
        """Open the claim or station list."""
        from ttr.ui.scenes.command import CommandScene

        self.board.ctx.stack.push(CommandScene(self.board.ctx, self.board, kind, text))

    def move_cursor(self, d: tuple[float, float]) -> None:
        """Move the city cursor to the neighbour (joined by a route) lying nearest the
        arrow's direction; the first press puts it on the city nearest the map's middle."""
        b = self.board
        gm = b.shown_view.public.game_map
        pos = [b.renderer.cities[c.id] for c in gm.cities]
        if self.cursor is None:
            w, h = b.map_def.layout.size
            self.cursor = min(range(len(pos)), key=lambda i: math.dist(pos[i], (w / 2, h / 2)))
        else:
            here = pos[self.cursor]
            best: tuple[float, float, int] | None = None
            for r in gm.city_routes[self.cursor]:
                x, y = gm.ends[r]
                nb = y if x == self.cursor else x
                dx, dy = pos[nb][0] - here[0], pos[nb][1] - here[1]
                dist = math.hypot(dx, dy) or 1.0
                off = math.acos(max(-1.0, min(1.0, (dx * d[0] + dy * d[1]) / dist)))
                if off <= CONE and (best is None or (off, dist) < best[:2]):
                    best = (off, dist, nb)
            if best is None:
                self.say(_("No route that way from {city}").format(
                    city=gm.cities[self.cursor].name), "reply")
                return
            self.cursor = best[2]
        self.say(city_words(b.shown_view, self.cursor, b.names), "reply")

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        """The city cursor's ring and the caption line (the seat at the screen's lines)."""
        b = self.board
        lay = b.layout
        vp = b.renderer.vp
        if self.cursor is not None and vp is not None:
            gm = b.shown_view.public.game_map
            x, y = vp.to_px(b.renderer.cities[gm.cities[self.cursor].id])
            r = max(10, lay.font)
            pygame.draw.circle(surface, (0, 0, 0), (x, y), r + 2, 5)
            pygame.draw.circle(surface, theme.HILITE, (x, y), r, 3)
        viewer = b.shown_view.viewer
        lines = [a.text for a in self.announcer.history if a.seat == viewer][-1:]
        if not lines or b.toast.active or b.strip_taken:  # a toast shows (and says) the
            return  # newest line itself; a tooltip there is for the moment
        f = lay.font
        rect = lay.caption  # under the map: it never covers a name or a route
        panel(surface, rect, (0, 0, 0), theme.PANEL_EDGE, 6, alpha=215)
        font = b.ctx.assets.font(f, cond=True)
        if lines[-1] != self._cap_text:  # a new line starts at its first piece
            self._cap_text, self._cap_since = lines[-1], b.time
        pieces = caption_pieces(lines[-1], lambda s: font.size(s)[0], rect.w - 16)
        self._cap_n = len(pieces)
        self._cap_piece = self.caption_piece(b.time)
        text = pieces[self._cap_piece]
        img = b.ctx.assets.text(text, f, (255, 255, 255), cond=True)
        surface.blit(img, img.get_rect(midleft=(rect.x + 8, rect.centery)))
        note_text(surface, text, img.get_rect(midleft=(rect.x + 8, rect.centery)), f)
