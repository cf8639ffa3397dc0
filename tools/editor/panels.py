"""Toolbar, properties panel and lists as `Item`s: where each button is and what it does.

The view draws the items and the input layer clicks them, so both agree by construction.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from tools.editor.controller import MODES, TOOLBAR, Editor
from tools.editor.dialogs import Choice, Prompt
from tools.editor.layout import flow, wrap
from ttr.engine.cards import CardColor
from ttr.i18n import _, ngettext, number
from ttr.ui import theme

SWATCHES: tuple[CardColor | None, ...] = (None, *(c for c in CardColor
                                                  if c != CardColor.LOCOMOTIVE))


@dataclass(slots=True)
class Item:
    """Something drawn in a panel; clickable when it has an action."""

    rect: pygame.Rect
    text: str
    action: Callable[[], object] | None = None
    kind: str = "button"  # button, text, title, dim, swatch, row, error, warning, value, field
    on: bool = False
    color: tuple[int, int, int] | None = None
    size: int = 0
    """The font size in pixels."""


def swatch_rgb(color: CardColor | None) -> tuple[int, int, int]:
    """Fill colour of a route colour."""
    return theme.GRAY_ROUTE if color is None else theme.CARD_RGB[color]


def measure(ed: Editor, text: str, size: int, bold: bool = False) -> int:
    """The width of `text` in the editor's font."""
    return int(ed.assets.font(size, bold=bold, cond=True).size(text)[0])


def bold_kind(kind: str) -> bool:
    """Whether items of `kind` are drawn bold."""
    return kind in ("title", "value", "button")


def toolbar_items(ed: Editor) -> list[Item]:
    """Mode buttons and file commands along the top (onto a second row when narrow)."""
    ch = ed.chrome
    acts: list[tuple[Callable[[], object], bool]] = [
        (lambda m=mode: ed.set_mode(m), ed.mode == mode) for mode in MODES]  # type: ignore[misc]
    acts += [(a, False) for a in (ed.undo, ed.redo, ed.new_map, ed.open_prompt, ed.save, ed.fit)]
    labels = [_(t) for t in TOOLBAR]
    widths = [ch.button_w(lambda t, s, b: measure(ed, t, s, b), t, True) for t in labels]
    items = []
    for (x, row), w, text, (act, on) in zip(flow(widths, ch.pad, ed.size[0] - ch.pad, ch.pad),
                                            widths, labels, acts, strict=True):
        rect = pygame.Rect(x, ch.pad + row * (ch.button_h + ch.pad), w, ch.button_h)
        items.append(Item(rect, text, act, on=on, size=ch.font))
    return items


class _Col:
    """Stacks rows down the panel."""

    def __init__(self, ed: Editor, x: int, y: int, w: int) -> None:
        self.ed, self.ch = ed, ed.chrome
        self.x, self.y, self.w = x, y, w
        self.items: list[Item] = []

    def size(self, kind: str) -> int:
        """The font size of a kind of line."""
        return self.ch.title if kind == "title" else self.ch.font

    def lines(self, text: str, kind: str = "text") -> list[str]:
        """`text` wrapped to the panel's width."""
        size, bold = self.size(kind), bold_kind(kind)
        return wrap(text, self.w - 4, lambda s: measure(self.ed, s, size, bold))

    def line_h(self, kind: str = "text") -> int:
        """The height of one line of `kind`."""
        return round(self.size(kind) * 1.4)

    def text(self, text: str, kind: str = "text",
             action: Callable[[], None] | None = None) -> None:
        """Wrapped text, one item per line."""
        h = self.line_h(kind)
        for line in self.lines(text, kind):
            self.items.append(Item(pygame.Rect(self.x, self.y, self.w, h), line, action, kind,
                                   size=self.size(kind)))
            self.y += h

    def buttons(self, *specs: tuple[str, Callable[[], None], bool]) -> None:
        """A row of buttons (onto more rows when they do not fit)."""
        ch = self.ch
        widths = [ch.button_w(lambda t, s, b: measure(self.ed, t, s, b), text, True)
                  for text, _a, _o in specs]
        if len(specs) == 1:
            widths = [self.w]
        spots = flow(widths, self.x, self.x + self.w, ch.pad)
        for (x, row), w, (text, act, on) in zip(spots, widths, specs, strict=True):
            rect = pygame.Rect(x, self.y + row * (ch.row + ch.pad), w, ch.row)
            self.items.append(Item(rect, text, act, on=on, size=ch.font))
        self.y += (spots[-1][1] + 1) * (ch.row + ch.pad)

    def stepper(self, label: str, value: int, minus: Callable[[], None],
                plus: Callable[[], None], keys: str) -> None:
        """A label, [-] value [+] and the keys that do the same."""
        ch, f = self.ch, self.ch.font
        label_w = max(round(self.w * 0.36), measure(self.ed, label, f) + ch.pad)
        row, pad = ch.row, ch.pad
        self.items.append(Item(pygame.Rect(self.x, self.y, label_w, row), label, None, "text",
                               size=f))
        x = self.x + label_w
        value_w = measure(self.ed, "888", f, True) + pad
        for rect, text, act, kind in (
                (pygame.Rect(x, self.y, row, row), "-", minus, "button"),
                (pygame.Rect(x + row, self.y, value_w, row), str(value), None, "value"),
                (pygame.Rect(x + row + value_w, self.y, row, row), "+", plus, "button")):
            self.items.append(Item(rect, text, act, kind, size=f))
        x += 2 * row + value_w + pad
        if x + measure(self.ed, keys, f) > self.x + self.w:
            self.y += row + pad
            self.text(keys, "dim")
            self.y += pad
            return
        self.items.append(Item(pygame.Rect(x, self.y, self.x + self.w - x, row), keys, None,
                               "dim", size=f))
        self.y += row + pad

    def gap(self, n: float = 0.5) -> None:
        """Space of `n` body lines."""
        self.y += round(self.ch.font * n)


