"""The map editor meets the layout rule at every window size and text size on the bundled
maps (a subset in the fast suite, every size in the slow one), its text grows with the
window and the text-size setting like the game's, and a broken layout is caught."""

from __future__ import annotations

import gettext

import pygame
import pytest
from fitcheck import SIZES, TEXT_SIZES
from fitcheck_editor import (
    LONGER,
    UPPER,
    _open,
    catalogued,
    draw,
    texts_of,
    unexpected,
    walk_editor,
)

from tools.editor import panels
from tools.editor.analysis import problems
from tools.editor.crowd import crowded
from tools.editor.doc import doc_to_definition
from tools.editor.events import handle
from tools.editor.panels import panel_items, scroll_room
from ttr import i18n


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TTR_HOME", str(tmp_path / "home"))


FAST_SIZES = ((1024, 640), (1280, 720), (3840, 2160))
STATES = ("main", "city", "route", "ticket list", "problems", "save prompt", "delete question",
          "unsaved question", "ticket prompt")


@pytest.mark.parametrize("map_name", ["usa", "europe"])
def test_the_bundled_maps_show_no_problems_and_text_scales(map_name: str) -> None:
    """The panel says there are no problems; at 3840x2160 the toolbar and panel text is
    the game's body size (42 px), half as big again at text 150%."""
    for pct, body in ((100, 42), (150, 63)):
        texts = texts_of(map_name, (3840, 2160), pct, "main")
        said = [t.text for t in texts]
        assert "Problems: 0 errors, 0 warnings" in " ".join(said)
        assert "No problems found." in said
        for word in ("Select (V)", "No problems found."):
            assert next(t.size for t in texts if t.text == word) >= body, (word, pct)


@pytest.mark.parametrize("map_name", ["usa", "europe"])
def test_the_editor_fits_at_some_sizes(map_name: str) -> None:
    found = walk_editor(map_name, FAST_SIZES, (100, 150))
    assert set(found) == set(STATES)
    bad = unexpected(found)
    assert not bad, f"{len(bad)} problems:\n" + "\n".join(bad[:40])


@pytest.mark.slow
@pytest.mark.parametrize("map_name", ["usa", "europe"])
def test_the_editor_fits_at_every_size(map_name: str) -> None:
    bad = unexpected(walk_editor(map_name, SIZES, TEXT_SIZES))
    assert not bad, f"{len(bad)} problems:\n" + "\n".join(bad[:40])


@pytest.mark.parametrize("lang", catalogued())
def test_the_editor_fits_in_every_language(lang: str) -> None:
    """The narrowest window at the biggest text (every size in -m slow)."""
    bad = unexpected(walk_editor("europe", ((1024, 640),), (150,), lang=lang))
    assert not bad, f"{len(bad)} problems:\n" + "\n".join(bad[:40])


@pytest.mark.slow
@pytest.mark.parametrize("lang", catalogued())
def test_the_editor_fits_in_every_language_at_every_size(lang: str) -> None:
    bad = unexpected(walk_editor("usa", SIZES, TEXT_SIZES, lang=lang))
    assert not bad, f"{len(bad)} problems:\n" + "\n".join(bad[:40])


