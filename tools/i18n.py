"""The translation catalogs: extract the template, update and compile the catalogs.

    python tools/i18n.py extract   # the code's strings -> ttr/i18n/locale/ttr.pot
    python tools/i18n.py update    # merge the template into every ttr.po (new ones made)
    python tools/i18n.py compile   # every ttr.po -> ttr.mo beside it (the game reads these)
    python tools/i18n.py status    # per language: translated / total, fuzzy, missing
    python tools/i18n.py all       # extract, update, compile

Needs Babel (`pip install -e '.[dev]'`), which the game itself does not. The files are
written stably: sorted by message, file names without line numbers, no dates and no
Babel version in the headers, so a template changes only when a message does
(tests/i18n checks that the committed template is what extraction gives). The plural
headers are the classic gettext ones (two forms, three for Polish), fixed here, not
Babel's CLDR ones. docs/TRANSLATING.md is the translators' guide.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: ttr and tools from this checkout
    sys.path.insert(0, str(ROOT))

from ttr.i18n import DEFAULT, DOMAIN, LANGUAGES, LOCALE_DIR, STATE  # noqa: E402

TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
"""The marking functions of ttr.i18n and their arguments (Babel's keyword specs)."""
COMMENT_TAG = "TRANSLATORS:"
SOURCES = ("ttr/**/*.py", "tools/editor/**/*.py", "tools/map_editor.py")
"""What is scanned for messages (relative to the checkout), less `NOT_SCANNED`."""
NOT_SCANNED = ("ttr/engine/", "ttr/native/")
"""The engine holds no text; the native build's helpers neither."""

PLURALS: dict[str, str] = {
    "de": "nplurals=2; plural=(n != 1);",
    "nl": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "pt_BR": "nplurals=2; plural=(n > 1);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && "
          "(n%100<10 || n%100>=20) ? 1 : 2);",
}
"""The Plural-Forms header of each catalog (the classic gettext ones)."""
WIDTH = 79
PROJECT = '"Project-Id-Version: ttr\\n"\n'
_UNSTABLE = ('"POT-Creation-Date:', '"PO-Revision-Date:', '"Generated-By:')


def catalog_path(code: str, suffix: str = "po") -> Path:
    """Where the catalog of language `code` lives."""
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.{suffix}"


def shown(path: Path) -> str:
    """`path` as printed: relative to the checkout when inside it."""
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def translated_codes() -> list[str]:
    """Every language with a catalog (all but the source language)."""
    return [code for code in LANGUAGES if code != DEFAULT]


def source_files(root: Path = ROOT) -> list[Path]:
    """The files scanned for messages, sorted."""
    found: set[Path] = set()
    for pattern in SOURCES:
        found.update(root.glob(pattern))
    return sorted(p for p in found
                  if not p.relative_to(root).as_posix().startswith(NOT_SCANNED))


def extract(root: Path = ROOT) -> Catalog:
    """The template catalog (a babel Catalog) of the messages in `source_files`."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    catalog = Catalog(project="ttr", fuzzy=False, charset="utf-8")
    catalog.header_comment = ("# The messages of ttr, to translate (made by tools/i18n.py "
                              "extract; do not edit).")
    for path in source_files(root):
        rel = path.relative_to(root).as_posix()
        for lineno, message, comments, context in extract_from_file(
                "python", path, keywords=KEYWORDS, comment_tags=(COMMENT_TAG,),
                strip_comment_tags=True):
            catalog.add(message, None, [(rel, lineno)], auto_comments=comments,
                        context=context)
    for rel, message, comment in map_messages(root):
        catalog.add(message, None, [(rel, 0)], auto_comments=[comment])
    return catalog


def map_messages(root: Path = ROOT) -> list[tuple[str, str, str]]:
    """The words of the bundled maps that players read: each rule set's name (a word id
    such as "base"; numbers stay) and description, as (file, message, translator comment),
    read by the game's own map reader. The screens translate them with `_()`; a map of
    the player's own shows its own words."""
    from ttr.maps.mapfile import load_map

    out: list[tuple[str, str, str]] = []
    for path in sorted((root / "maps").glob("*.yaml")):
        rel = path.relative_to(root).as_posix()
        game_map = load_map(path).game_map
        for name, config in game_map.variants.items():
            if not name.isdigit():
                out.append((rel, name, f"the name of a rule set of the {game_map.name} map "
                            "(a short label in the New game screen)"))
            out.append((rel, config.description, f"the description of the {game_map.name} "
                        f"map's rule set '{name}' (numbers are game rules: keep them)"))
    return out


