"""Post-game review: which of a player's decisions cost the most, and what to learn.

`ReviewJob.of_game` replays a finished game and takes every decision of one seat that
had a choice (main turns, ticket keeps, tunnel payments; second card draws are left
out); a game played online is reviewed from the decisions its player's computer kept,
each with the seat's view as the server sent it (`ReviewJob` itself). Each decision
goes to a worker process (`judge`). A judge compares the move played with
Expert's candidates (for tickets: the strong policy's keep) from that seat's own
view at the time, on the same paired playouts (`paired`): the points lost are the
mean paired gain of the best candidate over the move played. The job reports
progress, can be cancelled, and ends with a `Review`: the 3 to 5 costliest
decisions, each with the replay step that shows the position, the estimated points
lost and a one-line lesson.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass

from ttr.ai.expert import expert_candidates, expert_judge
from ttr.ai.heuristic import Context, PlanPlayer
from ttr.ai.levels import STRONG
from ttr.ai.paired import Gains, new_seeds, playout_margins
from ttr.ai.reasons import reason
from ttr.ai.wording import cards_words, move_words, route_words, tickets_words
from ttr.ai.worker import close_pool, worker_count, worker_pool
from ttr.engine import (
    Action,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    GameResult,
    GameState,
    KeepTickets,
    PlayerView,
    Seat,
    Stage,
    TtrError,
    apply,
    observe,
    results,
)
from ttr.i18n import _, ngettext, number

REVIEWED = (Stage.CHOOSE_ACTION, Stage.INITIAL_TICKETS, Stage.KEEP_TICKETS, Stage.TUNNEL_PAY)
"""Decisions a review judges (a second card draw is a small choice, left out)."""
ITERATIONS = 24
"""Paired iterations per decision at most."""
FIRST_LOOK = 8
"""Iterations after which a decision no candidate can beat by `MIN_LOSS` is settled."""
MIN_LOSS = 2.0
"""Points lost below which a decision is not called a mistake."""
MOST, LEAST = 5, 3
"""How many mistakes a review lists: up to 5, and 3 if it has that many candidates."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the reviewed seat: the position before it and the move played."""

    step: int
    """Actions played before it: the replay frame that shows the position."""
    view: PlayerView
    played: Action


@dataclass(frozen=True, slots=True)
class Verdict:
    """A judged decision: the best candidate and the mean points lost by the move played."""

    step: int
    better: Action | None
    loss: float
    error: float
    """Standard error of `loss`."""
    iterations: int


@dataclass(frozen=True, slots=True)
class Mistake:
    """A costly decision, in words."""

    step: int
    """Replay frame showing the position (actions played before the decision)."""
    turn: int
    """The decision's turn as the replay viewer counts it (0: the first ticket choice,
    then 1, 2, ...)."""
    played: str
    better: str
    loss: float
    """Estimated points lost (mean paired margin)."""
    lesson: str
    played_action: Action
    """The move played (for a screen to mark it)."""
    better_action: Action
    """The move preferred."""


@dataclass(frozen=True, slots=True)
class Review:
    """The costliest decisions of one seat, costliest first."""

    seat: Seat
    decisions: int
    """Decisions judged."""
    mistakes: tuple[Mistake, ...]

    @property
    def total_loss(self) -> float:
        """Points lost in the listed mistakes."""
        return sum(m.loss for m in self.mistakes)


class ReviewCancelled(TtrError):
    """The review was cancelled before it finished."""


def reviewable(view: PlayerView) -> bool:
    """Whether a review judges a decision taken from `view` (one of `REVIEWED`, with a
    choice to make)."""
    return view.public.stage in REVIEWED and len(view.legal) > 1


def decisions_from(start: GameState, actions: Sequence[Action],
                   seat: Seat) -> tuple[list[Decision], GameState]:
    """The seat's judged decisions from `start` (a new game) through `actions`, and the
    state after them.

    Raises:
        IllegalActionError: an action is illegal where it was played.
    """
    return _walk(start, actions, seat)


def _walk(state: GameState, actions: Sequence[Action],
          seat: Seat) -> tuple[list[Decision], GameState]:
    out = []
    for step, action in enumerate(actions):
        if state.current == seat and state.stage in REVIEWED:
            view = observe(state, seat)
            if reviewable(view):
                out.append(Decision(step, view, action))
        state = apply(state, action).state
    return out, state


