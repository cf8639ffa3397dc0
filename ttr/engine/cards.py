"""Train card colours and `Hand`, an immutable multiset of cards."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import IntEnum
from math import floor
from typing import Final, TypeVar

from ttr.engine.errors import TtrError


class CardColor(IntEnum):
    """The eight card colours plus the wild locomotive."""

    PURPLE = 0
    WHITE = 1
    BLUE = 2
    YELLOW = 3
    ORANGE = 4
    BLACK = 5
    RED = 6
    GREEN = 7
    LOCOMOTIVE = 8

    @property
    def key(self) -> str:
        """Short lowercase name used in notation and files (`red`, `loco`).

        >>> CardColor.LOCOMOTIVE.key
        'loco'
        """
        return _KEYS[self]

    @classmethod
    def parse(cls, text: str) -> CardColor:
        """Parse a colour name as used in notation and map files.

        Raises:
            TtrError: the name is not a card colour.
        """
        try:
            return _BY_KEY[text.strip().lower()]
        except KeyError:
            raise TtrError(f"unknown card colour {text!r}", "unknown_card_colour",
                           colour=repr(text)[:60]) from None


COLORS: tuple[CardColor, ...] = tuple(CardColor)[:8]
"""The eight non-wild colours, in enum order."""
LOCO = CardColor.LOCOMOTIVE
NUM_COLORS = 9
LOCO_INDEX: Final = 8
"""`LOCO` as a plain int: the locomotive's place in the 9-element count lists of the
playout code (an int indexes and compares faster than an `IntEnum` member, interpreted
or compiled)."""

_KEYS = {c: c.name.lower() for c in CardColor} | {CardColor.LOCOMOTIVE: "loco"}
_BY_KEY = {v: k for k, v in _KEYS.items()} | {"locomotive": LOCO, "pink": CardColor.PURPLE}


@dataclass(frozen=True, slots=True)
class Hand:
    """An immutable count of cards per `CardColor` (a 9-tuple).

    >>> h = Hand.of(red=2, loco=1)
    >>> h.total, h.count(CardColor.RED)
    (3, 2)
    >>> str(h.add(CardColor.RED))
    'red:3,loco:1'
    """

    counts: tuple[int, ...] = (0,) * NUM_COLORS

    def __reduce__(self) -> tuple[type[Hand], tuple[tuple[int, ...]]]:
        """Pickle through the constructor (see docs/ENGINE.md, "Compiled build")."""
        return (Hand, (self.counts,))

    @staticmethod
    def of(**by_key: int) -> Hand:
        """Build a hand from keyword counts: `Hand.of(red=2, loco=1)`."""
        counts = [0] * NUM_COLORS
        for key, n in by_key.items():
            counts[CardColor.parse(key)] += n
        return Hand(tuple(counts))

    @staticmethod
    def from_cards(cards: Iterable[int]) -> Hand:
        """Count an iterable of colours."""
        counts = [0] * NUM_COLORS
        for c in cards:
            counts[c] += 1
        return Hand(tuple(counts))

    @staticmethod
    def parse(text: str) -> Hand:
        """Parse notation like `red:2,loco:1` (`-` or empty is the empty hand).

        Raises:
            TtrError: malformed text.
        """
        text = text.strip()
        counts = [0] * NUM_COLORS
        if text in ("", "-"):
            return Hand(tuple(counts))
        for part in text.split(","):
            name, sep, num = part.partition(":")
            num = num.strip()
            if not sep or not num.isascii() or not num.isdigit() or len(num) > 5:
                raise TtrError(f"bad card count {part!r} (expected colour:number)",
                               "bad_card_count", part=repr(part)[:60])
            counts[CardColor.parse(name)] += int(num)
        return Hand(tuple(counts))

    def __str__(self) -> str:
        parts = [f"{CardColor(i).key}:{n}" for i, n in enumerate(self.counts) if n]
        return ",".join(parts) if parts else "-"

    def __iter__(self) -> Iterator[CardColor]:
        """Each card, colour by colour."""
        for i, n in enumerate(self.counts):
            yield from (CardColor(i),) * n

    def __len__(self) -> int:
        return sum(self.counts)

    @property
    def total(self) -> int:
        """Number of cards."""
        return sum(self.counts)

    def count(self, color: int) -> int:
        """Cards of one colour."""
        return self.counts[color]

    def add(self, other: Hand | int, n: int = 1) -> Hand:
        """This hand plus another hand, or plus `n` cards of one colour."""
        if isinstance(other, Hand):
            return Hand(tuple(a + b for a, b in zip(self.counts, other.counts, strict=True)))
        counts = list(self.counts)
        counts[other] += n
        return Hand(tuple(counts))

    def remove(self, other: Hand | int, n: int = 1) -> Hand:
        """This hand minus another hand (or `n` cards of one colour).

        Raises:
            TtrError: the hand does not hold those cards.
        """
        if isinstance(other, Hand):
            counts = tuple(a - b for a, b in zip(self.counts, other.counts, strict=True))
        else:
            lst = list(self.counts)
            lst[other] -= n
            counts = tuple(lst)
        if min(counts) < 0:
            raise TtrError(f"cannot remove {other} from {self}", "hand_too_small",
                           remove=str(other), hand=str(self))
        return Hand(counts)

    def covers(self, other: Hand) -> bool:
        """True if this hand holds at least the cards of `other`."""
        return all(a >= b for a, b in zip(self.counts, other.counts, strict=True))


EMPTY_HAND = Hand()


_T = TypeVar("_T")


def seeded_shuffle(items: list[_T], seed: int | str, shuffles: int) -> None:
    """Shuffle in place with the game's `shuffles`-th random stream.

    Every shuffle of a game uses `random.Random(f"{seed}:{shuffles}")`, so it is the
    same in every process. Fisher-Yates on `random()` (faster than `Random.shuffle`).
    """
    if len(items) < 2:  # nothing to shuffle: skip seeding a generator
        return
    rand = random.Random(f"{seed}:{shuffles}").random
    for i in range(len(items) - 1, 0, -1):
        j = floor(rand() * (i + 1))
        items[i], items[j] = items[j], items[i]