def po_text(catalog: Catalog) -> str:
    """The catalog as PO text, stably: sorted, no line numbers, no dates or versions."""
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, catalog, width=WIDTH, sort_output=True, include_lineno=False,
             ignore_obsolete=True)
    lines = buf.getvalue().decode("utf-8").splitlines(keepends=True)
    return "".join(PROJECT if line.startswith(PROJECT[:19]) else line
                   for line in lines if not line.startswith(_UNSTABLE))


def read_catalog(path: Path, code: str | None = None) -> Catalog:
    """Read a PO file (or template) into a babel Catalog."""
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f, locale=code)


def new_catalog(code: str) -> Catalog:
    """An empty catalog for `code`, with this project's plural header."""
    from babel.messages.pofile import read_po

    head = (f'msgid ""\nmsgstr ""\n"Project-Id-Version: ttr\\n"\n"Language: {code}\\n"\n'
            f'"Language-Team: {LANGUAGES[code]}\\n"\n"MIME-Version: 1.0\\n"\n'
            f'"Content-Type: text/plain; charset=utf-8\\n"\n'
            f'"Content-Transfer-Encoding: 8bit\\n"\n"Plural-Forms: {PLURALS[code]}\\n"\n')
    catalog = read_po(io.BytesIO(head.encode("utf-8")), locale=code)
    catalog.header_comment = f"# ttr in {LANGUAGES[code]}. Guide: docs/TRANSLATING.md."
    catalog.fuzzy = False
    return catalog


def cmd_extract() -> int:
    catalog = extract()
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_text(po_text(catalog), encoding="utf-8")
    print(f"{shown(TEMPLATE)}: {len(catalog)} messages")
    return 0


def cmd_update() -> int:
    template = read_catalog(TEMPLATE)
    for code in translated_codes():
        path = catalog_path(code)
        made = not path.exists()
        catalog = new_catalog(code) if made else read_catalog(path, code)
        catalog.update(template, update_header_comment=False)
        catalog.fuzzy = False
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(po_text(catalog), encoding="utf-8")
        print(f"{shown(path)}: {'made' if made else 'updated'}")
    return 0


def problems(catalog: Catalog) -> Iterator[str]:
    """Babel's checks of every message (plural forms, % placeholders)."""
    for message, errors in catalog.check():
        for error in errors:
            yield f"{message.id!r}: {error}"


def cmd_compile() -> int:
    from babel.messages.mofile import write_mo

    bad = 0
    for code in translated_codes():
        path = catalog_path(code)
        catalog = read_catalog(path, code)
        found = list(problems(catalog))
        for line in found:
            print(f"{shown(path)}: {line}", file=sys.stderr)
        if found:
            bad += 1
            continue
        with catalog_path(code, "mo").open("wb") as f:
            write_mo(f, catalog, use_fuzzy=False)
        print(f"{shown(catalog_path(code, 'mo'))}: compiled")
    return 1 if bad else 0


def counts(catalog: Catalog) -> tuple[int, int, int, int]:
    """(translated, fuzzy, missing, total) messages of a catalog."""
    done = fuzzy = missing = total = 0
    for m in catalog:
        if not m.id:
            continue
        total += 1
        strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
        if m.fuzzy:
            fuzzy += 1
        elif all(strings):
            done += 1
        else:
            missing += 1
    return done, fuzzy, missing, total


def cmd_status() -> int:
    for code in translated_codes():
        path = catalog_path(code)
        if not path.exists():
            print(f"{code:6} no catalog (run: python tools/i18n.py update)")
            continue
        done, fuzzy, missing, total = counts(read_catalog(path, code))
        print(f"{code:6} {LANGUAGES[code]:20} {done}/{total} translated, {fuzzy} fuzzy, "
              f"{missing} missing ({STATE.get(code, 'partial')})")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/i18n.py", description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("extract", "update", "compile", "status", "all"))
    args = parser.parse_args(argv)
    try:
        import babel  # noqa: F401
    except ImportError:
        print("tools/i18n.py: needs Babel: pip install -e '.[dev]' (or pip install babel)",
              file=sys.stderr)
        return 2
    if args.command == "all":
        return cmd_extract() or cmd_update() or cmd_compile()
    return int({"extract": cmd_extract, "update": cmd_update, "compile": cmd_compile,
                "status": cmd_status}[args.command]())


if __name__ == "__main__":
    sys.exit(main())
