"""Helpers of the i18n tests: the committed catalogs, and tiny catalogs made in a test."""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tools.i18n import catalog_path, new_catalog, translated_codes

Messages = dict[Any, Any]
"""msgid (or (singular, plural)) -> msgstr (or a tuple of forms); a key may also be
(context, msgid) written as `("ctx", "\\x04", msgid)`: see `write_catalog`."""


def read(code: str) -> Catalog:
    """The committed catalog of `code`."""
    with catalog_path(code).open("rb") as f:
        return read_po(f, locale=code)


def codes() -> list[str]:
    """Every language with a catalog."""
    return translated_codes()


def forms(value: object) -> tuple[str, ...]:
    """A message's id or string as a tuple of its forms."""
    if isinstance(value, tuple | list):
        return tuple(str(v) for v in value)
    return (str(value),)


def brace_fields(text: str) -> set[str]:
    """The named fields of a `str.format` text ({name}, {n:+d} -> name, n)."""
    out: set[str] = set()
    for _lit, name, _spec, _conv in string.Formatter().parse(text):
        if name is not None:
            out.add(name)
    return out


def write_catalog(locale_dir: Path, code: str, messages: Messages,
                  context: dict[tuple[str, str], str] | None = None) -> Path:
    """Compile a catalog of `messages` for `code` (with this project's plural header)
    into `locale_dir/<code>/LC_MESSAGES/ttr.mo`; returns its path."""
    catalog = new_catalog(code)
    for msgid, msgstr in messages.items():
        catalog.add(msgid, msgstr)
    for (ctx, msgid), msgstr in (context or {}).items():
        catalog.add(msgid, msgstr, context=ctx)
    path = locale_dir / code / "LC_MESSAGES" / "ttr.mo"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_mo(f, catalog)
    return path