def judge(view: PlayerView, played: Action, seed: str, step: int,
          iterations: int = ITERATIONS) -> Verdict:
    """Compare the move played with Expert's candidates on paired playouts (a worker
    task; `seed` makes it repeatable)."""
    rng = random.Random(seed)
    ctx = Context(view, STRONG)
    default = PlanPlayer(STRONG).decide(ctx, rng)
    cands = [played] + [a for a in expert_candidates(ctx, default, rng) if a != played]
    if isinstance(default, KeepTickets) and default != played:
        cands.append(default)  # Expert leaves tickets to the policy: compare with it
    if len(cands) < 2:
        return Verdict(step, None, 0.0, 0.0, 0)
    gains = Gains(len(cands))
    how = expert_judge(view)
    try:
        while gains.n < iterations:
            gains.add(playout_margins(view, cands, new_seeds(rng, 2), how))
            if gains.n >= FIRST_LOOK and not gains.could_beat(MIN_LOSS):
                break
    except AssertionError:  # the view could not be sampled: no verdict
        return Verdict(step, None, 0.0, 0.0, gains.n)
    best, best_gain, best_se = 0, 0.0, 0.0
    for i in range(1, len(cands)):
        mean, se = gains.gain(i)
        if mean > best_gain:
            best, best_gain, best_se = i, mean, se
    return Verdict(step, cands[best] if best else None, best_gain, best_se, gains.n)


class ReviewJob:
    """A review running on worker processes: poll `progress`, `cancel`, then `result`.

    Construction queues one task per decision of `seat` (`result`: the game's final
    scores; `seed`: makes the judging repeatable); nothing blocks afterwards until
    `result` is asked for.
    """

    def __init__(self, decisions: Sequence[Decision], result: GameResult, seat: Seat,
                 seed: int | str, workers: int | None = None,
                 iterations: int = ITERATIONS) -> None:
        self.seat = seat
        self.seed = seed
        self.decisions = list(decisions)
        self.final = result
        self._cancelled = False
        count = worker_count() if workers is None else workers
        self._pool = worker_pool(count) if count > 0 and self.decisions else None
        self._futures: list[Future[Verdict]] = []
        self._verdicts: dict[int, Verdict] = {}
        self._iterations = iterations
        if self._pool is not None:
            for d in self.decisions:
                self._futures.append(self._pool.submit(
                    judge, d.view, d.played, self._seed(d), d.step, iterations))

    @classmethod
    def of_game(cls, start: GameState, actions: Sequence[Action], seat: Seat,
                workers: int | None = None, iterations: int = ITERATIONS) -> ReviewJob:
        """The review of `seat` in the game from `start` through `actions` (replayed
        here: quick).

        Raises:
            IllegalActionError: an action of the game is illegal where it was played.
        """
        decisions, final = decisions_from(start, actions, seat)
        return cls(decisions, results(final), seat, start.seed, workers, iterations)

    def _seed(self, d: Decision) -> str:
        return f"{self.seed}:review:{self.seat}:{d.step}"

    def progress(self) -> tuple[int, int]:
        """(decisions judged, decisions to judge)."""
        if self._pool is None:
            return len(self._verdicts), len(self.decisions)
        return sum(1 for f in self._futures if f.done()), len(self.decisions)

    @property
    def fraction(self) -> float:
        """Share done, 0 to 1 (for a progress bar)."""
        done, total = self.progress()
        return done / total if total else 1.0

    def done(self) -> bool:
        """Whether every decision is judged (or the job was cancelled)."""
        done, total = self.progress()
        return self._cancelled or done >= total

    def cancel(self) -> None:
        """Stop: queued decisions are dropped, the workers stop at once."""
        self._cancelled = True
        self.close()

    def close(self, wait: bool = False) -> None:
        """Stop the workers (also after a finished review; unfinished decisions are
        abandoned); `wait` for them to exit."""
        close_pool(self._pool, wait)

    def result(self, timeout: float | None = None,
               progress: Callable[[int, int], None] | None = None) -> Review:
        """The review, waiting for the workers if needed (without workers, the decisions
        are judged here; `progress` is called after each).

        Raises:
            ReviewCancelled: the job was cancelled.
            TimeoutError: not finished within `timeout` seconds.
        """
        if self._cancelled:
            raise ReviewCancelled(_("the review was cancelled"))
        if self._pool is None:
            for i, d in enumerate(self.decisions):
                if d.step not in self._verdicts:
                    self._verdicts[d.step] = judge(d.view, d.played, self._seed(d), d.step,
                                                   self._iterations)
                if progress is not None:
                    progress(i + 1, len(self.decisions))
                if self._cancelled:
                    raise ReviewCancelled(_("the review was cancelled"))
        else:
            for f in self._futures:
                v = f.result(timeout)
                self._verdicts[v.step] = v
            self.close()
        return summarize(self.decisions, list(self._verdicts.values()), self.final, self.seat)


