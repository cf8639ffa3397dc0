"""The editor's model: the document, the edit operations, undo/redo and saving.

No pygame here. Every operation builds a new `Doc` and records the old one, so undo
and redo are exact. Drags call `preview` on every motion and `commit` once at the end,
which makes a whole drag one undo step.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from dataclasses import replace
from pathlib import Path

from tools.editor.analysis import shortest_spaces
from tools.editor.doc import (
    NEW_NAME,
    CityRec,
    Doc,
    Point,
    RouteRec,
    TicketRec,
    doc_from_definition,
)
from tools.editor.doc import doc_to_definition as to_definition
from ttr.engine.cards import CardColor
from ttr.engine.config import RulesConfig
from ttr.i18n import _
from ttr.maps.mapfile import load_map, save_map
from ttr.ui import geometry as geo

logger = logging.getLogger(__name__)
UNDO_LIMIT = 500


def slug(text: str) -> str:
    """Lower kebab-case id from a name ("São Paulo" -> "sao-paulo")."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    s = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return s or "x"


def unique(base: str, taken: set[str]) -> str:
    """`base`, or `base-2`, `base-3`... whichever is free."""
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


class EditorModel:
    """A map being edited: document, file path, undo history, dirty flag."""

    def __init__(self, doc: Doc | None = None, path: Path | None = None) -> None:
        self.doc = doc if doc is not None else Doc(name=_(NEW_NAME))
        self.path = path
        self.saved = self.doc
        self.undo_stack: list[Doc] = []
        self.redo_stack: list[Doc] = []
        self.version = 0
        """Bumped on every change of `doc` (views cache by it)."""

    @classmethod
    def open(cls, path: str | Path) -> EditorModel:
        """Load a map file (raises MapError if it is not a valid map)."""
        p = Path(path)
        return cls(doc_from_definition(load_map(p)), p)

    # ------------------------------------------------------------ history

    @property
    def dirty(self) -> bool:
        """True when the document differs from the file on disk."""
        return self.doc != self.saved

    def _set(self, doc: Doc) -> None:
        self.doc = doc
        self.version += 1

    def apply(self, doc: Doc) -> None:
        """Replace the document as one undo step (no-op if nothing changed)."""
        if doc == self.doc:
            return
        self.undo_stack.append(self.doc)
        del self.undo_stack[:-UNDO_LIMIT]
        self.redo_stack.clear()
        self._set(doc)

    def preview(self, doc: Doc) -> None:
        """Show an intermediate document during a drag (no undo step yet)."""
        self._set(doc)

    def commit(self, before: Doc) -> None:
        """End a drag that started at `before`: one undo step for the whole drag."""
        after = self.doc
        self.doc = before
        self.apply(after)
        self.version += 1

    def undo(self) -> bool:
        """Go back one step; False if there is nothing to undo."""
        if not self.undo_stack:
            return False
        self.redo_stack.append(self.doc)
        self._set(self.undo_stack.pop())
        return True

    def redo(self) -> bool:
        """Redo one undone step; False if there is nothing to redo."""
        if not self.redo_stack:
            return False
        self.undo_stack.append(self.doc)
        self._set(self.redo_stack.pop())
        return True

    def save(self, path: str | Path | None = None) -> Path:
        """Write the map (to `path`, else the current file); raises MapError on failure."""
        p = Path(path) if path is not None else self.path
        if p is None:
            raise ValueError(_("no file name"))
        p.parent.mkdir(parents=True, exist_ok=True)
        save_map(to_definition(self.doc), p)
        self.path, self.saved = p, self.doc
        logger.info("saved %s", p)
        return p

    # ------------------------------------------------------------ helpers

    def max_length(self) -> int:
        """The longest route length the map's points table allows."""
        table = self.doc.rules.get("route_points")
        if table:
            return max(n for n, _ in table)
        return RulesConfig().max_route_length

    def clamp(self, p: Point) -> Point:
        """A point moved inside the board."""
        w, h = self.doc.size
        return (round(min(max(p[0], 0.0), w), 1), round(min(max(p[1], 0.0), h), 1))

    def suggested_length(self, a: str, b: str) -> int:
        """How many cars fit comfortably between two cities."""
        d = geo.dist(self.doc.city(a).pos, self.doc.city(b).pos)
        n = int((d - 2 * geo.CITY_MARGIN) // (geo.CAR_LENGTH + geo.CAR_GAP + 6))
        return max(1, min(n, self.max_length()))

    def suggested_points(self, a: str, b: str) -> int | None:
        """Shortest path between two cities in spaces (the published maps' convention)."""
        return shortest_spaces(to_definition(self.doc).game_map, a, b)

    def dependents(self, cid: str) -> tuple[list[str], list[str]]:
        """Route ids and ticket ids that use a city."""
        d = self.doc
        return ([r.id for r in d.routes if cid in (r.a, r.b)],
                [t.id for t in d.tickets if cid in (t.a, t.b)])

    # ------------------------------------------------------------ cities

    def add_city(self, pos: Point, name: str | None = None) -> str:
        """Add a city; returns its id."""
        d = self.doc
        if name is None:
            n = len(d.cities) + 1
            # TRANSLATORS: the name a new city gets until it is named
            while any(c.name == _("City {n}").format(n=n) for c in d.cities):
                n += 1
            name = _("City {n}").format(n=n)
        cid = unique(slug(name), d.ids())
        self.apply(replace(d, cities=d.cities + (CityRec(cid, name, self.clamp(pos)),)))
        return cid

    def moved_city(self, doc: Doc, cid: str, pos: Point) -> Doc:
        """`doc` with a city moved (its routes lose explicit car poses)."""
        cities = tuple(replace(c, pos=self.clamp(pos)) if c.id == cid else c for c in doc.cities)
        routes = tuple(replace(r, cars=None) if cid in (r.a, r.b) and r.cars else r
                       for r in doc.routes)
        return replace(doc, cities=cities, routes=routes)

    def move_city(self, cid: str, pos: Point) -> None:
        """Move a city as one step."""
        self.apply(self.moved_city(self.doc, cid, pos))

    def moved_label(self, doc: Doc, cid: str, offset: Point | None) -> Doc:
        """`doc` with a city label offset changed (None = default place)."""
        off = None if offset is None else (round(offset[0], 1), round(offset[1], 1))
        return replace(doc, cities=tuple(replace(c, label=off) if c.id == cid else c
                                         for c in doc.cities))

    def rename_city(self, cid: str, name: str) -> str:
        """Rename a city; its id follows the name when it was derived from the old one.

        Route and ticket ids containing the old id are renamed too. Returns the new id.
        """
        name = name.strip()
        if not name:
            return cid
        d = self.doc
        old = d.city(cid)
        new_id = cid
        if cid == slug(old.name) and slug(name) != cid:
            new_id = unique(slug(name), d.ids())
        cities = tuple(replace(c, name=name, id=new_id) if c.id == cid else c for c in d.cities)
        taken = {c.id for c in cities}

        def rekey(x: str) -> str:
            return new_id if x == cid else x

        def reid(rid: str) -> str:
            parts = rid.split(cid)
            if new_id == cid or len(parts) == 1:
                return rid
            cand = new_id.join(parts)
            return rid if cand in taken or not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", cand) \
                else cand

        routes = []
        for r in d.routes:
            rid = reid(r.id) if cid in (r.a, r.b) else r.id
            taken.add(rid)
            routes.append(replace(r, id=rid, a=rekey(r.a), b=rekey(r.b)))
        tickets = []
        for t in d.tickets:
            tid = reid(t.id) if cid in (t.a, t.b) else t.id
            taken.add(tid)
            tickets.append(replace(t, id=tid, a=rekey(t.a), b=rekey(t.b)))
        self.apply(replace(d, cities=cities, routes=tuple(routes), tickets=tuple(tickets)))
        return new_id

    def delete_city(self, cid: str) -> None:
        """Delete a city with its routes and tickets (ask the user first)."""
        d = self.doc
        self.apply(replace(
            d, cities=tuple(c for c in d.cities if c.id != cid),
            routes=tuple(r for r in d.routes if cid not in (r.a, r.b)),
            tickets=tuple(t for t in d.tickets if cid not in (t.a, t.b))))

    # ------------------------------------------------------------ routes

    def add_route(self, a: str, b: str, length: int | None = None,
                  color: CardColor | None = None) -> str | None:
        """Add a track between two cities (a second one makes a double); None if full."""
        made = self._with_route(self.doc, a, b, length, color)
        if made is None:
            return None
        self.apply(made[0])
        return made[1]

    def _with_route(self, d: Doc, a: str, b: str, length: int | None,
                    color: CardColor | None, tunnel: bool = False,
                    ferry: int = 0) -> tuple[Doc, str] | None:
        if a == b:
            return None
        pair = d.pair(a, b)
        if len(pair) >= 2:
            return None
        if pair:
            length = pair[0].length
        elif length is None:
            length = self.suggested_length(a, b)
        rid = unique("-".join(sorted((a, b))), d.ids())
        via: tuple[Point, ...] = ()
        if pair:
            via = pair[0].via if pair[0].a == a else tuple(reversed(pair[0].via))
        route = RouteRec(rid, a, b, length, color, tunnel, min(ferry, length), via)
        routes = list(d.routes)
        # keep the tracks of a double next to each other, like the bundled maps
        at = routes.index(pair[0]) + 1 if pair else len(routes)
        routes.insert(at, route)
        return replace(d, routes=tuple(routes)), rid

    def update_route(self, rid: str, **changes: object) -> None:
        """Change route fields (length, color, tunnel, ferry); a double keeps equal lengths."""
        d = self.doc
        r = d.route(rid)
        new = replace(r, **changes)  # type: ignore[arg-type]
        new = replace(new, length=max(1, min(new.length, self.max_length())))
        new = replace(new, ferry=max(0, min(new.ferry, new.length)))
        if new.tunnel and new.ferry and "ferry" in changes:
            new = replace(new, tunnel=False)
        elif new.tunnel and new.ferry:
            new = replace(new, ferry=0)
        if new.length != r.length:
            new = replace(new, cars=None)
        twin = d.twin(rid)
        routes = []
        for x in d.routes:
            if x.id == rid:
                x = new
            elif twin is not None and x.id == twin.id and new.length != twin.length:
                x = replace(x, length=new.length, cars=None, ferry=min(x.ferry, new.length))
            routes.append(x)
        self.apply(replace(d, routes=tuple(routes)))

    def delete_route(self, rid: str) -> None:
        """Delete one track."""
        d = self.doc
        self.apply(replace(d, routes=tuple(r for r in d.routes if r.id != rid)))

    def toggle_double(self, rid: str) -> str | None:
        """Add a second track to a single route, or remove the other track of a double.

        Returns the id of the added track (None when one was removed).
        """
        twin = self.doc.twin(rid)
        if twin is not None:
            self.delete_route(twin.id)
            return None
        r = self.doc.route(rid)
        used = {x.color for x in self.doc.routes if x.color is not None}
        color = r.color
        if color is not None:
            free = [c for c in CardColor if c != CardColor.LOCOMOTIVE and c != r.color]
            color = next((c for c in free if c not in used), free[0])
        made = self._with_route(self.doc, r.a, r.b, r.length, color, r.tunnel, r.ferry)
        if made is None:
            return None
        self.apply(made[0])
        return made[1]

    def routes_with_via(self, doc: Doc, rid: str, via: tuple[Point, ...]) -> Doc:
        """`doc` with new bend points for a route (and its twin, so doubles stay parallel)."""
        r = doc.route(rid)
        via = tuple(self.clamp(p) for p in via)
        routes = []
        for x in doc.routes:
            if x.id == rid:
                x = replace(x, via=via, cars=None)
            elif {x.a, x.b} == {r.a, r.b}:
                x = replace(x, via=via if x.a == r.a else tuple(reversed(via)), cars=None)
            routes.append(x)
        return replace(doc, routes=tuple(routes))

    def insert_via(self, doc: Doc, rid: str, p: Point) -> tuple[Doc, int]:
        """`doc` with a bend point added where `p` is nearest the route; returns its index."""
        r = doc.route(rid)
        line = [doc.city(r.a).pos, *r.via, doc.city(r.b).pos]
        best = min(range(len(line) - 1),
                   key=lambda i: geo.point_segment_distance(p, line[i], line[i + 1]))
        via = list(r.via)
        via.insert(best, p)
        return self.routes_with_via(doc, rid, tuple(via)), best

    def remove_via(self, rid: str, index: int) -> None:
        """Delete one bend point."""
        via = list(self.doc.route(rid).via)
        if 0 <= index < len(via):
            del via[index]
            self.apply(self.routes_with_via(self.doc, rid, tuple(via)))

    # ------------------------------------------------------------ tickets

    def add_ticket(self, a: str, b: str, points: int | None = None) -> str | None:
        """Add a ticket (value: `points`, else the shortest path, else 1); None if a == b."""
        if a == b:
            return None
        d = self.doc
        if points is None:
            points = self.suggested_points(a, b) or 1
        tid = unique("-".join((a, b)), d.ids())
        all_sets = list(dict.fromkeys(s for t in d.tickets for s in t.sets))
        sets = ("base",) if "base" in all_sets else ()
        self.apply(replace(d, tickets=d.tickets + (TicketRec(tid, a, b, points, sets=sets),)))
        return tid

    def update_ticket(self, tid: str, **changes: object) -> None:
        """Change ticket fields (points, long)."""
        d = self.doc
        self.apply(replace(d, tickets=tuple(
            replace(t, **changes) if t.id == tid else t  # type: ignore[arg-type]
            for t in d.tickets)))

    def delete_ticket(self, tid: str) -> None:
        """Delete a ticket."""
        d = self.doc
        self.apply(replace(d, tickets=tuple(t for t in d.tickets if t.id != tid)))

    # ------------------------------------------------------------ map

    def set_meta(self, name: str | None = None, map_id: str | None = None,
                 size: Point | None = None) -> None:
        """Change the map's name, id or board size (the geography is cut to a smaller
        board; it is not stretched)."""
        d = self.doc
        geography = d.geography
        if size is not None and geography is not None and size != d.size:
            geography = geography.clipped(size)  # baked for the old board: cut to the new
        self.apply(replace(d, name=d.name if name is None else name,
                           map_id=d.map_id if map_id is None else slug(map_id),
                           size=d.size if size is None else size, geography=geography))

