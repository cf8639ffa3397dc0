"""`GameSession`: the authoritative game state, the seats, the record and the AI worker.

Scenes talk to the game only through a session (the `TableSession` protocol of
ttr.game.table): they read views (`view_for`), submit human actions (`submit`) and ask
for AI moves (`poll_ai`). Every `Update` carries a view and events redacted for the seat
whose private view is on screen (`screen_owner`), and says when a hot-seat handoff
curtain is needed first.

The session keeps every event of the game (`log`, unredacted); a view's `log` is that
list redacted for the view's seat at the moment it is asked for, so the game log on
screen is always the screen owner's. In a hot-seat game the screen is released (owner
None, the public view) as soon as a human's move leaves another human to act before
them again: their hand and tickets leave the screen with that move.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

from ttr.ai.base import agent_info, make_agent
from ttr.ai.worker import close_pool, worker_pool
from ttr.engine import (
    Action,
    Event,
    GameMap,
    GameResult,
    GameState,
    IllegalActionError,
    PlayerView,
    RulesConfig,
    Seat,
    Stage,
    TtrError,
    apply,
    format_action,
    new_game,
    observe,
    parse_action,
    redact,
    results,
)
from ttr.i18n import _
from ttr.store.record import GameRecord, SeatRecord
from ttr.store.text import MAX_NAME, clean_text

logger = logging.getLogger(__name__)

INLINE_LIMIT = 0.008
"""An agent that answers faster than this (seconds) keeps running in the UI process."""


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A seat at the table: display name, colour name, and `agent` None for a human."""

    name: str
    color: str
    agent: str | None = None

    @property
    def kind(self) -> str:
        """`human` or the agent name (as in records)."""
        return self.agent or "human"


@dataclass(frozen=True, slots=True)
class Update:
    """What changed: the new view and the events, both redacted for the screen owner.

    `actor` made the move. `handoff` is the human seat that must receive the screen
    (behind a curtain) before it acts, or None. When the move released the screen (a
    hot-seat human's turn ended), view and events are already the public ones.
    """

    view: PlayerView
    events: tuple[Event, ...]
    actor: Seat
    handoff: Seat | None


class ScreenOwner:
    """Who sits at the screen, for any session with `to_act`, `is_human` and `view_for`
    (shared by `GameSession` and the online `RemoteSession`)."""

    screen_owner: Seat | None

    @property
    def seat_count(self) -> int:
        """How many seats the table has."""
        raise NotImplementedError

    @property
    def to_act(self) -> Seat | None:
        """The seat that decides next, or None once the game is over."""
        raise NotImplementedError

    def is_human(self, seat: Seat) -> bool:
        """Whether a person at this screen decides for `seat` now."""
        raise NotImplementedError

    def view_for(self, seat: Seat | None) -> PlayerView:
        """What `seat` may see now (None: a spectator)."""
        raise NotImplementedError

    def plays_here(self, seat: Seat) -> bool:
        """Whether `seat` is one of this screen's people (whatever is in flight)."""
        return self.is_human(seat)

    def next_human(self) -> Seat | None:
        """This screen's person who acts next: the seat to act or the first of them after
        it in turn order (None once the game is over, or without people here)."""
        seat = self.to_act
        if seat is None:
            return None
        n = self.seat_count
        return next((s for s in ((seat + k) % n for k in range(n)) if self.plays_here(s)),
                    None)

    @property
    def hot_seat(self) -> bool:
        """Two or more of this screen's people play (curtains between them)."""
        return sum(1 for s in range(self.seat_count) if self.plays_here(s)) >= 2

    def release_screen(self) -> None:
        """After a move: if another of this screen's people acts before the screen's
        owner, nobody owns the screen any more (their secrets are hidden at once)."""
        if self.hot_seat and self.screen_owner is not None \
                and self.next_human() != self.screen_owner:
            self.screen_owner = None

    def screen_view(self) -> PlayerView:
        """The view of the current screen owner."""
        return self.view_for(self.screen_owner)

    def pending_handoff(self) -> Seat | None:
        """The human who must get the screen before acting, or None."""
        seat = self.to_act
        if seat is None or not self.is_human(seat) or seat == self.screen_owner:
            return None
        return seat

    def take_screen(self, seat: Seat | None) -> PlayerView:
        """Make `seat` the screen owner (a curtain was dismissed); returns its view."""
        self.screen_owner = seat
        return self.screen_view()


