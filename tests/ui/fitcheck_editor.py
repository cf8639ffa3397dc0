"""The layout rule of `fitcheck` for the map editor: its main view (toolbar, panel, help
bar, the board's city labels), a selected city, route and ticket, the ticket list, a
problems list and its dialogs, drawn at each window size and text size. The editor runs
outside the game's scene stack, so it has its own walk; the rule (`problems`, `grows`)
is the same."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
from fitcheck import grows
from fitcheck import problems as breaks
from pseudo import LONGER, UPPER  # noqa: F401 (re-exported)
from textrects import Panel, Text, recording

from tools.editor.analysis import Problem, problems
from tools.editor.controller import Editor
from tools.editor.doc import doc_to_definition, doc_to_text
from tools.editor.model import EditorModel
from tools.editor.view import View
from ttr import i18n

MAPS = Path(__file__).resolve().parents[2] / "maps"

KNOWN_EDITOR: tuple[tuple[str, str, str], ...] = ()
"""(kind, pattern of the description, reason): problems that break the rule today."""


@dataclass
class EditorState:
    """One view of the editor: `enter` sets it up, `leave` takes it down."""

    name: str
    enter: Callable[[Editor], None]
    leave: Callable[[Editor], None] = lambda ed: None


def _select(kind: str | None, ref: str | None, mode: str = "select"
            ) -> Callable[[Editor], None]:
    def enter(ed: Editor) -> None:
        ed.set_mode(mode)
        ed.select(kind, ref)
    return enter


def _clear(ed: Editor) -> None:
    ed.dialog = None
    ed.select(None)
    ed.set_mode("select")


class _Mispriced:
    """Every ticket priced far over its path: the watcher shows that map's long problems
    list (checked once: the check takes a second) over the unchanged map."""

    def __init__(self) -> None:
        self.items: list[Problem] = []
        self.kept: list[Problem] = []

    def enter(self, ed: Editor) -> None:
        if not self.items:
            before = ed.model.doc
            for t in before.tickets:
                ed.model.update_ticket(t.id, points=t.points + 9)
            self.items = problems(doc_to_definition(ed.model.doc), doc_to_text(ed.model.doc))
            while ed.model.undo():
                pass
            assert ed.model.doc == before
            ed.watcher.request(ed.model.doc, ed.model.version)
        self.kept = ed.watcher.items
        ed.watcher.items = self.items

    def leave(self, ed: Editor) -> None:
        ed.watcher.items = self.kept


def _delete_question(city: str) -> Callable[[Editor], None]:
    def enter(ed: Editor) -> None:
        ed.select("city", city)
        ed.delete_selected()
        assert ed.dialog is not None
    return enter


def states(ed: Editor) -> list[EditorState]:
    """The views to check on the open map (its first city, route and ticket)."""
    doc = ed.model.doc
    mispriced = _Mispriced()
    busiest = max(doc.cities, key=lambda c: len(ed.model.dependents(c.id)[0])).id
    return [
        EditorState("main", _select(None, None)),
        EditorState("city", _select("city", busiest), _clear),
        EditorState("route", _select("route", doc.routes[0].id), _clear),
        EditorState("ticket list", _select("ticket", doc.tickets[0].id, "ticket"), _clear),
        EditorState("problems", mispriced.enter, mispriced.leave),
        EditorState("save prompt", lambda ed: ed.save_as(), _clear),
        EditorState("delete question", _delete_question(busiest), _clear),
        EditorState("unsaved question", _unsaved, _saved),
        EditorState("ticket prompt", lambda ed: ed.new_ticket(doc.cities[0].id,
                                                              doc.cities[-1].id), _clear),
    ]


def _unsaved(ed: Editor) -> None:
    """Quitting with unsaved changes asks first (three answers)."""
    ed.model.saved = replace(ed.model.doc, name=ed.model.doc.name + " (old)")
    ed.request_quit()
    assert ed.dialog is not None


def _saved(ed: Editor) -> None:
    ed.model.saved = ed.model.doc
    _clear(ed)


def draw(view: View, ed: Editor) -> tuple[list[Text], list[Panel]]:
    """Draw the editor; the texts and panels of what is on top (the dialog when one is
    open: it covers the rest on purpose)."""
    surf = pygame.Surface(ed.size)
    panels: list[Panel] = []
    if ed.dialog is None:
        with recording(panels) as got:
            view.draw_editor(surf, ed)
    else:
        view.draw_editor(surf, ed)
        with recording(panels) as got:
            view.draw_dialog(surf, ed)
    return ([t for t in got if t.surface is surf], [p for p in panels if p.surface is surf])


def _open(map_name: str, size: tuple[int, int]) -> tuple[Editor, View]:
    pygame.display.init()
    pygame.font.init()
    ed = Editor(EditorModel.open(MAPS / f"{map_name}.yaml"), size, sync_checks=True)
    ed.watcher.request(ed.model.doc, ed.model.version)
    return ed, View()


def texts_of(map_name: str, size: tuple[int, int], pct: int, state: str) -> list[Text]:
    """The texts drawn in one state of the editor."""
    ed, view = _open(map_name, size)
    ed.resize(size, pct)
    st = next(s for s in states(ed) if s.name == state)
    st.enter(ed)
    try:
        return draw(view, ed)[0]
    finally:
        st.leave(ed)


def catalogued() -> list[str]:
    """English and every language with a compiled catalog."""
    return [c for c in i18n.LANGUAGES
            if c == "en" or (i18n.LOCALE_DIR / c / "LC_MESSAGES" / "ttr.mo").is_file()]


def walk_editor(map_name: str, sizes: tuple[tuple[int, int], ...],
                text_sizes: tuple[int, ...], only: tuple[str, ...] = (), lang: str = "en"
                ) -> dict[str, list[tuple[str, str]]]:
    """Every break of the rule in each state of the editor on `maps/<map_name>.yaml`,
    speaking `lang`."""
    i18n.set_language(lang)
    try:
        return _walk(map_name, sizes, text_sizes, only, lang)
    finally:
        i18n.set_language("en")


def _walk(map_name: str, sizes: tuple[tuple[int, int], ...], text_sizes: tuple[int, ...],
          only: tuple[str, ...], lang: str) -> dict[str, list[tuple[str, str]]]:
    ed, view = _open(map_name, sizes[0])
    labels = frozenset(c.name for c in ed.model.doc.cities)
    todo = [s for s in states(ed) if not only or s.name in only]
    found: dict[str, list[tuple[str, str]]] = {s.name: [] for s in todo}
    seen: dict[str, dict[tuple[int, int, int], list[Text]]] = {s.name: {} for s in todo}
    for pct in text_sizes:
        for size in sizes:
            ed.resize(size, pct)
            where = f"{map_name} {size[0]}x{size[1]} text {pct}%" + (
                f" ({lang})" if lang != "en" else "")
            for st in todo:
                st.enter(ed)
                try:
                    texts, panels = draw(view, ed)
                finally:
                    st.leave(ed)
                if not texts:
                    found[st.name].append(("board", f"{where}: no text at all"))
                    continue
                found[st.name] += [(_kind(k, p, labels), f"{where}: {p}") for k, p in
                                   breaks(texts, panels, size, ed.chrome.font, labels)]
                seen[st.name][(*size, pct)] = texts
    for name in found:
        found[name] += grows(seen[name], labels)
    return found


def _kind(kind: str, description: str, labels: frozenset[str]) -> str:
    """ "label overlap" for two city labels overlapping each other, else `kind`."""
    if kind != "overlap":
        return kind
    first, _sep, second = description.partition(" / ")
    if any(first.startswith(f"{a!r} Rect") for a in labels) and any(
            second.startswith(f"{b!r} Rect") for b in labels):
        return "label overlap"
    return kind


def unexpected(found: dict[str, list[tuple[str, str]]]) -> list[str]:
    """The problems not listed in `KNOWN_EDITOR`."""
    return [f"{n}: {k}: {p}" for n, ps in found.items() for k, p in ps
            if not any(k == kind and re.search(pat, p) for kind, pat, _ in KNOWN_EDITOR)]
