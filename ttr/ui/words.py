"""Words for counted things, card names and lists: whole translatable phrases, in one place.

`counted(2, "locomotive")` -> "2 locomotives" (an `ngettext` phrase per noun, so every
language counts with its own plural rules), `a_card(ORANGE)` -> "an orange card" (a whole
phrase per colour: articles are a language's own grammar), `cards_words(hand)` ->
"2 red + 1 locomotive". Every screen and the game log use these, so "1 point", "an
orange card" and "2 locomotives" read the same everywhere, in every language.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable

from ttr.ai.wording import and_list, colour_word, counted_cards
from ttr.ai.wording import cards_words as cards_words  # (the screens say it too)
from ttr.engine import CardColor
from ttr.i18n import _, every_translation, ngettext, npgettext, number, pgettext

C = CardColor
logger = logging.getLogger(__name__)
NBSP = "\u00a0"

_COUNTED: dict[str, Callable[[int], str]] = {
    "bend-point": lambda n: ngettext("{n} bend point", "{n} bend points", n),
    "bonus-point": lambda n: ngettext("{n} bonus point", "{n} bonus points", n),
    "card": lambda n: ngettext("{n} card", "{n} cards", n),
    "city": lambda n: ngettext("{n} city", "{n} cities", n),
    "costly-decision": lambda n: ngettext("{n} costly decision", "{n} costly decisions", n),
    "decision": lambda n: ngettext("{n} decision", "{n} decisions", n),
    "destination-ticket": lambda n: ngettext("{n} destination ticket",
                                             "{n} destination tickets", n),
    "error": lambda n: ngettext("{n} error", "{n} errors", n),
    "extra-card": lambda n: ngettext("{n} extra card", "{n} extra cards", n),
    "game": lambda n: ngettext("{n} game", "{n} games", n),
    "locomotive": lambda n: ngettext("{n} locomotive", "{n} locomotives", n),
    "long-ticket": lambda n: ngettext("{n} long ticket", "{n} long tickets", n),
    "more-ticket": lambda n: ngettext("{n} more ticket", "{n} more tickets", n),
    "move": lambda n: ngettext("{n} move", "{n} moves", n),
    "player": lambda n: ngettext("{n} player", "{n} players", n),
    "point": lambda n: ngettext("{n} point", "{n} points", n),
    # TRANSLATORS: regular destination tickets, as opposed to long ones
    "regular-one": lambda n: ngettext("{n} regular one", "{n} regular ones", n),
    "route": lambda n: ngettext("{n} route", "{n} routes", n),
    "station": lambda n: ngettext("{n} station", "{n} stations", n),
    "ticket": lambda n: ngettext("{n} ticket", "{n} tickets", n),
    "track": lambda n: ngettext("{n} track", "{n} tracks", n),
    "train": lambda n: ngettext("{n} train", "{n} trains", n),
    "train-card": lambda n: ngettext("{n} train card", "{n} train cards", n),
    "turn": lambda n: ngettext("{n} turn", "{n} turns", n),
    "warning": lambda n: ngettext("{n} warning", "{n} warnings", n),
    "way": lambda n: ngettext("{n} way", "{n} ways", n),
}
"""Each countable noun the game says, as one `ngettext` phrase (English plural rules in
the source; each catalog has its language's)."""

NOUNS = frozenset(_COUNTED)


def counted(n: int, noun: str) -> str:
    """`1 point`, `2 points`, `0 tickets`, in the current language. `noun` is one of
    `NOUNS`, a code: `extra-card` (`extra card` is read the same); a new noun gets its
    own phrase in `_COUNTED`.

    >>> counted(1, "point"), counted(2, "locomotive"), counted(0, "extra-card")
    ('1 point', '2 locomotives', '0 extra cards')
    """
    phrase = _COUNTED.get(noun.replace(" ", "-"))
    if phrase is None:  # a test finds every counted noun in the code: this is a slip
        logger.warning("words.counted: no phrase for %r: add it to words._COUNTED", noun)
        word = noun.replace("-", " ")
        return f"{number(n)} {word if n == 1 else word + 's'}"
    return phrase(n).format(n=number(n))


_A_CARD: dict[CardColor, Callable[[], str]] = {
    C.PURPLE: lambda: _("a pink card"), C.WHITE: lambda: _("a white card"),
    C.BLUE: lambda: _("a blue card"), C.YELLOW: lambda: _("a yellow card"),
    C.ORANGE: lambda: _("an orange card"), C.BLACK: lambda: _("a black card"),
    C.RED: lambda: _("a red card"), C.GREEN: lambda: _("a green card"),
    C.LOCOMOTIVE: lambda: _("a locomotive"),
}

def card_name(color: CardColor) -> str:
    """`red`, `locomotive`."""
    return colour_word(color)


def route_colour(color: CardColor | None) -> str:
    """A route's colour: `red`, or `gray` for a route of any colour."""
    return pgettext("card colour", "gray") if color is None else card_name(color)


def a_card(color: CardColor) -> str:
    """One card, with its article: `an orange card`, `a locomotive`."""
    return _A_CARD[color]()


def cards_of(color: CardColor | None, n: int) -> str:
    """`2 red`, `1 locomotive`: `n` cards of a colour in a payment, or a route's length
    and colour (`4 gray`: None is a route of any colour)."""
    if color is None:
        return npgettext("cards", "{n} gray", "{n} gray", n).format(n=number(n))
    return counted_cards(color, n)


def turn_words(turn: int, capital: bool = False) -> str:
    """When a move was played: `turn 12`, or `the opening tickets` for turn 0 (the
    first ticket choices); with `capital`, `Turn 12` / `Opening tickets`."""
    if turn == 0:
        return _("Opening tickets") if capital else _("the opening tickets")
    return (_("Turn {n}") if capital else _("turn {n}")).format(n=number(turn))


def join_and(items: list[str]) -> str:
    """`a, b and c`."""
    return and_list(items)


_NUMBER_THEN_WORD = re.compile(r"(\d+) (?=[^\W\d_]|\()")
_WORD_THEN_LAST_NUMBER = re.compile(r"(\S) (\d+)(?=[,;:.)]|$)")


def no_orphans(text: str) -> str:
    """Glue numbers to their words with no-break spaces, so a wrapped line never starts or
    ends with a number cut off from what it counts ("deal 4 keep 2", "Express 10").

    >>> no_orphans("3 stations; European Express 10").split(" ")
    ['3\\xa0stations;', 'European', 'Express\\xa010']
    """
    text = _NUMBER_THEN_WORD.sub(lambda m: m.group(1) + NBSP, text)
    return _WORD_THEN_LAST_NUMBER.sub(lambda m: m.group(1) + NBSP + m.group(2), text)



YOU = "You"  # i18n: no (the default name of the human seat, as the setup gives it)


def is_you(name: str) -> bool:
    """Whether `name` is the default name "You" in any language (the setup writes it in
    the language spoken then)."""
    return name in every_translation(YOU)
