"""The coach for the screens: hints during a game, reviews of finished games.

Nothing here blocks the caller. A screen starts a job and polls it each frame:

    job = start_hint(session)          # only for the human to act who owns the screen
    ...
    if job.done():
        hint = job.result()            # a Hint (move, why, action to mark), or None
                                       # (job.error says why); counted in the record

    job = start_review(record, game_map, seat)     # or, online,
    job = start_online_review(played_online, seat)  # from the views this computer saw
    ...
    done, total = job.progress()       # for a progress bar
    job.cancel()                       # the player closed the screen
    if job.done():
        review = job.result()          # Review: the 3-5 costliest decisions

A hint searches on the process's shared workers (`ttr.ai.worker`) from a background
thread; `prepare_hints()` starts those workers early (when a board with hints opens),
since starting them takes about a second. A review runs on its own pool of workers,
one decision per task. Every worker process exits when the game's process does.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ttr.ai.coach import HINT_BUDGET, Hint, hint
from ttr.ai.review import ITERATIONS, Decision, Review, ReviewCancelled, ReviewJob
from ttr.ai.worker import warm_up
from ttr.engine import GameMap, GameResult, PlayerView, Seat, TtrError, new_game, parse_action
from ttr.game.table import TableSession
from ttr.i18n import _
from ttr.store.record import GameRecord

logger = logging.getLogger(__name__)

__all__ = ["HintJob", "PlayedOnline", "Review", "ReviewCancelled", "ReviewJob",  # i18n: no
           "can_hint",
           "prepare_hints", "start_hint", "start_online_review", "start_review"]


def prepare_hints() -> None:
    """Start the workers hints search on, so the first hint is as quick as the rest."""
    warm_up()


def can_hint(session: TableSession) -> Seat | None:
    """The seat a hint may be given to now: the human to act who owns the screen (so a
    hint never shows anyone else's cards or tickets); None if nobody, or if the table
    turned hints off for this game. A game here or online (`RemoteSession`: the hint
    comes from the seat's view as the server sent it; the server counts it)."""
    if not session.hints_allowed:
        return None
    seat = session.to_act
    if seat is None or not session.is_human(seat) or seat != session.screen_owner:
        return None
    return seat


class HintJob:
    """A hint being worked out on a background thread; poll `done`, then `result`."""

    def __init__(self, view: PlayerView, on_shown: Callable[[], object] | None = None,
                 budget: float = HINT_BUDGET, workers: int | None = None) -> None:
        self.view = view
        self.error: str | None = None
        self._hint: Hint | None = None
        self._shown = False
        self._cancelled = False
        self._on_shown = on_shown
        self._thread = threading.Thread(target=self._run, args=(budget, workers),
                                        name="ttr-hint", daemon=True)
        self._thread.start()

    def _run(self, budget: float, workers: int | None) -> None:
        try:
            self._hint = hint(self.view, budget=budget, workers=workers)
        except Exception as e:  # a hint must never take the game down
            logger.exception("hint failed")
            # TRANSLATORS: {error} is the name of the error (a program's word, e.g. MemoryError)
            self.error = _("No hint this time ({error})").format(error=type(e).__name__)

    def done(self) -> bool:
        """Whether the hint is ready (or failed, or was cancelled)."""
        return self._cancelled or not self._thread.is_alive()

    def result(self) -> Hint | None:
        """The hint once `done` (None if it failed or was cancelled). The first call
        that returns a hint counts it for the player."""
        if self._cancelled or self._thread.is_alive():
            return None
        if self._hint is not None and not self._shown:
            self._shown = True
            if self._on_shown is not None:
                self._on_shown()
        return self._hint

    def wait(self, timeout: float | None = None) -> Hint | None:
        """Block until done (scripts and tests), then `result`."""
        self._thread.join(timeout)
        return self.result()

    def cancel(self) -> None:
        """Drop the hint (the player moved on); the search ends within its budget."""
        self._cancelled = True


def start_hint(session: TableSession, budget: float = HINT_BUDGET,
               workers: int | None = None) -> HintJob:
    """A hint for the human to act, from their own view; counted in the game's record
    (and so in the statistics) when it is shown.

    Raises:
        TtrError: no human may get a hint now (not their turn, or not their screen).
    """
    seat = can_hint(session)
    if seat is None:
        raise TtrError(_("a hint is only for the player whose turn it is, on their own screen"))
    return HintJob(session.view_for(seat), lambda: session.count_hint(seat), budget, workers)


def start_review(record: GameRecord, game_map: GameMap, seat: Seat,
                 workers: int | None = None, iterations: int = ITERATIONS) -> ReviewJob:
    """Review `seat`'s decisions in a recorded game on worker processes (`workers` 0:
    judged here when the result is asked for; `iterations`: at most per decision).

    Raises:
        TtrError: no such seat, the map changed, or an action is unreadable or illegal.
    """
    if not 0 <= seat < len(record.seats):
        raise TtrError(_("the game has no seat {n}").format(n=seat + 1))
    record.replay(game_map)  # checks the map and every action, with a clear message
    start = new_game(game_map, record.config, len(record.seats), record.seed)
    actions = [parse_action(text) for text in record.actions]
    return ReviewJob.of_game(start, actions, seat, workers, iterations)


@dataclass(frozen=True, slots=True)
class PlayedOnline:
    """A finished online game as this computer saw it: no record (the server keeps
    that), but every decision its people made, each with the seat's view as the server
    sent it, so a review uses nothing a player could not see."""

    names: tuple[str, ...]
    """Every seat's name, in turn order."""
    decisions: Mapping[Seat, Sequence[Decision]]
    """Per seat played here, its decisions in order."""
    result: GameResult
    label: str
    """Names the game (seeds the judging, so a review repeats)."""


def start_online_review(game: PlayedOnline, seat: Seat, workers: int | None = None,
                        iterations: int = ITERATIONS) -> ReviewJob:
    """Review `seat`'s decisions in an online game from the views it was shown.

    Raises:
        TtrError: no decision of that seat was made on this computer.
    """
    decisions = game.decisions.get(seat, ())
    if not decisions:
        raise TtrError(_("no decision of that player was made on this computer"))
    return ReviewJob(decisions, game.result, seat, f"online:{game.label}", workers,
                     iterations)
