"""The exact card payments for a route or a station: listed, counted, or picked by index.

A payment is `length` cards: one colour (any colour for gray, `color` -1) with
locomotives wild, at least `ferry` of them locomotives; all-locomotive payments are
listed once, last.
"""

from __future__ import annotations

from math import floor

from ttr.engine.cards import LOCO_INDEX as LOCO
from ttr.engine.cards import Hand


def payments(hand: list[int], length: int, color: int, ferry: int = 0) -> list[Hand]:
    """Every exact payment of `length` cards from `hand`.

    >>> [str(p) for p in payments([0, 0, 0, 0, 0, 0, 2, 0, 1], 2, 6)]
    ['red:2', 'red:1,loco:1']
    """
    out: list[Hand] = []
    first, last = (0, 8) if color < 0 else (color, color + 1)
    top = min(hand[LOCO], length - 1)  # the all-locomotive payment comes last
    for c in range(first, last):
        for nl in range(max(ferry, length - hand[c]), top + 1):
            counts = [0] * 9
            counts[c] = length - nl
            counts[LOCO] = nl
            out.append(Hand(tuple(counts)))
    if hand[LOCO] >= length:
        out.append(Hand((0,) * 8 + (length,)))
    return out


def nth_counts(hand: list[int], length: int, color: int, ferry: int, pick: float) -> list[int]:
    """The counts of `payments(...)[int(pick * count)]` for `0 <= pick < 1`, without
    listing them all (the playout fast path).

    >>> nth_counts([0, 0, 0, 0, 0, 0, 2, 0, 1], 2, 6, 0, 0.9)
    [0, 0, 0, 0, 0, 0, 1, 0, 1]
    """
    top = min(hand[LOCO], length - 1)
    counts = [0] * 9
    if color >= 0:  # one colour: the payments differ only in their locomotives
        lo = max(length - hand[color], ferry)
        n = top - lo + 1 if lo <= top else 0
        index = floor(pick * (n + (hand[LOCO] >= length)))
        if index < n:
            counts[color] = length - lo - index
            counts[LOCO] = lo + index
        else:
            counts[LOCO] = length
        return counts
    total = 0  # gray: every colour's payments, colour by colour
    for c in range(8):
        lo = length - hand[c]
        if lo < ferry:
            lo = ferry
        if lo <= top:
            total += top - lo + 1
    index = floor(pick * (total + (hand[LOCO] >= length)))
    for c in range(8):
        lo = length - hand[c]
        if lo < ferry:
            lo = ferry
        if lo <= top:
            n = top - lo + 1
            if index < n:
                counts[c] = length - lo - index
                counts[LOCO] = lo + index
                return counts
            index -= n
    counts[LOCO] = length
    return counts


def payments_key(hand: list[int], length: int, color: int, ferry: int = 0) -> int:
    """A number that is the same for two hands only if `payments` lists the same
    payments for both (with the same `length`, `color` and `ferry`): what the listing
    caches payments under.

    The payments depend on the locomotives up to `length` and, per colour that pays at
    all (at least `length` cards with the locomotives, and at least one of its own), on
    its count up to `length - ferry`.

    >>> payments_key([0, 0, 0, 0, 0, 0, 5, 0, 1], 2, 6) == payments_key([0] * 6 + [2, 0, 1], 2, 6)
    True
    """
    locos = hand[LOCO]
    key = locos if locos < length else length
    top = key if key < length else length - 1  # the most locomotives with a colour
    if ferry > top:  # no coloured payment: only all locomotives, if any
        return key
    least = length - top  # (at least 1)
    most = length - ferry
    base = length + 1
    if color >= 0:
        n = hand[color]
        return key * base + (0 if n < least else n if n < most else most)
    for c in range(8):
        n = hand[c]
        key = key * base + (0 if n < least else n if n < most else most)
    return key
