"""Made-up languages for layout tests: every message through the catalog comes back
changed word by word (placeholders kept), so a test sees how a screen copes with a
language longer than any catalog written so far."""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable

from ttr import i18n


class Pseudo(gettext.NullTranslations):
    """A made-up language: every word outside the placeholders changed by `word`."""

    def __init__(self, word: Callable[[str], str]) -> None:
        super().__init__()
        self.word = word
        self.made: set[str] = set()

    def gettext(self, message: str) -> str:
        return re.sub(r"\{[^}]*\}|[A-Za-z]+", self._word, message)

    def _word(self, m: re.Match[str]) -> str:
        w = m.group(0)
        if w[0] == "{" or w in self.made:  # a placeholder; a word made already (a
            return w  # worded text translated again where it is drawn: "AI: {level}")
        out = self.word(w)
        self.made.add(out)
        return out

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.ngettext(singular, plural, n)


UPPER = Pseudo(str.upper)
"""Upper case: shows which texts went through the catalog."""
LONGER = Pseudo(lambda w: w + w[:len(w) * 2 // 5])
"""Every word two fifths longer (German and Polish run about a third longer)."""


def speak(translations: gettext.NullTranslations) -> None:
    """Speak `translations` from now on, as `i18n.set_language` would (the app sees the
    new generation and lays every scene out again); `i18n.set_language("en")` ends it."""
    i18n._current = translations
    i18n._code = "xx"
    i18n._generation += 1
    for listener in list(i18n._listeners):
        listener("xx")
