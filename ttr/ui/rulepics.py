"""Pictures for How to play: a small excerpt of a real map drawn by the game's own
painters (`mappaint`: printed slots, cars, hatched twins, dots, names; the board's
station), with the cards that pay, a ticket or a tunnel's revealed cards beside it.

A `Picture` is data (route and city ids of a shipped map); `draw_picture` paints it
into a rectangle at the current theme, colour-blind setting and text size, and reports
every word it writes through `widgets.note_text` (the layout checks see them)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import cache

import pygame

from ttr.engine import CardColor, TtrError
from ttr.i18n import N_, _
from ttr.maps.mapfile import MapDefinition
from ttr.ui import geometry as geo
from ttr.ui import mappaint as mp
from ttr.ui import theme
from ttr.ui.assets import Assets, render
from ttr.ui.labels import LabelPlace
from ttr.ui.viewport import Viewport
from ttr.ui.widgets import blit_text, note_text

logger = logging.getLogger(__name__)

R, G, B, Y, ORANGE = (CardColor.RED, CardColor.GREEN, CardColor.BLUE, CardColor.YELLOW,
                      CardColor.ORANGE)
LOCO = CardColor.LOCOMOTIVE
ME, RIVAL = "blue", "red"
"""The players of the pictures (`theme.PLAYER_RGB` keys)."""


@dataclass(frozen=True, slots=True)
class Picture:
    """An excerpt of map `map_id` around `cities`, with `routes` printed, some claimed
    (route, player colour), twins hatched, stations built, cities ringed, and cards:
    the ones that pay (`cards`) and, for a tunnel, the ones turned over (`revealed`)."""

    map_id: str
    cities: tuple[str, ...]
    routes: tuple[str, ...]
    claimed: tuple[tuple[str, str], ...] = ()
    closed: tuple[str, ...] = ()
    stations: tuple[tuple[str, str], ...] = ()
    ringed: tuple[str, ...] = ()
    cards: tuple[CardColor, ...] = ()
    revealed: tuple[CardColor, ...] = ()
    ticket: tuple[str, str, int] | None = None
    """A destination ticket drawn beside the map: (city, city, points)."""
    caption: str = ""
    """A few words under the cards ("3 green + 1 locomotive"), marked with `N_`:
    translated where drawn."""


# TRANSLATORS: How to play's picture captions: city names (Helena, Denver, Wien, München)
# stay as the map writes them; "Red" is the rival player's colour
PICTURES: dict[str, Picture] = {
    "route": Picture("usa", ("helena", "denver", "salt-lake-city"),
                     ("denver-helena", "helena-salt-lake-city", "denver-salt-lake-city",
                      "denver-salt-lake-city-2"),
                     cards=(G, G, G, LOCO), ringed=(),
                     caption=N_("Helena \u2013 Denver: 4 green spaces, paid with 3 green "
                             "and a locomotive")),
    "gray": Picture("usa", ("calgary", "vancouver", "seattle"),
                    ("calgary-vancouver", "calgary-seattle", "seattle-vancouver",
                     "seattle-vancouver-2"),
                    claimed=(("calgary-vancouver", ME),), cards=(Y, Y, Y),
                    caption=N_("A gray route takes any one colour: 3 yellow")),
    "double": Picture("usa", ("denver", "kansas-city", "omaha"),
                      ("denver-kansas-city", "denver-kansas-city-2", "denver-omaha"),
                      claimed=(("denver-kansas-city", RIVAL),),
                      closed=("denver-kansas-city-2",),
                      caption=N_("Red took one track: the other is closed")),
    "ticket": Picture("usa", ("denver", "santa-fe", "el-paso"),
                      ("denver-santa-fe", "el-paso-santa-fe"),
                      claimed=(("denver-santa-fe", ME), ("el-paso-santa-fe", ME)),
                      ringed=("denver", "el-paso"), ticket=("Denver", "El Paso", 4),  # i18n: no
                      caption=N_("Joined by your own trains: +4 at the end")),
    "longest": Picture("usa", ("vancouver", "seattle", "portland", "salt-lake-city", "denver"),
                       ("seattle-vancouver", "portland-seattle", "portland-salt-lake-city",
                        "denver-salt-lake-city", "helena-salt-lake-city"),
                       claimed=(("seattle-vancouver", ME), ("portland-seattle", ME),
                                ("portland-salt-lake-city", ME),
                                ("denver-salt-lake-city", ME),
                                ("helena-salt-lake-city", RIVAL)),
                       caption=N_("One unbroken line of 1 + 1 + 6 + 3 = 11 trains")),
    "tunnel": Picture("europe", ("munchen", "venezia", "zurich"),
                      ("munchen-venezia", "munchen-zurich", "venezia-zurich"),
                      cards=(B, B), revealed=(B, R, LOCO),
                      caption=N_("Paid 2 blue; turned over: a blue and a locomotive, "
                              "so 2 more cards")),
    "ferry": Picture("europe", ("athina", "smyrna", "constantinople"),
                     ("athina-smyrna", "constantinople-smyrna"), cards=(LOCO, R),
                     caption=N_("1 locomotive for the marked space, 1 card of any colour")),
    "station": Picture("europe", ("wien", "budapest", "zagrab", "munchen"),
                       ("budapest-wien", "budapest-wien-2", "wien-zagrab", "munchen-wien"),
                       claimed=(("munchen-wien", RIVAL),), stations=(("wien", ME),),
                       cards=(ORANGE,), caption=N_("Your station in Wien lets you use Red's "
                                           "M\u00fcnchen \u2013 Wien route")),
}


@cache
def _map(map_id: str) -> tuple[MapDefinition, dict[str, list[geo.Quad]]] | None:
    from ttr.maps.mapfile import find_map

    try:
        md = find_map(map_id)
    except (TtrError, OSError) as e:
        logger.warning("no picture map %s: %s", map_id, e)
        return None
    return md, geo.route_slots(md)


def _shift(q: geo.Quad, dx: float, dy: float) -> geo.Quad:
    return tuple((x - dx, y - dy) for x, y in q)  # type: ignore[return-value]


def draw_picture(surface: pygame.Surface, rect: pygame.Rect, pic: Picture, assets: Assets,
                 font: int) -> None:
    """Paint `pic` inside `rect`: the map excerpt, the cards (and ticket) beside it on a
    wide rectangle or under it on a tall one, then the caption; words at `font` px."""
    from ttr.ui.widgets import wrap_text

    got = _map(pic.map_id)
    pygame.draw.rect(surface, theme.mix(theme.LAND, (0, 0, 0), 0.55), rect, border_radius=8)
    if got is None:
        return
    md, slots = got
    pad = max(4, font // 2)
    inner = rect.inflate(-2 * pad, -2 * pad)
    caption = _(pic.caption) if pic.caption else ""
    cap_h = render(assets.font(font), caption, theme.TEXT, inner.w).get_height() + pad \
        if pic.caption else 0
    body = pygame.Rect(inner.x, inner.y, inner.w, inner.h - cap_h)
    has_cards = bool(pic.cards or pic.revealed or pic.ticket)
    if not has_cards:
        map_rect, cards = body, None
    elif body.w > body.h * 1.3:
        cw = int(body.w * 0.36)
        map_rect = pygame.Rect(body.x, body.y, body.w - cw - pad, body.h)
        cards = pygame.Rect(map_rect.right + pad, body.y, cw, body.h)
    else:
        ch = min(int(body.h * 0.3), font * 5)
        map_rect = pygame.Rect(body.x, body.y, body.w, body.h - ch - pad)
        cards = pygame.Rect(body.x, map_rect.bottom + pad, body.w, ch)
    _excerpt(surface, map_rect, pic, md, slots, assets, font)
    if cards is not None:
        _cards(surface, cards, pic, assets, font)
    if pic.caption:
        wrap_text(surface, assets, caption, font, theme.TEXT,
                  pygame.Rect(inner.x, body.bottom + pad, inner.w, cap_h - pad))


def _excerpt(surface: pygame.Surface, rect: pygame.Rect, pic: Picture, md: MapDefinition,
             slots: dict[str, list[geo.Quad]], assets: Assets, font: int) -> None:
    pos = {cid: cl.pos for cid, cl in md.layout.cities.items()}
    pts = [pos[c] for c in pic.cities] + [p for rid in pic.routes for q in slots[rid]
                                          for p in q]
    margin = 34.0
    x0, y0 = min(p[0] for p in pts) - margin, min(p[1] for p in pts) - margin
    bw, bh = max(p[0] for p in pts) + margin - x0, max(p[1] for p in pts) + margin - y0
    # widen the narrow side to the picture's shape: the map around the excerpt shows too
    want = rect.w / max(1, rect.h)
    if bw / bh < want:
        x0, bw = x0 - (bh * want - bw) / 2, bh * want
    else:
        y0, bh = y0 - (bw / want - bh) / 2, bw / want
    scale = min(rect.w / bw, rect.h / bh)
    w, h = max(1, round(bw * scale)), max(1, round(bh * scale))
    vp = Viewport((bw, bh), pygame.Rect(0, 0, w, h), scale, 0.0, 0.0)
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    img.fill(theme.LAND)
    tile = mp.grain_tile()
    for ty in range(0, h, tile.get_height()):
        for tx in range(0, w, tile.get_width()):
            img.blit(tile, (tx, ty))
    gm = md.game_map
    owners = dict(pic.claimed)
    cb = assets.colorblind
    inside = pygame.Rect(round(x0), round(y0), round(bw), round(bh))
    context = [r.id for r in gm.routes if r.id not in pic.routes
               and all(inside.collidepoint(p) for q in slots[r.id] for p in q)]

    def paint(rids: tuple[str, ...] | list[str]) -> None:
        for rid in rids:
            q = [_shift(s, x0, y0) for s in slots[rid]]
            mp.paint_slots(img, vp, q, gm.route(rid), cb)
            if rid in owners:
                mp.paint_cars(img, vp, q, theme.PLAYER_RGB[owners[rid]], cb)
            if rid in pic.closed:
                mp.paint_closed(img, vp, q)

    paint(context)
    if context:  # the surroundings, veiled: the excerpt's own routes stand out
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((*theme.LAND, 150))
        for rid in pic.routes:
            q = [_shift(s, x0, y0) for s in slots[rid]]
            for quad in q:
                pygame.draw.polygon(veil, (0, 0, 0, 0),
                                    [vp.local(p) for p in mp.scale_quad(quad, 1.6)])
        img.blit(veil, (0, 0))
    paint(pic.routes)
    for c in pic.cities:
        mp.paint_city(img, vp.local((pos[c][0] - x0, pos[c][1] - y0)), vp.scale)
    at = pygame.Rect(0, 0, w, h)
    at.center = rect.center
    surface.blit(img, at)
    pygame.draw.rect(surface, theme.mix(theme.PAPER_DARK, (0, 0, 0), 0.35), at, 2)
    from ttr.ui.scenes.board_draw import _station as paint_station

    px = {c: (at.x + (pos[c][0] - x0) * scale, at.y + (pos[c][1] - y0) * scale)
          for c in pic.cities}
    for c, who in pic.stations:
        paint_station(surface, px[c], scale, theme.PLAYER_RGB[who])
    ring_w = max(3, font // 5)
    for c in pic.ringed:
        pygame.draw.circle(surface, (0, 0, 0), px[c], geo.CITY_RADIUS * scale * 2.4 + 2,
                           ring_w + 2)
        pygame.draw.circle(surface, theme.HILITE, px[c], geo.CITY_RADIUS * scale * 2.4, ring_w)
    size = max(10, round(font * 0.85))
    f = assets.font(size, bold=True)
    placed: list[pygame.Rect] = []
    dot = geo.CITY_RADIUS * scale
    for c in pic.cities:
        name = _name(md, c)
        tw, th = f.size(name)
        x, y = px[c]
        spots = [(x, y + dot + th * 0.7), (x, y - dot - th * 0.7),
                 (x + dot + tw / 2 + 4, y), (x - dot - tw / 2 - 4, y),
                 (x, y + dot + th * 1.8), (x, y - dot - th * 1.8)]
        boxes = [pygame.Rect(round(sx - tw / 2), round(sy - th / 2), tw, th).clamp(at)
                 for sx, sy in spots]
        box = min(boxes, key=lambda b: sum(b.clip(o).w * b.clip(o).h for o in placed))
        placed.append(box)
        mp.paint_label(surface, box.center, f, LabelPlace((0.0, 0.0), (name,)))
        note_text(surface, name, box, size)


def _name(md: MapDefinition, city: str) -> str:
    for c in md.game_map.cities:
        if c.id == city:
            return c.name
    return city


Item = tuple[str, object, int]
"""A thing in the cards' row: ("card", colour, width), ("label", text, width) or
("ticket", (a, b, points), width)."""


def _flow(items: list[Item], width: int, gap: int) -> list[list[Item]]:
    rows: list[list[Item]] = [[]]
    x = 0
    for it in items:
        if rows[-1] and x + it[2] > width:
            rows.append([])
            x = 0
        rows[-1].append(it)
        x += it[2] + gap
    return rows


def _cards(surface: pygame.Surface, rect: pygame.Rect, pic: Picture, assets: Assets,
           font: int) -> None:
    """The paying cards, then the revealed cards or the ticket, in rows that fit `rect`
    (the cards as large as that allows)."""
    label = _("turned over:")
    lw = assets.font(font).size(label)[0]
    ch = rect.h
    while True:
        cw = round(ch / 1.45)
        gap = max(3, cw // 8)
        items: list[Item] = [("card", c, cw) for c in pic.cards]
        if pic.revealed:
            items += [("label", label, lw)] + [("card*", c, cw) for c in pic.revealed]
        if pic.ticket is not None:
            name = assets.font(font, bold=True).size(_ticket_name(pic.ticket))[0]
            wide = max(cw * 2, font * 9, name + font)
            items.append(("ticket", pic.ticket, min(rect.w, wide)))
        rows = _flow(items, rect.w, gap)
        if (len(rows) * (ch + gap) <= rect.h + gap and all(
                sum(it[2] + gap for it in row) - gap <= rect.w for row in rows)) or ch <= 24:
            break
        ch = int(ch * 0.92)
    y = rect.y
    for row in rows:
        x = rect.x
        for kind, what, w in row:
            if kind == "label":
                blit_text(surface, assets, label, font, theme.TEXT_DIM, (x, y + ch // 2),
                          "midleft")
            elif kind == "ticket":
                th = min(ch, max(round(w * 0.7), font * 3))  # landscape, like a ticket
                _ticket(surface, assets, pygame.Rect(x, y, w, th), what, font)  # type: ignore[arg-type]
            else:
                assert isinstance(what, CardColor)
                surface.blit(assets.card(what, cw, ch), (x, y))
                if kind == "card*" and what in (pic.cards[:1] + (LOCO,)):
                    pygame.draw.rect(surface, theme.HILITE, (x - 3, y - 3, cw + 6, ch + 6),
                                     max(2, font // 6), border_radius=6)
            x += w + gap
        y += ch + gap


def _ticket_name(ticket: tuple[str, str, int]) -> str:
    return f"{ticket[0]} \u2013 {ticket[1]}"


def _ticket(surface: pygame.Surface, assets: Assets, t: pygame.Rect,
            ticket: tuple[str, str, int], font: int) -> None:
    pts = ticket[2]
    pygame.draw.rect(surface, (238, 222, 180), t, border_radius=max(3, font // 3))
    pygame.draw.rect(surface, (150, 110, 60), t.inflate(-6, -6), 2,
                     border_radius=max(2, font // 4))
    blit_text(surface, assets, _ticket_name(ticket), font, theme.TEXT_DARK,
              (t.centerx, t.centery - round(font * 0.6)), "center", bold=True,
              max_width=t.w - font // 2)
    blit_text(surface, assets, str(pts), font, theme.TEXT_DARK,
              (t.centerx, t.centery + round(font * 0.75)), "center", bold=True)
