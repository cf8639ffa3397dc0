"""The one text sanitiser: names and labels read from files become text that can be drawn.

Anything read from disk that is shown to a player (seat names in saves, records and
statistics, map and city names, save names) passes through `clean_text` at the edge:
control characters (NUL, newlines, escapes) and lone surrogates are dropped, the ends
are trimmed, the length is limited, and text with nothing visible in it (empty, only
spaces or zero-width characters) becomes the caller's fallback. Strict readers (map
files) use `text_problem` to refuse such text with a message instead.

This module is pure (standard library only); the map layer, the store and the window
app all use it, which is why it lives in the store, the lowest layer they share.
"""

from __future__ import annotations

import unicodedata

from ttr.i18n import _, ngettext, number

MAX_NAME = 40
"""The longest player, save or map name kept."""

_DROP = frozenset(("Cc", "Cs"))  # i18n: no (Unicode categories)
"""Control characters and lone surrogates: never drawable."""
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Bidirectional embeddings, overrides and isolates: they reorder the text drawn after
them (a name could make a log line read differently), so they are dropped too."""
_INVISIBLE = frozenset(("Cc", "Cs", "Cf", "Zs", "Zl", "Zp", "Mn", "Me"))  # i18n: no
"""Categories that draw nothing on their own (spaces, format and combining marks)."""


def clean_text(value: object, limit: int = MAX_NAME, fallback: str = "") -> str:
    """`value` as drawable one-line text of at most `limit` characters, else `fallback`.

    >>> clean_text("  Ana\\x00 \\ud800")
    'Ana'
    >>> clean_text("\\u200b\\u200b", fallback="Player 1")
    'Player 1'
    >>> clean_text("a\\nb")
    'a b'
    """
    if not isinstance(value, str):
        return fallback
    if len(value) > 4 * limit + 64:  # never walk a huge text character by character
        value = value[: 4 * limit + 64]
    out = []
    for ch in value:
        cat = unicodedata.category(ch)
        if cat in _DROP or ch in _BIDI:
            if ch in "\t\n\r\x0b\x0c":
                out.append(" ")
            continue
        out.append(ch)
    text = "".join(out).strip()[:limit].strip()
    if not visible(text):
        return fallback
    return text


def visible(text: str) -> bool:
    """True when `text` has at least one character that draws something."""
    return any(unicodedata.category(ch) not in _INVISIBLE for ch in text)


def text_problem(value: object, limit: int = MAX_NAME) -> str | None:
    """Why `value` is not clean display text (for readers that refuse instead of
    cleaning), or None when `clean_text` would keep it unchanged."""
    if not isinstance(value, str):
        return _("expected text")
    if len(value) > limit:
        return ngettext("text longer than {n} character", "text longer than {n} characters",
                        limit).format(n=number(limit))
    if not visible(value):
        return _("text with nothing visible in it")
    bad = next((ch for ch in value if unicodedata.category(ch) in _DROP or ch in _BIDI), None)
    if bad is not None:
        return _("text with a character that cannot be shown ({char})").format(char=ascii(bad))
    if value != value.strip():
        return _("text with spaces at the start or the end")
    return None


def drawable(value: object, limit: int = 300, lines: bool = False) -> str:
    """`value` as text a font can render: control characters (but newlines when `lines`)
    and lone surrogates dropped, at most `limit` characters, "" when nothing in it is
    visible. The drawing helpers of the window app pass all text through this."""
    if not isinstance(value, str):
        value = "" if value is None else str(value)
    text = value[:limit]
    if any(unicodedata.category(ch) in _DROP for ch in text):
        keep = "\n" if lines else ""
        text = "".join(ch if unicodedata.category(ch) not in _DROP or ch in keep
                       else " " if ch in "\t\n\r" else "" for ch in text)
    return text if visible(text) else ""
