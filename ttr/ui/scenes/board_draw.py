"""Drawing of the board scene: map layers, highlights, side bar, hand, tickets, overlays.

Pure drawing: reads the scene, never changes game or scene state.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ttr.engine import COLORS, LOCO, ClaimRoute, DrawDeck, DrawFaceUp, DrawTickets, Pass, PlayerView
from ttr.engine.table import closed_twins
from ttr.i18n import _, number, pgettext
from ttr.ui import geometry as geo
from ttr.ui import theme
from ttr.ui.mappaint import draw_car
from ttr.ui.rules_text import path_bonus_name
from ttr.ui.scenes.board_table import (
    count_icons,
    draw_last_move,
    draw_track,
    path_leaders_now,
    paths_now,
)
from ttr.ui.scenes.board_text import log_lines, route_tip, turn_banner
from ttr.ui.symbols import player_mark
from ttr.ui.widgets import blit_text, note_text, panel
from ttr.ui.words import counted, is_you

if TYPE_CHECKING:
    from ttr.ui.scenes.board_host import BoardHost
    from ttr.ui.viewport import BoardLayout


def hand_groups(view: PlayerView) -> list[tuple[object, int]]:
    """(colour, count) of the viewer's hand, colours in card order, locomotives last."""
    if view.me is None:
        return []
    h = view.me.hand
    return [(c, h.count(c)) for c in (*COLORS, LOCO) if h.count(c)]


HAND_SLOTS = 6
"""Card widths the hand row keeps room for (more colours make the cards narrower)."""
STACK_SHOWN = 6
"""The most cards of one colour drawn fanned out (the badge gives the count)."""


def hand_stacks(lay: BoardLayout, groups: list[tuple[object, int]]) -> list[list[pygame.Rect]]:
    """Each colour group of the hand as a fan of its cards, left to right (the last rect is
    the top card, with the count): cards as tall as the row allows (narrower when more than
    `HAND_SLOTS` colours are held), fanned out across the row's width, as a hand is held."""
    r, pad = lay.hand, lay.pad
    top = r.y + lay.font + pad
    n = max(len(groups), 1)
    room = r.bottom - top
    cw = min(room / 1.45, (r.w - (max(n, HAND_SLOTS) - 1) * pad) / max(n, HAND_SLOTS))
    ch = min(room, cw * 1.45)
    shown = [min(k, STACK_SHOWN) for _, k in groups]
    extra = sum(k - 1 for k in shown)
    spare = r.w - n * cw - (n - 1) * pad
    step = min(cw * 0.45, spare / extra) if extra else 0.0
    if step < 2:  # no room to fan (many colours in a small window): one card each
        shown, step = [1] * len(groups), 0.0
    out, x = [], float(r.x)
    for k in shown:
        out.append([pygame.Rect(round(x + i * step), top, round(cw), round(ch))
                    for i in range(k)])
        x += cw + (k - 1) * step + pad
    return out


