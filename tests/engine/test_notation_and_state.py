"""Action notation, state serialisation and game records."""

from __future__ import annotations

import json
import random

import pytest

from tests.builders import europe, make_state, usa
from ttr.engine import (
    BuildStation,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    Hand,
    KeepTickets,
    Pass,
    PayTunnel,
    Sim,
    Stage,
    TtrError,
    WithdrawTunnel,
    format_action,
    new_game,
    parse_action,
    state_from_dict,
    state_to_dict,
)
from ttr.store.record import GameRecord, SeatRecord

ACTIONS = [
    DrawDeck(), DrawFaceUp(3), DrawTickets(), Pass(), WithdrawTunnel(),
    ClaimRoute("denver-omaha", Hand.of(purple=3, loco=1)),
    KeepTickets(("boston-miami", "denver-el-paso")), KeepTickets(()),
    BuildStation("paris", Hand.of(red=2)), PayTunnel(Hand.of(loco=2)),
]


@pytest.mark.parametrize("action", ACTIONS, ids=format_action)
def test_notation_round_trips(action: object) -> None:
    assert parse_action(format_action(action)) == action  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["", "draw", "faceup x", "claim denver-omaha", "keep a b",
                                  "claim a red:x", "claim a purpel:2", "tunnel red2",
                                  "faceup \u00b2", "claim a red:\u00b2",
                                  "claim a red:" + "9" * 5000, "faceup " + "1" * 5000,
                                  "x" * 2000])
def test_bad_notation_is_a_clear_error(text: str) -> None:
    with pytest.raises(TtrError):
        parse_action(text)


def test_examples_from_the_architecture() -> None:
    assert format_action(parse_action("claim den-kc-a red:2,loco:1")) == \
        "claim den-kc-a red:2,loco:1"
    assert parse_action("keep t17,t03") == KeepTickets(("t03", "t17"))


@pytest.mark.parametrize("gm", [usa, europe])
def test_state_dict_round_trip_mid_game(gm: object) -> None:
    game_map = gm()  # type: ignore[operator]
    sim = Sim.thaw(new_game(game_map, game_map.rules("base"), 3, seed=9))
    rng = random.Random(9)
    for _ in range(120):
        sim.step(sim.sample(rng))
    state = sim.freeze()
    data = json.loads(json.dumps(state_to_dict(state)))
    assert state_from_dict(data, game_map) == state


@pytest.mark.parametrize(("change", "message"), [
    ({"deck": "red"}, "'deck' must be a list"),
    ({"stage": "dancing"}, "unknown stage"),
    ({"current": 7}, "'current'"),
    ({"owners": {"nowhere-road": 0}}, "no route"),
    ({"discard": "red:99"}, "cards not conserved"),
    ({"players": [{"hand": "-", "trains": "many", "route_points": 0}] * 2}, "'trains'"),
])
def test_bad_state_data_is_a_clear_error(change: dict, message: str) -> None:  # type: ignore[type-arg]
    data = state_to_dict(make_state())
    data.update(change)
    with pytest.raises(TtrError, match=message):
        state_from_dict(data, usa())


def record_of_random_game(seed: int) -> tuple[GameRecord, object]:
    gm = usa()
    cfg = gm.rules("mega")
    sim = Sim.thaw(new_game(gm, cfg, 3, seed))
    rng = random.Random(seed)
    actions = []
    while sim.stage != Stage.GAME_OVER:
        a = sim.sample(rng)
        actions.append(format_action(a))
        sim.step(a)
    seats = tuple(SeatRecord(f"P{i}", c, "random") for i, c in enumerate(["red", "blue", "green"]))
    rec = GameRecord("usa", gm.content_hash, "mega", cfg, seed, seats, actions)
    return rec, sim.freeze()


@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_record_saves_loads_and_replays_identically(tmp_path, suffix: str) -> None:  # type: ignore[no-untyped-def]
    rec, final = record_of_random_game(11)
    path = tmp_path / f"game{suffix}"
    rec.save(path)
    loaded = GameRecord.load(path)
    assert loaded.to_dict() == rec.to_dict()
    assert loaded.replay(usa()) == final


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty"),
    ("- 1", "expected a mapping"),
    ("version: 99", "unsupported format version"),
    ("[1, 2", "not a valid game record: malformed YAML"),
])
def test_bad_records_are_clear_errors(tmp_path, text: str, message: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(TtrError, match=message):
        GameRecord.load(path)


def test_record_with_an_illegal_action_names_it() -> None:
    rec, _ = record_of_random_game(12)
    rec.actions[5] = "claim calgary-winnipeg white:6"
    with pytest.raises(TtrError, match="action 6"):
        rec.replay(usa())


def test_record_refuses_a_changed_map() -> None:
    rec, _ = record_of_random_game(13)
    rec.map_hash = "0" * 64
    with pytest.raises(TtrError, match="changed"):
        rec.replay(usa())
