"""The editor's input layer: modes, selection, drags, shortcuts and file commands.

`Editor.handle(event)` takes pygame events; tests may post events or call the
`click`/`drag`/`key` helpers, which build the same events. Drawing lives in
`tools.editor.view`, buttons and panel rows in `tools.editor.panels`.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from tools.editor.analysis import Problem, problems
from tools.editor.camera import Camera
from tools.editor.commands import FileCommands
from tools.editor.dialogs import Choice, Prompt, Question
from tools.editor.doc import Doc, Point, doc_to_definition, doc_to_text
from tools.editor.layout import Chrome
from tools.editor.model import EditorModel
from ttr.i18n import N_, _, ngettext, number
from ttr.ui import geometry as geo
from ttr.ui import labels as lab
from ttr.ui.assets import Assets
from ttr.ui.maprender import label_px, least_label

logger = logging.getLogger(__name__)

MODES = ("select", "city", "route", "ticket")
MODE_KEYS = {"v": "select", "c": "city", "r": "route", "t": "ticket"}
HELP = {
    "select": N_("Drag cities, labels and bend points - Shift+click a route adds a bend, "
                 "right-click removes it - Del deletes - Wheel zooms, drag empty space pans"),
    "city": N_("Click empty space to add a city (then type its name) - drag cities to move "
               "them"),
    "route": N_("Click two cities to join them (a second time makes a double) - "
                "Esc cancels - set length and colour on the right"),
    "ticket": N_("Click two cities for a ticket: the shortest path is suggested as its value"),
}
# TRANSLATORS: the map editor's help bar: the keys that work in every mode
KEYS = N_("Ctrl+S save, Ctrl+Z/Y undo/redo, +/- zoom, F fit, G land")
# TRANSLATORS: map editor toolbar buttons; the letter in brackets is the key (keep it)
TOOLBAR = (N_("Select (V)"), N_("City (C)"), N_("Route (R)"), N_("Ticket (T)"), N_("Undo"),
           N_("Redo"), N_("New"), N_("Open"), N_("Save"), N_("Fit (F)"))
"""The toolbar's labels, in order (the first four are the modes; translated where drawn)."""


def help_line(mode: str) -> str:
    """The help bar's text for a mode, in the current language."""
    return f"{_(HELP[mode])}  |  {_(KEYS)}"


@dataclass(slots=True)
class Drag:
    """A mouse drag in progress."""

    kind: str  # "city", "label", "via", "pan"
    ref: str = ""
    index: int = 0
    before: Doc | None = None
    start: Point = (0.0, 0.0)
    moved: bool = False


class ProblemWatcher:
    """Recomputes the problems list off the main thread after the document changes."""

    def __init__(self, sync: bool = False) -> None:
        self.sync = sync
        self.version = -1
        self.items: list[Problem] = []
        self._busy = False
        self._lock = threading.Lock()

    def request(self, doc: Doc, version: int) -> None:
        """Start a check of `doc` unless one is running (call again later)."""
        if version == self.version or self._busy:
            return
        if self.sync:
            self._run(doc, version)
            return
        self._busy = True
        threading.Thread(target=self._run, args=(doc, version), daemon=True).start()

    def _run(self, doc: Doc, version: int) -> None:
        try:
            found = problems(doc_to_definition(doc), doc_to_text(doc))
        except Exception as e:  # a checker bug must not take the editor down
            logger.exception("problem check failed")
            found = [Problem("error", _("the map check failed: {error}").format(error=e))]
        with self._lock:
            self.items, self.version, self._busy = found, version, False


