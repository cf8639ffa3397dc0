"""State the table shows that the bare map does not: the last move (flashed on the map when
it happens and again with L, then marked until the next move), who holds the longest path
/ European Express now (from the engine's scoring on the public view), and a compact score
track in each player's panel.

Pure drawing and lookups on the shown (public) view: nothing private, no rules here.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ttr.engine import FinalRound, RouteClaimed, StationBuilt
from ttr.engine.table import path_lengths
from ttr.engine.view import PlayerView, PublicState
from ttr.i18n import number
from ttr.ui import geometry as geo
from ttr.ui import theme
from ttr.ui.widgets import blit_text

if TYPE_CHECKING:
    from ttr.ui.assets import Assets
    from ttr.ui.maprender import MapRenderer
    from ttr.ui.scenes.board_host import BoardHost

FLASH = 3.0
"""Seconds the last move stays highlighted after it happens (or after L)."""
TRACK_MIN = 100
"""The score track's length in points (longer when someone passes it)."""

LastMove = tuple[int, str, str]
"""(seat, "route" or "station", route or city id)."""

_PATHS: dict[tuple[int, int, tuple[int | None, ...]], tuple[int, ...]] = {}


def last_move(view: PlayerView) -> LastMove | None:
    """The latest claim or station in the shown view's log."""
    for e in reversed(view.log):
        if isinstance(e, RouteClaimed):
            return (e.seat, "route", e.route)
        if isinstance(e, StationBuilt):
            return (e.seat, "station", e.city)
    return None


def paths_now(public: PublicState) -> tuple[int, ...]:
    """Each seat's longest path now (engine scoring, cached per map, seat count and
    ownership: a new game may have the same map and owners but more seats)."""
    key = (id(public.game_map), len(public.players), public.owners)
    got = _PATHS.get(key)
    if got is None:
        if len(_PATHS) > 16:
            _PATHS.clear()
        got = _PATHS[key] = path_lengths(public)
    return got


def path_leaders_now(public: PublicState) -> tuple[int, ...]:
    """Seats that would take the path bonus if the game ended now."""
    lengths = paths_now(public)
    best = max(lengths, default=0)
    return tuple(s for s, n in enumerate(lengths) if n == best and n > 0)


def latest_is_claim(view: PlayerView) -> bool:
    """Whether the last move anyone made is the last claim or station (no one has moved
    since: no card, ticket or tunnel event of a seat after it)."""
    for e in reversed(view.log):
        if isinstance(e, (RouteClaimed, StationBuilt)):
            return True
        if not isinstance(e, FinalRound) and getattr(e, "seat", None) is not None:
            return False
    return False


def draw_last_move(board: BoardHost, surface: pygame.Surface, since: float) -> None:
    """A pulsing ring around the last claim or station for `FLASH` seconds after it, then
    a steady one until the next move."""
    mark_last_move(surface, board.renderer, board.shown_view, since)


def mark_last_move(surface: pygame.Surface, r: MapRenderer, view: PlayerView,
                   since: float) -> None:
    """The last claim or station of `view` on `r`'s map: pulsing while `since` (seconds
    after it) < `FLASH`, then steady while it is the latest move (the replay viewer
    passes `FLASH`: steady)."""
    if since >= FLASH and not latest_is_claim(view):
        return
    mv = last_move(view)
    vp = r.vp
    if mv is None or vp is None:
        return
    seat, kind, what = mv
    pulse = 0.5 + 0.5 * math.cos(since * math.tau * 1.2) if since < FLASH else 0.0
    col = theme.mix(theme.HILITE, (255, 255, 255), pulse * 0.5)
    w = max(2, round(vp.scale * (2.5 + 1.5 * pulse)))
    if kind == "route" and what in r.slots:
        for q in r.slots[what]:
            pts = r.px_quad(geo.grow_quad(q, 1.25, 1.9))
            pygame.draw.polygon(surface, col, pts, w)
    elif kind == "station" and what in r.cities:
        x, y = r.px_quad([r.cities[what]])[0]
        pygame.draw.circle(surface, col, (x, y), geo.CITY_RADIUS * vp.scale * 3, w)


