"""The engine's edges: wrong types are refused with the engine's own error, action text
parses or raises only `TtrError`, `state_from_dict` refuses what cannot be played."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.builders import europe, make_state, usa
from tests.hostile.kit import JUNK, examples, mutations
from ttr.engine import (
    BuildStation,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    Hand,
    IllegalActionError,
    KeepTickets,
    PayTunnel,
    Sim,
    Stage,
    TtrError,
    apply,
    format_action,
    is_legal,
    legal_actions,
    new_game,
    observe,
    parse_action,
    state_from_dict,
    state_to_dict,
)

BAD_ACTIONS: list[Any] = [
    ClaimRoute(route=["denver-omaha"], payment=Hand.of(red=2)),  # type: ignore[arg-type]
    ClaimRoute("denver-omaha", "red:2"),  # type: ignore[arg-type]
    ClaimRoute("denver omaha", Hand.of(red=2)),
    ClaimRoute("", Hand.of(red=2)),
    ClaimRoute("x", Hand((1, 2))),
    ClaimRoute("x", Hand((-1, 0, 0, 0, 0, 0, 0, 0, 3))),
    DrawFaceUp(True),  # type: ignore[arg-type]
    DrawFaceUp(1.0),  # type: ignore[arg-type]
    DrawFaceUp(-1),
    DrawFaceUp("2"),  # type: ignore[arg-type]
    KeepTickets(None),  # type: ignore[arg-type]
    KeepTickets(["a"]),  # type: ignore[arg-type]
    KeepTickets(("a,b",)),
    KeepTickets((1,)),  # type: ignore[arg-type]
    BuildStation(None, Hand()),  # type: ignore[arg-type]
    PayTunnel(None),  # type: ignore[arg-type]
    "deck", None, 3, object(), DrawDeck, [DrawDeck()],
]


@pytest.mark.parametrize("action", BAD_ACTIONS, ids=range(len(BAD_ACTIONS)))
def test_malformed_actions_are_refused_with_the_engines_error(action: Any) -> None:
    state = new_game(usa(), usa().rules("base"), 2, 1)
    state = apply(state, legal_actions(state)[0]).state
    state = apply(state, legal_actions(state)[0]).state  # seat 0 may draw now
    assert not is_legal(state, action)
    with pytest.raises(IllegalActionError):
        apply(state, action)
    with pytest.raises(TtrError):
        format_action(action)


def test_draw_face_up_true_is_not_slot_one() -> None:
    state = make_state(faceup=["red", "blue", "green", "black", "white"])
    assert is_legal(state, DrawFaceUp(1)) and not is_legal(state, DrawFaceUp(True))  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="malformed action"):
        apply(state, DrawFaceUp(True))  # type: ignore[arg-type]


@pytest.mark.parametrize("viewer", [-1, 2, 5, True, 1.0, "0", [0]])
def test_observe_refuses_a_viewer_that_is_not_a_seat(viewer: Any) -> None:
    state = new_game(usa(), usa().rules("base"), 2, 1)
    with pytest.raises(TtrError, match="viewer"):
        observe(state, viewer)
    assert observe(state, None).me is None and observe(state, 1).me is not None


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(st.text(max_size=80), st.binary(max_size=40).map(lambda b: b.decode("latin-1")),
                 st.sampled_from(["faceup \u00b2", "faceup \u0663", "claim a red:\u00b9",
                                  "claim a red:" + "9" * 5000, "keep ,,,", "station x loco:1",
                                  "tunnel -", "keep", "faceup 99", "x" * 5000]),
                 st.builds(lambda v: v, st.sampled_from(JUNK))))
def test_parse_action_raises_only_the_engines_error(text: Any) -> None:
    try:
        action = parse_action(text)
    except TtrError:
        return
    assert parse_action(format_action(action)) == action


# ---------------------------------------------------------------- state_from_dict


def _mid_game(gm_name: str, seed: int) -> dict[str, Any]:
    gm = usa() if gm_name == "usa" else europe()
    sim = Sim.thaw(new_game(gm, gm.rules("base"), 3, seed))
    rng = random.Random(seed)
    for _ in range(25 + seed % 30):
        if sim.stage == int(Stage.GAME_OVER):
            break
        sim.step(sim.sample(rng))
    return state_to_dict(sim.freeze())


BASES = {name: _mid_game(name, 4) for name in ("usa", "europe")}


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(BASES)).flatmap(
    lambda name: st.tuples(st.just(name), mutations(BASES[name]))))
def test_state_from_dict_refuses_or_gives_a_playable_state(case: tuple[str, Any]) -> None:
    name, data = case
    gm = usa() if name == "usa" else europe()
    try:
        state = state_from_dict(data, gm)
    except TtrError:
        return
    legal = legal_actions(state)  # never raises, never hangs
    if state.stage != Stage.GAME_OVER:
        assert legal
        apply(state, legal[0])
    for seat in range(state.num_players):
        observe(state, seat)


@pytest.mark.parametrize(("edit", "needle"), [
    (lambda d: d.update(stage="tunnel_pay"), "tunnel"),
    (lambda d: d.update(faceup=[*d["faceup"], None]), "face-up slots"),
    (lambda d: d.update(passes=3), "passes"),
    (lambda d: d.update(turns_left=9), "turns_left"),
    (lambda d: d["players"][1].update(offer=[d["ticket_deck"].pop()]), "offer"),
    (lambda d: d.update(players=d["players"][:1]), "players"),
    (lambda d: d.update(seed=10**100 * 10**200), "seed"),
    (lambda d: d.update(config={"draw_tickets": 40}), "draw_tickets"),
    (lambda d: d.update(config={"route_points": {1: 1}}), "no points for routes"),
])
def test_state_from_dict_refuses_impossible_positions(edit: Any, needle: str) -> None:
    data = state_to_dict(new_game(usa(), usa().rules("base"), 3, 2))
    data["stage"] = "choose_action"
    for p in data["players"]:
        p["tickets"], p["offer"] = p["offer"][:2], []
    data["ticket_deck"] += [t for p in state_to_dict(new_game(usa(), usa().rules("base"), 3, 2))
                            ["players"] for t in p["offer"][2:]]
    state_from_dict(data, usa())  # the base position is fine
    edit(data)
    with pytest.raises(TtrError, match=needle):
        state_from_dict(data, usa())


def test_both_tracks_of_a_double_route_cannot_be_one_seats() -> None:
    data = state_to_dict(make_state(players=2, owners={"new-york-washington": 0}))
    state_from_dict(data, usa())
    twin = usa().routes[usa().twin[usa().route("new-york-washington").index]].id
    data["owners"][twin] = 0
    data["players"][0]["route_points"] *= 2
    with pytest.raises(TtrError):
        state_from_dict(data, usa())
