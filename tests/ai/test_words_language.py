"""The coach's words and the file-reading errors come whole from the catalog: with a
pseudo-language that brackets every looked-up message, nothing English is left outside
the brackets (no piece glued on in code), and plurals go through ngettext."""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import ttr.i18n as i18n
from tests.ai.helpers import game, positions
from tests.builders import make_state, usa
from ttr.ai.heuristic import Context
from ttr.ai.levels import STRONG
from ttr.ai.reasons import reason
from ttr.ai.review import Decision, lesson
from ttr.ai.wording import cards_words, move_words
from ttr.engine import ClaimRoute, DrawTickets, GameMap, Hand, KeepTickets, observe, results
from ttr.store.safefile import MAP, SAVE, FileReadError, parse_json, parse_yaml, read_data

OPEN, CLOSE = "\u00ab", "\u00bb"


class Pseudo(gettext.NullTranslations):
    """Every message comes back in brackets (plural forms marked with their number)."""

    def gettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"{OPEN}{msgid1 if n == 1 else msgid2}{CLOSE}"

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)


@pytest.fixture
def pseudo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(i18n, "_current", Pseudo())
    yield


def leftover(text: str, gm: GameMap | None = None) -> str:
    """What of `text` is outside every bracketed message, less names and numbers."""
    while True:
        inner = re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", "", text)
        if inner == text:
            break
        text = inner
    if gm is not None:
        for c in gm.cities:
            text = text.replace(c.name, "")
    return re.sub(r"[^A-Za-z]", "", text)


def test_pseudo_language_brackets_what_it_translates(pseudo: None) -> None:
    words = cards_words(Hand.parse("red:2,loco:1"))
    assert words == "\u00ab2 red\u00bb + \u00ab1 locomotive\u00bb", words  # whole phrases
    assert leftover("a \u00abb\u00bb") == "a"


def test_moves_and_reasons_are_whole_messages(pseudo: None) -> None:
    seen = 0
    for map_id in ("usa", "europe"):
        gm, cfg = game(map_id)
        for state in list(positions(gm, cfg, 2, seed=5, every=9))[:8]:
            view = observe(state, state.current)
            ctx = Context(view, STRONG)
            for action in view.legal[:25]:
                for text in (move_words(view, action), reason(ctx, action)):
                    assert text.startswith(OPEN) and not leftover(text, gm), text
                    seen += 1
    assert seen > 100


def test_review_lessons_are_whole_messages(pseudo: None) -> None:
    view = observe(make_state(usa(), hands=["white:3,loco:2", "-"]), 0)
    gm = view.public.game_map
    res = results(make_state(usa()))
    paid = Decision(4, view, ClaimRoute("calgary-vancouver", Hand.parse("white:1,loco:2")))
    drew = Decision(4, view, DrawTickets())
    for d, better in ((paid, ClaimRoute("calgary-vancouver", Hand.parse("white:3"))),
                      (drew, ClaimRoute("calgary-vancouver", Hand.parse("white:3"))),
                      (Decision(4, view, KeepTickets(())), KeepTickets(()))):
        text = lesson(d, better, 4.6, res, [d])
        assert text.startswith(OPEN) and not leftover(text, gm), text


def test_file_errors_are_whole_messages(pseudo: None, tmp_path: Path) -> None:
    empty = tmp_path / "empty.yaml"
    empty.write_text(" ")
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    for path, kind in ((tmp_path / "missing.yaml", MAP), (tmp_path, SAVE), (empty, MAP),
                       (bad, SAVE)):
        with pytest.raises(FileReadError) as e:
            read_data(path, kind)
        assert str(e.value).startswith(OPEN) and not leftover(str(e.value)), e.value
    for parse, text in ((parse_yaml, "a: *b"), (parse_yaml, "[" * 40 + "]" * 40),
                        (parse_json, "[" * 40 + "]" * 40), (parse_yaml, "a: [")):
        with pytest.raises(FileReadError) as e:
            parse(text)
        words = str(e.value)
        # the YAML reader's own description stays English: it is a placeholder's value
        words = re.sub(r"malformed YAML: [^\u00ab\u00bb]*", "", words)
        assert not leftover(words), e.value
