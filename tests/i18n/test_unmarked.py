"""Every player-facing string in the code is marked for translation (the scanner,
tests/i18n/unmarked.py: `python -m tests.i18n.unmarked` lists what is left)."""

from __future__ import annotations

from tests.i18n.unmarked import EXEMPT, ROOT, findings, scan_source, scanned_files


def found(source: str) -> list[str]:
    return [f for f in scan_source(source, "m.py") if f]


def test_no_unmarked_strings() -> None:
    left = findings()
    assert not left, (f"{len(left)} strings not marked for translation (mark them with _() "
                      "or N_(), or end the line with '# i18n: no'):\n" + "\n".join(left))


def test_exempt_modules_exist() -> None:
    files = {p.relative_to(ROOT).as_posix() for p in scanned_files()}
    assert set(EXEMPT) <= files


def test_scanner_finds_prose() -> None:
    source = '''
def f(name):
    a = "Claim a route"
    b = f"{name} claimed a route"
    c = "Settings"
    d = _(f"{name} drew")
    return a, b, c, d
'''
    got = found(source)
    assert got == ["m.py:3: 'Claim a route'", "m.py:4: '{x} claimed a route'",
                   "m.py:5: 'Settings'",
                   "m.py:6: '{x} drew' (an f-string inside a gettext call)"], got


def test_scanner_leaves_what_is_not_for_players() -> None:
    source = '''
"""Module docstring with words."""
import logging, re
from typing import cast
logger = logging.getLogger(__name__)
X = 1
"""Attribute doc with words."""

def f(x: "Some Type") -> "Other Type":
    """Docstring."""
    assert x, "an assert message"
    logger.warning("cannot read %s: %s", x, "more words")
    logging.info("words here")
    raise RuntimeError("an internal invariant broke")

def g(name):
    y = cast("Foo | None", name)
    r = re.compile(r"(\\w+) (\\d+)")
    ok = _("Claim {a} to {b}").format(a=1, b=2)
    more = ngettext("{n} card", "{n} cards", 2), pgettext("verb", "Draw"), N_("Back")
    code = "usa/base" + "some_id" + "a-b.c:d"
    fmt = "%(asctime)s %(levelname)s" + "{a} {b}"
    deliberately = "Not for players at all"  # i18n: no
    return y, r, ok, more, code, fmt, deliberately
'''
    assert found(source) == []


def test_scanner_flags_player_errors() -> None:
    source = 'raise ValueError(f"expected a number, got {text!r}")\n'
    assert found(source) == ["m.py:1: 'expected a number, got {x}'"]
