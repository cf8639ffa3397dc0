"""tools/i18n.py: a stable template, catalogs made with the agreed plural headers,
updates that keep translations and change nothing when nothing changed, compiling that
refuses a broken catalog."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo

import tools.i18n as tool
from tests.i18n.catalogs import read


@pytest.fixture
def locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the template in a temporary locale folder, which the tool works on."""
    shutil.copy(tool.TEMPLATE, tmp_path / "ttr.pot")
    monkeypatch.setattr(tool, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(tool, "TEMPLATE", tmp_path / "ttr.pot")
    return tmp_path


def test_the_template_is_stable(extracted: object) -> None:
    text = tool.po_text(extracted)
    assert "POT-Creation-Date" not in text and "Generated-By" not in text
    assert "\n#: ttr/" in text and "\n#: ttr/ui/scenes/settings.py:" not in text  # no lines
    assert text == tool.po_text(extracted)


def test_update_makes_catalogs_and_keeps_translations(locale: Path) -> None:
    assert tool.cmd_update() == 0
    for code in tool.translated_codes():
        po = (locale / code / "LC_MESSAGES" / "ttr.po").read_text(encoding="utf-8")
        assert f"Plural-Forms: {tool.PLURALS[code][:20]}" in po
        assert "POT-Creation-Date" not in po and "PO-Revision-Date" not in po
    path = locale / "pl" / "LC_MESSAGES" / "ttr.po"
    text = path.read_text(encoding="utf-8")
    text = text.replace('msgid "Settings"\nmsgstr ""', 'msgid "Settings"\nmsgstr "Ustawienia"')
    path.write_text(text, encoding="utf-8")
    assert tool.cmd_update() == 0
    assert path.read_text(encoding="utf-8") == text  # nothing changed: nothing written anew
    assert tool.cmd_compile() == 0
    with (locale / "pl" / "LC_MESSAGES" / "ttr.mo").open("rb") as f:
        compiled = {m.id: m.string for m in read_mo(f) if isinstance(m.id, str)}
    assert compiled["Settings"] == "Ustawienia"
    assert tool.counts(tool.read_catalog(path, "pl"))[0] == 1


def test_compile_refuses_a_broken_catalog(locale: Path, capsys: pytest.CaptureFixture[str]
                                          ) -> None:
    assert tool.cmd_update() == 0
    path = locale / "de" / "LC_MESSAGES" / "ttr.po"
    path.write_text(path.read_text(encoding="utf-8") + '\nmsgid "%(a)s of %(b)s"\n'
                    'msgstr "%(x)s von %(b)s"\n', encoding="utf-8")
    assert tool.cmd_compile() == 1
    assert "ttr.po" in capsys.readouterr().err
    assert not (locale / "de" / "LC_MESSAGES" / "ttr.mo").exists()


def test_status_reports_each_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert tool.cmd_status() == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(tool.translated_codes())
    total = sum(1 for m in read("de") if m.id)
    assert f"/{total} translated" in lines[0]