def ticket_rects(board: BoardHost) -> list[tuple[str, pygame.Rect]]:
    """Rects of my tickets in the tickets panel: one full-width row each, from the
    scrolled-to row down as far as the panel goes (the wheel scrolls the rest)."""
    v = board.shown_view
    if v.me is None:
        return []
    r = board.layout.tickets
    rh = ticket_row_h(board)
    top = r.y + rh * (2 if heading_below(board) else 1)
    rows = max(1, (r.bottom - top) // rh)
    first = min(board.ticket_scroll, max(0, len(v.me.tickets) - rows))
    return [(t, pygame.Rect(r.x, top + i * rh, r.w, rh - 2))
            for i, t in enumerate(v.me.tickets[first:first + rows])]


def ticket_heads(board: BoardHost, done: int) -> list[str]:
    """The tickets panel's heading, longest first (the longest that fits shows); each
    says what the numbers count."""
    v = board.shown_view
    all_n = number(0 if v.me is None else len(v.me.tickets))
    done_n = number(done)
    # TRANSLATORS: the ticket panel's heading, longest first (the longest that fits shows)
    return [_("Your tickets ({done}/{all} done)").format(done=done_n, all=all_n),
            _("Tickets {done}/{all} done").format(done=done_n, all=all_n),
            _("Tickets {done}/{all}").format(done=done_n, all=all_n)]


def heading_below(board: BoardHost) -> bool:
    """Whether the tickets panel's heading takes a line of its own under the Show on map
    button (the ticket rows one line lower): where even its shortest form does not fit
    beside the button (the layout widens the panel for it, up to a cap)."""
    if board.shown_view.me is None:
        return False
    lay, a = board.layout, board.ctx.assets
    f = lay.font
    room = board.tickets_toggle.rect.x - lay.tickets.x - f // 2
    short = ticket_heads(board, len(board.shown_view.me.tickets))[-1]
    return a.text(short, f, theme.ACCENT, bold=True).get_width() > room


def ticket_row_h(board: BoardHost) -> int:
    """The height of one ticket row."""
    return round(board.layout.font * 1.6)


def ticket_at(board: BoardHost, pos: tuple[int, int]) -> str | None:
    """My ticket under the mouse."""
    for t, r in ticket_rects(board):
        if r.collidepoint(pos):
            return t
    return None


def draw_board(board: BoardHost, surface: pygame.Surface) -> bool:
    """The whole board frame; True when a tooltip holds the strip under the map (the
    caption line gives way to it, as to a toast)."""
    lay = board.layout
    surface.fill(theme.BG)
    pygame.draw.rect(surface, theme.mix(theme.BG, (0, 0, 0), 0.25), lay.side)
    pygame.draw.line(surface, theme.PANEL_EDGE, lay.side.topleft, lay.side.bottomleft, 1)
    _map(board, surface)
    _players(board, surface)
    _market(board, surface)
    _log(board, surface)
    _hand(board, surface)
    _tickets(board, surface)
    _sprites(board, surface)
    _banner(board, surface)
    _reveal(board, surface)
    if _tooltip(board, surface):
        return True  # the strip under the map holds the tooltip
    # in the caption strip under the map (the caption gives way): it covers no name
    board.toast.draw(surface, board.ctx.assets, lay.caption.center, lay.caption.w)
    return False


# ---------------------------------------------------------------- map


def _map(board: BoardHost, surface: pygame.Surface) -> None:
    """The map, clipped to its rectangle (it is larger when zoomed in)."""
    clip = surface.get_clip()
    surface.set_clip(board.layout.map.clip(clip))
    try:
        _map_layers(board, surface)
    finally:
        surface.set_clip(clip)


def _map_layers(board: BoardHost, surface: pygame.Surface) -> None:
    r = board.renderer
    vp = r.vp
    assert vp is not None and r.static is not None
    v = board.shown_view
    closed = closed_twins(v.public)
    r.draw(surface, v.public.owners, board.player_rgb, closed)  # scaled while a zoom settles
    stations = dict(board.overrides.get("stations", {}))
    gm = v.public.game_map
    for i, owner in enumerate(v.public.stations):
        if owner is not None:
            stations.setdefault(gm.cities[i].id, owner)
    for cid, seat in stations.items():
        _station(surface, r.px_quad([r.cities[cid]])[0], vp.scale, board.player_rgb[seat])
    my_ticket_marks(board, surface)
    draw_last_move(board, surface, board.time - board.last_flash)
    # tickets being chosen (kept ones bright), then the hovered ticket: their two cities
    rad = geo.CITY_RADIUS * vp.scale * 2.2
    width = max(3, round(vp.scale * 3))
    # the viewer's own offer only (the chooser is theirs; the board shows their view)
    offered = board.offered if v.me is not None and set(board.offered) <= set(v.me.offer) else ()
    for t_id in offered:
        t = gm.ticket_by_id[t_id]
        a, b = (r.px_quad([r.cities[c]])[0] for c in (t.a, t.b))
        col = theme.ACCENT if t_id in board.chosen else theme.mix(theme.ACCENT, theme.LAND, 0.5)
        pygame.draw.line(surface, col, a, b, max(1, width // 2))
        for x, y in (a, b):
            pygame.draw.circle(surface, col, (x, y), rad, width)
    mine = () if v.me is None else (*v.me.tickets, *v.me.offer)  # the viewer's own only
    if board.hover_ticket is not None and board.hover_ticket in mine:
        t = gm.ticket_by_id[board.hover_ticket]
        for cid in (t.a, t.b):
            x, y = r.px_quad([r.cities[cid]])[0]
            pygame.draw.circle(surface, theme.HILITE, (x, y), rad, width)
    # hovered route
    rid = board.hover_route
    if rid is not None and not board.queue.busy:
        legal = any(isinstance(a, ClaimRoute) and a.route == rid for a in v.legal)
        col = theme.HILITE if legal else (255, 255, 255)
        w = 3 if legal else 2
        for q in r.slots[rid]:
            pygame.draw.polygon(surface, col, r.px_quad(q), w)
    # cars dropping in
    for s in board.sprites:
        if s.kind == "car":
            pts = r.px_quad(s.data["quad"])
            draw_car(surface, pts, s.data["rgb"], lift=s.data["lift"] * vp.scale,
                     mark=board.ctx.assets.colorblind)


def _station(surface: pygame.Surface, c: tuple[float, float], scale: float,
             rgb: theme.RGB) -> None:
    """A station: a house in the owner's colour with a shadow and a contrasting rim, set
    above the city's dot (never a disc, so it cannot pass for one)."""
    s = max(7.0, 12 * scale)
    x, y = c[0], c[1] - s * 0.55
    pts = [(x - s, y + s * 0.1), (x, y - s * 1.0), (x + s, y + s * 0.1), (x + s * 0.8, y + s),
           (x - s * 0.8, y + s)]
    off = max(1.5, s * 0.18)
    pygame.draw.polygon(surface, (20, 16, 12), [(px + off, py + off) for px, py in pts])
    pygame.draw.polygon(surface, rgb, pts)
    pygame.draw.polygon(surface, theme.outline_for(rgb), pts, max(1, round(s / 7)))


# ---------------------------------------------------------------- side bar


SEP = " \u00b7 "
"""Between the counts of a player's panel."""


def pack(font: pygame.font.Font, pieces: list[str], widths: list[int]) -> list[str]:
    """`pieces` in order on lines of `widths`, as many whole ones on each as fit (one at
    least); what is left goes on the last line (none is left out)."""
    rows: list[str] = []
    for k, w in enumerate(widths):
        row: list[str] = []
        while pieces and (not row or font.size(SEP.join([*row, pieces[0]]))[0] <= w):
            row.append(pieces.pop(0))
        if k == len(widths) - 1:
            row += pieces
        rows.append(SEP.join(row))
    return [t for t in rows if t]


def counts_line(trains: int, cards: int, tickets: int) -> str:
    """A player's counts in their panel."""
    # TRANSLATORS: a player's counts in their panel, short words
    return _("trains {trains} \u00b7 cards {cards} \u00b7 tickets {tickets}").format(
        trains=number(trains), cards=number(cards), tickets=number(tickets))


def text_left(row: pygame.Rect, f: int, colorblind: bool) -> int:
    """Where a player panel's name and counts start: after its colour stripe (and the
    player's symbol in colour-blind mode)."""
    return row.x + max(8, row.h // 6) + f // 2 + (int(f * 1.6) if colorblind else 0)


def counts_as_pictures(board: BoardHost) -> bool:
    """Whether the compact player panels show the counts as pictures (`count_icons`):
    when the worded line of the widest counts (45 trains, 12 cards, 10 tickets) does not
    fit beside a score of three digits in the language spoken (every panel alike)."""
    lay, a = board.layout, board.ctx.assets
    f = lay.font
    r = lay.player_row(0)
    room = r.right - f - a.font(int(f * 1.5), bold=True).size("100")[0] - text_left(
        r, f, a.colorblind)
    return a.font(f, cond=True).size(counts_line(45, 12, 10))[0] > room


def _players(board: BoardHost, surface: pygame.Surface) -> None:
    lay, a, v = board.layout, board.ctx.assets, board.shown_view
    f = lay.font
    paths = paths_now(v.public)
    leaders = path_leaders_now(v.public) if v.public.config.longest_path_bonus else ()
    bonus = path_bonus_name(v.public.game_map.id)
    top_score = max((board.counters[s].x if s in board.counters else pp.route_points)
                    for s, pp in enumerate(v.public.players))
    pictures = lay.compact and counts_as_pictures(board)
    for p in v.public.players:
        r = lay.player_row(p.seat)
        current = p.seat == v.public.current and v.public.stage.name != "GAME_OVER"
        fill = theme.mix(theme.PANEL, (255, 255, 255), 0.08) if current else theme.PANEL
        panel(surface, r, fill, theme.ACCENT if current else theme.PANEL_EDGE, 8)
        rgb = board.player_rgb[p.seat]
        stripe = pygame.Rect(r.x, r.y, max(8, r.h // 6), r.h)
        pygame.draw.rect(surface, rgb, stripe, border_top_left_radius=8,
                         border_bottom_left_radius=8)
        pygame.draw.rect(surface, theme.outline_for(rgb), stripe, 1, border_top_left_radius=8,
                         border_bottom_left_radius=8)
        x = text_left(r, f, a.colorblind)
        score = board.counters[p.seat].x if p.seat in board.counters else p.route_points
        draw_track(surface, r, score, top_score, rgb, stripe.w)
        big = int(f * 1.5)  # the score, at the bottom right
        digits = a.font(big, bold=True)
        pts = digits.size(str(round(score)))
        tops = [m[3] for m in digits.metrics(str(round(score))) if m]
        low = (r.bottom - max(3, r.h // 14) - pts[1]  # the top of its digits
               + digits.get_ascent() - max(tops, default=digits.get_ascent()))
        full, beside = r.right - f // 2, r.right - f - pts[0]  # (clear of the score)
        name_end = beside if r.y + f // 3 + a.font(f, bold=True).get_linesize() > low else full
        if a.colorblind:
            mark_x = stripe.right + f // 2 + f * 0.6
            player_mark(surface, rgb, (mark_x, r.y + f // 3 + f * 0.6), f * 0.62)
        spec = board.session.seats[p.seat]
        level = board.agent_labels[p.seat]
        name = spec.name + ("" if spec.agent is None else f" \u00b7 {_(level)}")
        if p.seat == v.viewer and not is_you(spec.name):
            # TRANSLATORS: a player's name in their panel, when it is the viewer's own
            name = _("{name} (you)").format(name=name)
        if p.seat in leaders:  # holds the path bonus if the game ended now: its name,
            # or the star alone where the player's name would not fit beside it
            need = a.font(f, bold=True, cond=True).size(name)[0] + f // 2
            pill = f"\u2605 {bonus}"
            if a.font(f, bold=True, cond=True).size(pill)[0] > r.right - f // 2 - x - need:
                pill = "\u2605"
            at = blit_text(surface, a, pill, f, theme.ACCENT, (r.right - f // 2, r.y + 2),
                           "topright", bold=True, cond=True)
            name_end = min(name_end, at.x - f // 2)
        blit_text(surface, a, name, f, theme.TEXT, (x, r.y + f // 3), bold=True,
                  max_width=max(1, name_end - x))
        blit_text(surface, a, str(round(score)), big, theme.ACCENT,
                  (r.right - f // 2, r.bottom - max(3, r.h // 14)), "bottomright", bold=True)
        # two stats lines at the body size (one line of all five was cut to ~11 px)
        stats = [counts_line(p.trains, p.hand_size, p.tickets),
                 (_("stations {n} \u00b7 path {path}") if v.public.config.stations
                  else _("path {path}")).format(n=number(p.stations),
                                                path=number(paths[p.seat]))]
        bottom = r.bottom - max(3, r.h // 14) - max(3, f // 4)
        cf = a.font(f, cond=True)
        if lay.compact:  # big text: one line, all three counts (S reads stations and path)
            stats = stats[:1]
            if pictures or cf.size(stats[0])[0] > (beside if bottom > low else full) - x:
                count_icons(surface, a, (x, bottom), f, rgb, (p.trains, p.hand_size, p.tickets))
                stats = []
        ys = [bottom - i * round(f * 1.2) for i in reversed(range(len(stats)))]
        widths = [(beside if y > low else full) - x for y in ys]
        rows = stats if all(cf.size(t)[0] <= w for t, w in zip(stats, widths, strict=True)) \
            else pack(cf, [q for t in stats for q in t.split(SEP)], widths)
        for y, line in zip(ys, rows, strict=False):
            blit_text(surface, a, line, f, theme.TEXT_DIM, (x, y), "bottomleft", cond=True,
                      max_width=(beside if y > low else full) - x)
        if current:
            pygame.draw.polygon(surface, theme.ACCENT, [(r.x - 2, r.centery - 7),
                                                        (r.x + 5, r.centery),
                                                        (r.x - 2, r.centery + 7)])


def _market(board: BoardHost, surface: pygame.Surface) -> None:
    lay, a, v = board.layout, board.ctx.assets, board.shown_view
    legal = v.legal
    over = board.overrides.get("faceup", {})
    busy = board.queue.busy
    for i, color in enumerate(v.public.faceup):
        if i in over:
            color = over[i]
        r = lay.faceup_rect(i)
        if color is None:
            pygame.draw.rect(surface, theme.PANEL, r, border_radius=6)
            pygame.draw.rect(surface, theme.PANEL_EDGE, r, 1, border_radius=6)
            continue
        surface.blit(a.card(color, r.w, r.h), r)
        ok = not busy and DrawFaceUp(i) in legal
        _glow(surface, r, ok, board.hover_market == f"faceup{i}")
    d = lay.deck_rect()
    only_pass = bool(legal) and all(isinstance(x, Pass) for x in legal)
    if only_pass and not busy:
        board.pass_button.draw(surface, a)
    else:
        _pile(surface, board, d, a.card(None, int(d.h * 1.45), d.h),
              (pgettext("pile", "deck"), v.public.deck_size), DrawDeck() in legal and not busy,
              "deck")
    t = lay.ticket_deck_rect()
    _pile(surface, board, t, a.ticket(int(t.h * 1.45), t.h),
          (pgettext("pile", "tickets"), v.public.ticket_deck_size),
          DrawTickets() in legal and not busy, "tickets")


def _pile(surface: pygame.Surface, board: BoardHost, r: pygame.Rect, img: pygame.Surface,
          label: tuple[str, int], ok: bool, key: str) -> None:
    a = board.ctx.assets
    name, num = label
    f = board.layout.font
    words = max(a.font(f).size(name)[0], a.font(int(f * 1.2), bold=True).size(number(num))[0])
    fit = max(r.w * 0.3, min(r.w * 0.62, r.w - words - f // 2))  # the pile, then its words
    img_r = img.get_rect(midleft=(r.x, r.centery))
    if img_r.w > fit:
        img = pygame.transform.smoothscale(img, (int(fit), int(fit / 1.45)))
        img_r = img.get_rect(midleft=(r.x, r.centery))
    for k in (2, 1):
        surface.blit(img, img_r.move(k * 2, -k * 2))
    surface.blit(img, img_r)
    _glow(surface, img_r, ok, board.hover_market == key)
    blit_text(surface, a, number(num), int(f * 1.2), theme.TEXT,
              (img_r.right + f // 2, r.centery), "bottomleft", bold=True)
    blit_text(surface, a, name, f, theme.TEXT_DIM,
              (img_r.right + f // 2, r.centery), "topleft")


def _glow(surface: pygame.Surface, r: pygame.Rect, ok: bool, hover: bool) -> None:
    if ok:
        pygame.draw.rect(surface, theme.HILITE if hover else theme.ACCENT, r.inflate(4, 4),
                         3 if hover else 2, border_radius=7)


def faded(img: pygame.Surface, top: float = 0.2, bottom: float = 0.6) -> pygame.Surface:
    """A copy of `img` (text with per-pixel alpha) fading from `top` of its opacity at its
    top edge to `bottom` at its bottom edge: the end of an entry scrolled off above."""
    out = img.copy()
    w, h = out.get_size()
    shade = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    for row in range(h):
        k = top + (bottom - top) * row / max(1, h - 1)
        pygame.draw.line(shade, (255, 255, 255, round(255 * k)), (0, row), (w, row))
    out.blit(shade, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _log(board: BoardHost, surface: pygame.Surface) -> None:
    lay, a = board.layout, board.ctx.assets
    r = lay.log
    if r.h < 40:
        return
    panel(surface, r, theme.mix(theme.PANEL, theme.BG, 0.4), theme.PANEL_EDGE, 8)
    f = lay.font  # body text (it was 11 px at 1280x720)
    blit_text(surface, a, _("Game log"), f, theme.ACCENT, (r.x + 8, r.y + 6), bold=True)
    y = r.bottom - 6
    top = r.y + f + 12
    step = a.font(f, cond=True).get_linesize()
    for line in (*log_lines(board.shown_view, board.names, board.notes), board.intro):
        img = board.log_image(line, f, r.w - 16)
        y -= img.get_height() + 2
        if y < top:  # the older entry's last whole lines, as a scrolled log shows them,
            cut = -(-(top - y) // step) * step  # fading out upwards (the rest scrolled off)
            if cut < img.get_height():
                part = pygame.Rect(0, cut, img.get_width(), img.get_height() - cut)
                surface.blit(faded(img.subsurface(part)), (r.x + 8, y + cut))
                note_text(surface, line, part.move(r.x + 8, y), f)
            break
        surface.blit(img, (r.x + 8, y))
        note_text(surface, line, img.get_rect(topleft=(r.x + 8, y)), f)


# ---------------------------------------------------------------- bottom bar


def _hand(board: BoardHost, surface: pygame.Surface) -> None:
    lay, a, v = board.layout, board.ctx.assets, board.shown_view
    f = lay.font
    if v.me is None:
        people = board.session.hot_seat
        title = _("Cards hidden") if people else _("Spectating")
        note = (_("Hands and tickets stay hidden until the next player takes the screen.")
                if people else _("All seats are played by the computer."))
        blit_text(surface, a, title, f, theme.ACCENT, lay.hand.topleft, bold=True)
        blit_text(surface, a, note, f, theme.TEXT_DIM, (lay.hand.x, lay.hand.y + f * 2),
                  max_width=lay.hand.w)
        return
    blit_text(surface, a, _("Your cards"), f, theme.ACCENT, lay.hand.topleft, bold=True)
    groups = hand_groups(v)
    for (color, n), stack in zip(groups, hand_stacks(lay, groups), strict=True):
        for r in stack:
            surface.blit(a.card(color, r.w, r.h), r)  # type: ignore[arg-type]
        r = stack[-1]
        badge = pygame.Rect(0, 0, int(f * 1.8), int(f * 1.5))
        badge.center = (r.centerx, r.bottom - badge.h // 2 - 4)
        pygame.draw.rect(surface, (20, 20, 24), badge, border_radius=badge.h // 2)
        pygame.draw.rect(surface, theme.TEXT, badge, 1, border_radius=badge.h // 2)
        blit_text(surface, a, str(n), f, theme.TEXT, badge.center, "center", bold=True)
    total = sum(n for _, n in groups)
    blit_text(surface, a, counted(total, "card"), f, theme.TEXT_DIM,
              (lay.hand.right, lay.hand.y), "topright")


def _tickets(board: BoardHost, surface: pygame.Surface) -> None:
    lay, a, v = board.layout, board.ctx.assets, board.shown_view
    f = lay.font
    if v.me is None:
        return
    done = board.completed_tickets()
    tog = board.tickets_toggle
    tog.selected = board.show_my_tickets
    tog.draw(surface, a, f)
    rects = ticket_rects(board)
    n = len(v.me.tickets)
    at: tuple[int, int] = lay.tickets.topleft
    room = max(1, tog.rect.x - lay.tickets.x - f // 2)
    if heading_below(board):  # a line of its own, under the button
        at, room = (lay.tickets.x, lay.tickets.y + ticket_row_h(board)), lay.tickets.w
    heads = ticket_heads(board, len(done))
    if rects and len(rects) < n:
        first = v.me.tickets.index(rects[0][0])
        # TRANSLATORS: the tickets shown of a longer list, scrolled with the mouse wheel
        heads.insert(0, _("{heading} \u00b7 {first}\u2013{last}, wheel").format(
            heading=heads[0], first=number(first + 1), last=number(first + len(rects))))
    head = next((t for t in heads if a.text(t, f, theme.ACCENT, bold=True).get_width() <= room),
                heads[-1])  # the longest that fits
    blit_text(surface, a, head, f, theme.ACCENT, at, bold=True, max_width=room)
    gm = v.public.game_map
    for tid, r in rects:
        t = gm.ticket_by_id[tid]
        ok = tid in done
        hover = board.hover_ticket == tid
        fill = (226, 236, 214) if ok else (240, 228, 196)
        if hover:
            fill = theme.mix(fill, theme.HILITE, 0.5)
        pygame.draw.rect(surface, fill, r, border_radius=5)
        pygame.draw.rect(surface, (120, 90, 50), r, 1, border_radius=5)
        fs = f  # body text (rows are 1.6 body lines tall)
        mark = "\u2714 " if ok else ""
        text = f"{mark}{gm.city_name(t.a)} \u2013 {gm.city_name(t.b)}"
        pts = blit_text(surface, a, str(t.points), fs, theme.TEXT_DARK, (r.right - 6, r.centery),
                        "midright", bold=True)
        blit_text(surface, a, text, fs, (30, 110, 40) if ok else theme.TEXT_DARK,
                  (r.x + 6, r.centery), "midleft", cond=True, bold=ok,
                  max_width=max(1, pts.x - r.x - 6 - fs // 2))


def my_ticket_marks(board: BoardHost, surface: pygame.Surface) -> None:
    """With the toggle on: every city of my tickets ringed (green when that ticket is
    done, amber while open) and my claimed routes outlined (my network so far)."""
    v, r = board.shown_view, board.renderer
    vp = r.vp
    if not board.show_my_tickets or v.me is None or vp is None:
        return
    gm = v.public.game_map
    done = board.completed_tickets()
    w = max(2, round(vp.scale * 2.2))
    for i, owner in enumerate(v.public.owners):
        if owner == v.viewer:
            for q in r.slots[gm.routes[i].id]:
                pygame.draw.polygon(surface, theme.HILITE, r.px_quad(geo.grow_quad(q, 1.1, 1.6)),
                                    max(1, w // 2))
    for tid in v.me.tickets:
        t = gm.ticket_by_id[tid]
        col = theme.GOOD if tid in done else theme.ACCENT
        for cid in (t.a, t.b):
            x, y = r.px_quad([r.cities[cid]])[0]
            pygame.draw.circle(surface, col, (x, y), geo.CITY_RADIUS * vp.scale * 1.9, w)


# ---------------------------------------------------------------- overlays


def _sprites(board: BoardHost, surface: pygame.Surface) -> None:
    a = board.ctx.assets
    for s in board.sprites:
        if s.kind == "card":
            w, h = max(4, int(s.data["w"] * s.scale)), max(4, int(s.data["h"] * s.scale))
            img = a.card(s.data["color"], w, h)
            surface.blit(img, img.get_rect(center=(round(s.x), round(s.y))))
        elif s.kind == "ticket":
            w, h = max(4, int(s.data["w"] * s.scale)), max(4, int(s.data["h"] * s.scale))
            img = a.ticket(w, h)
            surface.blit(img, img.get_rect(center=(round(s.x), round(s.y))))


def _banner(board: BoardHost, surface: pygame.Surface) -> None:
    """Whose turn and what to do, centred in the banner row between the Hint button and
    the final-round note (shorter, fewer choices named, where the row is narrow)."""
    a, lay, v = board.ctx.assets, board.layout, board.shown_view
    f = lay.font
    b = lay.banner
    left, right = b.x, b.right
    if board.hint.offered():
        left = board.hint.button.rect.right + f // 2
    if v.public.turns_left is not None and v.public.stage.name != "GAME_OVER":
        left_n = v.public.turns_left
        note = (_("Final round: {turns} left").format(turns=counted(left_n, "turn"))
                if left_n > 1 else _("Final round: last turn"))
        right = blit_text(surface, a, note, f, theme.BAD, (b.right, b.centery), "midright",
                          bold=True).x - f // 2
    full = turn_banner(v, board.names, board.session.ai_thinking())
    head, _sep, rest = full.partition(": ")
    parts = rest.split(", ") if rest else []
    texts = [head + (": " + ", ".join(parts[:k]) if k else "")
             for k in range(len(parts), -1, -1)] if parts else [full]
    room = right - left - f * 2
    text = next((t for t in texts if a.text(t, f, theme.TEXT, bold=True).get_width() <= room),
                texts[-1])
    img = a.text(text, f, theme.TEXT, bold=True)
    mine = v.viewer is not None and v.public.current == v.viewer and bool(v.legal)
    r = img.get_rect(center=((left + right) // 2, b.centery)).inflate(f * 2, 0)
    r.h = b.h
    r.centery = b.centery
    panel(surface, r, (30, 30, 36), theme.ACCENT if mine else theme.PANEL_EDGE, r.h // 2)
    if mine:
        pygame.draw.circle(surface, theme.ACCENT, (r.x + f // 2 + 2, r.centery), f // 4)
    surface.blit(img, img.get_rect(center=r.center))
    note_text(surface, text, img.get_rect(center=r.center), f)


def _reveal(board: BoardHost, surface: pygame.Surface) -> None:
    if board.revealed is None:
        return
    cards, extra = board.revealed
    a, lay = board.ctx.assets, board.layout
    cw, ch = lay.faceup_rect(0).size
    cw, ch = int(cw * 1.3), int(ch * 1.3)
    box = pygame.Rect(0, 0, len(cards) * (cw + 10) + 30, ch + lay.font * 3 + 20)
    box.center = lay.map.center
    panel(surface, box, (30, 30, 36), theme.ACCENT, 12, alpha=235)
    for i, c in enumerate(cards):
        surface.blit(a.card(c, cw, ch), (box.x + 15 + i * (cw + 10), box.y + 10))
    blit_text(surface, a, _("Tunnel: {extra}").format(extra=counted(extra, "extra-card")),
              lay.font, theme.TEXT, (box.centerx, box.bottom - 10), "midbottom", bold=True)


def _tip_anchor(board: BoardHost, rid: str) -> tuple[int, int]:
    """Where a route's tooltip hangs: by the pointer when it is over the route, else
    (a hint, a dialog or the keyboard chose the route) by the route's middle."""
    r = board.renderer
    if r.route_at(board.mouse) == rid:
        return board.mouse
    at = r.route_anchor(rid)
    return at if at is not None and r.vp is not None and r.vp.visible.collidepoint(at) \
        else board.mouse


def _tip_home(board: BoardHost, surface: pygame.Surface, at: tuple[int, int], w: int,
              h: int) -> pygame.Rect | None:
    """Where a `w` x `h` tooltip for the anchor `at` goes: beside it (never over it), on
    the map, clear of every city name (and the hint's tag), nearest first; else the clear
    spot of the map nearest it (a sea, an empty corner); None if no spot on the map is
    clear (crowded maps at big text) or the map is too small for it."""
    mx, my = at
    screen = board.layout.map  # on the map: the banner and the panels stay clear
    if w > screen.w or h > screen.h:
        return None
    avoid = [rect for _, rect in board.renderer.label_boxes()]
    if board.hint.tag is not None:
        avoid.append(board.hint.tag)
    for g in (16, 48, 96, 160):  # nearer first
        for dx, dy in ((g, g), (-g - w, g), (g, -g - h), (-g - w, -g - h),
                       (-w // 2, g), (-w // 2, -g - h), (g, -h // 2), (-g - w, -h // 2)):
            r = pygame.Rect(mx + dx, my + dy, w, h).clamp(screen)
            if not r.collidepoint(mx, my) and r.collidelist(avoid) < 0:
                return r
    step = max(4, min(w, h) // 3)
    clear = [r for r in (pygame.Rect(x, y, w, h)
                         for y in range(screen.y, screen.bottom - h + 1, step)
                         for x in range(screen.x, screen.right - w + 1, step))
             if not r.collidepoint(mx, my) and r.collidelist(avoid) < 0]
    return min(clear, key=lambda r: math.hypot(r.centerx - mx, r.centery - my), default=None)


def _tooltip(board: BoardHost, surface: pygame.Surface) -> bool:
    """A route's tooltip (hovered, or chosen by a hint, a dialog or the keyboard): beside
    the route where no city name is covered, else on one line in the strip under the map
    (the caption's: it covers nothing). There a tooltip the pointer asked for takes the
    place of a toast; one a hint asked for waits while its toast shows. True when it is
    in the strip (the toast and the caption give way)."""
    rid = board.hover_route
    if rid is None or board.queue.busy or board.paused:
        return False
    v = board.shown_view
    route = v.public.game_map.route(rid)
    lines = route_tip(v, route, board.names)
    a, f = board.ctx.assets, board.layout.font
    imgs = [a.text(t, f if i else f + 1, theme.TEXT if i != 2 else theme.ACCENT, bold=i == 0)
            for i, t in enumerate(lines)]
    w = max(i.get_width() for i in imgs) + f
    h = sum(i.get_height() for i in imgs) + f // 2 + 4
    mx, my = _tip_anchor(board, rid)
    r = _tip_home(board, surface, (mx, my), w, h)
    if r is None:
        pointed = board.renderer.route_at(board.mouse) == rid
        if board.toast.active and not pointed:
            return False
        _tip_strip(board, surface, lines)
        return True
    panel(surface, r, (24, 24, 30), theme.PANEL_EDGE, 6, alpha=235)
    y = r.y + f // 4 + 2
    for text, img in zip(lines, imgs, strict=True):
        surface.blit(img, (r.x + f // 2, y))
        note_text(surface, text, img.get_rect(topleft=(r.x + f // 2, y)), f)
        y += img.get_height()
    return False


def _tip_strip(board: BoardHost, surface: pygame.Surface, lines: list[str]) -> None:
    """The tooltip on one line in the strip under the map: all of it if it fits, else
    without the route's details, else the route's name."""
    a, lay = board.ctx.assets, board.layout
    f, rect = lay.font, lay.caption
    tries = [lines, [lines[0], *lines[2:]], lines[:1]]
    texts = [" \u00b7 ".join(t) for t in tries]
    font = a.font(f, cond=True)
    text = next((t for t in texts if font.size(t)[0] <= rect.w - 16), texts[-1])
    panel(surface, rect, (24, 24, 30), theme.PANEL_EDGE, 6, alpha=235)
    img = a.text(text, f, theme.TEXT, cond=True)
    at = img.get_rect(midleft=(rect.x + 8, rect.centery))
    surface.blit(img, at)
    note_text(surface, text, at, f)
