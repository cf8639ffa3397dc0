"""The public rules API: new_game, legal_actions, is_legal, apply, sample_legal, replay.

Every transition is implemented once, in `sim.Sim`; these functions step a copy of a
state's sim (`kept.thawed`, thawed once and kept on the state) and freeze it again, so they
never mutate their input. The new state keeps the sim it was frozen from, so a game
played through `apply` never thaws.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeGuard

from ttr.engine.actions import Action, check_action, format_action
from ttr.engine.board import GameMap, Seat
from ttr.engine.cards import LOCO_INDEX as LOCO
from ttr.engine.cards import seeded_shuffle
from ttr.engine.config import MAX_PLAYERS, MIN_PLAYERS, RulesConfig, check_for_map, short_repr
from ttr.engine.errors import IllegalActionError, TtrError
from ttr.engine.events import Event, GameOver
from ttr.engine.kept import Thawed, freeze_from, thawed
from ttr.engine.scoring import results
from ttr.engine.sim import CHOOSE, INITIAL, OVER, Sim
from ttr.engine.state import GameState, Stage

MAX_SEED_TEXT = 200


@dataclass(frozen=True, slots=True)
class Transition:
    """The state after an action and the events it caused (unredacted)."""

    state: GameState
    events: tuple[Event, ...]

    def __reduce__(self) -> tuple[type[Transition], tuple[GameState, tuple[Event, ...]]]:
        """Pickle through the constructor (see docs/ENGINE.md, "Compiled build")."""
        return (Transition, (self.state, self.events))


def new_game(game_map: GameMap, config: RulesConfig, seats: int, seed: int | str) -> GameState:
    """A new game, cards and tickets dealt, at the initial ticket choice of seat 0.

    Raises:
        TtrError: a bad player count, or a map/config that cannot deal this game.
    """
    sim = new_sim(game_map, config, seats, seed)
    state = sim.freeze()
    Thawed(sim).keep_on(state)
    return state


def new_sim(game_map: GameMap, config: RulesConfig, seats: int, seed: int | str) -> Sim:
    """`new_game` as a mutable `Sim`, for playouts and benchmarks (no freeze and thaw).

    Raises:
        TtrError: a bad player count, or a map/config that cannot deal this game.
    """
    if not isinstance(game_map, GameMap) or not isinstance(config, RulesConfig):
        raise TtrError("new_game needs a GameMap and a RulesConfig", "internal")
    if isinstance(seats, bool) or not isinstance(seats, int) \
            or not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise TtrError(f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {seats!r}",
                       "player_count", least=MIN_PLAYERS, most=MAX_PLAYERS,
                       value=short_repr(seats))
    if not valid_seed(seed):
        raise TtrError("a seed is a whole number below 2**256 or a printable text of at "
                       f"most {MAX_SEED_TEXT} characters", "bad_seed", most=MAX_SEED_TEXT)
    cfg = config
    check_for_map(cfg, game_map, seats)
    deck_ids = game_map.ticket_deck(cfg)
    regular = [t for t in deck_ids if not game_map.ticket_by_id[t].long]
    longs = [t for t in deck_ids if game_map.ticket_by_id[t].long]
    cards = sorted(list(range(8)) * cfg.cards_per_color) + [LOCO] * cfg.locomotives
    s = Sim(game_map, cfg)
    s.n, s.seed = seats, seed
    seeded_shuffle(cards, seed, 0)
    seeded_shuffle(regular, seed, 1)
    seeded_shuffle(longs, seed, 2)
    s.deck = cards
    s.shuffles = 3
    s.hands = [[0] * 9 for _ in range(seats)]
    for hand in s.hands:
        for _ in range(cfg.starting_hand):
            c = cards.pop()
            hand[c] = hand[c] + 1
    s.offers = []
    for _ in range(seats):
        s.offers.append(longs[: cfg.deal_long] + regular[: cfg.deal_regular])
        del longs[: cfg.deal_long], regular[: cfg.deal_regular]
    s.ticket_deck = regular
    s.tickets = [[] for _ in range(seats)]
    s.trains = [cfg.trains] * seats
    s.stations_left = [cfg.stations] * seats
    s.route_pts = [0] * seats
    s.current, s.stage = 0, INITIAL
    s.faceup = [-1] * cfg.faceup_slots
    s.discard = [0] * 9
    s.owners = [-1] * len(game_map.routes)
    s.station_at = [-1] * len(game_map.cities)
    s.turns_left, s.passes, s.turn, s.tunnel = -1, 0, 0, None
    s._double_open = seats >= cfg.double_routes_min_players
    s._open = [list(group) for group in game_map.by_color]  # nothing is claimed yet
    s._open_upto = [list(counts) for counts in game_map.by_color_upto]
    s._open_ranks = [list(ranks) for ranks in s._listing.group_ranks]
    s._open_shared = False
    s._refill()
    return s


def valid_seed(seed: object) -> TypeGuard[int | str]:
    """Whether `seed` can seed a game (an int below 2**256 in size, or a short printable
    text: it is written into saves and records)."""
    if isinstance(seed, str):
        return len(seed) <= MAX_SEED_TEXT and seed.isprintable()
    return isinstance(seed, int) and not isinstance(seed, bool) and -2**256 < seed < 2**256


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal action for the seat to act, sorted; empty iff the game is over."""
    kept = thawed(state)
    legal = kept.legal
    if legal is None:
        legal = kept.legal = tuple(kept.sim.legal())  # views and `apply` use it again
    return legal