def draw_track(surface: pygame.Surface, row: pygame.Rect, score: float, top: float,
               rgb: theme.RGB, stripe_w: int) -> None:
    """A thin score track along the bottom of a player's panel: the bar is this seat's
    score on a track of `TRACK_MIN` points (or the leader's score, if higher)."""
    length = max(TRACK_MIN, top)
    h = max(3, row.h // 14)
    track = pygame.Rect(row.x + stripe_w + 2, row.bottom - h - 2, row.w - stripe_w - 8, h)
    pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.BG, 0.5), track, border_radius=h)
    fill = track.copy()
    fill.w = max(0, round(track.w * max(0.0, score) / length))
    if fill.w:
        pygame.draw.rect(surface, rgb, fill, border_radius=h)
        pygame.draw.rect(surface, theme.outline_for(rgb), fill, 1, border_radius=h)
    for k in range(25, round(length), 25):  # ticks every 25 points
        x = track.x + round(track.w * k / length)
        pygame.draw.line(surface, theme.PANEL_EDGE, (x, track.y), (x, track.bottom - 1))


ICON_W = (1.5, 0.95, 1.2)
"""The widths of the car, card and ticket pictures of `count_icons`, in body sizes."""


def count_icons(surface: pygame.Surface, assets: Assets, at: tuple[int, int], f: int,
                rgb: theme.RGB, counts: tuple[int, int, int]) -> None:
    """A player's trains, cards and tickets as pictures with their numbers (a car in the
    player's colour as on the map, two cards of a hand, a ticket), the
    numbers at the body size `f` with their bottom-left at `at`: the same in every
    language, for a panel too narrow for the worded line."""
    x, y = at
    font = assets.font(f, cond=True)
    mid = y - font.get_height() // 2 - 1  # the middle of the numbers' line
    for i, (n, wk) in enumerate(zip(counts, ICON_W, strict=True)):
        w = round(wk * f)
        if i == 0:
            icon = assets.car(rgb, w - 4, max(4, round(f * 0.55)))
        elif i == 1:
            icon = _cards_icon(w, round(f * 0.95))
        else:
            icon = _ticket_icon(w, round(f * 0.8))
        surface.blit(icon, icon.get_rect(midleft=(x, mid)))
        x += w + round(f * 0.3)
        r = blit_text(surface, assets, number(n), f, theme.TEXT, (x, y), "bottomleft",
                      cond=True)
        x = r.right + round(f * 0.8)


def _ticket_icon(w: int, h: int) -> pygame.Surface:
    """A small destination ticket: a paper card with two cities joined by a route."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    r = s.get_rect()
    pygame.draw.rect(s, (238, 222, 180), r, border_radius=max(2, h // 5))
    pygame.draw.rect(s, (150, 110, 60), r, 1, border_radius=max(2, h // 5))
    a, b = (round(w * 0.27), round(h * 0.62)), (round(w * 0.73), round(h * 0.38))
    pygame.draw.line(s, (176, 60, 50), a, b, max(1, h // 8))
    for c in (a, b):
        pygame.draw.circle(s, (120, 80, 40), c, max(2, h // 7))
    return s


def _cards_icon(w: int, h: int) -> pygame.Surface:
    """Two train cards of a hand, the second over the first (white rims, as the cards)."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    cw = round(h * 0.68)
    for dx, dy, rgb in ((w - cw, 0, (200, 72, 60)), (0, max(1, h // 8), (64, 112, 196))):
        card = pygame.Rect(dx, dy, cw, h - max(1, h // 8))
        pygame.draw.rect(s, (250, 248, 240), card, border_radius=max(2, cw // 5))
        pygame.draw.rect(s, rgb, card.inflate(-4, -4), border_radius=max(1, cw // 6))
        pygame.draw.rect(s, (40, 36, 30), card, 1, border_radius=max(2, cw // 5))
    return s
