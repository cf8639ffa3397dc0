"""The README's list of languages says what `STATE` says, and names every language."""

from __future__ import annotations

import re

from tests.i18n.unmarked import ROOT
from ttr.i18n import LANGUAGES, STATE


def test_readme_lists_the_languages_with_their_state() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Languages", 1)[1].split("\n## ", 1)[0]
    said = dict(re.findall(r"\b([a-z]{2}(?:_[A-Z]{2})?) (complete|partial)\b", section))
    assert said == STATE
    for name in LANGUAGES.values():
        assert name in " ".join(section.split()), name
    assert (ROOT / "docs" / "TRANSLATING.md").is_file()
