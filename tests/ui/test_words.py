"""The wording helper: counted nouns (one ngettext phrase each), card phrases, lists and
number glue for wrapping; every noun the code counts has its phrase."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from ttr.engine import CardColor, Hand
from ttr.ui.words import (
    NBSP,
    NOUNS,
    a_card,
    card_name,
    cards_of,
    cards_words,
    counted,
    join_and,
    no_orphans,
    route_colour,
    turn_words,
)


@pytest.mark.parametrize(("n", "noun", "text"), [
    (1, "point", "1 point"), (2, "point", "2 points"), (0, "ticket", "0 tickets"),
    (1, "locomotive", "1 locomotive"), (3, "locomotive", "3 locomotives"),
    (2, "extra card", "2 extra cards"), (2, "city", "2 cities"), (-1, "point", "-1 points"),
    (2, "regular one", "2 regular ones"), (1200, "point", "1,200 points"),
    (2, "extra-card", "2 extra cards"), (1, "destination-ticket", "1 destination ticket"),
])
def test_counted(n: int, noun: str, text: str) -> None:
    assert counted(n, noun) == text


def test_a_noun_without_its_phrase_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    assert counted(2, "day") == "2 days"  # English, untranslated: never a crash
    assert "no phrase for 'day'" in caplog.text


def test_card_words() -> None:
    assert a_card(CardColor.ORANGE) == "an orange card"
    assert a_card(CardColor.RED) == "a red card"
    assert a_card(CardColor.LOCOMOTIVE) == "a locomotive"
    assert card_name(CardColor.PURPLE) == "pink" and route_colour(None) == "gray"
    assert cards_of(CardColor.RED, 4) == "4 red" and cards_of(None, 2) == "2 gray"
    assert cards_words(Hand.of(yellow=1, loco=1)) == "1 yellow + 1 locomotive"
    assert cards_words(Hand.of(red=2, loco=2)) == "2 red + 2 locomotives"
    assert cards_words(Hand.of()) == "nothing"
    assert join_and(["a"]) == "a" and join_and(["a", "b"]) == "a and b"
    assert join_and(["a", "b", "c"]) == "a, b and c" and join_and([]) == ""


ROOT = Path(__file__).resolve().parents[2]
_COUNTED_NOUN = re.compile(
    r"""counted\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*?,\s*["']([^"']+)["']\)""")


def test_every_noun_counted_in_the_code_has_its_phrase() -> None:
    found = set()
    for path in [*(ROOT / "ttr").rglob("*.py"), *(ROOT / "tools").rglob("*.py")]:
        found |= set(_COUNTED_NOUN.findall(path.read_text(encoding="utf-8")))
    assert len(found) > 5  # the pattern finds the calls
    found = {noun.replace(" ", "-") for noun in found}  # "extra card" reads as "extra-card"
    assert found <= NOUNS, sorted(found - NOUNS)


def test_no_orphans_glues_numbers_to_their_words() -> None:
    text = no_orphans("Europe: 1 long + 3 regular tickets, keep 2; 3 stations; European Express 10")
    words = text.split(" ")  # where a wrap may break
    assert f"Express{NBSP}10" in words and f"3{NBSP}stations;" in words
    assert f"keep{NBSP}2;" in words and f"1{NBSP}long" in words
    assert text.replace(NBSP, " ") == ("Europe: 1 long + 3 regular tickets, keep 2; 3 stations; "
                                       "European Express 10")


def _strings(path: Path) -> list[str]:
    """Literal text in a module (f-string parts included); docstrings (bare strings) left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
    return [n.value for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


@pytest.mark.parametrize("path", sorted([*(ROOT / "ttr" / "ui").rglob("*.py"),
                                         *(ROOT / "tools" / "editor").rglob("*.py")]),
                         ids=lambda p: p.name)
def test_no_hand_made_plurals_or_double_spaces_in_shown_text(path: Path) -> None:
    for s in _strings(path):
        assert "(s)" not in s, f"{path.name}: {s!r}: use words.counted"
        if path.is_relative_to(ROOT / "ttr"):  # the editor aligns its columns with spaces
            assert "  " not in s.strip(" "), f"{path.name}: double space in {s!r}"


def test_log_lines_say_what_the_redacted_event_carries() -> None:
    from ttr.engine import CardTaken, RouteClaimed, TicketsKept, redact
    from ttr.maps.mapfile import find_map
    from ttr.ui.scenes.board_text import log_line

    gm = find_map("usa").game_map
    names = ["You", "Ada"]
    drew = CardTaken(1, "deck", None, CardColor.ORANGE)
    assert log_line(drew, gm, names) == "Ada drew an orange card from the deck"
    assert log_line(redact(drew, 0), gm, names) == "Ada drew a card from the deck"
    loco = CardTaken(1, "faceup", 2, CardColor.LOCOMOTIVE)
    assert log_line(redact(loco, 0), gm, names) == "Ada took a locomotive"
    claim = RouteClaimed(1, "kansas-city-omaha", Hand.of(yellow=1, loco=1), 1)
    assert log_line(claim, gm, names) == ("Ada claimed Kansas City\u2013Omaha with 1 yellow + "
                                          "1 locomotive (1 point)")
    kept = TicketsKept(1, ("denver-el-paso", "boston-miami"), 2, 1)
    assert log_line(redact(kept, 0), gm, names) == "Ada kept 2 tickets and returned 1"
    assert log_line(kept, gm, names) == ("Ada kept 2 tickets: Denver\u2013El Paso, "
                                         "Boston\u2013Miami; returned 1")


def test_turns_are_named_one_way_everywhere() -> None:
    assert turn_words(0) == "the opening tickets"
    assert turn_words(0, capital=True) == "Opening tickets"
    assert turn_words(12) == "turn 12"
    assert turn_words(12, capital=True) == "Turn 12"
