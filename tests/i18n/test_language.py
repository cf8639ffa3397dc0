"""The language at run time: switching, plural rules, numbers, glyphs of every catalog."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame.freetype
import pytest

import ttr.i18n as i18n
from tests.i18n.catalogs import Messages, codes, forms, read
from ttr.i18n import _, ngettext, number, pgettext, set_language
from ttr.ui import theme
from ttr.ui.assets import fonts_dir

Make = Callable[[str, Messages], None]


def test_polish_plurals_read_right(tiny_catalogs: Make) -> None:
    tiny_catalogs("pl", {("{n} card", "{n} cards"): ("{n} karta", "{n} karty", "{n} kart")})
    set_language("pl")
    said = {n: ngettext("{n} card", "{n} cards", n).format(n=n) for n in (1, 2, 5, 12, 22, 25)}
    assert said == {1: "1 karta", 2: "2 karty", 5: "5 kart", 12: "12 kart", 22: "22 karty",
                    25: "25 kart"}


def test_french_zero_is_singular(tiny_catalogs: Make) -> None:
    tiny_catalogs("fr", {("{n} card", "{n} cards"): ("{n} carte", "{n} cartes")})
    set_language("fr")
    assert [ngettext("{n} card", "{n} cards", n).format(n=n) for n in (0, 1, 2)] == [
        "0 carte", "1 carte", "2 cartes"]


def test_set_language_switches_at_once(tiny_catalogs: Make) -> None:
    tiny_catalogs("de", {"Back": "Zurück"})
    heard: list[str] = []
    i18n.on_change(heard.append)
    try:
        before = i18n.generation()
        assert _("Back") == "Back"
        assert set_language("de") == "de"
        assert _("Back") == "Zurück" and i18n.language() == "de"
        assert i18n.generation() == before + 1 and heard == ["de"]
        assert _("Not in the catalog") == "Not in the catalog"  # English where missing
        assert _("") == "" and pgettext("x", "") == ""  # (not the catalog's header)
        set_language("en")
        assert _("Back") == "Back"
    finally:
        i18n._listeners.remove(heard.append)


def test_context_separates_meanings(tiny_catalogs: Make) -> None:
    from tests.i18n.catalogs import write_catalog

    write_catalog(i18n.LOCALE_DIR, "de", {"Draw": "Unentschieden"},
                  context={("verb", "Draw"): "Ziehen"})
    i18n._translations.pop("de", None)
    set_language("de")
    assert (_("Draw"), pgettext("verb", "Draw")) == ("Unentschieden", "Ziehen")


def test_unknown_language_is_english(english: None) -> None:
    assert set_language("xx") == "en"
    assert set_language("de_DE.UTF-8") == "de"
    assert set_language("pt") == "pt_BR"


@pytest.mark.parametrize(("code", "big", "small"), [
    ("en", "12,345.5", "1,234"), ("de", "12.345,5", "1.234"),
    ("fr", "12\u202f345,5", "1\u202f234"), ("es", "12.345,5", "1234"),
    ("it", "12.345,5", "1.234"), ("nl", "12.345,5", "1.234"), ("pl", "12\u00a0345,5", "1234"),
    ("pt_BR", "12.345,5", "1.234")])
def test_numbers_per_language(english: None, code: str, big: str, small: str) -> None:
    set_language(code)
    assert number(12345.5, 1) == big
    assert number(1234) == small
    assert number(-3) == "-3" and number(0) == "0"


def test_system_language(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert i18n.system_language() == "pl"
    monkeypatch.setenv("LANGUAGE", "sv:nl")
    assert i18n.system_language() == "nl"
    monkeypatch.setenv("LC_ALL", "C")  # the C locale: English, LANGUAGE not read
    assert i18n.system_language() == "en"
    monkeypatch.setenv("LC_ALL", "C.UTF-8")  # as GNU gettext: not "C", LANGUAGE counts
    assert i18n.system_language() == "nl"
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    monkeypatch.delenv("LANGUAGE")
    assert i18n.system_language() == "de"


FONTS = (theme.FONT, theme.FONT_BOLD, theme.FONT_COND, theme.FONT_COND_BOLD)


def missing_glyphs(text: str) -> dict[str, list[str]]:
    """The characters of `text` that a shipped font lacks, by font file."""
    pygame.freetype.init()
    chars = sorted(set(text) - {"\n", "\t"})
    out = {}
    for name in FONTS:
        font = pygame.freetype.Font(str(fonts_dir() / name), 16)
        lacking = [c for c, m in zip(chars, font.get_metrics("".join(chars)), strict=True)
                   if m is None]
        if lacking:
            out[name] = lacking
    return out


def test_glyph_check_sees_a_missing_glyph() -> None:
    assert missing_glyphs("a\u4e00") == {name: ["\u4e00"] for name in FONTS}


def test_every_character_has_a_glyph() -> None:
    """Every character of every catalog, language name and number has a glyph in the
    shipped DejaVu fonts (no empty boxes)."""
    text = "".join(i18n.LANGUAGES.values()) + "\u202f\u00a0"
    for code in codes():
        for m in read(code):
            text += "".join(forms(m.string))
    assert missing_glyphs(text) == {}


def test_a_name_given_as_is_is_never_translated() -> None:
    """A player named like a button's word ("Back") keeps the name on a widget that
    translates its label (the review's seat buttons)."""
    try:
        i18n.set_language("de")
        assert i18n._("Back") == "Zurück"
        assert i18n._(i18n.as_is("Back")) == "Back"
        assert i18n.as_is("Back") == "Back"
    finally:
        i18n.set_language("en")
