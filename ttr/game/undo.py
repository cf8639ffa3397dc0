"""Undo against AI: the rule, and rebuilding the game without the undone moves.

The rule (also in How to play): with exactly one human at the table, that player may
take back their last action, together with any AI moves made after it, **only if
nothing that was hidden from them came to light since**. Events that reveal a hidden
value (to the human, through their own redacted view):

- a card taken blind from the deck whose colour the human saw (their own deck draw);
- a face-up card dealt from the deck (a refill or a wipe of three locomotives);
- tickets offered to the human (the ids become known);
- tunnel cards turned over;
- a route or station paid for by another seat (the cards come out of a hidden hand);
- the end of the game.

So a blind draw, a face-up draw whose slot was refilled from the deck, a ticket draw
and a tunnel claim can never be undone; claiming an ordinary route or keeping tickets
already seen can, as long as the computer players have since only drawn blind or
drawn tickets. Undo replays the record without those actions (the engine is
deterministic), so nothing else changes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ttr.engine import (
    CardTaken,
    Event,
    FaceUpDealt,
    GameMap,
    GameOver,
    RouteClaimed,
    Seat,
    StationBuilt,
    TicketsOffered,
    TtrError,
    TunnelRevealed,
    apply,
    new_game,
    parse_action,
    redact,
)
from ttr.i18n import _
from ttr.store.problem_words import error_text
from ttr.store.record import GameRecord


def reveals(event: Event, viewer: Seat) -> bool:
    """True if `event`, as `viewer` sees it, shows something that was hidden from them."""
    e = redact(event, viewer)
    match e:
        case CardTaken(source="deck", color=color):
            return color is not None
        case FaceUpDealt() | TunnelRevealed() | GameOver():
            return True
        case TicketsOffered(tickets=tickets):
            return tickets is not None
        case RouteClaimed(seat=seat) | StationBuilt(seat=seat):
            return seat != viewer
        case _:
            return False


@dataclass(frozen=True, slots=True)
class UndoCheck:
    """Where undo would go back to (`keep` actions remain), or why it cannot."""

    keep: int | None
    why: str = ""

    @property
    def ok(self) -> bool:
        """True when undo is possible."""
        return self.keep is not None


def check_undo(record: GameRecord, game_map: GameMap, human: Seat) -> UndoCheck:
    """Can `human` take back their last action now? (Never in hot-seat games.)"""
    if record.human_seats() != [human]:
        return UndoCheck(None, _("Undo is only for games against the computer"))
    state = new_game(game_map, record.config, len(record.seats), record.seed)
    last: int | None = None
    revealed_since = False
    try:
        for i, text in enumerate(record.actions):
            actor = state.current
            tr = apply(state, parse_action(text))
            state = tr.state
            if actor == human:
                last, revealed_since = i, False
            revealed_since = revealed_since or any(reveals(e, human) for e in tr.events)
    except TtrError as e:
        return UndoCheck(None, _("The record cannot be replayed: {error}").format(
            error=error_text(e)))
    if last is None:
        return UndoCheck(None, _("Nothing to undo yet"))
    if revealed_since:
        return UndoCheck(None, _("Can't undo: that move showed you a hidden card or ticket"))
    return UndoCheck(last)


def undone(record: GameRecord, keep: int) -> GameRecord:
    """A copy of `record` with only its first `keep` actions."""
    return replace(record, actions=list(record.actions[:keep]))