def summarize(decisions: Sequence[Decision], verdicts: Sequence[Verdict], res: GameResult,
              seat: Seat) -> Review:
    """The costliest verdicts as mistakes with lessons (`res`: the final scores)."""
    by_step = {d.step: d for d in decisions}
    ranked = sorted((v for v in verdicts if v.better is not None and v.loss > 0),
                    key=lambda v: -v.loss)
    chosen = [v for v in ranked if v.loss >= MIN_LOSS and v.loss > 2 * v.error][:MOST]
    if len(chosen) < LEAST:
        chosen += [v for v in ranked if v not in chosen and v.loss >= 1.0][: LEAST - len(chosen)]
    mistakes = []
    for v in sorted(chosen, key=lambda v: -v.loss):
        d = by_step[v.step]
        assert v.better is not None
        mistakes.append(Mistake(
            step=v.step,
            turn=0 if d.view.public.stage == Stage.INITIAL_TICKETS else d.view.public.turn + 1,
            played=move_words(d.view, d.played),
            better=move_words(d.view, v.better),
            loss=round(v.loss, 1),
            lesson=lesson(d, v.better, v.loss, res, decisions),
            played_action=d.played,
            better_action=v.better,
        ))
    return Review(seat, len(verdicts), tuple(mistakes))


def lesson(d: Decision, better: Action, loss: float, res: GameResult,
           decisions: Sequence[Decision]) -> str:
    """One line: what the decision led to and what was better."""
    view = d.view
    gm = view.public.game_map
    assert view.me is not None
    seat = view.me.seat
    trains = view.public.players[seat].trains
    failed = {t.ticket: t.points for t in res.players[seat].tickets if not t.completed}
    played = d.played
    if isinstance(played, KeepTickets | DrawTickets):
        drew = isinstance(played, DrawTickets)
        keep = played if isinstance(played, KeepTickets) else next(
            (x.played for x in decisions if x.step == d.step + 1), KeepTickets(()))
        assert isinstance(keep, KeepTickets)
        kept_better = better.keep if isinstance(better, KeepTickets) else ()
        lost = [t for t in keep.keep if t in failed and t not in kept_better]
        trains_left = {"trains": number(trains)}
        if drew:
            # TRANSLATORS: the start of a lesson; {trains} trains the player had left
            what = ngettext("drew tickets with {trains} train left",
                            "drew tickets with {trains} trains left", trains).format(**trains_left)
        else:
            # TRANSLATORS: the start of a lesson; {tickets} is "Duluth–El Paso and
            # Denver–Pittsburgh", {trains} trains the player had left
            what = ngettext("kept {tickets} with {trains} train left",
                            "kept {tickets} with {trains} trains left", trains).format(
                tickets=tickets_words(gm, lost or keep.keep), **trains_left)
        if lost:
            pts = number(sum(failed[t] for t in lost))
            if drew:
                # TRANSLATORS: {what} is "drew tickets with 12 trains left"; {points} lost
                return _("{what}: {tickets} failed, \u2212{points}").format(
                    what=what, tickets=tickets_words(gm, lost), points=pts)
            # TRANSLATORS: {what} is "kept Duluth–El Paso with 12 trains left"; {points} lost
            return _("{what}: failed, \u2212{points}").format(what=what, points=pts)
        # TRANSLATORS: {what} is "drew tickets with 12 trains left"; {move} is "claim
        # Denver–Omaha with 4 red"; {points} the points lost
        return ngettext("{what}: better to {move}, about \u2212{points} point",
                        "{what}: better to {move}, about \u2212{points} points",
                        round(loss)).format(what=what, move=move_words(view, better),
                                            points=number(loss))
    why = reason(Context(view, STRONG), better)
    if isinstance(played, DrawDeck | DrawFaceUp) and isinstance(better, ClaimRoute):
        # TRANSLATORS: {route} is "Denver–Omaha"; {why} is the reason the route was better
        return _("drew cards while {route} was yours to claim: {why}").format(
            route=route_words(gm, better.route), why=why)
    if isinstance(played, ClaimRoute) and isinstance(better, ClaimRoute):
        route, other = route_words(gm, better.route), route_words(gm, played.route)
        if route == other:  # the same route (or its twin), paid otherwise
            # TRANSLATORS: {route} is "Denver–Omaha"; {better} and {played} are payments
            # ("3 white", "1 white + 2 locomotives"); {why} is the reason
            return _("{route} with {better} rather than {played}: {why}").format(
                route=route, better=cards_words(better.payment),
                played=cards_words(played.payment), why=why)
        # TRANSLATORS: {route} and {other} are routes ("Denver–Omaha"); {why} is the reason
        return _("{route} before {other}: {why}").format(route=route, other=other, why=why)
    # TRANSLATORS: {move} is "claim Denver–Omaha with 4 red"; {why} is the reason
    return _("better to {move}: {why}").format(move=move_words(view, better), why=why)
