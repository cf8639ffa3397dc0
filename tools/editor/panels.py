"""Toolbar, properties panel and lists as `Item`s: where each button is and what it does.

The view draws the items and the input layer clicks them, so both agree by construction.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from tools.editor.controller import MODES, PANEL_W, TOOLBAR_H, Editor
from tools.editor.dialogs import Choice, Question
from ttr.engine.cards import CardColor
from ttr.ui import theme
from ttr.ui.words import counted

ROW = 24
LINE = 18
WRAP = 50
SWATCHES: tuple[CardColor | None, ...] = (None, *(c for c in CardColor
                                                  if c != CardColor.LOCOMOTIVE))


@dataclass(slots=True)
class Item:
    """Something drawn in a panel; clickable when it has an action."""

    rect: pygame.Rect
    text: str
    action: Callable[[], None] | None = None
    kind: str = "button"  # button, text, title, dim, swatch, row, error, warning
    on: bool = False
    color: tuple[int, int, int] | None = None


def swatch_rgb(color: CardColor | None) -> tuple[int, int, int]:
    """Fill colour of a route colour."""
    return theme.GRAY_ROUTE if color is None else theme.CARD_RGB[color]


def toolbar_items(ed: Editor) -> list[Item]:
    """Mode buttons and file commands along the top."""
    items: list[Item] = []
    x = 8
    labels = {"select": "Select (V)", "city": "City (C)", "route": "Route (R)",
              "ticket": "Ticket (T)"}
    for mode in MODES:
        w = 104
        items.append(Item(pygame.Rect(x, 7, w, 30), labels[mode],
                          lambda m=mode: ed.set_mode(m), on=ed.mode == mode))
        x += w + 4
    x += 14
    for text, act, w in (("Undo", ed.undo, 60), ("Redo", ed.redo, 60), ("New", ed.new_map, 56),
                         ("Open", ed.open_prompt, 60), ("Save", ed.save, 60),
                         ("Fit (F)", ed.fit, 70)):
        items.append(Item(pygame.Rect(x, 7, w, 30), text, act))
        x += w + 4
    return items


class _Col:
    """Stacks rows down the panel."""

    def __init__(self, x: int, y: int, w: int) -> None:
        self.x, self.y, self.w = x, y, w
        self.items: list[Item] = []

    def text(self, text: str, kind: str = "text") -> None:
        for line in textwrap.wrap(text, WRAP) or [""]:
            self.items.append(Item(pygame.Rect(self.x, self.y, self.w, LINE), line, None, kind))
            self.y += LINE

    def buttons(self, *specs: tuple[str, Callable[[], None], bool]) -> None:
        x = self.x
        for text, act, on in specs:
            w = max(44, 9 * len(text) + 12) if len(specs) > 1 else self.w
            self.items.append(Item(pygame.Rect(x, self.y, w, ROW), text, act, on=on))
            x += w + 6
        self.y += ROW + 6

    def stepper(self, label: str, value: int, minus: Callable[[], None],
                plus: Callable[[], None], keys: str) -> None:
        self.items.append(Item(pygame.Rect(self.x, self.y, 130, ROW), label, None, "text"))
        x = self.x + 130
        self.items.append(Item(pygame.Rect(x, self.y, ROW + 4, ROW), "-", minus))
        self.items.append(Item(pygame.Rect(x + 32, self.y, 40, ROW), str(value), None, "value"))
        self.items.append(Item(pygame.Rect(x + 76, self.y, ROW + 4, ROW), "+", plus))
        self.items.append(Item(pygame.Rect(x + 112, self.y, 80, ROW), keys, None, "dim"))
        self.y += ROW + 6

    def gap(self, n: int = 8) -> None:
        self.y += n


def panel_items(ed: Editor) -> list[Item]:
    """The properties of the selection, then the tickets (ticket mode) and the problems."""
    w, h = ed.size
    col = _Col(w - PANEL_W + 14, TOOLBAR_H + 10, PANEL_W - 28)
    m, doc = ed.model, ed.model.doc
    if (cid := ed.selected("city")) is not None:
        c = doc.city(cid)
        routes, tickets = m.dependents(cid)
        col.text(f"City: {c.name}", "title")
        col.text(f"id {c.id}   at {c.pos[0]:.0f}, {c.pos[1]:.0f}", "dim")
        col.text(f"{counted(len(routes), 'route')}, {counted(len(tickets), 'ticket')}", "dim")
        col.gap()
        col.buttons(("Rename (F2)", ed.rename_selected, False),
                    ("Label back", lambda: m.apply(m.moved_label(m.doc, cid, None)), False),
                    ("Delete", ed.delete_selected, False))
    elif (rid := ed.selected("route")) is not None:
        _route_props(ed, col, rid)
    elif (tid := ed.selected("ticket")) is not None:
        t = doc.ticket(tid)
        best = m.suggested_points(t.a, t.b)
        col.text(f"Ticket: {doc.city(t.a).name} - {doc.city(t.b).name}", "title")
        col.text(f"id {t.id}", "dim")
        col.gap()
        col.stepper("Points", t.points,
                    lambda: m.update_ticket(tid, points=max(1, t.points - 1)),
                    lambda: m.update_ticket(tid, points=t.points + 1), "[ ]")
        col.text(f"Shortest path: {best if best is not None else 'not connected'}",
                 "text" if best in (None, t.points) else "warning")
        col.gap(4)
        col.buttons(("Use shortest", lambda: m.update_ticket(tid, points=best) if best else None,
                     False), ("Delete", ed.delete_selected, False))
    else:
        col.text(f"Map: {doc.name}", "title")
        col.text(f"id {doc.map_id}   board {doc.size[0]:g} x {doc.size[1]:g}", "dim")
        col.text(f"{counted(len(doc.cities), 'city')}, {counted(len(doc.routes), 'track')}, "
                 f"{counted(len(doc.tickets), 'ticket')}", "dim")
        col.text(f"file: {m.path or '(not saved yet)'}", "dim")
        g = doc.geography
        col.text(f"geography: {len(g.shapes)} shapes, {g.point_count} points "
                 f"({'shown' if ed.show_geography else 'hidden'}, G)" if g is not None
                 else "no geography (python tools/bake_geo.py adds it)", "dim")
        col.gap()
        col.buttons(("Rename map", ed.rename_map, False), ("Board size", ed.resize_board, False),
                    ("Save as", ed.save_as, False))
    col.gap(6)
    if ed.mode == "ticket":
        _ticket_list(ed, col, h)
    _problem_list(ed, col, h)
    return col.items


def _route_props(ed: Editor, col: _Col, rid: str) -> None:
    m, doc = ed.model, ed.model.doc
    r = doc.route(rid)
    twin = doc.twin(rid)
    col.text(f"Route: {doc.city(r.a).name} - {doc.city(r.b).name}", "title")
    col.text(f"id {r.id}" + (f"   double with {twin.id}" if twin else ""), "dim")
    col.gap(4)
    col.stepper("Length", r.length, lambda: m.update_route(rid, length=r.length - 1),
                lambda: m.update_route(rid, length=r.length + 1), "[ ]")
    col.text("Colour   (, and . cycle)")
    x = col.x
    for color in SWATCHES:
        name = "gray" if color is None else theme.CARD_NAMES[color]
        col.items.append(Item(pygame.Rect(x, col.y, 30, ROW), name,
                              lambda c=color: m.update_route(rid, color=c), "swatch",
                              on=r.color == color, color=swatch_rgb(color)))
        x += 34
    col.y += ROW + 8
    col.buttons(("Double (D)", lambda: ed.toggle_double(), twin is not None),
                ("Tunnel (N)", lambda: m.update_route(rid, tunnel=not r.tunnel), r.tunnel))
    col.stepper("Ferry locos", r.ferry, lambda: m.update_route(rid, ferry=r.ferry - 1),
                lambda: m.update_route(rid, ferry=r.ferry + 1), "L / Shift+L")
    col.text(counted(len(r.via), "bend point") + ("; explicit car poses" if r.cars else ""), "dim")
    col.gap(4)
    specs = [("Straighten", lambda: m.apply(m.routes_with_via(m.doc, rid, ())), False),
             ("Delete", ed.delete_selected, False)]
    if twin is not None:
        specs.insert(0, ("Other track", lambda: ed.select("route", twin.id), False))
    col.buttons(*specs)


def _ticket_list(ed: Editor, col: _Col, h: int) -> None:
    doc = ed.model.doc
    col.text(f"Tickets ({len(doc.tickets)})", "title")
    rows = max(3, (h - col.y - 220) // LINE)
    start = max(0, min(ed.list_scroll, len(doc.tickets) - rows))
    for t in doc.tickets[start:start + rows]:
        on = ed.selection == ("ticket", t.id)
        col.items.append(Item(pygame.Rect(col.x, col.y, col.w, LINE),
                              f"{t.points:3d}  {doc.city(t.a).name} - {doc.city(t.b).name}",
                              lambda tid=t.id: ed.select("ticket", tid), "row", on=on))
        col.y += LINE
    if len(doc.tickets) > rows:
        col.text(f"   ... wheel scrolls ({start + 1}-{start + rows})", "dim")
    col.gap(8)


def _problem_list(ed: Editor, col: _Col, h: int) -> None:
    found = ed.watcher.items
    errors = sum(p.kind == "error" for p in found)
    stale = ed.watcher.version != ed.model.version
    col.text(f"Problems: {counted(errors, 'error')}, {counted(len(found) - errors, 'warning')}"
             + ("  ..." if stale else ""), "title")
    bottom = h - 40
    for p in found:
        lines = textwrap.wrap(p.text, WRAP) or [""]
        if col.y + LINE * len(lines) > bottom:
            col.text("... and more (run tools/check_maps.py)", "dim")
            break
        act = None if p.ref is None else (lambda ref=p.ref: ed.select_ref(ref))
        for line in lines:
            col.items.append(Item(pygame.Rect(col.x, col.y, col.w, LINE), line, act, p.kind))
            col.y += LINE
    if not found and not stale:
        col.text("No problems found.", "dim")


def dialog_rect(size: tuple[int, int]) -> pygame.Rect:
    """Where a dialog box sits (centred)."""
    r = pygame.Rect(0, 0, 560, 170)
    r.center = (size[0] // 2, size[1] // 2)
    return r


def question_buttons(size: tuple[int, int], q: Question) -> list[tuple[pygame.Rect, Choice]]:
    """The buttons of a question dialog, right-aligned along its bottom."""
    box = dialog_rect(size)
    out = []
    x = box.right - 16
    for choice in reversed(q.choices):
        w = max(90, 9 * len(choice.label) + 20)
        x -= w
        out.append((pygame.Rect(x, box.bottom - 46, w, 30), choice))
        x -= 8
    return out[::-1]