class Editor(FileCommands):
    """Editor state between the model and the screen."""

    def __init__(self, model: EditorModel, size: tuple[int, int] = (1280, 800),
                 trace: Path | None = None, sync_checks: bool = False,
                 text_size: int = 100) -> None:
        self.model = model
        self.size = size
        self.text_size = text_size
        """The game's text-size setting (100, 125 or 150 %)."""
        self.assets = Assets()
        self.chrome = self._chrome()
        self.trace = trace
        self.camera = Camera()
        self.mode = "select"
        self.selection: tuple[str, str] | None = None
        self.pick: str | None = None
        self.drag: Drag | None = None
        self.dialog: Prompt | Question | None = None
        self.hover: Point | None = None
        self.status = ""
        self.status_time = 0.0
        self.list_scroll = 0
        self.panel_scroll = 0
        """Lines the side panel is scrolled by (when it is longer than the window)."""
        self.show_geography = True
        """Draw the map's land and water under the network (G toggles)."""
        self.quit = False
        self.watcher = ProblemWatcher(sync_checks)
        self._slots_version = -1
        self._slots: dict[str, list[geo.Quad]] = {}
        self.fit()

    # ------------------------------------------------------------ layout

    def _chrome(self) -> Chrome:
        def measure(text: str, size: int, bold: bool) -> int:
            return self.assets.font(size, bold=bold, cond=True).size(text)[0]

        return Chrome.compute(self.size, self.text_size, measure, [_(t) for t in TOOLBAR],
                              [help_line(m) for m in MODES])

    @property
    def board_rect(self) -> tuple[int, int, int, int]:
        """The board area (x, y, w, h) in pixels."""
        return self.chrome.board

    def label_px(self) -> int:
        """City labels' font size in pixels: the map's scale, and never less than the
        game's smallest label for this window and text size."""
        return label_px(self.camera.scale, least_label(self.chrome.font))

    def in_board(self, pos: Point) -> bool:
        """True if a pixel lies in the board area."""
        x, y, w, h = self.board_rect
        return x <= pos[0] < x + w and y <= pos[1] < y + h

    def fit(self) -> None:
        """Zoom to show the whole board."""
        # room at the edges for the labels of the cities there
        self.camera.fit(self.model.doc.size, self.board_rect, max(16, self.chrome.font))

    def resize(self, size: tuple[int, int], text_size: int | None = None) -> None:
        """The window changed size (or the text size)."""
        self.size = size
        if text_size is not None:
            self.text_size = text_size
        self.chrome = self._chrome()
        self.fit()

    def say(self, text: str) -> None:
        """Show a status message for a few seconds."""
        self.status, self.status_time = text, time.monotonic()
        logger.info("%s", text)

    # ------------------------------------------------------------ geometry cache

    def slots(self) -> dict[str, list[geo.Quad]]:
        """Car slots of every route, as the game computes them."""
        if self._slots_version != self.model.version:
            self._slots = geo.route_slots(doc_to_definition(self.model.doc))
            self._slots_version = self.model.version
        return self._slots

    def city_at(self, b: Point) -> str | None:
        """The city under a board point."""
        r = geo.CITY_RADIUS + 5 / self.camera.scale
        best = min(((geo.dist(b, c.pos), c.id) for c in self.model.doc.cities), default=None)
        return best[1] if best is not None and best[0] <= r else None

    def label_at(self, b: Point) -> str | None:
        """The city whose label is under a board point."""
        size = self.label_px() / self.camera.scale
        for c in reversed(self.model.doc.cities):
            if geo.point_in_quad(b, lab.label_box(c.name, c.pos, c.label, size)):
                return c.id
        return None

    def via_at(self, b: Point) -> tuple[str, int] | None:
        """The bend point handle of the selected route under a board point."""
        if self.selection is None or self.selection[0] != "route":
            return None
        r = self.model.doc.route(self.selection[1])
        for i, p in enumerate(r.via):
            if geo.dist(p, b) <= 8 / self.camera.scale:
                return (r.id, i)
        return None

    def route_at(self, b: Point) -> str | None:
        """The route whose car slot is under a board point."""
        return geo.route_at(self.slots(), b, 3 / self.camera.scale)

    # ------------------------------------------------------------ selection

    def select(self, kind: str | None, ref: str | None = None) -> None:
        """Select a city, route or ticket (None clears)."""
        self.selection = None if kind is None or ref is None else (kind, ref)

    def selected(self, kind: str) -> str | None:
        """The selected id if the selection is of this kind."""
        sel = self.selection
        if sel is None or sel[0] != kind:
            return None
        try:
            getattr(self.model.doc, kind)(sel[1])
        except KeyError:
            self.selection = None
            return None
        return sel[1]

    def select_ref(self, ref: str) -> None:
        """Select whatever has this id (city, route or ticket)."""
        doc = self.model.doc
        for kind, items in (("city", doc.cities), ("route", doc.routes),
                            ("ticket", doc.tickets)):
            if any(x.id == ref for x in items):
                self.select(kind, ref)
                return

    def toggle_double(self) -> None:
        """Add or remove the second track of the selected route."""
        rid = self.selected("route")
        if rid is not None:
            new = self.model.toggle_double(rid)
            self.say(_("second track {route} added").format(route=new) if new
                     else _("second track removed"))

    def set_mode(self, mode: str) -> None:
        """Switch tool."""
        self.mode, self.pick = mode, None

    # ------------------------------------------------------------ mouse on the board

    def press(self, pos: Point, button: int = 1, shift: bool = False) -> None:
        """Mouse button down on the board."""
        b = self.camera.to_board(pos)
        if button == 2 or (button == 1 and self.mode == "select" and shift is False
                           and self._empty(b)):
            if button == 1:
                self.select(None)
            self.drag = Drag("pan", start=pos)
            return
        if button == 3:
            hit = self.via_at(b)
            if hit is not None:
                self.model.remove_via(*hit)
                self.say(_("bend point removed"))
            self.pick = None
            return
        if button != 1:
            return
        getattr(self, f"_press_{self.mode}")(b, pos, shift)

    def _empty(self, b: Point) -> bool:
        return (self.via_at(b) is None and self.city_at(b) is None
                and self.label_at(b) is None and self.route_at(b) is None)

    def _press_select(self, b: Point, pos: Point, shift: bool) -> None:
        hit = self.via_at(b)
        if hit is not None:
            self.drag = Drag("via", hit[0], hit[1], self.model.doc, pos)
            return
        cid = self.city_at(b)
        if cid is not None:
            self.select("city", cid)
            self.drag = Drag("city", cid, 0, self.model.doc, pos)
            return
        rid = self.route_at(b)
        if rid is not None and shift:
            before = self.model.doc
            doc, i = self.model.insert_via(before, rid, self.model.clamp(b))
            self.model.preview(doc)
            self.select("route", rid)
            self.drag = Drag("via", rid, i, before, pos, moved=True)
            return
        lid = self.label_at(b)
        if lid is not None:
            self.select("city", lid)
            self.drag = Drag("label", lid, 0, self.model.doc, pos)
            return
        if rid is not None:
            self.select("route", rid)

    def _press_city(self, b: Point, pos: Point, shift: bool) -> None:
        cid = self.city_at(b)
        if cid is not None:
            self.select("city", cid)
            self.drag = Drag("city", cid, 0, self.model.doc, pos)
            return
        cid = self.model.add_city(b)
        self.select("city", cid)
        self.rename_selected()

    def _press_route(self, b: Point, pos: Point, shift: bool) -> None:
        cid = self.city_at(b)
        if cid is None:
            rid = self.route_at(b)
            self.pick = None
            if rid is not None:
                self.select("route", rid)
            return
        if self.pick is None or self.pick == cid:
            self.pick = cid
            return
        rid = self.model.add_route(self.pick, cid)
        if rid is None:
            self.say(_("these cities already have two tracks"))
        else:
            self.select("route", rid)
            self.say(_("route {route} added").format(route=rid))
        self.pick = None

    def _press_ticket(self, b: Point, pos: Point, shift: bool) -> None:
        cid = self.city_at(b)
        if cid is None:
            self.pick = None
            return
        if self.pick is None or self.pick == cid:
            self.pick = cid
            return
        a, self.pick = self.pick, None
        self.new_ticket(a, cid)

    def new_ticket(self, a: str, b: str) -> None:
        """Ask for a ticket's value (suggesting the shortest path) and add it."""
        best = self.model.suggested_points(a, b)
        name_a, name_b = self.model.doc.city(a).name, self.model.doc.city(b).name
        hint = (ngettext("Shortest path: {n} space. Enter accepts, or type another value.",
                         "Shortest path: {n} spaces. Enter accepts, or type another value.",
                         best).format(n=number(best))
                if best is not None else _("These cities are not connected yet."))

        def done(text: str) -> None:
            try:
                points = max(1, int(text))
            except ValueError:
                self.say(_("not a number: {text}").format(text=repr(text)))
                return
            tid = self.model.add_ticket(a, b, points)
            if tid is not None:
                self.select("ticket", tid)
                self.say(ngettext("ticket {ticket} added ({n} point)",
                                  "ticket {ticket} added ({n} points)", points)
                         .format(ticket=tid, n=number(points)))

        # TRANSLATORS: the title of the dialog that asks for a new ticket's points
        title = _("Ticket {a} - {b}: value").format(a=name_a, b=name_b)
        self.dialog = Prompt(title, str(best or 1), done, hint)

    def motion(self, pos: Point) -> None:
        """Mouse moved (drags follow it)."""
        self.hover = pos
        d = self.drag
        if d is None:
            return
        if d.kind == "pan":
            self.camera.pan(pos[0] - d.start[0], pos[1] - d.start[1])
            d.start = pos
            return
        if not d.moved and geo.dist(pos, d.start) < 3:
            return
        d.moved = True
        assert d.before is not None
        b = self.model.clamp(self.camera.to_board(pos))
        m = self.model
        if d.kind == "city":
            m.preview(m.moved_city(d.before, d.ref, b))
        elif d.kind == "label":
            c = d.before.city(d.ref)
            m.preview(m.moved_label(d.before, d.ref, (b[0] - c.pos[0], b[1] - c.pos[1])))
        elif d.kind == "via":
            base = self.model.doc
            via = list(base.route(d.ref).via)
            via[d.index] = b
            m.preview(m.routes_with_via(base, d.ref, tuple(via)))

    def release(self, pos: Point) -> None:
        """Mouse button up: a drag becomes one undo step."""
        d, self.drag = self.drag, None
        if d is None or d.kind == "pan":
            return
        if d.moved and d.before is not None:
            self.model.commit(d.before)

    # ------------------------------------------------------------ commands

    def undo(self) -> None:
        """Undo one step."""
        self.say(_("undone") if self.model.undo() else _("nothing to undo"))

    def redo(self) -> None:
        """Redo one step."""
        self.say(_("redone") if self.model.redo() else _("nothing to redo"))

    def rename_selected(self) -> None:
        """Ask for a new name of the selected city."""
        cid = self.selected("city")
        if cid is None:
            return

        def done(text: str) -> None:
            new = self.model.rename_city(cid, text)
            self.select("city", new)

        self.dialog = Prompt(_("City name"), self.model.doc.city(cid).name, done,
                             _("Enter to accept, Esc to keep the current name"))

    def delete_selected(self) -> None:
        """Delete the selection (a city with routes or tickets asks first)."""
        if (cid := self.selected("city")) is not None:
            routes, tickets = self.model.dependents(cid)
            if not routes and not tickets:
                self.model.delete_city(cid)
                self.select(None)
                return

            def go() -> None:
                self.model.delete_city(cid)
                self.select(None)

            name = self.model.doc.city(cid).name
            # TRANSLATORS: {routes} is "1 route"/"9 routes", {tickets} "4 tickets"
            also = _("This also deletes {routes} and {tickets}.").format(
                routes=ngettext("{n} route", "{n} routes", len(routes)).format(
                    n=number(len(routes))),
                tickets=ngettext("{n} ticket", "{n} tickets", len(tickets)).format(
                    n=number(len(tickets))))
            self.dialog = Question(_("Delete {city}?").format(city=name), also,
                                   # TRANSLATORS: Y is the key that answers (keep it)
                                   [Choice(_("Delete (Y)"), "y", go),
                                    Choice(_("Cancel (Esc)"), "escape")])
        elif (rid := self.selected("route")) is not None:
            self.model.delete_route(rid)
            self.select(None)
        elif (tid := self.selected("ticket")) is not None:
            self.model.delete_ticket(tid)
            self.select(None)