def _think(agent: str, view: PlayerView, seed: str, budget: float) -> Action:
    """Worker-process entry: one agent decision."""
    return make_agent(agent).choose(view, random.Random(seed), budget)


class GameSession(ScreenOwner):
    """One game in progress: state, seats, record, and at most one AI job at a time."""

    def __init__(self, game_map: GameMap, config: RulesConfig, seats: list[SeatSpec],
                 seed: int | str, map_id: str | None = None, hints_allowed: bool = True) -> None:
        if not 2 <= len(seats) <= 5:
            raise TtrError(_("a game needs 2 to 5 seats, not {n}").format(n=len(seats)))
        for s in seats:
            if s.agent is not None:
                agent_info(s.agent)  # raises TtrError for unknown names
        seats = [replace(s, name=clean_text(s.name, MAX_NAME, _("Player {n}").format(n=i + 1)))
                 for i, s in enumerate(seats)]  # every name can be drawn
        self.seats = tuple(seats)
        self.game_map = game_map
        self.config = config
        self.seed = seed
        self._state: GameState = new_game(game_map, config, len(seats), seed)
        self._log: list[Event] = []
        self._redacted: dict[Seat | None, list[Event]] = {}
        self.record = GameRecord(
            map_id=map_id or game_map.id, map_hash=game_map.content_hash,
            variant=config.variant, config=config, seed=seed,
            seats=tuple(SeatRecord(s.name, s.color, s.kind) for s in seats),
            hints_allowed=hints_allowed,
        )
        humans = [i for i, s in enumerate(seats) if s.agent is None]
        self.screen_owner: Seat | None = humans[0] if len(humans) == 1 else None
        self._executor: ProcessPoolExecutor | None = None
        self._job: tuple[Seat, int, Future[Action]] | None = None
        self._inline: dict[str, bool] = {}
        self.think_times: list[float] = []
        self.after_action: list[Callable[[GameSession, tuple[Event, ...]], None]] = []
        """Called with the redacted events after every action (autosave, sound)."""

    # -------------------------------------------------------------- reading

    @property
    def to_act(self) -> Seat | None:
        """The seat that decides next, or None once the game is over."""
        s = self._state
        return None if s.stage == Stage.GAME_OVER else s.current

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self._state.stage == Stage.GAME_OVER

    @property
    def seat_count(self) -> int:
        """How many seats the game has."""
        return len(self.seats)

    def is_human(self, seat: Seat) -> bool:
        """Whether a person plays this seat."""
        return self.seats[seat].agent is None

    def view_for(self, seat: Seat | None) -> PlayerView:
        """What `seat` may see now (None: a spectator), with the game log as it sees it."""
        return replace(observe(self._state, seat), log=self.log_for(seat))

    def log_for(self, seat: Seat | None) -> tuple[Event, ...]:
        """Every event so far, redacted for `seat` (redactions are kept, so this is cheap)."""
        done = self._redacted.setdefault(seat, [])
        done.extend(redact(e, seat) for e in self._log[len(done):])
        return tuple(done)

    @property
    def log(self) -> tuple[Event, ...]:
        """Every event so far, unredacted (for the record keeper, never for a screen)."""
        return tuple(self._log)

    def results(self) -> GameResult:
        """The final result (also valid mid-game as a provisional tally)."""
        return results(self._state)

    @property
    def actions(self) -> list[str]:
        """Every action so far, in notation."""
        return self.record.actions

    # -------------------------------------------------------------- acting

    def _advance(self, action: Action) -> Update:
        seat = self._state.current
        tr = apply(self._state, action)
        self._state = tr.state
        self._log.extend(tr.events)
        self.record.actions.append(format_action(action))
        self.release_screen()
        owner = self.screen_owner
        events = tuple(redact(e, owner) for e in tr.events)
        for hook in self.after_action:
            hook(self, events)
        return Update(self.screen_view(), events, seat, self.pending_handoff())

    def submit(self, action: Action) -> Update:
        """Apply a human action for the seat to act.

        Raises:
            IllegalActionError: not legal now, or it is not a human's turn.
        """
        seat = self.to_act
        if seat is None or not self.is_human(seat):
            raise IllegalActionError(f"it is not a human's turn (seat {seat})")  # i18n: no (a bug)
        if seat != self.screen_owner:
            raise IllegalActionError(f"seat {seat} acts without owning the screen")  # i18n: no
        return self._advance(action)

    def ai_thinking(self) -> bool:
        """True while an AI job runs in the worker."""
        return self._job is not None

    def poll_ai(self) -> Update | None:
        """Advance an AI seat: start its job, or apply its move once it is ready."""
        seat = self.to_act
        if seat is None or self.is_human(seat):
            return None
        spec = self.seats[seat]
        name = spec.agent or ""
        info = agent_info(name)
        turn_key = len(self.record.actions)
        rng_seed = f"{self.seed}:ai:{seat}:{turn_key}"
        view = observe(self._state, seat)
        if self._job is None and self._inline.get(name, info.budget <= 0):
            t0 = time.thread_time()  # CPU time: a busy machine must not look like a slow agent
            action = make_agent(name).choose(view, random.Random(rng_seed), info.budget)
            took = time.thread_time() - t0
            self.think_times.append(took)
            if took > INLINE_LIMIT:
                logger.info("agent %s took %.1f ms inline: moving it to the worker",
                            name, took * 1000)
                self._inline[name] = False
            return self._apply_ai(seat, action)
        if self._job is None:
            fut = self._pool().submit(_think, name, view, rng_seed, info.budget)
            self._job = (seat, turn_key, fut)
            return None
        job_seat, _, fut = self._job
        if not fut.done():
            return None
        self._job = None
        action = fut.result()
        if job_seat != seat:
            raise RuntimeError(f"AI job for seat {job_seat} finished on seat {seat}'s turn")
        return self._apply_ai(seat, action)

    def _apply_ai(self, seat: Seat, action: Action) -> Update:
        try:
            return self._advance(action)
        except IllegalActionError:
            logger.exception("agent %s of seat %d chose an illegal action",
                             self.seats[seat].agent, seat)
            legal = observe(self._state, seat).legal
            return self._advance(legal[0])

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = worker_pool(1)  # dies with the game, even on SIGKILL
        return self._executor

    def warm_up(self) -> None:
        """Start the worker early when a searching agent is seated."""
        if any(s.agent and agent_info(s.agent).budget > 0 for s in self.seats):
            self._pool().submit(int, 0)

    def close(self) -> None:
        """Stop the worker now (a running job is abandoned; its own playout workers
        end with it). The session owns its worker: every way out of a game calls this."""
        close_pool(self._executor)
        self._executor = None
        self._job = None

    @classmethod
    def resume(cls, game_map: GameMap, record: GameRecord) -> GameSession:
        """A session continuing `record` (seats, AI levels and state replayed exactly).

        A hot-seat game resumes with nobody owning the screen, so the next human to act
        gets the curtain first (whoever sits at the computer now). The game log is
        rebuilt from the replayed events (an undo shows the log up to the undone move).

        Raises:
            TtrError: the map changed, an action is illegal or an AI level is unknown.
        """
        seats = [SeatSpec(s.name, s.color, None if s.kind == "human" else s.kind)
                 for s in record.seats]
        session = cls(game_map, record.config, seats, record.seed, map_id=record.map_id,
                      hints_allowed=record.hints_allowed)
        record.replay(game_map)  # checks the map and every action, with clear messages
        state = session._state
        for text in record.actions:  # again, keeping the events for the game log
            tr = apply(state, parse_action(text))
            state = tr.state
            session._log.extend(tr.events)
        session._state = state
        session.record.actions[:] = record.actions
        session.record.seats = tuple(  # keeps the hints counted so far
            replace(s, hints=r.hints) for s, r in zip(session.record.seats, record.seats,
                                                      strict=True))
        return session

    @property
    def hints_allowed(self) -> bool:
        """Whether the table (chosen in setup, kept in the record) allows hints."""
        return self.record.hints_allowed

    def count_hint(self, seat: Seat) -> int:
        """Count a hint shown to `seat` in the record (and so in the statistics); returns
        the seat's hints so far."""
        seats = list(self.record.seats)
        seats[seat] = replace(seats[seat], hints=seats[seat].hints + 1)
        self.record.seats = tuple(seats)
        return seats[seat].hints

    def save(self, path: str | Path) -> None:
        """Write the game record (replays to the current state)."""
        self.record.save(path)
