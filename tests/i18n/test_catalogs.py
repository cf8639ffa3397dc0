"""The catalogs: they parse, pass Babel's checks and ours (placeholders, plural headers),
match the template and their compiled .mo files; the complete ones miss nothing.

After marking strings: `python tools/i18n.py all` brings the template, the catalogs
and the .mo files up to date (docs/TRANSLATING.md)."""

from __future__ import annotations

import io
import re

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from tests.i18n.catalogs import brace_fields, codes, forms, read
from tools.i18n import PLURALS, TEMPLATE, catalog_path
from ttr.i18n import LANGUAGES, STATE

PERCENT = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?([a-zA-Z%])")


def translated(catalog: Catalog) -> list:  # type: ignore[type-arg]
    """The messages with a translation that the game uses (not fuzzy, every form)."""
    return [m for m in catalog if m.id and not m.fuzzy and all(forms(m.string))]


def test_every_language_has_a_state_and_a_catalog() -> None:
    assert sorted(STATE) == sorted(codes()) == sorted(c for c in LANGUAGES if c != "en")
    assert set(STATE.values()) <= {"complete", "partial"}
    for code in codes():
        assert catalog_path(code).is_file(), f"{code}: run python tools/i18n.py update"


@pytest.mark.parametrize("code", codes())
def test_babel_checks_pass(code: str) -> None:
    problems = [f"{m.id!r}: {e}" for m, errors in read(code).check() for e in errors]
    assert not problems, f"{code}:\n" + "\n".join(problems)


@pytest.mark.parametrize("code", codes())
def test_plural_header(code: str) -> None:
    catalog = read(code)
    want = PLURALS[code]
    nplurals = int(want.split("nplurals=")[1].split(";")[0])
    assert catalog.num_plurals == nplurals
    assert catalog.plural_expr.replace(" ", "") == want.split("plural=")[1].rstrip(";").replace(
        " ", ""), f"{code}: the Plural-Forms header is not {want!r}"


def placeholder_problems(catalog: Catalog) -> list[str]:
    """Translations whose {name} or %(name)s placeholders differ from their English."""
    bad = []
    for m in translated(catalog):
        ids = forms(m.id)
        english_braces = set().union(*(brace_fields(i) for i in ids))
        english_percent = {tuple(p) for i in ids for p in PERCENT.findall(i)}
        for n, text in enumerate(forms(m.string)):
            try:
                braces = brace_fields(text)
            except ValueError as e:
                bad.append(f"{m.id!r} [{n}]: {e}")
                continue
            # a plural form may leave out the number ({n}) where the language says
            # "one card" (the singular form); every other field must be there
            missing = english_braces - braces - ({"n"} if len(ids) > 1 else set())
            if braces - english_braces or missing:
                bad.append(f"{m.id!r} [{n}]: {sorted(braces)} for {sorted(english_braces)}")
            percent = {tuple(p) for p in PERCENT.findall(text)}
            if percent != english_percent and not (len(ids) > 1 and percent < english_percent):
                bad.append(f"{m.id!r} [{n}]: {sorted(percent)} for {sorted(english_percent)}")
    return bad


@pytest.mark.parametrize("code", codes())
def test_placeholders_are_kept(code: str) -> None:
    """Every translation has the same {name} and %(name)s placeholders as its English."""
    bad = placeholder_problems(read(code))
    assert not bad, f"{code}:\n" + "\n".join(bad)


def test_placeholder_check_finds_mistakes() -> None:
    catalog = Catalog(locale="pl")
    catalog.add("{name} claimed {a}", "{nazwa} zajął {a}")
    catalog.add("{n} card", "{n} karta")  # fine
    catalog.add(("{n} card", "{n} cards"), ("jedna karta", "{n} karty", "{n} kart"),
                context="plural")  # fine: the one form may say "one"
    catalog.add("Route to %(city)s", "Trasa do %(miasto)s")
    catalog.add("{a} and {b}", "{a} i {b")
    bad = placeholder_problems(catalog)
    assert len(bad) == 3 and "nazwa" in bad[0], bad


@pytest.mark.parametrize("code", codes())
def test_state_is_true(code: str) -> None:
    """A "complete" catalog misses nothing and has nothing fuzzy; a "partial" one does
    miss something (else STATE, and so README, should say complete)."""
    catalog = read(code)
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    missing = [m.id for m in catalog if m.id and not all(forms(m.string))]
    if STATE[code] == "partial":
        assert fuzzy or missing, f"{code} is complete: say so in ttr.i18n.STATE and README"
        return
    assert not fuzzy, f"{code}: fuzzy entries (check them, then remove the flag): {fuzzy}"
    assert not missing, f"{code}: untranslated: {missing}"


def _keys(catalog: Catalog) -> set[tuple[object, object]]:
    return {(m.context, m.id) for m in catalog if m.id}


def _words(comments: list[str]) -> str:
    """Translator comments as words (the template wraps long comments at its width)."""
    return " ".join(" ".join(comments).split())


def test_template_is_fresh(extracted: Catalog) -> None:
    """The committed template is what extraction gives now (python tools/i18n.py extract)."""
    with TEMPLATE.open("rb") as f:
        committed = read_po(f)
    fresh = extracted
    assert isinstance(fresh, Catalog)
    new = _keys(fresh) - _keys(committed)
    gone = _keys(committed) - _keys(fresh)
    assert not new and not gone, (
        "the template is stale: run python tools/i18n.py all\n"
        f"new: {sorted(map(str, new))[:20]}\ngone: {sorted(map(str, gone))[:20]}")
    changed = [m.id for m in fresh if m.id and (
        _words(committed.get(m.id, m.context).auto_comments)  # type: ignore[union-attr]
        != _words(m.auto_comments)
        or {p for p, _ in committed.get(m.id, m.context).locations}  # type: ignore[union-attr]
        != {p for p, _ in m.locations})]
    assert not changed, f"comments or files changed (python tools/i18n.py all): {changed[:20]}"


@pytest.mark.parametrize("code", codes())
def test_catalog_follows_the_template(code: str) -> None:
    with TEMPLATE.open("rb") as f:
        template = read_po(f)
    assert _keys(read(code)) == _keys(template), (
        f"{code}: not updated from the template: run python tools/i18n.py update")


def _compiled(data: bytes) -> dict[object, tuple[str, ...]]:
    return {(m.context, forms(m.id)): forms(m.string) for m in read_mo(io.BytesIO(data))
            if m.id}


@pytest.mark.parametrize("code", codes())
def test_compiled_catalog_matches(code: str) -> None:
    """The committed .mo holds what compiling the .po gives now (python tools/i18n.py
    compile), compared message by message."""
    fresh = io.BytesIO()
    write_mo(fresh, read(code), use_fuzzy=False)
    got = _compiled(catalog_path(code, "mo").read_bytes())
    assert got == _compiled(fresh.getvalue()), (
        f"{code}: the .mo is stale: run python tools/i18n.py compile")
    usable = {(m.context, forms(m.id)) for m in translated(read(code))}
    assert usable <= set(got)
