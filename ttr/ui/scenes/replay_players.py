"""The replay viewer's players' column: a panel per player with their line, their hand
(a card per colour with its count on it) and their tickets (every one of them when the
panel is the chosen player's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ttr.engine import COLORS, LOCO, CardColor
from ttr.game.replays import ReplayFrame
from ttr.i18n import ngettext, number
from ttr.ui import theme
from ttr.ui.assets import render
from ttr.ui.scenes.board_text import ticket_name
from ttr.ui.symbols import player_mark
from ttr.ui.widgets import blit_text, note_text, panel

if TYPE_CHECKING:
    from ttr.ui.scenes.replay import ReplayScene


def draw_players(rv: ReplayScene, surface: pygame.Surface) -> None:
    """A panel per player, all alike; or the chosen player's filling the column and
    the others' just their names."""
    n, side, f = len(rv.names), rv.side, rv.font
    heads = [_head(rv, seat, side.w) for seat in range(n)]
    if rv.focus is None:
        heights = [side.h // n - 6] * n
    else:
        heights = [img.get_height() + f // 2 for img in heads]
        heights[rv.focus] = side.h - sum(heights) + heights[rv.focus] - 6 * n
    rv.panels = []
    y = side.y
    for seat in range(n):
        r = pygame.Rect(side.x, y, side.w, heights[seat])
        rv.panels.append(r)
        _draw_player(rv, surface, seat, r, heads[seat], full=rv.focus == seat)
        y = r.bottom + 6


def _head_text(rv: ReplayScene, seat: int) -> str:
    """`Ada · 29 points · 20 trains`."""
    pub = rv.frame.view.public.players[seat]
    pts = ngettext("{n} point", "{n} points", pub.route_points).format(
        n=number(pub.route_points))
    trains = ngettext("{n} train", "{n} trains", pub.trains).format(n=number(pub.trains))
    return f"{rv.names[seat]} \u00b7 {pts} \u00b7 {trains}"


def _head(rv: ReplayScene, seat: int, width: int) -> pygame.Surface:
    """A player's first line (wrapped when the column is narrow)."""
    f = rv.font
    return render(rv.ctx.assets.font(f, True), _head_text(rv, seat), theme.TEXT,
                  max(1, width - f * 2 - 8))


def _draw_player(rv: ReplayScene, surface: pygame.Surface, seat: int, r: pygame.Rect,
                 head: pygame.Surface, full: bool) -> None:
    """One player's panel: their line, their hand and as many tickets as fit."""
    a, fr, f = rv.ctx.assets, rv.frame, rv.font
    hot = seat == fr.actor and rv.step > 0
    panel(surface, r, theme.PANEL, theme.HILITE if hot else theme.PANEL_EDGE, 8)
    dot = (r.x + f // 2 + 6, r.y + f // 4 + f * 2 // 3)
    if a.colorblind:
        player_mark(surface, rv.player_rgb[seat], dot, f // 2 + 3)
    else:
        pygame.draw.circle(surface, rv.player_rgb[seat], dot, f // 2 + 2)
        pygame.draw.circle(surface, theme.outline_for(rv.player_rgb[seat]), dot,
                           f // 2 + 2, 1)  # the black player's dot shows on the panel
    at = head.get_rect(topleft=(r.x + f * 2, r.y + f // 4))
    if at.bottom > r.bottom:
        return
    surface.blit(head, at)
    note_text(surface, _head_text(rv, seat), at, f)
    room = r.bottom - at.bottom - f // 2
    if room < f * 3 // 2:
        return
    cards = pygame.Rect(r.x + 8, at.bottom + f // 4, r.w - 16, min(int(f * 2.4), room))
    _draw_hand(rv, surface, fr, seat, cards)
    top = cards.bottom + f // 3
    _draw_tickets(rv, surface, seat, pygame.Rect(r.x + 8, top, r.w - 16, r.bottom - top - 4),
                  full)


def _draw_tickets(rv: ReplayScene, surface: pygame.Surface, seat: int, r: pygame.Rect,
                  full: bool) -> None:
    """The seat's tickets in `r` (two columns when they fit), the rest counted."""
    a, fr = rv.ctx.assets, rv.frame
    gm = fr.view.public.game_map
    tickets = fr.tickets[seat]
    fs = rv.font
    row = int(fs * 1.25)
    if not tickets or r.h < row:
        return
    rows = max(1, r.h // row)
    done = rv.completed(seat)
    labels = [(("\u2714 " if t in done else "") + ticket_name(gm, t), gm.ticket_by_id[t].points,
               t in done) for t in tickets]
    font = a.font(fs, cond=True)
    widest = max(font.size(text)[0] for text, _p, _d in labels) + fs * 3
    cols = 2 if len(labels) > rows and widest * 2 + 10 <= r.w else 1
    more = len(labels) - rows * cols
    if more > 0:  # the last row says how many more there are
        more = len(labels) - (rows - 1) * cols
        labels = labels[:(rows - 1) * cols]
        rows -= 1
    cw = (r.w - 10 * (cols - 1)) // cols
    for i, (text, points, ok) in enumerate(labels):
        c, k = divmod(i, rows)
        x, y = r.x + c * (cw + 10), r.y + k * row
        ink = theme.GOOD if ok else theme.TEXT
        blit_text(surface, a, text, fs, ink, (x, y), cond=True, max_width=cw - fs * 2)
        blit_text(surface, a, str(points), fs, ink, (x + cw, y), "topright", bold=True)
    if more > 0:
        text = _more_tickets(more, bool(labels), full).format(n=number(more))
        if font.size(text)[0] > r.w:  # no room for the hint: the count alone
            text = (ngettext("{n} more ticket", "{n} more tickets", more) if labels
                    else ngettext("{n} ticket", "{n} tickets", more)).format(n=number(more))
        blit_text(surface, a, text, fs, theme.ACCENT, (r.x, r.y + rows * row), cond=True,
                  max_width=r.w)


def _draw_hand(rv: ReplayScene, surface: pygame.Surface, fr: ReplayFrame, seat: int,
               r: pygame.Rect) -> None:
    """The hand's cards, one per colour, each with its count on it."""
    a, f = rv.ctx.assets, rv.font
    hand = fr.hands[seat]
    colors: list[CardColor] = [c for c in (*COLORS, LOCO) if hand.count(c)]
    gap = max(3, f // 5)
    cw = min(r.h * 2 // 3, (r.w - 8 * gap) // 9)
    ch = min(r.h, cw * 3 // 2)
    for i, c in enumerate(colors):
        x = r.x + i * (cw + gap)
        surface.blit(a.card(c, cw, ch), (x, r.y))
        img = a.text(str(hand.count(c)), f, theme.TEXT, bold=True)
        badge = img.get_rect(bottomright=(x + cw - 2, r.y + ch - 2)).inflate(6, 0)
        panel(surface, badge, (20, 20, 24), theme.PANEL_EDGE, 4, alpha=220)
        at = img.get_rect(center=badge.center)
        surface.blit(img, at)
        note_text(surface, str(hand.count(c)), at, f)


def _more_tickets(n: int, shown: bool, full: bool) -> str:
    """The line under a player's tickets that says how many more there are (`{n}` to
    fill in): `shown`, some are listed above; `full`, the panel is already the big one."""
    if shown and full:
        return ngettext("{n} more ticket (a bigger window shows them)",
                        "{n} more tickets (a bigger window shows them)", n)
    if shown:
        return ngettext("{n} more ticket: click to show them",
                        "{n} more tickets: click to show them", n)
    if full:
        return ngettext("{n} ticket (a bigger window shows them)",
                        "{n} tickets (a bigger window shows them)", n)
    return ngettext("{n} ticket: click to show them", "{n} tickets: click to show them", n)