def test_touching_labels_give_way_by_the_least_that_clears_them() -> None:
    """Two labels that touch are drawn smaller, each inside its full-size place on the
    side away from the other, just until they clear (here 14 px: at 15 they touch); a
    label that touches nothing keeps its size; none goes under the floor."""
    def measure(text: str, size: int) -> tuple[int, int]:
        return (len(text) * size // 2, size + 3)

    labels = [("aaaa", (100.0, 100.0)), ("bbbb", (118.0, 100.0)), ("cccc", (300.0, 100.0))]
    (sa, ra), (sb, rb), (sc, rc) = crowded(labels, 20, 9, measure)
    assert (sa, sb, sc) == (14, 14, 20)
    assert not ra.colliderect(rb)
    assert ra.left == 80 and rb.right == 138  # the outer ends stay where they were
    assert rc == pygame.Rect(280, 89, 40, 23)
    floor = crowded(labels, 20, 16, measure)
    assert [s for s, _ in floor] == [16, 16, 20]
    assert [s for s, _ in crowded(labels, 20, 20, measure)] == [20, 20, 20]


def test_crowded_labels_on_the_map_are_drawn_smaller_in_place() -> None:
    """Europe at 1280x720, text 150%: London and Amsterdam touch at the size the text
    asks for and give way; most labels keep it. Zoomed in to the map's own scale, a
    label dragged onto another keeps its size (the overlap is the map's: the problems
    list reports it)."""
    ed, view = _open("europe", (1280, 720))
    ed.resize((1280, 720), 150)
    names = {c.name for c in ed.model.doc.cities}
    full = ed.label_px()
    size = {t.text: t.size for t in draw(view, ed)[0] if t.text in names}
    assert size["London"] < full and size["Amsterdam"] < full
    assert sum(s == full for s in size.values()) > 0.8 * len(size)
    ed.camera.zoom_at((400, 300), 4)
    m = ed.model
    ams, lon = m.doc.city("amsterdam"), m.doc.city("london")
    assert ams.label is not None
    m.preview(m.moved_label(m.doc, "london", (ams.pos[0] + ams.label[0] - lon.pos[0],
                                              ams.pos[1] + ams.label[1] - lon.pos[1])))
    drawn = {t.text: t.size for t in draw(view, ed)[0]}
    assert drawn["London"] == drawn["Amsterdam"] == ed.label_px() > full
    assert any(p.ref == "london" and "amsterdam" in p.text
               for p in problems(doc_to_definition(m.doc)))


def test_a_toolbar_that_does_not_wrap_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def one_row(widths: list[int], left: int, right: int, gap: int) -> list[tuple[int, int]]:
        out, x = [], left
        for w in widths:
            out.append((x, 0))
            x += w + gap
        return out

    monkeypatch.setattr(panels, "flow", one_row)
    found = walk_editor("usa", ((1024, 640),), (150,), only=("main",))
    kinds = {k for k, _ in found["main"]}
    assert "outside the window" in kinds, found
    assert unexpected(found)


def test_the_editor_words_its_text_in_the_current_language(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """A pseudo-language (upper case outside the placeholders) reaches the toolbar, the
    panel, the help bar and a dialog: the strings are translated where they are drawn."""
    monkeypatch.setattr(i18n, "_current", UPPER)
    said = " ".join(t.text for t in texts_of("usa", (1280, 720), 100, "main"))
    for words in ("SELECT (V)", "FIT (F)", "MAP: USA", "36 CITIES, 100 TRACKS, 73 TICKETS",
                  "PROBLEMS: 0 ERRORS, 0 WARNINGS", "NO PROBLEMS FOUND.", "DRAG CITIES"):
        assert words in said, words
    said = " ".join(t.text for t in texts_of("usa", (1280, 720), 100, "delete question"))
    assert "THIS ALSO DELETES" in said and "CANCEL (ESC)" in said


def test_a_language_two_fifths_longer_fits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Longer words wrap, flow onto more toolbar rows and scroll the panel; nothing else
    breaks the rule (every size in the slow test below)."""
    monkeypatch.setattr(i18n, "set_language", lambda code: _longer(code))
    bad = unexpected(walk_editor("usa", ((1024, 640), (1280, 720)), (150,), lang="de"))
    assert not bad, f"{len(bad)} problems:\n" + "\n".join(bad[:40])


@pytest.mark.slow
def test_a_language_two_fifths_longer_fits_at_every_size(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    monkeypatch.setattr(i18n, "set_language", lambda code: _longer(code))
    for map_name in ("usa", "europe"):
        bad = unexpected(walk_editor(map_name, SIZES, TEXT_SIZES, lang="de"))
        assert not bad, f"{len(bad)} problems:\n" + "\n".join(bad[:40])


def _longer(code: str) -> str:
    i18n._current = LONGER if code != "en" else gettext.NullTranslations()
    return code


def test_a_panel_too_long_for_the_window_scrolls(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "_current", LONGER)
    ed, view = _open("usa", (1280, 720))
    ed.resize((1280, 720), 150)
    ed.select("route", ed.model.doc.routes[0].id)
    room = scroll_room(ed)
    assert room > 0
    first = " ".join(it.text for it in panel_items(ed))
    below, above = LONGER.gettext("More below"), LONGER.gettext("More above")
    none = LONGER.gettext("No problems found.")
    assert below in first and none not in first
    for _ in range(room):
        handle(ed, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert ed.panel_scroll == room
    last = " ".join(it.text for it in panel_items(ed))
    assert above in last and none in last
