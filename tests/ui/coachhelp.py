"""Helpers for the coach's screens: a finished game with human seats, a review without
workers."""

from __future__ import annotations

import random

from ttr.ai.base import make_agent
from ttr.ai.review import Mistake, Review
from ttr.ai.selfplay import play_out
from ttr.engine import (
    Action,
    ClaimRoute,
    GameState,
    Stage,
    apply,
    format_action,
    new_game,
    observe,
    parse_action,
)
from ttr.maps.mapfile import MapDefinition, find_map
from ttr.store.record import GameRecord, SeatRecord


def finished_record(kinds: tuple[str, ...] = ("human", "greedy"), seed: int = 3,
                    map_id: str = "usa") -> tuple[GameRecord, MapDefinition]:
    """A whole game played by greedy players, recorded with the seats' `kinds`."""
    map_def = find_map(map_id)
    gm = map_def.game_map
    config = gm.rules("base")
    agent = make_agent("greedy")
    rng = random.Random(seed)
    actions: list[str] = []

    def decide(state: GameState) -> Action:
        a = agent.choose(observe(state, state.current), rng, 0.0)
        actions.append(format_action(a))
        return a

    final, _ = play_out(new_game(gm, config, len(kinds), seed), decide)
    assert final.stage == Stage.GAME_OVER
    colors = ("red", "blue", "green", "yellow", "black")
    seats = tuple(SeatRecord(f"P{i + 1}", colors[i], k) for i, k in enumerate(kinds))
    return GameRecord(map_id, gm.content_hash, "base", config, seed, seats, actions), map_def


def fake_review(record: GameRecord, map_def: MapDefinition, seat: int = 0,
                count: int = 4) -> Review:
    """A review of `seat` naming real decisions of the record (its main turns, last
    first) with made-up losses: the screens' tests need no search."""
    gm = map_def.game_map
    state = new_game(gm, record.config, len(record.seats), record.seed)
    found: list[tuple[int, int, Action]] = []
    for step, text in enumerate(record.actions):
        action = parse_action(text)
        if state.current == seat and state.stage == Stage.CHOOSE_ACTION:
            found.append((step, state.turn + 1, action))
        state = apply(state, action).state
    claims = [f for f in found if isinstance(f[2], ClaimRoute)]
    other = next(f[2] for f in reversed(found) if isinstance(f[2], ClaimRoute))
    mistakes = []
    for i, (step, turn, played) in enumerate(claims[-count:]):
        better = other if other != played else claims[0][2]
        mistakes.append(Mistake(step, turn, f"played move {i}", f"better move {i}",
                                20.0 - 3 * i, f"lesson number {i}: a plain line of why",
                                played, better))
    return Review(seat, len(found), tuple(mistakes))


class FakeJob:
    """Stands for a `ReviewJob`: one more decision judged each time `done` is asked (once
    a frame), then `review`."""

    def __init__(self, review: Review, total: int = 6) -> None:
        self.review = review
        self.total = total
        self.judged = 0
        self.cancelled = False
        self.closed = False

    def progress(self) -> tuple[int, int]:
        return self.judged, self.total

    def done(self) -> bool:
        if self.cancelled or self.judged >= self.total:
            return True
        self.judged += 1
        return False

    def cancel(self) -> None:
        self.cancelled = True

    def close(self, wait: bool = False) -> None:
        self.closed = True

    def result(self, timeout: float | None = None) -> Review:
        return self.review
