"""The player's language: gettext catalogs, looked up at call time, switched while running.

Every word a player reads or hears goes through `_`, `ngettext`, `pgettext` or
`npgettext` here, with named placeholders filled afterwards
(`_("{name} claimed {a} to {b}").format(name=..., a=..., b=...)`), never an f-string
inside the call. A constant defined at import time is marked with `N_` and
translated where it is drawn or spoken: the language may change between
two frames (`set_language`). The engine holds no text at all; its events and reasons
are data that the UI words.

Catalogs live in `ttr/i18n/locale/<code>/LC_MESSAGES/ttr.po`, compiled to `ttr.mo` beside
them (`python tools/i18n.py`, docs/TRANSLATING.md). `STATE` says which catalogs are
complete (tests/i18n holds those to every message translated).
"""

from __future__ import annotations

import functools
import gettext as _gettext
import locale
import os
from collections.abc import Callable
from pathlib import Path

DOMAIN = "ttr"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "it": "Italiano",
    "nl": "Nederlands",
    "pl": "Polski",
    "pt_BR": "Português (Brasil)",
}
"""The languages the game speaks: code -> the language's name in itself."""

STATE: dict[str, str] = {
    "de": "complete",
    "fr": "complete",
    "es": "complete",
    "it": "complete",
    "nl": "complete",
    "pl": "complete",
    "pt_BR": "complete",
}
"""How far each catalog is: "complete" (the tests require every message translated,
none fuzzy) or "partial" (untranslated messages show in English). README lists these."""

DEFAULT = "en"

_translations: dict[str, _gettext.NullTranslations] = {}
_current: _gettext.NullTranslations = _gettext.NullTranslations()
_code = DEFAULT
_generation = 0
_listeners: list[Callable[[str], None]] = []


def normalize(code: str) -> str | None:
    """A language code the game has, from `code` ("de", "de_DE.UTF-8", "pt-br", "pt"),
    or None."""
    raw = code.strip().split(".")[0].split("@")[0].replace("-", "_")
    if not raw:
        return None
    lang, _sep, region = raw.partition("_")
    lang = lang.lower()
    full = f"{lang}_{region.upper()}" if region else lang
    if full in LANGUAGES:
        return full
    if lang in LANGUAGES:
        return lang
    if lang == "pt":
        return "pt_BR"
    return None


def system_language() -> str:
    """The language of the system's locale if the game has it, else English. Close to GNU
    gettext: the locale is the first of LC_ALL, LC_MESSAGES, LANG that is set; a locale
    set to C (or POSIX) means English (LANGUAGE is then not read); else LANGUAGE's list
    comes first (also when no locale variable is set, as on Windows and macOS, where the
    system's locale comes last)."""
    loc = next((os.environ[v] for v in ("LC_ALL", "LC_MESSAGES", "LANG") if os.environ.get(v)),
               "")
    if loc in ("C", "POSIX"):  # (C.UTF-8 is a locale of its own: LANGUAGE is read)
        return DEFAULT
    for part in (*os.environ.get("LANGUAGE", "").split(":"), loc):
        found = normalize(part)
        if found:
            return found
    try:
        system = locale.getlocale()[0]
    except ValueError:
        system = None
    return normalize(system or "") or DEFAULT


def _load(code: str) -> _gettext.NullTranslations:
    if code not in _translations:
        _translations[code] = _gettext.translation(
            DOMAIN, LOCALE_DIR, languages=[code], fallback=True)
    return _translations[code]


def set_language(code: str) -> str:
    """Speak `code` from now on (an unknown code means English); returns the code used.
    Listeners (caches of rendered text, the speech voice) hear of a change."""
    global _current, _code, _generation
    chosen = normalize(code) or DEFAULT
    if chosen == _code and _current is _load(chosen):
        return chosen
    _current = _load(chosen)
    _code = chosen
    _generation += 1
    for listener in list(_listeners):
        listener(chosen)
    return chosen


_pinned: str | None = None


def pin(code: str | None) -> None:
    """The language given for this run (`ttr --lang`): the window uses it instead of the
    one saved in Settings (None: no longer pinned). Also switches to it."""
    global _pinned
    _pinned = normalize(code) if code else None
    if _pinned:
        set_language(_pinned)


def pinned() -> str | None:
    """The language given for this run, if any (`pin`)."""
    return _pinned


def language() -> str:
    """The code of the language spoken now."""
    return _code


def generation() -> int:
    """A number that changes with every change of language (for caches keyed on text)."""
    return _generation


def on_change(listener: Callable[[str], None]) -> None:
    """Call `listener(code)` after every change of language."""
    _listeners.append(listener)


class AsIs(str):
    """Text that is never translated where a widget translates its label: a player's
    name ("Back" is a name here, not the button's word)."""


def _(message: str) -> str:
    """`message` in the current language ("" stays "": gettext would give the catalog's
    header for it; an `AsIs` text stays as it is)."""
    return _current.gettext(message) if message and not isinstance(message, AsIs) else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of `singular`/`plural` for `n` in the current language's plural rules
    (fill `{n}` afterwards with `number(n)`)."""
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the current language, in `context` (one English word, two senses)."""
    return _current.pgettext(context, message) if message else message


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """`ngettext` within `context`."""
    return _current.npgettext(context, singular, plural, n)


@functools.cache
def every_translation(message: str) -> frozenset[str]:
    """`message` in English and in every language the game speaks: to recognise a value a
    screen wrote in whatever language was spoken then (the default name "You")."""
    return frozenset({message} | {_load(code).gettext(message) for code in LANGUAGES})


def as_is(text: str) -> AsIs:
    """`text` to show as it is: a name given to a widget that translates its label."""
    return AsIs(text)


def N_(message: str) -> str:
    """Mark `message` for translation without translating it (translate with `_` where
    it is shown)."""
    return message


_SEPARATORS: dict[str, tuple[str, str, int]] = {
    # language: (thousands separator, decimal mark, fewest digits before grouping)
    "en": (",", ".", 4),
    "de": (".", ",", 4),
    "fr": ("\u202f", ",", 4),
    "es": (".", ",", 5),
    "it": (".", ",", 4),
    "nl": (".", ",", 4),
    "pl": ("\u00a0", ",", 5),
    "pt_BR": (".", ",", 4),
}


def number(value: float, digits: int = 0) -> str:
    """`value` written the current language's way (grouping, decimal mark)."""
    group, mark, least = _SEPARATORS.get(_code, _SEPARATORS[DEFAULT])
    text = f"{abs(value):,.{digits}f}"
    whole, _dot, frac = text.partition(".")
    if len(whole.replace(",", "")) < least:
        whole = whole.replace(",", "")
    whole = whole.replace(",", group)
    sign = "-" if value < 0 and any(ch not in "0.," for ch in text) else ""
    return sign + whole + (mark + frac if frac else "")
