"""What a player's box on the scoring screen lists: lines that always sum to the total.

The tally reveals one `Step` at a time; `box_lines` folds the revealed steps into the lines
that fit a box. Routes, the path bonus, Globetrotter and Stations are one line each; the
tickets are one line each when they fit, else a single summary line ("3 completed +27 /
1 failed -8") whose value is their sum, the details one click away. Whatever is shown,
the values of the shown lines add up to the points revealed so far.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from ttr.i18n import _, ngettext, number

TICKET = "ticket"


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a box: its label (worded when drawn, in the language of the moment)
    and its points."""

    word: Callable[[], str]
    delta: int
    kind: str = ""

    @property
    def label(self) -> str:
        """The label in the current language."""
        return self.word()


def summary_words(won: Sequence[int], lost: Sequence[int]) -> str:
    """`Tickets: 3 completed +27 / 1 failed −8 ▸`."""
    parts = []
    if won:
        # TRANSLATORS: {n} destination tickets completed, worth {points} points together
        parts.append(ngettext("{n} completed +{points}", "{n} completed +{points}",
                              len(won)).format(n=number(len(won)), points=number(sum(won))))
    if lost:
        # TRANSLATORS: {n} destination tickets failed, costing {points} points together
        parts.append(ngettext("{n} failed \u2212{points}", "{n} failed \u2212{points}",
                              len(lost)).format(n=number(len(lost)), points=number(-sum(lost))))
    label = (_("Tickets: {parts}").format(parts=" / ".join(parts)) if parts
             else _("Tickets: none"))
    return label + " \u25b8"


def ticket_summary(tickets: Sequence[Line]) -> Line:
    """One line for many tickets; its value is their sum."""
    won = [t.delta for t in tickets if t.delta > 0]
    lost = [t.delta for t in tickets if t.delta <= 0]
    return Line(partial(summary_words, won, lost), sum(won) + sum(lost), "summary")


def box_lines(lines: Sequence[Line], room: int) -> tuple[list[Line], bool]:
    """The lines to draw in `room` rows, and whether the tickets were summarised."""
    if len(lines) <= room:
        return list(lines), False
    tickets = [ln for ln in lines if ln.kind == TICKET]
    out: list[Line] = []
    for ln in lines:
        if ln.kind != TICKET:
            out.append(ln)
        elif ln is tickets[0]:
            out.append(ticket_summary(tickets))
    return out, True