def is_legal(state: GameState, action: Action) -> bool:
    """Whether `action` is legal for the seat to act (False for anything that is not a
    well-formed action)."""
    try:
        check_action(action)
    except TtrError:
        return False
    return thawed(state).sim.is_legal(action)


def apply(state: GameState, action: Action) -> Transition:
    """The state after `action` and the events it caused; `state` is not changed.

    Raises:
        IllegalActionError: the action is not legal now (the message gives the action
        in notation, the seat and the stage), or it is not a well-formed action.
    """
    kept = thawed(state)
    base = kept.sim
    if not _listed(kept.legal, action):
        try:
            check_action(action)
        except TtrError as e:
            raise IllegalActionError(str(e), e.code, inner=e.inner, **e.params) from None
        if not base.is_legal(action):
            text = format_action(action)
            raise IllegalActionError(
                f"illegal action '{text}' for seat {state.current} at stage {state.stage.name}",
                "illegal_action", action=text, seat=state.current, stage=state.stage.name,
            )
    sim = base.copy()
    events: list[Event] = []
    sim.events = events
    sim.step(action)
    sim.events = None
    new = freeze_from(sim, state, base)
    Thawed(sim).keep_on(new)  # the next legal_actions or apply starts from it
    if sim.stage == OVER:
        events.append(GameOver(results(new)))
    return Transition(new, tuple(events))


def _listed(legal: tuple[Action, ...] | None, action: Action) -> bool:
    """Whether `action` is one of the very objects of the state's `legal_actions` (so
    legal and well-formed: a client picking from the listing skips both checks)."""
    if legal is not None:
        for listed in legal:
            if listed is action:
                return True
    return False


def sample_legal(state: GameState, rng: random.Random) -> Action:
    """One random legal action, cheaply (see `Sim.sample`); playouts use `Sim` directly."""
    return thawed(state).sim.sample(rng)


def replay(game_map: GameMap, config: RulesConfig, seats: int, seed: int | str,
           actions: Iterable[Action]) -> GameState:
    """The state reached by playing `actions` from a new game.

    Raises:
        IllegalActionError: an action in the list is illegal where it stands.
    """
    state = new_game(game_map, config, seats, seed)
    for i, action in enumerate(actions):
        try:
            state = apply(state, action).state
        except IllegalActionError as e:
            raise IllegalActionError(f"action {i + 1}: {e}", "action_number", inner=e,
                                     number=i + 1) from None
    return state


def is_over(state: GameState) -> bool:
    """True once the game has ended."""
    return state.stage == Stage.GAME_OVER


def to_act(state: GameState) -> Seat | None:
    """The seat that decides next, or None when the game is over."""
    return None if state.stage == Stage.GAME_OVER else state.current


__all__ = [
    "CHOOSE", "MAX_PLAYERS", "MIN_PLAYERS", "Transition", "apply", "is_legal", "is_over",
    "legal_actions", "new_game", "new_sim", "replay", "sample_legal", "to_act", "valid_seed",
]
