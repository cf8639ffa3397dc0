"""What a player's box on the scoring screen lists: lines that always sum to the total.

The tally reveals one `Step` at a time; `box_lines` folds the revealed steps into the lines
that fit a box. Routes, the path bonus, Globetrotter and Stations are one line each; the
tickets are one line each when they fit, else a single summary line ("3 completed +27 /
1 failed -8") whose value is their sum, the details one click away. Whatever is shown,
the values of the shown lines add up to the points revealed so far.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

TICKET = "ticket"


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a box: a label and its points."""

    label: str
    delta: int
    kind: str = ""


def ticket_summary(tickets: Sequence[Line]) -> Line:
    """One line for many tickets; its value is their sum."""
    won = [t.delta for t in tickets if t.delta > 0]
    lost = [t.delta for t in tickets if t.delta <= 0]
    parts = []
    if won:
        parts.append(f"{len(won)} completed +{sum(won)}")
    if lost:
        parts.append(f"{len(lost)} failed \u2212{-sum(lost)}")
    label = "Tickets: " + " / ".join(parts) if parts else "Tickets: none"
    return Line(label + " \u25b8", sum(won) + sum(lost), "summary")


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
