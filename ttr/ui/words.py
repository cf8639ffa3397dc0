"""Words for counted things, articles and card names: the one place that knows English.

`counted(2, "locomotive")` -> "2 locomotives", `a_an("orange")` -> "an orange",
`cards_words(hand)` -> "2 red + 1 locomotive". Every screen and the game log use these,
so "1 point", "an orange card" and "2 locomotives" read the same everywhere.
"""

from __future__ import annotations

import re

from ttr.engine import LOCO, CardColor, Hand
from ttr.ui.theme import CARD_NAMES

_IRREGULAR = {"city": "cities", "ferry": "ferries", "bonus": "bonuses", "match": "matches"}
_AN_EXCEPTIONS = ("eu", "one", "once", "uni", "use", "usa", "uk")
NBSP = "\u00a0"


def plural(noun: str) -> str:
    """The plural of a noun (or of the last word of a phrase): `extra card` -> `extra cards`."""
    head, _, last = noun.rpartition(" ")
    if last in _IRREGULAR:
        word = _IRREGULAR[last]
    elif last.endswith(("s", "x", "ch", "sh")):
        word = last + "es"
    elif last.endswith("y") and last[-2:-1] not in tuple("aeiou"):
        word = last[:-1] + "ies"
    else:
        word = last + "s"
    return f"{head} {word}" if head else word


def counted(n: int, noun: str, many: str | None = None) -> str:
    """`1 point`, `2 points`, `0 tickets` (`many` overrides the plural).

    >>> counted(1, "point"), counted(2, "locomotive"), counted(0, "extra card")
    ('1 point', '2 locomotives', '0 extra cards')
    """
    return f"{n} {noun if n == 1 else (many or plural(noun))}"


def a_an(word: str) -> str:
    """`word` with its indefinite article: `an orange`, `a red`, `a European`.

    >>> a_an("orange"), a_an("yellow"), a_an("locomotive"), a_an("8-car route")
    ('an orange', 'a yellow', 'a locomotive', 'an 8-car route')
    """
    w = word.lower()
    vowel = w[:1] in tuple("aeiou8") or w.startswith(("11", "18"))
    if w.startswith(_AN_EXCEPTIONS):
        vowel = False
    return f"{'an' if vowel else 'a'} {word}"


def card_name(color: CardColor) -> str:
    """`red`, `locomotive`."""
    return CARD_NAMES[color]


def card_noun(color: CardColor) -> str:
    """What one card is called: `red card`, `locomotive`."""
    return "locomotive" if color == LOCO else f"{CARD_NAMES[color]} card"


def cards_words(hand: Hand) -> str:
    """`2 red + 1 locomotive`: the cards of a payment, colours first.

    >>> cards_words(Hand.of(red=2, loco=2))
    '2 red + 2 locomotives'
    """
    parts = []
    for c, n in enumerate(hand.counts):
        if n:
            color = CardColor(c)
            parts.append(counted(n, "locomotive") if color == LOCO else f"{n} {CARD_NAMES[color]}")
    return " + ".join(parts) or "nothing"


def turn_words(turn: int, capital: bool = False) -> str:
    """When a move was played: `turn 12`, or `the opening tickets` for turn 0 (the
    first ticket choices); with `capital`, `Turn 12` / `Opening tickets`."""
    if turn == 0:
        return "Opening tickets" if capital else "the opening tickets"
    return f"{'Turn' if capital else 'turn'} {turn}"


def join_and(items: list[str]) -> str:
    """`a, b and c`."""
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


_NUMBER_THEN_WORD = re.compile(r"(\d+) (?=[A-Za-z(])")
_WORD_THEN_LAST_NUMBER = re.compile(r"(\S) (\d+)(?=[,;:.)]|$)")


def no_orphans(text: str) -> str:
    """Glue numbers to their words with no-break spaces, so a wrapped line never starts or
    ends with a number cut off from what it counts ("deal 4 keep 2", "Express 10").

    >>> no_orphans("3 stations; European Express 10").split()
    ['3\\xa0stations;', 'European', 'Express\\xa010']
    """
    text = _NUMBER_THEN_WORD.sub(lambda m: m.group(1) + NBSP, text)
    return _WORD_THEN_LAST_NUMBER.sub(lambda m: m.group(1) + NBSP + m.group(2), text)