def panel_items(ed: Editor) -> list[Item]:
    """The properties of the selection, then the tickets (ticket mode) and the problems
    (scrolled when they do not fit)."""
    return _scrolled(ed, *_column(ed))


def scroll_room(ed: Editor) -> int:
    """How many lines the panel can scroll by (0: it fits)."""
    col, top, bottom = _column(ed)
    if col.y <= bottom:
        return 0
    line = col.line_h("dim")
    return -(-(col.y - bottom) // line) + 2  # the notes' lines at most


def _column(ed: Editor) -> tuple[_Col, int, int]:
    w, h = ed.size
    ch = ed.chrome
    col = _Col(ed, w - ch.panel_w + 2 * ch.pad, ch.toolbar_h + 2 * ch.pad,
               ch.panel_w - 4 * ch.pad)
    m, doc = ed.model, ed.model.doc
    if (cid := ed.selected("city")) is not None:
        c = doc.city(cid)
        routes, tickets = m.dependents(cid)
        col.text(_("City: {name}").format(name=c.name), "title")
        col.text(_("id {id}   at {x}, {y}").format(id=c.id, x=number(c.pos[0]),
                                                   y=number(c.pos[1])), "dim")
        col.text(_("{routes}, {tickets}").format(
            routes=ngettext("{n} route", "{n} routes", len(routes)).format(
                n=number(len(routes))),
            tickets=ngettext("{n} ticket", "{n} tickets", len(tickets)).format(
                n=number(len(tickets)))), "dim")
        col.gap()
        col.buttons((_("Rename (F2)"), ed.rename_selected, False),
                    # TRANSLATORS: a button: put a city's label back where it was by default
                    (_("Label back"), lambda: m.apply(m.moved_label(m.doc, cid, None)), False),
                    (_("Delete"), ed.delete_selected, False))
    elif (rid := ed.selected("route")) is not None:
        _route_props(ed, col, rid)
    elif (tid := ed.selected("ticket")) is not None:
        t = doc.ticket(tid)
        best = m.suggested_points(t.a, t.b)
        col.text(_("Ticket: {a} - {b}").format(a=doc.city(t.a).name, b=doc.city(t.b).name),
                 "title")
        col.text(_("id {id}").format(id=t.id), "dim")
        col.gap()
        col.stepper(_("Points"), t.points,
                    lambda: m.update_ticket(tid, points=max(1, t.points - 1)),
                    lambda: m.update_ticket(tid, points=t.points + 1), "[ ]")
        col.text(ngettext("Shortest path: {n} space", "Shortest path: {n} spaces", best)
                 .format(n=number(best)) if best is not None
                 else _("Shortest path: not connected"),
                 "text" if best in (None, t.points) else "warning")
        col.gap(0.3)
        col.buttons((_("Use shortest"),
                     lambda: m.update_ticket(tid, points=best) if best else None, False),
                    (_("Delete"), ed.delete_selected, False))
    else:
        col.text(_("Map: {name}").format(name=doc.name), "title")
        col.text(_("id {id}   board {w} x {h}").format(
            id=doc.map_id, w=number(doc.size[0]), h=number(doc.size[1])), "dim")
        # TRANSLATORS: "36 cities, 100 tracks, 73 tickets"
        col.text(_("{cities}, {tracks}, {tickets}").format(
            cities=ngettext("{n} city", "{n} cities", len(doc.cities)).format(
                n=number(len(doc.cities))),
            tracks=ngettext("{n} track", "{n} tracks", len(doc.routes)).format(
                n=number(len(doc.routes))),
            tickets=ngettext("{n} ticket", "{n} tickets", len(doc.tickets)).format(
                n=number(len(doc.tickets)))), "dim")
        col.text(_("file: {path}").format(path=m.path) if m.path
                 else _("file: (not saved yet)"), "dim")
        col.text(_geography(ed), "dim")
        col.gap()
        col.buttons((_("Rename map"), ed.rename_map, False),
                    (_("Board size"), ed.resize_board, False),
                    (_("Save as"), ed.save_as, False))
    col.gap()
    bottom = h - ch.help_h - ch.pad
    if ed.mode == "ticket":
        _ticket_list(ed, col, bottom)
    _problem_list(ed, col, bottom)
    return col, ch.toolbar_h + ch.pad, bottom


def _scrolled(ed: Editor, col: _Col, top: int, bottom: int) -> list[Item]:
    """The panel's items, scrolled by the wheel (`Editor.panel_scroll` lines) when they
    run past `bottom`: those wholly inside show, and the last lines say there is more."""
    if col.y <= bottom:
        return col.items
    line = col.line_h("dim")
    notes = (_("More below: the wheel scrolls this panel"),
             _("More below and above: the wheel scrolls this panel"),
             _("More above: the wheel scrolls this panel"))
    end = bottom - line * max(len(col.lines(n, "dim")) for n in notes)
    shift = max(0, min(ed.panel_scroll * line, col.y - end))
    shown = [it for it in col.items if it.rect.y - shift >= top and it.rect.bottom - shift <= end]
    for it in shown:
        it.rect = it.rect.move(0, -shift)
    tail = _Col(ed, col.x, end, col.w)
    tail.text(notes[0 if shift == 0 else 2 if shift >= col.y - end else 1], "dim")
    return shown + tail.items


def _geography(ed: Editor) -> str:
    g = ed.model.doc.geography
    if g is None:
        return _("no geography (python tools/bake_geo.py adds it)")
    shapes = ngettext("{n} shape", "{n} shapes", len(g.shapes)).format(n=number(len(g.shapes)))
    points = ngettext("{n} point", "{n} points", g.point_count).format(
        n=number(g.point_count))
    if ed.show_geography:
        # TRANSLATORS: the map's land and water; G is the key that hides them
        return _("geography: {shapes}, {points} (shown, G)").format(shapes=shapes, points=points)
    return _("geography: {shapes}, {points} (hidden, G)").format(shapes=shapes, points=points)


def _route_props(ed: Editor, col: _Col, rid: str) -> None:
    m, doc = ed.model, ed.model.doc
    r = doc.route(rid)
    twin = doc.twin(rid)
    col.text(_("Route: {a} - {b}").format(a=doc.city(r.a).name, b=doc.city(r.b).name), "title")
    col.text(_("id {id}   double with {other}").format(id=r.id, other=twin.id) if twin
             else _("id {id}").format(id=r.id), "dim")
    col.gap(0.3)
    col.stepper(_("Length"), r.length, lambda: m.update_route(rid, length=r.length - 1),
                lambda: m.update_route(rid, length=r.length + 1), "[ ]")
    # TRANSLATORS: the comma and full stop keys cycle through the colours
    col.text(_("Colour   (, and . cycle)"))
    x, gap = col.x + 2, col.ch.pad
    sw = min(round(col.ch.font * 2.2), (col.w - 4 - (len(SWATCHES) - 1) * gap) // len(SWATCHES))
    for color in SWATCHES:
        name = "gray" if color is None else theme.CARD_NAMES[color]
        col.items.append(Item(pygame.Rect(x, col.y + 2, sw, col.ch.row), name,
                              lambda c=color: m.update_route(rid, color=c), "swatch",
                              on=r.color == color, color=swatch_rgb(color)))
        x += sw + gap
    col.y += col.ch.row + 2 * gap
    col.buttons((_("Double (D)"), lambda: ed.toggle_double(), twin is not None),
                (_("Tunnel (N)"), lambda: m.update_route(rid, tunnel=not r.tunnel), r.tunnel))
    # TRANSLATORS: how many locomotives a ferry route needs
    col.stepper(_("Ferry locos"), r.ferry, lambda: m.update_route(rid, ferry=r.ferry - 1),
                lambda: m.update_route(rid, ferry=r.ferry + 1), _("L / Shift+L"))
    bends = ngettext("{n} bend point", "{n} bend points", len(r.via)).format(n=number(len(r.via)))
    # TRANSLATORS: the map file gives each train car's place on this route
    col.text(_("{bends}; explicit car poses").format(bends=bends) if r.cars else bends, "dim")
    col.gap(0.3)
    specs = [(_("Straighten"), lambda: m.apply(m.routes_with_via(m.doc, rid, ())), False),
             (_("Delete"), ed.delete_selected, False)]
    if twin is not None:
        specs.insert(0, (_("Other track"), lambda: ed.select("route", twin.id), False))
    col.buttons(*specs)


def _ticket_list(ed: Editor, col: _Col, bottom: int) -> None:
    doc = ed.model.doc
    col.text(_("Tickets ({n})").format(n=number(len(doc.tickets))), "title")
    line = col.line_h()
    rows = max(3, (bottom - col.y - 3 * col.line_h("title") - 2 * line) // line)
    start = max(0, min(ed.list_scroll, len(doc.tickets) - rows))
    for t in doc.tickets[start:start + rows]:
        on = ed.selection == ("ticket", t.id)
        col.items.append(Item(pygame.Rect(col.x, col.y, col.w, line),
                              _("{points}  {a} - {b}").format(
                                  points=number(t.points).rjust(3), a=doc.city(t.a).name,
                                  b=doc.city(t.b).name),
                              lambda tid=t.id: ed.select("ticket", tid), "row", on=on,
                              size=col.ch.font))
        col.y += line
    if len(doc.tickets) > rows:
        col.text(_("The wheel scrolls ({first}-{last} of {n})").format(
            first=number(start + 1), last=number(min(start + rows, len(doc.tickets))),
            n=number(len(doc.tickets))), "dim")
    col.gap()


def _problem_list(ed: Editor, col: _Col, bottom: int) -> None:
    found = ed.watcher.items
    errors = sum(p.kind == "error" for p in found)
    stale = ed.watcher.version != ed.model.version
    title = _("Problems: {errors}, {warnings}").format(
        errors=ngettext("{n} error", "{n} errors", errors).format(n=number(errors)),
        warnings=ngettext("{n} warning", "{n} warnings", len(found) - errors).format(
            n=number(len(found) - errors)))
    # TRANSLATORS: shown while the map is checked again after a change
    col.text(_("{problems} (checking\u2026)").format(problems=title) if stale else title,
             "title")
    line = col.line_h()
    for i, p in enumerate(found):
        more = _more(len(found) - i - 1)
        lines = col.lines(p.text, p.kind)
        if i + 1 < len(found):
            lines += col.lines(more, "dim")
        if col.y + line * len(lines) > bottom:
            col.text(_more(len(found) - i), "dim")
            break
        act = None if p.ref is None else (lambda ref=p.ref: ed.select_ref(ref))
        col.text(p.text, p.kind, act)
    if not found and not stale:
        col.text(_("No problems found."), "dim")


def _more(n: int) -> str:
    return ngettext("{n} more problem: python tools/check_maps.py lists them all",
                    "{n} more problems: python tools/check_maps.py lists them all",
                    n).format(n=number(n))


def dialog_items(ed: Editor) -> tuple[pygame.Rect, list[Item], list[tuple[pygame.Rect, Choice]]]:
    """The open dialog's box (centred), its lines and its buttons with their choices."""
    d = ed.dialog
    assert d is not None
    ch, (w, h) = ed.chrome, ed.size
    bw = min(w - 4 * ch.pad, round(ch.font * 38))
    col = _Col(ed, 0, 0, bw - 6 * ch.pad)
    col.text(d.title, "title")
    col.gap(0.4)
    choices: list[tuple[pygame.Rect, Choice]] = []
    if isinstance(d, Prompt):
        field = round(ch.font * 2.2)
        col.items.append(Item(pygame.Rect(0, col.y, col.w, field), d.text, None, "field",
                              size=round(ch.font * 1.1)))
        col.y += field + ch.pad
        col.text(d.hint or _("Enter to accept, Esc to cancel"), "dim")
        col.text(_("Enter: OK    Esc: cancel"), "dim")
    else:
        col.text(d.message)
        col.gap(0.6)
        widths = [ch.button_w(lambda t, s, b: measure(ed, t, s, b), c.label, True)
                  for c in d.choices]
        spots = flow(widths[::-1], 0, col.w, ch.pad)  # right to left
        rows = spots[-1][1] + 1
        for (x, row), bw_, c in zip(spots, widths[::-1], d.choices[::-1], strict=True):
            rect = pygame.Rect(col.w - x - bw_, col.y + row * (ch.row + ch.pad), bw_, ch.row)
            choices.insert(0, (rect, c))
        col.y += rows * (ch.row + ch.pad)
    box = pygame.Rect(0, 0, bw, col.y + 5 * ch.pad)
    box.center = (w // 2, h // 2)
    dx, dy = box.x + 3 * ch.pad, box.y + 3 * ch.pad
    for it in col.items:
        it.rect.move_ip(dx, dy)
    return box, col.items, [(r.move(dx, dy), c) for r, c in choices]


def question_buttons(ed: Editor) -> list[tuple[pygame.Rect, Choice]]:
    """The buttons of the open question dialog and their choices."""
    return dialog_items(ed)[2]
