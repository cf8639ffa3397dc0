"""The public path keeps each state's `Sim` (`kept.thawed`), legal actions and public view:
`apply` steps a copy of the sim and leaves the stepped sim on the new state, and
`freeze_from` shares the parts that did not change. These tests check that nothing of it
shows: the same states, events and views as a fresh thaw, inputs never changed
(branching from one state many ways), the kept parts out of equality, pickles and
`replace`, and unchanged parts shared."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest

from tests.builders import europe, usa
from ttr.engine import (
    Action,
    GameOver,
    GameState,
    IllegalActionError,
    Sim,
    Stage,
    Transition,
    apply,
    legal_actions,
    new_game,
    observe,
    results,
    state_from_dict,
    state_to_dict,
)
from ttr.engine.kept import thawed

GAMES = [("usa", v) for v in ("base", "1910", "mega", "bigcities")] + [("europe", "base")]


def thawed_apply(state: GameState, action: Action) -> Transition:
    """`apply` as it was before the cache: thaw the whole state, step, freeze."""
    sim = Sim.thaw(state)
    assert sim.is_legal(action)
    sim.events = []
    sim.step(action)
    new = sim.freeze()
    if sim.stage == Stage.GAME_OVER:
        sim.events.append(GameOver(results(new)))
    return Transition(new, tuple(sim.events))


def fresh(state: GameState) -> GameState:
    """An equal state with nothing cached (as read from a save)."""
    return state_from_dict(state_to_dict(state), state.game_map)


@pytest.mark.parametrize(("map_name", "variant"), GAMES)
def test_same_states_and_events_as_a_thaw(map_name: str, variant: str) -> None:
    gm = usa() if map_name == "usa" else europe()
    cfg = gm.rules(variant)
    for g in range(4):
        players = 2 + g % 4
        state = new_game(gm, cfg, players, f"public:{g}")
        rng = random.Random(g)
        while state.stage != Stage.GAME_OVER:
            legal = legal_actions(state)
            assert legal == tuple(Sim.thaw(state).legal())
            before = state_to_dict(state)
            # branch: every third step try two other actions first (from the same state)
            if state.turn % 3 == 0:
                for other in rng.sample(legal, min(2, len(legal))):
                    assert apply(state, other) == thawed_apply(fresh(state), other)
                    assert state_to_dict(state) == before, "apply changed its input"
            action = legal[rng.randrange(len(legal))]
            transition = apply(state, action)
            assert transition == thawed_apply(fresh(state), action)
            assert state_to_dict(state) == before, "apply changed its input"
            assert thawed(state).sim.freeze() == state
            state = transition.state
            assert thawed(state).sim.freeze() == state


def test_cache_is_invisible() -> None:
    gm = usa()
    state = new_game(gm, gm.rules("base"), 3, "invisible")
    state = apply(state, legal_actions(state)[0]).state
    assert observe(state, 0).public is observe(state, None).public
    assert thawed(state).sim is thawed(state).sim  # kept on the state
    plain = fresh(state)
    assert plain == state and repr(plain) == repr(state)
    assert "_thawed" not in {f.name for f in dataclasses.fields(state)}
    for other in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state),
                  dataclasses.replace(state, turn=state.turn)):
        assert other == state
        assert not hasattr(other, "_thawed")  # not sent along: thawed again where needed
        assert not hasattr(other, "_public")
        assert legal_actions(other) == legal_actions(state)
    with pytest.raises((AttributeError, TypeError)):
        state._thawed = None  # type: ignore[assignment]


def test_unchanged_parts_are_shared() -> None:
    gm = europe()
    state = new_game(gm, gm.rules("base"), 2, "shared")
    rng = random.Random(5)
    claims = draws = 0
    while state.stage != Stage.GAME_OVER:
        legal = legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        new = apply(state, action).state
        if new.owners == state.owners:
            assert new.owners is state.owners
        else:
            claims += 1
        if new.shuffles == state.shuffles:  # the deck only loses its top
            assert new.deck == state.deck[:len(new.deck)]
        if new.discard == state.discard:
            assert new.discard is state.discard
        if new.ticket_deck == state.ticket_deck:
            assert new.ticket_deck is state.ticket_deck
        for p, q in zip(new.players, state.players, strict=True):
            if p == q:
                assert p is q
            elif p.tickets == q.tickets:
                assert p.tickets is q.tickets
                draws += 1
        state = new
    assert claims and draws


def test_views_use_the_kept_sim() -> None:
    gm = usa()
    state = new_game(gm, gm.rules("base"), 2, "views")
    rng = random.Random(2)
    for _ in range(40):
        view = observe(state, state.current)
        assert view.legal == legal_actions(fresh(state))
        assert observe(fresh(state), state.current) == view
        others = [observe(state, seat) for seat in (None, 1 - state.current)]
        assert all(v.public is view.public for v in others)  # built once per state
        assert others == [observe(fresh(state), v.viewer) for v in others]
        state = apply(state, view.legal[rng.randrange(len(view.legal))]).state


def test_printable_ids_have_no_space_but_the_ascii_one() -> None:
    """`check_action` refuses ids with a space by `isprintable()` and `" " not in`:
    every other whitespace character is not printable."""
    spaces = [chr(c) for c in range(0x110000) if chr(c).isspace() and chr(c).isprintable()]
    assert spaces == [" "]


def test_listed_actions_skip_the_checks_others_do_not() -> None:
    gm = usa()
    state = new_game(gm, gm.rules("base"), 2, "listed")
    keep = legal_actions(state)[-1]
    equal = copy.deepcopy(keep)  # equal, not the listed object: checked, and legal
    assert equal is not keep and apply(state, equal) == apply(state, keep)
    after = apply(state, keep).state
    assert legal_actions(after)  # its own listing: the keep of `state` is not on it
    with pytest.raises(IllegalActionError, match="keep"):
        apply(after, keep)
