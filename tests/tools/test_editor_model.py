"""The map editor's model: edits, cascades, undo/redo, saving and round trips (no pygame)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.editor.analysis import problems, shortest_spaces
from tools.editor.doc import doc_to_definition, doc_to_text
from tools.editor.model import UNDO_LIMIT, EditorModel, slug
from ttr.engine.cards import CardColor
from ttr.maps.mapfile import dump_map, load_map, load_map_text
from ttr.store import paths

MAPS = Path(__file__).resolve().parents[2] / "maps"


def small() -> tuple[EditorModel, list[str]]:
    m = EditorModel()
    ids = [m.add_city((100 + 200 * i, 300 + 40 * (i % 2)), n)
           for i, n in enumerate(["Alpha", "Bravo", "Charlie", "Delta"])]
    for a, b in zip(ids, ids[1:], strict=False):
        m.add_route(a, b)
    return m, ids


@pytest.mark.parametrize("name", ["usa", "europe"])
def test_open_and_save_changes_nothing(name: str, tmp_path: Path) -> None:
    src = MAPS / f"{name}.yaml"
    m = EditorModel.open(src)
    assert doc_to_text(m.doc) == dump_map(load_map(src)) == src.read_text(encoding="utf-8")
    out = m.save(tmp_path / f"{name}.yaml")
    assert out.read_text(encoding="utf-8") == src.read_text(encoding="utf-8")
    assert not m.dirty


def test_edit_save_load_changes_only_the_edit(tmp_path: Path) -> None:
    src = MAPS / "usa.yaml"
    m = EditorModel.open(src)
    m.move_city("denver", (520, 410))
    m.update_route("atlanta-miami", color=CardColor.RED)
    p = m.save(tmp_path / "usa.yaml")
    before = src.read_text(encoding="utf-8").splitlines()
    after = p.read_text(encoding="utf-8").splitlines()
    changed = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
    assert len(changed) == 2
    assert "denver" in changed[0][1] and "[520, 410]" in changed[0][1]
    assert "atlanta-miami" in changed[1][1] and "color: red" in changed[1][1]
    d = load_map(p)
    assert d.layout.cities["denver"].pos == (520, 410)
    assert d.game_map.route("atlanta-miami").color == CardColor.RED


def test_build_cities_routes_doubles_tickets() -> None:
    m, ids = small()
    assert ids == ["alpha", "bravo", "charlie", "delta"]
    assert [r.id for r in m.doc.routes] == ["alpha-bravo", "bravo-charlie", "charlie-delta"]
    twin = m.toggle_double("alpha-bravo")
    assert twin == "alpha-bravo-2"
    assert [r.id for r in m.doc.routes][:2] == ["alpha-bravo", "alpha-bravo-2"]
    assert m.add_route("alpha", "bravo") is None  # at most two tracks
    m.update_route("alpha-bravo", length=4)
    assert m.doc.route("alpha-bravo-2").length == 4  # doubles keep equal lengths
    m.update_route("bravo-charlie", tunnel=True)
    m.update_route("charlie-delta", ferry=9)
    assert m.doc.route("charlie-delta").ferry == m.doc.route("charlie-delta").length
    best = m.suggested_points("alpha", "delta")
    assert best == sum(m.doc.route(r).length for r in
                       ("alpha-bravo", "bravo-charlie", "charlie-delta"))
    tid = m.add_ticket("alpha", "delta")
    assert tid is not None and m.doc.ticket(tid).points == best
    m.add_ticket("alpha", "charlie", 99)
    d = load_map_text(doc_to_text(m.doc))
    assert len(d.game_map.routes) == 4 and len(d.game_map.tickets) == 2
    warn = [p.text for p in problems(doc_to_definition(m.doc), doc_to_text(m.doc))]
    assert any("alpha-charlie: 99 points" in w for w in warn)
    errors = [p.text for p in problems(doc_to_definition(m.doc)) if p.kind == "error"]
    assert len(errors) == 1 and errors[0].startswith("cannot start a game (variant base): "
                                                     "too few tickets for 2 players")


def test_delete_city_cascades_and_undo_restores() -> None:
    m, _ = small()
    m.add_ticket("alpha", "delta")
    routes, tickets = m.dependents("bravo")
    assert routes == ["alpha-bravo", "bravo-charlie"] and tickets == []
    before = m.doc
    m.delete_city("alpha")
    assert "alpha" not in {c.id for c in m.doc.cities}
    assert not m.doc.tickets and all("alpha" not in (r.a, r.b) for r in m.doc.routes)
    m.undo()
    assert m.doc == before
    m.redo()
    assert len(m.doc.cities) == 3


def test_rename_city_follows_id_into_routes_and_tickets() -> None:
    m, _ = small()
    m.add_ticket("alpha", "delta")
    new = m.rename_city("alpha", "Ålborg")
    assert new == "alborg"
    assert m.doc.route("alborg-bravo").a == "alborg"
    assert m.doc.ticket("alborg-delta").a == "alborg"
    load_map_text(doc_to_text(m.doc))  # still valid


def test_bend_points_and_label_offsets() -> None:
    m, _ = small()
    doc, i = m.insert_via(m.doc, "alpha-bravo", (200, 250))
    m.apply(doc)
    assert i == 0 and m.doc.route("alpha-bravo").via == ((200, 250),)
    m.toggle_double("alpha-bravo")
    assert m.doc.route("alpha-bravo-2").via == ((200, 250),)
    m.apply(m.moved_label(m.doc, "bravo", (0, 25)))
    text = doc_to_text(m.doc)
    assert "label: [0, 25]" in text and "via: [[200, 250]]" in text
    m.remove_via("alpha-bravo", 0)
    assert m.doc.route("alpha-bravo").via == () == m.doc.route("alpha-bravo-2").via


def test_undo_redo_over_a_hundred_steps() -> None:
    m = EditorModel()
    states = [m.doc]
    for i in range(150):
        m.add_city((10 + i * 5, 20 + i * 3))
        states.append(m.doc)
    assert UNDO_LIMIT >= 100
    for i in range(150):
        assert m.undo()
        assert m.doc == states[-2 - i]
    assert not m.undo()
    for _ in range(150):
        assert m.redo()
    assert m.doc == states[-1]
    m.undo()
    m.add_city((5, 5))  # a new edit clears redo
    assert not m.redo()


def test_drag_preview_commits_as_one_step() -> None:
    m, _ = small()
    before = m.doc
    steps = len(m.undo_stack)
    for x in range(100, 160, 10):
        m.preview(m.moved_city(before, "alpha", (x, 300)))
    m.commit(before)
    assert len(m.undo_stack) == steps + 1
    assert m.doc.city("alpha").pos == (150, 300)
    m.undo()
    assert m.doc == before


def test_dirty_flag_and_save_to_user_maps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TTR_HOME", str(tmp_path))
    m, _ = small()
    assert m.dirty
    p = m.save(paths.user_maps_dir() / "new-map.yaml")
    assert not m.dirty and p.is_file()
    m.add_city((700, 700))
    assert m.dirty
    m.undo()
    assert not m.dirty


def test_helpers() -> None:
    assert slug("São Paulo!") == "sao-paulo"
    gm = load_map(MAPS / "usa.yaml").game_map
    assert shortest_spaces(gm, "denver", "el-paso") == 4


def test_the_bundled_maps_report_no_problems_in_the_editor() -> None:
    from ttr.maps.mapfile import find_map, list_maps

    bundled = [m for m in list_maps() if m.id in ("usa", "europe")]
    assert len(bundled) == 2
    for m in bundled:
        assert problems(find_map(m.id), m.path.read_text(encoding="utf-8")) == [], m.id
